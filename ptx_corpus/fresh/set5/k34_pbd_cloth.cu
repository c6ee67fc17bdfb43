// Position-based dynamics cloth: per-triangle aerodynamic drag/lift forces, graph-coloured
// Gauss-Seidel distance constraints (XPBD compliance), and bending via the dihedral angle.

extern "C" __global__ void pbd_aero_forces(const float4* __restrict__ x, const float4* __restrict__ v,
                                           const int4* __restrict__ tris, int ntris, float3 wind, float drag, float lift,
                                           float* __restrict__ tri_force_scratch)
{
    // per-triangle aerodynamic force accumulated into vertices (scratch = 3 floats/vertex)
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < ntris) {
        int4 tr = tris[t];
        float4 a = x[tr.x], b = x[tr.y], c = x[tr.z];
        float4 va = v[tr.x], vb = v[tr.y], vc = v[tr.z];
        float e1x = b.x - a.x, e1y = b.y - a.y, e1z = b.z - a.z;
        float e2x = c.x - a.x, e2y = c.y - a.y, e2z = c.z - a.z;
        float nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
        float area2 = sqrtf(nx * nx + ny * ny + nz * nz);
        float inv = area2 > 0.f ? 1.f / area2 : 0.f;
        nx *= inv; ny *= inv; nz *= inv;
        float rvx = (va.x + vb.x + vc.x) / 3.f - wind.x;
        float rvy = (va.y + vb.y + vc.y) / 3.f - wind.y;
        float rvz = (va.z + vb.z + vc.z) / 3.f - wind.z;
        float rv2 = rvx * rvx + rvy * rvy + rvz * rvz;
        float rvn = rvx * nx + rvy * ny + rvz * nz;
        float area = 0.5f * area2;
        float fdx = -drag * area * rvn * rvx, fdy = -drag * area * rvn * rvy, fdz = -drag * area * rvn * rvz;
        float rvlen = sqrtf(rv2) + 1e-9f;
        float cosang = rvn / rvlen;
        float lf = -lift * area * rv2 * cosang * sqrtf(fmaxf(1.f - cosang * cosang, 0.f));
        float fx = (fdx + lf * nx) / 3.f, fy = (fdy + lf * ny) / 3.f, fz = (fdz + lf * nz) / 3.f;
        int ids[3] = {tr.x, tr.y, tr.z};
#pragma unroll
        for (int k = 0; k < 3; ++k) {
            atomicAdd(&tri_force_scratch[ids[k] * 3 + 0], fx);
            atomicAdd(&tri_force_scratch[ids[k] * 3 + 1], fy);
            atomicAdd(&tri_force_scratch[ids[k] * 3 + 2], fz);
        }
    }
}

// XPBD distance constraints of one colour (no two constraints in a colour share a vertex).
extern "C" __global__ void xpbd_distance_color(float4* __restrict__ p, const int2* __restrict__ edges,
                                               const float* __restrict__ rest, float* __restrict__ lambda,
                                               const int* __restrict__ color_list, int ncolor_edges,
                                               float compliance, float dt)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= ncolor_edges) return;
    int c = color_list[k];
    int2 e = edges[c];
    float4 a = p[e.x], b = p[e.y];
    float wsum = a.w + b.w;
    if (wsum == 0.f) return;
    float dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
    float len = sqrtf(dx * dx + dy * dy + dz * dz);
    if (len < 1e-9f) return;
    float C = len - rest[c];
    float alpha = compliance / (dt * dt);
    float dl = (-C - alpha * lambda[c]) / (wsum + alpha);
    lambda[c] += dl;
    float s = dl / len;
    p[e.x] = make_float4(a.x + a.w * s * dx, a.y + a.w * s * dy, a.z + a.w * s * dz, a.w);
    p[e.y] = make_float4(b.x - b.w * s * dx, b.y - b.w * s * dy, b.z - b.w * s * dz, b.w);
}

// Dihedral bending constraint (Mueller et al. 2007) for one colour of edge-adjacent triangle pairs.
extern "C" __global__ void pbd_bending_dihedral(float4* __restrict__ p, const int4* __restrict__ quads /* p1,p2 shared edge, p3,p4 */,
                                                const float* __restrict__ phi0, const int* __restrict__ color_list,
                                                int n, float stiffness)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= n) return;
    int qi = color_list[k];
    int4 q = quads[qi];
    float4 P1 = p[q.x], P2 = p[q.y], P3 = p[q.z], P4 = p[q.w];
    float p2x = P2.x - P1.x, p2y = P2.y - P1.y, p2z = P2.z - P1.z;
    float p3x = P3.x - P1.x, p3y = P3.y - P1.y, p3z = P3.z - P1.z;
    float p4x = P4.x - P1.x, p4y = P4.y - P1.y, p4z = P4.z - P1.z;
    float c23x = p2y * p3z - p2z * p3y, c23y = p2z * p3x - p2x * p3z, c23z = p2x * p3y - p2y * p3x;
    float c24x = p2y * p4z - p2z * p4y, c24y = p2z * p4x - p2x * p4z, c24z = p2x * p4y - p2y * p4x;
    float l23 = sqrtf(c23x * c23x + c23y * c23y + c23z * c23z), l24 = sqrtf(c24x * c24x + c24y * c24y + c24z * c24z);
    if (l23 < 1e-9f || l24 < 1e-9f) return;
    float n1x = c23x / l23, n1y = c23y / l23, n1z = c23z / l23;
    float n2x = c24x / l24, n2y = c24y / l24, n2z = c24z / l24;
    float d = fminf(fmaxf(n1x * n2x + n1y * n2y + n1z * n2z, -1.f), 1.f);
    // q3 = (p2 x n2 + (n1 x p2) d) / |p2 x p3|
    float q3x = ((p2y * n2z - p2z * n2y) + (n1y * p2z - n1z * p2y) * d) / l23;
    float q3y = ((p2z * n2x - p2x * n2z) + (n1z * p2x - n1x * p2z) * d) / l23;
    float q3z = ((p2x * n2y - p2y * n2x) + (n1x * p2y - n1y * p2x) * d) / l23;
    float q4x = ((p2y * n1z - p2z * n1y) + (n2y * p2z - n2z * p2y) * d) / l24;
    float q4y = ((p2z * n1x - p2x * n1z) + (n2z * p2x - n2x * p2z) * d) / l24;
    float q4z = ((p2x * n1y - p2y * n1x) + (n2x * p2y - n2y * p2x) * d) / l24;
    float q2x = -((p3y * n2z - p3z * n2y) + (n1y * p3z - n1z * p3y) * d) / l23 - ((p4y * n1z - p4z * n1y) + (n2y * p4z - n2z * p4y) * d) / l24;
    float q2y = -((p3z * n2x - p3x * n2z) + (n1z * p3x - n1x * p3z) * d) / l23 - ((p4z * n1x - p4x * n1z) + (n2z * p4x - n2x * p4z) * d) / l24;
    float q2z = -((p3x * n2y - p3y * n2x) + (n1x * p3y - n1y * p3x) * d) / l23 - ((p4x * n1y - p4y * n1x) + (n2x * p4y - n2y * p4x) * d) / l24;
    float q1x = -q2x - q3x - q4x, q1y = -q2y - q3y - q4y, q1z = -q2z - q3z - q4z;
    float denom = P1.w * (q1x * q1x + q1y * q1y + q1z * q1z) + P2.w * (q2x * q2x + q2y * q2y + q2z * q2z) +
                  P3.w * (q3x * q3x + q3y * q3y + q3z * q3z) + P4.w * (q4x * q4x + q4y * q4y + q4z * q4z);
    if (denom < 1e-12f) return;
    float s = -stiffness * sqrtf(1.f - d * d) * (acosf(d) - phi0[qi]) / denom;
    p[q.x] = make_float4(P1.x + s * P1.w * q1x, P1.y + s * P1.w * q1y, P1.z + s * P1.w * q1z, P1.w);
    p[q.y] = make_float4(P2.x + s * P2.w * q2x, P2.y + s * P2.w * q2y, P2.z + s * P2.w * q2z, P2.w);
    p[q.z] = make_float4(P3.x + s * P3.w * q3x, P3.y + s * P3.w * q3y, P3.z + s * P3.w * q3z, P3.w);
    p[q.w] = make_float4(P4.x + s * P4.w * q4x, P4.y + s * P4.w * q4y, P4.z + s * P4.w * q4z, P4.w);
}

