// Signed-distance-field rendering: sphere tracing a CSG scene (evaluated by a non-inlined scene
// function), normal estimation with the tetrahedral technique, soft shadows, ambient occlusion,
// and fast tracing through a precomputed SDF grid.

struct Prim { float4 a; float4 b; int type; int op; float k; int pad; };

__device__ __forceinline__ float sd_box(float px, float py, float pz, float bx, float by, float bz)
{
    float qx = fabsf(px) - bx, qy = fabsf(py) - by, qz = fabsf(pz) - bz;
    float ox = fmaxf(qx, 0.f), oy = fmaxf(qy, 0.f), oz = fmaxf(qz, 0.f);
    return sqrtf(ox * ox + oy * oy + oz * oz) + fminf(fmaxf(qx, fmaxf(qy, qz)), 0.f);
}
__device__ __forceinline__ float sd_torus(float px, float py, float pz, float R, float r)
{
    float qx = sqrtf(px * px + pz * pz) - R;
    return sqrtf(qx * qx + py * py) - r;
}
__device__ __forceinline__ float sd_capsule(float px, float py, float pz, float4 a, float4 b)
{
    float pax = px - a.x, pay = py - a.y, paz = pz - a.z;
    float bax = b.x - a.x, bay = b.y - a.y, baz = b.z - a.z;
    float h = fminf(fmaxf((pax * bax + pay * bay + paz * baz) / (bax * bax + bay * bay + baz * baz), 0.f), 1.f);
    float dx = pax - bax * h, dy = pay - bay * h, dz = paz - baz * h;
    return sqrtf(dx * dx + dy * dy + dz * dz) - a.w;
}
__device__ __forceinline__ float smin(float a, float b, float k)
{
    float h = fmaxf(k - fabsf(a - b), 0.f) / k;
    return fminf(a, b) - h * h * k * 0.25f;
}

__device__ __noinline__ float scene_sdf(const Prim* __restrict__ prims, int nprim, float px, float py, float pz)
{
    float d = 1e20f;
    for (int i = 0; i < nprim; ++i) {
        Prim pr = prims[i];
        float lx = px - pr.a.x, ly = py - pr.a.y, lz = pz - pr.a.z;
        float di;
        switch (pr.type) {
            case 0: di = sqrtf(lx * lx + ly * ly + lz * lz) - pr.a.w; break;
            case 1: di = sd_box(lx, ly, lz, pr.b.x, pr.b.y, pr.b.z) - pr.b.w; break;
            case 2: di = sd_torus(lx, ly, lz, pr.b.x, pr.b.y); break;
            default: di = sd_capsule(px, py, pz, pr.a, pr.b); break;
        }
        if (pr.op == 0) d = fminf(d, di);
        else if (pr.op == 1) d = smin(d, di, pr.k);
        else d = fmaxf(d, -di);
    }
    return fminf(d, py + 1.0f);   // ground plane at y=-1
}

extern "C" __global__ void sdf_render_primary(const Prim* __restrict__ prims, int nprim, int width, int height,
                                              float3 cam_pos, float3 cam_fwd, float3 cam_right, float3 cam_up, float fov_scale,
                                              float3 light_dir, int max_steps, float tmax, uchar4* __restrict__ image,
                                              float* __restrict__ depth)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;
    float u = (2.f * (x + 0.5f) / width - 1.f) * fov_scale * width / height;
    float v = (1.f - 2.f * (y + 0.5f) / height) * fov_scale;
    float dx = cam_fwd.x + u * cam_right.x + v * cam_up.x;
    float dy = cam_fwd.y + u * cam_right.y + v * cam_up.y;
    float dz = cam_fwd.z + u * cam_right.z + v * cam_up.z;
    float il = rsqrtf(dx * dx + dy * dy + dz * dz);
    dx *= il; dy *= il; dz *= il;
    float t = 0.f;
    bool hit = false;
    for (int s = 0; s < max_steps && t < tmax; ++s) {
        float d = scene_sdf(prims, nprim, cam_pos.x + t * dx, cam_pos.y + t * dy, cam_pos.z + t * dz);
        if (d < 1e-4f * t) { hit = true; break; }
        t += d;
    }
    float3 col = make_float3(0.6f - 0.3f * dy, 0.7f - 0.3f * dy, 0.9f);
    if (hit) {
        float px = cam_pos.x + t * dx, py = cam_pos.y + t * dy, pz = cam_pos.z + t * dz;
        const float e = 5e-4f;
        float k0 = scene_sdf(prims, nprim, px + e, py - e, pz - e);
        float k1 = scene_sdf(prims, nprim, px - e, py - e, pz + e);
        float k2 = scene_sdf(prims, nprim, px - e, py + e, pz - e);
        float k3 = scene_sdf(prims, nprim, px + e, py + e, pz + e);
        float nx = k0 - k1 - k2 + k3, ny = -k0 - k1 + k2 + k3, nz = -k0 + k1 - k2 + k3;
        float nl = rsqrtf(nx * nx + ny * ny + nz * nz);
        nx *= nl; ny *= nl; nz *= nl;
        float diff = fmaxf(nx * light_dir.x + ny * light_dir.y + nz * light_dir.z, 0.f);
        // soft shadow
        float sh = 1.f, st = 0.02f;
        for (int s = 0; s < 48 && st < 10.f; ++s) {
            float h = scene_sdf(prims, nprim, px + st * light_dir.x, py + st * light_dir.y, pz + st * light_dir.z);
            sh = fminf(sh, 8.f * h / st);
            if (h < 1e-4f) break;
            st += fminf(fmaxf(h, 0.01f), 0.5f);
        }
        sh = fmaxf(sh, 0.f);
        // ambient occlusion (5 taps)
        float ao = 0.f, sca = 1.f;
#pragma unroll
        for (int k = 1; k <= 5; ++k) {
            float hr = 0.03f * k;
            float dd = scene_sdf(prims, nprim, px + nx * hr, py + ny * hr, pz + nz * hr);
            ao += (hr - dd) * sca;
            sca *= 0.7f;
        }
        ao = fminf(fmaxf(1.f - 3.f * ao, 0.f), 1.f);
        float lum = 0.1f * ao + 0.9f * diff * sh;
        col = make_float3(lum * 0.9f, lum * 0.8f, lum * 0.7f);
    }
    image[y * width + x] = make_uchar4((unsigned char)(255.f * __saturatef(sqrtf(col.x))),
                                       (unsigned char)(255.f * __saturatef(sqrtf(col.y))),
                                       (unsigned char)(255.f * __saturatef(sqrtf(col.z))), 255);
    depth[y * width + x] = hit ? t : tmax;
}

// Trilinear sampling of a baked SDF grid along rays (fast preview path) with gradient normals;
// launch bounds request 16 resident blocks of 128 threads.
extern "C" __global__ void __launch_bounds__(128, 16)
sdf_grid_trace(const float* __restrict__ grid, float3 origin, float inv_h, int nx, int ny, int nz,
                                          const float4* __restrict__ ray_o, const float4* __restrict__ ray_d, int nrays,
                                          float4* __restrict__ hit_out)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrays) return;
    float4 o = ray_o[r], d = ray_d[r];
    float t = o.w;
    float tmax = d.w;
    float4 res = make_float4(0.f, 0.f, 0.f, -1.f);
    for (int s = 0; s < 256 && t < tmax; ++s) {
        float gx = (o.x + t * d.x - origin.x) * inv_h, gy = (o.y + t * d.y - origin.y) * inv_h, gz = (o.z + t * d.z - origin.z) * inv_h;
        gx = fminf(fmaxf(gx, 0.f), nx - 1.001f); gy = fminf(fmaxf(gy, 0.f), ny - 1.001f); gz = fminf(fmaxf(gz, 0.f), nz - 1.001f);
        int ix = (int)gx, iy = (int)gy, iz = (int)gz;
        float fx = gx - ix, fy = gy - iy, fz = gz - iz;
        long base = ((long)iz * ny + iy) * nx + ix;
        long sy = nx, sz = (long)nx * ny;
        float c000 = grid[base], c100 = grid[base + 1], c010 = grid[base + sy], c110 = grid[base + sy + 1];
        float c001 = grid[base + sz], c101 = grid[base + sz + 1], c011 = grid[base + sz + sy], c111 = grid[base + sz + sy + 1];
        float c00 = c000 + fx * (c100 - c000), c10 = c010 + fx * (c110 - c010);
        float c01 = c001 + fx * (c101 - c001), c11 = c011 + fx * (c111 - c011);
        float c0 = c00 + fy * (c10 - c00), c1 = c01 + fy * (c11 - c01);
        float dist = c0 + fz * (c1 - c0);
        if (dist < 1e-3f) {
            float gxv = (1 - fy) * (1 - fz) * (c100 - c000) + fy * (1 - fz) * (c110 - c010) + (1 - fy) * fz * (c101 - c001) + fy * fz * (c111 - c011);
            float gyv = (1 - fx) * (1 - fz) * (c010 - c000) + fx * (1 - fz) * (c110 - c100) + (1 - fx) * fz * (c011 - c001) + fx * fz * (c111 - c101);
            float gzv = (1 - fx) * (1 - fy) * (c001 - c000) + fx * (1 - fy) * (c101 - c100) + (1 - fx) * fy * (c011 - c010) + fx * fy * (c111 - c110);
            float il = rsqrtf(gxv * gxv + gyv * gyv + gzv * gzv + 1e-20f);
            res = make_float4(gxv * il, gyv * il, gzv * il, t);
            break;
        }
        t += fmaxf(dist, 0.5f / inv_h * 0.1f);
    }
    hit_out[r] = res;
}
