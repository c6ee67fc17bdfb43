// r08_db_select.cu
//
// Column-store scan with predicate evaluation and stream compaction
// (databases): SELECT row_id FROM lineitem WHERE price in [lo,hi) AND
// qty >= min_qty AND ship_date in [d0,d1). Persistent blocks walk tiles of
// BLOCK rows; qualifying row ids are packed into a shared staging buffer via
// a shared atomic counter, one global atomic per tile reserves the output
// range, and the tile is flushed with coalesced stores.
//
// Launch configuration:
//   blockDim = (256,1,1)   (must equal BLOCK)
//   gridDim  = (2 * numSMs,1,1) persistent blocks, e.g. 264
//   n = 1<<24 rows, *out_count zeroed before launch, static shared memory.

#define BLOCK 256

extern "C" __global__ void __launch_bounds__(BLOCK)
db_select_race(const float* __restrict__ price, const int* __restrict__ qty,
               const int* __restrict__ ship_date, int n,
               float lo, float hi, int min_qty, int d0, int d1,
               unsigned* __restrict__ out_rows, unsigned* __restrict__ out_count)
{
    __shared__ unsigned s_rows[BLOCK];
    __shared__ int s_cnt;
    __shared__ unsigned s_base;
    const int tid = threadIdx.x;
    const int ntiles = (n + BLOCK - 1) / BLOCK;

    for (int tile = blockIdx.x; tile < ntiles; tile += gridDim.x) {
        if (tid == 0) s_cnt = 0;
        __syncthreads();

        const int r = tile * BLOCK + tid;
        bool keep = false;
        if (r < n) {
            const float p = price[r];
            const int d = ship_date[r];
            keep = p >= lo && p < hi && qty[r] >= min_qty && d >= d0 && d < d1;
        }
        if (keep) {
            const int pos = atomicAdd(&s_cnt, 1);
            s_rows[pos] = (unsigned)r;
        }
        __syncthreads();

        if (tid == 0) s_base = atomicAdd(out_count, (unsigned)s_cnt);
        __syncthreads();

        const int cnt = s_cnt;
        if (tid < cnt) out_rows[s_base + tid] = s_rows[tid];
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
db_select_ok(const float* __restrict__ price, const int* __restrict__ qty,
             const int* __restrict__ ship_date, int n,
             float lo, float hi, int min_qty, int d0, int d1,
             unsigned* __restrict__ out_rows, unsigned* __restrict__ out_count)
{
    __shared__ unsigned s_rows[BLOCK];
    __shared__ int s_cnt;
    __shared__ unsigned s_base;
    const int tid = threadIdx.x;
    const int ntiles = (n + BLOCK - 1) / BLOCK;

    for (int tile = blockIdx.x; tile < ntiles; tile += gridDim.x) {
        if (tid == 0) s_cnt = 0;
        __syncthreads();

        const int r = tile * BLOCK + tid;
        bool keep = false;
        if (r < n) {
            const float p = price[r];
            const int d = ship_date[r];
            keep = p >= lo && p < hi && qty[r] >= min_qty && d >= d0 && d < d1;
        }
        if (keep) {
            const int pos = atomicAdd(&s_cnt, 1);
            s_rows[pos] = (unsigned)r;
        }
        __syncthreads();

        if (tid == 0) s_base = atomicAdd(out_count, (unsigned)s_cnt);
        __syncthreads();

        const int cnt = s_cnt;
        if (tid < cnt) out_rows[s_base + tid] = s_rows[tid];
        __syncthreads();
    }
}
