// k21_batched_qr.cu
// Dense linear algebra: small batched QR factorizations (one matrix per thread).
//  - householder_qr_6x6_reg:  6x6 Householder QR, fully unrolled -> matrix lives in registers
//  - householder_qr_dyn:      n x n (n <= 12, run time) Householder QR in a thread-local array
//  - givens_qr_4x4_double_lb: 4x4 Givens QR in double precision, unrolled, __launch_bounds__(256, 8)
//  - apply_qt_vector:         applies stored Householder reflectors to right-hand sides (dynamic n)

#define NQ 6
#define NMAX 12

extern "C" __global__ void householder_qr_6x6_reg(const float* __restrict__ Ain, float* __restrict__ Rout,
                                                  float* __restrict__ tauOut, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    float A[NQ][NQ];
#pragma unroll
    for (int i = 0; i < NQ; ++i)
#pragma unroll
        for (int j = 0; j < NQ; ++j) A[i][j] = Ain[(size_t)b * NQ * NQ + i * NQ + j];
    float tau[NQ];
#pragma unroll
    for (int k = 0; k < NQ; ++k) {
        float nrm2 = 0.f;
#pragma unroll
        for (int i = k; i < NQ; ++i) nrm2 += A[i][k] * A[i][k];
        float alpha = A[k][k];
        float beta = -copysignf(sqrtf(nrm2), alpha);
        float t = (nrm2 > 0.f) ? (beta - alpha) / beta : 0.f;
        float scale = (nrm2 > 0.f) ? 1.f / (alpha - beta) : 0.f;
#pragma unroll
        for (int i = k + 1; i < NQ; ++i) A[i][k] *= scale;
        A[k][k] = nrm2 > 0.f ? beta : alpha;
        tau[k] = t;
#pragma unroll
        for (int j = k + 1; j < NQ; ++j) {
            float s = A[k][j];
#pragma unroll
            for (int i = k + 1; i < NQ; ++i) s += A[i][k] * A[i][j];
            s *= t;
            A[k][j] -= s;
#pragma unroll
            for (int i = k + 1; i < NQ; ++i) A[i][j] -= s * A[i][k];
        }
    }
#pragma unroll
    for (int i = 0; i < NQ; ++i) {
#pragma unroll
        for (int j = 0; j < NQ; ++j) Rout[(size_t)b * NQ * NQ + i * NQ + j] = A[i][j];
        tauOut[(size_t)b * NQ + i] = tau[i];
    }
}

extern "C" __global__ void householder_qr_dyn(const float* __restrict__ Ain, float* __restrict__ Rout,
                                              float* __restrict__ tauOut, int n, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    float A[NMAX][NMAX];
    n = min(n, NMAX);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) A[i][j] = Ain[(size_t)b * n * n + i * n + j];
    for (int k = 0; k < n; ++k) {
        float nrm2 = 0.f;
        for (int i = k; i < n; ++i) nrm2 += A[i][k] * A[i][k];
        float alpha = A[k][k];
        float beta = -copysignf(sqrtf(nrm2), alpha);
        float t = (nrm2 > 0.f) ? (beta - alpha) / beta : 0.f;
        float scale = (nrm2 > 0.f) ? 1.f / (alpha - beta) : 0.f;
        for (int i = k + 1; i < n; ++i) A[i][k] *= scale;
        if (nrm2 > 0.f) A[k][k] = beta;
        for (int j = k + 1; j < n; ++j) {
            float s = A[k][j];
            for (int i = k + 1; i < n; ++i) s += A[i][k] * A[i][j];
            s *= t;
            A[k][j] -= s;
            for (int i = k + 1; i < n; ++i) A[i][j] -= s * A[i][k];
        }
        tauOut[(size_t)b * n + k] = t;
    }
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) Rout[(size_t)b * n * n + i * n + j] = A[i][j];
}

extern "C" __global__ void __launch_bounds__(256, 8)
givens_qr_4x4_double_lb(const double* __restrict__ Ain, double* __restrict__ Qout,
                                                double* __restrict__ Rout, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    double R[4][4], Q[4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) { R[i][j] = Ain[(size_t)b * 16 + i * 4 + j]; Q[i][j] = (i == j) ? 1.0 : 0.0; }
#pragma unroll
    for (int j = 0; j < 3; ++j)
#pragma unroll
        for (int i = 3; i > j; --i) {
            double a = R[i - 1][j], bb = R[i][j];
            double r = hypot(a, bb);
            double c = r > 0.0 ? a / r : 1.0, s = r > 0.0 ? bb / r : 0.0;
#pragma unroll
            for (int k = 0; k < 4; ++k) {
                double t1 = R[i - 1][k], t2 = R[i][k];
                R[i - 1][k] = c * t1 + s * t2; R[i][k] = -s * t1 + c * t2;
                double q1 = Q[k][i - 1], q2 = Q[k][i];
                Q[k][i - 1] = c * q1 + s * q2; Q[k][i] = -s * q1 + c * q2;
            }
        }
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) { Qout[(size_t)b * 16 + i * 4 + j] = Q[i][j]; Rout[(size_t)b * 16 + i * 4 + j] = R[i][j]; }
}

extern "C" __global__ void apply_qt_vector(const float* __restrict__ V, const float* __restrict__ tau,
                                           float* __restrict__ rhs, int n, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    const float* Vb = V + (size_t)b * n * n;
    float* x = rhs + (size_t)b * n;
    for (int k = 0; k < n; ++k) {
        float s = x[k];
        for (int i = k + 1; i < n; ++i) s += Vb[i * n + k] * x[i];
        s *= tau[(size_t)b * n + k];
        x[k] -= s;
        for (int i = k + 1; i < n; ++i) x[i] -= s * Vb[i * n + k];
    }
}
