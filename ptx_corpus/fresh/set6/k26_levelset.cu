// Level-set method on a 2D grid (double precision):
//  * reinitialisation to a signed distance: phi_t + S(phi0)(|grad phi| - 1) = 0
//    with WENO5 one-sided derivatives and Godunov's Hamiltonian
//  * mean curvature kappa = div(grad phi / |grad phi|)
//  * narrow-band extraction (warp-aggregated compaction)
#include <stdint.h>

__device__ __forceinline__ double ls_weno5(double v1, double v2, double v3, double v4, double v5)
{
    const double eps = 1e-6;
    double s1 = (13.0 / 12.0) * (v1 - 2 * v2 + v3) * (v1 - 2 * v2 + v3) + 0.25 * (v1 - 4 * v2 + 3 * v3) * (v1 - 4 * v2 + 3 * v3);
    double s2 = (13.0 / 12.0) * (v2 - 2 * v3 + v4) * (v2 - 2 * v3 + v4) + 0.25 * (v2 - v4) * (v2 - v4);
    double s3 = (13.0 / 12.0) * (v3 - 2 * v4 + v5) * (v3 - 2 * v4 + v5) + 0.25 * (3 * v3 - 4 * v4 + v5) * (3 * v3 - 4 * v4 + v5);
    double a1 = 0.1 / ((s1 + eps) * (s1 + eps));
    double a2 = 0.6 / ((s2 + eps) * (s2 + eps));
    double a3 = 0.3 / ((s3 + eps) * (s3 + eps));
    double inv = 1.0 / (a1 + a2 + a3);
    double p1 = v1 / 3.0 - 7.0 * v2 / 6.0 + 11.0 * v3 / 6.0;
    double p2 = -v2 / 6.0 + 5.0 * v3 / 6.0 + v4 / 3.0;
    double p3 = v3 / 3.0 + 5.0 * v4 / 6.0 - v5 / 6.0;
    return (a1 * p1 + a2 * p2 + a3 * p3) * inv;
}

// One reinitialisation pseudo-time step (forward Euler stage of TVD-RK).
// Stencil of 7 points in x and y; boundary handled by clamping indices.
extern "C" __global__ void __launch_bounds__(128, 8)
levelset_reinit_weno5(const double* __restrict__ phi,
                      const double* __restrict__ phi0,
                      int nx, int ny,
                      double h, double dtau,
                      double* __restrict__ phi_out,
                      double* __restrict__ residual)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y;
    if (i >= nx || j >= ny) return;
    double inv_h = 1.0 / h;
    double px[7], py[7];
#pragma unroll
    for (int k = 0; k < 7; ++k) {
        int ii = min(max(i + k - 3, 0), nx - 1);
        int jj = min(max(j + k - 3, 0), ny - 1);
        px[k] = phi[(long long)j * nx + ii];
        py[k] = phi[(long long)jj * nx + i];
    }
    // first differences
    double dx[6], dy[6];
#pragma unroll
    for (int k = 0; k < 6; ++k) { dx[k] = (px[k + 1] - px[k]) * inv_h; dy[k] = (py[k + 1] - py[k]) * inv_h; }
    double dxm = ls_weno5(dx[0], dx[1], dx[2], dx[3], dx[4]);
    double dxp = ls_weno5(dx[5], dx[4], dx[3], dx[2], dx[1]);
    double dym = ls_weno5(dy[0], dy[1], dy[2], dy[3], dy[4]);
    double dyp = ls_weno5(dy[5], dy[4], dy[3], dy[2], dy[1]);

    double p0 = phi0[(long long)j * nx + i];
    double pc = px[3];
    // smoothed sign using current gradient magnitude (Peng et al.)
    double gx = 0.5 * (dxm + dxp), gy = 0.5 * (dym + dyp);
    double s = p0 / sqrt(p0 * p0 + (gx * gx + gy * gy) * h * h);
    double a2, b2;
    if (s > 0.0) {
        double ap = fmax(dxm, 0.0), bm = fmin(dxp, 0.0);
        double cp = fmax(dym, 0.0), dm = fmin(dyp, 0.0);
        a2 = fmax(ap * ap, bm * bm);
        b2 = fmax(cp * cp, dm * dm);
    } else {
        double am = fmin(dxm, 0.0), bp = fmax(dxp, 0.0);
        double cm = fmin(dym, 0.0), dp = fmax(dyp, 0.0);
        a2 = fmax(am * am, bp * bp);
        b2 = fmax(cm * cm, dp * dp);
    }
    double G = sqrt(a2 + b2) - 1.0;
    double upd = dtau * s * G;
    phi_out[(long long)j * nx + i] = pc - upd;
    // residual only measured near the interface
    if (fabs(pc) < 3.0 * h) {
        double r = fabs(G);
        unsigned long long* addr = (unsigned long long*)residual;
        unsigned long long old = *addr, assumed;
        do {
            assumed = old;
            if (__longlong_as_double(assumed) >= r) break;
            old = atomicCAS(addr, assumed, __double_as_longlong(r));
        } while (old != assumed);
    }
}

// kappa = (phi_xx phi_y^2 - 2 phi_x phi_y phi_xy + phi_yy phi_x^2) / |grad|^3
extern "C" __global__ void levelset_curvature(const double* __restrict__ phi,
                                              int nx, int ny, double h,
                                              double max_kappa,
                                              double* __restrict__ kappa,
                                              double* __restrict__ normal_x,
                                              double* __restrict__ normal_y)
{
    __shared__ double s[18][18];
    int tx = threadIdx.x, ty = threadIdx.y;
    int i = blockIdx.x * 16 + tx, j = blockIdx.y * 16 + ty;
    for (int k = ty * 16 + tx; k < 18 * 18; k += 256) {
        int sy = k / 18, sx = k % 18;
        int gi = min(max((int)blockIdx.x * 16 + sx - 1, 0), nx - 1);
        int gj = min(max((int)blockIdx.y * 16 + sy - 1, 0), ny - 1);
        s[sy][sx] = phi[(long long)gj * nx + gi];
    }
    __syncthreads();
    if (i >= nx || j >= ny) return;
    int cx = tx + 1, cy = ty + 1;
    double inv2h = 0.5 / h, invh2 = 1.0 / (h * h);
    double px = (s[cy][cx + 1] - s[cy][cx - 1]) * inv2h;
    double py = (s[cy + 1][cx] - s[cy - 1][cx]) * inv2h;
    double pxx = (s[cy][cx + 1] - 2.0 * s[cy][cx] + s[cy][cx - 1]) * invh2;
    double pyy = (s[cy + 1][cx] - 2.0 * s[cy][cx] + s[cy - 1][cx]) * invh2;
    double pxy = (s[cy + 1][cx + 1] - s[cy + 1][cx - 1] - s[cy - 1][cx + 1] + s[cy - 1][cx - 1]) * 0.25 * invh2;
    double g2 = px * px + py * py;
    double g = sqrt(g2) + 1e-12;
    double k = (pxx * py * py - 2.0 * px * py * pxy + pyy * px * px) / (g * g * g);
    k = fmin(fmax(k, -max_kappa), max_kappa);
    long long id = (long long)j * nx + i;
    kappa[id] = k;
    normal_x[id] = px / g;
    normal_y[id] = py / g;
}

// Collect indices of cells with |phi| < band into a list. Also flags cells
// whose sign changed relative to the previous step (interface crossing).
extern "C" __global__ void levelset_narrowband(const double* __restrict__ phi,
                                               const double* __restrict__ phi_prev,
                                               long long n, double band,
                                               int* __restrict__ band_idx,
                                               int* __restrict__ band_count,
                                               int* __restrict__ crossings)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    bool in = false, cross = false;
    if (i < n) {
        double p = phi[i];
        in = fabs(p) < band;
        cross = (p > 0.0) != (phi_prev[i] > 0.0);
    }
    unsigned int m = __ballot_sync(0xffffffffu, in);
    unsigned int c = __ballot_sync(0xffffffffu, cross);
    int lane = threadIdx.x & 31;
    int base = 0;
    if (lane == 0 && m) base = atomicAdd(band_count, __popc(m));
    if (lane == 0 && c) atomicAdd(crossings, __popc(c));
    base = __shfl_sync(0xffffffffu, base, 0);
    if (in) band_idx[base + __popc(m & ((1u << lane) - 1u))] = (int)i;
}
