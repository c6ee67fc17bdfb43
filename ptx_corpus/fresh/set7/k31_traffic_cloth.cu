// Agent and mass-spring simulations: Nagel-Schreckenberg multi-lane traffic cellular
// automaton with lane changes, cloth mass-spring forces (structural/shear/bend) with
// Verlet integration, and position-based-dynamics distance constraint projection.
#include <cuda_runtime.h>
#include <stdint.h>

__device__ __forceinline__ uint32_t xorshift32(uint32_t& s) { s ^= s << 13; s ^= s >> 17; s ^= s << 5; return s; }

// road[lane][cell] holds vehicle speed or -1 if empty.
extern "C" __global__ void nasch_step(const int8_t* __restrict__ road_in, int8_t* __restrict__ road_out,
                                      int nlanes, int ncells, int vmax, float p_slow, float p_change,
                                      uint32_t* __restrict__ rng)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = blockIdx.y;
    if (c >= ncells) return;
    int idx = lane * ncells + c;
    int v = road_in[idx];
    if (v < 0) return;
    uint32_t s = rng[idx];
    // gap ahead in current lane
    int gap = vmax + 1;
    for (int d = 1; d <= vmax + 1; ++d)
        if (road_in[lane * ncells + (c + d) % ncells] >= 0) { gap = d - 1; break; }
    int target_lane = lane;
    if (gap < v + 1) {
        // consider lane change: need space beside + behind
        for (int dl = -1; dl <= 1; dl += 2) {
            int nl = lane + dl;
            if (nl < 0 || nl >= nlanes) continue;
            if (road_in[nl * ncells + c] >= 0) continue;
            int gap_n = vmax + 1, back = vmax + 1;
            for (int d = 1; d <= vmax + 1; ++d)
                if (road_in[nl * ncells + (c + d) % ncells] >= 0) { gap_n = d - 1; break; }
            for (int d = 1; d <= vmax; ++d)
                if (road_in[nl * ncells + (c - d + ncells) % ncells] >= 0) { back = d - 1; break; }
            if (gap_n > gap && back >= vmax && (xorshift32(s) & 0xffff) < p_change * 65536.f) {
                target_lane = nl; gap = gap_n; break;
            }
        }
    }
    v = min(v + 1, vmax);
    v = min(v, gap);
    if (v > 0 && (xorshift32(s) & 0xffff) < p_slow * 65536.f) v--;
    // Note: output writes can collide after lane change; resolved by a later conflict pass.
    road_out[target_lane * ncells + (c + v) % ncells] = (int8_t)v;
    rng[idx] = s;
}

struct ClothParams { float ks_struct, ks_shear, ks_bend, kd, mass, rest, dt, gravity, wind_x, wind_z; };

__device__ __forceinline__ void spring_force(float3 p, float3 v, float3 q, float3 w, float rest, float ks, float kd, float3& f)
{
    float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
    float len = sqrtf(dx * dx + dy * dy + dz * dz) + 1e-9f;
    float inv = 1.f / len;
    dx *= inv; dy *= inv; dz *= inv;
    float dv = (w.x - v.x) * dx + (w.y - v.y) * dy + (w.z - v.z) * dz;
    float mag = ks * (len - rest) + kd * dv;
    f.x += mag * dx; f.y += mag * dy; f.z += mag * dz;
}

extern "C" __global__ void cloth_springs_verlet(const float3* __restrict__ pos, const float3* __restrict__ prev,
                                                float3* __restrict__ pos_out, const uint8_t* __restrict__ pinned,
                                                int nx, int ny, ClothParams P)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= nx || j >= ny) return;
    int id = j * nx + i;
    float3 p = pos[id], pp = prev[id];
    if (pinned[id]) { pos_out[id] = p; return; }
    float invdt = 1.f / P.dt;
    float3 v = make_float3((p.x - pp.x) * invdt, (p.y - pp.y) * invdt, (p.z - pp.z) * invdt);
    float3 f = make_float3(P.wind_x, -P.gravity * P.mass, P.wind_z);
    const int off[12][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1},          // structural
                            {1, 1}, {-1, -1}, {1, -1}, {-1, 1},        // shear
                            {2, 0}, {-2, 0}, {0, 2}, {0, -2}};         // bend
#pragma unroll
    for (int k = 0; k < 12; ++k) {
        int ii = i + off[k][0], jj = j + off[k][1];
        if (ii < 0 || ii >= nx || jj < 0 || jj >= ny) continue;
        int nid = jj * nx + ii;
        float3 q = pos[nid], qp = prev[nid];
        float3 w = make_float3((q.x - qp.x) * invdt, (q.y - qp.y) * invdt, (q.z - qp.z) * invdt);
        float ks = k < 4 ? P.ks_struct : (k < 8 ? P.ks_shear : P.ks_bend);
        float rest = k < 4 ? P.rest : (k < 8 ? P.rest * 1.41421356f : 2.f * P.rest);
        spring_force(p, v, q, w, rest, ks, P.kd, f);
    }
    float a = P.dt * P.dt / P.mass;
    // damped Verlet
    pos_out[id] = make_float3(p.x + 0.99f * (p.x - pp.x) + a * f.x,
                              p.y + 0.99f * (p.y - pp.y) + a * f.y,
                              p.z + 0.99f * (p.z - pp.z) + a * f.z);
}

// PBD: Jacobi-style distance constraint projection with atomics, graph-colored edges optional.
extern "C" __global__ void pbd_distance_constraints(const float4* __restrict__ pos_invm, const int2* __restrict__ edges,
                                                    const float* __restrict__ rest_len, float* __restrict__ delta,
                                                    int* __restrict__ counts, int nedges, float stiffness)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= nedges) return;
    int2 ab = edges[e];
    float4 a = pos_invm[ab.x], b = pos_invm[ab.y];
    float wsum = a.w + b.w;
    if (wsum <= 0.f) return;
    float dx = b.x - a.x, dy = b.y - a.y, dz = b.z - a.z;
    float len = sqrtf(dx * dx + dy * dy + dz * dz);
    if (len < 1e-9f) return;
    float C = len - rest_len[e];
    float s = stiffness * C / (wsum * len);
    atomicAdd(&delta[3 * ab.x + 0], a.w * s * dx);
    atomicAdd(&delta[3 * ab.x + 1], a.w * s * dy);
    atomicAdd(&delta[3 * ab.x + 2], a.w * s * dz);
    atomicAdd(&delta[3 * ab.y + 0], -b.w * s * dx);
    atomicAdd(&delta[3 * ab.y + 1], -b.w * s * dy);
    atomicAdd(&delta[3 * ab.y + 2], -b.w * s * dz);
    atomicAdd(&counts[ab.x], 1);
    atomicAdd(&counts[ab.y], 1);
}
