// CSV tokenizer in three passes:
//   1. per 64-byte chunk: quote/delimiter/newline bitmasks and quote parity
//   2. with the scanned parity: emit field-end positions outside quotes
//   3. typed field parsing (int64 / float64) with null detection
#include <stdint.h>

#define CSV_CHUNK 64

extern "C" __global__ void csv_chunk_masks(const unsigned char* __restrict__ data,
                                           long long len,
                                           unsigned char quote_char,
                                           unsigned char delim_char,
                                           unsigned long long* __restrict__ quote_mask,
                                           unsigned long long* __restrict__ sep_mask,
                                           unsigned int* __restrict__ quote_count,
                                           unsigned int* __restrict__ sep_count)
{
    long long c = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long base = c * CSV_CHUNK;
    if (base >= len) return;
    unsigned long long qm = 0, sm = 0;
    if (base + CSV_CHUNK <= len) {
        const uint4* p = reinterpret_cast<const uint4*>(data + base);
#pragma unroll
        for (int v = 0; v < 4; ++v) {
            uint4 q = p[v];
            unsigned int w[4] = {q.x, q.y, q.z, q.w};
#pragma unroll
            for (int j = 0; j < 4; ++j) {
#pragma unroll
                for (int b = 0; b < 4; ++b) {
                    unsigned int ch = (w[j] >> (8 * b)) & 0xFF;
                    int bit = v * 16 + j * 4 + b;
                    qm |= (unsigned long long)(ch == quote_char) << bit;
                    sm |= (unsigned long long)(ch == delim_char || ch == '\n') << bit;
                }
            }
        }
    } else {
        for (long long i = base; i < len; ++i) {
            unsigned char ch = data[i];
            int bit = (int)(i - base);
            qm |= (unsigned long long)(ch == quote_char) << bit;
            sm |= (unsigned long long)(ch == delim_char || ch == '\n') << bit;
        }
    }
    quote_mask[c] = qm;
    sep_mask[c] = sm;
    quote_count[c] = __popcll(qm);
    sep_count[c] = __popcll(sm);
}

// prefix-xor of a 64-bit mask: bit i = xor of bits 0..i (in-quote region)
__device__ __forceinline__ unsigned long long csv_prefix_xor(unsigned long long m)
{
    m ^= m << 1;
    m ^= m << 2;
    m ^= m << 4;
    m ^= m << 8;
    m ^= m << 16;
    m ^= m << 32;
    return m;
}

// quote_prefix: exclusive prefix sum of quote_count (parity in bit 0).
// sep_prefix: exclusive prefix of separators (upper bound on field index).
extern "C" __global__ void csv_emit_fields(const unsigned long long* __restrict__ quote_mask,
                                           const unsigned long long* __restrict__ sep_mask,
                                           const unsigned int* __restrict__ quote_prefix,
                                           long long num_chunks,
                                           const unsigned char* __restrict__ data,
                                           long long* __restrict__ field_end,
                                           unsigned char* __restrict__ is_row_end,
                                           unsigned long long* __restrict__ num_fields)
{
    long long c = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    bool active = c < num_chunks;
    unsigned long long real = 0;
    if (active) {
        unsigned long long qm = quote_mask[c];
        unsigned long long inside = csv_prefix_xor(qm);
        if (quote_prefix[c] & 1u) inside = ~inside;
        real = sep_mask[c] & ~inside;
    }
    int cnt = __popcll(real);
    int incl = cnt;
#pragma unroll
    for (int off = 1; off < 32; off <<= 1) {
        int v = __shfl_up_sync(0xffffffffu, incl, off);
        if (lane >= off) incl += v;
    }
    int total = __shfl_sync(0xffffffffu, incl, 31);
    unsigned long long base = 0;
    if (lane == 0 && total) base = atomicAdd(num_fields, (unsigned long long)total);
    base = __shfl_sync(0xffffffffu, base, 0);
    // Note: fields are emitted warp-ordered; a later sort restores order.
    unsigned long long out = base + incl - cnt;
    while (real) {
        int b = __ffsll(real) - 1;
        real &= real - 1;
        long long pos = c * CSV_CHUNK + b;
        field_end[out] = pos;
        is_row_end[out] = data[pos] == '\n';
        ++out;
    }
}

__constant__ double c_pow10_pos[23] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// Parse one field per thread. column_type: 0 = int64, 1 = float64.
extern "C" __global__ void csv_parse_fields(const unsigned char* __restrict__ data,
                                            const long long* __restrict__ field_begin,
                                            const long long* __restrict__ field_end,
                                            const int* __restrict__ field_col,
                                            const unsigned char* __restrict__ column_type,
                                            int num_fields,
                                            long long* __restrict__ out_i64,
                                            double* __restrict__ out_f64,
                                            unsigned char* __restrict__ out_valid)
{
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= num_fields) return;
    long long p = field_begin[f], e = field_end[f];
    // trim whitespace and optional surrounding quotes
    while (p < e && (data[p] == ' ' || data[p] == '\t')) ++p;
    while (e > p && (data[e - 1] == ' ' || data[e - 1] == '\t' || data[e - 1] == '\r')) --e;
    if (e - p >= 2 && data[p] == '"' && data[e - 1] == '"') { ++p; --e; }
    int type = column_type[field_col[f]];
    if (p == e) { out_valid[f] = 0; return; }

    bool neg = false;
    if (data[p] == '-' || data[p] == '+') { neg = data[p] == '-'; ++p; }
    unsigned long long mant = 0;
    int digits = 0, exp10 = 0;
    bool ok = p < e;
    bool seen_dot = false;
    for (; p < e; ++p) {
        unsigned char ch = data[p];
        if (ch >= '0' && ch <= '9') {
            if (digits < 19) { mant = mant * 10 + (ch - '0'); ++digits; if (seen_dot) --exp10; }
            else if (!seen_dot) ++exp10;
        } else if (ch == '.' && !seen_dot && type == 1) {
            seen_dot = true;
        } else if ((ch == 'e' || ch == 'E') && type == 1) {
            ++p;
            bool eneg = false;
            if (p < e && (data[p] == '-' || data[p] == '+')) { eneg = data[p] == '-'; ++p; }
            int ev = 0;
            bool any = false;
            for (; p < e && data[p] >= '0' && data[p] <= '9'; ++p) { ev = min(ev * 10 + (data[p] - '0'), 9999); any = true; }
            ok = any && p == e;
            exp10 += eneg ? -ev : ev;
            break;
        } else {
            ok = false;
            break;
        }
    }
    out_valid[f] = ok;
    if (!ok) return;
    if (type == 0) {
        long long v = (long long)mant;
        out_i64[f] = neg ? -v : v;
    } else {
        double d = (double)mant;
        int ae = exp10 < 0 ? -exp10 : exp10;
        double scale = 1.0;
        while (ae > 22) { scale *= 1e22; ae -= 22; }
        scale *= c_pow10_pos[ae];
        d = exp10 < 0 ? d / scale : d * scale;
        out_f64[f] = neg ? -d : d;
    }
}
