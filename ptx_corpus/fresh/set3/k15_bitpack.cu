// Fixed-width bit packing / unpacking and LEB128 varint decoding.
#include <cuda_runtime.h>
#include <stdint.h>

// Unpack a 32-value group with a fully unrolled, compile-time width (all values live in registers).
template <int BITS>
__device__ __forceinline__ void unpack_group(const uint32_t* __restrict__ src, uint32_t* __restrict__ dst,
                                             uint32_t base)
{
    uint32_t w[BITS];
#pragma unroll
    for (int i = 0; i < BITS; ++i) w[i] = src[i];
    uint32_t v[32];
#pragma unroll
    for (int i = 0; i < 32; ++i) {
        const int bit = i * BITS, wi = bit >> 5, sh = bit & 31;
        uint32_t x = w[wi] >> sh;
        if (sh + BITS > 32) x |= w[wi + 1] << (32 - sh);
        v[i] = (x & ((1u << BITS) - 1)) + base;
    }
#pragma unroll
    for (int i = 0; i < 32; i += 4) *reinterpret_cast<uint4*>(dst + i) = make_uint4(v[i], v[i + 1], v[i + 2], v[i + 3]);
}

extern "C" __global__ void __launch_bounds__(256, 8)
unpack_for_b27(const uint32_t* __restrict__ packed, const uint32_t* __restrict__ bases,
               uint32_t* __restrict__ out, int n_groups)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= n_groups) return;
    unpack_group<27>(packed + (size_t)g * 27, out + (size_t)g * 32, bases[g]);
}

// LEB128 varint decode: each thread decodes the values starting in its 16-byte chunk.
extern "C" __global__ void varint_decode_chunk(const uint8_t* __restrict__ buf, const uint32_t* __restrict__ chunk_first,
                                               const uint32_t* __restrict__ chunk_out, int n_chunks, int buf_len,
                                               uint64_t* __restrict__ out)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= n_chunks) return;
    uint32_t p = chunk_first[c], end = min((uint32_t)(c + 1) * 16u, (uint32_t)buf_len);
    uint32_t o = chunk_out[c];
    while (p < end) {
        uint64_t v = 0; int shift = 0;
        uint8_t byte;
        do {
            byte = buf[p++];
            v |= (uint64_t)(byte & 0x7f) << shift;
            shift += 7;
        } while ((byte & 0x80) && shift < 64 && p < (uint32_t)buf_len);
        out[o++] = v;
    }
}
