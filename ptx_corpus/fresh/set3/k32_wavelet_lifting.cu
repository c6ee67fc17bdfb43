// Discrete wavelet transforms by lifting: CDF 9/7 (float) and LeGall 5/3 (integer, lossless).
#include <cuda_runtime.h>

#define A97 -1.586134342f
#define B97 -0.05298011854f
#define G97 0.8829110762f
#define D97 0.4435068522f
#define K97 1.149604398f

// Row transform, one thread per row; lifting steps done in place over global memory (symmetric extension).
extern "C" __global__ void cdf97_rows(float* __restrict__ img, int W, int H, int pitch)
{
    int y = blockIdx.x * blockDim.x + threadIdx.x;
    if (y >= H) return;
    float* r = img + (size_t)y * pitch;
    for (int i = 1; i < W - 1; i += 2) r[i] += A97 * (r[i - 1] + r[i + 1]);
    r[W - 1] += 2.f * A97 * r[W - 2];
    r[0] += 2.f * B97 * r[1];
    for (int i = 2; i < W; i += 2) r[i] += B97 * (r[i - 1] + r[i + 1]);
    for (int i = 1; i < W - 1; i += 2) r[i] += G97 * (r[i - 1] + r[i + 1]);
    r[W - 1] += 2.f * G97 * r[W - 2];
    r[0] += 2.f * D97 * r[1];
    for (int i = 2; i < W; i += 2) r[i] += D97 * (r[i - 1] + r[i + 1]);
    for (int i = 0; i < W; ++i) r[i] = (i & 1) ? r[i] * K97 : r[i] / K97;
}

// Column transform on a strip of 64 rows held in registers per thread (one column per thread).
extern "C" __global__ void __launch_bounds__(128)
cdf97_cols64(const float* __restrict__ in, float* __restrict__ low, float* __restrict__ high, int W, int pitch)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= W) return;
    int y0 = blockIdx.y * 64;
    float v[64];
#pragma unroll
    for (int i = 0; i < 64; ++i) v[i] = in[(size_t)(y0 + i) * pitch + x];
#pragma unroll
    for (int i = 1; i < 63; i += 2) v[i] += A97 * (v[i - 1] + v[i + 1]);
    v[63] += 2.f * A97 * v[62];
    v[0] += 2.f * B97 * v[1];
#pragma unroll
    for (int i = 2; i < 64; i += 2) v[i] += B97 * (v[i - 1] + v[i + 1]);
#pragma unroll
    for (int i = 1; i < 63; i += 2) v[i] += G97 * (v[i - 1] + v[i + 1]);
    v[63] += 2.f * G97 * v[62];
    v[0] += 2.f * D97 * v[1];
#pragma unroll
    for (int i = 2; i < 64; i += 2) v[i] += D97 * (v[i - 1] + v[i + 1]);
#pragma unroll
    for (int i = 0; i < 32; ++i) {
        low[(size_t)(blockIdx.y * 32 + i) * pitch + x] = v[2 * i] / K97;
        high[(size_t)(blockIdx.y * 32 + i) * pitch + x] = v[2 * i + 1] * K97;
    }
}

// Reversible integer 5/3 on rows through shared memory; one block per row.
extern "C" __global__ void legall53_rows_int(const int* __restrict__ in, int* __restrict__ out, int W)
{
    extern __shared__ int s[];
    const int* r = in + (size_t)blockIdx.x * W;
    for (int i = threadIdx.x; i < W; i += blockDim.x) s[i] = r[i];
    __syncthreads();
    int half = (W + 1) / 2;
    for (int k = threadIdx.x; k < W / 2; k += blockDim.x) {
        int i = 2 * k + 1;
        int right = (i + 1 < W) ? s[i + 1] : s[i - 1];
        s[i] -= (s[i - 1] + right) >> 1;
    }
    __syncthreads();
    for (int k = threadIdx.x; k < half; k += blockDim.x) {
        int i = 2 * k;
        int left = i > 0 ? s[i - 1] : (i + 1 < W ? s[i + 1] : 0);
        int right = i + 1 < W ? s[i + 1] : left;
        s[i] += (left + right + 2) >> 2;
    }
    __syncthreads();
    int* o = out + (size_t)blockIdx.x * W;
    for (int i = threadIdx.x; i < W; i += blockDim.x) o[(i & 1) ? half + (i >> 1) : (i >> 1)] = s[i];
}
