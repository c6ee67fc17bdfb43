// Domain: image processing filters
// sobel_magnitude_u8   - 3x3 Sobel gradient magnitude on 8-bit image, shared 18x18 tile
// median3x3_network    - 3x3 median via fixed exchange network on 9 registers (constant-indexed array)
// bilateral_5x5        - bilateral filter with spatial weights in __constant__ and range weight by expf
// median_runtime_win   - median over a runtime radius window using a local array and insertion sort

extern "C" __global__ void sobel_magnitude_u8(const unsigned char *in, unsigned char *out, int w, int h)
{
    __shared__ unsigned char t[18][18];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x0 = blockIdx.x * 16 - 1, y0 = blockIdx.y * 16 - 1;
    for (int i = ty * 16 + tx; i < 18 * 18; i += 256) {
        int lx = i % 18, ly = i / 18;
        int gx = min(max(x0 + lx, 0), w - 1), gy = min(max(y0 + ly, 0), h - 1);
        t[ly][lx] = in[gy * w + gx];
    }
    __syncthreads();
    int x = blockIdx.x * 16 + tx, y = blockIdx.y * 16 + ty;
    if (x >= w || y >= h) return;
    int gx = -t[ty][tx] + t[ty][tx + 2] - 2 * t[ty + 1][tx] + 2 * t[ty + 1][tx + 2] - t[ty + 2][tx] + t[ty + 2][tx + 2];
    int gy = -t[ty][tx] - 2 * t[ty][tx + 1] - t[ty][tx + 2] + t[ty + 2][tx] + 2 * t[ty + 2][tx + 1] + t[ty + 2][tx + 2];
    float m = sqrtf((float)(gx * gx + gy * gy));
    out[y * w + x] = (unsigned char)fminf(m, 255.f);
}

#define CSWAP(a, b) { float lo_ = fminf(p[a], p[b]); float hi_ = fmaxf(p[a], p[b]); p[a] = lo_; p[b] = hi_; }

extern "C" __global__ void median3x3_network(const float *__restrict__ in, float *__restrict__ out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) return;
    float p[9];
#pragma unroll
    for (int j = 0; j < 3; ++j)
#pragma unroll
        for (int i = 0; i < 3; ++i) p[j * 3 + i] = in[(y + j - 1) * w + x + i - 1];
    CSWAP(1, 2); CSWAP(4, 5); CSWAP(7, 8);
    CSWAP(0, 1); CSWAP(3, 4); CSWAP(6, 7);
    CSWAP(1, 2); CSWAP(4, 5); CSWAP(7, 8);
    CSWAP(0, 3); CSWAP(5, 8); CSWAP(4, 7);
    CSWAP(3, 6); CSWAP(1, 4); CSWAP(2, 5);
    CSWAP(4, 7); CSWAP(4, 2); CSWAP(6, 4);
    CSWAP(4, 2);
    out[y * w + x] = p[4];
}

__constant__ float c_spatial5[25];

extern "C" __global__ void bilateral_5x5(const float *in, float *out, int w, int h, float inv_2sr2)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float c = in[y * w + x];
    float num = 0.f, den = 0.f;
    for (int dy = -2; dy <= 2; ++dy) {
        int yy = min(max(y + dy, 0), h - 1);
        for (int dx = -2; dx <= 2; ++dx) {
            int xx = min(max(x + dx, 0), w - 1);
            float v = in[yy * w + xx];
            float d = v - c;
            float wgt = c_spatial5[(dy + 2) * 5 + dx + 2] * __expf(-d * d * inv_2sr2);
            num += wgt * v;
            den += wgt;
        }
    }
    out[y * w + x] = num / den;
}

extern "C" __global__ void median_runtime_win(const float *in, float *out, int w, int h, int radius)
{
    float win[49];
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    radius = min(radius, 3);
    int cnt = 0;
    for (int dy = -radius; dy <= radius; ++dy)
        for (int dx = -radius; dx <= radius; ++dx) {
            int xx = min(max(x + dx, 0), w - 1), yy = min(max(y + dy, 0), h - 1);
            float v = in[yy * w + xx];
            int j = cnt++;
            while (j > 0 && win[j - 1] > v) { win[j] = win[j - 1]; --j; }
            win[j] = v;
        }
    out[y * w + x] = win[cnt / 2];
}
