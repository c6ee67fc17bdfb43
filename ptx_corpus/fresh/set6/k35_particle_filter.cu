// Particle filter for 2D range-bearing localisation (SIR):
//  * motion update (unicycle model) with counter-based Philox4x32-10 noise
//  * measurement update against known landmarks, log-weights + block max
//  * systematic resampling by binary search in the normalised CDF
#include <stdint.h>

struct Philox4 { unsigned int x, y, z, w; };

__device__ __forceinline__ Philox4 philox4x32_10(Philox4 ctr, unsigned int k0, unsigned int k1)
{
#pragma unroll
    for (int r = 0; r < 10; ++r) {
        unsigned int hi0 = __umulhi(0xD2511F53u, ctr.x), lo0 = 0xD2511F53u * ctr.x;
        unsigned int hi1 = __umulhi(0xCD9E8D57u, ctr.z), lo1 = 0xCD9E8D57u * ctr.z;
        Philox4 n;
        n.x = hi1 ^ ctr.y ^ k0;
        n.y = lo1;
        n.z = hi0 ^ ctr.w ^ k1;
        n.w = lo0;
        ctr = n;
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    return ctr;
}

__device__ __forceinline__ float pf_u01(unsigned int v) { return (v >> 8) * (1.f / 16777216.f) + (0.5f / 16777216.f); }

// state: x, y, theta, v. Control: (v_cmd, omega). Box-Muller noise.
extern "C" __global__ void pf_predict(float4* __restrict__ state,
                                      int num_particles,
                                      float v_cmd, float omega, float dt,
                                      float sigma_v, float sigma_w, float sigma_xy,
                                      unsigned long long seed, unsigned int step)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= num_particles) return;
    Philox4 c;
    c.x = (unsigned int)i; c.y = step; c.z = 0x12345u; c.w = 0u;
    Philox4 r = philox4x32_10(c, (unsigned int)seed, (unsigned int)(seed >> 32));
    float u1 = pf_u01(r.x), u2 = pf_u01(r.y), u3 = pf_u01(r.z), u4 = pf_u01(r.w);
    float rad1 = sqrtf(-2.f * __logf(u1)), rad2 = sqrtf(-2.f * __logf(u3));
    float s1, c1, s2, c2;
    __sincosf(6.2831853f * u2, &s1, &c1);
    __sincosf(6.2831853f * u4, &s2, &c2);
    float n_v = rad1 * c1 * sigma_v, n_w = rad1 * s1 * sigma_w;
    float n_x = rad2 * c2 * sigma_xy, n_y = rad2 * s2 * sigma_xy;
    float4 s = state[i];
    float v = 0.8f * s.w + 0.2f * (v_cmd + n_v);     // first-order velocity lag
    float w = omega + n_w;
    float th = s.z;
    if (fabsf(w) > 1e-4f) {
        float r_ = v / w;
        float sn, cs, sn2, cs2;
        __sincosf(th, &sn, &cs);
        __sincosf(th + w * dt, &sn2, &cs2);
        s.x += r_ * (sn2 - sn);
        s.y += r_ * (cs - cs2);
    } else {
        float sn, cs;
        __sincosf(th, &sn, &cs);
        s.x += v * dt * cs;
        s.y += v * dt * sn;
    }
    th += w * dt;
    th = th - 6.2831853f * floorf((th + 3.14159265f) * 0.15915494f);
    s.x += n_x; s.y += n_y; s.z = th; s.w = v;
    state[i] = s;
}

#define PF_MAX_OBS 32
// Observations (range, bearing, landmark id). Landmarks cached in shared
// memory. log w += sum_k log N(z_k; h(x), R). Writes the block max of the
// log-weights for the subsequent normalisation.
extern "C" __global__ void pf_measurement_update(const float4* __restrict__ state,
                                                 float* __restrict__ log_w,
                                                 int num_particles,
                                                 const float2* __restrict__ landmarks,
                                                 int num_landmarks,
                                                 const float3* __restrict__ obs,
                                                 int num_obs,
                                                 float inv_var_r, float inv_var_b,
                                                 float outlier_loglik,
                                                 float* __restrict__ block_max)
{
    __shared__ float2 s_lm[256];
    __shared__ float3 s_obs[PF_MAX_OBS];
    __shared__ float s_max[32];
    for (int k = threadIdx.x; k < min(num_landmarks, 256); k += blockDim.x) s_lm[k] = landmarks[k];
    for (int k = threadIdx.x; k < min(num_obs, PF_MAX_OBS); k += blockDim.x) s_obs[k] = obs[k];
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float lw = -INFINITY;
    if (i < num_particles) {
        float4 s = state[i];
        lw = log_w[i];
        for (int k = 0; k < min(num_obs, PF_MAX_OBS); ++k) {
            float3 z = s_obs[k];
            int id = (int)z.z;
            if (id < 0 || id >= min(num_landmarks, 256)) continue;
            float2 lm = s_lm[id];
            float dx = lm.x - s.x, dy = lm.y - s.y;
            float r = sqrtf(dx * dx + dy * dy);
            float b = atan2f(dy, dx) - s.z;
            float db = z.y - b;
            db = db - 6.2831853f * floorf((db + 3.14159265f) * 0.15915494f);
            float dr = z.x - r;
            float ll = -0.5f * (dr * dr * inv_var_r + db * db * inv_var_b);
            lw += fmaxf(ll, outlier_loglik);     // robustify against outliers
        }
        log_w[i] = lw;
    }
    float m = lw;
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, off));
    if ((threadIdx.x & 31) == 0) s_max[threadIdx.x >> 5] = m;
    __syncthreads();
    if (threadIdx.x == 0) {
        float bm = s_max[0];
        for (int w = 1; w < (int)(blockDim.x >> 5); ++w) bm = fmaxf(bm, s_max[w]);
        block_max[blockIdx.x] = bm;
    }
}

// cdf: inclusive prefix sum of exp(log_w - max), total = cdf[N-1].
// Systematic resampling: u_i = (u0 + i) / N.
extern "C" __global__ void pf_systematic_resample(const float* __restrict__ cdf,
                                                  const float4* __restrict__ state_in,
                                                  int num_particles,
                                                  float u0,
                                                  float4* __restrict__ state_out,
                                                  float* __restrict__ log_w_out,
                                                  int* __restrict__ parent)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= num_particles) return;
    float total = cdf[num_particles - 1];
    float u = (u0 + (float)i) / (float)num_particles * total;
    int lo = 0, hi = num_particles - 1;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (cdf[mid] < u) lo = mid + 1;
        else hi = mid;
    }
    state_out[i] = state_in[lo];
    log_w_out[i] = 0.f;
    parent[i] = lo;
}
