// Group normalization (Welford stats per group, fused SiLU apply) and fp16 RMSNorm with residual add, one warp per row.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

struct Welford { float mean, m2, n; };

__device__ __forceinline__ Welford wf_merge(Welford a, Welford b)
{
    float n = a.n + b.n;
    if (n == 0.f) return a;
    float d = b.mean - a.mean;
    float fb = b.n / n;
    Welford r; r.mean = a.mean + d * fb; r.m2 = a.m2 + b.m2 + d * d * a.n * fb; r.n = n;
    return r;
}

// one block per (n, group); NCHW input
extern "C" __global__ void __launch_bounds__(512)
group_norm_stats(const float* __restrict__ x, int C, int HW, int G, float* __restrict__ mean, float* __restrict__ rstd, float eps)
{
    int ng = blockIdx.x, n = ng / G, g = ng % G;
    int cpg = C / G;
    const float* p = x + ((size_t)n * C + (size_t)g * cpg) * HW;
    size_t cnt = (size_t)cpg * HW;
    Welford w = {0.f, 0.f, 0.f};
    for (size_t i = threadIdx.x; i < cnt; i += blockDim.x) {
        float v = p[i];
        w.n += 1.f; float d = v - w.mean; w.mean += d / w.n; w.m2 += d * (v - w.mean);
    }
    for (int o = 16; o > 0; o >>= 1) {
        Welford t = {__shfl_xor_sync(0xffffffffu, w.mean, o), __shfl_xor_sync(0xffffffffu, w.m2, o), __shfl_xor_sync(0xffffffffu, w.n, o)};
        w = wf_merge(w, t);
    }
    __shared__ Welford sw[16];
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) sw[wid] = w;
    __syncthreads();
    if (threadIdx.x == 0) {
        Welford r = sw[0];
        for (int k = 1; k < (int)(blockDim.x >> 5); ++k) r = wf_merge(r, sw[k]);
        mean[ng] = r.mean;
        rstd[ng] = rsqrtf(r.m2 / fmaxf(r.n, 1.f) + eps);
    }
}

extern "C" __global__ void
group_norm_apply_silu(const float* __restrict__ x, const float* __restrict__ mean, const float* __restrict__ rstd,
                      const float* __restrict__ gamma, const float* __restrict__ beta, __half* __restrict__ y,
                      int N, int C, int HW, int G)
{
    size_t i4 = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    size_t total4 = (size_t)N * C * HW / 4;
    if (i4 >= total4) return;
    size_t i = i4 * 4;
    int c = (i / HW) % C, n = i / ((size_t)HW * C);
    int ng = n * G + c / (C / G);
    float m = mean[ng], r = rstd[ng], ga = gamma[c] * r, be = beta[c] - m * ga;
    float4 v = reinterpret_cast<const float4*>(x)[i4];
    float o[4] = {v.x * ga + be, v.y * ga + be, v.z * ga + be, v.w * ga + be};
#pragma unroll
    for (int k = 0; k < 4; ++k) o[k] = o[k] / (1.f + __expf(-o[k]));
    __half2* yp = reinterpret_cast<__half2*>(y + i);
    yp[0] = __floats2half2_rn(o[0], o[1]);
    yp[1] = __floats2half2_rn(o[2], o[3]);
}

// RMSNorm over rows of width D (multiple of 256), fused residual add; the row is cached in registers (D/32 halves per lane)
template <int D>
__device__ __forceinline__ void rmsnorm_row(const __half* __restrict__ x, const __half* __restrict__ res, const __half* __restrict__ w,
                                            __half* __restrict__ y, __half* __restrict__ resOut, int row, float eps)
{
    constexpr int PER = D / 32 / 8;  // uint4 (8 halves) per lane
    int lane = threadIdx.x & 31;
    const uint4* xr = reinterpret_cast<const uint4*>(x + (size_t)row * D);
    const uint4* rr = reinterpret_cast<const uint4*>(res + (size_t)row * D);
    float v[PER * 8];
    float ss = 0.f;
#pragma unroll
    for (int p = 0; p < PER; ++p) {
        uint4 a = xr[p * 32 + lane], b = rr[p * 32 + lane];
        const __half2* ah = reinterpret_cast<const __half2*>(&a);
        const __half2* bh = reinterpret_cast<const __half2*>(&b);
#pragma unroll
        for (int q = 0; q < 4; ++q) {
            float2 fa = __half22float2(ah[q]), fb = __half22float2(bh[q]);
            v[p * 8 + 2 * q] = fa.x + fb.x; v[p * 8 + 2 * q + 1] = fa.y + fb.y;
            ss += v[p * 8 + 2 * q] * v[p * 8 + 2 * q] + v[p * 8 + 2 * q + 1] * v[p * 8 + 2 * q + 1];
        }
    }
    for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o);
    float r = rsqrtf(ss / D + eps);
    const uint4* wr = reinterpret_cast<const uint4*>(w);
    uint4* yr = reinterpret_cast<uint4*>(y + (size_t)row * D);
    uint4* ro = reinterpret_cast<uint4*>(resOut + (size_t)row * D);
#pragma unroll
    for (int p = 0; p < PER; ++p) {
        uint4 wv = wr[p * 32 + lane];
        const __half2* wh = reinterpret_cast<const __half2*>(&wv);
        uint4 outv, resv;
        __half2* oh = reinterpret_cast<__half2*>(&outv);
        __half2* rh = reinterpret_cast<__half2*>(&resv);
#pragma unroll
        for (int q = 0; q < 4; ++q) {
            float2 fw = __half22float2(wh[q]);
            rh[q] = __floats2half2_rn(v[p * 8 + 2 * q], v[p * 8 + 2 * q + 1]);
            oh[q] = __floats2half2_rn(v[p * 8 + 2 * q] * r * fw.x, v[p * 8 + 2 * q + 1] * r * fw.y);
        }
        yr[p * 32 + lane] = outv;
        ro[p * 32 + lane] = resv;
    }
}

extern "C" __global__ void __launch_bounds__(256)
rmsnorm_residual_f16_d4096(const __half* __restrict__ x, const __half* __restrict__ res, const __half* __restrict__ w,
                           __half* __restrict__ y, __half* __restrict__ resOut, int rows, float eps)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    if (row >= rows) return;
    rmsnorm_row<4096>(x, res, w, y, resOut, row, eps);
}

extern "C" __global__ void __launch_bounds__(1024, 2)
rmsnorm_residual_f16_d8192_tight(const __half* __restrict__ x, const __half* __restrict__ res, const __half* __restrict__ w,
                                 __half* __restrict__ y, __half* __restrict__ resOut, int rows, float eps)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    if (row >= rows) return;
    rmsnorm_row<8192>(x, res, w, y, resOut, row, eps);
}
