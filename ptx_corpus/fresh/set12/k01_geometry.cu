// Computational geometry primitives: orientation predicates, point-in-polygon,
// segment intersection counting and per-point nearest-site search.
#include <cuda_runtime.h>
#include <stdint.h>

struct Seg { float2 a, b; };

__device__ __forceinline__ float orient2d(float2 a, float2 b, float2 c)
{
    return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

// Classify each query point against a single oriented line (small kernel).
extern "C" __global__ void classify_side(const float2* __restrict__ pts, int n,
                                         float2 a, float2 b, int8_t* __restrict__ side)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float o = orient2d(a, b, pts[i]);
    side[i] = (o > 1e-7f) ? 1 : ((o < -1e-7f) ? -1 : 0);
}

// Winding number test of many points against one polygon staged through shared memory.
extern "C" __global__ void winding_number(const float2* __restrict__ pts, int n,
                                          const float2* __restrict__ poly, int nv,
                                          int* __restrict__ wn_out)
{
    extern __shared__ float2 sv[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float2 p = (i < n) ? pts[i] : make_float2(0.f, 0.f);
    int wn = 0;
    for (int base = 0; base < nv; base += blockDim.x) {
        int cnt = min((int)blockDim.x, nv - base);
        __syncthreads();
        if (threadIdx.x < cnt) sv[threadIdx.x] = poly[base + threadIdx.x];
        if (threadIdx.x == 0) sv[cnt] = poly[(base + cnt) % nv];
        __syncthreads();
        for (int k = 0; k < cnt; ++k) {
            float2 v0 = sv[k], v1 = sv[k + 1];
            float o = orient2d(v0, v1, p);
            if (v0.y <= p.y) {
                if (v1.y > p.y && o > 0.f) ++wn;
            } else {
                if (v1.y <= p.y && o < 0.f) --wn;
            }
        }
    }
    if (i < n) wn_out[i] = wn;
}

__device__ __forceinline__ bool seg_cross(const Seg& s, const Seg& t)
{
    float d1 = orient2d(t.a, t.b, s.a);
    float d2 = orient2d(t.a, t.b, s.b);
    float d3 = orient2d(s.a, s.b, t.a);
    float d4 = orient2d(s.a, s.b, t.b);
    return ((d1 > 0.f) != (d2 > 0.f)) && ((d3 > 0.f) != (d4 > 0.f));
}

// Brute-force segment intersection count; each thread owns 4 segments and
// sweeps through a shared tile of the other set.
extern "C" __global__ void segment_cross_count(const Seg* __restrict__ A, int na,
                                               const Seg* __restrict__ B, int nb,
                                               unsigned long long* __restrict__ total,
                                               int* __restrict__ per_seg)
{
    __shared__ Seg tile[128];
    Seg mine[4];
    int cnt[4];
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        int idx = min(base + j, na - 1);
        mine[j] = A[idx];
        cnt[j] = 0;
    }
    for (int t0 = 0; t0 < nb; t0 += 128) {
        __syncthreads();
        if (threadIdx.x < 128 && t0 + threadIdx.x < nb) tile[threadIdx.x] = B[t0 + threadIdx.x];
        __syncthreads();
        int lim = min(128, nb - t0);
        for (int k = 0; k < lim; ++k) {
            Seg t = tile[k];
#pragma unroll
            for (int j = 0; j < 4; ++j) cnt[j] += seg_cross(mine[j], t) ? 1 : 0;
        }
    }
    int local = 0;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        if (base + j < na) { per_seg[base + j] = cnt[j]; local += cnt[j]; }
    }
    for (int off = 16; off > 0; off >>= 1) local += __shfl_down_sync(0xffffffffu, local, off);
    if ((threadIdx.x & 31) == 0 && local) atomicAdd(total, (unsigned long long)local);
}

// For each query, keep the K nearest sites in a sorted local list (insertion sort).
#define KNN_K 8
extern "C" __global__ void knn_sites(const float2* __restrict__ q, int nq,
                                     const float2* __restrict__ sites, int ns,
                                     int* __restrict__ knn_idx, float* __restrict__ knn_d)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nq) return;
    float bestd[KNN_K];
    int besti[KNN_K];
#pragma unroll
    for (int k = 0; k < KNN_K; ++k) { bestd[k] = 3.4e38f; besti[k] = -1; }
    float2 p = q[i];
    for (int s = 0; s < ns; ++s) {
        float2 c = __ldg(&sites[s]);
        float dx = c.x - p.x, dy = c.y - p.y;
        float d = dx * dx + dy * dy;
        if (d < bestd[KNN_K - 1]) {
            int pos = KNN_K - 1;
            while (pos > 0 && bestd[pos - 1] > d) {
                bestd[pos] = bestd[pos - 1];
                besti[pos] = besti[pos - 1];
                --pos;
            }
            bestd[pos] = d;
            besti[pos] = s;
        }
    }
#pragma unroll
    for (int k = 0; k < KNN_K; ++k) {
        knn_idx[i * KNN_K + k] = besti[k];
        knn_d[i * KNN_K + k] = sqrtf(bestd[k]);
    }
}
