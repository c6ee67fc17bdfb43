// Keccak-f[1600] permutation on 25 64-bit lanes held in registers: SHA3-256 of short messages, Keccak-256 of 64-byte keys, and SHAKE128 output expansion.
#include <cuda_runtime.h>
#include <stdint.h>

__constant__ uint64_t c_RC[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808aull, 0x8000000080008000ull,
    0x000000000000808bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
    0x000000000000008aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000aull,
    0x000000008000808bull, 0x800000000000008bull, 0x8000000000008089ull, 0x8000000000008003ull,
    0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800aull, 0x800000008000000aull,
    0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull};

__device__ __forceinline__ uint64_t rol64(uint64_t x, int n) { return (x << n) | (x >> ((64 - n) & 63)); }

__device__ __forceinline__ void keccak_f1600(uint64_t a[25])
{
#pragma unroll
    for (int round = 0; round < 24; ++round) {
        uint64_t c[5], d[5];
#pragma unroll
        for (int x = 0; x < 5; ++x) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
#pragma unroll
        for (int x = 0; x < 5; ++x) d[x] = c[(x + 4) % 5] ^ rol64(c[(x + 1) % 5], 1);
#pragma unroll
        for (int i = 0; i < 25; ++i) a[i] ^= d[i % 5];

        // rho + pi
        uint64_t b[25];
        b[0]  = a[0];
        b[10] = rol64(a[1], 1);   b[20] = rol64(a[2], 62);  b[5]  = rol64(a[3], 28);  b[15] = rol64(a[4], 27);
        b[16] = rol64(a[5], 36);  b[1]  = rol64(a[6], 44);  b[11] = rol64(a[7], 6);   b[21] = rol64(a[8], 55);
        b[6]  = rol64(a[9], 20);  b[7]  = rol64(a[10], 3);  b[17] = rol64(a[11], 10); b[2]  = rol64(a[12], 43);
        b[12] = rol64(a[13], 25); b[22] = rol64(a[14], 39); b[23] = rol64(a[15], 41); b[8]  = rol64(a[16], 45);
        b[18] = rol64(a[17], 15); b[3]  = rol64(a[18], 21); b[13] = rol64(a[19], 8);  b[14] = rol64(a[20], 18);
        b[24] = rol64(a[21], 2);  b[9]  = rol64(a[22], 61); b[19] = rol64(a[23], 56); b[4]  = rol64(a[24], 14);

        // chi
#pragma unroll
        for (int y = 0; y < 25; y += 5) {
#pragma unroll
            for (int x = 0; x < 5; ++x)
                a[y + x] = b[y + x] ^ (~b[y + (x + 1) % 5] & b[y + (x + 2) % 5]);
        }
        a[0] ^= c_RC[round];
    }
}

// SHA3-256 (rate 136 bytes) of messages shorter than 136 bytes, fixed stride between messages.
extern "C" __global__ void sha3_256_short(const unsigned char* __restrict__ msgs, const int* __restrict__ lens,
                                          int stride, uint64_t* __restrict__ digests, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int len = min(lens[i], 135);
    const unsigned char* m = msgs + (size_t)i * stride;
    uint64_t a[25];
#pragma unroll
    for (int k = 0; k < 25; ++k) a[k] = 0;
    for (int p = 0; p < len; ++p) a[p >> 3] ^= (uint64_t)m[p] << (8 * (p & 7));
    a[len >> 3] ^= 0x06ull << (8 * (len & 7));
    a[16] ^= 0x8000000000000000ull;     // last byte of the 136-byte rate
    keccak_f1600(a);
#pragma unroll
    for (int k = 0; k < 4; ++k) digests[(size_t)i * 4 + k] = a[k];
}

// Keccak-256 (original padding 0x01) of 64-byte inputs, e.g. public keys -> addresses.
extern "C" __global__ void __launch_bounds__(128)
keccak256_64B(const uint64_t* __restrict__ in, uint64_t* __restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint64_t a[25];
#pragma unroll
    for (int k = 0; k < 8; ++k) a[k] = in[(size_t)i * 8 + k];
    a[8] = 0x01ull;
#pragma unroll
    for (int k = 9; k < 25; ++k) a[k] = 0;
    a[16] ^= 0x8000000000000000ull;
    keccak_f1600(a);
#pragma unroll
    for (int k = 0; k < 4; ++k) out[(size_t)i * 4 + k] = a[k];
}

// SHAKE128 from a 32-byte seed || 2-byte index (as in Kyber's matrix generation): squeeze nBlocks x 168 bytes.
extern "C" __global__ void __launch_bounds__(256, 4)
shake128_expand(const uint64_t* __restrict__ seed, uint64_t* __restrict__ out,
                                           int nIndices, int nBlocks)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= nIndices) return;
    uint64_t a[25];
#pragma unroll
    for (int k = 0; k < 25; ++k) a[k] = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k) a[k] = seed[k];
    a[4] = (uint64_t)(idx & 0xffff) | (0x1Full << 16);
    a[20] ^= 0x8000000000000000ull;    // rate 168 bytes = 21 lanes
    uint64_t* o = out + (size_t)idx * nBlocks * 21;
    for (int b = 0; b < nBlocks; ++b) {
        keccak_f1600(a);
#pragma unroll
        for (int k = 0; k < 21; ++k) o[b * 21 + k] = a[k];
    }
}
