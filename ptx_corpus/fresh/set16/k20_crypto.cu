// Domain: cryptography (SHA-256 compression, double SHA-256 nonce search, ChaCha20 keystream, AES-128 T-tables, 256-bit Montgomery arithmetic)

__constant__ unsigned c_K256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
    0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
    0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
    0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

#define ROTR(x, n) __funnelshift_r((x), (x), (n))
__device__ __forceinline__ void sha256_compress(unsigned (&st)[8], unsigned (&w)[64])
{
#pragma unroll
    for (int i = 16; i < 64; ++i) {
        unsigned s0 = ROTR(w[i - 15], 7) ^ ROTR(w[i - 15], 18) ^ (w[i - 15] >> 3);
        unsigned s1 = ROTR(w[i - 2], 17) ^ ROTR(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    unsigned a = st[0], b = st[1], c = st[2], d = st[3], e = st[4], f = st[5], g = st[6], h = st[7];
#pragma unroll
    for (int i = 0; i < 64; ++i) {
        unsigned S1 = ROTR(e, 6) ^ ROTR(e, 11) ^ ROTR(e, 25);
        unsigned ch = (e & f) ^ (~e & g);
        unsigned t1 = h + S1 + ch + c_K256[i] + w[i];
        unsigned S0 = ROTR(a, 2) ^ ROTR(a, 13) ^ ROTR(a, 22);
        unsigned mj = (a & b) ^ (a & c) ^ (b & c);
        unsigned t2 = S0 + mj;
        h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    st[0] += a; st[1] += b; st[2] += c; st[3] += d; st[4] += e; st[5] += f; st[6] += g; st[7] += h;
}

// sha256_one_block_per_thread: SHA-256 of independent 55-byte messages (single padded block), 64-word schedule fully unrolled in registers
extern "C" __global__ void sha256_one_block_per_thread(const unsigned* __restrict__ msgWords, unsigned* __restrict__ digests, int nMsgs)
{
    int m = blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= nMsgs) return;
    unsigned w[64];
#pragma unroll
    for (int i = 0; i < 14; ++i) w[i] = msgWords[(size_t)i * nMsgs + m];
    w[13] = (w[13] & 0xFFFFFF00u) | 0x80u;
    w[14] = 0; w[15] = 55 * 8;
    unsigned st[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    sha256_compress(st, w);
#pragma unroll
    for (int i = 0; i < 8; ++i) digests[(size_t)i * nMsgs + m] = st[i];
}

// sha256d_nonce_search_lb: double-SHA-256 of an 80-byte header with per-thread nonce, target check, under __launch_bounds__(512,4)
extern "C" __global__ void __launch_bounds__(512, 4)
sha256d_nonce_search_lb(const unsigned* __restrict__ midstate, const unsigned* __restrict__ tail3, unsigned nonceBase,
                              unsigned target, unsigned* __restrict__ found)
{
    unsigned nonce = nonceBase + blockIdx.x * blockDim.x + threadIdx.x;
    unsigned w[64];
    w[0] = tail3[0]; w[1] = tail3[1]; w[2] = tail3[2]; w[3] = __byte_perm(nonce, 0, 0x0123);
    w[4] = 0x80000000u;
#pragma unroll
    for (int i = 5; i < 15; ++i) w[i] = 0;
    w[15] = 640;
    unsigned st[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) st[i] = midstate[i];
    sha256_compress(st, w);
#pragma unroll
    for (int i = 0; i < 8; ++i) w[i] = st[i];
    w[8] = 0x80000000u;
#pragma unroll
    for (int i = 9; i < 15; ++i) w[i] = 0;
    w[15] = 256;
    unsigned h2[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    sha256_compress(h2, w);
    if (__byte_perm(h2[7], 0, 0x0123) <= target) atomicMin(found, nonce);
}

#define QR(a, b, c, d)                                   \
    a += b; d ^= a; d = __funnelshift_l(d, d, 16);       \
    c += d; b ^= c; b = __funnelshift_l(b, b, 12);       \
    a += b; d ^= a; d = __funnelshift_l(d, d, 8);        \
    c += d; b ^= c; b = __funnelshift_l(b, b, 7);

// chacha20_xor_stream: ChaCha20 (RFC 8439) keystream block per thread XORed onto 64 bytes of plaintext, 16-word state in registers
extern "C" __global__ void chacha20_xor_stream(const unsigned* __restrict__ key, const unsigned* __restrict__ nonce, unsigned counter0,
                                               const uint4* __restrict__ in, uint4* __restrict__ out, int nBlocks)
{
    int blk = blockIdx.x * blockDim.x + threadIdx.x;
    if (blk >= nBlocks) return;
    unsigned s[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574, key[0], key[1], key[2], key[3], key[4], key[5], key[6], key[7],
                      counter0 + blk, nonce[0], nonce[1], nonce[2]};
    unsigned x[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) x[i] = s[i];
#pragma unroll
    for (int r = 0; r < 10; ++r) {
        QR(x[0], x[4], x[8], x[12]) QR(x[1], x[5], x[9], x[13]) QR(x[2], x[6], x[10], x[14]) QR(x[3], x[7], x[11], x[15])
        QR(x[0], x[5], x[10], x[15]) QR(x[1], x[6], x[11], x[12]) QR(x[2], x[7], x[8], x[13]) QR(x[3], x[4], x[9], x[14])
    }
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        uint4 p = in[(size_t)blk * 4 + q];
        p.x ^= x[4 * q] + s[4 * q]; p.y ^= x[4 * q + 1] + s[4 * q + 1];
        p.z ^= x[4 * q + 2] + s[4 * q + 2]; p.w ^= x[4 * q + 3] + s[4 * q + 3];
        out[(size_t)blk * 4 + q] = p;
    }
}

// aes128_ttable_ecb_smem: AES-128 encryption with four T-tables staged into shared memory, expanded round keys from global memory
extern "C" __global__ void aes128_ttable_ecb_smem(const uint4* __restrict__ in, uint4* __restrict__ out, const unsigned* __restrict__ Te,
                                                  const unsigned char* __restrict__ sbox, const unsigned* __restrict__ rk, int nBlocks)
{
    __shared__ unsigned T0[256], T1[256], T2[256], T3[256];
    __shared__ unsigned char S[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        T0[i] = Te[i]; T1[i] = Te[256 + i]; T2[i] = Te[512 + i]; T3[i] = Te[768 + i]; S[i] = sbox[i];
    }
    __syncthreads();
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nBlocks) return;
    uint4 p = in[b];
    unsigned s0 = p.x ^ rk[0], s1 = p.y ^ rk[1], s2 = p.z ^ rk[2], s3 = p.w ^ rk[3];
#pragma unroll
    for (int r = 1; r < 10; ++r) {
        unsigned t0 = T0[s0 >> 24] ^ T1[(s1 >> 16) & 0xff] ^ T2[(s2 >> 8) & 0xff] ^ T3[s3 & 0xff] ^ rk[4 * r];
        unsigned t1 = T0[s1 >> 24] ^ T1[(s2 >> 16) & 0xff] ^ T2[(s3 >> 8) & 0xff] ^ T3[s0 & 0xff] ^ rk[4 * r + 1];
        unsigned t2 = T0[s2 >> 24] ^ T1[(s3 >> 16) & 0xff] ^ T2[(s0 >> 8) & 0xff] ^ T3[s1 & 0xff] ^ rk[4 * r + 2];
        unsigned t3 = T0[s3 >> 24] ^ T1[(s0 >> 16) & 0xff] ^ T2[(s1 >> 8) & 0xff] ^ T3[s2 & 0xff] ^ rk[4 * r + 3];
        s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    uint4 c;
    c.x = ((unsigned)S[s0 >> 24] << 24 | (unsigned)S[(s1 >> 16) & 0xff] << 16 | (unsigned)S[(s2 >> 8) & 0xff] << 8 | S[s3 & 0xff]) ^ rk[40];
    c.y = ((unsigned)S[s1 >> 24] << 24 | (unsigned)S[(s2 >> 16) & 0xff] << 16 | (unsigned)S[(s3 >> 8) & 0xff] << 8 | S[s0 & 0xff]) ^ rk[41];
    c.z = ((unsigned)S[s2 >> 24] << 24 | (unsigned)S[(s3 >> 16) & 0xff] << 16 | (unsigned)S[(s0 >> 8) & 0xff] << 8 | S[s1 & 0xff]) ^ rk[42];
    c.w = ((unsigned)S[s3 >> 24] << 24 | (unsigned)S[(s0 >> 16) & 0xff] << 16 | (unsigned)S[(s1 >> 8) & 0xff] << 8 | S[s2 & 0xff]) ^ rk[43];
    out[b] = c;
}

typedef unsigned long long u64;
// 256-bit Montgomery multiplication (CIOS), 4 x 64-bit limbs, not inlined
__device__ __noinline__ void mont_mul256(u64 (&r)[4], const u64 (&a)[4], const u64 (&b)[4], const u64 (&n)[4], u64 n0inv)
{
    u64 t[6] = {0, 0, 0, 0, 0, 0};
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        u64 carry = 0;
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            u64 lo = a[j] * b[i], hi = __umul64hi(a[j], b[i]);
            u64 s = t[j] + lo; hi += (s < lo);
            s += carry; hi += (s < carry);
            t[j] = s; carry = hi;
        }
        u64 s4 = t[4] + carry; t[5] = (s4 < carry); t[4] = s4;
        u64 m = t[0] * n0inv;
        carry = 0;
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            u64 lo = m * n[j], hi = __umul64hi(m, n[j]);
            u64 s = t[j] + lo; hi += (s < lo);
            s += carry; hi += (s < carry);
            t[j] = s; carry = hi;
        }
        s4 = t[4] + carry; t[5] += (s4 < carry); t[4] = s4;
#pragma unroll
        for (int j = 0; j < 5; ++j) t[j] = t[j + 1];
        t[5] = 0;
    }
    // conditional subtraction
    u64 d[4], borrow = 0;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        u64 x = t[j] - n[j];
        u64 b1 = (t[j] < n[j]);
        u64 y = x - borrow;
        u64 b2 = (x < borrow);
        d[j] = y; borrow = b1 | b2;
    }
    bool useD = t[4] || !borrow;
#pragma unroll
    for (int j = 0; j < 4; ++j) r[j] = useD ? d[j] : t[j];
}

// modexp256_montgomery_noinline: 256-bit modular exponentiation (left-to-right square-and-multiply) via a __noinline__ Montgomery multiplier
extern "C" __global__ void modexp256_montgomery_noinline(const u64* __restrict__ base, const u64* __restrict__ expo, const u64* __restrict__ mod,
                                                         const u64* __restrict__ oneMont, u64 n0inv, u64* __restrict__ result, int nOps)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nOps) return;
    u64 n[4], x[4], acc[4], e[4];
#pragma unroll
    for (int j = 0; j < 4; ++j) { n[j] = mod[j]; x[j] = base[(size_t)t * 4 + j]; acc[j] = oneMont[j]; e[j] = expo[(size_t)t * 4 + j]; }
    for (int bit = 255; bit >= 0; --bit) {
        mont_mul256(acc, acc, acc, n, n0inv);
        if ((e[bit >> 6] >> (bit & 63)) & 1ull) mont_mul256(acc, acc, x, n, n0inv);
    }
#pragma unroll
    for (int j = 0; j < 4; ++j) result[(size_t)t * 4 + j] = acc[j];
}

__constant__ unsigned long long c_keccakRC[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808Aull, 0x8000000080008000ull, 0x000000000000808Bull, 0x0000000080000001ull,
    0x8000000080008081ull, 0x8000000000008009ull, 0x000000000000008Aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000Aull,
    0x000000008000808Bull, 0x800000000000008Bull, 0x8000000000008089ull, 0x8000000000008003ull, 0x8000000000008002ull, 0x8000000000000080ull,
    0x000000000000800Aull, 0x800000008000000Aull, 0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull};

__device__ __forceinline__ unsigned long long rotl64(unsigned long long x, int n) { return n ? (x << n) | (x >> (64 - n)) : x; }

// keccak_sha3_256_short_msgs: SHA3-256 of short (<=135-byte) messages, one per thread; the 25-lane 64-bit Keccak-f[1600] state and all 24 rounds are fully unrolled in registers
extern "C" __global__ void keccak_sha3_256_short_msgs(const unsigned long long* __restrict__ msg, const int* __restrict__ lenBytes,
                                                      unsigned long long* __restrict__ digest, int nMsgs)
{
    int m = blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= nMsgs) return;
    const int rho[25] = {0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14};
    unsigned long long A[25];
    int len = lenBytes[m];
#pragma unroll
    for (int i = 0; i < 25; ++i) A[i] = 0ull;
#pragma unroll
    for (int i = 0; i < 17; ++i) {
        unsigned long long w = (i * 8 < len) ? msg[(size_t)m * 17 + i] : 0ull;
        int rem = len - i * 8;
        if (rem < 8 && rem >= 0) w = (w & ((1ull << (8 * rem)) - 1ull) & (rem ? ~0ull : 0ull)) | (0x06ull << (8 * rem));
        if (i == 16) w |= 0x8000000000000000ull;
        A[i] ^= w;
    }
#pragma unroll
    for (int r = 0; r < 24; ++r) {
        unsigned long long C[5], D[5], B[25];
#pragma unroll
        for (int x = 0; x < 5; ++x) C[x] = A[x] ^ A[x + 5] ^ A[x + 10] ^ A[x + 15] ^ A[x + 20];
#pragma unroll
        for (int x = 0; x < 5; ++x) D[x] = C[(x + 4) % 5] ^ rotl64(C[(x + 1) % 5], 1);
#pragma unroll
        for (int y = 0; y < 5; ++y)
#pragma unroll
            for (int x = 0; x < 5; ++x) {
                int i = x + 5 * y;
                int nx = y, ny = (2 * x + 3 * y) % 5;
                B[nx + 5 * ny] = rotl64(A[i] ^ D[x], rho[i]);
            }
#pragma unroll
        for (int y = 0; y < 5; ++y)
#pragma unroll
            for (int x = 0; x < 5; ++x) A[x + 5 * y] = B[x + 5 * y] ^ (~B[(x + 1) % 5 + 5 * y] & B[(x + 2) % 5 + 5 * y]);
        A[0] ^= c_keccakRC[r];
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) digest[(size_t)m * 4 + i] = A[i];
}
