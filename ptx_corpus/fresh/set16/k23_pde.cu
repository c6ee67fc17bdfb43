// Domain: PDE solvers (batched tridiagonal Thomas solves, red-black SOR, WENO5 finite-volume fluxes, Crank-Nicolson heat lines)

// Thomas algorithm on a system held in caller-provided local arrays; not inlined
__device__ __noinline__ void thomas_solve_noinline(int n, const float* a, const float* b, const float* c, float* d, float* cp)
{
    cp[0] = c[0] / b[0];
    d[0] = d[0] / b[0];
    for (int i = 1; i < n; ++i) {
        float m = 1.f / (b[i] - a[i] * cp[i - 1]);
        cp[i] = c[i] * m;
        d[i] = (d[i] - a[i] * d[i - 1]) * m;
    }
    for (int i = n - 2; i >= 0; --i) d[i] -= cp[i] * d[i + 1];
}

// thomas_batched_noinline: one tridiagonal system (n <= 64) per thread, copied into local arrays and solved by a __noinline__ Thomas routine
extern "C" __global__ void thomas_batched_noinline(const float* __restrict__ A, const float* __restrict__ B, const float* __restrict__ C,
                                                         const float* __restrict__ D, float* __restrict__ X, int n, int nSys)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nSys) return;
    float a[64], b[64], c[64], d[64], cp[64];
    int m = min(n, 64);
    for (int i = 0; i < m; ++i) {
        size_t g = (size_t)i * nSys + s;   // interleaved layout for coalescing
        a[i] = A[g]; b[i] = B[g]; c[i] = C[g]; d[i] = D[g];
    }
    thomas_solve_noinline(m, a, b, c, d, cp);
    for (int i = 0; i < m; ++i) X[(size_t)i * nSys + s] = d[i];
}

// sor_redblack_poisson2d: one colour sweep of red-black successive over-relaxation for the 2-D Poisson equation (double precision)
extern "C" __global__ void sor_redblack_poisson2d(double* __restrict__ u, const double* __restrict__ f, int nx, int ny, double h2, double omega, int color)
{
    int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
    int i2 = blockIdx.x * blockDim.x + threadIdx.x;
    int i = 2 * i2 + 1 + ((j + 1 + color) & 1);     // (i + j) % 2 == color
    if (i >= nx - 1 || j >= ny - 1) return;
    size_t id = (size_t)j * nx + i;
    double gs = 0.25 * (u[id - 1] + u[id + 1] + u[id - nx] + u[id + nx] - h2 * f[id]);
    u[id] = (1.0 - omega) * u[id] + omega * gs;
}

__device__ __forceinline__ float weno5_minus(float v0, float v1, float v2, float v3, float v4)
{
    const float eps = 1e-6f;
    float b0 = 13.f / 12.f * (v0 - 2 * v1 + v2) * (v0 - 2 * v1 + v2) + 0.25f * (v0 - 4 * v1 + 3 * v2) * (v0 - 4 * v1 + 3 * v2);
    float b1 = 13.f / 12.f * (v1 - 2 * v2 + v3) * (v1 - 2 * v2 + v3) + 0.25f * (v1 - v3) * (v1 - v3);
    float b2 = 13.f / 12.f * (v2 - 2 * v3 + v4) * (v2 - 2 * v3 + v4) + 0.25f * (3 * v2 - 4 * v3 + v4) * (3 * v2 - 4 * v3 + v4);
    float a0 = 0.1f / ((eps + b0) * (eps + b0)), a1 = 0.6f / ((eps + b1) * (eps + b1)), a2 = 0.3f / ((eps + b2) * (eps + b2));
    float q0 = (2 * v0 - 7 * v1 + 11 * v2) / 6.f, q1 = (-v1 + 5 * v2 + 2 * v3) / 6.f, q2 = (2 * v2 + 5 * v3 - v4) / 6.f;
    return (a0 * q0 + a1 * q1 + a2 * q2) / (a0 + a1 + a2);
}

// weno5_euler1d_flux_split: Lax-Friedrichs flux splitting + WENO5 reconstruction of the 3 conserved Euler variables at each interface
extern "C" __global__ void weno5_euler1d_flux_split(const float3* __restrict__ U, float3* __restrict__ Fhat, int n, float gamma, float alpha)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;      // interface i+1/2
    if (i < 2 || i >= n - 3) return;
    float fp[6][3], fm[6][3];
#pragma unroll
    for (int k = 0; k < 6; ++k) {
        float3 u = U[i - 2 + k];
        float rho = u.x, mom = u.y, E = u.z;
        float vel = mom / rho;
        float p = (gamma - 1.f) * (E - 0.5f * rho * vel * vel);
        float F[3] = {mom, mom * vel + p, (E + p) * vel};
        float Uv[3] = {rho, mom, E};
#pragma unroll
        for (int c = 0; c < 3; ++c) { fp[k][c] = 0.5f * (F[c] + alpha * Uv[c]); fm[k][c] = 0.5f * (F[c] - alpha * Uv[c]); }
    }
    float out[3];
#pragma unroll
    for (int c = 0; c < 3; ++c)
        out[c] = weno5_minus(fp[0][c], fp[1][c], fp[2][c], fp[3][c], fp[4][c]) + weno5_minus(fm[5][c], fm[4][c], fm[3][c], fm[2][c], fm[1][c]);
    Fhat[i] = make_float3(out[0], out[1], out[2]);
}

// crank_nicolson_heat_lines_pcr: Crank-Nicolson step for many independent 1-D heat lines (64 points) solved by parallel cyclic reduction in shared memory, one line per 64-thread block
extern "C" __global__ void crank_nicolson_heat_lines_pcr(const float* __restrict__ u, float* __restrict__ un, float r)
{
    __shared__ float a[64], b[64], c[64], d[64];
    int i = threadIdx.x;
    const float* ul = u + blockIdx.x * 64;
    float left = (i > 0) ? ul[i - 1] : 0.f, right = (i < 63) ? ul[i + 1] : 0.f;
    a[i] = (i > 0) ? -0.5f * r : 0.f;
    c[i] = (i < 63) ? -0.5f * r : 0.f;
    b[i] = 1.f + r;
    d[i] = ul[i] + 0.5f * r * (left - 2.f * ul[i] + right);
    __syncthreads();
    for (int s = 1; s < 64; s <<= 1) {
        float ai = a[i], bi = b[i], ci = c[i], di = d[i];
        float na = 0.f, nb = bi, nc = 0.f, nd = di;
        if (i - s >= 0) { float k1 = ai / b[i - s]; nb -= c[i - s] * k1; nd -= d[i - s] * k1; na = -a[i - s] * k1; }
        if (i + s < 64) { float k2 = ci / b[i + s]; nb -= a[i + s] * k2; nd -= d[i + s] * k2; nc = -c[i + s] * k2; }
        __syncthreads();
        a[i] = na; b[i] = nb; c[i] = nc; d[i] = nd;
        __syncthreads();
    }
    un[blockIdx.x * 64 + i] = d[i] / b[i];
}
