// Mixture-of-experts routing: top-2 gating softmax with capacity-aware slot assignment, token permutation into expert buffers, and weighted un-permute combine.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define MAX_EXPERTS 64

// one warp per token; E <= 64 experts, each lane holds 2 logits
extern "C" __global__ void
moe_top2_gating(const float* __restrict__ logits, int T, int E, int* __restrict__ expertIdx /*T*2*/,
                float* __restrict__ gateW /*T*2*/, int* __restrict__ expertCount, float* __restrict__ auxImportance)
{
    int tok = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (tok >= T) return;
    const float* l = logits + (size_t)tok * E;
    float v0 = lane < E ? l[lane] : -INFINITY;
    float v1 = lane + 32 < E ? l[lane + 32] : -INFINITY;
    float m = fmaxf(v0, v1);
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
    float e0 = __expf(v0 - m), e1 = __expf(v1 - m);
    float s = e0 + e1;
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    float p0 = e0 / s, p1 = e1 / s;
    // argmax #1
    float bv = p0 >= p1 ? p0 : p1; int bi = p0 >= p1 ? lane : lane + 32;
    for (int o = 16; o > 0; o >>= 1) {
        float ov = __shfl_xor_sync(0xffffffffu, bv, o); int oi = __shfl_xor_sync(0xffffffffu, bi, o);
        if (ov > bv || (ov == bv && oi < bi)) { bv = ov; bi = oi; }
    }
    float q0 = (lane == bi) ? -1.f : p0, q1 = (lane + 32 == bi) ? -1.f : p1;
    float cv = q0 >= q1 ? q0 : q1; int ci = q0 >= q1 ? lane : lane + 32;
    for (int o = 16; o > 0; o >>= 1) {
        float ov = __shfl_xor_sync(0xffffffffu, cv, o); int oi = __shfl_xor_sync(0xffffffffu, ci, o);
        if (ov > cv || (ov == cv && oi < ci)) { cv = ov; ci = oi; }
    }
    if (lane < E) atomicAdd(&auxImportance[lane], p0);
    if (lane + 32 < E) atomicAdd(&auxImportance[lane + 32], p1);
    if (lane == 0) {
        float n = bv + cv;
        expertIdx[2 * tok] = bi; expertIdx[2 * tok + 1] = ci;
        gateW[2 * tok] = bv / n; gateW[2 * tok + 1] = cv / n;
        atomicAdd(&expertCount[bi], 1); atomicAdd(&expertCount[ci], 1);
    }
}

// deterministic slot assignment: block-level per-expert counting in shared memory over token ranges (one block per chunk);
// chunkBase[e][blk] comes from an exclusive scan of per-chunk counts
extern "C" __global__ void
moe_assign_slots(const int* __restrict__ expertIdx, int T, int E, const int* __restrict__ chunkBase /*E x gridDim.x*/,
                 int capacity, int* __restrict__ slot /*T*2, -1 if dropped*/)
{
    __shared__ int cnt[MAX_EXPERTS];
    for (int e = threadIdx.x; e < E; e += blockDim.x) cnt[e] = 0;
    __syncthreads();
    int chunk = (2 * T + gridDim.x - 1) / gridDim.x;
    int s = blockIdx.x * chunk, end = min(2 * T, s + chunk);
    // serial within a warp to keep token order; warp-aggregated by match_any
    if (threadIdx.x < 32) {
        for (int base = s; base < end; base += 32) {
            int i = base + threadIdx.x;
            int e = i < end ? expertIdx[i] : -1;
            unsigned grp = __match_any_sync(0xffffffffu, e);
            int rank = __popc(grp & ((1u << threadIdx.x) - 1u));
            int leader = __ffs(grp) - 1;
            int basePos = 0;
            if (e >= 0 && threadIdx.x == leader) { basePos = cnt[e]; cnt[e] += __popc(grp); }
            basePos = __shfl_sync(0xffffffffu, basePos, leader);
            if (e >= 0) {
                int pos = chunkBase[e * gridDim.x + blockIdx.x] + basePos + rank;
                slot[i] = pos < capacity ? e * capacity + pos : -1;
            }
            __syncwarp();
        }
    }
}

// scatter token hidden states (half, D multiple of 8) into expert-major buffer
extern "C" __global__ void
moe_permute_tokens(const uint4* __restrict__ x, const int* __restrict__ slot, int T, int D8, uint4* __restrict__ buf)
{
    int r = blockIdx.x;  // over 2*T assignments
    if (r >= 2 * T) return;
    int dst = slot[r];
    if (dst < 0) return;
    const uint4* src = x + (size_t)(r >> 1) * D8;
    uint4* d = buf + (size_t)dst * D8;
    for (int c = threadIdx.x; c < D8; c += blockDim.x) d[c] = src[c];
}

// combine: y[t] = w0 * out[slot0] + w1 * out[slot1]; 8 halves per thread iteration
extern "C" __global__ void __launch_bounds__(128, 8)
moe_unpermute_combine(const uint4* __restrict__ expertOut, const int* __restrict__ slot, const float* __restrict__ gateW,
                      int T, int D8, uint4* __restrict__ y)
{
    int t = blockIdx.x;
    if (t >= T) return;
    int s0 = slot[2 * t], s1 = slot[2 * t + 1];
    float w0 = s0 >= 0 ? gateW[2 * t] : 0.f, w1 = s1 >= 0 ? gateW[2 * t + 1] : 0.f;
    for (int c = threadIdx.x; c < D8; c += blockDim.x) {
        float acc[8] = {0, 0, 0, 0, 0, 0, 0, 0};
        if (s0 >= 0) {
            uint4 v = expertOut[(size_t)s0 * D8 + c];
            const __half2* h = reinterpret_cast<const __half2*>(&v);
#pragma unroll
            for (int q = 0; q < 4; ++q) { float2 f = __half22float2(h[q]); acc[2 * q] += w0 * f.x; acc[2 * q + 1] += w0 * f.y; }
        }
        if (s1 >= 0) {
            uint4 v = expertOut[(size_t)s1 * D8 + c];
            const __half2* h = reinterpret_cast<const __half2*>(&v);
#pragma unroll
            for (int q = 0; q < 4; ++q) { float2 f = __half22float2(h[q]); acc[2 * q] += w1 * f.x; acc[2 * q + 1] += w1 * f.y; }
        }
        uint4 o; __half2* oh = reinterpret_cast<__half2*>(&o);
#pragma unroll
        for (int q = 0; q < 4; ++q) oh[q] = __floats2half2_rn(acc[2 * q], acc[2 * q + 1]);
        y[(size_t)t * D8 + c] = o;
    }
}
