// Keyed and non-keyed 64-bit hash functions over fixed-size records.
#include <cuda_runtime.h>
#include <stdint.h>

#define ROTL64(x, b) (((x) << (b)) | ((x) >> (64 - (b))))

__device__ __forceinline__ void sip_round(uint64_t& v0, uint64_t& v1, uint64_t& v2, uint64_t& v3)
{
    v0 += v1; v1 = ROTL64(v1, 13); v1 ^= v0; v0 = ROTL64(v0, 32);
    v2 += v3; v3 = ROTL64(v3, 16); v3 ^= v2;
    v0 += v3; v3 = ROTL64(v3, 21); v3 ^= v0;
    v2 += v1; v1 = ROTL64(v1, 17); v1 ^= v2; v2 = ROTL64(v2, 32);
}

// SipHash-2-4 of variable length messages (offset table), 128-bit key.
extern "C" __global__ void siphash24(const uint8_t* __restrict__ data, const uint32_t* __restrict__ off,
                                     int n, uint64_t k0, uint64_t k1, uint64_t* __restrict__ out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const uint8_t* m = data + off[i];
    uint32_t len = off[i + 1] - off[i];
    uint64_t v0 = 0x736f6d6570736575ull ^ k0, v1 = 0x646f72616e646f6dull ^ k1;
    uint64_t v2 = 0x6c7967656e657261ull ^ k0, v3 = 0x7465646279746573ull ^ k1;
    uint32_t blocks = len & ~7u;
    for (uint32_t p = 0; p < blocks; p += 8) {
        uint64_t w = 0;
#pragma unroll
        for (int b = 0; b < 8; ++b) w |= (uint64_t)m[p + b] << (8 * b);
        v3 ^= w; sip_round(v0, v1, v2, v3); sip_round(v0, v1, v2, v3); v0 ^= w;
    }
    uint64_t t = (uint64_t)len << 56;
    for (uint32_t p = blocks; p < len; ++p) t |= (uint64_t)m[p] << (8 * (p - blocks));
    v3 ^= t; sip_round(v0, v1, v2, v3); sip_round(v0, v1, v2, v3); v0 ^= t;
    v2 ^= 0xff;
    sip_round(v0, v1, v2, v3); sip_round(v0, v1, v2, v3);
    sip_round(v0, v1, v2, v3); sip_round(v0, v1, v2, v3);
    out[i] = v0 ^ v1 ^ v2 ^ v3;
}

#define P1 0x9E3779B185EBCA87ull
#define P2 0xC2B2AE3D27D4EB4Full
#define P3 0x165667B19E3779F9ull
#define P4 0x85EBCA77C2B2AE63ull
#define P5 0x27D4EB2F165667C5ull

__device__ __forceinline__ uint64_t xxh_round(uint64_t acc, uint64_t in)
{
    acc += in * P2; acc = ROTL64(acc, 31); return acc * P1;
}
__device__ __forceinline__ uint64_t xxh_merge(uint64_t acc, uint64_t v)
{
    acc ^= xxh_round(0, v); return acc * P1 + P4;
}

// XXH64 over fixed 64-byte records (two stripes); eight records per thread interleaved for ILP.
extern "C" __global__ void xxh64_rec64_x8(const ulonglong2* __restrict__ recs, int n, uint64_t seed,
                                          uint64_t* __restrict__ out)
{
    int i0 = (blockIdx.x * blockDim.x + threadIdx.x) * 8;
    if (i0 >= n) return;
    uint64_t v1[8], v2[8], v3[8], v4[8];
#pragma unroll
    for (int q = 0; q < 8; ++q) { v1[q] = seed + P1 + P2; v2[q] = seed + P2; v3[q] = seed; v4[q] = seed - P1; }
#pragma unroll
    for (int s = 0; s < 2; ++s) {
        ulonglong2 a[8], b[8];
#pragma unroll
        for (int q = 0; q < 8; ++q) {
            int i = min(i0 + q, n - 1);
            a[q] = recs[(size_t)i * 4 + 2 * s]; b[q] = recs[(size_t)i * 4 + 2 * s + 1];
        }
#pragma unroll
        for (int q = 0; q < 8; ++q) {
            v1[q] = xxh_round(v1[q], a[q].x); v2[q] = xxh_round(v2[q], a[q].y);
            v3[q] = xxh_round(v3[q], b[q].x); v4[q] = xxh_round(v4[q], b[q].y);
        }
    }
#pragma unroll
    for (int q = 0; q < 8; ++q) {
        uint64_t h = ROTL64(v1[q], 1) + ROTL64(v2[q], 7) + ROTL64(v3[q], 12) + ROTL64(v4[q], 18);
        h = xxh_merge(h, v1[q]); h = xxh_merge(h, v2[q]); h = xxh_merge(h, v3[q]); h = xxh_merge(h, v4[q]);
        h += 64;
        h ^= h >> 33; h *= P2; h ^= h >> 29; h *= P3; h ^= h >> 32;
        if (i0 + q < n) out[i0 + q] = h;
    }
}
