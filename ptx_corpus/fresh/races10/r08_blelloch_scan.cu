// r08_blelloch_scan.cu
// Work-efficient (Blelloch) exclusive scan of 1024-float segments, one segment per block,
// two elements per thread (GPU Gems 3 "prescan", without bank-conflict padding):
// up-sweep builds the reduction tree in place, the root is cleared, the down-sweep
// distributes the prefixes.
// Launch: blockDim = (512,1,1), gridDim = (nsegments,1,1), in/out 8-byte aligned,
//         no dynamic shared memory.
#define N       1024
#define THREADS 512

extern "C" __global__ void __launch_bounds__(THREADS)
prescan_race(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float temp[N];
    const int thid = threadIdx.x;
    const float* gin = in + (size_t)blockIdx.x * N;
    float* gout = out + (size_t)blockIdx.x * N;

    temp[thid]           = gin[thid];               // coalesced loads
    temp[thid + THREADS] = gin[thid + THREADS];

    int offset = 1;
    for (int d = N >> 1; d > 0; d >>= 1) {          // up-sweep
        __syncthreads();
        if (thid < d) {
            const int ai = offset * (2 * thid + 1) - 1;
            const int bi = offset * (2 * thid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset <<= 1;
    }
    if (thid == 0) temp[N - 1] = 0.f;               // thread 0 wrote it in the last step
    for (int d = 1; d < N; d <<= 1) {               // down-sweep
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            const int ai = offset * (2 * thid + 1) - 1;
            const int bi = offset * (2 * thid + 2) - 1;
            const float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    gout[thid]           = temp[thid];              // coalesced stores
    gout[thid + THREADS] = temp[thid + THREADS];
}

extern "C" __global__ void __launch_bounds__(THREADS)
prescan_ok(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ __align__(8) float temp[N];
    float2* temp2 = reinterpret_cast<float2*>(temp);
    const int thid = threadIdx.x;
    const float2* gin2 = reinterpret_cast<const float2*>(in + (size_t)blockIdx.x * N);
    float2* gout2 = reinterpret_cast<float2*>(out + (size_t)blockIdx.x * N);

    temp2[thid] = gin2[thid];                       // thread owns the pair (2t, 2t+1)

    int offset = 1;
    for (int d = N >> 1; d > 0; d >>= 1) {          // up-sweep
        __syncthreads();
        if (thid < d) {
            const int ai = offset * (2 * thid + 1) - 1;
            const int bi = offset * (2 * thid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset <<= 1;
    }
    if (thid == 0) temp[N - 1] = 0.f;               // thread 0 wrote it in the last step
    for (int d = 1; d < N; d <<= 1) {               // down-sweep
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            const int ai = offset * (2 * thid + 1) - 1;
            const int bi = offset * (2 * thid + 2) - 1;
            const float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    // The last down-sweep step (offset == 1) has thread t write exactly temp[2t] and
    // temp[2t+1]; reading back that same pair needs no further barrier.
    gout2[thid] = temp2[thid];
}
