// Multiresolution hash-grid encoding (Mueller et al. 2022), 3D input,
// L = 16 levels, F = 2 features per level:
//  * forward encoding (trilinear interpolation of hashed corner features)
//  * backward to the embedding table (atomics)
//  * backward to the input positions (for SDF eikonal / pose refinement)
#include <stdint.h>

#define HG_LEVELS 16
#define HG_F 2

struct HashGridParams {
    unsigned int offsets[HG_LEVELS + 1];  // entry offset of each level in the table
    float        base_res;
    float        log2_per_level_scale;
};

__device__ __forceinline__ unsigned int hg_index(const HashGridParams& p, int level, unsigned int res,
                                                 unsigned int x, unsigned int y, unsigned int z)
{
    unsigned int size = p.offsets[level + 1] - p.offsets[level];
    unsigned long long dense = (unsigned long long)res * res * res;
    unsigned int idx;
    if (dense <= size) {
        idx = x + res * (y + res * z);
    } else {
        idx = x ^ (y * 2654435761u) ^ (z * 805459861u);
    }
    return idx % size;
}

__device__ __forceinline__ void hg_level_pos(const HashGridParams& p, int level, float3 x,
                                             unsigned int& res, float3& frac, uint3& cell)
{
    float scale = exp2f(level * p.log2_per_level_scale) * p.base_res - 1.f;
    res = (unsigned int)ceilf(scale) + 1;
    float px = x.x * scale + 0.5f, py = x.y * scale + 0.5f, pz = x.z * scale + 0.5f;
    float fx = floorf(px), fy = floorf(py), fz = floorf(pz);
    frac = make_float3(px - fx, py - fy, pz - fz);
    cell = make_uint3((unsigned int)fx, (unsigned int)fy, (unsigned int)fz);
}

// Output is row-major [n, HG_LEVELS*HG_F] so the following MLP can read a
// sample's 32 features contiguously; features are assembled in registers and
// written with 128-bit stores.
extern "C" __global__ void hashgrid_encode_fwd(const float3* __restrict__ positions,   // in [0,1]^3
                                               int n,
                                               const float2* __restrict__ table,
                                               HashGridParams params,
                                               float4* __restrict__ encoded)          // [n, HG_LEVELS*HG_F/4]
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float3 x = positions[i];
    float feat[HG_LEVELS * HG_F];
#pragma unroll
    for (int l = 0; l < HG_LEVELS; ++l) {
        unsigned int res;
        float3 f;
        uint3 c;
        hg_level_pos(params, l, x, res, f, c);
        const float2* lt = table + params.offsets[l];
        float2 acc = make_float2(0.f, 0.f);
#pragma unroll
        for (int k = 0; k < 8; ++k) {
            unsigned int dx = k & 1, dy = (k >> 1) & 1, dz = (k >> 2) & 1;
            float w = (dx ? f.x : 1.f - f.x) * (dy ? f.y : 1.f - f.y) * (dz ? f.z : 1.f - f.z);
            float2 e = __ldg(&lt[hg_index(params, l, res, c.x + dx, c.y + dy, c.z + dz)]);
            acc.x += w * e.x;
            acc.y += w * e.y;
        }
        feat[2 * l] = acc.x;
        feat[2 * l + 1] = acc.y;
    }
    float4* o = encoded + (long long)i * (HG_LEVELS * HG_F / 4);
#pragma unroll
    for (int k = 0; k < HG_LEVELS * HG_F / 4; ++k)
        o[k] = make_float4(feat[4 * k], feat[4 * k + 1], feat[4 * k + 2], feat[4 * k + 3]);
}

extern "C" __global__ void hashgrid_encode_bwd_table(const float3* __restrict__ positions,
                                                     int n,
                                                     const float2* __restrict__ dL_dy,   // [HG_LEVELS, n]
                                                     HashGridParams params,
                                                     float* __restrict__ grad_table)    // [entries, 2]
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int l = blockIdx.y;
    if (i >= n) return;
    float3 x = positions[i];
    unsigned int res;
    float3 f;
    uint3 c;
    hg_level_pos(params, l, x, res, f, c);
    float2 g = dL_dy[(long long)l * n + i];
    if (g.x == 0.f && g.y == 0.f) return;
    float* gt = grad_table + 2ull * params.offsets[l];
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        unsigned int dx = k & 1, dy = (k >> 1) & 1, dz = (k >> 2) & 1;
        float w = (dx ? f.x : 1.f - f.x) * (dy ? f.y : 1.f - f.y) * (dz ? f.z : 1.f - f.z);
        unsigned int idx = hg_index(params, l, res, c.x + dx, c.y + dy, c.z + dz);
        atomicAdd(&gt[2 * idx], w * g.x);
        atomicAdd(&gt[2 * idx + 1], w * g.y);
    }
}

// dL/dx = sum_l sum_f dL/dy_lf * dy_lf/dx. The 32 upstream gradients are
// loaded up-front; register budget is capped so part of them spill.
extern "C" __global__ void __maxnreg__(40)
hashgrid_encode_bwd_input(const float3* __restrict__ positions,
                          int n,
                          const float2* __restrict__ table,
                          const float4* __restrict__ dL_dy_rowmajor,   // [n, HG_LEVELS*HG_F/4]
                          HashGridParams params,
                          float3* __restrict__ dL_dx)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float3 x = positions[i];
    float g[HG_LEVELS * HG_F];
#pragma unroll
    for (int k = 0; k < HG_LEVELS * HG_F / 4; ++k) {
        float4 v = dL_dy_rowmajor[(long long)i * (HG_LEVELS * HG_F / 4) + k];
        g[4 * k] = v.x; g[4 * k + 1] = v.y; g[4 * k + 2] = v.z; g[4 * k + 3] = v.w;
    }
    float3 gx = make_float3(0.f, 0.f, 0.f);
#pragma unroll
    for (int l = 0; l < HG_LEVELS; ++l) {
        unsigned int res;
        float3 f;
        uint3 c;
        hg_level_pos(params, l, x, res, f, c);
        float scale = exp2f(l * params.log2_per_level_scale) * params.base_res - 1.f;
        const float2* lt = table + params.offsets[l];
        float e[8][2];
#pragma unroll
        for (int k = 0; k < 8; ++k) {
            float2 v = __ldg(&lt[hg_index(params, l, res, c.x + (k & 1), c.y + ((k >> 1) & 1), c.z + ((k >> 2) & 1))]);
            e[k][0] = v.x; e[k][1] = v.y;
        }
        float gl0 = g[2 * l], gl1 = g[2 * l + 1];
#pragma unroll
        for (int dim = 0; dim < 3; ++dim) {
            float acc = 0.f;
#pragma unroll
            for (int k = 0; k < 4; ++k) {
                // corner pairs along `dim`: lo has bit dim = 0
                int lo = (dim == 0) ? (k << 1) : (dim == 1) ? ((k & 1) | ((k & 2) << 1)) : k;
                int hi = lo | (1 << dim);
                float fa = (dim == 0) ? f.y : f.x;
                float fb = (dim == 2) ? f.y : f.z;
                int ba = (dim == 0) ? 1 : 0, bb = (dim == 2) ? 1 : 2;
                float wa = ((lo >> ba) & 1) ? fa : 1.f - fa;
                float wb = ((lo >> bb) & 1) ? fb : 1.f - fb;
                float w = wa * wb * scale;
                acc += w * ((e[hi][0] - e[lo][0]) * gl0 + (e[hi][1] - e[lo][1]) * gl1);
            }
            if (dim == 0) gx.x += acc; else if (dim == 1) gx.y += acc; else gx.z += acc;
        }
    }
    dL_dx[i] = gx;
}
