// Simplified SGP4-style orbit propagation (near-Earth, secular + short-period
// perturbations), Kepler equation solver and ECI->ECEF/topocentric look angles.
#include <cuda_runtime.h>
#include <math.h>

struct OrbitElements {
    double epoch_jd;
    double no_kozai;   // mean motion rad/min
    double ecco;
    double inclo;
    double nodeo;
    double argpo;
    double mo;
    double bstar;
};

struct SgpState {
    double x, y, z, vx, vy, vz;
    int error;
};

#define XKE 0.0743669161331734132
#define J2 0.00108262998905
#define J3 -0.00000253215306
#define J4 -0.00000161098761
#define RE_KM 6378.135
#define TWOPI 6.283185307179586

extern "C" __global__ void sgp4_propagate(const OrbitElements* __restrict__ el,
                                          const double* __restrict__ tsince_min,
                                          SgpState* __restrict__ out, int nsat, int ntimes)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid >= nsat * ntimes) return;
    int s = gid / ntimes;
    double t = tsince_min[gid % ntimes];
    OrbitElements e = el[s];

    double cosio = cos(e.inclo), sinio = sin(e.inclo);
    double theta2 = cosio * cosio;
    double x3thm1 = 3.0 * theta2 - 1.0;
    double eosq = e.ecco * e.ecco;
    double betao2 = 1.0 - eosq;
    double betao = sqrt(betao2);
    double a1 = pow(XKE / e.no_kozai, 2.0 / 3.0);
    double del1 = 1.5 * J2 * 0.5 * x3thm1 / (a1 * a1 * betao * betao2);
    double ao = a1 * (1.0 - del1 * (1.0 / 3.0 + del1 * (1.0 + 134.0 / 81.0 * del1)));
    double delo = 1.5 * J2 * 0.5 * x3thm1 / (ao * ao * betao * betao2);
    double xnodp = e.no_kozai / (1.0 + delo);
    double aodp = ao / (1.0 - delo);

    double s4 = 1.01222928, qoms24 = 1.88027916e-9;
    double perigee = (aodp * (1.0 - e.ecco) - 1.0) * RE_KM;
    if (perigee < 156.0) {
        s4 = perigee - 78.0;
        if (perigee < 98.0) s4 = 20.0;
        qoms24 = pow((120.0 - s4) / RE_KM, 4.0);
        s4 = s4 / RE_KM + 1.0;
    }
    double pinvsq = 1.0 / (aodp * aodp * betao2 * betao2);
    double tsi = 1.0 / (aodp - s4);
    double eta = aodp * e.ecco * tsi;
    double etasq = eta * eta;
    double eeta = e.ecco * eta;
    double psisq = fabs(1.0 - etasq);
    double coef = qoms24 * pow(tsi, 4.0);
    double coef1 = coef / pow(psisq, 3.5);
    double c2 = coef1 * xnodp * (aodp * (1.0 + 1.5 * etasq + eeta * (4.0 + etasq)) +
                0.375 * J2 * tsi / psisq * x3thm1 * (8.0 + 3.0 * etasq * (8.0 + etasq)));
    double c1 = e.bstar * c2;
    double a3ovk2 = -J3 / (0.5 * J2);
    double c3 = coef * tsi * a3ovk2 * xnodp * sinio / e.ecco;
    double x1mth2 = 1.0 - theta2;
    double c4 = 2.0 * xnodp * coef1 * aodp * betao2 *
                (eta * (2.0 + 0.5 * etasq) + e.ecco * (0.5 + 2.0 * etasq) -
                 J2 * tsi / (aodp * psisq) *
                 (-3.0 * x3thm1 * (1.0 - 2.0 * eeta + etasq * (1.5 - 0.5 * eeta)) +
                  0.75 * x1mth2 * (2.0 * etasq - eeta * (1.0 + etasq)) * cos(2.0 * e.argpo)));
    double theta4 = theta2 * theta2;
    double temp1 = 1.5 * J2 * pinvsq * xnodp;
    double temp2 = 0.5 * temp1 * J2 * pinvsq;
    double temp3 = -0.46875 * J4 * pinvsq * pinvsq * xnodp;
    double xmdot = xnodp + 0.5 * temp1 * betao * x3thm1 +
                   0.0625 * temp2 * betao * (13.0 - 78.0 * theta2 + 137.0 * theta4);
    double x1m5th = 1.0 - 5.0 * theta2;
    double omgdot = -0.5 * temp1 * x1m5th + 0.0625 * temp2 * (7.0 - 114.0 * theta2 + 395.0 * theta4) +
                    temp3 * (3.0 - 36.0 * theta2 + 49.0 * theta4);
    double xhdot1 = -temp1 * cosio;
    double xnodot = xhdot1 + (0.5 * temp2 * (4.0 - 19.0 * theta2) + 2.0 * temp3 * (3.0 - 7.0 * theta2)) * cosio;
    double omgcof = e.bstar * c3 * cos(e.argpo);
    double xmcof = -2.0 / 3.0 * coef * e.bstar / eeta;
    double xnodcf = 3.5 * betao2 * xhdot1 * c1;
    double t2cof = 1.5 * c1;
    double xlcof = 0.125 * a3ovk2 * sinio * (3.0 + 5.0 * cosio) / (1.0 + cosio);
    double aycof = 0.25 * a3ovk2 * sinio;
    double delmo = pow(1.0 + eta * cos(e.mo), 3.0);
    double sinmo = sin(e.mo);
    double x7thm1 = 7.0 * theta2 - 1.0;

    // secular gravity and drag
    double xmdf = e.mo + xmdot * t;
    double omgadf = e.argpo + omgdot * t;
    double xnoddf = e.nodeo + xnodot * t;
    double omega = omgadf, xmp = xmdf;
    double tsq = t * t;
    double xnode = xnoddf + xnodcf * tsq;
    double tempa = 1.0 - c1 * t;
    double tempe = e.bstar * c4 * t;
    double templ = t2cof * tsq;
    double delomg = omgcof * t;
    double delm = xmcof * (pow(1.0 + eta * cos(xmdf), 3.0) - delmo);
    double tmp = delomg + delm;
    xmp = xmdf + tmp;
    omega = omgadf - tmp;
    double a = aodp * tempa * tempa;
    double ecc = e.ecco - tempe;
    if (ecc < 1e-6) ecc = 1e-6;
    double xl = xmp + omega + xnode + xnodp * templ;
    double beta = sqrt(1.0 - ecc * ecc);
    double xn = XKE / pow(a, 1.5);

    // long period
    double axn = ecc * cos(omega);
    double temp = 1.0 / (a * beta * beta);
    double xll = temp * xlcof * axn;
    double aynl = temp * aycof;
    double xlt = xl + xll;
    double ayn = ecc * sin(omega) + aynl;

    // Kepler
    double capu = fmod(xlt - xnode, TWOPI);
    double epw = capu, sinepw = 0, cosepw = 1;
    for (int it = 0; it < 10; ++it) {
        sinepw = sin(epw); cosepw = cos(epw);
        double f = capu - epw + axn * sinepw - ayn * cosepw;
        double fp = 1.0 - axn * cosepw - ayn * sinepw;
        double d = f / fp;
        if (fabs(d) > 0.95) d = d > 0 ? 0.95 : -0.95;
        epw += d;
        if (fabs(d) < 1e-12) break;
    }
    double ecose = axn * cosepw + ayn * sinepw;
    double esine = axn * sinepw - ayn * cosepw;
    double elsq = axn * axn + ayn * ayn;
    double pl = a * (1.0 - elsq);
    SgpState st;
    st.error = (pl < 0.0) ? 4 : 0;
    double r = a * (1.0 - ecose);
    double rdot = XKE * sqrt(a) * esine / r;
    double rfdot = XKE * sqrt(pl) / r;
    double betal = sqrt(1.0 - elsq);
    double tmp3 = esine / (1.0 + betal);
    double cosu = a / r * (cosepw - axn + ayn * tmp3);
    double sinu = a / r * (sinepw - ayn - axn * tmp3);
    double u = atan2(sinu, cosu);
    double sin2u = 2.0 * sinu * cosu, cos2u = 1.0 - 2.0 * sinu * sinu;
    double tq1 = 0.5 * J2 / pl;
    double tq2 = tq1 / pl;
    double rk = r * (1.0 - 1.5 * tq2 * betal * x3thm1) + 0.5 * tq1 * x1mth2 * cos2u;
    double uk = u - 0.25 * tq2 * x7thm1 * sin2u;
    double xnodek = xnode + 1.5 * tq2 * cosio * sin2u;
    double xinck = e.inclo + 1.5 * tq2 * cosio * sinio * cos2u;
    double rdotk = rdot - xn * tq1 * x1mth2 * sin2u;
    double rfdotk = rfdot + xn * tq1 * (x1mth2 * cos2u + 1.5 * x3thm1);
    double sinuk = sin(uk), cosuk = cos(uk);
    double sinik = sin(xinck), cosik = cos(xinck);
    double sinnok = sin(xnodek), cosnok = cos(xnodek);
    double xmx = -sinnok * cosik, xmy = cosnok * cosik;
    double ux = xmx * sinuk + cosnok * cosuk;
    double uy = xmy * sinuk + sinnok * cosuk;
    double uz = sinik * sinuk;
    double vx = xmx * cosuk - cosnok * sinuk;
    double vy = xmy * cosuk - sinnok * sinuk;
    double vz = sinik * cosuk;
    double vkmps = RE_KM * XKE / 60.0;
    st.x = rk * ux * RE_KM; st.y = rk * uy * RE_KM; st.z = rk * uz * RE_KM;
    st.vx = (rdotk * ux + rfdotk * vx) * vkmps;
    st.vy = (rdotk * uy + rfdotk * vy) * vkmps;
    st.vz = (rdotk * uz + rfdotk * vz) * vkmps;
    (void)sinmo;
    out[gid] = st;
}

extern "C" __global__ void kepler_two_body(const double* __restrict__ elements, // a,e,i,raan,argp,M0 per sat
                                           const double* __restrict__ times,
                                           double3* __restrict__ pos, int nsat, int nt, double mu)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid >= nsat * nt) return;
    int s = gid / nt;
    const double* E = elements + 6 * s;
    double a = E[0], ecc = E[1], inc = E[2], raan = E[3], argp = E[4], M0 = E[5];
    double n = sqrt(mu / (a * a * a));
    double M = fmod(M0 + n * times[gid % nt], TWOPI);
    double Ea = (ecc < 0.8) ? M : 3.14159265358979;
    for (int it = 0; it < 30; ++it) {
        double f = Ea - ecc * sin(Ea) - M;
        double fp = 1.0 - ecc * cos(Ea);
        double fpp = ecc * sin(Ea);
        double d = -f / fp;
        d = -f / (fp + 0.5 * d * fpp);       // Halley correction
        Ea += d;
        if (fabs(d) < 1e-14) break;
    }
    double cE = cos(Ea), sE = sin(Ea);
    double xo = a * (cE - ecc);
    double yo = a * sqrt(1.0 - ecc * ecc) * sE;
    double cw = cos(argp), sw = sin(argp), cO = cos(raan), sO = sin(raan), ci = cos(inc), si = sin(inc);
    double x = (cw * cO - sw * ci * sO) * xo + (-sw * cO - cw * ci * sO) * yo;
    double y = (cw * sO + sw * ci * cO) * xo + (-sw * sO + cw * ci * cO) * yo;
    double z = (sw * si) * xo + (cw * si) * yo;
    pos[gid] = make_double3(x, y, z);
}

extern "C" __global__ void eci_to_look_angles(const SgpState* __restrict__ st, const double* __restrict__ gmst,
                                              double obs_lat, double obs_lon, double obs_alt_km,
                                              float* __restrict__ az_el_range, int nsat, int nt)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid >= nsat * nt) return;
    double th = gmst[gid % nt];
    SgpState s = st[gid];
    double ct = cos(th), stt = sin(th);
    double xe = ct * s.x + stt * s.y;
    double ye = -stt * s.x + ct * s.y;
    double ze = s.z;
    const double f = 1.0 / 298.26;
    double slat = sin(obs_lat), clat = cos(obs_lat);
    double C = 1.0 / sqrt(1.0 + f * (f - 2.0) * slat * slat);
    double S = (1.0 - f) * (1.0 - f) * C;
    double ox = (RE_KM * C + obs_alt_km) * clat * cos(obs_lon);
    double oy = (RE_KM * C + obs_alt_km) * clat * sin(obs_lon);
    double oz = (RE_KM * S + obs_alt_km) * slat;
    double rx = xe - ox, ry = ye - oy, rz = ze - oz;
    double slon = sin(obs_lon), clon = cos(obs_lon);
    double top_s = slat * clon * rx + slat * slon * ry - clat * rz;
    double top_e = -slon * rx + clon * ry;
    double top_z = clat * clon * rx + clat * slon * ry + slat * rz;
    double range = sqrt(rx * rx + ry * ry + rz * rz);
    double az = atan2(-top_e, top_s) + 3.14159265358979;
    double el = asin(top_z / range);
    az_el_range[3 * gid + 0] = (float)az;
    az_el_range[3 * gid + 1] = (float)el;
    az_el_range[3 * gid + 2] = (float)range;
}
