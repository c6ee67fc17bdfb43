// Domain: 8x8 discrete cosine transforms for image/video coding (SDK dct8x8 styles: shared-memory, register row/column passes, quantisation)
#define C_a 1.387039845322148f
#define C_b 1.306562964876377f
#define C_c 1.175875602419359f
#define C_d 0.785694958387102f
#define C_e 0.541196100146197f
#define C_f 0.275899379282943f
#define C_norm 0.3535533905932737f

__device__ __forceinline__ void dct8_inplace(float* v, int stride)
{
    float X07P = v[0 * stride] + v[7 * stride], X16P = v[1 * stride] + v[6 * stride];
    float X25P = v[2 * stride] + v[5 * stride], X34P = v[3 * stride] + v[4 * stride];
    float X07M = v[0 * stride] - v[7 * stride], X61M = v[6 * stride] - v[1 * stride];
    float X25M = v[2 * stride] - v[5 * stride], X43M = v[4 * stride] - v[3 * stride];
    float X07P34PP = X07P + X34P, X07P34PM = X07P - X34P;
    float X16P25PP = X16P + X25P, X16P25PM = X16P - X25P;
    v[0 * stride] = C_norm * (X07P34PP + X16P25PP);
    v[2 * stride] = C_norm * (C_b * X07P34PM + C_e * X16P25PM);
    v[4 * stride] = C_norm * (X07P34PP - X16P25PP);
    v[6 * stride] = C_norm * (C_e * X07P34PM - C_b * X16P25PM);
    v[1 * stride] = C_norm * (C_a * X07M - C_c * X61M + C_d * X25M - C_f * X43M);
    v[3 * stride] = C_norm * (C_c * X07M + C_f * X61M - C_a * X25M + C_d * X43M);
    v[5 * stride] = C_norm * (C_d * X07M + C_a * X61M + C_f * X25M - C_c * X43M);
    v[7 * stride] = C_norm * (C_f * X07M + C_d * X61M + C_c * X25M + C_a * X43M);
}

// dct8x8_smem_rowcol: forward 8x8 DCT, 8 threads per block-of-8x8 doing row pass then column pass in shared memory
extern "C" __global__ void dct8x8_smem_rowcol(const float* __restrict__ src, float* __restrict__ dst, int stride)
{
    __shared__ float blk[4][8][8 + 1];
    int z = threadIdx.y; // 4 blocks of 8x8 per CUDA block, 8 x 4 threads
    int bx = (blockIdx.x * 4 + z) * 8, by = blockIdx.y * 8;
    int t = threadIdx.x;
#pragma unroll
    for (int i = 0; i < 8; ++i) blk[z][t][i] = src[(by + t) * stride + bx + i];
    __syncthreads();
    dct8_inplace(&blk[z][t][0], 1);
    __syncthreads();
    dct8_inplace(&blk[z][0][t], 9);
    __syncthreads();
#pragma unroll
    for (int i = 0; i < 8; ++i) dst[(by + t) * stride + bx + i] = blk[z][t][i];
}

// dct8x8_full_registers: one thread transforms a whole 8x8 block held in a 64-float register array (both passes in registers)
extern "C" __global__ void dct8x8_full_registers(const float* __restrict__ src, float* __restrict__ dst, int stride, int blocksX, int nBlocks)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nBlocks) return;
    int bx = (b % blocksX) * 8, by = (b / blocksX) * 8;
    float m[64];
#pragma unroll
    for (int r = 0; r < 8; ++r)
#pragma unroll
        for (int c = 0; c < 8; ++c) m[r * 8 + c] = src[(by + r) * stride + bx + c];
#pragma unroll
    for (int r = 0; r < 8; ++r) dct8_inplace(&m[r * 8], 1);
#pragma unroll
    for (int c = 0; c < 8; ++c) dct8_inplace(&m[c], 8);
#pragma unroll
    for (int r = 0; r < 8; ++r)
#pragma unroll
        for (int c = 0; c < 8; ++c) dst[(by + r) * stride + bx + c] = m[r * 8 + c];
}

// dct_quantize_zigzag: quantise an 8x8 coefficient block with a JPEG table and emit zigzag order using a run-time indexed local array
__constant__ unsigned char c_zigzag[64] = {
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
    35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63};
extern "C" __global__ void dct_quantize_zigzag(const float* __restrict__ coef, const unsigned short* __restrict__ qtab,
                                                      short* __restrict__ out, int* __restrict__ lastNonZero, int nBlocks, float qscale)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nBlocks) return;
    short q[64];
#pragma unroll
    for (int i = 0; i < 64; ++i) {
        float v = coef[(size_t)b * 64 + i] / (qscale * qtab[i]);
        q[i] = (short)__float2int_rn(v);
    }
    int last = -1;
    for (int k = 0; k < 64; ++k) {
        short v = q[c_zigzag[k]];           // run-time index
        out[(size_t)b * 64 + k] = v;
        if (v != 0) last = k;
    }
    lastNonZero[b] = last;
}

// idct8x8_shfl_rows: inverse 8x8 DCT where each of 8 lanes holds one row and columns are exchanged via warp shuffles
__device__ __forceinline__ void idct8(float (&v)[8])
{
    float Y04P = v[0] + v[4], Y2b6eP = C_b * v[2] + C_e * v[6];
    float Y04P2b6ePP = Y04P + Y2b6eP, Y04P2b6ePM = Y04P - Y2b6eP;
    float Y7f1aP3c5dPP = C_f * v[7] + C_a * v[1] + C_c * v[3] + C_d * v[5];
    float Y7a1fM3d5cMP = C_a * v[7] - C_f * v[1] + C_d * v[3] - C_c * v[5];
    float Y04M = v[0] - v[4], Y2e6bM = C_e * v[2] - C_b * v[6];
    float Y04M2e6bMP = Y04M + Y2e6bM, Y04M2e6bMM = Y04M - Y2e6bM;
    float Y1c7dM3f5aPM = C_c * v[1] - C_d * v[7] - C_f * v[3] - C_a * v[5];
    float Y1d7cP3a5fMM = C_d * v[1] + C_c * v[7] - C_a * v[3] + C_f * v[5];
    float o[8];
    o[0] = C_norm * (Y04P2b6ePP + Y7f1aP3c5dPP);
    o[7] = C_norm * (Y04P2b6ePP - Y7f1aP3c5dPP);
    o[4] = C_norm * (Y04P2b6ePM + Y7a1fM3d5cMP);
    o[3] = C_norm * (Y04P2b6ePM - Y7a1fM3d5cMP);
    o[1] = C_norm * (Y04M2e6bMP + Y1c7dM3f5aPM);
    o[5] = C_norm * (Y04M2e6bMM - Y1d7cP3a5fMM);
    o[2] = C_norm * (Y04M2e6bMM + Y1d7cP3a5fMM);
    o[6] = C_norm * (Y04M2e6bMP - Y1c7dM3f5aPM);
#pragma unroll
    for (int i = 0; i < 8; ++i) v[i] = o[i];
}
extern "C" __global__ void idct8x8_shfl_rows(const float* __restrict__ coef, float* __restrict__ pix, int nBlocks)
{
    int gt = blockIdx.x * blockDim.x + threadIdx.x;
    int blk = gt >> 3, row = gt & 7;
    bool ok = blk < nBlocks;   // no early exit: all lanes take part in the shuffles
    float v[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) v[i] = ok ? coef[(size_t)blk * 64 + row * 8 + i] : 0.f;
    idct8(v);
    // transpose 8x8 across the 8 lanes: lane r gathers column r, i.e. element [i][r] from lane i
    float t[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        float x = 0.f;
#pragma unroll
        for (int c = 0; c < 8; ++c) {
            float got = __shfl_sync(0xffffffffu, v[c], (threadIdx.x & ~7) | i, 32);
            if (c == row) x = got;
        }
        t[i] = x;
    }
    idct8(t);
    // t[i] is pixel (i, row) -> column 'row'
#pragma unroll
    for (int i = 0; i < 8; ++i) if (ok) pix[(size_t)blk * 64 + i * 8 + row] = t[i];
}
