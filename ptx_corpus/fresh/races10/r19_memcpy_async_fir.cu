// r19_memcpy_async_fir.cu
// Persistent 9-tap FIR filter over a long signal, out[i] = sum_k taps[k] * x[i + k - 4].
// Each block loops over 1024-sample output tiles; the tile plus its 4-sample halo on each
// side (1032 floats) is brought into shared memory with cuda::memcpy_async in 16-byte
// chunks, completion tracked by a block-scope cuda::barrier (arrive_and_wait both waits for
// the copies and synchronises the block).  `xp` is the signal padded with 4 samples on
// each side: xp[j] = x[j - 4], 16-byte aligned, length ntiles*1024 + 8.
// Launch: blockDim = (256,1,1), gridDim = (G,1,1) (e.g. 2*numSMs; ntiles > G so blocks
//         process several tiles), no dynamic shared memory.
#include <cuda/barrier>
#pragma nv_diag_suppress static_var_with_dynamic_init

#define TILE   1024
#define R      4
#define SPAN   (TILE + 2 * R)      // 1032 floats
#define CHUNKS (SPAN / 4)          // 258 chunks of 16 bytes

__constant__ float c_taps[2 * R + 1];
using block_barrier = cuda::barrier<cuda::thread_scope_block>;

extern "C" __global__ void __launch_bounds__(256)
fir_persistent_race(const float* __restrict__ xp, float* __restrict__ out, int ntiles)
{
    __shared__ __align__(16) float s[SPAN];
    __shared__ block_barrier bar;
    if (threadIdx.x == 0) init(&bar, blockDim.x);
    __syncthreads();

    for (int t = blockIdx.x; t < ntiles; t += gridDim.x) {
        const float* src = xp + (size_t)t * TILE;
        for (int c = threadIdx.x; c < CHUNKS; c += blockDim.x)
            cuda::memcpy_async(&s[4 * c], src + 4 * c, cuda::aligned_size_t<16>(16), bar);
        bar.arrive_and_wait();                 // copies landed, block synchronised

        for (int i = threadIdx.x; i < TILE; i += blockDim.x) {
            float acc = 0.f;
#pragma unroll
            for (int k = 0; k <= 2 * R; ++k) acc += c_taps[k] * s[i + k];
            out[(size_t)t * TILE + i] = acc;
        }
    }
}

extern "C" __global__ void __launch_bounds__(256)
fir_persistent_ok(const float* __restrict__ xp, float* __restrict__ out, int ntiles)
{
    __shared__ __align__(16) float s[SPAN];
    __shared__ block_barrier bar;
    if (threadIdx.x == 0) init(&bar, blockDim.x);
    __syncthreads();

    for (int t = blockIdx.x; t < ntiles; t += gridDim.x) {
        const float* src = xp + (size_t)t * TILE;
        for (int c = threadIdx.x; c < CHUNKS; c += blockDim.x)
            cuda::memcpy_async(&s[4 * c], src + 4 * c, cuda::aligned_size_t<16>(16), bar);
        bar.arrive_and_wait();                 // copies landed, block synchronised

        for (int i = threadIdx.x; i < TILE; i += blockDim.x) {
            float acc = 0.f;
#pragma unroll
            for (int k = 0; k <= 2 * R; ++k) acc += c_taps[k] * s[i + k];
            out[(size_t)t * TILE + i] = acc;
        }
        bar.arrive_and_wait();                 // everyone done reading s before the refill
    }
}
