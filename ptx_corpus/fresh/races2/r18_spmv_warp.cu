#define SV_T 256

extern "C" __global__ void __launch_bounds__(SV_T)
spmv_csr_vector_race(const int* __restrict__ rp, const int* __restrict__ ci,
                     const float* __restrict__ val, const float* __restrict__ x,
                     float* __restrict__ y, int nrows)
{
    __shared__ float sv[SV_T];
    int tid = threadIdx.x, lane = tid & 31;
    int warp = (blockIdx.x * SV_T + tid) >> 5;
    int nwarps = (gridDim.x * SV_T) >> 5;

    for (int row = warp; row < nrows; row += nwarps) {
        float sum = 0.0f;
        for (int j = rp[row] + lane; j < rp[row + 1]; j += 32) sum += val[j] * x[ci[j]];
        sv[tid] = sum;
#pragma unroll
        for (int off = 16; off > 0; off >>= 1) {
            if (lane < off) sv[tid] = sum = sum + sv[tid + off];
            __syncwarp();
        }
        if (lane == 0) y[row] = sum;
    }
}

extern "C" __global__ void __launch_bounds__(SV_T)
spmv_csr_vector_ok(const int* __restrict__ rp, const int* __restrict__ ci,
                   const float* __restrict__ val, const float* __restrict__ x,
                   float* __restrict__ y, int nrows)
{
    __shared__ float sv[SV_T];
    int tid = threadIdx.x, lane = tid & 31;
    int warp = (blockIdx.x * SV_T + tid) >> 5;
    int nwarps = (gridDim.x * SV_T) >> 5;

    for (int row = warp; row < nrows; row += nwarps) {
        float sum = 0.0f;
        for (int j = rp[row] + lane; j < rp[row + 1]; j += 32) sum += val[j] * x[ci[j]];
        sv[tid] = sum;
        __syncwarp();
#pragma unroll
        for (int off = 16; off > 0; off >>= 1) {
            if (lane < off) sv[tid] = sum = sum + sv[tid + off];
            __syncwarp();
        }
        if (lane == 0) y[row] = sum;
    }
}
