// Domain: matrix transpose (CUDA SDK transpose sample variants)

#define TDIM 32
#define BROWS 8

extern "C" __global__ void transpose_naive(float* __restrict__ odata, const float* __restrict__ idata,
                                           int width, int height)
{
    int x = blockIdx.x * TDIM + threadIdx.x;
    int y = blockIdx.y * TDIM + threadIdx.y;
    for (int j = 0; j < TDIM; j += BROWS)
        if (x < width && y + j < height)
            odata[x * height + y + j] = idata[(y + j) * width + x];
}

extern "C" __global__ void transpose_coalesced_nobank(float* __restrict__ odata,
                                                      const float* __restrict__ idata,
                                                      int width, int height)
{
    __shared__ float tile[TDIM][TDIM + 1];
    int x = blockIdx.x * TDIM + threadIdx.x;
    int y = blockIdx.y * TDIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TDIM; j += BROWS)
        tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TDIM + threadIdx.x;
    y = blockIdx.x * TDIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TDIM; j += BROWS)
        odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

// Batched transpose of complex doubles (double2, 16 bytes per element)
extern "C" __global__ void transpose_batched_z(double2* __restrict__ out, const double2* __restrict__ in,
                                               int rows, int cols)
{
    __shared__ double2 tile[16][17];
    const double2* src = in + (size_t)blockIdx.z * rows * cols;
    double2* dst = out + (size_t)blockIdx.z * rows * cols;
    int c = blockIdx.x * 16 + threadIdx.x;
    int r = blockIdx.y * 16 + threadIdx.y;
    if (r < rows && c < cols) {
        double2 v = src[r * cols + c];
        v.y = -v.y;                          // conjugate transpose
        tile[threadIdx.y][threadIdx.x] = v;
    }
    __syncthreads();
    c = blockIdx.y * 16 + threadIdx.x;
    r = blockIdx.x * 16 + threadIdx.y;
    if (r < cols && c < rows) dst[r * rows + c] = tile[threadIdx.x][threadIdx.y];
}

// Register transpose of 4x4 float blocks inside a quad of lanes using shuffles:
// thread q of a quad holds row q; after the exchange it holds column q.
extern "C" __global__ void transpose_shfl_4x4(const float4* __restrict__ in, float4* __restrict__ out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float4 v = (gid < n) ? in[gid] : make_float4(0.f, 0.f, 0.f, 0.f);
    int lane = threadIdx.x & 3;
    int base = threadIdx.x & ~3;
    float e[4] = {v.x, v.y, v.z, v.w};
    float r[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        float c0 = __shfl_sync(0xffffffffu, e[0], base | k);
        float c1 = __shfl_sync(0xffffffffu, e[1], base | k);
        float c2 = __shfl_sync(0xffffffffu, e[2], base | k);
        float c3 = __shfl_sync(0xffffffffu, e[3], base | k);
        r[k] = (lane == 0) ? c0 : (lane == 1) ? c1 : (lane == 2) ? c2 : c3;
    }
    if (gid < n) out[gid] = make_float4(r[0], r[1], r[2], r[3]);
}
