// r20_attention_tile.cu
// Single-head attention forward (flash-attention style online softmax), head
// dim 32, one query row per thread, 64 queries per block.  K and V tiles of 32
// keys are staged in shared memory; scores and the softmax state stay in
// registers.
//
// Launch (both kernels): blockDim = 64 (BLOCK); gridDim = Lq / 64;
//   Lk a multiple of 32 (TK).  Q, O are [Lq][32]; K, V are [Lk][32], row-major.
#define D 32
#define TK 32
#define BLOCK 64

extern "C" __global__ void __launch_bounds__(BLOCK)
attention_tile_race(const float* __restrict__ Q, const float* __restrict__ K,
                    const float* __restrict__ V, float* __restrict__ O, int Lk, float scale)
{
    __shared__ float Ks[TK][D];
    __shared__ float Vs[TK][D];
    const int tid = threadIdx.x;
    const int qi = blockIdx.x * BLOCK + tid;
    float q[D], o[D];
    #pragma unroll
    for (int d = 0; d < D; ++d) { q[d] = Q[(size_t)qi * D + d] * scale; o[d] = 0.f; }
    float mrow = -INFINITY, lrow = 0.f;

    for (int k0 = 0; k0 < Lk; k0 += TK) {
        for (int i = tid; i < TK * D; i += BLOCK) Ks[i / D][i % D] = K[(size_t)k0 * D + i];
        __syncthreads();                                   // S1: K tile visible

        float sc[TK];
        float mt = mrow;
        #pragma unroll
        for (int j = 0; j < TK; ++j) {
            float a = 0.f;
            #pragma unroll
            for (int d = 0; d < D; ++d) a = fmaf(q[d], Ks[j][d], a);
            sc[j] = a;
            mt = fmaxf(mt, a);
        }
        const float corr = __expf(mrow - mt);
        lrow *= corr;
        #pragma unroll
        for (int d = 0; d < D; ++d) o[d] *= corr;
        #pragma unroll
        for (int j = 0; j < TK; ++j) { sc[j] = __expf(sc[j] - mt); lrow += sc[j]; }
        mrow = mt;
        __syncthreads();                                   // S2: K tile consumed

        // V tile loaded after S2 and used straight away
        for (int i = tid; i < TK * D; i += BLOCK) Vs[i / D][i % D] = V[(size_t)k0 * D + i];
        #pragma unroll
        for (int j = 0; j < TK; ++j)
            #pragma unroll
            for (int d = 0; d < D; ++d) o[d] = fmaf(sc[j], Vs[j][d], o[d]);
    }
    const float inv = 1.f / lrow;
    #pragma unroll
    for (int d = 0; d < D; ++d) O[(size_t)qi * D + d] = o[d] * inv;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
attention_tile_ok(const float* __restrict__ Q, const float* __restrict__ K,
                  const float* __restrict__ V, float* __restrict__ O, int Lk, float scale)
{
    __shared__ float Ks[TK][D];
    __shared__ float Vs[TK][D];
    const int tid = threadIdx.x;
    const int qi = blockIdx.x * BLOCK + tid;
    float q[D], o[D];
    #pragma unroll
    for (int d = 0; d < D; ++d) { q[d] = Q[(size_t)qi * D + d] * scale; o[d] = 0.f; }
    float mrow = -INFINITY, lrow = 0.f;

    // Staggered barriers, none at the end of the loop: the V store of tile t sits
    // between S1(t) and S2(t), so it follows the P*V reads of tile t-1 (which
    // precede S1(t)) and precedes the P*V reads of tile t (which follow S2(t));
    // the K store of tile t+1 follows S2(t), after the last Ks read of tile t.
    for (int k0 = 0; k0 < Lk; k0 += TK) {
        for (int i = tid; i < TK * D; i += BLOCK) Ks[i / D][i % D] = K[(size_t)k0 * D + i];
        __syncthreads();                                   // S1

        for (int i = tid; i < TK * D; i += BLOCK) Vs[i / D][i % D] = V[(size_t)k0 * D + i];

        float sc[TK];
        float mt = mrow;
        #pragma unroll
        for (int j = 0; j < TK; ++j) {
            float a = 0.f;
            #pragma unroll
            for (int d = 0; d < D; ++d) a = fmaf(q[d], Ks[j][d], a);
            sc[j] = a;
            mt = fmaxf(mt, a);
        }
        const float corr = __expf(mrow - mt);
        lrow *= corr;
        #pragma unroll
        for (int d = 0; d < D; ++d) o[d] *= corr;
        #pragma unroll
        for (int j = 0; j < TK; ++j) { sc[j] = __expf(sc[j] - mt); lrow += sc[j]; }
        mrow = mt;
        __syncthreads();                                   // S2

        #pragma unroll
        for (int j = 0; j < TK; ++j)
            #pragma unroll
            for (int d = 0; d < D; ++d) o[d] = fmaf(sc[j], Vs[j][d], o[d]);
    }
    const float inv = 1.f / lrow;
    #pragma unroll
    for (int d = 0; d < D; ++d) O[(size_t)qi * D + d] = o[d] * inv;
}
