// Compression codecs: frame-of-reference bit unpacking, delta+zigzag
// decoding with warp scans, canonical Huffman decoding via a lookup table,
// and LZ77-style back-reference expansion per block.
#include <cuda_runtime.h>
#include <stdint.h>

// Frame-of-reference: each 128-value miniblock has a base and bit width.
extern "C" __global__ void for_unpack(const uint32_t* __restrict__ packed,
                                      const uint32_t* __restrict__ block_off,
                                      const int64_t* __restrict__ base,
                                      const uint8_t* __restrict__ width,
                                      int64_t* __restrict__ out, int nvals)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nvals) return;
    int blk = i >> 7;
    int w = width[blk];
    uint64_t bit = (uint64_t)(i & 127) * w;
    const uint32_t* src = packed + block_off[blk];
    uint32_t word = (uint32_t)(bit >> 5);
    uint32_t sh = (uint32_t)(bit & 31);
    uint64_t lo = src[word];
    uint64_t hi = (sh + w > 32) ? (uint64_t)src[word + 1] : 0ull;
    uint64_t v = ((hi << 32) | lo) >> sh;
    v &= (w == 64) ? ~0ull : ((1ull << w) - 1ull);
    out[i] = base[blk] + (int64_t)v;
}

// Delta + zigzag decode: block-wide inclusive scan of decoded deltas.
extern "C" __global__ void delta_zigzag_decode(const uint32_t* __restrict__ enc,
                                               const int* __restrict__ block_seed,
                                               int* __restrict__ out, int n)
{
    __shared__ int warp_sums[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    uint32_t z = (i < n) ? enc[i] : 0u;
    int d = (int)(z >> 1) ^ -(int)(z & 1);
    int x = d;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        int y = __shfl_up_sync(0xffffffffu, x, o);
        if (lane >= o) x += y;
    }
    if (lane == 31) warp_sums[wid] = x;
    __syncthreads();
    if (wid == 0) {
        int nw = blockDim.x >> 5;
        int s = (lane < nw) ? warp_sums[lane] : 0;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            int y = __shfl_up_sync(0xffffffffu, s, o);
            if (lane >= o) s += y;
        }
        warp_sums[lane] = s;
    }
    __syncthreads();
    if (wid > 0) x += warp_sums[wid - 1];
    if (i < n) out[i] = block_seed[blockIdx.x] + x;
}

// Canonical Huffman decode of independent chunks. A 10-bit primary table is
// cached in shared memory; longer codes use the canonical first-code arrays
// copied into per-thread local arrays.
#define HUFF_LUT_BITS 10
#define HUFF_MAXLEN 16
extern "C" __global__ void huffman_decode_chunks(const uint32_t* __restrict__ bits,
                                                 const uint32_t* __restrict__ chunk_bitpos,
                                                 const uint32_t* __restrict__ chunk_outpos,
                                                 const uint32_t* __restrict__ chunk_nsym,
                                                 const uint16_t* __restrict__ lut,
                                                 const uint32_t* __restrict__ first_code,
                                                 const uint32_t* __restrict__ first_index,
                                                 const uint16_t* __restrict__ sorted_syms,
                                                 uint8_t* __restrict__ out, int nchunks)
{
    __shared__ uint16_t s_lut[1 << HUFF_LUT_BITS];
    for (int k = threadIdx.x; k < (1 << HUFF_LUT_BITS); k += blockDim.x) s_lut[k] = lut[k];
    __syncthreads();
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= nchunks) return;

    uint32_t fc[HUFF_MAXLEN + 1], fi[HUFF_MAXLEN + 1];
    for (int l = 0; l <= HUFF_MAXLEN; ++l) { fc[l] = first_code[l]; fi[l] = first_index[l]; }

    uint64_t pos = chunk_bitpos[c];
    uint32_t nsym = chunk_nsym[c];
    uint8_t* dst = out + chunk_outpos[c];
    for (uint32_t s = 0; s < nsym; ++s) {
        uint32_t w = (uint32_t)(pos >> 5), sh = (uint32_t)(pos & 31);
        uint64_t window = ((uint64_t)bits[w] << 32) | bits[w + 1];
        uint32_t peek = (uint32_t)(window >> (32 - sh));
        uint16_t e = s_lut[peek >> (32 - HUFF_LUT_BITS)];
        int len = e >> 12;
        uint32_t sym;
        if (len != 0) {
            sym = e & 0x0FFFu;
        } else {
            len = HUFF_LUT_BITS + 1;
            uint32_t code = peek >> (32 - len);
            while (len < HUFF_MAXLEN && (code - fc[len]) >= (fi[len + 1] - fi[len])) {
                ++len;
                code = peek >> (32 - len);
            }
            sym = sorted_syms[fi[len] + (code - fc[len])];
        }
        dst[s] = (uint8_t)sym;
        pos += len;
    }
}

// LZ77 token expansion: one thread per independent block, literal runs and
// (offset,length) matches copied byte by byte (overlapping allowed).
extern "C" __global__ void lz77_expand(const uint8_t* __restrict__ tokens,
                                       const uint32_t* __restrict__ tok_start,
                                       const uint32_t* __restrict__ tok_end,
                                       const uint32_t* __restrict__ out_start,
                                       uint8_t* __restrict__ out, int nblocks)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nblocks) return;
    const uint8_t* p = tokens + tok_start[b];
    const uint8_t* end = tokens + tok_end[b];
    uint8_t* o = out + out_start[b];
    uint8_t* obase = o;
    while (p < end) {
        uint8_t tok = *p++;
        uint32_t lit = tok >> 4;
        if (lit == 15) { uint8_t x; do { x = *p++; lit += x; } while (x == 255); }
        for (uint32_t k = 0; k < lit; ++k) *o++ = *p++;
        if (p >= end) break;
        uint32_t off = p[0] | (p[1] << 8);
        p += 2;
        uint32_t mlen = (tok & 15) + 4;
        if ((tok & 15) == 15) { uint8_t x; do { x = *p++; mlen += x; } while (x == 255); }
        const uint8_t* src = o - off;
        if (src < obase) break;
        for (uint32_t k = 0; k < mlen; ++k) o[k] = src[k];
        o += mlen;
    }
}
