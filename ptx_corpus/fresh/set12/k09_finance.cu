// Quantitative finance: American option pricing on a CRR binomial lattice,
// Heston stochastic-volatility Monte Carlo, and a LIBOR market model
// swaption path simulation with a tight register budget.
#include <cuda_runtime.h>
#include <stdint.h>

#define MAX_STEPS 255

// One option per thread; the lattice row lives in a per-thread local array.
extern "C" __global__ void american_binomial(const float* __restrict__ S0, const float* __restrict__ K,
                                             const float* __restrict__ T, const float* __restrict__ vol,
                                             float r, int nsteps, int is_put,
                                             float* __restrict__ price, int nopt)
{
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= nopt) return;
    int N = min(nsteps, MAX_STEPS);
    float s0 = S0[o], k = K[o];
    float dt = T[o] / N;
    float u = __expf(vol[o] * sqrtf(dt)), d = 1.f / u;
    float disc = __expf(-r * dt);
    float pu = (__expf(r * dt) - d) / (u - d), pd = 1.f - pu;
    float V[MAX_STEPS + 1];
    float sN = s0 * powf(d, (float)N);
    float u2 = u * u;
    float s = sN;
    for (int i = 0; i <= N; ++i) {
        V[i] = is_put ? fmaxf(k - s, 0.f) : fmaxf(s - k, 0.f);
        s *= u2;
    }
    for (int step = N - 1; step >= 0; --step) {
        float sj = s0 * powf(d, (float)step);
        for (int i = 0; i <= step; ++i) {
            float cont = disc * (pu * V[i + 1] + pd * V[i]);
            float ex = is_put ? (k - sj) : (sj - k);
            V[i] = fmaxf(cont, ex);
            sj *= u2;
        }
    }
    price[o] = V[0];
}

__device__ __forceinline__ uint32_t xorshift32(uint32_t& s)
{
    s ^= s << 13; s ^= s >> 17; s ^= s << 5; return s;
}
__device__ __forceinline__ void box_muller(uint32_t& s, float& z0, float& z1)
{
    float u1 = (xorshift32(s) >> 8) * (1.f / 16777216.f) + 1e-7f;
    float u2 = (xorshift32(s) >> 8) * (1.f / 16777216.f);
    float rad = sqrtf(-2.f * __logf(u1));
    float sn, cs;
    __sincosf(6.2831853f * u2, &sn, &cs);
    z0 = rad * cs; z1 = rad * sn;
}

// Heston full-truncation Euler, per-path payoff reduced per block.
extern "C" __global__ void heston_mc(float S0, float v0, float kappa, float theta, float xi,
                                     float rho, float r, float T, float K, int nsteps,
                                     int paths_per_thread, uint32_t seed,
                                     double* __restrict__ sum_payoff, double* __restrict__ sum_sq)
{
    __shared__ double red[2][32];
    uint32_t st = seed ^ (0x9E3779B9u * (blockIdx.x * blockDim.x + threadIdx.x + 1));
    float dt = T / nsteps, sdt = sqrtf(dt), rc = sqrtf(1.f - rho * rho);
    double acc = 0.0, acc2 = 0.0;
    for (int p = 0; p < paths_per_thread; ++p) {
        float lnS = __logf(S0), v = v0;
        for (int t = 0; t < nsteps; ++t) {
            float z1, z2;
            box_muller(st, z1, z2);
            float zv = rho * z1 + rc * z2;
            float vp = fmaxf(v, 0.f);
            float sv = sqrtf(vp);
            lnS += (r - 0.5f * vp) * dt + sv * sdt * z1;
            v += kappa * (theta - vp) * dt + xi * sv * sdt * zv;
        }
        float pay = fmaxf(__expf(lnS) - K, 0.f) * __expf(-r * T);
        acc += pay; acc2 += (double)pay * pay;
    }
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    for (int o = 16; o > 0; o >>= 1) {
        acc += __shfl_down_sync(0xffffffffu, acc, o);
        acc2 += __shfl_down_sync(0xffffffffu, acc2, o);
    }
    if (lane == 0) { red[0][w] = acc; red[1][w] = acc2; }
    __syncthreads();
    if (threadIdx.x == 0) {
        double a = 0, b = 0;
        for (int k = 0; k < (int)(blockDim.x >> 5); ++k) { a += red[0][k]; b += red[1][k]; }
        atomicAdd(sum_payoff, a); atomicAdd(sum_sq, b);
    }
}

// LIBOR market model (predictor-corrector drift), 20 forward rates per path,
// single-factor. Capped at 32 registers via launch bounds so the forward
// curve cannot all stay in registers.
#define NF 20
extern "C" __global__ void __launch_bounds__(256, 8)
lmm_swaption(const float* __restrict__ L0, const float* __restrict__ lambda,
             const float* __restrict__ normals, int nmat, float delta, float swap_rate,
             int npaths, float* __restrict__ payoff)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npaths) return;
    float L[NF], lam[NF];
#pragma unroll
    for (int j = 0; j < NF; ++j) { L[j] = L0[j]; lam[j] = lambda[j]; }
    float disc = 1.f;
    for (int n = 0; n < nmat; ++n) {
        float z = normals[(size_t)n * npaths + p];
        float sqez = sqrtf(delta) * z;
        float vsum = 0.f;
        float Lold[NF];
#pragma unroll
        for (int j = 0; j < NF; ++j) Lold[j] = L[j];
#pragma unroll
        for (int j = 0; j < NF; ++j) {
            if (j < n + 1) continue;
            float cv = delta * lam[j] * Lold[j] / (1.f + delta * Lold[j]);
            vsum += cv;
            float drift = lam[j] * vsum - 0.5f * lam[j] * lam[j];
            float Lp = Lold[j] * __expf(drift * delta + lam[j] * sqez);
            float cvp = delta * lam[j] * Lp / (1.f + delta * Lp);
            float drift2 = lam[j] * (vsum - cv + cvp) - 0.5f * lam[j] * lam[j];
            L[j] = Lold[j] * __expf(0.5f * (drift + drift2) * delta + lam[j] * sqez);
        }
        disc /= (1.f + delta * L[n]);
    }
    // swap value at expiry
    float annuity = 0.f, df = 1.f;
#pragma unroll
    for (int j = 0; j < NF; ++j) {
        if (j < nmat) continue;
        df /= (1.f + delta * L[j]);
        annuity += delta * df;
    }
    float par = (1.f - df) / fmaxf(annuity, 1e-12f);
    payoff[p] = disc * annuity * fmaxf(par - swap_rate, 0.f);
}
