#include <cstdint>
#define PHILOX_M0 0xD2511F53u
#define PHILOX_M1 0xCD9E8D57u
#define PHILOX_W0 0x9E3779B9u
#define PHILOX_W1 0xBB67AE85u

__device__ __forceinline__ uint4 philox_round(uint4 c, uint2 k)
{
    uint32_t hi0 = __umulhi(PHILOX_M0, c.x), lo0 = PHILOX_M0 * c.x;
    uint32_t hi1 = __umulhi(PHILOX_M1, c.z), lo1 = PHILOX_M1 * c.z;
    return make_uint4(hi1 ^ c.y ^ k.x, lo1, hi0 ^ c.w ^ k.y, lo0);
}

__device__ __forceinline__ uint4 philox4x32_10(uint4 c, uint2 k)
{
#pragma unroll
    for (int r = 0; r < 10; ++r) {
        c = philox_round(c, k);
        k.x += PHILOX_W0; k.y += PHILOX_W1;
    }
    return c;
}

__device__ __forceinline__ float u01(uint32_t x) { return (x >> 8) * (1.0f / 16777216.0f) + (0.5f / 16777216.0f); }

extern "C" __global__ void mc_pi_estimate(unsigned long long seed, unsigned long long* __restrict__ hits,
    int iters)
{
    uint32_t tid = blockIdx.x * blockDim.x + threadIdx.x;
    uint2 key = make_uint2((uint32_t)seed, (uint32_t)(seed >> 32));
    unsigned long long local = 0;
    for (int it = 0; it < iters; ++it) {
        uint4 r = philox4x32_10(make_uint4(it, tid, 0x1234u, 0u), key);
        float x0 = u01(r.x), y0 = u01(r.y), x1 = u01(r.z), y1 = u01(r.w);
        local += (x0 * x0 + y0 * y0 <= 1.f) + (x1 * x1 + y1 * y1 <= 1.f);
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) local += __shfl_down_sync(0xffffffffu, local, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(hits, local);
}

extern "C" __global__ void mc_photon_slab(unsigned long long seed, float mu_a, float mu_s, float g,
    float thickness, float* __restrict__ reflect, float* __restrict__ transmit, float* __restrict__ absorbed,
    int photonsPerThread)
{
    uint32_t tid = blockIdx.x * blockDim.x + threadIdx.x;
    uint2 key = make_uint2((uint32_t)seed, tid);
    float mu_t = mu_a + mu_s, albedo = mu_s / mu_t;
    float R = 0.f, T = 0.f, A = 0.f;
    uint32_t ctr = 0;
    for (int p = 0; p < photonsPerThread; ++p) {
        float z = 0.f, uz = 1.f, w = 1.f;
        bool alive = true;
        while (alive) {
            uint4 r = philox4x32_10(make_uint4(ctr++, tid, p, 7u), key);
            float s = -__logf(u01(r.x)) / mu_t;
            z += s * uz;
            if (z < 0.f) { R += w; break; }
            if (z > thickness) { T += w; break; }
            float dw = w * (1.f - albedo);
            A += dw; w -= dw;
            float xi = u01(r.y);
            float ct;
            if (fabsf(g) > 1e-3f) {
                float t = (1.f - g * g) / (1.f - g + 2.f * g * xi);
                ct = (1.f + g * g - t * t) / (2.f * g);
            } else ct = 2.f * xi - 1.f;
            float st = sqrtf(fmaxf(0.f, 1.f - ct * ct));
            float phi = 6.2831853f * u01(r.z);
            float sp = __sinf(phi);
            float sut = sqrtf(fmaxf(0.f, 1.f - uz * uz));
            uz = -sut * st * sp + uz * ct;
            if (w < 1e-4f) {
                if (u01(r.w) < 0.1f) w *= 10.f; else { A += 0.f; alive = false; }
            }
        }
    }
    atomicAdd(reflect, R); atomicAdd(transmit, T); atomicAdd(absorbed, A);
}
