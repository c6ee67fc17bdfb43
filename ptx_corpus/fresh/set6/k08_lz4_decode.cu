// LZ4 block format on the GPU:
//  * warp-per-block decoder (lane 0 parses, warp copies literals/matches)
//  * xxHash32 content checksum of decompressed blocks
//  * match-finder for the compressor (hash of 4-byte sequences)
#include <stdint.h>

#define LZ4_MIN_MATCH 4

extern "C" __global__ void lz4_decompress_warp(const unsigned char* __restrict__ comp,
                                               const unsigned long long* __restrict__ comp_offsets,
                                               const unsigned long long* __restrict__ out_offsets,
                                               int num_blocks,
                                               unsigned char* __restrict__ out,
                                               int* __restrict__ status)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= num_blocks) return;
    const unsigned char* src = comp + comp_offsets[warp];
    const unsigned char* src_end = comp + comp_offsets[warp + 1];
    unsigned char* dst = out + out_offsets[warp];
    unsigned char* dst_end = out + out_offsets[warp + 1];
    long long ip = 0, op = 0;
    const long long in_len = src_end - src, out_len = dst_end - dst;
    int err = 0;

    while (ip < in_len) {
        // lane 0 parses one sequence header; everyone else waits for the broadcast
        long long lit_len = 0, match_len = 0, offset = 0, lit_start = 0;
        int last = 0;
        if (lane == 0) {
            unsigned int token = src[ip++];
            lit_len = token >> 4;
            if (lit_len == 15) {
                unsigned int b;
                do { b = src[ip++]; lit_len += b; } while (b == 255 && ip < in_len);
            }
            lit_start = ip;
            ip += lit_len;
            if (ip >= in_len) {
                last = 1;           // final sequence has literals only
            } else {
                offset = src[ip] | (src[ip + 1] << 8);
                ip += 2;
                match_len = token & 15;
                if (match_len == 15) {
                    unsigned int b;
                    do { b = src[ip++]; match_len += b; } while (b == 255 && ip < in_len);
                }
                match_len += LZ4_MIN_MATCH;
            }
        }
        lit_len = __shfl_sync(0xffffffffu, lit_len, 0);
        lit_start = __shfl_sync(0xffffffffu, lit_start, 0);
        match_len = __shfl_sync(0xffffffffu, match_len, 0);
        offset = __shfl_sync(0xffffffffu, offset, 0);
        last = __shfl_sync(0xffffffffu, last, 0);
        ip = __shfl_sync(0xffffffffu, ip, 0);

        if (op + lit_len > out_len || lit_start + lit_len > in_len) { err = 1; break; }
        for (long long k = lane; k < lit_len; k += 32) dst[op + k] = src[lit_start + k];
        op += lit_len;
        __syncwarp();
        if (last) break;
        if (offset == 0 || offset > op || op + match_len > out_len) { err = 2; break; }

        // overlapping copies: process in rounds of min(offset, 32) bytes
        long long chunk = offset < 32 ? offset : 32;
        for (long long done = 0; done < match_len; done += chunk) {
            long long k = done + lane;
            if (lane < chunk && k < match_len) dst[op + k] = dst[op + k - offset];
            __syncwarp();
        }
        op += match_len;
    }
    if (lane == 0) status[warp] = err ? -err : (op == out_len ? 0 : -3);
}

#define XXH_P1 2654435761u
#define XXH_P2 2246822519u
#define XXH_P3 3266489917u
#define XXH_P4 668265263u
#define XXH_P5 374761393u

__device__ __forceinline__ unsigned int xxh_rotl(unsigned int x, int r) { return __funnelshift_l(x, x, r); }
__device__ __forceinline__ unsigned int xxh_round(unsigned int acc, unsigned int in)
{
    acc += in * XXH_P2;
    acc = xxh_rotl(acc, 13);
    return acc * XXH_P1;
}

// One thread per block of decompressed output (blocks are 4-byte aligned).
extern "C" __global__ void lz4_xxhash32_blocks(const unsigned char* __restrict__ data,
                                               const unsigned long long* __restrict__ offsets,
                                               int num_blocks,
                                               unsigned int seed,
                                               const unsigned int* __restrict__ expected,
                                               unsigned int* __restrict__ out_hash,
                                               int* __restrict__ mismatch_count)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= num_blocks) return;
    const unsigned char* p = data + offsets[b];
    unsigned long long len = offsets[b + 1] - offsets[b];
    const unsigned char* end = p + len;
    unsigned int h;
    if (len >= 16) {
        unsigned int v1 = seed + XXH_P1 + XXH_P2, v2 = seed + XXH_P2, v3 = seed, v4 = seed - XXH_P1;
        const unsigned char* limit = end - 16;
        do {
            const unsigned int* w = reinterpret_cast<const unsigned int*>(p);
            v1 = xxh_round(v1, w[0]);
            v2 = xxh_round(v2, w[1]);
            v3 = xxh_round(v3, w[2]);
            v4 = xxh_round(v4, w[3]);
            p += 16;
        } while (p <= limit);
        h = xxh_rotl(v1, 1) + xxh_rotl(v2, 7) + xxh_rotl(v3, 12) + xxh_rotl(v4, 18);
    } else {
        h = seed + XXH_P5;
    }
    h += (unsigned int)len;
    while (p + 4 <= end) {
        h += *reinterpret_cast<const unsigned int*>(p) * XXH_P3;
        h = xxh_rotl(h, 17) * XXH_P4;
        p += 4;
    }
    while (p < end) {
        h += (*p) * XXH_P5;
        h = xxh_rotl(h, 11) * XXH_P1;
        ++p;
    }
    h ^= h >> 15; h *= XXH_P2;
    h ^= h >> 13; h *= XXH_P3;
    h ^= h >> 16;
    out_hash[b] = h;
    if (expected && expected[b] != h) atomicAdd(mismatch_count, 1);
}

// Compressor-side match finder. Each thread examines one input position:
// inserts it into a hash table (last writer wins) and reports the best
// candidate from the previous-generation table together with its length.
extern "C" __global__ void lz4_find_matches(const unsigned char* __restrict__ in,
                                            int len,
                                            const int* __restrict__ prev_table,
                                            int* __restrict__ cur_table,
                                            int hash_log,
                                            int max_distance,
                                            int* __restrict__ match_src,
                                            unsigned short* __restrict__ match_len)
{
    int pos = blockIdx.x * blockDim.x + threadIdx.x;
    if (pos + LZ4_MIN_MATCH > len) {
        if (pos < len) { match_src[pos] = -1; match_len[pos] = 0; }
        return;
    }
    unsigned int seq = in[pos] | (in[pos + 1] << 8) | (in[pos + 2] << 16) | ((unsigned int)in[pos + 3] << 24);
    unsigned int h = (seq * 2654435761u) >> (32 - hash_log);
    int cand = prev_table[h];
    atomicMax(&cur_table[h], pos);
    int best_len = 0;
    if (cand >= 0 && cand < pos && pos - cand <= max_distance) {
        int l = 0;
        int limit = min(len - pos, 65535 + LZ4_MIN_MATCH);
        // compare 4 bytes at a time where possible
        while (l + 4 <= limit) {
            unsigned int a = in[pos + l] | (in[pos + l + 1] << 8) | (in[pos + l + 2] << 16) | ((unsigned int)in[pos + l + 3] << 24);
            unsigned int c = in[cand + l] | (in[cand + l + 1] << 8) | (in[cand + l + 2] << 16) | ((unsigned int)in[cand + l + 3] << 24);
            unsigned int x = a ^ c;
            if (x) { l += (__ffs(x) - 1) >> 3; goto done; }
            l += 4;
        }
        while (l < limit && in[pos + l] == in[cand + l]) ++l;
    done:
        best_len = l;
    }
    if (best_len >= LZ4_MIN_MATCH) {
        match_src[pos] = cand;
        match_len[pos] = (unsigned short)min(best_len, 65535);
    } else {
        match_src[pos] = -1;
        match_len[pos] = 0;
    }
}
