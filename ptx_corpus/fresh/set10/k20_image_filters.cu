// Image filters: Sobel edge detection (shared tile), bilateral filter, 3x3 median.
#include <cuda_runtime.h>

#define SOBEL_BW 16
#define SOBEL_BH 16

extern "C" __global__ void sobelShared(unsigned char *out, const unsigned char *in, int w, int h, float scale)
{
    __shared__ unsigned char tile[SOBEL_BH + 2][SOBEL_BW + 2];
    int x = blockIdx.x * SOBEL_BW + threadIdx.x;
    int y = blockIdx.y * SOBEL_BH + threadIdx.y;
    for (int dy = threadIdx.y; dy < SOBEL_BH + 2; dy += SOBEL_BH)
        for (int dx = threadIdx.x; dx < SOBEL_BW + 2; dx += SOBEL_BW) {
            int sx = min(max((int)(blockIdx.x * SOBEL_BW) + dx - 1, 0), w - 1);
            int sy = min(max((int)(blockIdx.y * SOBEL_BH) + dy - 1, 0), h - 1);
            tile[dy][dx] = in[sy * w + sx];
        }
    __syncthreads();
    if (x >= w || y >= h) return;
    int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
    int ul = tile[ty - 1][tx - 1], um = tile[ty - 1][tx], ur = tile[ty - 1][tx + 1];
    int ml = tile[ty][tx - 1], mr = tile[ty][tx + 1];
    int ll = tile[ty + 1][tx - 1], lm = tile[ty + 1][tx], lr = tile[ty + 1][tx + 1];
    int Horz = ur + 2 * mr + lr - ul - 2 * ml - ll;
    int Vert = ul + 2 * um + ur - ll - 2 * lm - lr;
    int sum = (int)(scale * (abs(Horz) + abs(Vert)));
    out[y * w + x] = (unsigned char)min(max(sum, 0), 255);
}

__constant__ float cGaussian[64];

__device__ inline float euclideanLen(float4 a, float4 b, float d)
{
    float mod = (b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y) + (b.z - a.z) * (b.z - a.z);
    return __expf(-mod / (2.f * d * d));
}

extern "C" __global__ void bilateralFilterRGBA(unsigned int *od, const unsigned int *id, int w, int h, float e_d, int r)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    auto unpack = [](unsigned int c) {
        return make_float4((c & 0xff) / 255.f, ((c >> 8) & 0xff) / 255.f, ((c >> 16) & 0xff) / 255.f, ((c >> 24) & 0xff) / 255.f);
    };
    float sum = 0.0f;
    float4 t = make_float4(0.f, 0.f, 0.f, 0.f);
    float4 center = unpack(id[y * w + x]);
    for (int i = -r; i <= r; i++) {
        int yy = min(max(y + i, 0), h - 1);
        for (int j = -r; j <= r; j++) {
            int xx = min(max(x + j, 0), w - 1);
            float4 curPix = unpack(id[yy * w + xx]);
            float factor = cGaussian[i + r] * cGaussian[j + r] * euclideanLen(curPix, center, e_d);
            t.x += factor * curPix.x; t.y += factor * curPix.y; t.z += factor * curPix.z; t.w += factor * curPix.w;
            sum += factor;
        }
    }
    float inv = 1.f / sum;
    unsigned int rr = (unsigned int)(__saturatef(t.x * inv) * 255.f);
    unsigned int gg = (unsigned int)(__saturatef(t.y * inv) * 255.f);
    unsigned int bb = (unsigned int)(__saturatef(t.z * inv) * 255.f);
    unsigned int aa = (unsigned int)(__saturatef(t.w * inv) * 255.f);
    od[y * w + x] = (aa << 24) | (bb << 16) | (gg << 8) | rr;
}

// 3x3 median via a sorting network on 9 register values.
#define s2(a, b) { float tmp = fminf(a, b); b = fmaxf(a, b); a = tmp; }
#define mn3(a, b, c) s2(a, b); s2(a, c);
#define mx3(a, b, c) s2(b, c); s2(a, c);
#define mnmx3(a, b, c) mx3(a, b, c); s2(a, b);
#define mnmx4(a, b, c, d) s2(a, b); s2(c, d); s2(a, c); s2(b, d);
#define mnmx5(a, b, c, d, e) s2(a, b); s2(c, d); mn3(a, c, e); mx3(b, d, e);
#define mnmx6(a, b, c, d, e, f) s2(a, d); s2(b, e); s2(c, f); mn3(a, b, c); mx3(d, e, f);

extern "C" __global__ void median3x3(float *out, const float *in, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float v[9];
    int k = 0;
#pragma unroll
    for (int dy = -1; dy <= 1; dy++)
#pragma unroll
        for (int dx = -1; dx <= 1; dx++) {
            int xx = min(max(x + dx, 0), w - 1), yy = min(max(y + dy, 0), h - 1);
            v[k++] = in[yy * w + xx];
        }
    mnmx6(v[0], v[1], v[2], v[3], v[4], v[5]);
    mnmx5(v[1], v[2], v[3], v[4], v[6]);
    mnmx4(v[2], v[3], v[4], v[7]);
    mnmx3(v[3], v[4], v[8]);
    out[y * w + x] = v[4];
}

// 5x5 median on uchar data using a shared tile and a 25-bin partial selection.
extern "C" __global__ void median5x5Shared(unsigned char *out, const unsigned char *in, int w, int h)
{
    __shared__ unsigned char tile[20][20];
    int x0 = blockIdx.x * 16, y0 = blockIdx.y * 16;
    for (int i = threadIdx.y * 16 + threadIdx.x; i < 400; i += 256) {
        int ty = i / 20, tx = i % 20;
        int sx = min(max(x0 + tx - 2, 0), w - 1), sy = min(max(y0 + ty - 2, 0), h - 1);
        tile[ty][tx] = in[sy * w + sx];
    }
    __syncthreads();
    int x = x0 + threadIdx.x, y = y0 + threadIdx.y;
    if (x >= w || y >= h) return;
    unsigned char v[25];
#pragma unroll
    for (int i = 0; i < 5; i++)
#pragma unroll
        for (int j = 0; j < 5; j++) v[i * 5 + j] = tile[threadIdx.y + i][threadIdx.x + j];
    // partial selection sort up to the median
    for (int i = 0; i <= 12; i++) {
        int minIdx = i;
        for (int j = i + 1; j < 25; j++) if (v[j] < v[minIdx]) minIdx = j;
        unsigned char t = v[i]; v[i] = v[minIdx]; v[minIdx] = t;
    }
    out[y * w + x] = v[12];
}
