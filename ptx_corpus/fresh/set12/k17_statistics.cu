// Statistics: privatised shared-memory histogram, one-pass higher-order
// moments in double precision with pairwise merge, per-window mode/median of
// small-integer data through a thread-local count table, and bootstrap
// resampling of a mean.
#include <cuda_runtime.h>

struct __align__(16) D4 { double x, y, z, w; };
__device__ __forceinline__ D4 make_d4(double x, double y, double z, double w) { D4 r = {x, y, z, w}; return r; }
#include <stdint.h>

extern "C" __global__ void histogram256_priv(const uint8_t* __restrict__ data, size_t n,
                                             unsigned int* __restrict__ hist)
{
    __shared__ unsigned int sh[8][256];   // 8 sub-histograms to cut bank conflicts
    for (int i = threadIdx.x; i < 8 * 256; i += blockDim.x) (&sh[0][0])[i] = 0;
    __syncthreads();
    int sub = (threadIdx.x >> 5) & 7;
    size_t stride = (size_t)gridDim.x * blockDim.x * 4;
    for (size_t i = ((size_t)blockIdx.x * blockDim.x + threadIdx.x) * 4; i < n; i += stride) {
        if (i + 3 < n) {
            uint32_t w = *reinterpret_cast<const uint32_t*>(data + i);
            atomicAdd(&sh[sub][w & 255], 1u);
            atomicAdd(&sh[sub][(w >> 8) & 255], 1u);
            atomicAdd(&sh[sub][(w >> 16) & 255], 1u);
            atomicAdd(&sh[sub][w >> 24], 1u);
        } else {
            for (size_t k = i; k < n; ++k) atomicAdd(&sh[sub][data[k]], 1u);
        }
    }
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x) {
        unsigned s = 0;
#pragma unroll
        for (int k = 0; k < 8; ++k) s += sh[k][b];
        if (s) atomicAdd(&hist[b], s);
    }
}

struct Mom4 { double n, mean, M2, M3, M4; };

__device__ __forceinline__ Mom4 mom_merge(Mom4 a, Mom4 b)
{
    Mom4 r;
    r.n = a.n + b.n;
    if (r.n == 0.0) return a;
    double d = b.mean - a.mean, d2 = d * d, d3 = d2 * d, d4 = d2 * d2;
    double nn = a.n * b.n;
    r.mean = a.mean + d * b.n / r.n;
    r.M2 = a.M2 + b.M2 + d2 * nn / r.n;
    r.M3 = a.M3 + b.M3 + d3 * nn * (a.n - b.n) / (r.n * r.n)
         + 3.0 * d * (a.n * b.M2 - b.n * a.M2) / r.n;
    r.M4 = a.M4 + b.M4 + d4 * nn * (a.n * a.n - nn + b.n * b.n) / (r.n * r.n * r.n)
         + 6.0 * d2 * (a.n * a.n * b.M2 + b.n * b.n * a.M2) / (r.n * r.n)
         + 4.0 * d * (a.n * b.M3 - b.n * a.M3) / r.n;
    return r;
}

// Column-wise mean/var/skew/kurtosis of a row-major matrix; one block per column.
extern "C" __global__ void column_moments(const double* __restrict__ X, int rows, int cols,
                                          D4* __restrict__ out)
{
    __shared__ Mom4 sm[32];
    int c = blockIdx.x;
    Mom4 m = {0, 0, 0, 0, 0};
    for (int r = threadIdx.x; r < rows; r += blockDim.x) {
        double x = X[(size_t)r * cols + c];
        Mom4 one = {1.0, x, 0, 0, 0};
        m = mom_merge(m, one);
    }
    for (int o = 16; o > 0; o >>= 1) {
        Mom4 b;
        b.n = __shfl_down_sync(0xffffffffu, m.n, o);
        b.mean = __shfl_down_sync(0xffffffffu, m.mean, o);
        b.M2 = __shfl_down_sync(0xffffffffu, m.M2, o);
        b.M3 = __shfl_down_sync(0xffffffffu, m.M3, o);
        b.M4 = __shfl_down_sync(0xffffffffu, m.M4, o);
        m = mom_merge(m, b);
    }
    if ((threadIdx.x & 31) == 0) sm[threadIdx.x >> 5] = m;
    __syncthreads();
    if (threadIdx.x == 0) {
        Mom4 t = sm[0];
        for (int w = 1; w < (int)(blockDim.x >> 5); ++w) t = mom_merge(t, sm[w]);
        double var = t.M2 / t.n;
        double skew = sqrt(t.n) * t.M3 / pow(t.M2, 1.5);
        double kurt = t.n * t.M4 / (t.M2 * t.M2) - 3.0;
        out[c] = make_d4(t.mean, var, skew, kurt);
    }
}

// For each output position, mode and median of a window of 8-bit class
// labels (0..63) using a per-thread count array indexed by the data.
extern "C" __global__ void window_mode_median(const uint8_t* __restrict__ labels, int n, int win,
                                              uint8_t* __restrict__ mode_out, uint8_t* __restrict__ med_out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint16_t cnt[64];
#pragma unroll
    for (int k = 0; k < 64; ++k) cnt[k] = 0;
    int lo = max(0, i - win / 2), hi = min(n, i + win / 2 + 1);
    for (int j = lo; j < hi; ++j) cnt[labels[j] & 63]++;
    int best = 0, bestc = -1, acc = 0, med = -1, half = (hi - lo + 1) / 2;
    for (int k = 0; k < 64; ++k) {
        int c = cnt[k];
        if (c > bestc) { bestc = c; best = k; }
        acc += c;
        if (med < 0 && acc >= half) med = k;
    }
    mode_out[i] = (uint8_t)best;
    med_out[i] = (uint8_t)med;
}

// Bootstrap distribution of the sample mean; each thread draws one replicate.
extern "C" __global__ void bootstrap_mean(const float* __restrict__ sample, int n, int nrep,
                                          unsigned long long seed, float* __restrict__ rep_means)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrep) return;
    unsigned long long s = seed + 0x9E3779B97F4A7C15ull * (unsigned long long)(r + 1);
    double acc = 0.0;
    for (int k = 0; k < n; ++k) {
        // splitmix64
        s += 0x9E3779B97F4A7C15ull;
        unsigned long long z = s;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        int idx = (int)(((z >> 32) * (unsigned long long)n) >> 32);
        acc += __ldg(&sample[idx]);
    }
    rep_means[r] = (float)(acc / n);
}
