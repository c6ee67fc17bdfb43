// Domain: symmetric cryptography (AES, ChaCha20, Poly1305)
// aes128_ttable_ctr: AES-128 CTR mode with shared-memory T-tables and pre-expanded round keys in constant memory.
// aes128_keysearch_local: per-thread AES-128 key expansion into a local round-key array, then one block encryption (rolled rounds).
// chacha20_xor: ChaCha20 keystream generation (one 64-byte block per thread) XORed into the data.
// poly1305_mac: Poly1305 one-time authenticator (26-bit limbs, 64-bit products), one message per thread.

#include <stdint.h>

__constant__ uint32_t c_rk[44];

#define TE_LOOKUP(T, x, s) T[((x) >> (s)) & 0xff]

__device__ __forceinline__ void load_ttables(uint32_t (*sT)[256], const uint32_t* __restrict__ Te)
{
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) sT[i >> 8][i & 255] = Te[i];
}

extern "C" __global__ void aes128_ttable_ctr(const uint32_t* __restrict__ Te, const uint4* __restrict__ in,
                                             uint4* __restrict__ out, int nblocks, uint4 iv)
{
    __shared__ uint32_t T[4][256];
    load_ttables(T, Te);
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nblocks) return;
    // 128-bit big-endian counter: iv + i (carry across words)
    uint32_t c3 = iv.w + (uint32_t)i;
    uint32_t carry = c3 < iv.w;
    uint32_t c2 = iv.z + carry; carry = carry && c2 == 0;
    uint32_t c1 = iv.y + carry; carry = carry && c1 == 0;
    uint32_t c0 = iv.x + carry;
    uint32_t s0 = c0 ^ c_rk[0], s1 = c1 ^ c_rk[1], s2 = c2 ^ c_rk[2], s3 = c3 ^ c_rk[3];
#pragma unroll
    for (int r = 1; r < 10; r++) {
        uint32_t t0 = T[0][s0 >> 24] ^ TE_LOOKUP(T[1], s1, 16) ^ TE_LOOKUP(T[2], s2, 8) ^ T[3][s3 & 0xff] ^ c_rk[4 * r];
        uint32_t t1 = T[0][s1 >> 24] ^ TE_LOOKUP(T[1], s2, 16) ^ TE_LOOKUP(T[2], s3, 8) ^ T[3][s0 & 0xff] ^ c_rk[4 * r + 1];
        uint32_t t2 = T[0][s2 >> 24] ^ TE_LOOKUP(T[1], s3, 16) ^ TE_LOOKUP(T[2], s0, 8) ^ T[3][s1 & 0xff] ^ c_rk[4 * r + 2];
        uint32_t t3 = T[0][s3 >> 24] ^ TE_LOOKUP(T[1], s0, 16) ^ TE_LOOKUP(T[2], s1, 8) ^ T[3][s2 & 0xff] ^ c_rk[4 * r + 3];
        s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    uint32_t o0 = (T[2][s0 >> 24] & 0xff000000) ^ (TE_LOOKUP(T[3], s1, 16) & 0x00ff0000) ^
                  (TE_LOOKUP(T[0], s2, 8) & 0x0000ff00) ^ (T[1][s3 & 0xff] & 0x000000ff) ^ c_rk[40];
    uint32_t o1 = (T[2][s1 >> 24] & 0xff000000) ^ (TE_LOOKUP(T[3], s2, 16) & 0x00ff0000) ^
                  (TE_LOOKUP(T[0], s3, 8) & 0x0000ff00) ^ (T[1][s0 & 0xff] & 0x000000ff) ^ c_rk[41];
    uint32_t o2 = (T[2][s2 >> 24] & 0xff000000) ^ (TE_LOOKUP(T[3], s3, 16) & 0x00ff0000) ^
                  (TE_LOOKUP(T[0], s0, 8) & 0x0000ff00) ^ (T[1][s1 & 0xff] & 0x000000ff) ^ c_rk[42];
    uint32_t o3 = (T[2][s3 >> 24] & 0xff000000) ^ (TE_LOOKUP(T[3], s0, 16) & 0x00ff0000) ^
                  (TE_LOOKUP(T[0], s1, 8) & 0x0000ff00) ^ (T[1][s2 & 0xff] & 0x000000ff) ^ c_rk[43];
    uint4 p = in[i];
    out[i] = make_uint4(p.x ^ __byte_perm(o0, 0, 0x0123), p.y ^ __byte_perm(o1, 0, 0x0123),
                        p.z ^ __byte_perm(o2, 0, 0x0123), p.w ^ __byte_perm(o3, 0, 0x0123));
}

__constant__ uint32_t c_rcon[10] = {0x01000000, 0x02000000, 0x04000000, 0x08000000, 0x10000000,
                                    0x20000000, 0x40000000, 0x80000000, 0x1b000000, 0x36000000};

extern "C" __global__ void aes128_keysearch_local(const uint32_t* __restrict__ Te, const uint8_t* __restrict__ sbox,
                                                  const uint4* __restrict__ keys, uint4 plaintext, uint4 target,
                                                  int nkeys, int* __restrict__ found)
{
    __shared__ uint32_t T[4][256];
    __shared__ uint8_t S[256];
    load_ttables(T, Te);
    for (int k = threadIdx.x; k < 256; k += blockDim.x) S[k] = sbox[k];
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nkeys) return;
    uint4 key = keys[i];
    uint32_t rk[44];
    rk[0] = key.x; rk[1] = key.y; rk[2] = key.z; rk[3] = key.w;
    for (int j = 4; j < 44; j++) {
        uint32_t tmp = rk[j - 1];
        if ((j & 3) == 0) {
            tmp = ((uint32_t)S[(tmp >> 16) & 0xff] << 24) | ((uint32_t)S[(tmp >> 8) & 0xff] << 16) |
                  ((uint32_t)S[tmp & 0xff] << 8) | (uint32_t)S[tmp >> 24];
            tmp ^= c_rcon[(j >> 2) - 1];
        }
        rk[j] = rk[j - 4] ^ tmp;
    }
    uint32_t s0 = plaintext.x ^ rk[0], s1 = plaintext.y ^ rk[1], s2 = plaintext.z ^ rk[2], s3 = plaintext.w ^ rk[3];
#pragma unroll 1
    for (int r = 1; r < 10; r++) {
        uint32_t t0 = T[0][s0 >> 24] ^ TE_LOOKUP(T[1], s1, 16) ^ TE_LOOKUP(T[2], s2, 8) ^ T[3][s3 & 0xff] ^ rk[4 * r];
        uint32_t t1 = T[0][s1 >> 24] ^ TE_LOOKUP(T[1], s2, 16) ^ TE_LOOKUP(T[2], s3, 8) ^ T[3][s0 & 0xff] ^ rk[4 * r + 1];
        uint32_t t2 = T[0][s2 >> 24] ^ TE_LOOKUP(T[1], s3, 16) ^ TE_LOOKUP(T[2], s0, 8) ^ T[3][s1 & 0xff] ^ rk[4 * r + 2];
        uint32_t t3 = T[0][s3 >> 24] ^ TE_LOOKUP(T[1], s0, 16) ^ TE_LOOKUP(T[2], s1, 8) ^ T[3][s2 & 0xff] ^ rk[4 * r + 3];
        s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    uint32_t o0 = ((uint32_t)S[s0 >> 24] << 24 | (uint32_t)S[(s1 >> 16) & 0xff] << 16 | (uint32_t)S[(s2 >> 8) & 0xff] << 8 | S[s3 & 0xff]) ^ rk[40];
    uint32_t o1 = ((uint32_t)S[s1 >> 24] << 24 | (uint32_t)S[(s2 >> 16) & 0xff] << 16 | (uint32_t)S[(s3 >> 8) & 0xff] << 8 | S[s0 & 0xff]) ^ rk[41];
    uint32_t o2 = ((uint32_t)S[s2 >> 24] << 24 | (uint32_t)S[(s3 >> 16) & 0xff] << 16 | (uint32_t)S[(s0 >> 8) & 0xff] << 8 | S[s1 & 0xff]) ^ rk[42];
    uint32_t o3 = ((uint32_t)S[s3 >> 24] << 24 | (uint32_t)S[(s0 >> 16) & 0xff] << 16 | (uint32_t)S[(s1 >> 8) & 0xff] << 8 | S[s2 & 0xff]) ^ rk[43];
    if (o0 == target.x && o1 == target.y && o2 == target.z && o3 == target.w) atomicMin(found, i);
}

#define QR(a, b, c, d)                            \
    a += b; d ^= a; d = __funnelshift_l(d, d, 16); \
    c += d; b ^= c; b = __funnelshift_l(b, b, 12); \
    a += b; d ^= a; d = __funnelshift_l(d, d, 8);  \
    c += d; b ^= c; b = __funnelshift_l(b, b, 7);

extern "C" __global__ void chacha20_xor(const uint32_t* __restrict__ key, const uint32_t* __restrict__ nonce,
                                        uint32_t counter0, const uint4* __restrict__ in, uint4* __restrict__ out,
                                        int nblocks)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nblocks) return;
    uint32_t s[16];
    s[0] = 0x61707865; s[1] = 0x3320646e; s[2] = 0x79622d32; s[3] = 0x6b206574;
#pragma unroll
    for (int i = 0; i < 8; i++) s[4 + i] = key[i];
    s[12] = counter0 + (uint32_t)b;
    s[13] = nonce[0]; s[14] = nonce[1]; s[15] = nonce[2];
    uint32_t x[16];
#pragma unroll
    for (int i = 0; i < 16; i++) x[i] = s[i];
#pragma unroll
    for (int r = 0; r < 10; r++) {
        QR(x[0], x[4], x[8], x[12]); QR(x[1], x[5], x[9], x[13]);
        QR(x[2], x[6], x[10], x[14]); QR(x[3], x[7], x[11], x[15]);
        QR(x[0], x[5], x[10], x[15]); QR(x[1], x[6], x[11], x[12]);
        QR(x[2], x[7], x[8], x[13]); QR(x[3], x[4], x[9], x[14]);
    }
#pragma unroll
    for (int q = 0; q < 4; q++) {
        uint4 p = in[(size_t)b * 4 + q];
        p.x ^= x[4 * q] + s[4 * q]; p.y ^= x[4 * q + 1] + s[4 * q + 1];
        p.z ^= x[4 * q + 2] + s[4 * q + 2]; p.w ^= x[4 * q + 3] + s[4 * q + 3];
        out[(size_t)b * 4 + q] = p;
    }
}

__device__ __forceinline__ uint32_t ld32le(const uint8_t* p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

extern "C" __global__ void poly1305_mac(const uint8_t* __restrict__ msgs, const int* __restrict__ offs,
                                        const int* __restrict__ lens, const uint8_t* __restrict__ keys,
                                        uint8_t* __restrict__ tags, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    const uint8_t* key = keys + (size_t)t * 32;
    const uint8_t* m = msgs + offs[t];
    int len = lens[t];
    uint32_t r0 = ld32le(key) & 0x3ffffff;
    uint32_t r1 = (ld32le(key + 3) >> 2) & 0x3ffff03;
    uint32_t r2 = (ld32le(key + 6) >> 4) & 0x3ffc0ff;
    uint32_t r3 = (ld32le(key + 9) >> 6) & 0x3f03fff;
    uint32_t r4 = (ld32le(key + 12) >> 8) & 0x00fffff;
    uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
    uint32_t h0 = 0, h1 = 0, h2 = 0, h3 = 0, h4 = 0;
    uint8_t buf[16];
    while (len > 0) {
        const uint8_t* blk = m;
        uint32_t hibit = 1u << 24;
        if (len < 16) {
            int k = 0;
            for (; k < len; k++) buf[k] = m[k];
            buf[k++] = 1;
            for (; k < 16; k++) buf[k] = 0;
            blk = buf;
            hibit = 0;
        }
        h0 += ld32le(blk) & 0x3ffffff;
        h1 += (ld32le(blk + 3) >> 2) & 0x3ffffff;
        h2 += (ld32le(blk + 6) >> 4) & 0x3ffffff;
        h3 += (ld32le(blk + 9) >> 6) & 0x3ffffff;
        h4 += (ld32le(blk + 12) >> 8) | hibit;
        uint64_t d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s4 + (uint64_t)h2 * s3 + (uint64_t)h3 * s2 + (uint64_t)h4 * s1;
        uint64_t d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s4 + (uint64_t)h3 * s3 + (uint64_t)h4 * s2;
        uint64_t d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 + (uint64_t)h3 * s4 + (uint64_t)h4 * s3;
        uint64_t d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 + (uint64_t)h3 * r0 + (uint64_t)h4 * s4;
        uint64_t d4 = (uint64_t)h0 * r4 + (uint64_t)h1 * r3 + (uint64_t)h2 * r2 + (uint64_t)h3 * r1 + (uint64_t)h4 * r0;
        uint32_t c = (uint32_t)(d0 >> 26); h0 = (uint32_t)d0 & 0x3ffffff;
        d1 += c; c = (uint32_t)(d1 >> 26); h1 = (uint32_t)d1 & 0x3ffffff;
        d2 += c; c = (uint32_t)(d2 >> 26); h2 = (uint32_t)d2 & 0x3ffffff;
        d3 += c; c = (uint32_t)(d3 >> 26); h3 = (uint32_t)d3 & 0x3ffffff;
        d4 += c; c = (uint32_t)(d4 >> 26); h4 = (uint32_t)d4 & 0x3ffffff;
        h0 += c * 5; c = h0 >> 26; h0 &= 0x3ffffff;
        h1 += c;
        m += 16;
        len -= 16;
    }
    uint32_t c = h1 >> 26; h1 &= 0x3ffffff;
    h2 += c; c = h2 >> 26; h2 &= 0x3ffffff;
    h3 += c; c = h3 >> 26; h3 &= 0x3ffffff;
    h4 += c; c = h4 >> 26; h4 &= 0x3ffffff;
    h0 += c * 5; c = h0 >> 26; h0 &= 0x3ffffff;
    h1 += c;
    uint32_t g0 = h0 + 5; c = g0 >> 26; g0 &= 0x3ffffff;
    uint32_t g1 = h1 + c; c = g1 >> 26; g1 &= 0x3ffffff;
    uint32_t g2 = h2 + c; c = g2 >> 26; g2 &= 0x3ffffff;
    uint32_t g3 = h3 + c; c = g3 >> 26; g3 &= 0x3ffffff;
    uint32_t g4 = h4 + c - (1u << 26);
    uint32_t mask = (g4 >> 31) - 1;
    g0 &= mask; g1 &= mask; g2 &= mask; g3 &= mask; g4 &= mask;
    mask = ~mask;
    h0 = (h0 & mask) | g0; h1 = (h1 & mask) | g1; h2 = (h2 & mask) | g2; h3 = (h3 & mask) | g3; h4 = (h4 & mask) | g4;
    h0 = h0 | (h1 << 26);
    h1 = (h1 >> 6) | (h2 << 20);
    h2 = (h2 >> 12) | (h3 << 14);
    h3 = (h3 >> 18) | (h4 << 8);
    uint64_t f = (uint64_t)h0 + ld32le(key + 16); h0 = (uint32_t)f;
    f = (uint64_t)h1 + ld32le(key + 20) + (f >> 32); h1 = (uint32_t)f;
    f = (uint64_t)h2 + ld32le(key + 24) + (f >> 32); h2 = (uint32_t)f;
    f = (uint64_t)h3 + ld32le(key + 28) + (f >> 32); h3 = (uint32_t)f;
    uint32_t* o = reinterpret_cast<uint32_t*>(tags + (size_t)t * 16);
    o[0] = h0; o[1] = h1; o[2] = h2; o[3] = h3;
}
