// Stereo matching: 9x7 census transform into 64-bit words, Hamming matching cost
// volume, and semi-global matching path aggregation (one thread per scanline,
// disparity range held in registers), plus winner-take-all with sub-pixel and LR check.
#include <cuda_runtime.h>
#include <stdint.h>

#define MAXD 64

extern "C" __global__ void census_9x7(const unsigned char* __restrict__ img, uint64_t* __restrict__ census,
                                      int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    unsigned char c = img[y * w + x];
    uint64_t bits = 0;
#pragma unroll
    for (int dy = -3; dy <= 3; ++dy)
#pragma unroll
        for (int dx = -4; dx <= 4; ++dx) {
            if (dx == 0 && dy == 0) continue;
            int xx = min(max(x + dx, 0), w - 1), yy = min(max(y + dy, 0), h - 1);
            bits = (bits << 1) | (uint64_t)(img[yy * w + xx] < c);
        }
    census[y * w + x] = bits;
}

extern "C" __global__ void census_cost_volume(const uint64_t* __restrict__ cl, const uint64_t* __restrict__ cr,
                                              unsigned char* __restrict__ cost, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y;
    if (x >= w) return;
    uint64_t l = cl[y * w + x];
    uchar4* out = reinterpret_cast<uchar4*>(cost + ((size_t)y * w + x) * MAXD);
#pragma unroll 4
    for (int d = 0; d < MAXD; d += 4) {
        uchar4 v;
        v.x = (unsigned char)__popcll(l ^ cr[y * w + max(x - d, 0)]);
        v.y = (unsigned char)__popcll(l ^ cr[y * w + max(x - d - 1, 0)]);
        v.z = (unsigned char)__popcll(l ^ cr[y * w + max(x - d - 2, 0)]);
        v.w = (unsigned char)__popcll(l ^ cr[y * w + max(x - d - 3, 0)]);
        out[d / 4] = v;
    }
}

// Left-to-right SGM path: each thread walks one image row keeping Lr(p-1, :) in registers.
extern "C" __global__ void sgm_aggregate_lr(const unsigned char* __restrict__ cost, unsigned short* __restrict__ agg,
                                            int w, int h, int P1, int P2)
{
    int y = blockIdx.x * blockDim.x + threadIdx.x;
    if (y >= h) return;
    int Lprev[MAXD];
    int minprev = 0;
#pragma unroll
    for (int d = 0; d < MAXD; ++d) Lprev[d] = 0;
    for (int x = 0; x < w; ++x) {
        const unsigned char* c = cost + ((size_t)y * w + x) * MAXD;
        int Lcur[MAXD];
        int mincur = 1 << 30;
#pragma unroll
        for (int d = 0; d < MAXD; ++d) {
            int best = Lprev[d];
            if (d > 0) best = min(best, Lprev[d - 1] + P1);
            if (d < MAXD - 1) best = min(best, Lprev[d + 1] + P1);
            best = min(best, minprev + P2);
            Lcur[d] = c[d] + best - minprev;
            mincur = min(mincur, Lcur[d]);
        }
        unsigned short* o = agg + ((size_t)y * w + x) * MAXD;
#pragma unroll
        for (int d = 0; d < MAXD; ++d) { o[d] += (unsigned short)Lcur[d]; Lprev[d] = Lcur[d]; }
        minprev = mincur;
    }
}

extern "C" __global__ void sgm_wta_subpixel(const unsigned short* __restrict__ agg, float* __restrict__ disp,
                                            int w, int h, float uniqueness)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y;
    if (x >= w) return;
    const unsigned short* a = agg + ((size_t)y * w + x) * MAXD;
    int best = 1 << 30, second = 1 << 30, bd = 0;
    for (int d = 0; d < MAXD; ++d) {
        int v = a[d];
        if (v < best) { second = best; best = v; bd = d; }
        else if (v < second) second = v;
    }
    float out = -1.f;
    if (best < uniqueness * second || second == (1 << 30)) {
        out = (float)bd;
        if (bd > 0 && bd < MAXD - 1) {
            float cm = a[bd - 1], cp = a[bd + 1];
            float den = cm - 2.f * best + cp;
            if (den > 0.f) out += 0.5f * (cm - cp) / den;
        }
    }
    disp[y * w + x] = out;
}
