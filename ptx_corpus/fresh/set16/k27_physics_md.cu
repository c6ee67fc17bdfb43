// Domain: particle and lattice physics (Lennard-Jones with cell lists, SPH density/pressure, lattice-Boltzmann D2Q9 and D3Q19 BGK)

// lj_forces_cell_list_27: Lennard-Jones forces with cutoff, looping over the 27 neighbouring cells of a uniform grid (periodic box)
extern "C" __global__ void lj_forces_cell_list_27(const float4* __restrict__ pos, const int* __restrict__ cellStart, const int* __restrict__ cellEnd,
                                                  float4* __restrict__ force, int n, int3 dims, float cellSize, float3 box, float rc2, float eps, float sig2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 pi = pos[i];
    int cx = (int)(pi.x / cellSize), cy = (int)(pi.y / cellSize), cz = (int)(pi.z / cellSize);
    float fx = 0.f, fy = 0.f, fz = 0.f, epot = 0.f;
    for (int dz = -1; dz <= 1; ++dz)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                int nx = (cx + dx + dims.x) % dims.x, ny = (cy + dy + dims.y) % dims.y, nz = (cz + dz + dims.z) % dims.z;
                int c = (nz * dims.y + ny) * dims.x + nx;
                int e = cellEnd[c];
                for (int j = cellStart[c]; j < e; ++j) {
                    if (j == i) continue;
                    float4 pj = pos[j];
                    float rx = pi.x - pj.x, ry = pi.y - pj.y, rz = pi.z - pj.z;
                    rx -= box.x * rintf(rx / box.x); ry -= box.y * rintf(ry / box.y); rz -= box.z * rintf(rz / box.z);
                    float r2 = rx * rx + ry * ry + rz * rz;
                    if (r2 < rc2) {
                        float s2 = sig2 / r2, s6 = s2 * s2 * s2;
                        float f = 24.f * eps * s6 * (2.f * s6 - 1.f) / r2;
                        fx += f * rx; fy += f * ry; fz += f * rz;
                        epot += 4.f * eps * s6 * (s6 - 1.f);
                    }
                }
            }
    force[i] = make_float4(fx, fy, fz, 0.5f * epot);
}

// sph_density_pressure_poly6: SPH density with the poly6 kernel over a neighbour list, then Tait equation of state pressure
extern "C" __global__ void sph_density_pressure_poly6(const float4* __restrict__ pos, const int* __restrict__ nbrList, const int* __restrict__ nbrCount,
                                                      int maxNbr, float* __restrict__ rho, float* __restrict__ pres, int n, float h, float rho0, float B)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float h2 = h * h;
    float poly6 = 315.f / (64.f * 3.14159265f * powf(h, 9.f));
    float4 pi = pos[i];
    float d = pi.w * poly6 * h2 * h2 * h2;   // self contribution
    int cnt = nbrCount[i];
    for (int k = 0; k < cnt; ++k) {
        int j = nbrList[(size_t)k * n + i];
        float4 pj = pos[j];
        float rx = pi.x - pj.x, ry = pi.y - pj.y, rz = pi.z - pj.z;
        float r2 = rx * rx + ry * ry + rz * rz;
        if (r2 < h2) { float q = h2 - r2; d += pj.w * poly6 * q * q * q; }
    }
    rho[i] = d;
    float ratio = d / rho0;
    float r7 = ratio * ratio * ratio; r7 = r7 * r7 * ratio;
    pres[i] = B * (r7 - 1.f);
}

__constant__ int c_ex9[9] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
__constant__ int c_ey9[9] = {0, 0, 1, 0, -1, 1, 1, -1, -1};

// lbm_d2q9_bgk_pull_periodic: fused pull-streaming + BGK collision for D2Q9 on a periodic grid (structure-of-arrays layout)
extern "C" __global__ void lbm_d2q9_bgk_pull_periodic(const float* __restrict__ fin, float* __restrict__ fout, int nx, int ny, float omega,
                                                      float* __restrict__ ux_out, float* __restrict__ uy_out)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= nx || y >= ny) return;
    const float w[9] = {4.f / 9, 1.f / 9, 1.f / 9, 1.f / 9, 1.f / 9, 1.f / 36, 1.f / 36, 1.f / 36, 1.f / 36};
    size_t N = (size_t)nx * ny;
    float f[9];
#pragma unroll
    for (int q = 0; q < 9; ++q) {
        int xs = (x - c_ex9[q] + nx) % nx, ys = (y - c_ey9[q] + ny) % ny;
        f[q] = fin[q * N + (size_t)ys * nx + xs];
    }
    float rho = 0.f, jx = 0.f, jy = 0.f;
#pragma unroll
    for (int q = 0; q < 9; ++q) { rho += f[q]; jx += c_ex9[q] * f[q]; jy += c_ey9[q] * f[q]; }
    float ux = jx / rho, uy = jy / rho, usq = 1.5f * (ux * ux + uy * uy);
#pragma unroll
    for (int q = 0; q < 9; ++q) {
        float cu = 3.f * (c_ex9[q] * ux + c_ey9[q] * uy);
        float feq = w[q] * rho * (1.f + cu + 0.5f * cu * cu - usq);
        fout[q * N + (size_t)y * nx + x] = f[q] + omega * (feq - f[q]);
    }
    ux_out[(size_t)y * nx + x] = ux; uy_out[(size_t)y * nx + x] = uy;
}

// lbm_d3q19_bgk_push_lb: D3Q19 BGK collision with push streaming (19 independent loads, 19 scattered stores, bounce-back on solid flag) under __launch_bounds__(256,8)
extern "C" __global__ void __launch_bounds__(256, 8)
lbm_d3q19_bgk_push_lb(const float* __restrict__ fin, float* __restrict__ fout, const unsigned char* __restrict__ solid,
                            int nx, int ny, int nz, float omega)
{
    const int ex[19] = {0, 1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, -1, 1, -1, 0, 0, 0, 0};
    const int ey[19] = {0, 0, 0, 1, -1, 0, 0, 1, 1, -1, -1, 0, 0, 0, 0, 1, -1, 1, -1};
    const int ez[19] = {0, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 1, 1, -1, -1, 1, 1, -1, -1};
    const int opp[19] = {0, 2, 1, 4, 3, 6, 5, 10, 9, 8, 7, 14, 13, 12, 11, 18, 17, 16, 15};
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, z = blockIdx.z;
    if (x >= nx) return;
    size_t N = (size_t)nx * ny * nz;
    size_t c = ((size_t)z * ny + y) * nx + x;
    float f[19];
#pragma unroll
    for (int q = 0; q < 19; ++q) f[q] = fin[q * N + c];
    if (solid[c]) {
#pragma unroll
        for (int q = 0; q < 19; ++q) fout[opp[q] * N + c] = f[q];
        return;
    }
    float rho = 0.f, jx = 0.f, jy = 0.f, jz = 0.f;
#pragma unroll
    for (int q = 0; q < 19; ++q) { rho += f[q]; jx += ex[q] * f[q]; jy += ey[q] * f[q]; jz += ez[q] * f[q]; }
    float ir = 1.f / rho, ux = jx * ir, uy = jy * ir, uz = jz * ir;
    float usq = 1.5f * (ux * ux + uy * uy + uz * uz);
#pragma unroll
    for (int q = 0; q < 19; ++q) {
        float w = (q == 0) ? 1.f / 3 : (q < 7 ? 1.f / 18 : 1.f / 36);
        float cu = 3.f * (ex[q] * ux + ey[q] * uy + ez[q] * uz);
        float feq = w * rho * (1.f + cu + 0.5f * cu * cu - usq);
        float post = f[q] + omega * (feq - f[q]);
        int xn = (x + ex[q] + nx) % nx, yn = (y + ey[q] + ny) % ny, zn = (z + ez[q] + nz) % nz;
        fout[q * N + ((size_t)zn * ny + yn) * nx + xn] = post;
    }
}
