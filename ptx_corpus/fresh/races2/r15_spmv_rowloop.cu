extern "C" __global__ void __launch_bounds__(1024)
csr_block_row_race(const int* __restrict__ rp, const int* __restrict__ ci,
                   const float* __restrict__ val, const float* __restrict__ x,
                   float* __restrict__ y, int nrows)
{
    __shared__ int s_beg, s_end;
    __shared__ float s_part[32];
    int tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;
    int nw = (blockDim.x + 31) >> 5;

    for (int row = blockIdx.x; row < nrows; row += gridDim.x) {
        if (tid == 0) { s_beg = rp[row]; s_end = rp[row + 1]; }
        __syncthreads();
        int beg = s_beg, end = s_end;
        float sum = 0.0f;
        for (int j = beg + tid; j < end; j += blockDim.x) sum += val[j] * x[ci[j]];
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, o);
        if (lane == 0) s_part[wid] = sum;
        __syncthreads();
        if (wid == 0) {
            float v = (lane < nw) ? s_part[lane] : 0.0f;
#pragma unroll
            for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
            if (lane == 0) y[row] = v;
        }
    }
}

extern "C" __global__ void __launch_bounds__(1024)
csr_block_row_ok(const int* __restrict__ rp, const int* __restrict__ ci,
                 const float* __restrict__ val, const float* __restrict__ x,
                 float* __restrict__ y, int nrows)
{
    __shared__ int s_beg, s_end;
    __shared__ float s_part[32];
    int tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;
    int nw = (blockDim.x + 31) >> 5;

    for (int row = blockIdx.x; row < nrows; row += gridDim.x) {
        if (tid == 0) { s_beg = rp[row]; s_end = rp[row + 1]; }
        __syncthreads();
        int beg = s_beg, end = s_end;
        float sum = 0.0f;
        for (int j = beg + tid; j < end; j += blockDim.x) sum += val[j] * x[ci[j]];
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, o);
        if (lane == 0) s_part[wid] = sum;
        __syncthreads();
        if (wid == 0) {
            float v = (lane < nw) ? s_part[lane] : 0.0f;
#pragma unroll
            for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
            if (lane == 0) y[row] = v;
        }
        __syncthreads();
    }
}
