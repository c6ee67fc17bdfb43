// All-pairs softened gravitational acceleration (GPU Gems 3 ch.31 style). Bodies are staged in
// shared-memory tiles of 128 float4 (xyz = position, w = mass); each thread integrates one body.
// Launch: blockDim = (256,1,1) (compile-time), gridDim = (n/256,1,1), no dynamic shared memory; n multiple of 256.
#define NT 256
#define TILE 128

__device__ __forceinline__ float3 body_body(float4 bi, float4 bj, float3 a)
{
    float3 r = make_float3(bj.x - bi.x, bj.y - bi.y, bj.z - bi.z);
    float d2 = r.x * r.x + r.y * r.y + r.z * r.z + 1e-4f;
    float inv = rsqrtf(d2);
    float s = bj.w * inv * inv * inv;
    a.x += r.x * s; a.y += r.y * s; a.z += r.z * s;
    return a;
}

extern "C" __global__ void __launch_bounds__(NT)
nbody_tile_race(const float4* __restrict__ pos, float4* __restrict__ acc, int n)
{
    __shared__ float4 s_pos[TILE];
    const int i = blockIdx.x * NT + threadIdx.x;
    const float4 me = pos[i];
    float3 a = make_float3(0.f, 0.f, 0.f);
    for (int t = 0; t < n / TILE; ++t) {
        const int j = threadIdx.x & (TILE - 1);
        s_pos[j] = pos[t * TILE + j];
        __syncthreads();
#pragma unroll 8
        for (int k = 0; k < TILE; ++k) a = body_body(me, s_pos[k], a);
        __syncthreads();
    }
    acc[i] = make_float4(a.x, a.y, a.z, 0.f);
}

extern "C" __global__ void __launch_bounds__(NT)
nbody_tile_ok(const float4* __restrict__ pos, float4* __restrict__ acc, int n)
{
    __shared__ float4 s_pos[TILE];
    const int i = blockIdx.x * NT + threadIdx.x;
    const float4 me = pos[i];
    float3 a = make_float3(0.f, 0.f, 0.f);
    for (int t = 0; t < n / TILE; ++t) {
        if (threadIdx.x < TILE) s_pos[threadIdx.x] = pos[t * TILE + threadIdx.x];
        __syncthreads();
#pragma unroll 8
        for (int k = 0; k < TILE; ++k) a = body_body(me, s_pos[k], a);
        __syncthreads();
    }
    acc[i] = make_float4(a.x, a.y, a.z, 0.f);
}
