// Single-tile attention for short sequences: 8 queries x 64 keys, head dim 32.
// S = scale * Q K^T, P = softmax(S) row-wise (warp w owns query row w), O = P V.
// Q, O: [heads][nq][32]; K, V: [heads][64][32].
// Launch: blockDim.x = 256 exactly (8 warps), gridDim = (nq / 8, heads).
#include <cuda_runtime.h>
#include <math.h>

#define D  32
#define NQ 8
#define NK 64
#define BLOCK 256

static __device__ __forceinline__ float warp_max(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}
static __device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
attn_tile_race(const float* __restrict__ Q, const float* __restrict__ K,
               const float* __restrict__ V, float* __restrict__ O, float scale)
{
    __shared__ float Qs[NQ][D];
    __shared__ float Ks[NK][D + 1];
    __shared__ float Vs[NK][D];
    __shared__ float S[NQ][NK];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const size_t h = blockIdx.y;
    const size_t qoff = (h * gridDim.x * NQ + (size_t)blockIdx.x * NQ) * D;
    const float* kh = K + h * NK * D;
    const float* vh = V + h * NK * D;

    Qs[tid / D][tid % D] = Q[qoff + tid];
    for (int i = tid; i < NK * D; i += BLOCK) {
        Ks[i / D][i % D] = kh[i];
        Vs[i / D][i % D] = vh[i];
    }
    __syncthreads();

    // scores: 512 dot products, two per thread
    for (int e = tid; e < NQ * NK; e += BLOCK) {
        const int qi = e / NK, kj = e % NK;
        float acc = 0.0f;
#pragma unroll
        for (int d = 0; d < D; ++d) acc += Qs[qi][d] * Ks[kj][d];
        S[qi][kj] = acc * scale;
    }
    __syncwarp();

    // softmax of row `warp`, two columns per lane
    float a = S[warp][lane], b = S[warp][lane + 32];
    const float m = warp_max(fmaxf(a, b));
    a = __expf(a - m);
    b = __expf(b - m);
    const float inv = 1.0f / warp_sum(a + b);
    S[warp][lane] = a * inv;
    S[warp][lane + 32] = b * inv;
    __syncthreads();

    // O[warp][lane] = sum_k P[warp][k] * V[k][lane]
    float o = 0.0f;
#pragma unroll 8
    for (int kj = 0; kj < NK; ++kj) o += S[warp][kj] * Vs[kj][lane];
    O[qoff + tid] = o;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
attn_tile_ok(const float* __restrict__ Q, const float* __restrict__ K,
             const float* __restrict__ V, float* __restrict__ O, float scale)
{
    __shared__ float Qs[NQ][D];
    __shared__ float Ks[NK][D + 1];
    __shared__ float Vs[NK][D];
    __shared__ float S[NQ][NK];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const size_t h = blockIdx.y;
    const size_t qoff = (h * gridDim.x * NQ + (size_t)blockIdx.x * NQ) * D;
    const float* kh = K + h * NK * D;
    const float* vh = V + h * NK * D;

    Qs[tid / D][tid % D] = Q[qoff + tid];
    for (int i = tid; i < NK * D; i += BLOCK) {
        Ks[i / D][i % D] = kh[i];
        Vs[i / D][i % D] = vh[i];
    }
    __syncthreads();

    // scores: 512 dot products, two per thread
    for (int e = tid; e < NQ * NK; e += BLOCK) {
        const int qi = e / NK, kj = e % NK;
        float acc = 0.0f;
#pragma unroll
        for (int d = 0; d < D; ++d) acc += Qs[qi][d] * Ks[kj][d];
        S[qi][kj] = acc * scale;
    }
    __syncthreads();   // row w was produced by warps 2w and 2w+1 (mod 8)

    // softmax of row `warp`, two columns per lane
    float a = S[warp][lane], b = S[warp][lane + 32];
    const float m = warp_max(fmaxf(a, b));
    a = __expf(a - m);
    b = __expf(b - m);
    const float inv = 1.0f / warp_sum(a + b);
    S[warp][lane] = a * inv;
    S[warp][lane + 32] = b * inv;
    __syncthreads();

    // O[warp][lane] = sum_k P[warp][k] * V[k][lane]
    float o = 0.0f;
#pragma unroll 8
    for (int kj = 0; kj < NK; ++kj) o += S[warp][kj] * Vs[kj][lane];
    O[qoff + tid] = o;
}
