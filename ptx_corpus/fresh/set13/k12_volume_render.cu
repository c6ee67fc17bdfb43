// k12_volume_render.cu
// Graphics/visualisation: direct volume rendering (in the style of the SDK volumeRender sample).
//  - raymarch_tf_local:  ray marching through a 3D density grid with a 64-entry transfer
//                        function copied into a thread-local array and indexed by density
//  - raymarch_mip:       maximum intensity projection with trilinear interpolation
//  - gradient_shading:   central-difference gradient + Blinn-Phong on an isosurface hit
//  - volume_downsample:  2x2x2 box downsample (small)

struct Ray { float3 o, d; };

__device__ __forceinline__ float sampleTri(const float* __restrict__ vol, int nx, int ny, int nz, float x, float y, float z)
{
    x = fminf(fmaxf(x, 0.f), nx - 1.001f); y = fminf(fmaxf(y, 0.f), ny - 1.001f); z = fminf(fmaxf(z, 0.f), nz - 1.001f);
    int i = (int)x, j = (int)y, k = (int)z;
    float fx = x - i, fy = y - j, fz = z - k;
    size_t b = ((size_t)k * ny + j) * nx + i;
    size_t sy = nx, sz = (size_t)nx * ny;
    float c00 = vol[b] * (1 - fx) + vol[b + 1] * fx;
    float c10 = vol[b + sy] * (1 - fx) + vol[b + sy + 1] * fx;
    float c01 = vol[b + sz] * (1 - fx) + vol[b + sz + 1] * fx;
    float c11 = vol[b + sz + sy] * (1 - fx) + vol[b + sz + sy + 1] * fx;
    float c0 = c00 * (1 - fy) + c10 * fy, c1 = c01 * (1 - fy) + c11 * fy;
    return c0 * (1 - fz) + c1 * fz;
}

__device__ __forceinline__ bool boxHit(Ray r, float3 bmax, float& t0, float& t1)
{
    float3 inv = make_float3(1.f / r.d.x, 1.f / r.d.y, 1.f / r.d.z);
    float tx0 = -r.o.x * inv.x, tx1 = (bmax.x - r.o.x) * inv.x;
    float ty0 = -r.o.y * inv.y, ty1 = (bmax.y - r.o.y) * inv.y;
    float tz0 = -r.o.z * inv.z, tz1 = (bmax.z - r.o.z) * inv.z;
    t0 = fmaxf(fmaxf(fminf(tx0, tx1), fminf(ty0, ty1)), fmaxf(fminf(tz0, tz1), 0.f));
    t1 = fminf(fminf(fmaxf(tx0, tx1), fmaxf(ty0, ty1)), fmaxf(tz0, tz1));
    return t1 > t0;
}

__device__ __forceinline__ Ray camRay(const float* __restrict__ invView, int x, int y, int w, int h)
{
    float u = (x + 0.5f) / w * 2.f - 1.f, v = (y + 0.5f) / h * 2.f - 1.f;
    Ray r;
    r.o = make_float3(invView[3], invView[7], invView[11]);
    float dx = invView[0] * u + invView[1] * v - invView[2];
    float dy = invView[4] * u + invView[5] * v - invView[6];
    float dz = invView[8] * u + invView[9] * v - invView[10];
    float s = rsqrtf(dx * dx + dy * dy + dz * dz);
    r.d = make_float3(dx * s, dy * s, dz * s);
    return r;
}

extern "C" __global__ void raymarch_tf_local(const float* __restrict__ vol, int nx, int ny, int nz,
                                             const float4* __restrict__ tfGlobal, const float* __restrict__ invView,
                                             int w, int h, float step, unsigned int* __restrict__ img)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float4 tf[64];
    for (int i = 0; i < 64; ++i) tf[i] = tfGlobal[i];
    Ray r = camRay(invView, x, y, w, h);
    float t0, t1;
    float4 acc = make_float4(0, 0, 0, 0);
    if (boxHit(r, make_float3(nx - 1, ny - 1, nz - 1), t0, t1)) {
        for (float t = t0; t < t1 && acc.w < 0.98f; t += step) {
            float d = sampleTri(vol, nx, ny, nz, r.o.x + t * r.d.x, r.o.y + t * r.d.y, r.o.z + t * r.d.z);
            int bin = min(max((int)(d * 63.f), 0), 63);
            float4 c = tf[bin];
            float a = 1.f - __expf(-c.w * step);
            float wgt = (1.f - acc.w) * a;
            acc.x += wgt * c.x; acc.y += wgt * c.y; acc.z += wgt * c.z; acc.w += wgt;
        }
    }
    unsigned int R = (unsigned)(fminf(acc.x, 1.f) * 255.f), G = (unsigned)(fminf(acc.y, 1.f) * 255.f);
    unsigned int B = (unsigned)(fminf(acc.z, 1.f) * 255.f), A = (unsigned)(fminf(acc.w, 1.f) * 255.f);
    img[y * w + x] = (A << 24) | (B << 16) | (G << 8) | R;
}

extern "C" __global__ void raymarch_mip(const float* __restrict__ vol, int nx, int ny, int nz,
                                        const float* __restrict__ invView, int w, int h, float step,
                                        float* __restrict__ img, float* __restrict__ depth)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    Ray r = camRay(invView, x, y, w, h);
    float t0, t1, best = 0.f, bestT = 0.f;
    if (boxHit(r, make_float3(nx - 1, ny - 1, nz - 1), t0, t1)) {
        for (float t = t0; t < t1; t += step) {
            float d = sampleTri(vol, nx, ny, nz, r.o.x + t * r.d.x, r.o.y + t * r.d.y, r.o.z + t * r.d.z);
            if (d > best) { best = d; bestT = t; }
        }
    }
    img[y * w + x] = best;
    depth[y * w + x] = bestT;
}

extern "C" __global__ void gradient_shading(const float* __restrict__ vol, int nx, int ny, int nz,
                                            const float* __restrict__ invView, int w, int h, float step, float iso,
                                            float3 lightDir, float4* __restrict__ img)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    Ray r = camRay(invView, x, y, w, h);
    float t0, t1;
    float4 col = make_float4(0, 0, 0, 0);
    if (boxHit(r, make_float3(nx - 1, ny - 1, nz - 1), t0, t1)) {
        float prev = sampleTri(vol, nx, ny, nz, r.o.x + t0 * r.d.x, r.o.y + t0 * r.d.y, r.o.z + t0 * r.d.z);
        for (float t = t0 + step; t < t1; t += step) {
            float px = r.o.x + t * r.d.x, py = r.o.y + t * r.d.y, pz = r.o.z + t * r.d.z;
            float d = sampleTri(vol, nx, ny, nz, px, py, pz);
            if ((d - iso) * (prev - iso) <= 0.f) {
                float ft = t - step * (d - iso) / (d - prev + 1e-12f);
                px = r.o.x + ft * r.d.x; py = r.o.y + ft * r.d.y; pz = r.o.z + ft * r.d.z;
                float gx = sampleTri(vol, nx, ny, nz, px + 1, py, pz) - sampleTri(vol, nx, ny, nz, px - 1, py, pz);
                float gy = sampleTri(vol, nx, ny, nz, px, py + 1, pz) - sampleTri(vol, nx, ny, nz, px, py - 1, pz);
                float gz = sampleTri(vol, nx, ny, nz, px, py, pz + 1) - sampleTri(vol, nx, ny, nz, px, py, pz - 1);
                float s = rsqrtf(gx * gx + gy * gy + gz * gz + 1e-12f);
                gx *= s; gy *= s; gz *= s;
                float diff = fmaxf(-(gx * lightDir.x + gy * lightDir.y + gz * lightDir.z), 0.f);
                float hx = lightDir.x + r.d.x, hy = lightDir.y + r.d.y, hz = lightDir.z + r.d.z;
                float hs = rsqrtf(hx * hx + hy * hy + hz * hz + 1e-12f);
                float spec = __powf(fmaxf(-(gx * hx + gy * hy + gz * hz) * hs, 0.f), 32.f);
                col = make_float4(0.1f + 0.7f * diff + 0.3f * spec, 0.1f + 0.6f * diff + 0.3f * spec,
                                  0.1f + 0.5f * diff + 0.3f * spec, ft);
                break;
            }
            prev = d;
        }
    }
    img[y * w + x] = col;
}

extern "C" __global__ void volume_downsample(const float* __restrict__ in, int nx, int ny, int nz, float* __restrict__ out)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, z = blockIdx.z;
    int mx = nx / 2, my = ny / 2;
    if (x >= mx) return;
    float s = 0.f;
#pragma unroll
    for (int dz = 0; dz < 2; ++dz)
#pragma unroll
        for (int dy = 0; dy < 2; ++dy)
#pragma unroll
            for (int dx = 0; dx < 2; ++dx)
                s += in[((size_t)(2 * z + dz) * ny + 2 * y + dy) * nx + 2 * x + dx];
    out[((size_t)z * my + y) * mx + x] = 0.125f * s;
}
