// r20_integral_image.cu
//
// Tile-local summed-area table (integral image) of an 8-bit image, used for
// box filters / Viola-Jones features (computer vision). Phase 1: every tile
// row is inclusive-scanned by the blockDim.x threads of one threadIdx.y row
// with a ping-pong Hillis-Steele scan. Phase 2: column prefix sums,
// each thread scanning a 16-row segment of its column, then adding the
// totals of the segments above. A second kernel adds cross-tile offsets.
//
// Launch configuration:
//   blockDim = (64,4,1)   (tile width = blockDim.x = 64, so one tile row is
//                          handled by threads of two warps; 8 warps total)
//   gridDim  = (ceil(w/64), ceil(h/64), 1), image 3840 x 2160
//   tile = 64 x 64, static shared memory only.

#define TW_MAX 64
#define TH 64

extern "C" __global__ void __launch_bounds__(256)
integral_image_race(const unsigned char* __restrict__ img, unsigned* __restrict__ sat,
                    int w, int h)
{
    __shared__ unsigned s_a[TH][TW_MAX + 1];
    __shared__ unsigned s_b[TH][TW_MAX + 1];
    __shared__ unsigned s_seg[4][TW_MAX];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int W = blockDim.x;                      // tile width
    const int x0 = blockIdx.x * W, y0 = blockIdx.y * TH;

    // ---- phase 1: row scans
    for (int r = ty; r < TH; r += blockDim.y) {
        const int gx = x0 + tx, gy = y0 + r;
        unsigned* a = s_a[r];
        unsigned* b = s_b[r];
        a[tx] = (gx < w && gy < h) ? (unsigned)img[(size_t)gy * w + gx] : 0u;
        __syncwarp();
        for (int off = 1; off < W; off <<= 1) {
            b[tx] = a[tx] + (tx >= off ? a[tx - off] : 0u);
            __syncwarp();
            unsigned* t = a; a = b; b = t;
        }
        if (a != s_a[r]) s_a[r][tx] = a[tx];
    }
    __syncthreads();

    // ---- phase 2: column scans (segments of TH / blockDim.y rows)
    const int seg = TH / blockDim.y;
    const int rb = ty * seg;
    for (int r = rb + 1; r < rb + seg; ++r) s_a[r][tx] += s_a[r - 1][tx];
    s_seg[ty][tx] = s_a[rb + seg - 1][tx];
    __syncthreads();
    unsigned above = 0u;
    for (int q = 0; q < ty; ++q) above += s_seg[q][tx];
    for (int r = rb; r < rb + seg; ++r) {
        const int gx = x0 + tx, gy = y0 + r;
        if (gx < w && gy < h) sat[(size_t)gy * w + gx] = s_a[r][tx] + above;
    }
}

extern "C" __global__ void __launch_bounds__(256)
integral_image_ok(const unsigned char* __restrict__ img, unsigned* __restrict__ sat,
                  int w, int h)
{
    __shared__ unsigned s_a[TH][TW_MAX + 1];
    __shared__ unsigned s_b[TH][TW_MAX + 1];
    __shared__ unsigned s_seg[4][TW_MAX];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int W = blockDim.x;                      // tile width
    const int x0 = blockIdx.x * W, y0 = blockIdx.y * TH;

    // ---- phase 1: row scans
    for (int r = ty; r < TH; r += blockDim.y) {
        const int gx = x0 + tx, gy = y0 + r;
        unsigned* a = s_a[r];
        unsigned* b = s_b[r];
        a[tx] = (gx < w && gy < h) ? (unsigned)img[(size_t)gy * w + gx] : 0u;
        __syncthreads();
        for (int off = 1; off < W; off <<= 1) {
            b[tx] = a[tx] + (tx >= off ? a[tx - off] : 0u);
            __syncthreads();
            unsigned* t = a; a = b; b = t;
        }
        if (a != s_a[r]) s_a[r][tx] = a[tx];
    }
    __syncthreads();

    // ---- phase 2: column scans (segments of TH / blockDim.y rows)
    const int seg = TH / blockDim.y;
    const int rb = ty * seg;
    for (int r = rb + 1; r < rb + seg; ++r) s_a[r][tx] += s_a[r - 1][tx];
    s_seg[ty][tx] = s_a[rb + seg - 1][tx];
    __syncthreads();
    unsigned above = 0u;
    for (int q = 0; q < ty; ++q) above += s_seg[q][tx];
    for (int r = rb; r < rb + seg; ++r) {
        const int gx = x0 + tx, gy = y0 + r;
        if (gx < w && gy < h) sat[(size_t)gy * w + gx] = s_a[r][tx] + above;
    }
}
