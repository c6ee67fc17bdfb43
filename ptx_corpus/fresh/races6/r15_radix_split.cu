// r15: in-block LSD radix sort with 1-bit split passes: per pass a Kogge-Stone scan of the
// "bit is zero" flags, the total number of zeros is published by the last thread in a shared
// counter, then keys are scattered stably.
// Launch: any 1-D blockDim.x <= 1024 (typ. 1024), grid = number of blockDim.x-key segments, nbits >= 1.
#define RB 1024

extern "C" __global__ void __launch_bounds__(RB)
radix_split_race(unsigned int* keys, int nbits)
{
    __shared__ unsigned int s_keys[RB];
    __shared__ unsigned int s_scan[RB];
    __shared__ unsigned int s_zeros;
    const unsigned int tid = threadIdx.x, n = blockDim.x;
    unsigned int* seg = keys + (size_t)blockIdx.x * n;
    s_keys[tid] = seg[tid];
    __syncthreads();
    for (int bit = 0; bit < nbits; ++bit) {
        const unsigned int k = s_keys[tid];
        const unsigned int isZero = ((k >> bit) & 1u) ^ 1u;
        s_scan[tid] = isZero;
        __syncthreads();
        for (unsigned int off = 1; off < n; off <<= 1) {
            const unsigned int t = (tid >= off) ? s_scan[tid - off] : 0u;
            __syncthreads();
            s_scan[tid] += t;
            __syncthreads();
        }
        if (tid == n - 1) s_zeros = s_scan[tid];
        const unsigned int totalZeros = s_zeros;
        const unsigned int zerosBefore = s_scan[tid] - isZero;
        const unsigned int pos = isZero ? zerosBefore : totalZeros + (tid - zerosBefore);
        s_keys[pos] = k;
        __syncthreads();
    }
    seg[tid] = s_keys[tid];
}

extern "C" __global__ void __launch_bounds__(RB)
radix_split_ok(unsigned int* keys, int nbits)
{
    __shared__ unsigned int s_keys[RB];
    __shared__ unsigned int s_scan[RB];
    __shared__ unsigned int s_zeros;
    const unsigned int tid = threadIdx.x, n = blockDim.x;
    unsigned int* seg = keys + (size_t)blockIdx.x * n;
    s_keys[tid] = seg[tid];
    __syncthreads();
    for (int bit = 0; bit < nbits; ++bit) {
        const unsigned int k = s_keys[tid];
        const unsigned int isZero = ((k >> bit) & 1u) ^ 1u;
        s_scan[tid] = isZero;
        __syncthreads();
        for (unsigned int off = 1; off < n; off <<= 1) {
            const unsigned int t = (tid >= off) ? s_scan[tid - off] : 0u;
            __syncthreads();
            s_scan[tid] += t;
            __syncthreads();
        }
        if (tid == n - 1) s_zeros = s_scan[tid];
        __syncthreads();
        const unsigned int totalZeros = s_zeros;
        const unsigned int zerosBefore = s_scan[tid] - isZero;
        const unsigned int pos = isZero ? zerosBefore : totalZeros + (tid - zerosBefore);
        s_keys[pos] = k;
        __syncthreads();
    }
    seg[tid] = s_keys[tid];
}
