// r11_md_cells.cu
//
// Short-range Lennard-Jones forces with a cell list (molecular dynamics).
// Persistent blocks pull cells from a global work counter; for a cell the
// block stages each of the 27 neighbour cells' particle positions in shared
// memory in turn, and thread i accumulates the force / potential of particle
// i of the home cell. Empty cells (vacuum regions, typical for interfaces and
// droplets) are skipped.
//
// Launch configuration:
//   blockDim = (128,1,1)   (4 warps; <= 128 particles per cell guaranteed)
//   gridDim  = (2 * numSMs,1,1) persistent blocks, e.g. 264
//   dims = (64,64,64) cells, periodic box (bx,by,bz), *work_counter = 0
//   before launch, static shared memory only.

#define BLOCK 128
#define MAX_PER_CELL 128

__device__ __forceinline__ float min_image(float d, float box)
{
    return d - box * rintf(d / box);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
md_cells_race(const float4* __restrict__ pos, const int* __restrict__ cell_start,
              const int* __restrict__ cell_count, int3 dims,
              float bx, float by, float bz, float rc2, float eps, float sigma2,
              float4* __restrict__ force, int* __restrict__ work_counter)
{
    __shared__ float4 s_pos[MAX_PER_CELL];
    __shared__ int s_cell;
    const int tid = threadIdx.x;
    const int ncells = dims.x * dims.y * dims.z;

    while (true) {
        if (tid == 0) s_cell = atomicAdd(work_counter, 1);
        __syncthreads();
        const int cell = s_cell;
        if (cell >= ncells) break;

        const int cnt = cell_count[cell];
        if (cnt == 0) continue;
        const int start = cell_start[cell];
        const int cx = cell % dims.x;
        const int cy = (cell / dims.x) % dims.y;
        const int cz = cell / (dims.x * dims.y);

        float4 pi = make_float4(0.f, 0.f, 0.f, 0.f);
        if (tid < cnt) pi = pos[start + tid];
        float fx = 0.f, fy = 0.f, fz = 0.f, epot = 0.f;

        for (int nb = 0; nb < 27; ++nb) {
            const int nx = (cx + nb % 3 - 1 + dims.x) % dims.x;
            const int ny = (cy + (nb / 3) % 3 - 1 + dims.y) % dims.y;
            const int nz = (cz + nb / 9 - 1 + dims.z) % dims.z;
            const int ncell = (nz * dims.y + ny) * dims.x + nx;
            const int ns = cell_start[ncell], nc = cell_count[ncell];
            if (tid < nc) s_pos[tid] = pos[ns + tid];
            __syncthreads();
            if (tid < cnt) {
                for (int j = 0; j < nc; ++j) {
                    const float4 pj = s_pos[j];
                    const float dx = min_image(pi.x - pj.x, bx);
                    const float dy = min_image(pi.y - pj.y, by);
                    const float dz = min_image(pi.z - pj.z, bz);
                    const float r2 = dx * dx + dy * dy + dz * dz;
                    if (r2 < rc2 && r2 > 0.f) {
                        const float ir2 = sigma2 / r2;
                        const float ir6 = ir2 * ir2 * ir2;
                        const float fm = 24.f * eps * ir6 * (2.f * ir6 - 1.f) / r2;
                        fx += fm * dx; fy += fm * dy; fz += fm * dz;
                        epot += 4.f * eps * ir6 * (ir6 - 1.f);
                    }
                }
            }
            __syncthreads();
        }
        if (tid < cnt) force[start + tid] = make_float4(fx, fy, fz, 0.5f * epot);
        __syncthreads();   // protect s_cell before the next fetch
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
md_cells_ok(const float4* __restrict__ pos, const int* __restrict__ cell_start,
            const int* __restrict__ cell_count, int3 dims,
            float bx, float by, float bz, float rc2, float eps, float sigma2,
            float4* __restrict__ force, int* __restrict__ work_counter)
{
    __shared__ float4 s_pos[MAX_PER_CELL];
    __shared__ int s_cell;
    const int tid = threadIdx.x;
    const int ncells = dims.x * dims.y * dims.z;

    while (true) {
        if (tid == 0) s_cell = atomicAdd(work_counter, 1);
        __syncthreads();
        const int cell = s_cell;
        if (cell >= ncells) break;

        const int cnt = cell_count[cell];
        if (cnt == 0) { __syncthreads(); continue; }
        const int start = cell_start[cell];
        const int cx = cell % dims.x;
        const int cy = (cell / dims.x) % dims.y;
        const int cz = cell / (dims.x * dims.y);

        float4 pi = make_float4(0.f, 0.f, 0.f, 0.f);
        if (tid < cnt) pi = pos[start + tid];
        float fx = 0.f, fy = 0.f, fz = 0.f, epot = 0.f;

        for (int nb = 0; nb < 27; ++nb) {
            const int nx = (cx + nb % 3 - 1 + dims.x) % dims.x;
            const int ny = (cy + (nb / 3) % 3 - 1 + dims.y) % dims.y;
            const int nz = (cz + nb / 9 - 1 + dims.z) % dims.z;
            const int ncell = (nz * dims.y + ny) * dims.x + nx;
            const int ns = cell_start[ncell], nc = cell_count[ncell];
            if (tid < nc) s_pos[tid] = pos[ns + tid];
            __syncthreads();
            if (tid < cnt) {
                for (int j = 0; j < nc; ++j) {
                    const float4 pj = s_pos[j];
                    const float dx = min_image(pi.x - pj.x, bx);
                    const float dy = min_image(pi.y - pj.y, by);
                    const float dz = min_image(pi.z - pj.z, bz);
                    const float r2 = dx * dx + dy * dy + dz * dz;
                    if (r2 < rc2 && r2 > 0.f) {
                        const float ir2 = sigma2 / r2;
                        const float ir6 = ir2 * ir2 * ir2;
                        const float fm = 24.f * eps * ir6 * (2.f * ir6 - 1.f) / r2;
                        fx += fm * dx; fy += fm * dy; fz += fm * dz;
                        epot += 4.f * eps * ir6 * (ir6 - 1.f);
                    }
                }
            }
            __syncthreads();
        }
        if (tid < cnt) force[start + tid] = make_float4(fx, fy, fz, 0.5f * epot);
        __syncthreads();   // protect s_cell before the next fetch
    }
}
