// Geometric multigrid components for the 3D variable-coefficient Poisson problem
// -div(beta grad u) = f on a cell-centred grid: red-black Gauss-Seidel smoother,
// 27-point weighted-Jacobi smoother marching in z with a register window,
// full-weighting restriction, and trilinear prolongation with correction.

__device__ __forceinline__ long gidx(int i, int j, int k, int nx, int ny) { return ((long)k * ny + j) * nx + i; }

extern "C" __global__ void mg_smooth_rbgs_vc(double* __restrict__ u, const double* __restrict__ f,
                                             const double* __restrict__ bx, const double* __restrict__ by,
                                             const double* __restrict__ bz, int nx, int ny, int nz,
                                             double inv_h2, int color, double omega)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
    int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
    int k = blockIdx.z + 1;
    if (i > nx - 2 || j > ny - 2 || k > nz - 2) return;
    if (((i + j + k) & 1) != color) return;
    long c = gidx(i, j, k, nx, ny);
    long sy = nx, sz = (long)nx * ny;
    double bxm = bx[c], bxp = bx[c + 1];
    double bym = by[c], byp = by[c + sy];
    double bzm = bz[c], bzp = bz[c + sz];
    double diag = (bxm + bxp + bym + byp + bzm + bzp) * inv_h2;
    double off = (bxm * u[c - 1] + bxp * u[c + 1] + bym * u[c - sy] + byp * u[c + sy] +
                  bzm * u[c - sz] + bzp * u[c + sz]) * inv_h2;
    double unew = (f[c] + off) / diag;
    u[c] = u[c] + omega * (unew - u[c]);
}

// Weighted Jacobi sweep for a 27-point (trilinear FEM / Q1) operator with per-cell stencil scaling.
// Each thread owns an (i, j) column and marches in z keeping a 3x3x3 window of u in registers.
extern "C" __global__ void mg_jacobi27_zmarch(const double* __restrict__ u, double* __restrict__ u_new,
                                              const double* __restrict__ f, const double* __restrict__ kappa,
                                              int nx, int ny, int nz, double h, double omega)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
    int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
    if (i > nx - 2 || j > ny - 2) return;
    // Q1 stiffness stencil weights (times h): centre 8/3, faces 0, edges -1/6, corners -1/12
    const double wc = 8.0 / 3.0, we = -1.0 / 6.0, wk = -1.0 / 12.0;
    double w[3][3][3];
#pragma unroll
    for (int a = 0; a < 3; ++a)
#pragma unroll
        for (int b = 0; b < 3; ++b)
#pragma unroll
            for (int c = 0; c < 3; ++c) w[a][b][c] = 0.0;
    // win[z][y][x] with z = 0 (k-1), 1 (k), 2 (k+1)
#pragma unroll
    for (int a = 0; a < 2; ++a)
#pragma unroll
        for (int b = 0; b < 3; ++b)
#pragma unroll
            for (int c = 0; c < 3; ++c) w[a + 1][b][c] = u[gidx(i + c - 1, j + b - 1, a, nx, ny)];
    for (int k = 1; k <= nz - 2; ++k) {
#pragma unroll
        for (int b = 0; b < 3; ++b)
#pragma unroll
            for (int c = 0; c < 3; ++c) {
                w[0][b][c] = w[1][b][c];
                w[1][b][c] = w[2][b][c];
                w[2][b][c] = u[gidx(i + c - 1, j + b - 1, k + 1, nx, ny)];
            }
        double Au = 0.0;
#pragma unroll
        for (int a = 0; a < 3; ++a)
#pragma unroll
            for (int b = 0; b < 3; ++b)
#pragma unroll
                for (int c = 0; c < 3; ++c) {
                    int nzc = (a != 1) + (b != 1) + (c != 1);
                    double wt = nzc == 0 ? wc : (nzc == 1 ? 0.0 : (nzc == 2 ? we : wk));
                    Au += wt * w[a][b][c];
                }
        long cidx = gidx(i, j, k, nx, ny);
        double kap = kappa[cidx];
        Au *= kap * h;
        double diag = kap * h * wc;
        u_new[cidx] = w[1][1][1] + omega * (f[cidx] * h * h * h - Au) / diag;
    }
}

// Full weighting (27-point) restriction for vertex-like coarsening: coarse (I,J,K) <- fine (2I,2J,2K).
// Each thread produces two x-adjacent coarse values, reusing the shared fine plane column (x = 2I+1).
extern "C" __global__ void mg_restrict_fw27_x2(const double* __restrict__ rf, double* __restrict__ fc,
                                               int nxf, int nyf, int nzf, int nxc, int nyc, int nzc)
{
    int I = 2 * (blockIdx.x * blockDim.x + threadIdx.x) + 1;
    int J = blockIdx.y * blockDim.y + threadIdx.y + 1;
    int K = blockIdx.z + 1;
    if (I > nxc - 2 || J > nyc - 2 || K > nzc - 2) return;
    bool two = I + 1 <= nxc - 2;
    int i = 2 * I, j = 2 * J, k = 2 * K;
    // fine samples x = i-1 .. i+3 (5 columns) for all 9 (y, z) rows
    double v[3][3][5];
#pragma unroll
    for (int dk = 0; dk < 3; ++dk)
#pragma unroll
        for (int dj = 0; dj < 3; ++dj)
#pragma unroll
            for (int di = 0; di < 5; ++di) {
                int ii = i - 1 + di;
                v[dk][dj][di] = (di < 3 || two) ? rf[gidx(ii, j - 1 + dj, k - 1 + dk, nxf, nyf)] : 0.0;
            }
    double s0 = 0.0, s1 = 0.0;
#pragma unroll
    for (int dk = 0; dk < 3; ++dk)
#pragma unroll
        for (int dj = 0; dj < 3; ++dj) {
            double wyz = (double)((2 - (dj - 1) * (dj - 1)) * (2 - (dk - 1) * (dk - 1)));
            s0 += wyz * (v[dk][dj][0] + 2.0 * v[dk][dj][1] + v[dk][dj][2]);
            s1 += wyz * (v[dk][dj][2] + 2.0 * v[dk][dj][3] + v[dk][dj][4]);
        }
    fc[gidx(I, J, K, nxc, nyc)] = s0 / 64.0;
    if (two) fc[gidx(I + 1, J, K, nxc, nyc)] = s1 / 64.0;
}

// Trilinear prolongation + correction: u_f += P e_c. Each thread produces a 2x2x2 fine block.
extern "C" __global__ void mg_prolong_correct_tri(const double* __restrict__ ec, double* __restrict__ uf,
                                                  int nxf, int nyf, int nzf, int nxc, int nyc, int nzc)
{
    int I = blockIdx.x * blockDim.x + threadIdx.x;
    int J = blockIdx.y * blockDim.y + threadIdx.y;
    int K = blockIdx.z;
    if (I >= nxc - 1 || J >= nyc - 1 || K >= nzc - 1) return;
    double e[2][2][2];
#pragma unroll
    for (int a = 0; a < 2; ++a)
#pragma unroll
        for (int b = 0; b < 2; ++b)
#pragma unroll
            for (int c = 0; c < 2; ++c) e[a][b][c] = ec[gidx(I + c, J + b, K + a, nxc, nyc)];
#pragma unroll
    for (int dk = 0; dk < 2; ++dk)
#pragma unroll
        for (int dj = 0; dj < 2; ++dj)
#pragma unroll
            for (int di = 0; di < 2; ++di) {
                int i = 2 * I + di, j = 2 * J + dj, k = 2 * K + dk;
                if (i <= 0 || j <= 0 || k <= 0 || i >= nxf - 1 || j >= nyf - 1 || k >= nzf - 1) continue;
                double wx = 0.5 * di, wy = 0.5 * dj, wz = 0.5 * dk;
                double v = 0.0;
#pragma unroll
                for (int a = 0; a < 2; ++a)
#pragma unroll
                    for (int b = 0; b < 2; ++b)
#pragma unroll
                        for (int c = 0; c < 2; ++c)
                            v += (a ? wz : 1.0 - wz) * (b ? wy : 1.0 - wy) * (c ? wx : 1.0 - wx) * e[a][b][c];
                uf[gidx(i, j, k, nxf, nyf)] += v;
            }
}
