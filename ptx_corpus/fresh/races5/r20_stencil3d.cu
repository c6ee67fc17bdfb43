// 3-D 7-point stencil (heat equation step) with 8x8x4 thread blocks and a
// shared tile carrying a 1-cell halo on every face (corners/edges are not needed).
#include <cuda_runtime.h>

#define BX 8
#define BY 8
#define BZ 4
#define R  1

extern "C" __global__ void __launch_bounds__(BX * BY * BZ)
stencil3d_race(const float* __restrict__ in, float* __restrict__ out,
               int nx, int ny, int nz, float c0, float c1)
{
#define SX (BX + R)
#define SY (BY + 2 * R)
#define SZ (BZ + 2 * R)
#define IDX(z, y, x) ((((z) * SY) + (y)) * SX + (x))
    __shared__ float tile[(BZ + 2 * R) * (BY + 2 * R) * (BX + 2 * R)];
    const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    const int gx = blockIdx.x * BX + tx;
    const int gy = blockIdx.y * BY + ty;
    const int gz = blockIdx.z * BZ + tz;
    const size_t sxy = (size_t)nx * ny;
    const size_t g = (size_t)gz * sxy + (size_t)gy * nx + gx;

    tile[IDX(tz + 1, ty + 1, tx + 1)] = in[g];
    if (tx == 0)      tile[IDX(tz + 1, ty + 1, 0)]      = in[gx > 0 ? g - 1 : g];
    if (tx == BX - 1) tile[IDX(tz + 1, ty + 1, BX + 1)] = in[gx < nx - 1 ? g + 1 : g];
    if (ty == 0)      tile[IDX(tz + 1, 0, tx + 1)]      = in[gy > 0 ? g - nx : g];
    if (ty == BY - 1) tile[IDX(tz + 1, BY + 1, tx + 1)] = in[gy < ny - 1 ? g + nx : g];
    if (tz == 0)      tile[IDX(0, ty + 1, tx + 1)]      = in[gz > 0 ? g - sxy : g];
    if (tz == BZ - 1) tile[IDX(BZ + 1, ty + 1, tx + 1)] = in[gz < nz - 1 ? g + sxy : g];
    __syncthreads();

    const float c = tile[IDX(tz + 1, ty + 1, tx + 1)];
    const float nb = tile[IDX(tz + 1, ty + 1, tx)] + tile[IDX(tz + 1, ty + 1, tx + 2)]
                   + tile[IDX(tz + 1, ty, tx + 1)] + tile[IDX(tz + 1, ty + 2, tx + 1)]
                   + tile[IDX(tz, ty + 1, tx + 1)] + tile[IDX(tz + 2, ty + 1, tx + 1)];
    out[g] = c0 * c + c1 * nb;
#undef IDX
#undef SX
#undef SY
#undef SZ
}

extern "C" __global__ void __launch_bounds__(BX * BY * BZ)
stencil3d_ok(const float* __restrict__ in, float* __restrict__ out,
             int nx, int ny, int nz, float c0, float c1)
{
#define SX (BX + 2 * R)
#define SY (BY + 2 * R)
#define SZ (BZ + 2 * R)
#define IDX(z, y, x) ((((z) * SY) + (y)) * SX + (x))
    __shared__ float tile[(BZ + 2 * R) * (BY + 2 * R) * (BX + 2 * R)];
    const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    const int gx = blockIdx.x * BX + tx;
    const int gy = blockIdx.y * BY + ty;
    const int gz = blockIdx.z * BZ + tz;
    const size_t sxy = (size_t)nx * ny;
    const size_t g = (size_t)gz * sxy + (size_t)gy * nx + gx;

    tile[IDX(tz + 1, ty + 1, tx + 1)] = in[g];
    if (tx == 0)      tile[IDX(tz + 1, ty + 1, 0)]      = in[gx > 0 ? g - 1 : g];
    if (tx == BX - 1) tile[IDX(tz + 1, ty + 1, BX + 1)] = in[gx < nx - 1 ? g + 1 : g];
    if (ty == 0)      tile[IDX(tz + 1, 0, tx + 1)]      = in[gy > 0 ? g - nx : g];
    if (ty == BY - 1) tile[IDX(tz + 1, BY + 1, tx + 1)] = in[gy < ny - 1 ? g + nx : g];
    if (tz == 0)      tile[IDX(0, ty + 1, tx + 1)]      = in[gz > 0 ? g - sxy : g];
    if (tz == BZ - 1) tile[IDX(BZ + 1, ty + 1, tx + 1)] = in[gz < nz - 1 ? g + sxy : g];
    __syncthreads();

    const float c = tile[IDX(tz + 1, ty + 1, tx + 1)];
    const float nb = tile[IDX(tz + 1, ty + 1, tx)] + tile[IDX(tz + 1, ty + 1, tx + 2)]
                   + tile[IDX(tz + 1, ty, tx + 1)] + tile[IDX(tz + 1, ty + 2, tx + 1)]
                   + tile[IDX(tz, ty + 1, tx + 1)] + tile[IDX(tz + 2, ty + 1, tx + 1)];
    out[g] = c0 * c + c1 * nb;
#undef IDX
#undef SX
#undef SY
#undef SZ
}
