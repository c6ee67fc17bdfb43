// Implicit heat equation: ADI line solves with the Thomas algorithm and Crank-Nicolson in 1D.
#include <cuda_runtime.h>

#define MAXN 96

// One thread solves one grid line (x-sweep of ADI) for a constant-coefficient tridiagonal system.
extern "C" __global__ void adi_x_sweep(const float* __restrict__ u, float* __restrict__ v, int nx, int ny,
                                       float rx, float ry)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j <= 0 || j >= ny - 1 || nx > MAXN) return;
    float cp[MAXN], dp[MAXN];
    float a = -0.5f * rx, b = 1.f + rx, c = -0.5f * rx;
    const float* row = u + (size_t)j * nx;
    cp[0] = 0.f; dp[0] = row[0];
    for (int i = 1; i < nx - 1; ++i) {
        float rhs = row[i] + 0.5f * ry * (u[(size_t)(j - 1) * nx + i] - 2.f * row[i] + u[(size_t)(j + 1) * nx + i]);
        float m = 1.f / (b - a * cp[i - 1]);
        cp[i] = c * m;
        dp[i] = (rhs - a * dp[i - 1]) * m;
    }
    float* out = v + (size_t)j * nx;
    out[nx - 1] = row[nx - 1];
    float x = row[nx - 1];
    for (int i = nx - 2; i >= 1; --i) { x = dp[i] - cp[i] * x; out[i] = x; }
    out[0] = row[0];
}

// Variable-coefficient Crank-Nicolson with per-system diffusivity, double precision, local arrays.
extern "C" __global__ void crank_nicolson_var_f64(const double* __restrict__ u0, double* __restrict__ u1,
                                                  const double* __restrict__ kappa, int n, int n_sys,
                                                  double dt, double dx)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= n_sys || n > MAXN) return;
    const double* U = u0 + (size_t)s * n;
    const double* K = kappa + (size_t)s * n;
    double cp[MAXN], dp[MAXN];
    double r = dt / (2.0 * dx * dx);
    cp[0] = 0.0; dp[0] = U[0];
    for (int i = 1; i < n - 1; ++i) {
        double kw = 0.5 * (K[i] + K[i - 1]), ke = 0.5 * (K[i] + K[i + 1]);
        double a = -r * kw, c = -r * ke, b = 1.0 + r * (kw + ke);
        double rhs = U[i] + r * (kw * (U[i - 1] - U[i]) + ke * (U[i + 1] - U[i]));
        double m = 1.0 / (b - a * cp[i - 1]);
        cp[i] = c * m;
        dp[i] = (rhs - a * dp[i - 1]) * m;
    }
    double* out = u1 + (size_t)s * n;
    double x = U[n - 1];
    out[n - 1] = x;
    for (int i = n - 2; i >= 1; --i) { x = dp[i] - cp[i] * x; out[i] = x; }
    out[0] = U[0];
}

// Cyclic reduction in shared memory for many small periodic-free systems (one block per system).
extern "C" __global__ void cyclic_reduction_smem(const float* __restrict__ A, const float* __restrict__ B,
                                                 const float* __restrict__ C, const float* __restrict__ D,
                                                 float* __restrict__ X, int n)
{
    extern __shared__ float sm[];
    float *a = sm, *b = sm + n, *c = sm + 2 * n, *d = sm + 3 * n, *x = sm + 4 * n;
    size_t base = (size_t)blockIdx.x * n;
    for (int i = threadIdx.x; i < n; i += blockDim.x) { a[i] = A[base + i]; b[i] = B[base + i]; c[i] = C[base + i]; d[i] = D[base + i]; }
    __syncthreads();
    int stride = 1;
    for (; stride < n / 2; stride <<= 1) {
        int i = (threadIdx.x + 1) * 2 * stride - 1;
        if (i < n) {
            int im = i - stride, ip = i + stride;
            float k1 = a[i] / b[im];
            float k2 = ip < n ? c[i] / b[ip] : 0.f;
            b[i] -= c[im] * k1 + (ip < n ? a[ip] * k2 : 0.f);
            d[i] -= d[im] * k1 + (ip < n ? d[ip] * k2 : 0.f);
            a[i] = -a[im] * k1;
            c[i] = ip < n ? -c[ip] * k2 : 0.f;
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        int i1 = stride - 1, i2 = 2 * stride - 1;
        if (i2 < n) {
            float det = b[i1] * b[i2] - c[i1] * a[i2];
            x[i1] = (b[i2] * d[i1] - c[i1] * d[i2]) / det;
            x[i2] = (d[i2] * b[i1] - d[i1] * a[i2]) / det;
        } else x[i1] = d[i1] / b[i1];
    }
    __syncthreads();
    for (stride >>= 1; stride >= 1; stride >>= 1) {
        int i = threadIdx.x * 2 * stride + stride - 1;
        if (i < n) {
            float xl = i - stride >= 0 ? x[i - stride] : 0.f;
            float xr = i + stride < n ? x[i + stride] : 0.f;
            x[i] = (d[i] - a[i] * xl - c[i] * xr) / b[i];
        }
        __syncthreads();
    }
    for (int i = threadIdx.x; i < n; i += blockDim.x) X[base + i] = x[i];
}
