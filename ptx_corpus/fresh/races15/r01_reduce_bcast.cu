// arch: sm_80
// r01_reduce_bcast.cu
// Segment centering: each block reduces its 256-element segment in shared
// memory (textbook tree reduction) and every thread then subtracts the
// segment mean from its element.
//
// Launch (both kernels): blockDim = (256,1,1), gridDim = (4096,1,1)
//                        (n = 1<<20 floats), no dynamic shared memory.

#define R01_BLOCK 256

extern "C" __global__ void __launch_bounds__(R01_BLOCK)
center_segments_race(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float sdata[R01_BLOCK];
    const unsigned tid = threadIdx.x;
    const unsigned i   = blockIdx.x * R01_BLOCK + tid;

    const float x = in[i];
    sdata[tid] = x;

    // barrier at the head of every halving step
    for (unsigned s = R01_BLOCK / 2; s > 0; s >>= 1) {
        __syncthreads();
        if (tid < s)
            sdata[tid] += sdata[tid + s];
    }

    const float mean = sdata[0] * (1.0f / R01_BLOCK);
    out[i] = x - mean;
}

extern "C" __global__ void __launch_bounds__(R01_BLOCK)
center_segments_ok(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float sdata[R01_BLOCK];
    const unsigned tid = threadIdx.x;
    const unsigned i   = blockIdx.x * R01_BLOCK + tid;

    const float x = in[i];
    sdata[tid] = x;
    __syncthreads();

    // barrier in the loop latch: the last step is also followed by one
    for (unsigned s = R01_BLOCK / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    const float mean = sdata[0] * (1.0f / R01_BLOCK);
    out[i] = x - mean;
}
