// LLM serving kernels: paged KV-cache append (scatter new tokens into fixed-size pages via a
// block table), paged attention decode with fp16 KV pages (one block per (sequence, head),
// split across warps with a final cross-warp softmax merge), and int4 weight-only GEMV with
// per-group fp16 scales and zero points.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <stdint.h>

#define HEAD_DIM 128
#define PAGE 16

extern "C" __global__ void kv_append_paged(const __half *__restrict__ k_new, const __half *__restrict__ v_new, // [ntok][nheads][HEAD_DIM]
                                           const int *__restrict__ tok_seq, const int *__restrict__ tok_pos,
                                           const int *__restrict__ block_table, int max_blocks_per_seq,
                                           int nheads, int ntok,
                                           __half *__restrict__ k_cache, __half *__restrict__ v_cache) // [nblocks][nheads][PAGE][HEAD_DIM]
{
    int t = blockIdx.x;
    if (t >= ntok) return;
    int seq = tok_seq[t], pos = tok_pos[t];
    int blk = block_table[seq * max_blocks_per_seq + pos / PAGE];
    int slot = pos % PAGE;
    const uint4 *ks = (const uint4 *)(k_new + (size_t)t * nheads * HEAD_DIM);
    const uint4 *vs = (const uint4 *)(v_new + (size_t)t * nheads * HEAD_DIM);
    int nvec = nheads * HEAD_DIM / 8;
    for (int i = threadIdx.x; i < nvec; i += blockDim.x) {
        int h = i / (HEAD_DIM / 8), d8 = i % (HEAD_DIM / 8);
        size_t dst = (((size_t)blk * nheads + h) * PAGE + slot) * (HEAD_DIM / 8) + d8;
        ((uint4 *)k_cache)[dst] = ks[i];
        ((uint4 *)v_cache)[dst] = vs[i];
    }
}

// Decode attention: q [nseq][nheads][HEAD_DIM] fp16; GQA with nkv heads.
extern "C" __global__ void __launch_bounds__(128)
paged_attention_decode(const __half *__restrict__ q, const __half *__restrict__ k_cache, const __half *__restrict__ v_cache,
                       const int *__restrict__ block_table, const int *__restrict__ seq_lens, int max_blocks_per_seq,
                       int nheads, int nkv, float scale, __half *__restrict__ out)
{
    __shared__ float sq[HEAD_DIM];
    __shared__ float wm[4], wl[4];
    __shared__ float wo[4][HEAD_DIM];
    int seq = blockIdx.x, h = blockIdx.y;
    int kvh = h / (nheads / nkv);
    int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    for (int d = threadIdx.x; d < HEAD_DIM; d += blockDim.x)
        sq[d] = __half2float(q[((size_t)seq * nheads + h) * HEAD_DIM + d]) * scale;
    __syncthreads();
    int L = seq_lens[seq];
    int nblk = (L + PAGE - 1) / PAGE;
    float m = -INFINITY, l = 0.f;
    float acc[4] = {0.f, 0.f, 0.f, 0.f};   // lane owns dims lane*4 .. lane*4+3
    float4 qreg = make_float4(sq[lane * 4], sq[lane * 4 + 1], sq[lane * 4 + 2], sq[lane * 4 + 3]);
    for (int b = warp; b < nblk; b += 4) {
        int phys = block_table[seq * max_blocks_per_seq + b];
        const __half *kp = k_cache + ((size_t)phys * nkv + kvh) * PAGE * HEAD_DIM;
        const __half *vp = v_cache + ((size_t)phys * nkv + kvh) * PAGE * HEAD_DIM;
        int ntok = min(PAGE, L - b * PAGE);
        for (int t = 0; t < ntok; ++t) {
            uint2 kraw = *(const uint2 *)(kp + t * HEAD_DIM + lane * 4);
            __half2 k01 = *(__half2 *)&kraw.x, k23 = *(__half2 *)&kraw.y;
            float2 f01 = __half22float2(k01), f23 = __half22float2(k23);
            float s = qreg.x * f01.x + qreg.y * f01.y + qreg.z * f23.x + qreg.w * f23.y;
#pragma unroll
            for (int o = 16; o; o >>= 1) s += __shfl_xor_sync(~0u, s, o);
            float mn = fmaxf(m, s);
            float corr = __expf(m - mn), p = __expf(s - mn);
            uint2 vraw = *(const uint2 *)(vp + t * HEAD_DIM + lane * 4);
            float2 v01 = __half22float2(*(__half2 *)&vraw.x), v23 = __half22float2(*(__half2 *)&vraw.y);
            acc[0] = acc[0] * corr + p * v01.x; acc[1] = acc[1] * corr + p * v01.y;
            acc[2] = acc[2] * corr + p * v23.x; acc[3] = acc[3] * corr + p * v23.y;
            l = l * corr + p;
            m = mn;
        }
    }
    if (lane == 0) { wm[warp] = m; wl[warp] = l; }
#pragma unroll
    for (int k = 0; k < 4; ++k) wo[warp][lane * 4 + k] = acc[k];
    __syncthreads();
    if (warp == 0) {
        float M = fmaxf(fmaxf(wm[0], wm[1]), fmaxf(wm[2], wm[3]));
        float Lt = 0.f, o[4] = {0.f, 0.f, 0.f, 0.f};
#pragma unroll
        for (int w = 0; w < 4; ++w) {
            float f = wm[w] == -INFINITY ? 0.f : __expf(wm[w] - M);
            Lt += wl[w] * f;
#pragma unroll
            for (int k = 0; k < 4; ++k) o[k] += wo[w][lane * 4 + k] * f;
        }
        float il = 1.f / Lt;
        __half2 *dst = (__half2 *)(out + ((size_t)seq * nheads + h) * HEAD_DIM + lane * 4);
        dst[0] = __floats2half2_rn(o[0] * il, o[1] * il);
        dst[1] = __floats2half2_rn(o[2] * il, o[3] * il);
    }
}

// y = W x with W int4 (8 values per uint32, row-major, K contiguous), group size 128 along K.
// One warp per output row, x in fp16 staged in shared memory.
extern "C" __global__ void __launch_bounds__(256)
int4_gemv_grouped(const uint32_t *__restrict__ Wq, const __half *__restrict__ scales, const __half *__restrict__ zeros,
                  const __half *__restrict__ x, int N, int K, __half *__restrict__ y)
{
    extern __shared__ __half sx[];
    for (int i = threadIdx.x; i < K; i += blockDim.x) sx[i] = x[i];
    __syncthreads();
    int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    int lane = threadIdx.x & 31;
    if (row >= N) return;
    const uint32_t *wr = Wq + (size_t)row * (K / 8);
    int ngroups = K / 128;
    int nwords = K / 8;
    float acc = 0.f;
    // each lane walks words lane, lane+32, ...; a group spans 16 consecutive words
    for (int word = lane; word < nwords; word += 32) {
        int g = word >> 4;
        float s = __half2float(scales[(size_t)row * ngroups + g]);
        float z = __half2float(zeros[(size_t)row * ngroups + g]);
        uint32_t w = __ldg(wr + word);
        const __half2 *xv = (const __half2 *)(sx + word * 8);
        float part = 0.f;
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            float2 xf = __half22float2(xv[j]);
            float w0 = (float)((w >> (8 * j)) & 0xF) - z;
            float w1 = (float)((w >> (8 * j + 4)) & 0xF) - z;
            part += w0 * xf.x + w1 * xf.y;
        }
        acc += part * s;
    }
#pragma unroll
    for (int o = 16; o; o >>= 1) acc += __shfl_xor_sync(~0u, acc, o);
    if (lane == 0) y[row] = __float2half_rn(acc);
}
