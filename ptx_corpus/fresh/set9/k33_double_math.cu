// Double-precision transcendental-heavy kernels: spherical harmonics-like series, Planck radiance integration,
// Gamma / Bessel style special functions, and geodesic distance (haversine / Vincenty iteration).
extern "C" __global__ void planck_band_integral(const double *lo, const double *hi, double *radiance, double T, int n, int nQuad)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const double h = 6.62607015e-34, c = 299792458.0, k = 1.380649e-23;
    double a = lo[i], b = hi[i];
    double dl = (b - a) / nQuad;
    double sum = 0.0;
    for (int q = 0; q <= nQuad; ++q) {
        double lam = a + q * dl;
        double val = 2.0 * h * c * c / pow(lam, 5.0) / expm1(h * c / (lam * k * T));
        double wgt = (q == 0 || q == nQuad) ? 1.0 : ((q & 1) ? 4.0 : 2.0);
        sum += wgt * val;
    }
    radiance[i] = sum * dl / 3.0;
}

extern "C" __global__ void special_functions_double(const double *x, double *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double v = x[i];
    double lg = lgamma(v + 1.0);
    double tg = tgamma(0.5 + fabs(v) * 0.1);
    double j0v = j0(v), j1v = j1(v), y0v = (v > 0.0) ? y0(v) : 0.0;
    double e = erf(v * 0.3) + erfcinv(0.5 + 0.25 * tanh(v));
    double at = atan2(sin(v), cos(2.0 * v)) + asinh(v) + acosh(1.0 + v * v) + cbrt(v);
    out[5 * i + 0] = lg;
    out[5 * i + 1] = tg;
    out[5 * i + 2] = j0v * j1v + y0v;
    out[5 * i + 3] = e;
    out[5 * i + 4] = at + log1p(v * v) + exp2(-v * v) + log10(1.0 + fabs(v));
}

// Vincenty inverse formula on the WGS-84 ellipsoid (iterative, double precision).
extern "C" __global__ void vincenty_distance(const double2 *p1, const double2 *p2, double *dist, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const double a = 6378137.0, f = 1.0 / 298.257223563, b = a * (1.0 - f);
    const double DEG = 0.017453292519943295;
    double L = (p2[i].y - p1[i].y) * DEG;
    double U1 = atan((1.0 - f) * tan(p1[i].x * DEG));
    double U2 = atan((1.0 - f) * tan(p2[i].x * DEG));
    double sinU1 = sin(U1), cosU1 = cos(U1), sinU2 = sin(U2), cosU2 = cos(U2);
    double lambda = L, lambdaP, sinSigma = 0, cosSigma = 1, sigma = 0, cosSqAlpha = 1, cos2SigmaM = 0;
    int iter = 100;
    do {
        double sinLambda = sin(lambda), cosLambda = cos(lambda);
        sinSigma = sqrt((cosU2 * sinLambda) * (cosU2 * sinLambda) +
                        (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda) * (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda));
        if (sinSigma == 0) { dist[i] = 0.0; return; }
        cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda;
        sigma = atan2(sinSigma, cosSigma);
        double sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma;
        cosSqAlpha = 1 - sinAlpha * sinAlpha;
        cos2SigmaM = (cosSqAlpha != 0.0) ? cosSigma - 2 * sinU1 * sinU2 / cosSqAlpha : 0.0;
        double C = f / 16 * cosSqAlpha * (4 + f * (4 - 3 * cosSqAlpha));
        lambdaP = lambda;
        lambda = L + (1 - C) * f * sinAlpha * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)));
    } while (fabs(lambda - lambdaP) > 1e-12 && --iter > 0);
    double uSq = cosSqAlpha * (a * a - b * b) / (b * b);
    double A = 1 + uSq / 16384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)));
    double B = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)));
    double deltaSigma = B * sinSigma * (cos2SigmaM + B / 4 * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM) -
                        B / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)));
    dist[i] = b * A * (sigma - deltaSigma);
}

// Legendre polynomial series evaluation with recurrence and a pow-based normalization.
extern "C" __global__ void legendre_series(const double *theta, const double *coef, double *out, int n, int lmax)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double ct = cos(theta[i]);
    double p0 = 1.0, p1 = ct, s = coef[0] + coef[1] * ct;
    for (int l = 2; l <= lmax; ++l) {
        double p2 = ((2 * l - 1) * ct * p1 - (l - 1) * p0) / l;
        s += coef[l] * p2 * sqrt((2.0 * l + 1.0) / (4.0 * 3.141592653589793)) * pow(0.99, (double)l);
        p0 = p1;
        p1 = p2;
    }
    out[i] = s * exp(-0.5 * theta[i] * theta[i]);
}
