// Reverse each 256-element chunk of an array through shared memory.
#define TILE 256

// RACE: s[threadIdx.x] store and s[TILE-1-threadIdx.x] load by another thread have no __syncthreads() between them.
extern "C" __global__ void __launch_bounds__(TILE) reverse_tile_race(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float s[TILE];
    int base = blockIdx.x * TILE;
    int i = base + threadIdx.x;
    s[threadIdx.x] = (i < n) ? in[i] : 0.0f;
    float v = s[TILE - 1 - threadIdx.x];
    if (i < n) out[i] = v;
}

// OK: __syncthreads() separates the tile fill from the mirrored reads.
extern "C" __global__ void __launch_bounds__(TILE) reverse_tile_ok(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float s[TILE];
    int base = blockIdx.x * TILE;
    int i = base + threadIdx.x;
    s[threadIdx.x] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    float v = s[TILE - 1 - threadIdx.x];
    if (i < n) out[i] = v;
}
