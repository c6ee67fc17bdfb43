#include <cstdint>
extern "C" __global__ void aes128_ctr_ttable(const uint32_t* __restrict__ Te0g, const uint32_t* __restrict__ roundKeys,
    const uint4* __restrict__ ctrBase, const uint4* __restrict__ in, uint4* __restrict__ out, int nblocks)
{
    __shared__ uint32_t T0[256], T1[256], T2[256], T3[256];
    __shared__ uint32_t sbox[256];
    __shared__ uint32_t rk[44];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        uint32_t t = Te0g[i];
        T0[i] = t; T1[i] = __funnelshift_r(t, t, 8); T2[i] = __funnelshift_r(t, t, 16); T3[i] = __funnelshift_r(t, t, 24);
        sbox[i] = (t >> 8) & 0xff;
    }
    for (int i = threadIdx.x; i < 44; i += blockDim.x) rk[i] = roundKeys[i];
    __syncthreads();
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nblocks) return;
    uint4 c = *ctrBase;
    uint32_t lo = c.w + b;
    c.z += (lo < c.w); c.w = lo;
    uint32_t s0 = __byte_perm(c.x, 0, 0x0123) ^ rk[0], s1 = __byte_perm(c.y, 0, 0x0123) ^ rk[1];
    uint32_t s2 = __byte_perm(c.z, 0, 0x0123) ^ rk[2], s3 = __byte_perm(c.w, 0, 0x0123) ^ rk[3];
#pragma unroll
    for (int r = 1; r < 10; ++r) {
        uint32_t t0 = T0[s0 >> 24] ^ T1[(s1 >> 16) & 0xff] ^ T2[(s2 >> 8) & 0xff] ^ T3[s3 & 0xff] ^ rk[4 * r];
        uint32_t t1 = T0[s1 >> 24] ^ T1[(s2 >> 16) & 0xff] ^ T2[(s3 >> 8) & 0xff] ^ T3[s0 & 0xff] ^ rk[4 * r + 1];
        uint32_t t2 = T0[s2 >> 24] ^ T1[(s3 >> 16) & 0xff] ^ T2[(s0 >> 8) & 0xff] ^ T3[s1 & 0xff] ^ rk[4 * r + 2];
        uint32_t t3 = T0[s3 >> 24] ^ T1[(s0 >> 16) & 0xff] ^ T2[(s1 >> 8) & 0xff] ^ T3[s2 & 0xff] ^ rk[4 * r + 3];
        s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    uint32_t o0 = (sbox[s0 >> 24] << 24) | (sbox[(s1 >> 16) & 0xff] << 16) | (sbox[(s2 >> 8) & 0xff] << 8) | sbox[s3 & 0xff];
    uint32_t o1 = (sbox[s1 >> 24] << 24) | (sbox[(s2 >> 16) & 0xff] << 16) | (sbox[(s3 >> 8) & 0xff] << 8) | sbox[s0 & 0xff];
    uint32_t o2 = (sbox[s2 >> 24] << 24) | (sbox[(s3 >> 16) & 0xff] << 16) | (sbox[(s0 >> 8) & 0xff] << 8) | sbox[s1 & 0xff];
    uint32_t o3 = (sbox[s3 >> 24] << 24) | (sbox[(s0 >> 16) & 0xff] << 16) | (sbox[(s1 >> 8) & 0xff] << 8) | sbox[s2 & 0xff];
    o0 ^= rk[40]; o1 ^= rk[41]; o2 ^= rk[42]; o3 ^= rk[43];
    uint4 v = in[b];
    v.x ^= __byte_perm(o0, 0, 0x0123); v.y ^= __byte_perm(o1, 0, 0x0123);
    v.z ^= __byte_perm(o2, 0, 0x0123); v.w ^= __byte_perm(o3, 0, 0x0123);
    out[b] = v;
}
