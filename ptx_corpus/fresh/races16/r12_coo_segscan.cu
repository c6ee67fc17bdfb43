// arch: sm_80
// Launch: blockDim = (128,1,1), gridDim = (ceil(nnz/128),1,1). COO matrix sorted by row.
//         One thread per nonzero; each warp runs an in-shared-memory segmented inclusive
//         scan (Hillis-Steele, segments = equal row ids) of its 32 products and the last
//         lane of every row segment atomically adds the segment sum into y[row].
//         y must be zeroed before launch. Labels hold whenever a warp holds >= 2
//         consecutive nonzeros of the same row (e.g. any row with >= 2 nonzeros).

#define COO_THREADS 128

extern "C" __global__ void __launch_bounds__(COO_THREADS)
coo_spmv_segscan_race(const int* __restrict__ rows, const int* __restrict__ cols,
                      const float* __restrict__ vals, const float* __restrict__ x,
                      float* __restrict__ y, int nnz)
{
    __shared__ int   s_row[COO_THREADS];
    __shared__ float s_val[COO_THREADS];
    const int tid = threadIdx.x, lane = tid & 31;
    const int i = blockIdx.x * COO_THREADS + tid;

    const int   r = (i < nnz) ? rows[i] : -1;
    const float v = (i < nnz) ? vals[i] * x[cols[i]] : 0.0f;
    s_row[tid] = r;
    s_val[tid] = v;
    __syncwarp();

#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        if (lane >= d && s_row[tid - d] == r)
            s_val[tid] += s_val[tid - d];
        __syncwarp();
    }

    const bool seg_end = (lane == 31) || (s_row[tid + 1] != r);
    if (r >= 0 && seg_end) atomicAdd(&y[r], s_val[tid]);
}

extern "C" __global__ void __launch_bounds__(COO_THREADS)
coo_spmv_segscan_ok(const int* __restrict__ rows, const int* __restrict__ cols,
                    const float* __restrict__ vals, const float* __restrict__ x,
                    float* __restrict__ y, int nnz)
{
    __shared__ int   s_row[COO_THREADS];
    __shared__ float s_val[COO_THREADS];
    const int tid = threadIdx.x, lane = tid & 31;
    const int i = blockIdx.x * COO_THREADS + tid;

    const int   r = (i < nnz) ? rows[i] : -1;
    const float v = (i < nnz) ? vals[i] * x[cols[i]] : 0.0f;
    s_row[tid] = r;
    s_val[tid] = v;
    __syncwarp();

#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        const float add = (lane >= d && s_row[tid - d] == r) ? s_val[tid - d] : 0.0f;
        __syncwarp();
        s_val[tid] += add;
        __syncwarp();
    }

    const bool seg_end = (lane == 31) || (s_row[tid + 1] != r);
    if (r >= 0 && seg_end) atomicAdd(&y[r], s_val[tid]);
}
