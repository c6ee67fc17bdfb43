// Domain: cryptography (SHA-256, ChaCha20, AES-128 T-table, RC4, Keccak-f[1600])

__constant__ unsigned c_K256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

#define ROTR32(x, n) __funnelshift_r((x), (x), (n))

__device__ __forceinline__ void sha256_compress(unsigned st[8], const unsigned blk[16])
{
    unsigned w[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) w[i] = blk[i];
    unsigned a = st[0], b = st[1], c = st[2], d = st[3], e = st[4], f = st[5], g = st[6], h = st[7];
#pragma unroll
    for (int i = 0; i < 64; ++i) {
        if (i >= 16) {
            unsigned w15 = w[(i - 15) & 15], w2 = w[(i - 2) & 15];
            unsigned s0 = ROTR32(w15, 7) ^ ROTR32(w15, 18) ^ (w15 >> 3);
            unsigned s1 = ROTR32(w2, 17) ^ ROTR32(w2, 19) ^ (w2 >> 10);
            w[i & 15] += s0 + w[(i - 7) & 15] + s1;
        }
        unsigned S1 = ROTR32(e, 6) ^ ROTR32(e, 11) ^ ROTR32(e, 25);
        unsigned ch = (e & f) ^ (~e & g);
        unsigned t1 = h + S1 + ch + c_K256[i] + w[i & 15];
        unsigned S0 = ROTR32(a, 2) ^ ROTR32(a, 13) ^ ROTR32(a, 22);
        unsigned mj = (a & b) ^ (a & c) ^ (b & c);
        h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + S0 + mj;
    }
    st[0] += a; st[1] += b; st[2] += c; st[3] += d; st[4] += e; st[5] += f; st[6] += g; st[7] += h;
}

// Double SHA-256 of 80-byte block headers with varying nonce (bitcoin-style), fully unrolled
extern "C" __global__ void sha256d_nonce_search(const unsigned* __restrict__ header /*20 words*/,
                                                unsigned startNonce, unsigned target,
                                                unsigned* __restrict__ found, unsigned* __restrict__ digests)
{
    unsigned nonce = startNonce + blockIdx.x * blockDim.x + threadIdx.x;
    unsigned st[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    unsigned blk[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) blk[i] = header[i];
    sha256_compress(st, blk);
    blk[0] = header[16]; blk[1] = header[17]; blk[2] = header[18]; blk[3] = nonce;
    blk[4] = 0x80000000u;
#pragma unroll
    for (int i = 5; i < 15; ++i) blk[i] = 0;
    blk[15] = 640;
    sha256_compress(st, blk);
    unsigned st2[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
#pragma unroll
    for (int i = 0; i < 8; ++i) blk[i] = st[i];
    blk[8] = 0x80000000u;
#pragma unroll
    for (int i = 9; i < 15; ++i) blk[i] = 0;
    blk[15] = 256;
    sha256_compress(st2, blk);
    unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
    digests[tid] = st2[7];
    if (__byte_perm(st2[7], 0, 0x0123) < target) atomicMin(found, nonce);
}

// SHA-256 of independent 64-byte messages under __launch_bounds__(1024,2) (32-register cap);
// the rolling 16-word schedule + 8 state words just fit without spilling
extern "C" __global__ void __launch_bounds__(1024, 2)
sha256_block_bounded(const uint4* __restrict__ msgs, uint4* __restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned blk[16];
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        uint4 v = msgs[i * 4 + q];
        blk[4 * q] = v.x; blk[4 * q + 1] = v.y; blk[4 * q + 2] = v.z; blk[4 * q + 3] = v.w;
    }
    unsigned st[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    sha256_compress(st, blk);
    out[2 * i] = make_uint4(st[0], st[1], st[2], st[3]);
    out[2 * i + 1] = make_uint4(st[4], st[5], st[6], st[7]);
}

// ChaCha20 keystream block, 16-word state in registers, 10 double-rounds unrolled
#define QR(a, b, c, d) \
    a += b; d ^= a; d = __funnelshift_l(d, d, 16); \
    c += d; b ^= c; b = __funnelshift_l(b, b, 12); \
    a += b; d ^= a; d = __funnelshift_l(d, d, 8);  \
    c += d; b ^= c; b = __funnelshift_l(b, b, 7);
extern "C" __global__ void chacha20_xor(const uint4* __restrict__ key /*2*/, const uint4* __restrict__ nonce /*1: x=ctr base*/,
                                        const uint4* __restrict__ in, uint4* __restrict__ out, int nBlocks)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nBlocks) return;
    uint4 k0 = key[0], k1 = key[1], nn = nonce[0];
    unsigned x[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574, k0.x, k0.y, k0.z, k0.w,
                      k1.x, k1.y, k1.z, k1.w, nn.x + (unsigned)b, nn.y, nn.z, nn.w};
    unsigned s[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) s[i] = x[i];
#pragma unroll
    for (int r = 0; r < 10; ++r) {
        QR(x[0], x[4], x[8], x[12]) QR(x[1], x[5], x[9], x[13]) QR(x[2], x[6], x[10], x[14]) QR(x[3], x[7], x[11], x[15])
        QR(x[0], x[5], x[10], x[15]) QR(x[1], x[6], x[11], x[12]) QR(x[2], x[7], x[8], x[13]) QR(x[3], x[4], x[9], x[14])
    }
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        uint4 p = in[b * 4 + q];
        out[b * 4 + q] = make_uint4(p.x ^ (x[4 * q] + s[4 * q]), p.y ^ (x[4 * q + 1] + s[4 * q + 1]),
                                    p.z ^ (x[4 * q + 2] + s[4 * q + 2]), p.w ^ (x[4 * q + 3] + s[4 * q + 3]));
    }
}

// AES-128 encryption (ECB/CTR core) with T-tables in shared memory, expanded key in constant memory
__constant__ unsigned c_rk[44];
extern "C" __global__ void aes128_ttable_encrypt(const unsigned* __restrict__ Te0g, const uint4* __restrict__ in,
                                                 uint4* __restrict__ out, int n)
{
    __shared__ unsigned T0[256], T1[256], T2[256], T3[256];
    __shared__ unsigned char SB[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        unsigned t = Te0g[i];
        T0[i] = t; T1[i] = __funnelshift_r(t, t, 8); T2[i] = __funnelshift_r(t, t, 16); T3[i] = __funnelshift_r(t, t, 24);
        SB[i] = (unsigned char)(t >> 8);   // S-box byte lives in Te0 byte 1
    }
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint4 p = in[i];
    unsigned s0 = p.x ^ c_rk[0], s1 = p.y ^ c_rk[1], s2 = p.z ^ c_rk[2], s3 = p.w ^ c_rk[3];
#pragma unroll
    for (int r = 1; r < 10; ++r) {
        unsigned t0 = T0[s0 >> 24] ^ T1[(s1 >> 16) & 0xff] ^ T2[(s2 >> 8) & 0xff] ^ T3[s3 & 0xff] ^ c_rk[4 * r];
        unsigned t1 = T0[s1 >> 24] ^ T1[(s2 >> 16) & 0xff] ^ T2[(s3 >> 8) & 0xff] ^ T3[s0 & 0xff] ^ c_rk[4 * r + 1];
        unsigned t2 = T0[s2 >> 24] ^ T1[(s3 >> 16) & 0xff] ^ T2[(s0 >> 8) & 0xff] ^ T3[s1 & 0xff] ^ c_rk[4 * r + 2];
        unsigned t3 = T0[s3 >> 24] ^ T1[(s0 >> 16) & 0xff] ^ T2[(s1 >> 8) & 0xff] ^ T3[s2 & 0xff] ^ c_rk[4 * r + 3];
        s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    unsigned o[4];
    unsigned s[4] = {s0, s1, s2, s3};
#pragma unroll
    for (int c = 0; c < 4; ++c)
        o[c] = ((unsigned)SB[s[c] >> 24] << 24 | (unsigned)SB[(s[(c + 1) & 3] >> 16) & 0xff] << 16 |
                (unsigned)SB[(s[(c + 2) & 3] >> 8) & 0xff] << 8 | SB[s[(c + 3) & 3] & 0xff]) ^ c_rk[40 + c];
    out[i] = make_uint4(o[0], o[1], o[2], o[3]);
}

// RC4 keystream per thread: 256-byte permutation state indexed by data -> large local stack frame
extern "C" __global__ void rc4_per_thread(const unsigned char* __restrict__ keys, int keyLen,
                                          unsigned char* __restrict__ stream, int streamLen, int nKeys)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nKeys) return;
    unsigned char S[256];
    for (int i = 0; i < 256; ++i) S[i] = (unsigned char)i;
    const unsigned char* k = keys + t * keyLen;
    unsigned j = 0;
    for (int i = 0; i < 256; ++i) {
        j = (j + S[i] + k[i % keyLen]) & 255;
        unsigned char tmp = S[i]; S[i] = S[j]; S[j] = tmp;
    }
    unsigned i = 0; j = 0;
    for (int n = 0; n < 256 + streamLen; ++n) {     // RC4-drop256
        i = (i + 1) & 255;
        j = (j + S[i]) & 255;
        unsigned char tmp = S[i]; S[i] = S[j]; S[j] = tmp;
        unsigned char ks = S[(S[i] + S[j]) & 255];
        if (n >= 256) stream[(size_t)t * streamLen + n - 256] = ks;
    }
}

// Keccak-f[1600] permutation (SHA3-256 of one 136-byte-rate block), 25 64-bit lanes in registers
__constant__ unsigned long long c_RC[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808Aull, 0x8000000080008000ull,
    0x000000000000808Bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
    0x000000000000008Aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000Aull,
    0x000000008000808Bull, 0x800000000000008Bull, 0x8000000000008089ull, 0x8000000000008003ull,
    0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800Aull, 0x800000008000000Aull,
    0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull};
__device__ __forceinline__ unsigned long long rotl64(unsigned long long x, int n) { return (x << n) | (x >> ((64 - n) & 63)); }
template <bool FULL_UNROLL>
__device__ __forceinline__ void keccak_f1600(unsigned long long A[25])
{
    const int rho[25] = {0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14};
#pragma unroll 1
    for (int r0 = 0; r0 < 24; r0 += (FULL_UNROLL ? 24 : 1))
#pragma unroll
    for (int round = r0; round < r0 + (FULL_UNROLL ? 24 : 1); ++round) {
        unsigned long long C[5], D[5], B[25];
#pragma unroll
        for (int x = 0; x < 5; ++x) C[x] = A[x] ^ A[x + 5] ^ A[x + 10] ^ A[x + 15] ^ A[x + 20];
#pragma unroll
        for (int x = 0; x < 5; ++x) D[x] = C[(x + 4) % 5] ^ rotl64(C[(x + 1) % 5], 1);
#pragma unroll
        for (int i = 0; i < 25; ++i) A[i] ^= D[i % 5];
#pragma unroll
        for (int x = 0; x < 5; ++x)
#pragma unroll
            for (int y = 0; y < 5; ++y) B[y + 5 * ((2 * x + 3 * y) % 5)] = rotl64(A[x + 5 * y], rho[x + 5 * y]);
#pragma unroll
        for (int x = 0; x < 5; ++x)
#pragma unroll
            for (int y = 0; y < 5; ++y) A[x + 5 * y] = B[x + 5 * y] ^ (~B[(x + 1) % 5 + 5 * y] & B[(x + 2) % 5 + 5 * y]);
        A[0] ^= c_RC[round];
    }
}

extern "C" __global__ void keccak_f1600_sha3(const unsigned long long* __restrict__ msg /*17 lanes each*/,
                                             unsigned long long* __restrict__ digest, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    unsigned long long A[25];
#pragma unroll
    for (int i = 0; i < 25; ++i) A[i] = (i < 17) ? msg[t * 17 + i] : 0ull;
    A[16] ^= 0x8000000000000000ull;
    A[0] ^= 0x06ull;
    keccak_f1600<true>(A);           // all 24 rounds unrolled: long straight-line 64-bit code
#pragma unroll
    for (int i = 0; i < 4; ++i) digest[t * 4 + i] = A[i];
}

// SHAKE128-style squeeze of several blocks per thread under __launch_bounds__(256,8) (32 registers):
// 50 state registers cannot fit -> spills
extern "C" __global__ void __launch_bounds__(256, 8)
keccak_shake128_capped(const unsigned long long* __restrict__ seed, unsigned long long* __restrict__ out,
                       int nOutBlocks, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    unsigned long long A[25];
#pragma unroll
    for (int i = 0; i < 25; ++i) A[i] = 0ull;
    A[0] = seed[2 * t]; A[1] = seed[2 * t + 1];
    A[2] ^= 0x1Full;
    A[20] ^= 0x8000000000000000ull;       // rate = 168 bytes = 21 lanes
    for (int b = 0; b < nOutBlocks; ++b) {
        keccak_f1600<false>(A);
#pragma unroll
        for (int i = 0; i < 21; ++i) out[((size_t)t * nOutBlocks + b) * 21 + i] = A[i];
    }
}
