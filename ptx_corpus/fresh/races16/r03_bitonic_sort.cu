// arch: sm_80
// Launch: blockDim = (512,1,1), gridDim = (n/1024,1,1), n a multiple of 1024.
//         Each block sorts 1024 unsigned keys in shared memory (CUDA SDK
//         bitonicSortShared layout: thread t owns the compare-exchange at
//         pos = 2t - (t & (stride-1)) and pos + stride). Keys are loaded and
//         stored as uint2, so thread t loads / stores s_key[2t], s_key[2t+1].
//         dir = 1 sorts ascending.

#define BSORT_N 1024

extern "C" __global__ void __launch_bounds__(512)
bitonic_sort_race(const unsigned* __restrict__ in, unsigned* __restrict__ out, unsigned dir)
{
    __shared__ unsigned s_key[BSORT_N];
    const unsigned tid = threadIdx.x;
    const uint2* src = reinterpret_cast<const uint2*>(in + blockIdx.x * BSORT_N);
    uint2* dst = reinterpret_cast<uint2*>(out + blockIdx.x * BSORT_N);

    uint2 v = src[tid];
    s_key[2 * tid]     = v.x;
    s_key[2 * tid + 1] = v.y;

    for (unsigned size = 2; size <= BSORT_N; size <<= 1) {
        const bool ddd = (size == BSORT_N) ? (dir != 0)
                                           : ((dir != 0) ^ ((tid & (size / 2)) != 0));
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            // partners closer than 64 keys live in the same warp
            if (stride >= 64) __syncthreads();
            else              __syncwarp();
            const unsigned pos = 2 * tid - (tid & (stride - 1));
            const unsigned a = s_key[pos];
            const unsigned b = s_key[pos + stride];
            if ((a > b) == ddd) {
                s_key[pos]          = b;
                s_key[pos + stride] = a;
            }
        }
    }
    __syncwarp();
    uint2 o;
    o.x = s_key[2 * tid];
    o.y = s_key[2 * tid + 1];
    dst[tid] = o;
}

extern "C" __global__ void __launch_bounds__(512)
bitonic_sort_ok(const unsigned* __restrict__ in, unsigned* __restrict__ out, unsigned dir)
{
    __shared__ unsigned s_key[BSORT_N];
    const unsigned tid = threadIdx.x;
    const uint2* src = reinterpret_cast<const uint2*>(in + blockIdx.x * BSORT_N);
    uint2* dst = reinterpret_cast<uint2*>(out + blockIdx.x * BSORT_N);

    uint2 v = src[tid];
    s_key[2 * tid]     = v.x;
    s_key[2 * tid + 1] = v.y;

    unsigned prev = 1;
    for (unsigned size = 2; size <= BSORT_N; size <<= 1) {
        const bool ddd = (size == BSORT_N) ? (dir != 0)
                                           : ((dir != 0) ^ ((tid & (size / 2)) != 0));
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            if (stride >= 64 || prev >= 64) __syncthreads();
            else                            __syncwarp();
            const unsigned pos = 2 * tid - (tid & (stride - 1));
            const unsigned a = s_key[pos];
            const unsigned b = s_key[pos + stride];
            if ((a > b) == ddd) {
                s_key[pos]          = b;
                s_key[pos + stride] = a;
            }
            prev = stride;
        }
    }
    __syncwarp();
    uint2 o;
    o.x = s_key[2 * tid];
    o.y = s_key[2 * tid + 1];
    dst[tid] = o;
}
