// arch: sm_80
// r11_union_phase.cu
// Tile transpose followed by per-tile column sums.  Phase 1 uses a padded
// 32x33 tile; phase 2 reuses the same storage (union) for an 8x32 array of
// per-row-group partial column sums.  Note part[ty][tx] aliases float
// offset ty*32+tx of the tile, i.e. tile[(ty*32+tx)/33][(ty*32+tx)%33].
//
// Launch (both kernels): blockDim = (32,8,1), gridDim = (W/32, H/32, 1),
//   W = H = 4096.  out_t is the HxW transpose, colsum has (H/32)*W floats.
//   No dynamic shared memory.

#define R11_T 32

union R11Smem {
    float tile[R11_T][R11_T + 1];
    float part[8][R11_T];
};

extern "C" __global__ void __launch_bounds__(256)
transpose_colsum_race(const float* __restrict__ in, float* __restrict__ out_t,
                      float* __restrict__ colsum, int W, int H)
{
    __shared__ R11Smem sm;
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * R11_T, y0 = blockIdx.y * R11_T;

    float v[4];
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        v[j] = in[(size_t)(y0 + ty + 8 * j) * W + x0 + tx];
        sm.tile[ty + 8 * j][tx] = v[j];
    }
    __syncthreads();
#pragma unroll
    for (int j = 0; j < 4; ++j)
        out_t[(size_t)(x0 + ty + 8 * j) * H + y0 + tx] = sm.tile[tx][ty + 8 * j];

    sm.part[ty][tx] = v[0] + v[1] + v[2] + v[3];
    __syncthreads();
    if (ty == 0) {
        float s = 0.0f;
#pragma unroll
        for (int k = 0; k < 8; ++k) s += sm.part[k][tx];
        colsum[(size_t)blockIdx.y * W + x0 + tx] = s;
    }
}

extern "C" __global__ void __launch_bounds__(256)
transpose_colsum_ok(const float* __restrict__ in, float* __restrict__ out_t,
                    float* __restrict__ colsum, int W, int H)
{
    __shared__ R11Smem sm;
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * R11_T, y0 = blockIdx.y * R11_T;

    float v[4];
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        v[j] = in[(size_t)(y0 + ty + 8 * j) * W + x0 + tx];
        sm.tile[ty + 8 * j][tx] = v[j];
    }
    __syncthreads();
#pragma unroll
    for (int j = 0; j < 4; ++j)
        out_t[(size_t)(x0 + ty + 8 * j) * H + y0 + tx] = sm.tile[tx][ty + 8 * j];
    __syncthreads();

    sm.part[ty][tx] = v[0] + v[1] + v[2] + v[3];
    __syncthreads();
    if (ty == 0) {
        float s = 0.0f;
#pragma unroll
        for (int k = 0; k < 8; ++k) s += sm.part[k][tx];
        colsum[(size_t)blockIdx.y * W + x0 + tx] = s;
    }
}
