// GNSS positioning: broadcast ephemeris to ECEF satellite position/clock (Kepler solve,
// harmonic corrections, relativistic term), Klobuchar ionospheric and Saastamoinen
// tropospheric delays, and an iterative weighted least-squares single-point position
// solution per receiver epoch (4x4 normal equations in double).
#include <cuda_runtime.h>

#define GM_GPS 3.986005e14
#define OMEGA_EDOT 7.2921151467e-5
#define C_LIGHT 299792458.0
#define F_REL -4.442807633e-10
#define MAXSAT 16

struct Ephem {
    double toe, toc, sqrtA, e, M0, dn, omega, OMEGA0, OMEGAdot, i0, idot;
    double cuc, cus, crc, crs, cic, cis;
    double af0, af1, af2, tgd;
};

__device__ __noinline__ void sat_pos_clock(const Ephem &E, double t, double *xyz, double *dtsv)
{
    double A = E.sqrtA * E.sqrtA;
    double tk = t - E.toe;
    if (tk > 302400.0) tk -= 604800.0; else if (tk < -302400.0) tk += 604800.0;
    double n = sqrt(GM_GPS / (A * A * A)) + E.dn;
    double M = E.M0 + n * tk;
    double Ek = M;
    for (int it = 0; it < 10; ++it) {
        double d = (Ek - E.e * sin(Ek) - M) / (1.0 - E.e * cos(Ek));
        Ek -= d;
        if (fabs(d) < 1e-13) break;
    }
    double sE, cE;
    sincos(Ek, &sE, &cE);
    double nu = atan2(sqrt(1.0 - E.e * E.e) * sE, cE - E.e);
    double phi = nu + E.omega;
    double s2, c2;
    sincos(2.0 * phi, &s2, &c2);
    double u = phi + E.cus * s2 + E.cuc * c2;
    double r = A * (1.0 - E.e * cE) + E.crs * s2 + E.crc * c2;
    double inc = E.i0 + E.idot * tk + E.cis * s2 + E.cic * c2;
    double xp = r * cos(u), yp = r * sin(u);
    double Om = E.OMEGA0 + (E.OMEGAdot - OMEGA_EDOT) * tk - OMEGA_EDOT * E.toe;
    double sO, cO, si, ci;
    sincos(Om, &sO, &cO);
    sincos(inc, &si, &ci);
    xyz[0] = xp * cO - yp * ci * sO;
    xyz[1] = xp * sO + yp * ci * cO;
    xyz[2] = yp * si;
    double tc = t - E.toc;
    *dtsv = E.af0 + E.af1 * tc + E.af2 * tc * tc + F_REL * E.e * E.sqrtA * sE - E.tgd;
}

extern "C" __global__ void gnss_sat_positions(const Ephem *__restrict__ eph, const double *__restrict__ t,
                                              int n, double4_32a *__restrict__ out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double p[3], dt;
    sat_pos_clock(eph[i], t[i], p, &dt);
    out[i] = make_double4_32a(p[0], p[1], p[2], dt);
}

__device__ __forceinline__ double klobuchar(double latu, double lonu, double az, double el, double tow,
                                            const double *alpha, const double *beta)
{
    // semicircles
    double E = el / M_PI;
    double psi = 0.0137 / (E + 0.11) - 0.022;
    double phii = latu / M_PI + psi * cos(az);
    phii = fmin(fmax(phii, -0.416), 0.416);
    double lami = lonu / M_PI + psi * sin(az) / cos(phii * M_PI);
    double phim = phii + 0.064 * cos((lami - 1.617) * M_PI);
    double tl = fmod(43200.0 * lami + tow, 86400.0);
    if (tl < 0) tl += 86400.0;
    double F = 1.0 + 16.0 * pow(0.53 - E, 3.0);
    double AMP = alpha[0] + phim * (alpha[1] + phim * (alpha[2] + phim * alpha[3]));
    double PER = beta[0] + phim * (beta[1] + phim * (beta[2] + phim * beta[3]));
    AMP = fmax(AMP, 0.0); PER = fmax(PER, 72000.0);
    double x = 2.0 * M_PI * (tl - 50400.0) / PER;
    double T = fabs(x) < 1.57 ? F * (5e-9 + AMP * (1.0 - x * x / 2.0 + x * x * x * x / 24.0)) : F * 5e-9;
    return C_LIGHT * T;
}

__device__ __forceinline__ double saastamoinen(double lat, double h, double el)
{
    const double humi = 0.7;
    double hgt = fmax(h, 0.0);
    double P = 1013.25 * pow(1.0 - 2.2557e-5 * hgt, 5.2568);
    double T = 15.0 - 6.5e-3 * hgt + 273.16;
    double e = 6.108 * humi * exp((17.15 * T - 4684.0) / (T - 38.45));
    double z = M_PI / 2.0 - el;
    double trph = 0.0022768 * P / (1.0 - 0.00266 * cos(2.0 * lat) - 0.00028 * hgt / 1e3) / cos(z);
    double trpw = 0.002277 * (1255.0 / T + 0.05) * e / cos(z);
    return trph + trpw;
}

__device__ void ecef_to_geodetic(const double *x, double *lat, double *lon, double *h)
{
    const double a = 6378137.0, e2 = 6.69437999014e-3;
    double p = sqrt(x[0] * x[0] + x[1] * x[1]);
    *lon = atan2(x[1], x[0]);
    double la = atan2(x[2], p * (1.0 - e2));
    double N = a;
    for (int i = 0; i < 5; ++i) {
        double s = sin(la);
        N = a / sqrt(1.0 - e2 * s * s);
        *h = p / cos(la) - N;
        la = atan2(x[2], p * (1.0 - e2 * N / (N + *h)));
    }
    *lat = la;
}

// One receiver epoch per thread: iterative least squares for (x, y, z, clock bias).
extern "C" __global__ void __launch_bounds__(64, 8)
gnss_spp_solve(const double *__restrict__ pr,       // [nepoch][MAXSAT] pseudoranges (0 = missing)
               const double4_32a *__restrict__ satpc, // [nepoch][MAXSAT] sat position + clock
               const double *__restrict__ iono_ab,  // 8 Klobuchar coefficients
               const double *__restrict__ tow, int nepoch, double el_mask,
               double4_32a *__restrict__ sol, int *__restrict__ nused)
{
    int ep = blockIdx.x * blockDim.x + threadIdx.x;
    if (ep >= nepoch) return;
    double x[4] = {0.0, 0.0, 0.0, 0.0};
    double alpha[4], beta[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) { alpha[k] = iono_ab[k]; beta[k] = iono_ab[4 + k]; }
    int used = 0;
    for (int iter = 0; iter < 10; ++iter) {
        double N[10] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};   // packed upper triangle of 4x4
        double b[4] = {0, 0, 0, 0};
        double lat = 0, lon = 0, h = 0;
        bool haveGeo = (x[0] * x[0] + x[1] * x[1] + x[2] * x[2]) > 1e12;
        if (haveGeo) ecef_to_geodetic(x, &lat, &lon, &h);
        used = 0;
        for (int s = 0; s < MAXSAT; ++s) {
            double P = pr[ep * MAXSAT + s];
            if (P <= 0.0) continue;
            double4_32a sp = satpc[ep * MAXSAT + s];
            // Sagnac: rotate satellite position by earth rotation during signal travel
            double tau = P / C_LIGHT;
            double th = OMEGA_EDOT * tau;
            double sxr = cos(th) * sp.x + sin(th) * sp.y;
            double syr = -sin(th) * sp.x + cos(th) * sp.y;
            double dx = sxr - x[0], dy = syr - x[1], dz = sp.z - x[2];
            double r = sqrt(dx * dx + dy * dy + dz * dz);
            double ux = -dx / r, uy = -dy / r, uz = -dz / r;
            double w = 1.0, corr = 0.0;
            if (haveGeo) {
                double sl, cl, sp_, cp;
                sincos(lon, &sl, &cl); sincos(lat, &sp_, &cp);
                double e = -sl * dx + cl * dy;
                double nn = -sp_ * cl * dx - sp_ * sl * dy + cp * dz;
                double u = cp * cl * dx + cp * sl * dy + sp_ * dz;
                double el = asin(u / r), az = atan2(e, nn);
                if (el < el_mask) continue;
                corr = klobuchar(lat, lon, az, el, tow[ep], alpha, beta) + saastamoinen(lat, h, el);
                double se = sin(el);
                w = se * se;
            }
            double res = P - (r + x[3] - C_LIGHT * sp.w + corr);
            double H[4] = {ux, uy, uz, 1.0};
            int k = 0;
#pragma unroll
            for (int a = 0; a < 4; ++a) {
                b[a] += w * H[a] * res;
#pragma unroll
                for (int c = a; c < 4; ++c) N[k++] += w * H[a] * H[c];
            }
            ++used;
        }
        if (used < 4) break;
        // Cholesky of packed 4x4 and solve
        double L[4][4];
        int k = 0;
        double A[4][4];
#pragma unroll
        for (int a = 0; a < 4; ++a)
#pragma unroll
            for (int c = a; c < 4; ++c) { A[a][c] = N[k]; A[c][a] = N[k]; ++k; }
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            double s = A[j][j];
#pragma unroll
            for (int q = 0; q < j; ++q) s -= L[j][q] * L[j][q];
            L[j][j] = sqrt(fmax(s, 1e-30));
#pragma unroll
            for (int i = j + 1; i < 4; ++i) {
                double t = A[i][j];
#pragma unroll
                for (int q = 0; q < j; ++q) t -= L[i][q] * L[j][q];
                L[i][j] = t / L[j][j];
            }
        }
        double y[4], dxv[4];
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            double t = b[i];
#pragma unroll
            for (int q = 0; q < i; ++q) t -= L[i][q] * y[q];
            y[i] = t / L[i][i];
        }
#pragma unroll
        for (int i = 3; i >= 0; --i) {
            double t = y[i];
#pragma unroll
            for (int q = i + 1; q < 4; ++q) t -= L[q][i] * dxv[q];
            dxv[i] = t / L[i][i];
        }
        double nrm = 0;
#pragma unroll
        for (int i = 0; i < 4; ++i) { x[i] += dxv[i]; nrm += dxv[i] * dxv[i]; }
        if (nrm < 1e-8) break;
    }
    sol[ep] = make_double4_32a(x[0], x[1], x[2], x[3] / C_LIGHT);
    nused[ep] = used;
}

// Carrier-smoothed code (Hatch filter) over epochs; one satellite track per thread.
extern "C" __global__ void hatch_filter(const float *__restrict__ code, const float *__restrict__ phase_m,
                                        const unsigned char *__restrict__ slip, int nsat, int nep, int window,
                                        float *__restrict__ smoothed)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nsat) return;
    double Ps = 0.0, Lprev = 0.0;
    int n = 0;
    for (int e = 0; e < nep; ++e) {
        float P = code[(size_t)e * nsat + s], L = phase_m[(size_t)e * nsat + s];
        if (P == 0.f || slip[(size_t)e * nsat + s]) { n = 0; }
        if (P == 0.f) { smoothed[(size_t)e * nsat + s] = 0.f; continue; }
        n = min(n + 1, window);
        if (n == 1) Ps = P;
        else Ps = (double)P / n + (double)(n - 1) / n * (Ps + (L - Lprev));
        Lprev = L;
        smoothed[(size_t)e * nsat + s] = (float)Ps;
    }
}
