// 3-D 7-point stencil, 2.5-D blocking (FDTD3d-style): the block marches along z,
// keeping behind/current/infront in registers and the current xy-plane (+halo)
// in shared memory.
// Launch (both kernels): blockDim = (32, 8), gridDim = (nx/32, ny/8),
// nx = ny = nz = 256. `in` is (nz+2) x (ny+2) x (nx+2) (padded with boundary cells),
// out is nz x ny x nx.
#define BX 32
#define BY 8

extern "C" __global__ void __launch_bounds__(BX * BY)
stencil3d_race(const float* __restrict__ in, float* __restrict__ out,
               int nx, int ny, int nz, float c0, float c1)
{
    __shared__ float tile[BY + 2][BX + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int gx = blockIdx.x * BX + tx, gy = blockIdx.y * BY + ty;
    int px = nx + 2, plane = (nx + 2) * (ny + 2);
    const float* p = in + (gy + 1) * px + (gx + 1);     // padded z = 0

    float behind, current = p[0], infront = p[plane];
    for (int iz = 0; iz < nz; ++iz) {
        behind = current;
        current = infront;
        const float* q = p + (iz + 1) * plane;
        infront = q[plane];

        tile[ty + 1][tx + 1] = current;
        if (ty == 0)      tile[0][tx + 1]      = q[-px];
        if (ty == BY - 1) tile[BY + 1][tx + 1] = q[px];
        if (tx == 0)      tile[ty + 1][0]      = q[-1];
        if (tx == BX - 1) tile[ty + 1][BX + 1] = q[1];
        __syncthreads();

        float v = c0 * current + c1 * (tile[ty][tx + 1] + tile[ty + 2][tx + 1]
                                      + tile[ty + 1][tx] + tile[ty + 1][tx + 2]
                                      + behind + infront);
        out[((size_t)iz * ny + gy) * nx + gx] = v;
    }
}

extern "C" __global__ void __launch_bounds__(BX * BY)
stencil3d_ok(const float* __restrict__ in, float* __restrict__ out,
             int nx, int ny, int nz, float c0, float c1)
{
    __shared__ float tile[2][BY + 2][BX + 2];    // ping-pong planes, one barrier per plane
    int tx = threadIdx.x, ty = threadIdx.y;
    int gx = blockIdx.x * BX + tx, gy = blockIdx.y * BY + ty;
    int px = nx + 2, plane = (nx + 2) * (ny + 2);
    const float* p = in + (gy + 1) * px + (gx + 1);

    float behind, current = p[0], infront = p[plane];
    for (int iz = 0; iz < nz; ++iz) {
        behind = current;
        current = infront;
        const float* q = p + (iz + 1) * plane;
        infront = q[plane];

        float (*t)[BX + 2] = tile[iz & 1];
        t[ty + 1][tx + 1] = current;
        if (ty == 0)      t[0][tx + 1]      = q[-px];
        if (ty == BY - 1) t[BY + 1][tx + 1] = q[px];
        if (tx == 0)      t[ty + 1][0]      = q[-1];
        if (tx == BX - 1) t[ty + 1][BX + 1] = q[1];
        __syncthreads();

        float v = c0 * current + c1 * (t[ty][tx + 1] + t[ty + 2][tx + 1]
                                      + t[ty + 1][tx] + t[ty + 1][tx + 2]
                                      + behind + infront);
        out[((size_t)iz * ny + gy) * nx + gx] = v;
    }
}
