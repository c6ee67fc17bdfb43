// Stream ciphers and MACs: ChaCha20 keystream encryption, Poly1305 tag
// computation with 26-bit limbs, and the Salsa20/8-based BlockMix used by
// scrypt's ROMix (one lane per independent hash).
#include <cuda_runtime.h>
#include <stdint.h>

#define QR(a, b, c, d)                                   \
    a += b; d ^= a; d = __funnelshift_l(d, d, 16);       \
    c += d; b ^= c; b = __funnelshift_l(b, b, 12);       \
    a += b; d ^= a; d = __funnelshift_l(d, d, 8);        \
    c += d; b ^= c; b = __funnelshift_l(b, b, 7);

// Each thread produces one 64-byte keystream block and XORs it into the data.
extern "C" __global__ void chacha20_xor(const uint32_t* __restrict__ key, const uint32_t* __restrict__ nonce,
                                        uint32_t counter0, const uint4* __restrict__ in,
                                        uint4* __restrict__ out, int nblocks)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nblocks) return;
    uint32_t s[16];
    s[0] = 0x61707865u; s[1] = 0x3320646eu; s[2] = 0x79622d32u; s[3] = 0x6b206574u;
#pragma unroll
    for (int i = 0; i < 8; ++i) s[4 + i] = key[i];
    s[12] = counter0 + b;
    s[13] = nonce[0]; s[14] = nonce[1]; s[15] = nonce[2];
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
        uint4 v = in[(size_t)b * 4 + q];
        v.x ^= x[4 * q] + s[4 * q];
        v.y ^= x[4 * q + 1] + s[4 * q + 1];
        v.z ^= x[4 * q + 2] + s[4 * q + 2];
        v.w ^= x[4 * q + 3] + s[4 * q + 3];
        out[(size_t)b * 4 + q] = v;
    }
}

// Poly1305 over independent messages (multiple of 16 bytes), one per thread.
extern "C" __global__ void poly1305_tags(const uint32_t* __restrict__ msgs, const uint32_t* __restrict__ lens16,
                                         const uint32_t* __restrict__ msg_off, const uint32_t* __restrict__ keys,
                                         uint4* __restrict__ tags, int nmsg)
{
    int m = blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= nmsg) return;
    const uint32_t* k = keys + m * 8;
    uint32_t r0 = k[0] & 0x3ffffff;
    uint32_t r1 = ((k[0] >> 26) | (k[1] << 6)) & 0x3ffff03;
    uint32_t r2 = ((k[1] >> 20) | (k[2] << 12)) & 0x3ffc0ff;
    uint32_t r3 = ((k[2] >> 14) | (k[3] << 18)) & 0x3f03fff;
    uint32_t r4 = (k[3] >> 8) & 0x00fffff;
    uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
    uint32_t h0 = 0, h1 = 0, h2 = 0, h3 = 0, h4 = 0;
    const uint32_t* p = msgs + msg_off[m];
    uint32_t nb = lens16[m];
    for (uint32_t i = 0; i < nb; ++i) {
        uint32_t t0 = p[4 * i], t1 = p[4 * i + 1], t2 = p[4 * i + 2], t3 = p[4 * i + 3];
        h0 += t0 & 0x3ffffff;
        h1 += ((t0 >> 26) | (t1 << 6)) & 0x3ffffff;
        h2 += ((t1 >> 20) | (t2 << 12)) & 0x3ffffff;
        h3 += ((t2 >> 14) | (t3 << 18)) & 0x3ffffff;
        h4 += (t3 >> 8) | (1u << 24);
        uint64_t d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s4 + (uint64_t)h2 * s3 + (uint64_t)h3 * s2 + (uint64_t)h4 * s1;
        uint64_t d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s4 + (uint64_t)h3 * s3 + (uint64_t)h4 * s2;
        uint64_t d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 + (uint64_t)h3 * s4 + (uint64_t)h4 * s3;
        uint64_t d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 + (uint64_t)h3 * r0 + (uint64_t)h4 * s4;
        uint64_t d4 = (uint64_t)h0 * r4 + (uint64_t)h1 * r3 + (uint64_t)h2 * r2 + (uint64_t)h3 * r1 + (uint64_t)h4 * r0;
        uint32_t c;
        c = (uint32_t)(d0 >> 26); h0 = (uint32_t)d0 & 0x3ffffff; d1 += c;
        c = (uint32_t)(d1 >> 26); h1 = (uint32_t)d1 & 0x3ffffff; d2 += c;
        c = (uint32_t)(d2 >> 26); h2 = (uint32_t)d2 & 0x3ffffff; d3 += c;
        c = (uint32_t)(d3 >> 26); h3 = (uint32_t)d3 & 0x3ffffff; d4 += c;
        c = (uint32_t)(d4 >> 26); h4 = (uint32_t)d4 & 0x3ffffff;
        h0 += c * 5; c = h0 >> 26; h0 &= 0x3ffffff; h1 += c;
    }
    // final reduction mod 2^130-5
    uint32_t c = h1 >> 26; h1 &= 0x3ffffff; h2 += c;
    c = h2 >> 26; h2 &= 0x3ffffff; h3 += c;
    c = h3 >> 26; h3 &= 0x3ffffff; h4 += c;
    c = h4 >> 26; h4 &= 0x3ffffff; h0 += c * 5;
    c = h0 >> 26; h0 &= 0x3ffffff; h1 += c;
    uint32_t g0 = h0 + 5; c = g0 >> 26; g0 &= 0x3ffffff;
    uint32_t g1 = h1 + c; c = g1 >> 26; g1 &= 0x3ffffff;
    uint32_t g2 = h2 + c; c = g2 >> 26; g2 &= 0x3ffffff;
    uint32_t g3 = h3 + c; c = g3 >> 26; g3 &= 0x3ffffff;
    uint32_t g4 = h4 + c - (1u << 26);
    uint32_t mask = (g4 >> 31) - 1;
    h0 = (h0 & ~mask) | (g0 & mask); h1 = (h1 & ~mask) | (g1 & mask);
    h2 = (h2 & ~mask) | (g2 & mask); h3 = (h3 & ~mask) | (g3 & mask);
    h4 = (h4 & ~mask) | (g4 & mask);
    uint64_t f0 = ((h0) | (h1 << 26)) + (uint64_t)k[4];
    uint64_t f1 = ((h1 >> 6) | (h2 << 20)) + (uint64_t)k[5] + (f0 >> 32);
    uint64_t f2 = ((h2 >> 12) | (h3 << 14)) + (uint64_t)k[6] + (f1 >> 32);
    uint64_t f3 = ((h3 >> 18) | (h4 << 8)) + (uint64_t)k[7] + (f2 >> 32);
    tags[m] = make_uint4((uint32_t)f0, (uint32_t)f1, (uint32_t)f2, (uint32_t)f3);
}

__device__ __forceinline__ void salsa20_8(uint32_t B[16])
{
    uint32_t x[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) x[i] = B[i];
#define R7(a, b) __funnelshift_l((a), (a), (b))
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        x[4] ^= R7(x[0] + x[12], 7);  x[8] ^= R7(x[4] + x[0], 9);
        x[12] ^= R7(x[8] + x[4], 13); x[0] ^= R7(x[12] + x[8], 18);
        x[9] ^= R7(x[5] + x[1], 7);   x[13] ^= R7(x[9] + x[5], 9);
        x[1] ^= R7(x[13] + x[9], 13); x[5] ^= R7(x[1] + x[13], 18);
        x[14] ^= R7(x[10] + x[6], 7); x[2] ^= R7(x[14] + x[10], 9);
        x[6] ^= R7(x[2] + x[14], 13); x[10] ^= R7(x[6] + x[2], 18);
        x[3] ^= R7(x[15] + x[11], 7); x[7] ^= R7(x[3] + x[15], 9);
        x[11] ^= R7(x[7] + x[3], 13); x[15] ^= R7(x[11] + x[7], 18);
        x[1] ^= R7(x[0] + x[3], 7);   x[2] ^= R7(x[1] + x[0], 9);
        x[3] ^= R7(x[2] + x[1], 13);  x[0] ^= R7(x[3] + x[2], 18);
        x[6] ^= R7(x[5] + x[4], 7);   x[7] ^= R7(x[6] + x[5], 9);
        x[4] ^= R7(x[7] + x[6], 13);  x[5] ^= R7(x[4] + x[7], 18);
        x[11] ^= R7(x[10] + x[9], 7); x[8] ^= R7(x[11] + x[10], 9);
        x[9] ^= R7(x[8] + x[11], 13); x[10] ^= R7(x[9] + x[8], 18);
        x[12] ^= R7(x[15] + x[14], 7); x[13] ^= R7(x[12] + x[15], 9);
        x[14] ^= R7(x[13] + x[12], 13); x[15] ^= R7(x[14] + x[13], 18);
    }
#undef R7
#pragma unroll
    for (int i = 0; i < 16; ++i) B[i] += x[i];
}

// scrypt ROMix with r=1: V scratch of N*32 words per hash in global memory.
extern "C" __global__ void scrypt_romix(uint32_t* __restrict__ X, uint32_t* __restrict__ V,
                                        int N, int nhash)
{
    int h = blockIdx.x * blockDim.x + threadIdx.x;
    if (h >= nhash) return;
    uint32_t B[32];
#pragma unroll
    for (int i = 0; i < 32; ++i) B[i] = X[(size_t)h * 32 + i];
    uint4* v = reinterpret_cast<uint4*>(V + (size_t)h * N * 32);
    for (int i = 0; i < N; ++i) {
#pragma unroll
        for (int q = 0; q < 8; ++q) v[(size_t)i * 8 + q] = make_uint4(B[4 * q], B[4 * q + 1], B[4 * q + 2], B[4 * q + 3]);
#pragma unroll
        for (int k = 0; k < 16; ++k) B[k] ^= B[16 + k];
        salsa20_8(B);
#pragma unroll
        for (int k = 0; k < 16; ++k) B[16 + k] ^= B[k];
        salsa20_8(B + 16);
    }
    for (int i = 0; i < N; ++i) {
        uint32_t j = B[16] & (N - 1);
#pragma unroll
        for (int q = 0; q < 8; ++q) {
            uint4 t = v[(size_t)j * 8 + q];
            B[4 * q] ^= t.x; B[4 * q + 1] ^= t.y; B[4 * q + 2] ^= t.z; B[4 * q + 3] ^= t.w;
        }
#pragma unroll
        for (int k = 0; k < 16; ++k) B[k] ^= B[16 + k];
        salsa20_8(B);
#pragma unroll
        for (int k = 0; k < 16; ++k) B[16 + k] ^= B[k];
        salsa20_8(B + 16);
    }
#pragma unroll
    for (int i = 0; i < 32; ++i) X[(size_t)h * 32 + i] = B[i];
}
