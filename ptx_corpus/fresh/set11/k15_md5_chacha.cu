// MD5 digests of short fixed-length keys (password-audit style) and ChaCha20 / ChaCha8 keystream generation, fully unrolled rounds.
#include <cuda_runtime.h>
#include <stdint.h>

__device__ __forceinline__ uint32_t rotl(uint32_t x, int n) { return __funnelshift_l(x, x, n); }

#define MD5_F(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MD5_G(x, y, z) ((y) ^ ((z) & ((x) ^ (y))))
#define MD5_H(x, y, z) ((x) ^ (y) ^ (z))
#define MD5_I(x, y, z) ((y) ^ ((x) | ~(z)))
#define MD5_STEP(f, a, b, c, d, x, t, s) { (a) += f((b), (c), (d)) + (x) + (t); (a) = rotl((a), (s)) + (b); }

__device__ __noinline__ void md5_block(uint32_t st[4], const uint32_t x[16])
{
    uint32_t a = st[0], b = st[1], c = st[2], d = st[3];
    MD5_STEP(MD5_F, a, b, c, d, x[0], 0xd76aa478, 7)   MD5_STEP(MD5_F, d, a, b, c, x[1], 0xe8c7b756, 12)
    MD5_STEP(MD5_F, c, d, a, b, x[2], 0x242070db, 17)  MD5_STEP(MD5_F, b, c, d, a, x[3], 0xc1bdceee, 22)
    MD5_STEP(MD5_F, a, b, c, d, x[4], 0xf57c0faf, 7)   MD5_STEP(MD5_F, d, a, b, c, x[5], 0x4787c62a, 12)
    MD5_STEP(MD5_F, c, d, a, b, x[6], 0xa8304613, 17)  MD5_STEP(MD5_F, b, c, d, a, x[7], 0xfd469501, 22)
    MD5_STEP(MD5_F, a, b, c, d, x[8], 0x698098d8, 7)   MD5_STEP(MD5_F, d, a, b, c, x[9], 0x8b44f7af, 12)
    MD5_STEP(MD5_F, c, d, a, b, x[10], 0xffff5bb1, 17) MD5_STEP(MD5_F, b, c, d, a, x[11], 0x895cd7be, 22)
    MD5_STEP(MD5_F, a, b, c, d, x[12], 0x6b901122, 7)  MD5_STEP(MD5_F, d, a, b, c, x[13], 0xfd987193, 12)
    MD5_STEP(MD5_F, c, d, a, b, x[14], 0xa679438e, 17) MD5_STEP(MD5_F, b, c, d, a, x[15], 0x49b40821, 22)

    MD5_STEP(MD5_G, a, b, c, d, x[1], 0xf61e2562, 5)   MD5_STEP(MD5_G, d, a, b, c, x[6], 0xc040b340, 9)
    MD5_STEP(MD5_G, c, d, a, b, x[11], 0x265e5a51, 14) MD5_STEP(MD5_G, b, c, d, a, x[0], 0xe9b6c7aa, 20)
    MD5_STEP(MD5_G, a, b, c, d, x[5], 0xd62f105d, 5)   MD5_STEP(MD5_G, d, a, b, c, x[10], 0x02441453, 9)
    MD5_STEP(MD5_G, c, d, a, b, x[15], 0xd8a1e681, 14) MD5_STEP(MD5_G, b, c, d, a, x[4], 0xe7d3fbc8, 20)
    MD5_STEP(MD5_G, a, b, c, d, x[9], 0x21e1cde6, 5)   MD5_STEP(MD5_G, d, a, b, c, x[14], 0xc33707d6, 9)
    MD5_STEP(MD5_G, c, d, a, b, x[3], 0xf4d50d87, 14)  MD5_STEP(MD5_G, b, c, d, a, x[8], 0x455a14ed, 20)
    MD5_STEP(MD5_G, a, b, c, d, x[13], 0xa9e3e905, 5)  MD5_STEP(MD5_G, d, a, b, c, x[2], 0xfcefa3f8, 9)
    MD5_STEP(MD5_G, c, d, a, b, x[7], 0x676f02d9, 14)  MD5_STEP(MD5_G, b, c, d, a, x[12], 0x8d2a4c8a, 20)

    MD5_STEP(MD5_H, a, b, c, d, x[5], 0xfffa3942, 4)   MD5_STEP(MD5_H, d, a, b, c, x[8], 0x8771f681, 11)
    MD5_STEP(MD5_H, c, d, a, b, x[11], 0x6d9d6122, 16) MD5_STEP(MD5_H, b, c, d, a, x[14], 0xfde5380c, 23)
    MD5_STEP(MD5_H, a, b, c, d, x[1], 0xa4beea44, 4)   MD5_STEP(MD5_H, d, a, b, c, x[4], 0x4bdecfa9, 11)
    MD5_STEP(MD5_H, c, d, a, b, x[7], 0xf6bb4b60, 16)  MD5_STEP(MD5_H, b, c, d, a, x[10], 0xbebfbc70, 23)
    MD5_STEP(MD5_H, a, b, c, d, x[13], 0x289b7ec6, 4)  MD5_STEP(MD5_H, d, a, b, c, x[0], 0xeaa127fa, 11)
    MD5_STEP(MD5_H, c, d, a, b, x[3], 0xd4ef3085, 16)  MD5_STEP(MD5_H, b, c, d, a, x[6], 0x04881d05, 23)
    MD5_STEP(MD5_H, a, b, c, d, x[9], 0xd9d4d039, 4)   MD5_STEP(MD5_H, d, a, b, c, x[12], 0xe6db99e5, 11)
    MD5_STEP(MD5_H, c, d, a, b, x[15], 0x1fa27cf8, 16) MD5_STEP(MD5_H, b, c, d, a, x[2], 0xc4ac5665, 23)

    MD5_STEP(MD5_I, a, b, c, d, x[0], 0xf4292244, 6)   MD5_STEP(MD5_I, d, a, b, c, x[7], 0x432aff97, 10)
    MD5_STEP(MD5_I, c, d, a, b, x[14], 0xab9423a7, 15) MD5_STEP(MD5_I, b, c, d, a, x[5], 0xfc93a039, 21)
    MD5_STEP(MD5_I, a, b, c, d, x[12], 0x655b59c3, 6)  MD5_STEP(MD5_I, d, a, b, c, x[3], 0x8f0ccc92, 10)
    MD5_STEP(MD5_I, c, d, a, b, x[10], 0xffeff47d, 15) MD5_STEP(MD5_I, b, c, d, a, x[1], 0x85845dd1, 21)
    MD5_STEP(MD5_I, a, b, c, d, x[8], 0x6fa87e4f, 6)   MD5_STEP(MD5_I, d, a, b, c, x[15], 0xfe2ce6e0, 10)
    MD5_STEP(MD5_I, c, d, a, b, x[6], 0xa3014314, 15)  MD5_STEP(MD5_I, b, c, d, a, x[13], 0x4e0811a1, 21)
    MD5_STEP(MD5_I, a, b, c, d, x[4], 0xf7537e82, 6)   MD5_STEP(MD5_I, d, a, b, c, x[11], 0xbd3af235, 10)
    MD5_STEP(MD5_I, c, d, a, b, x[2], 0x2ad7d2bb, 15)  MD5_STEP(MD5_I, b, c, d, a, x[9], 0xeb86d391, 21)
    st[0] += a; st[1] += b; st[2] += c; st[3] += d;
}

// Candidate i = prefix (keyLen-4 bytes, shared) followed by 4 bytes of base-36 counter; compare to a target digest.
extern "C" __global__ void md5_bruteforce_suffix(const uint32_t* __restrict__ prefixWords, int keyLen,
                                                 unsigned long long startIdx, const uint4 target,
                                                 unsigned long long* __restrict__ result)
{
    unsigned long long idx = startIdx + (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    const char alphabet[36] = {'0','1','2','3','4','5','6','7','8','9','a','b','c','d','e','f','g','h',
                               'i','j','k','l','m','n','o','p','q','r','s','t','u','v','w','x','y','z'};
    if (idx >= 36ull * 36 * 36 * 36 || keyLen < 4 || keyLen > 55) return;
    uint32_t x[16];
#pragma unroll
    for (int q = 0; q < 16; ++q) x[q] = 0;
    int nPrefixWords = (keyLen - 4 + 3) / 4;
    for (int q = 0; q < nPrefixWords; ++q) x[q] = prefixWords[q];
    unsigned char* bytes = reinterpret_cast<unsigned char*>(x);
    unsigned long long v = idx;
    for (int k = 0; k < 4; ++k) { bytes[keyLen - 4 + k] = alphabet[v % 36]; v /= 36; }
    bytes[keyLen] = 0x80;
    x[14] = keyLen * 8;
    uint32_t st[4] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u};
    md5_block(st, x);
    if (st[0] == target.x && st[1] == target.y && st[2] == target.z && st[3] == target.w)
        atomicMin(result, idx);
}

// ------------------------------------------------------------------ ChaCha
#define QR(a, b, c, d)                       \
    a += b; d ^= a; d = rotl(d, 16);         \
    c += d; b ^= c; b = rotl(b, 12);         \
    a += b; d ^= a; d = rotl(d, 8);          \
    c += d; b ^= c; b = rotl(b, 7);

template <int ROUNDS>
__device__ __forceinline__ void chacha_block(uint32_t out[16], const uint32_t key[8], uint32_t counter, const uint32_t nonce[3])
{
    uint32_t x0 = 0x61707865, x1 = 0x3320646e, x2 = 0x79622d32, x3 = 0x6b206574;
    uint32_t x4 = key[0], x5 = key[1], x6 = key[2], x7 = key[3];
    uint32_t x8 = key[4], x9 = key[5], x10 = key[6], x11 = key[7];
    uint32_t x12 = counter, x13 = nonce[0], x14 = nonce[1], x15 = nonce[2];
#pragma unroll
    for (int r = 0; r < ROUNDS; r += 2) {
        QR(x0, x4, x8, x12) QR(x1, x5, x9, x13) QR(x2, x6, x10, x14) QR(x3, x7, x11, x15)
        QR(x0, x5, x10, x15) QR(x1, x6, x11, x12) QR(x2, x7, x8, x13) QR(x3, x4, x9, x14)
    }
    out[0] = x0 + 0x61707865; out[1] = x1 + 0x3320646e; out[2] = x2 + 0x79622d32; out[3] = x3 + 0x6b206574;
    out[4] = x4 + key[0]; out[5] = x5 + key[1]; out[6] = x6 + key[2]; out[7] = x7 + key[3];
    out[8] = x8 + key[4]; out[9] = x9 + key[5]; out[10] = x10 + key[6]; out[11] = x11 + key[7];
    out[12] = x12 + counter; out[13] = x13 + nonce[0]; out[14] = x14 + nonce[1]; out[15] = x15 + nonce[2];
}

__constant__ uint32_t c_key[8];
__constant__ uint32_t c_nonce[3];

// XOR a buffer with the ChaCha20 keystream (RFC 8439); one 64-byte block per thread.
extern "C" __global__ void chacha20_xor(const uint4* __restrict__ in, uint4* __restrict__ out,
                                        uint32_t counter0, size_t nBlocks)
{
    size_t b = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nBlocks) return;
    uint32_t key[8], nonce[3], ks[16];
#pragma unroll
    for (int i = 0; i < 8; ++i) key[i] = c_key[i];
#pragma unroll
    for (int i = 0; i < 3; ++i) nonce[i] = c_nonce[i];
    chacha_block<20>(ks, key, counter0 + (uint32_t)b, nonce);
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        uint4 v = in[b * 4 + q];
        v.x ^= ks[4 * q]; v.y ^= ks[4 * q + 1]; v.z ^= ks[4 * q + 2]; v.w ^= ks[4 * q + 3];
        out[b * 4 + q] = v;
    }
}

// ChaCha8-based counter RNG producing uniform floats in [0,1); each thread emits 16 values per block, grid-stride.
extern "C" __global__ void chacha8_uniform(float* __restrict__ out, size_t n, uint32_t seedLo, uint32_t seedHi)
{
    uint32_t key[8] = {seedLo, seedHi, 0x9e3779b9u, 0x7f4a7c15u, seedLo ^ 0xdeadbeefu, seedHi * 3u, 1u, 2u};
    uint32_t nonce[3] = {0u, 0u, 0u};
    size_t nBlk = (n + 15) / 16;
    for (size_t b = (size_t)blockIdx.x * blockDim.x + threadIdx.x; b < nBlk; b += (size_t)gridDim.x * blockDim.x) {
        uint32_t ks[16];
        nonce[0] = (uint32_t)(b >> 32);
        chacha_block<8>(ks, key, (uint32_t)b, nonce);
#pragma unroll
        for (int i = 0; i < 16; ++i) {
            size_t o = b * 16 + i;
            if (o < n) out[o] = (ks[i] >> 8) * (1.0f / 16777216.0f);
        }
    }
}
