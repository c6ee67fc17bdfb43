// r28_kmeans_accum.cu
// Block-local Lloyd iterations of k-means (K = 8 centroids, D = 64 dims) on the
// block's 256 points (one point per thread, kept in registers).  Centroids,
// per-centroid coordinate sums and member counts live in shared memory; sums
// and counts are accumulated with shared atomics, then the update step divides
// and clears them.  Final centroids go to cent_out[blockIdx.x][K][D].
//
// Launch (both kernels): blockDim = 256 (BLOCK); gridDim = npoints / 256;
//   points is [npoints][64]; cent_init is [8][64]; iters >= 1.
#define BLOCK 256
#define K 8
#define D 64

extern "C" __global__ void __launch_bounds__(BLOCK)
kmeans_accum_race(const float* __restrict__ points, const float* __restrict__ cent_init,
                  float* __restrict__ cent_out, int iters)
{
    __shared__ float s_cent[K][D];
    __shared__ float s_sum[K][D];
    __shared__ int s_cnt[K];
    const int tid = threadIdx.x;

    for (int i = tid; i < K * D; i += BLOCK) {
        s_cent[i / D][i % D] = cent_init[i];
        s_sum[i / D][i % D] = 0.f;
    }
    if (tid < K) s_cnt[tid] = 0;
    float p[D];
    const float* pt = points + ((size_t)blockIdx.x * BLOCK + tid) * D;
    #pragma unroll
    for (int d = 0; d < D; ++d) p[d] = pt[d];
    __syncthreads();

    for (int it = 0; it < iters; ++it) {
        int best = 0;
        float bestd = INFINITY;
        for (int k = 0; k < K; ++k) {
            float dist = 0.f;
            #pragma unroll
            for (int d = 0; d < D; ++d) { const float t = p[d] - s_cent[k][d]; dist = fmaf(t, t, dist); }
            if (dist < bestd) { bestd = dist; best = k; }
        }
        #pragma unroll
        for (int d = 0; d < D; ++d) atomicAdd(&s_sum[best][d], p[d]);
        atomicAdd(&s_cnt[best], 1);
        __syncthreads();

        for (int i = tid; i < K * D; i += BLOCK) {
            const int k = i / D, d = i % D;
            const int c = s_cnt[k];
            if (c > 0) s_cent[k][d] = s_sum[k][d] / (float)c;
            s_sum[k][d] = 0.f;
            if (d == 0) s_cnt[k] = 0;          // threads for d = 1..63 may not have read it yet
        }
        __syncthreads();
    }
    for (int i = tid; i < K * D; i += BLOCK)
        cent_out[(size_t)blockIdx.x * K * D + i] = s_cent[i / D][i % D];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
kmeans_accum_ok(const float* __restrict__ points, const float* __restrict__ cent_init,
                float* __restrict__ cent_out, int iters)
{
    __shared__ float s_cent[K][D];
    __shared__ float s_sum[K][D];
    __shared__ int s_cnt[2][K];                  // double-buffered by iteration parity
    const int tid = threadIdx.x;

    for (int i = tid; i < K * D; i += BLOCK) {
        s_cent[i / D][i % D] = cent_init[i];
        s_sum[i / D][i % D] = 0.f;
    }
    if (tid < 2 * K) s_cnt[tid / K][tid % K] = 0;
    float p[D];
    const float* pt = points + ((size_t)blockIdx.x * BLOCK + tid) * D;
    #pragma unroll
    for (int d = 0; d < D; ++d) p[d] = pt[d];
    __syncthreads();

    for (int it = 0; it < iters; ++it) {
        const int par = it & 1;
        int best = 0;
        float bestd = INFINITY;
        for (int k = 0; k < K; ++k) {
            float dist = 0.f;
            #pragma unroll
            for (int d = 0; d < D; ++d) { const float t = p[d] - s_cent[k][d]; dist = fmaf(t, t, dist); }
            if (dist < bestd) { bestd = dist; best = k; }
        }
        #pragma unroll
        for (int d = 0; d < D; ++d) atomicAdd(&s_sum[best][d], p[d]);
        atomicAdd(&s_cnt[par][best], 1);
        __syncthreads();

        for (int i = tid; i < K * D; i += BLOCK) {
            const int k = i / D, d = i % D;
            const int c = s_cnt[par][k];
            if (c > 0) s_cent[k][d] = s_sum[k][d] / (float)c;
            s_sum[k][d] = 0.f;
        }
        // Clear the counters of the *other* parity for the next iteration: they
        // were last read in the previous iteration's update step, which ended
        // with a barrier, and are next incremented after the barrier below.
        if (tid < K) s_cnt[par ^ 1][tid] = 0;
        __syncthreads();
    }
    for (int i = tid; i < K * D; i += BLOCK)
        cent_out[(size_t)blockIdx.x * K * D + i] = s_cent[i / D][i % D];
}
