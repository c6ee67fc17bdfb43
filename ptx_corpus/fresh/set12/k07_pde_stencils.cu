// PDE solvers: 2D heat diffusion with shared-memory halos, a 3D 25-point
// (8th-order) acoustic wave stencil marching in z with a register queue,
// and a red-black SOR sweep for the Poisson equation.
#include <cuda_runtime.h>

#define BX 32
#define BY 8

extern "C" __global__ void heat2d_step(const float* __restrict__ u, float* __restrict__ un,
                                       int nx, int ny, float alpha)
{
    __shared__ float tile[BY + 2][BX + 2];
    int gx = blockIdx.x * BX + threadIdx.x;
    int gy = blockIdx.y * BY + threadIdx.y;
    int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
    auto at = [&](int x, int y) -> float {
        x = min(max(x, 0), nx - 1); y = min(max(y, 0), ny - 1);
        return u[(size_t)y * nx + x];
    };
    tile[ly][lx] = at(gx, gy);
    if (threadIdx.x == 0) tile[ly][0] = at(gx - 1, gy);
    if (threadIdx.x == BX - 1) tile[ly][BX + 1] = at(gx + 1, gy);
    if (threadIdx.y == 0) tile[0][lx] = at(gx, gy - 1);
    if (threadIdx.y == BY - 1) tile[BY + 1][lx] = at(gx, gy + 1);
    __syncthreads();
    if (gx >= nx || gy >= ny) return;
    float c = tile[ly][lx];
    float lap = tile[ly][lx - 1] + tile[ly][lx + 1] + tile[ly - 1][lx] + tile[ly + 1][lx] - 4.f * c;
    un[(size_t)gy * nx + gx] = c + alpha * lap;
}

// 8th-order in space, 2nd-order in time wave equation; each thread walks z
// keeping 9 values of its column in registers.
#define R 4
extern "C" __global__ void wave3d_8th(const float* __restrict__ p, const float* __restrict__ pprev,
                                      float* __restrict__ pnext, const float* __restrict__ vel2dt2,
                                      int nx, int ny, int nz)
{
    __shared__ float s[BY + 2 * R][BX + 2 * R];
    const float c0 = -205.f / 72.f, c1 = 8.f / 5.f, c2 = -1.f / 5.f, c3 = 8.f / 315.f, c4 = -1.f / 560.f;
    int gx = blockIdx.x * BX + threadIdx.x;
    int gy = blockIdx.y * BY + threadIdx.y;
    int tx = threadIdx.x + R, ty = threadIdx.y + R;
    size_t plane = (size_t)nx * ny;
    bool inside = gx >= R && gx < nx - R && gy >= R && gy < ny - R;
    int cx = min(gx, nx - 1), cy = min(gy, ny - 1);
    size_t idx = (size_t)cy * nx + cx;

    float q[2 * R + 1];
#pragma unroll
    for (int k = 0; k < 2 * R; ++k) q[k + 1] = p[idx + (size_t)k * plane];
    q[0] = 0.f;
    for (int z = R; z < nz - R; ++z) {
#pragma unroll
        for (int k = 0; k < 2 * R; ++k) q[k] = q[k + 1];
        q[2 * R] = p[idx + (size_t)(z + R) * plane];
        __syncthreads();
        s[ty][tx] = q[R];
        if (threadIdx.x < R) {
            s[ty][tx - R] = p[(size_t)z * plane + (size_t)cy * nx + max(gx - R, 0)];
            s[ty][tx + BX] = p[(size_t)z * plane + (size_t)cy * nx + min(gx + BX, nx - 1)];
        }
        if (threadIdx.y < R) {
            s[ty - R][tx] = p[(size_t)z * plane + (size_t)max(gy - R, 0) * nx + cx];
            s[ty + BY][tx] = p[(size_t)z * plane + (size_t)min(gy + BY, ny - 1) * nx + cx];
        }
        __syncthreads();
        if (inside) {
            float lap = 3.f * c0 * q[R]
                + c1 * (q[R - 1] + q[R + 1] + s[ty][tx - 1] + s[ty][tx + 1] + s[ty - 1][tx] + s[ty + 1][tx])
                + c2 * (q[R - 2] + q[R + 2] + s[ty][tx - 2] + s[ty][tx + 2] + s[ty - 2][tx] + s[ty + 2][tx])
                + c3 * (q[R - 3] + q[R + 3] + s[ty][tx - 3] + s[ty][tx + 3] + s[ty - 3][tx] + s[ty + 3][tx])
                + c4 * (q[R - 4] + q[R + 4] + s[ty][tx - 4] + s[ty][tx + 4] + s[ty - 4][tx] + s[ty + 4][tx]);
            size_t o = (size_t)z * plane + idx;
            pnext[o] = 2.f * q[R] - pprev[o] + vel2dt2[o] * lap;
        }
    }
}

// Red-black SOR for -lap(u) = f on a uniform grid, double precision.
extern "C" __global__ void poisson_rb_sor(double* __restrict__ u, const double* __restrict__ f,
                                          int nx, int ny, double h2, double omega, int color,
                                          double* __restrict__ resid_norm)
{
    int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
    int i0 = (blockIdx.x * blockDim.x + threadIdx.x) * 2 + 1;
    int i = i0 + ((j + color + 1) & 1);
    double r2 = 0.0;
    if (j < ny - 1 && i < nx - 1) {
        size_t k = (size_t)j * nx + i;
        double nb = u[k - 1] + u[k + 1] + u[k - nx] + u[k + nx];
        double gs = 0.25 * (nb + h2 * f[k]);
        double r = gs - u[k];
        u[k] += omega * r;
        r2 = r * r;
    }
    for (int o = 16; o > 0; o >>= 1) r2 += __shfl_down_sync(0xffffffffu, r2, o);
    if (((threadIdx.y * blockDim.x + threadIdx.x) & 31) == 0) atomicAdd(resid_norm, r2);
}
