// UTF-8 handling for string columns: validation, code point counting and
// decoding to UTF-32.
#include <stdint.h>

#define U8_CHUNK 64

__device__ __forceinline__ int u8_seq_len(unsigned char b)
{
    if (b < 0x80) return 1;
    if (b < 0xC2) return 0;          // continuation or overlong lead
    if (b < 0xE0) return 2;
    if (b < 0xF0) return 3;
    if (b < 0xF5) return 4;
    return 0;
}

// Validates a byte buffer. Every thread owns a 64-byte chunk; it starts
// decoding at the first lead byte in its chunk (at most 3 continuation bytes
// can precede it) and stops at the first sequence starting beyond its chunk.
// Reports the lowest invalid byte offset via atomicMin.
extern "C" __global__ void utf8_validate(const unsigned char* __restrict__ buf,
                                         long long len,
                                         unsigned long long* __restrict__ first_error)
{
    long long chunk = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long begin = chunk * U8_CHUNK;
    if (begin >= len) return;
    long long end = begin + U8_CHUNK;
    if (end > len) end = len;

    long long p = begin;
    // skip leading continuation bytes; those belong to the previous chunk
    int skipped = 0;
    while (p < end && (buf[p] & 0xC0) == 0x80) { ++p; ++skipped; }
    if (skipped > 3 || (chunk == 0 && skipped > 0)) {
        atomicMin(first_error, (unsigned long long)begin);
        return;
    }

    while (p < end) {
        unsigned char b0 = buf[p];
        if (b0 < 0x80) { ++p; continue; }
        int n = u8_seq_len(b0);
        bool ok = n != 0 && p + n <= len;
        if (ok) {
            unsigned char b1 = buf[p + 1];
            ok = (b1 & 0xC0) == 0x80;
            if (n == 3) {
                // reject overlongs (E0 80..9F) and surrogates (ED A0..BF)
                if (b0 == 0xE0 && b1 < 0xA0) ok = false;
                if (b0 == 0xED && b1 > 0x9F) ok = false;
                ok = ok && ((buf[p + 2] & 0xC0) == 0x80);
            } else if (n == 4) {
                if (b0 == 0xF0 && b1 < 0x90) ok = false;
                if (b0 == 0xF4 && b1 > 0x8F) ok = false;
                ok = ok && ((buf[p + 2] & 0xC0) == 0x80) && ((buf[p + 3] & 0xC0) == 0x80);
            }
        }
        if (!ok) {
            atomicMin(first_error, (unsigned long long)p);
            return;
        }
        p += n;
    }
}

// Count code points (= non-continuation bytes) using 32-bit SWAR loads,
// then reduce per block with warp shuffles.
extern "C" __global__ void utf8_count_codepoints(const unsigned int* __restrict__ words,
                                                 long long num_words,
                                                 unsigned long long* __restrict__ total)
{
    __shared__ unsigned int s_part[32];
    unsigned int count = 0;
    const long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < num_words; i += stride) {
        unsigned int w = words[i];
        // byte is continuation iff top bits are 10 : (b & 0xC0) == 0x80
        unsigned int hi = w & 0x80808080u;
        unsigned int nx = (~w << 1) & 0x80808080u;   // bit6 == 0 moved to bit7
        unsigned int cont = hi & nx;
        count += 4 - __popc(cont);
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) count += __shfl_xor_sync(0xffffffffu, count, off);
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) s_part[wid] = count;
    __syncthreads();
    if (wid == 0) {
        int nw = (blockDim.x + 31) >> 5;
        unsigned int v = lane < nw ? s_part[lane] : 0;
#pragma unroll
        for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
        if (lane == 0) atomicAdd(total, (unsigned long long)v);
    }
}

// Decode strings (offsets array, Arrow layout) into UTF-32. One warp per
// string: each lane looks at 1 byte per step, lead bytes are ranked with a
// ballot to find output positions; invalid sequences become U+FFFD.
extern "C" __global__ void utf8_decode_strings(const unsigned char* __restrict__ chars,
                                               const int* __restrict__ in_offsets,
                                               const int* __restrict__ out_offsets,
                                               int num_strings,
                                               unsigned int* __restrict__ out_cp)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= num_strings) return;
    int b = in_offsets[warp], e = in_offsets[warp + 1];
    int out = out_offsets[warp];
    for (int base = b; base < e; base += 32) {
        int p = base + lane;
        unsigned char c = p < e ? chars[p] : 0x80;
        bool lead = p < e && (c & 0xC0) != 0x80;
        unsigned int leads = __ballot_sync(0xffffffffu, lead);
        if (lead) {
            int n = u8_seq_len(c);
            unsigned int cp;
            if (n == 1) {
                cp = c;
            } else if (n == 0 || p + n > e) {
                cp = 0xFFFD;
            } else {
                cp = c & (0xFF >> (n + 1));
                bool ok = true;
                for (int k = 1; k < n; ++k) {
                    unsigned char cc = chars[p + k];
                    ok &= (cc & 0xC0) == 0x80;
                    cp = (cp << 6) | (cc & 0x3F);
                }
                if (!ok || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF ||
                    (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000))
                    cp = 0xFFFD;
            }
            int rank = __popc(leads & ((1u << lane) - 1u));
            out_cp[out + rank] = cp;
        }
        out += __popc(leads);
    }
}
