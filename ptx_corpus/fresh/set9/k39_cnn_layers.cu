// CNN layer kernels: im2col, direct 3x3 convolution with per-thread 2x2 output tile over 8 output channels,
// 2x2 max pooling with argmax, and batch-norm inference + ReLU.
extern "C" __global__ void im2col_kernel(int n, const float *data_im, int height, int width, int ksize, int pad,
                                         int stride, int height_col, int width_col, float *data_col)
{
    for (int index = blockIdx.x * blockDim.x + threadIdx.x; index < n; index += blockDim.x * gridDim.x) {
        int w_out = index % width_col;
        int h_index = index / width_col;
        int h_out = h_index % height_col;
        int channel_in = h_index / height_col;
        int channel_out = channel_in * ksize * ksize;
        int h_in = h_out * stride - pad;
        int w_in = w_out * stride - pad;
        float *col = data_col + (channel_out * height_col + h_out) * width_col + w_out;
        const float *im = data_im + (channel_in * height + h_in) * width + w_in;
        for (int i = 0; i < ksize; ++i) {
            for (int j = 0; j < ksize; ++j) {
                int h = h_in + i, w = w_in + j;
                *col = (h >= 0 && w >= 0 && h < height && w < width) ? im[i * width + j] : 0.f;
                col += height_col * width_col;
            }
        }
    }
}

#define OC_PER_THREAD 8
extern "C" __global__ void conv3x3_direct_oc8_2x2(const float *__restrict__ in, const float *__restrict__ wgt,
                                                  const float *__restrict__ bias, float *__restrict__ out,
                                                  int C, int H, int W, int K)
{
    int ox = (blockIdx.x * blockDim.x + threadIdx.x) * 2;
    int oy = (blockIdx.y * blockDim.y + threadIdx.y) * 2;
    int k0 = blockIdx.z * OC_PER_THREAD;
    if (ox >= W || oy >= H) return;
    float acc[OC_PER_THREAD][2][2];
#pragma unroll
    for (int k = 0; k < OC_PER_THREAD; ++k) {
        float b = (k0 + k < K) ? bias[k0 + k] : 0.f;
#pragma unroll
        for (int a = 0; a < 2; ++a)
#pragma unroll
            for (int c = 0; c < 2; ++c) acc[k][a][c] = b;
    }
    for (int c = 0; c < C; ++c) {
        float patch[4][4];
#pragma unroll
        for (int dy = 0; dy < 4; ++dy)
#pragma unroll
            for (int dx = 0; dx < 4; ++dx) {
                int yy = oy + dy - 1, xx = ox + dx - 1;
                patch[dy][dx] = (yy >= 0 && yy < H && xx >= 0 && xx < W) ? __ldg(&in[(c * H + yy) * W + xx]) : 0.f;
            }
#pragma unroll
        for (int k = 0; k < OC_PER_THREAD; ++k) {
            const float *wk = wgt + ((size_t)(k0 + k) * C + c) * 9;
#pragma unroll
            for (int r = 0; r < 3; ++r)
#pragma unroll
                for (int s = 0; s < 3; ++s) {
                    float wv = __ldg(&wk[r * 3 + s]);
#pragma unroll
                    for (int a = 0; a < 2; ++a)
#pragma unroll
                        for (int b = 0; b < 2; ++b) acc[k][a][b] += wv * patch[a + r][b + s];
                }
        }
    }
#pragma unroll
    for (int k = 0; k < OC_PER_THREAD; ++k) {
        if (k0 + k >= K) break;
#pragma unroll
        for (int a = 0; a < 2; ++a)
#pragma unroll
            for (int b = 0; b < 2; ++b)
                if (oy + a < H && ox + b < W) out[((k0 + k) * H + oy + a) * W + ox + b] = acc[k][a][b];
    }
}

extern "C" __global__ void maxpool2x2_argmax(const float *in, float *out, int *argmax, int C, int H, int W)
{
    int Ho = H / 2, Wo = W / 2;
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= C * Ho * Wo) return;
    int x = idx % Wo, y = (idx / Wo) % Ho, c = idx / (Wo * Ho);
    const float *p = in + ((size_t)c * H + 2 * y) * W + 2 * x;
    float m = p[0];
    int am = 0;
    if (p[1] > m) { m = p[1]; am = 1; }
    if (p[W] > m) { m = p[W]; am = W; }
    if (p[W + 1] > m) { m = p[W + 1]; am = W + 1; }
    out[idx] = m;
    argmax[idx] = (int)(p - in) + am;
}

extern "C" __global__ void batchnorm_relu_infer(const float *x, float *y, const float *mean, const float *var,
                                                const float *gamma, const float *beta, int C, int HW, float eps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int c = blockIdx.y;
    if (i >= HW) return;
    float scale = gamma[c] * rsqrtf(var[c] + eps);
    float shift = beta[c] - mean[c] * scale;
    size_t off = ((size_t)blockIdx.z * C + c) * HW + i;
    y[off] = fmaxf(x[off] * scale + shift, 0.f);
}
