// Stencils with shared-memory halo tiles.

#define S2_TX 32
#define S2_TY 8

// 2-D 5-point stencil, boundary points copied.
// Launch: blockDim = (32, 8), gridDim = (ceil(nx/32), ceil(ny/8))
extern "C" __global__ void __launch_bounds__(256)
stencil2d_5pt(float* __restrict__ out, const float* __restrict__ in, int nx, int ny, float c0, float c1)
{
    __shared__ float t[S2_TY + 2][S2_TX + 2];
    int tid = threadIdx.y * blockDim.x + threadIdx.x;
    int nthr = blockDim.x * blockDim.y;
    int x0 = blockIdx.x * S2_TX - 1;
    int y0 = blockIdx.y * S2_TY - 1;
    for (int i = tid; i < (S2_TX + 2) * (S2_TY + 2); i += nthr) {
        int r = i / (S2_TX + 2), c = i % (S2_TX + 2);
        int gx = x0 + c, gy = y0 + r;
        t[r][c] = (gx >= 0 && gx < nx && gy >= 0 && gy < ny) ? in[(size_t)gy * nx + gx] : 0.0f;
    }
    __syncthreads();
    int gx = blockIdx.x * S2_TX + threadIdx.x;
    int gy = blockIdx.y * S2_TY + threadIdx.y;
    if (gx >= nx || gy >= ny) return;
    int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
    float v;
    if (gx == 0 || gy == 0 || gx == nx - 1 || gy == ny - 1)
        v = t[ly][lx];
    else
        v = c0 * t[ly][lx] + c1 * (t[ly][lx - 1] + t[ly][lx + 1] + t[ly - 1][lx] + t[ly + 1][lx]);
    out[(size_t)gy * nx + gx] = v;
}

#define S3_TX 32
#define S3_TY 8

// 3-D 7-point stencil, 2.5-D blocking: march along z, x/y neighbours from a
// shared plane tile (with halo), z neighbours from registers.
// Launch: blockDim = (32, 8), gridDim = (ceil(nx/32), ceil(ny/8)); nx, ny, nz >= 1
extern "C" __global__ void __launch_bounds__(256)
stencil3d_25d(float* __restrict__ out, const float* __restrict__ in, int nx, int ny, int nz, float c0, float c1)
{
    __shared__ float tile[S3_TY + 2][S3_TX + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int tid = ty * blockDim.x + tx;
    int nthr = blockDim.x * blockDim.y;
    int gx = blockIdx.x * S3_TX + tx;
    int gy = blockIdx.y * S3_TY + ty;
    size_t plane = (size_t)nx * ny;
    bool inside = gx < nx && gy < ny;
    bool interior = inside && gx > 0 && gy > 0 && gx < nx - 1 && gy < ny - 1;
    float behind = 0.0f, cur = 0.0f, front = 0.0f;
    if (inside) {
        cur = in[(size_t)gy * nx + gx];
        if (nz > 1) front = in[plane + (size_t)gy * nx + gx];
    }
    for (int z = 1; z < nz - 1; ++z) {
        behind = cur;
        cur = front;
        front = inside ? in[(size_t)(z + 1) * plane + (size_t)gy * nx + gx] : 0.0f;
        __syncthreads();
        for (int i = tid; i < (S3_TX + 2) * (S3_TY + 2); i += nthr) {
            int r = i / (S3_TX + 2), c = i % (S3_TX + 2);
            int x = max(0, min(nx - 1, (int)(blockIdx.x * S3_TX) + c - 1));
            int y = max(0, min(ny - 1, (int)(blockIdx.y * S3_TY) + r - 1));
            tile[r][c] = in[(size_t)z * plane + (size_t)y * nx + x];
        }
        __syncthreads();
        if (interior)
            out[(size_t)z * plane + (size_t)gy * nx + gx] =
                c0 * cur + c1 * (tile[ty + 1][tx] + tile[ty + 1][tx + 2] +
                                 tile[ty][tx + 1] + tile[ty + 2][tx + 1] + behind + front);
    }
}
