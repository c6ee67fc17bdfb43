// Scan-side operators: predicate evaluation into validity bitmaps,
// frame-of-reference bit-unpacking with a fused filter, and
// bitmap -> row-id compaction.
#include <stdint.h>

// WHERE price BETWEEN lo AND hi AND (status IN set) AND qty > min_qty
// Each warp emits one 32-bit word per 32 rows, combined with the input
// validity (null) bitmap.
extern "C" __global__ void filter_range_to_bitmap(const float* __restrict__ price,
                                                  const int* __restrict__ qty,
                                                  const unsigned char* __restrict__ status,
                                                  const unsigned int* __restrict__ price_valid,
                                                  unsigned int status_set_mask,   // bit per status code (<32)
                                                  float lo, float hi, int min_qty,
                                                  long long num_rows,
                                                  unsigned int* __restrict__ out_bitmap,
                                                  unsigned long long* __restrict__ out_count)
{
    const long long stride = (long long)gridDim.x * blockDim.x;
    unsigned int local_count = 0;
    for (long long r = (long long)blockIdx.x * blockDim.x + threadIdx.x;
         r - (threadIdx.x & 31) < num_rows; r += stride) {
        bool pass = false;
        if (r < num_rows) {
            float p = price[r];
            int q = qty[r];
            unsigned int st = status[r];
            bool valid = (price_valid[r >> 5] >> (r & 31)) & 1u;
            pass = valid && p >= lo && p <= hi && q > min_qty && st < 32 &&
                   ((status_set_mask >> st) & 1u);
        }
        unsigned int word = __ballot_sync(0xffffffffu, pass);
        if ((threadIdx.x & 31) == 0) {
            out_bitmap[r >> 5] = word;
            local_count += __popc(word);
        }
    }
    if ((threadIdx.x & 31) == 0 && local_count) atomicAdd(out_count, (unsigned long long)local_count);
}

// Frame-of-reference + bit packing (Parquet/ORC style). Values are packed
// little-endian in 64-bit words with `bit_width` bits each, per miniblock of
// 128 values with its own reference value. The decoded column is filtered
// against [lo, hi] and written together with a selection byte.
extern "C" __global__ void bitunpack_for_filter(const unsigned long long* __restrict__ packed,
                                                const long long* __restrict__ miniblock_ref,
                                                const unsigned char* __restrict__ miniblock_width,
                                                const unsigned long long* __restrict__ miniblock_bit_offset,
                                                long long num_values,
                                                long long lo, long long hi,
                                                long long* __restrict__ out_values,
                                                unsigned char* __restrict__ out_sel)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= num_values) return;
    long long mb = i >> 7;
    int within = (int)(i & 127);
    unsigned int w = miniblock_width[mb];
    long long ref = miniblock_ref[mb];
    unsigned long long v = 0;
    if (w > 0) {
        unsigned long long bitpos = miniblock_bit_offset[mb] + (unsigned long long)within * w;
        unsigned long long word = bitpos >> 6;
        unsigned int sh = (unsigned int)(bitpos & 63);
        unsigned long long lo_w = packed[word];
        v = lo_w >> sh;
        if (sh + w > 64) {
            unsigned long long hi_w = packed[word + 1];
            v |= hi_w << (64 - sh);
        }
        if (w < 64) v &= (1ull << w) - 1ull;
    }
    long long val = ref + (long long)v;   // zigzag-free FOR deltas
    out_values[i] = val;
    out_sel[i] = (val >= lo && val <= hi) ? 1 : 0;
}

// Convert a selection bitmap into a dense list of row ids. word_offsets is the
// exclusive prefix sum of popcounts (computed by a prior scan). A warp takes
// 32 words; each lane extracts its set bits with ffs loops.
extern "C" __global__ void bitmap_to_rowids(const unsigned int* __restrict__ bitmap,
                                            const unsigned int* __restrict__ word_offsets,
                                            long long num_words,
                                            long long row_base,
                                            long long* __restrict__ out_rowids)
{
    __shared__ unsigned int s_words[256];
    __shared__ unsigned int s_offs[256];
    long long w0 = (long long)blockIdx.x * 256;
    int t = threadIdx.x;
    if (w0 + t < num_words) {
        s_words[t] = bitmap[w0 + t];
        s_offs[t] = word_offsets[w0 + t];
    } else {
        s_words[t] = 0;
        s_offs[t] = 0;
    }
    __syncthreads();

    // Each thread handles one word; dense words are split across lanes of
    // the warp to balance work.
    unsigned int word = s_words[t];
    unsigned int out = s_offs[t];
    int cnt = __popc(word);
    int lane = t & 31;
    unsigned int dense = __ballot_sync(0xffffffffu, cnt > 16);
    // sparse words: handled by owner thread
    if (cnt <= 16) {
        unsigned int wv = word;
        while (wv) {
            int b = __ffs(wv) - 1;
            wv &= wv - 1;
            out_rowids[out++] = row_base + ((w0 + t) << 5) + b;
        }
    }
    // dense words: whole warp cooperates, one bit per lane
    while (dense) {
        int src = __ffs(dense) - 1;
        dense &= dense - 1;
        unsigned int dw = __shfl_sync(0xffffffffu, word, src);
        unsigned int doff = __shfl_sync(0xffffffffu, out, src);
        bool set = (dw >> lane) & 1u;
        unsigned int rank = __popc(dw & ((1u << lane) - 1u));
        if (set)
            out_rowids[doff + rank] = row_base + ((w0 + (t - lane) + src) << 5) + lane;
    }
}
