// Domain: textbook BLAS-1/2 and data-movement kernels
// transpose_tile32: SDK-style 32x32 tiled transpose with padded shared memory (32x8 threads, 4 rows each).
// saxpy_gridstride: grid-stride y = a*x + y with float4 vectorisation and scalar tail.
// gemv_warp_4rows: y = A*x, one warp computes 4 rows simultaneously with float4 loads (4 accumulators per lane).
// dot_batched_double: batched double-precision dot products, one block per pair, shared-memory tree reduction.

extern "C" __global__ void transpose_tile32(float* __restrict__ out, const float* __restrict__ in, int w, int h)
{
    __shared__ float tile[32][33];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
#pragma unroll
    for (int j = 0; j < 32; j += 8)
        if (x < w && y + j < h) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * w + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
#pragma unroll
    for (int j = 0; j < 32; j += 8)
        if (x < h && y + j < w) out[(size_t)(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

extern "C" __global__ void saxpy_gridstride(int n, float a, const float* __restrict__ x, float* __restrict__ y)
{
    int n4 = n >> 2;
    const float4* x4 = reinterpret_cast<const float4*>(x);
    float4* y4 = reinterpret_cast<float4*>(y);
    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride) {
        float4 xv = x4[i], yv = y4[i];
        yv.x = fmaf(a, xv.x, yv.x); yv.y = fmaf(a, xv.y, yv.y);
        yv.z = fmaf(a, xv.z, yv.z); yv.w = fmaf(a, xv.w, yv.w);
        y4[i] = yv;
    }
    for (int i = 4 * n4 + blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) y[i] = fmaf(a, x[i], y[i]);
}

extern "C" __global__ void gemv_warp_4rows(int M, int N, const float* __restrict__ A, const float* __restrict__ x,
                                           float* __restrict__ y)
{
    // N must be a multiple of 4 (rows 16-byte aligned)
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    int r0 = warp * 4;
    if (r0 >= M) return;
    float s[4] = {0.f, 0.f, 0.f, 0.f};
    const float4* x4 = reinterpret_cast<const float4*>(x);
    int n4 = N >> 2;
    for (int c = lane; c < n4; c += 32) {
        float4 xv = __ldg(&x4[c]);
#pragma unroll
        for (int r = 0; r < 4; r++) {
            if (r0 + r < M) {
                float4 a = __ldg(reinterpret_cast<const float4*>(A + (size_t)(r0 + r) * N) + c);
                s[r] += a.x * xv.x + a.y * xv.y + a.z * xv.z + a.w * xv.w;
            }
        }
    }
#pragma unroll
    for (int r = 0; r < 4; r++)
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s[r] += __shfl_xor_sync(0xffffffffu, s[r], o);
    if (lane < 4 && r0 + lane < M) {
        float v = lane == 0 ? s[0] : lane == 1 ? s[1] : lane == 2 ? s[2] : s[3];
        y[r0 + lane] = v;
    }
}

extern "C" __global__ void dot_batched_double(const double* __restrict__ a, const double* __restrict__ b,
                                              double* __restrict__ res, int len)
{
    __shared__ double sh[256];
    const double* pa = a + (size_t)blockIdx.x * len;
    const double* pb = b + (size_t)blockIdx.x * len;
    double s = 0.0;
    for (int i = threadIdx.x; i < len; i += blockDim.x) s = fma(pa[i], pb[i], s);
    sh[threadIdx.x] = s;
    __syncthreads();
    for (int k = blockDim.x >> 1; k > 32; k >>= 1) {
        if (threadIdx.x < k) sh[threadIdx.x] += sh[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x < 32) {
        s = sh[threadIdx.x] + (blockDim.x > 32 ? sh[threadIdx.x + 32] : 0.0);
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
        if (threadIdx.x == 0) res[blockIdx.x] = s;
    }
}
