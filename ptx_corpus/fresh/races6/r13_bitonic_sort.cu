// r13: in-block bitonic sort (ascending) of blockDim.x keys, one key per thread, branch-free
// compare-exchange.
// Launch: blockDim.x a power of two <= 512 (typ. 512), grid = number of segments.
extern "C" __global__ void __launch_bounds__(512)
bitonic_sort_race(int* keys)
{
    __shared__ int s[512];
    const unsigned int tid = threadIdx.x;
    const unsigned int n = blockDim.x;
    int* seg = keys + (size_t)blockIdx.x * n;
    s[tid] = seg[tid];
    __syncthreads();
    for (unsigned int k = 2; k <= n; k <<= 1) {
        for (unsigned int j = k >> 1; j > 0; j >>= 1) {
            const unsigned int ixj = tid ^ j;
            if (ixj > tid) {
                const int a = s[tid], b = s[ixj];
                const int lo = min(a, b), hi = max(a, b);
                const bool up = (tid & k) == 0;
                s[tid] = up ? lo : hi;
                s[ixj] = up ? hi : lo;
            }
        }
        __syncthreads();          // one barrier per merge stage
    }
    seg[tid] = s[tid];
}

extern "C" __global__ void __launch_bounds__(512)
bitonic_sort_ok(int* keys)
{
    __shared__ int s[512];
    const unsigned int tid = threadIdx.x;
    const unsigned int n = blockDim.x;
    int* seg = keys + (size_t)blockIdx.x * n;
    s[tid] = seg[tid];
    __syncthreads();
    for (unsigned int k = 2; k <= n; k <<= 1) {
        for (unsigned int j = k >> 1; j > 0; j >>= 1) {
            const unsigned int ixj = tid ^ j;
            if (ixj > tid) {
                const int a = s[tid], b = s[ixj];
                const int lo = min(a, b), hi = max(a, b);
                const bool up = (tid & k) == 0;
                s[tid] = up ? lo : hi;
                s[ixj] = up ? hi : lo;
            }
            __syncthreads();      // one barrier per compare-exchange step
        }
    }
    seg[tid] = s[tid];
}
