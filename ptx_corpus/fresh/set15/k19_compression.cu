// Domain: data compression (LZ matching/decoding, bit packing, Huffman, varints)
// lz_longest_match_shared: CULZSS-style brute-force longest-match search in a shared-memory sliding window.
// lz_ring_decompress: per-thread LZ77 stream decoder with a 256-byte local ring-buffer window.
// bitpack_frames: frame-of-reference bit packing of 128-value frames (min subtracted, runtime bit width), one frame per thread.
// huffman_decode_lut: canonical Huffman decoding of independent chunks with an 11-bit lookup table in shared memory.

#include <stdint.h>

#define LZ_WIN 1024
#define LZ_LOOK 64
#define LZ_MINM 3

extern "C" __global__ void lz_longest_match_shared(const uint8_t* __restrict__ in, int n,
                                                   uint16_t* __restrict__ match_off, uint8_t* __restrict__ match_len)
{
    // each block handles blockDim.x positions starting at blockIdx.x*blockDim.x; window precedes them
    __shared__ uint8_t buf[LZ_WIN + 256 + LZ_LOOK];
    int start = blockIdx.x * blockDim.x;
    int wbeg = max(0, start - LZ_WIN);
    int total = min(n, start + (int)blockDim.x + LZ_LOOK) - wbeg;
    for (int i = threadIdx.x; i < total; i += blockDim.x) buf[i] = in[wbeg + i];
    __syncthreads();
    int pos = start + threadIdx.x;
    if (pos >= n) return;
    int p = pos - wbeg;
    int maxlen = min(LZ_LOOK, n - pos);
    int best_len = 0, best_off = 0;
    int lo = max(0, p - LZ_WIN);
    uint8_t c0 = buf[p];
    for (int cand = p - 1; cand >= lo; cand--) {
        if (buf[cand] != c0) continue;
        int l = 1;
        while (l < maxlen && buf[cand + l] == buf[p + l]) l++;
        if (l > best_len) { best_len = l; best_off = p - cand; if (l == maxlen) break; }
    }
    if (best_len < LZ_MINM) { best_len = 0; best_off = 0; }
    match_off[pos] = (uint16_t)best_off;
    match_len[pos] = (uint8_t)best_len;
}

// token stream: byte t; t < 128 -> literal run of (t+1) bytes follows;
// t >= 128 -> match of length (t-128+3), followed by 1-byte distance (1..255)
extern "C" __global__ void lz_ring_decompress(const uint8_t* __restrict__ comp, const int* __restrict__ comp_off,
                                              const int* __restrict__ comp_len, uint8_t* __restrict__ out,
                                              const int* __restrict__ out_off, const int* __restrict__ out_cap,
                                              int* __restrict__ out_len, int nstreams)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nstreams) return;
    const uint8_t* src = comp + comp_off[s];
    int slen = comp_len[s];
    uint8_t* dst = out + out_off[s];
    int cap = out_cap[s];
    uint8_t ring[256];
    int ip = 0, op = 0;
    bool err = false;
    while (ip < slen && !err) {
        int tok = src[ip++];
        if (tok < 128) {
            int run = tok + 1;
            if (ip + run > slen || op + run > cap) { err = true; break; }
            for (int k = 0; k < run; k++) {
                uint8_t c = src[ip++];
                ring[op & 255] = c;
                dst[op++] = c;
            }
        } else {
            if (ip >= slen) { err = true; break; }
            int len = tok - 128 + 3;
            int dist = src[ip++];
            if (dist == 0 || dist > op || op + len > cap) { err = true; break; }
            for (int k = 0; k < len; k++) {
                uint8_t c = ring[(op - dist) & 255];
                ring[op & 255] = c;
                dst[op++] = c;
            }
        }
    }
    out_len[s] = err ? -1 : op;
}

extern "C" __global__ void bitpack_frames(const uint32_t* __restrict__ in, int nframes,
                                          uint32_t* __restrict__ packed, uint32_t* __restrict__ frame_min,
                                          uint8_t* __restrict__ frame_bits)
{
    // output: each frame reserves 128 words; uses bits*4 of them
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= nframes) return;
    const uint32_t* v = in + (size_t)f * 128;
    uint32_t mn = 0xffffffffu, mx = 0;
    for (int i = 0; i < 128; i += 4) {
        uint4 q = *reinterpret_cast<const uint4*>(v + i);
        mn = min(mn, min(min(q.x, q.y), min(q.z, q.w)));
        mx = max(mx, max(max(q.x, q.y), max(q.z, q.w)));
    }
    uint32_t range = mx - mn;
    int bits = range ? 32 - __clz(range) : 0;
    frame_min[f] = mn;
    frame_bits[f] = (uint8_t)bits;
    uint32_t* o = packed + (size_t)f * 128;
    uint64_t acc = 0;
    int fill = 0, w = 0;
    for (int i = 0; i < 128; i++) {
        acc |= (uint64_t)(v[i] - mn) << fill;
        fill += bits;
        if (fill >= 32) {
            o[w++] = (uint32_t)acc;
            acc >>= 32;
            fill -= 32;
        }
    }
    if (fill > 0) o[w++] = (uint32_t)acc;
}

#define HUFF_LUT_BITS 11
extern "C" __global__ void huffman_decode_lut(const uint32_t* __restrict__ bits, const int* __restrict__ chunk_bitpos,
                                              const int* __restrict__ chunk_nsym, const uint16_t* __restrict__ lut,
                                              uint8_t* __restrict__ out, const int* __restrict__ out_off, int nchunks)
{
    // lut entry: (symbol << 4) | code_length, length 0 = invalid; codes are <= 11 bits, MSB-first
    __shared__ uint16_t s_lut[1 << HUFF_LUT_BITS];
    for (int i = threadIdx.x; i < (1 << HUFF_LUT_BITS); i += blockDim.x) s_lut[i] = lut[i];
    __syncthreads();
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= nchunks) return;
    int bp = chunk_bitpos[c];
    int nsym = chunk_nsym[c];
    uint8_t* dst = out + out_off[c];
    int word = bp >> 5;
    int sh = bp & 31;
    uint64_t buf = ((uint64_t)bits[word] << 32) | bits[word + 1];
    buf <<= sh;
    int avail = 64 - sh;
    word += 2;
    for (int k = 0; k < nsym; k++) {
        if (avail < 32) {
            buf |= (uint64_t)bits[word++] << (32 - avail);
            avail += 32;
        }
        uint32_t peek = (uint32_t)(buf >> (64 - HUFF_LUT_BITS));
        uint16_t e = s_lut[peek];
        int len = e & 15;
        if (len == 0) break;
        dst[k] = (uint8_t)(e >> 4);
        buf <<= len;
        avail -= len;
    }
}
