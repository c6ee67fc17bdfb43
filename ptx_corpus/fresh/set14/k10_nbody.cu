// Domain: gravitational N-body (GPU Gems 3 ch.31 style, shared-memory tiles)
// nbody_tile_float4      - all-pairs accelerations, float4 positions staged per tile, unrolled by 4
// nbody_tile_double      - double precision all-pairs with softening, shared tile of 32-byte body structs,
//                          __launch_bounds__(256,8)
// nbody_multi_body_4     - each thread accumulates four bodies per tile pass (more live registers)
// nbody_leapfrog_update  - kick-drift integrator step reading accelerations

#define NB_TILE 256

struct __align__(16) DBody { double x, y, z, w; };

__device__ __forceinline__ float3 body_body(float4 bi, float4 bj, float3 ai, float eps2)
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

extern "C" __global__ void nbody_tile_float4(const float4 *__restrict__ pos, float4 *__restrict__ acc,
                                             int n, float eps2)
{
    __shared__ float4 sh[NB_TILE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 me = i < n ? pos[i] : make_float4(0, 0, 0, 0);
    float3 a = make_float3(0, 0, 0);
    for (int tile = 0; tile < n; tile += NB_TILE) {
        int j = tile + threadIdx.x;
        sh[threadIdx.x] = j < n ? pos[j] : make_float4(0, 0, 0, 0);
        __syncthreads();
#pragma unroll 4
        for (int k = 0; k < NB_TILE; ++k) a = body_body(me, sh[k], a, eps2);
        __syncthreads();
    }
    if (i < n) acc[i] = make_float4(a.x, a.y, a.z, 0.f);
}

extern "C" __global__ void __launch_bounds__(256, 8)
nbody_tile_double(const DBody *pos, DBody *acc, int n, double eps2)
{
    __shared__ DBody sh[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    DBody zero = {0.0, 0.0, 0.0, 0.0};
    DBody me = i < n ? pos[i] : zero;
    double ax = 0, ay = 0, az = 0, pot = 0;
    for (int tile = 0; tile < n; tile += 256) {
        int j = tile + threadIdx.x;
        sh[threadIdx.x] = j < n ? pos[j] : zero;
        __syncthreads();
        for (int k = 0; k < 256; ++k) {
            DBody o = sh[k];
            double dx = o.x - me.x, dy = o.y - me.y, dz = o.z - me.z;
            double d2 = dx * dx + dy * dy + dz * dz + eps2;
            double inv = rsqrt(d2);
            double s = o.w * inv * inv * inv;
            ax += dx * s; ay += dy * s; az += dz * s;
            pot -= o.w * inv;
        }
        __syncthreads();
    }
    if (i < n) { DBody r = {ax, ay, az, pot}; acc[i] = r; }
}

extern "C" __global__ void nbody_multi_body_4(const float4 *__restrict__ pos, float4 *__restrict__ acc,
                                              int n, float eps2)
{
    __shared__ float4 sh[NB_TILE];
    int base = blockIdx.x * 4 * blockDim.x + threadIdx.x;
    float4 p[4];
    float3 a[4];
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        int i = base + q * blockDim.x;
        p[q] = i < n ? pos[i] : make_float4(0, 0, 0, 0);
        a[q] = make_float3(0, 0, 0);
    }
    for (int tile = 0; tile < n; tile += NB_TILE) {
        int j = tile + threadIdx.x;
        sh[threadIdx.x] = j < n ? pos[j] : make_float4(0, 0, 0, 0);
        __syncthreads();
#pragma unroll 4
        for (int k = 0; k < NB_TILE; ++k) {
            float4 b = sh[k];
#pragma unroll
            for (int q = 0; q < 4; ++q) a[q] = body_body(p[q], b, a[q], eps2);
        }
        __syncthreads();
    }
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        int i = base + q * blockDim.x;
        if (i < n) acc[i] = make_float4(a[q].x, a[q].y, a[q].z, 0.f);
    }
}

extern "C" __global__ void nbody_leapfrog_update(float4 *pos, float4 *vel, const float4 *acc, int n,
                                                 float dt, float damping)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pos[i], v = vel[i], a = acc[i];
    v.x = (v.x + a.x * dt) * damping;
    v.y = (v.y + a.y * dt) * damping;
    v.z = (v.z + a.z * dt) * damping;
    p.x += v.x * dt; p.y += v.y * dt; p.z += v.z * dt;
    pos[i] = p;
    vel[i] = v;
}
