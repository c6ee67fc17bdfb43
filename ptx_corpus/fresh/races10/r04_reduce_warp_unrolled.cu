// r04_reduce_warp_unrolled.cu
// Parallel sum reduction in the style of the CUDA SDK "reduce4": every thread adds two
// input elements while loading, a shared-memory tree reduces 256 partials down to 64,
// and the last warp finishes without __syncthreads().  out[blockIdx.x] = block sum.
// Launch: blockDim = (256,1,1), gridDim = (ceil(n / 512),1,1), no dynamic shared memory.
#define THREADS 256

extern "C" __global__ void __launch_bounds__(THREADS)
reduce_sum_race(const float* __restrict__ in, float* __restrict__ out, unsigned n)
{
    __shared__ float sdata[THREADS];
    const unsigned tid = threadIdx.x;
    const unsigned i = blockIdx.x * (2 * THREADS) + tid;

    float sum = (i < n) ? in[i] : 0.f;
    if (i + THREADS < n) sum += in[i + THREADS];
    sdata[tid] = sum;
    __syncthreads();

    for (unsigned s = THREADS / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] = sum = sum + sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        // the last warp executes in lockstep -- volatile keeps the loads/stores in memory
        volatile float* v = sdata;
        v[tid] = sum = sum + v[tid + 32];
        v[tid] = sum = sum + v[tid + 16];
        v[tid] = sum = sum + v[tid + 8];
        v[tid] = sum = sum + v[tid + 4];
        v[tid] = sum = sum + v[tid + 2];
        v[tid] = sum = sum + v[tid + 1];
    }
    if (tid == 0) out[blockIdx.x] = sum;
}

extern "C" __global__ void __launch_bounds__(THREADS)
reduce_sum_ok(const float* __restrict__ in, float* __restrict__ out, unsigned n)
{
    __shared__ float sdata[THREADS];
    const unsigned tid = threadIdx.x;
    const unsigned i = blockIdx.x * (2 * THREADS) + tid;

    float sum = (i < n) ? in[i] : 0.f;
    if (i + THREADS < n) sum += in[i + THREADS];
    sdata[tid] = sum;
    __syncthreads();

    for (unsigned s = THREADS / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] = sum = sum + sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        // Volta+ has independent thread scheduling: separate every read from the
        // following write with __syncwarp().  Lanes >= offset compute junk that is
        // never used (they read slots 32..47, which nobody writes any more).
        sum += sdata[tid + 32];
        for (int offset = 16; offset > 0; offset >>= 1) {
            __syncwarp();
            sdata[tid] = sum;
            __syncwarp();
            sum += sdata[tid + offset];
        }
    }
    if (tid == 0) out[blockIdx.x] = sum;
}
