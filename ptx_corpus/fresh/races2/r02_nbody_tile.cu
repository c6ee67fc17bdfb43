#define NB_TILE 256

extern "C" __global__ void __launch_bounds__(NB_TILE)
nbody_accel_race(const float4* __restrict__ pos, float4* __restrict__ acc, int n, float eps2)
{
    __shared__ float4 sp[NB_TILE];
    int i = blockIdx.x * NB_TILE + threadIdx.x;
    float4 pi = (i < n) ? pos[i] : make_float4(0.f, 0.f, 0.f, 0.f);
    float ax = 0.f, ay = 0.f, az = 0.f;

    for (int base = 0; base < n; base += NB_TILE) {
        int j = base + threadIdx.x;
        sp[threadIdx.x] = (j < n) ? pos[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
#pragma unroll 4
        for (int k = 0; k < NB_TILE; ++k) {
            float4 pj = sp[k];
            float dx = pj.x - pi.x, dy = pj.y - pi.y, dz = pj.z - pi.z;
            float r2 = dx * dx + dy * dy + dz * dz + eps2;
            float inv = rsqrtf(r2);
            float s = pj.w * inv * inv * inv;
            ax += dx * s; ay += dy * s; az += dz * s;
        }
    }
    if (i < n) acc[i] = make_float4(ax, ay, az, 0.f);
}

extern "C" __global__ void __launch_bounds__(NB_TILE)
nbody_accel_ok(const float4* __restrict__ pos, float4* __restrict__ acc, int n, float eps2)
{
    __shared__ float4 sp[NB_TILE];
    int i = blockIdx.x * NB_TILE + threadIdx.x;
    float4 pi = (i < n) ? pos[i] : make_float4(0.f, 0.f, 0.f, 0.f);
    float ax = 0.f, ay = 0.f, az = 0.f;

    for (int base = 0; base < n; base += NB_TILE) {
        int j = base + threadIdx.x;
        sp[threadIdx.x] = (j < n) ? pos[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
#pragma unroll 4
        for (int k = 0; k < NB_TILE; ++k) {
            float4 pj = sp[k];
            float dx = pj.x - pi.x, dy = pj.y - pi.y, dz = pj.z - pi.z;
            float r2 = dx * dx + dy * dy + dz * dz + eps2;
            float inv = rsqrtf(r2);
            float s = pj.w * inv * inv * inv;
            ax += dx * s; ay += dy * s; az += dz * s;
        }
        __syncthreads();
    }
    if (i < n) acc[i] = make_float4(ax, ay, az, 0.f);
}
