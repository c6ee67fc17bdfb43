// CSR-vector SpMV (one warp per row, Bell & Garland / CUSP "spmv_csr_vector").
// Row bounds are staged through shared memory by lanes 0/1 and the per-row
// partial sums are reduced in shared memory.
// Launch (both kernels): blockDim = 128 (4 warps), gridDim = 256 (grid-stride over rows),
// num_rows = 100000, ~30 nonzeros per row.
#define VECS_PER_BLOCK 4
#define THREADS (VECS_PER_BLOCK * 32)

// Legacy warp-synchronous version (as in CUSP): relies on lock-step execution of a warp
// (volatile shared memory, no __syncwarp); the unconditional tail also lets lanes
// 16..31 read the neighbouring warp's slots (their sums are discarded).
extern "C" __global__ void spmv_csr_vector_race(int num_rows, const int* __restrict__ Ap,
                                                const int* __restrict__ Aj, const float* __restrict__ Ax,
                                                const float* __restrict__ x, float* __restrict__ y)
{
    __shared__ volatile float sdata[THREADS + 16];
    __shared__ volatile int ptrs[VECS_PER_BLOCK][2];
    const int tid = threadIdx.x;
    const int lane = tid & 31;
    const int vid = tid >> 5;
    const int num_vectors = VECS_PER_BLOCK * gridDim.x;

    for (int row = blockIdx.x * VECS_PER_BLOCK + vid; row < num_rows; row += num_vectors) {
        if (lane < 2) ptrs[vid][lane] = Ap[row + lane];
        const int row_start = ptrs[vid][0];
        const int row_end = ptrs[vid][1];

        float sum = 0.f;
        for (int jj = row_start + lane; jj < row_end; jj += 32) sum += Ax[jj] * x[Aj[jj]];

        sdata[tid] = sum;
        sdata[tid] = sum = sum + sdata[tid + 16];
        sdata[tid] = sum = sum + sdata[tid + 8];
        sdata[tid] = sum = sum + sdata[tid + 4];
        sdata[tid] = sum = sum + sdata[tid + 2];
        sdata[tid] = sum = sum + sdata[tid + 1];
        if (lane == 0) y[row] = sdata[tid];
    }
}

// Same kernel with explicit warp synchronisation (CUDA 9+ style).
extern "C" __global__ void spmv_csr_vector_ok(int num_rows, const int* __restrict__ Ap,
                                              const int* __restrict__ Aj, const float* __restrict__ Ax,
                                              const float* __restrict__ x, float* __restrict__ y)
{
    __shared__ float sdata[THREADS + 16];
    __shared__ int ptrs[VECS_PER_BLOCK][2];
    const int tid = threadIdx.x;
    const int lane = tid & 31;
    const int vid = tid >> 5;
    const int num_vectors = VECS_PER_BLOCK * gridDim.x;

    for (int row = blockIdx.x * VECS_PER_BLOCK + vid; row < num_rows; row += num_vectors) {
        if (lane < 2) ptrs[vid][lane] = Ap[row + lane];
        __syncwarp();
        const int row_start = ptrs[vid][0];
        const int row_end = ptrs[vid][1];

        float sum = 0.f;
        for (int jj = row_start + lane; jj < row_end; jj += 32) sum += Ax[jj] * x[Aj[jj]];

        sdata[tid] = sum;
        __syncwarp();
        for (int off = 16; off > 0; off >>= 1) {
            if (lane < off) sum += sdata[tid + off];
            __syncwarp();
            sdata[tid] = sum;
            __syncwarp();
        }
        if (lane == 0) y[row] = sum;
    }
}
