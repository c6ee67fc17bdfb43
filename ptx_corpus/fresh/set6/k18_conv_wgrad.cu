// Convolution weight-gradient kernels:
//  * implicit-GEMM dW for NHWC conv2d, 128x128 block tile, 8x8 register tile
//  * depthwise conv2d dW with warp-shuffle reductions
//  * bias gradient over NHWC with vectorised loads
#include <stdint.h>

struct ConvShape {
    int N, H, W, C;      // input NHWC
    int K, R, S;         // filters KRSC
    int P, Q;            // output NPQK
    int stride_h, stride_w, pad_h, pad_w, dil_h, dil_w;
};

#define WG_BM 128  // K tile
#define WG_BN 128  // C*R*S tile
#define WG_BK 8    // reduction tile over N*P*Q

// dW[k, (r,s,c)] = sum_{n,p,q} dY[n,p,q,k] * X[n, p*sh - ph + r*dh, q*sw - pw + s*dw, c]
// GEMM: M = K, N = R*S*C, reduction = N*P*Q. 256 threads, each 8 (k) x 8 (rsc).
extern "C" __global__ void __launch_bounds__(256)
conv2d_wgrad_implicit_gemm(const float* __restrict__ X,
                           const float* __restrict__ dY,
                           float* __restrict__ dW,       // [K, R, S, C]
                           ConvShape cs,
                           int split_k_chunks)
{
    __shared__ float s_dy[WG_BK][WG_BM + 4];
    __shared__ float s_x[WG_BK][WG_BN + 4];
    const int RSC = cs.R * cs.S * cs.C;
    const long long NPQ = (long long)cs.N * cs.P * cs.Q;
    const int m0 = blockIdx.y * WG_BM;
    const int n0 = blockIdx.x * WG_BN;
    const int tm = threadIdx.x / 16;  // 0..15 -> 8 rows each
    const int tn = threadIdx.x % 16;  // 0..15 -> 8 cols each

    long long chunk = (NPQ + split_k_chunks - 1) / split_k_chunks;
    long long kb = (long long)blockIdx.z * chunk;
    long long ke = min(kb + chunk, NPQ);

    float acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.f;

    for (long long k0 = kb; k0 < ke; k0 += WG_BK) {
        // load dY tile: WG_BK x WG_BM (rows = npq, contiguous in k)
        for (int e = threadIdx.x; e < WG_BK * WG_BM; e += 256) {
            int r = e / WG_BM, c = e % WG_BM;
            long long npq = k0 + r;
            float v = 0.f;
            if (npq < ke && m0 + c < cs.K) v = dY[npq * cs.K + m0 + c];
            s_dy[r][c] = v;
        }
        // load X tile (im2col on the fly): WG_BK x WG_BN
        for (int e = threadIdx.x; e < WG_BK * WG_BN; e += 256) {
            int r = e / WG_BN, c = e % WG_BN;
            long long npq = k0 + r;
            int col = n0 + c;
            float v = 0.f;
            if (npq < ke && col < RSC) {
                int q = (int)(npq % cs.Q);
                long long t = npq / cs.Q;
                int p = (int)(t % cs.P);
                int n = (int)(t / cs.P);
                int ch = col % cs.C;
                int rs = col / cs.C;
                int s = rs % cs.S, rr = rs / cs.S;
                int h = p * cs.stride_h - cs.pad_h + rr * cs.dil_h;
                int w = q * cs.stride_w - cs.pad_w + s * cs.dil_w;
                if (h >= 0 && h < cs.H && w >= 0 && w < cs.W)
                    v = X[(((long long)n * cs.H + h) * cs.W + w) * cs.C + ch];
            }
            s_x[r][c] = v;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < WG_BK; ++kk) {
            float a[8], b[8];
            float4 a0 = *reinterpret_cast<const float4*>(&s_dy[kk][tm * 8]);
            float4 a1 = *reinterpret_cast<const float4*>(&s_dy[kk][tm * 8 + 4]);
            a[0] = a0.x; a[1] = a0.y; a[2] = a0.z; a[3] = a0.w;
            a[4] = a1.x; a[5] = a1.y; a[6] = a1.z; a[7] = a1.w;
            float4 b0 = *reinterpret_cast<const float4*>(&s_x[kk][tn * 8]);
            float4 b1 = *reinterpret_cast<const float4*>(&s_x[kk][tn * 8 + 4]);
            b[0] = b0.x; b[1] = b0.y; b[2] = b0.z; b[3] = b0.w;
            b[4] = b1.x; b[5] = b1.y; b[6] = b1.z; b[7] = b1.w;
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        int k = m0 + tm * 8 + i;
        if (k >= cs.K) continue;
#pragma unroll
        for (int j = 0; j < 8; ++j) {
            int col = n0 + tn * 8 + j;
            if (col < RSC) {
                if (split_k_chunks > 1) atomicAdd(&dW[(long long)k * RSC + col], acc[i][j]);
                else dW[(long long)k * RSC + col] = acc[i][j];
            }
        }
    }
}

// Depthwise conv (NCHW, 3x3 up to 7x7). One block per (channel, filter tap
// group); each warp reduces part of the N*P*Q sum for all taps at once.
#define DW_MAX_TAPS 49
extern "C" __global__ void depthwise_conv2d_wgrad(const float* __restrict__ X,    // [N, C, H, W]
                                                  const float* __restrict__ dY,   // [N, C, P, Q]
                                                  float* __restrict__ dW,         // [C, R, S]
                                                  int N, int C, int H, int W, int P, int Q,
                                                  int R, int S, int stride, int pad)
{
    __shared__ float s_red[8][DW_MAX_TAPS];
    int c = blockIdx.x;
    int taps = R * S;
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    float acc[DW_MAX_TAPS];
#pragma unroll
    for (int t = 0; t < DW_MAX_TAPS; ++t) acc[t] = 0.f;
    long long total = (long long)N * P * Q;
    for (long long i = threadIdx.x; i < total; i += blockDim.x) {
        int q = (int)(i % Q);
        long long tmp = i / Q;
        int p = (int)(tmp % P);
        int n = (int)(tmp / P);
        float g = dY[(((long long)n * C + c) * P + p) * Q + q];
        const float* xb = X + ((long long)n * C + c) * H * W;
        int h0 = p * stride - pad, w0 = q * stride - pad;
        for (int t = 0; t < taps; ++t) {
            int r = t / S, s = t % S;
            int h = h0 + r, w = w0 + s;
            if (h >= 0 && h < H && w >= 0 && w < W) acc[t] += g * xb[h * W + w];
        }
    }
    for (int t = 0; t < taps; ++t) {
        float v = acc[t];
#pragma unroll
        for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
        if (lane == 0) s_red[wid][t] = v;
    }
    __syncthreads();
    if (threadIdx.x < taps) {
        float v = 0.f;
        for (int w = 0; w < (int)(blockDim.x >> 5); ++w) v += s_red[w][threadIdx.x];
        dW[c * taps + threadIdx.x] = v;
    }
}

// db[k] = sum over N*P*Q of dY[.., k]; NHWC so k is contiguous. Block covers
// 128 channels (32 threads x float4) and 8 row groups, final shared reduction.
extern "C" __global__ void conv_bias_grad_nhwc(const float4* __restrict__ dY,
                                               long long rows, int K4,
                                               float* __restrict__ db)
{
    __shared__ float4 s_part[8][32];
    int k4 = blockIdx.x * 32 + threadIdx.x;
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
    if (k4 < K4) {
        for (long long r = blockIdx.y * 8 + threadIdx.y; r < rows; r += gridDim.y * 8) {
            float4 v = dY[r * K4 + k4];
            acc.x += v.x; acc.y += v.y; acc.z += v.z; acc.w += v.w;
        }
    }
    s_part[threadIdx.y][threadIdx.x] = acc;
    __syncthreads();
    if (threadIdx.y == 0 && k4 < K4) {
#pragma unroll
        for (int j = 1; j < 8; ++j) {
            float4 v = s_part[j][threadIdx.x];
            acc.x += v.x; acc.y += v.y; acc.z += v.z; acc.w += v.w;
        }
        atomicAdd(&db[4 * k4 + 0], acc.x);
        atomicAdd(&db[4 * k4 + 1], acc.y);
        atomicAdd(&db[4 * k4 + 2], acc.z);
        atomicAdd(&db[4 * k4 + 3], acc.w);
    }
}
