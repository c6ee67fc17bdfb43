// 3-D stencils: naive 7-point, an FDTD3d-style radius-4 star stencil marching along z with a register queue, and a double 7-point z-march.
#include <cuda_runtime.h>

extern "C" __global__ void stencil7_naive(const float* __restrict__ in, float* __restrict__ out,
                                          int nx, int ny, int nz, float c0, float c1)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x < 1 || y < 1 || z < 1 || x >= nx - 1 || y >= ny - 1 || z >= nz - 1) return;
    size_t sxy = (size_t)nx * ny;
    size_t c = (size_t)z * sxy + (size_t)y * nx + x;
    out[c] = c0 * in[c] + c1 * (in[c - 1] + in[c + 1] + in[c - nx] + in[c + nx] + in[c - sxy] + in[c + sxy]);
}

#define RADIUS 4
#define K_BX 32
#define K_BY 16

__constant__ float c_stencil[RADIUS + 1];

// Each thread owns one (x,y) column and marches along z; the z-neighbours live in registers.
extern "C" __global__ void __launch_bounds__(K_BX * K_BY)
fdtd3d_star_r4(float* __restrict__ output, const float* __restrict__ input,
               int dimx, int dimy, int dimz)
{
    __shared__ float tile[K_BY + 2 * RADIUS][K_BX + 2 * RADIUS];

    const int ltidx = threadIdx.x, ltidy = threadIdx.y;
    const int gtidx = blockIdx.x * K_BX + ltidx;
    const int gtidy = blockIdx.y * K_BY + ltidy;
    const int tx = ltidx + RADIUS, ty = ltidy + RADIUS;
    const int stride_y = dimx + 2 * RADIUS;
    const int stride_z = stride_y * (dimy + 2 * RADIUS);
    const bool valid = gtidx < dimx && gtidy < dimy;

    // input is padded by RADIUS on every face
    int inIdx = RADIUS * stride_z + (gtidy + RADIUS) * stride_y + gtidx + RADIUS;
    int outIdx = inIdx;

    float infront[RADIUS], behind[RADIUS], current;

    // behind[RADIUS-1] is the plane just below current, behind[0] the farthest
#pragma unroll
    for (int i = 0; i < RADIUS; ++i)
        behind[i] = valid ? input[inIdx - (RADIUS - i) * stride_z] : 0.f;
    current = valid ? input[inIdx] : 0.f;
#pragma unroll
    for (int i = 0; i < RADIUS; ++i)
        infront[i] = valid ? input[inIdx + (i + 1) * stride_z] : 0.f;

    for (int iz = 0; iz < dimz; ++iz) {
        // advance the register queue by one plane
        if (iz > 0) {
#pragma unroll
            for (int i = 0; i < RADIUS - 1; ++i) behind[i] = behind[i + 1];
            behind[RADIUS - 1] = current;
            current = infront[0];
#pragma unroll
            for (int i = 0; i < RADIUS - 1; ++i) infront[i] = infront[i + 1];
            inIdx += stride_z;
            outIdx += stride_z;
            infront[RADIUS - 1] = valid ? input[inIdx + RADIUS * stride_z] : 0.f;
        }
        __syncthreads();

        // halo: x and y neighbours of this plane
        if (ltidy < RADIUS) {
            tile[ltidy][tx] = valid ? input[outIdx - RADIUS * stride_y] : 0.f;
            tile[ltidy + K_BY + RADIUS][tx] = valid ? input[outIdx + K_BY * stride_y] : 0.f;
        }
        if (ltidx < RADIUS) {
            tile[ty][ltidx] = valid ? input[outIdx - RADIUS] : 0.f;
            tile[ty][ltidx + K_BX + RADIUS] = valid ? input[outIdx + K_BX] : 0.f;
        }
        tile[ty][tx] = current;
        __syncthreads();

        float value = c_stencil[0] * current;
#pragma unroll
        for (int i = 1; i <= RADIUS; ++i) {
            value += c_stencil[i] * (infront[i - 1] + behind[RADIUS - i] +
                                     tile[ty - i][tx] + tile[ty + i][tx] +
                                     tile[ty][tx - i] + tile[ty][tx + i]);
        }
        if (valid) output[outIdx] = value;
    }
}

// Double-precision 7-point Laplacian, 2-D thread block marching in z with a three-plane register queue.
extern "C" __global__ void stencil7_zmarch_f64(const double* __restrict__ in, double* __restrict__ out,
                                               int nx, int ny, int nz, double alpha)
{
    __shared__ double plane[16 + 2][16 + 2];
    int x = blockIdx.x * 16 + threadIdx.x;
    int y = blockIdx.y * 16 + threadIdx.y;
    int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
    bool inXY = x < nx && y < ny;
    bool interior = x > 0 && y > 0 && x < nx - 1 && y < ny - 1;
    size_t sxy = (size_t)nx * ny;
    size_t idx = (size_t)y * nx + x;

    double below = 0.0;
    double cur = inXY ? in[idx] : 0.0;
    double above = (inXY && nz > 1) ? in[idx + sxy] : 0.0;

    for (int z = 1; z < nz - 1; ++z) {
        below = cur;
        cur = above;
        above = inXY ? in[idx + (size_t)(z + 1) * sxy] : 0.0;
        size_t c = idx + (size_t)z * sxy;

        __syncthreads();
        plane[ly][lx] = cur;
        if (threadIdx.x == 0)  plane[ly][0]  = (x > 0 && y < ny) ? in[c - 1] : 0.0;
        if (threadIdx.x == 15) plane[ly][17] = (x + 1 < nx && y < ny) ? in[c + 1] : 0.0;
        if (threadIdx.y == 0)  plane[0][lx]  = (y > 0 && x < nx) ? in[c - nx] : 0.0;
        if (threadIdx.y == 15) plane[17][lx] = (y + 1 < ny && x < nx) ? in[c + nx] : 0.0;
        __syncthreads();

        if (interior) {
            double lap = plane[ly][lx - 1] + plane[ly][lx + 1] + plane[ly - 1][lx] + plane[ly + 1][lx]
                       + below + above - 6.0 * cur;
            out[c] = cur + alpha * lap;
        }
    }
}
