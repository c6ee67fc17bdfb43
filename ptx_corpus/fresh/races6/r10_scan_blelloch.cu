// r10: work-efficient (Blelloch) exclusive scan of 2*blockDim.x elements per block with
// bank-conflict-free padding (GPU Gems 3, ch. 39 style).
// Launch: blockDim.x a power of two <= 256 (typ. 256), grid = number of 2*blockDim.x segments.
#define LOG_NUM_BANKS 5
#define CFO(i) ((i) >> LOG_NUM_BANKS)

extern "C" __global__ void __launch_bounds__(256)
scan_blelloch_race(float* __restrict__ g_odata, const float* __restrict__ g_idata)
{
    __shared__ float temp[512 + 512 / 32];
    const int thid = threadIdx.x;
    const int n = 2 * blockDim.x;
    const size_t base = (size_t)blockIdx.x * n;
    int offset = 1;
    const int ai = thid, bi = thid + n / 2;
    const int bankOffsetA = CFO(ai), bankOffsetB = CFO(bi);
    temp[ai + bankOffsetA] = g_idata[base + ai];
    temp[bi + bankOffsetB] = g_idata[base + bi];

    for (int d = n >> 1; d > 0; d >>= 1) {            // up-sweep
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1;
            int b = offset * (2 * thid + 2) - 1;
            a += CFO(a); b += CFO(b);
            temp[b] += temp[a];
        }
        offset *= 2;
    }
    if (thid == 0) temp[n - 1 + CFO(n - 1)] = 0.f;
    for (int d = 1; d < n; d *= 2) {                  // down-sweep
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1;
            int b = offset * (2 * thid + 2) - 1;
            a += CFO(a); b += CFO(b);
            const float t = temp[a];
            temp[a] = temp[b];
            temp[b] += t;
        }
    }
    g_odata[base + ai] = temp[ai + bankOffsetA];
    g_odata[base + bi] = temp[bi + bankOffsetB];
}

extern "C" __global__ void __launch_bounds__(256)
scan_blelloch_ok(float* __restrict__ g_odata, const float* __restrict__ g_idata)
{
    __shared__ float temp[512 + 512 / 32];
    const int thid = threadIdx.x;
    const int n = 2 * blockDim.x;
    const size_t base = (size_t)blockIdx.x * n;
    int offset = 1;
    const int ai = thid, bi = thid + n / 2;
    const int bankOffsetA = CFO(ai), bankOffsetB = CFO(bi);
    temp[ai + bankOffsetA] = g_idata[base + ai];
    temp[bi + bankOffsetB] = g_idata[base + bi];

    for (int d = n >> 1; d > 0; d >>= 1) {            // up-sweep
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1;
            int b = offset * (2 * thid + 2) - 1;
            a += CFO(a); b += CFO(b);
            temp[b] += temp[a];
        }
        offset *= 2;
    }
    if (thid == 0) temp[n - 1 + CFO(n - 1)] = 0.f;
    for (int d = 1; d < n; d *= 2) {                  // down-sweep
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1;
            int b = offset * (2 * thid + 2) - 1;
            a += CFO(a); b += CFO(b);
            const float t = temp[a];
            temp[a] = temp[b];
            temp[b] += t;
        }
    }
    __syncthreads();
    g_odata[base + ai] = temp[ai + bankOffsetA];
    g_odata[base + bi] = temp[bi + bankOffsetB];
}
