// r12_aes_ctr.cu
//
// AES-128 in counter (CTR) mode (cryptography), T-table implementation.
// Each block stages the S-box and the Te0 table (Te1..Te3 are byte rotations
// of Te0) in shared memory and expands the 128-bit key into the 44-word
// round-key schedule in shared memory. The key expansion itself needs the
// S-box, so it is done by thread 0 after the tables are staged. Each thread
// then encrypts one 16-byte counter block (nonce || counter) and XORs the
// keystream into the payload.
//
// Launch configuration:
//   blockDim = (256,1,1)
//   gridDim  = (ceil(nblocks/256),1,1), nblocks = 1<<22 AES blocks (64 MiB)
//   static shared memory only.

#define BLOCK 256

__device__ __forceinline__ unsigned rotr8(unsigned x, int n) { return (x >> n) | (x << (32 - n)); }

__device__ __forceinline__ unsigned sub_word(const unsigned char* sb, unsigned w)
{
    return (unsigned)sb[w & 0xffu] | ((unsigned)sb[(w >> 8) & 0xffu] << 8) |
           ((unsigned)sb[(w >> 16) & 0xffu] << 16) | ((unsigned)sb[w >> 24] << 24);
}

__device__ __forceinline__ void expand_key128(const unsigned char* sb, unsigned* rk)
{
    unsigned rcon = 0x01u;
    for (int i = 4; i < 44; ++i) {
        unsigned t = rk[i - 1];
        if ((i & 3) == 0) {
            t = sub_word(sb, (t << 8) | (t >> 24)) ^ (rcon << 24);
            rcon = ((rcon << 1) ^ ((rcon & 0x80u) ? 0x1bu : 0u)) & 0xffu;
        }
        rk[i] = rk[i - 4] ^ t;
    }
}

__device__ __forceinline__ uint4 aes128_encrypt_block(const unsigned* te0, const unsigned char* sb,
                                                      const unsigned* rk, uint4 in)
{
    unsigned s0 = in.x ^ rk[0], s1 = in.y ^ rk[1], s2 = in.z ^ rk[2], s3 = in.w ^ rk[3];
#pragma unroll
    for (int r = 1; r < 10; ++r) {
        const unsigned t0 = te0[s0 >> 24] ^ rotr8(te0[(s1 >> 16) & 0xff], 8) ^
                            rotr8(te0[(s2 >> 8) & 0xff], 16) ^ rotr8(te0[s3 & 0xff], 24) ^ rk[4 * r + 0];
        const unsigned t1 = te0[s1 >> 24] ^ rotr8(te0[(s2 >> 16) & 0xff], 8) ^
                            rotr8(te0[(s3 >> 8) & 0xff], 16) ^ rotr8(te0[s0 & 0xff], 24) ^ rk[4 * r + 1];
        const unsigned t2 = te0[s2 >> 24] ^ rotr8(te0[(s3 >> 16) & 0xff], 8) ^
                            rotr8(te0[(s0 >> 8) & 0xff], 16) ^ rotr8(te0[s1 & 0xff], 24) ^ rk[4 * r + 2];
        const unsigned t3 = te0[s3 >> 24] ^ rotr8(te0[(s0 >> 16) & 0xff], 8) ^
                            rotr8(te0[(s1 >> 8) & 0xff], 16) ^ rotr8(te0[s2 & 0xff], 24) ^ rk[4 * r + 3];
        s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    uint4 o;
    o.x = (((unsigned)sb[s0 >> 24] << 24) | ((unsigned)sb[(s1 >> 16) & 0xff] << 16) |
           ((unsigned)sb[(s2 >> 8) & 0xff] << 8) | (unsigned)sb[s3 & 0xff]) ^ rk[40];
    o.y = (((unsigned)sb[s1 >> 24] << 24) | ((unsigned)sb[(s2 >> 16) & 0xff] << 16) |
           ((unsigned)sb[(s3 >> 8) & 0xff] << 8) | (unsigned)sb[s0 & 0xff]) ^ rk[41];
    o.z = (((unsigned)sb[s2 >> 24] << 24) | ((unsigned)sb[(s3 >> 16) & 0xff] << 16) |
           ((unsigned)sb[(s0 >> 8) & 0xff] << 8) | (unsigned)sb[s1 & 0xff]) ^ rk[42];
    o.w = (((unsigned)sb[s3 >> 24] << 24) | ((unsigned)sb[(s0 >> 16) & 0xff] << 16) |
           ((unsigned)sb[(s1 >> 8) & 0xff] << 8) | (unsigned)sb[s2 & 0xff]) ^ rk[43];
    return o;
}

__device__ __forceinline__ unsigned bswap32(unsigned x) { return __byte_perm(x, 0, 0x0123); }

extern "C" __global__ void __launch_bounds__(BLOCK)
aes_ctr_race(const unsigned* __restrict__ key_be, const unsigned char* __restrict__ g_sbox,
             const unsigned* __restrict__ g_te0, unsigned nonce0, unsigned nonce1,
             unsigned nonce2, unsigned ctr0, const uint4* __restrict__ in,
             uint4* __restrict__ out, unsigned nblocks)
{
    __shared__ unsigned s_te0[256];
    __shared__ unsigned char s_sbox[256];
    __shared__ unsigned s_rk[44];
    const unsigned tid = threadIdx.x;

    for (unsigned i = tid; i < 256; i += blockDim.x) {
        s_te0[i] = g_te0[i];
        s_sbox[i] = g_sbox[i];
    }
    if (tid < 4) s_rk[tid] = key_be[tid];
    __syncthreads();                       // S-box must be visible for the key schedule
    if (tid == 0) expand_key128(s_sbox, s_rk);

    const unsigned b = blockIdx.x * blockDim.x + tid;
    if (b >= nblocks) return;
    const uint4 ctr = make_uint4(nonce0, nonce1, nonce2, ctr0 + b);
    const uint4 ks = aes128_encrypt_block(s_te0, s_sbox, s_rk, ctr);
    const uint4 p = in[b];
    out[b] = make_uint4(p.x ^ bswap32(ks.x), p.y ^ bswap32(ks.y),
                        p.z ^ bswap32(ks.z), p.w ^ bswap32(ks.w));
}

extern "C" __global__ void __launch_bounds__(BLOCK)
aes_ctr_ok(const unsigned* __restrict__ key_be, const unsigned char* __restrict__ g_sbox,
           const unsigned* __restrict__ g_te0, unsigned nonce0, unsigned nonce1,
           unsigned nonce2, unsigned ctr0, const uint4* __restrict__ in,
           uint4* __restrict__ out, unsigned nblocks)
{
    __shared__ unsigned s_te0[256];
    __shared__ unsigned char s_sbox[256];
    __shared__ unsigned s_rk[44];
    const unsigned tid = threadIdx.x;

    for (unsigned i = tid; i < 256; i += blockDim.x) {
        s_te0[i] = g_te0[i];
        s_sbox[i] = g_sbox[i];
    }
    if (tid < 4) s_rk[tid] = key_be[tid];
    __syncthreads();                       // S-box must be visible for the key schedule
    if (tid == 0) expand_key128(s_sbox, s_rk);
    __syncthreads();

    const unsigned b = blockIdx.x * blockDim.x + tid;
    if (b >= nblocks) return;
    const uint4 ctr = make_uint4(nonce0, nonce1, nonce2, ctr0 + b);
    const uint4 ks = aes128_encrypt_block(s_te0, s_sbox, s_rk, ctr);
    const uint4 p = in[b];
    out[b] = make_uint4(p.x ^ bswap32(ks.x), p.y ^ bswap32(ks.y),
                        p.z ^ bswap32(ks.z), p.w ^ bswap32(ks.w));
}
