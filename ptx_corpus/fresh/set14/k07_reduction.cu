// Domain: parallel reductions (SDK reduction sample progression)
// reduce_seq_addr      - sequential addressing, first add during load, loop with __syncthreads
// reduce_unrolled_warp - templated-style: grid-stride sums, unrolled tail with warp shuffles
// reduce_minmax_double - double min/max/sum in one pass, three shared arrays
// reduce_argmax_i64    - argmax over int64 keys with index tie-break via warp shuffles

#include <climits>
extern "C" __global__ void reduce_seq_addr(const float *__restrict__ g_in, float *__restrict__ g_out,
                                           unsigned n)
{
    extern __shared__ float sf[];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    float v = (i < n) ? g_in[i] : 0.f;
    if (i + blockDim.x < n) v += g_in[i + blockDim.x];
    sf[tid] = v;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sf[tid] = v = v + sf[tid + s];
        __syncthreads();
    }
    if (tid == 0) g_out[blockIdx.x] = v;
}

extern "C" __global__ void __launch_bounds__(512)
reduce_unrolled_warp(const float *__restrict__ g_in, float *__restrict__ g_out, unsigned n)
{
    __shared__ float warp_sums[16];
    unsigned tid = threadIdx.x;
    unsigned grid = 512 * 2 * gridDim.x;
    unsigned i = blockIdx.x * 1024 + tid;
    float sum = 0.f;
    while (i < n) {
        sum += __ldg(&g_in[i]);
        if (i + 512 < n) sum += __ldg(&g_in[i + 512]);
        i += grid;
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, off);
    if ((tid & 31) == 0) warp_sums[tid >> 5] = sum;
    __syncthreads();
    if (tid < 32) {
        sum = (tid < 16) ? warp_sums[tid] : 0.f;
#pragma unroll
        for (int off = 8; off > 0; off >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, off);
        if (tid == 0) g_out[blockIdx.x] = sum;
    }
}

extern "C" __global__ void reduce_minmax_double(const double *in, double *out_min, double *out_max,
                                                double *out_sum, int n)
{
    __shared__ double smin[256], smax[256], ssum[256];
    int tid = threadIdx.x;
    double mn = 1e300, mx = -1e300, sm = 0.0;
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) {
        double v = in[i];
        mn = fmin(mn, v);
        mx = fmax(mx, v);
        sm += v;
    }
    smin[tid] = mn; smax[tid] = mx; ssum[tid] = sm;
    __syncthreads();
    for (int s = blockDim.x >> 1; s > 0; s >>= 1) {
        if (tid < s) {
            smin[tid] = fmin(smin[tid], smin[tid + s]);
            smax[tid] = fmax(smax[tid], smax[tid + s]);
            ssum[tid] += ssum[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) {
        out_min[blockIdx.x] = smin[0];
        out_max[blockIdx.x] = smax[0];
        out_sum[blockIdx.x] = ssum[0];
    }
}

extern "C" __global__ void reduce_argmax_i64(const long long *keys, long long *out_key, int *out_idx, int n)
{
    __shared__ long long sk[32];
    __shared__ int si[32];
    long long best = LLONG_MIN;
    int bidx = -1;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        long long k = keys[i];
        if (k > best || (k == best && i < bidx)) { best = k; bidx = i; }
    }
    for (int off = 16; off > 0; off >>= 1) {
        long long ok = __shfl_down_sync(0xffffffffu, best, off);
        int oi = __shfl_down_sync(0xffffffffu, bidx, off);
        if (ok > best || (ok == best && oi >= 0 && oi < bidx)) { best = ok; bidx = oi; }
    }
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) { sk[wid] = best; si[wid] = bidx; }
    __syncthreads();
    if (wid == 0) {
        int nw = (blockDim.x + 31) >> 5;
        best = lane < nw ? sk[lane] : LLONG_MIN;
        bidx = lane < nw ? si[lane] : -1;
        for (int off = 16; off > 0; off >>= 1) {
            long long ok = __shfl_down_sync(0xffffffffu, best, off);
            int oi = __shfl_down_sync(0xffffffffu, bidx, off);
            if (ok > best || (ok == best && oi >= 0 && oi < bidx)) { best = ok; bidx = oi; }
        }
        if (lane == 0) { out_key[blockIdx.x] = best; out_idx[blockIdx.x] = bidx; }
    }
}
