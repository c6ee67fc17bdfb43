// Domain: cryptographic hashing (SHA-2 family, BLAKE2s)
// sha512_fixed64_unrolled: SHA-512 of 64-byte messages, one per thread, fully unrolled rounds with a rolling 16-word schedule.
// sha512_fixed64_lb: the same unrolled SHA-512 under __launch_bounds__(256,4).
// sha512_multiblock_local: SHA-512 over pre-padded multi-block messages, 80-word schedule expanded in a rolled loop.
// sha256_multiblock: SHA-256 over pre-padded messages (one per thread), unrolled rounds, 16-word rolling schedule.
// blake2s_256: BLAKE2s-256 of variable-length messages, rounds rolled so the message words are permuted through SIGMA.

#include <stdint.h>

__constant__ uint64_t c_K512[80] = {
    0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
    0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
    0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
    0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
    0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
    0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
    0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
    0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
    0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
    0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
    0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
    0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
    0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
    0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
    0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
    0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
    0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
    0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
    0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
    0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL};

__constant__ uint64_t c_IV512[8] = {0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
                                    0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
                                    0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL};

__constant__ uint32_t c_K256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

__constant__ uint32_t c_IV256[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

__constant__ uint8_t c_SIGMA[10][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0}};

__device__ __forceinline__ uint64_t rotr64(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }
__device__ __forceinline__ uint32_t rotr32(uint32_t x, int n) { return __funnelshift_r(x, x, n); }
__device__ __forceinline__ uint64_t bswap64(uint64_t x)
{
    uint32_t lo = (uint32_t)x, hi = (uint32_t)(x >> 32);
    return ((uint64_t)__byte_perm(lo, 0, 0x0123) << 32) | __byte_perm(hi, 0, 0x0123);
}

#define S512_0(x) (rotr64(x, 28) ^ rotr64(x, 34) ^ rotr64(x, 39))
#define S512_1(x) (rotr64(x, 14) ^ rotr64(x, 18) ^ rotr64(x, 41))
#define s512_0(x) (rotr64(x, 1) ^ rotr64(x, 8) ^ ((x) >> 7))
#define s512_1(x) (rotr64(x, 19) ^ rotr64(x, 61) ^ ((x) >> 6))
#define CH(x, y, z) (((x) & (y)) ^ (~(x) & (z)))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

__device__ __forceinline__ void sha512_fixed64_body(const uint64_t* __restrict__ msgs, uint64_t* __restrict__ digests, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    uint64_t W[16];
#pragma unroll
    for (int i = 0; i < 8; i++) W[i] = bswap64(msgs[(size_t)t * 8 + i]);
    W[8] = 0x8000000000000000ULL;
#pragma unroll
    for (int i = 9; i < 15; i++) W[i] = 0;
    W[15] = 512;
    uint64_t a = c_IV512[0], b = c_IV512[1], c = c_IV512[2], d = c_IV512[3];
    uint64_t e = c_IV512[4], f = c_IV512[5], g = c_IV512[6], h = c_IV512[7];
#pragma unroll
    for (int r = 0; r < 80; r++) {
        uint64_t w;
        if (r < 16) w = W[r];
        else {
            w = s512_1(W[(r - 2) & 15]) + W[(r - 7) & 15] + s512_0(W[(r - 15) & 15]) + W[r & 15];
            W[r & 15] = w;
        }
        uint64_t t1 = h + S512_1(e) + CH(e, f, g) + c_K512[r] + w;
        uint64_t t2 = S512_0(a) + MAJ(a, b, c);
        h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    uint64_t* o = digests + (size_t)t * 8;
    o[0] = a + c_IV512[0]; o[1] = b + c_IV512[1]; o[2] = c + c_IV512[2]; o[3] = d + c_IV512[3];
    o[4] = e + c_IV512[4]; o[5] = f + c_IV512[5]; o[6] = g + c_IV512[6]; o[7] = h + c_IV512[7];
}

extern "C" __global__ void sha512_fixed64_unrolled(const uint64_t* __restrict__ msgs, uint64_t* __restrict__ digests, int n)
{
    sha512_fixed64_body(msgs, digests, n);
}

extern "C" __global__ void __launch_bounds__(256, 4)
sha512_fixed64_lb(const uint64_t* __restrict__ msgs, uint64_t* __restrict__ digests, int n)
{
    sha512_fixed64_body(msgs, digests, n);
}

extern "C" __global__ void sha512_multiblock_local(const uint64_t* __restrict__ data, const int* __restrict__ block_off,
                                                   const int* __restrict__ nblocks, uint64_t* __restrict__ digests, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    uint64_t H[8];
#pragma unroll
    for (int i = 0; i < 8; i++) H[i] = c_IV512[i];
    const uint64_t* m = data + (size_t)block_off[t] * 16;
    int nb = nblocks[t];
    uint64_t W[80];
    for (int blk = 0; blk < nb; blk++) {
#pragma unroll 1
        for (int i = 0; i < 16; i++) W[i] = bswap64(m[blk * 16 + i]);
#pragma unroll 1
        for (int i = 16; i < 80; i++) W[i] = s512_1(W[i - 2]) + W[i - 7] + s512_0(W[i - 15]) + W[i - 16];
        uint64_t a = H[0], b = H[1], c = H[2], d = H[3], e = H[4], f = H[5], g = H[6], h = H[7];
#pragma unroll 4
        for (int r = 0; r < 80; r++) {
            uint64_t t1 = h + S512_1(e) + CH(e, f, g) + c_K512[r] + W[r];
            uint64_t t2 = S512_0(a) + MAJ(a, b, c);
            h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
        }
        H[0] += a; H[1] += b; H[2] += c; H[3] += d; H[4] += e; H[5] += f; H[6] += g; H[7] += h;
    }
#pragma unroll
    for (int i = 0; i < 8; i++) digests[(size_t)t * 8 + i] = H[i];
}

#define S256_0(x) (rotr32(x, 2) ^ rotr32(x, 13) ^ rotr32(x, 22))
#define S256_1(x) (rotr32(x, 6) ^ rotr32(x, 11) ^ rotr32(x, 25))
#define s256_0(x) (rotr32(x, 7) ^ rotr32(x, 18) ^ ((x) >> 3))
#define s256_1(x) (rotr32(x, 17) ^ rotr32(x, 19) ^ ((x) >> 10))

extern "C" __global__ void sha256_multiblock(const uint32_t* __restrict__ data, int blocks_per_msg,
                                             uint32_t* __restrict__ digests, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    uint32_t H[8];
#pragma unroll
    for (int i = 0; i < 8; i++) H[i] = c_IV256[i];
    const uint4* m = reinterpret_cast<const uint4*>(data + (size_t)t * blocks_per_msg * 16);
    for (int blk = 0; blk < blocks_per_msg; blk++) {
        uint32_t W[16];
#pragma unroll
        for (int i = 0; i < 4; i++) {
            uint4 q = m[blk * 4 + i];
            W[4 * i] = __byte_perm(q.x, 0, 0x0123); W[4 * i + 1] = __byte_perm(q.y, 0, 0x0123);
            W[4 * i + 2] = __byte_perm(q.z, 0, 0x0123); W[4 * i + 3] = __byte_perm(q.w, 0, 0x0123);
        }
        uint32_t a = H[0], b = H[1], c = H[2], d = H[3], e = H[4], f = H[5], g = H[6], h = H[7];
#pragma unroll
        for (int r = 0; r < 64; r++) {
            uint32_t w;
            if (r < 16) w = W[r];
            else {
                w = s256_1(W[(r - 2) & 15]) + W[(r - 7) & 15] + s256_0(W[(r - 15) & 15]) + W[r & 15];
                W[r & 15] = w;
            }
            uint32_t t1 = h + S256_1(e) + CH(e, f, g) + c_K256[r] + w;
            uint32_t t2 = S256_0(a) + MAJ(a, b, c);
            h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
        }
        H[0] += a; H[1] += b; H[2] += c; H[3] += d; H[4] += e; H[5] += f; H[6] += g; H[7] += h;
    }
#pragma unroll
    for (int i = 0; i < 8; i++) digests[(size_t)t * 8 + i] = H[i];
}

#define G2S(a, b, c, d, x, y)                     \
    {                                             \
        a = a + b + x; d = rotr32(d ^ a, 16);     \
        c = c + d;     b = rotr32(b ^ c, 12);     \
        a = a + b + y; d = rotr32(d ^ a, 8);      \
        c = c + d;     b = rotr32(b ^ c, 7);      \
    }

extern "C" __global__ void blake2s_256(const uint8_t* __restrict__ data, const int* __restrict__ offs,
                                       const int* __restrict__ lens, uint32_t* __restrict__ digests, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    const uint8_t* p = data + offs[t];
    int len = lens[t];
    uint32_t h[8];
#pragma unroll
    for (int i = 0; i < 8; i++) h[i] = c_IV256[i];
    h[0] ^= 0x01010000u ^ 32u;   // digest length 32, no key
    uint32_t counter = 0;
    int pos = 0;
    do {
        int take = min(64, len - pos);
        bool last = (pos + 64 >= len);
        uint32_t m[16];
#pragma unroll
        for (int i = 0; i < 16; i++) {
            uint32_t w = 0;
#pragma unroll
            for (int b = 0; b < 4; b++) {
                int k = 4 * i + b;
                uint32_t byte = (k < take) ? p[pos + k] : 0u;
                w |= byte << (8 * b);
            }
            m[i] = w;
        }
        counter += (uint32_t)take;
        uint32_t v[16];
#pragma unroll
        for (int i = 0; i < 8; i++) { v[i] = h[i]; v[i + 8] = c_IV256[i]; }
        v[12] ^= counter;
        if (last) v[14] = ~v[14];
#pragma unroll 1
        for (int r = 0; r < 10; r++) {
            const uint8_t* s = c_SIGMA[r];
            G2S(v[0], v[4], v[8], v[12], m[s[0]], m[s[1]]);
            G2S(v[1], v[5], v[9], v[13], m[s[2]], m[s[3]]);
            G2S(v[2], v[6], v[10], v[14], m[s[4]], m[s[5]]);
            G2S(v[3], v[7], v[11], v[15], m[s[6]], m[s[7]]);
            G2S(v[0], v[5], v[10], v[15], m[s[8]], m[s[9]]);
            G2S(v[1], v[6], v[11], v[12], m[s[10]], m[s[11]]);
            G2S(v[2], v[7], v[8], v[13], m[s[12]], m[s[13]]);
            G2S(v[3], v[4], v[9], v[14], m[s[14]], m[s[15]]);
        }
#pragma unroll
        for (int i = 0; i < 8; i++) h[i] ^= v[i] ^ v[i + 8];
        pos += 64;
    } while (pos < len);
#pragma unroll
    for (int i = 0; i < 8; i++) digests[(size_t)t * 8 + i] = h[i];
}
