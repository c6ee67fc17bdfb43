#include <cfloat>
extern "C" __global__ void softmax_rows_warp(const float* __restrict__ in, float* __restrict__ out,
    int rows, int cols, float temperature)
{
    int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    int lane = threadIdx.x & 31;
    if (row >= rows) return;
    const float* r = in + (size_t)row * cols;
    float m = -FLT_MAX, s = 0.f;
    for (int c = lane; c < cols; c += 32) {
        float v = r[c] / temperature;
        float nm = fmaxf(m, v);
        s = s * __expf(m - nm) + __expf(v - nm);
        m = nm;
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        float om = __shfl_xor_sync(0xffffffffu, m, o);
        float os = __shfl_xor_sync(0xffffffffu, s, o);
        float nm = fmaxf(m, om);
        s = s * __expf(m - nm) + os * __expf(om - nm);
        m = nm;
    }
    float inv = 1.f / s;
    for (int c = lane; c < cols; c += 32) out[(size_t)row * cols + c] = __expf(r[c] / temperature - m) * inv;
}

extern "C" __global__ void log_softmax_nll(const float* __restrict__ logits, const int* __restrict__ labels,
    float* __restrict__ loss, int cols)
{
    __shared__ float sm[2][32];
    int row = blockIdx.x;
    const float* r = logits + (size_t)row * cols;
    float m = -FLT_MAX;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, r[c]);
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
    if ((threadIdx.x & 31) == 0) sm[0][threadIdx.x >> 5] = m;
    __syncthreads();
    m = -FLT_MAX;
    for (int k = 0; k < (int)(blockDim.x >> 5); ++k) m = fmaxf(m, sm[0][k]);
    float s = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) s += expf(r[c] - m);
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    if ((threadIdx.x & 31) == 0) sm[1][threadIdx.x >> 5] = s;
    __syncthreads();
    if (threadIdx.x == 0) {
        float t = 0.f;
        for (int k = 0; k < (int)(blockDim.x >> 5); ++k) t += sm[1][k];
        int lbl = labels[row];
        loss[row] = (lbl >= 0) ? -(r[lbl] - m - logf(t)) : 0.f;
    }
}

#define K 8
extern "C" __global__ void topk_per_row(const float* __restrict__ scores, float* __restrict__ vals,
    int* __restrict__ idxs, int rows, int cols)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    float tv[K]; int ti[K];
#pragma unroll
    for (int k = 0; k < K; ++k) { tv[k] = -FLT_MAX; ti[k] = -1; }
    const float* r = scores + (size_t)row * cols;
    for (int c = 0; c < cols; ++c) {
        float v = r[c];
        if (v > tv[K - 1]) {
            tv[K - 1] = v; ti[K - 1] = c;
#pragma unroll
            for (int k = K - 1; k > 0; --k) {
                if (tv[k] > tv[k - 1]) {
                    float a = tv[k]; tv[k] = tv[k - 1]; tv[k - 1] = a;
                    int b = ti[k]; ti[k] = ti[k - 1]; ti[k - 1] = b;
                }
            }
        }
    }
#pragma unroll
    for (int k = 0; k < K; ++k) { vals[row * K + k] = tv[k]; idxs[row * K + k] = ti[k]; }
}
