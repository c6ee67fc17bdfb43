// In-block bitonic sort of 512 keys with 512 threads.
#define N 512

// RACE: no __syncthreads() inside the j loop: thread tid compares/swaps s[tid] and s[tid^j] while partner threads are still swapping those elements in the previous j step.
extern "C" __global__ void __launch_bounds__(N) bitonic_sort_race(const unsigned* keys_in, unsigned* keys_out)
{
    __shared__ unsigned s[N];
    unsigned tid = threadIdx.x;
    s[tid] = keys_in[blockIdx.x * N + tid];
    __syncthreads();
    for (unsigned k = 2; k <= N; k <<= 1) {
        for (unsigned j = k >> 1; j > 0; j >>= 1) {
            unsigned ixj = tid ^ j;
            if (ixj > tid) {
                unsigned a = s[tid], b = s[ixj];
                bool up = ((tid & k) == 0);
                if ((a > b) == up) { s[tid] = b; s[ixj] = a; }
            }
        }
        __syncthreads();
    }
    keys_out[blockIdx.x * N + tid] = s[tid];
}

// OK: a __syncthreads() after every compare-exchange step (reached by all threads).
extern "C" __global__ void __launch_bounds__(N) bitonic_sort_ok(const unsigned* keys_in, unsigned* keys_out)
{
    __shared__ unsigned s[N];
    unsigned tid = threadIdx.x;
    s[tid] = keys_in[blockIdx.x * N + tid];
    __syncthreads();
    for (unsigned k = 2; k <= N; k <<= 1) {
        for (unsigned j = k >> 1; j > 0; j >>= 1) {
            unsigned ixj = tid ^ j;
            if (ixj > tid) {
                unsigned a = s[tid], b = s[ixj];
                bool up = ((tid & k) == 0);
                if ((a > b) == up) { s[tid] = b; s[ixj] = a; }
            }
            __syncthreads();
        }
    }
    keys_out[blockIdx.x * N + tid] = s[tid];
}
