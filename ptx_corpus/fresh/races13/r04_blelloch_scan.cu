// Work-efficient (Blelloch) exclusive scan with bank-conflict-avoiding padding
// (GPU Gems 3, ch. 39 "prescan"). Each block scans N = 512 ints with 256 threads.
// Launch (both kernels): blockDim = 256, gridDim = 2048 (input length 2048*512).
// g_sums[blockIdx.x] receives the block total (for a later uniform-add pass).
#define NTHREADS 256
#define N (2 * NTHREADS)
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(i) ((i) >> LOG_NUM_BANKS)

extern "C" __global__ void __launch_bounds__(NTHREADS)
prescan_race(int* __restrict__ g_odata, const int* __restrict__ g_idata, int* __restrict__ g_sums)
{
    __shared__ int temp[N + N / 32];
    int thid = threadIdx.x;
    int base = blockIdx.x * N;
    int offset = 1;

    int ai = thid;
    int bi = thid + (N / 2);
    int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
    int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
    temp[ai + bankOffsetA] = g_idata[base + ai];
    temp[bi + bankOffsetB] = g_idata[base + bi];

    for (int d = N >> 1; d > 0; d >>= 1) {       // up-sweep
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1;
            int b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            temp[b] += temp[a];
        }
        offset *= 2;
    }
    if (thid == 0) {
        g_sums[blockIdx.x] = temp[N - 1 + CONFLICT_FREE_OFFSET(N - 1)];
        temp[N - 1 + CONFLICT_FREE_OFFSET(N - 1)] = 0;
    }
    for (int d = 1; d < N; d *= 2) {             // down-sweep
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1;
            int b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            int t = temp[a];
            temp[a] = temp[b];
            temp[b] += t;
        }
    }
    // write results (elements thid and thid+N/2 were produced by other threads)
    g_odata[base + ai] = temp[ai + bankOffsetA];
    g_odata[base + bi] = temp[bi + bankOffsetB];
}

extern "C" __global__ void __launch_bounds__(NTHREADS)
prescan_ok(int* __restrict__ g_odata, const int* __restrict__ g_idata, int* __restrict__ g_sums)
{
    __shared__ int temp[N + N / 32];
    int thid = threadIdx.x;
    int base = blockIdx.x * N;
    int offset = 1;

    // each thread owns the pair (2*thid, 2*thid+1); that is exactly the pair it
    // handles in the last down-sweep step, so no barrier is needed before the store
    int ai = 2 * thid;
    int bi = 2 * thid + 1;
    int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
    int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
    temp[ai + bankOffsetA] = g_idata[base + ai];
    temp[bi + bankOffsetB] = g_idata[base + bi];

    for (int d = N >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1;
            int b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            temp[b] += temp[a];
        }
        offset *= 2;
    }
    if (thid == 0) {
        g_sums[blockIdx.x] = temp[N - 1 + CONFLICT_FREE_OFFSET(N - 1)];
        temp[N - 1 + CONFLICT_FREE_OFFSET(N - 1)] = 0;
    }
    for (int d = 1; d < N; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1;
            int b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            int t = temp[a];
            temp[a] = temp[b];
            temp[b] += t;
        }
    }
    g_odata[base + ai] = temp[ai + bankOffsetA];
    g_odata[base + bi] = temp[bi + bankOffsetB];
}
