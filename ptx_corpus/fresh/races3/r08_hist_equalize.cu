// Tile histogram equalisation (64x64 tile of 8-bit pixels): shared histogram, warp-0 CDF, LUT build (optional gamma), remap. blockDim = (16,16).
template <bool FIX>
__device__ __forceinline__ void heq_body(const unsigned char* __restrict__ img, unsigned char* __restrict__ out,
                                         int w, int h, float gamma)
{
    __shared__ int hist[256];
    __shared__ int cdf[256];
    __shared__ unsigned char lut[256];
    int t = threadIdx.y * 16 + threadIdx.x;
    int x0 = blockIdx.x * 64, y0 = blockIdx.y * 64;
    hist[t] = 0;
    __syncthreads();
    for (int p = t; p < 64 * 64; p += 256) {
        int x = x0 + (p & 63), y = y0 + (p >> 6);
        if (x < w && y < h) atomicAdd(&hist[img[y * w + x]], 1);
    }
    __syncthreads();
    if (t < 32) {                       // warp 0: each lane owns 8 consecutive bins
        int loc = 0;
        for (int j = 0; j < 8; j++) loc += hist[t * 8 + j];
        int s = loc;
        for (int d = 1; d < 32; d <<= 1) {
            int y = __shfl_up_sync(0xffffffffu, s, d);
            if (t >= d) s += y;
        }
        int run = s - loc;
        for (int j = 0; j < 8; j++) { run += hist[t * 8 + j]; cdf[t * 8 + j] = run; }
    }
    if (FIX) __syncthreads();
    if (gamma != 1.0f) {
        if (!FIX) __syncthreads();      // barrier only on the gamma path
        float tot = (float)max(cdf[255], 1);
        lut[t] = (unsigned char)(255.f * powf(cdf[t] / tot, gamma));
    } else {
        int tot = max(cdf[255], 1);
        lut[t] = (unsigned char)((255 * cdf[t]) / tot);
    }
    __syncthreads();
    for (int p = t; p < 64 * 64; p += 256) {
        int x = x0 + (p & 63), y = y0 + (p >> 6);
        if (x < w && y < h) out[y * w + x] = lut[img[y * w + x]];
    }
}
extern "C" __global__ void __launch_bounds__(256) hist_equalize_race(const unsigned char* img, unsigned char* out, int w, int h, float gamma)
{ heq_body<false>(img, out, w, h, gamma); }
extern "C" __global__ void __launch_bounds__(256) hist_equalize_ok(const unsigned char* img, unsigned char* out, int w, int h, float gamma)
{ heq_body<true>(img, out, w, h, gamma); }
