// Finite-difference stencils: 2D Jacobi, 3D 7-point, 3D 25-point with register queue along z.
#include <cuda_runtime.h>

extern "C" __global__ void jacobi2d_shared(float *out, const float *in, int nx, int ny)
{
    __shared__ float s[18][18];
    int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
    int x = blockIdx.x * 16 + threadIdx.x;
    int y = blockIdx.y * 16 + threadIdx.y;
    bool inside = x < nx && y < ny;
    s[ty][tx] = inside ? in[y * nx + x] : 0.f;
    if (threadIdx.x == 0)  s[ty][0]  = (x > 0 && y < ny) ? in[y * nx + x - 1] : 0.f;
    if (threadIdx.x == 15) s[ty][17] = (x + 1 < nx && y < ny) ? in[y * nx + x + 1] : 0.f;
    if (threadIdx.y == 0)  s[0][tx]  = (y > 0 && x < nx) ? in[(y - 1) * nx + x] : 0.f;
    if (threadIdx.y == 15) s[17][tx] = (y + 1 < ny && x < nx) ? in[(y + 1) * nx + x] : 0.f;
    __syncthreads();
    if (x > 0 && y > 0 && x < nx - 1 && y < ny - 1)
        out[y * nx + x] = 0.25f * (s[ty][tx - 1] + s[ty][tx + 1] + s[ty - 1][tx] + s[ty + 1][tx]);
}

// High-order (8th order in space, radius 4) 3D stencil: 2D tile in shared memory,
// z-direction handled by a register queue (classic FD wave propagation kernel).
#define RADIUS 4
#define BDX 32
#define BDY 8
__constant__ float c_coeff[RADIUS + 1];

template <int R>
__device__ __forceinline__ void fd3d_queue(float *output, const float *input, int dimx, int dimy, int dimz)
{
    __shared__ float tile[BDY + 2 * R][BDX + 2 * R];
    int ix = blockIdx.x * BDX + threadIdx.x;
    int iy = blockIdx.y * BDY + threadIdx.y;
    int stride = dimx * dimy;
    int inIdx = iy * dimx + ix;
    int outIdx = 0;
    float infront[R], behind[R];
    float current;
    int tx = threadIdx.x + R, ty = threadIdx.y + R;

#pragma unroll
    for (int i = R - 2; i >= 0; i--) { behind[i] = input[inIdx]; inIdx += stride; }
    current = input[inIdx];
    outIdx = inIdx;
    inIdx += stride;
#pragma unroll
    for (int i = 0; i < R; i++) { infront[i] = input[inIdx]; inIdx += stride; }

    for (int iz = 0; iz < dimz; iz++) {
#pragma unroll
        for (int i = R - 1; i > 0; i--) behind[i] = behind[i - 1];
        behind[0] = current;
        current = infront[0];
#pragma unroll
        for (int i = 0; i < R - 1; i++) infront[i] = infront[i + 1];
        infront[R - 1] = input[inIdx];
        inIdx += stride;
        outIdx += stride;
        __syncthreads();
        if (threadIdx.y < R) {
            tile[threadIdx.y][tx] = input[outIdx - R * dimx];
            tile[threadIdx.y + BDY + R][tx] = input[outIdx + BDY * dimx];
        }
        if (threadIdx.x < R) {
            tile[ty][threadIdx.x] = input[outIdx - R];
            tile[ty][threadIdx.x + BDX + R] = input[outIdx + BDX];
        }
        tile[ty][tx] = current;
        __syncthreads();
        float value = c_coeff[0] * current;
#pragma unroll
        for (int i = 1; i <= R; i++) {
            value += c_coeff[i] * (infront[i - 1] + behind[i - 1] + tile[ty - i][tx] + tile[ty + i][tx] +
                                   tile[ty][tx - i] + tile[ty][tx + i]);
        }
        output[outIdx] = value;
    }
}

extern "C" __global__ void fd3d_order8_regqueue(float *output, const float *input, int dimx, int dimy, int dimz)
{
    fd3d_queue<4>(output, input, dimx, dimy, dimz);
}

extern "C" __global__ void __launch_bounds__(256, 3)
fd3d_order4_regqueue(float *output, const float *input, int dimx, int dimy, int dimz)
{
    fd3d_queue<2>(output, input, dimx, dimy, dimz);
}
