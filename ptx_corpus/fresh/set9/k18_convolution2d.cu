// Non-separable 2D convolution: constant-memory 5x5 and 7x7 filters, shared-memory tiled, uchar4 images.
#define FW 5
#define FR (FW / 2)
#define CT_X 16
#define CT_Y 16
__constant__ float c_Filter5[FW * FW];
__constant__ float c_Filter7[7 * 7];

extern "C" __global__ void conv2d_5x5_shared(const float *__restrict__ in, float *__restrict__ out, int w, int h)
{
    __shared__ float tile[CT_Y + 2 * FR][CT_X + 2 * FR];
    int x0 = blockIdx.x * CT_X, y0 = blockIdx.y * CT_Y;
    for (int y = threadIdx.y; y < CT_Y + 2 * FR; y += CT_Y)
        for (int x = threadIdx.x; x < CT_X + 2 * FR; x += CT_X) {
            int gx = min(max(x0 + x - FR, 0), w - 1);
            int gy = min(max(y0 + y - FR, 0), h - 1);
            tile[y][x] = in[gy * w + gx];
        }
    __syncthreads();
    int gx = x0 + threadIdx.x, gy = y0 + threadIdx.y;
    if (gx >= w || gy >= h) return;
    float s = 0.0f;
#pragma unroll
    for (int fy = 0; fy < FW; ++fy)
#pragma unroll
        for (int fx = 0; fx < FW; ++fx)
            s += c_Filter5[fy * FW + fx] * tile[threadIdx.y + fy][threadIdx.x + fx];
    out[gy * w + gx] = s;
}

// Each thread computes 4 vertically adjacent outputs with a 7x7 filter (register reuse of input rows).
extern "C" __global__ void conv2d_7x7_rows4(const float *__restrict__ in, float *__restrict__ out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y0 = (blockIdx.y * blockDim.y + threadIdx.y) * 4;
    if (x >= w || y0 >= h) return;
    float acc[4] = {0.f, 0.f, 0.f, 0.f};
#pragma unroll
    for (int r = 0; r < 4 + 6; ++r) {
        int yy = min(max(y0 + r - 3, 0), h - 1);
        float row[7];
#pragma unroll
        for (int c = 0; c < 7; ++c) row[c] = __ldg(&in[yy * w + min(max(x + c - 3, 0), w - 1)]);
#pragma unroll
        for (int o = 0; o < 4; ++o) {
            int fy = r - o;
            if (fy >= 0 && fy < 7) {
#pragma unroll
                for (int c = 0; c < 7; ++c) acc[o] += c_Filter7[fy * 7 + c] * row[c];
            }
        }
    }
#pragma unroll
    for (int o = 0; o < 4; ++o)
        if (y0 + o < h) out[(y0 + o) * w + x] = acc[o];
}

// 3x3 convolution on RGBA8 images with global filter weights.
extern "C" __global__ void conv2d_3x3_rgba(const uchar4 *in, uchar4 *out, const float *filt, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float3 s = make_float3(0.f, 0.f, 0.f);
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            int xx = min(max(x + dx, 0), w - 1), yy = min(max(y + dy, 0), h - 1);
            uchar4 p = in[yy * w + xx];
            float k = filt[(dy + 1) * 3 + dx + 1];
            s.x += k * p.x; s.y += k * p.y; s.z += k * p.z;
        }
    uchar4 o;
    o.x = (unsigned char)fminf(fmaxf(s.x, 0.f), 255.f);
    o.y = (unsigned char)fminf(fmaxf(s.y, 0.f), 255.f);
    o.z = (unsigned char)fminf(fmaxf(s.z, 0.f), 255.f);
    o.w = in[y * w + x].w;
    out[y * w + x] = o;
}
