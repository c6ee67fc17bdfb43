// r02_scan_pingpong.cu
// Hillis-Steele inclusive scan of one 512-element segment per block, ping-ponging
// between two shared buffers (GPU Gems 3, ch. 39, "naive" scan).  The last thread
// also writes the segment total for a second-level scan.
//
// Launch (both kernels): blockDim = 512 (BLOCK), gridDim = ceil(n / 512), 1-D.
#define BLOCK 512

extern "C" __global__ void __launch_bounds__(BLOCK)
scan_pingpong_race(const float* __restrict__ in, float* __restrict__ out,
                   float* __restrict__ block_sums, int n)
{
    __shared__ float bufA[BLOCK];
    __shared__ float bufB[BLOCK];
    const int tid = threadIdx.x;
    const int gid = blockIdx.x * BLOCK + tid;

    float* src = bufA;
    float* dst = bufB;
    src[tid] = (gid < n) ? in[gid] : 0.f;
    __syncthreads();

    for (int off = 1; off < BLOCK; off <<= 1) {
        float v = src[tid];
        if (tid >= off) v += src[tid - off];
        dst[tid] = v;
        __syncthreads();
        // "swap" the buffers: after the first step both pointers name bufB
        src = dst;
        dst = src;
    }

    if (gid < n) out[gid] = src[tid];
    if (tid == BLOCK - 1) block_sums[blockIdx.x] = src[tid];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
scan_pingpong_ok(const float* __restrict__ in, float* __restrict__ out,
                 float* __restrict__ block_sums, int n)
{
    __shared__ float bufA[BLOCK];
    __shared__ float bufB[BLOCK];
    const int tid = threadIdx.x;
    const int gid = blockIdx.x * BLOCK + tid;

    float* src = bufA;
    float* dst = bufB;
    src[tid] = (gid < n) ? in[gid] : 0.f;
    __syncthreads();

    // One barrier per step is enough: step k reads only src and writes only dst,
    // and the buffers trade roles after every barrier.
    for (int off = 1; off < BLOCK; off <<= 1) {
        float v = src[tid];
        if (tid >= off) v += src[tid - off];
        dst[tid] = v;
        __syncthreads();
        float* t = src;
        src = dst;
        dst = t;
    }

    if (gid < n) out[gid] = src[tid];
    if (tid == BLOCK - 1) block_sums[blockIdx.x] = src[tid];
}
