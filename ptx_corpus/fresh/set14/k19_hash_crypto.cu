// Domain: cryptographic hashing and stream ciphers (uint32 bit operations)
// sha256_compress       - one SHA-256 compression of a 64-byte block per thread, message schedule W[64] unrolled
// sha256_double_lb      - double SHA-256 of 80-byte headers with nonce sweep, __launch_bounds__(256,8)
// chacha20_block        - ChaCha20 keystream block (20 rounds, 16-word state) XORed into the message
// crc32_slice_table     - table-driven CRC-32 over runtime-length records, table staged in shared memory

#define ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
#define CH(x, y, z) (((x) & (y)) ^ (~(x) & (z)))
#define MAJ(x, y, z) (((x) & (y)) ^ ((x) & (z)) ^ ((y) & (z)))
#define BS0(x) (ROTR(x, 2) ^ ROTR(x, 13) ^ ROTR(x, 22))
#define BS1(x) (ROTR(x, 6) ^ ROTR(x, 11) ^ ROTR(x, 25))
#define SS0(x) (ROTR(x, 7) ^ ROTR(x, 18) ^ ((x) >> 3))
#define SS1(x) (ROTR(x, 17) ^ ROTR(x, 19) ^ ((x) >> 10))

__constant__ unsigned c_K256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

__device__ __forceinline__ void sha256_block(unsigned st[8], const unsigned m[16])
{
    unsigned W[64];
#pragma unroll
    for (int i = 0; i < 16; ++i) W[i] = m[i];
#pragma unroll
    for (int i = 16; i < 64; ++i) W[i] = SS1(W[i - 2]) + W[i - 7] + SS0(W[i - 15]) + W[i - 16];
    unsigned a = st[0], b = st[1], c = st[2], d = st[3], e = st[4], f = st[5], g = st[6], h = st[7];
#pragma unroll
    for (int i = 0; i < 64; ++i) {
        unsigned t1 = h + BS1(e) + CH(e, f, g) + c_K256[i] + W[i];
        unsigned t2 = BS0(a) + MAJ(a, b, c);
        h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    st[0] += a; st[1] += b; st[2] += c; st[3] += d; st[4] += e; st[5] += f; st[6] += g; st[7] += h;
}

extern "C" __global__ void sha256_compress(const uint4 *__restrict__ blocks, const uint4 *__restrict__ states,
                                           uint4 *__restrict__ out, int nblk)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nblk) return;
    unsigned m[16], st[8];
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        uint4 v = blocks[t * 4 + q];
        m[4 * q] = v.x; m[4 * q + 1] = v.y; m[4 * q + 2] = v.z; m[4 * q + 3] = v.w;
    }
    uint4 s0 = states[2 * t], s1 = states[2 * t + 1];
    st[0] = s0.x; st[1] = s0.y; st[2] = s0.z; st[3] = s0.w;
    st[4] = s1.x; st[5] = s1.y; st[6] = s1.z; st[7] = s1.w;
    sha256_block(st, m);
    out[2 * t] = make_uint4(st[0], st[1], st[2], st[3]);
    out[2 * t + 1] = make_uint4(st[4], st[5], st[6], st[7]);
}

extern "C" __global__ void __launch_bounds__(256, 8)
sha256_double_lb(const unsigned *__restrict__ header /*20 words*/, unsigned nonce_base,
                 unsigned target_hi, unsigned *__restrict__ found, unsigned *__restrict__ best_hash)
{
    unsigned nonce = nonce_base + blockIdx.x * blockDim.x + threadIdx.x;
    unsigned st[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    unsigned m[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) m[i] = header[i];
    sha256_block(st, m);
#pragma unroll
    for (int i = 0; i < 3; ++i) m[i] = header[16 + i];
    m[3] = nonce;
    m[4] = 0x80000000u;
#pragma unroll
    for (int i = 5; i < 15; ++i) m[i] = 0;
    m[15] = 640;
    sha256_block(st, m);
#pragma unroll
    for (int i = 0; i < 8; ++i) m[i] = st[i];
    m[8] = 0x80000000u;
#pragma unroll
    for (int i = 9; i < 15; ++i) m[i] = 0;
    m[15] = 256;
    unsigned h2[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    sha256_block(h2, m);
    if (h2[7] < target_hi) {
        atomicMin(found, nonce);
        atomicMin(best_hash, h2[7]);
    }
}

#define QR(a, b, c, d)                   \
    a += b; d ^= a; d = __funnelshift_l(d, d, 16); \
    c += d; b ^= c; b = __funnelshift_l(b, b, 12); \
    a += b; d ^= a; d = __funnelshift_l(d, d, 8);  \
    c += d; b ^= c; b = __funnelshift_l(b, b, 7);

extern "C" __global__ void chacha20_block(const unsigned *__restrict__ key, const unsigned *__restrict__ nonce,
                                          unsigned counter0, const uint4 *__restrict__ msg,
                                          uint4 *__restrict__ ct, int nblocks)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nblocks) return;
    unsigned x0 = 0x61707865, x1 = 0x3320646e, x2 = 0x79622d32, x3 = 0x6b206574;
    unsigned x4 = key[0], x5 = key[1], x6 = key[2], x7 = key[3];
    unsigned x8 = key[4], x9 = key[5], x10 = key[6], x11 = key[7];
    unsigned x12 = counter0 + b, x13 = nonce[0], x14 = nonce[1], x15 = nonce[2];
    unsigned j0 = x0, j1 = x1, j2 = x2, j3 = x3, j4 = x4, j5 = x5, j6 = x6, j7 = x7;
    unsigned j8 = x8, j9 = x9, j10 = x10, j11 = x11, j12 = x12, j13 = x13, j14 = x14, j15 = x15;
    for (int r = 0; r < 10; ++r) {
        QR(x0, x4, x8, x12) QR(x1, x5, x9, x13) QR(x2, x6, x10, x14) QR(x3, x7, x11, x15)
        QR(x0, x5, x10, x15) QR(x1, x6, x11, x12) QR(x2, x7, x8, x13) QR(x3, x4, x9, x14)
    }
    const uint4 *m = msg + 4 * b;
    uint4 *c = ct + 4 * b;
    uint4 v;
    v = m[0]; c[0] = make_uint4(v.x ^ (x0 + j0), v.y ^ (x1 + j1), v.z ^ (x2 + j2), v.w ^ (x3 + j3));
    v = m[1]; c[1] = make_uint4(v.x ^ (x4 + j4), v.y ^ (x5 + j5), v.z ^ (x6 + j6), v.w ^ (x7 + j7));
    v = m[2]; c[2] = make_uint4(v.x ^ (x8 + j8), v.y ^ (x9 + j9), v.z ^ (x10 + j10), v.w ^ (x11 + j11));
    v = m[3]; c[3] = make_uint4(v.x ^ (x12 + j12), v.y ^ (x13 + j13), v.z ^ (x14 + j14), v.w ^ (x15 + j15));
}

extern "C" __global__ void crc32_slice_table(const unsigned char *data, const int *offsets, const unsigned *table,
                                             unsigned *crc_out, int nrec)
{
    __shared__ unsigned T[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) T[i] = table[i];
    __syncthreads();
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrec) return;
    unsigned crc = 0xffffffffu;
    for (int p = offsets[r]; p < offsets[r + 1]; ++p) crc = T[(crc ^ data[p]) & 0xffu] ^ (crc >> 8);
    crc_out[r] = ~crc;
}
