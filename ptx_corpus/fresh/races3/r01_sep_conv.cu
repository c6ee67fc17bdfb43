// Separable 5-tap blur: horizontal pass into a shared intermediate, then vertical pass from it. blockDim = (16,16).
#define TS 16
#define R 2
template <bool FIX>
__device__ __forceinline__ void sep_conv_body(const float* __restrict__ in, float* __restrict__ out,
                                              int w, int h, const float* __restrict__ wts)
{
    __shared__ float tile[TS + 2 * R][TS + 2 * R];
    __shared__ float mid[TS + 2 * R][TS];
    int tx = threadIdx.x, ty = threadIdx.y;
    int gx0 = blockIdx.x * TS - R, gy0 = blockIdx.y * TS - R;
    for (int y = ty; y < TS + 2 * R; y += TS)
        for (int x = tx; x < TS + 2 * R; x += TS) {
            int gx = min(max(gx0 + x, 0), w - 1);
            int gy = min(max(gy0 + y, 0), h - 1);
            tile[y][x] = in[gy * w + gx];
        }
    __syncthreads();
    // horizontal pass over all TS+2R rows (halo rows are needed by the vertical pass)
    for (int y = ty; y < TS + 2 * R; y += TS) {
        float a = 0.f;
#pragma unroll
        for (int k = -R; k <= R; k++) a += wts[k + R] * tile[y][tx + R + k];
        mid[y][tx] = a;
    }
    if (FIX) __syncthreads();
    // vertical pass reads rows produced by other threads
    float b = 0.f;
#pragma unroll
    for (int k = -R; k <= R; k++) b += wts[k + R] * mid[ty + R + k][tx];
    int gx = blockIdx.x * TS + tx, gy = blockIdx.y * TS + ty;
    if (gx < w && gy < h) out[gy * w + gx] = b;
}
extern "C" __global__ void __launch_bounds__(256) sep_conv_race(const float* in, float* out, int w, int h, const float* wts)
{ sep_conv_body<false>(in, out, w, h, wts); }
extern "C" __global__ void __launch_bounds__(256) sep_conv_ok(const float* in, float* out, int w, int h, const float* wts)
{ sep_conv_body<true>(in, out, w, h, wts); }
