// r10_stencil2d_halo.cu
// Batched 2-D star stencil of radius 2 (9 points) with clamp-to-edge borders.
// A 3-D thread block handles two images at once (threadIdx.z selects the image);
// each image tile is 4 rows x 32 columns plus a 2-cell halo on every side.
//
// Launch (both kernels): blockDim = (32, 4, 2); gridDim = (nx/32, ny/4, batch/2);
//   nx % 32 == 0, ny % 4 == 0, batch even.
#define BX 32
#define BY 4
#define BZ 2
#define R 2

__device__ __forceinline__ float ld_clamp(const float* __restrict__ img, int x, int y,
                                          int nx, int ny)
{
    x = min(max(x, 0), nx - 1);
    y = min(max(y, 0), ny - 1);
    return img[(size_t)y * nx + x];
}

extern "C" __global__ void __launch_bounds__(BX * BY * BZ)
stencil2d_halo_race(const float* __restrict__ in, float* __restrict__ out,
                    int nx, int ny, float c0, float c1, float c2)
{
    __shared__ float tile[BZ][BY + 2 * R][BX + 2 * R];
    const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    const int img = blockIdx.z * BZ + tz;
    const float* src = in + (size_t)img * nx * ny;
    const int gx = blockIdx.x * BX + tx;
    const int y0 = blockIdx.y * BY;
    const int gy = y0 + ty;
    float (*t)[BX + 2 * R] = tile[tz];

    t[ty + R][tx + R] = ld_clamp(src, gx, gy, nx, ny);
    if (tx < R) {
        t[ty + R][tx] = ld_clamp(src, gx - R, gy, nx, ny);
        t[ty + R][tx + BX + R] = ld_clamp(src, gx + BX, gy, nx, ny);
    }
    if (ty < R) {
        t[ty][tx + R] = ld_clamp(src, gx, y0 - R + ty, nx, ny);
        t[ty + BY + R - 1][tx + R] = ld_clamp(src, gx, y0 + BY + ty, nx, ny);  // off by one row
    }
    __syncthreads();

    const float v = c0 * t[ty + R][tx + R]
                  + c1 * (t[ty + R][tx + R - 1] + t[ty + R][tx + R + 1]
                        + t[ty + R - 1][tx + R] + t[ty + R + 1][tx + R])
                  + c2 * (t[ty + R][tx + R - 2] + t[ty + R][tx + R + 2]
                        + t[ty + R - 2][tx + R] + t[ty + R + 2][tx + R]);
    out[(size_t)img * nx * ny + (size_t)gy * nx + gx] = v;
}

extern "C" __global__ void __launch_bounds__(BX * BY * BZ)
stencil2d_halo_ok(const float* __restrict__ in, float* __restrict__ out,
                  int nx, int ny, float c0, float c1, float c2)
{
    __shared__ float tile[BZ][BY + 2 * R][BX + 2 * R];
    const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    const int img = blockIdx.z * BZ + tz;
    const float* src = in + (size_t)img * nx * ny;
    const int gx = blockIdx.x * BX + tx;
    const int y0 = blockIdx.y * BY;
    const int gy = y0 + ty;
    float (*t)[BX + 2 * R] = tile[tz];

    t[ty + R][tx + R] = ld_clamp(src, gx, gy, nx, ny);
    if (tx < R) {
        t[ty + R][tx] = ld_clamp(src, gx - R, gy, nx, ny);
        t[ty + R][tx + BX + R] = ld_clamp(src, gx + BX, gy, nx, ny);
    }
    if (ty < R) {
        t[ty][tx + R] = ld_clamp(src, gx, y0 - R + ty, nx, ny);
        t[ty + BY + R][tx + R] = ld_clamp(src, gx, y0 + BY + ty, nx, ny);
    }
    __syncthreads();

    const float v = c0 * t[ty + R][tx + R]
                  + c1 * (t[ty + R][tx + R - 1] + t[ty + R][tx + R + 1]
                        + t[ty + R - 1][tx + R] + t[ty + R + 1][tx + R])
                  + c2 * (t[ty + R][tx + R - 2] + t[ty + R][tx + R + 2]
                        + t[ty + R - 2][tx + R] + t[ty + R + 2][tx + R]);
    out[(size_t)img * nx * ny + (size_t)gy * nx + gx] = v;
}
