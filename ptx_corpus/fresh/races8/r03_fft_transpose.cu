// r03_fft_transpose.cu
//
// Middle step of a four-step FFT (signal processing): multiply each complex
// sample by a twiddle factor (here a precomputed per-row phase) and write
// the scaled conjugate transpose,
// so the second batch of row FFTs reads contiguous data. Classic SDK-style
// 32x32 tile with BLOCK_ROWS = 8 (each thread moves 4 elements) and a padded
// shared tile to avoid bank conflicts.
//
// Launch configuration:
//   blockDim = (32, 8, 1)  (8 warps; warp w == threadIdx.y == w)
//   gridDim  = (n/32, n/32, 1), n = 4096 (square complex matrix, float2)
//   static shared memory only.

#define TILE_DIM 32
#define BLOCK_ROWS 8

extern "C" __global__ void __launch_bounds__(TILE_DIM * BLOCK_ROWS)
fft_transpose_race(const float2* __restrict__ in,
                           const float2* __restrict__ row_phase,  // n entries: exp(-i*theta_row)
                           float2* __restrict__ out, int n, float scale)
{
    __shared__ float2 tile[TILE_DIM][TILE_DIM + 1];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;

#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        const float2 v = in[(size_t)(y + j) * n + x];
        const float2 w = row_phase[y + j];
        // twiddle (complex multiply), stored row-major into the tile
        tile[threadIdx.y + j][threadIdx.x] = make_float2(v.x * w.x - v.y * w.y,
                                                         v.x * w.y + v.y * w.x);
    }
    __syncwarp();

    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        const float2 v = tile[threadIdx.x][threadIdx.y + j];
        out[(size_t)(y + j) * n + x] = make_float2(v.x * scale, -v.y * scale);
    }
}

extern "C" __global__ void __launch_bounds__(TILE_DIM * BLOCK_ROWS)
fft_transpose_ok(const float2* __restrict__ in,
                         const float2* __restrict__ row_phase,
                         float2* __restrict__ out, int n, float scale)
{
    __shared__ float2 tile[TILE_DIM][TILE_DIM + 1];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;

#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        const float2 v = in[(size_t)(y + j) * n + x];
        const float2 w = row_phase[y + j];
        tile[threadIdx.y + j][threadIdx.x] = make_float2(v.x * w.x - v.y * w.y,
                                                         v.x * w.y + v.y * w.x);
    }
    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        const float2 v = tile[threadIdx.x][threadIdx.y + j];
        out[(size_t)(y + j) * n + x] = make_float2(v.x * scale, -v.y * scale);
    }
}
