// Parallel reductions in the style of the SDK "reduction" sample: shared-memory tree, warp-shuffle with grid-stride loads, double-precision Kahan sum, and a fused min/max/argmax.
#include <cuda_runtime.h>
#include <float.h>

extern "C" __global__ void reduce_sum_shared(const float* __restrict__ in, float* __restrict__ blockSums, unsigned n)
{
    extern __shared__ float sdata[];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (blockDim.x * 2) + tid;
    float s = (i < n) ? in[i] : 0.f;
    if (i + blockDim.x < n) s += in[i + blockDim.x];
    sdata[tid] = s;
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (tid < stride) sdata[tid] = s = s + sdata[tid + stride];
        __syncthreads();
    }
    if (tid == 0) blockSums[blockIdx.x] = sdata[0];
}

__device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    return v;
}

// Grid-stride float4 loads, warp shuffle, one atomicAdd per block.
extern "C" __global__ void __launch_bounds__(512)
reduce_sum_shfl_atomic(const float4* __restrict__ in, float* __restrict__ out, size_t n4)
{
    __shared__ float warpSums[32];
    float s = 0.f;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += (size_t)gridDim.x * blockDim.x) {
        float4 v = in[i];
        s += (v.x + v.y) + (v.z + v.w);
    }
    s = warp_sum(s);
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    if (lane == 0) warpSums[warp] = s;
    __syncthreads();
    if (warp == 0) {
        s = (lane < (blockDim.x + 31) / 32) ? warpSums[lane] : 0.f;
        s = warp_sum(s);
        if (lane == 0) atomicAdd(out, s);
    }
}

// Compensated (Kahan-Babuska/Neumaier) double sum, block partials written out.
extern "C" __global__ void reduce_sum_kahan_f64(const double* __restrict__ in, double* __restrict__ partial, size_t n)
{
    __shared__ double ss[256], sc[256];
    double sum = 0.0, comp = 0.0;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        double x = in[i];
        double t = sum + x;
        if (fabs(sum) >= fabs(x)) comp += (sum - t) + x;
        else comp += (x - t) + sum;
        sum = t;
    }
    ss[threadIdx.x] = sum; sc[threadIdx.x] = comp;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) {
            double a = ss[threadIdx.x], b = ss[threadIdx.x + s];
            double t = a + b;
            double c = (fabs(a) >= fabs(b)) ? (a - t) + b : (b - t) + a;
            ss[threadIdx.x] = t;
            sc[threadIdx.x] += sc[threadIdx.x + s] + c;
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = ss[0] + sc[0];
}

// Block-level min, max and argmax; results as (min, max, argmax) per block.
extern "C" __global__ void reduce_minmax_argmax(const float* __restrict__ in, float2* __restrict__ mm,
                                                int* __restrict__ argmax, int n)
{
    float vmin = FLT_MAX, vmax = -FLT_MAX;
    int imax = -1;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        float v = in[i];
        vmin = fminf(vmin, v);
        if (v > vmax) { vmax = v; imax = i; }
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        vmin = fminf(vmin, __shfl_xor_sync(0xffffffffu, vmin, o));
        float om = __shfl_xor_sync(0xffffffffu, vmax, o);
        int oi = __shfl_xor_sync(0xffffffffu, imax, o);
        if (om > vmax || (om == vmax && oi >= 0 && (imax < 0 || oi < imax))) { vmax = om; imax = oi; }
    }
    __shared__ float smin[32], smax[32];
    __shared__ int sidx[32];
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    if (lane == 0) { smin[w] = vmin; smax[w] = vmax; sidx[w] = imax; }
    __syncthreads();
    if (w == 0) {
        int nw = (blockDim.x + 31) >> 5;
        vmin = lane < nw ? smin[lane] : FLT_MAX;
        vmax = lane < nw ? smax[lane] : -FLT_MAX;
        imax = lane < nw ? sidx[lane] : -1;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) {
            vmin = fminf(vmin, __shfl_xor_sync(0xffffffffu, vmin, o));
            float om = __shfl_xor_sync(0xffffffffu, vmax, o);
            int oi = __shfl_xor_sync(0xffffffffu, imax, o);
            if (om > vmax || (om == vmax && oi >= 0 && (imax < 0 || oi < imax))) { vmax = om; imax = oi; }
        }
        if (lane == 0) { mm[blockIdx.x] = make_float2(vmin, vmax); argmax[blockIdx.x] = imax; }
    }
}
