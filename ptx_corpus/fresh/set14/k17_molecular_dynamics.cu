// Domain: molecular dynamics (short-range pair potentials)
// lj_cell_list_forces   - Lennard-Jones forces by looping over the 27 neighbouring cells of a cell list
// lj_neighlist_virial   - LJ forces + energy + 6-component virial from a neighbour list, __launch_bounds__(256,8)
// eam_density_double    - embedded-atom density and embedding energy in double precision, spline table

extern "C" __global__ void lj_cell_list_forces(const float4 *__restrict__ pos, const int *__restrict__ cell_start,
                                               const int *__restrict__ cell_end, float4 *__restrict__ force,
                                               int n, int ncx, int ncy, int ncz, float cell_size,
                                               float rc2, float eps, float sigma2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 pi = pos[i];
    int cx = min((int)(pi.x / cell_size), ncx - 1);
    int cy = min((int)(pi.y / cell_size), ncy - 1);
    int cz = min((int)(pi.z / cell_size), ncz - 1);
    float fx = 0.f, fy = 0.f, fz = 0.f;
    for (int dz = -1; dz <= 1; ++dz)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                int x = (cx + dx + ncx) % ncx, y = (cy + dy + ncy) % ncy, z = (cz + dz + ncz) % ncz;
                int c = (z * ncy + y) * ncx + x;
                int s = cell_start[c], e = cell_end[c];
                for (int j = s; j < e; ++j) {
                    if (j == i) continue;
                    float4 pj = pos[j];
                    float rx = pi.x - pj.x, ry = pi.y - pj.y, rz = pi.z - pj.z;
                    float r2 = rx * rx + ry * ry + rz * rz;
                    if (r2 < rc2) {
                        float ir2 = 1.f / r2;
                        float sr6 = sigma2 * ir2;
                        sr6 = sr6 * sr6 * sr6;
                        float f = 24.f * eps * ir2 * sr6 * (2.f * sr6 - 1.f);
                        fx += f * rx; fy += f * ry; fz += f * rz;
                    }
                }
            }
    force[i] = make_float4(fx, fy, fz, 0.f);
}

extern "C" __global__ void __launch_bounds__(256, 8)
lj_neighlist_virial(const float4 *__restrict__ pos, const int *__restrict__ nlist, const int *__restrict__ ncount,
                    const float4 *__restrict__ box_and_params, float4 *__restrict__ force,
                    float *__restrict__ energy, float *__restrict__ virial, int n, int max_neigh)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 bp = box_and_params[0];  // box lengths xyz, rc2 in w
    float4 lj = box_and_params[1];  // lj1, lj2, lj3, lj4
    float4 pi = pos[i];
    float fx = 0, fy = 0, fz = 0, en = 0;
    float vxx = 0, vyy = 0, vzz = 0, vxy = 0, vxz = 0, vyz = 0;
    int cnt = ncount[i];
    for (int k = 0; k < cnt; ++k) {
        int j = nlist[k * n + i];
        float4 pj = pos[j];
        float dx = pi.x - pj.x, dy = pi.y - pj.y, dz = pi.z - pj.z;
        dx -= bp.x * rintf(dx / bp.x);
        dy -= bp.y * rintf(dy / bp.y);
        dz -= bp.z * rintf(dz / bp.z);
        float r2 = dx * dx + dy * dy + dz * dz;
        if (r2 < bp.w) {
            float ir2 = 1.f / r2;
            float ir6 = ir2 * ir2 * ir2;
            float ff = ir6 * (lj.x * ir6 - lj.y) * ir2;
            float fpx = ff * dx, fpy = ff * dy, fpz = ff * dz;
            fx += fpx; fy += fpy; fz += fpz;
            en += ir6 * (lj.z * ir6 - lj.w);
            vxx += dx * fpx; vyy += dy * fpy; vzz += dz * fpz;
            vxy += dx * fpy; vxz += dx * fpz; vyz += dy * fpz;
        }
    }
    force[i] = make_float4(fx, fy, fz, 0.f);
    energy[i] = 0.5f * en;
    virial[6 * i + 0] = 0.5f * vxx; virial[6 * i + 1] = 0.5f * vyy; virial[6 * i + 2] = 0.5f * vzz;
    virial[6 * i + 3] = 0.5f * vxy; virial[6 * i + 4] = 0.5f * vxz; virial[6 * i + 5] = 0.5f * vyz;
}

extern "C" __global__ void eam_density_double(const double *x, const double *y, const double *z,
                                              const int *nlist, const int *ncount, const double *rho_spline,
                                              const double *F_spline, double *rho_out, double *Femb,
                                              int n, int max_neigh, double dr, double drho, int nr, int nrho)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double xi = x[i], yi = y[i], zi = z[i];
    double rho = 0.0;
    for (int k = 0; k < ncount[i]; ++k) {
        int j = nlist[i * max_neigh + k];
        double dx = xi - x[j], dy = yi - y[j], dz = zi - z[j];
        double r = sqrt(dx * dx + dy * dy + dz * dz);
        double p = r / dr;
        int m = min((int)p, nr - 2);
        p -= m;
        const double *c = rho_spline + 4 * m;
        rho += ((c[3] * p + c[2]) * p + c[1]) * p + c[0];
    }
    rho_out[i] = rho;
    double q = rho / drho;
    int m = min((int)q, nrho - 2);
    q -= m;
    const double *c = F_spline + 4 * m;
    Femb[i] = ((c[3] * q + c[2]) * q + c[1]) * q + c[0];
}

