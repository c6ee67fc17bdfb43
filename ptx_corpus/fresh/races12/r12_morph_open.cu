// Grey-scale morphological opening (3x3 erosion followed by 3x3 dilation) on 16x16 output tiles.
// The block loads a 20x20 input tile (halo 2, clamp-to-edge), erodes the inner 18x18 region, then dilates
// the inner 16x16 region into out[].
// Launch: blockDim = (16,16,1), gridDim = (width/16, height/16, 1), no dynamic shared memory;
// width, height multiples of 16.
#define TB 16
#define H 2
#define TW (TB + 2 * H)   // 20
#define EW (TB + 2)       // 18

extern "C" __global__ void __launch_bounds__(TB * TB)
morph_open_race(const unsigned char* __restrict__ in, unsigned char* __restrict__ out, int width, int height)
{
    __shared__ unsigned char s[TW][TW];
    const int tid = threadIdx.y * TB + threadIdx.x;
    const int x0 = blockIdx.x * TB - H, y0 = blockIdx.y * TB - H;
    for (int i = tid; i < TW * TW; i += TB * TB) {
        int gx = min(max(x0 + i % TW, 0), width - 1);
        int gy = min(max(y0 + i / TW, 0), height - 1);
        s[i / TW][i % TW] = in[gy * width + gx];
    }
    __syncthreads();

    // erosion of the 18x18 inner region, kept in the tile
    for (int p = tid; p < EW * EW; p += TB * TB) {
        const int y = 1 + p / EW, x = 1 + p % EW;
        unsigned char m = 255;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) m = min(m, s[y + dy][x + dx]);
        s[y][x] = m;
    }
    __syncthreads();

    const int y = threadIdx.y + H, x = threadIdx.x + H;
    unsigned char m = 0;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) m = max(m, s[y + dy][x + dx]);
    out[(blockIdx.y * TB + threadIdx.y) * width + blockIdx.x * TB + threadIdx.x] = m;
}

extern "C" __global__ void __launch_bounds__(TB * TB)
morph_open_ok(const unsigned char* __restrict__ in, unsigned char* __restrict__ out, int width, int height)
{
    __shared__ unsigned char s[TW][TW];
    __shared__ unsigned char e[EW][EW];
    const int tid = threadIdx.y * TB + threadIdx.x;
    const int x0 = blockIdx.x * TB - H, y0 = blockIdx.y * TB - H;
    for (int i = tid; i < TW * TW; i += TB * TB) {
        int gx = min(max(x0 + i % TW, 0), width - 1);
        int gy = min(max(y0 + i / TW, 0), height - 1);
        s[i / TW][i % TW] = in[gy * width + gx];
    }
    __syncthreads();

    for (int p = tid; p < EW * EW; p += TB * TB) {
        const int y = 1 + p / EW, x = 1 + p % EW;
        unsigned char m = 255;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) m = min(m, s[y + dy][x + dx]);
        e[y - 1][x - 1] = m;
    }
    __syncthreads();

    const int y = threadIdx.y + 1, x = threadIdx.x + 1;
    unsigned char m = 0;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) m = max(m, e[y + dy][x + dx]);
    out[(blockIdx.y * TB + threadIdx.y) * width + blockIdx.x * TB + threadIdx.x] = m;
}
