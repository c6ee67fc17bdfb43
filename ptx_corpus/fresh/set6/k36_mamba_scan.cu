// Selective state-space model (Mamba) kernels and token sampling:
//  * selective scan forward over a sequence, N = 16 state dims in registers,
//    four channels per thread, B/C chunks staged in shared memory
//  * single-token decode step (recurrent inference) with cached state
//  * nucleus (top-p) sampling via threshold bisection, one block per row
#include <stdint.h>

#define SS_N 16
#define SS_CH 4          // channels per thread
#define SS_CHUNK 64      // time steps per shared-memory chunk

__device__ __forceinline__ float ss_softplus(float x) { return x > 20.f ? x : log1pf(__expf(x)); }
__device__ __forceinline__ float ss_silu(float x) { return x / (1.f + __expf(-x)); }

// u, delta, z: [B, D, L]; A: [D, N] (negative reals, log-parametrised);
// Bm, Cm: [B, N, L] (input-dependent, shared by all channels); Dskip: [D].
extern "C" __global__ void
selective_scan_fwd(const float* __restrict__ u,
                   const float* __restrict__ delta,
                   const float* __restrict__ delta_bias,
                   const float* __restrict__ A_log,
                   const float* __restrict__ Bm,
                   const float* __restrict__ Cm,
                   const float* __restrict__ Dskip,
                   const float* __restrict__ z,
                   int Bsz, int D, int L,
                   float* __restrict__ out,
                   float* __restrict__ last_state)     // [B, D, N]
{
    __shared__ float s_B[SS_CHUNK][SS_N];
    __shared__ float s_C[SS_CHUNK][SS_N];
    int b = blockIdx.y;
    int d0 = (blockIdx.x * blockDim.x + threadIdx.x) * SS_CH;
    float A[SS_CH][SS_N], h[SS_CH][SS_N];
    float dbias[SS_CH], dsk[SS_CH];
#pragma unroll
    for (int c = 0; c < SS_CH; ++c) {
        int d = min(d0 + c, D - 1);
#pragma unroll
        for (int n = 0; n < SS_N; ++n) {
            A[c][n] = -__expf(A_log[d * SS_N + n]) * 1.4426950408889634f;   // pre-scaled for exp2
            h[c][n] = 0.f;
        }
        dbias[c] = delta_bias ? delta_bias[d] : 0.f;
        dsk[c] = Dskip[d];
    }
    const float* Bb = Bm + (long long)b * SS_N * L;
    const float* Cb = Cm + (long long)b * SS_N * L;
    for (int t0 = 0; t0 < L; t0 += SS_CHUNK) {
        __syncthreads();
        for (int k = threadIdx.x; k < SS_CHUNK * SS_N; k += blockDim.x) {
            int n = k / SS_CHUNK, tt = k % SS_CHUNK;
            float bv = 0.f, cv = 0.f;
            if (t0 + tt < L) { bv = Bb[(long long)n * L + t0 + tt]; cv = Cb[(long long)n * L + t0 + tt]; }
            s_B[tt][n] = bv;
            s_C[tt][n] = cv;
        }
        __syncthreads();
        int steps = min(SS_CHUNK, L - t0);
#pragma unroll
        for (int c = 0; c < SS_CH; ++c) {
            int d = d0 + c;
            if (d >= D) continue;
            long long row = ((long long)b * D + d) * L + t0;
            for (int tt = 0; tt < steps; ++tt) {
                float dt = ss_softplus(delta[row + tt] + dbias[c]);
                float x = u[row + tt];
                float dtx = dt * x;
                float y = 0.f;
#pragma unroll
                for (int n = 0; n < SS_N; ++n) {
                    float dA = exp2f(dt * A[c][n]);
                    h[c][n] = dA * h[c][n] + dtx * s_B[tt][n];
                    y += h[c][n] * s_C[tt][n];
                }
                y += dsk[c] * x;
                if (z) y *= ss_silu(z[row + tt]);
                out[row + tt] = y;
            }
        }
    }
#pragma unroll
    for (int c = 0; c < SS_CH; ++c) {
        int d = d0 + c;
        if (d >= D) continue;
#pragma unroll
        for (int n = 0; n < SS_N; ++n) last_state[((long long)b * D + d) * SS_N + n] = h[c][n];
    }
}

// Decode step: h = exp(dt A) h + dt B x ; y = C.h + D x, gated by silu(z).
// One thread per (b, d); register cap keeps occupancy high for the
// latency-bound single-token path.
extern "C" __global__ void __maxnreg__(32)
ssm_decode_step(float* __restrict__ state,            // [B, D, N]
                const float* __restrict__ x,          // [B, D]
                const float* __restrict__ dt_raw,     // [B, D]
                const float* __restrict__ dt_bias,
                const float* __restrict__ A_log,      // [D, N]
                const float* __restrict__ Bt,         // [B, N]
                const float* __restrict__ Ct,         // [B, N]
                const float* __restrict__ Dskip,
                const float* __restrict__ zt,         // [B, D]
                int Bsz, int D,
                float* __restrict__ y)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= Bsz * D) return;
    int b = idx / D, d = idx % D;
    float dt = ss_softplus(dt_raw[idx] + dt_bias[d]);
    float xv = x[idx];
    float* h = state + (long long)idx * SS_N;
    const float* Bb = Bt + b * SS_N;
    const float* Cb = Ct + b * SS_N;
    float hv[SS_N];
#pragma unroll
    for (int n = 0; n < SS_N; ++n) hv[n] = h[n];
    float acc = 0.f;
#pragma unroll
    for (int n = 0; n < SS_N; ++n) {
        float a = -__expf(A_log[d * SS_N + n]);
        float hn = __expf(dt * a) * hv[n] + dt * Bb[n] * xv;
        hv[n] = hn;
        acc += hn * Cb[n];
    }
#pragma unroll
    for (int n = 0; n < SS_N; ++n) h[n] = hv[n];
    acc += Dskip[d] * xv;
    y[idx] = acc * ss_silu(zt[idx]);
}

__device__ __forceinline__ float tp_block_sum(float v, float* s_red)
{
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
    __syncthreads();
    if ((threadIdx.x & 31) == 0) s_red[threadIdx.x >> 5] = v;
    __syncthreads();
    float t = 0.f;
    for (int w = 0; w < (int)(blockDim.x >> 5); ++w) t += s_red[w];
    return t;
}

// Top-p sampling without sorting: softmax with temperature, then bisection on
// a probability threshold tau so that mass{p >= tau} >= top_p, then inverse-
// CDF sampling restricted to {p >= tau} in index order.
extern "C" __global__ void
top_p_sample(const float* __restrict__ logits,   // [rows, V]
             int V,
             float temperature, float top_p,
             const float* __restrict__ uniforms, // [rows]
             int* __restrict__ tokens,
             float* __restrict__ token_prob)
{
    __shared__ float s_red[32];
    __shared__ int s_tok;
    const float* x = logits + (long long)blockIdx.x * V;
    float inv_t = 1.f / fmaxf(temperature, 1e-5f);
    float m = -INFINITY;
    for (int j = threadIdx.x; j < V; j += blockDim.x) m = fmaxf(m, x[j] * inv_t);
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, off));
    if ((threadIdx.x & 31) == 0) s_red[threadIdx.x >> 5] = m;
    __syncthreads();
    m = s_red[0];
    for (int w = 1; w < (int)(blockDim.x >> 5); ++w) m = fmaxf(m, s_red[w]);
    float part = 0.f;
    for (int j = threadIdx.x; j < V; j += blockDim.x) part += __expf(x[j] * inv_t - m);
    float Z = tp_block_sum(part, s_red);
    float invZ = 1.f / Z;
    // bisection on tau in [0, p_max=1/Z]
    float lo = 0.f, hi = invZ;
    for (int it = 0; it < 24; ++it) {
        float tau = 0.5f * (lo + hi);
        float mass = 0.f;
        for (int j = threadIdx.x; j < V; j += blockDim.x) {
            float p = __expf(x[j] * inv_t - m) * invZ;
            if (p >= tau) mass += p;
        }
        mass = tp_block_sum(mass, s_red);
        if (mass >= top_p) lo = tau; else hi = tau;
    }
    float tau = lo;
    float kept = 0.f;
    for (int j = threadIdx.x; j < V; j += blockDim.x) {
        float p = __expf(x[j] * inv_t - m) * invZ;
        if (p >= tau) kept += p;
    }
    kept = tp_block_sum(kept, s_red);
    float target = uniforms[blockIdx.x] * kept;
    // chunked inverse CDF: each pass covers blockDim.x consecutive tokens
    if (threadIdx.x == 0) s_tok = -1;
    float running = 0.f;
    for (int base = 0; base < V; base += blockDim.x) {
        int j = base + threadIdx.x;
        float p = 0.f;
        if (j < V) { p = __expf(x[j] * inv_t - m) * invZ; if (p < tau) p = 0.f; }
        // block inclusive scan via warp scans
        float incl = p;
        int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
#pragma unroll
        for (int off = 1; off < 32; off <<= 1) {
            float v = __shfl_up_sync(0xffffffffu, incl, off);
            if (lane >= off) incl += v;
        }
        __syncthreads();
        if (lane == 31) s_red[wid] = incl;
        __syncthreads();
        float woff = 0.f;
        for (int w = 0; w < wid; ++w) woff += s_red[w];
        float tot = 0.f;
        for (int w = 0; w < (int)(blockDim.x >> 5); ++w) tot += s_red[w];
        incl += woff + running;
        if (p > 0.f && incl >= target && incl - p < target) atomicCAS(&s_tok, -1, j);
        running += tot;
        __syncthreads();
        if (s_tok >= 0) break;
    }
    if (threadIdx.x == 0) {
        int t = s_tok;
        if (t < 0) {          // numerical fallback: argmax
            t = 0;
            for (int j = 0; j < V; ++j) if (x[j] * inv_t == m) { t = j; break; }
        }
        tokens[blockIdx.x] = t;
        token_prob[blockIdx.x] = __expf(x[t] * inv_t - m) * invZ / kept;
    }
}
