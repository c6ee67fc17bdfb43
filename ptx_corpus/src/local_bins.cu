// Per-thread 16-bin histogram of the bytes of a row before one merge.
//   DYNAMIC 1 (the planted bug): counts[v >> 4]++ indexes the per-thread array with data, so
//             it cannot live in registers and goes to local memory.
//   DYNAMIC 0: every bin compares against the byte (fully unrolled), counts stay in registers.
#ifndef DYNAMIC
#define DYNAMIC 1
#endif
#define BINS 16
extern "C" __global__ void local_bins(const unsigned char *data, unsigned *hist, int row_len, int rows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows)
        return;
    unsigned counts[BINS];
#pragma unroll
    for (int b = 0; b < BINS; b++)
        counts[b] = 0;
    const unsigned char *row = data + (size_t)r * row_len;
    for (int j = 0; j < row_len; j++) {
        unsigned v = row[j];
#if DYNAMIC
        counts[v >> 4]++;
#else
#pragma unroll
        for (int b = 0; b < BINS; b++)
            counts[b] += (v >> 4) == (unsigned)b;
#endif
    }
#pragma unroll
    for (int b = 0; b < BINS; b++)
        atomicAdd(&hist[b], counts[b]);
}
