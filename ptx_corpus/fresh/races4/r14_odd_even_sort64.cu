// Odd-even transposition sort of 512 64-bit keys per block (keys are packed (score<<32)|index).
// Even phase: thread t compares (2t, 2t+1); odd phase: thread t compares (2t+1, 2t+2).
// Assumed launch: 1-D, blockDim.x == 256; block b sorts keys[512*b .. 512*b+511] ascending.

#define OE_THREADS 256
#define OE_N (2 * OE_THREADS)

extern "C" __global__ void __launch_bounds__(OE_THREADS)
odd_even_sort64_race(unsigned long long* __restrict__ keys)
{
    if (blockDim.x != OE_THREADS) return;
    __shared__ unsigned long long s[OE_N];
    const unsigned tid = threadIdx.x;
    unsigned long long* k = keys + (size_t)blockIdx.x * OE_N;

    s[tid] = k[tid];
    s[tid + OE_THREADS] = k[tid + OE_THREADS];
    __syncthreads();

    for (unsigned phase = 0; phase < OE_N; ++phase) {
        const unsigned i = 2 * tid + (phase & 1);
        if (i + 1 < OE_N) {
            const unsigned long long a = s[i], b = s[i + 1];
            if (a > b) {
                s[i] = b;
                s[i + 1] = a;
            }
        }
        if (phase & 1) __syncthreads();
    }
    __syncthreads();

    k[tid] = s[tid];
    k[tid + OE_THREADS] = s[tid + OE_THREADS];
}

extern "C" __global__ void __launch_bounds__(OE_THREADS)
odd_even_sort64_ok(unsigned long long* __restrict__ keys)
{
    if (blockDim.x != OE_THREADS) return;
    __shared__ unsigned long long s[OE_N];
    const unsigned tid = threadIdx.x;
    unsigned long long* k = keys + (size_t)blockIdx.x * OE_N;

    s[tid] = k[tid];
    s[tid + OE_THREADS] = k[tid + OE_THREADS];
    __syncthreads();

    for (unsigned phase = 0; phase < OE_N; ++phase) {
        const unsigned i = 2 * tid + (phase & 1);
        if (i + 1 < OE_N) {
            const unsigned long long a = s[i], b = s[i + 1];
            if (a > b) {
                s[i] = b;
                s[i + 1] = a;
            }
        }
        __syncthreads();
    }

    k[tid] = s[tid];
    k[tid + OE_THREADS] = s[tid + OE_THREADS];
}
