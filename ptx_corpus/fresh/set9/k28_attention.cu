// Attention building blocks: scaled QK^T tile, flash-attention style forward (online softmax, per-thread
// accumulators for head dim 64), and a naive single-query decode kernel.
#define HD 64
#define BR 64
#define BC 32

extern "C" __global__ void attn_scores_tile(const float *__restrict__ Q, const float *__restrict__ K, float *__restrict__ S,
                                            int seqQ, int seqK, float scale)
{
    __shared__ float sQ[16][HD + 1];
    __shared__ float sK[16][HD + 1];
    int qi = blockIdx.y * 16 + threadIdx.y;
    int kj = blockIdx.x * 16 + threadIdx.x;
    int bh = blockIdx.z;
    const float *Qb = Q + (size_t)bh * seqQ * HD;
    const float *Kb = K + (size_t)bh * seqK * HD;
    for (int d = threadIdx.x; d < HD; d += 16) {
        sQ[threadIdx.y][d] = (qi < seqQ) ? Qb[qi * HD + d] : 0.f;
        int kr = blockIdx.x * 16 + threadIdx.y;
        sK[threadIdx.y][d] = (kr < seqK) ? Kb[kr * HD + d] : 0.f;
    }
    __syncthreads();
    float acc = 0.f;
#pragma unroll 16
    for (int d = 0; d < HD; ++d) acc += sQ[threadIdx.y][d] * sK[threadIdx.x][d];
    if (qi < seqQ && kj < seqK) S[((size_t)bh * seqQ + qi) * seqK + kj] = acc * scale;
}

// One thread per query row (BR rows per block), K/V tiles of BC rows staged in shared memory.
extern "C" __global__ void __launch_bounds__(BR)
flash_attn_fwd_rowthread(const float *__restrict__ Q, const float *__restrict__ K, const float *__restrict__ V,
                         float *__restrict__ O, int seq, float scale, int causal)
{
    __shared__ float sK[BC][HD];
    __shared__ float sV[BC][HD];
    int bh = blockIdx.y;
    int qi = blockIdx.x * BR + threadIdx.x;
    const float *Qb = Q + (size_t)bh * seq * HD;
    const float *Kb = K + (size_t)bh * seq * HD;
    const float *Vb = V + (size_t)bh * seq * HD;
    float q[HD], o[HD];
#pragma unroll
    for (int d = 0; d < HD; ++d) {
        q[d] = (qi < seq) ? Qb[(size_t)qi * HD + d] * scale : 0.f;
        o[d] = 0.f;
    }
    float m = -INFINITY, l = 0.f;
    int kEnd = causal ? min(seq, (int)(blockIdx.x + 1) * BR) : seq;
    for (int k0 = 0; k0 < kEnd; k0 += BC) {
        for (int idx = threadIdx.x; idx < BC * HD; idx += BR) {
            int r = idx / HD, c = idx % HD;
            sK[r][c] = (k0 + r < seq) ? Kb[(size_t)(k0 + r) * HD + c] : 0.f;
            sV[r][c] = (k0 + r < seq) ? Vb[(size_t)(k0 + r) * HD + c] : 0.f;
        }
        __syncthreads();
        for (int j = 0; j < BC; ++j) {
            int kj = k0 + j;
            if (kj >= seq || (causal && kj > qi)) break;
            float s = 0.f;
#pragma unroll
            for (int d = 0; d < HD; ++d) s += q[d] * sK[j][d];
            float mn = fmaxf(m, s);
            float corr = __expf(m - mn);
            float p = __expf(s - mn);
            l = l * corr + p;
#pragma unroll
            for (int d = 0; d < HD; ++d) o[d] = o[d] * corr + p * sV[j][d];
            m = mn;
        }
        __syncthreads();
    }
    if (qi < seq) {
        float inv = 1.0f / l;
#pragma unroll
        for (int d = 0; d < HD; ++d) O[((size_t)bh * seq + qi) * HD + d] = o[d] * inv;
    }
}

// Decode step: one block per (batch, head), single query vs. KV cache; warp per key chunk.
extern "C" __global__ void attn_decode_single_query(const float *__restrict__ q, const float *__restrict__ Kc,
                                                    const float *__restrict__ Vc, float *__restrict__ out,
                                                    float *scratch, int ctxLen, float scale)
{
    extern __shared__ float sScore[];
    __shared__ float sRed[32];
    int bh = blockIdx.x;
    const float *qv = q + bh * HD;
    const float *Kb = Kc + (size_t)bh * ctxLen * HD;
    const float *Vb = Vc + (size_t)bh * ctxLen * HD;
    float mx = -INFINITY;
    for (int t = threadIdx.x; t < ctxLen; t += blockDim.x) {
        float s = 0.f;
        for (int d = 0; d < HD; d += 4) {
            float4 kk = *(const float4 *)(Kb + (size_t)t * HD + d);
            s += kk.x * qv[d] + kk.y * qv[d + 1] + kk.z * qv[d + 2] + kk.w * qv[d + 3];
        }
        s *= scale;
        sScore[t] = s;
        mx = fmaxf(mx, s);
    }
    for (int o = 16; o > 0; o >>= 1) mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, o));
    if ((threadIdx.x & 31) == 0) sRed[threadIdx.x >> 5] = mx;
    __syncthreads();
    mx = sRed[0];
    for (int w = 1; w < (int)(blockDim.x >> 5); ++w) mx = fmaxf(mx, sRed[w]);
    __syncthreads();
    float sum = 0.f;
    for (int t = threadIdx.x; t < ctxLen; t += blockDim.x) {
        float p = __expf(sScore[t] - mx);
        sScore[t] = p;
        sum += p;
    }
    for (int o = 16; o > 0; o >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, o);
    if ((threadIdx.x & 31) == 0) sRed[threadIdx.x >> 5] = sum;
    __syncthreads();
    sum = 0.f;
    for (int w = 0; w < (int)(blockDim.x >> 5); ++w) sum += sRed[w];
    float inv = 1.0f / sum;
    for (int d = threadIdx.x; d < HD; d += blockDim.x) {
        float acc = 0.f;
        for (int t = 0; t < ctxLen; ++t) acc += sScore[t] * Vb[(size_t)t * HD + d];
        out[bh * HD + d] = acc * inv;
    }
    if (scratch && threadIdx.x == 0) scratch[bh] = mx + __logf(sum);
}
