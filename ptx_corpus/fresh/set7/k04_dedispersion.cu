// Pulsar / FRB search: incoherent brute-force dedispersion over many trial DMs,
// each thread accumulating several DM trials and time samples in registers,
// plus boxcar matched filtering and S/N peak detection.
#include <cuda_runtime.h>

#define DM_PER_THREAD 8
#define T_PER_THREAD 4
#define MAX_CHANS 4096

__constant__ float c_delay_factor[MAX_CHANS];   // (f^-2 - fref^-2) * kDM / tsamp

extern "C" __global__ void __launch_bounds__(256)
dedisperse_brute(const unsigned char* __restrict__ filterbank, // [nchan][nsamp], 8-bit
                 float* __restrict__ out,                       // [ndm][nout]
                 int nchan, int nsamp, int nout, float dm_start, float dm_step, int ndm)
{
    int t0 = (blockIdx.x * blockDim.x + threadIdx.x) * T_PER_THREAD;
    int dm0 = blockIdx.y * DM_PER_THREAD;
    if (t0 >= nout) return;
    float acc[DM_PER_THREAD][T_PER_THREAD];
    float dms[DM_PER_THREAD];
#pragma unroll
    for (int d = 0; d < DM_PER_THREAD; ++d) {
        dms[d] = dm_start + (dm0 + d) * dm_step;
#pragma unroll
        for (int t = 0; t < T_PER_THREAD; ++t) acc[d][t] = 0.f;
    }
    for (int c = 0; c < nchan; ++c) {
        float df = c_delay_factor[c];
        const unsigned char* row = filterbank + (size_t)c * nsamp;
#pragma unroll
        for (int d = 0; d < DM_PER_THREAD; ++d) {
            int shift = __float2int_rn(dms[d] * df);
            int base = t0 + shift;
#pragma unroll
            for (int t = 0; t < T_PER_THREAD; ++t) {
                int idx = min(base + t, nsamp - 1);
                acc[d][t] += (float)__ldg(row + idx);
            }
        }
    }
    float norm = rsqrtf((float)nchan);
#pragma unroll
    for (int d = 0; d < DM_PER_THREAD; ++d) {
        if (dm0 + d >= ndm) break;
#pragma unroll
        for (int t = 0; t < T_PER_THREAD; ++t)
            if (t0 + t < nout) out[(size_t)(dm0 + d) * nout + t0 + t] = (acc[d][t] - 127.5f * nchan) * norm;
    }
}

// Subband dedispersion stage 1: collapse groups of channels at nominal DM.
extern "C" __global__ void dedisperse_subband(const float* __restrict__ in, float* __restrict__ sub,
                                              const int* __restrict__ shifts, // [nsub_dm][nchan]
                                              int nchan, int chans_per_sub, int nsamp, int nout)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int s = blockIdx.y;
    int sdm = blockIdx.z;
    if (t >= nout) return;
    const int* sh = shifts + sdm * nchan;
    float acc = 0.f;
    for (int c = s * chans_per_sub; c < (s + 1) * chans_per_sub; ++c)
        acc += in[(size_t)c * nsamp + min(t + sh[c], nsamp - 1)];
    sub[((size_t)sdm * gridDim.y + s) * nout + t] = acc;
}

// Boxcar filter bank widths 1,2,4,...,64 using a running prefix; track best S/N.
extern "C" __global__ void boxcar_snr(const float* __restrict__ dedisp, float* __restrict__ best_snr,
                                      int* __restrict__ best_width, int nout, float inv_sigma)
{
    int dm = blockIdx.y;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nout) return;
    const float* row = dedisp + (size_t)dm * nout;
    float prefix[65];
    prefix[0] = 0.f;
    for (int k = 0; k < 64; ++k) prefix[k + 1] = prefix[k] + row[min(t + k, nout - 1)];
    float best = -1e30f; int bw = 1;
#pragma unroll
    for (int w = 1; w <= 64; w <<= 1) {
        float s = prefix[w] * rsqrtf((float)w) * inv_sigma;
        if (s > best) { best = s; bw = w; }
    }
    best_snr[(size_t)dm * nout + t] = best;
    best_width[(size_t)dm * nout + t] = bw;
}

// High-DM-count variant: 16 DM trials x 4 samples per thread, channel loop unrolled by 2;
// 64 accumulators plus 16 DM values stay live across the channel loop.
extern "C" __global__ void __launch_bounds__(128)
dedisperse_brute_16dm(const unsigned short* __restrict__ filterbank, // [nchan][nsamp], 16-bit
                      float* __restrict__ out, int nchan, int nsamp, int nout,
                      float dm_start, float dm_step, int ndm)
{
    const int ND = 16, NT = 4;
    int t0 = (blockIdx.x * blockDim.x + threadIdx.x) * NT;
    int dm0 = blockIdx.y * ND;
    if (t0 >= nout) return;
    float acc[ND][NT];
    float dms[ND];
#pragma unroll
    for (int d = 0; d < ND; ++d) {
        dms[d] = dm_start + (dm0 + d) * dm_step;
#pragma unroll
        for (int t = 0; t < NT; ++t) acc[d][t] = 0.f;
    }
#pragma unroll 2
    for (int c = 0; c < nchan; ++c) {
        float df = c_delay_factor[c];
        const unsigned short* row = filterbank + (size_t)c * nsamp;
#pragma unroll
        for (int d = 0; d < ND; ++d) {
            int base = t0 + __float2int_rn(dms[d] * df);
#pragma unroll
            for (int t = 0; t < NT; ++t)
                acc[d][t] += (float)__ldg(row + min(base + t, nsamp - 1));
        }
    }
#pragma unroll
    for (int d = 0; d < ND; ++d) {
        if (dm0 + d >= ndm) break;
        float4 v = make_float4(acc[d][0], acc[d][1], acc[d][2], acc[d][3]);
        if (t0 + NT <= nout) *reinterpret_cast<float4*>(out + (size_t)(dm0 + d) * nout + t0) = v;
    }
}
