// r22_stream_compaction_atomic.cu
// Unordered stream compaction (filter v > threshold): each persistent block walks
// 1024-element chunks, appends passing elements to a shared staging buffer through a
// shared atomic counter, reserves room in the global output with one atomicAdd per chunk
// and flushes the staged elements with coalesced stores.
// Launch: blockDim = (256,1,1), gridDim = (G,1,1) (e.g. 2*numSMs), *out_count = 0 before
//         launch, no dynamic shared memory.  n > G*1024, so blocks process several chunks.
#define THREADS 256
#define CHUNK   1024

extern "C" __global__ void __launch_bounds__(THREADS)
compact_atomic_race(const float* __restrict__ in, int n, float threshold,
                    float* __restrict__ out, int* __restrict__ out_count)
{
    __shared__ float s_buf[CHUNK];
    __shared__ int s_count;
    __shared__ int s_base;
    const int tid = threadIdx.x;

    if (tid == 0) s_count = 0;
    __syncthreads();

    for (int base = blockIdx.x * CHUNK; base < n; base += gridDim.x * CHUNK) {
#pragma unroll
        for (int k = 0; k < CHUNK / THREADS; ++k) {
            const int i = base + k * THREADS + tid;
            if (i < n) {
                const float v = in[i];
                if (v > threshold) s_buf[atomicAdd(&s_count, 1)] = v;
            }
        }
        __syncthreads();
        if (tid == 0) s_base = atomicAdd(out_count, s_count);
        __syncthreads();
        const int cnt = s_count, obase = s_base;
        for (int j = tid; j < cnt; j += THREADS) out[obase + j] = s_buf[j];
        __syncthreads();
        if (tid == 0) s_count = 0;            // reset for the next chunk
    }
}

extern "C" __global__ void __launch_bounds__(THREADS)
compact_atomic_ok(const float* __restrict__ in, int n, float threshold,
                  float* __restrict__ out, int* __restrict__ out_count)
{
    __shared__ float s_buf[CHUNK];
    __shared__ int s_count;
    __shared__ int s_total;
    __shared__ int s_base;
    const int tid = threadIdx.x;

    if (tid == 0) s_count = 0;
    __syncthreads();

    for (int base = blockIdx.x * CHUNK; base < n; base += gridDim.x * CHUNK) {
#pragma unroll
        for (int k = 0; k < CHUNK / THREADS; ++k) {
            const int i = base + k * THREADS + tid;
            if (i < n) {
                const float v = in[i];
                if (v > threshold) s_buf[atomicAdd(&s_count, 1)] = v;
            }
        }
        __syncthreads();
        if (tid == 0) {                       // snapshot + reset between the two barriers
            s_total = s_count;
            s_base  = atomicAdd(out_count, s_total);
            s_count = 0;
        }
        __syncthreads();
        const int cnt = s_total, obase = s_base;
        for (int j = tid; j < cnt; j += THREADS) out[obase + j] = s_buf[j];
        __syncthreads();
    }
}
