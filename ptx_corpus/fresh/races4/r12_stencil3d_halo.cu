// 3-D 7-point stencil (Jacobi step of the heat equation) with a 3-D thread block and a
// shared tile with one-cell halos. Clamp-to-edge boundary. The tz==0 plane of threads loads
// both z-halo planes (load balancing).
// Assumed launch: blockDim = (8, 8, 4), grid = (ceil(nx/8), ceil(ny/8), ceil(nz/4)).

#define S3_BX 8
#define S3_BY 8
#define S3_BZ 4

static __device__ __forceinline__ float s3_ld(const float* __restrict__ in, int x, int y, int z,
                                              int nx, int ny, int nz)
{
    x = min(max(x, 0), nx - 1);
    y = min(max(y, 0), ny - 1);
    z = min(max(z, 0), nz - 1);
    return in[((size_t)z * ny + y) * nx + x];
}

extern "C" __global__ void __launch_bounds__(S3_BX * S3_BY * S3_BZ)
stencil3d_halo_race(const float* __restrict__ in, float* __restrict__ out,
                    int nx, int ny, int nz, float c0, float c1)
{
    if (blockDim.x != S3_BX || blockDim.y != S3_BY || blockDim.z != S3_BZ) return;
    __shared__ float s[S3_BZ + 2][S3_BY + 2][S3_BX + 2];
    const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    const int gx = blockIdx.x * S3_BX + tx;
    const int gy = blockIdx.y * S3_BY + ty;
    const int gz = blockIdx.z * S3_BZ + tz;

    s[tz + 1][ty + 1][tx + 1] = s3_ld(in, gx, gy, gz, nx, ny, nz);
    __syncthreads();

    if (tx == 0)         s[tz + 1][ty + 1][0]         = s3_ld(in, gx - 1, gy, gz, nx, ny, nz);
    if (tx == S3_BX - 1) s[tz + 1][ty + 1][S3_BX + 1] = s3_ld(in, gx + 1, gy, gz, nx, ny, nz);
    if (ty == 0)         s[tz + 1][0][tx + 1]         = s3_ld(in, gx, gy - 1, gz, nx, ny, nz);
    if (ty == S3_BY - 1) s[tz + 1][S3_BY + 1][tx + 1] = s3_ld(in, gx, gy + 1, gz, nx, ny, nz);
    if (tz == 0) {
        s[0][ty + 1][tx + 1]         = s3_ld(in, gx, gy, gz - 1, nx, ny, nz);
        s[S3_BZ + 1][ty + 1][tx + 1] = s3_ld(in, gx, gy, gz + S3_BZ, nx, ny, nz);
    }

    if (gx < nx && gy < ny && gz < nz) {
        const float v = c0 * s[tz + 1][ty + 1][tx + 1]
                      + c1 * (s[tz + 1][ty + 1][tx] + s[tz + 1][ty + 1][tx + 2]
                            + s[tz + 1][ty][tx + 1] + s[tz + 1][ty + 2][tx + 1]
                            + s[tz][ty + 1][tx + 1] + s[tz + 2][ty + 1][tx + 1]);
        out[((size_t)gz * ny + gy) * nx + gx] = v;
    }
}

extern "C" __global__ void __launch_bounds__(S3_BX * S3_BY * S3_BZ)
stencil3d_halo_ok(const float* __restrict__ in, float* __restrict__ out,
                  int nx, int ny, int nz, float c0, float c1)
{
    if (blockDim.x != S3_BX || blockDim.y != S3_BY || blockDim.z != S3_BZ) return;
    __shared__ float s[S3_BZ + 2][S3_BY + 2][S3_BX + 2];
    const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    const int gx = blockIdx.x * S3_BX + tx;
    const int gy = blockIdx.y * S3_BY + ty;
    const int gz = blockIdx.z * S3_BZ + tz;

    s[tz + 1][ty + 1][tx + 1] = s3_ld(in, gx, gy, gz, nx, ny, nz);
    if (tx == 0)         s[tz + 1][ty + 1][0]         = s3_ld(in, gx - 1, gy, gz, nx, ny, nz);
    if (tx == S3_BX - 1) s[tz + 1][ty + 1][S3_BX + 1] = s3_ld(in, gx + 1, gy, gz, nx, ny, nz);
    if (ty == 0)         s[tz + 1][0][tx + 1]         = s3_ld(in, gx, gy - 1, gz, nx, ny, nz);
    if (ty == S3_BY - 1) s[tz + 1][S3_BY + 1][tx + 1] = s3_ld(in, gx, gy + 1, gz, nx, ny, nz);
    if (tz == 0) {
        s[0][ty + 1][tx + 1]         = s3_ld(in, gx, gy, gz - 1, nx, ny, nz);
        s[S3_BZ + 1][ty + 1][tx + 1] = s3_ld(in, gx, gy, gz + S3_BZ, nx, ny, nz);
    }
    __syncthreads();

    if (gx < nx && gy < ny && gz < nz) {
        const float v = c0 * s[tz + 1][ty + 1][tx + 1]
                      + c1 * (s[tz + 1][ty + 1][tx] + s[tz + 1][ty + 1][tx + 2]
                            + s[tz + 1][ty][tx + 1] + s[tz + 1][ty + 2][tx + 1]
                            + s[tz][ty + 1][tx + 1] + s[tz + 2][ty + 1][tx + 1]);
        out[((size_t)gz * ny + gy) * nx + gx] = v;
    }
}
