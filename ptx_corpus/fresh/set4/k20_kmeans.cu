// K-means clustering: nearest-centroid assignment with centroids in shared memory (fixed D=16 in registers), centroid accumulation, and k-means++ D^2 distance update.
#include <cuda_runtime.h>

#define KD 16

extern "C" __global__ void
kmeans_assign_d16(const float* __restrict__ pts /*N x 16*/, const float* __restrict__ cent /*K x 16*/, int N, int K,
                  int* __restrict__ label, float* __restrict__ dist2, int* __restrict__ changed)
{
    extern __shared__ float sc[];   // K*16 + K norms
    float* cnorm = sc + K * KD;
    for (int i = threadIdx.x; i < K * KD; i += blockDim.x) sc[i] = cent[i];
    __syncthreads();
    for (int k = threadIdx.x; k < K; k += blockDim.x) {
        float s = 0.f;
#pragma unroll
        for (int d = 0; d < KD; ++d) s += sc[k * KD + d] * sc[k * KD + d];
        cnorm[k] = s;
    }
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N) return;
    float x[KD];
    const float4* p4 = reinterpret_cast<const float4*>(pts + (size_t)i * KD);
#pragma unroll
    for (int q = 0; q < KD / 4; ++q) { float4 v = p4[q]; x[4 * q] = v.x; x[4 * q + 1] = v.y; x[4 * q + 2] = v.z; x[4 * q + 3] = v.w; }
    float xn = 0.f;
#pragma unroll
    for (int d = 0; d < KD; ++d) xn += x[d] * x[d];
    float best = INFINITY; int bk = 0;
    for (int k = 0; k < K; ++k) {
        float dot = 0.f;
#pragma unroll
        for (int d = 0; d < KD; ++d) dot = fmaf(x[d], sc[k * KD + d], dot);
        float dd = xn - 2.f * dot + cnorm[k];
        if (dd < best) { best = dd; bk = k; }
    }
    if (label[i] != bk) atomicAdd(changed, 1);
    label[i] = bk;
    dist2[i] = fmaxf(best, 0.f);
}

// accumulate sums per centroid: block-private shared accumulators then global atomics (K*D <= 2048)
extern "C" __global__ void
kmeans_accumulate(const float* __restrict__ pts, const int* __restrict__ label, int N, int K, int D,
                  float* __restrict__ sums, int* __restrict__ counts)
{
    extern __shared__ float ssum[];
    int* scnt = reinterpret_cast<int*>(ssum + K * D);
    for (int i = threadIdx.x; i < K * D; i += blockDim.x) ssum[i] = 0.f;
    for (int i = threadIdx.x; i < K; i += blockDim.x) scnt[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x) {
        int k = label[i];
        atomicAdd(&scnt[k], 1);
        for (int d = 0; d < D; ++d) atomicAdd(&ssum[k * D + d], pts[(size_t)i * D + d]);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < K * D; i += blockDim.x) if (ssum[i] != 0.f) atomicAdd(&sums[i], ssum[i]);
    for (int i = threadIdx.x; i < K; i += blockDim.x) if (scnt[i]) atomicAdd(&counts[i], scnt[i]);
}

// k-means++ seeding: update min distance to the newly chosen center (double accumulators for the total)
extern "C" __global__ void
kmeanspp_update_d2(const float* __restrict__ pts, int N, int D, const float* __restrict__ newCenter,
                   float* __restrict__ minD2, double* __restrict__ total)
{
    __shared__ double red[32];
    double local = 0.0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x) {
        float s = 0.f;
        for (int d = 0; d < D; ++d) { float t = pts[(size_t)i * D + d] - newCenter[d]; s = fmaf(t, t, s); }
        float m = fminf(minD2[i], s);
        minD2[i] = m;
        local += m;
    }
    for (int o = 16; o > 0; o >>= 1) local += __shfl_xor_sync(0xffffffffu, local, o);
    if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = local;
    __syncthreads();
    if (threadIdx.x < 32) {
        double v = threadIdx.x < (blockDim.x >> 5) ? red[threadIdx.x] : 0.0;
        for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
        if (threadIdx.x == 0) atomicAdd(total, v);
    }
}
