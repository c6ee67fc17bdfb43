// Particle binning into a 4x4x4 cell grid: shared cell counts, warp-0 scan, scatter into cell-sorted arrays, per-cell neighbour count. blockDim = (8,8,4).
#define NC 64
template <bool FIX>
__device__ __forceinline__ void pbin_body(const float4* __restrict__ pos, int* __restrict__ nbrCount, float cellSize, float r2)
{
    __shared__ int cnt[NC];
    __shared__ int start[NC];
    __shared__ int cur[NC];
    __shared__ float sx[256], sy[256], sz[256];
    int t = threadIdx.x + 8 * (threadIdx.y + 8 * threadIdx.z);
    int lane = t & 31;
    float4 p = pos[blockIdx.x * 256 + t];
    int cx = min(3, max(0, (int)(p.x / cellSize)));
    int cy = min(3, max(0, (int)(p.y / cellSize)));
    int cz = min(3, max(0, (int)(p.z / cellSize)));
    int c = cx + 4 * (cy + 4 * cz);
    if (t < NC) cnt[t] = 0;
    __syncthreads();
    atomicAdd(&cnt[c], 1);
    __syncthreads();
    if (t < 32) {                      // each lane owns cells 2*lane, 2*lane+1
        int a = cnt[2 * lane], b = cnt[2 * lane + 1];
        int s = a + b;
        for (int d = 1; d < 32; d <<= 1) {
            int y = __shfl_up_sync(0xffffffffu, s, d);
            if (lane >= d) s += y;
        }
        int ex = s - a - b;
        start[2 * lane] = ex;         cur[2 * lane] = ex;
        start[2 * lane + 1] = ex + a; cur[2 * lane + 1] = ex + a;
    }
    __syncthreads();
    int slot = atomicAdd(&cur[c], 1);
    sx[slot] = p.x; sy[slot] = p.y; sz[slot] = p.z;
    if (FIX) __syncthreads();
    int nb = 0;
    for (int j = start[c]; j < start[c] + cnt[c]; j++) {
        float dx = sx[j] - p.x, dy = sy[j] - p.y, dz = sz[j] - p.z;
        nb += (dx * dx + dy * dy + dz * dz < r2);
    }
    nbrCount[blockIdx.x * 256 + t] = nb;
}
extern "C" __global__ void __launch_bounds__(256) particle_bin_race(const float4* pos, int* nbrCount, float cellSize, float r2)
{ pbin_body<false>(pos, nbrCount, cellSize, r2); }
extern "C" __global__ void __launch_bounds__(256) particle_bin_ok(const float4* pos, int* nbrCount, float cellSize, float r2)
{ pbin_body<true>(pos, nbrCount, cellSize, r2); }
