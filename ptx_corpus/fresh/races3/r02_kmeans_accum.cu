// k-means update step: per-block centroid sums/counts accumulated with shared atomics, then flushed to global. blockDim = 256.
#define K 8
#define D 4
template <bool FIX>
__device__ __forceinline__ void kmeans_body(const float* __restrict__ pts, const int* __restrict__ assign, int n,
                                            float* outSum, int* outCnt)
{
    __shared__ float sSum[K * D];
    __shared__ int sCnt[K];
    int t = threadIdx.x;
    if (t < K * D) sSum[t] = 0.f;
    if (t < K) sCnt[t] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) {
        int c = assign[i];            // 0 <= c < K
        for (int d = 0; d < D; d++) atomicAdd(&sSum[c * D + d], pts[i * D + d]);
        atomicAdd(&sCnt[c], 1);
    }
    if (FIX) __syncthreads();
    if (t < K * D) {
        atomicAdd(&outSum[t], sSum[t]);
        if (t % D == 0) atomicAdd(&outCnt[t / D], sCnt[t / D]);
    }
}
extern "C" __global__ void __launch_bounds__(256) kmeans_accum_race(const float* pts, const int* assign, int n, float* outSum, int* outCnt)
{ kmeans_body<false>(pts, assign, n, outSum, outCnt); }
extern "C" __global__ void __launch_bounds__(256) kmeans_accum_ok(const float* pts, const int* assign, int n, float* outSum, int* outCnt)
{ kmeans_body<true>(pts, assign, n, outSum, outCnt); }
