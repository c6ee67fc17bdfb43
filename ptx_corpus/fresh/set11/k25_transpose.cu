// Matrix transposes after the "Optimizing Matrix Transpose" SDK whitepaper: naive, coalesced shared tile, padded (no bank conflicts), double precision, and a batched 3-D permutation.
#include <cuda_runtime.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8

extern "C" __global__ void transpose_naive(float* __restrict__ odata, const float* __restrict__ idata, int width, int height)
{
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < width && y + j < height)
            odata[(size_t)x * height + y + j] = idata[(size_t)(y + j) * width + x];
}

extern "C" __global__ void transpose_coalesced(float* __restrict__ odata, const float* __restrict__ idata, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < width && y + j < height) tile[threadIdx.y + j][threadIdx.x] = idata[(size_t)(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < height && y + j < width) odata[(size_t)(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

extern "C" __global__ void transpose_no_bank_conflicts(float* __restrict__ odata, const float* __restrict__ idata,
                                                       int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < width && y + j < height) tile[threadIdx.y + j][threadIdx.x] = idata[(size_t)(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < height && y + j < width) odata[(size_t)(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

extern "C" __global__ void transpose_f64(double* __restrict__ odata, const double* __restrict__ idata, int width, int height)
{
    __shared__ double tile[TILE_DIM][TILE_DIM + 1];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < width && y + j < height) tile[threadIdx.y + j][threadIdx.x] = idata[(size_t)(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < height && y + j < width) odata[(size_t)(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

// [B][H][S][D] -> [B][S][H][D] head permutation for attention, D a multiple of 4; vectorized copy, no shared memory.
extern "C" __global__ void permute_bhsd_to_bshd(const float4* __restrict__ in, float4* __restrict__ out,
                                                int B, int H, int S, int D4)
{
    size_t total = (size_t)B * H * S * D4;
    for (size_t idx = (size_t)blockIdx.x * blockDim.x + threadIdx.x; idx < total; idx += (size_t)gridDim.x * blockDim.x) {
        int d = idx % D4;
        size_t r = idx / D4;
        int s = r % S; r /= S;
        int h = r % H;
        int b = (int)(r / H);
        out[(((size_t)b * S + s) * H + h) * D4 + d] = in[idx];
    }
}
