// JSON structural indexing (simdjson-style stage 1 adapted to SIMT) and
// nesting-depth computation.
#include <stdint.h>

#define JS_CHUNK 64
#define JS_EVEN_BITS 0x5555555555555555ULL
#define JS_ODD_BITS  0xAAAAAAAAAAAAAAAAULL

__device__ __forceinline__ unsigned long long js_prefix_xor(unsigned long long m)
{
#pragma unroll
    for (int s = 1; s < 64; s <<= 1) m ^= m << s;
    return m;
}

// Stage 1 part A: per chunk, compute escaped chars, quote bits, and
// structural/whitespace masks. Carries (odd backslash run, in-string) are
// resolved sequentially *within a warp* with shuffles: each lane computes
// its result for both possible incoming carries.
extern "C" __global__ void json_structural_index(const unsigned char* __restrict__ buf,
                                                 long long len,
                                                 unsigned long long* __restrict__ structural_out,
                                                 unsigned int* __restrict__ chunk_carry_out)
{
    long long chunk = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    long long base = chunk * JS_CHUNK;
    unsigned long long bs = 0, quote = 0, op = 0, ws = 0;
    if (base < len) {
        int n = (int)min((long long)JS_CHUNK, len - base);
        for (int i = 0; i < n; ++i) {
            unsigned char c = buf[base + i];
            unsigned long long bit = 1ull << i;
            if (c == '\\') bs |= bit;
            if (c == '"') quote |= bit;
            if (c == '{' || c == '}' || c == '[' || c == ']' || c == ':' || c == ',') op |= bit;
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') ws |= bit;
        }
    }
    // odd-length backslash sequences, for both possible carry-ins
    unsigned long long res[2], ends[2];
#pragma unroll
    for (int carry = 0; carry < 2; ++carry) {
        unsigned long long b = bs & ~(unsigned long long)carry;
        unsigned long long starts = b & ~(b << 1);
        unsigned long long even_starts = starts & JS_EVEN_BITS;
        unsigned long long odd_starts = starts & JS_ODD_BITS;
        unsigned long long even_carries = b + even_starts;
        unsigned long long odd_carries = b + odd_starts;
        unsigned long long overflow = odd_carries < b ? 1ull : 0ull;
        odd_carries |= (unsigned long long)carry;
        unsigned long long even_end = even_carries & ~b & JS_ODD_BITS;
        unsigned long long odd_end = odd_carries & ~b & JS_EVEN_BITS;
        res[carry] = even_end | odd_end;
        ends[carry] = overflow;
    }
    // resolve backslash carry along the warp: lane l's carry-in is final
    // after step l-1, so a serial sweep of 31 shuffles suffices
    unsigned int carry_in = 0;
    for (int l = 0; l < 31; ++l) {
        unsigned int co = (unsigned int)(carry_in ? ends[1] : ends[0]);
        unsigned int next = __shfl_sync(0xffffffffu, co, l);
        if (lane == l + 1) carry_in = next;
    }
    unsigned long long escaped = carry_in ? res[1] : res[0];
    unsigned long long real_quote = quote & ~escaped;
    unsigned long long in_str = js_prefix_xor(real_quote);
    // in-string parity across the warp: exclusive xor-scan of popcount parity
    unsigned int par = __popcll(real_quote) & 1u;
    unsigned int scan = par;
#pragma unroll
    for (int off = 1; off < 32; off <<= 1) {
        unsigned int v = __shfl_up_sync(0xffffffffu, scan, off);
        if (lane >= off) scan ^= v;
    }
    unsigned int excl = scan ^ par;
    if (excl) in_str = ~in_str;
    // structurals: operators outside strings plus quote openings, and the
    // first non-whitespace char after an operator/whitespace (scalar starts)
    unsigned long long scalar = ~(op | ws);
    unsigned long long nonquote_scalar = scalar & ~real_quote;
    unsigned long long scalar_start = nonquote_scalar & ~(nonquote_scalar << 1);
    unsigned long long structural = (op & ~in_str) | (real_quote & in_str) | (scalar_start & ~in_str);
    if (base < len) {
        structural_out[chunk] = structural;
        chunk_carry_out[chunk] = (excl & 1u) | ((scan & 1u) << 1) | (carry_in << 2);
    }
}

// Depth of each structural character: block-level inclusive scan of +1/-1.
// Writes the depth of each token and the matching-bracket stack position.
extern "C" __global__ void json_token_depth(const unsigned char* __restrict__ buf,
                                            const long long* __restrict__ token_pos,
                                            int num_tokens,
                                            const int* __restrict__ block_depth_prefix,
                                            int* __restrict__ depth_out,
                                            int* __restrict__ error_flag)
{
    __shared__ int s_scan[1024];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    int delta = 0;
    unsigned char c = 0;
    if (i < num_tokens) {
        c = buf[token_pos[i]];
        delta = (c == '{' || c == '[') ? 1 : ((c == '}' || c == ']') ? -1 : 0);
    }
    s_scan[t] = delta;
    __syncthreads();
    for (int off = 1; off < blockDim.x; off <<= 1) {
        int v = t >= off ? s_scan[t - off] : 0;
        __syncthreads();
        s_scan[t] += v;
        __syncthreads();
    }
    if (i < num_tokens) {
        int depth = block_depth_prefix[blockIdx.x] + s_scan[t];
        // closing brackets report the depth of the container they close
        int d = (delta < 0) ? depth + 1 : depth;
        depth_out[i] = d;
        if (depth < 0) atomicExch(error_flag, 1);
    }
}

__constant__ double c_js_pow10[23] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// Parse JSON numbers at given token positions. Fast path (Clinger) for
// mantissas < 2^53 and |exp| <= 22; otherwise fall back to a slower
// power-by-squaring path. Also classifies literals true/false/null.
extern "C" __global__ void json_parse_scalars(const unsigned char* __restrict__ buf,
                                              long long len,
                                              const long long* __restrict__ scalar_pos,
                                              int num_scalars,
                                              double* __restrict__ out_num,
                                              unsigned char* __restrict__ out_kind)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= num_scalars) return;
    long long p = scalar_pos[s];
    unsigned char c = buf[p];
    if (c == 't') { out_kind[s] = 1; out_num[s] = 1.0; return; }
    if (c == 'f') { out_kind[s] = 1; out_num[s] = 0.0; return; }
    if (c == 'n') { out_kind[s] = 0; out_num[s] = 0.0; return; }

    bool neg = c == '-';
    if (neg) ++p;
    unsigned long long mant = 0;
    int nd = 0, dexp = 0;
    bool ok = p < len && buf[p] >= '0' && buf[p] <= '9';
    if (ok && buf[p] == '0' && p + 1 < len && buf[p + 1] >= '0' && buf[p + 1] <= '9') ok = false;  // leading zero
    while (p < len && buf[p] >= '0' && buf[p] <= '9') {
        if (nd < 19) { mant = mant * 10ull + (buf[p] - '0'); if (mant) ++nd; }
        else ++dexp;
        ++p;
    }
    if (p < len && buf[p] == '.') {
        ++p;
        bool frac = false;
        while (p < len && buf[p] >= '0' && buf[p] <= '9') {
            if (nd < 19) { mant = mant * 10ull + (buf[p] - '0'); if (mant) ++nd; --dexp; }
            ++p;
            frac = true;
        }
        ok = ok && frac;
    }
    if (p < len && (buf[p] == 'e' || buf[p] == 'E')) {
        ++p;
        bool en = false;
        if (p < len && (buf[p] == '+' || buf[p] == '-')) { en = buf[p] == '-'; ++p; }
        int ev = 0;
        bool any = false;
        while (p < len && buf[p] >= '0' && buf[p] <= '9') { if (ev < 100000) ev = ev * 10 + (buf[p] - '0'); ++p; any = true; }
        ok = ok && any;
        dexp += en ? -ev : ev;
    }
    double r;
    if (mant < (1ull << 53) && dexp >= -22 && dexp <= 22) {
        r = (double)mant;
        r = dexp < 0 ? r / c_js_pow10[-dexp] : r * c_js_pow10[dexp];
    } else {
        // slow path: binary powering with long double-free scaling
        double base = dexp < 0 ? 0.1 : 10.0;
        int e = dexp < 0 ? -dexp : dexp;
        double scale = 1.0;
        while (e) {
            if (e & 1) scale *= base;
            base *= base;
            e >>= 1;
        }
        r = (double)mant * scale;
    }
    out_num[s] = neg ? -r : r;
    out_kind[s] = ok ? 2 : 255;
}
