// 1-D sliding-window max (window 8) by van Herk/Gil-Werman: per-segment prefix/suffix max in shared, then combine. blockDim = 256.
#define W 8
#define NSEG 33          /* (256 + W - 1) rounded up to whole segments = 264 elements */
template <bool FIX>
__device__ __forceinline__ void vhgw_body(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float s[NSEG * W];
    __shared__ float g[NSEG * W];   // prefix max within segment
    __shared__ float hh[NSEG * W];  // suffix max within segment
    int t = threadIdx.x;
    int base = blockIdx.x * 256;
    s[t] = (base + t < n) ? in[base + t] : -1e30f;
    if (t < NSEG * W - 256) s[256 + t] = (base + 256 + t < n) ? in[base + 256 + t] : -1e30f;
    __syncthreads();
    if (t < NSEG) {
        int o = t * W;
        float m = -1e30f;
        for (int j = 0; j < W; j++) { m = fmaxf(m, s[o + j]); g[o + j] = m; }
        m = -1e30f;
        for (int j = W - 1; j >= 0; j--) { m = fmaxf(m, s[o + j]); hh[o + j] = m; }
    }
    if (FIX) __syncthreads();
    if (base + t < n) out[base + t] = fmaxf(hh[t], g[t + W - 1]);
}
extern "C" __global__ void __launch_bounds__(256) vhgw_maxfilter_race(const float* in, float* out, int n)
{ vhgw_body<false>(in, out, n); }
extern "C" __global__ void __launch_bounds__(256) vhgw_maxfilter_ok(const float* in, float* out, int n)
{ vhgw_body<true>(in, out, n); }
