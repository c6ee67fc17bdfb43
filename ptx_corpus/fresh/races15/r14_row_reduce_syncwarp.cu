// arch: sm_80
// r14_row_reduce_syncwarp.cu
// Row sums of a matrix with 1024 columns.  A 2-D block holds ROWS rows of
// ROW_W threads; each thread accumulates a strided partial of its row, then
// each row is tree-reduced in shared memory using only __syncwarp() between
// steps (the row is assumed to live inside one warp).
//
// Launch:
//   rowsum16_ok   : blockDim = (16,16,1), gridDim = (nrows/16,1,1)
//   rowsum64_race : blockDim = (64, 4,1), gridDim = (nrows/4,1,1)
//   nrows = 8192, 1024 columns.  No dynamic shared memory.

#define R14_COLS 1024

template <int ROW_W>
__device__ __forceinline__ void r14_rowsum(const float* __restrict__ in,
                                           float* __restrict__ out,
                                           float (*s)[ROW_W])
{
    constexpr int ROWS = 256 / ROW_W;
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.x * ROWS + ty;
    const float* r = in + (size_t)row * R14_COLS;

    float v = 0.0f;
    for (int c = tx; c < R14_COLS; c += ROW_W) v += r[c];
    s[ty][tx] = v;
    __syncwarp();
#pragma unroll
    for (int st = ROW_W / 2; st > 0; st >>= 1) {
        if (tx < st) s[ty][tx] += s[ty][tx + st];
        __syncwarp();
    }
    if (tx == 0) out[row] = s[ty][0];
}

extern "C" __global__ void __launch_bounds__(256)
rowsum64_race(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s[4][64];
    r14_rowsum<64>(in, out, s);
}

extern "C" __global__ void __launch_bounds__(256)
rowsum16_ok(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s[16][16];
    r14_rowsum<16>(in, out, s);
}
