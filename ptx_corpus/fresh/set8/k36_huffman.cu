// Bit-level decoding and coding: canonical Huffman decoding with a two-level lookup table
// (primary 10-bit table in shared memory, secondary tables for long codes), decoding many
// independent chunks in parallel; bit-plane coding (transposing 32 coefficients into 32 bit
// planes with ballot/warp shuffles and zero-plane run lengths); and canonical code construction
// from code lengths (counting sort + prefix sum per alphabet).
#include <cuda_runtime.h>
#include <stdint.h>

#define PRIMARY_BITS 10

struct BitReader {
    const uint32_t *p;
    uint64_t buf;
    int nbits;
};

__device__ __forceinline__ void br_refill(BitReader &br)
{
    if (br.nbits <= 32) {
        uint32_t w = __byte_perm(__ldg(br.p), 0, 0x0123);   // big-endian word -> MSB-first stream
        br.p++;
        br.buf |= (uint64_t)w << (32 - br.nbits);
        br.nbits += 32;
    }
}
__device__ __forceinline__ uint32_t br_peek(const BitReader &br, int n) { return (uint32_t)(br.buf >> (64 - n)); }
__device__ __forceinline__ void br_consume(BitReader &br, int n) { br.buf <<= n; br.nbits -= n; }

// table entry: (symbol << 8) | length, length 0 => secondary: (offset << 8) | (0x80 | extra_bits)
extern "C" __global__ void __launch_bounds__(128)
huffman_decode_chunks(const uint32_t *__restrict__ stream, const uint32_t *__restrict__ chunk_word_off,
                      const uint32_t *__restrict__ chunk_nsym, const uint32_t *__restrict__ out_off,
                      const uint32_t *__restrict__ primary, const uint32_t *__restrict__ secondary,
                      int nchunks, uint16_t *__restrict__ out)
{
    __shared__ uint32_t T[1 << PRIMARY_BITS];
    for (int i = threadIdx.x; i < (1 << PRIMARY_BITS); i += blockDim.x) T[i] = primary[i];
    __syncthreads();
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= nchunks) return;
    BitReader br;
    br.p = stream + chunk_word_off[c];
    br.buf = 0; br.nbits = 0;
    br_refill(br); br_refill(br);
    uint32_t n = chunk_nsym[c];
    uint16_t *o = out + out_off[c];
    for (uint32_t k = 0; k < n; ++k) {
        br_refill(br);
        uint32_t e = T[br_peek(br, PRIMARY_BITS)];
        uint32_t len = e & 0xff;
        if (len & 0x80) {
            int extra = len & 0x7f;
            br_consume(br, PRIMARY_BITS);
            br_refill(br);
            uint32_t e2 = __ldg(secondary + (e >> 8) + br_peek(br, extra));
            br_consume(br, e2 & 0xff);
            o[k] = (uint16_t)(e2 >> 8);
        } else {
            br_consume(br, len);
            o[k] = (uint16_t)(e >> 8);
        }
    }
}

// Bit-plane encoder: a warp takes 32 signed integer coefficients (one per lane), emits sign bits
// and then magnitude planes from MSB down as 32-bit words (one word per plane, via __ballot_sync),
// skipping leading all-zero planes (count stored in the header).
extern "C" __global__ void bitplane_encode(const int *__restrict__ coeffs, int ngroups,
                                           uint32_t *__restrict__ planes,   // [ngroups][33]: header+sign, planes
                                           unsigned char *__restrict__ nplanes)
{
    int g = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
    if (g >= ngroups) return;
    int v = coeffs[(size_t)g * 32 + lane];
    uint32_t mag = (uint32_t)abs(v);
    uint32_t sign = __ballot_sync(~0u, v < 0);
    uint32_t any = __reduce_or_sync(~0u, mag);
    int top = any ? 32 - __clz(any) : 0;       // number of significant planes
    uint32_t *dst = planes + (size_t)g * 33;
    if (lane == 0) { dst[0] = sign; nplanes[g] = (unsigned char)top; }
    for (int p = top - 1; p >= 0; --p) {
        uint32_t w = __ballot_sync(~0u, (mag >> p) & 1u);
        if (lane == 0) dst[1 + (top - 1 - p)] = w;
    }
}

// Bit-plane decoder with progressive truncation: reconstruct using only the first `keep` planes,
// adding mid-point reconstruction for the truncated bits.
extern "C" __global__ void bitplane_decode(const uint32_t *__restrict__ planes, const unsigned char *__restrict__ nplanes,
                                           int ngroups, int keep, int *__restrict__ coeffs)
{
    int g = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
    if (g >= ngroups) return;
    const uint32_t *src = planes + (size_t)g * 33;
    int top = nplanes[g];
    int use = min(keep, top);
    uint32_t mag = 0;
    for (int k = 0; k < use; ++k) {
        uint32_t w = __ldg(src + 1 + k);
        mag |= ((w >> lane) & 1u) << (top - 1 - k);
    }
    int dropped = top - use;
    if (mag && dropped > 0) mag |= 1u << (dropped - 1);
    int sign = (__ldg(src) >> lane) & 1;
    coeffs[(size_t)g * 32 + lane] = sign ? -(int)mag : (int)mag;
}

// Canonical Huffman code assignment from lengths, one block per alphabet (<= 1024 symbols, max len 15).
extern "C" __global__ void canonical_codes(const unsigned char *__restrict__ lengths, int nsym,
                                           uint32_t *__restrict__ codes)
{
    __shared__ int bl_count[16];
    __shared__ uint32_t next_code[16];
    __shared__ int rank_in_len[1024];
    const unsigned char *L = lengths + (size_t)blockIdx.x * nsym;
    uint32_t *C = codes + (size_t)blockIdx.x * nsym;
    if (threadIdx.x < 16) bl_count[threadIdx.x] = 0;
    __syncthreads();
    for (int s = threadIdx.x; s < nsym; s += blockDim.x) if (L[s]) atomicAdd(&bl_count[L[s]], 1);
    __syncthreads();
    if (threadIdx.x == 0) {
        uint32_t code = 0;
        bl_count[0] = 0;
        for (int b = 1; b < 16; ++b) { code = (code + bl_count[b - 1]) << 1; next_code[b] = code; }
    }
    // rank of each symbol among symbols with the same length and smaller index
    for (int s = threadIdx.x; s < nsym; s += blockDim.x) {
        int len = L[s], r = 0;
        if (len) for (int t = 0; t < s; ++t) r += L[t] == len;
        rank_in_len[s] = r;
    }
    __syncthreads();
    for (int s = threadIdx.x; s < nsym; s += blockDim.x) {
        int len = L[s];
        uint32_t code = len ? next_code[len] + rank_in_len[s] : 0;
        // store bit-reversed for LSB-first emitters, with length in the top byte
        C[s] = len ? ((__brev(code) >> (32 - len)) | ((uint32_t)len << 24)) : 0;
    }
}
