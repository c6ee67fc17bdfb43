// Sphere tracing of signed distance fields with soft shadows and ambient occlusion.
#include <cuda_runtime.h>

struct Camera { float3 pos, fwd, right, up; float fov_scale; };

__device__ __forceinline__ float sd_box(float3 p, float3 b)
{
    float qx = fabsf(p.x) - b.x, qy = fabsf(p.y) - b.y, qz = fabsf(p.z) - b.z;
    float ox = fmaxf(qx, 0.f), oy = fmaxf(qy, 0.f), oz = fmaxf(qz, 0.f);
    return sqrtf(ox * ox + oy * oy + oz * oz) + fminf(fmaxf(qx, fmaxf(qy, qz)), 0.f);
}

__device__ __forceinline__ float smin(float a, float b, float k)
{
    float h = fmaxf(k - fabsf(a - b), 0.f) / k;
    return fminf(a, b) - h * h * k * 0.25f;
}

__device__ __forceinline__ float scene(float3 p)
{
    float sphere = sqrtf(p.x * p.x + (p.y - 1.f) * (p.y - 1.f) + p.z * p.z) - 1.f;
    float box = sd_box(make_float3(p.x - 2.f, p.y - 0.75f, p.z), make_float3(0.75f, 0.75f, 0.75f)) - 0.05f;
    float tx = sqrtf((p.x + 2.f) * (p.x + 2.f) + p.z * p.z) - 0.8f;
    float torus = sqrtf(tx * tx + (p.y - 0.4f) * (p.y - 0.4f)) - 0.3f;
    float plane = p.y;
    return fminf(smin(smin(sphere, box, 0.4f), torus, 0.3f), plane);
}

__device__ __forceinline__ float3 normal_at(float3 p)
{
    const float e = 1e-3f;
    float d = scene(p);
    float nx = scene(make_float3(p.x + e, p.y, p.z)) - d;
    float ny = scene(make_float3(p.x, p.y + e, p.z)) - d;
    float nz = scene(make_float3(p.x, p.y, p.z + e)) - d;
    float il = rsqrtf(nx * nx + ny * ny + nz * nz + 1e-20f);
    return make_float3(nx * il, ny * il, nz * il);
}

// Primary rays: march, shade with a directional light, soft shadow and 5-tap AO.
extern "C" __global__ void __launch_bounds__(256)
sdf_render(uchar4* __restrict__ fb, int W, int H, Camera cam, float3 light_dir, int max_steps)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= W || y >= H) return;
    float u = (2.f * (x + 0.5f) / W - 1.f) * cam.fov_scale * W / H, v = (1.f - 2.f * (y + 0.5f) / H) * cam.fov_scale;
    float3 d = make_float3(cam.fwd.x + u * cam.right.x + v * cam.up.x, cam.fwd.y + u * cam.right.y + v * cam.up.y,
                           cam.fwd.z + u * cam.right.z + v * cam.up.z);
    float il = rsqrtf(d.x * d.x + d.y * d.y + d.z * d.z);
    d.x *= il; d.y *= il; d.z *= il;
    float t = 0.f; bool hit = false;
    for (int i = 0; i < max_steps && t < 50.f; ++i) {
        float h = scene(make_float3(cam.pos.x + t * d.x, cam.pos.y + t * d.y, cam.pos.z + t * d.z));
        if (h < 1e-4f * t) { hit = true; break; }
        t += h;
    }
    float3 col = make_float3(0.6f - 0.3f * v, 0.7f - 0.3f * v, 0.9f);
    if (hit) {
        float3 p = make_float3(cam.pos.x + t * d.x, cam.pos.y + t * d.y, cam.pos.z + t * d.z);
        float3 n = normal_at(p);
        float diff = fmaxf(n.x * light_dir.x + n.y * light_dir.y + n.z * light_dir.z, 0.f);
        float sh = 1.f, st = 0.02f;
        for (int i = 0; i < 32 && st < 10.f; ++i) {
            float h = scene(make_float3(p.x + st * light_dir.x, p.y + st * light_dir.y, p.z + st * light_dir.z));
            sh = fminf(sh, 8.f * h / st);
            if (h < 1e-4f) break;
            st += fminf(fmaxf(h, 0.01f), 0.5f);
        }
        sh = fmaxf(sh, 0.f);
        float ao = 0.f, sca = 1.f;
#pragma unroll
        for (int k = 1; k <= 5; ++k) {
            float hr = 0.03f * k;
            float dd = scene(make_float3(p.x + hr * n.x, p.y + hr * n.y, p.z + hr * n.z));
            ao += (hr - dd) * sca; sca *= 0.8f;
        }
        ao = fminf(fmaxf(1.f - 3.f * ao, 0.f), 1.f);
        float l = 0.15f * ao + diff * sh;
        col = make_float3(l * 0.9f, l * 0.8f, l * 0.7f);
    }
    fb[y * W + x] = make_uchar4((unsigned char)(255.f * fminf(sqrtf(col.x), 1.f)), (unsigned char)(255.f * fminf(sqrtf(col.y), 1.f)),
                                (unsigned char)(255.f * fminf(sqrtf(col.z), 1.f)), 255);
}

// Evaluate the SDF on a regular grid (for meshing), one z-column per thread.
extern "C" __global__ void sdf_sample_grid(float* __restrict__ vol, int nx, int ny, int nz, float3 lo, float h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= nx || y >= ny) return;
    for (int z = 0; z < nz; ++z)
        vol[((size_t)z * ny + y) * nx + x] = scene(make_float3(lo.x + x * h, lo.y + y * h, lo.z + z * h));
}
