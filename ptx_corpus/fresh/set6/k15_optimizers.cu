// Fused optimizer steps:
//  * AdamW with AMP grad unscaling, inf/nan detection and float4 vectorisation
//  * LAMB stage 1 (update + per-tensor norms, multi-tensor via chunk table)
//  * LAMB stage 2 (trust-ratio application)
#include <stdint.h>

struct AdamHyper {
    float lr, beta1, beta2, eps, weight_decay;
    float bias_corr1, bias_corr2;   // 1 - beta^t
    float inv_grad_scale;
};

extern "C" __global__ void adamw_fused_vec4(float4* __restrict__ params,
                                            const float4* __restrict__ grads,
                                            float4* __restrict__ exp_avg,
                                            float4* __restrict__ exp_avg_sq,
                                            long long n4,
                                            AdamHyper h,
                                            const int* __restrict__ skip_step,  // set by a prior overflow check
                                            int* __restrict__ found_inf)
{
    if (*skip_step) return;
    const float step_size = h.lr / h.bias_corr1;
    const float inv_sqrt_bc2 = rsqrtf(h.bias_corr2);
    int bad = 0;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n4;
         i += (long long)gridDim.x * blockDim.x) {
        float4 p = params[i], g = grads[i], m = exp_avg[i], v = exp_avg_sq[i];
        float gg[4] = {g.x, g.y, g.z, g.w};
        float pp[4] = {p.x, p.y, p.z, p.w};
        float mm[4] = {m.x, m.y, m.z, m.w};
        float vv[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
        for (int k = 0; k < 4; ++k) {
            float gk = gg[k] * h.inv_grad_scale;
            bad |= !isfinite(gk);
            pp[k] *= 1.f - h.lr * h.weight_decay;
            mm[k] = h.beta1 * mm[k] + (1.f - h.beta1) * gk;
            vv[k] = h.beta2 * vv[k] + (1.f - h.beta2) * gk * gk;
            float denom = sqrtf(vv[k]) * inv_sqrt_bc2 + h.eps;
            pp[k] -= step_size * mm[k] / denom;
        }
        params[i] = make_float4(pp[0], pp[1], pp[2], pp[3]);
        exp_avg[i] = make_float4(mm[0], mm[1], mm[2], mm[3]);
        exp_avg_sq[i] = make_float4(vv[0], vv[1], vv[2], vv[3]);
    }
    if (__any_sync(0xffffffffu, bad) && (threadIdx.x & 31) == 0) atomicExch(found_inf, 1);
}

// Multi-tensor apply: chunk c covers tensor chunk_tensor[c], elements
// [chunk_start[c], chunk_start[c]+chunk_size) of that tensor.
struct TensorList {
    float* param[48];
    float* grad[48];
    float* m[48];
    float* v[48];
    float* update[48];
    int    numel[48];
};

extern "C" __global__ void
lamb_stage1(TensorList tl,
            const int* __restrict__ chunk_tensor,
            const int* __restrict__ chunk_start,
            int chunk_size,
            float beta1, float beta2, float eps, float weight_decay,
            float bias_corr1, float bias_corr2,
            float global_grad_norm, float max_grad_norm,
            float* __restrict__ param_norm_sq,    // [num_tensors]
            float* __restrict__ update_norm_sq)
{
    __shared__ float s_p[16], s_u[16];
    int c = blockIdx.x;
    int t = chunk_tensor[c];
    int start = chunk_start[c];
    int end = min(start + chunk_size, tl.numel[t]);
    float clip = global_grad_norm > max_grad_norm ? max_grad_norm / global_grad_norm : 1.f;
    float* P = tl.param[t]; float* G = tl.grad[t]; float* M = tl.m[t]; float* V = tl.v[t]; float* U = tl.update[t];
    float pn = 0.f, un = 0.f;
    for (int i = start + threadIdx.x; i < end; i += blockDim.x) {
        float g = G[i] * clip;
        float p = P[i];
        float m = beta1 * M[i] + (1.f - beta1) * g;
        float v = beta2 * V[i] + (1.f - beta2) * g * g;
        M[i] = m; V[i] = v;
        float u = (m / bias_corr1) / (sqrtf(v / bias_corr2) + eps) + weight_decay * p;
        U[i] = u;
        pn += p * p;
        un += u * u;
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) {
        pn += __shfl_xor_sync(0xffffffffu, pn, off);
        un += __shfl_xor_sync(0xffffffffu, un, off);
    }
    if ((threadIdx.x & 31) == 0) { s_p[threadIdx.x >> 5] = pn; s_u[threadIdx.x >> 5] = un; }
    __syncthreads();
    if (threadIdx.x < 32) {
        int nw = blockDim.x >> 5;
        pn = threadIdx.x < nw ? s_p[threadIdx.x] : 0.f;
        un = threadIdx.x < nw ? s_u[threadIdx.x] : 0.f;
#pragma unroll
        for (int off = 16; off > 0; off >>= 1) {
            pn += __shfl_xor_sync(0xffffffffu, pn, off);
            un += __shfl_xor_sync(0xffffffffu, un, off);
        }
        if (threadIdx.x == 0) {
            atomicAdd(&param_norm_sq[t], pn);
            atomicAdd(&update_norm_sq[t], un);
        }
    }
}

extern "C" __global__ void lamb_stage2(TensorList tl,
                                       const int* __restrict__ chunk_tensor,
                                       const int* __restrict__ chunk_start,
                                       int chunk_size,
                                       float lr,
                                       const float* __restrict__ param_norm_sq,
                                       const float* __restrict__ update_norm_sq,
                                       int use_nvlamb)
{
    int c = blockIdx.x;
    int t = chunk_tensor[c];
    int start = chunk_start[c];
    int end = min(start + chunk_size, tl.numel[t]);
    float pn = sqrtf(param_norm_sq[t]);
    float un = sqrtf(update_norm_sq[t]);
    float ratio = (pn > 0.f && un > 0.f) ? pn / un : 1.f;
    if (!use_nvlamb && tl.numel[t] < 2) ratio = 1.f;   // skip trust ratio for scalars/bias
    float step = lr * ratio;
    float* P = tl.param[t];
    const float* U = tl.update[t];
    for (int i = start + threadIdx.x; i < end; i += blockDim.x) P[i] -= step * U[i];
}
