// Block-cipher modes: AES-128 key schedule and CTR-mode encryption using
// T-tables built in shared memory from the S-box, and GF(2^128) GHASH for
// GCM authentication computed with 64-bit carry-less arithmetic.
#include <cuda_runtime.h>
#include <stdint.h>

__constant__ uint8_t c_sbox[256] = {
    0x63,0x7c,0x77,0x7b,0xf2,0x6b,0x6f,0xc5,0x30,0x01,0x67,0x2b,0xfe,0xd7,0xab,0x76,
    0xca,0x82,0xc9,0x7d,0xfa,0x59,0x47,0xf0,0xad,0xd4,0xa2,0xaf,0x9c,0xa4,0x72,0xc0,
    0xb7,0xfd,0x93,0x26,0x36,0x3f,0xf7,0xcc,0x34,0xa5,0xe5,0xf1,0x71,0xd8,0x31,0x15,
    0x04,0xc7,0x23,0xc3,0x18,0x96,0x05,0x9a,0x07,0x12,0x80,0xe2,0xeb,0x27,0xb2,0x75,
    0x09,0x83,0x2c,0x1a,0x1b,0x6e,0x5a,0xa0,0x52,0x3b,0xd6,0xb3,0x29,0xe3,0x2f,0x84,
    0x53,0xd1,0x00,0xed,0x20,0xfc,0xb1,0x5b,0x6a,0xcb,0xbe,0x39,0x4a,0x4c,0x58,0xcf,
    0xd0,0xef,0xaa,0xfb,0x43,0x4d,0x33,0x85,0x45,0xf9,0x02,0x7f,0x50,0x3c,0x9f,0xa8,
    0x51,0xa3,0x40,0x8f,0x92,0x9d,0x38,0xf5,0xbc,0xb6,0xda,0x21,0x10,0xff,0xf3,0xd2,
    0xcd,0x0c,0x13,0xec,0x5f,0x97,0x44,0x17,0xc4,0xa7,0x7e,0x3d,0x64,0x5d,0x19,0x73,
    0x60,0x81,0x4f,0xdc,0x22,0x2a,0x90,0x88,0x46,0xee,0xb8,0x14,0xde,0x5e,0x0b,0xdb,
    0xe0,0x32,0x3a,0x0a,0x49,0x06,0x24,0x5c,0xc2,0xd3,0xac,0x62,0x91,0x95,0xe4,0x79,
    0xe7,0xc8,0x37,0x6d,0x8d,0xd5,0x4e,0xa9,0x6c,0x56,0xf4,0xea,0x65,0x7a,0xae,0x08,
    0xba,0x78,0x25,0x2e,0x1c,0xa6,0xb4,0xc6,0xe8,0xdd,0x74,0x1f,0x4b,0xbd,0x8b,0x8a,
    0x70,0x3e,0xb5,0x66,0x48,0x03,0xf6,0x0e,0x61,0x35,0x57,0xb9,0x86,0xc1,0x1d,0x9e,
    0xe1,0xf8,0x98,0x11,0x69,0xd9,0x8e,0x94,0x9b,0x1e,0x87,0xe9,0xce,0x55,0x28,0xdf,
    0x8c,0xa1,0x89,0x0d,0xbf,0xe6,0x42,0x68,0x41,0x99,0x2d,0x0f,0xb0,0x54,0xbb,0x16,
};

__device__ __forceinline__ uint8_t xtime(uint8_t x) { return (uint8_t)((x << 1) ^ ((x & 0x80) ? 0x1b : 0)); }

// Expand many independent 128-bit keys into 44-word schedules.
extern "C" __global__ void aes128_key_expand(const uint32_t* __restrict__ keys, uint32_t* __restrict__ rk, int nkeys)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= nkeys) return;
    uint32_t w[44];
#pragma unroll
    for (int i = 0; i < 4; ++i) w[i] = keys[k * 4 + i];
    uint8_t rcon = 1;
#pragma unroll
    for (int i = 4; i < 44; ++i) {
        uint32_t t = w[i - 1];
        if ((i & 3) == 0) {
            t = (t << 8) | (t >> 24);
            t = ((uint32_t)c_sbox[t >> 24] << 24) | ((uint32_t)c_sbox[(t >> 16) & 255] << 16)
              | ((uint32_t)c_sbox[(t >> 8) & 255] << 8) | c_sbox[t & 255];
            t ^= (uint32_t)rcon << 24;
            rcon = xtime(rcon);
        }
        w[i] = w[i - 4] ^ t;
    }
#pragma unroll
    for (int i = 0; i < 44; ++i) rk[(size_t)k * 44 + i] = w[i];
}

// CTR mode, one 16-byte block per thread, big-endian word convention.
extern "C" __global__ void aes128_ctr(const uint32_t* __restrict__ rk_g, const uint4 iv,
                                      const uint4* __restrict__ in, uint4* __restrict__ out, int nblk)
{
    __shared__ uint32_t T0[256], T1[256], T2[256], T3[256];
    __shared__ uint32_t rk[44];
    __shared__ uint8_t S[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        uint8_t s = c_sbox[i];
        uint8_t s2 = xtime(s), s3 = s2 ^ s;
        uint32_t t = ((uint32_t)s2 << 24) | ((uint32_t)s << 16) | ((uint32_t)s << 8) | s3;
        T0[i] = t; T1[i] = (t >> 8) | (t << 24); T2[i] = (t >> 16) | (t << 16); T3[i] = (t >> 24) | (t << 8);
        S[i] = s;
    }
    if (threadIdx.x < 44) rk[threadIdx.x] = rk_g[threadIdx.x];
    __syncthreads();
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nblk) return;
    // 64-bit counter add into the low half of the IV
    uint64_t ctr = (((uint64_t)iv.z << 32) | iv.w) + (uint64_t)b;
    uint32_t s0 = iv.x ^ rk[0], s1 = iv.y ^ rk[1], s2 = (uint32_t)(ctr >> 32) ^ rk[2], s3 = (uint32_t)ctr ^ rk[3];
#pragma unroll
    for (int r = 1; r < 10; ++r) {
        uint32_t t0 = T0[s0 >> 24] ^ T1[(s1 >> 16) & 255] ^ T2[(s2 >> 8) & 255] ^ T3[s3 & 255] ^ rk[4 * r];
        uint32_t t1 = T0[s1 >> 24] ^ T1[(s2 >> 16) & 255] ^ T2[(s3 >> 8) & 255] ^ T3[s0 & 255] ^ rk[4 * r + 1];
        uint32_t t2 = T0[s2 >> 24] ^ T1[(s3 >> 16) & 255] ^ T2[(s0 >> 8) & 255] ^ T3[s1 & 255] ^ rk[4 * r + 2];
        uint32_t t3 = T0[s3 >> 24] ^ T1[(s0 >> 16) & 255] ^ T2[(s1 >> 8) & 255] ^ T3[s2 & 255] ^ rk[4 * r + 3];
        s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    uint32_t o0 = ((uint32_t)S[s0 >> 24] << 24 | (uint32_t)S[(s1 >> 16) & 255] << 16 | (uint32_t)S[(s2 >> 8) & 255] << 8 | S[s3 & 255]) ^ rk[40];
    uint32_t o1 = ((uint32_t)S[s1 >> 24] << 24 | (uint32_t)S[(s2 >> 16) & 255] << 16 | (uint32_t)S[(s3 >> 8) & 255] << 8 | S[s0 & 255]) ^ rk[41];
    uint32_t o2 = ((uint32_t)S[s2 >> 24] << 24 | (uint32_t)S[(s3 >> 16) & 255] << 16 | (uint32_t)S[(s0 >> 8) & 255] << 8 | S[s1 & 255]) ^ rk[42];
    uint32_t o3 = ((uint32_t)S[s3 >> 24] << 24 | (uint32_t)S[(s0 >> 16) & 255] << 16 | (uint32_t)S[(s1 >> 8) & 255] << 8 | S[s2 & 255]) ^ rk[43];
    uint4 p = in[b];
    out[b] = make_uint4(p.x ^ o0, p.y ^ o1, p.z ^ o2, p.w ^ o3);
}

// GF(2^128) multiply (GCM bit order) using 64-bit halves; shift-and-add.
__device__ __noinline__ void gf128_mul(uint64_t& xh, uint64_t& xl, uint64_t hh, uint64_t hl)
{
    uint64_t zh = 0, zl = 0, vh = hh, vl = hl;
    for (int i = 0; i < 128; ++i) {
        uint64_t bit = (i < 64) ? (xh >> (63 - i)) & 1 : (xl >> (127 - i)) & 1;
        uint64_t m = 0 - bit;
        zh ^= vh & m; zl ^= vl & m;
        uint64_t lsb = vl & 1;
        vl = (vl >> 1) | (vh << 63);
        vh = (vh >> 1) ^ (0xE100000000000000ull & (0 - lsb));
    }
    xh = zh; xl = zl;
}

// GHASH over independent messages (lengths in 16-byte blocks).
extern "C" __global__ void ghash_batch(const ulonglong2* __restrict__ data, const int* __restrict__ off,
                                       const int* __restrict__ nblocks, const ulonglong2* __restrict__ H,
                                       ulonglong2* __restrict__ tag, int nmsg)
{
    int m = blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= nmsg) return;
    ulonglong2 h = H[m];
    uint64_t yh = 0, yl = 0;
    const ulonglong2* p = data + off[m];
    for (int i = 0; i < nblocks[m]; ++i) {
        ulonglong2 x = p[i];
        yh ^= x.x; yl ^= x.y;
        gf128_mul(yh, yl, h.x, h.y);
    }
    yh ^= 0; yl ^= (uint64_t)nblocks[m] * 128ull;   // length block (AAD len 0)
    gf128_mul(yh, yl, h.x, h.y);
    tag[m] = make_ulonglong2(yh, yl);
}
