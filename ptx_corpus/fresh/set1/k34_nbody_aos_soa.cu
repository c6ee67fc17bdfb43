// N-body: array of structs vs structure of arrays, shared-memory tiles
struct Body { float x, y, z, m; float vx, vy, vz, pad; };

extern "C" __global__ void nbody_aos(Body* __restrict__ bodies, float dt, float soft2, int n)
{
    extern __shared__ float4 sh[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    Body me = i < n ? bodies[i] : Body{};
    float ax = 0.f, ay = 0.f, az = 0.f;
    for (int tile = 0; tile < n; tile += blockDim.x) {
        int j = tile + threadIdx.x;
        sh[threadIdx.x] = j < n ? make_float4(bodies[j].x, bodies[j].y, bodies[j].z, bodies[j].m) : make_float4(0, 0, 0, 0);
        __syncthreads();
#pragma unroll 8
        for (int k = 0; k < blockDim.x; ++k) {
            float4 o = sh[k];
            float dx = o.x - me.x, dy = o.y - me.y, dz = o.z - me.z;
            float r2 = dx * dx + dy * dy + dz * dz + soft2;
            float inv = rsqrtf(r2);
            float s = o.w * inv * inv * inv;
            ax += dx * s; ay += dy * s; az += dz * s;
        }
        __syncthreads();
    }
    if (i < n) {
        me.vx += ax * dt; me.vy += ay * dt; me.vz += az * dt;
        bodies[i].vx = me.vx; bodies[i].vy = me.vy; bodies[i].vz = me.vz;
    }
}

struct BodiesSoA { const float* x; const float* y; const float* z; const float* m; float* ax; float* ay; float* az; };

extern "C" __global__ void nbody_soa_2body(BodiesSoA b, float soft2, int n)
{
    // each thread computes accelerations for two bodies
    int i0 = (blockIdx.x * blockDim.x + threadIdx.x) * 2;
    if (i0 + 1 >= n) return;
    float x0 = b.x[i0], y0 = b.y[i0], z0 = b.z[i0], x1 = b.x[i0 + 1], y1 = b.y[i0 + 1], z1 = b.z[i0 + 1];
    float a0x = 0, a0y = 0, a0z = 0, a1x = 0, a1y = 0, a1z = 0;
#pragma unroll 4
    for (int j = 0; j < n; ++j) {
        float xj = __ldg(b.x + j), yj = __ldg(b.y + j), zj = __ldg(b.z + j), mj = __ldg(b.m + j);
        float dx = xj - x0, dy = yj - y0, dz = zj - z0;
        float s = mj * rsqrtf(dx * dx + dy * dy + dz * dz + soft2);
        s = s * s * s / (mj * mj);
        a0x += dx * s; a0y += dy * s; a0z += dz * s;
        dx = xj - x1; dy = yj - y1; dz = zj - z1;
        s = mj * rsqrtf(dx * dx + dy * dy + dz * dz + soft2);
        s = s * s * s / (mj * mj);
        a1x += dx * s; a1y += dy * s; a1z += dz * s;
    }
    b.ax[i0] = a0x; b.ay[i0] = a0y; b.az[i0] = a0z;
    b.ax[i0 + 1] = a1x; b.ay[i0 + 1] = a1y; b.az[i0 + 1] = a1z;
}
