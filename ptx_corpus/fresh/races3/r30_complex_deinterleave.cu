// Twiddle rotation of interleaved complex samples: coalesced float loads into shared, then per-thread float2 reads. blockDim = 128.
template <bool FIX>
__device__ __forceinline__ void cplx_body(const float* __restrict__ in, const float2* __restrict__ tw,
                                          float* __restrict__ re, float* __restrict__ im)
{
    __shared__ __align__(8) float s[256];
    int t = threadIdx.x;
    const float* src = in + (size_t)blockIdx.x * 256;
    s[t] = src[t];
    s[t + 128] = src[t + 128];
    if (FIX) __syncthreads();
    float2 c = reinterpret_cast<const float2*>(s)[t];   // bytes 8t..8t+7 = s[2t], s[2t+1]
    float2 w = tw[t];
    re[blockIdx.x * 128 + t] = c.x * w.x - c.y * w.y;
    im[blockIdx.x * 128 + t] = c.x * w.y + c.y * w.x;
}
extern "C" __global__ void __launch_bounds__(128) complex_deinterleave_race(const float* in, const float2* tw, float* re, float* im)
{ cplx_body<false>(in, tw, re, im); }
extern "C" __global__ void __launch_bounds__(128) complex_deinterleave_ok(const float* in, const float2* tw, float* re, float* im)
{ cplx_body<true>(in, tw, re, im); }
