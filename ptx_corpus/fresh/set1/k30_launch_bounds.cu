// Same body under different launch bounds
template <int NACC>
__device__ __forceinline__ void multi_moment(const float* __restrict__ x, float* __restrict__ out, int n, int len)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    float acc[NACC];
#pragma unroll
    for (int k = 0; k < NACC; ++k) acc[k] = 0.f;
    const float* p = x + (size_t)t * len;
    for (int i = 0; i < len; ++i) {
        float v = p[i], pw = v;
#pragma unroll
        for (int k = 0; k < NACC; ++k) { acc[k] += pw; pw *= v; }
    }
#pragma unroll
    for (int k = 0; k < NACC; ++k) out[(size_t)t * NACC + k] = acc[k] / len;
}

extern "C" __global__ void __launch_bounds__(64) moments24_lb64(const float* x, float* o, int n, int len)
{ multi_moment<24>(x, o, n, len); }
extern "C" __global__ void __launch_bounds__(256, 4) moments24_lb256_4(const float* x, float* o, int n, int len)
{ multi_moment<24>(x, o, n, len); }
extern "C" __global__ void __launch_bounds__(1024, 1) moments48_lb1024(const float* x, float* o, int n, int len)
{ multi_moment<48>(x, o, n, len); }
