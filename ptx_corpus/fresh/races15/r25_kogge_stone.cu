// arch: sm_80
// r25_kogge_stone.cu
// In-place Hillis-Steele / Kogge-Stone inclusive scan of 256 floats per
// block.  Each step reads the partner s[tid-off] into a register, waits,
// then updates s[tid], and waits again.  For strides below the warp width
// the racy variant uses the cheaper warp barrier.
//
// Launch (both kernels): blockDim = (256,1,1), gridDim = (n/256,1,1),
//   n = 1<<20.  No dynamic shared memory.

#define R25_B 256

extern "C" __global__ void __launch_bounds__(R25_B)
inplace_scan_race(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s[R25_B];
    const int tid = threadIdx.x;
    const int g = blockIdx.x * R25_B + tid;
    s[tid] = in[g];
    __syncthreads();

    for (int off = 1; off < R25_B; off <<= 1) {
        const float t = (tid >= off) ? s[tid - off] : 0.0f;
        if (off < 32) __syncwarp(); else __syncthreads();
        s[tid] += t;
        if (off < 32) __syncwarp(); else __syncthreads();
    }
    out[g] = s[tid];
}

extern "C" __global__ void __launch_bounds__(R25_B)
inplace_scan_ok(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s[R25_B];
    const int tid = threadIdx.x;
    const int g = blockIdx.x * R25_B + tid;
    s[tid] = in[g];
    __syncthreads();

    for (int off = 1; off < R25_B; off <<= 1) {
        const float t = (tid >= off) ? s[tid - off] : 0.0f;
        __syncthreads();
        s[tid] += t;
        __syncthreads();
    }
    out[g] = s[tid];
}
