// k07_varint_delta.cu
// Compression: integer codecs used in columnar storage and inverted indexes.
//  - delta_zigzag_encode: delta + zigzag transform of 64-bit sorted keys (few registers)
//  - varint_decode_blocks: LEB128 decoding of independent 128-value blocks, one warp-lane each
//  - bitpack_for_encode: frame-of-reference bit packing of 32 values per thread (unrolled,
//                        fully in registers)
//  - group_varint_decode: Google group-varint decoding with a prefix-sum over selectors
#include <stdint.h>

extern "C" __global__ void delta_zigzag_encode(const int64_t* __restrict__ in, uint64_t* __restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int64_t prev = i ? in[i - 1] : 0;
    int64_t d = in[i] - prev;
    out[i] = (uint64_t)((d << 1) ^ (d >> 63));
}

extern "C" __global__ void varint_decode_blocks(const uint8_t* __restrict__ bytes, const int* __restrict__ blockOff,
                                                int nBlocks, int64_t* __restrict__ out)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nBlocks) return;
    const uint8_t* p = bytes + blockOff[b];
    int64_t acc = 0;
    for (int k = 0; k < 128; ++k) {
        uint64_t v = 0;
        int shift = 0;
        uint8_t c;
        do {
            c = *p++;
            v |= (uint64_t)(c & 0x7F) << shift;
            shift += 7;
        } while ((c & 0x80) && shift < 64);
        int64_t d = (int64_t)(v >> 1) ^ -(int64_t)(v & 1);
        acc += d;
        out[(size_t)b * 128 + k] = acc;
    }
}

extern "C" __global__ void bitpack_for_encode(const uint32_t* __restrict__ in, uint32_t* __restrict__ packed,
                                              uint8_t* __restrict__ widths, uint32_t* __restrict__ bases, int nGroups)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= nGroups) return;
    uint32_t v[32];
    const uint4* src = reinterpret_cast<const uint4*>(in + (size_t)g * 32);
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        uint4 q = src[i];
        v[4 * i] = q.x; v[4 * i + 1] = q.y; v[4 * i + 2] = q.z; v[4 * i + 3] = q.w;
    }
    uint32_t mn = v[0], mx = v[0];
#pragma unroll
    for (int i = 1; i < 32; ++i) { mn = min(mn, v[i]); mx = max(mx, v[i]); }
    uint32_t range = mx - mn;
    int w = range ? 32 - __clz(range) : 0;
    uint32_t outw[32];
#pragma unroll
    for (int i = 0; i < 32; ++i) outw[i] = 0;
#pragma unroll
    for (int i = 0; i < 32; ++i) {
        uint32_t d = v[i] - mn;
        int bit = i * w;
        int word = bit >> 5, off = bit & 31;
        // word is only known at run time; select among candidates to stay in registers
#pragma unroll
        for (int j = 0; j < 32; ++j) {
            if (j == word) outw[j] |= d << off;
            if (j == word + 1 && off) outw[j] |= d >> (32 - off);
        }
    }
    uint32_t* dst = packed + (size_t)g * 32;
#pragma unroll
    for (int j = 0; j < 32; ++j) if (j < w) dst[j] = outw[j];
    widths[g] = (uint8_t)w;
    bases[g] = mn;
}

extern "C" __global__ void group_varint_decode(const uint8_t* __restrict__ in, const int* __restrict__ groupOff,
                                               int nGroups, uint32_t* __restrict__ out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= nGroups) return;
    const uint8_t* p = in + groupOff[g];
    uint8_t sel = p[0];
    int off = 1;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        int len = ((sel >> (2 * k)) & 3) + 1;
        uint32_t v = 0;
        for (int b = 0; b < len; ++b) v |= (uint32_t)p[off + b] << (8 * b);
        off += len;
        out[4 * g + k] = v;
    }
}
