// Symmetric crypto primitives: BLAKE3 chunk compression, ChaCha20 keystream XOR,
// and Poly1305 MAC with 26-bit limbs.
#include <stdint.h>

#define ROTR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
#define ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

__constant__ uint32_t B3_IV[8] = {0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au,
                                  0x510E527Fu, 0x9B05688Cu, 0x1F83D9ABu, 0x5BE0CD19u};

#define B3_G(a, b, c, d, mx, my)            \
    a = a + b + mx; d = ROTR32(d ^ a, 16);  \
    c = c + d;      b = ROTR32(b ^ c, 12);  \
    a = a + b + my; d = ROTR32(d ^ a, 8);   \
    c = c + d;      b = ROTR32(b ^ c, 7);

__device__ __forceinline__ void blake3_compress(uint32_t cv[8], const uint32_t m_in[16], uint64_t counter,
                                                uint32_t block_len, uint32_t flags)
{
    uint32_t m[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) m[i] = m_in[i];
    uint32_t v0 = cv[0], v1 = cv[1], v2 = cv[2], v3 = cv[3], v4 = cv[4], v5 = cv[5], v6 = cv[6], v7 = cv[7];
    uint32_t v8 = B3_IV[0], v9 = B3_IV[1], v10 = B3_IV[2], v11 = B3_IV[3];
    uint32_t v12 = (uint32_t)counter, v13 = (uint32_t)(counter >> 32), v14 = block_len, v15 = flags;
#pragma unroll
    for (int r = 0; r < 7; ++r) {
        B3_G(v0, v4, v8, v12, m[0], m[1]);
        B3_G(v1, v5, v9, v13, m[2], m[3]);
        B3_G(v2, v6, v10, v14, m[4], m[5]);
        B3_G(v3, v7, v11, v15, m[6], m[7]);
        B3_G(v0, v5, v10, v15, m[8], m[9]);
        B3_G(v1, v6, v11, v12, m[10], m[11]);
        B3_G(v2, v7, v8, v13, m[12], m[13]);
        B3_G(v3, v4, v9, v14, m[14], m[15]);
        // message permutation
        uint32_t t[16];
        t[0] = m[2]; t[1] = m[6]; t[2] = m[3]; t[3] = m[10]; t[4] = m[7]; t[5] = m[0]; t[6] = m[4]; t[7] = m[13];
        t[8] = m[1]; t[9] = m[11]; t[10] = m[12]; t[11] = m[5]; t[12] = m[9]; t[13] = m[14]; t[14] = m[15]; t[15] = m[8];
#pragma unroll
        for (int i = 0; i < 16; ++i) m[i] = t[i];
    }
    cv[0] = v0 ^ v8; cv[1] = v1 ^ v9; cv[2] = v2 ^ v10; cv[3] = v3 ^ v11;
    cv[4] = v4 ^ v12; cv[5] = v5 ^ v13; cv[6] = v6 ^ v14; cv[7] = v7 ^ v15;
}

// Hash 1024-byte chunks: one thread per chunk, 16 blocks of 64 bytes each; occupancy-capped to 32 regs.
extern "C" __global__ void __launch_bounds__(256, 8)
blake3_hash_chunks(const uint32_t* __restrict__ input, long nchunks, uint64_t chunk_counter0,
                                              const uint32_t* __restrict__ key_words, uint32_t base_flags,
                                              uint32_t* __restrict__ chaining_values)
{
    long c = blockIdx.x * (long)blockDim.x + threadIdx.x;
    if (c >= nchunks) return;
    uint32_t cv[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) cv[i] = key_words[i];
    const uint32_t* p = input + c * 256;
    for (int b = 0; b < 16; ++b) {
        uint32_t m[16];
        const uint4* p4 = reinterpret_cast<const uint4*>(p + b * 16);
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            uint4 q = p4[i];
            m[4 * i] = q.x; m[4 * i + 1] = q.y; m[4 * i + 2] = q.z; m[4 * i + 3] = q.w;
        }
        uint32_t flags = base_flags | (b == 0 ? 1u : 0u) | (b == 15 ? 2u : 0u);
        blake3_compress(cv, m, chunk_counter0 + c, 64, flags);
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) chaining_values[c * 8 + i] = cv[i];
}

#define QR(a, b, c, d)                       \
    a += b; d ^= a; d = ROTL32(d, 16);       \
    c += d; b ^= c; b = ROTL32(b, 12);       \
    a += b; d ^= a; d = ROTL32(d, 8);        \
    c += d; b ^= c; b = ROTL32(b, 7);

// ChaCha20 (RFC 8439): each thread produces 4 consecutive 64-byte blocks with the four
// states interleaved round by round for ILP, XORed into the output.
extern "C" __global__ void chacha20_xor_4blocks(const uint4* __restrict__ in, uint4* __restrict__ out, long nblocks,
                                                uint4 key_lo, uint4 key_hi, uint32_t counter0, uint3 nonce)
{
    long blk0 = (blockIdx.x * (long)blockDim.x + threadIdx.x) * 4;
    if (blk0 >= nblocks) return;
    uint32_t x[4][16];
#pragma unroll
    for (int b = 0; b < 4; ++b) {
        x[b][0] = 0x61707865u; x[b][1] = 0x3320646eu; x[b][2] = 0x79622d32u; x[b][3] = 0x6b206574u;
        x[b][4] = key_lo.x; x[b][5] = key_lo.y; x[b][6] = key_lo.z; x[b][7] = key_lo.w;
        x[b][8] = key_hi.x; x[b][9] = key_hi.y; x[b][10] = key_hi.z; x[b][11] = key_hi.w;
        x[b][12] = counter0 + (uint32_t)(blk0 + b); x[b][13] = nonce.x; x[b][14] = nonce.y; x[b][15] = nonce.z;
    }
#pragma unroll 1
    for (int r = 0; r < 10; ++r) {
#pragma unroll
        for (int b = 0; b < 4; ++b) {
            QR(x[b][0], x[b][4], x[b][8], x[b][12]); QR(x[b][1], x[b][5], x[b][9], x[b][13]);
            QR(x[b][2], x[b][6], x[b][10], x[b][14]); QR(x[b][3], x[b][7], x[b][11], x[b][15]);
        }
#pragma unroll
        for (int b = 0; b < 4; ++b) {
            QR(x[b][0], x[b][5], x[b][10], x[b][15]); QR(x[b][1], x[b][6], x[b][11], x[b][12]);
            QR(x[b][2], x[b][7], x[b][8], x[b][13]); QR(x[b][3], x[b][4], x[b][9], x[b][14]);
        }
    }
    const uint32_t kw[8] = {key_lo.x, key_lo.y, key_lo.z, key_lo.w, key_hi.x, key_hi.y, key_hi.z, key_hi.w};
#pragma unroll
    for (int b = 0; b < 4; ++b) {
        long blk = blk0 + b;
        if (blk >= nblocks) break;
        uint32_t s[16] = {0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u,
                          kw[0], kw[1], kw[2], kw[3], kw[4], kw[5], kw[6], kw[7],
                          counter0 + (uint32_t)blk, nonce.x, nonce.y, nonce.z};
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            uint4 v = in[blk * 4 + i];
            v.x ^= x[b][4 * i] + s[4 * i];
            v.y ^= x[b][4 * i + 1] + s[4 * i + 1];
            v.z ^= x[b][4 * i + 2] + s[4 * i + 2];
            v.w ^= x[b][4 * i + 3] + s[4 * i + 3];
            out[blk * 4 + i] = v;
        }
    }
}

// Poly1305 over independent messages, one thread per message, 26-bit limb arithmetic.
extern "C" __global__ void poly1305_mac_batch(const unsigned char* __restrict__ msgs, const int* __restrict__ moff,
                                              int nmsg, const uint4* __restrict__ keys_r, const uint4* __restrict__ keys_s,
                                              uint4* __restrict__ tags)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nmsg) return;
    uint4 kr = keys_r[t];
    uint32_t r0 = kr.x & 0x3ffffff;
    uint32_t r1 = ((kr.x >> 26) | (kr.y << 6)) & 0x3ffff03;
    uint32_t r2 = ((kr.y >> 20) | (kr.z << 12)) & 0x3ffc0ff;
    uint32_t r3 = ((kr.z >> 14) | (kr.w << 18)) & 0x3f03fff;
    uint32_t r4 = (kr.w >> 8) & 0x00fffff;
    uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
    uint32_t h0 = 0, h1 = 0, h2 = 0, h3 = 0, h4 = 0;
    const unsigned char* m = msgs + moff[t];
    int len = moff[t + 1] - moff[t];
    for (int off = 0; off < len; off += 16) {
        unsigned char blk[17];
        int l = min(16, len - off);
#pragma unroll
        for (int i = 0; i < 17; ++i) blk[i] = 0;
        for (int i = 0; i < l; ++i) blk[i] = m[off + i];
        blk[l] = 1;
        uint32_t w0 = blk[0] | (blk[1] << 8) | (blk[2] << 16) | ((uint32_t)blk[3] << 24);
        uint32_t w1 = blk[4] | (blk[5] << 8) | (blk[6] << 16) | ((uint32_t)blk[7] << 24);
        uint32_t w2 = blk[8] | (blk[9] << 8) | (blk[10] << 16) | ((uint32_t)blk[11] << 24);
        uint32_t w3 = blk[12] | (blk[13] << 8) | (blk[14] << 16) | ((uint32_t)blk[15] << 24);
        uint32_t hibit = blk[16];
        h0 += w0 & 0x3ffffff;
        h1 += ((w0 >> 26) | (w1 << 6)) & 0x3ffffff;
        h2 += ((w1 >> 20) | (w2 << 12)) & 0x3ffffff;
        h3 += ((w2 >> 14) | (w3 << 18)) & 0x3ffffff;
        h4 += (w3 >> 8) | (hibit << 24);
        uint64_t d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s4 + (uint64_t)h2 * s3 + (uint64_t)h3 * s2 + (uint64_t)h4 * s1;
        uint64_t d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s4 + (uint64_t)h3 * s3 + (uint64_t)h4 * s2;
        uint64_t d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 + (uint64_t)h3 * s4 + (uint64_t)h4 * s3;
        uint64_t d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 + (uint64_t)h3 * r0 + (uint64_t)h4 * s4;
        uint64_t d4 = (uint64_t)h0 * r4 + (uint64_t)h1 * r3 + (uint64_t)h2 * r2 + (uint64_t)h3 * r1 + (uint64_t)h4 * r0;
        uint32_t c;
        c = (uint32_t)(d0 >> 26); h0 = (uint32_t)d0 & 0x3ffffff; d1 += c;
        c = (uint32_t)(d1 >> 26); h1 = (uint32_t)d1 & 0x3ffffff; d2 += c;
        c = (uint32_t)(d2 >> 26); h2 = (uint32_t)d2 & 0x3ffffff; d3 += c;
        c = (uint32_t)(d3 >> 26); h3 = (uint32_t)d3 & 0x3ffffff; d4 += c;
        c = (uint32_t)(d4 >> 26); h4 = (uint32_t)d4 & 0x3ffffff; h0 += c * 5;
        c = h0 >> 26; h0 &= 0x3ffffff; h1 += c;
    }
    // full carry and final reduction mod 2^130-5
    uint32_t c;
    c = h1 >> 26; h1 &= 0x3ffffff; h2 += c;
    c = h2 >> 26; h2 &= 0x3ffffff; h3 += c;
    c = h3 >> 26; h3 &= 0x3ffffff; h4 += c;
    c = h4 >> 26; h4 &= 0x3ffffff; h0 += c * 5;
    c = h0 >> 26; h0 &= 0x3ffffff; h1 += c;
    uint32_t g0 = h0 + 5; c = g0 >> 26; g0 &= 0x3ffffff;
    uint32_t g1 = h1 + c; c = g1 >> 26; g1 &= 0x3ffffff;
    uint32_t g2 = h2 + c; c = g2 >> 26; g2 &= 0x3ffffff;
    uint32_t g3 = h3 + c; c = g3 >> 26; g3 &= 0x3ffffff;
    uint32_t g4 = h4 + c - (1u << 26);
    uint32_t mask = (g4 >> 31) - 1u;
    h0 = (h0 & ~mask) | (g0 & mask); h1 = (h1 & ~mask) | (g1 & mask);
    h2 = (h2 & ~mask) | (g2 & mask); h3 = (h3 & ~mask) | (g3 & mask);
    h4 = (h4 & ~mask) | (g4 & mask);
    uint32_t o0 = h0 | (h1 << 26), o1 = (h1 >> 6) | (h2 << 20), o2 = (h2 >> 12) | (h3 << 14), o3 = (h3 >> 18) | (h4 << 8);
    uint4 ks = keys_s[t];
    uint64_t f;
    f = (uint64_t)o0 + ks.x; o0 = (uint32_t)f;
    f = (uint64_t)o1 + ks.y + (f >> 32); o1 = (uint32_t)f;
    f = (uint64_t)o2 + ks.z + (f >> 32); o2 = (uint32_t)f;
    f = (uint64_t)o3 + ks.w + (f >> 32); o3 = (uint32_t)f;
    tags[t] = make_uint4(o0, o1, o2, o3);
}
