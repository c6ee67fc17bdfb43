// MD5 hashing: brute-force candidate generation + compare, and batch digests of short strings.
#include <cuda_runtime.h>
#include <stdint.h>

#define F(x, y, z) (((x) & (y)) | (~(x) & (z)))
#define G(x, y, z) (((x) & (z)) | ((y) & ~(z)))
#define H(x, y, z) ((x) ^ (y) ^ (z))
#define I(x, y, z) ((y) ^ ((x) | ~(z)))
#define ROTL(x, c) __funnelshift_l((x), (x), (c))
#define STEP(f, a, b, c, d, x, t, s) (a) = (b) + ROTL((a) + f((b), (c), (d)) + (x) + (t), (s))

__device__ __forceinline__ void md5_block(const uint32_t in[16], uint32_t &A, uint32_t &B, uint32_t &C, uint32_t &D)
{
    uint32_t a = A, b = B, c = C, d = D;
    STEP(F, a, b, c, d, in[0], 0xd76aa478, 7);   STEP(F, d, a, b, c, in[1], 0xe8c7b756, 12);
    STEP(F, c, d, a, b, in[2], 0x242070db, 17);  STEP(F, b, c, d, a, in[3], 0xc1bdceee, 22);
    STEP(F, a, b, c, d, in[4], 0xf57c0faf, 7);   STEP(F, d, a, b, c, in[5], 0x4787c62a, 12);
    STEP(F, c, d, a, b, in[6], 0xa8304613, 17);  STEP(F, b, c, d, a, in[7], 0xfd469501, 22);
    STEP(F, a, b, c, d, in[8], 0x698098d8, 7);   STEP(F, d, a, b, c, in[9], 0x8b44f7af, 12);
    STEP(F, c, d, a, b, in[10], 0xffff5bb1, 17); STEP(F, b, c, d, a, in[11], 0x895cd7be, 22);
    STEP(F, a, b, c, d, in[12], 0x6b901122, 7);  STEP(F, d, a, b, c, in[13], 0xfd987193, 12);
    STEP(F, c, d, a, b, in[14], 0xa679438e, 17); STEP(F, b, c, d, a, in[15], 0x49b40821, 22);
    STEP(G, a, b, c, d, in[1], 0xf61e2562, 5);   STEP(G, d, a, b, c, in[6], 0xc040b340, 9);
    STEP(G, c, d, a, b, in[11], 0x265e5a51, 14); STEP(G, b, c, d, a, in[0], 0xe9b6c7aa, 20);
    STEP(G, a, b, c, d, in[5], 0xd62f105d, 5);   STEP(G, d, a, b, c, in[10], 0x02441453, 9);
    STEP(G, c, d, a, b, in[15], 0xd8a1e681, 14); STEP(G, b, c, d, a, in[4], 0xe7d3fbc8, 20);
    STEP(G, a, b, c, d, in[9], 0x21e1cde6, 5);   STEP(G, d, a, b, c, in[14], 0xc33707d6, 9);
    STEP(G, c, d, a, b, in[3], 0xf4d50d87, 14);  STEP(G, b, c, d, a, in[8], 0x455a14ed, 20);
    STEP(G, a, b, c, d, in[13], 0xa9e3e905, 5);  STEP(G, d, a, b, c, in[2], 0xfcefa3f8, 9);
    STEP(G, c, d, a, b, in[7], 0x676f02d9, 14);  STEP(G, b, c, d, a, in[12], 0x8d2a4c8a, 20);
    STEP(H, a, b, c, d, in[5], 0xfffa3942, 4);   STEP(H, d, a, b, c, in[8], 0x8771f681, 11);
    STEP(H, c, d, a, b, in[11], 0x6d9d6122, 16); STEP(H, b, c, d, a, in[14], 0xfde5380c, 23);
    STEP(H, a, b, c, d, in[1], 0xa4beea44, 4);   STEP(H, d, a, b, c, in[4], 0x4bdecfa9, 11);
    STEP(H, c, d, a, b, in[7], 0xf6bb4b60, 16);  STEP(H, b, c, d, a, in[10], 0xbebfbc70, 23);
    STEP(H, a, b, c, d, in[13], 0x289b7ec6, 4);  STEP(H, d, a, b, c, in[0], 0xeaa127fa, 11);
    STEP(H, c, d, a, b, in[3], 0xd4ef3085, 16);  STEP(H, b, c, d, a, in[6], 0x04881d05, 23);
    STEP(H, a, b, c, d, in[9], 0xd9d4d039, 4);   STEP(H, d, a, b, c, in[12], 0xe6db99e5, 11);
    STEP(H, c, d, a, b, in[15], 0x1fa27cf8, 16); STEP(H, b, c, d, a, in[2], 0xc4ac5665, 23);
    STEP(I, a, b, c, d, in[0], 0xf4292244, 6);   STEP(I, d, a, b, c, in[7], 0x432aff97, 10);
    STEP(I, c, d, a, b, in[14], 0xab9423a7, 15); STEP(I, b, c, d, a, in[5], 0xfc93a039, 21);
    STEP(I, a, b, c, d, in[12], 0x655b59c3, 6);  STEP(I, d, a, b, c, in[3], 0x8f0ccc92, 10);
    STEP(I, c, d, a, b, in[10], 0xffeff47d, 15); STEP(I, b, c, d, a, in[1], 0x85845dd1, 21);
    STEP(I, a, b, c, d, in[8], 0x6fa87e4f, 6);   STEP(I, d, a, b, c, in[15], 0xfe2ce6e0, 10);
    STEP(I, c, d, a, b, in[6], 0xa3014314, 15);  STEP(I, b, c, d, a, in[13], 0x4e0811a1, 21);
    STEP(I, a, b, c, d, in[4], 0xf7537e82, 6);   STEP(I, d, a, b, c, in[11], 0xbd3af235, 10);
    STEP(I, c, d, a, b, in[2], 0x2ad7d2bb, 15);  STEP(I, b, c, d, a, in[9], 0xeb86d391, 21);
    A += a; B += b; C += c; D += d;
}

__constant__ char c_charset[64];

// Each thread enumerates one candidate password of fixed length from an index.
extern "C" __global__ void md5_bruteforce(uint64_t startIdx, int pwLen, int charsetLen, uint4 target, uint64_t *found)
{
    uint64_t idx = startIdx + (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    uint32_t in[16];
#pragma unroll
    for (int i = 0; i < 16; i++) in[i] = 0;
    uint64_t v = idx;
    for (int i = 0; i < pwLen; i++) {
        unsigned char ch = c_charset[v % charsetLen];
        v /= charsetLen;
        in[i >> 2] |= (uint32_t)ch << (8 * (i & 3));
    }
    in[pwLen >> 2] |= 0x80u << (8 * (pwLen & 3));
    in[14] = pwLen * 8;
    uint32_t A = 0x67452301, B = 0xefcdab89, C = 0x98badcfe, D = 0x10325476;
    md5_block(in, A, B, C, D);
    if (A == target.x && B == target.y && C == target.z && D == target.w) *found = idx;
}

// Digest of arbitrary-length messages (multi-block), one message per thread.
extern "C" __global__ void md5_batch(const unsigned char *data, const int *offsets, uint4 *digests, int count)
{
    int m = blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= count) return;
    const unsigned char *p = data + offsets[m];
    int len = offsets[m + 1] - offsets[m];
    uint32_t A = 0x67452301, B = 0xefcdab89, C = 0x98badcfe, D = 0x10325476;
    int total = ((len + 8) / 64 + 1) * 64;
    for (int blk = 0; blk < total; blk += 64) {
        uint32_t in[16];
#pragma unroll
        for (int w = 0; w < 16; w++) {
            uint32_t word = 0;
#pragma unroll
            for (int b = 0; b < 4; b++) {
                int pos = blk + w * 4 + b;
                uint32_t byte = pos < len ? p[pos] : (pos == len ? 0x80u : 0u);
                word |= byte << (8 * b);
            }
            in[w] = word;
        }
        if (blk + 64 == total) { in[14] = (uint32_t)len * 8; in[15] = 0; }
        md5_block(in, A, B, C, D);
    }
    digests[m] = make_uint4(A, B, C, D);
}
