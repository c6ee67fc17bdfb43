// k16_gru_cell.cu
// ML/sequence models: GRU and LSTM cells.
//  - gru_cell_fused:        elementwise GRU gate math after the two GEMMs (r, z, n gates)
//  - gru_persistent_small:  hidden size 32 GRU, one thread per sequence, weights in __constant__,
//                           hidden state kept in an unrolled register array across time steps
//  - lstm_cell_fused_lb:    LSTM elementwise with peepholes; 4 hidden units per thread,
//                           __launch_bounds__(1024) (does not force spills)
//  - gru_backward_gates:    gradient of the gate nonlinearities (elementwise)

#define HS 32
__constant__ float c_Wz[HS * 4], c_Wr[HS * 4], c_Wn[HS * 4];
__constant__ float c_Uz[HS * HS], c_Ur[HS * HS], c_Un[HS * HS];

__device__ __forceinline__ float sigm(float x) { return 1.f / (1.f + __expf(-x)); }

extern "C" __global__ void gru_cell_fused(const float* __restrict__ xg /* B x 3H */, const float* __restrict__ hg /* B x 3H */,
                                          const float* __restrict__ bx, const float* __restrict__ bh,
                                          const float* __restrict__ hprev, float* __restrict__ hnext,
                                          float* __restrict__ saved, int B, int H)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= B * H) return;
    int b = i / H, h = i % H;
    size_t base = (size_t)b * 3 * H;
    float r = sigm(xg[base + h] + bx[h] + hg[base + h] + bh[h]);
    float z = sigm(xg[base + H + h] + bx[H + h] + hg[base + H + h] + bh[H + h]);
    float hn = hg[base + 2 * H + h] + bh[2 * H + h];
    float n = tanhf(xg[base + 2 * H + h] + bx[2 * H + h] + r * hn);
    float hp = hprev[i];
    hnext[i] = (1.f - z) * n + z * hp;
    saved[4 * i] = r; saved[4 * i + 1] = z; saved[4 * i + 2] = n; saved[4 * i + 3] = hn;
}

extern "C" __global__ void gru_persistent_small(const float4* __restrict__ x /* T x S */, int T, int S,
                                                float* __restrict__ hOut)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= S) return;
    float h[HS];
#pragma unroll
    for (int i = 0; i < HS; ++i) h[i] = 0.f;
    for (int t = 0; t < T; ++t) {
        float4 xv = x[(size_t)t * S + s];
        float hn[HS];
#pragma unroll
        for (int i = 0; i < HS; ++i) {
            float az = c_Wz[4 * i] * xv.x + c_Wz[4 * i + 1] * xv.y + c_Wz[4 * i + 2] * xv.z + c_Wz[4 * i + 3] * xv.w;
            float ar = c_Wr[4 * i] * xv.x + c_Wr[4 * i + 1] * xv.y + c_Wr[4 * i + 2] * xv.z + c_Wr[4 * i + 3] * xv.w;
            float an = c_Wn[4 * i] * xv.x + c_Wn[4 * i + 1] * xv.y + c_Wn[4 * i + 2] * xv.z + c_Wn[4 * i + 3] * xv.w;
            float uz = 0.f, ur = 0.f, un = 0.f;
#pragma unroll
            for (int j = 0; j < HS; ++j) {
                uz += c_Uz[i * HS + j] * h[j];
                ur += c_Ur[i * HS + j] * h[j];
                un += c_Un[i * HS + j] * h[j];
            }
            float z = sigm(az + uz), r = sigm(ar + ur);
            float n = tanhf(an + r * un);
            hn[i] = (1.f - z) * n + z * h[i];
        }
#pragma unroll
        for (int i = 0; i < HS; ++i) h[i] = hn[i];
    }
#pragma unroll
    for (int i = 0; i < HS; ++i) hOut[(size_t)s * HS + i] = h[i];
}

extern "C" __global__ void __launch_bounds__(1024)
lstm_cell_fused_lb(const float4* __restrict__ gates /* B x 4H as float4 per 4 units per gate */,
                   const float4* __restrict__ cprev, const float4* __restrict__ peep /* 3H/4 */,
                   float4* __restrict__ hnext, float4* __restrict__ cnext, int B, int H4)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= B * H4) return;
    int b = i / H4, u = i % H4;
    size_t g = (size_t)b * 4 * H4;
    float4 gi = gates[g + u], gf = gates[g + H4 + u], gg = gates[g + 2 * H4 + u], go = gates[g + 3 * H4 + u];
    float4 c = cprev[i];
    float4 pi = peep[u], pf = peep[H4 + u], po = peep[2 * H4 + u];
    float4 cn, hn;
#define LSTM1(q) { float ig = sigm(gi.q + pi.q * c.q), fg = sigm(gf.q + pf.q * c.q); \
                   cn.q = fg * c.q + ig * tanhf(gg.q); float og = sigm(go.q + po.q * cn.q); hn.q = og * tanhf(cn.q); }
    LSTM1(x) LSTM1(y) LSTM1(z) LSTM1(w)
#undef LSTM1
    cnext[i] = cn;
    hnext[i] = hn;
}

extern "C" __global__ void gru_backward_gates(const float* __restrict__ saved, const float* __restrict__ hprev,
                                              const float* __restrict__ dh, float* __restrict__ dgates,
                                              float* __restrict__ dhprev, int B, int H)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= B * H) return;
    int b = i / H, h = i % H;
    float r = saved[4 * i], z = saved[4 * i + 1], n = saved[4 * i + 2], hn = saved[4 * i + 3];
    float g = dh[i];
    float dn = g * (1.f - z) * (1.f - n * n);
    float dz = g * (hprev[i] - n) * z * (1.f - z);
    float dr = dn * hn * r * (1.f - r);
    size_t base = (size_t)b * 3 * H;
    dgates[base + h] = dr; dgates[base + H + h] = dz; dgates[base + 2 * H + h] = dn;
    dhprev[i] = g * z;
}
