// arch: sm_80
// r05_layernorm_reuse.cu
// Row LayerNorm, one row of 1024 floats per block, 4 elements per thread.
// Mean and variance come from two calls of a shuffle+shared-memory block
// all-reduce (warp shuffle reduce -> lane 0 of each warp writes red[warp] ->
// barrier -> every warp re-reduces red[0..7] with shuffles).  Both calls use
// the same 8-float scratch array.
//
// Launch (both kernels): blockDim = (256,1,1) (8 warps), gridDim = (nrows,1,1),
//   nrows = 8192, row length 1024.  No dynamic shared memory.

#define R05_THREADS 256
#define R05_NW      8
#define R05_COLS    1024
#define R05_FULL    0xffffffffu

__device__ __forceinline__ float r05_warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(R05_FULL, v, o);
    return v;
}

// CUB-style block all-reduce on caller-provided temp storage.
__device__ __forceinline__ float r05_block_allsum(float v, float* red)
{
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    v = r05_warp_sum(v);
    if (lane == 0) red[warp] = v;
    __syncthreads();
    v = (lane < R05_NW) ? red[lane] : 0.0f;
    return r05_warp_sum(v);
}

extern "C" __global__ void __launch_bounds__(R05_THREADS)
layernorm_race(const float* __restrict__ in, const float* __restrict__ gamma,
               const float* __restrict__ beta, float* __restrict__ out)
{
    __shared__ float red[R05_NW];
    const float* x = in  + (size_t)blockIdx.x * R05_COLS;
    float*       o = out + (size_t)blockIdx.x * R05_COLS;
    const int t = threadIdx.x;

    float v[4];
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < 4; ++k) { v[k] = x[t + k * R05_THREADS]; s += v[k]; }

    const float mean = r05_block_allsum(s, red) * (1.0f / R05_COLS);

    float q = 0.0f;
#pragma unroll
    for (int k = 0; k < 4; ++k) { const float d = v[k] - mean; q += d * d; }

    const float var  = r05_block_allsum(q, red) * (1.0f / R05_COLS);
    const float rstd = rsqrtf(var + 1e-5f);
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        const int c = t + k * R05_THREADS;
        o[c] = (v[k] - mean) * rstd * gamma[c] + beta[c];
    }
}

extern "C" __global__ void __launch_bounds__(R05_THREADS)
layernorm_ok(const float* __restrict__ in, const float* __restrict__ gamma,
             const float* __restrict__ beta, float* __restrict__ out)
{
    __shared__ float red[R05_NW];
    const float* x = in  + (size_t)blockIdx.x * R05_COLS;
    float*       o = out + (size_t)blockIdx.x * R05_COLS;
    const int t = threadIdx.x;

    float v[4];
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < 4; ++k) { v[k] = x[t + k * R05_THREADS]; s += v[k]; }

    const float mean = r05_block_allsum(s, red) * (1.0f / R05_COLS);
    __syncthreads();                       // temp storage is reused below

    float q = 0.0f;
#pragma unroll
    for (int k = 0; k < 4; ++k) { const float d = v[k] - mean; q += d * d; }

    const float var  = r05_block_allsum(q, red) * (1.0f / R05_COLS);
    const float rstd = rsqrtf(var + 1e-5f);
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        const int c = t + k * R05_THREADS;
        o[c] = (v[k] - mean) * rstd * gamma[c] + beta[c];
    }
}
