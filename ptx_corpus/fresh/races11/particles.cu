// Particle binning on a uniform grid (SDK "particles" style).

// Per-block cell counts in shared memory, flushed with global atomics.
// Launch: blockDim = 256, gridDim = any; ncells = gx*gy*gz, 1 <= ncells <= 12288,
//         dynamic shared memory = ncells * sizeof(unsigned)
extern "C" __global__ void __launch_bounds__(256)
particle_binning(const float4* __restrict__ pos, int n, float ox, float oy, float oz, float invCell,
                 int gx, int gy, int gz, unsigned* __restrict__ cellCount, int* __restrict__ cellOf)
{
    extern __shared__ unsigned scnt[];
    int ncells = gx * gy * gz;
    for (int c = threadIdx.x; c < ncells; c += blockDim.x) scnt[c] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float4 p = pos[i];
        int cx = (int)floorf((p.x - ox) * invCell);
        int cy = (int)floorf((p.y - oy) * invCell);
        int cz = (int)floorf((p.z - oz) * invCell);
        if (cx < 0 || cy < 0 || cz < 0 || cx >= gx || cy >= gy || cz >= gz) {
            cellOf[i] = -1;
            continue;
        }
        int cell = (cz * gy + cy) * gx + cx;
        cellOf[i] = cell;
        atomicAdd(&scnt[cell], 1u);
    }
    __syncthreads();
    for (int c = threadIdx.x; c < ncells; c += blockDim.x) {
        unsigned v = scnt[c];
        if (v) atomicAdd(&cellCount[c], v);
    }
}

// Find start/end of each cell in a hash-sorted particle list and reorder positions.
// Launch: blockDim = 256, gridDim = any; dynamic shared memory = (blockDim.x + 1) * sizeof(unsigned)
extern "C" __global__ void
cell_start_end(const unsigned* __restrict__ gridHash, const unsigned* __restrict__ gridIndex,
               const float4* __restrict__ pos, float4* __restrict__ sortedPos,
               unsigned* __restrict__ cellStart, unsigned* __restrict__ cellEnd, int n)
{
    extern __shared__ unsigned sharedHash[];
    for (int base = blockIdx.x * blockDim.x; base < n; base += blockDim.x * gridDim.x) {
        int index = base + threadIdx.x;
        unsigned hash = 0;
        if (index < n) {
            hash = gridHash[index];
            sharedHash[threadIdx.x + 1] = hash;
            if (index > 0 && threadIdx.x == 0) sharedHash[0] = gridHash[index - 1];
        }
        __syncthreads();
        if (index < n) {
            if (index == 0 || hash != sharedHash[threadIdx.x]) {
                cellStart[hash] = index;
                if (index > 0) cellEnd[sharedHash[threadIdx.x]] = index;
            }
            if (index == n - 1) cellEnd[hash] = index + 1;
            sortedPos[index] = pos[gridIndex[index]];
        }
        __syncthreads();
    }
}
