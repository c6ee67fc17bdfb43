// r13_bitonic_warp.cu
// Bitonic sort of 1024 keys per block in shared memory (CUDA SDK
// "bitonicSortShared"), 512 threads, one comparator per thread per stage.
// Stages with stride < 32 only touch the 64-key chunk s[64w .. 64w+64) that
// belongs to warp w, so they are separated by __syncwarp(); stages with
// stride >= 32 use __syncthreads().
//
// Launch (both kernels): blockDim = 512 (BLOCK); gridDim = number of 1024-key
//   segments; dir != 0 sorts ascending.
#define N 1024
#define BLOCK (N / 2)

extern "C" __global__ void __launch_bounds__(BLOCK)
bitonic_warp_race(unsigned* __restrict__ keys, int dir)
{
    __shared__ unsigned s[N];
    unsigned* d = keys + (size_t)blockIdx.x * N;
    const unsigned tid = threadIdx.x;

    // block-strided load: warp w loads s[32w..32w+32) and s[512+32w..)
    for (int k = 0; k < 2; ++k) {
        const unsigned i = tid + k * BLOCK;
        s[i] = d[i];
    }

    for (unsigned size = 2; size <= N; size <<= 1) {
        const bool ddd = (dir != 0) ^ ((tid & (size / 2)) != 0);
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            if (stride >= 32) __syncthreads(); else __syncwarp();
            const unsigned pos = 2 * tid - (tid & (stride - 1));
            const unsigned a = s[pos], b = s[pos + stride];
            if ((a > b) == ddd) { s[pos] = b; s[pos + stride] = a; }
        }
    }
    __syncthreads();
    for (int k = 0; k < 2; ++k) {
        const unsigned i = tid + k * BLOCK;
        d[i] = s[i];
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
bitonic_warp_ok(unsigned* __restrict__ keys, int dir)
{
    __shared__ unsigned s[N];
    unsigned* d = keys + (size_t)blockIdx.x * N;
    const unsigned tid = threadIdx.x;

    // warp-local load: warp w loads exactly its own chunk s[64w .. 64w+64), so the
    // first (stride 1) stage only needs a warp barrier
    for (int k = 0; k < 2; ++k) {
        const unsigned i = ((tid >> 5) << 6) + (tid & 31) + k * 32;
        s[i] = d[i];
    }

    for (unsigned size = 2; size <= N; size <<= 1) {
        const bool ddd = (dir != 0) ^ ((tid & (size / 2)) != 0);
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            if (stride >= 32) __syncthreads(); else __syncwarp();
            const unsigned pos = 2 * tid - (tid & (stride - 1));
            const unsigned a = s[pos], b = s[pos + stride];
            if ((a > b) == ddd) { s[pos] = b; s[pos + stride] = a; }
        }
    }
    __syncthreads();
    for (int k = 0; k < 2; ++k) {
        const unsigned i = tid + k * BLOCK;
        d[i] = s[i];
    }
}
