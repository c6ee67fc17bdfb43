// Domain: dense matrix-vector products (BLAS level 2)
// sgemv_warp_row      - one warp per row, float4 loads, shuffle reduction
// sgemv_t_smem_x      - y = A^T x with x staged in shared tiles, coalesced column reads
// dgemv_multi_row4    - double, each thread handles 4 rows, x chunk cached in shared memory

extern "C" __global__ void sgemv_warp_row(const float *__restrict__ A, const float *__restrict__ x,
                                          float *__restrict__ y, int m, int n)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= m) return;
    const float4 *row = reinterpret_cast<const float4 *>(A + (size_t)warp * n);
    const float4 *x4 = reinterpret_cast<const float4 *>(x);
    float s = 0.f;
    for (int c = lane; c < n / 4; c += 32) {
        float4 a = __ldg(&row[c]);
        float4 b = __ldg(&x4[c]);
        s += a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
    }
    for (int o = 16; o; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    if (lane == 0) y[warp] = s;
}

extern "C" __global__ void sgemv_t_smem_x(const float *__restrict__ A, const float *__restrict__ x,
                                          float *__restrict__ y, int m, int n)
{
    __shared__ float xs[256];
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.f;
    for (int r0 = 0; r0 < m; r0 += 256) {
        if (r0 + threadIdx.x < m) xs[threadIdx.x] = x[r0 + threadIdx.x];
        __syncthreads();
        int lim = min(256, m - r0);
        if (c < n)
            for (int r = 0; r < lim; ++r) s += A[(size_t)(r0 + r) * n + c] * xs[r];
        __syncthreads();
    }
    if (c < n) y[c] = s;
}

extern "C" __global__ void dgemv_multi_row4(const double *A, const double *x, double *y, int m, int n)
{
    __shared__ double xs[128];
    int r = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (int c0 = 0; c0 < n; c0 += 128) {
        for (int t = threadIdx.x; t < 128; t += blockDim.x) xs[t] = (c0 + t < n) ? x[c0 + t] : 0.0;
        __syncthreads();
        int lim = min(128, n - c0);
        if (r + 3 < m) {
            for (int c = 0; c < lim; ++c) {
                double xv = xs[c];
                s0 += A[(size_t)r * n + c0 + c] * xv;
                s1 += A[(size_t)(r + 1) * n + c0 + c] * xv;
                s2 += A[(size_t)(r + 2) * n + c0 + c] * xv;
                s3 += A[(size_t)(r + 3) * n + c0 + c] * xv;
            }
        }
        __syncthreads();
    }
    if (r + 3 < m) { y[r] = s0; y[r + 1] = s1; y[r + 2] = s2; y[r + 3] = s3; }
}
