// Moller-Trumbore ray/triangle intersection: brute-force closest hit, 8-ray packets per thread, and any-hit shadow rays over shared-memory triangle tiles.
#include <cuda_runtime.h>

struct Tri { float v0[3]; float e1[3]; float e2[3]; };

__device__ __forceinline__ bool mt_intersect(const float o[3], const float d[3], const Tri& t, float tmax, float& tHit, float& uo, float& vo)
{
    const float EPS = 1e-8f;
    float p0 = d[1] * t.e2[2] - d[2] * t.e2[1];
    float p1 = d[2] * t.e2[0] - d[0] * t.e2[2];
    float p2 = d[0] * t.e2[1] - d[1] * t.e2[0];
    float det = t.e1[0] * p0 + t.e1[1] * p1 + t.e1[2] * p2;
    if (fabsf(det) < EPS) return false;
    float inv = 1.f / det;
    float s0 = o[0] - t.v0[0], s1 = o[1] - t.v0[1], s2 = o[2] - t.v0[2];
    float u = (s0 * p0 + s1 * p1 + s2 * p2) * inv;
    if (u < 0.f || u > 1.f) return false;
    float q0 = s1 * t.e1[2] - s2 * t.e1[1];
    float q1 = s2 * t.e1[0] - s0 * t.e1[2];
    float q2 = s0 * t.e1[1] - s1 * t.e1[0];
    float v = (d[0] * q0 + d[1] * q1 + d[2] * q2) * inv;
    if (v < 0.f || u + v > 1.f) return false;
    float tt = (t.e2[0] * q0 + t.e2[1] * q1 + t.e2[2] * q2) * inv;
    if (tt <= 1e-4f || tt >= tmax) return false;
    tHit = tt; uo = u; vo = v;
    return true;
}

#define TILE 128

extern "C" __global__ void __launch_bounds__(128)
closest_hit_bruteforce(const float* __restrict__ rayO, const float* __restrict__ rayD, int nRays,
                       const Tri* __restrict__ tris, int nTris,
                       float4* __restrict__ hits /* t,u,v,id */)
{
    __shared__ Tri sT[TILE];
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    float o[3] = {0, 0, 0}, d[3] = {0, 0, 1};
    if (r < nRays) {
        o[0] = rayO[3 * r]; o[1] = rayO[3 * r + 1]; o[2] = rayO[3 * r + 2];
        d[0] = rayD[3 * r]; d[1] = rayD[3 * r + 1]; d[2] = rayD[3 * r + 2];
    }
    float best = 1e30f, bu = 0.f, bv = 0.f; int bid = -1;
    for (int base = 0; base < nTris; base += TILE) {
        __syncthreads();
        if (base + threadIdx.x < nTris) sT[threadIdx.x] = tris[base + threadIdx.x];
        __syncthreads();
        int n = min(TILE, nTris - base);
        for (int j = 0; j < n; ++j) {
            float th, u, v;
            if (mt_intersect(o, d, sT[j], best, th, u, v)) { best = th; bu = u; bv = v; bid = base + j; }
        }
    }
    if (r < nRays) hits[r] = make_float4(best, bu, bv, __int_as_float(bid));
}

// Each thread traces a coherent packet of 8 rays sharing an origin (pinhole camera), amortizing triangle loads.
#define PK 8
extern "C" __global__ void
closest_hit_packet8(const float* __restrict__ camO, const float* __restrict__ dirs /* nPackets*PK*3 */, int nPackets,
                    const Tri* __restrict__ tris, int nTris, float* __restrict__ outT, int* __restrict__ outId)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= nPackets) return;
    float o[3] = {camO[0], camO[1], camO[2]};
    float dx[PK], dy[PK], dz[PK], tb[PK];
    int id[PK];
#pragma unroll
    for (int k = 0; k < PK; ++k) {
        const float* dd = dirs + (size_t)(p * PK + k) * 3;
        dx[k] = dd[0]; dy[k] = dd[1]; dz[k] = dd[2]; tb[k] = 1e30f; id[k] = -1;
    }
    for (int j = 0; j < nTris; ++j) {
        Tri t = tris[j];
        float s0 = o[0] - t.v0[0], s1 = o[1] - t.v0[1], s2 = o[2] - t.v0[2];
        float q0 = s1 * t.e1[2] - s2 * t.e1[1];
        float q1 = s2 * t.e1[0] - s0 * t.e1[2];
        float q2 = s0 * t.e1[1] - s1 * t.e1[0];
        float tnum = t.e2[0] * q0 + t.e2[1] * q1 + t.e2[2] * q2;
#pragma unroll
        for (int k = 0; k < PK; ++k) {
            float p0 = dy[k] * t.e2[2] - dz[k] * t.e2[1];
            float p1 = dz[k] * t.e2[0] - dx[k] * t.e2[2];
            float p2 = dx[k] * t.e2[1] - dy[k] * t.e2[0];
            float det = t.e1[0] * p0 + t.e1[1] * p1 + t.e1[2] * p2;
            float inv = 1.f / det;
            float u = (s0 * p0 + s1 * p1 + s2 * p2) * inv;
            float v = (dx[k] * q0 + dy[k] * q1 + dz[k] * q2) * inv;
            float tt = tnum * inv;
            bool hit = fabsf(det) > 1e-8f && u >= 0.f && v >= 0.f && u + v <= 1.f && tt > 1e-4f && tt < tb[k];
            tb[k] = hit ? tt : tb[k];
            id[k] = hit ? j : id[k];
        }
    }
#pragma unroll
    for (int k = 0; k < PK; ++k) { outT[p * PK + k] = tb[k]; outId[p * PK + k] = id[k]; }
}

// Any-hit occlusion test: terminates as soon as a blocker is found; warp votes for early exit of tile loading.
extern "C" __global__ void __launch_bounds__(128, 8)
shadow_any_hit(const float4* __restrict__ hitPos, const float* __restrict__ lightPos, int nRays,
               const Tri* __restrict__ tris, int nTris, unsigned char* __restrict__ occluded)
{
    __shared__ Tri sT[TILE];
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    bool active = r < nRays;
    float o[3] = {0, 0, 0}, d[3] = {0, 0, 1}; float tmax = 0.f;
    if (active) {
        float4 h = hitPos[r];
        o[0] = h.x; o[1] = h.y; o[2] = h.z;
        d[0] = lightPos[0] - h.x; d[1] = lightPos[1] - h.y; d[2] = lightPos[2] - h.z;
        tmax = 0.999f;
    }
    bool occ = false;
    for (int base = 0; base < nTris; base += TILE) {
        if (__syncthreads_and(occ || !active)) break;
        if (base + threadIdx.x < nTris) sT[threadIdx.x] = tris[base + threadIdx.x];
        __syncthreads();
        int n = min(TILE, nTris - base);
        for (int j = 0; j < n && !occ && active; ++j) {
            float th, u, v;
            occ = mt_intersect(o, d, sT[j], tmax, th, u, v);
        }
    }
    if (active) occluded[r] = occ ? 1 : 0;
}
