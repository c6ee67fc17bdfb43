// NeRF volume rendering (instant-ngp style packed samples):
//  * ray marching through an occupancy bitfield to generate samples
//  * front-to-back compositing forward (rgb, depth, opacity)
//  * backward of the compositing w.r.t. sigma and rgb
#include <stdint.h>

__device__ __forceinline__ unsigned int nerf_pcg(unsigned long long& state)
{
    unsigned long long old = state;
    state = old * 6364136223846793005ULL + 1442695040888963407ULL;
    unsigned int xorshifted = (unsigned int)(((old >> 18u) ^ old) >> 27u);
    unsigned int rot = (unsigned int)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

__device__ __forceinline__ unsigned int nerf_morton3(unsigned int x, unsigned int y, unsigned int z)
{
    auto spread = [](unsigned int v) {
        v = (v * 0x00010001u) & 0xFF0000FFu;
        v = (v * 0x00000101u) & 0x0F00F00Fu;
        v = (v * 0x00000011u) & 0xC30C30C3u;
        v = (v * 0x00000005u) & 0x49249249u;
        return v;
    };
    return spread(x) | (spread(y) << 1) | (spread(z) << 2);
}

// Generates up to max_samples per ray with a constant step, skipping empty
// cells of a 128^3 occupancy grid (bits in Morton order). Output is packed.
extern "C" __global__ void nerf_march_rays(const float3* __restrict__ origins,
                                           const float3* __restrict__ dirs,
                                           int num_rays,
                                           float3 aabb_min, float3 aabb_max,
                                           const unsigned char* __restrict__ occ_bits,
                                           int grid_res,
                                           float dt, int max_samples,
                                           unsigned long long seed,
                                           int* __restrict__ ray_offset_count,   // [num_rays, 2]
                                           int* __restrict__ total_samples,
                                           float4* __restrict__ sample_pos_dt,   // xyz + dt
                                           float* __restrict__ sample_t,
                                           int sample_capacity)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= num_rays) return;
    float3 o = origins[r], d = dirs[r];
    float3 inv = make_float3(1.f / d.x, 1.f / d.y, 1.f / d.z);
    float t0x = (aabb_min.x - o.x) * inv.x, t1x = (aabb_max.x - o.x) * inv.x;
    float t0y = (aabb_min.y - o.y) * inv.y, t1y = (aabb_max.y - o.y) * inv.y;
    float t0z = (aabb_min.z - o.z) * inv.z, t1z = (aabb_max.z - o.z) * inv.z;
    float tnear = fmaxf(fmaxf(fminf(t0x, t1x), fminf(t0y, t1y)), fminf(t0z, t1z));
    float tfar = fminf(fminf(fmaxf(t0x, t1x), fmaxf(t0y, t1y)), fmaxf(t0z, t1z));
    tnear = fmaxf(tnear, 0.f);
    if (tnear >= tfar) { ray_offset_count[2 * r] = 0; ray_offset_count[2 * r + 1] = 0; return; }
    unsigned long long rng = seed + (unsigned long long)r * 0x9E3779B97F4A7C15ULL;
    float jitter = (nerf_pcg(rng) >> 8) * (1.f / 16777216.f);
    float3 ext = make_float3(aabb_max.x - aabb_min.x, aabb_max.y - aabb_min.y, aabb_max.z - aabb_min.z);
    float cell = fmaxf(ext.x, fmaxf(ext.y, ext.z)) / grid_res;

    // pass 1: count samples
    int count = 0;
    float t = tnear + dt * jitter;
    while (t < tfar && count < max_samples) {
        float3 p = make_float3(o.x + t * d.x, o.y + t * d.y, o.z + t * d.z);
        int gx = min(grid_res - 1, max(0, (int)((p.x - aabb_min.x) / ext.x * grid_res)));
        int gy = min(grid_res - 1, max(0, (int)((p.y - aabb_min.y) / ext.y * grid_res)));
        int gz = min(grid_res - 1, max(0, (int)((p.z - aabb_min.z) / ext.z * grid_res)));
        unsigned int m = nerf_morton3(gx, gy, gz);
        if (occ_bits[m >> 3] & (1u << (m & 7))) { ++count; t += dt; }
        else {
            // skip to the next cell boundary along the ray
            float tx = ((d.x > 0.f ? gx + 1 : gx) * cell + aabb_min.x - o.x) * inv.x;
            float ty = ((d.y > 0.f ? gy + 1 : gy) * cell + aabb_min.y - o.y) * inv.y;
            float tz = ((d.z > 0.f ? gz + 1 : gz) * cell + aabb_min.z - o.z) * inv.z;
            float tn = fminf(tx, fminf(ty, tz));
            t += fmaxf(dt, ceilf((tn - t) / dt) * dt);
        }
    }
    int base = atomicAdd(total_samples, count);
    if (base + count > sample_capacity) count = max(0, sample_capacity - base);
    ray_offset_count[2 * r] = base;
    ray_offset_count[2 * r + 1] = count;
    // pass 2: write samples
    int k = 0;
    t = tnear + dt * jitter;
    while (t < tfar && k < count) {
        float3 p = make_float3(o.x + t * d.x, o.y + t * d.y, o.z + t * d.z);
        int gx = min(grid_res - 1, max(0, (int)((p.x - aabb_min.x) / ext.x * grid_res)));
        int gy = min(grid_res - 1, max(0, (int)((p.y - aabb_min.y) / ext.y * grid_res)));
        int gz = min(grid_res - 1, max(0, (int)((p.z - aabb_min.z) / ext.z * grid_res)));
        unsigned int m = nerf_morton3(gx, gy, gz);
        if (occ_bits[m >> 3] & (1u << (m & 7))) {
            sample_pos_dt[base + k] = make_float4(p.x, p.y, p.z, dt);
            sample_t[base + k] = t;
            ++k;
            t += dt;
        } else {
            float tx = ((d.x > 0.f ? gx + 1 : gx) * cell + aabb_min.x - o.x) * inv.x;
            float ty = ((d.y > 0.f ? gy + 1 : gy) * cell + aabb_min.y - o.y) * inv.y;
            float tz = ((d.z > 0.f ? gz + 1 : gz) * cell + aabb_min.z - o.z) * inv.z;
            float tn = fminf(tx, fminf(ty, tz));
            t += fmaxf(dt, ceilf((tn - t) / dt) * dt);
        }
    }
}

extern "C" __global__ void nerf_composite_forward(const float* __restrict__ sigmas,
                                                  const float3* __restrict__ rgbs,
                                                  const float4* __restrict__ pos_dt,
                                                  const float* __restrict__ ts,
                                                  const int* __restrict__ ray_offset_count,
                                                  int num_rays,
                                                  float T_threshold,
                                                  float3 bg,
                                                  float3* __restrict__ out_rgb,
                                                  float* __restrict__ out_depth,
                                                  float* __restrict__ out_opacity,
                                                  int* __restrict__ out_num_used)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= num_rays) return;
    int base = ray_offset_count[2 * r], n = ray_offset_count[2 * r + 1];
    float T = 1.f, R = 0.f, G = 0.f, B = 0.f, D = 0.f;
    int k = 0;
    for (; k < n; ++k) {
        int s = base + k;
        float dt = pos_dt[s].w;
        float alpha = 1.f - __expf(-fmaxf(sigmas[s], 0.f) * dt);
        float w = alpha * T;
        float3 c = rgbs[s];
        R += w * c.x; G += w * c.y; B += w * c.z;
        D += w * ts[s];
        T *= 1.f - alpha;
        if (T < T_threshold) { ++k; break; }
    }
    out_rgb[r] = make_float3(R + T * bg.x, G + T * bg.y, B + T * bg.z);
    out_depth[r] = D;
    out_opacity[r] = 1.f - T;
    out_num_used[r] = k;
}

// Backward uses the "suffix" trick: with C = sum w_i c_i, the gradient wrt
// sigma_i only needs the accumulated prefix and the final output.
extern "C" __global__ void nerf_composite_backward(const float* __restrict__ sigmas,
                                                   const float3* __restrict__ rgbs,
                                                   const float4* __restrict__ pos_dt,
                                                   const int* __restrict__ ray_offset_count,
                                                   const int* __restrict__ num_used,
                                                   const float3* __restrict__ out_rgb,
                                                   const float* __restrict__ out_opacity,
                                                   const float3* __restrict__ grad_rgb,
                                                   const float* __restrict__ grad_opacity,
                                                   int num_rays,
                                                   float3 bg,
                                                   float* __restrict__ grad_sigma,
                                                   float3* __restrict__ grad_rgbs)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= num_rays) return;
    int base = ray_offset_count[2 * r], n = num_used[r];
    float3 go = grad_rgb[r];
    float gop = grad_opacity ? grad_opacity[r] : 0.f;
    float3 C = out_rgb[r];
    float Tfinal = 1.f - out_opacity[r];
    // remove background contribution to get the pure volume colour
    float Cr = C.x - Tfinal * bg.x, Cg = C.y - Tfinal * bg.y, Cb = C.z - Tfinal * bg.z;
    float T = 1.f, pr = 0.f, pg = 0.f, pb = 0.f;
    for (int k = 0; k < n; ++k) {
        int s = base + k;
        float dt = pos_dt[s].w;
        float sig = sigmas[s];
        float alpha = 1.f - __expf(-fmaxf(sig, 0.f) * dt);
        float w = alpha * T;
        float3 c = rgbs[s];
        pr += w * c.x; pg += w * c.y; pb += w * c.z;
        T *= 1.f - alpha;
        grad_rgbs[s] = make_float3(go.x * w, go.y * w, go.z * w);
        // dC/dsigma_i = dt * (T_{i+1} c_i - (C - C_{<=i}))
        float dr = dt * (T * c.x - (Cr - pr));
        float dg = dt * (T * c.y - (Cg - pg));
        float db = dt * (T * c.z - (Cb - pb));
        // background term: d(T_final bg)/dsigma_i = -dt T_final bg
        dr -= dt * Tfinal * bg.x; dg -= dt * Tfinal * bg.y; db -= dt * Tfinal * bg.z;
        float dop = dt * Tfinal;
        grad_sigma[s] = sig > 0.f ? (go.x * dr + go.y * dg + go.z * db + gop * dop) : 0.f;
    }
}
