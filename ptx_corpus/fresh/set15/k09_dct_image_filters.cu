// Domain: image processing - DCT and non-linear filters
// dct8x8_thread: forward 2D 8x8 DCT-II of one image block per thread (separable, block kept in registers).
// median3x3_network: 3x3 median filter via a min/max exchange network on 9 registers.
// median5x5_insertion: 5x5 median filter, window gathered into a local array and insertion-sorted.
// bilateral_filter: bilateral filter with runtime radius, Gaussian spatial weights from constant memory.

__constant__ float c_dct[8][8];   // c_dct[k][n] = a(k) cos((2n+1)k pi / 16)

extern "C" __global__ void dct8x8_thread(const float* __restrict__ img, float* __restrict__ coef,
                                         int width, int height)
{
    int bx = blockIdx.x * blockDim.x + threadIdx.x;
    int by = blockIdx.y * blockDim.y + threadIdx.y;
    if (bx * 8 >= width || by * 8 >= height) return;
    float blk[8][8];
#pragma unroll
    for (int y = 0; y < 8; y++) {
        const float4* row = reinterpret_cast<const float4*>(img + (size_t)(by * 8 + y) * width + bx * 8);
        float4 a = row[0], b = row[1];
        blk[y][0] = a.x - 128.f; blk[y][1] = a.y - 128.f; blk[y][2] = a.z - 128.f; blk[y][3] = a.w - 128.f;
        blk[y][4] = b.x - 128.f; blk[y][5] = b.y - 128.f; blk[y][6] = b.z - 128.f; blk[y][7] = b.w - 128.f;
    }
    // rows
#pragma unroll
    for (int y = 0; y < 8; y++) {
        float t[8];
#pragma unroll
        for (int k = 0; k < 8; k++) {
            float s = 0.f;
#pragma unroll
            for (int n = 0; n < 8; n++) s = fmaf(c_dct[k][n], blk[y][n], s);
            t[k] = s;
        }
#pragma unroll
        for (int k = 0; k < 8; k++) blk[y][k] = t[k];
    }
    // columns
#pragma unroll
    for (int x = 0; x < 8; x++) {
        float t[8];
#pragma unroll
        for (int k = 0; k < 8; k++) {
            float s = 0.f;
#pragma unroll
            for (int n = 0; n < 8; n++) s = fmaf(c_dct[k][n], blk[n][x], s);
            t[k] = s;
        }
#pragma unroll
        for (int k = 0; k < 8; k++) blk[k][x] = t[k];
    }
#pragma unroll
    for (int y = 0; y < 8; y++) {
        float4* row = reinterpret_cast<float4*>(coef + (size_t)(by * 8 + y) * width + bx * 8);
        row[0] = make_float4(blk[y][0], blk[y][1], blk[y][2], blk[y][3]);
        row[1] = make_float4(blk[y][4], blk[y][5], blk[y][6], blk[y][7]);
    }
}

#define SWAP_MM(a, b) { float _lo = fminf(a, b); float _hi = fmaxf(a, b); a = _lo; b = _hi; }

extern "C" __global__ void median3x3_network(const float* __restrict__ in, float* __restrict__ out,
                                             int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float p[9];
#pragma unroll
    for (int dy = -1; dy <= 1; dy++)
#pragma unroll
        for (int dx = -1; dx <= 1; dx++) {
            int xx = min(max(x + dx, 0), w - 1), yy = min(max(y + dy, 0), h - 1);
            p[(dy + 1) * 3 + dx + 1] = __ldg(&in[(size_t)yy * w + xx]);
        }
    // Paeth / Devillard 19-exchange median network
    SWAP_MM(p[1], p[2]); SWAP_MM(p[4], p[5]); SWAP_MM(p[7], p[8]);
    SWAP_MM(p[0], p[1]); SWAP_MM(p[3], p[4]); SWAP_MM(p[6], p[7]);
    SWAP_MM(p[1], p[2]); SWAP_MM(p[4], p[5]); SWAP_MM(p[7], p[8]);
    SWAP_MM(p[0], p[3]); SWAP_MM(p[5], p[8]); SWAP_MM(p[4], p[7]);
    SWAP_MM(p[3], p[6]); SWAP_MM(p[1], p[4]); SWAP_MM(p[2], p[5]);
    SWAP_MM(p[4], p[7]); SWAP_MM(p[4], p[2]); SWAP_MM(p[6], p[4]);
    SWAP_MM(p[4], p[2]);
    out[(size_t)y * w + x] = p[4];
}

extern "C" __global__ void median5x5_insertion(const unsigned char* __restrict__ in, unsigned char* __restrict__ out,
                                               int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    unsigned char win[25];
    int n = 0;
    for (int dy = -2; dy <= 2; dy++) {
        int yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (int dx = -2; dx <= 2; dx++) {
            int xx = x + dx;
            if (xx < 0 || xx >= w) continue;
            unsigned char v = in[(size_t)yy * w + xx];
            int k = n++;
            while (k > 0 && win[k - 1] > v) { win[k] = win[k - 1]; k--; }
            win[k] = v;
        }
    }
    out[(size_t)y * w + x] = win[n >> 1];
}

#define BIL_MAXR 7
__constant__ float c_gauss_spatial[2 * BIL_MAXR + 1];

extern "C" __global__ void bilateral_filter(const float* __restrict__ in, float* __restrict__ out,
                                            int w, int h, int radius, float inv_two_sigma_r2)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    radius = min(radius, BIL_MAXR);
    float c = in[(size_t)y * w + x];
    float sum = 0.f, wsum = 0.f;
    for (int dy = -radius; dy <= radius; dy++) {
        int yy = min(max(y + dy, 0), h - 1);
        float gy = c_gauss_spatial[dy + BIL_MAXR];
        for (int dx = -radius; dx <= radius; dx++) {
            int xx = min(max(x + dx, 0), w - 1);
            float v = __ldg(&in[(size_t)yy * w + xx]);
            float d = v - c;
            float wgt = gy * c_gauss_spatial[dx + BIL_MAXR] * __expf(-d * d * inv_two_sigma_r2);
            sum = fmaf(wgt, v, sum);
            wsum += wgt;
        }
    }
    out[(size_t)y * w + x] = sum / wsum;
}
