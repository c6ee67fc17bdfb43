// Quantum chemistry: evaluation of contracted Cartesian Gaussian basis functions
// (s, p, d shells) on a molecular grid, electron density rho = sum_mn P_mn phi_m phi_n
// and gradient, and overlap integrals of primitive s/p Gaussian pairs (Obara-Saika).
#include <cuda_runtime.h>

struct __align__(16) dvec4 { double x, y, z, w; };

#define MAX_PRIM 6

struct Shell {
    float x, y, z;
    int l;            // 0,1,2
    int nprim;
    int bf_offset;
    float alpha[MAX_PRIM];
    float coef[MAX_PRIM];
};

extern "C" __global__ void eval_basis_on_grid(const float4* __restrict__ grid_pts,
                                              const Shell* __restrict__ shells, int nshell,
                                              float* __restrict__ phi, float* __restrict__ dphi, // [npts][nbf], [3][npts][nbf]
                                              int npts, int nbf)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npts) return;
    float4 g = grid_pts[p];
    for (int s = 0; s < nshell; ++s) {
        const Shell& sh = shells[s];
        float dx = g.x - sh.x, dy = g.y - sh.y, dz = g.z - sh.z;
        float r2 = dx * dx + dy * dy + dz * dz;
        float R = 0.f, dR = 0.f;
        for (int k = 0; k < sh.nprim; ++k) {
            float e = sh.coef[k] * __expf(-sh.alpha[k] * r2);
            R += e;
            dR -= 2.f * sh.alpha[k] * e;
        }
        size_t o = (size_t)p * nbf + sh.bf_offset;
        size_t st = (size_t)npts * nbf;
        switch (sh.l) {
        case 0:
            phi[o] = R;
            dphi[o] = dR * dx; dphi[o + st] = dR * dy; dphi[o + 2 * st] = dR * dz;
            break;
        case 1: {
            float v[3] = {dx, dy, dz};
#pragma unroll
            for (int c = 0; c < 3; ++c) {
                phi[o + c] = v[c] * R;
                dphi[o + c]          = (c == 0 ? R : 0.f) + v[c] * dR * dx;
                dphi[o + c + st]     = (c == 1 ? R : 0.f) + v[c] * dR * dy;
                dphi[o + c + 2 * st] = (c == 2 ? R : 0.f) + v[c] * dR * dz;
            }
            break;
        }
        case 2: {
            // xx, xy, xz, yy, yz, zz
            float a[6] = {dx * dx, dx * dy, dx * dz, dy * dy, dy * dz, dz * dz};
            float gx[6] = {2 * dx, dy, dz, 0, 0, 0};
            float gy[6] = {0, dx, 0, 2 * dy, dz, 0};
            float gz[6] = {0, 0, dx, 0, dy, 2 * dz};
#pragma unroll
            for (int c = 0; c < 6; ++c) {
                phi[o + c] = a[c] * R;
                dphi[o + c]          = gx[c] * R + a[c] * dR * dx;
                dphi[o + c + st]     = gy[c] * R + a[c] * dR * dy;
                dphi[o + c + 2 * st] = gz[c] * R + a[c] * dR * dz;
            }
            break;
        }
        }
    }
}

// rho(p) = sum_mn P_mn phi_m phi_n, grad rho = 2 sum_mn P_mn phi_m dphi_n.
// Tiled: each thread owns one grid point, block loads P in chunks of 32x32.
extern "C" __global__ void density_from_basis(const float* __restrict__ phi, const float* __restrict__ dphi,
                                              const float* __restrict__ P, float4* __restrict__ rho_grad,
                                              int npts, int nbf)
{
    __shared__ float Ps[32][33];
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    bool valid = p < npts;
    size_t st = (size_t)npts * nbf;
    float rho = 0.f, gx = 0.f, gy = 0.f, gz = 0.f;
    for (int m0 = 0; m0 < nbf; m0 += 32) {
        for (int n0 = 0; n0 < nbf; n0 += 32) {
            for (int t = threadIdx.x; t < 1024; t += blockDim.x) {
                int mm = m0 + t / 32, nn = n0 + t % 32;
                Ps[t / 32][t % 32] = (mm < nbf && nn < nbf) ? P[(size_t)mm * nbf + nn] : 0.f;
            }
            __syncthreads();
            if (valid) {
                for (int mi = 0; mi < 32 && m0 + mi < nbf; ++mi) {
                    float pm = phi[(size_t)p * nbf + m0 + mi];
                    float tr = 0.f, tx = 0.f, ty = 0.f, tz = 0.f;
#pragma unroll 8
                    for (int ni = 0; ni < 32; ++ni) {
                        int n = min(n0 + ni, nbf - 1);
                        float w = Ps[mi][ni];
                        size_t o = (size_t)p * nbf + n;
                        tr = fmaf(w, phi[o], tr);
                        tx = fmaf(w, dphi[o], tx);
                        ty = fmaf(w, dphi[o + st], ty);
                        tz = fmaf(w, dphi[o + 2 * st], tz);
                    }
                    rho = fmaf(pm, tr, rho);
                    gx = fmaf(pm, tx, gx); gy = fmaf(pm, ty, gy); gz = fmaf(pm, tz, gz);
                }
            }
            __syncthreads();
        }
    }
    if (valid) rho_grad[p] = make_float4(rho, 2.f * gx, 2.f * gy, 2.f * gz);
}

// Overlap matrix block between two p-shells (3x3) + s-s, using Obara-Saika recurrence in double.
extern "C" __global__ void overlap_pp_shell_pairs(const dvec4* __restrict__ centers_alpha, // x,y,z,alpha per primitive
                                                  const double* __restrict__ coefs,
                                                  const int2* __restrict__ pairs,          // shell index pair
                                                  int nprim_per_shell, double* __restrict__ S_out, int npairs)
{
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= npairs) return;
    int2 pr = pairs[q];
    double S[3][3];
#pragma unroll
    for (int a = 0; a < 3; ++a)
#pragma unroll
        for (int b = 0; b < 3; ++b) S[a][b] = 0.0;
    const double pi = 3.141592653589793;
    for (int i = 0; i < nprim_per_shell; ++i) {
        dvec4 A = centers_alpha[pr.x * nprim_per_shell + i];
        double ca = coefs[pr.x * nprim_per_shell + i];
        for (int j = 0; j < nprim_per_shell; ++j) {
            dvec4 B = centers_alpha[pr.y * nprim_per_shell + j];
            double cb = coefs[pr.y * nprim_per_shell + j];
            double p = A.w + B.w, mu = A.w * B.w / p;
            double Px = (A.w * A.x + B.w * B.x) / p, Py = (A.w * A.y + B.w * B.y) / p, Pz = (A.w * A.z + B.w * B.z) / p;
            double ABx = A.x - B.x, ABy = A.y - B.y, ABz = A.z - B.z;
            double s00 = pow(pi / p, 1.5) * exp(-mu * (ABx * ABx + ABy * ABy + ABz * ABz));
            double PA[3] = {Px - A.x, Py - A.y, Pz - A.z};
            double PB[3] = {Px - B.x, Py - B.y, Pz - B.z};
            double h = 0.5 / p;
#pragma unroll
            for (int a = 0; a < 3; ++a)
#pragma unroll
                for (int b = 0; b < 3; ++b) {
                    double v = PA[a] * PB[b] + (a == b ? h : 0.0);
                    S[a][b] += ca * cb * s00 * v;
                }
        }
    }
#pragma unroll
    for (int a = 0; a < 3; ++a)
#pragma unroll
        for (int b = 0; b < 3; ++b) S_out[q * 9 + a * 3 + b] = S[a][b];
}

// d-d shell pair overlap (6x6 Cartesian components) via Obara-Saika 1D recurrences in double;
// 36 double accumulators + 1D tables are live across the primitive loops.
extern "C" __global__ void overlap_dd_shell_pairs(const dvec4* __restrict__ centers_alpha,
                                                  const double* __restrict__ coefs,
                                                  const int2* __restrict__ pairs,
                                                  int nprim_per_shell, double* __restrict__ S_out, int npairs)
{
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= npairs) return;
    int2 pr = pairs[q];
    // Cartesian d components: xx, xy, xz, yy, yz, zz as (lx,ly,lz)
    const int L[6][3] = {{2, 0, 0}, {1, 1, 0}, {1, 0, 1}, {0, 2, 0}, {0, 1, 1}, {0, 0, 2}};
    double S[6][6];
#pragma unroll
    for (int a = 0; a < 6; ++a)
#pragma unroll
        for (int b = 0; b < 6; ++b) S[a][b] = 0.0;
    const double pi = 3.141592653589793;
    for (int i = 0; i < nprim_per_shell; ++i) {
        dvec4 A = centers_alpha[pr.x * nprim_per_shell + i];
        double ca = coefs[pr.x * nprim_per_shell + i];
        for (int j = 0; j < nprim_per_shell; ++j) {
            dvec4 B = centers_alpha[pr.y * nprim_per_shell + j];
            double cb = coefs[pr.y * nprim_per_shell + j];
            double p = A.w + B.w, mu = A.w * B.w / p, h = 0.5 / p;
            double Pc[3] = {(A.w * A.x + B.w * B.x) / p, (A.w * A.y + B.w * B.y) / p, (A.w * A.z + B.w * B.z) / p};
            double Ac[3] = {A.x, A.y, A.z}, Bc[3] = {B.x, B.y, B.z};
            double E[3][3][3];   // E[dim][i][j], i,j in 0..2
#pragma unroll
            for (int d = 0; d < 3; ++d) {
                double AB = Ac[d] - Bc[d];
                double PA = Pc[d] - Ac[d], PB = Pc[d] - Bc[d];
                E[d][0][0] = sqrt(pi / p) * exp(-mu * AB * AB);
                E[d][1][0] = PA * E[d][0][0];
                E[d][2][0] = PA * E[d][1][0] + h * E[d][0][0];
#pragma unroll
                for (int ii = 0; ii < 3; ++ii) {
                    E[d][ii][1] = PB * E[d][ii][0] + (ii > 0 ? h * ii * E[d][ii - 1][0] : 0.0);
                    E[d][ii][2] = PB * E[d][ii][1] + h * ((ii > 0 ? ii * E[d][ii - 1][1] : 0.0) + E[d][ii][0]);
                }
            }
            double w = ca * cb;
#pragma unroll
            for (int a = 0; a < 6; ++a)
#pragma unroll
                for (int b = 0; b < 6; ++b)
                    S[a][b] += w * E[0][L[a][0]][L[b][0]] * E[1][L[a][1]][L[b][1]] * E[2][L[a][2]][L[b][2]];
        }
    }
#pragma unroll
    for (int a = 0; a < 6; ++a)
#pragma unroll
        for (int b = 0; b < 6; ++b) S_out[(size_t)q * 36 + a * 6 + b] = S[a][b];
}
