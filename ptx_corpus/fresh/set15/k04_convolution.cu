// Domain: image / tensor convolutions (SDK-style and direct multi-channel)
// conv2d_5x5_shared: 2D convolution with a 5x5 filter in constant memory, shared tile with halo.
// sep_conv_rows: separable row pass (radius 8), each thread produces 4 results from a shared strip.
// sep_conv_cols: separable column pass (radius 8), each thread produces 4 results from a shared strip.
// conv3x3_oc8_tile: direct NCHW 3x3 convolution, each thread computes a 2x2 pixel patch for 8 output channels.
// conv3x3_oc8_tile_lb: same direct convolution under __launch_bounds__(256,8).

#define FR 2
#define FW (2 * FR + 1)
__constant__ float c_filter5[FW * FW];
#define SR 8
__constant__ float c_sep[2 * SR + 1];

extern "C" __global__ void conv2d_5x5_shared(const float* __restrict__ in, float* __restrict__ out,
                                             int w, int h)
{
    __shared__ float tile[16 + 2 * FR][16 + 2 * FR];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x0 = blockIdx.x * 16, y0 = blockIdx.y * 16;
    for (int j = ty; j < 16 + 2 * FR; j += 16)
        for (int i = tx; i < 16 + 2 * FR; i += 16) {
            int gx = min(max(x0 + i - FR, 0), w - 1);
            int gy = min(max(y0 + j - FR, 0), h - 1);
            tile[j][i] = in[(size_t)gy * w + gx];
        }
    __syncthreads();
    int x = x0 + tx, y = y0 + ty;
    if (x >= w || y >= h) return;
    float s = 0.f;
#pragma unroll
    for (int dy = 0; dy < FW; dy++)
#pragma unroll
        for (int dx = 0; dx < FW; dx++) s = fmaf(c_filter5[dy * FW + dx], tile[ty + dy][tx + dx], s);
    out[(size_t)y * w + x] = s;
}

// rows: block 16x4 threads, each thread 4 outputs -> 64 pixel strip plus halo 16 on each side
#define ROW_BX 16
#define ROW_BY 4
#define ROW_RES 4
#define ROW_HALO 1
extern "C" __global__ void sep_conv_rows(float* __restrict__ dst, const float* __restrict__ src,
                                         int w, int h, int pitch)
{
    __shared__ float s[ROW_BY][(ROW_RES + 2 * ROW_HALO) * ROW_BX];
    int bx0 = (blockIdx.x * ROW_RES - ROW_HALO) * ROW_BX + threadIdx.x;
    int by = blockIdx.y * ROW_BY + threadIdx.y;
    bool oky = by < h;
    const float* row = src + (size_t)min(by, h - 1) * pitch;
#pragma unroll
    for (int i = 0; i < ROW_RES + 2 * ROW_HALO; i++) {
        int gx = bx0 + i * ROW_BX;
        s[threadIdx.y][threadIdx.x + i * ROW_BX] = (oky && gx >= 0 && gx < w) ? row[gx] : 0.f;
    }
    __syncthreads();
    if (!oky) return;
#pragma unroll
    for (int i = ROW_HALO; i < ROW_HALO + ROW_RES; i++) {
        int gx = bx0 + i * ROW_BX;
        float sum = 0.f;
#pragma unroll
        for (int j = -SR; j <= SR; j++) sum += c_sep[SR - j] * s[threadIdx.y][threadIdx.x + i * ROW_BX + j];
        if (gx < w) dst[(size_t)by * pitch + gx] = sum;
    }
}

#define COL_BX 16
#define COL_BY 8
#define COL_RES 4
#define COL_HALO 1
extern "C" __global__ void sep_conv_cols(float* __restrict__ dst, const float* __restrict__ src,
                                         int w, int h, int pitch)
{
    __shared__ float s[COL_BX][(COL_RES + 2 * COL_HALO) * COL_BY + 1];
    int bx = blockIdx.x * COL_BX + threadIdx.x;
    int by0 = (blockIdx.y * COL_RES - COL_HALO) * COL_BY + threadIdx.y;
    bool okx = bx < w;
#pragma unroll
    for (int i = 0; i < COL_RES + 2 * COL_HALO; i++) {
        int gy = by0 + i * COL_BY;
        s[threadIdx.x][threadIdx.y + i * COL_BY] = (okx && gy >= 0 && gy < h) ? src[(size_t)gy * pitch + bx] : 0.f;
    }
    __syncthreads();
    if (!okx) return;
#pragma unroll
    for (int i = COL_HALO; i < COL_HALO + COL_RES; i++) {
        int gy = by0 + i * COL_BY;
        float sum = 0.f;
#pragma unroll
        for (int j = -SR; j <= SR; j++) sum += c_sep[SR - j] * s[threadIdx.x][threadIdx.y + i * COL_BY + j];
        if (gy < h) dst[(size_t)gy * pitch + bx] = sum;
    }
}

// in: [C][H][W], wgt: [K][C][3][3], out: [K][H][W]; pad 1, stride 1.
// Thread handles a 2x2 output patch for output channels k0..k0+7 (k0 = blockIdx.z*8).
__device__ __forceinline__ void conv3x3_oc8_body(const float* __restrict__ in, const float* __restrict__ wgt,
                                                 const float* __restrict__ bias, float* __restrict__ out,
                                                 int C, int H, int W, int K)
{
    int ox = (blockIdx.x * blockDim.x + threadIdx.x) * 2;
    int oy = (blockIdx.y * blockDim.y + threadIdx.y) * 2;
    int k0 = blockIdx.z * 8;
    if (ox >= W || oy >= H) return;
    float acc[8][4];
#pragma unroll
    for (int k = 0; k < 8; k++) {
        float b = (k0 + k < K) ? bias[k0 + k] : 0.f;
#pragma unroll
        for (int p = 0; p < 4; p++) acc[k][p] = b;
    }
    for (int c = 0; c < C; c++) {
        const float* ip = in + (size_t)c * H * W;
        float win[4][4];
#pragma unroll
        for (int dy = 0; dy < 4; dy++)
#pragma unroll
            for (int dx = 0; dx < 4; dx++) {
                int y = oy + dy - 1, x = ox + dx - 1;
                win[dy][dx] = (y >= 0 && y < H && x >= 0 && x < W) ? __ldg(&ip[(size_t)y * W + x]) : 0.f;
            }
#pragma unroll
        for (int k = 0; k < 8; k++) {
            if (k0 + k >= K) break;
            const float* wp = wgt + ((size_t)(k0 + k) * C + c) * 9;
#pragma unroll
            for (int r = 0; r < 3; r++)
#pragma unroll
                for (int s = 0; s < 3; s++) {
                    float wv = __ldg(&wp[r * 3 + s]);
                    acc[k][0] = fmaf(wv, win[r][s], acc[k][0]);
                    acc[k][1] = fmaf(wv, win[r][s + 1], acc[k][1]);
                    acc[k][2] = fmaf(wv, win[r + 1][s], acc[k][2]);
                    acc[k][3] = fmaf(wv, win[r + 1][s + 1], acc[k][3]);
                }
        }
    }
#pragma unroll
    for (int k = 0; k < 8; k++) {
        if (k0 + k >= K) break;
        float* op = out + (size_t)(k0 + k) * H * W;
#pragma unroll
        for (int p = 0; p < 4; p++) {
            int y = oy + (p >> 1), x = ox + (p & 1);
            if (y < H && x < W) op[(size_t)y * W + x] = fmaxf(acc[k][p], 0.f);
        }
    }
}

extern "C" __global__ void conv3x3_oc8_tile(const float* __restrict__ in, const float* __restrict__ wgt,
                                            const float* __restrict__ bias, float* __restrict__ out,
                                            int C, int H, int W, int K)
{
    conv3x3_oc8_body(in, wgt, bias, out, C, H, W, K);
}

extern "C" __global__ void __launch_bounds__(256, 8)
conv3x3_oc8_tile_lb(const float* __restrict__ in, const float* __restrict__ wgt,
                    const float* __restrict__ bias, float* __restrict__ out,
                    int C, int H, int W, int K)
{
    conv3x3_oc8_body(in, wgt, bias, out, C, H, W, K);
}
