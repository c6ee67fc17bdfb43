// r24_aos_to_soa.cu
// Converts an array of float3 positions (AoS, 12-byte stride) into three SoA arrays
// px[], py[], pz[] with fully coalesced global loads: the 3*256 floats of a block are
// staged through shared memory and each thread then picks out the x, y, z of its own
// point (a "warp/block transpose" as in CUB's BlockLoad).
// Launch: blockDim = (256,1,1), gridDim = (n/256,1,1), n a multiple of 256,
//         no dynamic shared memory.
#define THREADS 256

extern "C" __global__ void __launch_bounds__(THREADS)
aos_to_soa_race(const float* __restrict__ pos /* 3*n floats */, float* __restrict__ px,
                float* __restrict__ py, float* __restrict__ pz)
{
    __shared__ float s[3 * THREADS];
    const int tid = threadIdx.x;
    const size_t p = (size_t)blockIdx.x * THREADS + tid;
    const float* src = pos + (size_t)blockIdx.x * 3 * THREADS;

#pragma unroll
    for (int k = 0; k < 3; ++k) s[k * THREADS + tid] = src[k * THREADS + tid];
    __syncwarp();
    px[p] = s[3 * tid + 0];
    py[p] = s[3 * tid + 1];
    pz[p] = s[3 * tid + 2];
}

extern "C" __global__ void __launch_bounds__(THREADS)
aos_to_soa_ok(const float* __restrict__ pos /* 3*n floats */, float* __restrict__ px,
              float* __restrict__ py, float* __restrict__ pz)
{
    __shared__ float s[3 * THREADS];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const size_t p = (size_t)blockIdx.x * THREADS + threadIdx.x;
    // each warp stages exactly the 96 floats of its own 32 points
    float* sw = s + warp * 96;
    const float* src = pos + ((size_t)blockIdx.x * THREADS + warp * 32) * 3;

#pragma unroll
    for (int k = 0; k < 3; ++k) sw[k * 32 + lane] = src[k * 32 + lane];
    __syncwarp();
    px[p] = sw[3 * lane + 0];
    py[p] = sw[3 * lane + 1];
    pz[p] = sw[3 * lane + 2];
}
