// Multi-level 1-D Haar wavelet transform of 512 samples per block, levels computed in one shared array. blockDim = 256.
template <bool FIX>
__device__ __forceinline__ void haar_body(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s[512];
    int t = threadIdx.x;
    const float* src = in + blockIdx.x * 512;
    s[t] = src[t];
    s[t + 256] = src[t + 256];
    __syncthreads();
    const float c = 0.70710678f;
    for (int len = 512; len >= 2; len >>= 1) {
        int half = len >> 1;
        float a = 0.f, d = 0.f;
        if (t < half) {
            float e = s[2 * t], o = s[2 * t + 1];
            a = (e + o) * c;
            d = (e - o) * c;
        }
        if (FIX) __syncthreads();       // all reads of this level done before overwriting
        if (t < half) {
            s[t] = a;
            s[half + t] = d;
        }
        __syncthreads();
    }
    out[blockIdx.x * 512 + t] = s[t];
    out[blockIdx.x * 512 + t + 256] = s[t + 256];
}
extern "C" __global__ void __launch_bounds__(256) haar_wavelet_race(const float* in, float* out)
{ haar_body<false>(in, out); }
extern "C" __global__ void __launch_bounds__(256) haar_wavelet_ok(const float* in, float* out)
{ haar_body<true>(in, out); }
