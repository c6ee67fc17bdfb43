// Domain: computational fluid dynamics - lattice Boltzmann method (BGK collision, pull streaming, SoA layout)
// lbm_d2q9_bgk: D2Q9 pull-stream + BGK collide with periodic wrap and bounce-back on solid cells.
// lbm_d3q19_bgk: D3Q19 pull-stream + BGK collide with body force (Guo-style velocity shift), periodic.
// lbm_d3q27_bgk: D3Q27 pull-stream + BGK collide, all 27 populations live in registers.
// lbm_d3q27_bgk_lb: the same D3Q27 step under __launch_bounds__(256,6).

#define Q9 9
__constant__ int c9x[Q9] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
__constant__ int c9y[Q9] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
__constant__ float w9[Q9] = {4.f / 9, 1.f / 9, 1.f / 9, 1.f / 9, 1.f / 9, 1.f / 36, 1.f / 36, 1.f / 36, 1.f / 36};
__constant__ int opp9[Q9] = {0, 3, 4, 1, 2, 7, 8, 5, 6};

extern "C" __global__ void lbm_d2q9_bgk(const float* __restrict__ fin, float* __restrict__ fout,
                                        const unsigned char* __restrict__ solid, int nx, int ny, float omega)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= nx || y >= ny) return;
    size_t N = (size_t)nx * ny;
    size_t idx = (size_t)y * nx + x;
    float f[Q9];
#pragma unroll
    for (int q = 0; q < Q9; q++) {
        int sx = x - c9x[q], sy = y - c9y[q];
        sx = (sx + nx) % nx; sy = (sy + ny) % ny;
        f[q] = fin[q * N + (size_t)sy * nx + sx];
    }
    if (solid[idx]) {
#pragma unroll
        for (int q = 0; q < Q9; q++) fout[opp9[q] * N + idx] = f[q];
        return;
    }
    float rho = 0.f, ux = 0.f, uy = 0.f;
#pragma unroll
    for (int q = 0; q < Q9; q++) { rho += f[q]; ux += c9x[q] * f[q]; uy += c9y[q] * f[q]; }
    float ir = 1.f / rho;
    ux *= ir; uy *= ir;
    float usq = 1.5f * (ux * ux + uy * uy);
#pragma unroll
    for (int q = 0; q < Q9; q++) {
        float cu = 3.f * (c9x[q] * ux + c9y[q] * uy);
        float feq = w9[q] * rho * (1.f + cu + 0.5f * cu * cu - usq);
        fout[q * N + idx] = f[q] + omega * (feq - f[q]);
    }
}

#define Q19 19
__constant__ int c19[Q19][3] = {{0, 0, 0},  {1, 0, 0},  {-1, 0, 0}, {0, 1, 0},  {0, -1, 0}, {0, 0, 1},  {0, 0, -1},
                                {1, 1, 0},  {-1, -1, 0}, {1, -1, 0}, {-1, 1, 0}, {1, 0, 1},  {-1, 0, -1}, {1, 0, -1},
                                {-1, 0, 1}, {0, 1, 1},  {0, -1, -1}, {0, 1, -1}, {0, -1, 1}};
__constant__ float w19[Q19] = {1.f / 3,  1.f / 18, 1.f / 18, 1.f / 18, 1.f / 18, 1.f / 18, 1.f / 18,
                               1.f / 36, 1.f / 36, 1.f / 36, 1.f / 36, 1.f / 36, 1.f / 36, 1.f / 36,
                               1.f / 36, 1.f / 36, 1.f / 36, 1.f / 36, 1.f / 36};

extern "C" __global__ void lbm_d3q19_bgk(const float* __restrict__ fin, float* __restrict__ fout,
                                         int nx, int ny, int nz, float omega, float3 force)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y;
    int z = blockIdx.z;
    if (x >= nx) return;
    size_t N = (size_t)nx * ny * nz;
    size_t idx = ((size_t)z * ny + y) * nx + x;
    float f[Q19];
#pragma unroll
    for (int q = 0; q < Q19; q++) {
        int sx = x - c19[q][0], sy = y - c19[q][1], sz = z - c19[q][2];
        sx = sx < 0 ? sx + nx : (sx >= nx ? sx - nx : sx);
        sy = sy < 0 ? sy + ny : (sy >= ny ? sy - ny : sy);
        sz = sz < 0 ? sz + nz : (sz >= nz ? sz - nz : sz);
        f[q] = fin[q * N + ((size_t)sz * ny + sy) * nx + sx];
    }
    float rho = 0.f, ux = 0.f, uy = 0.f, uz = 0.f;
#pragma unroll
    for (int q = 0; q < Q19; q++) {
        rho += f[q];
        ux += c19[q][0] * f[q]; uy += c19[q][1] * f[q]; uz += c19[q][2] * f[q];
    }
    float ir = 1.f / rho;
    ux = (ux + 0.5f * force.x) * ir;
    uy = (uy + 0.5f * force.y) * ir;
    uz = (uz + 0.5f * force.z) * ir;
    float usq = 1.5f * (ux * ux + uy * uy + uz * uz);
#pragma unroll
    for (int q = 0; q < Q19; q++) {
        float cu = 3.f * (c19[q][0] * ux + c19[q][1] * uy + c19[q][2] * uz);
        float feq = w19[q] * rho * (1.f + cu + 0.5f * cu * cu - usq);
        // Guo forcing term
        float cf = c19[q][0] * force.x + c19[q][1] * force.y + c19[q][2] * force.z;
        float uf = ux * force.x + uy * force.y + uz * force.z;
        float Fi = (1.f - 0.5f * omega) * w19[q] * (3.f * (cf - uf) + 9.f * (cu / 3.f) * cf);
        fout[q * N + idx] = f[q] + omega * (feq - f[q]) + Fi;
    }
}

#define Q27 27
__device__ __forceinline__ void d3q27_vel(int q, int& cx, int& cy, int& cz)
{
    cx = q % 3 - 1; cy = (q / 3) % 3 - 1; cz = q / 9 - 1;
}

__device__ __forceinline__ void d3q27_body(const float* __restrict__ fin, float* __restrict__ fout,
                                           int nx, int ny, int nz, float omega)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y;
    int z = blockIdx.z;
    if (x >= nx) return;
    size_t N = (size_t)nx * ny * nz;
    size_t idx = ((size_t)z * ny + y) * nx + x;
    int xm = x == 0 ? nx - 1 : x - 1, xp = x == nx - 1 ? 0 : x + 1;
    int ym = y == 0 ? ny - 1 : y - 1, yp = y == ny - 1 ? 0 : y + 1;
    int zm = z == 0 ? nz - 1 : z - 1, zp = z == nz - 1 ? 0 : z + 1;
    int xs[3] = {xp, x, xm}, ys[3] = {yp, y, ym}, zs[3] = {zp, z, zm};   // source = x - c
    float f[Q27];
#pragma unroll
    for (int q = 0; q < Q27; q++) {
        int cx, cy, cz;
        d3q27_vel(q, cx, cy, cz);
        f[q] = fin[q * N + ((size_t)zs[cz + 1] * ny + ys[cy + 1]) * nx + xs[cx + 1]];
    }
    float rho = 0.f, jx = 0.f, jy = 0.f, jz = 0.f;
#pragma unroll
    for (int q = 0; q < Q27; q++) {
        int cx, cy, cz;
        d3q27_vel(q, cx, cy, cz);
        rho += f[q]; jx += cx * f[q]; jy += cy * f[q]; jz += cz * f[q];
    }
    float ir = 1.f / rho;
    float ux = jx * ir, uy = jy * ir, uz = jz * ir;
    float usq = 1.5f * (ux * ux + uy * uy + uz * uz);
#pragma unroll
    for (int q = 0; q < Q27; q++) {
        int cx, cy, cz;
        d3q27_vel(q, cx, cy, cz);
        int nnz = (cx != 0) + (cy != 0) + (cz != 0);
        float w = nnz == 0 ? 8.f / 27 : nnz == 1 ? 2.f / 27 : nnz == 2 ? 1.f / 54 : 1.f / 216;
        float cu = 3.f * (cx * ux + cy * uy + cz * uz);
        float feq = w * rho * (1.f + cu + 0.5f * cu * cu - usq);
        fout[q * N + idx] = f[q] + omega * (feq - f[q]);
    }
}

extern "C" __global__ void lbm_d3q27_bgk(const float* __restrict__ fin, float* __restrict__ fout,
                                         int nx, int ny, int nz, float omega)
{
    d3q27_body(fin, fout, nx, ny, nz, omega);
}

extern "C" __global__ void __launch_bounds__(256, 6)
lbm_d3q27_bgk_lb(const float* __restrict__ fin, float* __restrict__ fout, int nx, int ny, int nz, float omega)
{
    d3q27_body(fin, fout, nx, ny, nz, omega);
}
