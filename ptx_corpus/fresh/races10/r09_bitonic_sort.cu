// r09_bitonic_sort.cu
// In-shared-memory bitonic sort of 1024 unsigned keys per block (ascending), one
// compare-exchange per thread per step.  For partner distances j <= 32 each warp only
// touches its own 64-element slice (positions 64w .. 64w+63), so those steps are
// separated by __syncwarp() instead of a full block barrier.
// Launch: blockDim = (512,1,1), gridDim = (nsegments,1,1), keys sorted in place per
//         1024-key segment, no dynamic shared memory.
#define N       1024
#define THREADS 512

extern "C" __global__ void __launch_bounds__(THREADS)
bitonic_sort_race(unsigned* __restrict__ keys)
{
    __shared__ unsigned s[N];
    unsigned* g = keys + (size_t)blockIdx.x * N;
    const unsigned tid = threadIdx.x;

    s[tid]           = g[tid];
    s[tid + THREADS] = g[tid + THREADS];
    __syncthreads();

    for (unsigned k = 2; k <= N; k <<= 1) {
        for (unsigned j = k >> 1; j > 0; j >>= 1) {
            // pairs (pos, pos + j) cross warp slices only when j >= 64
            if (j >= 64) __syncthreads(); else __syncwarp();
            const unsigned pos = 2 * tid - (tid & (j - 1));
            const bool up = (pos & k) == 0;
            const unsigned a = s[pos], b = s[pos + j];
            if ((a > b) == up) { s[pos] = b; s[pos + j] = a; }
        }
    }
    __syncthreads();
    g[tid]           = s[tid];
    g[tid + THREADS] = s[tid + THREADS];
}

extern "C" __global__ void __launch_bounds__(THREADS)
bitonic_sort_ok(unsigned* __restrict__ keys)
{
    __shared__ unsigned s[N];
    unsigned* g = keys + (size_t)blockIdx.x * N;
    const unsigned tid = threadIdx.x;

    s[tid]           = g[tid];
    s[tid + THREADS] = g[tid + THREADS];
    __syncthreads();

    for (unsigned k = 2; k <= N; k <<= 1) {
        for (unsigned j = k >> 1; j > 0; j >>= 1) {
            // A step needs a block barrier if it or the step before it crosses warp
            // slices.  j == 32 always follows a j == 64 step (or a j == 1 step when it
            // starts the k == 64 stage), so the block barrier is used for j >= 32.
            if (j >= 32) __syncthreads(); else __syncwarp();
            const unsigned pos = 2 * tid - (tid & (j - 1));
            const bool up = (pos & k) == 0;
            const unsigned a = s[pos], b = s[pos + j];
            if ((a > b) == up) { s[pos] = b; s[pos + j] = a; }
        }
    }
    __syncthreads();
    g[tid]           = s[tid];
    g[tid + THREADS] = s[tid + THREADS];
}
