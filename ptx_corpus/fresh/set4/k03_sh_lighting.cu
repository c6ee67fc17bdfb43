// Spherical-harmonics lighting: projection of an equirectangular environment map to order-3 SH (block reduction), irradiance evaluation, and order-4 double-precision projection.
#include <cuda_runtime.h>

__device__ __forceinline__ void sh9(float x, float y, float z, float s[9])
{
    s[0] = 0.282095f;
    s[1] = 0.488603f * y; s[2] = 0.488603f * z; s[3] = 0.488603f * x;
    s[4] = 1.092548f * x * y; s[5] = 1.092548f * y * z;
    s[6] = 0.315392f * (3.f * z * z - 1.f);
    s[7] = 1.092548f * x * z; s[8] = 0.546274f * (x * x - y * y);
}

__device__ __forceinline__ void sh16d(double x, double y, double z, double s[16])
{
    double x2 = x * x, y2 = y * y, z2 = z * z;
    s[0] = 0.28209479177387814;
    s[1] = 0.4886025119029199 * y; s[2] = 0.4886025119029199 * z; s[3] = 0.4886025119029199 * x;
    s[4] = 1.0925484305920792 * x * y; s[5] = 1.0925484305920792 * y * z;
    s[6] = 0.31539156525252005 * (3.0 * z2 - 1.0);
    s[7] = 1.0925484305920792 * x * z; s[8] = 0.5462742152960396 * (x2 - y2);
    s[9] = 0.5900435899266435 * y * (3.0 * x2 - y2);
    s[10] = 2.890611442640554 * x * y * z;
    s[11] = 0.4570457994644658 * y * (5.0 * z2 - 1.0);
    s[12] = 0.3731763325901154 * z * (5.0 * z2 - 3.0);
    s[13] = 0.4570457994644658 * x * (5.0 * z2 - 1.0);
    s[14] = 1.445305721320277 * z * (x2 - y2);
    s[15] = 0.5900435899266435 * x * (x2 - 3.0 * y2);
}

// grid-stride projection; each block writes 27 partial sums (9 coeffs x RGB)
extern "C" __global__ void __launch_bounds__(256)
sh3_project_envmap(const float4* __restrict__ env, int width, int height, float* __restrict__ partial)
{
    float acc[27];
#pragma unroll
    for (int c = 0; c < 27; ++c) acc[c] = 0.f;
    const float PI = 3.14159265358979f;
    int n = width * height;
    for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < n; p += gridDim.x * blockDim.x) {
        int ix = p % width, iy = p / width;
        float theta = (iy + 0.5f) * PI / height;
        float phi = (ix + 0.5f) * 2.f * PI / width;
        float st, ct, sp, cp;
        __sincosf(theta, &st, &ct); __sincosf(phi, &sp, &cp);
        float dw = st * (PI / height) * (2.f * PI / width);
        float s[9]; sh9(st * cp, st * sp, ct, s);
        float4 L = env[p];
#pragma unroll
        for (int c = 0; c < 9; ++c) {
            float w = s[c] * dw;
            acc[3 * c] += w * L.x; acc[3 * c + 1] += w * L.y; acc[3 * c + 2] += w * L.z;
        }
    }
    __shared__ float red[8][27];
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
#pragma unroll
    for (int c = 0; c < 27; ++c) {
        float v = acc[c];
        for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
        if (lane == 0) red[wid][c] = v;
    }
    __syncthreads();
    if (threadIdx.x < 27) {
        float v = 0.f;
        for (int w = 0; w < (blockDim.x >> 5); ++w) v += red[w][threadIdx.x];
        partial[blockIdx.x * 27 + threadIdx.x] = v;
    }
}

// evaluate irradiance for per-pixel normals (Ramamoorthi-Hanrahan convolution)
extern "C" __global__ void
sh3_irradiance(const float* __restrict__ shRGB /*27*/, const float4* __restrict__ normals,
               const float4* __restrict__ albedo, float4* __restrict__ outColor, int n)
{
    __shared__ float c[27];
    if (threadIdx.x < 27) {
        const float A[9] = {3.141593f, 2.094395f, 2.094395f, 2.094395f, 0.785398f, 0.785398f, 0.785398f, 0.785398f, 0.785398f};
        c[threadIdx.x] = shRGB[threadIdx.x] * A[threadIdx.x / 3];
    }
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 nn = normals[i];
    float s[9]; sh9(nn.x, nn.y, nn.z, s);
    float r = 0.f, g = 0.f, b = 0.f;
#pragma unroll
    for (int k = 0; k < 9; ++k) { r += c[3 * k] * s[k]; g += c[3 * k + 1] * s[k]; b += c[3 * k + 2] * s[k]; }
    float4 a = albedo[i];
    const float invPi = 0.318309886f;
    outColor[i] = make_float4(fmaxf(r, 0.f) * a.x * invPi, fmaxf(g, 0.f) * a.y * invPi, fmaxf(b, 0.f) * a.z * invPi, a.w);
}

// order-4 (16 coeff) projection of sampled radiance, double accumulation, one warp per probe
extern "C" __global__ void __launch_bounds__(256, 6)
sh4_project_samples_f64(const float3* __restrict__ dirs, const float* __restrict__ radiance,
                        const double* __restrict__ weights, int samplesPerProbe, int nProbes,
                        double* __restrict__ outCoeffs)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= nProbes) return;
    double acc[16];
#pragma unroll
    for (int k = 0; k < 16; ++k) acc[k] = 0.0;
    const float3* D = dirs + (size_t)warp * samplesPerProbe;
    const float* R = radiance + (size_t)warp * samplesPerProbe;
    for (int s = lane; s < samplesPerProbe; s += 32) {
        float3 d = D[s];
        double y[16]; sh16d(d.x, d.y, d.z, y);
        double w = weights[s] * (double)R[s];
#pragma unroll
        for (int k = 0; k < 16; ++k) acc[k] = fma(w, y[k], acc[k]);
    }
#pragma unroll
    for (int k = 0; k < 16; ++k) {
        double v = acc[k];
        for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
        acc[k] = v;
    }
    if (lane == 0) {
#pragma unroll
        for (int k = 0; k < 16; ++k) outCoeffs[warp * 16 + k] = acc[k];
    }
}
