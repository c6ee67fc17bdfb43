// K-means clustering: assignment with centroids in shared memory (templated dims),
// centroid accumulation with shared atomics, and distance via transposed layout.
#include <cuda_runtime.h>

template <int D, int KMAX>
__device__ __forceinline__ void kmeansAssign(int *membership, float *minDist, const float *points,
                                             const float *centroids, int n, int k)
{
    __shared__ float sC[KMAX * D];
    for (int i = threadIdx.x; i < k * D; i += blockDim.x) sC[i] = centroids[i];
    __syncthreads();
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n) return;
    float x[D];
#pragma unroll
    for (int d = 0; d < D; d++) x[d] = points[(size_t)d * n + p];   // feature-major layout
    float best = 3.4e38f;
    int bestK = 0;
    for (int c = 0; c < k; c++) {
        float dist = 0.f;
#pragma unroll
        for (int d = 0; d < D; d++) {
            float diff = x[d] - sC[c * D + d];
            dist += diff * diff;
        }
        if (dist < best) { best = dist; bestK = c; }
    }
    membership[p] = bestK;
    if (minDist) minDist[p] = best;
}

extern "C" __global__ void kmeansAssign_d16(int *m, float *md, const float *pts, const float *cent, int n, int k)
{
    kmeansAssign<16, 64>(m, md, pts, cent, n, k);
}

// Accumulate per-cluster sums in shared memory, flush to global with atomics.
extern "C" __global__ void kmeansAccumulate(float *sums, int *counts, const float *points, const int *membership,
                                            int n, int k, int dims)
{
    extern __shared__ float sh[];
    float *sSum = sh;
    int *sCnt = (int *)(sh + k * dims);
    for (int i = threadIdx.x; i < k * dims; i += blockDim.x) sSum[i] = 0.f;
    for (int i = threadIdx.x; i < k; i += blockDim.x) sCnt[i] = 0;
    __syncthreads();
    for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < n; p += gridDim.x * blockDim.x) {
        int c = membership[p];
        atomicAdd(&sCnt[c], 1);
        for (int d = 0; d < dims; d++) atomicAdd(&sSum[c * dims + d], points[(size_t)d * n + p]);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < k * dims; i += blockDim.x) atomicAdd(&sums[i], sSum[i]);
    for (int i = threadIdx.x; i < k; i += blockDim.x) atomicAdd(&counts[i], sCnt[i]);
}

// Double precision, point-major layout, warp-cooperative distance to many centroids.
extern "C" __global__ void __launch_bounds__(256)
kmeansAssignWarp_f64(int *membership, const double *points, const double *centroids, int n, int k, int dims)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= n) return;
    const double *x = points + (size_t)warp * dims;
    double best = 1.7e308;
    int bestK = 0;
    for (int c = 0; c < k; c++) {
        const double *cc = centroids + (size_t)c * dims;
        double part = 0.0;
        for (int d = lane; d < dims; d += 32) {
            double diff = x[d] - cc[d];
            part += diff * diff;
        }
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) part += __shfl_xor_sync(0xffffffffu, part, o);
        if (part < best) { best = part; bestK = c; }
    }
    if (lane == 0) membership[warp] = bestK;
}
