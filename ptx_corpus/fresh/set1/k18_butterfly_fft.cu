// Radix-2 FFT with butterflies exchanged across lanes via shuffles (32-point per warp),
// plus a per-thread 8-point register FFT.
#include <math.h>
extern "C" __global__ void warp_fft32(const float2* __restrict__ in, float2* __restrict__ out, int nfft)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= nfft) return;
    // bit-reversed load
    int src = __brev(lane) >> 27;
    float2 v = in[warp * 32 + src];
    float re = v.x, im = v.y;
#pragma unroll
    for (int s = 1; s < 32; s <<= 1) {
        float ore = __shfl_xor_sync(0xffffffffu, re, s);
        float oim = __shfl_xor_sync(0xffffffffu, im, s);
        int pos = lane & (s - 1);
        float ang = -3.14159265f * pos / s;
        float sn, cs;
        __sincosf(ang, &sn, &cs);
        bool upper = (lane & s) != 0;
        // twiddle applies to the upper element
        float tre = upper ? re : ore, tim = upper ? im : oim;
        float wre = tre * cs - tim * sn, wim = tre * sn + tim * cs;
        float lre = upper ? ore : re, lim = upper ? oim : im;
        re = upper ? lre - wre : lre + wre;
        im = upper ? lim - wim : lim + wim;
    }
    out[warp * 32 + lane] = make_float2(re, im);
}

extern "C" __global__ void thread_fft8(const float2* __restrict__ in, float2* __restrict__ out, int n8)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n8) return;
    float xr[8], xi[8];
#pragma unroll
    for (int k = 0; k < 8; ++k) { float2 v = in[t * 8 + k]; xr[k] = v.x; xi[k] = v.y; }
    // bit reverse permutation (static indices)
    float tr, ti;
    tr = xr[1]; xr[1] = xr[4]; xr[4] = tr; ti = xi[1]; xi[1] = xi[4]; xi[4] = ti;
    tr = xr[3]; xr[3] = xr[6]; xr[6] = tr; ti = xi[3]; xi[3] = xi[6]; xi[6] = ti;
#pragma unroll
    for (int s = 1; s < 8; s <<= 1) {
#pragma unroll
        for (int k = 0; k < 8; ++k) {
            if ((k & s) == 0) {
                int j = k + s;
                float ang = -3.14159265358979f * (k & (s - 1)) / s;
                float c = cosf(ang), sn = sinf(ang);
                float wr = xr[j] * c - xi[j] * sn, wi = xr[j] * sn + xi[j] * c;
                xr[j] = xr[k] - wr; xi[j] = xi[k] - wi;
                xr[k] = xr[k] + wr; xi[k] = xi[k] + wi;
            }
        }
    }
#pragma unroll
    for (int k = 0; k < 8; ++k) out[t * 8 + k] = make_float2(xr[k], xi[k]);
}
