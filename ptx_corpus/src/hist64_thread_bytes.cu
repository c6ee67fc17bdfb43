// 64-bin histogram where every thread owns one byte-wide counter per bin in shared memory
// (column tid of a [64][BLOCK] byte matrix), so the counting needs no atomics. Each thread
// counts at most 255 values (the grid is sized for that); the block then folds the columns
// and adds its 64 totals to the global histogram. blockDim.x == BLOCK.
// Corpus mutant hist64_thread_bytes_nobar2 deletes the barrier before the merge: a thread folds
// words holding counters other threads are still incrementing (a race).
#ifndef BLOCK
#define BLOCK 64
#endif
#define BINS 64
extern "C" __global__ void hist64_thread_bytes(const unsigned *d_data, unsigned *d_hist, unsigned n_words)
{
    __shared__ unsigned char s_hist[BINS * BLOCK];
    unsigned tid = threadIdx.x;
    unsigned *s_words = reinterpret_cast<unsigned *>(s_hist);
    for (unsigned j = tid; j < BINS * BLOCK / 4; j += BLOCK)
        s_words[j] = 0;
    __syncthreads();
    for (unsigned pos = blockIdx.x * BLOCK + tid; pos < n_words; pos += BLOCK * gridDim.x) {
        unsigned w = d_data[pos];
        s_hist[((w >> 2) & 0x3fu) * BLOCK + tid]++;
        s_hist[((w >> 10) & 0x3fu) * BLOCK + tid]++;
        s_hist[((w >> 18) & 0x3fu) * BLOCK + tid]++;
        s_hist[((w >> 26) & 0x3fu) * BLOCK + tid]++;
    }
    __syncthreads();
    if (tid < BINS) {
        unsigned sum = 0;
        const unsigned *row = s_words + tid * (BLOCK / 4);
        for (unsigned j = 0; j < BLOCK / 4; j++) {
            // rotate the start word so the threads of a warp read different banks
            unsigned v = row[(j + tid * (BLOCK / 4) / 32) % (BLOCK / 4)];
            sum += (v & 0xffu) + ((v >> 8) & 0xffu) + ((v >> 16) & 0xffu) + (v >> 24);
        }
        atomicAdd(&d_hist[tid], sum);
    }
}
