// Sorting building blocks: 8-bit radix digit histogram, stable block scatter,
// bitonic sort of key/value pairs in shared memory, and a per-thread register bitonic network.

#define RADIX_BITS 8
#define RADIX 256

extern "C" __global__ void radix_histogram_u32(const unsigned int* __restrict__ keys, int n, int shift,
                                               unsigned int* __restrict__ block_hist /* RADIX x nblocks */)
{
    __shared__ unsigned int h[RADIX];
    for (int i = threadIdx.x; i < RADIX; i += blockDim.x) h[i] = 0;
    __syncthreads();
    int per_block = (n + gridDim.x - 1) / gridDim.x;
    int beg = blockIdx.x * per_block, end = min(n, beg + per_block);
    for (int i = beg + threadIdx.x; i < end; i += blockDim.x) {
        unsigned d = (keys[i] >> shift) & (RADIX - 1);
        atomicAdd(&h[d], 1u);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < RADIX; i += blockDim.x) block_hist[i * gridDim.x + blockIdx.x] = h[i];
}

// Stable scatter within a block: each warp processes 32 keys at a time, ranks via match/ballot.
extern "C" __global__ void __launch_bounds__(256)
radix_scatter_stable(const unsigned int* __restrict__ keys_in, const unsigned int* __restrict__ vals_in,
                     unsigned int* __restrict__ keys_out, unsigned int* __restrict__ vals_out,
                     const unsigned int* __restrict__ scanned_hist, int n, int shift)
{
    __shared__ unsigned int base[RADIX];
    __shared__ unsigned int chunk_tot[RADIX];
    __shared__ unsigned int warp_cnt[8][RADIX];
    const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    for (int i = threadIdx.x; i < RADIX; i += blockDim.x) base[i] = scanned_hist[i * gridDim.x + blockIdx.x];
    int per_block = (n + gridDim.x - 1) / gridDim.x;
    int beg = blockIdx.x * per_block, end = min(n, beg + per_block);
    const unsigned lt_mask = (1u << lane) - 1u;
    for (int chunk = beg; chunk < end; chunk += blockDim.x) {
        for (int i = threadIdx.x; i < 8 * RADIX; i += blockDim.x) (&warp_cnt[0][0])[i] = 0;
        __syncthreads();
        int i = chunk + threadIdx.x;
        bool valid = i < end;
        unsigned k = valid ? keys_in[i] : 0xffffffffu;
        unsigned d = (k >> shift) & (RADIX - 1);
        unsigned peers = __match_any_sync(0xffffffffu, valid ? d : 0x1000u + lane);
        unsigned rank_in_warp = __popc(peers & lt_mask);
        int leader = __ffs(peers) - 1;
        if (valid && lane == leader) warp_cnt[warp][d] = __popc(peers);
        __syncthreads();
        // exclusive prefix over warps for each digit (one thread per digit)
        for (int dg = threadIdx.x; dg < RADIX; dg += blockDim.x) {
            unsigned run = 0;
#pragma unroll
            for (int w = 0; w < 8; ++w) { unsigned c = warp_cnt[w][dg]; warp_cnt[w][dg] = run; run += c; }
            chunk_tot[dg] = run;
        }
        __syncthreads();
        if (valid) {
            unsigned pos = base[d] + warp_cnt[warp][d] + rank_in_warp;
            keys_out[pos] = k;
            vals_out[pos] = vals_in[i];
        }
        __syncthreads();
        for (int dg = threadIdx.x; dg < RADIX; dg += blockDim.x) base[dg] += chunk_tot[dg];
        __syncthreads();
    }
}

// Bitonic sort of 2048 (key,value) pairs per block in shared memory (1024 threads, 2 elems each).
extern "C" __global__ void __launch_bounds__(1024)
bitonic_sort_kv2048(unsigned long long* __restrict__ keys, unsigned int* __restrict__ vals, int n, int descending)
{
    __shared__ unsigned long long sk[2048];
    __shared__ unsigned int sv[2048];
    long off = (long)blockIdx.x * 2048;
    for (int i = threadIdx.x; i < 2048; i += blockDim.x) {
        long g = off + i;
        sk[i] = g < n ? keys[g] : ~0ull;
        sv[i] = g < n ? vals[g] : 0u;
    }
    __syncthreads();
    for (int size = 2; size <= 2048; size <<= 1) {
        for (int stride = size >> 1; stride > 0; stride >>= 1) {
            int t = threadIdx.x;
            int pos = 2 * t - (t & (stride - 1));
            bool dir = ((pos & size) == 0) ^ (descending != 0);
            unsigned long long a = sk[pos], b = sk[pos + stride];
            if ((a > b) == dir) {
                sk[pos] = b; sk[pos + stride] = a;
                unsigned int va = sv[pos]; sv[pos] = sv[pos + stride]; sv[pos + stride] = va;
            }
            __syncthreads();
        }
    }
    for (int i = threadIdx.x; i < 2048; i += blockDim.x) {
        long g = off + i;
        if (g < n) { keys[g] = sk[i]; vals[g] = sv[i]; }
    }
}


// Per-thread register sort of 32 (key, value) pairs with a fully unrolled bitonic network
// (all indices compile-time constants after unrolling, so arrays stay in registers), followed by
// a coalesced strided write. Used to pre-sort small runs before block merges.
extern "C" __global__ void bitonic_sort_regs32(const unsigned int* __restrict__ keys_in, const unsigned int* __restrict__ vals_in,
                                               unsigned int* __restrict__ keys_out, unsigned int* __restrict__ vals_out, int nruns)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nruns) return;
    unsigned int k[32], v[32];
#pragma unroll
    for (int i = 0; i < 32; ++i) {
        k[i] = keys_in[(long)i * nruns + t];
        v[i] = vals_in[(long)i * nruns + t];
    }
#pragma unroll
    for (int size = 2; size <= 32; size <<= 1) {
#pragma unroll
        for (int stride = size >> 1; stride > 0; stride >>= 1) {
#pragma unroll
            for (int i = 0; i < 32; ++i) {
                int j = i ^ stride;
                if (j > i) {
                    bool up = (i & size) == 0;
                    unsigned int ki = k[i], kj = k[j];
                    bool sw = up ? (ki > kj) : (ki < kj);
                    unsigned int vi = v[i], vj = v[j];
                    k[i] = sw ? kj : ki; k[j] = sw ? ki : kj;
                    v[i] = sw ? vj : vi; v[j] = sw ? vi : vj;
                }
            }
        }
    }
#pragma unroll
    for (int i = 0; i < 32; ++i) {
        keys_out[(long)t * 32 + i] = k[i];
        vals_out[(long)t * 32 + i] = v[i];
    }
}
