// Domain: special functions in double precision
// erf_erfc_series_cf: erf/erfc via Maclaurin series for small |x| and a modified-Lentz continued fraction for large |x|.
// lgamma_lanczos_rec: log-gamma and sign via the Lanczos (g=7, n=9) approximation, reflection handled by a recursive noinline call.
// bessel_j01_series_asym: J0 and J1 via power series for x < 12 and Hankel asymptotic expansions beyond.
// bessel_jn_miller_local: J_0..J_N (N <= 48) via Miller's backward recurrence into a local array, normalised by the sum rule.
// gamma_p_q_regularized: regularised incomplete gamma P(a,x) and Q(a,x) by series or continued fraction.

#define PI_D 3.141592653589793238462643

extern "C" __global__ void erf_erfc_series_cf(const double* __restrict__ x, double* __restrict__ erf_out,
                                              double* __restrict__ erfc_out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double v = x[i];
    double a = fabs(v);
    double e, ec;
    if (a < 2.5) {
        // erf(a) = 2/sqrt(pi) * sum (-1)^k a^(2k+1) / (k! (2k+1))
        double term = a, sum = a, a2 = a * a;
        for (int k = 1; k < 80; k++) {
            term *= -a2 / k;
            double c = term / (2 * k + 1);
            sum += c;
            if (fabs(c) < 1e-17 * fabs(sum)) break;
        }
        e = 1.1283791670955126 * sum;
        ec = 1.0 - e;
    } else {
        // erfc(a) = exp(-a^2)/sqrt(pi) * 1/(a + 1/2/(a + 1/(a + 3/2/(a + ...)))) via Lentz
        const double tiny = 1e-300;
        double f = a, C = a, D = 0.0;
        for (int k = 1; k < 200; k++) {
            double ak = 0.5 * k;
            D = a + ak * D;
            if (fabs(D) < tiny) D = tiny;
            C = a + ak / C;
            if (fabs(C) < tiny) C = tiny;
            D = 1.0 / D;
            double delta = C * D;
            f *= delta;
            if (fabs(delta - 1.0) < 1e-16) break;
        }
        ec = exp(-a * a) / (f * 1.7724538509055160);
        e = 1.0 - ec;
    }
    if (v < 0) { e = -e; ec = 2.0 - ec; }
    erf_out[i] = e;
    erfc_out[i] = ec;
}

__constant__ double c_lanczos[9] = {0.99999999999980993, 676.5203681218851, -1259.1392167224028,
                                    771.32342877765313, -176.61502916214059, 12.507343278686905,
                                    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};

__device__ __noinline__ double lgamma_lanczos(double x, int* sign)
{
    if (x < 0.5) {
        // reflection: Gamma(x) Gamma(1-x) = pi / sin(pi x)
        double s = sin(PI_D * x);
        if (s == 0.0) { *sign = 1; return INFINITY; }
        int sg;
        double r = log(PI_D / fabs(s)) - lgamma_lanczos(1.0 - x, &sg);
        *sign = (s < 0 ? -1 : 1) * sg;
        return r;
    }
    x -= 1.0;
    double a = c_lanczos[0];
    double t = x + 7.5;
#pragma unroll
    for (int k = 1; k < 9; k++) a += c_lanczos[k] / (x + k);
    *sign = 1;
    return 0.9189385332046728 + (x + 0.5) * log(t) - t + log(a);
}

extern "C" __global__ void lgamma_lanczos_rec(const double* __restrict__ x, double* __restrict__ lg,
                                              int* __restrict__ sgn, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int s;
    lg[i] = lgamma_lanczos(x[i], &s);
    sgn[i] = s;
}

extern "C" __global__ void bessel_j01_series_asym(const double* __restrict__ x, double* __restrict__ j0,
                                                  double* __restrict__ j1, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double v = x[i], a = fabs(v);
    double r0, r1;
    if (a < 12.0) {
        double h = 0.5 * a, h2 = h * h;
        double t0 = 1.0, s0 = 1.0, t1 = h, s1 = h;
        for (int k = 1; k < 60; k++) {
            t0 *= -h2 / ((double)k * k);
            t1 *= -h2 / ((double)k * (k + 1));
            s0 += t0; s1 += t1;
            if (fabs(t0) < 1e-17 * fabs(s0) && fabs(t1) < 1e-17 * fabs(s1) + 1e-300) break;
        }
        r0 = s0; r1 = s1;
    } else {
        // Hankel asymptotic expansion, terms until they start growing
        double z8 = 8.0 * a;
        double P0 = 1.0, Q0 = 0.0, P1 = 1.0, Q1 = 0.0;
        double tk0 = 1.0, tk1 = 1.0;
        double mu0 = 0.0, mu1 = 4.0;
        double last0 = 1e300, last1 = 1e300;
        for (int k = 1; k < 30; k++) {
            double m0 = (mu0 - (2 * k - 1) * (2 * k - 1)) / (k * z8);
            double m1 = (mu1 - (2 * k - 1) * (2 * k - 1)) / (k * z8);
            tk0 *= m0; tk1 *= m1;
            if (fabs(tk0) > last0 || fabs(tk1) > last1) break;
            last0 = fabs(tk0); last1 = fabs(tk1);
            if (k & 1) { double sgn = ((k >> 1) & 1) ? -1.0 : 1.0; Q0 += sgn * tk0; Q1 += sgn * tk1; }
            else { double sgn = ((k >> 1) & 1) ? -1.0 : 1.0; P0 += sgn * tk0; P1 += sgn * tk1; }
        }
        double amp = sqrt(2.0 / (PI_D * a));
        double s, c;
        sincos(a - 0.25 * PI_D, &s, &c);
        r0 = amp * (P0 * c - Q0 * s);
        sincos(a - 0.75 * PI_D, &s, &c);
        r1 = amp * (P1 * c - Q1 * s);
    }
    j0[i] = r0;
    j1[i] = v < 0 ? -r1 : r1;
}

#define JN_MAX 48
extern "C" __global__ void bessel_jn_miller_local(const double* __restrict__ x, int N, double* __restrict__ out, int n)
{
    // out: [n][N+1]
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    N = min(N, JN_MAX);
    double v = x[i];
    double* o = out + (size_t)i * (N + 1);
    if (v == 0.0) {
        for (int k = 0; k <= N; k++) o[k] = k == 0 ? 1.0 : 0.0;
        return;
    }
    double ax = fabs(v);
    int start = 2 * ((max(N, (int)ax) + 15 + (int)sqrt(40.0 * max(N, (int)ax))) / 2);
    start = min(start, 2 * JN_MAX + 32);
    double J[JN_MAX + 1];
    double jp1 = 0.0, jc = 1e-30, norm = 0.0;
    for (int k = start; k > 0; k--) {
        double jm1 = 2.0 * k / ax * jc - jp1;
        jp1 = jc;
        jc = jm1;
        if (fabs(jc) > 1e250) {   // rescale to avoid overflow
            jc *= 1e-250; jp1 *= 1e-250; norm *= 1e-250;
            for (int q = k; q <= N; q++) J[q] *= 1e-250;
        }
        if (k - 1 <= N) J[k - 1] = jc;
        if (((k - 1) & 1) == 0 && k - 1 > 0) norm += 2.0 * jc;
    }
    norm += jc;   // J0 term
    double inv = 1.0 / norm;
    for (int k = 0; k <= N; k++) {
        double val = J[k] * inv;
        if (v < 0 && (k & 1)) val = -val;
        o[k] = val;
    }
}

extern "C" __global__ void gamma_p_q_regularized(const double* __restrict__ a_in, const double* __restrict__ x_in,
                                                 double* __restrict__ P, double* __restrict__ Q, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double a = a_in[i], x = x_in[i];
    if (x <= 0.0 || a <= 0.0) { P[i] = 0.0; Q[i] = 1.0; return; }
    double lga = lgamma(a);
    double lpre = -x + a * log(x) - lga;
    double p, q;
    if (x < a + 1.0) {
        double ap = a, del = 1.0 / a, sum = del;
        for (int k = 0; k < 500; k++) {
            ap += 1.0;
            del *= x / ap;
            sum += del;
            if (fabs(del) < fabs(sum) * 1e-16) break;
        }
        p = sum * exp(lpre);
        q = 1.0 - p;
    } else {
        const double tiny = 1e-300;
        double b = x + 1.0 - a, c = 1.0 / tiny, d = 1.0 / b, h = d;
        for (int k = 1; k < 500; k++) {
            double an = -k * (k - a);
            b += 2.0;
            d = an * d + b;
            if (fabs(d) < tiny) d = tiny;
            c = b + an / c;
            if (fabs(c) < tiny) c = tiny;
            d = 1.0 / d;
            double del = d * c;
            h *= del;
            if (fabs(del - 1.0) < 1e-16) break;
        }
        q = exp(lpre) * h;
        p = 1.0 - q;
    }
    P[i] = p;
    Q[i] = q;
}
