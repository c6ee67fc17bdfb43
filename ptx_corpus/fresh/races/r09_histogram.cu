// 64-bin byte histogram privatised in shared memory, 256 threads per block.
#define BINS 64
#define NT 256

// RACE: hist[bin]++ is a non-atomic read-modify-write; two threads with the same bin value update the same shared counter concurrently.
extern "C" __global__ void __launch_bounds__(NT) hist64_race(const unsigned char* data, int n, unsigned int* ghist)
{
    __shared__ unsigned int hist[BINS];
    for (int b = threadIdx.x; b < BINS; b += NT) hist[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * NT + threadIdx.x; i < n; i += gridDim.x * NT) {
        unsigned bin = data[i] & (BINS - 1);
        hist[bin]++;
    }
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += NT)
        atomicAdd(&ghist[b], hist[b]);
}

// OK: shared counters updated with atomicAdd on shared memory.
extern "C" __global__ void __launch_bounds__(NT) hist64_ok(const unsigned char* data, int n, unsigned int* ghist)
{
    __shared__ unsigned int hist[BINS];
    for (int b = threadIdx.x; b < BINS; b += NT) hist[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * NT + threadIdx.x; i < n; i += gridDim.x * NT) {
        unsigned bin = data[i] & (BINS - 1);
        atomicAdd(&hist[bin], 1u);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += NT)
        atomicAdd(&ghist[b], hist[b]);
}
