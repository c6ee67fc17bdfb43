// Edge-preserving image filters: bilateral filter with a constant-memory spatial Gaussian, 3x3 median via a sorting network, 5x5 median via partial selection in a local array.
#include <cuda_runtime.h>

#define BL_RADIUS 5
#define BL_DIAM (2 * BL_RADIUS + 1)
__constant__ float c_spatial[BL_DIAM * BL_DIAM];

extern "C" __global__ void bilateral_filter_rgba(const uchar4* __restrict__ in, uchar4* __restrict__ out,
                                                 int w, int h, float inv2SigmaRange2)
{
    __shared__ uchar4 tile[16 + 2 * BL_RADIUS][16 + 2 * BL_RADIUS];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * 16 + tx, y = blockIdx.y * 16 + ty;

    for (int i = ty * 16 + tx; i < (16 + 2 * BL_RADIUS) * (16 + 2 * BL_RADIUS); i += 256) {
        int ly = i / (16 + 2 * BL_RADIUS), lx = i % (16 + 2 * BL_RADIUS);
        int gx = min(max((int)blockIdx.x * 16 + lx - BL_RADIUS, 0), w - 1);
        int gy = min(max((int)blockIdx.y * 16 + ly - BL_RADIUS, 0), h - 1);
        tile[ly][lx] = in[gy * w + gx];
    }
    __syncthreads();
    if (x >= w || y >= h) return;

    uchar4 c = tile[ty + BL_RADIUS][tx + BL_RADIUS];
    float cr = c.x, cg = c.y, cb = c.z;
    float sr = 0.f, sg = 0.f, sb = 0.f, wsum = 0.f;
#pragma unroll
    for (int dy = 0; dy < BL_DIAM; ++dy) {
#pragma unroll
        for (int dx = 0; dx < BL_DIAM; ++dx) {
            uchar4 p = tile[ty + dy][tx + dx];
            float dr = p.x - cr, dg = p.y - cg, db = p.z - cb;
            float d2 = dr * dr + dg * dg + db * db;
            float wgt = c_spatial[dy * BL_DIAM + dx] * __expf(-d2 * inv2SigmaRange2);
            sr += wgt * p.x; sg += wgt * p.y; sb += wgt * p.z; wsum += wgt;
        }
    }
    float inv = 1.f / wsum;
    out[y * w + x] = make_uchar4((unsigned char)(__saturatef(sr * inv / 255.f) * 255.f),
                                 (unsigned char)(__saturatef(sg * inv / 255.f) * 255.f),
                                 (unsigned char)(__saturatef(sb * inv / 255.f) * 255.f), c.w);
}

#define SWAP_MINMAX(a, b) { float _t = fminf(a, b); b = fmaxf(a, b); a = _t; }

extern "C" __global__ void median3x3_network(const float* __restrict__ in, float* __restrict__ out, int w, int h)
{
    __shared__ float tile[18][34];
    int tx = threadIdx.x, ty = threadIdx.y;   // 32 x 16
    int x = blockIdx.x * 32 + tx, y = blockIdx.y * 16 + ty;
    for (int i = ty * 32 + tx; i < 18 * 34; i += 512) {
        int ly = i / 34, lx = i % 34;
        int gx = min(max((int)blockIdx.x * 32 + lx - 1, 0), w - 1);
        int gy = min(max((int)blockIdx.y * 16 + ly - 1, 0), h - 1);
        tile[ly][lx] = in[gy * w + gx];
    }
    __syncthreads();
    if (x >= w || y >= h) return;

    float p0 = tile[ty][tx],     p1 = tile[ty][tx + 1],     p2 = tile[ty][tx + 2];
    float p3 = tile[ty + 1][tx], p4 = tile[ty + 1][tx + 1], p5 = tile[ty + 1][tx + 2];
    float p6 = tile[ty + 2][tx], p7 = tile[ty + 2][tx + 1], p8 = tile[ty + 2][tx + 2];
    // Paeth's 19-exchange median-of-9 network
    SWAP_MINMAX(p1, p2); SWAP_MINMAX(p4, p5); SWAP_MINMAX(p7, p8);
    SWAP_MINMAX(p0, p1); SWAP_MINMAX(p3, p4); SWAP_MINMAX(p6, p7);
    SWAP_MINMAX(p1, p2); SWAP_MINMAX(p4, p5); SWAP_MINMAX(p7, p8);
    SWAP_MINMAX(p0, p3); SWAP_MINMAX(p5, p8); SWAP_MINMAX(p4, p7);
    SWAP_MINMAX(p3, p6); SWAP_MINMAX(p1, p4); SWAP_MINMAX(p2, p5);
    SWAP_MINMAX(p4, p7); SWAP_MINMAX(p4, p2); SWAP_MINMAX(p6, p4);
    SWAP_MINMAX(p4, p2);
    out[y * w + x] = p4;
}

// 5x5 median with a runtime-selected window (radius 1 or 2) using partial selection sort on a local array.
extern "C" __global__ void median_window_select(const unsigned char* __restrict__ in, unsigned char* __restrict__ out,
                                                int w, int h, int radius)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    radius = min(max(radius, 1), 2);
    unsigned char win[25];
    int n = 0;
    for (int dy = -radius; dy <= radius; ++dy) {
        int yy = min(max(y + dy, 0), h - 1);
        for (int dx = -radius; dx <= radius; ++dx) {
            int xx = min(max(x + dx, 0), w - 1);
            win[n++] = in[yy * w + xx];
        }
    }
    int half = n / 2;
    for (int i = 0; i <= half; ++i) {
        int m = i;
        for (int j = i + 1; j < n; ++j)
            if (win[j] < win[m]) m = j;
        unsigned char t = win[i]; win[i] = win[m]; win[m] = t;
    }
    out[y * w + x] = win[half];
}
