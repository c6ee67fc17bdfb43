// k15_depthwise_conv.cu
// ML: depthwise-separable convolution pieces (MobileNet style), NHWC float.
//  - dwconv3x3_nhwc:     depthwise 3x3, stride 1, one thread per output element (9 taps unrolled)
//  - dwconv5x5_tile:     depthwise 5x5 with a shared-memory input tile and 2x2 outputs per thread
//  - dwconv_kxk_local:   generic KxK depthwise with run-time K; taps cached in a thread-local array
//  - pwconv_1x1_relu6:   pointwise 1x1 conv, 8 output channels per thread, ReLU6

extern "C" __global__ void dwconv3x3_nhwc(const float* __restrict__ in, const float* __restrict__ w,
                                          const float* __restrict__ bias, float* __restrict__ out,
                                          int N, int H, int W, int C)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int total = N * H * W * C;
    if (idx >= total) return;
    int c = idx % C, x = (idx / C) % W, y = (idx / (C * W)) % H, n = idx / (C * W * H);
    float s = bias[c];
#pragma unroll
    for (int ky = -1; ky <= 1; ++ky)
#pragma unroll
        for (int kx = -1; kx <= 1; ++kx) {
            int yy = y + ky, xx = x + kx;
            if (yy >= 0 && yy < H && xx >= 0 && xx < W)
                s += in[(((size_t)n * H + yy) * W + xx) * C + c] * w[((ky + 1) * 3 + kx + 1) * C + c];
        }
    out[idx] = s;
}

extern "C" __global__ void dwconv5x5_tile(const float* __restrict__ in, const float* __restrict__ w,
                                          float* __restrict__ out, int H, int W, int C)
{
    // grid: (W/32, H/16, C) ; block 16x8 threads, each 2x2 outputs -> 32x16 output tile
    __shared__ float tile[16 + 4][32 + 4 + 1];
    int c = blockIdx.z;
    int ox0 = blockIdx.x * 32, oy0 = blockIdx.y * 16;
    int tid = threadIdx.y * blockDim.x + threadIdx.x;
    for (int e = tid; e < 20 * 36; e += blockDim.x * blockDim.y) {
        int ty = e / 36, tx = e % 36;
        int gy = oy0 + ty - 2, gx = ox0 + tx - 2;
        tile[ty][tx] = (gy >= 0 && gy < H && gx >= 0 && gx < W) ? in[((size_t)gy * W + gx) * C + c] : 0.f;
    }
    float k[25];
#pragma unroll
    for (int i = 0; i < 25; ++i) k[i] = w[i * C + c];
    __syncthreads();
    int lx = threadIdx.x * 2, ly = threadIdx.y * 2;
    float o00 = 0, o01 = 0, o10 = 0, o11 = 0;
#pragma unroll
    for (int ky = 0; ky < 5; ++ky)
#pragma unroll
        for (int kx = 0; kx < 5; ++kx) {
            float kv = k[ky * 5 + kx];
            o00 += kv * tile[ly + ky][lx + kx];
            o01 += kv * tile[ly + ky][lx + kx + 1];
            o10 += kv * tile[ly + ky + 1][lx + kx];
            o11 += kv * tile[ly + ky + 1][lx + kx + 1];
        }
    int gx = ox0 + lx, gy = oy0 + ly;
    if (gy < H && gx < W) out[((size_t)gy * W + gx) * C + c] = o00;
    if (gy < H && gx + 1 < W) out[((size_t)gy * W + gx + 1) * C + c] = o01;
    if (gy + 1 < H && gx < W) out[((size_t)(gy + 1) * W + gx) * C + c] = o10;
    if (gy + 1 < H && gx + 1 < W) out[((size_t)(gy + 1) * W + gx + 1) * C + c] = o11;
}

extern "C" __global__ void dwconv_kxk_local(const float* __restrict__ in, const float* __restrict__ w,
                                            float* __restrict__ out, int H, int W, int C, int K, int stride, int dil)
{
    float taps[49];
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int Ho = (H - dil * (K - 1) - 1) / stride + 1, Wo = (W - dil * (K - 1) - 1) / stride + 1;
    if (idx >= Ho * Wo * C) return;
    int c = idx % C, x = (idx / C) % Wo, y = idx / (C * Wo);
    int KK = min(K * K, 49);
    for (int i = 0; i < KK; ++i) taps[i] = w[i * C + c];
    float s = 0.f;
    for (int ky = 0; ky < K; ++ky)
        for (int kx = 0; kx < K; ++kx) {
            int t = ky * K + kx;
            if (t < KK) s += taps[t] * in[((size_t)(y * stride + ky * dil) * W + x * stride + kx * dil) * C + c];
        }
    out[idx] = s;
}

extern "C" __global__ void pwconv_1x1_relu6(const float* __restrict__ in, const float* __restrict__ w /* Cin x Cout */,
                                            const float* __restrict__ bias, float* __restrict__ out,
                                            int P, int Cin, int Cout)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    int co0 = blockIdx.y * 8;
    if (p >= P) return;
    float acc[8];
#pragma unroll
    for (int j = 0; j < 8; ++j) acc[j] = (co0 + j < Cout) ? bias[co0 + j] : 0.f;
    const float* ip = in + (size_t)p * Cin;
    for (int ci = 0; ci < Cin; ++ci) {
        float v = ip[ci];
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[j] += v * w[(size_t)ci * Cout + min(co0 + j, Cout - 1)];
    }
#pragma unroll
    for (int j = 0; j < 8; ++j)
        if (co0 + j < Cout) out[(size_t)p * Cout + co0 + j] = fminf(fmaxf(acc[j], 0.f), 6.f);
}
