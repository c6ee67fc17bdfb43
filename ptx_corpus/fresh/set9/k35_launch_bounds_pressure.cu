// Kernels with tight __launch_bounds__ that constrain the register budget: a 1024-thread block with a
// register-resident polynomial evaluation, a high-occupancy 8x8 micro-tile GEMM, a minBlocks-limited
// multi-accumulator correlation, and a 16x16 per-thread tile under __launch_bounds__(256, 4).
extern "C" __global__ void __launch_bounds__(1024, 2)
horner_many_polys_1024x2(const float *x, const float *coef, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float c[24];
#pragma unroll
    for (int k = 0; k < 24; ++k) c[k] = __ldg(&coef[k]);
    float xv = x[i];
    float acc = 0.f;
#pragma unroll
    for (int rep = 0; rep < 8; ++rep) {
        float t = xv + 0.125f * rep;
        float p = c[23];
#pragma unroll
        for (int k = 22; k >= 0; --k) p = p * t + c[k];
        acc += p;
    }
    y[i] = acc;
}

// 8x8 micro-tile GEMM inner product forced to 4 blocks/SM of 256 threads (64 registers max).
extern "C" __global__ void __launch_bounds__(256, 4)
sgemm_8x8_occupancy4(const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C, int M, int N, int K)
{
    __shared__ float As[8][128];
    __shared__ float Bs[8][128];
    int tx = threadIdx.x & 15, ty = threadIdx.x >> 4;
    float acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.f;
    const float *Ab = A + blockIdx.y * 128 * K;
    const float *Bb = B + blockIdx.x * 128;
    for (int k0 = 0; k0 < K; k0 += 8) {
        for (int e = threadIdx.x; e < 1024; e += 256) {
            int r = e >> 3, c = e & 7;
            As[c][r] = Ab[r * K + k0 + c];
            int rb = e >> 7, cb = e & 127;
            Bs[rb][cb] = Bb[(k0 + rb) * N + cb];
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 8; ++k) {
            float a[8], b[8];
#pragma unroll
            for (int i = 0; i < 8; ++i) a[i] = As[k][ty * 8 + i];
#pragma unroll
            for (int j = 0; j < 8; ++j) b[j] = Bs[k][tx * 8 + j];
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] += a[i] * b[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j)
            C[(blockIdx.y * 128 + ty * 8 + i) * N + blockIdx.x * 128 + tx * 8 + j] = acc[i][j];
}

// Cross-correlation of a signal against 32 template lags, accumulators live across the whole loop,
// with __launch_bounds__(512, 3) (max ~42 registers).
extern "C" __global__ void __launch_bounds__(512, 3)
xcorr32_lags_lb512x3(const float *__restrict__ sig, const float *__restrict__ tmpl, float *__restrict__ out,
                     int nSig, int tLen)
{
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * 32;
    if (base >= nSig) return;
    float acc[32];
#pragma unroll
    for (int l = 0; l < 32; ++l) acc[l] = 0.f;
    for (int t = 0; t < tLen; ++t) {
        float tv = __ldg(&tmpl[t]);
#pragma unroll
        for (int l = 0; l < 32; ++l) {
            int idx = base + l + t;
            acc[l] += tv * ((idx < nSig) ? __ldg(&sig[idx]) : 0.f);
        }
    }
#pragma unroll
    for (int l = 0; l < 32; ++l)
        if (base + l < nSig) out[base + l] = acc[l];
}

// Double-precision 4x4 block outer-product update with __launch_bounds__(256, 4): 16 double accumulators
// (32 registers) plus operands under a 64-register cap.
extern "C" __global__ void __launch_bounds__(256, 4)
dgemm_4x4_lb256x4(const double *__restrict__ A, const double *__restrict__ B, double *__restrict__ C, int M, int N, int K)
{
    int col0 = (blockIdx.x * 16 + (threadIdx.x & 15)) * 4;
    int row0 = (blockIdx.y * 16 + (threadIdx.x >> 4)) * 4;
    if (row0 >= M || col0 >= N) return;
    double acc[4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] = 0.0;
#pragma unroll 2
    for (int k = 0; k < K; ++k) {
        double a[4], b[4];
#pragma unroll
        for (int i = 0; i < 4; ++i) a[i] = __ldg(&A[(row0 + i) * K + k]);
#pragma unroll
        for (int j = 0; j < 4; ++j) b[j] = __ldg(&B[k * N + col0 + j]);
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = 0; j < 4; ++j) acc[i][j] = fma(a[i], b[j], acc[i][j]);
    }
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) C[(row0 + i) * N + col0 + j] = acc[i][j];
}
