// Monte Carlo under the Heston stochastic volatility model with a xorshift128+ generator.
#include <cuda_runtime.h>
#include <stdint.h>
#include <math.h>

struct Xs128 { uint64_t s0, s1; };

__device__ __forceinline__ uint64_t xs_next(Xs128& st)
{
    uint64_t a = st.s0, b = st.s1;
    st.s0 = b;
    a ^= a << 23;
    a ^= a >> 17;
    a ^= b ^ (b >> 26);
    st.s1 = a;
    return a + b;
}

__device__ __forceinline__ double xs_uniform(Xs128& st)
{
    return ((xs_next(st) >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

__device__ __forceinline__ void box_muller(Xs128& st, double& z0, double& z1)
{
    double u1 = xs_uniform(st), u2 = xs_uniform(st);
    double r = sqrt(-2.0 * log(u1));
    double s, c;
    sincospi(2.0 * u2, &s, &c);
    z0 = r * c; z1 = r * s;
}

__device__ __forceinline__ uint64_t splitmix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// Full-truncation Euler scheme; accumulates discounted call and put payoffs per block.
extern "C" __global__ void __launch_bounds__(256)
heston_euler_paths(double* __restrict__ call_sum, double* __restrict__ put_sum,
                   int n_paths, int n_steps, double S0, double V0, double K,
                   double r, double kappa, double theta, double xi, double rho, double T,
                   uint64_t seed)
{
    int pid = blockIdx.x * blockDim.x + threadIdx.x;
    double c = 0.0, p = 0.0;
    if (pid < n_paths) {
        Xs128 st;
        st.s0 = splitmix64(seed ^ (uint64_t)pid);
        st.s1 = splitmix64(st.s0 + 0x1234567ull);
        double dt = T / n_steps, sdt = sqrt(dt);
        double lnS = log(S0), v = V0;
        double rc = sqrt(1.0 - rho * rho);
        for (int i = 0; i < n_steps; ++i) {
            double z1, z2;
            box_muller(st, z1, z2);
            double zv = rho * z1 + rc * z2;
            double vp = fmax(v, 0.0);
            double sv = sqrt(vp);
            lnS += (r - 0.5 * vp) * dt + sv * sdt * z1;
            v += kappa * (theta - vp) * dt + xi * sv * sdt * zv;
        }
        double ST = exp(lnS);
        double disc = exp(-r * T);
        c = disc * fmax(ST - K, 0.0);
        p = disc * fmax(K - ST, 0.0);
    }
    __shared__ double sc[256], sp[256];
    sc[threadIdx.x] = c; sp[threadIdx.x] = p;
    __syncthreads();
    for (int s = blockDim.x >> 1; s > 0; s >>= 1) {
        if (threadIdx.x < s) { sc[threadIdx.x] += sc[threadIdx.x + s]; sp[threadIdx.x] += sp[threadIdx.x + s]; }
        __syncthreads();
    }
    if (threadIdx.x == 0) { atomicAdd(call_sum, sc[0]); atomicAdd(put_sum, sp[0]); }
}

// Four-asset basket call under correlated GBM: Cholesky factor of the correlation held in registers.
extern "C" __global__ void __launch_bounds__(128)
basket4_cholesky_mc(double* __restrict__ payoff_sum, int n_paths, int n_steps,
                    const double* __restrict__ S0, const double* __restrict__ sigma,
                    const double* __restrict__ corr, const double* __restrict__ weights,
                    double K, double r, double T, uint64_t seed)
{
    int pid = blockIdx.x * blockDim.x + threadIdx.x;
    if (pid >= n_paths) return;
    double L[4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) L[i][j] = 0.0;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        double d = corr[j * 4 + j];
#pragma unroll
        for (int k = 0; k < j; ++k) d -= L[j][k] * L[j][k];
        L[j][j] = sqrt(d);
#pragma unroll
        for (int i = j + 1; i < 4; ++i) {
            double s = corr[i * 4 + j];
#pragma unroll
            for (int k = 0; k < j; ++k) s -= L[i][k] * L[j][k];
            L[i][j] = s / L[j][j];
        }
    }
    double dt = T / n_steps, sdt = sqrt(dt);
    double lnS[4], drift[4], vol[4], w[4];
#pragma unroll
    for (int a = 0; a < 4; ++a) {
        lnS[a] = log(S0[a]); vol[a] = sigma[a] * sdt;
        drift[a] = (r - 0.5 * sigma[a] * sigma[a]) * dt; w[a] = weights[a];
    }
    Xs128 st;
    st.s0 = splitmix64(seed ^ ((uint64_t)pid << 1));
    st.s1 = splitmix64(st.s0 ^ 0xDEADBEEFull);
    for (int s = 0; s < n_steps; ++s) {
        double z[4];
        box_muller(st, z[0], z[1]);
        box_muller(st, z[2], z[3]);
#pragma unroll
        for (int a = 0; a < 4; ++a) {
            double e = 0.0;
#pragma unroll
            for (int k = 0; k <= a; ++k) e += L[a][k] * z[k];
            lnS[a] += drift[a] + vol[a] * e;
        }
    }
    double basket = 0.0;
#pragma unroll
    for (int a = 0; a < 4; ++a) basket += w[a] * exp(lnS[a]);
    atomicAdd(payoff_sum, exp(-r * T) * fmax(basket - K, 0.0));
}
