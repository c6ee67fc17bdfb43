// GroupNorm on half data: two groups per block (threadIdx.z), warp partials -> per-group mean/rstd -> normalise. blockDim = (32,4,2).
#include <cuda_fp16.h>
template <bool FIX>
__device__ __forceinline__ void gn_body(const __half* __restrict__ x, __half* __restrict__ y, int elems, float eps)
{
    __shared__ float partS[2][4], partQ[2][4];
    __shared__ float stat[2][2];
    int lane = threadIdx.x, wy = threadIdx.y, z = threadIdx.z;
    int gt = lane + 32 * wy;                       // thread index within the group (0..127)
    size_t g = (size_t)blockIdx.x * 2 + z;
    const __half* xg = x + g * elems;
    __half* yg = y + g * elems;
    float s = 0.f, q = 0.f;
    for (int i = gt; i < elems; i += 128) { float v = __half2float(xg[i]); s += v; q += v * v; }
    for (int o = 16; o > 0; o >>= 1) {
        s += __shfl_xor_sync(0xffffffffu, s, o);
        q += __shfl_xor_sync(0xffffffffu, q, o);
    }
    if (lane == 0) { partS[z][wy] = s; partQ[z][wy] = q; }
    __syncthreads();
    if (gt == 0) {
        float S = partS[z][0] + partS[z][1] + partS[z][2] + partS[z][3];
        float Q = partQ[z][0] + partQ[z][1] + partQ[z][2] + partQ[z][3];
        float mean = S / elems;
        stat[z][0] = mean;
        stat[z][1] = rsqrtf(fmaxf(Q / elems - mean * mean, 0.f) + eps);
    }
    if (FIX) __syncthreads();
    float mean = stat[z][0], rstd = stat[z][1];
    for (int i = gt; i < elems; i += 128) yg[i] = __float2half((__half2float(xg[i]) - mean) * rstd);
}
extern "C" __global__ void __launch_bounds__(256) group_norm_race(const __half* x, __half* y, int elems, float eps)
{ gn_body<false>(x, y, elems, eps); }
extern "C" __global__ void __launch_bounds__(256) group_norm_ok(const __half* x, __half* y, int elems, float eps)
{ gn_body<true>(x, y, elems, eps); }
