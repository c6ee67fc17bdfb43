// arch: sm_80
// r03_persistent_slot.cu
// Persistent 3-point smoothing: each block walks tiles
// blockIdx.x, blockIdx.x + gridDim.x, ... and stages every tile (plus a
// one-element halo on each side) into one of two shared slots, so that a
// single barrier per tile suffices.
//
// Launch (both kernels): blockDim = (256,1,1), gridDim = (64,1,1),
//   ntiles = 1024 (n = 262144 floats) -> every block processes 16 tiles.
//   No dynamic shared memory.

#define R03_B 256

extern "C" __global__ void __launch_bounds__(R03_B)
smooth_tiles_race(const float* __restrict__ in, float* __restrict__ out, int ntiles)
{
    __shared__ float buf[2][R03_B + 2];
    const int tid = threadIdx.x;

    for (int tile = blockIdx.x; tile < ntiles; tile += gridDim.x) {
        const int slot = tile & 1;                 // alternate slots per tile
        const int base = tile * R03_B;
        buf[slot][tid + 1] = in[base + tid];
        if (tid == 0)
            buf[slot][0] = (tile > 0) ? in[base - 1] : 0.0f;
        if (tid == R03_B - 1)
            buf[slot][R03_B + 1] = (tile + 1 < ntiles) ? in[base + R03_B] : 0.0f;
        __syncthreads();
        out[base + tid] = 0.25f * buf[slot][tid] + 0.5f * buf[slot][tid + 1]
                        + 0.25f * buf[slot][tid + 2];
    }
}

extern "C" __global__ void __launch_bounds__(R03_B)
smooth_tiles_ok(const float* __restrict__ in, float* __restrict__ out, int ntiles)
{
    __shared__ float buf[2][R03_B + 2];
    const int tid = threadIdx.x;
    int it = 0;

    for (int tile = blockIdx.x; tile < ntiles; tile += gridDim.x, ++it) {
        const int slot = it & 1;                   // alternate slots per trip
        const int base = tile * R03_B;
        buf[slot][tid + 1] = in[base + tid];
        if (tid == 0)
            buf[slot][0] = (tile > 0) ? in[base - 1] : 0.0f;
        if (tid == R03_B - 1)
            buf[slot][R03_B + 1] = (tile + 1 < ntiles) ? in[base + R03_B] : 0.0f;
        __syncthreads();
        out[base + tid] = 0.25f * buf[slot][tid] + 0.5f * buf[slot][tid + 1]
                        + 0.25f * buf[slot][tid + 2];
    }
}
