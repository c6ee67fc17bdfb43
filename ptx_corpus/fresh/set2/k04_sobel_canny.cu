#define TW 16
#define TH 16
extern "C" __global__ void __launch_bounds__(256) sobel_tiled(const float* __restrict__ img,
    float* __restrict__ mag, unsigned char* __restrict__ dir, int w, int h)
{
    __shared__ float tile[TH + 2][TW + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int gx = blockIdx.x * TW + tx, gy = blockIdx.y * TH + ty;
    for (int j = ty; j < TH + 2; j += TH)
        for (int i = tx; i < TW + 2; i += TW) {
            int sx = min(max((int)(blockIdx.x * TW) + i - 1, 0), w - 1);
            int sy = min(max((int)(blockIdx.y * TH) + j - 1, 0), h - 1);
            tile[j][i] = img[sy * w + sx];
        }
    __syncthreads();
    if (gx >= w || gy >= h) return;
    float a = tile[ty][tx], b = tile[ty][tx + 1], c = tile[ty][tx + 2];
    float d = tile[ty + 1][tx], f = tile[ty + 1][tx + 2];
    float g = tile[ty + 2][tx], hh = tile[ty + 2][tx + 1], k = tile[ty + 2][tx + 2];
    float Gx = (c + 2.f * f + k) - (a + 2.f * d + g);
    float Gy = (g + 2.f * hh + k) - (a + 2.f * b + c);
    mag[gy * w + gx] = sqrtf(Gx * Gx + Gy * Gy);
    float ang = atan2f(Gy, Gx) * 57.29578f;
    if (ang < 0) ang += 180.f;
    unsigned char q;
    if (ang < 22.5f || ang >= 157.5f) q = 0;
    else if (ang < 67.5f) q = 1;
    else if (ang < 112.5f) q = 2;
    else q = 3;
    dir[gy * w + gx] = q;
}

extern "C" __global__ void canny_nms_hysteresis(const float* __restrict__ mag, const unsigned char* __restrict__ dir,
    unsigned char* __restrict__ edges, int w, int h, float lo, float hi)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) return;
    float m = mag[y * w + x];
    int dx, dy;
    switch (dir[y * w + x]) {
        case 0: dx = 1; dy = 0; break;
        case 1: dx = 1; dy = 1; break;
        case 2: dx = 0; dy = 1; break;
        default: dx = -1; dy = 1; break;
    }
    float n1 = mag[(y + dy) * w + x + dx];
    float n2 = mag[(y - dy) * w + x - dx];
    unsigned char e = 0;
    if (m >= n1 && m >= n2) {
        if (m >= hi) e = 255;
        else if (m >= lo) e = 128;
    }
    edges[y * w + x] = e;
}
