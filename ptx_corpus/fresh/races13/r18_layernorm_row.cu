// LayerNorm over rows of length N, one block per row; the row is cached in dynamic
// shared memory, carved as [ s_row : N floats | s_part : 2*NWARPS floats ].
// Launch (both kernels): blockDim = 128 (4 warps), gridDim = rows = 8192, N = 1024,
// dynamic shared memory = (N + 2*4) * sizeof(float).

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

extern "C" __global__ void layernorm_race(const float* __restrict__ x, const float* __restrict__ gamma,
                                          const float* __restrict__ beta, float* __restrict__ y,
                                          int N, float eps)
{
    extern __shared__ float smem[];
    float* s_row = smem;
    float* s_part = smem + N;
    const int nwarps = blockDim.x >> 5;
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const float* xr = x + (size_t)blockIdx.x * N;

    float sum = 0.f, sq = 0.f;
    for (int i = tid; i < N; i += blockDim.x) {
        float v = xr[i];
        s_row[i] = v;
        sum += v; sq += v * v;
    }
    sum = warp_sum(sum); sq = warp_sum(sq);
    if (lane == 0) { s_part[warp] = sum; s_part[nwarps + warp] = sq; }
    __syncwarp();                       // only orders lanes of one warp

    float tsum = 0.f, tsq = 0.f;
    for (int w = 0; w < nwarps; ++w) { tsum += s_part[w]; tsq += s_part[nwarps + w]; }
    float mean = tsum / N;
    float rstd = rsqrtf(tsq / N - mean * mean + eps);

    float* yr = y + (size_t)blockIdx.x * N;
    for (int i = tid; i < N; i += blockDim.x)
        yr[i] = (s_row[i] - mean) * rstd * gamma[i] + beta[i];
}

extern "C" __global__ void layernorm_ok(const float* __restrict__ x, const float* __restrict__ gamma,
                                        const float* __restrict__ beta, float* __restrict__ y,
                                        int N, float eps)
{
    extern __shared__ float smem[];
    float* s_row = smem;
    float* s_part = smem + N;
    const int nwarps = blockDim.x >> 5;
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const float* xr = x + (size_t)blockIdx.x * N;

    float sum = 0.f, sq = 0.f;
    for (int i = tid; i < N; i += blockDim.x) {
        float v = xr[i];
        s_row[i] = v;
        sum += v; sq += v * v;
    }
    sum = warp_sum(sum); sq = warp_sum(sq);
    if (lane == 0) { s_part[warp] = sum; s_part[nwarps + warp] = sq; }
    __syncthreads();

    float tsum = 0.f, tsq = 0.f;
    for (int w = 0; w < nwarps; ++w) { tsum += s_part[w]; tsq += s_part[nwarps + w]; }
    float mean = tsum / N;
    float rstd = rsqrtf(tsq / N - mean * mean + eps);

    // s_row[i] for i = tid + k*blockDim.x was written by this same thread above
    float* yr = y + (size_t)blockIdx.x * N;
    for (int i = tid; i < N; i += blockDim.x)
        yr[i] = (s_row[i] - mean) * rstd * gamma[i] + beta[i];
}
