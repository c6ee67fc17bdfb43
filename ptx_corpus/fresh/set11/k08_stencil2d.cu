// 2-D stencils: 5-point Jacobi sweep, radius-4 star stencil (8th order Laplacian) with shared tiles, and a double-precision heat-equation step.
#include <cuda_runtime.h>

#define BX 32
#define BY 8

extern "C" __global__ void jacobi5_shared(const float* __restrict__ u, float* __restrict__ unew,
                                          const float* __restrict__ f, int nx, int ny, float h2)
{
    __shared__ float s[BY + 2][BX + 2];
    int i = blockIdx.x * BX + threadIdx.x;
    int j = blockIdx.y * BY + threadIdx.y;
    int lx = threadIdx.x + 1, ly = threadIdx.y + 1;

    bool inside = (i < nx && j < ny);
    s[ly][lx] = inside ? u[j * nx + i] : 0.f;
    if (threadIdx.x == 0)      s[ly][0]      = (i > 0 && j < ny) ? u[j * nx + i - 1] : 0.f;
    if (threadIdx.x == BX - 1) s[ly][BX + 1] = (i + 1 < nx && j < ny) ? u[j * nx + i + 1] : 0.f;
    if (threadIdx.y == 0)      s[0][lx]      = (j > 0 && i < nx) ? u[(j - 1) * nx + i] : 0.f;
    if (threadIdx.y == BY - 1) s[BY + 1][lx] = (j + 1 < ny && i < nx) ? u[(j + 1) * nx + i] : 0.f;
    __syncthreads();

    if (i > 0 && j > 0 && i < nx - 1 && j < ny - 1) {
        unew[j * nx + i] = 0.25f * (s[ly][lx - 1] + s[ly][lx + 1] + s[ly - 1][lx] + s[ly + 1][lx] - h2 * f[j * nx + i]);
    } else if (inside) {
        unew[j * nx + i] = s[ly][lx];   // Dirichlet boundary copied through
    }
}

#define R4 4
__constant__ float c_lap8[R4 + 1];   // central coefficient and 4 off-centre coefficients

extern "C" __global__ void __launch_bounds__(BX * BY)
star_r4_2d(const float* __restrict__ in, float* __restrict__ out, int nx, int ny, float scale)
{
    __shared__ float s[BY + 2 * R4][BX + 2 * R4];
    int gx = blockIdx.x * BX + threadIdx.x;
    int gy = blockIdx.y * BY + threadIdx.y;

    for (int idx = threadIdx.y * BX + threadIdx.x; idx < (BY + 2 * R4) * (BX + 2 * R4); idx += BX * BY) {
        int ly = idx / (BX + 2 * R4), lx = idx % (BX + 2 * R4);
        int x = blockIdx.x * BX + lx - R4, y = blockIdx.y * BY + ly - R4;
        s[ly][lx] = (x >= 0 && x < nx && y >= 0 && y < ny) ? in[(size_t)y * nx + x] : 0.f;
    }
    __syncthreads();
    if (gx < R4 || gy < R4 || gx >= nx - R4 || gy >= ny - R4) return;

    int lx = threadIdx.x + R4, ly = threadIdx.y + R4;
    float v = 2.f * c_lap8[0] * s[ly][lx];
#pragma unroll
    for (int r = 1; r <= R4; ++r)
        v += c_lap8[r] * (s[ly][lx - r] + s[ly][lx + r] + s[ly - r][lx] + s[ly + r][lx]);
    out[(size_t)gy * nx + gx] = s[ly][lx] + scale * v;
}

// Explicit heat step with variable conductivity, double precision, no shared memory (L1-cached).
extern "C" __global__ void heat2d_varcoef_f64(const double* __restrict__ T, const double* __restrict__ kappa,
                                              double* __restrict__ Tn, int nx, int ny, double dt, double inv_dx2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i <= 0 || j <= 0 || i >= nx - 1 || j >= ny - 1) return;
    size_t c = (size_t)j * nx + i;
    double kc = kappa[c];
    double ke = 0.5 * (kc + kappa[c + 1]);
    double kw = 0.5 * (kc + kappa[c - 1]);
    double kn = 0.5 * (kc + kappa[c + nx]);
    double ks = 0.5 * (kc + kappa[c - nx]);
    double tc = T[c];
    double flux = ke * (T[c + 1] - tc) - kw * (tc - T[c - 1]) + kn * (T[c + nx] - tc) - ks * (tc - T[c - nx]);
    Tn[c] = tc + dt * inv_dx2 * flux;
}
