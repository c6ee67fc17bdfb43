// Domain: batched small dense linear algebra (LU with partial pivoting, register Cholesky, Jacobi eigen-solver, Givens QR least squares)

// lu6_partial_pivot: in-place LU with partial pivoting of a 6x6 matrix per thread; pivot rows selected at run time so the array is indexed dynamically, pivot vector written out
extern "C" __global__ void lu6_partial_pivot(float* __restrict__ A, int* __restrict__ piv, int* __restrict__ info, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    float a[6][6];
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = 0; j < 6; ++j) a[i][j] = A[(size_t)b * 36 + i * 6 + j];
    int sing = 0;
    for (int k = 0; k < 6; ++k) {
        int p = k;
        float mx = fabsf(a[k][k]);
        for (int i = k + 1; i < 6; ++i) if (fabsf(a[i][k]) > mx) { mx = fabsf(a[i][k]); p = i; }
        piv[b * 6 + k] = p;
        if (mx == 0.f) { sing = k + 1; continue; }
        if (p != k) {
#pragma unroll
            for (int j = 0; j < 6; ++j) { float t = a[k][j]; a[k][j] = a[p][j]; a[p][j] = t; }
        }
        float inv = 1.f / a[k][k];
        for (int i = k + 1; i < 6; ++i) {
            float l = a[i][k] * inv;
            a[i][k] = l;
#pragma unroll
            for (int j = 0; j < 6; ++j) if (j > k) a[i][j] -= l * a[k][j];
        }
    }
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = 0; j < 6; ++j) A[(size_t)b * 36 + i * 6 + j] = a[i][j];
    info[b] = sing;
}

// cholesky8_solve_registers_double: Cholesky factorisation of an 8x8 SPD matrix and forward/back solve, fully unrolled in double registers
extern "C" __global__ void cholesky8_solve_registers_double(const double* __restrict__ A, const double* __restrict__ rhs, double* __restrict__ x, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    double L[36];   // packed lower triangle
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j <= i; ++j) L[i * (i + 1) / 2 + j] = A[(size_t)b * 64 + i * 8 + j];
#pragma unroll
    for (int j = 0; j < 8; ++j) {
        double d = L[j * (j + 1) / 2 + j];
#pragma unroll
        for (int k = 0; k < j; ++k) d -= L[j * (j + 1) / 2 + k] * L[j * (j + 1) / 2 + k];
        d = sqrt(fmax(d, 1e-300));
        L[j * (j + 1) / 2 + j] = d;
        double id = 1.0 / d;
#pragma unroll
        for (int i = j + 1; i < 8; ++i) {
            double s = L[i * (i + 1) / 2 + j];
#pragma unroll
            for (int k = 0; k < j; ++k) s -= L[i * (i + 1) / 2 + k] * L[j * (j + 1) / 2 + k];
            L[i * (i + 1) / 2 + j] = s * id;
        }
    }
    double y[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        double s = rhs[(size_t)b * 8 + i];
#pragma unroll
        for (int k = 0; k < i; ++k) s -= L[i * (i + 1) / 2 + k] * y[k];
        y[i] = s / L[i * (i + 1) / 2 + i];
    }
#pragma unroll
    for (int i = 7; i >= 0; --i) {
        double s = y[i];
#pragma unroll
        for (int k = i + 1; k < 8; ++k) s -= L[k * (k + 1) / 2 + i] * y[k];
        y[i] = s / L[i * (i + 1) / 2 + i];
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) x[(size_t)b * 8 + i] = y[i];
}

// jacobi_eigen3_symmetric_double: cyclic Jacobi eigen-decomposition of symmetric 3x3 tensors (e.g. stress / inertia) in double precision, eigenvalues sorted, eigenvectors accumulated
extern "C" __global__ void jacobi_eigen3_symmetric_double(const double* __restrict__ S6, double* __restrict__ evals, double* __restrict__ evecs, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    const double* s = S6 + (size_t)b * 6;
    double a[3][3] = {{s[0], s[3], s[5]}, {s[3], s[1], s[4]}, {s[5], s[4], s[2]}};
    double v[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    for (int sweep = 0; sweep < 10; ++sweep) {
        double off = a[0][1] * a[0][1] + a[0][2] * a[0][2] + a[1][2] * a[1][2];
        if (off < 1e-30) break;
#pragma unroll
        for (int pq = 0; pq < 3; ++pq) {
            const int p = (pq == 2) ? 1 : 0, q = (pq == 0) ? 1 : 2;
            if (fabs(a[p][q]) < 1e-300) continue;
            double theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q]);
            double t = copysign(1.0, theta) / (fabs(theta) + sqrt(theta * theta + 1.0));
            double c = rsqrt(t * t + 1.0), sn = t * c;
#pragma unroll
            for (int k = 0; k < 3; ++k) {
                double akp = a[k][p], akq = a[k][q];
                a[k][p] = c * akp - sn * akq; a[k][q] = sn * akp + c * akq;
            }
#pragma unroll
            for (int k = 0; k < 3; ++k) {
                double apk = a[p][k], aqk = a[q][k];
                a[p][k] = c * apk - sn * aqk; a[q][k] = sn * apk + c * aqk;
            }
#pragma unroll
            for (int k = 0; k < 3; ++k) {
                double vkp = v[k][p], vkq = v[k][q];
                v[k][p] = c * vkp - sn * vkq; v[k][q] = sn * vkp + c * vkq;
            }
        }
    }
    double e[3] = {a[0][0], a[1][1], a[2][2]};
    int o[3] = {0, 1, 2};
    if (e[o[0]] > e[o[1]]) { int t = o[0]; o[0] = o[1]; o[1] = t; }
    if (e[o[1]] > e[o[2]]) { int t = o[1]; o[1] = o[2]; o[2] = t; }
    if (e[o[0]] > e[o[1]]) { int t = o[0]; o[0] = o[1]; o[1] = t; }
#pragma unroll
    for (int i = 0; i < 3; ++i) {
        evals[(size_t)b * 3 + i] = e[o[i]];
#pragma unroll
        for (int k = 0; k < 3; ++k) evecs[(size_t)b * 9 + i * 3 + k] = v[k][o[i]];
    }
}

// givens_qr_lsq_16x6_lb: least-squares fit (16 observations, 6 unknowns) by Givens-rotation QR of the augmented 16x7 matrix held in a per-thread array, then back substitution; under __launch_bounds__(256,8)
extern "C" __global__ void __launch_bounds__(256, 8)
givens_qr_lsq_16x6_lb(const float* __restrict__ Aobs, const float* __restrict__ yobs, float* __restrict__ coef, float* __restrict__ resid, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    float M[16][7];
#pragma unroll
    for (int i = 0; i < 16; ++i) {
#pragma unroll
        for (int j = 0; j < 6; ++j) M[i][j] = Aobs[((size_t)i * 6 + j) * batch + b];
        M[i][6] = yobs[(size_t)i * batch + b];
    }
#pragma unroll
    for (int j = 0; j < 6; ++j)
#pragma unroll
        for (int i = 15; i > j; --i) {
            float x = M[i - 1][j], y = M[i][j];
            float r = sqrtf(x * x + y * y);
            float c = (r > 0.f) ? x / r : 1.f, s = (r > 0.f) ? y / r : 0.f;
#pragma unroll
            for (int k = j; k < 7; ++k) {
                float u = M[i - 1][k], w = M[i][k];
                M[i - 1][k] = c * u + s * w;
                M[i][k] = -s * u + c * w;
            }
        }
    float xs[6];
#pragma unroll
    for (int i = 5; i >= 0; --i) {
        float sacc = M[i][6];
#pragma unroll
        for (int k = i + 1; k < 6; ++k) sacc -= M[i][k] * xs[k];
        xs[i] = sacc / M[i][i];
    }
    float rr = 0.f;
#pragma unroll
    for (int i = 6; i < 16; ++i) rr += M[i][6] * M[i][6];
#pragma unroll
    for (int j = 0; j < 6; ++j) coef[(size_t)j * batch + b] = xs[j];
    resid[b] = sqrtf(rr);
}

// cholesky12_inverse_diag_float: packed 12x12 Cholesky factorisation (78 floats in registers) followed by the diagonal of the inverse (posterior variances), fully unrolled
extern "C" __global__ void cholesky12_inverse_diag_float(const float* __restrict__ A, float* __restrict__ var, float* __restrict__ logdet, int batch)
{
    const int N = 12;
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    float L[N * (N + 1) / 2];
#pragma unroll
    for (int i = 0; i < N; ++i)
#pragma unroll
        for (int j = 0; j <= i; ++j) L[i * (i + 1) / 2 + j] = A[((size_t)i * N + j) * batch + b];
    float ld = 0.f;
#pragma unroll
    for (int j = 0; j < N; ++j) {
        float d = L[j * (j + 1) / 2 + j];
#pragma unroll
        for (int k = 0; k < j; ++k) d -= L[j * (j + 1) / 2 + k] * L[j * (j + 1) / 2 + k];
        d = sqrtf(fmaxf(d, 1e-30f));
        ld += 2.f * __logf(d);
        L[j * (j + 1) / 2 + j] = d;
        float id = 1.f / d;
#pragma unroll
        for (int i = j + 1; i < N; ++i) {
            float s = L[i * (i + 1) / 2 + j];
#pragma unroll
            for (int k = 0; k < j; ++k) s -= L[i * (i + 1) / 2 + k] * L[j * (j + 1) / 2 + k];
            L[i * (i + 1) / 2 + j] = s * id;
        }
    }
    // diag(A^-1)_i = sum_k (L^-1)_{k i}^2 ; compute columns of L^-1 by forward substitution
#pragma unroll
    for (int i = 0; i < N; ++i) {
        float col[N];
        float v = 0.f;
#pragma unroll
        for (int k = 0; k < N; ++k) {
            if (k < i) { col[k] = 0.f; continue; }
            float s = (k == i) ? 1.f : 0.f;
#pragma unroll
            for (int m = 0; m < k; ++m) if (m >= i) s -= L[k * (k + 1) / 2 + m] * col[m];
            col[k] = s / L[k * (k + 1) / 2 + k];
            v += col[k] * col[k];
        }
        var[(size_t)i * batch + b] = v;
    }
    logdet[b] = ld;
}
