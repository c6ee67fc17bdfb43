#include <cstdint>
#define QR(a, b, c, d) \
    a += b; d ^= a; d = __funnelshift_l(d, d, 16); \
    c += d; b ^= c; b = __funnelshift_l(b, b, 12); \
    a += b; d ^= a; d = __funnelshift_l(d, d, 8);  \
    c += d; b ^= c; b = __funnelshift_l(b, b, 7);

extern "C" __global__ void chacha20_xor(const uint32_t* __restrict__ key, const uint32_t* __restrict__ nonce,
    uint32_t counter0, const uint4* __restrict__ in, uint4* __restrict__ out, int nblocks)
{
    int blk = blockIdx.x * blockDim.x + threadIdx.x;
    if (blk >= nblocks) return;
    uint32_t s[16];
    s[0] = 0x61707865; s[1] = 0x3320646e; s[2] = 0x79622d32; s[3] = 0x6b206574;
#pragma unroll
    for (int i = 0; i < 8; ++i) s[4 + i] = key[i];
    s[12] = counter0 + blk; s[13] = nonce[0]; s[14] = nonce[1]; s[15] = nonce[2];
    uint32_t x[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) x[i] = s[i];
#pragma unroll
    for (int r = 0; r < 10; ++r) {
        QR(x[0], x[4], x[8], x[12]); QR(x[1], x[5], x[9], x[13]);
        QR(x[2], x[6], x[10], x[14]); QR(x[3], x[7], x[11], x[15]);
        QR(x[0], x[5], x[10], x[15]); QR(x[1], x[6], x[11], x[12]);
        QR(x[2], x[7], x[8], x[13]); QR(x[3], x[4], x[9], x[14]);
    }
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        uint4 v = in[blk * 4 + q];
        v.x ^= x[4*q] + s[4*q]; v.y ^= x[4*q+1] + s[4*q+1]; v.z ^= x[4*q+2] + s[4*q+2]; v.w ^= x[4*q+3] + s[4*q+3];
        out[blk * 4 + q] = v;
    }
}

extern "C" __global__ void __launch_bounds__(256, 8) chacha8_keystream_rng(const uint32_t* __restrict__ seedKey,
    uint32_t* __restrict__ outWords, int wordsPerThread)
{
    uint32_t tid = blockIdx.x * blockDim.x + threadIdx.x;
    uint32_t k[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) k[i] = seedKey[i];
    for (int b = 0; b < wordsPerThread / 16; ++b) {
        uint32_t x0 = 0x61707865, x1 = 0x3320646e, x2 = 0x79622d32, x3 = 0x6b206574;
        uint32_t x4 = k[0], x5 = k[1], x6 = k[2], x7 = k[3], x8 = k[4], x9 = k[5], x10 = k[6], x11 = k[7];
        uint32_t x12 = b, x13 = tid, x14 = 0, x15 = 0;
#pragma unroll 1
        for (int r = 0; r < 4; ++r) {
            QR(x0, x4, x8, x12); QR(x1, x5, x9, x13); QR(x2, x6, x10, x14); QR(x3, x7, x11, x15);
            QR(x0, x5, x10, x15); QR(x1, x6, x11, x12); QR(x2, x7, x8, x13); QR(x3, x4, x9, x14);
        }
        uint4* o = reinterpret_cast<uint4*>(outWords + ((size_t)tid * wordsPerThread + b * 16));
        o[0] = make_uint4(x0, x1, x2, x3); o[1] = make_uint4(x4 + k[0], x5 + k[1], x6 + k[2], x7 + k[3]);
        o[2] = make_uint4(x8 + k[4], x9 + k[5], x10 + k[6], x11 + k[7]); o[3] = make_uint4(x12 + b, x13 + tid, x14, x15);
    }
}
