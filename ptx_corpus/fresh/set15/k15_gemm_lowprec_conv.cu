// Domain: low-precision GEMM and implicit-GEMM convolution
// bf16_gemm_8x8_lb: bf16 inputs, fp32 accumulation, 128x128x8 tile, 8x8 micro-tile, __launch_bounds__(256,3).
// implicit_gemm_conv_4x4: im2col-free NHWC convolution as GEMM (M = N*P*Q, N = K, K = R*S*C), 4x4 micro-tile.
// wmma_hgemm_f32acc: tensor-core HGEMM with WMMA 16x16x16 fragments, each warp owns a 32x32 sub-tile.
// sgemm_strided_batched_2x2: strided-batched SGEMM for small matrices, each thread computes a 2x2 block.

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <mma.h>

extern "C" __global__ void __launch_bounds__(256, 3)
bf16_gemm_8x8_lb(int M, int N, int K, const __nv_bfloat16* __restrict__ A, const __nv_bfloat16* __restrict__ B,
                 float* __restrict__ C, float alpha)
{
    const int BM = 128, BN = 128, BK = 8;
    __shared__ float As[BK][BM];
    __shared__ float Bs[BK][BN];
    int tid = threadIdx.x, tx = tid & 15, ty = tid >> 4;
    int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
    float acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; i++)
#pragma unroll
        for (int j = 0; j < 8; j++) acc[i][j] = 0.f;
    for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
        for (int i = 0; i < 4; i++) {
            int idx = tid + 256 * i;
            int ar = idx >> 3, ac = idx & 7;
            int gr = bm + ar, gc = k0 + ac;
            As[ac][ar] = (gr < M && gc < K) ? __bfloat162float(A[(size_t)gr * K + gc]) : 0.f;
            int br = idx >> 7, bc = idx & 127;
            int hr = k0 + br, hc = bn + bc;
            Bs[br][bc] = (hr < K && hc < N) ? __bfloat162float(B[(size_t)hr * N + hc]) : 0.f;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; k++) {
            float a[8], b[8];
#pragma unroll
            for (int i = 0; i < 8; i++) { a[i] = As[k][ty + 16 * i]; b[i] = Bs[k][tx + 16 * i]; }
#pragma unroll
            for (int i = 0; i < 8; i++)
#pragma unroll
                for (int j = 0; j < 8; j++) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; i++) {
        int r = bm + ty + 16 * i;
        if (r >= M) continue;
#pragma unroll
        for (int j = 0; j < 8; j++) {
            int c = bn + tx + 16 * j;
            if (c < N) C[(size_t)r * N + c] = alpha * acc[i][j];
        }
    }
}

// in: [Nb][H][W][Cin], wgt: [Kout][R][S][Cin], out: [Nb][P][Q][Kout]
extern "C" __global__ void implicit_gemm_conv_4x4(const float* __restrict__ in, const float* __restrict__ wgt,
                                                  float* __restrict__ out, int Nb, int H, int W, int Cin,
                                                  int Kout, int R, int S, int P, int Q, int stride, int pad)
{
    const int BM = 64, BN = 64, BK = 16;
    __shared__ float As[BK][BM];
    __shared__ float Bs[BK][BN];
    int tid = threadIdx.x, tx = tid & 15, ty = tid >> 4;
    int GM = Nb * P * Q, GN = Kout, GK = R * S * Cin;
    int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
    float acc[4][4];
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) acc[i][j] = 0.f;
    for (int k0 = 0; k0 < GK; k0 += BK) {
#pragma unroll
        for (int i = 0; i < 4; i++) {
            int idx = tid + 256 * i;
            int m = idx >> 4, kk = idx & 15;
            int gm = bm + m, gk = k0 + kk;
            float v = 0.f;
            if (gm < GM && gk < GK) {
                int n = gm / (P * Q), pq = gm % (P * Q);
                int p = pq / Q, q = pq % Q;
                int c = gk % Cin, rs = gk / Cin;
                int r = rs / S, s = rs % S;
                int h = p * stride - pad + r, w = q * stride - pad + s;
                if (h >= 0 && h < H && w >= 0 && w < W) v = in[(((size_t)n * H + h) * W + w) * Cin + c];
            }
            As[kk][m] = v;
            int nn = idx & 63, kb = idx >> 6;
            int gn = bn + nn, gk2 = k0 + kb;
            Bs[kb][nn] = (gn < GN && gk2 < GK) ? wgt[(size_t)gn * GK + gk2] : 0.f;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; k++) {
            float a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; i++) { a[i] = As[k][ty * 4 + i]; b[i] = Bs[k][tx * 4 + i]; }
#pragma unroll
            for (int i = 0; i < 4; i++)
#pragma unroll
                for (int j = 0; j < 4; j++) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; i++) {
        int gm = bm + ty * 4 + i;
        if (gm >= GM) continue;
#pragma unroll
        for (int j = 0; j < 4; j++) {
            int gn = bn + tx * 4 + j;
            if (gn < GN) out[(size_t)gm * GN + gn] = acc[i][j];
        }
    }
}

using namespace nvcuda;

extern "C" __global__ void wmma_hgemm_f32acc(int M, int N, int K, const __half* __restrict__ A,
                                             const __half* __restrict__ B, float* __restrict__ C)
{
    // block = 4 warps (2x2), block tile 64x64, K step 16; M, N, K multiples of 16
    __shared__ __align__(32) __half As[64][16 + 8];
    __shared__ __align__(32) __half Bs[16][64 + 8];
    int warp = threadIdx.x >> 5;
    int wm = warp >> 1, wn = warp & 1;
    int bm = blockIdx.y * 64, bn = blockIdx.x * 64;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[2][2];
#pragma unroll
    for (int i = 0; i < 2; i++)
#pragma unroll
        for (int j = 0; j < 2; j++) wmma::fill_fragment(acc[i][j], 0.f);
    for (int k0 = 0; k0 < K; k0 += 16) {
        for (int e = threadIdx.x; e < 64 * 16; e += blockDim.x) {
            int r = e >> 4, c = e & 15;
            As[r][c] = (bm + r < M) ? A[(size_t)(bm + r) * K + k0 + c] : __float2half(0.f);
            int rb = e >> 6, cb = e & 63;
            Bs[rb][cb] = (bn + cb < N) ? B[(size_t)(k0 + rb) * N + bn + cb] : __float2half(0.f);
        }
        __syncthreads();
        wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa[2];
        wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb[2];
#pragma unroll
        for (int i = 0; i < 2; i++) wmma::load_matrix_sync(fa[i], &As[wm * 32 + i * 16][0], 16 + 8);
#pragma unroll
        for (int j = 0; j < 2; j++) wmma::load_matrix_sync(fb[j], &Bs[0][wn * 32 + j * 16], 64 + 8);
#pragma unroll
        for (int i = 0; i < 2; i++)
#pragma unroll
            for (int j = 0; j < 2; j++) wmma::mma_sync(acc[i][j], fa[i], fb[j], acc[i][j]);
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 2; i++)
#pragma unroll
        for (int j = 0; j < 2; j++) {
            int r = bm + wm * 32 + i * 16, c = bn + wn * 32 + j * 16;
            if (r < M && c < N) wmma::store_matrix_sync(&C[(size_t)r * N + c], acc[i][j], N, wmma::mem_row_major);
        }
}

extern "C" __global__ void sgemm_strided_batched_2x2(int M, int N, int K, const float* __restrict__ A, long long sA,
                                                     const float* __restrict__ B, long long sB,
                                                     float* __restrict__ C, long long sC, int batch)
{
    int b = blockIdx.z;
    if (b >= batch) return;
    int c0 = (blockIdx.x * blockDim.x + threadIdx.x) * 2;
    int r0 = (blockIdx.y * blockDim.y + threadIdx.y) * 2;
    if (r0 >= M || c0 >= N) return;
    const float* a = A + b * sA;
    const float* bb = B + b * sB;
    float s00 = 0.f, s01 = 0.f, s10 = 0.f, s11 = 0.f;
    bool r1 = r0 + 1 < M, cc1 = c0 + 1 < N;
    for (int k = 0; k < K; k++) {
        float a0 = a[(size_t)r0 * K + k];
        float a1 = r1 ? a[(size_t)(r0 + 1) * K + k] : 0.f;
        float b0 = bb[(size_t)k * N + c0];
        float b1 = cc1 ? bb[(size_t)k * N + c0 + 1] : 0.f;
        s00 = fmaf(a0, b0, s00); s01 = fmaf(a0, b1, s01);
        s10 = fmaf(a1, b0, s10); s11 = fmaf(a1, b1, s11);
    }
    float* c = C + b * sC;
    c[(size_t)r0 * N + c0] = s00;
    if (cc1) c[(size_t)r0 * N + c0 + 1] = s01;
    if (r1) {
        c[(size_t)(r0 + 1) * N + c0] = s10;
        if (cc1) c[(size_t)(r0 + 1) * N + c0 + 1] = s11;
    }
}
