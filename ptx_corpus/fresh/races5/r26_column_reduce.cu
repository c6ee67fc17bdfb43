// Column sums of a row-major nrows x ncols matrix (reduce along axis 0).
// 32x8 blocks: threadIdx.x selects one of 32 consecutive columns (coalesced),
// threadIdx.y strides over rows; the 8 partial sums per column are combined in shared memory.
#include <cuda_runtime.h>

#define BDX 32
#define BDY 8

extern "C" __global__ void __launch_bounds__(BDX * BDY)
column_reduce_race(const float* __restrict__ in, int nrows, int ncols, float* __restrict__ out)
{
    __shared__ float sm[BDY][BDX];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int col = blockIdx.x * BDX + tx;

    float acc = 0.0f;
    if (col < ncols)
        for (int r = ty; r < nrows; r += BDY)
            acc += in[(size_t)r * ncols + col];
    sm[ty][tx] = acc;
    __syncthreads();

    #pragma unroll
    for (int s = BDY / 2; s > 0; s >>= 1) {
        if (ty < s)
            sm[ty][tx] += sm[ty + s][tx];
        __syncwarp();
    }
    if (ty == 0 && col < ncols)
        out[col] = sm[0][tx];
}

extern "C" __global__ void __launch_bounds__(BDX * BDY)
column_reduce_ok(const float* __restrict__ in, int nrows, int ncols, float* __restrict__ out)
{
    __shared__ float sm[BDY][BDX + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int col = blockIdx.x * BDX + tx;

    float acc = 0.0f;
    if (col < ncols)
        for (int r = ty; r < nrows; r += BDY)
            acc += in[(size_t)r * ncols + col];
    sm[ty][tx] = acc;
    __syncthreads();

    // warp ty finishes columns 4*ty .. 4*ty+3: lane = 8*j + i holds sm[i][4*ty + j]
    const int i = tx & (BDY - 1);
    const int j = tx >> 3;
    const int c = 4 * ty + j;
    float v = sm[i][c];
    #pragma unroll
    for (int o = BDY / 2; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, o);
    const int ocol = blockIdx.x * BDX + c;
    if (i == 0 && ocol < ncols)
        out[ocol] = v;
}
