// 2-D 5-point stencil on a 32x8 output tile with a one-cell halo in shared memory.
// The top/bottom halo rows are loaded by warps 0 and 1 (threadIdx.y < 2).
// Launch (both kernels): blockDim = (32, 8) (one warp per tile row),
// gridDim = (nx/32, ny/8), nx = ny = 1024. `in` is (ny+2) x (nx+2), pitch = nx+2,
// i.e. already padded with the boundary cells; out is ny x nx.

extern "C" __global__ void stencil2d_race(const float* __restrict__ in, float* __restrict__ out,
                                          int nx, int pitch)
{
    __shared__ float tile[8 + 2][32 + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int gx = blockIdx.x * 32 + tx;
    int gy = blockIdx.y * 8 + ty;
    const float* p = in + (gy + 1) * pitch + (gx + 1);

    tile[ty + 1][tx + 1] = p[0];
    if (tx == 0)  tile[ty + 1][0]  = p[-1];
    if (tx == 31) tile[ty + 1][33] = p[1];
    if (ty < 2) {
        int hy = (ty == 0) ? 0 : 9;
        tile[hy][tx + 1] = in[(blockIdx.y * 8 + hy) * pitch + gx + 1];
        __syncthreads();          // only warps 0 and 1 reach this barrier
    }

    out[gy * nx + gx] = 0.2f * (tile[ty + 1][tx + 1] + tile[ty][tx + 1] + tile[ty + 2][tx + 1]
                               + tile[ty + 1][tx] + tile[ty + 1][tx + 2]);
}

extern "C" __global__ void stencil2d_ok(const float* __restrict__ in, float* __restrict__ out,
                                        int nx, int pitch)
{
    __shared__ float tile[8 + 2][32 + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int gx = blockIdx.x * 32 + tx;
    int gy = blockIdx.y * 8 + ty;
    const float* p = in + (gy + 1) * pitch + (gx + 1);

    tile[ty + 1][tx + 1] = p[0];
    if (tx == 0)  tile[ty + 1][0]  = p[-1];
    if (tx == 31) tile[ty + 1][33] = p[1];
    if (ty < 2) {
        int hy = (ty == 0) ? 0 : 9;
        tile[hy][tx + 1] = in[(blockIdx.y * 8 + hy) * pitch + gx + 1];
    }
    __syncthreads();

    out[gy * nx + gx] = 0.2f * (tile[ty + 1][tx + 1] + tile[ty][tx + 1] + tile[ty + 2][tx + 1]
                               + tile[ty + 1][tx] + tile[ty + 1][tx + 2]);
}
