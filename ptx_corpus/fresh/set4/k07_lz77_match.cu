// LZ77 match finding: windowed brute-force longest match in shared memory, hash-chain head table build, and greedy token selection.
#include <cuda_runtime.h>
#include <stdint.h>

#define WIN 4096
#define CHUNK 256
#define MAXMATCH 258
#define MINMATCH 3

// each block handles CHUNK positions; window [start-WIN, start+CHUNK+MAXMATCH) staged in shared memory
extern "C" __global__ void __launch_bounds__(256)
lz77_longest_match(const unsigned char* __restrict__ in, int n, int window,
                   unsigned short* __restrict__ matchLen, unsigned short* __restrict__ matchDist)
{
    __shared__ unsigned char buf[WIN + CHUNK + MAXMATCH];
    int start = blockIdx.x * CHUNK;
    int wlo = max(0, start - min(window, WIN));
    int whi = min(n, start + CHUNK + MAXMATCH);
    int span = whi - wlo;
    for (int i = threadIdx.x; i < span; i += blockDim.x) buf[i] = in[wlo + i];
    __syncthreads();
    int pos = start + threadIdx.x;
    if (pos >= n) return;
    int p = pos - wlo;
    int maxLen = min(MAXMATCH, n - pos);
    int bestLen = 0, bestDist = 0;
    if (maxLen >= MINMATCH) {
        unsigned char c0 = buf[p], c1 = buf[p + 1], c2 = buf[p + 2];
        for (int q = p - 1; q >= 0; --q) {
            if (buf[q] != c0 || buf[q + 1] != c1 || buf[q + 2] != c2) continue;
            int l = 3;
            while (l < maxLen && buf[q + l] == buf[p + l]) ++l;
            if (l > bestLen) { bestLen = l; bestDist = p - q; if (l == maxLen) break; }
        }
    }
    matchLen[pos] = (unsigned short)bestLen;
    matchDist[pos] = (unsigned short)bestDist;
}

__device__ __forceinline__ uint32_t hash3(const unsigned char* s) {
    uint32_t v = s[0] | (s[1] << 8) | (s[2] << 16);
    return (v * 2654435761u) >> 19; // 13-bit hash
}

// build "previous occurrence" links: prev[i] = largest j<i (within chunk) with the same hash.
// one warp per chunk walks positions 32 at a time; __match_any_sync resolves in-warp collisions in order.
extern "C" __global__ void __launch_bounds__(32)
lz77_hash_chain(const unsigned char* __restrict__ in, int n, int* __restrict__ prev, int chunk)
{
    __shared__ int head[1 << 13];
    int lane = threadIdx.x;
    for (int i = lane; i < (1 << 13); i += 32) head[i] = -1;
    __syncwarp();
    int start = blockIdx.x * chunk, end = min(n - 2, start + chunk);
    for (int base = start; base < end; base += 32) {
        int i = base + lane;
        bool valid = i < end;
        uint32_t h = valid ? hash3(in + i) : 0xffffffffu;
        unsigned grp = __match_any_sync(0xffffffffu, h);
        unsigned lower = grp & ((1u << lane) - 1u);
        int pv = lower ? base + (31 - __clz(lower)) : (valid ? head[h] : -1);
        __syncwarp();
        bool last = valid && (grp >> lane) == 1u;
        if (last) head[h] = i;
        if (valid) prev[i] = pv;
        __syncwarp();
    }
}

// greedy parse with lazy evaluation: mark token starts, literals and match lengths
extern "C" __global__ void
lz77_greedy_parse(const unsigned short* __restrict__ matchLen, const unsigned short* __restrict__ matchDist,
                  int n, int segLen, uint32_t* __restrict__ tokens, int* __restrict__ tokenCount)
{
    int seg = blockIdx.x * blockDim.x + threadIdx.x;
    int s = seg * segLen;
    if (s >= n) return;
    int e = min(n, s + segLen);
    int cnt = 0;
    uint32_t* out = tokens + (size_t)seg * segLen;
    int i = s;
    while (i < e) {
        int l = matchLen[i];
        if (l >= MINMATCH && i + 1 < n && matchLen[i + 1] > l + 1) l = 0; // lazy: next position is better
        if (l >= MINMATCH) {
            out[cnt++] = 0x80000000u | ((uint32_t)l << 16) | matchDist[i];
            i += l;
        } else {
            out[cnt++] = (uint32_t)i;  // literal position
            ++i;
        }
    }
    tokenCount[seg] = cnt;
}
