// Domain: parallel reduction (CUDA SDK reduction sample, warp shuffles, double/int64)

// reduce6 style: templated block size, multiple elements per thread, unrolled last warp
template <unsigned int blockSize>
__device__ void reduce6_body(const float* __restrict__ g_idata, float* __restrict__ g_odata, unsigned int n)
{
    __shared__ float sdata[blockSize];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockSize * 2) + tid;
    unsigned int gridSize = blockSize * 2 * gridDim.x;
    float mySum = 0.f;
    while (i < n) {
        mySum += g_idata[i];
        if (i + blockSize < n) mySum += g_idata[i + blockSize];
        i += gridSize;
    }
    sdata[tid] = mySum;
    __syncthreads();
    if (blockSize >= 512) { if (tid < 256) sdata[tid] = mySum = mySum + sdata[tid + 256]; __syncthreads(); }
    if (blockSize >= 256) { if (tid < 128) sdata[tid] = mySum = mySum + sdata[tid + 128]; __syncthreads(); }
    if (blockSize >= 128) { if (tid < 64) sdata[tid] = mySum = mySum + sdata[tid + 64]; __syncthreads(); }
    if (tid < 32) {
        if (blockSize >= 64) mySum += sdata[tid + 32];
        for (int offset = 16; offset > 0; offset /= 2) mySum += __shfl_down_sync(0xffffffffu, mySum, offset);
    }
    if (tid == 0) g_odata[blockIdx.x] = mySum;
}
extern "C" __global__ void reduce6_512(const float* __restrict__ in, float* __restrict__ out, unsigned int n)
{
    reduce6_body<512>(in, out, n);
}

// Warp-shuffle reduction of doubles with Kahan compensation, grid-stride
extern "C" __global__ void reduce_kahan_double(const double* __restrict__ in, double* __restrict__ out, size_t n)
{
    double sum = 0.0, c = 0.0;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        double y = in[i] - c;
        double t = sum + y;
        c = (t - sum) - y;
        sum = t;
    }
    __shared__ double warpSums[32];
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    for (int o = 16; o > 0; o >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, o);
    if (lane == 0) warpSums[wid] = sum;
    __syncthreads();
    if (wid == 0) {
        sum = (lane < (blockDim.x >> 5)) ? warpSums[lane] : 0.0;
        for (int o = 16; o > 0; o >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, o);
        if (lane == 0) atomicAdd(out, sum);
    }
}

// Multi-statistic reduction: min, max, sum, sum of squares, argmax on float4 input
extern "C" __global__ void reduce_stats_float4(const float4* __restrict__ in, float* __restrict__ stats,
                                               int* __restrict__ argmax, int n4)
{
    float mn = 3.4e38f, mx = -3.4e38f, s = 0.f, s2 = 0.f;
    int amax = -1;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
        float4 v = in[i];
        float e[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
        for (int k = 0; k < 4; ++k) {
            mn = fminf(mn, e[k]);
            if (e[k] > mx) { mx = e[k]; amax = 4 * i + k; }
            s += e[k];
            s2 = fmaf(e[k], e[k], s2);
        }
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        mn = fminf(mn, __shfl_xor_sync(0xffffffffu, mn, o));
        float omx = __shfl_xor_sync(0xffffffffu, mx, o);
        int oam = __shfl_xor_sync(0xffffffffu, amax, o);
        if (omx > mx || (omx == mx && oam < amax)) { mx = omx; amax = oam; }
        s += __shfl_xor_sync(0xffffffffu, s, o);
        s2 += __shfl_xor_sync(0xffffffffu, s2, o);
    }
    if ((threadIdx.x & 31) == 0) {
        int w = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
        stats[4 * w + 0] = mn;
        stats[4 * w + 1] = mx;
        stats[4 * w + 2] = s;
        stats[4 * w + 3] = s2;
        argmax[w] = amax;
    }
}

// 64-bit integer sum + xor checksum reduction with atomics
extern "C" __global__ void reduce_u64_checksum(const unsigned long long* __restrict__ in,
                                               unsigned long long* __restrict__ out, int n)
{
    unsigned long long s = 0, x = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        unsigned long long v = in[i];
        s += v;
        x ^= (v << (i & 63)) | (v >> ((64 - (i & 63)) & 63));
    }
    for (int o = 16; o > 0; o >>= 1) {
        s += __shfl_down_sync(0xffffffffu, s, o);
        x ^= __shfl_down_sync(0xffffffffu, x, o);
    }
    if ((threadIdx.x & 31) == 0) {
        atomicAdd(&out[0], s);
        atomicXor(&out[1], x);
    }
}
