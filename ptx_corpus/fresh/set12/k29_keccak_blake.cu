// 64-bit hash permutations: SHA3-256 via Keccak-f[1600] (one message per
// thread, plain and register-capped), SHAKE128 squeezing, and BLAKE2b-512
// compression of single-block messages.
#include <cuda_runtime.h>
#include <stdint.h>

__constant__ uint64_t KRC[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808aull, 0x8000000080008000ull,
    0x000000000000808bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
    0x000000000000008aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000aull,
    0x000000008000808bull, 0x800000000000008bull, 0x8000000000008089ull, 0x8000000000008003ull,
    0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800aull, 0x800000008000000aull,
    0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull};

__device__ __forceinline__ uint64_t rol64(uint64_t x, int n) { return (x << n) | (x >> ((64 - n) & 63)); }

__device__ __forceinline__ void keccak_f1600(uint64_t A[25])
{
    const int rho[25] = {0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14};
#pragma unroll 1
    for (int round = 0; round < 24; ++round) {
        uint64_t C[5], D[5], B[25];
#pragma unroll
        for (int x = 0; x < 5; ++x) C[x] = A[x] ^ A[x + 5] ^ A[x + 10] ^ A[x + 15] ^ A[x + 20];
#pragma unroll
        for (int x = 0; x < 5; ++x) D[x] = C[(x + 4) % 5] ^ rol64(C[(x + 1) % 5], 1);
#pragma unroll
        for (int i = 0; i < 25; ++i) A[i] ^= D[i % 5];
        // rho + pi: B[y, 2x+3y] = rot(A[x,y], r[x,y])
#pragma unroll
        for (int x = 0; x < 5; ++x)
#pragma unroll
            for (int y = 0; y < 5; ++y) B[y + 5 * ((2 * x + 3 * y) % 5)] = rol64(A[x + 5 * y], rho[x + 5 * y]);
        // chi
#pragma unroll
        for (int y = 0; y < 5; ++y)
#pragma unroll
            for (int x = 0; x < 5; ++x)
                A[x + 5 * y] = B[x + 5 * y] ^ (~B[(x + 1) % 5 + 5 * y] & B[(x + 2) % 5 + 5 * y]);
        A[0] ^= KRC[round];
    }
}

// SHA3-256 of messages of exactly `len` bytes (len < 136, single absorb block).
#define SHA3_BODY                                                                         \
    int m = blockIdx.x * blockDim.x + threadIdx.x;                                        \
    if (m >= nmsg) return;                                                                \
    uint64_t A[25];                                                                       \
    _Pragma("unroll") for (int i = 0; i < 25; ++i) A[i] = 0;                              \
    const uint8_t* p = msgs + (size_t)m * stride;                                         \
    for (int i = 0; i < len; ++i) {                                                       \
        uint64_t b = p[i];                                                                \
        int lane = i >> 3, sh = (i & 7) * 8;                                              \
        _Pragma("unroll") for (int k = 0; k < 17; ++k) if (k == lane) A[k] ^= b << sh;    \
    }                                                                                     \
    {                                                                                     \
        int lane = len >> 3, sh = (len & 7) * 8;                                          \
        _Pragma("unroll") for (int k = 0; k < 17; ++k) if (k == lane) A[k] ^= 0x06ull << sh; \
    }                                                                                     \
    A[16] ^= 0x8000000000000000ull;                                                       \
    keccak_f1600(A);                                                                      \
    _Pragma("unroll") for (int i = 0; i < 4; ++i) out[(size_t)m * 4 + i] = A[i];

extern "C" __global__ void sha3_256_short(const uint8_t* __restrict__ msgs, int stride, int len,
                                          uint64_t* __restrict__ out, int nmsg)
{
    SHA3_BODY
}

extern "C" __global__ void __launch_bounds__(512, 4)
sha3_256_short_occ(const uint8_t* __restrict__ msgs, int stride, int len,
                   uint64_t* __restrict__ out, int nmsg)
{
    SHA3_BODY
}

// SHAKE128: absorb a 32-byte seed per thread, squeeze nblocks*168 bytes.
extern "C" __global__ void shake128_expand(const uint64_t* __restrict__ seeds, int nseeds, int nblocks,
                                           uint64_t* __restrict__ out)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nseeds) return;
    uint64_t A[25];
#pragma unroll
    for (int i = 0; i < 25; ++i) A[i] = 0;
#pragma unroll
    for (int i = 0; i < 4; ++i) A[i] = seeds[(size_t)s * 4 + i];
    A[4] ^= 0x1Full;
    A[20] ^= 0x8000000000000000ull;   // rate = 168 bytes = 21 lanes
    uint64_t* o = out + (size_t)s * nblocks * 21;
    for (int b = 0; b < nblocks; ++b) {
        keccak_f1600(A);
#pragma unroll
        for (int i = 0; i < 21; ++i) o[b * 21 + i] = A[i];
    }
}

__constant__ uint8_t SIGMA[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3}};

__device__ __forceinline__ uint64_t rotr64(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

#define G2B(a, b, c, d, x, y)                       \
    v[a] = v[a] + v[b] + x; v[d] = rotr64(v[d] ^ v[a], 32); \
    v[c] = v[c] + v[d];     v[b] = rotr64(v[b] ^ v[c], 24); \
    v[a] = v[a] + v[b] + y; v[d] = rotr64(v[d] ^ v[a], 16); \
    v[c] = v[c] + v[d];     v[b] = rotr64(v[b] ^ v[c], 63);

// BLAKE2b-512 (unkeyed) of messages of exactly 128 bytes; message words are
// selected through the runtime sigma table.
extern "C" __global__ void blake2b_128byte(const uint64_t* __restrict__ msgs, uint64_t* __restrict__ out, int nmsg)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nmsg) return;
    const uint64_t IV[8] = {0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
                            0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};
    uint64_t h[8], v[16], mw[16];
#pragma unroll
    for (int i = 0; i < 8; ++i) h[i] = IV[i];
    h[0] ^= 0x01010040ull;
#pragma unroll
    for (int i = 0; i < 16; ++i) mw[i] = msgs[(size_t)t * 16 + i];
#pragma unroll
    for (int i = 0; i < 8; ++i) { v[i] = h[i]; v[i + 8] = IV[i]; }
    v[12] ^= 128ull;
    v[14] = ~v[14];
    for (int r = 0; r < 12; ++r) {
        const uint8_t* s = SIGMA[r];
        G2B(0, 4, 8, 12, mw[s[0]], mw[s[1]]);
        G2B(1, 5, 9, 13, mw[s[2]], mw[s[3]]);
        G2B(2, 6, 10, 14, mw[s[4]], mw[s[5]]);
        G2B(3, 7, 11, 15, mw[s[6]], mw[s[7]]);
        G2B(0, 5, 10, 15, mw[s[8]], mw[s[9]]);
        G2B(1, 6, 11, 12, mw[s[10]], mw[s[11]]);
        G2B(2, 7, 8, 13, mw[s[12]], mw[s[13]]);
        G2B(3, 4, 9, 14, mw[s[14]], mw[s[15]]);
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) out[(size_t)t * 8 + i] = h[i] ^ v[i] ^ v[i + 8];
}
