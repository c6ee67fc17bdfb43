// k06_deflate_lz.cu
// Compression: Deflate-like building blocks.
//  - lz77_match_hashchain: per-thread block LZ77 greedy matcher with a thread-local hash
//                          head table (run-time indexed -> local memory)
//  - huffman_code_lengths: package-merge-free heuristic code lengths for 32-symbol alphabets
//                          using a thread-local insertion-sorted frequency list
//  - canonical_codes:      canonical Huffman code assignment from lengths (bl_count/next_code);
//                          bl_count is a run-time indexed histogram; next_code is updated through an
//                          unrolled select so it can stay in registers
//  - crc32_slice:          CRC-32 of fixed-size chunks with a shared-memory table
#include <stdint.h>

#define WIN 4096
#define HBITS 8

extern "C" __global__ void lz77_match_hashchain(const uint8_t* __restrict__ data, int blockSize, int nBlocks,
                                                uint32_t* __restrict__ tokens, int* __restrict__ ntok)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nBlocks) return;
    int16_t head[1 << HBITS];
    for (int i = 0; i < (1 << HBITS); ++i) head[i] = -1;
    const uint8_t* src = data + (size_t)b * blockSize;
    uint32_t* out = tokens + (size_t)b * blockSize;
    int pos = 0, nt = 0;
    while (pos < blockSize) {
        int bestLen = 0, bestDist = 0;
        if (pos + 3 <= blockSize) {
            uint32_t h = ((src[pos] << 16) | (src[pos + 1] << 8) | src[pos + 2]) * 2654435761u >> (32 - HBITS);
            int cand = head[h];
            if (cand >= 0 && pos - cand < WIN) {
                int l = 0;
                while (pos + l < blockSize && l < 258 && src[cand + l] == src[pos + l]) ++l;
                if (l >= 3) { bestLen = l; bestDist = pos - cand; }
            }
            head[h] = (int16_t)pos;
        }
        if (bestLen) {
            out[nt++] = 0x80000000u | ((uint32_t)bestLen << 16) | (uint32_t)bestDist;
            for (int k = 1; k < bestLen && pos + k + 3 <= blockSize; ++k) {
                int p = pos + k;
                uint32_t h = ((src[p] << 16) | (src[p + 1] << 8) | src[p + 2]) * 2654435761u >> (32 - HBITS);
                head[h] = (int16_t)p;
            }
            pos += bestLen;
        } else {
            out[nt++] = src[pos];
            ++pos;
        }
    }
    ntok[b] = nt;
}

extern "C" __global__ void huffman_code_lengths(const uint32_t* __restrict__ freqs, uint8_t* __restrict__ lens,
                                                int nTables, int maxLen)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nTables) return;
    uint32_t f[32];
    uint8_t sym[32];
    int cnt = 0;
    for (int s = 0; s < 32; ++s) {
        uint32_t v = freqs[32 * t + s];
        if (!v) continue;
        int j = cnt++;
        while (j > 0 && f[j - 1] > v) { f[j] = f[j - 1]; sym[j] = sym[j - 1]; --j; }
        f[j] = v; sym[j] = (uint8_t)s;
    }
    uint8_t L[32];
    for (int s = 0; s < 32; ++s) L[s] = 0;
    // Approximate lengths from -log2(p), then limit and fix the Kraft sum
    uint32_t total = 0;
    for (int i = 0; i < cnt; ++i) total += f[i];
    int kraft = 0; // in units of 2^-maxLen
    for (int i = cnt - 1; i >= 0; --i) {
        int l = (int)ceilf(log2f((float)total / (float)f[i]));
        l = max(1, min(l, maxLen));
        L[sym[i]] = (uint8_t)l;
        kraft += 1 << (maxLen - l);
    }
    for (int i = cnt - 1; i >= 0 && kraft > (1 << maxLen); --i) {
        int s = sym[i];
        while (L[s] < maxLen && kraft > (1 << maxLen)) { kraft -= 1 << (maxLen - L[s] - 1); L[s]++; }
    }
    for (int s = 0; s < 32; ++s) lens[32 * t + s] = L[s];
}

extern "C" __global__ void canonical_codes(const uint8_t* __restrict__ lens, uint16_t* __restrict__ codes, int nTables)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nTables) return;
    int blCount[16];
    int nextCode[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) blCount[i] = 0;
    for (int s = 0; s < 32; ++s) blCount[lens[32 * t + s] & 15]++;
    blCount[0] = 0;
    int code = 0;
#pragma unroll
    for (int b = 1; b < 16; ++b) { code = (code + blCount[b - 1]) << 1; nextCode[b] = code; }
    for (int s = 0; s < 32; ++s) {
        int l = lens[32 * t + s] & 15;
        uint16_t c = 0;
        if (l) {
            int v = 0;
#pragma unroll
            for (int b = 1; b < 16; ++b)
                if (b == l) { v = nextCode[b]; nextCode[b] = v + 1; }
            c = (uint16_t)(__brev((unsigned)v) >> (32 - l));
        }
        codes[32 * t + s] = c;
    }
}

extern "C" __global__ void crc32_slice(const uint8_t* __restrict__ data, int chunk, int nChunks, uint32_t* __restrict__ crcs)
{
    __shared__ uint32_t table[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        uint32_t c = i;
        for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
    __syncthreads();
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nChunks) return;
    const uint8_t* p = data + (size_t)t * chunk;
    uint32_t crc = 0xFFFFFFFFu;
    for (int i = 0; i < chunk; ++i) crc = table[(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
    crcs[t] = ~crc;
}
