// Power-grid AC load flow: power mismatch evaluation on a CSR admittance matrix,
// Newton-Raphson Jacobian assembly (polar form), and Gauss-Seidel style bus voltage update.
#include <cuda_runtime.h>

enum BusType { PQ = 0, PV = 1, SLACK = 2 };

// P_i = V_i * sum_k V_k (G_ik cos(th_i - th_k) + B_ik sin(th_i - th_k))
// Q_i = V_i * sum_k V_k (G_ik sin(th_i - th_k) - B_ik cos(th_i - th_k))
extern "C" __global__ void pf_mismatch(int nbus, const int *__restrict__ rowptr, const int *__restrict__ col,
                                       const double *__restrict__ G, const double *__restrict__ B,
                                       const double *__restrict__ Vm, const double *__restrict__ Va,
                                       const double *__restrict__ Pspec, const double *__restrict__ Qspec,
                                       const int *__restrict__ btype,
                                       double *__restrict__ dP, double *__restrict__ dQ,
                                       double *__restrict__ Pcalc, double *__restrict__ Qcalc)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nbus) return;
    double vi = Vm[i], ti = Va[i];
    double p = 0.0, q = 0.0;
    for (int e = rowptr[i]; e < rowptr[i + 1]; ++e) {
        int k = __ldg(col + e);
        double s, c;
        sincos(ti - __ldg(Va + k), &s, &c);
        double g = __ldg(G + e), b = __ldg(B + e), vk = __ldg(Vm + k);
        p += vk * (g * c + b * s);
        q += vk * (g * s - b * c);
    }
    p *= vi; q *= vi;
    Pcalc[i] = p; Qcalc[i] = q;
    int t = btype[i];
    dP[i] = (t == SLACK) ? 0.0 : Pspec[i] - p;
    dQ[i] = (t == PQ) ? Qspec[i] - q : 0.0;
}

// Jacobian entries for each nonzero of Y. Writes the four blocks J11 (dP/dth), J12 (dP/dV),
// J21 (dQ/dth), J22 (dQ/dV) in the same sparsity as Y. One warp per row.
extern "C" __global__ void __launch_bounds__(256)
pf_jacobian(int nbus, const int *__restrict__ rowptr, const int *__restrict__ col,
            const double *__restrict__ G, const double *__restrict__ B,
            const double *__restrict__ Vm, const double *__restrict__ Va,
            const double *__restrict__ Pcalc, const double *__restrict__ Qcalc,
            double *__restrict__ J11, double *__restrict__ J12,
            double *__restrict__ J21, double *__restrict__ J22)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= nbus) return;
    int i = warp;
    double vi = Vm[i], ti = Va[i];
    double Pi = Pcalc[i], Qi = Qcalc[i];
    int beg = rowptr[i], end = rowptr[i + 1];
    for (int e = beg + lane; e < end; e += 32) {
        int k = col[e];
        double g = G[e], b = B[e];
        if (k == i) {
            J11[e] = -Qi - b * vi * vi;
            J12[e] = Pi / vi + g * vi;
            J21[e] = Pi - g * vi * vi;
            J22[e] = Qi / vi - b * vi;
        } else {
            double vk = Vm[k];
            double s, c;
            sincos(ti - Va[k], &s, &c);
            double gs_bc = g * s - b * c;
            double gc_bs = g * c + b * s;
            J11[e] = vi * vk * gs_bc;
            J12[e] = vi * gc_bs;
            J21[e] = -vi * vk * gc_bs;
            J22[e] = vi * gs_bc;
        }
    }
}

// Red-black Gauss-Seidel update in complex arithmetic for the classical GS load flow.
// V_i <- (1/Y_ii) * ((P_i - jQ_i)/conj(V_i) - sum_{k!=i} Y_ik V_k), with acceleration factor.
extern "C" __global__ void pf_gauss_seidel_color(int ncolor_bus, const int *__restrict__ buses,
                                                 const int *__restrict__ rowptr, const int *__restrict__ col,
                                                 const double2 *__restrict__ Y, double2 *__restrict__ V,
                                                 const double *__restrict__ Pspec, const double *__restrict__ Qspec,
                                                 const int *__restrict__ btype, const double *__restrict__ Vset,
                                                 const double *__restrict__ Qmin, const double *__restrict__ Qmax,
                                                 double accel, double *__restrict__ maxdv)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= ncolor_bus) return;
    int i = buses[t];
    int type = btype[i];
    if (type == SLACK) return;
    double2 vi = V[i];
    double2 yii = make_double2(0.0, 0.0);
    double sr = 0.0, si = 0.0;     // sum_k Y_ik V_k for k != i
    double fr = 0.0, fi = 0.0;     // full sum (for PV reactive estimate)
    for (int e = rowptr[i]; e < rowptr[i + 1]; ++e) {
        int k = col[e];
        double2 y = Y[e];
        double2 vk = (k == i) ? vi : V[k];
        double pr = y.x * vk.x - y.y * vk.y;
        double pi = y.x * vk.y + y.y * vk.x;
        fr += pr; fi += pi;
        if (k == i) yii = y; else { sr += pr; si += pi; }
    }
    double P = Pspec[i], Q = Qspec[i];
    if (type == PV) {
        // Q = -Im(conj(V_i) * sum Y_ik V_k)
        Q = -(vi.x * fi - vi.y * fr);
        Q = fmin(fmax(Q, Qmin[i]), Qmax[i]);
    }
    // (P - jQ) / conj(V_i)
    double den = vi.x * vi.x + vi.y * vi.y;
    double ar = (P * vi.x + Q * vi.y) / den;   // (P - jQ)(vr + j vi)/|v|^2 real part: P*vr + Q*vi
    double ai = (P * vi.y - Q * vi.x) / den;
    double nr = ar - sr, ni = ai - si;
    double yd = yii.x * yii.x + yii.y * yii.y;
    double vnr = (nr * yii.x + ni * yii.y) / yd;
    double vni = (ni * yii.x - nr * yii.y) / yd;
    if (type == PV) {
        double mag = sqrt(vnr * vnr + vni * vni);
        double s = Vset[i] / mag;
        vnr *= s; vni *= s;
    } else {
        vnr = vi.x + accel * (vnr - vi.x);
        vni = vi.y + accel * (vni - vi.y);
    }
    double dv = hypot(vnr - vi.x, vni - vi.y);
    V[i] = make_double2(vnr, vni);
    // max reduction via integer atomics on non-negative doubles
    atomicMax((unsigned long long *)maxdv, (unsigned long long)__double_as_longlong(dv));
}
