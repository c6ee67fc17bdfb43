// Attention pieces in half / bf16: QK^T scores with half2 dot products and causal mask,
// row softmax with online max/sum in fp32 producing half probabilities, and P*V accumulation
// with bf16 inputs (flash-decoding style for a single query token per head).
#include <cuda_fp16.h>
#include <cuda_bf16.h>

// S[h, i, j] = scale * <Q[h,i,:], K[h,j,:]>, head_dim = 64 (32 half2). Tile 32x32 per block via smem.
extern "C" __global__ void attn_scores_half2_causal(const __half2* __restrict__ Q, const __half2* __restrict__ Kmat,
                                                    __half* __restrict__ S, int seq, float scale)
{
    __shared__ __half2 sQ[32][33];
    __shared__ __half2 sK[32][33];
    int h = blockIdx.z;
    int i0 = blockIdx.y * 32, j0 = blockIdx.x * 32;
    int tx = threadIdx.x, ty = threadIdx.y;   // 32 x 8
    const __half2* Qh = Q + (long)h * seq * 32;
    const __half2* Kh = Kmat + (long)h * seq * 32;
    for (int r = ty; r < 32; r += 8) {
        sQ[r][tx] = (i0 + r < seq) ? Qh[(long)(i0 + r) * 32 + tx] : __float2half2_rn(0.f);
        sK[r][tx] = (j0 + r < seq) ? Kh[(long)(j0 + r) * 32 + tx] : __float2half2_rn(0.f);
    }
    __syncthreads();
    for (int r = ty; r < 32; r += 8) {
        int i = i0 + r, j = j0 + tx;
        __half2 acc = __float2half2_rn(0.f);
        float accf = 0.f;
#pragma unroll
        for (int d = 0; d < 32; ++d) {
            acc = __hfma2(sQ[r][d], sK[tx][d], acc);
            if ((d & 7) == 7) { float2 f = __half22float2(acc); accf += f.x + f.y; acc = __float2half2_rn(0.f); }
        }
        float sc = accf * scale;
        if (j > i) sc = -65504.f;
        if (i < seq && j < seq) S[((long)h * seq + i) * seq + j] = __float2half(sc);
    }
}

// Row softmax over half scores, one warp per row, two-pass with fp32 accumulation.
extern "C" __global__ void softmax_rows_half(const __half* __restrict__ S, __half* __restrict__ P, int rows, int cols)
{
    int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    int lane = threadIdx.x & 31;
    if (row >= rows) return;
    const __half* s = S + (long)row * cols;
    float m = -INFINITY, l = 0.f;
    for (int c = lane; c < cols; c += 32) {
        float v = __half2float(s[c]);
        float mn = fmaxf(m, v);
        l = l * __expf(m - mn) + __expf(v - mn);
        m = mn;
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        float mo = __shfl_xor_sync(0xffffffffu, m, o);
        float lo = __shfl_xor_sync(0xffffffffu, l, o);
        float mn = fmaxf(m, mo);
        l = l * __expf(m - mn) + lo * __expf(mo - mn);
        m = mn;
    }
    float inv = 1.f / l;
    __half* p = P + (long)row * cols;
    for (int c = lane; c < cols; c += 32) p[c] = __float2half(__expf(__half2float(s[c]) - m) * inv);
}

// Decode attention for one query token per (batch, head): split-K over the KV cache (bf16),
// each block handles a chunk of 256 keys, writes partial (m, l, o[128]) for later reduction.
extern "C" __global__ void __launch_bounds__(128)
decode_attn_bf16_splitk(const __nv_bfloat16* __restrict__ q /* BH x 128 */, const __nv_bfloat16* __restrict__ kc,
                        const __nv_bfloat16* __restrict__ vc, const int* __restrict__ ctx_len, int max_ctx, float scale,
                        float* __restrict__ part_o, float* __restrict__ part_ml)
{
    __shared__ float sq[128];
    __shared__ float sp[256];
    __shared__ float red[4];
    int bh = blockIdx.y, chunk = blockIdx.x;
    int L = ctx_len[bh];
    int k0 = chunk * 256;
    int tid = threadIdx.x, lane = tid & 31, w = tid >> 5;
    sq[tid] = __bfloat162float(q[(long)bh * 128 + tid]) * scale;
    __syncthreads();
    const __nv_bfloat162* K2 = reinterpret_cast<const __nv_bfloat162*>(kc + (long)bh * max_ctx * 128);
    // each warp computes scores for 64 keys: lane handles a key-pair slice via shuffles
    float lmax = -INFINITY;
    for (int kk = w; kk < 256; kk += 4) {
        int key = k0 + kk;
        float s = 0.f;
        if (key < L) {
            __nv_bfloat162 kv0 = K2[(long)key * 64 + lane];
            __nv_bfloat162 kv1 = K2[(long)key * 64 + 32 + lane];
            float2 f0 = __bfloat1622float2(kv0), f1 = __bfloat1622float2(kv1);
            s = f0.x * sq[2 * lane] + f0.y * sq[2 * lane + 1] + f1.x * sq[64 + 2 * lane] + f1.y * sq[65 + 2 * lane];
        }
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
        s = key < L ? s : -INFINITY;
        if (lane == 0) sp[kk] = s;
        lmax = fmaxf(lmax, s);
    }
    if (lane == 0) red[w] = lmax;
    __syncthreads();
    float m = fmaxf(fmaxf(red[0], red[1]), fmaxf(red[2], red[3]));
    __syncthreads();
    float lsum = 0.f;
    for (int kk = tid; kk < 256; kk += 128) {
        float e = (m == -INFINITY) ? 0.f : __expf(sp[kk] - m);
        sp[kk] = e;
        lsum += e;
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) lsum += __shfl_xor_sync(0xffffffffu, lsum, o);
    if (lane == 0) red[w] = lsum;
    __syncthreads();
    float l = red[0] + red[1] + red[2] + red[3];
    // P V: thread tid owns output dim tid
    const __nv_bfloat16* V = vc + (long)bh * max_ctx * 128;
    float acc = 0.f;
    int kend = min(256, L - k0);
    for (int kk = 0; kk < kend; ++kk) acc = fmaf(sp[kk], __bfloat162float(V[(long)(k0 + kk) * 128 + tid]), acc);
    long po = ((long)bh * gridDim.x + chunk);
    part_o[po * 128 + tid] = acc;
    if (tid == 0) { part_ml[po * 2] = m; part_ml[po * 2 + 1] = l; }
}
