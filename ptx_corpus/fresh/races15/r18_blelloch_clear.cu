// arch: sm_80
// r18_blelloch_clear.cu
// Work-efficient (Blelloch) exclusive scan of 512 elements per block with
// bank-conflict-avoiding padding (GPU Gems 3, ch. 39).  After the up-sweep
// the block total is saved to sums[] and the root is cleared before the
// down-sweep.
//
// Launch (both kernels): blockDim = (256,1,1), gridDim = (nblk,1,1),
//   nblk = 2048 (in/out hold nblk*512 floats, sums nblk floats).
//   No dynamic shared memory.

#define R18_N   512
#define R18_LOG_BANKS 5
#define R18_CFO(i) ((i) >> R18_LOG_BANKS)

__device__ __forceinline__ void r18_upsweep(float* temp, int thid, int& offset)
{
    offset = 1;
    for (int d = R18_N >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            ai += R18_CFO(ai);
            bi += R18_CFO(bi);
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
}

__device__ __forceinline__ void r18_downsweep(float* temp, int thid, int offset)
{
    for (int d = 1; d < R18_N; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            ai += R18_CFO(ai);
            bi += R18_CFO(bi);
            const float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();
}

extern "C" __global__ void __launch_bounds__(256)
blelloch_scan_race(const float* __restrict__ in, float* __restrict__ out,
                   float* __restrict__ sums)
{
    __shared__ float temp[R18_N + R18_CFO(R18_N)];
    const int thid = threadIdx.x;
    const float* g_in  = in  + (size_t)blockIdx.x * R18_N;
    float*       g_out = out + (size_t)blockIdx.x * R18_N;
    const int ai = thid, bi = thid + R18_N / 2;
    temp[ai + R18_CFO(ai)] = g_in[ai];
    temp[bi + R18_CFO(bi)] = g_in[bi];

    int offset;
    r18_upsweep(temp, thid, offset);

    if (thid == blockDim.x - 1) {
        const int last = R18_N - 1 + R18_CFO(R18_N - 1);
        sums[blockIdx.x] = temp[last];
        temp[last] = 0.0f;
    }

    r18_downsweep(temp, thid, offset);
    g_out[ai] = temp[ai + R18_CFO(ai)];
    g_out[bi] = temp[bi + R18_CFO(bi)];
}

extern "C" __global__ void __launch_bounds__(256)
blelloch_scan_ok(const float* __restrict__ in, float* __restrict__ out,
                 float* __restrict__ sums)
{
    __shared__ float temp[R18_N + R18_CFO(R18_N)];
    const int thid = threadIdx.x;
    const float* g_in  = in  + (size_t)blockIdx.x * R18_N;
    float*       g_out = out + (size_t)blockIdx.x * R18_N;
    const int ai = thid, bi = thid + R18_N / 2;
    temp[ai + R18_CFO(ai)] = g_in[ai];
    temp[bi + R18_CFO(bi)] = g_in[bi];

    int offset;
    r18_upsweep(temp, thid, offset);

    if (thid == 0) {
        const int last = R18_N - 1 + R18_CFO(R18_N - 1);
        sums[blockIdx.x] = temp[last];
        temp[last] = 0.0f;
    }

    r18_downsweep(temp, thid, offset);
    g_out[ai] = temp[ai + R18_CFO(ai)];
    g_out[bi] = temp[bi + R18_CFO(bi)];
}
