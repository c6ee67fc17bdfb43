// All-pairs N-body gravitational acceleration with shared-memory body tiles (float, double, and 4 bodies per thread), after GPU Gems 3 ch. 31.
#include <cuda_runtime.h>

#define NB_TILE 256

__device__ __forceinline__ float3 body_body_f(float4 bi, float4 bj, float3 ai, float eps2)
{
    float3 r;
    r.x = bj.x - bi.x; r.y = bj.y - bi.y; r.z = bj.z - bi.z;
    float d2 = r.x * r.x + r.y * r.y + r.z * r.z + eps2;
    float inv = rsqrtf(d2);
    float inv3 = inv * inv * inv;
    float s = bj.w * inv3;
    ai.x += r.x * s; ai.y += r.y * s; ai.z += r.z * s;
    return ai;
}

extern "C" __global__ void __launch_bounds__(NB_TILE)
nbody_accel_f32(const float4* __restrict__ pos, float4* __restrict__ acc, int n, float eps2)
{
    __shared__ float4 sh[NB_TILE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 bi = (i < n) ? pos[i] : make_float4(0.f, 0.f, 0.f, 0.f);
    float3 a = make_float3(0.f, 0.f, 0.f);

    for (int tile = 0; tile < n; tile += NB_TILE) {
        int j = tile + threadIdx.x;
        sh[threadIdx.x] = (j < n) ? pos[j] : make_float4(0.f, 0.f, 0.f, 0.f);  // zero mass pads
        __syncthreads();
#pragma unroll 32
        for (int k = 0; k < NB_TILE; ++k)
            a = body_body_f(bi, sh[k], a, eps2);
        __syncthreads();
    }
    if (i < n) acc[i] = make_float4(a.x, a.y, a.z, 0.f);
}

struct __align__(16) BodyD { double x, y, z, m; };

extern "C" __global__ void nbody_accel_f64(const BodyD* __restrict__ pos, double3* __restrict__ acc,
                                           int n, double eps2)
{
    __shared__ BodyD sh[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    const BodyD zero = {0.0, 0.0, 0.0, 0.0};
    BodyD bi = (i < n) ? pos[i] : zero;
    double ax = 0.0, ay = 0.0, az = 0.0;

    for (int tile = 0; tile < n; tile += 128) {
        int j = tile + threadIdx.x;
        if (threadIdx.x < 128)
            sh[threadIdx.x] = (j < n) ? pos[j] : zero;
        __syncthreads();
#pragma unroll 16
        for (int k = 0; k < 128; ++k) {
            BodyD bj = sh[k];
            double rx = bj.x - bi.x, ry = bj.y - bi.y, rz = bj.z - bi.z;
            double d2 = fma(rx, rx, fma(ry, ry, fma(rz, rz, eps2)));
            double inv = rsqrt(d2);
            double s = bj.m * inv * inv * inv;
            ax = fma(rx, s, ax); ay = fma(ry, s, ay); az = fma(rz, s, az);
        }
        __syncthreads();
    }
    if (i < n) acc[i] = make_double3(ax, ay, az);
}

// Each thread integrates 4 bodies (strided by blockDim) against each shared tile, then does a leapfrog kick-drift.
extern "C" __global__ void __launch_bounds__(128)
nbody_step_4per_thread(float4* __restrict__ pos, float4* __restrict__ vel,
                       const float4* __restrict__ posOld, int n, float eps2, float dt)
{
    __shared__ float4 sh[128];
    const int base = blockIdx.x * blockDim.x * 4 + threadIdx.x;
    float4 bi[4];
    float3 a[4];
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        int i = base + q * blockDim.x;
        bi[q] = (i < n) ? posOld[i] : make_float4(0.f, 0.f, 0.f, 0.f);
        a[q] = make_float3(0.f, 0.f, 0.f);
    }
    for (int tile = 0; tile < n; tile += 128) {
        int j = tile + threadIdx.x;
        sh[threadIdx.x] = (j < n) ? posOld[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
#pragma unroll 8
        for (int k = 0; k < 128; ++k) {
            float4 bj = sh[k];
#pragma unroll
            for (int q = 0; q < 4; ++q) a[q] = body_body_f(bi[q], bj, a[q], eps2);
        }
        __syncthreads();
    }
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        int i = base + q * blockDim.x;
        if (i < n) {
            float4 v = vel[i];
            v.x += a[q].x * dt; v.y += a[q].y * dt; v.z += a[q].z * dt;
            float4 p = bi[q];
            p.x += v.x * dt; p.y += v.y * dt; p.z += v.z * dt;
            vel[i] = v;
            pos[i] = p;
        }
    }
}
