// r07_gemv_xtile_dbuf.cu
// y = A x with A stored column-major (m x n, lda = m), one thread per row
// (coalesced column reads).  x is staged through shared memory in 256-element
// tiles with a two-stage ring: tile t+1 is prefetched while tile t is consumed.
//
// Launch (both kernels): blockDim = 256 (BLOCK), gridDim = ceil(m / 256);
//   n is a multiple of TILE (256) and n >= 512 (at least two x tiles).
#define BLOCK 256
#define TILE 256
#define STAGES 2

extern "C" __global__ void __launch_bounds__(BLOCK)
gemv_xtile_dbuf_race(const float* __restrict__ A, const float* __restrict__ x,
                     float* __restrict__ y, int m, int n)
{
    __shared__ float xs[STAGES][TILE];
    const int tid = threadIdx.x;
    const int row = blockIdx.x * BLOCK + tid;
    const int ntiles = n / TILE;

    xs[0][tid] = x[tid];
    __syncthreads();

    float acc = 0.f;
    for (int t = 0; t < ntiles; ++t) {
        const int cur = t % STAGES;
        const int nxt = (t + STAGES) % STAGES;     // meant (t + 1) % STAGES
        if (t + 1 < ntiles) xs[nxt][tid] = x[(t + 1) * TILE + tid];
        if (row < m) {
            const float* a = A + (size_t)t * TILE * m + row;
            #pragma unroll 8
            for (int k = 0; k < TILE; ++k)
                acc = fmaf(a[(size_t)k * m], xs[cur][k], acc);
        }
        __syncthreads();
    }
    if (row < m) y[row] = acc;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
gemv_xtile_dbuf_ok(const float* __restrict__ A, const float* __restrict__ x,
                   float* __restrict__ y, int m, int n)
{
    __shared__ float xs[STAGES][TILE];
    const int tid = threadIdx.x;
    const int row = blockIdx.x * BLOCK + tid;
    const int ntiles = n / TILE;

    xs[0][tid] = x[tid];
    __syncthreads();

    // One barrier per tile: iteration t writes stage (t+1)%2 and reads stage t%2;
    // the stage written in iteration t was last read in iteration t-1, before
    // that iteration's barrier.
    float acc = 0.f;
    for (int t = 0; t < ntiles; ++t) {
        const int cur = t % STAGES;
        const int nxt = (t + 1) % STAGES;
        if (t + 1 < ntiles) xs[nxt][tid] = x[(t + 1) * TILE + tid];
        if (row < m) {
            const float* a = A + (size_t)t * TILE * m + row;
            #pragma unroll 8
            for (int k = 0; k < TILE; ++k)
                acc = fmaf(a[(size_t)k * m], xs[cur][k], acc);
        }
        __syncthreads();
    }
    if (row < m) y[row] = acc;
}
