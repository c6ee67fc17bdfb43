// Domain: physics simulation (lattice Boltzmann D3Q19, Lennard-Jones MD with cell lists, Ising model, SPH)

struct __align__(32) dbl4 { double x, y, z, w; };
__device__ __forceinline__ dbl4 make_dbl4(double x, double y, double z, double w) { dbl4 r = {x, y, z, w}; return r; }

__constant__ int c_ex[19] = {0, 1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, -1, 1, -1, 0, 0, 0, 0};
__constant__ int c_ey[19] = {0, 0, 0, 1, -1, 0, 0, 1, -1, -1, 1, 0, 0, 0, 0, 1, -1, 1, -1};
__constant__ int c_ez[19] = {0, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 1, -1, -1, 1, 1, -1, -1, 1};

template <int Q>
__device__ __forceinline__ void lbm_collide_stream(const float* __restrict__ fin, float* __restrict__ fout,
                                                   int nx, int ny, int nz, float omega, float fx)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, z = blockIdx.z;
    if (x >= nx) return;
    size_t N = (size_t)nx * ny * nz;
    size_t id = ((size_t)z * ny + y) * nx + x;
    const float w0 = 1.f / 3.f, w1 = 1.f / 18.f, w2 = 1.f / 36.f;
    float f[Q];
    float rho = 0.f, ux = 0.f, uy = 0.f, uz = 0.f;
#pragma unroll
    for (int q = 0; q < Q; ++q) {
        f[q] = fin[q * N + id];
        rho += f[q];
        ux += c_ex[q] * f[q]; uy += c_ey[q] * f[q]; uz += c_ez[q] * f[q];
    }
    float inv = 1.f / rho;
    ux = ux * inv + 0.5f * fx * inv; uy *= inv; uz *= inv;
    float usq = 1.5f * (ux * ux + uy * uy + uz * uz);
#pragma unroll
    for (int q = 0; q < Q; ++q) {
        float w = (q == 0) ? w0 : (q < 7) ? w1 : w2;
        float eu = 3.f * (c_ex[q] * ux + c_ey[q] * uy + c_ez[q] * uz);
        float feq = w * rho * (1.f + eu + 0.5f * eu * eu - usq);
        float force = w * (1.f - 0.5f * omega) * (3.f * (c_ex[q] - ux) + 3.f * eu * c_ex[q]) * fx;
        float fpost = f[q] - omega * (f[q] - feq) + force;
        int xn = (x + c_ex[q] + nx) % nx, yn = (y + c_ey[q] + ny) % ny, zn = (z + c_ez[q] + nz) % nz;
        fout[q * N + ((size_t)zn * ny + yn) * nx + xn] = fpost;
    }
}

// D3Q19 BGK collision + push streaming with Guo forcing, periodic box
extern "C" __global__ void lbm_d3q19_bgk(const float* __restrict__ fin, float* __restrict__ fout,
                                         int nx, int ny, int nz, float omega, float fx)
{
    lbm_collide_stream<19>(fin, fout, nx, ny, nz, omega, fx);
}

// Same D3Q19 update under __launch_bounds__(256,8): 32-register cap forces the 19 populations
// plus moments to spill
extern "C" __global__ void __launch_bounds__(256, 8)
lbm_d3q19_bgk_capped(const float* __restrict__ fin, float* __restrict__ fout,
                     int nx, int ny, int nz, float omega, float fx)
{
    lbm_collide_stream<19>(fin, fout, nx, ny, nz, omega, fx);
}

// Lennard-Jones forces with a cell list (27 neighbour cells, cutoff, minimum image), energy + virial
extern "C" __global__ void lj_forces_cells(const float4* __restrict__ pos, const int* __restrict__ cellStart,
                                           const int* __restrict__ cellEnd, float4* __restrict__ force,
                                           float* __restrict__ energyVirial, int n, int ncell, float box,
                                           float rc2, float eps, float sigma2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 pi = pos[i];
    float cellSize = box / ncell;
    int cx = min((int)(pi.x / cellSize), ncell - 1);
    int cy = min((int)(pi.y / cellSize), ncell - 1);
    int cz = min((int)(pi.z / cellSize), ncell - 1);
    float fx = 0.f, fy = 0.f, fz = 0.f, e = 0.f, vir = 0.f;
    float hbox = 0.5f * box;
    for (int dz = -1; dz <= 1; ++dz)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                int nxc = (cx + dx + ncell) % ncell, nyc = (cy + dy + ncell) % ncell, nzc = (cz + dz + ncell) % ncell;
                int c = (nzc * ncell + nyc) * ncell + nxc;
                for (int j = cellStart[c]; j < cellEnd[c]; ++j) {
                    if (j == i) continue;
                    float4 pj = pos[j];
                    float rx = pi.x - pj.x, ry = pi.y - pj.y, rz = pi.z - pj.z;
                    if (rx > hbox) rx -= box; else if (rx < -hbox) rx += box;
                    if (ry > hbox) ry -= box; else if (ry < -hbox) ry += box;
                    if (rz > hbox) rz -= box; else if (rz < -hbox) rz += box;
                    float r2 = rx * rx + ry * ry + rz * rz;
                    if (r2 < rc2) {
                        float sr2 = sigma2 / r2, sr6 = sr2 * sr2 * sr2;
                        float fmag = 24.f * eps * sr6 * (2.f * sr6 - 1.f) / r2;
                        fx += fmag * rx; fy += fmag * ry; fz += fmag * rz;
                        e += 2.f * eps * sr6 * (sr6 - 1.f);
                        vir += fmag * r2;
                    }
                }
            }
    force[i] = make_float4(fx, fy, fz, e);
    atomicAdd(&energyVirial[0], e);
    atomicAdd(&energyVirial[1], vir);
}

// Checkerboard Metropolis update of the 2-D Ising model with per-site xorshift32 RNG state
extern "C" __global__ void ising_checkerboard(signed char* __restrict__ spin, unsigned* __restrict__ rng,
                                              int L, int color, float beta, float h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= L || y >= L || ((x + y) & 1) != color) return;
    int id = y * L + x;
    int s = spin[id];
    int nb = spin[y * L + (x + 1) % L] + spin[y * L + (x - 1 + L) % L] +
             spin[((y + 1) % L) * L + x] + spin[((y - 1 + L) % L) * L + x];
    float dE = 2.f * s * (nb + h);
    unsigned r = rng[id];
    r ^= r << 13; r ^= r >> 17; r ^= r << 5;
    rng[id] = r;
    if (dE <= 0.f || (r * 2.3283064e-10f) < __expf(-beta * dE)) spin[id] = -s;
}

// SPH density and pressure with poly6 kernel, brute force over neighbours in shared tiles (double)
extern "C" __global__ void sph_density_pressure(const dbl4* __restrict__ p /*xyz,m*/, double* __restrict__ rho,
                                                double* __restrict__ pres, int n, double h, double k, double rho0)
{
    __shared__ dbl4 sh[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    dbl4 pi = p[min(i, n - 1)];
    double h2 = h * h;
    double poly6 = 315.0 / (64.0 * 3.14159265358979 * pow(h, 9.0));
    double d = 0.0;
    for (int b = 0; b < n; b += 128) {
        sh[threadIdx.x] = (b + threadIdx.x < n) ? p[b + threadIdx.x] : make_dbl4(1e30, 1e30, 1e30, 0.0);
        __syncthreads();
        for (int j = 0; j < 128; ++j) {
            double dx = pi.x - sh[j].x, dy = pi.y - sh[j].y, dz = pi.z - sh[j].z;
            double r2 = dx * dx + dy * dy + dz * dz;
            if (r2 < h2) { double q = h2 - r2; d += sh[j].w * q * q * q; }
        }
        __syncthreads();
    }
    if (i < n) {
        d *= poly6;
        rho[i] = d;
        pres[i] = k * (pow(d / rho0, 7.0) - 1.0);    // Tait equation of state
    }
}
