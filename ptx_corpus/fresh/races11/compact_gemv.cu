// Stream compaction with warp ballots + block offsets, and a GEMV with a
// double-buffered shared copy of x.

// Keeps elements > thr; output order within a tile is preserved.
// Launch: blockDim = 256 (8 warps), gridDim = any
extern "C" __global__ void __launch_bounds__(256)
compact_block(const float* __restrict__ in, float* __restrict__ out, int* __restrict__ outCount,
              int n, float thr)
{
    __shared__ int wcnt[8];
    __shared__ int base;
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    for (int t0 = blockIdx.x * 256; t0 < n; t0 += gridDim.x * 256) {
        int g = t0 + tid;
        float v = (g < n) ? in[g] : 0.0f;
        bool pred = (g < n) && (v > thr);
        unsigned bal = __ballot_sync(0xffffffffu, pred);
        int lanePre = __popc(bal & ((1u << lane) - 1u));
        if (lane == 0) wcnt[warp] = __popc(bal);
        __syncthreads();
        if (tid == 0) {
            int run = 0;
            for (int w = 0; w < 8; ++w) {
                int c = wcnt[w];
                wcnt[w] = run;
                run += c;
            }
            base = atomicAdd(outCount, run);
        }
        __syncthreads();
        if (pred) out[base + wcnt[warp] + lanePre] = v;
        __syncthreads();
    }
}

#define GV_T 128

// y = A x, one row per thread; x is staged in 128-element tiles, the next
// tile is prefetched while the current one is consumed.
// Launch: blockDim = 128, gridDim = ceil(rows/128); cols > 128
extern "C" __global__ void __launch_bounds__(GV_T)
gemv_prefetch_x(const float* __restrict__ A, const float* __restrict__ x, float* __restrict__ y,
                int rows, int cols)
{
    __shared__ float xs[2][GV_T];
    int tid = threadIdx.x;
    int row = blockIdx.x * GV_T + tid;
    int ntiles = (cols + GV_T - 1) / GV_T;
    xs[0][tid] = (tid < cols) ? x[tid] : 0.0f;
    __syncthreads();
    float acc = 0.0f;
    for (int t = 0; t < ntiles; ++t) {
        int cur = t & 1;
        if (t + 1 < ntiles) {
            int c = (t + 1) * GV_T + tid;
            xs[cur][tid] = (c < cols) ? x[c] : 0.0f;
        }
        if (row < rows) {
            const float* a = A + (size_t)row * cols + (size_t)t * GV_T;
            int kmax = min(GV_T, cols - t * GV_T);
            for (int k = 0; k < kmax; ++k) acc += a[k] * xs[cur][k];
        }
        __syncthreads();
    }
    if (row < rows) y[row] = acc;
}
