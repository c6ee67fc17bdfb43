// Domain: 8x8 discrete cosine transform (SDK dct8x8 variants, JPEG quantisation)

#define C_a 1.387039845322148f
#define C_b 1.306562964876377f
#define C_c 1.175875602419359f
#define C_d 0.785694958387102f
#define C_e 0.541196100146197f
#define C_f 0.275899379282943f
#define C_norm 0.3535533905932737f

__device__ __forceinline__ void dct8_inplace(float* v, int stride)
{
    float X07P = v[0 * stride] + v[7 * stride];
    float X16P = v[1 * stride] + v[6 * stride];
    float X25P = v[2 * stride] + v[5 * stride];
    float X34P = v[3 * stride] + v[4 * stride];
    float X07M = v[0 * stride] - v[7 * stride];
    float X61M = v[6 * stride] - v[1 * stride];
    float X25M = v[2 * stride] - v[5 * stride];
    float X43M = v[4 * stride] - v[3 * stride];
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

__device__ __forceinline__ void idct8_inplace(float* v, int stride)
{
    float Y04P = v[0 * stride] + v[4 * stride];
    float Y2b6eP = C_b * v[2 * stride] + C_e * v[6 * stride];
    float Y04P2b6ePP = Y04P + Y2b6eP, Y04P2b6ePM = Y04P - Y2b6eP;
    float Y7f1aP3c5dPP = C_f * v[7 * stride] + C_a * v[1 * stride] + C_c * v[3 * stride] + C_d * v[5 * stride];
    float Y7a1fM3d5cMP = C_a * v[7 * stride] - C_f * v[1 * stride] + C_d * v[3 * stride] - C_c * v[5 * stride];
    float Y04M = v[0 * stride] - v[4 * stride];
    float Y2e6bM = C_e * v[2 * stride] - C_b * v[6 * stride];
    float Y04M2e6bMP = Y04M + Y2e6bM, Y04M2e6bMM = Y04M - Y2e6bM;
    float Y1c7dM3f5aPM = C_c * v[1 * stride] - C_d * v[7 * stride] - C_f * v[3 * stride] - C_a * v[5 * stride];
    float Y1d7cP3a5fMM = C_d * v[1 * stride] + C_c * v[7 * stride] - C_a * v[3 * stride] + C_f * v[5 * stride];
    v[0 * stride] = C_norm * (Y04P2b6ePP + Y7f1aP3c5dPP);
    v[7 * stride] = C_norm * (Y04P2b6ePP - Y7f1aP3c5dPP);
    v[4 * stride] = C_norm * (Y04P2b6ePM + Y7a1fM3d5cMP);
    v[3 * stride] = C_norm * (Y04P2b6ePM - Y7a1fM3d5cMP);
    v[1 * stride] = C_norm * (Y04M2e6bMP + Y1c7dM3f5aPM);
    v[5 * stride] = C_norm * (Y04M2e6bMM - Y1d7cP3a5fMM);
    v[2 * stride] = C_norm * (Y04M2e6bMM + Y1d7cP3a5fMM);
    v[6 * stride] = C_norm * (Y04M2e6bMP - Y1c7dM3f5aPM);
}

// dct8x8 "CUDA2" style: 8 threads per block of 8x8 in shared memory, rows then columns
extern "C" __global__ void dct8x8_shared_rowcol(float* __restrict__ dst, const float* __restrict__ src, int stride)
{
    __shared__ float block[32][8 * 8 + 1];   // 32 blocks of 8x8 per CTA (blockDim = 8 x 32)
    int tx = threadIdx.x, bz = threadIdx.y;
    int bx = blockIdx.x * 32 + bz;
    const float* s = src + blockIdx.y * 8 * stride + bx * 8;
#pragma unroll
    for (int r = 0; r < 8; ++r) block[bz][r * 8 + tx] = s[r * stride + tx];
    __syncwarp();
    dct8_inplace(&block[bz][tx * 8], 1);
    __syncwarp();
    dct8_inplace(&block[bz][tx], 8);
    __syncwarp();
    float* d = dst + blockIdx.y * 8 * stride + bx * 8;
#pragma unroll
    for (int r = 0; r < 8; ++r) d[r * stride + tx] = block[bz][r * 8 + tx];
}

// Whole 8x8 block per thread entirely in registers: DCT, quantise with JPEG luminance table,
// dequantise, IDCT -> reconstruction (heavy straight-line code, 64 live floats)
__constant__ unsigned short c_Q[64] = {
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
    14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
    18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
    49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99};
__device__ __forceinline__ void jpeg_roundtrip_body(const unsigned char* __restrict__ img,
                                                           unsigned char* __restrict__ rec,
                                                           short* __restrict__ coeffs, int width, int nBlocksX, int b)
{
    int bx = b % nBlocksX, by = b / nBlocksX;
    float v[64];
#pragma unroll
    for (int r = 0; r < 8; ++r)
#pragma unroll
        for (int c = 0; c < 8; ++c) v[r * 8 + c] = (float)img[(by * 8 + r) * width + bx * 8 + c] - 128.f;
#pragma unroll
    for (int r = 0; r < 8; ++r) dct8_inplace(v + r * 8, 1);
#pragma unroll
    for (int c = 0; c < 8; ++c) dct8_inplace(v + c, 8);
#pragma unroll
    for (int i = 0; i < 64; ++i) {
        float q = rintf(v[i] / (float)c_Q[i]);
        coeffs[b * 64 + i] = (short)q;
        v[i] = q * (float)c_Q[i];
    }
#pragma unroll
    for (int c = 0; c < 8; ++c) idct8_inplace(v + c, 8);
#pragma unroll
    for (int r = 0; r < 8; ++r) idct8_inplace(v + r * 8, 1);
#pragma unroll
    for (int r = 0; r < 8; ++r)
#pragma unroll
        for (int c = 0; c < 8; ++c)
            rec[(by * 8 + r) * width + bx * 8 + c] = (unsigned char)__float2int_rn(fminf(fmaxf(v[r * 8 + c] + 128.f, 0.f), 255.f));
}

extern "C" __global__ void jpeg_roundtrip_block_per_thread(const unsigned char* __restrict__ img,
                                                           unsigned char* __restrict__ rec,
                                                           short* __restrict__ coeffs, int width, int nBlocksX, int nBlocks)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < nBlocks) jpeg_roundtrip_body(img, rec, coeffs, width, nBlocksX, b);
}

// Same round trip under __launch_bounds__(512,4): 32-register cap, the 64-value block spills
extern "C" __global__ void __launch_bounds__(512, 4)
jpeg_roundtrip_capped(const unsigned char* __restrict__ img, unsigned char* __restrict__ rec,
                      short* __restrict__ coeffs, int width, int nBlocksX, int nBlocks)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < nBlocks) jpeg_roundtrip_body(img, rec, coeffs, width, nBlocksX, b);
}

// Naive DCT-II via cosine table in shared memory, one output coefficient per thread (SDK dct8x8 "CUDA1")
extern "C" __global__ void dct8x8_naive_cos(const float* __restrict__ src, float* __restrict__ dst, int stride)
{
    __shared__ float cosTab[64];
    __shared__ float tile[8][8];
    int u = threadIdx.x, v = threadIdx.y;
    if (u < 8 && v < 8) {
        float cu = (v == 0) ? 0.35355339f : 0.5f;
        cosTab[v * 8 + u] = cu * __cosf((2 * u + 1) * v * 3.14159265f / 16.f);
    }
    tile[v][u] = src[(blockIdx.y * 8 + v) * stride + blockIdx.x * 8 + u];
    __syncthreads();
    float s = 0.f;
#pragma unroll
    for (int y = 0; y < 8; ++y)
#pragma unroll
        for (int x = 0; x < 8; ++x) s += tile[y][x] * cosTab[v * 8 + y] * cosTab[u * 8 + x];
    dst[(blockIdx.y * 8 + v) * stride + blockIdx.x * 8 + u] = s;
}

// Zig-zag reorder + run-length of zero coefficients (entropy-coding preparation)
__constant__ unsigned char c_zigzag[64] = {
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
    35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63};
extern "C" __global__ void zigzag_rle(const short* __restrict__ coeffs, int* __restrict__ pairs,
                                      int* __restrict__ npairs, int nBlocks)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nBlocks) return;
    int run = 0, cnt = 0;
    const short* c = coeffs + b * 64;
    int* p = pairs + b * 128;
    for (int i = 1; i < 64; ++i) {
        short v = c[c_zigzag[i]];
        if (v == 0) { ++run; continue; }
        while (run > 15) { p[cnt++] = (15 << 16); run -= 16; }
        p[cnt++] = (run << 16) | (v & 0xFFFF);
        run = 0;
    }
    if (run) p[cnt++] = 0;   // EOB
    npairs[b] = cnt;
}
