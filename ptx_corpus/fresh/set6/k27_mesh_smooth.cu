// Triangle-mesh processing:
//  * per-face cotangent weights and Voronoi-ish area accumulation
//  * Laplacian / Taubin smoothing step over a CSR vertex adjacency
//  * area-weighted vertex normals with per-face accumulation
#include <stdint.h>

__device__ __forceinline__ float3 m_sub(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }
__device__ __forceinline__ float m_dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ __forceinline__ float3 m_cross(float3 a, float3 b)
{
    return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

// For each face, cot of the angle at each corner contributes 0.5*cot to the
// weight of the opposite edge. Half-edge h = 3f + k is the edge opposite
// corner k, (v[k+1], v[k+2]). Mixed-area per vertex accumulated atomically.
extern "C" __global__ void mesh_cotan_weights(const float3* __restrict__ verts,
                                              const int3* __restrict__ faces,
                                              int num_faces,
                                              float* __restrict__ halfedge_w,
                                              float* __restrict__ vertex_area)
{
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= num_faces) return;
    int3 t = faces[f];
    int vi[3] = {t.x, t.y, t.z};
    float3 p[3] = {verts[t.x], verts[t.y], verts[t.z]};
    float3 n = m_cross(m_sub(p[1], p[0]), m_sub(p[2], p[0]));
    float dbl_area = sqrtf(m_dot(n, n));
    float inv = dbl_area > 1e-20f ? 1.f / dbl_area : 0.f;
    float cot[3];
    bool obtuse_any = false;
    int obtuse_k = -1;
#pragma unroll
    for (int k = 0; k < 3; ++k) {
        float3 a = m_sub(p[(k + 1) % 3], p[k]);
        float3 b = m_sub(p[(k + 2) % 3], p[k]);
        float d = m_dot(a, b);
        cot[k] = d * inv;            // cot = dot / |cross|
        if (d < 0.f) { obtuse_any = true; obtuse_k = k; }
        halfedge_w[3 * f + k] = 0.5f * cot[k];
    }
    float area = 0.5f * dbl_area;
#pragma unroll
    for (int k = 0; k < 3; ++k) {
        float ak;
        if (!obtuse_any) {
            // Voronoi area: 1/8 sum over the two incident edges |e|^2 cot(opposite)
            float3 e1 = m_sub(p[(k + 1) % 3], p[k]);
            float3 e2 = m_sub(p[(k + 2) % 3], p[k]);
            ak = 0.125f * (m_dot(e1, e1) * cot[(k + 2) % 3] + m_dot(e2, e2) * cot[(k + 1) % 3]);
        } else {
            ak = (k == obtuse_k) ? 0.5f * area : 0.25f * area;
        }
        atomicAdd(&vertex_area[vi[k]], ak);
    }
}

// x_i' = x_i + lambda * (sum_j w_ij x_j / sum_j w_ij - x_i); boundary and
// pinned vertices are left untouched. Taubin = call with lambda then mu < 0.
extern "C" __global__ void mesh_laplacian_smooth(const float3* __restrict__ x_in,
                                                 const int* __restrict__ adj_ptr,
                                                 const int* __restrict__ adj_idx,
                                                 const float* __restrict__ adj_w,   // nullptr -> uniform
                                                 const unsigned char* __restrict__ vflags, // bit0 boundary, bit1 pinned
                                                 int num_verts,
                                                 float lambda,
                                                 float max_step,
                                                 float3* __restrict__ x_out,
                                                 float* __restrict__ total_motion)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    float motion = 0.f;
    if (v < num_verts) {
        float3 xi = x_in[v];
        float3 o = xi;
        if (!(vflags[v] & 3)) {
            int b = adj_ptr[v], e = adj_ptr[v + 1];
            float sx = 0.f, sy = 0.f, sz = 0.f, sw = 0.f;
            for (int k = b; k < e; ++k) {
                int j = adj_idx[k];
                float w = adj_w ? fmaxf(adj_w[k], 0.f) : 1.f;   // clamp negative cotans
                float3 xj = x_in[j];
                sx += w * xj.x; sy += w * xj.y; sz += w * xj.z; sw += w;
            }
            if (sw > 0.f) {
                float3 d = make_float3(sx / sw - xi.x, sy / sw - xi.y, sz / sw - xi.z);
                float len = sqrtf(m_dot(d, d)) * fabsf(lambda);
                float scale = (len > max_step) ? max_step / len : 1.f;
                o = make_float3(xi.x + lambda * scale * d.x, xi.y + lambda * scale * d.y, xi.z + lambda * scale * d.z);
                motion = len * scale;
            }
        }
        x_out[v] = o;
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) motion += __shfl_xor_sync(0xffffffffu, motion, off);
    if ((threadIdx.x & 31) == 0 && motion > 0.f) atomicAdd(total_motion, motion);
}

// Angle-weighted vertex normals (Thuermer & Wuethrich): each face adds its
// unit normal times the corner angle to its three vertices.
extern "C" __global__ void mesh_vertex_normals_accum(const float3* __restrict__ verts,
                                                     const int3* __restrict__ faces,
                                                     int num_faces,
                                                     float* __restrict__ vnormals,    // [V, 3], zeroed
                                                     float3* __restrict__ face_normals)
{
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= num_faces) return;
    int3 t = faces[f];
    float3 a = verts[t.x], b = verts[t.y], c = verts[t.z];
    float3 n = m_cross(m_sub(b, a), m_sub(c, a));
    float len = sqrtf(m_dot(n, n));
    if (len < 1e-20f) { face_normals[f] = make_float3(0.f, 0.f, 0.f); return; }
    n = make_float3(n.x / len, n.y / len, n.z / len);
    face_normals[f] = n;
    float3 e0 = m_sub(b, a), e1 = m_sub(c, b), e2 = m_sub(a, c);
    float l0 = rsqrtf(m_dot(e0, e0)), l1 = rsqrtf(m_dot(e1, e1)), l2 = rsqrtf(m_dot(e2, e2));
    float ang_a = acosf(fminf(fmaxf(-m_dot(e2, e0) * l2 * l0, -1.f), 1.f));
    float ang_b = acosf(fminf(fmaxf(-m_dot(e0, e1) * l0 * l1, -1.f), 1.f));
    float ang_c = 3.14159265358979f - ang_a - ang_b;
    int vid[3] = {t.x, t.y, t.z};
    float ang[3] = {ang_a, ang_b, ang_c};
#pragma unroll
    for (int k = 0; k < 3; ++k) {
        atomicAdd(&vnormals[3 * vid[k] + 0], n.x * ang[k]);
        atomicAdd(&vnormals[3 * vid[k] + 1], n.y * ang[k]);
        atomicAdd(&vnormals[3 * vid[k] + 2], n.z * ang[k]);
    }
}
