// Finite-difference time-domain Maxwell solver on a Yee grid with CPML-free simple absorbing boundaries.
#include <cuda_runtime.h>

#define IDX3(i, j, k, nx, ny) (((size_t)(k) * (ny) + (j)) * (nx) + (i))

// 3D H-field update; each thread marches along z keeping the previous E plane in registers.
extern "C" __global__ void fdtd3d_update_h(float* __restrict__ Hx, float* __restrict__ Hy, float* __restrict__ Hz,
                                           const float* __restrict__ Ex, const float* __restrict__ Ey,
                                           const float* __restrict__ Ez, int nx, int ny, int nz, float ch)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= nx - 1 || j >= ny - 1) return;
    float ex_k = Ex[IDX3(i, j, 0, nx, ny)], ey_k = Ey[IDX3(i, j, 0, nx, ny)];
    for (int k = 0; k < nz - 1; ++k) {
        size_t c = IDX3(i, j, k, nx, ny);
        float ex_k1 = Ex[c + (size_t)nx * ny], ey_k1 = Ey[c + (size_t)nx * ny];
        float ez = Ez[c], ez_j1 = Ez[c + nx], ez_i1 = Ez[c + 1];
        float ex_j1 = Ex[c + nx], ey_i1 = Ey[c + 1];
        Hx[c] -= ch * ((ez_j1 - ez) - (ey_k1 - ey_k));
        Hy[c] -= ch * ((ex_k1 - ex_k) - (ez_i1 - ez));
        Hz[c] -= ch * ((ey_i1 - ey_k) - (ex_j1 - ex_k));
        ex_k = ex_k1; ey_k = ey_k1;
    }
}

// 3D E-field update with spatially varying permittivity/conductivity coefficients.
extern "C" __global__ void fdtd3d_update_e(float* __restrict__ Ex, float* __restrict__ Ey, float* __restrict__ Ez,
                                           const float* __restrict__ Hx, const float* __restrict__ Hy,
                                           const float* __restrict__ Hz, const float* __restrict__ ca,
                                           const float* __restrict__ cb, int nx, int ny, int nz)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < 1 || j < 1 || i >= nx || j >= ny) return;
    for (int k = 1; k < nz; ++k) {
        size_t c = IDX3(i, j, k, nx, ny);
        float a = ca[c], b = cb[c];
        float hx = Hx[c], hy = Hy[c], hz = Hz[c];
        Ex[c] = a * Ex[c] + b * ((hz - Hz[c - nx]) - (hy - Hy[c - (size_t)nx * ny]));
        Ey[c] = a * Ey[c] + b * ((hx - Hx[c - (size_t)nx * ny]) - (hz - Hz[c - 1]));
        Ez[c] = a * Ez[c] + b * ((hy - Hy[c - 1]) - (hx - Hx[c - nx]));
    }
}

// 2D TMz double-precision step with Mur first-order boundary and a soft Ricker source.
extern "C" __global__ void fdtd2d_tmz_f64(double* __restrict__ Ez, double* __restrict__ Hx, double* __restrict__ Hy,
                                          const double* __restrict__ Ez_old_edge, int nx, int ny, double cE, double cH,
                                          int src_i, int src_j, double t, double fpeak, double mur)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= nx || j >= ny) return;
    size_t c = (size_t)j * nx + i;
    if (i > 0 && j > 0 && i < nx - 1 && j < ny - 1) {
        double curl = (Hy[c] - Hy[c - 1]) - (Hx[c] - Hx[c - nx]);
        double e = Ez[c] + cE * curl;
        if (i == src_i && j == src_j) {
            double a = 3.14159265358979 * fpeak * (t - 1.0 / fpeak);
            a *= a;
            e += (1.0 - 2.0 * a) * exp(-a);
        }
        Ez[c] = e;
    } else if (i == 0 && j > 0 && j < ny - 1) {
        Ez[c] = Ez_old_edge[j] + mur * (Ez[c + 1] - Ez[c]);
    } else if (i == nx - 1 && j > 0 && j < ny - 1) {
        Ez[c] = Ez_old_edge[ny + j] + mur * (Ez[c - 1] - Ez[c]);
    }
    if (j < ny - 1) Hx[c] -= cH * (Ez[c + nx] - Ez[c]);
    if (i < nx - 1) Hy[c] += cH * (Ez[c + 1] - Ez[c]);
}
