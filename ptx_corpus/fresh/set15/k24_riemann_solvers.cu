// Domain: compressible gas dynamics - Riemann solvers for the Euler equations (double precision)
// hllc_flux_1d: HLLC numerical flux at each interface of a 1D grid from primitive left/right cell states.
// roe_flux_2d_x: Roe flux with Harten entropy fix for the 2D Euler equations across x-faces.
// muscl_hancock_hllc_lb: MUSCL-Hancock (minmod slopes, half-step predictor) + HLLC flux for 2D x-faces, __launch_bounds__(256,4).
// exact_riemann_toro: exact Riemann solver (Toro): Newton iteration for star pressure, then sampling at x/t = s.

#define GAMMA 1.4

struct Prim { double r, u, v, p; };
struct __align__(16) Cons4 { double x, y, z, w; };   // (rho, rho u, rho v, E)
__device__ __forceinline__ Cons4 make_cons4(double a, double b, double c, double d) { Cons4 r = {a, b, c, d}; return r; }

__device__ __forceinline__ void hllc_x(const Prim& L, const Prim& R, double* F)
{
    const double g = GAMMA;
    double cL = sqrt(g * L.p / L.r), cR = sqrt(g * R.p / R.r);
    double EL = L.p / (g - 1.0) + 0.5 * L.r * (L.u * L.u + L.v * L.v);
    double ER = R.p / (g - 1.0) + 0.5 * R.r * (R.u * R.u + R.v * R.v);
    double SL = fmin(L.u - cL, R.u - cR), SR = fmax(L.u + cL, R.u + cR);
    double SM = (R.p - L.p + L.r * L.u * (SL - L.u) - R.r * R.u * (SR - R.u)) /
                (L.r * (SL - L.u) - R.r * (SR - R.u));
    if (SL >= 0.0) {
        F[0] = L.r * L.u; F[1] = L.r * L.u * L.u + L.p; F[2] = L.r * L.u * L.v; F[3] = L.u * (EL + L.p);
    } else if (SR <= 0.0) {
        F[0] = R.r * R.u; F[1] = R.r * R.u * R.u + R.p; F[2] = R.r * R.u * R.v; F[3] = R.u * (ER + R.p);
    } else if (SM >= 0.0) {
        double f = L.r * (SL - L.u) / (SL - SM);
        double Us0 = f, Us1 = f * SM, Us2 = f * L.v;
        double Us3 = f * (EL / L.r + (SM - L.u) * (SM + L.p / (L.r * (SL - L.u))));
        F[0] = L.r * L.u + SL * (Us0 - L.r);
        F[1] = L.r * L.u * L.u + L.p + SL * (Us1 - L.r * L.u);
        F[2] = L.r * L.u * L.v + SL * (Us2 - L.r * L.v);
        F[3] = L.u * (EL + L.p) + SL * (Us3 - EL);
    } else {
        double f = R.r * (SR - R.u) / (SR - SM);
        double Us0 = f, Us1 = f * SM, Us2 = f * R.v;
        double Us3 = f * (ER / R.r + (SM - R.u) * (SM + R.p / (R.r * (SR - R.u))));
        F[0] = R.r * R.u + SR * (Us0 - R.r);
        F[1] = R.r * R.u * R.u + R.p + SR * (Us1 - R.r * R.u);
        F[2] = R.r * R.u * R.v + SR * (Us2 - R.r * R.v);
        F[3] = R.u * (ER + R.p) + SR * (Us3 - ER);
    }
}

extern "C" __global__ void hllc_flux_1d(const double* __restrict__ rho, const double* __restrict__ u,
                                        const double* __restrict__ p, double* __restrict__ flux, int ncells)
{
    int f = blockIdx.x * blockDim.x + threadIdx.x;   // interface between cell f and f+1
    if (f >= ncells - 1) return;
    Prim L = {rho[f], u[f], 0.0, p[f]}, R = {rho[f + 1], u[f + 1], 0.0, p[f + 1]};
    double F[4];
    hllc_x(L, R, F);
    flux[3 * f] = F[0]; flux[3 * f + 1] = F[1]; flux[3 * f + 2] = F[3];
}

extern "C" __global__ void roe_flux_2d_x(const Cons4* __restrict__ U, Cons4* __restrict__ F, int nx, int ny)
{
    // U: conserved (rho, rho u, rho v, E); face i between cells i-1 and i, i = 1..nx-1
    int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
    int j = blockIdx.y;
    if (i >= nx || j >= ny) return;
    const double g = GAMMA;
    Cons4 a = U[(size_t)j * nx + i - 1], b = U[(size_t)j * nx + i];
    double rL = a.x, uL = a.y / rL, vL = a.z / rL, pL = (g - 1.0) * (a.w - 0.5 * rL * (uL * uL + vL * vL));
    double rR = b.x, uR = b.y / rR, vR = b.z / rR, pR = (g - 1.0) * (b.w - 0.5 * rR * (uR * uR + vR * vR));
    double hL = (a.w + pL) / rL, hR = (b.w + pR) / rR;
    double sL = sqrt(rL), sR = sqrt(rR), is = 1.0 / (sL + sR);
    double ut = (sL * uL + sR * uR) * is, vt = (sL * vL + sR * vR) * is, ht = (sL * hL + sR * hR) * is;
    double q2 = ut * ut + vt * vt;
    double c2 = (g - 1.0) * (ht - 0.5 * q2);
    double c = sqrt(fmax(c2, 1e-14));
    double dr = rR - rL, du = uR - uL, dv = vR - vL, dp = pR - pL;
    double rt = sL * sR;
    // wave strengths
    double a1 = (dp - rt * c * du) / (2.0 * c2);
    double a2 = dr - dp / c2;
    double a3 = rt * dv;
    double a4 = (dp + rt * c * du) / (2.0 * c2);
    double l1 = fabs(ut - c), l2 = fabs(ut), l4 = fabs(ut + c);
    // Harten entropy fix
    double eps = 0.1 * c;
    if (l1 < eps) l1 = 0.5 * (l1 * l1 / eps + eps);
    if (l4 < eps) l4 = 0.5 * (l4 * l4 / eps + eps);
    double d0 = l1 * a1 + l2 * a2 + l4 * a4;
    double d1 = l1 * a1 * (ut - c) + l2 * a2 * ut + l4 * a4 * (ut + c);
    double d2 = l1 * a1 * vt + l2 * (a2 * vt + a3) + l4 * a4 * vt;
    double d3 = l1 * a1 * (ht - ut * c) + l2 * (a2 * 0.5 * q2 + a3 * vt) + l4 * a4 * (ht + ut * c);
    double fL0 = rL * uL, fL1 = rL * uL * uL + pL, fL2 = rL * uL * vL, fL3 = uL * (a.w + pL);
    double fR0 = rR * uR, fR1 = rR * uR * uR + pR, fR2 = rR * uR * vR, fR3 = uR * (b.w + pR);
    F[(size_t)j * nx + i] = make_cons4(0.5 * (fL0 + fR0 - d0), 0.5 * (fL1 + fR1 - d1),
                                         0.5 * (fL2 + fR2 - d2), 0.5 * (fL3 + fR3 - d3));
}

__device__ __forceinline__ double minmod(double a, double b)
{
    return (a * b <= 0.0) ? 0.0 : (fabs(a) < fabs(b) ? a : b);
}

__device__ __forceinline__ void cons2prim(const Cons4& U, double* w)
{
    w[0] = U.x; w[1] = U.y / U.x; w[2] = U.z / U.x;
    w[3] = (GAMMA - 1.0) * (U.w - 0.5 * U.x * (w[1] * w[1] + w[2] * w[2]));
}

extern "C" __global__ void __launch_bounds__(256, 4)
muscl_hancock_hllc_lb(const Cons4* __restrict__ U, Cons4* __restrict__ F, int nx, int ny, double dtdx)
{
    // face i sits between cells i-1 and i; needs cells i-2 .. i+1
    int i = blockIdx.x * blockDim.x + threadIdx.x + 2;
    int j = blockIdx.y;
    if (i >= nx - 1 || j >= ny) return;
    const Cons4* row = U + (size_t)j * nx;
    double w[4][4];
#pragma unroll
    for (int k = 0; k < 4; k++) cons2prim(row[i - 2 + k], w[k]);
    Prim st[2];
#pragma unroll
    for (int s = 0; s < 2; s++) {
        // cell c = i-1+s, neighbours in w[s], w[s+1], w[s+2]
        double wc[4], sl[4], lo[4], hi[4];
#pragma unroll
        for (int q = 0; q < 4; q++) {
            wc[q] = w[s + 1][q];
            sl[q] = minmod(w[s + 1][q] - w[s][q], w[s + 2][q] - w[s + 1][q]);
            lo[q] = wc[q] - 0.5 * sl[q];
            hi[q] = wc[q] + 0.5 * sl[q];
        }
        // Hancock predictor in primitive variables (x-direction quasi-linear form)
        double r = wc[0], u = wc[1], p = wc[3];
        double dr = -0.5 * dtdx * (u * sl[0] + r * sl[1]);
        double du = -0.5 * dtdx * (u * sl[1] + sl[3] / r);
        double dv = -0.5 * dtdx * (u * sl[2]);
        double dp = -0.5 * dtdx * (GAMMA * p * sl[1] + u * sl[3]);
        if (s == 0) st[0] = {hi[0] + dr, hi[1] + du, hi[2] + dv, hi[3] + dp};    // left state = right edge of cell i-1
        else        st[1] = {lo[0] + dr, lo[1] + du, lo[2] + dv, lo[3] + dp};    // right state = left edge of cell i
    }
#pragma unroll
    for (int s = 0; s < 2; s++) {
        st[s].r = fmax(st[s].r, 1e-10);
        st[s].p = fmax(st[s].p, 1e-10);
    }
    double Fx[4];
    hllc_x(st[0], st[1], Fx);
    F[(size_t)j * nx + i] = make_cons4(Fx[0], Fx[1], Fx[2], Fx[3]);
}

__device__ __forceinline__ void pressure_fn(double p, double rk, double pk, double ck, double& f, double& fd)
{
    const double g = GAMMA;
    if (p <= pk) {
        double pr = p / pk;
        f = 2.0 * ck / (g - 1.0) * (pow(pr, (g - 1.0) / (2.0 * g)) - 1.0);
        fd = (1.0 / (rk * ck)) * pow(pr, -(g + 1.0) / (2.0 * g));
    } else {
        double ak = 2.0 / ((g + 1.0) * rk), bk = (g - 1.0) / (g + 1.0) * pk;
        double qrt = sqrt(ak / (bk + p));
        f = (p - pk) * qrt;
        fd = (1.0 - 0.5 * (p - pk) / (bk + p)) * qrt;
    }
}

extern "C" __global__ void exact_riemann_toro(const double* __restrict__ left, const double* __restrict__ right,
                                              double s, double* __restrict__ out, int nprob, int* __restrict__ iters)
{
    // left/right: (rho, u, p) triples; out: sampled (rho, u, p) at x/t = s
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= nprob) return;
    const double g = GAMMA;
    double rL = left[3 * k], uL = left[3 * k + 1], pL = left[3 * k + 2];
    double rR = right[3 * k], uR = right[3 * k + 1], pR = right[3 * k + 2];
    double cL = sqrt(g * pL / rL), cR = sqrt(g * pR / rR);
    // PVRS initial guess
    double p = fmax(1e-8, 0.5 * (pL + pR) - 0.125 * (uR - uL) * (rL + rR) * (cL + cR));
    int it = 0;
    for (; it < 40; it++) {
        double fL, fdL, fR, fdR;
        pressure_fn(p, rL, pL, cL, fL, fdL);
        pressure_fn(p, rR, pR, cR, fR, fdR);
        double pn = p - (fL + fR + uR - uL) / (fdL + fdR);
        pn = fmax(pn, 1e-8);
        double change = 2.0 * fabs(pn - p) / (pn + p);
        p = pn;
        if (change < 1e-10) break;
    }
    double fL, fdL, fR, fdR;
    pressure_fn(p, rL, pL, cL, fL, fdL);
    pressure_fn(p, rR, pR, cR, fR, fdR);
    double um = 0.5 * (uL + uR) + 0.5 * (fR - fL);
    double r, u, pp;
    if (s <= um) {
        if (p > pL) {
            double SL = uL - cL * sqrt((g + 1.0) / (2.0 * g) * p / pL + (g - 1.0) / (2.0 * g));
            if (s <= SL) { r = rL; u = uL; pp = pL; }
            else {
                double pr = p / pL, gg = (g - 1.0) / (g + 1.0);
                r = rL * (pr + gg) / (gg * pr + 1.0); u = um; pp = p;
            }
        } else {
            double SHL = uL - cL, cml = cL * pow(p / pL, (g - 1.0) / (2.0 * g)), STL = um - cml;
            if (s <= SHL) { r = rL; u = uL; pp = pL; }
            else if (s > STL) { r = rL * pow(p / pL, 1.0 / g); u = um; pp = p; }
            else {
                double c = 2.0 / (g + 1.0) * (cL + 0.5 * (g - 1.0) * (uL - s));
                r = rL * pow(c / cL, 2.0 / (g - 1.0));
                u = 2.0 / (g + 1.0) * (cL + 0.5 * (g - 1.0) * uL + s);
                pp = pL * pow(c / cL, 2.0 * g / (g - 1.0));
            }
        }
    } else {
        if (p > pR) {
            double SR = uR + cR * sqrt((g + 1.0) / (2.0 * g) * p / pR + (g - 1.0) / (2.0 * g));
            if (s >= SR) { r = rR; u = uR; pp = pR; }
            else {
                double pr = p / pR, gg = (g - 1.0) / (g + 1.0);
                r = rR * (pr + gg) / (gg * pr + 1.0); u = um; pp = p;
            }
        } else {
            double SHR = uR + cR, cmr = cR * pow(p / pR, (g - 1.0) / (2.0 * g)), STR = um + cmr;
            if (s >= SHR) { r = rR; u = uR; pp = pR; }
            else if (s <= STR) { r = rR * pow(p / pR, 1.0 / g); u = um; pp = p; }
            else {
                double c = 2.0 / (g + 1.0) * (cR - 0.5 * (g - 1.0) * (uR - s));
                r = rR * pow(c / cR, 2.0 / (g - 1.0));
                u = 2.0 / (g + 1.0) * (-cR + 0.5 * (g - 1.0) * uR + s);
                pp = pR * pow(c / cR, 2.0 * g / (g - 1.0));
            }
        }
    }
    out[3 * k] = r; out[3 * k + 1] = u; out[3 * k + 2] = pp;
    iters[k] = it;
}
