// Recurrent cells: fused LSTM pointwise (gates from precomputed GEMMs), GRU pointwise in half precision, and a persistent small-hidden LSTM with weights in registers.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

__device__ __forceinline__ float sigm(float x) { return 1.f / (1.f + __expf(-x)); }

// gates layout [batch][4*H] in order i,f,g,o; xW and hU are the input and recurrent GEMM results
extern "C" __global__ void
lstm_pointwise_fused(const float* __restrict__ xW, const float* __restrict__ hU, const float* __restrict__ bias,
                     const float* __restrict__ cPrev, float* __restrict__ cOut, float* __restrict__ hOut,
                     float* __restrict__ gatesSave, int batch, int H, float forgetBias, float cellClip)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= batch * H) return;
    int b = idx / H, h = idx % H;
    const float* gx = xW + (size_t)b * 4 * H;
    const float* gh = hU + (size_t)b * 4 * H;
    float gi = gx[h] + gh[h] + bias[h];
    float gf = gx[H + h] + gh[H + h] + bias[H + h] + forgetBias;
    float gg = gx[2 * H + h] + gh[2 * H + h] + bias[2 * H + h];
    float go = gx[3 * H + h] + gh[3 * H + h] + bias[3 * H + h];
    float i = sigm(gi), f = sigm(gf), g = tanhf(gg), o = sigm(go);
    float c = f * cPrev[idx] + i * g;
    if (cellClip > 0.f) c = fminf(fmaxf(c, -cellClip), cellClip);
    cOut[idx] = c;
    hOut[idx] = o * tanhf(c);
    float* gs = gatesSave + (size_t)b * 4 * H;
    gs[h] = i; gs[H + h] = f; gs[2 * H + h] = g; gs[3 * H + h] = o;
}

// GRU (cuDNN formulation: r applied after recurrent matmul), half2 vectorized over hidden pairs
extern "C" __global__ void
gru_pointwise_half2(const __half2* __restrict__ xW /*[B][3H/2]*/, const __half2* __restrict__ hU, const __half2* __restrict__ bx,
                    const __half2* __restrict__ bh, const __half2* __restrict__ hPrev, __half2* __restrict__ hOut, int batch, int H2)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= batch * H2) return;
    int b = idx / H2, h = idx % H2;
    const __half2* gx = xW + (size_t)b * 3 * H2;
    const __half2* gh = hU + (size_t)b * 3 * H2;
    float2 xr = __half22float2(__hadd2(gx[h], bx[h]));
    float2 xz = __half22float2(__hadd2(gx[H2 + h], bx[H2 + h]));
    float2 xn = __half22float2(__hadd2(gx[2 * H2 + h], bx[2 * H2 + h]));
    float2 hr = __half22float2(__hadd2(gh[h], bh[h]));
    float2 hz = __half22float2(__hadd2(gh[H2 + h], bh[H2 + h]));
    float2 hn = __half22float2(__hadd2(gh[2 * H2 + h], bh[2 * H2 + h]));
    float2 hp = __half22float2(hPrev[idx]);
    float r0 = sigm(xr.x + hr.x), r1 = sigm(xr.y + hr.y);
    float z0 = sigm(xz.x + hz.x), z1 = sigm(xz.y + hz.y);
    float n0 = tanhf(xn.x + r0 * hn.x), n1 = tanhf(xn.y + r1 * hn.y);
    hOut[idx] = __floats2half2_rn((1.f - z0) * n0 + z0 * hp.x, (1.f - z1) * n1 + z1 * hp.y);
}

// Persistent LSTM for H=32: one warp per sequence, lane j holds its 4 gate rows of U (4x32 floats) in registers,
// h broadcast with shuffles each step. Register-hungry by design.
#define PH 32
extern "C" __global__ void __launch_bounds__(128)
lstm_persistent_h32(const float* __restrict__ xW /*[B][T][4*PH] precomputed*/, const float* __restrict__ U /*[4*PH][PH]*/,
                    const float* __restrict__ b, int T, int B, float* __restrict__ hSeq)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= B) return;
    float ui[PH], uf[PH], ug[PH], uo[PH];
#pragma unroll
    for (int k = 0; k < PH; ++k) {
        ui[k] = U[(0 * PH + lane) * PH + k]; uf[k] = U[(1 * PH + lane) * PH + k];
        ug[k] = U[(2 * PH + lane) * PH + k]; uo[k] = U[(3 * PH + lane) * PH + k];
    }
    float bi = b[lane], bf = b[PH + lane], bg = b[2 * PH + lane], bo = b[3 * PH + lane];
    float h = 0.f, c = 0.f;
    const float* x = xW + (size_t)warp * T * 4 * PH;
    for (int t = 0; t < T; ++t) {
        float ai = x[t * 4 * PH + lane] + bi, af = x[t * 4 * PH + PH + lane] + bf;
        float ag = x[t * 4 * PH + 2 * PH + lane] + bg, ao = x[t * 4 * PH + 3 * PH + lane] + bo;
#pragma unroll
        for (int k = 0; k < PH; ++k) {
            float hk = __shfl_sync(0xffffffffu, h, k);
            ai = fmaf(ui[k], hk, ai); af = fmaf(uf[k], hk, af); ag = fmaf(ug[k], hk, ag); ao = fmaf(uo[k], hk, ao);
        }
        c = sigm(af) * c + sigm(ai) * tanhf(ag);
        h = sigm(ao) * tanhf(c);
        hSeq[((size_t)warp * T + t) * PH + lane] = h;
    }
}
