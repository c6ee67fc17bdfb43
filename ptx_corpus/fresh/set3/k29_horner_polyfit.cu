// Polynomial evaluation and fitting: Horner banks, Estrin, least-squares normal equations.
#include <cuda_runtime.h>

// Estrin's scheme for a degree-15 float polynomial (coefficients as kernel args via struct).
struct Poly16 { float c[16]; };
extern "C" __global__ void estrin_deg15(const float* __restrict__ x, float* __restrict__ y, int n, Poly16 p)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    float v2 = v * v, v4 = v2 * v2, v8 = v4 * v4;
    float q[8];
#pragma unroll
    for (int k = 0; k < 8; ++k) q[k] = fmaf(p.c[2 * k + 1], v, p.c[2 * k]);
    float r0 = fmaf(q[1], v2, q[0]), r1 = fmaf(q[3], v2, q[2]), r2 = fmaf(q[5], v2, q[4]), r3 = fmaf(q[7], v2, q[6]);
    float s0 = fmaf(r1, v4, r0), s1 = fmaf(r3, v4, r2);
    y[i] = fmaf(s1, v8, s0);
}

// Evaluate a bank of 12 independent degree-9 double polynomials (e.g. piecewise fits) at each point,
// with all 120 coefficients preloaded into registers from shared memory and kept across points.
extern "C" __global__ void __launch_bounds__(128)
poly_bank_f64(const double* __restrict__ coeffs, const double* __restrict__ x, double* __restrict__ y,
              int n, int points_per_thread)
{
    __shared__ double sc[120];
    for (int i = threadIdx.x; i < 120; i += blockDim.x) sc[i] = coeffs[i];
    __syncthreads();
    double c[12][10];
#pragma unroll
    for (int p = 0; p < 12; ++p)
#pragma unroll
        for (int k = 0; k < 10; ++k) c[p][k] = sc[p * 10 + k];
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * points_per_thread;
    for (int j = 0; j < points_per_thread; ++j) {
        int i = base + j;
        if (i >= n) break;
        double v = x[i];
#pragma unroll
        for (int p = 0; p < 12; ++p) {
            double acc = c[p][9];
#pragma unroll
            for (int k = 8; k >= 0; --k) acc = fma(acc, v, c[p][k]);
            y[(size_t)p * n + i] = acc;
        }
    }
}

// Least-squares polynomial fit (degree 5) of many short series via normal equations, double precision.
extern "C" __global__ void polyfit5_normal_f64(const double* __restrict__ t, const double* __restrict__ v,
                                               int len, int n_series, double* __restrict__ coef)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= n_series) return;
    double S[11], R[6];
#pragma unroll
    for (int k = 0; k < 11; ++k) S[k] = 0.0;
#pragma unroll
    for (int k = 0; k < 6; ++k) R[k] = 0.0;
    for (int i = 0; i < len; ++i) {
        double ti = t[i], vi = v[(size_t)s * len + i], p = 1.0;
#pragma unroll
        for (int k = 0; k < 11; ++k) { S[k] += p; if (k < 6) R[k] += p * vi; p *= ti; }
    }
    double A[6][7];
#pragma unroll
    for (int r = 0; r < 6; ++r) {
#pragma unroll
        for (int c = 0; c < 6; ++c) A[r][c] = S[r + c];
        A[r][6] = R[r];
    }
#pragma unroll
    for (int k = 0; k < 6; ++k) {
        double inv = 1.0 / A[k][k];
#pragma unroll
        for (int r = 0; r < 6; ++r) {
            if (r == k) continue;
            double f = A[r][k] * inv;
#pragma unroll
            for (int c = k; c < 7; ++c) A[r][c] -= f * A[k][c];
        }
    }
#pragma unroll
    for (int k = 0; k < 6; ++k) coef[(size_t)s * 6 + k] = A[k][6] / A[k][k];
}
