// r18: flash-attention-style forward for one head: a block owns 32 query rows, loops over
// 32-key tiles of K/V, computes S = scale*Q K^T into shared memory, does an online softmax
// per row (one thread per row, P written in place into S) and accumulates O += P V.
// Launch: blockDim = (128,1,1), grid = Nq/32; Nq and Nkv multiples of 32, head dim 64.
#include <math.h>
#define BQ 32
#define BKV 32
#define HD 64
#define NT 128

extern "C" __global__ void __launch_bounds__(NT)
attention_tile_race(const float* __restrict__ Q, const float* __restrict__ K,
                    const float* __restrict__ V, float* __restrict__ O, int Nkv, float scale)
{
    __shared__ float sQ[BQ][HD + 1];
    __shared__ float sK[BKV][HD + 1];
    __shared__ float sV[BKV][HD];
    __shared__ float sS[BQ][BKV + 1];
    __shared__ float s_m[BQ], s_l[BQ], s_alpha[BQ];
    const int tid = threadIdx.x;
    const int q0 = blockIdx.x * BQ;
    const int r = tid >> 2;          // query row handled for S and O
    const int grp = tid & 3;         // column group (S) / 16-wide slice of the head dim (O)

    for (int i = tid; i < BQ * HD; i += NT)
        sQ[i / HD][i % HD] = Q[(size_t)(q0 + i / HD) * HD + i % HD];
    if (tid < BQ) { s_m[tid] = -INFINITY; s_l[tid] = 0.f; }
    float o[16];
#pragma unroll
    for (int d = 0; d < 16; ++d) o[d] = 0.f;
    __syncthreads();

    for (int kv0 = 0; kv0 < Nkv; kv0 += BKV) {
        for (int i = tid; i < BKV * HD; i += NT) {
            const int rr = i / HD, cc = i % HD;
            sK[rr][cc] = K[(size_t)(kv0 + rr) * HD + cc];
            sV[rr][cc] = V[(size_t)(kv0 + rr) * HD + cc];
        }
        __syncthreads();
#pragma unroll
        for (int j = 0; j < BKV / 4; ++j) {
            const int c = grp + 4 * j;
            float acc = 0.f;
#pragma unroll 16
            for (int d = 0; d < HD; ++d) acc += sQ[r][d] * sK[c][d];
            sS[r][c] = acc * scale;
        }
        __syncthreads();
        if (tid < BQ) {                               // online softmax, row tid
            const float mold = s_m[tid];
            float mx = mold;
            for (int c = 0; c < BKV; ++c) mx = fmaxf(mx, sS[tid][c]);
            float l = 0.f;
            for (int c = 0; c < BKV; ++c) {
                const float p = __expf(sS[tid][c] - mx);
                sS[tid][c] = p;
                l += p;
            }
            const float alpha = __expf(mold - mx);
            s_alpha[tid] = alpha;
            s_l[tid] = s_l[tid] * alpha + l;
            s_m[tid] = mx;
        }
        const float alpha = s_alpha[r];
#pragma unroll
        for (int d = 0; d < 16; ++d) o[d] *= alpha;
        for (int c = 0; c < BKV; ++c) {
            const float p = sS[r][c];
#pragma unroll
            for (int d = 0; d < 16; ++d) o[d] += p * sV[c][grp * 16 + d];
        }
        __syncthreads();
    }
    const float inv = 1.f / s_l[r];
#pragma unroll
    for (int d = 0; d < 16; ++d) O[(size_t)(q0 + r) * HD + grp * 16 + d] = o[d] * inv;
}

extern "C" __global__ void __launch_bounds__(NT)
attention_tile_ok(const float* __restrict__ Q, const float* __restrict__ K,
                  const float* __restrict__ V, float* __restrict__ O, int Nkv, float scale)
{
    __shared__ float sQ[BQ][HD + 1];
    __shared__ float sK[BKV][HD + 1];
    __shared__ float sV[BKV][HD];
    __shared__ float sS[BQ][BKV + 1];
    __shared__ float s_m[BQ], s_l[BQ], s_alpha[BQ];
    const int tid = threadIdx.x;
    const int q0 = blockIdx.x * BQ;
    const int r = tid >> 2;
    const int grp = tid & 3;

    for (int i = tid; i < BQ * HD; i += NT)
        sQ[i / HD][i % HD] = Q[(size_t)(q0 + i / HD) * HD + i % HD];
    if (tid < BQ) { s_m[tid] = -INFINITY; s_l[tid] = 0.f; }
    float o[16];
#pragma unroll
    for (int d = 0; d < 16; ++d) o[d] = 0.f;
    __syncthreads();

    for (int kv0 = 0; kv0 < Nkv; kv0 += BKV) {
        for (int i = tid; i < BKV * HD; i += NT) {
            const int rr = i / HD, cc = i % HD;
            sK[rr][cc] = K[(size_t)(kv0 + rr) * HD + cc];
            sV[rr][cc] = V[(size_t)(kv0 + rr) * HD + cc];
        }
        __syncthreads();
#pragma unroll
        for (int j = 0; j < BKV / 4; ++j) {
            const int c = grp + 4 * j;
            float acc = 0.f;
#pragma unroll 16
            for (int d = 0; d < HD; ++d) acc += sQ[r][d] * sK[c][d];
            sS[r][c] = acc * scale;
        }
        __syncthreads();
        if (tid < BQ) {
            const float mold = s_m[tid];
            float mx = mold;
            for (int c = 0; c < BKV; ++c) mx = fmaxf(mx, sS[tid][c]);
            float l = 0.f;
            for (int c = 0; c < BKV; ++c) {
                const float p = __expf(sS[tid][c] - mx);
                sS[tid][c] = p;
                l += p;
            }
            const float alpha = __expf(mold - mx);
            s_alpha[tid] = alpha;
            s_l[tid] = s_l[tid] * alpha + l;
            s_m[tid] = mx;
        }
        __syncthreads();          // P and alpha are published
        const float alpha = s_alpha[r];
#pragma unroll
        for (int d = 0; d < 16; ++d) o[d] *= alpha;
        for (int c = 0; c < BKV; ++c) {
            const float p = sS[r][c];
#pragma unroll
            for (int d = 0; d < 16; ++d) o[d] += p * sV[c][grp * 16 + d];
        }
        __syncthreads();
    }
    const float inv = 1.f / s_l[r];
#pragma unroll
    for (int d = 0; d < 16; ++d) O[(size_t)(q0 + r) * HD + grp * 16 + d] = o[d] * inv;
}
