// SHA-256 compression: single-block message hashing and a nonce search (mining-style) kernel.
#include <cuda_runtime.h>
#include <stdint.h>

__constant__ uint32_t K256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

#define ROTR(x, n) __funnelshift_r((x), (x), (n))
#define CH(x, y, z) (((x) & (y)) ^ (~(x) & (z)))
#define MAJ(x, y, z) (((x) & (y)) ^ ((x) & (z)) ^ ((y) & (z)))
#define EP0(x) (ROTR(x, 2) ^ ROTR(x, 13) ^ ROTR(x, 22))
#define EP1(x) (ROTR(x, 6) ^ ROTR(x, 11) ^ ROTR(x, 25))
#define SIG0(x) (ROTR(x, 7) ^ ROTR(x, 18) ^ ((x) >> 3))
#define SIG1(x) (ROTR(x, 17) ^ ROTR(x, 19) ^ ((x) >> 10))

__device__ __forceinline__ void sha256_transform(uint32_t state[8], const uint32_t data[16])
{
    uint32_t m[64];
#pragma unroll
    for (int i = 0; i < 16; i++) m[i] = data[i];
#pragma unroll
    for (int i = 16; i < 64; i++) m[i] = SIG1(m[i - 2]) + m[i - 7] + SIG0(m[i - 15]) + m[i - 16];
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
#pragma unroll
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = h + EP1(e) + CH(e, f, g) + K256[i] + m[i];
        uint32_t t2 = EP0(a) + MAJ(a, b, c);
        h = g; g = f; f = e; e = d + t1;
        d = c; c = b; b = a; a = t1 + t2;
    }
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
}

__device__ __forceinline__ uint32_t bswap32(uint32_t x) { return __byte_perm(x, 0, 0x0123); }

// Hash fixed-length 55-byte-or-less messages (one 64-byte block each).
extern "C" __global__ void sha256_single_block(const unsigned char *msgs, const int *lens, int stride,
                                               uint32_t *digests, int count)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= count) return;
    const unsigned char *msg = msgs + (size_t)idx * stride;
    int len = lens[idx];
    uint32_t w[16];
#pragma unroll
    for (int i = 0; i < 16; i++) w[i] = 0;
    for (int i = 0; i < len; i++) w[i >> 2] |= (uint32_t)msg[i] << (24 - 8 * (i & 3));
    w[len >> 2] |= 0x80u << (24 - 8 * (len & 3));
    w[15] = (uint32_t)len * 8;
    uint32_t st[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    sha256_transform(st, w);
#pragma unroll
    for (int i = 0; i < 8; i++) digests[idx * 8 + i] = st[i];
}

// Double SHA-256 over an 80-byte header with a varying nonce; midstate precomputed on host.
extern "C" __global__ void __launch_bounds__(256)
sha256d_nonce_search(const uint32_t *midstate, const uint32_t *tail3, uint32_t startNonce, uint32_t target,
                     uint32_t *foundNonce)
{
    uint32_t nonce = startNonce + blockIdx.x * blockDim.x + threadIdx.x;
    uint32_t w[16];
    w[0] = tail3[0]; w[1] = tail3[1]; w[2] = tail3[2]; w[3] = bswap32(nonce);
    w[4] = 0x80000000u;
#pragma unroll
    for (int i = 5; i < 15; i++) w[i] = 0;
    w[15] = 640;
    uint32_t st[8];
#pragma unroll
    for (int i = 0; i < 8; i++) st[i] = midstate[i];
    sha256_transform(st, w);
#pragma unroll
    for (int i = 0; i < 8; i++) w[i] = st[i];
    w[8] = 0x80000000u;
#pragma unroll
    for (int i = 9; i < 15; i++) w[i] = 0;
    w[15] = 256;
    uint32_t st2[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    sha256_transform(st2, w);
    if (bswap32(st2[7]) <= target) atomicMin(foundNonce, nonce);
}

// HMAC-like iterated hashing (PBKDF2 inner loop style) with runtime iteration count.
extern "C" __global__ void sha256_iterate(uint32_t *states, int iterations, int count)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= count) return;
    uint32_t st[8];
#pragma unroll
    for (int i = 0; i < 8; i++) st[i] = states[idx * 8 + i];
    for (int it = 0; it < iterations; it++) {
        uint32_t w[16];
#pragma unroll
        for (int i = 0; i < 8; i++) w[i] = st[i];
        w[8] = 0x80000000u;
#pragma unroll
        for (int i = 9; i < 15; i++) w[i] = 0;
        w[15] = 256;
        uint32_t ns[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
        sha256_transform(ns, w);
#pragma unroll
        for (int i = 0; i < 8; i++) st[i] = ns[i];
    }
#pragma unroll
    for (int i = 0; i < 8; i++) states[idx * 8 + i] = st[i];
}
