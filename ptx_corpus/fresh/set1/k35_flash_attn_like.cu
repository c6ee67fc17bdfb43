// Online-softmax attention: each thread owns one query row with head_dim=64 accumulators
#define HD 64
extern "C" __global__ void __launch_bounds__(128) attn_online_softmax_hd64(const float* __restrict__ Q, const float* __restrict__ K,
        const float* __restrict__ V, float* __restrict__ O, int seq, float scale)
{
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    int h = blockIdx.y;
    __shared__ float Ks[32][HD];
    __shared__ float Vs[32][HD];
    const float* Qh = Q + (size_t)h * seq * HD;
    const float* Kh = K + (size_t)h * seq * HD;
    const float* Vh = V + (size_t)h * seq * HD;
    float qv[HD], acc[HD];
    bool active = q < seq;
#pragma unroll
    for (int d = 0; d < HD; ++d) { qv[d] = active ? Qh[(size_t)q * HD + d] * scale : 0.f; acc[d] = 0.f; }
    float m = -INFINITY, l = 0.f;
    for (int k0 = 0; k0 < seq; k0 += 32) {
        __syncthreads();
        for (int t = threadIdx.x; t < 32 * HD; t += blockDim.x) {
            int r = t / HD, c = t % HD;
            bool ok = k0 + r < seq;
            Ks[r][c] = ok ? Kh[(size_t)(k0 + r) * HD + c] : 0.f;
            Vs[r][c] = ok ? Vh[(size_t)(k0 + r) * HD + c] : 0.f;
        }
        __syncthreads();
        int kend = min(32, seq - k0);
        for (int j = 0; j < kend; ++j) {
            float s = 0.f;
#pragma unroll
            for (int d = 0; d < HD; ++d) s = fmaf(qv[d], Ks[j][d], s);
            float mn = fmaxf(m, s);
            float corr = __expf(m - mn), p = __expf(s - mn);
            l = l * corr + p;
#pragma unroll
            for (int d = 0; d < HD; ++d) acc[d] = fmaf(p, Vs[j][d], acc[d] * corr);
            m = mn;
        }
    }
    if (active) {
        float inv = 1.f / l;
#pragma unroll
        for (int d = 0; d < HD; ++d) O[((size_t)h * seq + q) * HD + d] = acc[d] * inv;
    }
}

extern "C" __global__ void attn_scores_masked(const float* __restrict__ Q, const float* __restrict__ K, float* __restrict__ S,
                                              int seq, int hd, float scale)
{
    int i = blockIdx.y * blockDim.y + threadIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= seq || j >= seq) return;
    if (j > i) { S[(size_t)i * seq + j] = -INFINITY; return; }
    float s = 0.f;
    for (int d = 0; d < hd; ++d) s += Q[(size_t)i * hd + d] * K[(size_t)j * hd + d];
    S[(size_t)i * seq + j] = s * scale;
}
