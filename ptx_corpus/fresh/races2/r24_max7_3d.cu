#define BX 8
#define BY 8
#define BZ 4

__device__ __forceinline__ float ld3(const float* __restrict__ v, int x, int y, int z,
                                     int nx, int ny, int nz)
{
    x = min(max(x, 0), nx - 1);
    y = min(max(y, 0), ny - 1);
    z = min(max(z, 0), nz - 1);
    return v[((size_t)z * ny + y) * nx + x];
}

extern "C" __global__ void __launch_bounds__(BX * BY * BZ)
max7_3d_race(const float* __restrict__ in, float* __restrict__ out, int nx, int ny, int nz)
{
    __shared__ float s[BZ + 2][BY + 2][BX + 2];
    int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    int x = blockIdx.x * BX + tx, y = blockIdx.y * BY + ty, z = blockIdx.z * BZ + tz;

    s[tz + 1][ty + 1][tx + 1] = ld3(in, x, y, z, nx, ny, nz);
    if (tx == 0) {
        s[tz + 1][ty + 1][0]      = ld3(in, x - 1, y, z, nx, ny, nz);
        s[tz + 1][ty + 1][BX + 1] = ld3(in, x + BX, y, z, nx, ny, nz);
    }
    if (ty == 0) {
        s[tz + 1][0][tx + 1]      = ld3(in, x, y - 1, z, nx, ny, nz);
        s[tz + 1][BY + 1][tx + 1] = ld3(in, x, y + BY, z, nx, ny, nz);
    }
    if (tz == 0) {
        s[0][ty + 1][tx + 1]  = ld3(in, x, y, z - 1, nx, ny, nz);
        s[BZ][ty + 1][tx + 1] = ld3(in, x, y, z + BZ, nx, ny, nz);
    }
    __syncthreads();

    if (x < nx && y < ny && z < nz) {
        float c = s[tz + 1][ty + 1][tx + 1];
        c = fmaxf(c, s[tz + 1][ty + 1][tx]);
        c = fmaxf(c, s[tz + 1][ty + 1][tx + 2]);
        c = fmaxf(c, s[tz + 1][ty][tx + 1]);
        c = fmaxf(c, s[tz + 1][ty + 2][tx + 1]);
        c = fmaxf(c, s[tz][ty + 1][tx + 1]);
        c = fmaxf(c, s[tz + 2][ty + 1][tx + 1]);
        out[((size_t)z * ny + y) * nx + x] = c;
    }
}

extern "C" __global__ void __launch_bounds__(BX * BY * BZ)
max7_3d_ok(const float* __restrict__ in, float* __restrict__ out, int nx, int ny, int nz)
{
    __shared__ float s[BZ + 2][BY + 2][BX + 2];
    int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    int x = blockIdx.x * BX + tx, y = blockIdx.y * BY + ty, z = blockIdx.z * BZ + tz;

    s[tz + 1][ty + 1][tx + 1] = ld3(in, x, y, z, nx, ny, nz);
    if (tx == 0) {
        s[tz + 1][ty + 1][0]      = ld3(in, x - 1, y, z, nx, ny, nz);
        s[tz + 1][ty + 1][BX + 1] = ld3(in, x + BX, y, z, nx, ny, nz);
    }
    if (ty == 0) {
        s[tz + 1][0][tx + 1]      = ld3(in, x, y - 1, z, nx, ny, nz);
        s[tz + 1][BY + 1][tx + 1] = ld3(in, x, y + BY, z, nx, ny, nz);
    }
    if (tz == 0) {
        s[0][ty + 1][tx + 1]      = ld3(in, x, y, z - 1, nx, ny, nz);
        s[BZ + 1][ty + 1][tx + 1] = ld3(in, x, y, z + BZ, nx, ny, nz);
    }
    __syncthreads();

    if (x < nx && y < ny && z < nz) {
        float c = s[tz + 1][ty + 1][tx + 1];
        c = fmaxf(c, s[tz + 1][ty + 1][tx]);
        c = fmaxf(c, s[tz + 1][ty + 1][tx + 2]);
        c = fmaxf(c, s[tz + 1][ty][tx + 1]);
        c = fmaxf(c, s[tz + 1][ty + 2][tx + 1]);
        c = fmaxf(c, s[tz][ty + 1][tx + 1]);
        c = fmaxf(c, s[tz + 2][ty + 1][tx + 1]);
        out[((size_t)z * ny + y) * nx + x] = c;
    }
}
