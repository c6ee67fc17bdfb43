// r12_sepconv_persistent.cu
// Separable 2-D convolution (9-tap row filter, then 9-tap column filter) with
// clamp-to-edge borders.  Persistent blocks walk 32x32 output tiles; each tile
// is loaded with a 4-cell halo into sIn, filtered along rows into sTmp (halo
// rows included), then along columns into the output.
//
// Launch (both kernels): blockDim = (32, 8); gridDim = (any, 1, 1), e.g.
//   2 * #SMs, with gridDim.x <= #tiles; w and h multiples of 32.  Tile loop trip count depends only on
//   blockIdx.x, so it is uniform within a block.
#define TW 32
#define TH 32
#define BY 8
#define R 4
#define TAPS (2 * R + 1)

extern "C" __global__ void __launch_bounds__(TW * BY)
sepconv_persistent_race(const float* __restrict__ in, float* __restrict__ out, int w, int h,
                        const float* __restrict__ wrow, const float* __restrict__ wcol)
{
    __shared__ float sIn[TH + 2 * R][TW + 2 * R];
    __shared__ float sTmp[TH + 2 * R][TW];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * TW + tx;
    float kr[TAPS], kc[TAPS];
    #pragma unroll
    for (int k = 0; k < TAPS; ++k) { kr[k] = wrow[k]; kc[k] = wcol[k]; }

    const int tilesX = w / TW;
    const int ntiles = tilesX * (h / TH);
    for (int t = blockIdx.x; t < ntiles; t += gridDim.x) {
        const int x0 = (t % tilesX) * TW, y0 = (t / tilesX) * TH;
        for (int i = tid; i < (TH + 2 * R) * (TW + 2 * R); i += TW * BY) {
            const int r = i / (TW + 2 * R), c = i % (TW + 2 * R);
            const int gx = min(max(x0 - R + c, 0), w - 1);
            const int gy = min(max(y0 - R + r, 0), h - 1);
            sIn[r][c] = in[(size_t)gy * w + gx];
        }
        __syncthreads();

        for (int r = ty; r < TH + 2 * R; r += BY) {          // 5 rows per thread
            float a = 0.f;
            #pragma unroll
            for (int k = 0; k < TAPS; ++k) a = fmaf(kr[k], sIn[r][tx + k], a);
            sTmp[r][tx] = a;
        }

        for (int i = 0; i < TH / BY; ++i) {
            const int r = ty + i * BY;
            float a = 0.f;
            #pragma unroll
            for (int k = 0; k < TAPS; ++k) a = fmaf(kc[k], sTmp[r + k][tx], a);
            out[(size_t)(y0 + r) * w + x0 + tx] = a;
        }
        __syncthreads();                                     // barrier at the end of the tile
    }
}

extern "C" __global__ void __launch_bounds__(TW * BY)
sepconv_persistent_ok(const float* __restrict__ in, float* __restrict__ out, int w, int h,
                      const float* __restrict__ wrow, const float* __restrict__ wcol)
{
    __shared__ float sIn[TH + 2 * R][TW + 2 * R];
    __shared__ float sTmp[TH + 2 * R][TW];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * TW + tx;
    float kr[TAPS], kc[TAPS];
    #pragma unroll
    for (int k = 0; k < TAPS; ++k) { kr[k] = wrow[k]; kc[k] = wcol[k]; }

    // Two barriers per tile and none at the end: the next tile's sIn stores come
    // after the row/column barrier (which follows the last sIn read), and the
    // next tile's sTmp stores come after the next load barrier (which follows
    // the last sTmp read).
    const int tilesX = w / TW;
    const int ntiles = tilesX * (h / TH);
    for (int t = blockIdx.x; t < ntiles; t += gridDim.x) {
        const int x0 = (t % tilesX) * TW, y0 = (t / tilesX) * TH;
        for (int i = tid; i < (TH + 2 * R) * (TW + 2 * R); i += TW * BY) {
            const int r = i / (TW + 2 * R), c = i % (TW + 2 * R);
            const int gx = min(max(x0 - R + c, 0), w - 1);
            const int gy = min(max(y0 - R + r, 0), h - 1);
            sIn[r][c] = in[(size_t)gy * w + gx];
        }
        __syncthreads();

        for (int r = ty; r < TH + 2 * R; r += BY) {
            float a = 0.f;
            #pragma unroll
            for (int k = 0; k < TAPS; ++k) a = fmaf(kr[k], sIn[r][tx + k], a);
            sTmp[r][tx] = a;
        }
        __syncthreads();

        for (int i = 0; i < TH / BY; ++i) {
            const int r = ty + i * BY;
            float a = 0.f;
            #pragma unroll
            for (int k = 0; k < TAPS; ++k) a = fmaf(kc[k], sTmp[r + k][tx], a);
            out[(size_t)(y0 + r) * w + x0 + tx] = a;
        }
    }
}
