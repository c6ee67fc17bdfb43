// Per-tile reduce-by-key over key-sorted (key, value) pairs.
// Each segment head writes the sum of its run inside the tile, other positions write 0.
// Launch: blockDim.x = 256, ITEMS = 2 items per thread (tile = 512 pairs),
// dynamic shared memory = ITEMS * blockDim.x * (sizeof(int) + sizeof(float)) = 4096 bytes.
#include <cuda_runtime.h>

#define ITEMS 2

extern "C" __global__ void __launch_bounds__(256)
tile_reduce_by_key_race(const int* __restrict__ keys, const float* __restrict__ vals,
                        float* __restrict__ seg_sums, int n)
{
    extern __shared__ __align__(16) unsigned char smem[];
    const int tile = ITEMS * blockDim.x;
    int*   s_keys = reinterpret_cast<int*>(smem);
    float* s_vals = reinterpret_cast<float*>(smem + tile);

    const int base = blockIdx.x * tile;
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        const int i = threadIdx.x + k * blockDim.x;
        const int g = base + i;
        s_keys[i] = (g < n) ? keys[g] : 0x7fffffff;
        s_vals[i] = (g < n) ? vals[g] : 0.0f;
    }
    __syncthreads();

#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        const int i = threadIdx.x + k * blockDim.x;
        const int g = base + i;
        if (g >= n) continue;
        const int key = s_keys[i];
        const bool head = (i == 0) || (s_keys[i - 1] != key);
        float sum = 0.0f;
        if (head)
            for (int j = i; j < tile && s_keys[j] == key; ++j)
                sum += s_vals[j];
        seg_sums[g] = head ? sum : 0.0f;
    }
}

extern "C" __global__ void __launch_bounds__(256)
tile_reduce_by_key_ok(const int* __restrict__ keys, const float* __restrict__ vals,
                      float* __restrict__ seg_sums, int n)
{
    extern __shared__ __align__(16) unsigned char smem[];
    const int tile = ITEMS * blockDim.x;
    int*   s_keys = reinterpret_cast<int*>(smem);
    float* s_vals = reinterpret_cast<float*>(smem + tile * sizeof(int));

    const int base = blockIdx.x * tile;
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        const int i = threadIdx.x + k * blockDim.x;
        const int g = base + i;
        s_keys[i] = (g < n) ? keys[g] : 0x7fffffff;
        s_vals[i] = (g < n) ? vals[g] : 0.0f;
    }
    __syncthreads();

#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        const int i = threadIdx.x + k * blockDim.x;
        const int g = base + i;
        if (g >= n) continue;
        const int key = s_keys[i];
        const bool head = (i == 0) || (s_keys[i - 1] != key);
        float sum = 0.0f;
        if (head)
            for (int j = i; j < tile && s_keys[j] == key; ++j)
                sum += s_vals[j];
        seg_sums[g] = head ? sum : 0.0f;
    }
}
