// BLAKE2b compression and Salsa20/8 core (scrypt BlockMix) with the full state in registers.
#include <cuda_runtime.h>
#include <stdint.h>

__constant__ uint64_t c_blake2b_iv[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
    0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull };

__device__ __forceinline__ uint32_t rotl32(uint32_t x, int n) { return __funnelshift_l(x, x, n); }
__device__ __forceinline__ uint64_t rotr64(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

#define G(a, b, c, d, x, y) \
    a = a + b + x; d = rotr64(d ^ a, 32); c = c + d; b = rotr64(b ^ c, 24); \
    a = a + b + y; d = rotr64(d ^ a, 16); c = c + d; b = rotr64(b ^ c, 63);

// One BLAKE2b-512 hash of a single 128-byte block per thread (e.g. Merkle leaves).
extern "C" __global__ void blake2b_leaf128(const uint64_t* __restrict__ msgs, uint64_t* __restrict__ digests, int n)
{
    const uint8_t sigma[12][16] = {
        {0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15}, {14,10,4,8,9,15,13,6,1,12,0,2,11,7,5,3},
        {11,8,12,0,5,2,15,13,10,14,3,6,7,1,9,4}, {7,9,3,1,13,12,11,14,2,6,5,10,4,0,15,8},
        {9,0,5,7,2,4,10,15,14,1,11,12,6,8,3,13}, {2,12,6,10,0,11,8,3,4,13,7,5,15,14,1,9},
        {12,5,1,15,14,13,4,10,0,7,6,3,9,2,8,11}, {13,11,7,14,12,1,3,9,5,0,15,4,8,6,2,10},
        {6,15,14,9,11,3,0,8,12,2,13,7,1,4,10,5}, {10,2,8,4,7,6,1,5,15,11,9,14,3,12,13,0},
        {0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15}, {14,10,4,8,9,15,13,6,1,12,0,2,11,7,5,3}};
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint64_t m[16];
    const ulonglong2* src = reinterpret_cast<const ulonglong2*>(msgs + (size_t)i * 16);
#pragma unroll
    for (int j = 0; j < 8; ++j) { ulonglong2 t = src[j]; m[2 * j] = t.x; m[2 * j + 1] = t.y; }
    uint64_t h[8];
#pragma unroll
    for (int j = 0; j < 8; ++j) h[j] = c_blake2b_iv[j];
    h[0] ^= 0x01010040ull;
    uint64_t v[16];
#pragma unroll
    for (int j = 0; j < 8; ++j) { v[j] = h[j]; v[j + 8] = c_blake2b_iv[j]; }
    v[12] ^= 128ull; v[14] = ~v[14];
#pragma unroll
    for (int r = 0; r < 12; ++r) {
        const uint8_t* s = sigma[r];
        G(v[0], v[4], v[8],  v[12], m[s[0]],  m[s[1]]);
        G(v[1], v[5], v[9],  v[13], m[s[2]],  m[s[3]]);
        G(v[2], v[6], v[10], v[14], m[s[4]],  m[s[5]]);
        G(v[3], v[7], v[11], v[15], m[s[6]],  m[s[7]]);
        G(v[0], v[5], v[10], v[15], m[s[8]],  m[s[9]]);
        G(v[1], v[6], v[11], v[12], m[s[10]], m[s[11]]);
        G(v[2], v[7], v[8],  v[13], m[s[12]], m[s[13]]);
        G(v[3], v[4], v[9],  v[14], m[s[14]], m[s[15]]);
    }
    uint64_t* d = digests + (size_t)i * 8;
#pragma unroll
    for (int j = 0; j < 8; ++j) d[j] = h[j] ^ v[j] ^ v[j + 8];
}

__device__ __forceinline__ void salsa20_8(uint32_t B[16])
{
    uint32_t x[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) x[i] = B[i];
#pragma unroll
    for (int r = 0; r < 8; r += 2) {
        x[4] ^= rotl32(x[0] + x[12], 7);  x[8] ^= rotl32(x[4] + x[0], 9);
        x[12] ^= rotl32(x[8] + x[4], 13); x[0] ^= rotl32(x[12] + x[8], 18);
        x[9] ^= rotl32(x[5] + x[1], 7);   x[13] ^= rotl32(x[9] + x[5], 9);
        x[1] ^= rotl32(x[13] + x[9], 13); x[5] ^= rotl32(x[1] + x[13], 18);
        x[14] ^= rotl32(x[10] + x[6], 7); x[2] ^= rotl32(x[14] + x[10], 9);
        x[6] ^= rotl32(x[2] + x[14], 13); x[10] ^= rotl32(x[6] + x[2], 18);
        x[3] ^= rotl32(x[15] + x[11], 7); x[7] ^= rotl32(x[3] + x[15], 9);
        x[11] ^= rotl32(x[7] + x[3], 13); x[15] ^= rotl32(x[11] + x[7], 18);
        x[1] ^= rotl32(x[0] + x[3], 7);   x[2] ^= rotl32(x[1] + x[0], 9);
        x[3] ^= rotl32(x[2] + x[1], 13);  x[0] ^= rotl32(x[3] + x[2], 18);
        x[6] ^= rotl32(x[5] + x[4], 7);   x[7] ^= rotl32(x[6] + x[5], 9);
        x[4] ^= rotl32(x[7] + x[6], 13);  x[5] ^= rotl32(x[4] + x[7], 18);
        x[11] ^= rotl32(x[10] + x[9], 7); x[8] ^= rotl32(x[11] + x[10], 9);
        x[9] ^= rotl32(x[8] + x[11], 13); x[10] ^= rotl32(x[9] + x[8], 18);
        x[12] ^= rotl32(x[15] + x[14], 7); x[13] ^= rotl32(x[12] + x[15], 9);
        x[14] ^= rotl32(x[13] + x[12], 13); x[15] ^= rotl32(x[14] + x[13], 18);
    }
#pragma unroll
    for (int i = 0; i < 16; ++i) B[i] += x[i];
}

// scrypt BlockMix with r=1 over a 128-byte block; the whole 32-word state stays in registers.
extern "C" __global__ void scrypt_blockmix_r1(uint4* __restrict__ blocks, int n, int iters)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint32_t X0[16], X1[16];
    uint4* b = blocks + (size_t)i * 8;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        uint4 t = b[j]; X0[4*j] = t.x; X0[4*j+1] = t.y; X0[4*j+2] = t.z; X0[4*j+3] = t.w;
        uint4 u = b[j + 4]; X1[4*j] = u.x; X1[4*j+1] = u.y; X1[4*j+2] = u.z; X1[4*j+3] = u.w;
    }
    for (int it = 0; it < iters; ++it) {
#pragma unroll
        for (int j = 0; j < 16; ++j) X0[j] ^= X1[j];
        salsa20_8(X0);
#pragma unroll
        for (int j = 0; j < 16; ++j) X1[j] ^= X0[j];
        salsa20_8(X1);
    }
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        b[j] = make_uint4(X0[4*j], X0[4*j+1], X0[4*j+2], X0[4*j+3]);
        b[j + 4] = make_uint4(X1[4*j], X1[4*j+1], X1[4*j+2], X1[4*j+3]);
    }
}

// Same BlockMix compiled for high occupancy (8 blocks of 256 threads per SM).
extern "C" __global__ void __launch_bounds__(256, 8)
scrypt_blockmix_r1_occ(uint4* __restrict__ blocks, int n, int iters)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint32_t X0[16], X1[16];
    uint4* b = blocks + (size_t)i * 8;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        uint4 t = b[j]; X0[4*j] = t.x; X0[4*j+1] = t.y; X0[4*j+2] = t.z; X0[4*j+3] = t.w;
        uint4 u = b[j + 4]; X1[4*j] = u.x; X1[4*j+1] = u.y; X1[4*j+2] = u.z; X1[4*j+3] = u.w;
    }
    for (int it = 0; it < iters; ++it) {
#pragma unroll
        for (int j = 0; j < 16; ++j) X0[j] ^= X1[j];
        salsa20_8(X0);
#pragma unroll
        for (int j = 0; j < 16; ++j) X1[j] ^= X0[j];
        salsa20_8(X1);
    }
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        b[j] = make_uint4(X0[4*j], X0[4*j+1], X0[4*j+2], X0[4*j+3]);
        b[j + 4] = make_uint4(X1[4*j], X1[4*j+1], X1[4*j+2], X1[4*j+3]);
    }
}
