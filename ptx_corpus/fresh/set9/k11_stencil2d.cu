// 2D stencils with shared-memory halos: 5-point Laplacian, 9-point (radius 2) star, Jacobi sweep with residual.
#define BX 32
#define BY 8

extern "C" __global__ void laplace5_shared(const float *__restrict__ in, float *__restrict__ out,
                                           int nx, int ny, float c0, float c1)
{
    __shared__ float tile[BY + 2][BX + 2];
    int gx = blockIdx.x * BX + threadIdx.x;
    int gy = blockIdx.y * BY + threadIdx.y;
    int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
    bool inside = gx < nx && gy < ny;
    tile[ly][lx] = inside ? in[gy * nx + gx] : 0.0f;
    if (threadIdx.x == 0)      tile[ly][0]      = (gx > 0 && gy < ny) ? in[gy * nx + gx - 1] : 0.0f;
    if (threadIdx.x == BX - 1) tile[ly][BX + 1] = (gx + 1 < nx && gy < ny) ? in[gy * nx + gx + 1] : 0.0f;
    if (threadIdx.y == 0)      tile[0][lx]      = (gy > 0 && gx < nx) ? in[(gy - 1) * nx + gx] : 0.0f;
    if (threadIdx.y == BY - 1) tile[BY + 1][lx] = (gy + 1 < ny && gx < nx) ? in[(gy + 1) * nx + gx] : 0.0f;
    __syncthreads();
    if (inside && gx > 0 && gy > 0 && gx < nx - 1 && gy < ny - 1) {
        out[gy * nx + gx] = c0 * tile[ly][lx] +
                            c1 * (tile[ly][lx - 1] + tile[ly][lx + 1] + tile[ly - 1][lx] + tile[ly + 1][lx]);
    }
}

#define R2 2
extern "C" __global__ void star9_radius2(const float *__restrict__ in, float *__restrict__ out,
                                         int nx, int ny, int pitch)
{
    __shared__ float s[BY + 2 * R2][BX + 2 * R2];
    const float w0 = -5.0f, w1 = 4.0f / 3.0f, w2 = -1.0f / 12.0f;
    int gx = blockIdx.x * BX + threadIdx.x;
    int gy = blockIdx.y * BY + threadIdx.y;
    // cooperative load of the tile including halo
    for (int y = threadIdx.y; y < BY + 2 * R2; y += BY) {
        for (int x = threadIdx.x; x < BX + 2 * R2; x += BX) {
            int sx = blockIdx.x * BX + x - R2;
            int sy = blockIdx.y * BY + y - R2;
            sx = min(max(sx, 0), nx - 1);
            sy = min(max(sy, 0), ny - 1);
            s[y][x] = in[sy * pitch + sx];
        }
    }
    __syncthreads();
    if (gx < nx && gy < ny) {
        int lx = threadIdx.x + R2, ly = threadIdx.y + R2;
        float v = w0 * s[ly][lx]
                + w1 * (s[ly][lx - 1] + s[ly][lx + 1] + s[ly - 1][lx] + s[ly + 1][lx])
                + w2 * (s[ly][lx - 2] + s[ly][lx + 2] + s[ly - 2][lx] + s[ly + 2][lx]);
        out[gy * pitch + gx] = v;
    }
}

// Jacobi iteration for Poisson with block-level residual reduction.
extern "C" __global__ void jacobi_sweep_residual(const double *__restrict__ u, double *__restrict__ unew,
                                                 const double *__restrict__ f, double *blockRes,
                                                 int nx, int ny, double h2)
{
    __shared__ double red[BX * BY];
    int ix = blockIdx.x * BX + threadIdx.x;
    int iy = blockIdx.y * BY + threadIdx.y;
    int tid = threadIdx.y * BX + threadIdx.x;
    double r = 0.0;
    if (ix > 0 && iy > 0 && ix < nx - 1 && iy < ny - 1) {
        int idx = iy * nx + ix;
        double nb = u[idx - 1] + u[idx + 1] + u[idx - nx] + u[idx + nx];
        double val = 0.25 * (nb - h2 * f[idx]);
        unew[idx] = val;
        double d = val - u[idx];
        r = d * d;
    }
    red[tid] = r;
    __syncthreads();
    for (int s = (BX * BY) / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] += red[tid + s];
        __syncthreads();
    }
    if (tid == 0) blockRes[blockIdx.y * gridDim.x + blockIdx.x] = red[0];
}
