// arch: sm_80
// r13_branch_barrier.cu
// Column statistics on a 8x32 tile with a 2-D block.  Row 0 (warp 0)
// computes the column mean and publishes it in row 0 of the tile; rows
// 1..7 compute x^2 - mean^2.  Every thread executes exactly one
// __syncthreads() in the racy version, but in two different branches.
//
// Launch (both kernels): blockDim = (32,8,1), gridDim = (W/32, H/8, 1),
//   W = 4096, H = 4096.  No dynamic shared memory.

extern "C" __global__ void __launch_bounds__(256)
col_stats_race(const float* __restrict__ in, float* __restrict__ out, int W)
{
    __shared__ float s[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const size_t gi = (size_t)(blockIdx.y * 8 + ty) * W + blockIdx.x * 32 + tx;
    const float x = in[gi];
    s[ty][tx] = x;

    float z;
    if (ty == 0) {
        __syncthreads();
        float acc = 0.0f;
#pragma unroll
        for (int k = 0; k < 8; ++k) acc += s[k][tx];
        s[0][tx] = acc * 0.125f;
        z = acc;
    } else {
        const float y = x * x;
        __syncthreads();
        const float m = s[0][tx];
        z = y - m * m;
    }
    out[gi] = z;
}

extern "C" __global__ void __launch_bounds__(256)
col_stats_ok(const float* __restrict__ in, float* __restrict__ out, int W)
{
    __shared__ float s[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const size_t gi = (size_t)(blockIdx.y * 8 + ty) * W + blockIdx.x * 32 + tx;
    const float x = in[gi];
    s[ty][tx] = x;
    __syncthreads();

    float z = 0.0f;
    if (ty == 0) {
        float acc = 0.0f;
#pragma unroll
        for (int k = 0; k < 8; ++k) acc += s[k][tx];
        s[0][tx] = acc * 0.125f;
        z = acc;
    }
    __syncthreads();
    if (ty != 0) {
        const float m = s[0][tx];
        z = x * x - m * m;
    }
    out[gi] = z;
}
