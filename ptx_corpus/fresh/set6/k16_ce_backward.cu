// Classification loss kernels (forward + backward fused):
//  * cross-entropy with label smoothing and ignore_index, one block per row
//  * sigmoid focal loss (RetinaNet), elementwise
//  * temperature-scaled KL distillation loss, one warp per row with the row
//    cached in registers
#include <stdint.h>

__device__ __forceinline__ void ce_merge(float& m, float& s, float om, float os)
{
    float nm = fmaxf(m, om);
    s = s * __expf(m - nm) + os * __expf(om - nm);
    m = nm;
}

extern "C" __global__ void
ce_label_smoothing_fwd_bwd(const float* __restrict__ logits,   // [rows, V]
                           const int* __restrict__ labels,
                           int V,
                           float smoothing,
                           int ignore_index,
                           float grad_scale,                   // dLoss/dloss_i, e.g. 1/num_valid
                           float* __restrict__ grad,           // [rows, V]
                           float* __restrict__ row_loss)
{
    __shared__ float s_m[32], s_s[32], s_sum[32];
    const float* x = logits + (long long)blockIdx.x * V;
    float* gx = grad + (long long)blockIdx.x * V;
    int label = labels[blockIdx.x];
    if (label == ignore_index) {
        for (int j = threadIdx.x; j < V; j += blockDim.x) gx[j] = 0.f;
        if (threadIdx.x == 0) row_loss[blockIdx.x] = 0.f;
        return;
    }
    float m = -INFINITY, s = 0.f, sum = 0.f;
    for (int j = threadIdx.x; j < V; j += blockDim.x) {
        float v = x[j];
        sum += v;
        if (v > m) { s = s * __expf(m - v) + 1.f; m = v; }
        else s += __expf(v - m);
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) {
        float om = __shfl_xor_sync(0xffffffffu, m, off);
        float os = __shfl_xor_sync(0xffffffffu, s, off);
        sum += __shfl_xor_sync(0xffffffffu, sum, off);
        ce_merge(m, s, om, os);
    }
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    if (lane == 0) { s_m[w] = m; s_s[w] = s; s_sum[w] = sum; }
    __syncthreads();
    if (w == 0) {
        int nw = blockDim.x >> 5;
        m = lane < nw ? s_m[lane] : -INFINITY;
        s = lane < nw ? s_s[lane] : 0.f;
        sum = lane < nw ? s_sum[lane] : 0.f;
#pragma unroll
        for (int off = 16; off > 0; off >>= 1) {
            float om = __shfl_xor_sync(0xffffffffu, m, off);
            float os = __shfl_xor_sync(0xffffffffu, s, off);
            sum += __shfl_xor_sync(0xffffffffu, sum, off);
            ce_merge(m, s, om, os);
        }
        if (lane == 0) { s_m[0] = m; s_s[0] = s; s_sum[0] = sum; }
    }
    __syncthreads();
    m = s_m[0]; s = s_s[0]; sum = s_sum[0];
    float lse = m + __logf(s);
    float eps_i = smoothing / V;
    float conf = 1.f - smoothing;
    if (threadIdx.x == 0) {
        float nll = lse - x[label];
        float smooth = lse - sum / V;
        row_loss[blockIdx.x] = conf * nll + smoothing * smooth;
    }
    float inv_s = 1.f / s;
    for (int j = threadIdx.x; j < V; j += blockDim.x) {
        float p = __expf(x[j] - m) * inv_s;
        float target = eps_i + (j == label ? conf : 0.f);
        gx[j] = (p - target) * grad_scale;
    }
}

// Sigmoid focal loss: FL = -alpha_t (1-p_t)^gamma log(p_t). Computes loss
// and d/dx in one pass; numerically stable log-sigmoid formulation.
extern "C" __global__ void sigmoid_focal_loss_fwd_bwd(const float* __restrict__ logits,
                                                      const int* __restrict__ targets,   // class id per anchor, -1 bg, -2 ignore
                                                      long long num_anchors, int num_classes,
                                                      float alpha, float gamma, float norm,
                                                      float* __restrict__ grad,
                                                      float* __restrict__ loss_sum)
{
    long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    float l = 0.f;
    if (idx < num_anchors * num_classes) {
        long long a = idx / num_classes;
        int c = (int)(idx - a * num_classes);
        int tgt = targets[a];
        if (tgt == -2) {
            grad[idx] = 0.f;
        } else {
            float x = logits[idx];
            float t = (tgt == c) ? 1.f : 0.f;
            float p = 1.f / (1.f + __expf(-x));
            float log_p = -log1pf(__expf(-fabsf(x))) + fminf(x, 0.f);     // log sigmoid(x)
            float log_1mp = -log1pf(__expf(-fabsf(x))) - fmaxf(x, 0.f);   // log sigmoid(-x)
            float pt = t > 0.f ? p : 1.f - p;
            float log_pt = t > 0.f ? log_p : log_1mp;
            float at = t > 0.f ? alpha : 1.f - alpha;
            float one_m_pt = 1.f - pt;
            float mod = gamma == 2.f ? one_m_pt * one_m_pt : __powf(fmaxf(one_m_pt, 1e-12f), gamma);
            l = -at * mod * log_pt;
            // d/dx: dpt/dx = (2t-1) p (1-p)
            float dpt = (2.f * t - 1.f) * p * (1.f - p);
            float dmod = gamma == 0.f ? 0.f : -gamma * __powf(fmaxf(one_m_pt, 1e-12f), gamma - 1.f);
            float g = -at * (dmod * log_pt + mod / fmaxf(pt, 1e-12f)) * dpt;
            grad[idx] = g / norm;
        }
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) l += __shfl_xor_sync(0xffffffffu, l, off);
    if ((threadIdx.x & 31) == 0 && l != 0.f) atomicAdd(loss_sum, l / norm);
}

#define KD_MAX_PER_LANE 32   // V <= 1024

// KL(p_teacher || p_student) at temperature T, scaled by T^2 (Hinton et al.).
// Student and teacher rows are held in registers (fully unrolled loops with
// predication), giving a single read of each logit.
extern "C" __global__ void kd_kl_div_fwd_bwd(const float* __restrict__ student,
                                             const float* __restrict__ teacher,
                                             int rows, int V, float T,
                                             float* __restrict__ grad_student,
                                             float* __restrict__ loss_out)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (row >= rows) return;
    const float* xs = student + (long long)row * V;
    const float* xt = teacher + (long long)row * V;
    float invT = 1.f / T;
    float s[KD_MAX_PER_LANE], t[KD_MAX_PER_LANE];
    float ms = -INFINITY, mt = -INFINITY;
#pragma unroll
    for (int k = 0; k < KD_MAX_PER_LANE; ++k) {
        int j = lane + 32 * k;
        s[k] = j < V ? xs[j] * invT : -INFINITY;
        t[k] = j < V ? xt[j] * invT : -INFINITY;
        ms = fmaxf(ms, s[k]);
        mt = fmaxf(mt, t[k]);
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) {
        ms = fmaxf(ms, __shfl_xor_sync(0xffffffffu, ms, off));
        mt = fmaxf(mt, __shfl_xor_sync(0xffffffffu, mt, off));
    }
    float zs = 0.f, zt = 0.f;
#pragma unroll
    for (int k = 0; k < KD_MAX_PER_LANE; ++k) {
        zs += __expf(s[k] - ms);
        zt += __expf(t[k] - mt);
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) {
        zs += __shfl_xor_sync(0xffffffffu, zs, off);
        zt += __shfl_xor_sync(0xffffffffu, zt, off);
    }
    float lzs = __logf(zs), lzt = __logf(zt);
    float kl = 0.f;
    float* g = grad_student + (long long)row * V;
#pragma unroll
    for (int k = 0; k < KD_MAX_PER_LANE; ++k) {
        int j = lane + 32 * k;
        if (j < V) {
            float log_ps = s[k] - ms - lzs;
            float log_pt = t[k] - mt - lzt;
            float pt = __expf(log_pt);
            kl += pt * (log_pt - log_ps);
            // d(T^2 KL)/dx_s = T (p_s - p_t)
            g[j] = T * (__expf(log_ps) - pt);
        }
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) kl += __shfl_xor_sync(0xffffffffu, kl, off);
    if (lane == 0) loss_out[row] = kl * T * T;
}
