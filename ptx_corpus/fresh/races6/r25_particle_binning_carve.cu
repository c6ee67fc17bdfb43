// r25: per-block counting sort of particles into 1-D cells. Dynamic shared memory is carved
// into four int arrays: counts[ncells] | starts[ncells] | cell-of-particle[blockDim.x] | sorted[blockDim.x].
// Launch: any 1-D blockDim.x (typ. 256), grid = ceil(n/blockDim.x), ncells a multiple of 4 (typ. 64),
//         dynamic shared memory = (2*ncells + 2*blockDim.x) * sizeof(int).
extern "C" __global__ void particle_binning_carve_race(const float2* __restrict__ ppos, int n, int ncells,
                                                       float cell_inv, int* __restrict__ sorted_idx,
                                                       int* __restrict__ sorted_cell,
                                                       int* __restrict__ cell_start,
                                                       int* __restrict__ cell_count)
{
    extern __shared__ __align__(16) unsigned char smem[];
    int* s_cnt   = (int*)smem;
    int* s_start = (int*)(smem + ncells * sizeof(int));
    int* s_cell  = (int*)(smem + 2 * ncells);
    int* s_out   = (int*)(smem + (2 * ncells + blockDim.x) * sizeof(int));

    const int tid = threadIdx.x;
    const int obase = blockIdx.x * blockDim.x;
    const int g = obase + tid;
    int c = -1;
    if (g < n) c = min(max((int)(ppos[g].x * cell_inv), 0), ncells - 1);
    s_cell[tid] = c;
    for (int i = tid; i < ncells; i += blockDim.x) s_cnt[i] = 0;
    __syncthreads();
    int rank = -1;
    if (c >= 0) rank = atomicAdd(&s_cnt[c], 1);
    __syncthreads();
    if (tid == 0) {
        int run = 0;
        for (int i = 0; i < ncells; ++i) { s_start[i] = run; run += s_cnt[i]; }
    }
    __syncthreads();
    if (c >= 0) s_out[s_start[c] + rank] = g;
    __syncthreads();
    const int nvalid = min((int)blockDim.x, n - obase);
    for (int i = tid; i < nvalid; i += blockDim.x) {
        const int p = s_out[i];
        sorted_idx[obase + i] = p;
        sorted_cell[obase + i] = s_cell[p - obase];
    }
    for (int i = tid; i < ncells; i += blockDim.x) {
        cell_start[blockIdx.x * ncells + i] = obase + s_start[i];
        cell_count[blockIdx.x * ncells + i] = s_cnt[i];
    }
}

extern "C" __global__ void particle_binning_carve_ok(const float2* __restrict__ ppos, int n, int ncells,
                                                     float cell_inv, int* __restrict__ sorted_idx,
                                                     int* __restrict__ sorted_cell,
                                                     int* __restrict__ cell_start,
                                                     int* __restrict__ cell_count)
{
    extern __shared__ __align__(16) unsigned char smem[];
    int* s_cnt   = (int*)smem;
    int* s_start = (int*)(smem + ncells * sizeof(int));
    int* s_cell  = (int*)(smem + 2 * ncells * sizeof(int));
    int* s_out   = (int*)(smem + (2 * ncells + blockDim.x) * sizeof(int));

    const int tid = threadIdx.x;
    const int obase = blockIdx.x * blockDim.x;
    const int g = obase + tid;
    int c = -1;
    if (g < n) c = min(max((int)(ppos[g].x * cell_inv), 0), ncells - 1);
    s_cell[tid] = c;
    for (int i = tid; i < ncells; i += blockDim.x) s_cnt[i] = 0;
    __syncthreads();
    int rank = -1;
    if (c >= 0) rank = atomicAdd(&s_cnt[c], 1);
    __syncthreads();
    if (tid == 0) {
        int run = 0;
        for (int i = 0; i < ncells; ++i) { s_start[i] = run; run += s_cnt[i]; }
    }
    __syncthreads();
    if (c >= 0) s_out[s_start[c] + rank] = g;
    __syncthreads();
    const int nvalid = min((int)blockDim.x, n - obase);
    for (int i = tid; i < nvalid; i += blockDim.x) {
        const int p = s_out[i];
        sorted_idx[obase + i] = p;
        sorted_cell[obase + i] = s_cell[p - obase];
    }
    for (int i = tid; i < ncells; i += blockDim.x) {
        cell_start[blockIdx.x * ncells + i] = obase + s_start[i];
        cell_count[blockIdx.x * ncells + i] = s_cnt[i];
    }
}
