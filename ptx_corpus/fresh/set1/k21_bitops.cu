// Bit manipulation: popc, clz, brev, byte_perm, funnel shifts
#include <stdint.h>
extern "C" __global__ void bitset_jaccard(const uint32_t* __restrict__ a, const uint32_t* __restrict__ b,
                                          float* __restrict__ sim, int words, int nsets)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nsets) return;
    const uint4* pa = reinterpret_cast<const uint4*>(a + (size_t)s * words);
    const uint4* pb = reinterpret_cast<const uint4*>(b + (size_t)s * words);
    int inter = 0, uni = 0;
    for (int w = 0; w < words / 4; ++w) {
        uint4 x = pa[w], y = pb[w];
        inter += __popc(x.x & y.x) + __popc(x.y & y.y) + __popc(x.z & y.z) + __popc(x.w & y.w);
        uni += __popc(x.x | y.x) + __popc(x.y | y.y) + __popc(x.z | y.z) + __popc(x.w | y.w);
    }
    sim[s] = uni ? (float)inter / uni : 1.f;
}

extern "C" __global__ void bit_tricks(const uint32_t* __restrict__ in, uint32_t* __restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint32_t x = in[i];
    uint32_t rev = __brev(x);
    uint32_t bswap = __byte_perm(x, 0, 0x0123);
    int lz = __clz(x);
    int ffs = __ffs(x);
    uint32_t rot = __funnelshift_l(x, x, lz & 31);
    uint32_t msb = x ? (1u << (31 - lz)) : 0u;
    uint32_t gray = x ^ (x >> 1);
    uint32_t parity = __popc(x) & 1;
    out[4 * i + 0] = rev ^ bswap;
    out[4 * i + 1] = rot + msb;
    out[4 * i + 2] = gray | (parity << 31);
    out[4 * i + 3] = (uint32_t)(ffs * 33 + lz);
}

extern "C" __global__ void morton_encode3d(const uint16_t* __restrict__ xs, const uint16_t* __restrict__ ys,
                                           const uint16_t* __restrict__ zs, unsigned long long* __restrict__ codes, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    auto spread = [](unsigned long long v) {
        v &= 0x1fffff;
        v = (v | v << 32) & 0x1f00000000ffffull;
        v = (v | v << 16) & 0x1f0000ff0000ffull;
        v = (v | v << 8) & 0x100f00f00f00f00full;
        v = (v | v << 4) & 0x10c30c30c30c30c3ull;
        v = (v | v << 2) & 0x1249249249249249ull;
        return v;
    };
    codes[i] = spread(xs[i]) | (spread(ys[i]) << 1) | (spread(zs[i]) << 2);
}
