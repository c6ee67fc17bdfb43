// r21: k-means step (K=16 clusters, 4-D points): each thread assigns one point to the nearest
// centroid (centroids cached in shared memory), then the same shared buffer is reused to
// accumulate per-cluster coordinate sums with shared atomics, which are flushed to global.
// Launch: any 1-D blockDim.x <= 128 (typ. 128), grid = ceil(n/blockDim.x).
#include <math.h>
#define KC 16
#define DIM 4

extern "C" __global__ void __launch_bounds__(128)
kmeans_accum_race(const float4* __restrict__ pts, const float* __restrict__ cent, int n,
                  int* __restrict__ assign, float* __restrict__ sums, int* __restrict__ counts)
{
    __shared__ float s_buf[KC * DIM];     // centroids, later per-cluster sums
    __shared__ int s_cnt[KC];
    const int tid = threadIdx.x;
    for (int i = tid; i < KC * DIM; i += blockDim.x) s_buf[i] = cent[i];
    for (int i = tid; i < KC; i += blockDim.x) s_cnt[i] = 0;
    __syncthreads();

    const int g = blockIdx.x * blockDim.x + tid;
    float4 p = make_float4(0.f, 0.f, 0.f, 0.f);
    int best = -1;
    if (g < n) {
        p = pts[g];
        float bestd = INFINITY;
        for (int k = 0; k < KC; ++k) {
            const float dx = p.x - s_buf[k * DIM + 0];
            const float dy = p.y - s_buf[k * DIM + 1];
            const float dz = p.z - s_buf[k * DIM + 2];
            const float dw = p.w - s_buf[k * DIM + 3];
            const float d = dx * dx + dy * dy + dz * dz + dw * dw;
            if (d < bestd) { bestd = d; best = k; }
        }
        assign[g] = best;
    }

    for (int i = tid; i < KC * DIM; i += blockDim.x) s_buf[i] = 0.f;   // reuse as sums
    __syncthreads();
    if (best >= 0) {
        atomicAdd(&s_buf[best * DIM + 0], p.x);
        atomicAdd(&s_buf[best * DIM + 1], p.y);
        atomicAdd(&s_buf[best * DIM + 2], p.z);
        atomicAdd(&s_buf[best * DIM + 3], p.w);
        atomicAdd(&s_cnt[best], 1);
    }
    __syncthreads();
    for (int i = tid; i < KC * DIM; i += blockDim.x) atomicAdd(&sums[i], s_buf[i]);
    for (int i = tid; i < KC; i += blockDim.x) atomicAdd(&counts[i], s_cnt[i]);
}

extern "C" __global__ void __launch_bounds__(128)
kmeans_accum_ok(const float4* __restrict__ pts, const float* __restrict__ cent, int n,
                int* __restrict__ assign, float* __restrict__ sums, int* __restrict__ counts)
{
    __shared__ float s_buf[KC * DIM];     // centroids, later per-cluster sums
    __shared__ int s_cnt[KC];
    const int tid = threadIdx.x;
    for (int i = tid; i < KC * DIM; i += blockDim.x) s_buf[i] = cent[i];
    for (int i = tid; i < KC; i += blockDim.x) s_cnt[i] = 0;
    __syncthreads();

    const int g = blockIdx.x * blockDim.x + tid;
    float4 p = make_float4(0.f, 0.f, 0.f, 0.f);
    int best = -1;
    if (g < n) {
        p = pts[g];
        float bestd = INFINITY;
        for (int k = 0; k < KC; ++k) {
            const float dx = p.x - s_buf[k * DIM + 0];
            const float dy = p.y - s_buf[k * DIM + 1];
            const float dz = p.z - s_buf[k * DIM + 2];
            const float dw = p.w - s_buf[k * DIM + 3];
            const float d = dx * dx + dy * dy + dz * dz + dw * dw;
            if (d < bestd) { bestd = d; best = k; }
        }
        assign[g] = best;
    }
    __syncthreads();              // all threads are done with the centroids
    for (int i = tid; i < KC * DIM; i += blockDim.x) s_buf[i] = 0.f;   // reuse as sums
    __syncthreads();
    if (best >= 0) {
        atomicAdd(&s_buf[best * DIM + 0], p.x);
        atomicAdd(&s_buf[best * DIM + 1], p.y);
        atomicAdd(&s_buf[best * DIM + 2], p.z);
        atomicAdd(&s_buf[best * DIM + 3], p.w);
        atomicAdd(&s_cnt[best], 1);
    }
    __syncthreads();
    for (int i = tid; i < KC * DIM; i += blockDim.x) atomicAdd(&sums[i], s_buf[i]);
    for (int i = tid; i < KC; i += blockDim.x) atomicAdd(&counts[i], s_cnt[i]);
}
