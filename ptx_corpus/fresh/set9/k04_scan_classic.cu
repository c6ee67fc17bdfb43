// Hillis-Steele (naive, double buffered) and Blelloch work-efficient scans (GPU Gems 3, ch. 39).
#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

extern "C" __global__ void scan_hillis_steele(float *g_odata, const float *g_idata, int n)
{
    extern __shared__ float temp[];  // 2*n
    int thid = threadIdx.x;
    int pout = 0, pin = 1;
    temp[pout * n + thid] = (thid > 0) ? g_idata[thid - 1] : 0.0f;
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
    g_odata[thid] = temp[pout * n + thid];
}

extern "C" __global__ void scan_blelloch(float *g_odata, const float *g_idata, int n)
{
    extern __shared__ float temp[];
    int thid = threadIdx.x;
    int offset = 1;
    temp[2 * thid] = g_idata[2 * thid];
    temp[2 * thid + 1] = g_idata[2 * thid + 1];
    for (int d = n >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (thid == 0) temp[n - 1] = 0;
    for (int d = 1; d < n; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();
    g_odata[2 * thid] = temp[2 * thid];
    g_odata[2 * thid + 1] = temp[2 * thid + 1];
}

extern "C" __global__ void scan_blelloch_bcao_blocks(unsigned int *g_odata, const unsigned int *g_idata,
                                                     unsigned int *g_blockSums, int n)
{
    extern __shared__ unsigned int tmp[];
    const int blockN = blockDim.x * 2;
    int thid = threadIdx.x;
    int base = blockIdx.x * blockN;
    int ai = thid;
    int bi = thid + (blockN / 2);
    int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
    int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
    tmp[ai + bankOffsetA] = (base + ai < n) ? g_idata[base + ai] : 0u;
    tmp[bi + bankOffsetB] = (base + bi < n) ? g_idata[base + bi] : 0u;
    int offset = 1;
    for (int d = blockN >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1;
            int b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            tmp[b] += tmp[a];
        }
        offset *= 2;
    }
    if (thid == 0) {
        int last = blockN - 1 + CONFLICT_FREE_OFFSET(blockN - 1);
        if (g_blockSums) g_blockSums[blockIdx.x] = tmp[last];
        tmp[last] = 0;
    }
    for (int d = 1; d < blockN; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1;
            int b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            unsigned int t = tmp[a];
            tmp[a] = tmp[b];
            tmp[b] += t;
        }
    }
    __syncthreads();
    if (base + ai < n) g_odata[base + ai] = tmp[ai + bankOffsetA];
    if (base + bi < n) g_odata[base + bi] = tmp[bi + bankOffsetB];
}

extern "C" __global__ void scan_uniform_add(unsigned int *data, const unsigned int *blockSums, int n)
{
    __shared__ unsigned int uni;
    if (threadIdx.x == 0) uni = blockSums[blockIdx.x];
    __syncthreads();
    unsigned int address = blockIdx.x * (blockDim.x << 1) + threadIdx.x;
    if (address < n) data[address] += uni;
    if (address + blockDim.x < n) data[address + blockDim.x] += uni;
}
