// Shared-memory bitonic sort of 512 keys per block (CUDA-samples comparator indexing:
// thread t handles pair (pos, pos+stride), pos = 2t - (t & (stride-1))).
// Steps whose comparators stay inside one warp are separated by __syncwarp() only.
// Assumed launch: 1-D, blockDim.x == 256; block b sorts keys[512*b .. 512*b+511]; dir = 1 ascending.

#define BT_THREADS 256
#define BT_N (2 * BT_THREADS)

static __device__ __forceinline__ void bt_cmp(unsigned& a, unsigned& b, unsigned dir)
{
    if ((a > b) == (dir != 0)) {
        const unsigned t = a;
        a = b;
        b = t;
    }
}

extern "C" __global__ void __launch_bounds__(BT_THREADS)
bitonic_sort_race(unsigned* __restrict__ keys, unsigned dir)
{
    if (blockDim.x != BT_THREADS) return;
    __shared__ unsigned s_key[BT_N];
    const unsigned tid = threadIdx.x;
    unsigned* k = keys + (size_t)blockIdx.x * BT_N;

    s_key[tid] = k[tid];
    s_key[tid + BT_THREADS] = k[tid + BT_THREADS];
    __syncthreads();

    for (unsigned size = 2; size <= BT_N; size <<= 1) {
        const unsigned ddd = dir ^ ((tid & (size / 2)) != 0);
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            if (stride > 32) __syncthreads();
            else             __syncwarp();
            const unsigned pos = 2 * tid - (tid & (stride - 1));
            bt_cmp(s_key[pos], s_key[pos + stride], ddd);
        }
    }
    __syncthreads();

    k[tid] = s_key[tid];
    k[tid + BT_THREADS] = s_key[tid + BT_THREADS];
}

extern "C" __global__ void __launch_bounds__(BT_THREADS)
bitonic_sort_ok(unsigned* __restrict__ keys, unsigned dir)
{
    if (blockDim.x != BT_THREADS) return;
    __shared__ unsigned s_key[BT_N];
    const unsigned tid = threadIdx.x;
    unsigned* k = keys + (size_t)blockIdx.x * BT_N;

    s_key[tid] = k[tid];
    s_key[tid + BT_THREADS] = k[tid + BT_THREADS];
    __syncthreads();

    for (unsigned size = 2; size <= BT_N; size <<= 1) {
        const unsigned ddd = dir ^ ((tid & (size / 2)) != 0);
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            if (stride >= 32) __syncthreads();
            else              __syncwarp();
            const unsigned pos = 2 * tid - (tid & (stride - 1));
            bt_cmp(s_key[pos], s_key[pos + stride], ddd);
        }
    }
    __syncthreads();

    k[tid] = s_key[tid];
    k[tid + BT_THREADS] = s_key[tid + BT_THREADS];
}
