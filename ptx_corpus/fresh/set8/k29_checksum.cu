// Checksums over many independent buffers: CRC32C slicing-by-8 with tables in shared memory,
// hardware-free Adler-32 with deferred modulo, xxHash64 (one buffer per thread, 64-bit
// multiply/rotate heavy) and a warp-cooperative xxHash32 of fixed-size records.
#include <cuda_runtime.h>
#include <stdint.h>

extern "C" __global__ void __launch_bounds__(256)
crc32c_slice8(const uint8_t *__restrict__ buf, const uint64_t *__restrict__ offsets, const uint32_t *__restrict__ lens,
              int nbuf, const uint32_t *__restrict__ tables,   // 8 x 256
              uint32_t *__restrict__ out)
{
    __shared__ uint32_t T[8][256];
    for (int i = threadIdx.x; i < 2048; i += blockDim.x) T[i >> 8][i & 255] = tables[i];
    __syncthreads();
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nbuf) return;
    const uint8_t *p = buf + offsets[b];
    uint32_t n = lens[b];
    uint32_t crc = 0xFFFFFFFFu;
    // align to 8
    while (n && ((uintptr_t)p & 7)) { crc = T[0][(crc ^ *p++) & 0xff] ^ (crc >> 8); --n; }
    const uint64_t *q = (const uint64_t *)p;
    while (n >= 8) {
        uint64_t v = __ldg((const unsigned long long *)q++);
        uint32_t lo = (uint32_t)v ^ crc, hi = (uint32_t)(v >> 32);
        crc = T[7][lo & 0xff] ^ T[6][(lo >> 8) & 0xff] ^ T[5][(lo >> 16) & 0xff] ^ T[4][lo >> 24] ^
              T[3][hi & 0xff] ^ T[2][(hi >> 8) & 0xff] ^ T[1][(hi >> 16) & 0xff] ^ T[0][hi >> 24];
        n -= 8;
    }
    p = (const uint8_t *)q;
    while (n--) crc = T[0][(crc ^ *p++) & 0xff] ^ (crc >> 8);
    out[b] = ~crc;
}

extern "C" __global__ void adler32_many(const uint8_t *__restrict__ buf, const uint64_t *__restrict__ offsets,
                                        const uint32_t *__restrict__ lens, int nbuf, uint32_t *__restrict__ out)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nbuf) return;
    const uint8_t *p = buf + offsets[b];
    uint32_t n = lens[b];
    const uint32_t MOD = 65521u, NMAX = 5552u;
    uint32_t a = 1, s = 0;
    while (n > 0) {
        uint32_t blk = n < NMAX ? n : NMAX;
        n -= blk;
        while (blk >= 16) {
#pragma unroll
            for (int i = 0; i < 16; ++i) { a += p[i]; s += a; }
            p += 16; blk -= 16;
        }
        while (blk--) { a += *p++; s += a; }
        a %= MOD; s %= MOD;
    }
    out[b] = (s << 16) | a;
}

#define P64_1 0x9E3779B185EBCA87ULL
#define P64_2 0xC2B2AE3D27D4EB4FULL
#define P64_3 0x165667B19E3779F9ULL
#define P64_4 0x85EBCA77C2B2AE63ULL
#define P64_5 0x27D4EB2F165667C5ULL

__device__ __forceinline__ uint64_t rotl64(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
__device__ __forceinline__ uint64_t xxh64_round(uint64_t acc, uint64_t in)
{
    acc += in * P64_2; acc = rotl64(acc, 31); return acc * P64_1;
}
__device__ __forceinline__ uint64_t xxh64_merge(uint64_t acc, uint64_t v)
{
    v = xxh64_round(0, v); acc ^= v; return acc * P64_1 + P64_4;
}
__device__ __forceinline__ uint64_t load64_unaligned(const uint8_t *p)
{
    uint64_t v = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) v |= (uint64_t)p[i] << (8 * i);
    return v;
}

extern "C" __global__ void xxhash64_many(const uint8_t *__restrict__ buf, const uint64_t *__restrict__ offsets,
                                         const uint32_t *__restrict__ lens, int nbuf, uint64_t seed,
                                         unsigned long long *__restrict__ out)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nbuf) return;
    const uint8_t *p = buf + offsets[b];
    uint32_t len = lens[b];
    const uint8_t *end = p + len;
    uint64_t h;
    if (len >= 32) {
        uint64_t v1 = seed + P64_1 + P64_2, v2 = seed + P64_2, v3 = seed, v4 = seed - P64_1;
        const uint8_t *limit = end - 32;
        do {
            v1 = xxh64_round(v1, load64_unaligned(p));
            v2 = xxh64_round(v2, load64_unaligned(p + 8));
            v3 = xxh64_round(v3, load64_unaligned(p + 16));
            v4 = xxh64_round(v4, load64_unaligned(p + 24));
            p += 32;
        } while (p <= limit);
        h = rotl64(v1, 1) + rotl64(v2, 7) + rotl64(v3, 12) + rotl64(v4, 18);
        h = xxh64_merge(h, v1); h = xxh64_merge(h, v2); h = xxh64_merge(h, v3); h = xxh64_merge(h, v4);
    } else {
        h = seed + P64_5;
    }
    h += len;
    while (p + 8 <= end) {
        uint64_t k1 = xxh64_round(0, load64_unaligned(p));
        h ^= k1; h = rotl64(h, 27) * P64_1 + P64_4; p += 8;
    }
    if (p + 4 <= end) {
        uint32_t v = p[0] | (p[1] << 8) | (p[2] << 16) | ((uint32_t)p[3] << 24);
        h ^= (uint64_t)v * P64_1; h = rotl64(h, 23) * P64_2 + P64_3; p += 4;
    }
    while (p < end) { h ^= (*p++) * P64_5; h = rotl64(h, 11) * P64_1; }
    h ^= h >> 33; h *= P64_2; h ^= h >> 29; h *= P64_3; h ^= h >> 32;
    out[b] = h;
}

#define P32_1 0x9E3779B1u
#define P32_2 0x85EBCA77u
#define P32_3 0xC2B2AE3Du
#define P32_4 0x27D4EB2Fu
#define P32_5 0x165667B1u

// Warp computes xxHash32 for 32 records of RECW words each; records staged through shared memory
// with coalesced loads, then each lane hashes its record.
#define RECW 16
extern "C" __global__ void xxhash32_records(const uint32_t *__restrict__ recs, int nrec, uint32_t seed,
                                            uint32_t *__restrict__ out)
{
    __shared__ uint32_t tile[8][32][RECW + 1];
    int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    int base = (blockIdx.x * 8 + warp) * 32;
    for (int k = lane; k < 32 * RECW; k += 32) {
        int r = k / RECW, c = k % RECW;
        tile[warp][r][c] = base + r < nrec ? recs[(size_t)(base + r) * RECW + c] : 0u;
    }
    __syncwarp();
    if (base + lane >= nrec) return;
    const uint32_t *w = tile[warp][lane];
    uint32_t v1 = seed + P32_1 + P32_2, v2 = seed + P32_2, v3 = seed, v4 = seed - P32_1;
#pragma unroll
    for (int i = 0; i < RECW; i += 4) {
        v1 = __funnelshift_l(v1 + w[i] * P32_2, v1 + w[i] * P32_2, 13) * P32_1;
        v2 = __funnelshift_l(v2 + w[i + 1] * P32_2, v2 + w[i + 1] * P32_2, 13) * P32_1;
        v3 = __funnelshift_l(v3 + w[i + 2] * P32_2, v3 + w[i + 2] * P32_2, 13) * P32_1;
        v4 = __funnelshift_l(v4 + w[i + 3] * P32_2, v4 + w[i + 3] * P32_2, 13) * P32_1;
    }
    uint32_t h = __funnelshift_l(v1, v1, 1) + __funnelshift_l(v2, v2, 7) + __funnelshift_l(v3, v3, 12) + __funnelshift_l(v4, v4, 18);
    h += RECW * 4;
    h ^= h >> 15; h *= P32_2; h ^= h >> 13; h *= P32_3; h ^= h >> 16;
    out[base + lane] = h;
}
