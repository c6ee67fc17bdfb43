// arch: sm_80
// Launch: blockDim = (256,1,1), gridDim = (rows,1,1), one block per row,
//         n >= 256 elements per row, 1 <= k <= n.
//         Top-k selection by MSB-first radix select (4-bit digits, 8 rounds) over
//         order-preserving integer keys: each round histograms the digits of the
//         still-matching keys with shared atomics, thread 0 picks the digit that
//         contains the k-th largest key, and the bucket counters are recycled for
//         the next round. Outputs the k-th largest value and a selection mask.

#define RSEL_DIGITS 16

__device__ __forceinline__ unsigned rsel_key(float f)
{
    const unsigned u = __float_as_uint(f);
    return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}
__device__ __forceinline__ float rsel_val(unsigned k)
{
    return __uint_as_float((k & 0x80000000u) ? (k & 0x7fffffffu) : ~k);
}

extern "C" __global__ void __launch_bounds__(256)
radix_select_topk_race(const float* __restrict__ x, int n, int k,
                       float* __restrict__ kth_out, unsigned char* __restrict__ sel)
{
    __shared__ unsigned counts[RSEL_DIGITS];
    __shared__ unsigned s_prefix, s_mask, s_k;
    const int tid = threadIdx.x;
    const float* xr = x + (size_t)blockIdx.x * n;

    if (tid < RSEL_DIGITS) counts[tid] = 0;
    if (tid == 0) { s_prefix = 0; s_mask = 0; s_k = (unsigned)k; }
    __syncthreads();

    for (int shift = 28; shift >= 0; shift -= 4) {
        const unsigned prefix = s_prefix, mask = s_mask;
        for (int i = tid; i < n; i += blockDim.x) {
            const unsigned u = rsel_key(xr[i]);
            if ((u & mask) == prefix) atomicAdd(&counts[(u >> shift) & 15u], 1u);
        }
        __syncthreads();
        if (tid == 0) {
            unsigned kk = s_k;
            for (int d = RSEL_DIGITS - 1; d >= 0; --d) {
                const unsigned c = counts[d];
                if (c >= kk) {
                    s_prefix = prefix | ((unsigned)d << shift);
                    s_mask   = mask | (15u << shift);
                    break;
                }
                kk -= c;
            }
            s_k = kk;
        }
        __syncthreads();
        if (tid < RSEL_DIGITS) counts[tid] = 0;
    }

    const unsigned T = s_prefix;
    for (int i = tid; i < n; i += blockDim.x)
        sel[(size_t)blockIdx.x * n + i] = rsel_key(xr[i]) >= T;
    if (tid == 0) kth_out[blockIdx.x] = rsel_val(T);
}

extern "C" __global__ void
radix_select_topk_ok(const float* __restrict__ x, int n, int k,
                     float* __restrict__ kth_out, unsigned char* __restrict__ sel)
{
    __shared__ unsigned counts[RSEL_DIGITS];
    __shared__ unsigned s_prefix, s_mask, s_k;
    const int tid = threadIdx.x;
    const float* xr = x + (size_t)blockIdx.x * n;

    if (tid < RSEL_DIGITS) counts[tid] = 0;
    if (tid == 0) { s_prefix = 0; s_mask = 0; s_k = (unsigned)k; }
    __syncthreads();

    for (int shift = 28; shift >= 0; shift -= 4) {
        const unsigned prefix = s_prefix, mask = s_mask;
        for (int i = tid; i < n; i += blockDim.x) {
            const unsigned u = rsel_key(xr[i]);
            if ((u & mask) == prefix) atomicAdd(&counts[(u >> shift) & 15u], 1u);
        }
        __syncthreads();
        if (tid == 0) {
            unsigned kk = s_k;
            for (int d = RSEL_DIGITS - 1; d >= 0; --d) {
                const unsigned c = counts[d];
                if (c >= kk) {
                    s_prefix = prefix | ((unsigned)d << shift);
                    s_mask   = mask | (15u << shift);
                    break;
                }
                kk -= c;
            }
            s_k = kk;
            for (int d = 0; d < RSEL_DIGITS; ++d) counts[d] = 0;
        }
        __syncthreads();
    }

    const unsigned T = s_prefix;
    for (int i = tid; i < n; i += blockDim.x)
        sel[(size_t)blockIdx.x * n + i] = rsel_key(xr[i]) >= T;
    if (tid == 0) kth_out[blockIdx.x] = rsel_val(T);
}
