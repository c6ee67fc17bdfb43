// Domain: row-wise normalisation kernels used in neural networks
// softmax_row_block    - numerically stable softmax, one block per row, shared-memory max/sum trees
// softmax_row_warp_h   - half-precision softmax, one warp per row (<=2048 cols), 64 values per lane in regs
// layernorm_row        - LayerNorm with gamma/beta, Welford mean/variance with warp shuffles
// rmsnorm_half2        - RMSNorm over half2 vectors, float accumulation, one block per row

#include <cuda_fp16.h>

extern "C" __global__ void softmax_row_block(const float *in, float *out, int cols)
{
    extern __shared__ float red[];
    const float *x = in + (size_t)blockIdx.x * cols;
    float *y = out + (size_t)blockIdx.x * cols;
    int tid = threadIdx.x;
    float m = -INFINITY;
    for (int c = tid; c < cols; c += blockDim.x) m = fmaxf(m, x[c]);
    red[tid] = m;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] = fmaxf(red[tid], red[tid + s]);
        __syncthreads();
    }
    m = red[0];
    __syncthreads();
    float sum = 0.f;
    for (int c = tid; c < cols; c += blockDim.x) sum += __expf(x[c] - m);
    red[tid] = sum;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] += red[tid + s];
        __syncthreads();
    }
    float inv = 1.f / red[0];
    for (int c = tid; c < cols; c += blockDim.x) y[c] = __expf(x[c] - m) * inv;
}

extern "C" __global__ void softmax_row_warp_h(const __half *__restrict__ in, __half *__restrict__ out,
                                              int rows, int cols)
{
    int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    int lane = threadIdx.x & 31;
    if (row >= rows) return;
    const __half *x = in + (size_t)row * cols;
    float v[64];
    float m = -INFINITY;
#pragma unroll
    for (int i = 0; i < 64; ++i) {
        int c = lane + i * 32;
        v[i] = c < cols ? __half2float(x[c]) : -INFINITY;
        m = fmaxf(m, v[i]);
    }
#pragma unroll
    for (int o = 16; o; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < 64; ++i) { v[i] = __expf(v[i] - m); s += v[i]; }
#pragma unroll
    for (int o = 16; o; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    float inv = 1.f / s;
#pragma unroll
    for (int i = 0; i < 64; ++i) {
        int c = lane + i * 32;
        if (c < cols) out[(size_t)row * cols + c] = __float2half(v[i] * inv);
    }
}

extern "C" __global__ void layernorm_row(const float *__restrict__ x, const float *__restrict__ gamma,
                                         const float *__restrict__ beta, float *__restrict__ y,
                                         int cols, float eps)
{
    __shared__ float s_mean[32], s_m2[32], s_cnt[32];
    const float *xr = x + (size_t)blockIdx.x * cols;
    float mean = 0.f, m2 = 0.f, cnt = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) {
        float v = xr[c];
        cnt += 1.f;
        float d = v - mean;
        mean += d / cnt;
        m2 += d * (v - mean);
    }
    // warp Welford merge
    for (int o = 16; o; o >>= 1) {
        float om = __shfl_xor_sync(0xffffffffu, mean, o);
        float o2 = __shfl_xor_sync(0xffffffffu, m2, o);
        float oc = __shfl_xor_sync(0xffffffffu, cnt, o);
        float nc = cnt + oc;
        float d = om - mean;
        float f = nc > 0.f ? oc / nc : 0.f;
        mean += d * f;
        m2 += o2 + d * d * cnt * f;
        cnt = nc;
    }
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) { s_mean[wid] = mean; s_m2[wid] = m2; s_cnt[wid] = cnt; }
    __syncthreads();
    if (wid == 0) {
        int nw = blockDim.x >> 5;
        mean = lane < nw ? s_mean[lane] : 0.f;
        m2 = lane < nw ? s_m2[lane] : 0.f;
        cnt = lane < nw ? s_cnt[lane] : 0.f;
        for (int o = 16; o; o >>= 1) {
            float om = __shfl_xor_sync(0xffffffffu, mean, o);
            float o2 = __shfl_xor_sync(0xffffffffu, m2, o);
            float oc = __shfl_xor_sync(0xffffffffu, cnt, o);
            float nc = cnt + oc;
            float d = om - mean;
            float f = nc > 0.f ? oc / nc : 0.f;
            mean += d * f;
            m2 += o2 + d * d * cnt * f;
            cnt = nc;
        }
        if (lane == 0) { s_mean[0] = mean; s_m2[0] = m2 / cnt; }
    }
    __syncthreads();
    mean = s_mean[0];
    float rstd = rsqrtf(s_m2[0] + eps);
    float *yr = y + (size_t)blockIdx.x * cols;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        yr[c] = (xr[c] - mean) * rstd * gamma[c] + beta[c];
}

extern "C" __global__ void rmsnorm_half2(const __half2 *x, const __half2 *w, __half2 *y, int cols2, float eps)
{
    __shared__ float warp_ss[32];
    const __half2 *xr = x + (size_t)blockIdx.x * cols2;
    float ss = 0.f;
    for (int c = threadIdx.x; c < cols2; c += blockDim.x) {
        float2 f = __half22float2(xr[c]);
        ss += f.x * f.x + f.y * f.y;
    }
    for (int o = 16; o; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o);
    if ((threadIdx.x & 31) == 0) warp_ss[threadIdx.x >> 5] = ss;
    __syncthreads();
    if (threadIdx.x < 32) {
        float v = threadIdx.x < (blockDim.x >> 5) ? warp_ss[threadIdx.x] : 0.f;
        for (int o = 16; o; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
        if (threadIdx.x == 0) warp_ss[0] = v;
    }
    __syncthreads();
    float scale = rsqrtf(warp_ss[0] / (2 * cols2) + eps);
    __half2 s2 = __float2half2_rn(scale);
    for (int c = threadIdx.x; c < cols2; c += blockDim.x)
        y[(size_t)blockIdx.x * cols2 + c] = __hmul2(__hmul2(xr[c], s2), w[c]);
}

