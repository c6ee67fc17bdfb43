// Batched tridiagonal solver by cyclic reduction (one 512-equation system per 256-thread block).
// a: sub-diagonal (a[0] = 0), b: diagonal, c: super-diagonal (c[n-1] = 0), d: right-hand side.
// Forward reduction: at stride s, active threads update equation i = 2s(t+1)-1 from i-s, i+s.
// Once every active thread of a step is in warp 0, a warp-level barrier is sufficient.
#include <cuda_runtime.h>

#define NEQ     512
#define THREADS (NEQ / 2)

__device__ __forceinline__ void cr_reduce_step(float* a, float* b, float* c, float* d, int t, int s)
{
    const int i  = 2 * s * (t + 1) - 1;
    const int il = i - s;
    const int ir = i + s;
    const float k1 = a[i] / b[il];
    float bn = b[i] - c[il] * k1;
    float dn = d[i] - d[il] * k1;
    float an = -a[il] * k1;
    float cn = 0.0f;
    if (ir < NEQ) {
        const float k2 = c[i] / b[ir];
        bn -= a[ir] * k2;
        dn -= d[ir] * k2;
        cn = -c[ir] * k2;
    }
    a[i] = an; b[i] = bn; c[i] = cn; d[i] = dn;
}

__device__ __forceinline__ void cr_solve_rest(const float* a, const float* b, const float* c,
                                              const float* d, float* x, int t)
{
    // two remaining unknowns: x[NEQ/2-1] and x[NEQ-1]
    if (t == 0) {
        const int i1 = NEQ / 2 - 1, i2 = NEQ - 1;
        const float det = b[i1] * b[i2] - c[i1] * a[i2];
        x[i1] = (d[i1] * b[i2] - c[i1] * d[i2]) / det;
        x[i2] = (b[i1] * d[i2] - d[i1] * a[i2]) / det;
    }
    __syncthreads();
    for (int s = NEQ / 4; s >= 1; s >>= 1) {
        const int active = NEQ / (2 * s);
        if (t < active) {
            const int i = s * (2 * t + 1) - 1;
            const float xl = (i - s >= 0) ? x[i - s] : 0.0f;
            const float xr = x[i + s];
            x[i] = (d[i] - a[i] * xl - c[i] * xr) / b[i];
        }
        __syncthreads();
    }
}

extern "C" __global__ void __launch_bounds__(THREADS)
cyclic_reduction_race(const float* __restrict__ A, const float* __restrict__ B,
                      const float* __restrict__ C, const float* __restrict__ D,
                      float* __restrict__ X)
{
    __shared__ float a[NEQ], b[NEQ], c[NEQ], d[NEQ], x[NEQ];
    const int t = threadIdx.x;
    const size_t off = (size_t)blockIdx.x * NEQ;
    a[t] = A[off + t]; a[t + THREADS] = A[off + t + THREADS];
    b[t] = B[off + t]; b[t + THREADS] = B[off + t + THREADS];
    c[t] = C[off + t]; c[t + THREADS] = C[off + t + THREADS];
    d[t] = D[off + t]; d[t + THREADS] = D[off + t + THREADS];
    __syncthreads();

    int active = NEQ / 2;
    for (int s = 1; s < NEQ / 2; s <<= 1) {
        if (t < active)
            cr_reduce_step(a, b, c, d, t, s);
        active >>= 1;
        if (active > 32) __syncthreads();
        else             __syncwarp();
    }

    cr_solve_rest(a, b, c, d, x, t);
    X[off + t] = x[t];
    X[off + t + THREADS] = x[t + THREADS];
}

extern "C" __global__ void __launch_bounds__(THREADS)
cyclic_reduction_ok(const float* __restrict__ A, const float* __restrict__ B,
                    const float* __restrict__ C, const float* __restrict__ D,
                    float* __restrict__ X)
{
    __shared__ float a[NEQ], b[NEQ], c[NEQ], d[NEQ], x[NEQ];
    const int t = threadIdx.x;
    const size_t off = (size_t)blockIdx.x * NEQ;
    a[t] = A[off + t]; a[t + THREADS] = A[off + t + THREADS];
    b[t] = B[off + t]; b[t + THREADS] = B[off + t + THREADS];
    c[t] = C[off + t]; c[t + THREADS] = C[off + t + THREADS];
    d[t] = D[off + t]; d[t + THREADS] = D[off + t + THREADS];
    __syncthreads();

    int active = NEQ / 2;
    for (int s = 1; s < NEQ / 2; s <<= 1) {
        if (t < active)
            cr_reduce_step(a, b, c, d, t, s);
        if (active > 32) __syncthreads();
        else             __syncwarp();
        active >>= 1;
    }

    cr_solve_rest(a, b, c, d, x, t);
    X[off + t] = x[t];
    X[off + t + THREADS] = x[t + THREADS];
}
