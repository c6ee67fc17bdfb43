// Black-Scholes option pricing (SDK BlackScholes), float and double.
#include <cuda_runtime.h>

__device__ inline float cndGPU(float d)
{
    const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f, A4 = -1.821255978f, A5 = 1.330274429f;
    const float RSQRT2PI = 0.39894228040143267793994605993438f;
    float K = __fdividef(1.0f, (1.0f + 0.2316419f * fabsf(d)));
    float cnd = RSQRT2PI * __expf(-0.5f * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
    if (d > 0) cnd = 1.0f - cnd;
    return cnd;
}

__device__ inline void BlackScholesBodyGPU(float &CallResult, float &PutResult, float S, float X, float T, float R, float V)
{
    float sqrtT = sqrtf(T);
    float d1 = __fdividef(__logf(S / X) + (R + 0.5f * V * V) * T, V * sqrtT);
    float d2 = d1 - V * sqrtT;
    float CNDD1 = cndGPU(d1);
    float CNDD2 = cndGPU(d2);
    float expRT = __expf(-R * T);
    CallResult = S * CNDD1 - X * expRT * CNDD2;
    PutResult = X * expRT * (1.0f - CNDD2) - S * (1.0f - CNDD1);
}

extern "C" __launch_bounds__(128) __global__ void BlackScholesGPU(float2 *__restrict d_CallResult, float2 *__restrict d_PutResult,
                                                                  const float2 *__restrict d_StockPrice, const float2 *__restrict d_OptionStrike,
                                                                  const float2 *__restrict d_OptionYears, float Riskfree, float Volatility, int optN)
{
    const int opt = blockDim.x * blockIdx.x + threadIdx.x;
    if (opt < (optN / 2)) {
        float callResult1, callResult2, putResult1, putResult2;
        BlackScholesBodyGPU(callResult1, putResult1, d_StockPrice[opt].x, d_OptionStrike[opt].x, d_OptionYears[opt].x, Riskfree, Volatility);
        BlackScholesBodyGPU(callResult2, putResult2, d_StockPrice[opt].y, d_OptionStrike[opt].y, d_OptionYears[opt].y, Riskfree, Volatility);
        d_CallResult[opt] = make_float2(callResult1, callResult2);
        d_PutResult[opt] = make_float2(putResult1, putResult2);
    }
}

__device__ inline double cndGPU_d(double d)
{
    return 0.5 * erfc(-d * 0.70710678118654752440);
}

extern "C" __global__ void BlackScholesGPU_f64(double *call, double *put, const double *S, const double *X, const double *T,
                                               double R, double V, int optN)
{
    for (int opt = blockDim.x * blockIdx.x + threadIdx.x; opt < optN; opt += blockDim.x * gridDim.x) {
        double s = S[opt], x = X[opt], t = T[opt];
        double sqrtT = sqrt(t);
        double d1 = (log(s / x) + (R + 0.5 * V * V) * t) / (V * sqrtT);
        double d2 = d1 - V * sqrtT;
        double c1 = cndGPU_d(d1), c2 = cndGPU_d(d2);
        double expRT = exp(-R * t);
        call[opt] = s * c1 - x * expRT * c2;
        put[opt] = x * expRT * (1.0 - c2) - s * (1.0 - c1);
    }
}

// Greeks: delta, gamma, vega, theta, rho for calls, float, structure-of-arrays output.
extern "C" __global__ void BlackScholesGreeks(float *delta, float *gamma, float *vega, float *theta, float *rho,
                                              const float *S, const float *X, const float *T, const float *Vol,
                                              float R, int optN)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= optN) return;
    float s = S[i], x = X[i], t = T[i], v = Vol[i];
    float sqrtT = sqrtf(t);
    float d1 = (logf(s / x) + (R + 0.5f * v * v) * t) / (v * sqrtT);
    float d2 = d1 - v * sqrtT;
    float pdf = 0.3989422804f * expf(-0.5f * d1 * d1);
    float N1 = normcdff(d1), N2 = normcdff(d2);
    float ert = expf(-R * t);
    delta[i] = N1;
    gamma[i] = pdf / (s * v * sqrtT);
    vega[i] = s * pdf * sqrtT;
    theta[i] = -(s * pdf * v) / (2.f * sqrtT) - R * x * ert * N2;
    rho[i] = x * t * ert * N2;
}
