// Warp-shuffle based scans: inclusive warp scan, block scan, exclusive scan with carry.
__device__ __forceinline__ int warpInclusiveScan(int v)
{
    int lane = threadIdx.x & 31;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        int n = __shfl_up_sync(0xffffffffu, v, o);
        if (lane >= o) v += n;
    }
    return v;
}

extern "C" __global__ void warp_scan_inclusive(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = (i < n) ? in[i] : 0;
    v = warpInclusiveScan(v);
    if (i < n) out[i] = v;
}

extern "C" __global__ void block_scan_shfl(const int *in, int *out, int *blockSums, int n)
{
    __shared__ int warpSums[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int wid = threadIdx.x >> 5;
    int v = (i < n) ? in[i] : 0;
    int incl = warpInclusiveScan(v);
    if (lane == 31) warpSums[wid] = incl;
    __syncthreads();
    if (wid == 0) {
        int nw = blockDim.x >> 5;
        int s = (lane < nw) ? warpSums[lane] : 0;
        s = warpInclusiveScan(s);
        warpSums[lane] = s;
    }
    __syncthreads();
    if (wid > 0) incl += warpSums[wid - 1];
    if (i < n) out[i] = incl - v;  // exclusive
    if (blockSums && threadIdx.x == blockDim.x - 1) blockSums[blockIdx.x] = incl;
}

// Each thread scans 8 consecutive floats held in registers, then the block scans the thread totals.
extern "C" __global__ void block_scan_items8(const float *in, float *out, int n)
{
    const int ITEMS = 8;
    __shared__ float wsum[32];
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * ITEMS;
    float items[ITEMS];
#pragma unroll
    for (int k = 0; k < ITEMS; ++k)
        items[k] = (base + k < n) ? in[base + k] : 0.0f;
#pragma unroll
    for (int k = 1; k < ITEMS; ++k)
        items[k] += items[k - 1];
    float total = items[ITEMS - 1];
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    float s = total;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        float t = __shfl_up_sync(0xffffffffu, s, o);
        if (lane >= o) s += t;
    }
    if (lane == 31) wsum[wid] = s;
    __syncthreads();
    if (wid == 0) {
        float w = (lane < (blockDim.x >> 5)) ? wsum[lane] : 0.0f;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            float t = __shfl_up_sync(0xffffffffu, w, o);
            if (lane >= o) w += t;
        }
        wsum[lane] = w;
    }
    __syncthreads();
    float prefix = s - total + (wid > 0 ? wsum[wid - 1] : 0.0f);
#pragma unroll
    for (int k = 0; k < ITEMS; ++k)
        if (base + k < n) out[base + k] = items[k] + prefix;
}
