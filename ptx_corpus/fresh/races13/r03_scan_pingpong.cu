// Naive double-buffered exclusive scan (GPU Gems 3, ch. 39, "scan_naive"),
// dynamic shared memory holding two n-element buffers.
// Launch (both kernels): blockDim = n = 256, gridDim = 4096,
// dynamic shared memory = 2*256*sizeof(float). Block b scans g_idata[b*256 .. b*256+255].

extern "C" __global__ void scan_pingpong_race(float* g_odata, const float* g_idata, int n)
{
    extern __shared__ float temp[];
    int thid = threadIdx.x;
    int base = blockIdx.x * n;
    int pout = 0, pin = 1;
    temp[pout * n + thid] = (thid > 0) ? g_idata[base + thid - 1] : 0.0f;
    __syncthreads();
    for (int offset = 1; offset < n; offset *= 2) {
        pin = 1 - pout;          // computed from the old pout ...
        pout = 1 - pout;         // ... so pin == pout afterwards
        if (thid >= offset)
            temp[pout * n + thid] = temp[pin * n + thid] + temp[pin * n + thid - offset];
        else
            temp[pout * n + thid] = temp[pin * n + thid];
        __syncthreads();
    }
    g_odata[base + thid] = temp[pout * n + thid];
}

extern "C" __global__ void scan_pingpong_ok(float* g_odata, const float* g_idata, int n)
{
    extern __shared__ float temp[];
    int thid = threadIdx.x;
    int base = blockIdx.x * n;
    int pout = 0, pin = 1;
    temp[pout * n + thid] = (thid > 0) ? g_idata[base + thid - 1] : 0.0f;
    __syncthreads();
    for (int offset = 1; offset < n; offset *= 2) {
        pout = 1 - pout;
        pin = 1 - pout;
        if (thid >= offset)
            temp[pout * n + thid] = temp[pin * n + thid] + temp[pin * n + thid - offset];
        else
            temp[pout * n + thid] = temp[pin * n + thid];
        __syncthreads();
    }
    g_odata[base + thid] = temp[pout * n + thid];
}
