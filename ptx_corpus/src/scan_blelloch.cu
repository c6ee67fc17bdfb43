// Work-efficient exclusive scan (Blelloch): an up-sweep builds partial sums in place, the root is
// cleared, a down-sweep distributes them. One block scans N = 2 * blockDim.x elements; with PAD
// one word is inserted every 32 (CONFLICT_FREE_OFFSET) so the tree's strided accesses spread
// over the banks.
// Corpus mutant scan_blelloch_nobar1 deletes the first up-sweep barrier: the first level reads
// words other threads are still loading (a race).
#ifndef N
#define N 1024
#endif
#ifndef PAD
#define PAD 1
#endif
#define LOG_NUM_BANKS 5
#if PAD
#define CONFLICT_FREE_OFFSET(i) ((i) >> LOG_NUM_BANKS)
#else
#define CONFLICT_FREE_OFFSET(i) 0
#endif

extern "C" __global__ void scan_blelloch(const float *g_in, float *g_out)
{
    __shared__ float temp[N + N / 32];
    unsigned thid = threadIdx.x;
    const float *in = g_in + blockIdx.x * N;
    float *out = g_out + blockIdx.x * N;
    unsigned ai = thid, bi = thid + N / 2;
    temp[ai + CONFLICT_FREE_OFFSET(ai)] = in[ai];
    temp[bi + CONFLICT_FREE_OFFSET(bi)] = in[bi];
    unsigned offset = 1;
    for (unsigned d = N >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            unsigned a = offset * (2 * thid + 1) - 1;
            unsigned b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            temp[b] += temp[a];
        }
        offset *= 2;
    }
    if (thid == 0)
        temp[N - 1 + CONFLICT_FREE_OFFSET(N - 1)] = 0.0f;
    for (unsigned d = 1; d < N; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            unsigned a = offset * (2 * thid + 1) - 1;
            unsigned b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            float t = temp[a];
            temp[a] = temp[b];
            temp[b] += t;
        }
    }
    __syncthreads();
    out[ai] = temp[ai + CONFLICT_FREE_OFFSET(ai)];
    out[bi] = temp[bi + CONFLICT_FREE_OFFSET(bi)];
}
