// Narrow-phase collision detection:
//  * OBB vs OBB separating-axis test (15 axes) with contact normal/depth
//  * triangle vs voxel overlap (Akenine-Moeller SAT) for conservative voxelisation
//  * capsule vs sphere contacts
#include <stdint.h>

struct Obb {
    float c[3];      // centre
    float r[9];      // rotation, columns = local axes
    float e[3];      // half extents
};

// Gottschalk/Ericson OBB test. Tight launch bounds (512 threads x 4 blocks
// => 32 registers) make the compiler spill part of the 3x3 matrices.
extern "C" __global__ void __launch_bounds__(512, 4)
obb_obb_sat(const Obb* __restrict__ boxes,
            const int2* __restrict__ pairs,
            int num_pairs,
            float4* __restrict__ contact,          // xyz normal (A->B), w depth (<0: separated)
            int* __restrict__ num_hits)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= num_pairs) return;
    int2 pr = pairs[k];
    const Obb A = boxes[pr.x];
    const Obb B = boxes[pr.y];
    const float eps = 1e-6f;
    float R[3][3], AbsR[3][3];
    // R = A^T B
#pragma unroll
    for (int i = 0; i < 3; ++i)
#pragma unroll
        for (int j = 0; j < 3; ++j) {
            R[i][j] = A.r[0 * 3 + i] * B.r[0 * 3 + j] + A.r[1 * 3 + i] * B.r[1 * 3 + j] + A.r[2 * 3 + i] * B.r[2 * 3 + j];
            AbsR[i][j] = fabsf(R[i][j]) + eps;
        }
    float tw[3] = {B.c[0] - A.c[0], B.c[1] - A.c[1], B.c[2] - A.c[2]};
    float t[3];
#pragma unroll
    for (int i = 0; i < 3; ++i) t[i] = tw[0] * A.r[0 * 3 + i] + tw[1] * A.r[1 * 3 + i] + tw[2] * A.r[2 * 3 + i];

    float best_depth = 1e30f;
    int best_axis = -1;
    float ra, rb, sep;
    // A's face axes
#pragma unroll
    for (int i = 0; i < 3; ++i) {
        ra = A.e[i];
        rb = B.e[0] * AbsR[i][0] + B.e[1] * AbsR[i][1] + B.e[2] * AbsR[i][2];
        sep = ra + rb - fabsf(t[i]);
        if (sep < 0.f) { contact[k] = make_float4(0.f, 0.f, 0.f, sep); return; }
        if (sep < best_depth) { best_depth = sep; best_axis = i; }
    }
    // B's face axes
#pragma unroll
    for (int j = 0; j < 3; ++j) {
        ra = A.e[0] * AbsR[0][j] + A.e[1] * AbsR[1][j] + A.e[2] * AbsR[2][j];
        rb = B.e[j];
        float tj = t[0] * R[0][j] + t[1] * R[1][j] + t[2] * R[2][j];
        sep = ra + rb - fabsf(tj);
        if (sep < 0.f) { contact[k] = make_float4(0.f, 0.f, 0.f, sep); return; }
        if (sep < best_depth) { best_depth = sep; best_axis = 3 + j; }
    }
    // edge-edge axes A_i x B_j
#pragma unroll
    for (int i = 0; i < 3; ++i) {
        int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
#pragma unroll
        for (int j = 0; j < 3; ++j) {
            int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
            ra = A.e[i1] * AbsR[i2][j] + A.e[i2] * AbsR[i1][j];
            rb = B.e[j1] * AbsR[i][j2] + B.e[j2] * AbsR[i][j1];
            float tl = t[i2] * R[i1][j] - t[i1] * R[i2][j];
            // normalise by the axis length so depths are comparable
            float len2 = R[i1][j] * R[i1][j] + R[i2][j] * R[i2][j];
            if (len2 < 1e-8f) continue;   // parallel edges: axis degenerate
            float inv = rsqrtf(len2);
            sep = (ra + rb - fabsf(tl)) * inv;
            if (sep < 0.f) { contact[k] = make_float4(0.f, 0.f, 0.f, sep); return; }
            // bias against edge axes (prefer face contacts for stability)
            if (sep * 1.05f < best_depth) { best_depth = sep; best_axis = 6 + i * 3 + j; }
        }
    }
    float n[3];
    if (best_axis < 3) {
        n[0] = A.r[0 * 3 + best_axis]; n[1] = A.r[1 * 3 + best_axis]; n[2] = A.r[2 * 3 + best_axis];
    } else if (best_axis < 6) {
        int j = best_axis - 3;
        n[0] = B.r[0 * 3 + j]; n[1] = B.r[1 * 3 + j]; n[2] = B.r[2 * 3 + j];
    } else {
        int i = (best_axis - 6) / 3, j = (best_axis - 6) % 3;
        float a[3] = {A.r[0 * 3 + i], A.r[1 * 3 + i], A.r[2 * 3 + i]};
        float b[3] = {B.r[0 * 3 + j], B.r[1 * 3 + j], B.r[2 * 3 + j]};
        n[0] = a[1] * b[2] - a[2] * b[1];
        n[1] = a[2] * b[0] - a[0] * b[2];
        n[2] = a[0] * b[1] - a[1] * b[0];
        float il = rsqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        n[0] *= il; n[1] *= il; n[2] *= il;
    }
    if (n[0] * tw[0] + n[1] * tw[1] + n[2] * tw[2] < 0.f) { n[0] = -n[0]; n[1] = -n[1]; n[2] = -n[2]; }
    contact[k] = make_float4(n[0], n[1], n[2], best_depth);
    atomicAdd(num_hits, 1);
}

__device__ __forceinline__ bool sat_axis_test(float ax, float ay, float az,
                                              const float v0[3], const float v1[3], const float v2[3],
                                              const float h[3])
{
    float p0 = ax * v0[0] + ay * v0[1] + az * v0[2];
    float p1 = ax * v1[0] + ay * v1[1] + az * v1[2];
    float p2 = ax * v2[0] + ay * v2[1] + az * v2[2];
    float r = h[0] * fabsf(ax) + h[1] * fabsf(ay) + h[2] * fabsf(az);
    return fminf(p0, fminf(p1, p2)) > r || fmaxf(p0, fmaxf(p1, p2)) < -r;
}

// One thread per triangle; iterates over voxels of its bounding box and sets
// occupancy bits for voxels that overlap the triangle.
extern "C" __global__ void __maxnreg__(48)
voxelize_tri_box(const float3* __restrict__ verts,
                                            const int3* __restrict__ tris,
                                            int num_tris,
                                            float3 grid_origin, float voxel,
                                            int3 dims,
                                            unsigned int* __restrict__ occupancy,    // bit per voxel
                                            unsigned long long* __restrict__ tests)
{
    int tri = blockIdx.x * blockDim.x + threadIdx.x;
    if (tri >= num_tris) return;
    int3 t = tris[tri];
    float3 a = verts[t.x], b = verts[t.y], c = verts[t.z];
    float inv = 1.f / voxel;
    int x0 = max(0, (int)floorf((fminf(a.x, fminf(b.x, c.x)) - grid_origin.x) * inv));
    int y0 = max(0, (int)floorf((fminf(a.y, fminf(b.y, c.y)) - grid_origin.y) * inv));
    int z0 = max(0, (int)floorf((fminf(a.z, fminf(b.z, c.z)) - grid_origin.z) * inv));
    int x1 = min(dims.x - 1, (int)floorf((fmaxf(a.x, fmaxf(b.x, c.x)) - grid_origin.x) * inv));
    int y1 = min(dims.y - 1, (int)floorf((fmaxf(a.y, fmaxf(b.y, c.y)) - grid_origin.y) * inv));
    int z1 = min(dims.z - 1, (int)floorf((fmaxf(a.z, fmaxf(b.z, c.z)) - grid_origin.z) * inv));
    float e0[3] = {b.x - a.x, b.y - a.y, b.z - a.z};
    float e1[3] = {c.x - b.x, c.y - b.y, c.z - b.z};
    float e2[3] = {a.x - c.x, a.y - c.y, a.z - c.z};
    float n[3] = {e0[1] * e1[2] - e0[2] * e1[1], e0[2] * e1[0] - e0[0] * e1[2], e0[0] * e1[1] - e0[1] * e1[0]};
    float h[3] = {0.5f * voxel, 0.5f * voxel, 0.5f * voxel};
    unsigned long long count = 0;
    for (int z = z0; z <= z1; ++z)
        for (int y = y0; y <= y1; ++y)
            for (int x = x0; x <= x1; ++x) {
                ++count;
                float cx = grid_origin.x + (x + 0.5f) * voxel;
                float cy = grid_origin.y + (y + 0.5f) * voxel;
                float cz = grid_origin.z + (z + 0.5f) * voxel;
                float v0[3] = {a.x - cx, a.y - cy, a.z - cz};
                float v1[3] = {b.x - cx, b.y - cy, b.z - cz};
                float v2[3] = {c.x - cx, c.y - cy, c.z - cz};
                // plane/box
                float d = n[0] * v0[0] + n[1] * v0[1] + n[2] * v0[2];
                float r = h[0] * fabsf(n[0]) + h[1] * fabsf(n[1]) + h[2] * fabsf(n[2]);
                if (fabsf(d) > r) continue;
                // 9 edge cross-product axes
                const float* E[3] = {e0, e1, e2};
                bool sep = false;
#pragma unroll
                for (int ei = 0; ei < 3; ++ei) {
                    const float* e = E[ei];
                    sep |= sat_axis_test(0.f, -e[2], e[1], v0, v1, v2, h);
                    sep |= sat_axis_test(e[2], 0.f, -e[0], v0, v1, v2, h);
                    sep |= sat_axis_test(-e[1], e[0], 0.f, v0, v1, v2, h);
                }
                if (sep) continue;
                long long vid = ((long long)z * dims.y + y) * dims.x + x;
                atomicOr(&occupancy[vid >> 5], 1u << (vid & 31));
            }
    atomicAdd(tests, count);
}

// Capsule (segment p0-p1, radius rc) vs sphere (centre s, radius rs).
extern "C" __global__ void capsule_sphere_contacts(const float4* __restrict__ cap_p0_r,
                                                   const float4* __restrict__ cap_p1,
                                                   const float4* __restrict__ spheres,   // xyz, r
                                                   const int2* __restrict__ pairs,
                                                   int num_pairs,
                                                   float margin,
                                                   float4* __restrict__ out_point_depth,
                                                   float4* __restrict__ out_normal,
                                                   int* __restrict__ out_count)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= num_pairs) return;
    int2 pr = pairs[k];
    float4 a = cap_p0_r[pr.x];
    float4 b = cap_p1[pr.x];
    float4 s = spheres[pr.y];
    float3 ab = make_float3(b.x - a.x, b.y - a.y, b.z - a.z);
    float3 as = make_float3(s.x - a.x, s.y - a.y, s.z - a.z);
    float len2 = ab.x * ab.x + ab.y * ab.y + ab.z * ab.z;
    float tt = len2 > 0.f ? (as.x * ab.x + as.y * ab.y + as.z * ab.z) / len2 : 0.f;
    tt = fminf(fmaxf(tt, 0.f), 1.f);
    float3 q = make_float3(a.x + tt * ab.x, a.y + tt * ab.y, a.z + tt * ab.z);
    float3 d = make_float3(s.x - q.x, s.y - q.y, s.z - q.z);
    float dist = sqrtf(d.x * d.x + d.y * d.y + d.z * d.z);
    float depth = a.w + s.w - dist;
    if (depth < -margin) return;
    float3 n = dist > 1e-7f ? make_float3(d.x / dist, d.y / dist, d.z / dist) : make_float3(0.f, 1.f, 0.f);
    float3 pt = make_float3(q.x + n.x * (a.w - 0.5f * depth), q.y + n.y * (a.w - 0.5f * depth), q.z + n.z * (a.w - 0.5f * depth));
    int slot = atomicAdd(out_count, 1);
    out_point_depth[slot] = make_float4(pt.x, pt.y, pt.z, depth);
    out_normal[slot] = make_float4(n.x, n.y, n.z, __int_as_float(k));
}
