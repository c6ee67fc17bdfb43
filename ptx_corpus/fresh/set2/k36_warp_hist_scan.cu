extern "C" __global__ void histogram256_privatized(const unsigned char* __restrict__ data, unsigned int* __restrict__ hist,
    int n)
{
    __shared__ unsigned int sh[8][257];
    int warp = threadIdx.x >> 5;
    for (int i = threadIdx.x; i < 8 * 257; i += blockDim.x) (&sh[0][0])[i] = 0;
    __syncthreads();
    unsigned int* myh = sh[warp & 7];
    const uchar4* d4 = reinterpret_cast<const uchar4*>(data);
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 4; i += gridDim.x * blockDim.x) {
        uchar4 v = d4[i];
        atomicAdd(&myh[v.x], 1u); atomicAdd(&myh[v.y], 1u); atomicAdd(&myh[v.z], 1u); atomicAdd(&myh[v.w], 1u);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x) {
        unsigned int s = 0;
#pragma unroll
        for (int w = 0; w < 8; ++w) s += sh[w][b];
        if (s) atomicAdd(&hist[b], s);
    }
}

extern "C" __global__ void warp_aggregated_binning(const float* __restrict__ keys, int* __restrict__ binCount,
    int* __restrict__ binItems, int capacity, int n, float lo, float invWidth, int nbins)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int bin = -1;
    if (i < n) bin = min(max((int)((keys[i] - lo) * invWidth), 0), nbins - 1);
    unsigned peers = __match_any_sync(0xffffffffu, bin);
    int leader = __ffs(peers) - 1;
    int rank = __popc(peers & ((1u << lane) - 1));
    int base = 0;
    if (lane == leader && bin >= 0) base = atomicAdd(&binCount[bin], __popc(peers));
    base = __shfl_sync(0xffffffffu, base, leader);
    if (bin >= 0 && base + rank < capacity) binItems[bin * capacity + base + rank] = i;
}

extern "C" __global__ void __launch_bounds__(1024, 1) block_scan_compact(const int* __restrict__ in, int* __restrict__ out,
    int* __restrict__ blockCounts, int n, int threshold)
{
    __shared__ int warpTot[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    int v = i < n ? in[i] : 0;
    bool keep = i < n && v > threshold;
    unsigned bal = __ballot_sync(0xffffffffu, keep);
    int warpCount = __popc(bal);
    int prefix = __popc(bal & ((1u << lane) - 1));
    int total = __reduce_add_sync(0xffffffffu, (unsigned)keep);
    if (lane == 0) warpTot[wid] = warpCount;
    __syncthreads();
    if (wid == 0) {
        int t = lane < (int)(blockDim.x >> 5) ? warpTot[lane] : 0;
        int incl = t;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) { int y = __shfl_up_sync(0xffffffffu, incl, o); if (lane >= o) incl += y; }
        warpTot[lane] = incl - t;
        if (lane == 31) blockCounts[blockIdx.x] = incl;
    }
    __syncthreads();
    if (keep) out[blockIdx.x * blockDim.x + warpTot[wid] + prefix] = v * (total > 0 ? 1 : 0);
}
