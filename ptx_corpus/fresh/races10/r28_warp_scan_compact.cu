// r28_warp_scan_compact.cu
// Order-preserving block-level stream compaction (keep v > threshold): per-element flags
// are scanned with the classic padded warp scan in shared memory (Sengupta/Harris/Garland
// "scan_warp": 32 zero slots in front of each warp's 32 values), warp totals are scanned by
// warp 0, and each kept element is scattered to its block-local position.  counts[b] =
// number of kept elements of block b (a second pass concatenates the blocks).
// Launch: blockDim = (256,1,1), gridDim = (ceil(n/256),1,1), no dynamic shared memory.
#define THREADS 256
#define WARPS   (THREADS / 32)

extern "C" __global__ void __launch_bounds__(THREADS)
compact_ordered_race(const float* __restrict__ in, int n, float threshold,
                     float* __restrict__ out, int* __restrict__ counts)
{
    __shared__ int s_scan[WARPS][64];
    __shared__ int s_wsum[WARPS];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int i = blockIdx.x * THREADS + tid;
    const float v = (i < n) ? in[i] : 0.f;
    const int flag = (i < n && v > threshold) ? 1 : 0;

    // warp-synchronous inclusive scan (lanes of a warp execute in lockstep)
    volatile int* ws = s_scan[warp];
    const int idx = 32 + lane;
    ws[lane] = 0;
    int f = flag;
    ws[idx] = f;
    ws[idx] = f = f + ws[idx - 1];
    ws[idx] = f = f + ws[idx - 2];
    ws[idx] = f = f + ws[idx - 4];
    ws[idx] = f = f + ws[idx - 8];
    ws[idx] = f = f + ws[idx - 16];

    if (lane == 31) s_wsum[warp] = f;
    __syncthreads();
    if (warp == 0) {
        int w = (lane < WARPS) ? s_wsum[lane] : 0;
#pragma unroll
        for (int o = 1; o < WARPS; o <<= 1) {
            const int t = __shfl_up_sync(0xffffffffu, w, o);
            if (lane >= o) w += t;
        }
        if (lane < WARPS) s_wsum[lane] = w;               // inclusive warp totals
    }
    __syncthreads();
    const int excl = f - flag + (warp > 0 ? s_wsum[warp - 1] : 0);
    if (flag) out[(size_t)blockIdx.x * THREADS + excl] = v;
    if (tid == THREADS - 1) counts[blockIdx.x] = s_wsum[WARPS - 1];
}

extern "C" __global__ void __launch_bounds__(THREADS)
compact_ordered_ok(const float* __restrict__ in, int n, float threshold,
                   float* __restrict__ out, int* __restrict__ counts)
{
    __shared__ int s_scan[WARPS][64];
    __shared__ int s_wsum[WARPS];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int i = blockIdx.x * THREADS + tid;
    const float v = (i < n) ? in[i] : 0.f;
    const int flag = (i < n && v > threshold) ? 1 : 0;

    // padded warp scan, made safe for independent thread scheduling
    int* ws = s_scan[warp];
    const int idx = 32 + lane;
    ws[lane] = 0;
    int f = flag;
    ws[idx] = f;
#pragma unroll
    for (int off = 1; off < 32; off <<= 1) {
        __syncwarp();
        const int t = ws[idx - off];
        __syncwarp();
        ws[idx] = f = f + t;
    }

    if (lane == 31) s_wsum[warp] = f;
    __syncthreads();
    if (warp == 0) {
        int w = (lane < WARPS) ? s_wsum[lane] : 0;
#pragma unroll
        for (int o = 1; o < WARPS; o <<= 1) {
            const int t = __shfl_up_sync(0xffffffffu, w, o);
            if (lane >= o) w += t;
        }
        if (lane < WARPS) s_wsum[lane] = w;               // inclusive warp totals
    }
    __syncthreads();
    const int excl = f - flag + (warp > 0 ? s_wsum[warp - 1] : 0);
    if (flag) out[(size_t)blockIdx.x * THREADS + excl] = v;
    if (tid == THREADS - 1) counts[blockIdx.x] = s_wsum[WARPS - 1];
}
