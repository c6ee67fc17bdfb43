// FlashAttention-style forward tile: one block handles BR = 32 query rows of one head,
// loops over key/value tiles of BC = 32 rows, head dim D = 64, online softmax.
// Dynamic shared memory is carved into Qs | Ks | Vs | Ss.
// Launch (both kernels): blockDim = 128, gridDim = (L/32, B*H) = (32, 8), L = 1024,
// dynamic shared memory = (3*32*64 + 32*32) * sizeof(float) = 28672 bytes.
// Q, K, V, O are [B*H][L][D] contiguous.
#define BR 32
#define BC 32
#define HD 64
#define NT 128

extern "C" __global__ void __launch_bounds__(NT)
attn_fwd_race(const float* __restrict__ Q, const float* __restrict__ K, const float* __restrict__ V,
              float* __restrict__ O, int L, float scale)
{
    extern __shared__ __align__(16) unsigned char smem_raw[];
    float* Qs = reinterpret_cast<float*>(smem_raw);
    float* Ks = Qs + BR * HD;
    float* Vs = Ks + BC * HD;
    float* Ss = reinterpret_cast<float*>(smem_raw + (BR * HD + 2 * BC * HD));   // byte offset misses sizeof(float)

    int tid = threadIdx.x;
    size_t head = (size_t)blockIdx.y * L * HD;
    const float* Qb = Q + head + (size_t)blockIdx.x * BR * HD;
    for (int e = tid; e < BR * HD; e += NT) Qs[e] = Qb[e];

    int r = tid >> 2, q = tid & 3;             // row r, output columns q*16 .. q*16+15
    float m_i = -INFINITY, l_i = 0.f, acc[16];
#pragma unroll
    for (int c = 0; c < 16; ++c) acc[c] = 0.f;

    for (int kb = 0; kb < L; kb += BC) {
        const float* Kb = K + head + (size_t)kb * HD;
        const float* Vb = V + head + (size_t)kb * HD;
        for (int e = tid; e < BC * HD; e += NT) { Ks[e] = Kb[e]; Vs[e] = Vb[e]; }
        __syncthreads();

        for (int e = tid; e < BR * BC; e += NT) {
            int i = e / BC, j = e % BC;
            float s = 0.f;
#pragma unroll 8
            for (int d = 0; d < HD; ++d) s += Qs[i * HD + d] * Ks[j * HD + d];
            Ss[e] = s * scale;
        }
        __syncthreads();

        float mx = m_i;
        for (int j = 0; j < BC; ++j) mx = fmaxf(mx, Ss[r * BC + j]);
        float alpha = __expf(m_i - mx);
        l_i *= alpha;
#pragma unroll
        for (int c = 0; c < 16; ++c) acc[c] *= alpha;
        for (int j = 0; j < BC; ++j) {
            float p = __expf(Ss[r * BC + j] - mx);
            l_i += p;
#pragma unroll
            for (int c = 0; c < 16; ++c) acc[c] += p * Vs[j * HD + q * 16 + c];
        }
        m_i = mx;
        __syncthreads();
    }
    float* Ob = O + head + ((size_t)blockIdx.x * BR + r) * HD + q * 16;
#pragma unroll
    for (int c = 0; c < 16; ++c) Ob[c] = acc[c] / l_i;
}

extern "C" __global__ void __launch_bounds__(NT)
attn_fwd_ok(const float* __restrict__ Q, const float* __restrict__ K, const float* __restrict__ V,
            float* __restrict__ O, int L, float scale)
{
    extern __shared__ __align__(16) unsigned char smem_raw[];
    float* Qs = reinterpret_cast<float*>(smem_raw);
    float* Ks = Qs + BR * HD;
    float* Vs = Ks + BC * HD;
    float* Ss = reinterpret_cast<float*>(smem_raw + (BR * HD + 2 * BC * HD) * sizeof(float));

    int tid = threadIdx.x;
    size_t head = (size_t)blockIdx.y * L * HD;
    const float* Qb = Q + head + (size_t)blockIdx.x * BR * HD;
    for (int e = tid; e < BR * HD; e += NT) Qs[e] = Qb[e];

    int r = tid >> 2, q = tid & 3;
    float m_i = -INFINITY, l_i = 0.f, acc[16];
#pragma unroll
    for (int c = 0; c < 16; ++c) acc[c] = 0.f;

    for (int kb = 0; kb < L; kb += BC) {
        const float* Kb = K + head + (size_t)kb * HD;
        const float* Vb = V + head + (size_t)kb * HD;
        for (int e = tid; e < BC * HD; e += NT) { Ks[e] = Kb[e]; Vs[e] = Vb[e]; }
        __syncthreads();

        for (int e = tid; e < BR * BC; e += NT) {
            int i = e / BC, j = e % BC;
            float s = 0.f;
#pragma unroll 8
            for (int d = 0; d < HD; ++d) s += Qs[i * HD + d] * Ks[j * HD + d];
            Ss[e] = s * scale;
        }
        __syncthreads();

        float mx = m_i;
        for (int j = 0; j < BC; ++j) mx = fmaxf(mx, Ss[r * BC + j]);
        float alpha = __expf(m_i - mx);
        l_i *= alpha;
#pragma unroll
        for (int c = 0; c < 16; ++c) acc[c] *= alpha;
        for (int j = 0; j < BC; ++j) {
            float p = __expf(Ss[r * BC + j] - mx);
            l_i += p;
#pragma unroll
            for (int c = 0; c < 16; ++c) acc[c] += p * Vs[j * HD + q * 16 + c];
        }
        m_i = mx;
        __syncthreads();
    }
    float* Ob = O + head + ((size_t)blockIdx.x * BR + r) * HD + q * 16;
#pragma unroll
    for (int c = 0; c < 16; ++c) Ob[c] = acc[c] / l_i;
}
