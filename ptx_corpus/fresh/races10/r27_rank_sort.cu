// r27_rank_sort.cu
// Sorts 256 float scores per query ascending by counting ranks (e.g. candidate
// re-ordering before a top-k cut): each thread counts how many scores are smaller than
// its own and scatters its score to that rank in shared memory.  Scores may contain
// duplicates; they are never NaN.
// Launch: blockDim = (256,1,1), gridDim = (nqueries,1,1), exactly 256 scores per query,
//         no dynamic shared memory.
#define N 256

extern "C" __global__ void __launch_bounds__(N)
rank_sort_race(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s_in[N];
    __shared__ float s_out[N];
    const int tid = threadIdx.x;
    const size_t base = (size_t)blockIdx.x * N;

    s_in[tid] = in[base + tid];
    __syncthreads();
    const float k = s_in[tid];
    int rank = 0;
#pragma unroll 8
    for (int j = 0; j < N; ++j) rank += (s_in[j] < k) ? 1 : 0;
    s_out[rank] = k;
    __syncthreads();
    out[base + tid] = s_out[tid];
}

extern "C" __global__ void __launch_bounds__(N)
rank_sort_ok(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s_in[N];
    __shared__ float s_out[N];
    const int tid = threadIdx.x;
    const size_t base = (size_t)blockIdx.x * N;

    s_in[tid] = in[base + tid];
    __syncthreads();
    const float k = s_in[tid];
    int rank = 0;
#pragma unroll 8
    for (int j = 0; j < N; ++j) {
        const float o = s_in[j];
        rank += (o < k || (o == k && j < tid)) ? 1 : 0;   // ties broken by index: a permutation
    }
    s_out[rank] = k;
    __syncthreads();
    out[base + tid] = s_out[tid];
}
