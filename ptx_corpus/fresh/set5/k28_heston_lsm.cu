// Option pricing: Heston Monte Carlo with Andersen's QE variance scheme (Philox-like counter RNG),
// and Longstaff-Schwartz regression accumulation (Laguerre basis, normal equations via atomics).

__device__ __forceinline__ uint2 philox2x32_10(uint2 ctr, unsigned key)
{
#pragma unroll
    for (int r = 0; r < 10; ++r) {
        unsigned hi = __umulhi(0xD256D193u, ctr.x);
        unsigned lo = 0xD256D193u * ctr.x;
        ctr = make_uint2(hi ^ key ^ ctr.y, lo);
        key += 0x9E3779B9u;
    }
    return ctr;
}
__device__ __forceinline__ float u01(unsigned x) { return (x >> 8) * (1.f / 16777216.f) + (0.5f / 16777216.f); }
__device__ __forceinline__ float2 box_muller(uint2 r)
{
    float u1 = u01(r.x), u2 = u01(r.y);
    float rad = sqrtf(-2.f * __logf(u1));
    float s, c;
    __sincosf(6.2831853f * u2, &s, &c);
    return make_float2(rad * c, rad * s);
}

// Simulate paths, storing spot at each exercise date (for LSM) and the terminal European payoff.
extern "C" __global__ void heston_qe_paths(int npaths, int nsteps, int steps_per_ex, float S0, float v0,
                                           float r, float kappa, float theta, float xi, float rho, float dt,
                                           unsigned seed, float* __restrict__ spot_ex /* nex x npaths */,
                                           float* __restrict__ euro_payoff, float K)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npaths) return;
    float lnS = __logf(S0), v = v0;
    const float ekdt = __expf(-kappa * dt);
    const float k0 = -rho * kappa * theta / xi * dt;
    const float gamma1 = 0.5f, gamma2 = 0.5f;
    const float k1 = gamma1 * dt * (kappa * rho / xi - 0.5f) - rho / xi;
    const float k2 = gamma2 * dt * (kappa * rho / xi - 0.5f) + rho / xi;
    const float k3 = gamma1 * dt * (1.f - rho * rho), k4 = gamma2 * dt * (1.f - rho * rho);
    int ex = 0;
    for (int s = 0; s < nsteps; ++s) {
        uint2 rr = philox2x32_10(make_uint2((unsigned)p, (unsigned)s), seed);
        float2 z = box_muller(rr);
        float m = theta + (v - theta) * ekdt;
        float s2 = v * xi * xi * ekdt / kappa * (1.f - ekdt) + theta * xi * xi / (2.f * kappa) * (1.f - ekdt) * (1.f - ekdt);
        float psi = s2 / (m * m);
        float vn;
        if (psi <= 1.5f) {
            float b2 = 2.f / psi - 1.f + sqrtf(2.f / psi) * sqrtf(fmaxf(2.f / psi - 1.f, 0.f));
            float a = m / (1.f + b2);
            float b = sqrtf(b2) + z.x;
            vn = a * b * b;
        } else {
            float pp = (psi - 1.f) / (psi + 1.f);
            float beta = (1.f - pp) / m;
            float u = normcdff(z.x);
            vn = u <= pp ? 0.f : __logf((1.f - pp) / (1.f - u)) / beta;
        }
        lnS += r * dt + k0 + k1 * v + k2 * vn + sqrtf(fmaxf(k3 * v + k4 * vn, 0.f)) * z.y;
        v = vn;
        if ((s + 1) % steps_per_ex == 0) {
            spot_ex[(long)ex * npaths + p] = __expf(lnS);
            ++ex;
        }
    }
    euro_payoff[p] = fmaxf(K - __expf(lnS), 0.f);
}

// LSM regression at exercise date t: accumulate X^T X (5x5 of Laguerre L0..L4, lower triangle) and X^T y
// for in-the-money paths; warp-shuffle reduction then one atomic per warp per entry.
extern "C" __global__ void lsm_accumulate_normal_eq(const float* __restrict__ spot_t, const float* __restrict__ cashflow,
                                                    const float* __restrict__ cf_time, float t_now, float r, float K,
                                                    int npaths, double* __restrict__ XtX /*25*/, double* __restrict__ Xty /*5*/)
{
    double a[15], b[5];
#pragma unroll
    for (int k = 0; k < 15; ++k) a[k] = 0.0;
#pragma unroll
    for (int k = 0; k < 5; ++k) b[k] = 0.0;
    for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < npaths; p += gridDim.x * blockDim.x) {
        float S = spot_t[p];
        if (K - S <= 0.f) continue;
        float x = S / K;
        float e = __expf(-0.5f * x);
        float L[5];
        // Laguerre recurrence: (n+1) L_{n+1} = (2n+1-x) L_n - n L_{n-1}
        float l0 = 1.f, l1 = 1.f - x;
        L[0] = e * l0; L[1] = e * l1;
#pragma unroll
        for (int n = 1; n < 4; ++n) {
            float l2 = ((2.f * n + 1.f - x) * l1 - n * l0) / (n + 1.f);
            L[n + 1] = e * l2;
            l0 = l1; l1 = l2;
        }
        float y = cashflow[p] * __expf(-r * (cf_time[p] - t_now));
        int idx = 0;
#pragma unroll
        for (int i = 0; i < 5; ++i) {
#pragma unroll
            for (int j = 0; j <= i; ++j) a[idx++] += (double)L[i] * (double)L[j];
            b[i] += (double)L[i] * (double)y;
        }
    }
#pragma unroll
    for (int k = 0; k < 15; ++k)
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) a[k] += __shfl_xor_sync(0xffffffffu, a[k], o);
#pragma unroll
    for (int k = 0; k < 5; ++k)
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) b[k] += __shfl_xor_sync(0xffffffffu, b[k], o);
    if ((threadIdx.x & 31) == 0) {
        int idx = 0;
#pragma unroll
        for (int i = 0; i < 5; ++i)
#pragma unroll
            for (int j = 0; j <= i; ++j) {
                atomicAdd(&XtX[i * 5 + j], a[idx]);
                if (i != j) atomicAdd(&XtX[j * 5 + i], a[idx]);
                ++idx;
            }
#pragma unroll
        for (int i = 0; i < 5; ++i) atomicAdd(&Xty[i], b[i]);
    }
}
