// Domain: numerical linear algebra and root finding, one small problem per thread
// lu_pivot_solve_local: LU with partial pivoting for runtime n <= 8 (matrix, permutation and rhs in local arrays), then solve.
// cholesky6_dp_unrolled: 6x6 SPD Cholesky factorisation and solve in double precision, fully unrolled.
// householder_qr_8x4_ls: least squares for an 8x4 system via Householder QR, unrolled, R and Q^T b kept in registers.
// jacobi_eigen4_dp: cyclic Jacobi eigenvalue iteration for 4x4 symmetric double matrices (runtime sweep count).
// kepler_newton_dp: solves Kepler's equation E - e sin E = M by safeguarded Newton iteration in double precision.

extern "C" __global__ void lu_pivot_solve_local(const float* __restrict__ A, const float* __restrict__ b,
                                                float* __restrict__ x, int* __restrict__ info, int n, int batch)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= batch) return;
    if (n > 8 || n < 1) { info[t] = -1; return; }
    float a[64];
    float rhs[8];
    int piv[8];
    const float* At = A + (size_t)t * n * n;
    for (int i = 0; i < n * n; i++) a[i] = At[i];
    for (int i = 0; i < n; i++) { rhs[i] = b[(size_t)t * n + i]; piv[i] = i; }
    int status = 0;
    for (int k = 0; k < n; k++) {
        int p = k;
        float mx = fabsf(a[k * n + k]);
        for (int i = k + 1; i < n; i++) {
            float v = fabsf(a[i * n + k]);
            if (v > mx) { mx = v; p = i; }
        }
        if (mx == 0.f) { status = k + 1; break; }
        if (p != k) {
            for (int j = 0; j < n; j++) { float tmp = a[k * n + j]; a[k * n + j] = a[p * n + j]; a[p * n + j] = tmp; }
            float tr = rhs[k]; rhs[k] = rhs[p]; rhs[p] = tr;
            int tp = piv[k]; piv[k] = piv[p]; piv[p] = tp;
        }
        float inv = 1.f / a[k * n + k];
        for (int i = k + 1; i < n; i++) {
            float l = a[i * n + k] * inv;
            a[i * n + k] = l;
            for (int j = k + 1; j < n; j++) a[i * n + j] -= l * a[k * n + j];
            rhs[i] -= l * rhs[k];
        }
    }
    info[t] = status;
    if (status) return;
    for (int i = n - 1; i >= 0; i--) {
        float s = rhs[i];
        for (int j = i + 1; j < n; j++) s -= a[i * n + j] * rhs[j];
        rhs[i] = s / a[i * n + i];
    }
    for (int i = 0; i < n; i++) x[(size_t)t * n + i] = rhs[i];
}

extern "C" __global__ void cholesky6_dp_unrolled(const double* __restrict__ A, const double* __restrict__ b,
                                                 double* __restrict__ x, int* __restrict__ info, int batch)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= batch) return;
    double L[6][6];
    const double* At = A + (size_t)t * 36;
#pragma unroll
    for (int i = 0; i < 6; i++)
#pragma unroll
        for (int j = 0; j <= i; j++) L[i][j] = At[i * 6 + j];
    int ok = 1;
#pragma unroll
    for (int j = 0; j < 6; j++) {
        double d = L[j][j];
#pragma unroll
        for (int k = 0; k < j; k++) d -= L[j][k] * L[j][k];
        if (d <= 0.0) ok = 0;
        d = sqrt(fmax(d, 1e-300));
        L[j][j] = d;
        double id = 1.0 / d;
#pragma unroll
        for (int i = j + 1; i < 6; i++) {
            double s = L[i][j];
#pragma unroll
            for (int k = 0; k < j; k++) s -= L[i][k] * L[j][k];
            L[i][j] = s * id;
        }
    }
    double y[6];
#pragma unroll
    for (int i = 0; i < 6; i++) {
        double s = b[(size_t)t * 6 + i];
#pragma unroll
        for (int k = 0; k < i; k++) s -= L[i][k] * y[k];
        y[i] = s / L[i][i];
    }
#pragma unroll
    for (int i = 5; i >= 0; i--) {
        double s = y[i];
#pragma unroll
        for (int k = i + 1; k < 6; k++) s -= L[k][i] * y[k];
        y[i] = s / L[i][i];
    }
#pragma unroll
    for (int i = 0; i < 6; i++) x[(size_t)t * 6 + i] = y[i];
    info[t] = ok ? 0 : 1;
}

extern "C" __global__ void householder_qr_8x4_ls(const float* __restrict__ A, const float* __restrict__ b,
                                                 float* __restrict__ x, float* __restrict__ resid, int batch)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= batch) return;
    float a[8][4], r[8];
    const float* At = A + (size_t)t * 32;
#pragma unroll
    for (int i = 0; i < 8; i++) {
        float4 row = reinterpret_cast<const float4*>(At)[i];
        a[i][0] = row.x; a[i][1] = row.y; a[i][2] = row.z; a[i][3] = row.w;
        r[i] = b[(size_t)t * 8 + i];
    }
#pragma unroll
    for (int k = 0; k < 4; k++) {
        float nrm = 0.f;
#pragma unroll
        for (int i = k; i < 8; i++) nrm = fmaf(a[i][k], a[i][k], nrm);
        nrm = sqrtf(nrm);
        float alpha = a[k][k] > 0.f ? -nrm : nrm;
        float v[8];
#pragma unroll
        for (int i = 0; i < 8; i++) v[i] = (i < k) ? 0.f : a[i][k];
        v[k] -= alpha;
        float vn = 0.f;
#pragma unroll
        for (int i = k; i < 8; i++) vn = fmaf(v[i], v[i], vn);
        float beta = vn > 0.f ? 2.f / vn : 0.f;
#pragma unroll
        for (int j = k; j < 4; j++) {
            float s = 0.f;
#pragma unroll
            for (int i = k; i < 8; i++) s = fmaf(v[i], a[i][j], s);
            s *= beta;
#pragma unroll
            for (int i = k; i < 8; i++) a[i][j] -= s * v[i];
        }
        float s = 0.f;
#pragma unroll
        for (int i = k; i < 8; i++) s = fmaf(v[i], r[i], s);
        s *= beta;
#pragma unroll
        for (int i = k; i < 8; i++) r[i] -= s * v[i];
    }
    float sol[4];
#pragma unroll
    for (int i = 3; i >= 0; i--) {
        float s = r[i];
#pragma unroll
        for (int j = i + 1; j < 4; j++) s -= a[i][j] * sol[j];
        sol[i] = s / a[i][i];
    }
    float res = 0.f;
#pragma unroll
    for (int i = 4; i < 8; i++) res = fmaf(r[i], r[i], res);
    reinterpret_cast<float4*>(x)[t] = make_float4(sol[0], sol[1], sol[2], sol[3]);
    resid[t] = sqrtf(res);
}

extern "C" __global__ void jacobi_eigen4_dp(const double* __restrict__ A, double* __restrict__ evals,
                                            double* __restrict__ evecs, int max_sweeps, int batch)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= batch) return;
    double a[4][4], v[4][4];
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) { a[i][j] = A[(size_t)t * 16 + i * 4 + j]; v[i][j] = (i == j) ? 1.0 : 0.0; }
    for (int sweep = 0; sweep < max_sweeps; sweep++) {
        double off = 0.0;
#pragma unroll
        for (int p = 0; p < 4; p++)
#pragma unroll
            for (int q = p + 1; q < 4; q++) off += a[p][q] * a[p][q];
        if (off < 1e-24) break;
#pragma unroll
        for (int p = 0; p < 3; p++)
#pragma unroll
            for (int q = p + 1; q < 4; q++) {
                double apq = a[p][q];
                if (fabs(apq) < 1e-300) continue;
                double theta = (a[q][q] - a[p][p]) / (2.0 * apq);
                double tt = (theta >= 0.0 ? 1.0 : -1.0) / (fabs(theta) + sqrt(theta * theta + 1.0));
                double c = 1.0 / sqrt(tt * tt + 1.0), s = tt * c;
#pragma unroll
                for (int k = 0; k < 4; k++) {
                    double akp = a[k][p], akq = a[k][q];
                    a[k][p] = c * akp - s * akq;
                    a[k][q] = s * akp + c * akq;
                }
#pragma unroll
                for (int k = 0; k < 4; k++) {
                    double apk = a[p][k], aqk = a[q][k];
                    a[p][k] = c * apk - s * aqk;
                    a[q][k] = s * apk + c * aqk;
                }
#pragma unroll
                for (int k = 0; k < 4; k++) {
                    double vkp = v[k][p], vkq = v[k][q];
                    v[k][p] = c * vkp - s * vkq;
                    v[k][q] = s * vkp + c * vkq;
                }
            }
    }
#pragma unroll
    for (int i = 0; i < 4; i++) {
        evals[(size_t)t * 4 + i] = a[i][i];
#pragma unroll
        for (int j = 0; j < 4; j++) evecs[(size_t)t * 16 + i * 4 + j] = v[i][j];
    }
}

extern "C" __global__ void kepler_newton_dp(const double* __restrict__ M, const double* __restrict__ ecc,
                                            double* __restrict__ E_out, double* __restrict__ nu_out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const double TWO_PI = 6.283185307179586;
    double m = fmod(M[i], TWO_PI);
    if (m < 0) m += TWO_PI;
    double e = ecc[i];
    double E = (e < 0.8) ? m : 3.141592653589793;
    double lo = 0.0, hi = TWO_PI;
    for (int it = 0; it < 50; it++) {
        double s, c;
        sincos(E, &s, &c);
        double f = E - e * s - m;
        if (f > 0) hi = E; else lo = E;
        double fp = 1.0 - e * c;
        double En = E - f / fp;
        if (En <= lo || En >= hi) En = 0.5 * (lo + hi);   // bisection safeguard
        if (fabs(En - E) < 1e-14) { E = En; break; }
        E = En;
    }
    E_out[i] = E;
    double half = 0.5 * E;
    nu_out[i] = 2.0 * atan2(sqrt(1.0 + e) * sin(half), sqrt(1.0 - e) * cos(half));
}
