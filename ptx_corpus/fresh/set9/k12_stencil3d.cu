// 3D finite-difference stencils: 8th-order (radius 4) with register queue along z (SDK FDTD3d style),
// 7-point heat equation, and a 27-point smoother.
#define RADIUS 4
#define TILE_X 32
#define TILE_Y 16

__constant__ float stencilCoeffs[RADIUS + 1];

extern "C" __global__ void __launch_bounds__(TILE_X * TILE_Y)
fdtd3d_radius4(float *output, const float *input, const int dimx, const int dimy, const int dimz)
{
    bool validr = true, validw = true;
    const int gtidx = blockIdx.x * blockDim.x + threadIdx.x;
    const int gtidy = blockIdx.y * blockDim.y + threadIdx.y;
    const int ltidx = threadIdx.x;
    const int ltidy = threadIdx.y;
    const int workx = blockDim.x;
    const int worky = blockDim.y;
    __shared__ float tile[TILE_Y + 2 * RADIUS][TILE_X + 2 * RADIUS];
    const int stride_y = dimx + 2 * RADIUS;
    const int stride_z = stride_y * (dimy + 2 * RADIUS);
    int inputIndex = 0, outputIndex = 0;
    inputIndex += RADIUS * stride_y + RADIUS;
    inputIndex += gtidy * stride_y + gtidx;
    float infront[RADIUS];
    float behind[RADIUS];
    float current;
    const int tx = ltidx + RADIUS;
    const int ty = ltidy + RADIUS;
    if (gtidx >= dimx + RADIUS) validr = false;
    if (gtidy >= dimy + RADIUS) validr = false;
    if (gtidx >= dimx) validw = false;
    if (gtidy >= dimy) validw = false;
    if (validr) behind[RADIUS - 1 - 0] = 0.0f;
#pragma unroll
    for (int i = RADIUS - 2; i >= 0; i--) {
        if (validr) behind[i] = input[inputIndex];
        inputIndex += stride_z;
    }
    if (validr) current = input[inputIndex];
    outputIndex = inputIndex;
    inputIndex += stride_z;
#pragma unroll
    for (int i = 0; i < RADIUS; i++) {
        if (validr) infront[i] = input[inputIndex];
        inputIndex += stride_z;
    }
#pragma unroll 4
    for (int iz = 0; iz < dimz; iz++) {
#pragma unroll
        for (int i = RADIUS - 1; i > 0; i--) behind[i] = behind[i - 1];
        behind[0] = current;
        current = infront[0];
#pragma unroll
        for (int i = 0; i < RADIUS - 1; i++) infront[i] = infront[i + 1];
        if (validr) infront[RADIUS - 1] = input[inputIndex];
        inputIndex += stride_z;
        outputIndex += stride_z;
        __syncthreads();
        if (ltidy < RADIUS) {
            tile[ltidy][tx] = input[outputIndex - RADIUS * stride_y];
            tile[ltidy + worky + RADIUS][tx] = input[outputIndex + worky * stride_y];
        }
        if (ltidx < RADIUS) {
            tile[ty][ltidx] = input[outputIndex - RADIUS];
            tile[ty][ltidx + workx + RADIUS] = input[outputIndex + workx];
        }
        tile[ty][tx] = current;
        __syncthreads();
        float value = stencilCoeffs[0] * current;
#pragma unroll
        for (int i = 1; i <= RADIUS; i++) {
            value += stencilCoeffs[i] * (infront[i - 1] + behind[i - 1] + tile[ty - i][tx] +
                                         tile[ty + i][tx] + tile[ty][tx - i] + tile[ty][tx + i]);
        }
        if (validw) output[outputIndex] = value;
    }
}

extern "C" __global__ void heat7_3d(const float *__restrict__ u, float *__restrict__ un,
                                    int nx, int ny, int nz, float alpha)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < 1 || j < 1 || i >= nx - 1 || j >= ny - 1) return;
    size_t sxy = (size_t)nx * ny;
    float below = u[sxy * 0 + j * nx + i];
    float cur = u[sxy * 1 + j * nx + i];
    for (int k = 1; k < nz - 1; ++k) {
        size_t idx = sxy * k + j * nx + i;
        float above = u[idx + sxy];
        float lap = u[idx - 1] + u[idx + 1] + u[idx - nx] + u[idx + nx] + below + above - 6.0f * cur;
        un[idx] = cur + alpha * lap;
        below = cur;
        cur = above;
    }
}

// 27-point box smoother, register blocked along z: each thread keeps 3 planes of 3x3 neighbourhoods.
extern "C" __global__ void smooth27_3d(const float *__restrict__ u, float *__restrict__ out,
                                       int nx, int ny, int nz)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < 1 || j < 1 || i >= nx - 1 || j >= ny - 1) return;
    size_t sxy = (size_t)nx * ny;
    float p[3][9];
#pragma unroll
    for (int z = 0; z < 2; ++z)
#pragma unroll
        for (int dy = -1; dy <= 1; ++dy)
#pragma unroll
            for (int dx = -1; dx <= 1; ++dx)
                p[z + 1][(dy + 1) * 3 + dx + 1] = u[sxy * z + (j + dy) * nx + i + dx];
    for (int k = 1; k < nz - 1; ++k) {
#pragma unroll
        for (int q = 0; q < 9; ++q) { p[0][q] = p[1][q]; p[1][q] = p[2][q]; }
#pragma unroll
        for (int dy = -1; dy <= 1; ++dy)
#pragma unroll
            for (int dx = -1; dx <= 1; ++dx)
                p[2][(dy + 1) * 3 + dx + 1] = u[sxy * (k + 1) + (j + dy) * nx + i + dx];
        float s = 0.0f;
#pragma unroll
        for (int z = 0; z < 3; ++z)
#pragma unroll
            for (int q = 0; q < 9; ++q)
                s += p[z][q];
        out[sxy * k + j * nx + i] = s * (1.0f / 27.0f);
    }
}
