extern "C" __global__ void lj_forces_nlist(const float4* __restrict__ pos, const int* __restrict__ nlist,
    const int* __restrict__ ncount, int stride, float4* __restrict__ force, float* __restrict__ energy,
    int n, float rc2, float eps, float sigma, float3 box)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 pi = __ldg(&pos[i]);
    float s2 = sigma * sigma;
    float fx = 0.f, fy = 0.f, fz = 0.f, e = 0.f, vir = 0.f;
    int cnt = ncount[i];
#pragma unroll 4
    for (int k = 0; k < cnt; ++k) {
        int j = __ldg(&nlist[k * stride + i]);
        float4 pj = __ldg(&pos[j]);
        float dx = pi.x - pj.x, dy = pi.y - pj.y, dz = pi.z - pj.z;
        dx -= box.x * rintf(dx / box.x);
        dy -= box.y * rintf(dy / box.y);
        dz -= box.z * rintf(dz / box.z);
        float r2 = dx * dx + dy * dy + dz * dz;
        if (r2 < rc2) {
            float ir2 = s2 / r2;
            float ir6 = ir2 * ir2 * ir2;
            float ff = 24.f * eps * ir6 * (2.f * ir6 - 1.f) / r2;
            fx += ff * dx; fy += ff * dy; fz += ff * dz;
            e += 4.f * eps * ir6 * (ir6 - 1.f);
            vir += ff * r2;
        }
    }
    force[i] = make_float4(fx, fy, fz, vir);
    energy[i] = 0.5f * e;
}

extern "C" __global__ void velocity_verlet_thermostat(float4* __restrict__ pos, float4* __restrict__ vel,
    const float4* __restrict__ force, int n, float dt, float lambda, float3 box)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pos[i], v = vel[i], f = force[i];
    float im = 1.f / p.w;
    v.x = (v.x + 0.5f * dt * f.x * im) * lambda;
    v.y = (v.y + 0.5f * dt * f.y * im) * lambda;
    v.z = (v.z + 0.5f * dt * f.z * im) * lambda;
    p.x += dt * v.x; p.y += dt * v.y; p.z += dt * v.z;
    p.x -= box.x * floorf(p.x / box.x);
    p.y -= box.y * floorf(p.y / box.y);
    p.z -= box.z * floorf(p.z / box.z);
    pos[i] = p; vel[i] = v;
}
