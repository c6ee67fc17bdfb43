// 64-bin histogram (top 6 bits of every byte) with per-thread 8-bit sub-histograms in shared
// memory, as in the CUDA SDK "histogram64": counter for (thread, bin) lives at
// s_hist[threadPos + bin * 128], where threadPos is a bank-conflict-avoiding permutation
// of threadIdx.x. Counters are plain (non-atomic) byte increments.
// Assumed launch: 1-D, blockDim.x == 128; each block handles 63*128 32-bit words (so a byte
// counter sees at most 63*4 = 252 increments); d_partial has gridDim.x*64 entries.

#define H64_THREADS 128
#define H64_BINS 64
#define H64_WPT 63
#define H64_BANKS 32

static __device__ __forceinline__ void h64_add(unsigned char* s_hist, unsigned pos, unsigned bin)
{
    s_hist[pos + bin * H64_THREADS]++;
}

extern "C" __global__ void __launch_bounds__(H64_THREADS)
hist_byte_columns_race(const unsigned* __restrict__ d_data, unsigned* __restrict__ d_partial,
                       unsigned nwords)
{
    if (blockDim.x != H64_THREADS) return;
    __shared__ unsigned s_words[H64_THREADS * H64_BINS / 4];
    unsigned char* s_hist = (unsigned char*)s_words;
    const unsigned tid = threadIdx.x;

    // shuffle thread positions to spread byte counters over the banks
    const unsigned threadPos = ((tid & ~(H64_BANKS * 4 - 1)) << 0) |
                               ((tid & (H64_BANKS - 1)) << 2) |
                               ((tid & (H64_BANKS * 3)) >> 4);

#pragma unroll
    for (unsigned j = 0; j < H64_BINS / 4; j++) s_words[tid + j * H64_THREADS] = 0u;
    __syncthreads();

    const unsigned first = blockIdx.x * H64_WPT * H64_THREADS;
    for (unsigned k = 0; k < H64_WPT; ++k) {
        const unsigned p = first + k * H64_THREADS + tid;
        if (p < nwords) {
            const unsigned w = d_data[p];
            h64_add(s_hist, threadPos, (w >> 2) & 0x3Fu);
            h64_add(s_hist, threadPos, (w >> 10) & 0x3Fu);
            h64_add(s_hist, threadPos, (w >> 18) & 0x3Fu);
            h64_add(s_hist, threadPos, (w >> 26) & 0x3Fu);
        }
    }
    __syncthreads();

    if (tid < H64_BINS) {
        unsigned sum = 0;
        const unsigned char* row = s_hist + tid * H64_THREADS;
        for (unsigned i = 0; i < H64_THREADS; i++) sum += row[(i + tid) & (H64_THREADS - 1)];
        d_partial[blockIdx.x * H64_BINS + tid] = sum;
    }
}

extern "C" __global__ void __launch_bounds__(H64_THREADS)
hist_byte_columns_ok(const unsigned* __restrict__ d_data, unsigned* __restrict__ d_partial,
                     unsigned nwords)
{
    if (blockDim.x != H64_THREADS) return;
    __shared__ unsigned s_words[H64_THREADS * H64_BINS / 4];
    unsigned char* s_hist = (unsigned char*)s_words;
    const unsigned tid = threadIdx.x;

    const unsigned threadPos = ((tid & ~(H64_BANKS * 4 - 1)) << 0) |
                               ((tid & (H64_BANKS - 1)) << 2) |
                               ((tid & (H64_BANKS * 3)) >> 5);

#pragma unroll
    for (unsigned j = 0; j < H64_BINS / 4; j++) s_words[tid + j * H64_THREADS] = 0u;
    __syncthreads();

    const unsigned first = blockIdx.x * H64_WPT * H64_THREADS;
    for (unsigned k = 0; k < H64_WPT; ++k) {
        const unsigned p = first + k * H64_THREADS + tid;
        if (p < nwords) {
            const unsigned w = d_data[p];
            h64_add(s_hist, threadPos, (w >> 2) & 0x3Fu);
            h64_add(s_hist, threadPos, (w >> 10) & 0x3Fu);
            h64_add(s_hist, threadPos, (w >> 18) & 0x3Fu);
            h64_add(s_hist, threadPos, (w >> 26) & 0x3Fu);
        }
    }
    __syncthreads();

    if (tid < H64_BINS) {
        unsigned sum = 0;
        const unsigned char* row = s_hist + tid * H64_THREADS;
        for (unsigned i = 0; i < H64_THREADS; i++) sum += row[(i + tid) & (H64_THREADS - 1)];
        d_partial[blockIdx.x * H64_BINS + tid] = sum;
    }
}
