// Domain: gravitational N-body simulation (SDK nbody tiles, double precision, multi-body per thread)

struct __align__(32) dbl4 { double x, y, z, w; };
__device__ __forceinline__ dbl4 make_dbl4(double x, double y, double z, double w) { dbl4 r = {x, y, z, w}; return r; }

__device__ __forceinline__ float3 bodyBodyInteraction(float3 ai, float4 bi, float4 bj, float soft2)
{
    float3 r = make_float3(bj.x - bi.x, bj.y - bi.y, bj.z - bi.z);
    float distSqr = r.x * r.x + r.y * r.y + r.z * r.z + soft2;
    float invDist = rsqrtf(distSqr);
    float s = bj.w * invDist * invDist * invDist;
    ai.x += r.x * s; ai.y += r.y * s; ai.z += r.z * s;
    return ai;
}

// SDK-style tiled nbody: positions (xyz, mass) in float4, shared tile of blockDim bodies
extern "C" __global__ void nbody_tile_float(const float4* __restrict__ pos, float4* __restrict__ vel,
                                            float4* __restrict__ newPos, int n, float dt, float soft2, float damping)
{
    extern __shared__ float4 shPos[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 my = pos[min(i, n - 1)];
    float3 acc = make_float3(0.f, 0.f, 0.f);
    for (int tile = 0; tile < (n + blockDim.x - 1) / blockDim.x; ++tile) {
        int j = tile * blockDim.x + threadIdx.x;
        shPos[threadIdx.x] = (j < n) ? pos[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
#pragma unroll 8
        for (int k = 0; k < blockDim.x; ++k) acc = bodyBodyInteraction(acc, my, shPos[k], soft2);
        __syncthreads();
    }
    if (i < n) {
        float4 v = vel[i];
        v.x = (v.x + acc.x * dt) * damping;
        v.y = (v.y + acc.y * dt) * damping;
        v.z = (v.z + acc.z * dt) * damping;
        my.x += v.x * dt; my.y += v.y * dt; my.z += v.z * dt;
        newPos[i] = my;
        vel[i] = v;
    }
}

// Double precision nbody with per-pair potential energy
extern "C" __global__ void nbody_double_energy(const dbl4* __restrict__ pos, double3* __restrict__ acc,
                                               double* __restrict__ pot, int n, double soft2)
{
    __shared__ dbl4 sh[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    dbl4 my = pos[min(i, n - 1)];
    double ax = 0, ay = 0, az = 0, phi = 0;
    for (int base = 0; base < n; base += 128) {
        int j = base + threadIdx.x;
        sh[threadIdx.x] = (j < n) ? pos[j] : make_dbl4(0, 0, 0, 0);
        __syncthreads();
#pragma unroll 4
        for (int k = 0; k < 128; ++k) {
            double dx = sh[k].x - my.x, dy = sh[k].y - my.y, dz = sh[k].z - my.z;
            double d2 = dx * dx + dy * dy + dz * dz + soft2;
            double inv = rsqrt(d2);
            double inv3 = inv * inv * inv * sh[k].w;
            ax += dx * inv3; ay += dy * inv3; az += dz * inv3;
            phi -= sh[k].w * inv;
        }
        __syncthreads();
    }
    if (i < n) {
        acc[i] = make_double3(ax, ay, az);
        pot[i] = 0.5 * my.w * phi;
    }
}

// Each thread integrates 4 bodies against the shared tile: 4 positions + 4 accelerations live,
// tile loop unrolled by 16 (moderately heavy); blockDim.x must be 128
__device__ __forceinline__ void nbody4_body(const float4* __restrict__ pos, float4* __restrict__ accOut, int n, float soft2)
{
    __shared__ float4 sh[128];
    float4 my[4];
    float3 a[4];
#pragma unroll
    for (int b = 0; b < 4; ++b) {
        int i = (blockIdx.x * 4 + b) * 128 + threadIdx.x;
        my[b] = pos[min(i, n - 1)];
        a[b] = make_float3(0.f, 0.f, 0.f);
    }
    for (int base = 0; base < n; base += 128) {
        sh[threadIdx.x] = (base + threadIdx.x < n) ? pos[base + threadIdx.x] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
#pragma unroll 16
        for (int k = 0; k < 128; ++k) {
            float4 bj = sh[k];
#pragma unroll
            for (int b = 0; b < 4; ++b) a[b] = bodyBodyInteraction(a[b], my[b], bj, soft2);
        }
        __syncthreads();
    }
#pragma unroll
    for (int b = 0; b < 4; ++b) {
        int i = (blockIdx.x * 4 + b) * 128 + threadIdx.x;
        if (i < n) accOut[i] = make_float4(a[b].x, a[b].y, a[b].z, 0.f);
    }
}

extern "C" __global__ void __launch_bounds__(128)
nbody_4bodies_per_thread(const float4* __restrict__ pos, float4* __restrict__ accOut, int n, float soft2)
{
    nbody4_body(pos, accOut, n, soft2);
}

// Same 4-bodies-per-thread scheme squeezed by __launch_bounds__(128,16) to 32 registers -> spills
extern "C" __global__ void __launch_bounds__(128, 16)
nbody_4bodies_capped(const float4* __restrict__ pos, float4* __restrict__ accOut, int n, float soft2)
{
    nbody4_body(pos, accOut, n, soft2);
}

