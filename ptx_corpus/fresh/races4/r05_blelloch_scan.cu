// Work-efficient (Blelloch) exclusive scan of 512 ints per block with bank-conflict-free
// padding (GPU Gems 3, ch. 39). Block totals are written to block_sums[] for the next level.
// Assumed launch: 1-D, blockDim.x == 256 (each thread owns elements thid and thid+256), any gridDim.x.

#define BL_THREADS 256
#define BL_N (2 * BL_THREADS)
#define BL_LOG_NUM_BANKS 5
#define BL_CF(i) ((i) >> BL_LOG_NUM_BANKS)

extern "C" __global__ void __launch_bounds__(BL_THREADS)
blelloch_scan_race(const int* __restrict__ g_in, int* __restrict__ g_out,
                   int* __restrict__ block_sums, unsigned n)
{
    if (blockDim.x != BL_THREADS) return;
    __shared__ int temp[BL_N + BL_N / 32];
    const int thid = threadIdx.x;
    const unsigned base = blockIdx.x * BL_N;

    const int ai = thid;
    const int bi = thid + BL_N / 2;
    const int bankOffsetA = BL_CF(ai);
    const int bankOffsetB = BL_CF(bi);
    temp[ai + bankOffsetA] = (base + ai < n) ? g_in[base + ai] : 0;
    temp[bi + bankOffsetB] = (base + bi < n) ? g_in[base + bi] : 0;

    int offset = 1;
    for (int d = BL_N >> 1; d > 0; d >>= 1) {   // up-sweep
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1;
            int b = offset * (2 * thid + 2) - 1;
            a += BL_CF(a);
            b += BL_CF(b);
            temp[b] += temp[a];
        }
        offset <<= 1;
    }

    if (thid == 0) {
        const int last = BL_N - 1 + BL_CF(BL_N - 1);
        block_sums[blockIdx.x] = temp[last];
        temp[last] = 0;
    }

    for (int d = 1; d < BL_N; d <<= 1) {        // down-sweep
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1;
            int b = offset * (2 * thid + 2) - 1;
            a += BL_CF(a);
            b += BL_CF(b);
            const int t = temp[a];
            temp[a] = temp[b];
            temp[b] += t;
        }
    }

    if (base + ai < n) g_out[base + ai] = temp[ai + bankOffsetA];
    if (base + bi < n) g_out[base + bi] = temp[bi + bankOffsetB];
}

extern "C" __global__ void __launch_bounds__(BL_THREADS)
blelloch_scan_ok(const int* __restrict__ g_in, int* __restrict__ g_out,
                 int* __restrict__ block_sums, unsigned n)
{
    if (blockDim.x != BL_THREADS) return;
    __shared__ int temp[BL_N + BL_N / 32];
    const int thid = threadIdx.x;
    const unsigned base = blockIdx.x * BL_N;

    const int ai = thid;
    const int bi = thid + BL_N / 2;
    const int bankOffsetA = BL_CF(ai);
    const int bankOffsetB = BL_CF(bi);
    temp[ai + bankOffsetA] = (base + ai < n) ? g_in[base + ai] : 0;
    temp[bi + bankOffsetB] = (base + bi < n) ? g_in[base + bi] : 0;

    int offset = 1;
    for (int d = BL_N >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1;
            int b = offset * (2 * thid + 2) - 1;
            a += BL_CF(a);
            b += BL_CF(b);
            temp[b] += temp[a];
        }
        offset <<= 1;
    }

    if (thid == 0) {
        const int last = BL_N - 1 + BL_CF(BL_N - 1);
        block_sums[blockIdx.x] = temp[last];
        temp[last] = 0;
    }

    for (int d = 1; d < BL_N; d <<= 1) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1;
            int b = offset * (2 * thid + 2) - 1;
            a += BL_CF(a);
            b += BL_CF(b);
            const int t = temp[a];
            temp[a] = temp[b];
            temp[b] += t;
        }
    }
    __syncthreads();

    if (base + ai < n) g_out[base + ai] = temp[ai + bankOffsetA];
    if (base + bi < n) g_out[base + bi] = temp[bi + bankOffsetB];
}
