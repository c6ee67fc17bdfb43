// arch: sm_80
// r28_inplace_transpose.cu
// Out-of-place matrix transpose through an in-place shared-memory tile
// transpose: the 16x16 tile is loaded untransposed, transposed in shared
// memory by swapping mirror elements, and stored back with coalesced
// row-wise writes at the mirrored block position.
//
// Launch (both kernels): blockDim = (16,16,1), gridDim = (W/16, H/16, 1),
//   W = H = 4096.  No dynamic shared memory.

#define R28_T 16

extern "C" __global__ void __launch_bounds__(256)
tile_swap_transpose_race(const float* __restrict__ in, float* __restrict__ out, int W, int H)
{
    __shared__ float s[R28_T][R28_T + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    s[ty][tx] = in[(size_t)(blockIdx.y * R28_T + ty) * W + blockIdx.x * R28_T + tx];
    __syncthreads();
    if (tx != ty) {
        const float a = s[ty][tx];
        const float b = s[tx][ty];
        s[ty][tx] = b;
        s[tx][ty] = a;
    }
    __syncthreads();
    out[(size_t)(blockIdx.x * R28_T + ty) * H + blockIdx.y * R28_T + tx] = s[ty][tx];
}

extern "C" __global__ void __launch_bounds__(256)
tile_swap_transpose_ok(const float* __restrict__ in, float* __restrict__ out, int W, int H)
{
    __shared__ float s[R28_T][R28_T + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    s[ty][tx] = in[(size_t)(blockIdx.y * R28_T + ty) * W + blockIdx.x * R28_T + tx];
    __syncthreads();
    if (tx < ty) {
        const float a = s[ty][tx];
        const float b = s[tx][ty];
        s[ty][tx] = b;
        s[tx][ty] = a;
    }
    __syncthreads();
    out[(size_t)(blockIdx.x * R28_T + ty) * H + blockIdx.y * R28_T + tx] = s[ty][tx];
}
