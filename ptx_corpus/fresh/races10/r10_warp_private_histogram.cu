// r10_warp_private_histogram.cu
// 256-bin byte histogram with one privatised sub-histogram per warp in shared memory
// (8 x 256 counters) to cut shared-atomic contention; sub-histograms are merged and
// added to the global histogram at the end.  Input is read as uchar4.
// Launch: blockDim = (256,1,1) (8 warps), gridDim = (min(ceil(n4/256), 2*numSMs),1,1),
//         no dynamic shared memory; hist[256] zeroed by the host.
#define NBINS   256
#define THREADS 256
#define WARPS   (THREADS / 32)

extern "C" __global__ void __launch_bounds__(THREADS)
histogram_warp_race(const uchar4* __restrict__ data, unsigned n4, unsigned* __restrict__ hist)
{
    __shared__ unsigned sh[WARPS][NBINS];
    const unsigned warp = threadIdx.x >> 5;
    unsigned* my = sh[warp];
    unsigned* flat = &sh[0][0];

    for (unsigned i = threadIdx.x; i < WARPS * NBINS; i += THREADS) flat[i] = 0u;
    __syncwarp();                          // each warp only updates its own sub-histogram

    for (unsigned i = blockIdx.x * THREADS + threadIdx.x; i < n4; i += gridDim.x * THREADS) {
        const uchar4 v = data[i];
        atomicAdd(&my[v.x], 1u);
        atomicAdd(&my[v.y], 1u);
        atomicAdd(&my[v.z], 1u);
        atomicAdd(&my[v.w], 1u);
    }
    __syncthreads();

    for (unsigned b = threadIdx.x; b < NBINS; b += THREADS) {
        unsigned total = 0;
#pragma unroll
        for (int w = 0; w < WARPS; ++w) total += sh[w][b];
        if (total) atomicAdd(&hist[b], total);
    }
}

extern "C" __global__ void __launch_bounds__(THREADS)
histogram_warp_ok(const uchar4* __restrict__ data, unsigned n4, unsigned* __restrict__ hist)
{
    __shared__ unsigned sh[WARPS][NBINS];
    const unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    unsigned* my = sh[warp];

    for (unsigned b = lane; b < NBINS; b += 32) my[b] = 0u;   // each warp clears its own
    __syncwarp();                          // ... so a warp barrier is enough here

    for (unsigned i = blockIdx.x * THREADS + threadIdx.x; i < n4; i += gridDim.x * THREADS) {
        const uchar4 v = data[i];
        atomicAdd(&my[v.x], 1u);
        atomicAdd(&my[v.y], 1u);
        atomicAdd(&my[v.z], 1u);
        atomicAdd(&my[v.w], 1u);
    }
    __syncthreads();

    for (unsigned b = threadIdx.x; b < NBINS; b += THREADS) {
        unsigned total = 0;
#pragma unroll
        for (int w = 0; w < WARPS; ++w) total += sh[w][b];
        if (total) atomicAdd(&hist[b], total);
    }
}
