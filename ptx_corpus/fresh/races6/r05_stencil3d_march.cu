// r05: 3-D 7-point stencil, "2.5-D" blocking: a 32x8 xy-tile marches along z, the current
// plane lives in shared memory (with a 1-cell xy halo), the z neighbours live in registers.
// Launch: blockDim = (256,1,1) (tx = tid % 32, ty = tid / 32), grid = (ceil(nx/32), ceil(ny/8)), nz >= 3.
#define BX 32
#define BY 8

__device__ __forceinline__ size_t idx3(int x, int y, int z, int nx, int ny)
{
    return ((size_t)z * ny + y) * nx + x;
}

extern "C" __global__ void __launch_bounds__(256)
stencil3d_march_race(const float* __restrict__ in, float* __restrict__ out,
                     int nx, int ny, int nz, float c0, float c1)
{
    __shared__ float s[BY + 2][BX + 2];
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int gx = blockIdx.x * BX + tx, gy = blockIdx.y * BY + ty;
    const int cx = min(gx, nx - 1), cy = min(gy, ny - 1);
    const int xl = max(cx - 1, 0), xr = min(cx + 1, nx - 1);
    const int yl = max(cy - 1, 0), yr = min(cy + 1, ny - 1);

    float behind = 0.f;
    float cur = in[idx3(cx, cy, 0, nx, ny)];
    float infront = in[idx3(cx, cy, 1, nx, ny)];
    for (int z = 1; z < nz - 1; ++z) {
        behind = cur;
        cur = infront;
        infront = in[idx3(cx, cy, z + 1, nx, ny)];

        s[ty + 1][tx + 1] = cur;
        if (tx == 0)      s[ty + 1][0]      = in[idx3(xl, cy, z, nx, ny)];
        if (tx == BX - 1) s[ty + 1][BX + 1] = in[idx3(xr, cy, z, nx, ny)];
        if (ty == 0)      s[0][tx + 1]      = in[idx3(cx, yl, z, nx, ny)];
        if (ty == BY - 1) s[BY + 1][tx + 1] = in[idx3(cx, yr, z, nx, ny)];
        __syncthreads();

        if (gx < nx && gy < ny)
            out[idx3(gx, gy, z, nx, ny)] =
                c0 * cur + c1 * (s[ty + 1][tx] + s[ty + 1][tx + 2] +
                                 s[ty][tx + 1] + s[ty + 2][tx + 1] + behind + infront);
    }
}

extern "C" __global__ void __launch_bounds__(256)
stencil3d_march_ok(const float* __restrict__ in, float* __restrict__ out,
                   int nx, int ny, int nz, float c0, float c1)
{
    __shared__ float s[BY + 2][BX + 2];
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int gx = blockIdx.x * BX + tx, gy = blockIdx.y * BY + ty;
    const int cx = min(gx, nx - 1), cy = min(gy, ny - 1);
    const int xl = max(cx - 1, 0), xr = min(cx + 1, nx - 1);
    const int yl = max(cy - 1, 0), yr = min(cy + 1, ny - 1);

    float behind = 0.f;
    float cur = in[idx3(cx, cy, 0, nx, ny)];
    float infront = in[idx3(cx, cy, 1, nx, ny)];
    for (int z = 1; z < nz - 1; ++z) {
        behind = cur;
        cur = infront;
        infront = in[idx3(cx, cy, z + 1, nx, ny)];

        __syncthreads();          // neighbours are done reading the previous plane
        s[ty + 1][tx + 1] = cur;
        if (tx == 0)      s[ty + 1][0]      = in[idx3(xl, cy, z, nx, ny)];
        if (tx == BX - 1) s[ty + 1][BX + 1] = in[idx3(xr, cy, z, nx, ny)];
        if (ty == 0)      s[0][tx + 1]      = in[idx3(cx, yl, z, nx, ny)];
        if (ty == BY - 1) s[BY + 1][tx + 1] = in[idx3(cx, yr, z, nx, ny)];
        __syncthreads();

        if (gx < nx && gy < ny)
            out[idx3(gx, gy, z, nx, ny)] =
                c0 * cur + c1 * (s[ty + 1][tx] + s[ty + 1][tx + 2] +
                                 s[ty][tx + 1] + s[ty + 2][tx + 1] + behind + infront);
    }
}
