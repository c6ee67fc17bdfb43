// __noinline__ device functions (real calls, ABI register usage)
struct Ray { float ox, oy, oz, dx, dy, dz; };
struct Sphere { float cx, cy, cz, r; };

__device__ __noinline__ float hit_sphere(const Ray& ray, const Sphere& s)
{
    float ocx = ray.ox - s.cx, ocy = ray.oy - s.cy, ocz = ray.oz - s.cz;
    float b = ocx * ray.dx + ocy * ray.dy + ocz * ray.dz;
    float c = ocx * ocx + ocy * ocy + ocz * ocz - s.r * s.r;
    float disc = b * b - c;
    if (disc < 0.f) return -1.f;
    float sq = sqrtf(disc);
    float t = -b - sq;
    return t > 1e-4f ? t : (-b + sq > 1e-4f ? -b + sq : -1.f);
}

__device__ __noinline__ float shade(float nx, float ny, float nz, float lx, float ly, float lz)
{
    float d = nx * lx + ny * ly + nz * lz;
    return fmaxf(d, 0.f) * 0.9f + 0.1f;
}

extern "C" __global__ void raycast_spheres(const Sphere* __restrict__ spheres, int nsph, float* __restrict__ img,
                                           int w, int h, float lx, float ly, float lz)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= w || py >= h) return;
    Ray r;
    r.ox = 0.f; r.oy = 0.f; r.oz = -5.f;
    float u = (2.f * px / w - 1.f), v = (2.f * py / h - 1.f);
    float inv = rsqrtf(u * u + v * v + 1.f);
    r.dx = u * inv; r.dy = v * inv; r.dz = inv;
    float best = 1e30f; int bi = -1;
    for (int s = 0; s < nsph; ++s) {
        Sphere sp = spheres[s];
        float t = hit_sphere(r, sp);
        if (t > 0.f && t < best) { best = t; bi = s; }
    }
    float col = 0.f;
    if (bi >= 0) {
        Sphere sp = spheres[bi];
        float hx = r.ox + best * r.dx - sp.cx, hy = r.oy + best * r.dy - sp.cy, hz = r.oz + best * r.dz - sp.cz;
        float in = 1.f / sp.r;
        col = shade(hx * in, hy * in, hz * in, lx, ly, lz);
    }
    img[py * w + px] = col;
}

__device__ __noinline__ double integrand(double x, int kind)
{
    switch (kind) {
    case 0: return exp(-x * x);
    case 1: return 1.0 / (1.0 + x * x);
    default: return sin(x) * sin(x);
    }
}

extern "C" __global__ void simpson_integrate(const double* __restrict__ a, const double* __restrict__ b,
                                             const int* __restrict__ kind, double* __restrict__ res, int nsteps, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double lo = a[i], hi = b[i], hstep = (hi - lo) / nsteps;
    int k = kind[i];
    double s = integrand(lo, k) + integrand(hi, k);
    for (int j = 1; j < nsteps; ++j) s += (j & 1 ? 4.0 : 2.0) * integrand(lo + j * hstep, k);
    res[i] = s * hstep / 3.0;
}
