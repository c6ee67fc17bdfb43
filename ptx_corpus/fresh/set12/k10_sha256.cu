// Cryptographic hashing: SHA-256 over fixed-size messages, a double-SHA-256
// nonce search with a register-capped launch configuration, and a digest to
// hex conversion helper.
#include <cuda_runtime.h>
#include <stdint.h>

__constant__ uint32_t K256[64] = {
    0x428a2f98u,0x71374491u,0xb5c0fbcfu,0xe9b5dba5u,0x3956c25bu,0x59f111f1u,0x923f82a4u,0xab1c5ed5u,
    0xd807aa98u,0x12835b01u,0x243185beu,0x550c7dc3u,0x72be5d74u,0x80deb1feu,0x9bdc06a7u,0xc19bf174u,
    0xe49b69c1u,0xefbe4786u,0x0fc19dc6u,0x240ca1ccu,0x2de92c6fu,0x4a7484aau,0x5cb0a9dcu,0x76f988dau,
    0x983e5152u,0xa831c66du,0xb00327c8u,0xbf597fc7u,0xc6e00bf3u,0xd5a79147u,0x06ca6351u,0x14292967u,
    0x27b70a85u,0x2e1b2138u,0x4d2c6dfcu,0x53380d13u,0x650a7354u,0x766a0abbu,0x81c2c92eu,0x92722c85u,
    0xa2bfe8a1u,0xa81a664bu,0xc24b8b70u,0xc76c51a3u,0xd192e819u,0xd6990624u,0xf40e3585u,0x106aa070u,
    0x19a4c116u,0x1e376c08u,0x2748774cu,0x34b0bcb5u,0x391c0cb3u,0x4ed8aa4au,0x5b9cca4fu,0x682e6ff3u,
    0x748f82eeu,0x78a5636fu,0x84c87814u,0x8cc70208u,0x90befffau,0xa4506cebu,0xbef9a3f7u,0xc67178f2u};

__device__ __forceinline__ uint32_t rotr(uint32_t x, int n) { return __funnelshift_r(x, x, n); }

__device__ __forceinline__ void sha256_compress(uint32_t st[8], const uint32_t blk[16])
{
    uint32_t w[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) w[i] = blk[i];
    uint32_t a = st[0], b = st[1], c = st[2], d = st[3], e = st[4], f = st[5], g = st[6], h = st[7];
#pragma unroll
    for (int i = 0; i < 64; ++i) {
        uint32_t wi;
        if (i < 16) wi = w[i];
        else {
            uint32_t w15 = w[(i - 15) & 15], w2 = w[(i - 2) & 15];
            uint32_t s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >> 3);
            uint32_t s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >> 10);
            wi = w[i & 15] = w[i & 15] + s0 + w[(i - 7) & 15] + s1;
        }
        uint32_t S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
        uint32_t ch = (e & f) ^ (~e & g);
        uint32_t t1 = h + S1 + ch + K256[i] + wi;
        uint32_t S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
        uint32_t mj = (a & b) ^ (a & c) ^ (b & c);
        uint32_t t2 = S0 + mj;
        h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    st[0] += a; st[1] += b; st[2] += c; st[3] += d; st[4] += e; st[5] += f; st[6] += g; st[7] += h;
}

__device__ __forceinline__ void sha256_init(uint32_t st[8])
{
    st[0] = 0x6a09e667u; st[1] = 0xbb67ae85u; st[2] = 0x3c6ef372u; st[3] = 0xa54ff53au;
    st[4] = 0x510e527fu; st[5] = 0x9b05688cu; st[6] = 0x1f83d9abu; st[7] = 0x5be0cd19u;
}

// Hash N messages of msg_blocks*64 bytes (already padded, big-endian words).
extern "C" __global__ void sha256_batch(const uint4* __restrict__ msgs, int msg_blocks, int nmsg,
                                        uint4* __restrict__ digests)
{
    int m = blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= nmsg) return;
    uint32_t st[8];
    sha256_init(st);
    const uint4* p = msgs + (size_t)m * msg_blocks * 4;
    for (int b = 0; b < msg_blocks; ++b) {
        uint32_t blk[16];
#pragma unroll
        for (int q = 0; q < 4; ++q) {
            uint4 v = p[b * 4 + q];
            blk[4 * q] = v.x; blk[4 * q + 1] = v.y; blk[4 * q + 2] = v.z; blk[4 * q + 3] = v.w;
        }
        sha256_compress(st, blk);
    }
    digests[2 * m] = make_uint4(st[0], st[1], st[2], st[3]);
    digests[2 * m + 1] = make_uint4(st[4], st[5], st[6], st[7]);
}

// Double SHA-256 of an 80-byte header with varying nonce; the midstate of the
// first 64 bytes is precomputed on the host. Large blocks capped at 32 regs.
extern "C" __global__ void __launch_bounds__(1024, 2)
sha256d_nonce_search(const uint32_t* __restrict__ midstate, const uint32_t* __restrict__ tail3,
                     uint32_t nonce_base, uint32_t target_hi,
                     uint32_t* __restrict__ found_nonce, uint32_t* __restrict__ found_count)
{
    uint32_t nonce = nonce_base + blockIdx.x * blockDim.x + threadIdx.x;
    uint32_t st[8], blk[16];
#pragma unroll
    for (int i = 0; i < 8; ++i) st[i] = midstate[i];
    blk[0] = tail3[0]; blk[1] = tail3[1]; blk[2] = tail3[2];
    blk[3] = __byte_perm(nonce, 0, 0x0123);
    blk[4] = 0x80000000u;
#pragma unroll
    for (int i = 5; i < 15; ++i) blk[i] = 0;
    blk[15] = 640;
    sha256_compress(st, blk);
#pragma unroll
    for (int i = 0; i < 8; ++i) blk[i] = st[i];
    blk[8] = 0x80000000u;
#pragma unroll
    for (int i = 9; i < 15; ++i) blk[i] = 0;
    blk[15] = 256;
    sha256_init(st);
    sha256_compress(st, blk);
    if (__byte_perm(st[7], 0, 0x0123) <= target_hi) {
        uint32_t slot = atomicAdd(found_count, 1u);
        if (slot < 64) found_nonce[slot] = nonce;
    }
}

extern "C" __global__ void digest_to_hex(const uint32_t* __restrict__ dig, int ndig,
                                         char* __restrict__ hex)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= ndig * 8) return;
    uint32_t w = dig[i];
    const char* tbl = "0123456789abcdef";
    char* o = hex + (size_t)i * 8;
#pragma unroll
    for (int k = 0; k < 8; ++k) o[k] = tbl[(w >> (28 - 4 * k)) & 15];
}
