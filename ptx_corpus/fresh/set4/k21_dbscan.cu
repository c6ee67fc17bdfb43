// DBSCAN on 2D/3D points: uniform-grid cell binning, eps-neighbour counting over 27 cells, and core-point label propagation (min-label iteration).
#include <cuda_runtime.h>

struct Pt3 { float x, y, z; };

extern "C" __global__ void
dbscan_cell_ids(const Pt3* __restrict__ p, int n, float3 origin, float invCell, int3 dims,
                unsigned int* __restrict__ cellId, unsigned int* __restrict__ order)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Pt3 q = p[i];
    int cx = min(max((int)((q.x - origin.x) * invCell), 0), dims.x - 1);
    int cy = min(max((int)((q.y - origin.y) * invCell), 0), dims.y - 1);
    int cz = min(max((int)((q.z - origin.z) * invCell), 0), dims.z - 1);
    cellId[i] = (cz * dims.y + cy) * dims.x + cx;
    order[i] = i;
}

// points sorted by cell; cellStart/cellEnd give ranges. Count neighbours within eps (cell size == eps).
extern "C" __global__ void __launch_bounds__(256, 4)
dbscan_count_neighbors(const Pt3* __restrict__ sp /*sorted*/, int n, const unsigned int* __restrict__ cellStart,
                       const unsigned int* __restrict__ cellEnd, float3 origin, float invCell, int3 dims, float eps2,
                       int minPts, int* __restrict__ nbrCount, unsigned char* __restrict__ isCore)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Pt3 q = sp[i];
    int cx = min(max((int)((q.x - origin.x) * invCell), 0), dims.x - 1);
    int cy = min(max((int)((q.y - origin.y) * invCell), 0), dims.y - 1);
    int cz = min(max((int)((q.z - origin.z) * invCell), 0), dims.z - 1);
    int cnt = 0;
#pragma unroll
    for (int dz = -1; dz <= 1; ++dz)
#pragma unroll
        for (int dy = -1; dy <= 1; ++dy)
#pragma unroll
            for (int dx = -1; dx <= 1; ++dx) {
                int x = cx + dx, y = cy + dy, z = cz + dz;
                if (x < 0 || y < 0 || z < 0 || x >= dims.x || y >= dims.y || z >= dims.z) continue;
                unsigned int c = (z * dims.y + y) * dims.x + x;
                unsigned int s = cellStart[c], e = cellEnd[c];
                if (s == 0xffffffffu) continue;
                for (unsigned int j = s; j < e; ++j) {
                    Pt3 o = sp[j];
                    float ddx = o.x - q.x, ddy = o.y - q.y, ddz = o.z - q.z;
                    cnt += (ddx * ddx + ddy * ddy + ddz * ddz) <= eps2;
                }
            }
    nbrCount[i] = cnt;
    isCore[i] = cnt >= minPts;
}

// one sweep of min-label propagation between core points (and attach border points); repeat until no change
extern "C" __global__ void
dbscan_propagate_labels(const Pt3* __restrict__ sp, int n, const unsigned int* __restrict__ cellStart,
                        const unsigned int* __restrict__ cellEnd, float3 origin, float invCell, int3 dims, float eps2,
                        const unsigned char* __restrict__ isCore, int* __restrict__ label, int* __restrict__ changed)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Pt3 q = sp[i];
    int my = label[i];
    int best = my;
    int cx = min(max((int)((q.x - origin.x) * invCell), 0), dims.x - 1);
    int cy = min(max((int)((q.y - origin.y) * invCell), 0), dims.y - 1);
    int cz = min(max((int)((q.z - origin.z) * invCell), 0), dims.z - 1);
    for (int nb = 0; nb < 27; ++nb) {
        int x = cx + nb % 3 - 1, y = cy + (nb / 3) % 3 - 1, z = cz + nb / 9 - 1;
        if (x < 0 || y < 0 || z < 0 || x >= dims.x || y >= dims.y || z >= dims.z) continue;
        unsigned int c = (z * dims.y + y) * dims.x + x;
        unsigned int s = cellStart[c], e = cellEnd[c];
        if (s == 0xffffffffu) continue;
        for (unsigned int j = s; j < e; ++j) {
            if (!isCore[j]) continue;                 // labels only flow from core points
            Pt3 o = sp[j];
            float ddx = o.x - q.x, ddy = o.y - q.y, ddz = o.z - q.z;
            if (ddx * ddx + ddy * ddy + ddz * ddz <= eps2) best = min(best, label[j]);
        }
    }
    // core and border points both adopt the smallest core-neighbour label
    if (best < my) { atomicMin(&label[i], best); *changed = 1; }
}
