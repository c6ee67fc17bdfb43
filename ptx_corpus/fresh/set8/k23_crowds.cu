// Flocking and crowd simulation: boids with a uniform-grid neighbour search (cell start/end
// arrays from a prior sort), Helbing social-force pedestrian model with wall segments in
// shared memory, and ORCA-lite velocity obstacle selection by sampling candidate velocities.
#include <cuda_runtime.h>

struct BoidParams {
    float r_sep, r_align, r_coh, w_sep, w_align, w_coh, max_speed, max_force, cell, dt;
    int gx, gy, gz;
};

extern "C" __global__ void boids_grid_step(const float4 *__restrict__ pos, const float4 *__restrict__ vel,
                                           const int *__restrict__ cell_start, const int *__restrict__ cell_end,
                                           int n, BoidParams P, float4 *__restrict__ pos_out, float4 *__restrict__ vel_out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pos[i], v = vel[i];
    int cx = min(max((int)(p.x / P.cell), 0), P.gx - 1);
    int cy = min(max((int)(p.y / P.cell), 0), P.gy - 1);
    int cz = min(max((int)(p.z / P.cell), 0), P.gz - 1);
    float sx = 0, sy = 0, sz = 0, ax = 0, ay = 0, az = 0, hx = 0, hy = 0, hz = 0;
    int na = 0, nc = 0;
    float rs2 = P.r_sep * P.r_sep, ra2 = P.r_align * P.r_align, rc2 = P.r_coh * P.r_coh;
    for (int dz = -1; dz <= 1; ++dz)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                int x = cx + dx, y = cy + dy, z = cz + dz;
                if (x < 0 || y < 0 || z < 0 || x >= P.gx || y >= P.gy || z >= P.gz) continue;
                int c = (z * P.gy + y) * P.gx + x;
                int s = __ldg(cell_start + c);
                if (s < 0) continue;
                int e = __ldg(cell_end + c);
                for (int j = s; j < e; ++j) {
                    if (j == i) continue;
                    float4 q = __ldg(pos + j);
                    float ddx = p.x - q.x, ddy = p.y - q.y, ddz = p.z - q.z;
                    float d2 = ddx * ddx + ddy * ddy + ddz * ddz;
                    if (d2 < rs2 && d2 > 1e-12f) { float inv = 1.f / d2; sx += ddx * inv; sy += ddy * inv; sz += ddz * inv; }
                    if (d2 < ra2) { float4 w = __ldg(vel + j); ax += w.x; ay += w.y; az += w.z; ++na; }
                    if (d2 < rc2) { hx += q.x; hy += q.y; hz += q.z; ++nc; }
                }
            }
    auto steer = [&](float tx, float ty, float tz) {
        float l = sqrtf(tx * tx + ty * ty + tz * tz);
        if (l < 1e-8f) return make_float3(0.f, 0.f, 0.f);
        float s = P.max_speed / l;
        float fx = tx * s - v.x, fy = ty * s - v.y, fz = tz * s - v.z;
        float fl = sqrtf(fx * fx + fy * fy + fz * fz);
        float k = fl > P.max_force ? P.max_force / fl : 1.f;
        return make_float3(fx * k, fy * k, fz * k);
    };
    float3 fs = steer(sx, sy, sz);
    float3 fa = na ? steer(ax / na, ay / na, az / na) : make_float3(0, 0, 0);
    float3 fc = nc ? steer(hx / nc - p.x, hy / nc - p.y, hz / nc - p.z) : make_float3(0, 0, 0);
    float accx = P.w_sep * fs.x + P.w_align * fa.x + P.w_coh * fc.x;
    float accy = P.w_sep * fs.y + P.w_align * fa.y + P.w_coh * fc.y;
    float accz = P.w_sep * fs.z + P.w_align * fa.z + P.w_coh * fc.z;
    float nvx = v.x + accx * P.dt, nvy = v.y + accy * P.dt, nvz = v.z + accz * P.dt;
    float sp = sqrtf(nvx * nvx + nvy * nvy + nvz * nvz);
    if (sp > P.max_speed) { float k = P.max_speed / sp; nvx *= k; nvy *= k; nvz *= k; }
    float wx = P.gx * P.cell, wy = P.gy * P.cell, wz = P.gz * P.cell;
    float npx = fmodf(p.x + nvx * P.dt + wx, wx), npy = fmodf(p.y + nvy * P.dt + wy, wy), npz = fmodf(p.z + nvz * P.dt + wz, wz);
    pos_out[i] = make_float4(npx, npy, npz, p.w);
    vel_out[i] = make_float4(nvx, nvy, nvz, v.w);
}

// Social force model: desired velocity relaxation + exponential repulsion from agents and walls.
extern "C" __global__ void __launch_bounds__(256)
social_force(const float2 *__restrict__ pos, const float2 *__restrict__ vel, const float2 *__restrict__ goal,
             const float *__restrict__ radius, int n, const float4 *__restrict__ walls, int nwalls,
             float A, float B, float k_body, float kappa, float tau, float v0, float dt,
             float2 *__restrict__ pos_out, float2 *__restrict__ vel_out)
{
    __shared__ float2 sp[256], sv[256];
    __shared__ float sr[256];
    __shared__ float4 sw[128];
    for (int w = threadIdx.x; w < nwalls && w < 128; w += blockDim.x) sw[w] = walls[w];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float2 p = i < n ? pos[i] : make_float2(0, 0), v = i < n ? vel[i] : make_float2(0, 0);
    float ri = i < n ? radius[i] : 0.f;
    float2 g = i < n ? goal[i] : make_float2(0, 0);
    float ex = g.x - p.x, ey = g.y - p.y;
    float el = rsqrtf(ex * ex + ey * ey + 1e-9f);
    float fx = (v0 * ex * el - v.x) / tau, fy = (v0 * ey * el - v.y) / tau;
    for (int base = 0; base < n; base += 256) {
        int j = base + threadIdx.x;
        __syncthreads();
        if (j < n) { sp[threadIdx.x] = pos[j]; sv[threadIdx.x] = vel[j]; sr[threadIdx.x] = radius[j]; }
        __syncthreads();
        int cnt = min(256, n - base);
        for (int k = 0; k < cnt; ++k) {
            if (base + k == i) continue;
            float dx = p.x - sp[k].x, dy = p.y - sp[k].y;
            float d = sqrtf(dx * dx + dy * dy) + 1e-6f;
            float rij = ri + sr[k];
            float nx = dx / d, ny = dy / d;
            float ov = rij - d;
            float mag = A * __expf(ov / B) + (ov > 0.f ? k_body * ov : 0.f);
            fx += mag * nx; fy += mag * ny;
            if (ov > 0.f) {
                float tx = -ny, ty = nx;
                float dvt = (sv[k].x - v.x) * tx + (sv[k].y - v.y) * ty;
                fx += kappa * ov * dvt * tx; fy += kappa * ov * dvt * ty;
            }
        }
    }
    int nw = min(nwalls, 128);
    for (int w = 0; w < nw; ++w) {
        float4 s = sw[w];
        float wx = s.z - s.x, wy = s.w - s.y;
        float t = ((p.x - s.x) * wx + (p.y - s.y) * wy) / (wx * wx + wy * wy);
        t = fminf(fmaxf(t, 0.f), 1.f);
        float dx = p.x - (s.x + t * wx), dy = p.y - (s.y + t * wy);
        float d = sqrtf(dx * dx + dy * dy) + 1e-6f;
        float ov = ri - d;
        float mag = A * __expf(ov / B) + (ov > 0.f ? k_body * ov : 0.f);
        fx += mag * dx / d; fy += mag * dy / d;
    }
    if (i >= n) return;
    float nvx = v.x + fx * dt, nvy = v.y + fy * dt;
    float s = sqrtf(nvx * nvx + nvy * nvy), vmax = 1.3f * v0;
    if (s > vmax) { nvx *= vmax / s; nvy *= vmax / s; }
    vel_out[i] = make_float2(nvx, nvy);
    pos_out[i] = make_float2(p.x + nvx * dt, p.y + nvy * dt);
}

// Sampling-based velocity obstacle selection: evaluate NSAMP candidate velocities against the K
// nearest neighbours (precomputed indices), picking the one minimising time-to-collision penalty.
#define KNN 10
#define NSAMP 48
extern "C" __global__ void vo_sample_select(const float2 *__restrict__ pos, const float2 *__restrict__ vel,
                                            const float2 *__restrict__ pref_vel, const int *__restrict__ knn,
                                            const float *__restrict__ radius, int n, float vmax, float horizon,
                                            float w_ttc, float2 *__restrict__ new_vel)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float2 p = pos[i], pv = pref_vel[i], v = vel[i];
    float ri = radius[i];
    float2 np[KNN], nv[KNN];
    float nr[KNN];
#pragma unroll
    for (int k = 0; k < KNN; ++k) {
        int j = knn[i * KNN + k];
        np[k] = j >= 0 ? pos[j] : make_float2(1e9f, 1e9f);
        nv[k] = j >= 0 ? vel[j] : make_float2(0.f, 0.f);
        nr[k] = j >= 0 ? radius[j] : 0.f;
    }
    float best = 1e30f;
    float2 bv = make_float2(0.f, 0.f);
    for (int s = 0; s < NSAMP; ++s) {
        float ang = 6.2831853f * s / NSAMP;
        float mag = vmax * (s % 3 + 1) / 3.f;
        float2 c = s == 0 ? pv : make_float2(mag * __cosf(ang), mag * __sinf(ang));
        float tmin = horizon;
#pragma unroll
        for (int k = 0; k < KNN; ++k) {
            // reciprocal: relative velocity uses 2c - v_i - v_j
            float rvx = 2.f * c.x - v.x - nv[k].x, rvy = 2.f * c.y - v.y - nv[k].y;
            float dx = np[k].x - p.x, dy = np[k].y - p.y;
            float R = ri + nr[k];
            float a = rvx * rvx + rvy * rvy;
            float b = dx * rvx + dy * rvy;
            float cc = dx * dx + dy * dy - R * R;
            float disc = b * b - a * cc;
            if (cc < 0.f) { tmin = 0.f; continue; }
            if (disc > 0.f && b > 0.f) {
                float t = (b - sqrtf(disc)) / a;
                if (t >= 0.f) tmin = fminf(tmin, t);
            }
        }
        float ddx = c.x - pv.x, ddy = c.y - pv.y;
        float cost = w_ttc / fmaxf(tmin, 1e-3f) + sqrtf(ddx * ddx + ddy * ddy);
        if (cost < best) { best = cost; bv = c; }
    }
    new_vel[i] = bv;
}
