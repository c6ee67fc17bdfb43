// 3D 7-point Laplacian: 2D block (16 x 16) marches along z, keeping z-1/z/z+1 in registers and the
// current xy-plane (with 1-cell halo) in shared memory. Interior points only.
// launched with blockDim = (16, 16)
#define BX 16
#define BY 16

// RACE: no barrier at the end of the z loop: a fast thread stores plane[ty+1][tx+1] for slice z+1 while a slow neighbour still reads that cell (its x/y neighbour) for slice z (WAR).
extern "C" __global__ void __launch_bounds__(BX * BY) lap3d_race(const float* u, float* out, int nx, int ny, int nz)
{
    __shared__ float plane[BY + 2][BX + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * BX + tx + 1;
    int y = blockIdx.y * BY + ty + 1;
    bool in = (x < nx - 1) && (y < ny - 1);
    size_t sxy = (size_t)nx * ny;
    size_t p = (size_t)y * nx + x;
    float below = in ? u[p] : 0.f;
    float cur = in ? u[p + sxy] : 0.f;
    for (int z = 1; z < nz - 1; ++z) {
        float above = in ? u[p + (z + 1) * sxy] : 0.f;
        if (in) {
            plane[ty + 1][tx + 1] = cur;
            if (tx == 0)      plane[ty + 1][0]      = u[p + z * sxy - 1];
            if (tx == BX - 1 || x == nx - 2) plane[ty + 1][tx + 2] = u[p + z * sxy + 1];
            if (ty == 0)      plane[0][tx + 1]      = u[p + z * sxy - nx];
            if (ty == BY - 1 || y == ny - 2) plane[ty + 2][tx + 1] = u[p + z * sxy + nx];
        }
        __syncthreads();
        if (in) {
            float lap = plane[ty + 1][tx] + plane[ty + 1][tx + 2] + plane[ty][tx + 1] + plane[ty + 2][tx + 1]
                      + below + above - 6.f * cur;
            out[p + z * sxy] = lap;
        }
        below = cur;
        cur = above;
    }
}

// OK: trailing __syncthreads() per z-slice so the plane is not overwritten before all neighbour reads finish.
extern "C" __global__ void __launch_bounds__(BX * BY) lap3d_ok(const float* u, float* out, int nx, int ny, int nz)
{
    __shared__ float plane[BY + 2][BX + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * BX + tx + 1;
    int y = blockIdx.y * BY + ty + 1;
    bool in = (x < nx - 1) && (y < ny - 1);
    size_t sxy = (size_t)nx * ny;
    size_t p = (size_t)y * nx + x;
    float below = in ? u[p] : 0.f;
    float cur = in ? u[p + sxy] : 0.f;
    for (int z = 1; z < nz - 1; ++z) {
        float above = in ? u[p + (z + 1) * sxy] : 0.f;
        if (in) {
            plane[ty + 1][tx + 1] = cur;
            if (tx == 0)      plane[ty + 1][0]      = u[p + z * sxy - 1];
            if (tx == BX - 1 || x == nx - 2) plane[ty + 1][tx + 2] = u[p + z * sxy + 1];
            if (ty == 0)      plane[0][tx + 1]      = u[p + z * sxy - nx];
            if (ty == BY - 1 || y == ny - 2) plane[ty + 2][tx + 1] = u[p + z * sxy + nx];
        }
        __syncthreads();
        if (in) {
            float lap = plane[ty + 1][tx] + plane[ty + 1][tx + 2] + plane[ty][tx + 1] + plane[ty + 2][tx + 1]
                      + below + above - 6.f * cur;
            out[p + z * sxy] = lap;
        }
        below = cur;
        cur = above;
        __syncthreads();
    }
}
