// 3D FDTD Maxwell solver on a Yee lattice with CPML absorbing layers.

extern "C" __global__ void fdtd_update_h(float* __restrict__ hx, float* __restrict__ hy, float* __restrict__ hz,
                                         const float* __restrict__ ex, const float* __restrict__ ey,
                                         const float* __restrict__ ez, const float* __restrict__ chm,
                                         int nx, int ny, int nz, float inv_dx, float inv_dy, float inv_dz)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= nx - 1 || j >= ny - 1) return;
    const long sy = nx, sz = (long)nx * ny;
    for (int k = 0; k < nz - 1; ++k) {
        long c = k * sz + j * sy + i;
        float m = chm[c];
        float ez_c = ez[c], ey_c = ey[c], ex_c = ex[c];
        hx[c] -= m * ((ez[c + sy] - ez_c) * inv_dy - (ey[c + sz] - ey_c) * inv_dz);
        hy[c] -= m * ((ex[c + sz] - ex_c) * inv_dz - (ez[c + 1] - ez_c) * inv_dx);
        hz[c] -= m * ((ey[c + 1] - ey_c) * inv_dx - (ex[c + sy] - ex_c) * inv_dy);
    }
}

// CPML auxiliary psi update on the x-faces (both low and high slabs).
extern "C" __global__ void fdtd_cpml_x_e(float* __restrict__ ey, float* __restrict__ ez,
                                         const float* __restrict__ hy, const float* __restrict__ hz,
                                         float* __restrict__ psi_eyx, float* __restrict__ psi_ezx,
                                         const float* __restrict__ bx, const float* __restrict__ cx,
                                         const float* __restrict__ kappa_inv,
                                         const float* __restrict__ cb, int nx, int ny, int nz, int npml, float inv_dx)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;   // 0..2*npml-1
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    int k = blockIdx.z;
    if (p >= 2 * npml || j >= ny || k >= nz) return;
    int i = p < npml ? p + 1 : nx - 2 * npml + p;
    if (i <= 0 || i >= nx) return;
    const long sz = (long)nx * ny;
    long c = k * sz + (long)j * nx + i;
    long pc = ((long)k * ny + j) * (2 * npml) + p;
    float b = bx[p], cc = cx[p], ki = kappa_inv[p];
    float dhz = (hz[c] - hz[c - 1]) * inv_dx;
    float dhy = (hy[c] - hy[c - 1]) * inv_dx;
    float pey = b * psi_eyx[pc] + cc * dhz;
    float pez = b * psi_ezx[pc] + cc * dhy;
    psi_eyx[pc] = pey;
    psi_ezx[pc] = pez;
    float cbv = cb[c];
    ey[c] += cbv * ((ki - 1.f) * (-dhz) - pey);
    ez[c] += cbv * ((ki - 1.f) * dhy + pez);
}

// Dispersive Drude-Lorentz material polarisation update (ADE), 3 poles.
extern "C" __global__ void fdtd_ade_lorentz3(float* __restrict__ e, float* __restrict__ P,
                                             float* __restrict__ Pold, const int* __restrict__ cell_ids,
                                             int ncells, long ncomp_stride,
                                             float3 a_pole, float3 b_pole, float3 c_pole, float eps_inf_dt)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= ncells) return;
    long c = cell_ids[t];
    float av[3] = {a_pole.x, a_pole.y, a_pole.z};
    float bv[3] = {b_pole.x, b_pole.y, b_pole.z};
    float cv[3] = {c_pole.x, c_pole.y, c_pole.z};
#pragma unroll
    for (int comp = 0; comp < 3; ++comp) {
        float ev = e[comp * ncomp_stride + c];
        float dP = 0.f;
#pragma unroll
        for (int k = 0; k < 3; ++k) {
            long pi = ((long)k * 3 + comp) * ncells + t;
            float pn = P[pi], po = Pold[pi];
            float pnew = av[k] * pn + bv[k] * po + cv[k] * ev;
            dP += pnew - pn;
            Pold[pi] = pn;
            P[pi] = pnew;
        }
        e[comp * ncomp_stride + c] = ev - eps_inf_dt * dP;
    }
}
