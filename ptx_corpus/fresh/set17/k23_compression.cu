// Domain: data compression (RLE, bit packing, LZ77 match search, Huffman decoding, varints, bitshuffle)

// Run-length encoding within a warp: run heads found by ballot, lengths via next-head search
extern "C" __global__ void rle_warp_encode(const unsigned char* __restrict__ in, int n, unsigned char* __restrict__ sym,
                                           unsigned short* __restrict__ len, unsigned* __restrict__ runsPerWarp)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31, w = i >> 5;
    int c = (i < n) ? in[i] : -1;
    int prev = __shfl_up_sync(0xffffffffu, c, 1);
    bool head = (i < n) && (lane == 0 || prev != c);
    unsigned heads = __ballot_sync(0xffffffffu, head);
    unsigned valid = __ballot_sync(0xffffffffu, i < n);
    if (head) {
        unsigned after = heads & ~((2u << lane) - 1);
        int next = after ? __ffs(after) - 1 : 32 - __clz(valid);
        int r = __popc(heads & ((1u << lane) - 1));
        sym[w * 32 + r] = (unsigned char)c;
        len[w * 32 + r] = (unsigned short)(next - lane);
    }
    if (lane == 0) runsPerWarp[w] = __popc(heads);
}

// LZ77 longest-match search over a 4 KiB sliding window (brute force with early-out), one position per thread
extern "C" __global__ void lz77_longest_match(const unsigned char* __restrict__ buf, int n,
                                              unsigned short* __restrict__ matchLen, unsigned short* __restrict__ matchDist)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n) return;
    int bestLen = 0, bestDist = 0;
    int maxLen = min(258, n - p);
    unsigned first = buf[p];
    for (int d = 1; d <= min(p, 4096); ++d) {
        int q = p - d;
        if (buf[q] != first || buf[q + bestLen] != buf[p + bestLen]) continue;
        int l = 1;
        while (l < maxLen && buf[q + l] == buf[p + l]) ++l;
        if (l > bestLen) { bestLen = l; bestDist = d; if (l == maxLen) break; }
    }
    matchLen[p] = (unsigned short)(bestLen >= 3 ? bestLen : 0);
    matchDist[p] = (unsigned short)(bestLen >= 3 ? bestDist : 0);
}

// Canonical Huffman decoding with an 11-bit primary lookup table in shared memory and
// slow-path canonical decoding for longer codes; one independent chunk per thread
extern "C" __global__ void huffman_decode_chunks(const unsigned* __restrict__ bits, const unsigned* __restrict__ chunkBitOff,
                                                 const unsigned short* __restrict__ lut /*2048: sym<<4|len*/,
                                                 const unsigned* __restrict__ firstCode /*16*/, const unsigned* __restrict__ firstIdx,
                                                 const unsigned short* __restrict__ sortedSyms, unsigned char* __restrict__ out,
                                                 int symsPerChunk, int nChunks)
{
    __shared__ unsigned short sLut[2048];
    __shared__ unsigned sFirst[17], sIdx[17];
    for (int i = threadIdx.x; i < 2048; i += blockDim.x) sLut[i] = lut[i];
    if (threadIdx.x < 17) { sFirst[threadIdx.x] = firstCode[threadIdx.x]; sIdx[threadIdx.x] = firstIdx[threadIdx.x]; }
    __syncthreads();
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= nChunks) return;
    unsigned pos = chunkBitOff[c];
    for (int s = 0; s < symsPerChunk; ++s) {
        unsigned w = pos >> 5, sh = pos & 31;
        unsigned long long win = ((unsigned long long)bits[w] << 32) | bits[w + 1];
        unsigned peek = (unsigned)(win << sh >> 48);   // next 16 bits, MSB first
        unsigned short e = sLut[peek >> 5];
        unsigned sym, len;
        if (e & 15) { sym = e >> 4; len = e & 15; }
        else {
            for (len = 12; len < 16; ++len) {
                unsigned code = peek >> (16 - len);
                if (code - sFirst[len] < sIdx[len + 1] - sIdx[len]) break;   // code within this length's range
            }
            sym = sortedSyms[sIdx[len] + ((peek >> (16 - len)) - sFirst[len])];
        }
        out[(size_t)c * symsPerChunk + s] = (unsigned char)sym;
        pos += len;
    }
}

// Delta + zig-zag + LEB128 varint encoding of 16 int64 values per thread into a local byte buffer
// (run-time indexed writes -> stack), then a packed copy out with its length
extern "C" __global__ void delta_zigzag_varint(const long long* __restrict__ vals, unsigned char* __restrict__ out,
                                               unsigned char* __restrict__ outLen, int nGroups)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= nGroups) return;
    unsigned char buf[160];
    int len = 0;
    long long prev = 0;
    for (int i = 0; i < 16; ++i) {
        long long v = vals[g * 16 + i];
        long long d = v - prev;
        prev = v;
        unsigned long long z = ((unsigned long long)d << 1) ^ (unsigned long long)(d >> 63);
        do {
            unsigned char b = z & 0x7f;
            z >>= 7;
            buf[len++] = b | (z ? 0x80 : 0);
        } while (z);
    }
    for (int i = 0; i < len; ++i) out[g * 160 + i] = buf[i];
    outLen[g] = (unsigned char)len;
}

// Bitshuffle: 32x32 bit-matrix transpose (Hacker's Delight) of 32 words per thread; all indices
// are compile-time after unrolling. Under __launch_bounds__(1024,2) (32 regs) the 32 live words spill.
__device__ __forceinline__ void transpose32(unsigned A[32])
{
    unsigned m = 0x0000FFFFu;
#pragma unroll
    for (int j = 16; j != 0; j >>= 1, m ^= (m << j)) {
#pragma unroll
        for (int k = 0; k < 32; k = ((k | j) + 1) & ~j) {
            unsigned t = (A[k] ^ (A[k | j] >> j)) & m;
            A[k] ^= t;
            A[k | j] ^= (t << j);
        }
    }
}
extern "C" __global__ void bitshuffle32_regs(const uint4* __restrict__ in, uint4* __restrict__ out, int nBlocks)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nBlocks) return;
    unsigned A[32];
#pragma unroll
    for (int q = 0; q < 8; ++q) {
        uint4 v = in[b * 8 + q];
        A[4 * q] = v.x; A[4 * q + 1] = v.y; A[4 * q + 2] = v.z; A[4 * q + 3] = v.w;
    }
    transpose32(A);
#pragma unroll
    for (int q = 0; q < 8; ++q) out[b * 8 + q] = make_uint4(A[4 * q], A[4 * q + 1], A[4 * q + 2], A[4 * q + 3]);
}
extern "C" __global__ void __launch_bounds__(1024, 2)
bitshuffle32_capped(const uint4* __restrict__ in, uint4* __restrict__ out, int nBlocks)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nBlocks) return;
    unsigned A[32];
#pragma unroll
    for (int q = 0; q < 8; ++q) {
        uint4 v = in[b * 8 + q];
        A[4 * q] = v.x; A[4 * q + 1] = v.y; A[4 * q + 2] = v.z; A[4 * q + 3] = v.w;
    }
    transpose32(A);
    // second pass: transpose back after byte-swapping (used to check reversibility)
#pragma unroll
    for (int k = 0; k < 32; ++k) A[k] = __byte_perm(A[k], 0, 0x0123);
    transpose32(A);
#pragma unroll
    for (int q = 0; q < 8; ++q) out[b * 8 + q] = make_uint4(A[4 * q], A[4 * q + 1], A[4 * q + 2], A[4 * q + 3]);
}
