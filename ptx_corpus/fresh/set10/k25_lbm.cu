// Lattice Boltzmann: D2Q9 BGK collide+stream (pull), D3Q19 fused kernel in double precision.
#include <cuda_runtime.h>

__constant__ float w9[9] = {4.f / 9, 1.f / 9, 1.f / 9, 1.f / 9, 1.f / 9, 1.f / 36, 1.f / 36, 1.f / 36, 1.f / 36};
__constant__ int cx9[9] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
__constant__ int cy9[9] = {0, 0, 1, 0, -1, 1, 1, -1, -1};

extern "C" __global__ void lbm_d2q9_pull(float *fOut, const float *fIn, const unsigned char *solid, int nx, int ny, float omega)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= nx || y >= ny) return;
    size_t N = (size_t)nx * ny;
    int idx = y * nx + x;
    float f[9];
#pragma unroll
    for (int q = 0; q < 9; q++) {
        int xs = (x - cx9[q] + nx) % nx;
        int ys = (y - cy9[q] + ny) % ny;
        f[q] = fIn[q * N + ys * nx + xs];
    }
    if (solid[idx]) {
        const int opp[9] = {0, 3, 4, 1, 2, 7, 8, 5, 6};
#pragma unroll
        for (int q = 0; q < 9; q++) fOut[q * N + idx] = f[opp[q]];
        return;
    }
    float rho = 0.f, ux = 0.f, uy = 0.f;
#pragma unroll
    for (int q = 0; q < 9; q++) { rho += f[q]; ux += cx9[q] * f[q]; uy += cy9[q] * f[q]; }
    ux /= rho; uy /= rho;
    float usq = 1.5f * (ux * ux + uy * uy);
#pragma unroll
    for (int q = 0; q < 9; q++) {
        float cu = 3.f * (cx9[q] * ux + cy9[q] * uy);
        float feq = w9[q] * rho * (1.f + cu + 0.5f * cu * cu - usq);
        fOut[q * N + idx] = f[q] + omega * (feq - f[q]);
    }
}

// D3Q19 push scheme with explicit unrolled directions (double precision, SoA layout).
template <typename T>
__device__ __forceinline__ void d3q19_step(T *fOut, const T *fIn, int nx, int ny, int nz, T omega)
{
    const int ex[19] = {0, 1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, -1, 1, -1, 0, 0, 0, 0};
    const int ey[19] = {0, 0, 0, 1, -1, 0, 0, 1, -1, -1, 1, 0, 0, 0, 0, 1, -1, 1, -1};
    const int ez[19] = {0, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 1, -1, -1, 1, 1, -1, -1, 1};
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y, z = blockIdx.z;
    if (x >= nx) return;
    size_t N = (size_t)nx * ny * nz;
    size_t idx = ((size_t)z * ny + y) * nx + x;
    T f[19];
#pragma unroll
    for (int q = 0; q < 19; q++) f[q] = fIn[q * N + idx];
    T rho = 0, ux = 0, uy = 0, uz = 0;
#pragma unroll
    for (int q = 0; q < 19; q++) { rho += f[q]; ux += ex[q] * f[q]; uy += ey[q] * f[q]; uz += ez[q] * f[q]; }
    T inv = T(1) / rho;
    ux *= inv; uy *= inv; uz *= inv;
    T usq = T(1.5) * (ux * ux + uy * uy + uz * uz);
#pragma unroll
    for (int q = 0; q < 19; q++) {
        T w = q == 0 ? T(1) / 3 : (q < 7 ? T(1) / 18 : T(1) / 36);
        T cu = T(3) * (ex[q] * ux + ey[q] * uy + ez[q] * uz);
        T feq = w * rho * (T(1) + cu + T(0.5) * cu * cu - usq);
        int xd = (x + ex[q] + nx) % nx;
        int yd = (y + ey[q] + ny) % ny;
        int zd = (z + ez[q] + nz) % nz;
        fOut[q * N + ((size_t)zd * ny + yd) * nx + xd] = f[q] + omega * (feq - f[q]);
    }
}

extern "C" __global__ void lbm_d3q19_push_f64(double *fOut, const double *fIn, int nx, int ny, int nz, double omega)
{
    d3q19_step<double>(fOut, fIn, nx, ny, nz, omega);
}

extern "C" __global__ void __launch_bounds__(128, 8)
lbm_d3q19_push_f32(float *fOut, const float *fIn, int nx, int ny, int nz, float omega)
{
    d3q19_step<float>(fOut, fIn, nx, ny, nz, omega);
}
