// LayerNorm over rows of fp16 data. The row is cached in dynamic shared memory (loaded with
// __half2 vector accesses), statistics via warp shuffles + shared warp partials, normalisation is
// done in place with scalar __half accesses, and the row is written back with __half2 stores.
// Assumed launch: 1-D, blockDim.x == 256, gridDim.x == rows, cols even,
// dynamic shared memory = cols * sizeof(__half).
#include <cuda_fp16.h>

#define LN_THREADS 256
#define LN_WARPS (LN_THREADS / 32)
#define LN_FULL 0xffffffffu

static __device__ __forceinline__ float2 ln_warp_sum2(float2 v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        v.x += __shfl_xor_sync(LN_FULL, v.x, o);
        v.y += __shfl_xor_sync(LN_FULL, v.y, o);
    }
    return v;
}

extern "C" __global__ void __launch_bounds__(LN_THREADS)
layernorm_half_race(const __half* __restrict__ x, const float* __restrict__ gamma,
                    const float* __restrict__ beta, __half* __restrict__ y, int cols, float eps)
{
    if (blockDim.x != LN_THREADS || (cols & 1)) return;
    extern __shared__ __align__(16) unsigned char ln_smem[];
    __half*  s_row  = reinterpret_cast<__half*>(ln_smem);
    __half2* s_row2 = reinterpret_cast<__half2*>(ln_smem);
    __shared__ float2 s_part[LN_WARPS];
    __shared__ float2 s_stats;
    const unsigned tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;
    const int half_cols = cols >> 1;
    const __half2* xr2 = reinterpret_cast<const __half2*>(x + (size_t)blockIdx.x * cols);
    __half2* yr2 = reinterpret_cast<__half2*>(y + (size_t)blockIdx.x * cols);

    float2 acc = make_float2(0.f, 0.f);
    for (int j = tid; j < half_cols; j += LN_THREADS) {
        const __half2 v = xr2[j];
        s_row2[j] = v;
        const float2 f = __half22float2(v);
        acc.x += f.x + f.y;
        acc.y += f.x * f.x + f.y * f.y;
    }
    acc = ln_warp_sum2(acc);
    if (lane == 0) s_part[wid] = acc;
    __syncthreads();
    if (wid == 0) {
        float2 p = (lane < LN_WARPS) ? s_part[lane] : make_float2(0.f, 0.f);
        p = ln_warp_sum2(p);
        if (lane == 0) {
            const float mean = p.x / cols;
            const float var = fmaxf(p.y / cols - mean * mean, 0.f);
            s_stats = make_float2(mean, rsqrtf(var + eps));
        }
    }
    __syncthreads();
    const float mean = s_stats.x, rstd = s_stats.y;

    // normalise in place, element-wise
    for (int i = tid; i < cols; i += LN_THREADS) {
        const float v = __half2float(s_row[i]);
        s_row[i] = __float2half((v - mean) * rstd * gamma[i] + beta[i]);
    }

    // vectorised write-back
    for (int j = tid; j < half_cols; j += LN_THREADS) yr2[j] = s_row2[j];
}

extern "C" __global__ void __launch_bounds__(LN_THREADS)
layernorm_half_ok(const __half* __restrict__ x, const float* __restrict__ gamma,
                  const float* __restrict__ beta, __half* __restrict__ y, int cols, float eps)
{
    if (blockDim.x != LN_THREADS || (cols & 1)) return;
    extern __shared__ __align__(16) unsigned char ln_smem[];
    __half*  s_row  = reinterpret_cast<__half*>(ln_smem);
    __half2* s_row2 = reinterpret_cast<__half2*>(ln_smem);
    __shared__ float2 s_part[LN_WARPS];
    __shared__ float2 s_stats;
    const unsigned tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;
    const int half_cols = cols >> 1;
    const __half2* xr2 = reinterpret_cast<const __half2*>(x + (size_t)blockIdx.x * cols);
    __half2* yr2 = reinterpret_cast<__half2*>(y + (size_t)blockIdx.x * cols);

    float2 acc = make_float2(0.f, 0.f);
    for (int j = tid; j < half_cols; j += LN_THREADS) {
        const __half2 v = xr2[j];
        s_row2[j] = v;
        const float2 f = __half22float2(v);
        acc.x += f.x + f.y;
        acc.y += f.x * f.x + f.y * f.y;
    }
    acc = ln_warp_sum2(acc);
    if (lane == 0) s_part[wid] = acc;
    __syncthreads();
    if (wid == 0) {
        float2 p = (lane < LN_WARPS) ? s_part[lane] : make_float2(0.f, 0.f);
        p = ln_warp_sum2(p);
        if (lane == 0) {
            const float mean = p.x / cols;
            const float var = fmaxf(p.y / cols - mean * mean, 0.f);
            s_stats = make_float2(mean, rsqrtf(var + eps));
        }
    }
    __syncthreads();
    const float mean = s_stats.x, rstd = s_stats.y;

    for (int i = tid; i < cols; i += LN_THREADS) {
        const float v = __half2float(s_row[i]);
        s_row[i] = __float2half((v - mean) * rstd * gamma[i] + beta[i]);
    }
    __syncthreads();

    for (int j = tid; j < half_cols; j += LN_THREADS) yr2[j] = s_row2[j];
}
