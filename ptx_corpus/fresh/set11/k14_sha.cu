// SHA-1 and SHA-256 compression on the GPU: batched single-block digests and a double-SHA-256 nonce search over an 80-byte header.
#include <cuda_runtime.h>
#include <stdint.h>

__device__ __forceinline__ uint32_t rotl32(uint32_t x, int n) { return __funnelshift_l(x, x, n); }
__device__ __forceinline__ uint32_t rotr32(uint32_t x, int n) { return __funnelshift_r(x, x, n); }
__device__ __forceinline__ uint32_t bswap32(uint32_t x) { return __byte_perm(x, 0, 0x0123); }

// ---------------------------------------------------------------- SHA-1
__device__ __forceinline__ void sha1_compress(uint32_t st[5], const uint32_t blk[16])
{
    uint32_t w[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) w[i] = blk[i];
    uint32_t a = st[0], b = st[1], c = st[2], d = st[3], e = st[4];
#pragma unroll
    for (int t = 0; t < 80; ++t) {
        uint32_t wt;
        if (t < 16) wt = w[t];
        else {
            wt = rotl32(w[(t - 3) & 15] ^ w[(t - 8) & 15] ^ w[(t - 14) & 15] ^ w[t & 15], 1);
            w[t & 15] = wt;
        }
        uint32_t f, k;
        if (t < 20)      { f = (b & c) | (~b & d);           k = 0x5A827999u; }
        else if (t < 40) { f = b ^ c ^ d;                    k = 0x6ED9EBA1u; }
        else if (t < 60) { f = (b & c) | (b & d) | (c & d);  k = 0x8F1BBCDCu; }
        else             { f = b ^ c ^ d;                    k = 0xCA62C1D6u; }
        uint32_t tmp = rotl32(a, 5) + f + e + k + wt;
        e = d; d = c; c = rotl32(b, 30); b = a; a = tmp;
    }
    st[0] += a; st[1] += b; st[2] += c; st[3] += d; st[4] += e;
}

// Messages are fixed 55-byte-or-shorter strings padded by the host into one 64-byte block (big-endian words).
extern "C" __global__ void sha1_single_block(const uint32_t* __restrict__ blocks, uint32_t* __restrict__ digests, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint32_t blk[16];
    const uint4* p = reinterpret_cast<const uint4*>(blocks + (size_t)i * 16);
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        uint4 v = p[q];
        blk[4 * q] = v.x; blk[4 * q + 1] = v.y; blk[4 * q + 2] = v.z; blk[4 * q + 3] = v.w;
    }
    uint32_t st[5] = {0x67452301u, 0xEFCDAB89u, 0x98BADCFEu, 0x10325476u, 0xC3D2E1F0u};
    sha1_compress(st, blk);
#pragma unroll
    for (int q = 0; q < 5; ++q) digests[(size_t)i * 5 + q] = st[q];
}

// ---------------------------------------------------------------- SHA-256
__constant__ uint32_t K256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

#define S256_CH(x, y, z)  (((x) & (y)) ^ (~(x) & (z)))
#define S256_MAJ(x, y, z) (((x) & (y)) ^ ((x) & (z)) ^ ((y) & (z)))
#define S256_EP0(x) (rotr32(x, 2) ^ rotr32(x, 13) ^ rotr32(x, 22))
#define S256_EP1(x) (rotr32(x, 6) ^ rotr32(x, 11) ^ rotr32(x, 25))
#define S256_SIG0(x) (rotr32(x, 7) ^ rotr32(x, 18) ^ ((x) >> 3))
#define S256_SIG1(x) (rotr32(x, 17) ^ rotr32(x, 19) ^ ((x) >> 10))

__device__ __forceinline__ void sha256_compress(uint32_t st[8], const uint32_t blk[16])
{
    uint32_t w[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) w[i] = blk[i];
    uint32_t a = st[0], b = st[1], c = st[2], d = st[3], e = st[4], f = st[5], g = st[6], h = st[7];
#pragma unroll
    for (int t = 0; t < 64; ++t) {
        if (t >= 16)
            w[t & 15] += S256_SIG1(w[(t - 2) & 15]) + w[(t - 7) & 15] + S256_SIG0(w[(t - 15) & 15]);
        uint32_t t1 = h + S256_EP1(e) + S256_CH(e, f, g) + K256[t] + w[t & 15];
        uint32_t t2 = S256_EP0(a) + S256_MAJ(a, b, c);
        h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    st[0] += a; st[1] += b; st[2] += c; st[3] += d; st[4] += e; st[5] += f; st[6] += g; st[7] += h;
}

__device__ __forceinline__ void sha256_init(uint32_t st[8])
{
    st[0] = 0x6a09e667; st[1] = 0xbb67ae85; st[2] = 0x3c6ef372; st[3] = 0xa54ff53a;
    st[4] = 0x510e527f; st[5] = 0x9b05688c; st[6] = 0x1f83d9ab; st[7] = 0x5be0cd19;
}

// Hash variable-length messages (each < 2^16 bytes) laid out back to back; offsets[i]..offsets[i+1].
extern "C" __global__ void sha256_messages(const unsigned char* __restrict__ buf, const uint32_t* __restrict__ offsets,
                                           uint32_t* __restrict__ digests, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint32_t start = offsets[i], len = offsets[i + 1] - start;
    const unsigned char* m = buf + start;
    uint32_t st[8];
    sha256_init(st);
    uint32_t total = ((len + 8) / 64 + 1) * 64;
    for (uint32_t off = 0; off < total; off += 64) {
        uint32_t blk[16];
        for (int wdx = 0; wdx < 16; ++wdx) {
            uint32_t word = 0;
#pragma unroll
            for (int b = 0; b < 4; ++b) {
                uint32_t p = off + wdx * 4 + b;
                uint32_t byte = p < len ? m[p] : (p == len ? 0x80u : 0u);
                word = (word << 8) | byte;
            }
            blk[wdx] = word;
        }
        if (off + 64 == total) {
            blk[14] = 0;                    // length < 2^29 bytes
            blk[15] = len * 8u;
        }
        sha256_compress(st, blk);
    }
#pragma unroll
    for (int q = 0; q < 8; ++q) digests[(size_t)i * 8 + q] = st[q];
}

// Double SHA-256 of an 80-byte header, scanning nonces; midstate of the first 64 bytes is precomputed.
extern "C" __global__ void __launch_bounds__(256)
sha256d_nonce_search(const uint32_t* __restrict__ midstate, const uint32_t* __restrict__ tail3,
                     uint32_t nonceBase, uint32_t targetHi, uint32_t* __restrict__ found)
{
    uint32_t nonce = nonceBase + blockIdx.x * blockDim.x + threadIdx.x;
    uint32_t st[8];
#pragma unroll
    for (int q = 0; q < 8; ++q) st[q] = midstate[q];
    uint32_t blk[16];
    blk[0] = tail3[0]; blk[1] = tail3[1]; blk[2] = tail3[2];
    blk[3] = bswap32(nonce);
    blk[4] = 0x80000000u;
#pragma unroll
    for (int q = 5; q < 15; ++q) blk[q] = 0;
    blk[15] = 640;
    sha256_compress(st, blk);

    uint32_t st2[8];
    sha256_init(st2);
#pragma unroll
    for (int q = 0; q < 8; ++q) blk[q] = st[q];
    blk[8] = 0x80000000u;
#pragma unroll
    for (int q = 9; q < 15; ++q) blk[q] = 0;
    blk[15] = 256;
    sha256_compress(st2, blk);

    if (bswap32(st2[7]) <= targetHi) {
        uint32_t slot = atomicAdd(&found[0], 1u);
        if (slot < 15) found[1 + slot] = nonce;
    }
}
