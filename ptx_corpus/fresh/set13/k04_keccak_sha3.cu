// k04_keccak_sha3.cu
// Cryptography: Keccak-f[1600] permutation, SHA3-256 of fixed-size messages, SHAKE128 XOF,
// and a batched Keccak with a tight launch bound.
//  - sha3_256_fixed:      one thread hashes one 64-byte message (25 x u64 state in registers)
//  - shake128_squeeze_lb: absorbs 32-byte seed, squeezes L blocks, __launch_bounds__(512, 4)
//  - keccak_batch_lb:     two interleaved states per thread under __launch_bounds__(256,8)
//  - keccak_lane_xor:     trivial lane-wise XOR of digests (few registers)
#include <stdint.h>

__constant__ uint64_t c_RC[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
    0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL};

__device__ __forceinline__ uint64_t rotl64(uint64_t x, int n) { return (x << n) | (x >> (64 - n)); }

__device__ __forceinline__ void keccak_f(uint64_t a[25])
{
    const int rho[25] = {0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14};
#pragma unroll 1
    for (int round = 0; round < 24; ++round) {
        uint64_t C[5], D[5], B[25];
#pragma unroll
        for (int x = 0; x < 5; ++x) C[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
#pragma unroll
        for (int x = 0; x < 5; ++x) D[x] = C[(x + 4) % 5] ^ rotl64(C[(x + 1) % 5], 1);
#pragma unroll
        for (int i = 0; i < 25; ++i) a[i] ^= D[i % 5];
#pragma unroll
        for (int x = 0; x < 5; ++x)
#pragma unroll
            for (int y = 0; y < 5; ++y) {
                int r = rho[x + 5 * y];
                uint64_t v = a[x + 5 * y];
                B[y + 5 * ((2 * x + 3 * y) % 5)] = r ? rotl64(v, r) : v;
            }
#pragma unroll
        for (int y = 0; y < 5; ++y)
#pragma unroll
            for (int x = 0; x < 5; ++x)
                a[x + 5 * y] = B[x + 5 * y] ^ ((~B[(x + 1) % 5 + 5 * y]) & B[(x + 2) % 5 + 5 * y]);
        a[0] ^= c_RC[round];
    }
}

extern "C" __global__ void sha3_256_fixed(const uint64_t* __restrict__ msgs, uint64_t* __restrict__ digests, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    uint64_t s[25];
#pragma unroll
    for (int i = 0; i < 25; ++i) s[i] = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) s[i] = msgs[8 * t + i];
    s[8] ^= 0x06ULL;
    s[16] ^= 0x8000000000000000ULL;   // rate = 136 bytes = 17 lanes
    keccak_f(s);
#pragma unroll
    for (int i = 0; i < 4; ++i) digests[4 * t + i] = s[i];
}

extern "C" __global__ void __launch_bounds__(512, 4)
shake128_squeeze_lb(const uint64_t* __restrict__ seeds, uint64_t* __restrict__ out,
                                            int nblocks, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    uint64_t s[25];
#pragma unroll
    for (int i = 0; i < 25; ++i) s[i] = 0;
#pragma unroll
    for (int i = 0; i < 4; ++i) s[i] = seeds[4 * t + i];
    s[4] ^= 0x1FULL;
    s[20] ^= 0x8000000000000000ULL;   // rate = 168 bytes = 21 lanes
    uint64_t* o = out + (size_t)t * nblocks * 21;
    for (int b = 0; b < nblocks; ++b) {
        keccak_f(s);
#pragma unroll
        for (int i = 0; i < 21; ++i) o[b * 21 + i] = s[i];
    }
}

extern "C" __global__ void __launch_bounds__(256, 8)
keccak_batch_lb(const uint64_t* __restrict__ inA, const uint64_t* __restrict__ inB,
                uint64_t* __restrict__ out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    uint64_t a[25], b[25];
#pragma unroll
    for (int i = 0; i < 25; ++i) { a[i] = inA[25 * (size_t)t + i]; b[i] = inB[25 * (size_t)t + i]; }
    keccak_f(a);
    keccak_f(b);
    uint64_t acc = 0;
#pragma unroll
    for (int i = 0; i < 25; ++i) { out[25 * (size_t)t + i] = a[i] ^ b[(i + 7) % 25]; acc += a[i] * b[i]; }
    out[25 * (size_t)n + t] = acc;
}

extern "C" __global__ void keccak_lane_xor(const uint64_t* __restrict__ x, const uint64_t* __restrict__ y,
                                           uint64_t* __restrict__ z, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) z[i] = x[i] ^ rotl64(y[i], 13);
}
