// Shuffle-based reductions (warp-level primitives, grid-stride, atomics).
__inline__ __device__ float warpReduceSum(float val)
{
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        val += __shfl_down_sync(0xffffffff, val, offset);
    return val;
}

__inline__ __device__ double warpReduceSumD(double val)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        val += __shfl_xor_sync(0xffffffff, val, offset);
    return val;
}

__inline__ __device__ float blockReduceSum(float val)
{
    static __shared__ float shared[32];
    int lane = threadIdx.x % warpSize;
    int wid = threadIdx.x / warpSize;
    val = warpReduceSum(val);
    if (lane == 0) shared[wid] = val;
    __syncthreads();
    val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0.0f;
    if (wid == 0) val = warpReduceSum(val);
    return val;
}

extern "C" __global__ void deviceReduceBlockAtomic(const float *in, float *out, int N)
{
    float sum = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x)
        sum += in[i];
    sum = blockReduceSum(sum);
    if (threadIdx.x == 0) atomicAdd(out, sum);
}

extern "C" __global__ void deviceReduceWarpAtomicVec4(const float4 *in, float *out, int N4)
{
    float sum = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N4; i += blockDim.x * gridDim.x) {
        float4 v = in[i];
        sum += (v.x + v.y) + (v.z + v.w);
    }
    sum = warpReduceSum(sum);
    if ((threadIdx.x & (warpSize - 1)) == 0) atomicAdd(out, sum);
}

extern "C" __global__ void reduceDoubleMaxAbsSum(const double *in, double *outSum, double *outMax, int N)
{
    __shared__ double sSum[32];
    __shared__ double sMax[32];
    double s = 0.0, m = 0.0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x) {
        double v = in[i];
        s += v;
        m = fmax(m, fabs(v));
    }
    s = warpReduceSumD(s);
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        m = fmax(m, __shfl_xor_sync(0xffffffff, m, o));
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) { sSum[wid] = s; sMax[wid] = m; }
    __syncthreads();
    if (wid == 0) {
        int nw = (blockDim.x + 31) >> 5;
        s = lane < nw ? sSum[lane] : 0.0;
        m = lane < nw ? sMax[lane] : 0.0;
        s = warpReduceSumD(s);
#pragma unroll
        for (int o = 16; o > 0; o >>= 1)
            m = fmax(m, __shfl_xor_sync(0xffffffff, m, o));
        if (lane == 0) {
            outSum[blockIdx.x] = s;
            outMax[blockIdx.x] = m;
        }
    }
}
