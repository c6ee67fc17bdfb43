// k08_american_options.cu
// Finance: American option pricing.
//  - binomial_american_local: CRR binomial tree per option; the price lattice is a
//                             thread-local array of NSTEPS+1 doubles (run-time indexed)
//  - binomial_american_shared: one block per option, lattice in shared memory (SDK style)
//  - baw_american_approx:      Barone-Adesi-Whaley quadratic approximation (double, Newton)
//  - lsm_regression_step:      Longstaff-Schwartz backward step: 3-basis least squares per path block
#include <math.h>

#define NSTEPS 96

__device__ __forceinline__ double cnd(double d) { return 0.5 * erfc(-d * M_SQRT1_2); }

extern "C" __global__ void binomial_american_local(const double* __restrict__ S, const double* __restrict__ K,
                                                   const double* __restrict__ T, const double* __restrict__ vol,
                                                   double r, int isPut, int n, double* __restrict__ price)
{
    double V[NSTEPS + 1];
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= n) return;
    double dt = T[o] / NSTEPS;
    double u = exp(vol[o] * sqrt(dt)), d = 1.0 / u;
    double disc = exp(-r * dt);
    double pu = (exp(r * dt) - d) / (u - d), pd = 1.0 - pu;
    double s0 = S[o], k = K[o];
    double sign = isPut ? -1.0 : 1.0;
    for (int i = 0; i <= NSTEPS; ++i) {
        double st = s0 * pow(u, (double)(2 * i - NSTEPS));
        V[i] = fmax(sign * (st - k), 0.0);
    }
    for (int step = NSTEPS - 1; step >= 0; --step) {
        double st = s0 * pow(u, (double)(-step));
        double u2 = u * u;
        for (int i = 0; i <= step; ++i) {
            double cont = disc * (pu * V[i + 1] + pd * V[i]);
            V[i] = fmax(cont, sign * (st - k));
            st *= u2;
        }
    }
    price[o] = V[0];
}

extern "C" __global__ void binomial_american_shared(const float* __restrict__ S, const float* __restrict__ K,
                                                    const float* __restrict__ T, const float* __restrict__ vol,
                                                    float r, int nsteps, float* __restrict__ price)
{
    extern __shared__ float lat[];
    int o = blockIdx.x;
    float dt = T[o] / nsteps;
    float u = expf(vol[o] * sqrtf(dt)), d = 1.f / u;
    float disc = expf(-r * dt);
    float pu = (expf(r * dt) - d) / (u - d), pd = 1.f - pu;
    float s0 = S[o], k = K[o];
    for (int i = threadIdx.x; i <= nsteps; i += blockDim.x)
        lat[i] = fmaxf(k - s0 * powf(u, (float)(2 * i - nsteps)), 0.f);
    __syncthreads();
    for (int step = nsteps - 1; step >= 0; --step) {
        float tmp[4];
        int cnt = 0;
        for (int i = threadIdx.x; i <= step; i += blockDim.x) {
            float st = s0 * powf(u, (float)(2 * i - step));
            float v = fmaxf(disc * (pu * lat[i + 1] + pd * lat[i]), k - st);
            if (cnt < 4) tmp[cnt] = v;
            ++cnt;
        }
        __syncthreads();
        cnt = 0;
        for (int i = threadIdx.x; i <= step; i += blockDim.x) { if (cnt < 4) lat[i] = tmp[cnt]; ++cnt; }
        __syncthreads();
    }
    if (threadIdx.x == 0) price[o] = lat[0];
}

extern "C" __global__ void baw_american_approx(const double* __restrict__ S, const double* __restrict__ K,
                                               const double* __restrict__ T, const double* __restrict__ vol,
                                               double r, double b, int n, double* __restrict__ price)
{
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= n) return;
    double s = S[o], k = K[o], t = T[o], v = vol[o];
    double v2 = v * v, sqt = sqrt(t);
    double N = 2.0 * b / v2, M = 2.0 * r / v2;
    double Kc = 1.0 - exp(-r * t);
    double q2 = (-(N - 1.0) + sqrt((N - 1.0) * (N - 1.0) + 4.0 * M / Kc)) * 0.5;
    double q2inf = (-(N - 1.0) + sqrt((N - 1.0) * (N - 1.0) + 4.0 * M)) * 0.5;
    double sInf = k / (1.0 - 1.0 / q2inf);
    double h2 = -(b * t + 2.0 * v * sqt) * k / (sInf - k);
    double Si = k + (sInf - k) * (1.0 - exp(h2));
    double LHS, RHS, bi, d1;
    for (int it = 0; it < 50; ++it) {
        d1 = (log(Si / k) + (b + 0.5 * v2) * t) / (v * sqt);
        double call = Si * exp((b - r) * t) * cnd(d1) - k * exp(-r * t) * cnd(d1 - v * sqt);
        LHS = Si - k;
        RHS = call + (1.0 - exp((b - r) * t) * cnd(d1)) * Si / q2;
        bi = exp((b - r) * t) * cnd(d1) * (1.0 - 1.0 / q2) +
             (1.0 - exp((b - r) * t) * exp(-0.5 * d1 * d1) / (v * sqt * 2.5066282746310002)) / q2;
        if (fabs(LHS - RHS) / k < 1e-9) break;
        Si = (k + RHS - bi * Si) / (1.0 - bi);
    }
    d1 = (log(s / k) + (b + 0.5 * v2) * t) / (v * sqt);
    double euro = s * exp((b - r) * t) * cnd(d1) - k * exp(-r * t) * cnd(d1 - v * sqt);
    double res;
    if (s < Si) {
        double d1s = (log(Si / k) + (b + 0.5 * v2) * t) / (v * sqt);
        double A2 = (Si / q2) * (1.0 - exp((b - r) * t) * cnd(d1s));
        res = euro + A2 * pow(s / Si, q2);
    } else res = s - k;
    price[o] = res;
}

extern "C" __global__ void lsm_regression_step(const float* __restrict__ spot, float* __restrict__ cash,
                                               float strike, float disc, int nPaths, float* __restrict__ coeffOut)
{
    // Each block fits E[cash | S] ~ a + b S + c S^2 over its paths (normal equations via shared reduction)
    __shared__ float red[9][128];
    int tid = threadIdx.x;
    float s00 = 0, s01 = 0, s02 = 0, s03 = 0, s04 = 0, y0 = 0, y1 = 0, y2 = 0, cnt = 0;
    for (int p = blockIdx.x * blockDim.x + tid; p < nPaths; p += gridDim.x * blockDim.x) {
        float s = spot[p] / strike;
        float c = cash[p] * disc;
        if (s < 1.f) {
            float s2 = s * s;
            s00 += 1.f; s01 += s; s02 += s2; s03 += s2 * s; s04 += s2 * s2;
            y0 += c; y1 += c * s; y2 += c * s2; cnt += 1.f;
        }
    }
    red[0][tid] = s00; red[1][tid] = s01; red[2][tid] = s02; red[3][tid] = s03; red[4][tid] = s04;
    red[5][tid] = y0; red[6][tid] = y1; red[7][tid] = y2; red[8][tid] = cnt;
    __syncthreads();
    for (int st = 64; st > 0; st >>= 1) {
        if (tid < st)
#pragma unroll
            for (int q = 0; q < 9; ++q) red[q][tid] += red[q][tid + st];
        __syncthreads();
    }
    if (tid == 0) {
        float a00 = red[0][0], a01 = red[1][0], a02 = red[2][0], a12 = red[3][0], a22 = red[4][0];
        float b0 = red[5][0], b1 = red[6][0], b2 = red[7][0];
        float a11 = a02;
        float det = a00 * (a11 * a22 - a12 * a12) - a01 * (a01 * a22 - a12 * a02) + a02 * (a01 * a12 - a11 * a02);
        float inv = det != 0.f ? 1.f / det : 0.f;
        float c0 = (b0 * (a11 * a22 - a12 * a12) - a01 * (b1 * a22 - a12 * b2) + a02 * (b1 * a12 - a11 * b2)) * inv;
        float c1 = (a00 * (b1 * a22 - b2 * a12) - b0 * (a01 * a22 - a12 * a02) + a02 * (a01 * b2 - b1 * a02)) * inv;
        float c2 = (a00 * (a11 * b2 - a12 * b1) - a01 * (a01 * b2 - b1 * a02) + b0 * (a01 * a12 - a11 * a02)) * inv;
        coeffOut[3 * blockIdx.x] = c0; coeffOut[3 * blockIdx.x + 1] = c1; coeffOut[3 * blockIdx.x + 2] = c2;
    }
}
