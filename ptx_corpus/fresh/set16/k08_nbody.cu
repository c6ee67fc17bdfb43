// Domain: gravitational N-body simulation (SDK nbody-style all-pairs with shared tiles, double precision, unrolled bodies)
struct __align__(32) dbl4 { double x, y, z, w; };
__device__ __forceinline__ dbl4 mk_dbl4(double a, double b, double c, double d) { dbl4 r; r.x = a; r.y = b; r.z = c; r.w = d; return r; }

__device__ __forceinline__ float3 bodyBodyInteraction(float3 ai, float4 bi, float4 bj, float eps2)
{
    float3 r = make_float3(bj.x - bi.x, bj.y - bi.y, bj.z - bi.z);
    float d2 = r.x * r.x + r.y * r.y + r.z * r.z + eps2;
    float inv = rsqrtf(d2);
    float s = bj.w * inv * inv * inv;
    ai.x += r.x * s; ai.y += r.y * s; ai.z += r.z * s;
    return ai;
}

// nbody_tile_float4: all-pairs accelerations with blockDim-sized shared tiles of float4 (pos, mass), then leapfrog update
extern "C" __global__ void nbody_tile_float4(const float4* __restrict__ pos, float4* __restrict__ newPos, float4* __restrict__ vel,
                                             int n, float dt, float eps2, float damping)
{
    extern __shared__ float4 shPos[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 me = (i < n) ? pos[i] : make_float4(0.f, 0.f, 0.f, 0.f);
    float3 acc = make_float3(0.f, 0.f, 0.f);
    for (int tile = 0; tile < n; tile += blockDim.x) {
        int j = tile + threadIdx.x;
        shPos[threadIdx.x] = (j < n) ? pos[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
#pragma unroll 8
        for (int k = 0; k < blockDim.x; ++k) acc = bodyBodyInteraction(acc, me, shPos[k], eps2);
        __syncthreads();
    }
    if (i < n) {
        float4 v = vel[i];
        v.x = (v.x + acc.x * dt) * damping; v.y = (v.y + acc.y * dt) * damping; v.z = (v.z + acc.z * dt) * damping;
        me.x += v.x * dt; me.y += v.y * dt; me.z += v.z * dt;
        vel[i] = v; newPos[i] = me;
    }
}

// nbody_double_potential: double-precision accelerations and potential energy per body (shared tiles of 128)
extern "C" __global__ void nbody_double_potential(const dbl4* __restrict__ pos, dbl4* __restrict__ accPot, int n, double eps2)
{
    __shared__ dbl4 sh[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    dbl4 me = (i < n) ? pos[i] : mk_dbl4(0, 0, 0, 0);
    double ax = 0, ay = 0, az = 0, pot = 0;
    for (int t = 0; t < n; t += 128) {
        if (t + threadIdx.x < n) sh[threadIdx.x] = pos[t + threadIdx.x];
        else sh[threadIdx.x] = mk_dbl4(0, 0, 0, 0);
        __syncthreads();
#pragma unroll 4
        for (int k = 0; k < 128; ++k) {
            dbl4 b = sh[k];
            double dx = b.x - me.x, dy = b.y - me.y, dz = b.z - me.z;
            double d2 = dx * dx + dy * dy + dz * dz + eps2;
            double inv = rsqrt(d2);
            double m_inv = b.w * inv;
            double s = m_inv * inv * inv;
            ax += dx * s; ay += dy * s; az += dz * s;
            pot -= (t + k != i) ? m_inv : 0.0;
        }
        __syncthreads();
    }
    if (i < n) accPot[i] = mk_dbl4(ax, ay, az, pot);
}

// nbody_multi_body_per_thread: each thread integrates 4 bodies at once (register tiling on i), shared tile on j
extern "C" __global__ void nbody_multi_body_per_thread(const float4* __restrict__ pos, float4* __restrict__ acc, int n, float eps2)
{
    __shared__ float4 sh[256];
    const int NB = 4;
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * NB;
    float4 me[NB];
    float3 a[NB];
#pragma unroll
    for (int b = 0; b < NB; ++b) {
        me[b] = (base + b < n) ? pos[base + b] : make_float4(0.f, 0.f, 0.f, 0.f);
        a[b] = make_float3(0.f, 0.f, 0.f);
    }
    for (int t = 0; t < n; t += blockDim.x) {
        sh[threadIdx.x] = (t + threadIdx.x < n) ? pos[t + threadIdx.x] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
#pragma unroll 4
        for (int k = 0; k < blockDim.x; ++k) {
            float4 o = sh[k];
#pragma unroll
            for (int b = 0; b < NB; ++b) a[b] = bodyBodyInteraction(a[b], me[b], o, eps2);
        }
        __syncthreads();
    }
#pragma unroll
    for (int b = 0; b < NB; ++b) if (base + b < n) acc[base + b] = make_float4(a[b].x, a[b].y, a[b].z, 0.f);
}

// nbody_jerk_hermite_lb: 4th-order Hermite acc+jerk (double) per body, bounded __launch_bounds__(512,4)
extern "C" __global__ void __launch_bounds__(512, 4)
nbody_jerk_hermite_lb(const dbl4* __restrict__ pos, const dbl4* __restrict__ vel, dbl4* __restrict__ acc,
                      dbl4* __restrict__ jerk, int n, double eps2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    dbl4 pi = pos[i], vi = vel[i];
    double ax = 0, ay = 0, az = 0, jx = 0, jy = 0, jz = 0, pot = 0;
#pragma unroll 2
    for (int j = 0; j < n; ++j) {
        dbl4 pj = pos[j], vj = vel[j];
        double dx = pj.x - pi.x, dy = pj.y - pi.y, dz = pj.z - pi.z;
        double dvx = vj.x - vi.x, dvy = vj.y - vi.y, dvz = vj.z - vi.z;
        double r2 = dx * dx + dy * dy + dz * dz + eps2;
        double rinv = rsqrt(r2);
        double rinv2 = rinv * rinv;
        double mr3 = pj.w * rinv * rinv2;
        double rv = 3.0 * (dx * dvx + dy * dvy + dz * dvz) * rinv2;
        ax += mr3 * dx; ay += mr3 * dy; az += mr3 * dz;
        jx += mr3 * (dvx - rv * dx); jy += mr3 * (dvy - rv * dy); jz += mr3 * (dvz - rv * dz);
        pot -= (j != i) ? pj.w * rinv : 0.0;
    }
    acc[i] = mk_dbl4(ax, ay, az, pot);
    jerk[i] = mk_dbl4(jx, jy, jz, 0.0);
}
