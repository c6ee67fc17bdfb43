// Block ciphers / hashes with tables staged in shared memory.

// AES-style T-table rounds. Tables: gT = 4 x 256 words, gSbox = 256 bytes,
// rk = 4 * (nrounds + 1) round-key words.
// Launch: blockDim = 192, gridDim = any; 1 <= nrounds <= 14
extern "C" __global__ void __launch_bounds__(192)
tbox_cipher(const uint4* __restrict__ in, uint4* __restrict__ out, int nblocks,
            const unsigned* __restrict__ gT, const unsigned char* __restrict__ gSbox,
            const unsigned* __restrict__ rk, int nrounds)
{
    __shared__ unsigned T[4][256];
    __shared__ unsigned char sbox[256];
    __shared__ unsigned srk[60];
    int tid = threadIdx.x;
    for (int i = tid; i < 1024; i += blockDim.x) T[i >> 8][i & 255] = gT[i];
    for (int i = tid; i < 256; i += blockDim.x) sbox[i] = gSbox[i];
    for (int i = tid; i < 4 * (nrounds + 1); i += blockDim.x) srk[i] = rk[i];
    __syncthreads();
    for (int b = blockIdx.x * blockDim.x + tid; b < nblocks; b += blockDim.x * gridDim.x) {
        uint4 st = in[b];
        unsigned s0 = st.x ^ srk[0], s1 = st.y ^ srk[1], s2 = st.z ^ srk[2], s3 = st.w ^ srk[3];
        for (int r = 1; r < nrounds; ++r) {
            unsigned t0 = T[0][s0 >> 24] ^ T[1][(s1 >> 16) & 255] ^ T[2][(s2 >> 8) & 255] ^ T[3][s3 & 255] ^ srk[4 * r + 0];
            unsigned t1 = T[0][s1 >> 24] ^ T[1][(s2 >> 16) & 255] ^ T[2][(s3 >> 8) & 255] ^ T[3][s0 & 255] ^ srk[4 * r + 1];
            unsigned t2 = T[0][s2 >> 24] ^ T[1][(s3 >> 16) & 255] ^ T[2][(s0 >> 8) & 255] ^ T[3][s1 & 255] ^ srk[4 * r + 2];
            unsigned t3 = T[0][s3 >> 24] ^ T[1][(s0 >> 16) & 255] ^ T[2][(s1 >> 8) & 255] ^ T[3][s2 & 255] ^ srk[4 * r + 3];
            s0 = t0; s1 = t1; s2 = t2; s3 = t3;
        }
        int f = 4 * nrounds;
        uint4 o;
        o.x = ((unsigned)sbox[s0 >> 24] << 24 | (unsigned)sbox[(s1 >> 16) & 255] << 16 |
               (unsigned)sbox[(s2 >> 8) & 255] << 8 | sbox[s3 & 255]) ^ srk[f + 0];
        o.y = ((unsigned)sbox[s1 >> 24] << 24 | (unsigned)sbox[(s2 >> 16) & 255] << 16 |
               (unsigned)sbox[(s3 >> 8) & 255] << 8 | sbox[s0 & 255]) ^ srk[f + 1];
        o.z = ((unsigned)sbox[s2 >> 24] << 24 | (unsigned)sbox[(s3 >> 16) & 255] << 16 |
               (unsigned)sbox[(s0 >> 8) & 255] << 8 | sbox[s1 & 255]) ^ srk[f + 2];
        o.w = ((unsigned)sbox[s3 >> 24] << 24 | (unsigned)sbox[(s0 >> 16) & 255] << 16 |
               (unsigned)sbox[(s1 >> 8) & 255] << 8 | sbox[s2 & 255]) ^ srk[f + 3];
        out[b] = o;
    }
}

#define SHA_BS 96

__device__ __forceinline__ unsigned rotr32(unsigned x, int n) { return (x >> n) | (x << (32 - n)); }

// SHA-256 of single-block (64-byte, already padded) messages, one message per
// thread; round constants shared, per-thread message schedule in shared memory
// at W[t * 96 + tid].
// Launch: blockDim = 96, gridDim = any
extern "C" __global__ void __launch_bounds__(SHA_BS)
sha256_msgs(const unsigned* __restrict__ msgs, unsigned* __restrict__ digests, int nmsgs,
            const unsigned* __restrict__ gK)
{
    __shared__ unsigned K[64];
    __shared__ unsigned W[64 * SHA_BS];
    int tid = threadIdx.x;
    for (int i = tid; i < 64; i += blockDim.x) K[i] = gK[i];
    __syncthreads();
    for (int m = blockIdx.x * blockDim.x + tid; m < nmsgs; m += blockDim.x * gridDim.x) {
        const unsigned* M = msgs + (size_t)m * 16;
        for (int t = 0; t < 16; ++t) W[t * SHA_BS + tid] = M[t];
        for (int t = 16; t < 64; ++t) {
            unsigned w15 = W[(t - 15) * SHA_BS + tid];
            unsigned w2 = W[(t - 2) * SHA_BS + tid];
            unsigned s0 = rotr32(w15, 7) ^ rotr32(w15, 18) ^ (w15 >> 3);
            unsigned s1 = rotr32(w2, 17) ^ rotr32(w2, 19) ^ (w2 >> 10);
            W[t * SHA_BS + tid] = W[(t - 16) * SHA_BS + tid] + s0 + W[(t - 7) * SHA_BS + tid] + s1;
        }
        unsigned a = 0x6a09e667u, b = 0xbb67ae85u, c = 0x3c6ef372u, d = 0xa54ff53au;
        unsigned e = 0x510e527fu, f = 0x9b05688cu, g = 0x1f83d9abu, h = 0x5be0cd19u;
        for (int t = 0; t < 64; ++t) {
            unsigned S1 = rotr32(e, 6) ^ rotr32(e, 11) ^ rotr32(e, 25);
            unsigned ch = (e & f) ^ (~e & g);
            unsigned t1 = h + S1 + ch + K[t] + W[t * SHA_BS + tid];
            unsigned S0 = rotr32(a, 2) ^ rotr32(a, 13) ^ rotr32(a, 22);
            unsigned mj = (a & b) ^ (a & c) ^ (b & c);
            unsigned t2 = S0 + mj;
            h = g; g = f; f = e; e = d + t1;
            d = c; c = b; b = a; a = t1 + t2;
        }
        unsigned* D = digests + (size_t)m * 8;
        D[0] = a + 0x6a09e667u; D[1] = b + 0xbb67ae85u; D[2] = c + 0x3c6ef372u; D[3] = d + 0xa54ff53au;
        D[4] = e + 0x510e527fu; D[5] = f + 0x9b05688cu; D[6] = g + 0x1f83d9abu; D[7] = h + 0x5be0cd19u;
    }
}
