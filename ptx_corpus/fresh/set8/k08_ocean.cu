// Ocean surface simulation: Tessendorf spectrum initialisation (Phillips spectrum with
// Gaussian randoms from hashing), per-frame spectrum evolution with choppy displacement
// components, Gerstner wave summation with normals, and Jacobian-based foam.
#include <cuda_runtime.h>
#include <stdint.h>

__device__ __forceinline__ uint32_t wang_hash(uint32_t s)
{
    s = (s ^ 61u) ^ (s >> 16); s *= 9u; s ^= s >> 4; s *= 0x27d4eb2du; s ^= s >> 15; return s;
}

__device__ __forceinline__ float2 gauss2(uint32_t a, uint32_t b)
{
    float u1 = fmaxf((wang_hash(a) >> 8) * (1.f / 16777216.f), 1e-7f);
    float u2 = (wang_hash(b) >> 8) * (1.f / 16777216.f);
    float r = sqrtf(-2.f * logf(u1));
    float s, c;
    sincospif(2.f * u2, &s, &c);
    return make_float2(r * c, r * s);
}

extern "C" __global__ void ocean_init_h0(int N, float L, float A, float2 wind, float damp_small,
                                         uint32_t seed, float2 *__restrict__ h0, float2 *__restrict__ h0conj_neg)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= N || y >= N) return;
    const float g = 9.81f;
    float kx = 6.2831853f * (x - N / 2) / L;
    float ky = 6.2831853f * (y - N / 2) / L;
    float V = sqrtf(wind.x * wind.x + wind.y * wind.y);
    float Lw = V * V / g;
    auto phillips = [&](float ax, float ay) -> float {
        float k2 = ax * ax + ay * ay;
        if (k2 < 1e-12f) return 0.f;
        float kw = (ax * wind.x + ay * wind.y) / (sqrtf(k2) * V);
        float dir = kw * kw;
        if (kw < 0.f) dir *= 0.07f;   // waves moving against the wind are damped
        float l = Lw * damp_small;
        return A * __expf(-1.f / (k2 * Lw * Lw)) / (k2 * k2) * dir * __expf(-k2 * l * l);
    };
    uint32_t id = (uint32_t)(y * N + x);
    float2 r = gauss2(seed ^ (id * 2u), seed ^ (id * 2u + 1u));
    float p = sqrtf(phillips(kx, ky) * 0.5f);
    h0[y * N + x] = make_float2(r.x * p, r.y * p);
    float2 r2 = gauss2(seed ^ (id * 2u + 0x10000000u), seed ^ (id * 2u + 0x10000001u));
    float pm = sqrtf(phillips(-kx, -ky) * 0.5f);
    h0conj_neg[y * N + x] = make_float2(r2.x * pm, -r2.y * pm);
}

// h(k,t) = h0(k) e^{i w t} + conj(h0(-k)) e^{-i w t}; also Dx, Dy (choppy), and slope spectra.
extern "C" __global__ void ocean_evolve(int N, float L, float t, float depth,
                                        const float2 *__restrict__ h0, const float2 *__restrict__ h0cn,
                                        float2 *__restrict__ hk, float2 *__restrict__ dxk, float2 *__restrict__ dyk,
                                        float2 *__restrict__ sxk, float2 *__restrict__ syk)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= N || y >= N) return;
    int i = y * N + x;
    float kx = 6.2831853f * (x - N / 2) / L;
    float ky = 6.2831853f * (y - N / 2) / L;
    float k = sqrtf(kx * kx + ky * ky);
    float w = sqrtf(9.81f * k * tanhf(fminf(k * depth, 20.f)));
    // quantise to the repeat period to avoid drift
    const float w0 = 6.2831853f / 200.f;
    w = floorf(w / w0) * w0;
    float s, c;
    sincosf(w * t, &s, &c);
    float2 a = h0[i], b = h0cn[i];
    float hr = (a.x + b.x) * c - (a.y + b.y) * s;
    float hi = (a.x - b.x) * s + (a.y - b.y) * c;
    hk[i] = make_float2(hr, hi);
    float ik = k > 1e-6f ? 1.f / k : 0.f;
    // D = -i k/|k| h
    dxk[i] = make_float2(hi * kx * ik, -hr * kx * ik);
    dyk[i] = make_float2(hi * ky * ik, -hr * ky * ik);
    // slope = i k h
    sxk[i] = make_float2(-hi * kx, hr * kx);
    syk[i] = make_float2(-hi * ky, hr * ky);
}

struct Gerstner { float dirx, diry, amp, wavelength, steep, speed, phase, pad; };

// Sum of Gerstner waves over a vertex grid: position, analytic normal and Jacobian foam.
extern "C" __global__ void __launch_bounds__(256)
gerstner_surface(const Gerstner *__restrict__ waves, int nwaves, int nx, int ny, float spacing, float t,
                 float4 *__restrict__ pos, float4 *__restrict__ normal_foam)
{
    __shared__ Gerstner sw[64];
    for (int i = threadIdx.x + threadIdx.y * blockDim.x; i < nwaves && i < 64; i += blockDim.x * blockDim.y) sw[i] = waves[i];
    __syncthreads();
    int ix = blockIdx.x * blockDim.x + threadIdx.x;
    int iy = blockIdx.y * blockDim.y + threadIdx.y;
    if (ix >= nx || iy >= ny) return;
    float x0 = ix * spacing, y0 = iy * spacing;
    float px = x0, py = y0, pz = 0.f;
    float nxs = 0.f, nys = 0.f, nzs = 0.f;
    float jxx = 1.f, jyy = 1.f, jxy = 0.f;
    int nw = min(nwaves, 64);
    for (int w = 0; w < nw; ++w) {
        Gerstner g = sw[w];
        float k = 6.2831853f / g.wavelength;
        float om = sqrtf(9.81f * k) * g.speed;
        float Q = g.steep / (k * g.amp * nw);
        float f = k * (g.dirx * x0 + g.diry * y0) - om * t + g.phase;
        float s, c;
        __sincosf(f, &s, &c);
        px += Q * g.amp * g.dirx * c;
        py += Q * g.amp * g.diry * c;
        pz += g.amp * s;
        float WA = k * g.amp;
        nxs += g.dirx * WA * c;
        nys += g.diry * WA * c;
        nzs += Q * WA * s;
        jxx -= Q * WA * g.dirx * g.dirx * s;
        jyy -= Q * WA * g.diry * g.diry * s;
        jxy -= Q * WA * g.dirx * g.diry * s;
    }
    float nxv = -nxs, nyv = -nys, nzv = 1.f - nzs;
    float inv = rsqrtf(nxv * nxv + nyv * nyv + nzv * nzv);
    float J = jxx * jyy - jxy * jxy;
    float foam = fminf(fmaxf(0.6f - J, 0.f) * 2.5f, 1.f);
    pos[iy * nx + ix] = make_float4(px, py, pz, 1.f);
    normal_foam[iy * nx + ix] = make_float4(nxv * inv, nyv * inv, nzv * inv, foam);
}
