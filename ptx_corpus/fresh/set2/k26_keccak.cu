#include <cstdint>
__constant__ uint64_t RC[24] = {
0x0000000000000001ULL,0x0000000000008082ULL,0x800000000000808aULL,0x8000000080008000ULL,
0x000000000000808bULL,0x0000000080000001ULL,0x8000000080008081ULL,0x8000000000008009ULL,
0x000000000000008aULL,0x0000000000000088ULL,0x0000000080008009ULL,0x000000008000000aULL,
0x000000008000808bULL,0x800000000000008bULL,0x8000000000008089ULL,0x8000000000008003ULL,
0x8000000000008002ULL,0x8000000000000080ULL,0x000000000000800aULL,0x800000008000000aULL,
0x8000000080008081ULL,0x8000000000008080ULL,0x0000000080000001ULL,0x8000000080008008ULL};

__device__ __forceinline__ uint64_t rotl64(uint64_t x, int n) { return (x << n) | (x >> (64 - n)); }

extern "C" __global__ void __maxnreg__(64) keccak256_batch(const uint64_t* __restrict__ msgs, uint64_t* __restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint64_t s[25];
#pragma unroll
    for (int k = 0; k < 25; ++k) s[k] = 0;
#pragma unroll
    for (int k = 0; k < 8; ++k) s[k] = msgs[(size_t)i * 8 + k];
    s[8] = 0x01ULL; s[16] = 0x8000000000000000ULL;
#pragma unroll 1
    for (int r = 0; r < 24; ++r) {
        uint64_t C[5], D[5];
#pragma unroll
        for (int x = 0; x < 5; ++x) C[x] = s[x] ^ s[x + 5] ^ s[x + 10] ^ s[x + 15] ^ s[x + 20];
#pragma unroll
        for (int x = 0; x < 5; ++x) D[x] = C[(x + 4) % 5] ^ rotl64(C[(x + 1) % 5], 1);
#pragma unroll
        for (int k = 0; k < 25; ++k) s[k] ^= D[k % 5];
        uint64_t t = s[1];
        const int piln[24] = {10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4, 15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1};
        const int rotc[24] = {1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14, 27, 41, 56, 8, 25, 43, 62, 18, 39, 61, 20, 44};
#pragma unroll
        for (int k = 0; k < 24; ++k) { int j = piln[k]; uint64_t b = s[j]; s[j] = rotl64(t, rotc[k]); t = b; }
#pragma unroll
        for (int y = 0; y < 25; y += 5) {
            uint64_t b0 = s[y], b1 = s[y + 1], b2 = s[y + 2], b3 = s[y + 3], b4 = s[y + 4];
            s[y] ^= ~b1 & b2; s[y + 1] ^= ~b2 & b3; s[y + 2] ^= ~b3 & b4; s[y + 3] ^= ~b4 & b0; s[y + 4] ^= ~b0 & b1;
        }
        s[0] ^= RC[r];
    }
#pragma unroll
    for (int k = 0; k < 4; ++k) out[(size_t)i * 4 + k] = s[k];
}

// bitsliced 4-bit S-box (PRESENT) applied to 32 blocks in parallel, per thread
extern "C" __global__ void present_sbox_bitsliced(const uint32_t* __restrict__ planes, uint32_t* __restrict__ outp,
    const uint32_t* __restrict__ roundKey, int n, int rounds)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint32_t x[16];
#pragma unroll
    for (int k = 0; k < 16; ++k) x[k] = planes[(size_t)k * n + i];
    for (int r = 0; r < rounds; ++r) {
#pragma unroll
        for (int k = 0; k < 16; ++k) x[k] ^= __ldg(&roundKey[r * 16 + k]);
#pragma unroll
        for (int g = 0; g < 4; ++g) {
            uint32_t a = x[4*g], b = x[4*g+1], c = x[4*g+2], d = x[4*g+3];
            uint32_t t1 = b ^ c, t2 = c & t1, t3 = d ^ t2, y0 = a ^ t3;
            uint32_t t4 = t1 & t3, t5 = t1 ^ y0, t6 = t4 ^ c, t7 = a | t6;
            uint32_t y1 = t5 ^ t7, t8 = ~a, t9 = t6 ^ t8, y3 = y1 ^ t9;
            uint32_t t10 = t5 | t9, y2 = t3 ^ t10 ^ t8;
            x[4*g] = y0; x[4*g+1] = y1; x[4*g+2] = y2; x[4*g+3] = y3;
        }
        uint32_t y[16];
#pragma unroll
        for (int k = 0; k < 16; ++k) y[(k * 4) % 15 + (k == 15 ? 15 : 0)] = x[k];
#pragma unroll
        for (int k = 0; k < 16; ++k) x[k] = y[k];
    }
#pragma unroll
    for (int k = 0; k < 16; ++k) outp[(size_t)k * n + i] = x[k];
}
