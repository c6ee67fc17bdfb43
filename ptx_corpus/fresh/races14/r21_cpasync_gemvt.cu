// r21_cpasync_gemvt.cu
// y += A^T x over a strip of 128 columns and a range of rows (A row-major,
// rows x ncols).  Row tiles of 16 x 128 floats are streamed into shared memory
// with a 3-stage cp.async pipeline (inline PTX: cp.async.cg / commit_group /
// wait_group), CUTLASS "multistage" style; each thread owns one column.
//
// Launch (both kernels): blockDim = 128 (BLOCK); gridDim = (ncols/128,
//   rows/rows_per_block); rows_per_block a multiple of 16; ncols a multiple of
//   128; y accumulated with atomicAdd (zero it first).
#define BLOCK 128
#define COLS 128
#define TR 16
#define STAGES 3

__device__ __forceinline__ void cp_async16(void* smem_dst, const void* gmem_src)
{
    const unsigned s = (unsigned)__cvta_generic_to_shared(smem_dst);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(s), "l"(gmem_src) : "memory");
}
__device__ __forceinline__ void cp_async_commit()
{
    asm volatile("cp.async.commit_group;\n" ::: "memory");
}
template <int N>
__device__ __forceinline__ void cp_async_wait()
{
    asm volatile("cp.async.wait_group %0;\n" :: "n"(N) : "memory");
}

extern "C" __global__ void __launch_bounds__(BLOCK)
cpasync_gemvt_race(const float* __restrict__ A, const float* __restrict__ x,
                   float* __restrict__ y, int ncols, int rows_per_block)
{
    __shared__ __align__(16) float stage[STAGES][TR][COLS];
    const int tid = threadIdx.x;
    const int c0 = blockIdx.x * COLS;
    const int r0 = blockIdx.y * rows_per_block;
    const int ntiles = rows_per_block / TR;

    // 512 16-byte chunks per tile, 4 per thread; chunk q covers row q/32, columns 4*(q%32)..+3
    auto issue = [&](int t, int s) {
        #pragma unroll
        for (int k = 0; k < TR * COLS / 4 / BLOCK; ++k) {
            const int chunk = tid + k * BLOCK;
            const int r = chunk / (COLS / 4), c4 = chunk % (COLS / 4);
            cp_async16(&stage[s][r][c4 * 4], A + (size_t)(r0 + t * TR + r) * ncols + c0 + c4 * 4);
        }
    };

    #pragma unroll
    for (int s = 0; s < STAGES - 1; ++s) {
        if (s < ntiles) issue(s, s);
        cp_async_commit();
    }

    float acc = 0.f;
    for (int t = 0; t < ntiles; ++t) {
        __syncthreads();                      // everyone done with the stage refilled below
        cp_async_wait<STAGES - 2>();          // waited too late: only orders this thread's own copies
        const int nt = t + STAGES - 1;
        if (nt < ntiles) issue(nt, nt % STAGES);
        cp_async_commit();

        const int s = t % STAGES;
        #pragma unroll
        for (int r = 0; r < TR; ++r)
            acc = fmaf(stage[s][r][tid], __ldg(&x[r0 + t * TR + r]), acc);
    }
    atomicAdd(&y[c0 + tid], acc);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
cpasync_gemvt_ok(const float* __restrict__ A, const float* __restrict__ x,
                 float* __restrict__ y, int ncols, int rows_per_block)
{
    __shared__ __align__(16) float stage[STAGES][TR][COLS];
    const int tid = threadIdx.x;
    const int c0 = blockIdx.x * COLS;
    const int r0 = blockIdx.y * rows_per_block;
    const int ntiles = rows_per_block / TR;

    auto issue = [&](int t, int s) {
        #pragma unroll
        for (int k = 0; k < TR * COLS / 4 / BLOCK; ++k) {
            const int chunk = tid + k * BLOCK;
            const int r = chunk / (COLS / 4), c4 = chunk % (COLS / 4);
            cp_async16(&stage[s][r][c4 * 4], A + (size_t)(r0 + t * TR + r) * ncols + c0 + c4 * 4);
        }
    };

    #pragma unroll
    for (int s = 0; s < STAGES - 1; ++s) {
        if (s < ntiles) issue(s, s);
        cp_async_commit();
    }

    float acc = 0.f;
    for (int t = 0; t < ntiles; ++t) {
        cp_async_wait<STAGES - 2>();          // this thread's copies of tile t have landed
        __syncthreads();                      // ... and everyone's; stage (t-1)%3 is free
        const int nt = t + STAGES - 1;
        if (nt < ntiles) issue(nt, nt % STAGES);
        cp_async_commit();

        const int s = t % STAGES;
        #pragma unroll
        for (int r = 0; r < TR; ++r)
            acc = fmaf(stage[s][r][tid], __ldg(&x[r0 + t * TR + r]), acc);
    }
    atomicAdd(&y[c0 + tid], acc);
}
