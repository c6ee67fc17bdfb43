// AES-128/256 with 32-bit T-tables staged in shared memory: CTR-mode keystream
// generation (4 blocks per thread), ECB decryption with inverse tables, and GHASH-free
// CBC-MAC per message. Round keys are expanded on the host and passed via constant memory.
#include <cuda_runtime.h>
#include <stdint.h>

__constant__ uint32_t c_rk[60];     // up to AES-256
__constant__ uint32_t c_drk[60];

__device__ __forceinline__ uint32_t rotr8(uint32_t x) { return __funnelshift_r(x, x, 8); }
__device__ __forceinline__ uint32_t bswap32(uint32_t x) { return __byte_perm(x, 0, 0x0123); }

__device__ __forceinline__ void aes_encrypt_block(const uint32_t* __restrict__ T0, const uint8_t* __restrict__ sbox,
                                                  uint32_t s[4], int nr)
{
    uint32_t s0 = s[0] ^ c_rk[0], s1 = s[1] ^ c_rk[1], s2 = s[2] ^ c_rk[2], s3 = s[3] ^ c_rk[3];
    uint32_t t0, t1, t2, t3;
    for (int r = 1; r < nr; ++r) {
        t0 = T0[s0 >> 24] ^ rotr8(T0[(s1 >> 16) & 0xff]) ^ rotr8(rotr8(T0[(s2 >> 8) & 0xff])) ^ rotr8(rotr8(rotr8(T0[s3 & 0xff]))) ^ c_rk[4 * r];
        t1 = T0[s1 >> 24] ^ rotr8(T0[(s2 >> 16) & 0xff]) ^ rotr8(rotr8(T0[(s3 >> 8) & 0xff])) ^ rotr8(rotr8(rotr8(T0[s0 & 0xff]))) ^ c_rk[4 * r + 1];
        t2 = T0[s2 >> 24] ^ rotr8(T0[(s3 >> 16) & 0xff]) ^ rotr8(rotr8(T0[(s0 >> 8) & 0xff])) ^ rotr8(rotr8(rotr8(T0[s1 & 0xff]))) ^ c_rk[4 * r + 2];
        t3 = T0[s3 >> 24] ^ rotr8(T0[(s0 >> 16) & 0xff]) ^ rotr8(rotr8(T0[(s1 >> 8) & 0xff])) ^ rotr8(rotr8(rotr8(T0[s2 & 0xff]))) ^ c_rk[4 * r + 3];
        s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    s[0] = ((uint32_t)sbox[s0 >> 24] << 24 | (uint32_t)sbox[(s1 >> 16) & 0xff] << 16 | (uint32_t)sbox[(s2 >> 8) & 0xff] << 8 | sbox[s3 & 0xff]) ^ c_rk[4 * nr];
    s[1] = ((uint32_t)sbox[s1 >> 24] << 24 | (uint32_t)sbox[(s2 >> 16) & 0xff] << 16 | (uint32_t)sbox[(s3 >> 8) & 0xff] << 8 | sbox[s0 & 0xff]) ^ c_rk[4 * nr + 1];
    s[2] = ((uint32_t)sbox[s2 >> 24] << 24 | (uint32_t)sbox[(s3 >> 16) & 0xff] << 16 | (uint32_t)sbox[(s0 >> 8) & 0xff] << 8 | sbox[s1 & 0xff]) ^ c_rk[4 * nr + 2];
    s[3] = ((uint32_t)sbox[s3 >> 24] << 24 | (uint32_t)sbox[(s0 >> 16) & 0xff] << 16 | (uint32_t)sbox[(s1 >> 8) & 0xff] << 8 | sbox[s2 & 0xff]) ^ c_rk[4 * nr + 3];
}

// CTR mode: 4 counter blocks per thread, fully unrolled 10 rounds (AES-128), 4 T-tables in smem.
extern "C" __global__ void __launch_bounds__(256)
aes128_ctr_4blk(const uint32_t* __restrict__ gT, const uint8_t* __restrict__ gS,
                const uint4* __restrict__ in, uint4* __restrict__ out, uint4 nonce_ctr, size_t nblocks)
{
    __shared__ uint32_t T[4][256];
    __shared__ uint8_t S[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        uint32_t t = gT[i];
        T[0][i] = t; T[1][i] = rotr8(t); T[2][i] = rotr8(rotr8(t)); T[3][i] = rotr8(rotr8(rotr8(t)));
        S[i] = gS[i];
    }
    __syncthreads();
    size_t b0 = ((size_t)blockIdx.x * blockDim.x + threadIdx.x) * 4;
    if (b0 >= nblocks) return;
    uint32_t st[4][4];
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        uint64_t ctr = ((uint64_t)bswap32(nonce_ctr.z) << 32 | bswap32(nonce_ctr.w)) + b0 + j;
        st[j][0] = bswap32(nonce_ctr.x) ^ c_rk[0];
        st[j][1] = bswap32(nonce_ctr.y) ^ c_rk[1];
        st[j][2] = (uint32_t)(ctr >> 32) ^ c_rk[2];
        st[j][3] = (uint32_t)ctr ^ c_rk[3];
    }
#pragma unroll
    for (int r = 1; r < 10; ++r) {
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            uint32_t a0 = st[j][0], a1 = st[j][1], a2 = st[j][2], a3 = st[j][3];
            st[j][0] = T[0][a0 >> 24] ^ T[1][(a1 >> 16) & 0xff] ^ T[2][(a2 >> 8) & 0xff] ^ T[3][a3 & 0xff] ^ c_rk[4 * r];
            st[j][1] = T[0][a1 >> 24] ^ T[1][(a2 >> 16) & 0xff] ^ T[2][(a3 >> 8) & 0xff] ^ T[3][a0 & 0xff] ^ c_rk[4 * r + 1];
            st[j][2] = T[0][a2 >> 24] ^ T[1][(a3 >> 16) & 0xff] ^ T[2][(a0 >> 8) & 0xff] ^ T[3][a1 & 0xff] ^ c_rk[4 * r + 2];
            st[j][3] = T[0][a3 >> 24] ^ T[1][(a0 >> 16) & 0xff] ^ T[2][(a1 >> 8) & 0xff] ^ T[3][a2 & 0xff] ^ c_rk[4 * r + 3];
        }
    }
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        if (b0 + j >= nblocks) break;
        uint32_t a0 = st[j][0], a1 = st[j][1], a2 = st[j][2], a3 = st[j][3];
        uint32_t k0 = ((uint32_t)S[a0 >> 24] << 24 | (uint32_t)S[(a1 >> 16) & 0xff] << 16 | (uint32_t)S[(a2 >> 8) & 0xff] << 8 | S[a3 & 0xff]) ^ c_rk[40];
        uint32_t k1 = ((uint32_t)S[a1 >> 24] << 24 | (uint32_t)S[(a2 >> 16) & 0xff] << 16 | (uint32_t)S[(a3 >> 8) & 0xff] << 8 | S[a0 & 0xff]) ^ c_rk[41];
        uint32_t k2 = ((uint32_t)S[a2 >> 24] << 24 | (uint32_t)S[(a3 >> 16) & 0xff] << 16 | (uint32_t)S[(a0 >> 8) & 0xff] << 8 | S[a1 & 0xff]) ^ c_rk[42];
        uint32_t k3 = ((uint32_t)S[a3 >> 24] << 24 | (uint32_t)S[(a0 >> 16) & 0xff] << 16 | (uint32_t)S[(a1 >> 8) & 0xff] << 8 | S[a2 & 0xff]) ^ c_rk[43];
        uint4 p = in[b0 + j];
        out[b0 + j] = make_uint4(p.x ^ bswap32(k0), p.y ^ bswap32(k1), p.z ^ bswap32(k2), p.w ^ bswap32(k3));
    }
}

extern "C" __global__ void aes_ecb_decrypt(const uint32_t* __restrict__ gTd, const uint8_t* __restrict__ gSi,
                                           uint4* __restrict__ data, size_t nblocks, int nr)
{
    __shared__ uint32_t Td[256];
    __shared__ uint8_t Si[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) { Td[i] = gTd[i]; Si[i] = gSi[i]; }
    __syncthreads();
    size_t b = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nblocks) return;
    uint4 v = data[b];
    uint32_t s0 = bswap32(v.x) ^ c_drk[0], s1 = bswap32(v.y) ^ c_drk[1], s2 = bswap32(v.z) ^ c_drk[2], s3 = bswap32(v.w) ^ c_drk[3];
    for (int r = 1; r < nr; ++r) {
        uint32_t t0 = Td[s0 >> 24] ^ rotr8(Td[(s3 >> 16) & 0xff]) ^ rotr8(rotr8(Td[(s2 >> 8) & 0xff])) ^ rotr8(rotr8(rotr8(Td[s1 & 0xff]))) ^ c_drk[4 * r];
        uint32_t t1 = Td[s1 >> 24] ^ rotr8(Td[(s0 >> 16) & 0xff]) ^ rotr8(rotr8(Td[(s3 >> 8) & 0xff])) ^ rotr8(rotr8(rotr8(Td[s2 & 0xff]))) ^ c_drk[4 * r + 1];
        uint32_t t2 = Td[s2 >> 24] ^ rotr8(Td[(s1 >> 16) & 0xff]) ^ rotr8(rotr8(Td[(s0 >> 8) & 0xff])) ^ rotr8(rotr8(rotr8(Td[s3 & 0xff]))) ^ c_drk[4 * r + 2];
        uint32_t t3 = Td[s3 >> 24] ^ rotr8(Td[(s2 >> 16) & 0xff]) ^ rotr8(rotr8(Td[(s1 >> 8) & 0xff])) ^ rotr8(rotr8(rotr8(Td[s0 & 0xff]))) ^ c_drk[4 * r + 3];
        s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    uint32_t o0 = ((uint32_t)Si[s0 >> 24] << 24 | (uint32_t)Si[(s3 >> 16) & 0xff] << 16 | (uint32_t)Si[(s2 >> 8) & 0xff] << 8 | Si[s1 & 0xff]) ^ c_drk[4 * nr];
    uint32_t o1 = ((uint32_t)Si[s1 >> 24] << 24 | (uint32_t)Si[(s0 >> 16) & 0xff] << 16 | (uint32_t)Si[(s3 >> 8) & 0xff] << 8 | Si[s2 & 0xff]) ^ c_drk[4 * nr + 1];
    uint32_t o2 = ((uint32_t)Si[s2 >> 24] << 24 | (uint32_t)Si[(s1 >> 16) & 0xff] << 16 | (uint32_t)Si[(s0 >> 8) & 0xff] << 8 | Si[s3 & 0xff]) ^ c_drk[4 * nr + 2];
    uint32_t o3 = ((uint32_t)Si[s3 >> 24] << 24 | (uint32_t)Si[(s2 >> 16) & 0xff] << 16 | (uint32_t)Si[(s1 >> 8) & 0xff] << 8 | Si[s0 & 0xff]) ^ c_drk[4 * nr + 3];
    data[b] = make_uint4(bswap32(o0), bswap32(o1), bswap32(o2), bswap32(o3));
}

// CBC-MAC over independent messages (one per thread, sequential chain).
extern "C" __global__ void aes_cbc_mac(const uint32_t* __restrict__ gT, const uint8_t* __restrict__ gS,
                                       const uint4* __restrict__ msgs, const int* __restrict__ msg_off,
                                       uint4* __restrict__ tags, int nmsg, int nr)
{
    __shared__ uint32_t T0[256];
    __shared__ uint8_t S[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) { T0[i] = gT[i]; S[i] = gS[i]; }
    __syncthreads();
    int m = blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= nmsg) return;
    uint32_t st[4] = {0, 0, 0, 0};
    for (int b = msg_off[m]; b < msg_off[m + 1]; ++b) {
        uint4 v = msgs[b];
        st[0] ^= bswap32(v.x); st[1] ^= bswap32(v.y); st[2] ^= bswap32(v.z); st[3] ^= bswap32(v.w);
        aes_encrypt_block(T0, S, st, nr);
    }
    tags[m] = make_uint4(bswap32(st[0]), bswap32(st[1]), bswap32(st[2]), bswap32(st[3]));
}
