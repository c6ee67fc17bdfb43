// Single-head attention for a tile of 16 query rows against a 64-key context, head dim 32:
// S = Q K^T * scale (in shared memory), P = softmax_row(S), O = P V.
// After S is produced, each warp only touches rows of S written by its own lanes, so only __syncwarp is used.
// Launch: blockDim = (128,1,1) (compile-time, 4 warps), gridDim = (nq/16,1,1), no dynamic shared memory;
// Q [nq][32], K [64][32], V [64][32], O [nq][32] row-major, nq multiple of 16.
#define BR 16
#define BC 64
#define D 32
#define NT 128

__device__ __forceinline__ void attn_load(const float* Q, const float* K, const float* V,
                                          float (*sQ)[D], float (*sK)[D + 1], float (*sV)[D])
{
    const int tid = threadIdx.x;
    for (int i = tid; i < BR * D; i += NT) sQ[i / D][i % D] = Q[(blockIdx.x * BR + i / D) * D + i % D];
    for (int i = tid; i < BC * D; i += NT) { sK[i / D][i % D] = K[i]; sV[i / D][i % D] = V[i]; }
}

__device__ __forceinline__ void attn_scores(float (*sQ)[D], float (*sK)[D + 1], float (*sS)[BC + 1], float scale)
{
    const int tid = threadIdx.x;
    const int r = tid / 8;                 // rows 4w..4w+3 are produced by warp w
#pragma unroll
    for (int j = 0; j < 8; ++j) {
        const int c = (tid % 8) + 8 * j;
        float acc = 0.f;
#pragma unroll
        for (int d = 0; d < D; ++d) acc += sQ[r][d] * sK[c][d];
        sS[r][c] = acc * scale;
    }
}

__device__ __forceinline__ void attn_row(float (*sS)[BC + 1], float (*sV)[D], float* O, int r, int lane)
{
    float v0 = sS[r][lane], v1 = sS[r][lane + 32];
    float m = fmaxf(v0, v1);
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
    float e0 = __expf(v0 - m), e1 = __expf(v1 - m);
    float s = e0 + e1;
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    sS[r][lane] = e0 / s;
    sS[r][lane + 32] = e1 / s;
    __syncwarp();
    float acc = 0.f;
    for (int c = 0; c < BC; ++c) acc += sS[r][c] * sV[c][lane];
    O[(blockIdx.x * BR + r) * D + lane] = acc;
}

extern "C" __global__ void __launch_bounds__(NT)
attn_tile_race(const float* __restrict__ Q, const float* __restrict__ K, const float* __restrict__ V,
               float* __restrict__ O, float scale)
{
    __shared__ float sQ[BR][D], sK[BC][D + 1], sV[BC][D], sS[BR][BC + 1];
    attn_load(Q, K, V, sQ, sK, sV);
    __syncthreads();
    attn_scores(sQ, sK, sS, scale);
    __syncwarp();
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    for (int i = 0; i < BR / 4; ++i) {
        const int r = warp + 4 * i;        // rows interleaved across warps
        attn_row(sS, sV, O, r, lane);
    }
}

extern "C" __global__ void __launch_bounds__(NT)
attn_tile_ok(const float* __restrict__ Q, const float* __restrict__ K, const float* __restrict__ V,
             float* __restrict__ O, float scale)
{
    __shared__ float sQ[BR][D], sK[BC][D + 1], sV[BC][D], sS[BR][BC + 1];
    attn_load(Q, K, V, sQ, sK, sV);
    __syncthreads();
    attn_scores(sQ, sK, sS, scale);
    __syncwarp();
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    for (int i = 0; i < BR / 4; ++i) {
        const int r = warp * 4 + i;        // the 4 rows this warp produced
        attn_row(sS, sV, O, r, lane);
    }
}
