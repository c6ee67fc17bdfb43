// 8x8 DCT-II / DCT-III (JPEG-style) with quantization, one block of pixels per thread.
#include <cuda_runtime.h>
#include <stdint.h>

__device__ __forceinline__ void dct8_1d(float& x0, float& x1, float& x2, float& x3,
                                        float& x4, float& x5, float& x6, float& x7)
{
    // AAN-like butterfly with float constants
    const float c1 = 0.98078528f, c2 = 0.92387953f, c3 = 0.83146961f, c5 = 0.55557023f, c6 = 0.38268343f, c7 = 0.19509032f;
    const float r2 = 0.70710678f;
    float s07 = x0 + x7, d07 = x0 - x7, s16 = x1 + x6, d16 = x1 - x6;
    float s25 = x2 + x5, d25 = x2 - x5, s34 = x3 + x4, d34 = x3 - x4;
    float a0 = s07 + s34, a3 = s07 - s34, a1 = s16 + s25, a2 = s16 - s25;
    x0 = (a0 + a1) * r2 * 0.5f;
    x4 = (a0 - a1) * r2 * 0.5f;
    x2 = (c2 * a3 + c6 * a2) * 0.5f;
    x6 = (c6 * a3 - c2 * a2) * 0.5f;
    x1 = (c1 * d07 + c3 * d16 + c5 * d25 + c7 * d34) * 0.5f;
    x3 = (c3 * d07 - c7 * d16 - c1 * d25 - c5 * d34) * 0.5f;
    x5 = (c5 * d07 - c1 * d16 + c7 * d25 + c3 * d34) * 0.5f;
    x7 = (c7 * d07 - c5 * d16 + c3 * d25 - c1 * d34) * 0.5f;
}

__device__ __forceinline__ void idct8_1d(float& y0, float& y1, float& y2, float& y3,
                                         float& y4, float& y5, float& y6, float& y7)
{
    const float c1 = 0.98078528f, c2 = 0.92387953f, c3 = 0.83146961f, c5 = 0.55557023f, c6 = 0.38268343f, c7 = 0.19509032f;
    const float r2 = 0.70710678f;
    float e0 = (y0 + y4) * r2, e1 = (y0 - y4) * r2;
    float e2 = c6 * y2 - c2 * y6, e3 = c2 * y2 + c6 * y6;
    float f0 = e0 + e3, f3 = e0 - e3, f1 = e1 + e2, f2 = e1 - e2;
    float o0 = c1 * y1 + c3 * y3 + c5 * y5 + c7 * y7;
    float o1 = c3 * y1 - c7 * y3 - c1 * y5 - c5 * y7;
    float o2 = c5 * y1 - c1 * y3 + c7 * y5 + c3 * y7;
    float o3 = c7 * y1 - c5 * y3 + c3 * y5 - c1 * y7;
    y0 = (f0 + o0) * 0.5f; y7 = (f0 - o0) * 0.5f;
    y1 = (f1 + o1) * 0.5f; y6 = (f1 - o1) * 0.5f;
    y2 = (f2 + o2) * 0.5f; y5 = (f2 - o2) * 0.5f;
    y3 = (f3 + o3) * 0.5f; y4 = (f3 - o3) * 0.5f;
}

// Forward 2D DCT + quantization of a whole 8x8 luma block per thread.
extern "C" __global__ void dct8x8_quant(const uint8_t* __restrict__ img, int W, int H,
                                        const float* __restrict__ qtab, int16_t* __restrict__ coeffs)
{
    int bx = blockIdx.x * blockDim.x + threadIdx.x, by = blockIdx.y * blockDim.y + threadIdx.y;
    if (bx * 8 >= W || by * 8 >= H) return;
    float b[8][8];
#pragma unroll
    for (int r = 0; r < 8; ++r) {
        uint2 row = *reinterpret_cast<const uint2*>(img + (size_t)(by * 8 + r) * W + bx * 8);
#pragma unroll
        for (int c = 0; c < 4; ++c) { b[r][c] = (float)((row.x >> (8 * c)) & 0xff) - 128.f; b[r][c + 4] = (float)((row.y >> (8 * c)) & 0xff) - 128.f; }
    }
#pragma unroll
    for (int r = 0; r < 8; ++r) dct8_1d(b[r][0], b[r][1], b[r][2], b[r][3], b[r][4], b[r][5], b[r][6], b[r][7]);
#pragma unroll
    for (int c = 0; c < 8; ++c) dct8_1d(b[0][c], b[1][c], b[2][c], b[3][c], b[4][c], b[5][c], b[6][c], b[7][c]);
    int blk = by * (W / 8) + bx;
    int16_t* o = coeffs + (size_t)blk * 64;
#pragma unroll
    for (int r = 0; r < 8; ++r)
#pragma unroll
        for (int c = 0; c < 8; ++c) o[r * 8 + c] = (int16_t)__float2int_rn(b[r][c] / qtab[r * 8 + c]);
}

// Dequantize + inverse 2D DCT + clamp; bounded to allow 8 blocks of 256 threads per SM.
extern "C" __global__ void __launch_bounds__(256, 8)
idct8x8_dequant_occ(const int16_t* __restrict__ coeffs, const float* __restrict__ qtab, int W, int H,
                    uint8_t* __restrict__ img)
{
    int bx = blockIdx.x * blockDim.x + threadIdx.x, by = blockIdx.y * blockDim.y + threadIdx.y;
    if (bx * 8 >= W || by * 8 >= H) return;
    int blk = by * (W / 8) + bx;
    const int16_t* in = coeffs + (size_t)blk * 64;
    float b[8][8];
#pragma unroll
    for (int r = 0; r < 8; ++r)
#pragma unroll
        for (int c = 0; c < 8; ++c) b[r][c] = (float)in[r * 8 + c] * qtab[r * 8 + c];
#pragma unroll
    for (int c = 0; c < 8; ++c) idct8_1d(b[0][c], b[1][c], b[2][c], b[3][c], b[4][c], b[5][c], b[6][c], b[7][c]);
#pragma unroll
    for (int r = 0; r < 8; ++r) idct8_1d(b[r][0], b[r][1], b[r][2], b[r][3], b[r][4], b[r][5], b[r][6], b[r][7]);
#pragma unroll
    for (int r = 0; r < 8; ++r) {
        uint32_t lo = 0, hi = 0;
#pragma unroll
        for (int c = 0; c < 4; ++c) {
            lo |= (uint32_t)min(max(__float2int_rn(b[r][c] + 128.f), 0), 255) << (8 * c);
            hi |= (uint32_t)min(max(__float2int_rn(b[r][c + 4] + 128.f), 0), 255) << (8 * c);
        }
        *reinterpret_cast<uint2*>(img + (size_t)(by * 8 + r) * W + bx * 8) = make_uint2(lo, hi);
    }
}

// Zigzag reorder + run-length symbolization of quantized coefficients (per block, serial per thread).
extern "C" __global__ void zigzag_rle_symbols(const int16_t* __restrict__ coeffs, int n_blocks,
                                              uint32_t* __restrict__ symbols, uint8_t* __restrict__ counts)
{
    const uint8_t zz[64] = {0,1,8,16,9,2,3,10,17,24,32,25,18,11,4,5,12,19,26,33,40,48,41,34,27,20,13,6,7,14,21,28,
                            35,42,49,56,57,50,43,36,29,22,15,23,30,37,44,51,58,59,52,45,38,31,39,46,53,60,61,54,47,55,62,63};
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= n_blocks) return;
    const int16_t* c = coeffs + (size_t)b * 64;
    uint32_t* s = symbols + (size_t)b * 64;
    int run = 0, ns = 0;
    for (int k = 1; k < 64; ++k) {
        int v = c[zz[k]];
        if (v == 0) { ++run; continue; }
        while (run > 15) { s[ns++] = 0xF0u << 16; run -= 16; }
        int mag = abs(v), size = 32 - __clz(mag);
        s[ns++] = ((uint32_t)((run << 4) | size) << 16) | (uint16_t)v;
        run = 0;
    }
    if (run) s[ns++] = 0;
    counts[b] = (uint8_t)ns;
}
