// r16_warp_softmax.cu
// Row-wise softmax with one warp per row: the row is staged in the warp's own slice of
// dynamic shared memory with 16-byte loads, the max and the sum of exponentials are
// reduced with warp shuffles, and the normalised row is written with 16-byte stores.
// Warps never share data, so no block-wide barrier is used (rows past the end retire
// their whole warp early).
// Launch: blockDim = (128,1,1) (4 warps = 4 rows per block), gridDim = (ceil(rows/4),1,1),
//         row length n with n % 4 == 0 and 4 <= n <= 2048, in/out 16-byte aligned,
//         dynamic shared memory = 4 * n * sizeof(float) bytes.
#include <math.h>
#define WARPS_PER_BLOCK 4

static __device__ __forceinline__ float warp_max(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}
static __device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

extern "C" __global__ void __launch_bounds__(32 * WARPS_PER_BLOCK)
softmax_warp_race(const float* __restrict__ in, float* __restrict__ out, int rows, int n)
{
    extern __shared__ __align__(16) float smem[];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int row = blockIdx.x * WARPS_PER_BLOCK + warp;
    if (row >= rows) return;                              // warp-uniform

    float* srow = smem + warp * n;
    float4* srow4 = reinterpret_cast<float4*>(srow);
    const float4* g4 = reinterpret_cast<const float4*>(in + (size_t)row * n);
    float4* o4 = reinterpret_cast<float4*>(out + (size_t)row * n);
    const int n4 = n >> 2;

    for (int i = lane; i < n4; i += 32) srow4[i] = g4[i];

    float m = -INFINITY;
    for (int i = lane; i < n; i += 32) m = fmaxf(m, srow[i]);
    m = warp_max(m);

    float sum = 0.f;
    for (int i = lane; i < n; i += 32) { const float e = __expf(srow[i] - m); srow[i] = e; sum += e; }
    const float inv = 1.f / warp_sum(sum);

    __syncwarp();
    for (int i = lane; i < n4; i += 32) {
        float4 v = srow4[i];
        v.x *= inv; v.y *= inv; v.z *= inv; v.w *= inv;
        o4[i] = v;
    }
}

extern "C" __global__ void __launch_bounds__(32 * WARPS_PER_BLOCK)
softmax_warp_ok(const float* __restrict__ in, float* __restrict__ out, int rows, int n)
{
    extern __shared__ __align__(16) float smem[];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int row = blockIdx.x * WARPS_PER_BLOCK + warp;
    if (row >= rows) return;                              // warp-uniform

    float* srow = smem + warp * n;
    float4* srow4 = reinterpret_cast<float4*>(srow);
    const float4* g4 = reinterpret_cast<const float4*>(in + (size_t)row * n);
    float4* o4 = reinterpret_cast<float4*>(out + (size_t)row * n);
    const int n4 = n >> 2;

    for (int i = lane; i < n4; i += 32) srow4[i] = g4[i];
    __syncwarp();                 // vector stores by lane L cover scalars read by other lanes

    float m = -INFINITY;
    for (int i = lane; i < n; i += 32) m = fmaxf(m, srow[i]);
    m = warp_max(m);

    float sum = 0.f;
    for (int i = lane; i < n; i += 32) { const float e = __expf(srow[i] - m); srow[i] = e; sum += e; }
    const float inv = 1.f / warp_sum(sum);

    __syncwarp();
    for (int i = lane; i < n4; i += 32) {
        float4 v = srow4[i];
        v.x *= inv; v.y *= inv; v.z *= inv; v.w *= inv;
        o4[i] = v;
    }
}
