// Polynomial evaluation kernels: Horner with coefficients in constant memory, Estrin's scheme, Chebyshev series (Clenshaw) in double, and a rational minimax approximation.
#include <cuda_runtime.h>

#define MAX_DEG 32
__constant__ float  c_polyF[MAX_DEG + 1];
__constant__ double c_chebD[MAX_DEG + 1];

// Runtime degree, coefficients highest-first.
extern "C" __global__ void poly_horner_f32(const float* __restrict__ x, float* __restrict__ y, int n, int degree)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float xi = x[i];
    float acc = c_polyF[0];
    for (int k = 1; k <= degree; ++k) acc = fmaf(acc, xi, c_polyF[k]);
    y[i] = acc;
}

// Fixed degree-15 polynomial evaluated with Estrin's scheme, 4 points per thread (ILP).
extern "C" __global__ void poly_estrin15_x4(const float4* __restrict__ x, float4* __restrict__ y, int n4)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n4) return;
    float4 v = x[i];
    float xs[4] = {v.x, v.y, v.z, v.w};
    float r[4];
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        float t = xs[q];
        float t2 = t * t, t4 = t2 * t2, t8 = t4 * t4;
        // c_polyF[k] is the coefficient of x^k here
        float p01 = fmaf(c_polyF[1], t, c_polyF[0]);
        float p23 = fmaf(c_polyF[3], t, c_polyF[2]);
        float p45 = fmaf(c_polyF[5], t, c_polyF[4]);
        float p67 = fmaf(c_polyF[7], t, c_polyF[6]);
        float p89 = fmaf(c_polyF[9], t, c_polyF[8]);
        float pAB = fmaf(c_polyF[11], t, c_polyF[10]);
        float pCD = fmaf(c_polyF[13], t, c_polyF[12]);
        float pEF = fmaf(c_polyF[15], t, c_polyF[14]);
        float p03 = fmaf(p23, t2, p01);
        float p47 = fmaf(p67, t2, p45);
        float p8B = fmaf(pAB, t2, p89);
        float pCF = fmaf(pEF, t2, pCD);
        float p07 = fmaf(p47, t4, p03);
        float p8F = fmaf(pCF, t4, p8B);
        r[q] = fmaf(p8F, t8, p07);
    }
    y[i] = make_float4(r[0], r[1], r[2], r[3]);
}

// Chebyshev series on [a,b] via Clenshaw recurrence, double precision, plus derivative series.
extern "C" __global__ void chebyshev_clenshaw_f64(const double* __restrict__ x, double* __restrict__ f,
                                                  double* __restrict__ df, int n, int nterms, double a, double b)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    nterms = min(nterms, MAX_DEG + 1);
    double t = (2.0 * x[i] - a - b) / (b - a);
    double t2 = 2.0 * t;
    double b1 = 0.0, b2 = 0.0;          // Clenshaw for f
    double d1 = 0.0, d2 = 0.0;          // Clenshaw for f' = sum' c'_j T_j
    double cp1 = 0.0, cp2 = 0.0;        // derivative coefficients c'_k, c'_{k+1}
    double c0p = 0.0;
    for (int k = nterms - 1; k >= 1; --k) {
        double ck = c_chebD[k];
        double tmp = b1;
        b1 = fma(t2, b1, -b2) + ck;
        b2 = tmp;
        // c'_{k-1} = c'_{k+1} + 2k c_k
        double cpk = fma(2.0 * k, ck, cp2);
        cp2 = cp1; cp1 = cpk;
        if (k > 1) {
            double tmpd = d1;
            d1 = fma(t2, d1, -d2) + cpk;
            d2 = tmpd;
        } else {
            c0p = cpk;
        }
    }
    f[i] = fma(t, b1, -b2) + 0.5 * c_chebD[0];
    df[i] = (fma(t, d1, -d2) + 0.5 * c0p) * (2.0 / (b - a));
}

// Rational approximation of erfinv-like function: p(x)/q(x) with degree 8/8, double, fully unrolled.
extern "C" __global__ void rational_8_8_f64(const double* __restrict__ x, double* __restrict__ y, int n)
{
    const double P[9] = { 1.2533141373155e+00, -2.1082254098e+00,  1.4117429355e+00, -4.8637258430e-01,
                          9.0543017839e-02,   -8.9325346107e-03,  4.3217498706e-04, -8.6573009040e-06,
                          4.6212917970e-08};
    const double Q[9] = { 1.0, -2.3509542547e+00,  2.1694883926e+00, -1.0120434389e+00,
                          2.5475315428e-01,   -3.4317627436e-02,  2.3218530542e-03, -6.6452103760e-05,
                          5.2083862000e-07};
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double t = x[i];
    double p = P[8], q = Q[8];
#pragma unroll
    for (int k = 7; k >= 0; --k) { p = fma(p, t, P[k]); q = fma(q, t, Q[k]); }
    y[i] = p / q;
}
