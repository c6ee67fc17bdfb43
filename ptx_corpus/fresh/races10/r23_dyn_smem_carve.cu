// r23_dyn_smem_carve.cu
// Segment heads and block-local segment ranks for a sorted key array (building block of
// reduce_by_key / run-length encoding): head[i] = (i == 0 || key[i] != key[i-1]),
// rank[i] = number of heads in the block at positions <= i (inclusive scan of heads).
// Dynamic shared memory is carved into s_key (blockDim.x + 1 ints: one look-behind key
// followed by the block's keys) and s_flag (blockDim.x ints, scanned in place).
// Launch: blockDim = (256,1,1), gridDim = (ceil(n/256),1,1),
//         dynamic shared memory = (2*256 + 1) * sizeof(int) = 2052 bytes.

extern "C" __global__ void __launch_bounds__(256)
segment_heads_race(const int* __restrict__ key, int n, int* __restrict__ head, int* __restrict__ rank)
{
    extern __shared__ int smem[];
    int* s_key  = smem;                       // [0] = key[base-1], [1 + t] = key[base + t]
    int* s_flag = smem + blockDim.x;
    const int tid = threadIdx.x;
    const int i = blockIdx.x * blockDim.x + tid;
    const bool valid = i < n;

    if (valid) s_key[tid + 1] = key[i];
    if (tid == 0 && valid && i > 0) s_key[0] = key[i - 1];
    __syncthreads();

    int f = 0;
    if (valid) f = (i == 0 || s_key[tid + 1] != s_key[tid]) ? 1 : 0;
    s_flag[tid] = f;
    __syncthreads();

    for (int off = 1; off < blockDim.x; off <<= 1) {    // inclusive Hillis-Steele scan
        const int v = (tid >= off) ? s_flag[tid - off] : 0;
        __syncthreads();
        s_flag[tid] += v;
        __syncthreads();
    }
    if (valid) { head[i] = f; rank[i] = s_flag[tid]; }
}

extern "C" __global__ void __launch_bounds__(256)
segment_heads_ok(const int* __restrict__ key, int n, int* __restrict__ head, int* __restrict__ rank)
{
    extern __shared__ int smem[];
    int* s_key  = smem;                       // [0] = key[base-1], [1 + t] = key[base + t]
    int* s_flag = smem + blockDim.x + 1;      // after the blockDim.x + 1 keys
    const int tid = threadIdx.x;
    const int i = blockIdx.x * blockDim.x + tid;
    const bool valid = i < n;

    if (valid) s_key[tid + 1] = key[i];
    if (tid == 0 && valid && i > 0) s_key[0] = key[i - 1];
    __syncthreads();

    int f = 0;
    if (valid) f = (i == 0 || s_key[tid + 1] != s_key[tid]) ? 1 : 0;
    s_flag[tid] = f;
    __syncthreads();

    for (int off = 1; off < blockDim.x; off <<= 1) {    // inclusive Hillis-Steele scan
        const int v = (tid >= off) ? s_flag[tid - off] : 0;
        __syncthreads();
        s_flag[tid] += v;
        __syncthreads();
    }
    if (valid) { head[i] = f; rank[i] = s_flag[tid]; }
}
