// Polygon clipping and predicates: Sutherland-Hodgman clipping of convex/concave polygons
// against a convex clip window (ping-pong local buffers, dynamic indexing), polygon area and
// centroid via shoelace in double, batch point-in-polygon with the winding-number rule, and
// Liang-Barsky segment clipping.
#include <cuda_runtime.h>

#define MAXV 32

__device__ __forceinline__ float edge_side(float2 a, float2 b, float2 p)
{
    return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
}

extern "C" __global__ void sutherland_hodgman(const float2 *__restrict__ polys, const int *__restrict__ offsets,
                                              const float2 *__restrict__ clip, int nclip, int npoly,
                                              float2 *__restrict__ out, int *__restrict__ out_count,
                                              float *__restrict__ out_area)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npoly) return;
    float2 bufA[MAXV * 2], bufB[MAXV * 2];
    int beg = offsets[p], n = min(offsets[p + 1] - beg, MAXV);
    for (int k = 0; k < n; ++k) bufA[k] = polys[beg + k];
    float2 *in = bufA, *o = bufB;
    for (int e = 0; e < nclip && n > 0; ++e) {
        float2 a = clip[e], b = clip[(e + 1) % nclip];
        int m = 0;
        float2 S = in[n - 1];
        float ds = edge_side(a, b, S);
        for (int k = 0; k < n; ++k) {
            float2 E = in[k];
            float de = edge_side(a, b, E);
            if (de >= 0.f) {
                if (ds < 0.f && m < 2 * MAXV) {
                    float t = ds / (ds - de);
                    o[m++] = make_float2(S.x + t * (E.x - S.x), S.y + t * (E.y - S.y));
                }
                if (m < 2 * MAXV) o[m++] = E;
            } else if (ds >= 0.f && m < 2 * MAXV) {
                float t = ds / (ds - de);
                o[m++] = make_float2(S.x + t * (E.x - S.x), S.y + t * (E.y - S.y));
            }
            S = E; ds = de;
        }
        float2 *tmp = in; in = o; o = tmp;
        n = m;
    }
    float area = 0.f;
    for (int k = 0; k < n; ++k) {
        float2 a = in[k], b = in[(k + 1) % n];
        area += a.x * b.y - b.x * a.y;
        out[(size_t)p * 2 * MAXV + k] = a;
    }
    out_count[p] = n;
    out_area[p] = 0.5f * area;
}

// Area, centroid and second moments of simple polygons (one warp per polygon, double accumulation).
extern "C" __global__ void polygon_moments(const double2 *__restrict__ verts, const int *__restrict__ offsets,
                                           int npoly, double *__restrict__ moments)   // [npoly][6]: A, Cx, Cy, Ixx, Iyy, Ixy
{
    int w = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
    if (w >= npoly) return;
    int beg = offsets[w], n = offsets[w + 1] - beg;
    double A = 0, cx = 0, cy = 0, ixx = 0, iyy = 0, ixy = 0;
    double2 o = verts[beg];   // shift origin to first vertex for conditioning
    for (int k = lane; k < n; k += 32) {
        double2 a = verts[beg + k], b = verts[beg + (k + 1 == n ? 0 : k + 1)];
        double x0 = a.x - o.x, y0 = a.y - o.y, x1 = b.x - o.x, y1 = b.y - o.y;
        double c = x0 * y1 - x1 * y0;
        A += c;
        cx += (x0 + x1) * c; cy += (y0 + y1) * c;
        ixx += (y0 * y0 + y0 * y1 + y1 * y1) * c;
        iyy += (x0 * x0 + x0 * x1 + x1 * x1) * c;
        ixy += (x0 * y1 + 2 * x0 * y0 + 2 * x1 * y1 + x1 * y0) * c;
    }
    for (int s = 16; s; s >>= 1) {
        A += __shfl_xor_sync(~0u, A, s); cx += __shfl_xor_sync(~0u, cx, s); cy += __shfl_xor_sync(~0u, cy, s);
        ixx += __shfl_xor_sync(~0u, ixx, s); iyy += __shfl_xor_sync(~0u, iyy, s); ixy += __shfl_xor_sync(~0u, ixy, s);
    }
    if (lane == 0) {
        A *= 0.5;
        double *m = moments + (size_t)w * 6;
        double Cx = cx / (6.0 * A), Cy = cy / (6.0 * A);
        m[0] = A; m[1] = Cx + o.x; m[2] = Cy + o.y;
        // about centroid (parallel axis theorem)
        m[3] = ixx / 12.0 - A * Cy * Cy;
        m[4] = iyy / 12.0 - A * Cx * Cx;
        m[5] = ixy / 24.0 - A * Cx * Cy;
    }
}

// Winding number of query points vs. one large polygon whose edges are tiled through shared memory.
extern "C" __global__ void __launch_bounds__(256)
point_in_polygon_winding(const float2 *__restrict__ poly, int nv, const float2 *__restrict__ q, int nq,
                         int *__restrict__ winding)
{
    __shared__ float2 sv[257];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float2 p = i < nq ? q[i] : make_float2(0.f, 0.f);
    int wn = 0;
    for (int base = 0; base < nv; base += 256) {
        int cnt = min(256, nv - base);
        if (threadIdx.x < cnt) sv[threadIdx.x] = poly[base + threadIdx.x];
        if (threadIdx.x == 0) sv[cnt] = poly[(base + cnt) % nv];
        __syncthreads();
        for (int k = 0; k < cnt; ++k) {
            float2 a = sv[k], b = sv[k + 1];
            if (a.y <= p.y) {
                if (b.y > p.y && edge_side(a, b, p) > 0.f) ++wn;
            } else {
                if (b.y <= p.y && edge_side(a, b, p) < 0.f) --wn;
            }
        }
        __syncthreads();
    }
    if (i < nq) winding[i] = wn;
}

extern "C" __global__ void liang_barsky(const float4 *__restrict__ seg, int n, float4 rect,
                                        float4 *__restrict__ out, unsigned char *__restrict__ visible)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 s = seg[i];
    float dx = s.z - s.x, dy = s.w - s.y;
    float p[4] = {-dx, dx, -dy, dy};
    float qv[4] = {s.x - rect.x, rect.z - s.x, s.y - rect.y, rect.w - s.y};
    float t0 = 0.f, t1 = 1.f;
    bool vis = true;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        if (p[k] == 0.f) { if (qv[k] < 0.f) vis = false; }
        else {
            float r = qv[k] / p[k];
            if (p[k] < 0.f) t0 = fmaxf(t0, r); else t1 = fminf(t1, r);
        }
    }
    vis = vis && t0 <= t1;
    visible[i] = vis;
    out[i] = vis ? make_float4(s.x + t0 * dx, s.y + t0 * dy, s.x + t1 * dx, s.y + t1 * dy) : make_float4(0, 0, 0, 0);
}
