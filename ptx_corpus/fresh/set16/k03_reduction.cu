// Domain: parallel reductions (SDK reduction sample variants, warp shuffles, double precision)

// reduce_interleaved: reduce0-style interleaved addressing in shared memory with divergent modulo test
extern "C" __global__ void reduce_interleaved(const int* __restrict__ g_idata, int* __restrict__ g_odata, unsigned n)
{
    extern __shared__ int sdata[];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : 0;
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        if ((tid % (2 * s)) == 0) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// reduce_shfl_grid_stride: grid-stride float sum with warp-shuffle reduction and one atomicAdd per block
extern "C" __global__ void reduce_shfl_grid_stride(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float warpSums[32];
    float sum = 0.f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) sum += in[i];
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, off);
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) warpSums[wid] = sum;
    __syncthreads();
    if (wid == 0) {
        sum = (lane < (blockDim.x + 31) / 32) ? warpSums[lane] : 0.f;
#pragma unroll
        for (int off = 16; off > 0; off >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, off);
        if (lane == 0) atomicAdd(out, sum);
    }
}

// reduce_kahan_double: compensated (Kahan) double-precision sum plus sum of squares per block, shuffle combine
extern "C" __global__ void reduce_kahan_double(const double* __restrict__ in, double* __restrict__ blockSum,
                                               double* __restrict__ blockSq, long long n)
{
    __shared__ double sh[2][32];
    double s = 0.0, c = 0.0, q = 0.0, cq = 0.0;
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)blockDim.x * gridDim.x) {
        double v = in[i];
        double y = v - c; double t = s + y; c = (t - s) - y; s = t;
        double y2 = v * v - cq; double t2 = q + y2; cq = (t2 - q) - y2; q = t2;
    }
    for (int off = 16; off > 0; off >>= 1) {
        s += __shfl_xor_sync(0xffffffffu, s, off);
        q += __shfl_xor_sync(0xffffffffu, q, off);
    }
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) { sh[0][wid] = s; sh[1][wid] = q; }
    __syncthreads();
    if (threadIdx.x == 0) {
        double a = 0.0, b = 0.0;
        for (int w = 0; w < (int)(blockDim.x + 31) / 32; ++w) { a += sh[0][w]; b += sh[1][w]; }
        blockSum[blockIdx.x] = a; blockSq[blockIdx.x] = b;
    }
}

// reduce_multi_stat_unroll8_lb: 8 independent loads per iteration computing sum/min/max/abs-sum, bounded (1024,2)
extern "C" __global__ void __launch_bounds__(1024, 2)
reduce_multi_stat_unroll8_lb(const float* __restrict__ in, float4* __restrict__ out, int n)
{
    float s[8], mn[8], mx[8], ab[8];
#pragma unroll
    for (int k = 0; k < 8; ++k) { s[k] = 0.f; mn[k] = 3.4e38f; mx[k] = -3.4e38f; ab[k] = 0.f; }
    int stride = blockDim.x * gridDim.x;
    for (int base = blockIdx.x * blockDim.x + threadIdx.x; base < n; base += 8 * stride) {
        float v[8];
#pragma unroll
        for (int k = 0; k < 8; ++k) { int i = base + k * stride; v[k] = (i < n) ? __ldg(in + i) : 0.f; }
#pragma unroll
        for (int k = 0; k < 8; ++k) {
            int i = base + k * stride;
            if (i < n) { s[k] += v[k]; mn[k] = fminf(mn[k], v[k]); mx[k] = fmaxf(mx[k], v[k]); ab[k] += fabsf(v[k]); }
        }
    }
    float S = 0.f, MN = 3.4e38f, MX = -3.4e38f, AB = 0.f;
#pragma unroll
    for (int k = 0; k < 8; ++k) { S += s[k]; MN = fminf(MN, mn[k]); MX = fmaxf(MX, mx[k]); AB += ab[k]; }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) {
        S += __shfl_xor_sync(0xffffffffu, S, off);
        MN = fminf(MN, __shfl_xor_sync(0xffffffffu, MN, off));
        MX = fmaxf(MX, __shfl_xor_sync(0xffffffffu, MX, off));
        AB += __shfl_xor_sync(0xffffffffu, AB, off);
    }
    if ((threadIdx.x & 31) == 0) out[(blockIdx.x * blockDim.x + threadIdx.x) >> 5] = make_float4(S, MN, MX, AB);
}
