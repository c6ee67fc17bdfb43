// Spline evaluation: NURBS curve points and derivatives (Cox-de Boor basis with knot span
// binary search, local arrays), tensor-product NURBS surface evaluation with normals, uniform
// cubic B-spline grid deformation (free-form deformation of a point cloud), and Catmull-Rom
// arc-length reparameterisation using Gauss-Legendre quadrature.
#include <cuda_runtime.h>

#define MAXP 5   // max degree

__device__ int find_span(int n, int p, float u, const float *U)
{
    if (u >= U[n + 1]) return n;
    if (u <= U[p]) return p;
    int lo = p, hi = n + 1, mid = (lo + hi) >> 1;
    while (u < U[mid] || u >= U[mid + 1]) {
        if (u < U[mid]) hi = mid; else lo = mid;
        mid = (lo + hi) >> 1;
    }
    return mid;
}

// Basis functions and first derivatives (The NURBS Book A2.3 specialised to n=1)
__device__ __noinline__ void ders_basis(int span, float u, int p, const float *U, float *N0, float *N1)
{
    float ndu[MAXP + 1][MAXP + 1];
    float left[MAXP + 1], right[MAXP + 1];
    ndu[0][0] = 1.f;
    for (int j = 1; j <= p; ++j) {
        left[j] = u - U[span + 1 - j];
        right[j] = U[span + j] - u;
        float saved = 0.f;
        for (int r = 0; r < j; ++r) {
            ndu[j][r] = right[r + 1] + left[j - r];
            float temp = ndu[r][j - 1] / ndu[j][r];
            ndu[r][j] = saved + right[r + 1] * temp;
            saved = left[j - r] * temp;
        }
        ndu[j][j] = saved;
    }
    for (int j = 0; j <= p; ++j) N0[j] = ndu[j][p];
    for (int r = 0; r <= p; ++r) {
        float d = 0.f;
        if (r >= 1) d += ndu[r - 1][p - 1] / ndu[p][r - 1];
        if (r <= p - 1) d -= ndu[r][p - 1] / ndu[p][r];
        N1[r] = d * p;
    }
}

extern "C" __global__ void nurbs_curve_eval(const float4 *__restrict__ ctrl,   // homogeneous (wx, wy, wz, w)
                                            const float *__restrict__ knots, int ncp, int degree,
                                            const float *__restrict__ params, int nparam,
                                            float3 *__restrict__ pts, float3 *__restrict__ tangents)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nparam) return;
    float u = params[i];
    int p = min(degree, MAXP);
    int span = find_span(ncp - 1, p, u, knots);
    float N0[MAXP + 1], N1[MAXP + 1];
    ders_basis(span, u, p, knots, N0, N1);
    float4 A = make_float4(0, 0, 0, 0), dA = make_float4(0, 0, 0, 0);
    for (int j = 0; j <= p; ++j) {
        float4 c = __ldg(ctrl + span - p + j);
        A.x += N0[j] * c.x; A.y += N0[j] * c.y; A.z += N0[j] * c.z; A.w += N0[j] * c.w;
        dA.x += N1[j] * c.x; dA.y += N1[j] * c.y; dA.z += N1[j] * c.z; dA.w += N1[j] * c.w;
    }
    float iw = 1.f / A.w;
    float3 C = make_float3(A.x * iw, A.y * iw, A.z * iw);
    float3 dC = make_float3((dA.x - dA.w * C.x) * iw, (dA.y - dA.w * C.y) * iw, (dA.z - dA.w * C.z) * iw);
    pts[i] = C;
    tangents[i] = dC;
}

// Surface: one thread per (u, v) sample of a regular tessellation grid.
extern "C" __global__ void nurbs_surface_eval(const float4 *__restrict__ ctrl, int nu, int nv,
                                              const float *__restrict__ Uk, const float *__restrict__ Vk,
                                              int pu, int pv, int resU, int resV,
                                              float3 *__restrict__ pos, float3 *__restrict__ nrm)
{
    int iu = blockIdx.x * blockDim.x + threadIdx.x;
    int iv = blockIdx.y * blockDim.y + threadIdx.y;
    if (iu >= resU || iv >= resV) return;
    pu = min(pu, MAXP); pv = min(pv, MAXP);
    float u0 = Uk[pu], u1 = Uk[nu], v0 = Vk[pv], v1 = Vk[nv];
    float u = u0 + (u1 - u0) * iu / (resU - 1);
    float v = v0 + (v1 - v0) * iv / (resV - 1);
    int su = find_span(nu - 1, pu, u, Uk), sv = find_span(nv - 1, pv, v, Vk);
    float Nu[MAXP + 1], dNu[MAXP + 1], Nv[MAXP + 1], dNv[MAXP + 1];
    ders_basis(su, u, pu, Uk, Nu, dNu);
    ders_basis(sv, v, pv, Vk, Nv, dNv);
    float4 S = make_float4(0, 0, 0, 0), Su = S, Sv = S;
    for (int l = 0; l <= pv; ++l) {
        float4 t = make_float4(0, 0, 0, 0), tu = t;
        for (int k = 0; k <= pu; ++k) {
            float4 c = __ldg(ctrl + (sv - pv + l) * nu + (su - pu + k));
            t.x += Nu[k] * c.x; t.y += Nu[k] * c.y; t.z += Nu[k] * c.z; t.w += Nu[k] * c.w;
            tu.x += dNu[k] * c.x; tu.y += dNu[k] * c.y; tu.z += dNu[k] * c.z; tu.w += dNu[k] * c.w;
        }
        S.x += Nv[l] * t.x; S.y += Nv[l] * t.y; S.z += Nv[l] * t.z; S.w += Nv[l] * t.w;
        Su.x += Nv[l] * tu.x; Su.y += Nv[l] * tu.y; Su.z += Nv[l] * tu.z; Su.w += Nv[l] * tu.w;
        Sv.x += dNv[l] * t.x; Sv.y += dNv[l] * t.y; Sv.z += dNv[l] * t.z; Sv.w += dNv[l] * t.w;
    }
    float iw = 1.f / S.w;
    float3 P = make_float3(S.x * iw, S.y * iw, S.z * iw);
    float3 du = make_float3((Su.x - Su.w * P.x) * iw, (Su.y - Su.w * P.y) * iw, (Su.z - Su.w * P.z) * iw);
    float3 dv = make_float3((Sv.x - Sv.w * P.x) * iw, (Sv.y - Sv.w * P.y) * iw, (Sv.z - Sv.w * P.z) * iw);
    float3 n = make_float3(du.y * dv.z - du.z * dv.y, du.z * dv.x - du.x * dv.z, du.x * dv.y - du.y * dv.x);
    float inv = rsqrtf(fmaxf(n.x * n.x + n.y * n.y + n.z * n.z, 1e-20f));
    pos[iv * resU + iu] = P;
    nrm[iv * resU + iu] = make_float3(n.x * inv, n.y * inv, n.z * inv);
}

// Free-form deformation with a uniform cubic B-spline lattice: 64 control displacements per point.
extern "C" __global__ void ffd_bspline_deform(const float3 *__restrict__ pts, int n, const float4 *__restrict__ lattice,   // padded displacements
                                              int3 dims, float3 origin, float3 inv_spacing, float3 *__restrict__ out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float3 p = pts[i];
    float gx = (p.x - origin.x) * inv_spacing.x, gy = (p.y - origin.y) * inv_spacing.y, gz = (p.z - origin.z) * inv_spacing.z;
    int ix = (int)floorf(gx), iy = (int)floorf(gy), iz = (int)floorf(gz);
    float u = gx - ix, v = gy - iy, w = gz - iz;
    float Bu[4], Bv[4], Bw[4];
    {
        float t = u, t2 = t * t, t3 = t2 * t, m = 1.f - t;
        Bu[0] = m * m * m / 6.f; Bu[1] = (3.f * t3 - 6.f * t2 + 4.f) / 6.f; Bu[2] = (-3.f * t3 + 3.f * t2 + 3.f * t + 1.f) / 6.f; Bu[3] = t3 / 6.f;
        t = v; t2 = t * t; t3 = t2 * t; m = 1.f - t;
        Bv[0] = m * m * m / 6.f; Bv[1] = (3.f * t3 - 6.f * t2 + 4.f) / 6.f; Bv[2] = (-3.f * t3 + 3.f * t2 + 3.f * t + 1.f) / 6.f; Bv[3] = t3 / 6.f;
        t = w; t2 = t * t; t3 = t2 * t; m = 1.f - t;
        Bw[0] = m * m * m / 6.f; Bw[1] = (3.f * t3 - 6.f * t2 + 4.f) / 6.f; Bw[2] = (-3.f * t3 + 3.f * t2 + 3.f * t + 1.f) / 6.f; Bw[3] = t3 / 6.f;
    }
    float dx = 0.f, dy = 0.f, dz = 0.f;
#pragma unroll
    for (int c = 0; c < 4; ++c) {
        int zz = min(max(iz - 1 + c, 0), dims.z - 1);
#pragma unroll
        for (int b = 0; b < 4; ++b) {
            int yy = min(max(iy - 1 + b, 0), dims.y - 1);
            float wbc = Bv[b] * Bw[c];
#pragma unroll
            for (int a = 0; a < 4; ++a) {
                int xx = min(max(ix - 1 + a, 0), dims.x - 1);
                float4 d = __ldg(&lattice[(zz * dims.y + yy) * dims.x + xx]);
                float wt = Bu[a] * wbc;
                dx += wt * d.x; dy += wt * d.y; dz += wt * d.z;
            }
        }
    }
    out[i] = make_float3(p.x + dx, p.y + dy, p.z + dz);
}

// Catmull-Rom spline: arc length per segment by 8-point Gauss-Legendre, then invert s -> t by Newton.
extern "C" __global__ void catmull_rom_arclength(const float3 *__restrict__ cp, int ncp, int samples_per_seg,
                                                 float3 *__restrict__ out)
{
    int seg = blockIdx.x * blockDim.x + threadIdx.x;
    if (seg >= ncp - 3) return;
    const float gx[8] = {-0.9602898565f, -0.7966664774f, -0.5255324099f, -0.1834346425f,
                         0.1834346425f, 0.5255324099f, 0.7966664774f, 0.9602898565f};
    const float gw[8] = {0.1012285363f, 0.2223810345f, 0.3137066459f, 0.3626837834f,
                         0.3626837834f, 0.3137066459f, 0.2223810345f, 0.1012285363f};
    float3 P0 = cp[seg], P1 = cp[seg + 1], P2 = cp[seg + 2], P3 = cp[seg + 3];
    // derivative coefficients: C'(t) = A t^2 + B t + C
    float3 A = make_float3(1.5f * (-P0.x + 3 * P1.x - 3 * P2.x + P3.x), 1.5f * (-P0.y + 3 * P1.y - 3 * P2.y + P3.y), 1.5f * (-P0.z + 3 * P1.z - 3 * P2.z + P3.z));
    float3 B = make_float3(2 * P0.x - 5 * P1.x + 4 * P2.x - P3.x, 2 * P0.y - 5 * P1.y + 4 * P2.y - P3.y, 2 * P0.z - 5 * P1.z + 4 * P2.z - P3.z);
    float3 C = make_float3(0.5f * (P2.x - P0.x), 0.5f * (P2.y - P0.y), 0.5f * (P2.z - P0.z));
    auto speed = [&](float t) {
        float x = (A.x * t + B.x) * t + C.x, y = (A.y * t + B.y) * t + C.y, z = (A.z * t + B.z) * t + C.z;
        return sqrtf(x * x + y * y + z * z);
    };
    auto arclen = [&](float t1) {
        float s = 0.f;
#pragma unroll
        for (int k = 0; k < 8; ++k) s += gw[k] * speed(0.5f * t1 * (gx[k] + 1.f));
        return 0.5f * t1 * s;
    };
    float L = arclen(1.f);
    for (int k = 0; k < samples_per_seg; ++k) {
        float target = L * k / samples_per_seg;
        float t = (float)k / samples_per_seg;
        for (int it = 0; it < 6; ++it) {
            float f = arclen(t) - target;
            t = fminf(fmaxf(t - f / fmaxf(speed(t), 1e-6f), 0.f), 1.f);
        }
        float t2 = t * t, t3 = t2 * t;
        float b0 = -0.5f * t3 + t2 - 0.5f * t, b1 = 1.5f * t3 - 2.5f * t2 + 1.f, b2 = -1.5f * t3 + 2.f * t2 + 0.5f * t, b3 = 0.5f * t3 - 0.5f * t2;
        out[seg * samples_per_seg + k] = make_float3(b0 * P0.x + b1 * P1.x + b2 * P2.x + b3 * P3.x,
                                                     b0 * P0.y + b1 * P1.y + b2 * P2.y + b3 * P3.y,
                                                     b0 * P0.z + b1 * P1.z + b2 * P2.z + b3 * P3.z);
    }
}
