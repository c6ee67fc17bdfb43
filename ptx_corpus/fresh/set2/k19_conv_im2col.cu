extern "C" __global__ void depthwise_conv3x3_nhwc(const float* __restrict__ in, const float* __restrict__ w,
    const float* __restrict__ bias, float* __restrict__ out, int N, int H, int W, int C, int stride, int pad)
{
    int c4 = blockIdx.x * blockDim.x + threadIdx.x;
    int ox = blockIdx.y;
    int nz = blockIdx.z;
    int Ho = (H + 2 * pad - 3) / stride + 1, Wo = (W + 2 * pad - 3) / stride + 1;
    int n = nz / Ho, oy = nz % Ho;
    if (c4 * 4 >= C || ox >= Wo || n >= N) return;
    int c = c4 * 4;
    float4 acc = *reinterpret_cast<const float4*>(bias + c);
#pragma unroll
    for (int ky = 0; ky < 3; ++ky) {
        int iy = oy * stride - pad + ky;
        if (iy < 0 || iy >= H) continue;
#pragma unroll
        for (int kx = 0; kx < 3; ++kx) {
            int ix = ox * stride - pad + kx;
            if (ix < 0 || ix >= W) continue;
            float4 v = __ldg(reinterpret_cast<const float4*>(in + (((size_t)n * H + iy) * W + ix) * C + c));
            float4 k = __ldg(reinterpret_cast<const float4*>(w + (ky * 3 + kx) * C + c));
            acc.x += v.x * k.x; acc.y += v.y * k.y; acc.z += v.z * k.z; acc.w += v.w * k.w;
        }
    }
    acc.x = fmaxf(acc.x, 0.f); acc.y = fmaxf(acc.y, 0.f); acc.z = fmaxf(acc.z, 0.f); acc.w = fmaxf(acc.w, 0.f);
    *reinterpret_cast<float4*>(out + (((size_t)n * Ho + oy) * Wo + ox) * C + c) = acc;
}

extern "C" __global__ void im2col_nchw(const float* __restrict__ img, float* __restrict__ col, int C, int H, int W,
    int kh, int kw, int padH, int padW, int sH, int sW, int dH, int dW, int Ho, int Wo)
{
    long long total = (long long)C * Ho * Wo;
    for (long long idx = blockIdx.x * (long long)blockDim.x + threadIdx.x; idx < total; idx += (long long)gridDim.x * blockDim.x) {
        int wo = idx % Wo;
        int ho = (idx / Wo) % Ho;
        int c = idx / ((long long)Wo * Ho);
        float* dst = col + ((long long)c * kh * kw * Ho + ho) * Wo + wo;
        for (int i = 0; i < kh; ++i)
            for (int j = 0; j < kw; ++j) {
                int y = ho * sH - padH + i * dH, x = wo * sW - padW + j * dW;
                *dst = (y >= 0 && x >= 0 && y < H && x < W) ? img[((long long)c * H + y) * W + x] : 0.f;
                dst += (long long)Ho * Wo;
            }
    }
}

// direct 3x3 conv, NCHW, each thread computes a 4x2 output patch for 8 output channels (64 accumulators)
// plus a 6x4 input window and 8x9 weight slice read from shared memory
#define OCB 8
extern "C" __global__ void conv3x3_nchw_regtile(const float* __restrict__ in, const float* __restrict__ w,
    const float* __restrict__ bias, float* __restrict__ out, int Cin, int H, int W, int Cout)
{
    extern __shared__ float sw[];           // OCB * Cin * 9
    int n = blockIdx.z / (Cout / OCB);
    int ocb = (blockIdx.z % (Cout / OCB)) * OCB;
    for (int i = threadIdx.y * blockDim.x + threadIdx.x; i < OCB * Cin * 9; i += blockDim.x * blockDim.y)
        sw[i] = w[(size_t)ocb * Cin * 9 + i];
    __syncthreads();
    int ox = (blockIdx.x * blockDim.x + threadIdx.x) * 2;
    int oy = (blockIdx.y * blockDim.y + threadIdx.y) * 4;
    if (ox >= W || oy >= H) return;
    float acc[OCB][4][2];
#pragma unroll
    for (int o = 0; o < OCB; ++o) {
        float b = bias[ocb + o];
#pragma unroll
        for (int r = 0; r < 4; ++r) { acc[o][r][0] = b; acc[o][r][1] = b; }
    }
    for (int c = 0; c < Cin; ++c) {
        const float* ip = in + ((size_t)n * Cin + c) * H * W;
        float win[6][4];
#pragma unroll
        for (int r = 0; r < 6; ++r)
#pragma unroll
            for (int q = 0; q < 4; ++q) {
                int yy = oy + r - 1, xx = ox + q - 1;
                win[r][q] = (yy >= 0 && yy < H && xx >= 0 && xx < W) ? __ldg(ip + (size_t)yy * W + xx) : 0.f;
            }
#pragma unroll
        for (int o = 0; o < OCB; ++o) {
            const float* k = sw + (o * Cin + c) * 9;
            float k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3], k4 = k[4], k5 = k[5], k6 = k[6], k7 = k[7], k8 = k[8];
#pragma unroll
            for (int r = 0; r < 4; ++r)
#pragma unroll
                for (int q = 0; q < 2; ++q)
                    acc[o][r][q] += k0 * win[r][q] + k1 * win[r][q + 1] + k2 * win[r][q + 2]
                                  + k3 * win[r + 1][q] + k4 * win[r + 1][q + 1] + k5 * win[r + 1][q + 2]
                                  + k6 * win[r + 2][q] + k7 * win[r + 2][q + 1] + k8 * win[r + 2][q + 2];
        }
    }
#pragma unroll
    for (int o = 0; o < OCB; ++o)
#pragma unroll
        for (int r = 0; r < 4; ++r)
            if (oy + r < H) {
                float* op = out + (((size_t)n * Cout + ocb + o) * H + oy + r) * W + ox;
                op[0] = fmaxf(acc[o][r][0], 0.f);
                if (ox + 1 < W) op[1] = fmaxf(acc[o][r][1], 0.f);
            }
}
