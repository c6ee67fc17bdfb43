// SHA-2 family: SHA-256 over fixed 64-byte records (one thread per record, full message
// schedule unrolled), SHA-512 (64-bit arithmetic) for 128-byte records, and HMAC-SHA256
// inner/outer pads for short keys (proof-of-work style nonce search with early exit).
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

__constant__ uint64_t K512[80] = {
    0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL, 0x3956c25bf348b538ULL,
    0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL, 0xd807aa98a3030242ULL, 0x12835b0145706fbeULL,
    0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL, 0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL,
    0xc19bf174cf692694ULL, 0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
    0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL, 0x983e5152ee66dfabULL,
    0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL, 0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL,
    0x06ca6351e003826fULL, 0x142929670a0e6e70ULL, 0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL,
    0x53380d139d95b3dfULL, 0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
    0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL, 0xd192e819d6ef5218ULL,
    0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL, 0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL,
    0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL, 0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL,
    0x682e6ff3d6b2b8a3ULL, 0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
    0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL, 0xca273eceea26619cULL,
    0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL, 0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL,
    0x113f9804bef90daeULL, 0x1b710b35131c471bULL, 0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL,
    0x431d67c49c100d4cULL, 0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL};

#define ROTR32(x, n) __funnelshift_r((x), (x), (n))
__device__ __forceinline__ uint64_t rotr64(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }
__device__ __forceinline__ uint32_t bswap32(uint32_t x) { return __byte_perm(x, 0, 0x0123); }

__device__ __forceinline__ void sha256_compress(uint32_t st[8], const uint32_t blk[16])
{
    uint32_t w[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) w[i] = blk[i];
    uint32_t a = st[0], b = st[1], c = st[2], d = st[3], e = st[4], f = st[5], g = st[6], h = st[7];
#pragma unroll
    for (int i = 0; i < 64; ++i) {
        if (i >= 16) {
            uint32_t w15 = w[(i - 15) & 15], w2 = w[(i - 2) & 15];
            uint32_t s0 = ROTR32(w15, 7) ^ ROTR32(w15, 18) ^ (w15 >> 3);
            uint32_t s1 = ROTR32(w2, 17) ^ ROTR32(w2, 19) ^ (w2 >> 10);
            w[i & 15] += s0 + s1 + w[(i - 7) & 15];
        }
        uint32_t S1 = ROTR32(e, 6) ^ ROTR32(e, 11) ^ ROTR32(e, 25);
        uint32_t ch = (e & f) ^ (~e & g);
        uint32_t t1 = h + S1 + ch + K256[i] + w[i & 15];
        uint32_t S0 = ROTR32(a, 2) ^ ROTR32(a, 13) ^ ROTR32(a, 22);
        uint32_t mj = (a & b) ^ (a & c) ^ (b & c);
        uint32_t t2 = S0 + mj;
        h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    st[0] += a; st[1] += b; st[2] += c; st[3] += d; st[4] += e; st[5] += f; st[6] += g; st[7] += h;
}

extern "C" __global__ void sha256_records64(const uint4* __restrict__ recs, uint4* __restrict__ digests, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint32_t blk[16];
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        uint4 v = recs[i * 4 + q];
        blk[4 * q] = bswap32(v.x); blk[4 * q + 1] = bswap32(v.y); blk[4 * q + 2] = bswap32(v.z); blk[4 * q + 3] = bswap32(v.w);
    }
    uint32_t st[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    sha256_compress(st, blk);
    uint32_t pad[16] = {0x80000000u, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 512};
    sha256_compress(st, pad);
    digests[2 * i] = make_uint4(bswap32(st[0]), bswap32(st[1]), bswap32(st[2]), bswap32(st[3]));
    digests[2 * i + 1] = make_uint4(bswap32(st[4]), bswap32(st[5]), bswap32(st[6]), bswap32(st[7]));
}

extern "C" __global__ void sha512_records128(const uint64_t* __restrict__ recs, uint64_t* __restrict__ digests, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const uint64_t IV[8] = {0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
                            0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL};
    uint64_t st[8];
#pragma unroll
    for (int k = 0; k < 8; ++k) st[k] = IV[k];
    for (int blkno = 0; blkno < 2; ++blkno) {
        uint64_t w[16];
        if (blkno == 0) {
#pragma unroll
            for (int k = 0; k < 16; ++k) {
                uint64_t v = recs[(size_t)i * 16 + k];
                w[k] = ((uint64_t)bswap32((uint32_t)v) << 32) | bswap32((uint32_t)(v >> 32));
            }
        } else {
#pragma unroll
            for (int k = 0; k < 16; ++k) w[k] = 0;
            w[0] = 0x8000000000000000ULL; w[15] = 1024;
        }
        uint64_t a = st[0], b = st[1], c = st[2], d = st[3], e = st[4], f = st[5], g = st[6], h = st[7];
#pragma unroll 16
        for (int r = 0; r < 80; ++r) {
            if (r >= 16) {
                uint64_t w15 = w[(r - 15) & 15], w2 = w[(r - 2) & 15];
                uint64_t s0 = rotr64(w15, 1) ^ rotr64(w15, 8) ^ (w15 >> 7);
                uint64_t s1 = rotr64(w2, 19) ^ rotr64(w2, 61) ^ (w2 >> 6);
                w[r & 15] += s0 + s1 + w[(r - 7) & 15];
            }
            uint64_t S1 = rotr64(e, 14) ^ rotr64(e, 18) ^ rotr64(e, 41);
            uint64_t t1 = h + S1 + ((e & f) ^ (~e & g)) + K512[r] + w[r & 15];
            uint64_t S0 = rotr64(a, 28) ^ rotr64(a, 34) ^ rotr64(a, 39);
            uint64_t t2 = S0 + ((a & b) ^ (a & c) ^ (b & c));
            h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
        }
        st[0] += a; st[1] += b; st[2] += c; st[3] += d; st[4] += e; st[5] += f; st[6] += g; st[7] += h;
    }
#pragma unroll
    for (int k = 0; k < 8; ++k) digests[(size_t)i * 8 + k] = st[k];
}

// Nonce search: SHA256(SHA256(header76 || nonce)) with precomputed midstate, report first hit.
extern "C" __global__ void sha256d_nonce_search(const uint32_t* __restrict__ midstate, const uint32_t* __restrict__ tail3,
                                                uint32_t nonce_base, uint32_t target_hi, unsigned* __restrict__ found)
{
    uint32_t nonce = nonce_base + blockIdx.x * blockDim.x + threadIdx.x;
    uint32_t st[8];
#pragma unroll
    for (int k = 0; k < 8; ++k) st[k] = midstate[k];
    uint32_t blk[16] = {tail3[0], tail3[1], tail3[2], bswap32(nonce), 0x80000000u, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 640};
    sha256_compress(st, blk);
    uint32_t blk2[16] = {st[0], st[1], st[2], st[3], st[4], st[5], st[6], st[7], 0x80000000u, 0, 0, 0, 0, 0, 0, 256};
    uint32_t st2[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    sha256_compress(st2, blk2);
    if (bswap32(st2[7]) <= target_hi) atomicMin(found, nonce);
}

// 4-way interleaved SHA-256: each thread hashes four independent 64-byte records at once
// so the four round pipelines overlap (4 x (8 working + 16 schedule) words live).
extern "C" __global__ void sha256_4way_records64(const uint32_t* __restrict__ recs, uint32_t* __restrict__ digests, int n)
{
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
    if (base >= n) return;
    uint32_t w[4][16], S[4][8];
#pragma unroll
    for (int m = 0; m < 4; ++m) {
        int r = min(base + m, n - 1);
#pragma unroll
        for (int i = 0; i < 16; ++i) w[m][i] = bswap32(recs[(size_t)r * 16 + i]);
        S[m][0] = 0x6a09e667; S[m][1] = 0xbb67ae85; S[m][2] = 0x3c6ef372; S[m][3] = 0xa54ff53a;
        S[m][4] = 0x510e527f; S[m][5] = 0x9b05688c; S[m][6] = 0x1f83d9ab; S[m][7] = 0x5be0cd19;
    }
#pragma unroll 1
    for (int blk = 0; blk < 2; ++blk) {
        if (blk == 1) {
#pragma unroll
            for (int m = 0; m < 4; ++m) {
#pragma unroll
                for (int i = 0; i < 16; ++i) w[m][i] = 0;
                w[m][0] = 0x80000000u; w[m][15] = 512;
            }
        }
        uint32_t a[4], b[4], c[4], d[4], e[4], f[4], g[4], h[4];
#pragma unroll
        for (int m = 0; m < 4; ++m) { a[m] = S[m][0]; b[m] = S[m][1]; c[m] = S[m][2]; d[m] = S[m][3];
                                      e[m] = S[m][4]; f[m] = S[m][5]; g[m] = S[m][6]; h[m] = S[m][7]; }
#pragma unroll 16
        for (int i = 0; i < 64; ++i) {
            uint32_t k = K256[i];
#pragma unroll
            for (int m = 0; m < 4; ++m) {
                if (i >= 16) {
                    uint32_t w15 = w[m][(i - 15) & 15], w2 = w[m][(i - 2) & 15];
                    w[m][i & 15] += (ROTR32(w15, 7) ^ ROTR32(w15, 18) ^ (w15 >> 3)) +
                                    (ROTR32(w2, 17) ^ ROTR32(w2, 19) ^ (w2 >> 10)) + w[m][(i - 7) & 15];
                }
                uint32_t t1 = h[m] + (ROTR32(e[m], 6) ^ ROTR32(e[m], 11) ^ ROTR32(e[m], 25)) +
                              ((e[m] & f[m]) ^ (~e[m] & g[m])) + k + w[m][i & 15];
                uint32_t t2 = (ROTR32(a[m], 2) ^ ROTR32(a[m], 13) ^ ROTR32(a[m], 22)) +
                              ((a[m] & b[m]) ^ (a[m] & c[m]) ^ (b[m] & c[m]));
                h[m] = g[m]; g[m] = f[m]; f[m] = e[m]; e[m] = d[m] + t1;
                d[m] = c[m]; c[m] = b[m]; b[m] = a[m]; a[m] = t1 + t2;
            }
        }
#pragma unroll
        for (int m = 0; m < 4; ++m) { S[m][0] += a[m]; S[m][1] += b[m]; S[m][2] += c[m]; S[m][3] += d[m];
                                      S[m][4] += e[m]; S[m][5] += f[m]; S[m][6] += g[m]; S[m][7] += h[m]; }
    }
#pragma unroll
    for (int m = 0; m < 4; ++m)
        if (base + m < n)
#pragma unroll
            for (int i = 0; i < 8; ++i) digests[(size_t)(base + m) * 8 + i] = bswap32(S[m][i]);
}
