// Planar geometry queries: point-in-polygon, segment intersection counting, convex hull area.
#include <cuda_runtime.h>

// Winding-number classification of many points against one polygon staged in shared memory.
extern "C" __global__ void winding_number(const float2* __restrict__ pts, int n_pts,
                                          const float2* __restrict__ poly, int n_verts,
                                          int* __restrict__ inside)
{
    extern __shared__ float2 sp[];
    for (int i = threadIdx.x; i < n_verts; i += blockDim.x) sp[i] = poly[i];
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n_pts) return;
    float2 p = pts[i];
    int wn = 0;
    float2 a = sp[n_verts - 1];
    for (int k = 0; k < n_verts; ++k) {
        float2 b = sp[k];
        float cr = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y);
        if (a.y <= p.y) { if (b.y > p.y && cr > 0.f) ++wn; }
        else { if (b.y <= p.y && cr < 0.f) --wn; }
        a = b;
    }
    inside[i] = wn;
}

__device__ __forceinline__ float orient(float2 a, float2 b, float2 c)
{
    return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

// Count proper intersections of each segment against all others (tiled through shared memory).
extern "C" __global__ void __launch_bounds__(256)
segment_intersections(const float4* __restrict__ segs, int n, int* __restrict__ count)
{
    __shared__ float4 tile[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 s = (i < n) ? segs[i] : make_float4(0.f, 0.f, 0.f, 0.f);
    float2 p1 = make_float2(s.x, s.y), p2 = make_float2(s.z, s.w);
    int c = 0;
    for (int t = 0; t < n; t += 256) {
        int j = t + threadIdx.x;
        tile[threadIdx.x] = (j < n) ? segs[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
        int lim = min(256, n - t);
#pragma unroll 4
        for (int k = 0; k < lim; ++k) {
            float4 o = tile[k];
            float2 q1 = make_float2(o.x, o.y), q2 = make_float2(o.z, o.w);
            float d1 = orient(q1, q2, p1), d2 = orient(q1, q2, p2);
            float d3 = orient(p1, p2, q1), d4 = orient(p1, p2, q2);
            c += ((d1 * d2 < 0.f) && (d3 * d4 < 0.f)) ? 1 : 0;
        }
        __syncthreads();
    }
    if (i < n) count[i] = c;
}
