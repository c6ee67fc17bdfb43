// Domain: memory-bound matrix transposes (CUDA SDK transpose sample styles)
#define TDIM 32
#define BROWS 8

// transpose_naive: one element per thread, coalesced reads and strided writes
extern "C" __global__ void transpose_naive(float* __restrict__ out, const float* __restrict__ in, int width, int height)
{
    int x = blockIdx.x * TDIM + threadIdx.x;
    int y = blockIdx.y * TDIM + threadIdx.y;
    for (int j = 0; j < TDIM; j += BROWS)
        if (x < width && y + j < height) out[x * height + (y + j)] = in[(y + j) * width + x];
}

// transpose_smem_padded: 32x32 shared tile with +1 padding to avoid bank conflicts, 32x8 threads
extern "C" __global__ void transpose_smem_padded(float* __restrict__ out, const float* __restrict__ in, int width, int height)
{
    __shared__ float tile[TDIM][TDIM + 1];
    int x = blockIdx.x * TDIM + threadIdx.x;
    int y = blockIdx.y * TDIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TDIM; j += BROWS)
        if (x < width && y + j < height) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TDIM + threadIdx.x;
    y = blockIdx.x * TDIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TDIM; j += BROWS)
        if (x < height && y + j < width) out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

// transpose_diagonal: diagonal block reordering to avoid partition camping, padded shared tile
extern "C" __global__ void transpose_diagonal(float* __restrict__ out, const float* __restrict__ in, int width, int height)
{
    __shared__ float tile[TDIM][TDIM + 1];
    int bx, by;
    if (width == height) {
        by = blockIdx.x;
        bx = (blockIdx.x + blockIdx.y) % gridDim.x;
    } else {
        int bid = blockIdx.x + gridDim.x * blockIdx.y;
        by = bid % gridDim.y;
        bx = ((bid / gridDim.y) + by) % gridDim.x;
    }
    int x = bx * TDIM + threadIdx.x;
    int y = by * TDIM + threadIdx.y;
    int inIdx = x + y * width;
    x = by * TDIM + threadIdx.x;
    y = bx * TDIM + threadIdx.y;
    int outIdx = x + y * height;
#pragma unroll
    for (int i = 0; i < TDIM; i += BROWS) tile[threadIdx.y + i][threadIdx.x] = in[inIdx + i * width];
    __syncthreads();
#pragma unroll
    for (int i = 0; i < TDIM; i += BROWS) out[outIdx + i * height] = tile[threadIdx.x][threadIdx.y + i];
}

// transpose_batched_complex_regs: per-thread 4x4 register-tile transpose of complex double matrices (batched)
extern "C" __global__ void transpose_batched_complex_regs(double2* __restrict__ out, const double2* __restrict__ in,
                                                          int n, int batch)
{
    int tilesPerRow = n / 4;
    long long gid = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    long long tilesPerMat = (long long)tilesPerRow * tilesPerRow;
    if (gid >= tilesPerMat * batch) return;
    int b = (int)(gid / tilesPerMat);
    int t = (int)(gid % tilesPerMat);
    int tr = t / tilesPerRow, tc = t % tilesPerRow;
    const double2* src = in + (size_t)b * n * n;
    double2* dst = out + (size_t)b * n * n;
    double2 r[4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) r[i][j] = src[(size_t)(tr * 4 + i) * n + tc * 4 + j];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            double2 v = r[j][i];
            v.y = -v.y; // conjugate transpose
            dst[(size_t)(tc * 4 + i) * n + tr * 4 + j] = v;
        }
}
