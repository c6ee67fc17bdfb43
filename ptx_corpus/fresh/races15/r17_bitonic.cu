// arch: sm_80
// r17_bitonic.cu
// Bitonic sort of 512 key/value pairs per block in shared memory (CUDA SDK
// sortingNetworks style): thread t handles the comparator
// (pos, pos+stride) with pos = 2t - (t & (stride-1)).
//
// Launch (both kernels): blockDim = (256,1,1), gridDim = (nseg,1,1),
//   nseg = 4096 segments of 512 keys.  No dynamic shared memory.

#define R17_N 512

__device__ __forceinline__ void r17_cmpx(unsigned* key, unsigned* val,
                                         int a, int b, bool dir)
{
    const unsigned ka = key[a], kb = key[b];
    const unsigned va = val[a], vb = val[b];
    const bool sw = (ka > kb) == dir;
    key[a] = sw ? kb : ka;  key[b] = sw ? ka : kb;
    val[a] = sw ? vb : va;  val[b] = sw ? va : vb;
}

extern "C" __global__ void __launch_bounds__(256)
bitonic512_race(const unsigned* __restrict__ kin, const unsigned* __restrict__ vin,
                unsigned* __restrict__ kout, unsigned* __restrict__ vout)
{
    __shared__ unsigned key[R17_N];
    __shared__ unsigned val[R17_N];
    const int t = threadIdx.x;
    const size_t base = (size_t)blockIdx.x * R17_N;
    key[t] = kin[base + t];        val[t] = vin[base + t];
    key[t + 256] = kin[base + t + 256]; val[t + 256] = vin[base + t + 256];
    __syncthreads();

    for (int size = 2; size <= R17_N; size <<= 1) {
        const bool dir = (t & (size / 2)) == 0;
        for (int stride = size / 2; stride > 0; stride >>= 1) {
            const int pos = 2 * t - (t & (stride - 1));
            r17_cmpx(key, val, pos, pos + stride, dir);
            if (stride > 1) __syncthreads();
        }
    }
    __syncthreads();
    kout[base + t] = key[t];             vout[base + t] = val[t];
    kout[base + t + 256] = key[t + 256]; vout[base + t + 256] = val[t + 256];
}

extern "C" __global__ void __launch_bounds__(256)
bitonic512_ok(const unsigned* __restrict__ kin, const unsigned* __restrict__ vin,
              unsigned* __restrict__ kout, unsigned* __restrict__ vout)
{
    __shared__ unsigned key[R17_N];
    __shared__ unsigned val[R17_N];
    const int t = threadIdx.x;
    const size_t base = (size_t)blockIdx.x * R17_N;
    key[t] = kin[base + t];        val[t] = vin[base + t];
    key[t + 256] = kin[base + t + 256]; val[t + 256] = vin[base + t + 256];
    __syncthreads();

    for (int size = 2; size <= R17_N; size <<= 1) {
        const bool dir = (t & (size / 2)) == 0;
        for (int stride = size / 2; stride > 0; stride >>= 1) {
            const int pos = 2 * t - (t & (stride - 1));
            r17_cmpx(key, val, pos, pos + stride, dir);
            __syncthreads();
        }
    }
    kout[base + t] = key[t];             vout[base + t] = val[t];
    kout[base + t + 256] = key[t + 256]; vout[base + t + 256] = val[t + 256];
}
