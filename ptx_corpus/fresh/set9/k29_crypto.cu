// Cryptographic round functions: SHA-256 compression, ChaCha20 block, AES-128 (T-tables in shared memory), XTEA.
__constant__ unsigned int c_sha256K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

#define ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

extern "C" __global__ void sha256_compress_blocks(const unsigned int *msg, unsigned int *digest, int nBlocks)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nBlocks) return;
    unsigned int W[64];
#pragma unroll
    for (int i = 0; i < 16; ++i) W[i] = msg[b * 16 + i];
#pragma unroll
    for (int i = 16; i < 64; ++i) {
        unsigned int s0 = ROTR(W[i - 15], 7) ^ ROTR(W[i - 15], 18) ^ (W[i - 15] >> 3);
        unsigned int s1 = ROTR(W[i - 2], 17) ^ ROTR(W[i - 2], 19) ^ (W[i - 2] >> 10);
        W[i] = W[i - 16] + s0 + W[i - 7] + s1;
    }
    unsigned int a = 0x6a09e667, bb = 0xbb67ae85, c = 0x3c6ef372, d = 0xa54ff53a;
    unsigned int e = 0x510e527f, f = 0x9b05688c, g = 0x1f83d9ab, h = 0x5be0cd19;
#pragma unroll
    for (int i = 0; i < 64; ++i) {
        unsigned int S1 = ROTR(e, 6) ^ ROTR(e, 11) ^ ROTR(e, 25);
        unsigned int ch = (e & f) ^ (~e & g);
        unsigned int t1 = h + S1 + ch + c_sha256K[i] + W[i];
        unsigned int S0 = ROTR(a, 2) ^ ROTR(a, 13) ^ ROTR(a, 22);
        unsigned int mj = (a & bb) ^ (a & c) ^ (bb & c);
        unsigned int t2 = S0 + mj;
        h = g; g = f; f = e; e = d + t1; d = c; c = bb; bb = a; a = t1 + t2;
    }
    unsigned int *o = digest + b * 8;
    o[0] = a + 0x6a09e667; o[1] = bb + 0xbb67ae85; o[2] = c + 0x3c6ef372; o[3] = d + 0xa54ff53a;
    o[4] = e + 0x510e527f; o[5] = f + 0x9b05688c; o[6] = g + 0x1f83d9ab; o[7] = h + 0x5be0cd19;
}

#define ROTL(a, b) (((a) << (b)) | ((a) >> (32 - (b))))
#define QR(a, b, c, d) (a += b, d ^= a, d = ROTL(d, 16), c += d, b ^= c, b = ROTL(b, 12), \
                        a += b, d ^= a, d = ROTL(d, 8), c += d, b ^= c, b = ROTL(b, 7))

extern "C" __global__ void chacha20_keystream_xor(const unsigned int *key, const unsigned int *nonce,
                                                  const uint4 *in, uint4 *out, unsigned int counter0, int nBlocks)
{
    int blk = blockIdx.x * blockDim.x + threadIdx.x;
    if (blk >= nBlocks) return;
    unsigned int s[16], x[16];
    s[0] = 0x61707865; s[1] = 0x3320646e; s[2] = 0x79622d32; s[3] = 0x6b206574;
#pragma unroll
    for (int i = 0; i < 8; ++i) s[4 + i] = key[i];
    s[12] = counter0 + blk;
    s[13] = nonce[0]; s[14] = nonce[1]; s[15] = nonce[2];
#pragma unroll
    for (int i = 0; i < 16; ++i) x[i] = s[i];
#pragma unroll
    for (int i = 0; i < 10; ++i) {
        QR(x[0], x[4], x[8], x[12]);
        QR(x[1], x[5], x[9], x[13]);
        QR(x[2], x[6], x[10], x[14]);
        QR(x[3], x[7], x[11], x[15]);
        QR(x[0], x[5], x[10], x[15]);
        QR(x[1], x[6], x[11], x[12]);
        QR(x[2], x[7], x[8], x[13]);
        QR(x[3], x[4], x[9], x[14]);
    }
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        uint4 v = in[blk * 4 + q];
        v.x ^= x[4 * q + 0] + s[4 * q + 0];
        v.y ^= x[4 * q + 1] + s[4 * q + 1];
        v.z ^= x[4 * q + 2] + s[4 * q + 2];
        v.w ^= x[4 * q + 3] + s[4 * q + 3];
        out[blk * 4 + q] = v;
    }
}

// AES-128 encryption with T-tables loaded into shared memory; round keys in global memory.
extern "C" __global__ void aes128_encrypt_ttable(const uint4 *in, uint4 *out, const unsigned int *roundKeys,
                                                 const unsigned int *Te0g, const unsigned char *sboxg, int n)
{
    __shared__ unsigned int Te0[256];
    __shared__ unsigned char sbox[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) { Te0[i] = Te0g[i]; sbox[i] = sboxg[i]; }
    __syncthreads();
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= n) return;
    uint4 st = in[idx];
    unsigned int s0 = st.x ^ roundKeys[0], s1 = st.y ^ roundKeys[1], s2 = st.z ^ roundKeys[2], s3 = st.w ^ roundKeys[3];
    for (int r = 1; r < 10; ++r) {
        unsigned int t0 = Te0[s0 >> 24] ^ ROTR(Te0[(s1 >> 16) & 0xff], 8) ^ ROTR(Te0[(s2 >> 8) & 0xff], 16) ^ ROTR(Te0[s3 & 0xff], 24) ^ roundKeys[4 * r + 0];
        unsigned int t1 = Te0[s1 >> 24] ^ ROTR(Te0[(s2 >> 16) & 0xff], 8) ^ ROTR(Te0[(s3 >> 8) & 0xff], 16) ^ ROTR(Te0[s0 & 0xff], 24) ^ roundKeys[4 * r + 1];
        unsigned int t2 = Te0[s2 >> 24] ^ ROTR(Te0[(s3 >> 16) & 0xff], 8) ^ ROTR(Te0[(s0 >> 8) & 0xff], 16) ^ ROTR(Te0[s1 & 0xff], 24) ^ roundKeys[4 * r + 2];
        unsigned int t3 = Te0[s3 >> 24] ^ ROTR(Te0[(s0 >> 16) & 0xff], 8) ^ ROTR(Te0[(s1 >> 8) & 0xff], 16) ^ ROTR(Te0[s2 & 0xff], 24) ^ roundKeys[4 * r + 3];
        s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
#define SB(w, sh) ((unsigned int)sbox[((w) >> (sh)) & 0xff])
    uint4 o;
    o.x = (SB(s0, 24) << 24 | SB(s1, 16) << 16 | SB(s2, 8) << 8 | SB(s3, 0)) ^ roundKeys[40];
    o.y = (SB(s1, 24) << 24 | SB(s2, 16) << 16 | SB(s3, 8) << 8 | SB(s0, 0)) ^ roundKeys[41];
    o.z = (SB(s2, 24) << 24 | SB(s3, 16) << 16 | SB(s0, 8) << 8 | SB(s1, 0)) ^ roundKeys[42];
    o.w = (SB(s3, 24) << 24 | SB(s0, 16) << 16 | SB(s1, 8) << 8 | SB(s2, 0)) ^ roundKeys[43];
#undef SB
    out[idx] = o;
}

extern "C" __global__ void xtea_encrypt(uint2 *data, const unsigned int *key, int n, unsigned int rounds)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned int k[4] = {key[0], key[1], key[2], key[3]};
    uint2 v = data[i];
    unsigned int sum = 0, delta = 0x9E3779B9;
    for (unsigned int r = 0; r < rounds; ++r) {
        v.x += (((v.y << 4) ^ (v.y >> 5)) + v.y) ^ (sum + k[sum & 3]);
        sum += delta;
        v.y += (((v.x << 4) ^ (v.x >> 5)) + v.x) ^ (sum + k[(sum >> 11) & 3]);
    }
    data[i] = v;
}
