// Dense linear algebra helpers: GEMV (warp per row), batched 4x4 inversion (per-thread, fully unrolled),
// batched Cholesky on per-thread NxN matrices with dynamic size (local memory), and AXPY/DOT.
extern "C" __global__ void sgemv_warp_per_row(const float *__restrict__ A, const float *__restrict__ x,
                                              float *__restrict__ y, int M, int N, float alpha, float beta)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (row >= M) return;
    const float *a = A + (size_t)row * N;
    float s = 0.f;
    for (int j = lane * 4; j + 3 < N; j += 128) {
        float4 av = *(const float4 *)(a + j);
        float4 xv = *(const float4 *)(x + j);
        s += av.x * xv.x + av.y * xv.y + av.z * xv.z + av.w * xv.w;
    }
    for (int j = (N & ~3) + lane; j < N; j += 32) s += a[j] * x[j];
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    if (lane == 0) y[row] = alpha * s + beta * y[row];
}

// Gauss-Jordan inversion of 4x4 matrices, one matrix per thread, fully unrolled (constant indices).
extern "C" __global__ void batched_inverse4x4(const float *in, float *out, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    float m[4][8];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) { m[i][j] = in[b * 16 + i * 4 + j]; m[i][j + 4] = (i == j) ? 1.f : 0.f; }
#pragma unroll
    for (int c = 0; c < 4; ++c) {
        float inv = 1.0f / m[c][c];
#pragma unroll
        for (int j = 0; j < 8; ++j) m[c][j] *= inv;
#pragma unroll
        for (int r = 0; r < 4; ++r) {
            if (r == c) continue;
            float f = m[r][c];
#pragma unroll
            for (int j = 0; j < 8; ++j) m[r][j] -= f * m[c][j];
        }
    }
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) out[b * 16 + i * 4 + j] = m[i][j + 4];
}

// Cholesky factorization + solve for n <= 12, n known only at run time: the matrix lives in local memory.
#define CHOL_MAX 12
extern "C" __global__ void batched_cholesky_solve(const double *A, const double *rhs, double *x, int batch, int n)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    double L[CHOL_MAX * CHOL_MAX];
    double z[CHOL_MAX];
    const double *Ab = A + (size_t)b * n * n;
    for (int i = 0; i < n * n; ++i) L[i] = Ab[i];
    for (int j = 0; j < n; ++j) {
        double s = L[j * n + j];
        for (int k = 0; k < j; ++k) s -= L[j * n + k] * L[j * n + k];
        double d = sqrt(fmax(s, 1e-300));
        L[j * n + j] = d;
        for (int i = j + 1; i < n; ++i) {
            double t = L[i * n + j];
            for (int k = 0; k < j; ++k) t -= L[i * n + k] * L[j * n + k];
            L[i * n + j] = t / d;
        }
    }
    for (int i = 0; i < n; ++i) {
        double t = rhs[b * n + i];
        for (int k = 0; k < i; ++k) t -= L[i * n + k] * z[k];
        z[i] = t / L[i * n + i];
    }
    for (int i = n - 1; i >= 0; --i) {
        double t = z[i];
        for (int k = i + 1; k < n; ++k) t -= L[k * n + i] * z[k];
        z[i] = t / L[i * n + i];
        x[b * n + i] = z[i];
    }
}

extern "C" __global__ void daxpy_ddot(int n, double a, const double *x, double *y, double *dotOut)
{
    __shared__ double s[256];
    double acc = 0.0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        double yi = a * x[i] + y[i];
        y[i] = yi;
        acc += yi * x[i];
    }
    s[threadIdx.x] = acc;
    __syncthreads();
    for (int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(dotOut, s[0]);
}
