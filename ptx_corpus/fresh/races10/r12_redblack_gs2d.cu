// r12_redblack_gs2d.cu
// Block-local red-black Gauss-Seidel smoother for the 2-D Poisson problem -lap(u) = f
// (unit grid spacing, 5-point stencil), used as the subdomain smoother of a
// domain-decomposition / multigrid solver: each block loads its 32x8 subdomain of u plus
// a one-cell halo (held fixed, zero Dirichlet outside the domain), performs NSWEEPS
// red/black sweeps in shared memory and writes the subdomain to u_out.
// Launch: blockDim = (32,8,1), gridDim = (nx/32, ny/8, 1), nx multiple of 32,
//         ny multiple of 8, no dynamic shared memory.
#define BX 32
#define BY 8
#define NSWEEPS 4

extern "C" __global__ void __launch_bounds__(BX * BY)
rbgs_smooth_race(const float* __restrict__ u, const float* __restrict__ f,
                 float* __restrict__ u_out, int nx, int ny)
{
    __shared__ float s[BY + 2][BX + 2];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int gx = blockIdx.x * BX + tx, gy = blockIdx.y * BY + ty;

    s[ty + 1][tx + 1] = u[(size_t)gy * nx + gx];
    if (ty == 0)      s[0][tx + 1]      = gy > 0      ? u[(size_t)(gy - 1) * nx + gx] : 0.f;
    if (ty == BY - 1) s[BY + 1][tx + 1] = gy + 1 < ny ? u[(size_t)(gy + 1) * nx + gx] : 0.f;
    if (tx == 0)      s[ty + 1][0]      = gx > 0      ? u[(size_t)gy * nx + gx - 1]   : 0.f;
    if (tx == BX - 1) s[ty + 1][BX + 1] = gx + 1 < nx ? u[(size_t)gy * nx + gx + 1]   : 0.f;
    const float rhs = f[(size_t)gy * nx + gx];
    __syncthreads();

    const int color = (threadIdx.y * blockDim.x + threadIdx.x) & 1;   // checkerboard colour
    for (int sweep = 0; sweep < NSWEEPS; ++sweep) {
        for (int c = 0; c < 2; ++c) {
            if (color == c)
                s[ty + 1][tx + 1] = 0.25f * (rhs + s[ty][tx + 1] + s[ty + 2][tx + 1]
                                                 + s[ty + 1][tx] + s[ty + 1][tx + 2]);
            __syncthreads();
        }
    }
    u_out[(size_t)gy * nx + gx] = s[ty + 1][tx + 1];
}

extern "C" __global__ void __launch_bounds__(BX * BY)
rbgs_smooth_ok(const float* __restrict__ u, const float* __restrict__ f,
               float* __restrict__ u_out, int nx, int ny)
{
    __shared__ float s[BY + 2][BX + 2];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int gx = blockIdx.x * BX + tx, gy = blockIdx.y * BY + ty;

    s[ty + 1][tx + 1] = u[(size_t)gy * nx + gx];
    if (ty == 0)      s[0][tx + 1]      = gy > 0      ? u[(size_t)(gy - 1) * nx + gx] : 0.f;
    if (ty == BY - 1) s[BY + 1][tx + 1] = gy + 1 < ny ? u[(size_t)(gy + 1) * nx + gx] : 0.f;
    if (tx == 0)      s[ty + 1][0]      = gx > 0      ? u[(size_t)gy * nx + gx - 1]   : 0.f;
    if (tx == BX - 1) s[ty + 1][BX + 1] = gx + 1 < nx ? u[(size_t)gy * nx + gx + 1]   : 0.f;
    const float rhs = f[(size_t)gy * nx + gx];
    __syncthreads();

    const int color = (gx + gy) & 1;       // checkerboard colour of the grid point
    for (int sweep = 0; sweep < NSWEEPS; ++sweep) {
        for (int c = 0; c < 2; ++c) {
            if (color == c)
                s[ty + 1][tx + 1] = 0.25f * (rhs + s[ty][tx + 1] + s[ty + 2][tx + 1]
                                                 + s[ty + 1][tx] + s[ty + 1][tx + 2]);
            __syncthreads();
        }
    }
    u_out[(size_t)gy * nx + gx] = s[ty + 1][tx + 1];
}
