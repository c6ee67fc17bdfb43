// Viterbi decoding of the K=7 rate-1/2 convolutional code (polys 0171/0133): soft-decision ACS with 64 states in shared memory, traceback, and a register-resident variant for K=5.
#include <cuda_runtime.h>
#include <stdint.h>

#define K7_STATES 64

__device__ __forceinline__ int parity(unsigned x) { return __popc(x) & 1; }

// one block of 64 threads decodes one frame; each thread owns one next-state; survivor bits packed in 64-bit words per step
extern "C" __global__ void __launch_bounds__(64)
viterbi_k7_acs(const signed char* __restrict__ soft /* 2 per bit */, int nBits, unsigned long long* __restrict__ surv,
               int* __restrict__ finalState)
{
    __shared__ int metric[2][K7_STATES];
    __shared__ unsigned long long dec;
    int s = threadIdx.x;
    const signed char* sy = soft + (size_t)blockIdx.x * 2 * nBits;
    unsigned long long* sv = surv + (size_t)blockIdx.x * nBits;
    metric[0][s] = (s == 0) ? 0 : -(1 << 20);
    // expected outputs for transition from prev state p with input bit b = (s >> 5)
    int b = s >> 5;
    int p0 = (s << 1) & 63, p1 = p0 | 1;
    unsigned reg0 = (b << 6) | p0, reg1 = (b << 6) | p1;
    int e00 = parity(reg0 & 0x79) ? -1 : 1, e01 = parity(reg0 & 0x5B) ? -1 : 1;
    int e10 = parity(reg1 & 0x79) ? -1 : 1, e11 = parity(reg1 & 0x5B) ? -1 : 1;
    __syncthreads();
    int cur = 0;
    for (int t = 0; t < nBits; ++t) {
        if (s == 0) dec = 0ull;
        int y0 = sy[2 * t], y1 = sy[2 * t + 1];
        int m0 = metric[cur][p0] + e00 * y0 + e01 * y1;
        int m1 = metric[cur][p1] + e10 * y0 + e11 * y1;
        bool pick1 = m1 > m0;
        __syncthreads();
        metric[cur ^ 1][s] = pick1 ? m1 : m0;
        if (pick1) atomicOr(&dec, 1ull << s);
        __syncthreads();
        if (s == 0) sv[t] = dec;
        // renormalize every 64 steps to avoid overflow
        if ((t & 63) == 63) {
            int v = metric[cur ^ 1][s];
            int mx = v;
            for (int o = 16; o > 0; o >>= 1) mx = max(mx, __shfl_xor_sync(0xffffffffu, mx, o));
            __shared__ int wmax[2];
            if ((s & 31) == 0) wmax[s >> 5] = mx;
            __syncthreads();
            metric[cur ^ 1][s] = v - max(wmax[0], wmax[1]);
            __syncthreads();
        }
        cur ^= 1;
    }
    if (s == 0) {
        int best = 0, bm = metric[cur][0];
        for (int k = 1; k < K7_STATES; ++k) if (metric[cur][k] > bm) { bm = metric[cur][k]; best = k; }
        finalState[blockIdx.x] = best;
    }
}

extern "C" __global__ void
viterbi_traceback(const unsigned long long* __restrict__ surv, const int* __restrict__ finalState, int nBits,
                  int nFrames, unsigned char* __restrict__ bits)
{
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= nFrames) return;
    const unsigned long long* sv = surv + (size_t)f * nBits;
    unsigned char* out = bits + (size_t)f * nBits;
    int s = finalState[f];
    for (int t = nBits - 1; t >= 0; --t) {
        out[t] = (unsigned char)(s >> 5);
        int pb = (int)((sv[t] >> s) & 1ull);
        s = ((s << 1) & 63) | pb;
    }
}

// K=5 (16 states) hard-decision decoder, one thread per short frame, path metrics in a fully-unrolled register array
extern "C" __global__ void
viterbi_k5_regs(const unsigned char* __restrict__ hard /* 2 bits per symbol packed in byte */, int nSym, int nFrames,
                unsigned int* __restrict__ survOut /* 16 bits per step */, int* __restrict__ bestState)
{
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= nFrames) return;
    int pm[16];
#pragma unroll
    for (int s = 0; s < 16; ++s) pm[s] = s ? 1000 : 0;
    const unsigned char* h = hard + (size_t)f * nSym;
    for (int t = 0; t < nSym; ++t) {
        int y = h[t] & 3;
        int np[16]; unsigned dec = 0;
#pragma unroll
        for (int s = 0; s < 16; ++s) {
            int b = s >> 3, q0 = (s << 1) & 15, q1 = q0 | 1;
            unsigned r0 = (b << 4) | q0, r1 = (b << 4) | q1;
            int o0 = (parity(r0 & 0x19) << 1) | parity(r0 & 0x17);
            int o1 = (parity(r1 & 0x19) << 1) | parity(r1 & 0x17);
            int m0 = pm[q0] + __popc(o0 ^ y), m1 = pm[q1] + __popc(o1 ^ y);
            bool p1 = m1 < m0;
            np[s] = p1 ? m1 : m0;
            dec |= (unsigned)p1 << s;
        }
#pragma unroll
        for (int s = 0; s < 16; ++s) pm[s] = np[s];
        survOut[(size_t)f * nSym + t] = dec;
    }
    int best = 0, bm = pm[0];
#pragma unroll
    for (int s = 1; s < 16; ++s) if (pm[s] < bm) { bm = pm[s]; best = s; }
    bestState[f] = best;
}
