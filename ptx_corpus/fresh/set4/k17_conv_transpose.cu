// Transposed convolution (deconvolution): 2D gather-form with stride/padding/dilation, 3x3 stride-2 upsampler with register-blocked output channels, and 1D transposed conv for vocoders.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

// NCHW, weight [Cin][Cout][KH][KW]; out[n][co][oy][ox] = sum over ci,ky,kx where (oy + pad - ky*dil) divisible by stride
extern "C" __global__ void
conv_transpose2d_gather(const float* __restrict__ in, const float* __restrict__ w, const float* __restrict__ bias,
                        float* __restrict__ out, int N, int Cin, int H, int W, int Cout, int OH, int OW,
                        int KH, int KW, int stride, int pad, int dil)
{
    size_t idx = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    size_t total = (size_t)N * Cout * OH * OW;
    if (idx >= total) return;
    int ox = idx % OW, oy = (idx / OW) % OH, co = (idx / ((size_t)OW * OH)) % Cout, n = idx / ((size_t)OW * OH * Cout);
    float acc = bias ? bias[co] : 0.f;
    for (int ky = 0; ky < KH; ++ky) {
        int ty = oy + pad - ky * dil;
        if (ty < 0 || ty % stride) continue;
        int iy = ty / stride;
        if (iy >= H) continue;
        for (int kx = 0; kx < KW; ++kx) {
            int tx = ox + pad - kx * dil;
            if (tx < 0 || tx % stride) continue;
            int ix = tx / stride;
            if (ix >= W) continue;
            const float* ip = in + (((size_t)n * Cin) * H + iy) * W + ix;
            const float* wp = w + ((size_t)co * KH + ky) * KW + kx;
            for (int ci = 0; ci < Cin; ++ci)
                acc = fmaf(ip[(size_t)ci * H * W], wp[(size_t)ci * Cout * KH * KW], acc);
        }
    }
    out[idx] = acc;
}

// 3x3, stride 2, pad 1, output_padding 1: each thread computes a 2x2 output quad for 8 output channels (32 accumulators)
#define COB 8
extern "C" __global__ void __launch_bounds__(128, 4)
conv_transpose3x3_s2_quad(const float* __restrict__ in, const float* __restrict__ w /*[Cin][Cout][3][3]*/,
                          float* __restrict__ out, int Cin, int H, int W, int Cout)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;   // input column
    int y = blockIdx.y;                                // input row
    int co0 = blockIdx.z * COB;
    if (x >= W) return;
    float acc[COB][4];
#pragma unroll
    for (int c = 0; c < COB; ++c)
#pragma unroll
        for (int q = 0; q < 4; ++q) acc[c][q] = 0.f;
    // output (2y+dy, 2x+dx) receives in(y,x)*w[1+..] combos:
    // (0,0): in(y,x)w11 ; (0,1): in(y,x)w12 + in(y,x+1)w10 ; (1,0): in(y,x)w21 + in(y+1,x)w01 ;
    // (1,1): in(y,x)w22 + in(y,x+1)w20 + in(y+1,x)w02 + in(y+1,x+1)w00
    for (int ci = 0; ci < Cin; ++ci) {
        const float* ip = in + (size_t)ci * H * W;
        float a = ip[y * W + x];
        float b = x + 1 < W ? ip[y * W + x + 1] : 0.f;
        float c = y + 1 < H ? ip[(y + 1) * W + x] : 0.f;
        float d = (x + 1 < W && y + 1 < H) ? ip[(y + 1) * W + x + 1] : 0.f;
#pragma unroll
        for (int k = 0; k < COB; ++k) {
            const float* wk = w + ((size_t)ci * Cout + co0 + k) * 9;
            acc[k][0] = fmaf(a, wk[4], acc[k][0]);
            acc[k][1] = fmaf(a, wk[5], fmaf(b, wk[3], acc[k][1]));
            acc[k][2] = fmaf(a, wk[7], fmaf(c, wk[1], acc[k][2]));
            acc[k][3] = fmaf(a, wk[8], fmaf(b, wk[6], fmaf(c, wk[2], fmaf(d, wk[0], acc[k][3]))));
        }
    }
    int OW = 2 * W, OH = 2 * H;
#pragma unroll
    for (int k = 0; k < COB; ++k) {
        float* op = out + (size_t)(co0 + k) * OH * OW;
        op[(2 * y) * OW + 2 * x] = acc[k][0];
        op[(2 * y) * OW + 2 * x + 1] = acc[k][1];
        op[(2 * y + 1) * OW + 2 * x] = acc[k][2];
        op[(2 * y + 1) * OW + 2 * x + 1] = acc[k][3];
    }
}

// 1D transposed conv (HiFi-GAN style upsampling) in half with float accumulation; weights for one output channel staged in smem
extern "C" __global__ void
conv_transpose1d_half(const __half* __restrict__ in /*[Cin][L]*/, const __half* __restrict__ w /*[Cin][Cout][K]*/,
                      const float* __restrict__ bias, __half* __restrict__ out /*[Cout][OL]*/,
                      int Cin, int L, int Cout, int K, int stride, int pad, int OL)
{
    extern __shared__ float sw[];  // Cin*K
    int co = blockIdx.y;
    for (int i = threadIdx.x; i < Cin * K; i += blockDim.x) {
        int ci = i / K, k = i % K;
        sw[i] = __half2float(w[((size_t)ci * Cout + co) * K + k]);
    }
    __syncthreads();
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= OL) return;
    float acc = bias[co];
    int kStart = (o + pad) % stride;
    for (int k = kStart; k < K; k += stride) {
        int i = (o + pad - k) / stride;
        if (i < 0 || i >= L) continue;
        for (int ci = 0; ci < Cin; ++ci) acc = fmaf(__half2float(in[(size_t)ci * L + i]), sw[ci * K + k], acc);
    }
    out[(size_t)co * OL + o] = __float2half(acc);
}
