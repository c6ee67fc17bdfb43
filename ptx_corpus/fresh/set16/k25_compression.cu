// Domain: data compression (run-length encoding with ballots, delta + bit-packing, table-driven Huffman decoding, LZ77 match finding)

// rle_encode_warp_ballot: run starts detected per element, warp ballot + popc gives in-warp ranks, one atomicAdd per warp for output slots
extern "C" __global__ void rle_encode_warp_ballot(const int* __restrict__ in, int n, int* __restrict__ runVal, int* __restrict__ runStart,
                                                  int* __restrict__ nRuns)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    bool head = false;
    int v = 0;
    if (i < n) { v = in[i]; head = (i == 0) || (in[i - 1] != v); }
    unsigned m = __ballot_sync(0xffffffffu, head);
    int base = 0;
    if (lane == 0 && m) base = atomicAdd(nRuns, __popc(m));
    base = __shfl_sync(0xffffffffu, base, 0);
    if (head) {
        int slot = base + __popc(m & ((1u << lane) - 1u));
        runVal[slot] = v; runStart[slot] = i;     // unordered runs; sorted by start afterwards
    }
}

// delta_bitpack32_frame: frame-of-reference + delta coding of 32 sorted uint32 per thread, minimal bit width, packed into 32 output words (values and packed words in compile-time indexed register arrays)
extern "C" __global__ void delta_bitpack32_frame(const unsigned* __restrict__ in, unsigned* __restrict__ out, unsigned* __restrict__ header, int nFrames)
{
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= nFrames) return;
    unsigned v[32];
#pragma unroll
    for (int i = 0; i < 32; ++i) v[i] = in[(size_t)f * 32 + i];
    unsigned ref = v[0], orr = 0;
#pragma unroll
    for (int i = 31; i > 0; --i) { v[i] -= v[i - 1]; orr |= v[i]; }
    v[0] = 0;
    int bits = 32 - __clz(orr);
    unsigned w[32];
#pragma unroll
    for (int i = 0; i < 32; ++i) w[i] = 0;
    // value i occupies bits [i*bits, (i+1)*bits)
#pragma unroll
    for (int i = 0; i < 32; ++i) {
        unsigned pos = i * bits;
        unsigned wi = pos >> 5, sh = pos & 31;
#pragma unroll
        for (int k = 0; k < 32; ++k) {
            if (k == (int)wi) w[k] |= v[i] << sh;
            if (k == (int)wi + 1 && sh + bits > 32) w[k] |= v[i] >> (32 - sh);
        }
    }
#pragma unroll
    for (int k = 0; k < 32; ++k) if (k < bits) out[(size_t)f * 32 + k] = w[k];
    header[2 * f] = ref; header[2 * f + 1] = bits;
}

// huffman_decode_lut12_chunks: canonical Huffman decoding, one independent chunk per thread, 12-bit primary lookup table staged in shared memory, 64-bit bit buffer refilled from 32-bit words
extern "C" __global__ void huffman_decode_lut12_chunks(const unsigned* __restrict__ bits, const unsigned* __restrict__ chunkBitOff,
                                                       const unsigned short* __restrict__ lut, unsigned char* __restrict__ out,
                                                       const int* __restrict__ outOff, int nChunks, int symsPerChunk)
{
    __shared__ unsigned short sl[4096];   // entry: (len << 8) | symbol
    for (int i = threadIdx.x; i < 4096; i += blockDim.x) sl[i] = lut[i];
    __syncthreads();
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= nChunks) return;
    unsigned long long pos = chunkBitOff[c];
    unsigned wordIdx = (unsigned)(pos >> 5);
    unsigned long long buf = ((unsigned long long)bits[wordIdx] << 32) | bits[wordIdx + 1];
    int avail = 64 - (int)(pos & 31);
    buf <<= (pos & 31);
    wordIdx += 2;
    unsigned char* o = out + outOff[c];
    for (int s = 0; s < symsPerChunk; ++s) {
        if (avail < 32) {
            buf |= (unsigned long long)bits[wordIdx++] << (32 - avail);
            avail += 32;
        }
        unsigned short e = sl[(unsigned)(buf >> 52)];
        int len = e >> 8;
        o[s] = (unsigned char)(e & 0xFF);
        buf <<= len;
        avail -= len;
    }
}

// lz77_match_finder_smem_window: for each position find the longest match (max 258) in a 4 KiB sliding window staged in shared memory, candidates from a 4-way hash bucket array
extern "C" __global__ void lz77_match_finder_smem_window(const unsigned char* __restrict__ data, int n, const int* __restrict__ bucket4,
                                                         unsigned* __restrict__ matches)
{
    __shared__ unsigned char win[4096 + 512];
    int blockStart = blockIdx.x * 512;
    int winStart = blockStart - 4096;
    for (int i = threadIdx.x; i < 4096 + 512; i += blockDim.x) {
        int g = winStart + i;
        win[i] = (g >= 0 && g < n) ? data[g] : 0;
    }
    __syncthreads();
    for (int p = threadIdx.x; p < 512; p += blockDim.x) {
        int gpos = blockStart + p;
        if (gpos >= n) break;
        int bestLen = 0, bestDist = 0;
#pragma unroll
        for (int k = 0; k < 4; ++k) {
            int cand = bucket4[(size_t)gpos * 4 + k];
            if (cand < 0 || cand >= gpos || gpos - cand > 4096) continue;
            int maxLen = min(258, n - gpos);
            int len = 0;
            while (len < maxLen) {
                int ci = cand + len - winStart, pi = gpos + len - winStart;
                unsigned char a = (ci < 4096 + 512) ? win[ci] : data[cand + len];
                unsigned char b = (pi < 4096 + 512) ? win[pi] : data[gpos + len];
                if (a != b) break;
                ++len;
            }
            if (len > bestLen) { bestLen = len; bestDist = gpos - cand; }
        }
        matches[gpos] = (bestLen >= 3) ? ((unsigned)bestDist << 16) | (unsigned)bestLen : 0u;
    }
}
