// LayerNorm over rows of length len (<= 4096) stored with a row pitch ld
// (ld a multiple of 4, base pointer 16-byte aligned). The row is cached in
// shared memory with float4 loads plus a scalar tail for len % 4.
// Launch: blockDim.x = 256 exactly, gridDim.x = nrows.
#include <cuda_runtime.h>

#define BLOCK 256
#define MAXLEN 4096
#define NWARPS (BLOCK / 32)

static __device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

// two-value block sum; all threads get the totals
static __device__ __forceinline__ void block_sum2(float& a, float& b, float* ra, float* rb)
{
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    a = warp_sum(a);
    b = warp_sum(b);
    if (lane == 0) { ra[warp] = a; rb[warp] = b; }
    __syncthreads();
    a = 0.0f; b = 0.0f;
#pragma unroll
    for (int i = 0; i < NWARPS; ++i) { a += ra[i]; b += rb[i]; }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
layernorm_row_race(const float* __restrict__ x, const float* __restrict__ gamma,
                   const float* __restrict__ beta, float* __restrict__ y,
                   int len, int ld, float eps)
{
    __shared__ __align__(16) float row[MAXLEN];
    __shared__ float ra[NWARPS], rb[NWARPS];
    const int tid = threadIdx.x;
    const float* src = x + (size_t)blockIdx.x * ld;

    const int n4 = len / 4;
    const float4* src4 = reinterpret_cast<const float4*>(src);
    float4* row4 = reinterpret_cast<float4*>(row);
    for (int i = tid; i < n4; i += BLOCK) row4[i] = src4[i];
    for (int i = n4 + tid; i < len; i += BLOCK) row[i] = src[i];
    __syncthreads();

    float s = 0.0f, ss = 0.0f;
    for (int i = tid; i < len; i += BLOCK) { const float v = row[i]; s += v; ss += v * v; }
    block_sum2(s, ss, ra, rb);
    const float mean = s / len;
    const float rstd = rsqrtf(fmaxf(ss / len - mean * mean, 0.0f) + eps);

    float* dst = y + (size_t)blockIdx.x * ld;
    for (int i = tid; i < len; i += BLOCK)
        dst[i] = (row[i] - mean) * rstd * gamma[i] + beta[i];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
layernorm_row_ok(const float* __restrict__ x, const float* __restrict__ gamma,
                 const float* __restrict__ beta, float* __restrict__ y,
                 int len, int ld, float eps)
{
    __shared__ __align__(16) float row[MAXLEN];
    __shared__ float ra[NWARPS], rb[NWARPS];
    const int tid = threadIdx.x;
    const float* src = x + (size_t)blockIdx.x * ld;

    const int n4 = len / 4;
    const float4* src4 = reinterpret_cast<const float4*>(src);
    float4* row4 = reinterpret_cast<float4*>(row);
    for (int i = tid; i < n4; i += BLOCK) row4[i] = src4[i];
    for (int i = 4 * n4 + tid; i < len; i += BLOCK) row[i] = src[i];
    __syncthreads();

    float s = 0.0f, ss = 0.0f;
    for (int i = tid; i < len; i += BLOCK) { const float v = row[i]; s += v; ss += v * v; }
    block_sum2(s, ss, ra, rb);
    const float mean = s / len;
    const float rstd = rsqrtf(fmaxf(ss / len - mean * mean, 0.0f) + eps);

    float* dst = y + (size_t)blockIdx.x * ld;
    for (int i = tid; i < len; i += BLOCK)
        dst[i] = (row[i] - mean) * rstd * gamma[i] + beta[i];
}
