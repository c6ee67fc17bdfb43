// All-pairs N-body accelerations (GPU Gems 3 style tiling), 256 bodies per shared tile.
// pos[i] = (x, y, z, mass); padding bodies have mass 0.
#include <cuda_runtime.h>

#define TILE 256

__device__ __forceinline__ float3 body_interact(float4 bi, float4 bj, float3 a, float eps2)
{
    float3 r = make_float3(bj.x - bi.x, bj.y - bi.y, bj.z - bi.z);
    float d2 = fmaf(r.x, r.x, fmaf(r.y, r.y, fmaf(r.z, r.z, eps2)));
    float inv = rsqrtf(d2);
    float s = bj.w * inv * inv * inv;
    a.x = fmaf(r.x, s, a.x);
    a.y = fmaf(r.y, s, a.y);
    a.z = fmaf(r.z, s, a.z);
    return a;
}

extern "C" __global__ void __launch_bounds__(TILE)
nbody_race(const float4* __restrict__ pos, float4* __restrict__ accel, int n, float eps2)
{
    __shared__ float4 sh[TILE];
    const int tid = threadIdx.x;
    const int i = blockIdx.x * TILE + tid;
    const float4 me = (i < n) ? pos[i] : make_float4(0.f, 0.f, 0.f, 0.f);
    float3 a = make_float3(0.f, 0.f, 0.f);

    for (int base = 0; base < n; base += TILE) {
        int j = base + tid;
        sh[tid] = (j < n) ? pos[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
        #pragma unroll 8
        for (int k = 0; k < TILE; ++k)
            a = body_interact(me, sh[k], a, eps2);
    }
    if (i < n)
        accel[i] = make_float4(a.x, a.y, a.z, 0.f);
}

extern "C" __global__ void __launch_bounds__(TILE)
nbody_ok(const float4* __restrict__ pos, float4* __restrict__ accel, int n, float eps2)
{
    __shared__ float4 sh[2][TILE];
    const int tid = threadIdx.x;
    const int i = blockIdx.x * TILE + tid;
    const float4 me = (i < n) ? pos[i] : make_float4(0.f, 0.f, 0.f, 0.f);
    float3 a = make_float3(0.f, 0.f, 0.f);

    int buf = 0;
    for (int base = 0; base < n; base += TILE) {
        int j = base + tid;
        sh[buf][tid] = (j < n) ? pos[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
        #pragma unroll 8
        for (int k = 0; k < TILE; ++k)
            a = body_interact(me, sh[buf][k], a, eps2);
        buf ^= 1;
    }
    if (i < n)
        accel[i] = make_float4(a.x, a.y, a.z, 0.f);
}
