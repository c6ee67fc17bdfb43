// Computational geometry: point-in-polygon (winding number) for many points against
// a polygon set, quickhull farthest-point step with warp reductions, and per-cluster
// monotone-chain convex hull of small point sets held in local memory.

// Winding-number test; polygon vertices cached in shared memory in tiles.
extern "C" __global__ void point_in_polygon_winding(const float2* __restrict__ pts, int npts,
                                                    const float2* __restrict__ poly, const int* __restrict__ poly_off,
                                                    int npoly, int* __restrict__ owner)
{
    __shared__ float2 sv[512];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float2 p = i < npts ? pts[i] : make_float2(0.f, 0.f);
    int found = -1;
    for (int pg = 0; pg < npoly; ++pg) {
        int b = poly_off[pg], e = poly_off[pg + 1];
        int wn = 0;
        for (int t0 = b; t0 < e; t0 += 512) {
            int cnt = min(512, e - t0);
            __syncthreads();
            for (int k = threadIdx.x; k < cnt; k += blockDim.x) sv[k] = poly[t0 + k];
            __syncthreads();
            for (int k = 0; k < cnt; ++k) {
                float2 a = sv[k];
                float2 c = (t0 + k + 1 < e) ? (k + 1 < cnt ? sv[k + 1] : poly[t0 + k + 1]) : poly[b];
                float isl = (c.x - a.x) * (p.y - a.y) - (p.x - a.x) * (c.y - a.y);
                if (a.y <= p.y) { if (c.y > p.y && isl > 0.f) ++wn; }
                else { if (c.y <= p.y && isl < 0.f) --wn; }
            }
        }
        if (wn != 0 && found < 0) found = pg;
    }
    if (i < npts) owner[i] = found;
}

// Quickhull step: for each segment (a,b) find the farthest point on its left among its assigned points.
// One block per segment; warp-level argmax with shuffles, block combine through shared memory.
extern "C" __global__ void quickhull_farthest(const float2* __restrict__ pts, const int* __restrict__ seg_pts,
                                              const int* __restrict__ seg_off, const int2* __restrict__ seg_ends,
                                              int nseg, int* __restrict__ far_idx, float* __restrict__ far_dist)
{
    __shared__ float s_d[32];
    __shared__ int s_i[32];
    int s = blockIdx.x;
    if (s >= nseg) return;
    int2 ab = seg_ends[s];
    float2 A = pts[ab.x], B = pts[ab.y];
    float dx = B.x - A.x, dy = B.y - A.y;
    float best = -1.f; int bi = -1;
    for (int k = seg_off[s] + threadIdx.x; k < seg_off[s + 1]; k += blockDim.x) {
        int id = seg_pts[k];
        float2 P = pts[id];
        float d = dx * (P.y - A.y) - dy * (P.x - A.x);
        if (d > best || (d == best && id < bi)) { best = d; bi = id; }
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        float od = __shfl_xor_sync(0xffffffffu, best, o);
        int oi = __shfl_xor_sync(0xffffffffu, bi, o);
        if (od > best || (od == best && oi < bi && oi >= 0)) { best = od; bi = oi; }
    }
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    if (lane == 0) { s_d[w] = best; s_i[w] = bi; }
    __syncthreads();
    if (w == 0) {
        int nw = blockDim.x >> 5;
        best = lane < nw ? s_d[lane] : -1.f;
        bi = lane < nw ? s_i[lane] : -1;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) {
            float od = __shfl_xor_sync(0xffffffffu, best, o);
            int oi = __shfl_xor_sync(0xffffffffu, bi, o);
            if (od > best || (od == best && oi < bi && oi >= 0)) { best = od; bi = oi; }
        }
        if (lane == 0) { far_idx[s] = best > 0.f ? bi : -1; far_dist[s] = best; }
    }
}

// Andrew's monotone chain per cluster (<= 64 points), insertion sort by x then y in local memory.
extern "C" __global__ void monotone_chain_small(const float2* __restrict__ pts, const int* __restrict__ cl_off, int ncl,
                                                int* __restrict__ hull_idx /* ncl x 65 */, int* __restrict__ hull_n,
                                                float* __restrict__ hull_area)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= ncl) return;
    int b = cl_off[c];
    int n = min(cl_off[c + 1] - b, 64);
    float px[64], py[64];
    int id[64];
    for (int i = 0; i < n; ++i) {
        float2 p = pts[b + i];
        int j = i - 1;
        while (j >= 0 && (px[j] > p.x || (px[j] == p.x && py[j] > p.y))) { px[j + 1] = px[j]; py[j + 1] = py[j]; id[j + 1] = id[j]; --j; }
        px[j + 1] = p.x; py[j + 1] = p.y; id[j + 1] = b + i;
    }
    int H[130];
    int k = 0;
    for (int i = 0; i < n; ++i) {
        while (k >= 2) {
            int o = H[k - 2], a = H[k - 1];
            float cr = (px[a] - px[o]) * (py[i] - py[o]) - (py[a] - py[o]) * (px[i] - px[o]);
            if (cr > 0.f) break;
            --k;
        }
        H[k++] = i;
    }
    for (int i = n - 2, t = k + 1; i >= 0; --i) {
        while (k >= t) {
            int o = H[k - 2], a = H[k - 1];
            float cr = (px[a] - px[o]) * (py[i] - py[o]) - (py[a] - py[o]) * (px[i] - px[o]);
            if (cr > 0.f) break;
            --k;
        }
        H[k++] = i;
    }
    int m = n > 2 ? k - 1 : n;
    float area = 0.f;
    for (int i = 0; i < m; ++i) {
        int a = H[i], q = H[(i + 1) % m];
        area += px[a] * py[q] - px[q] * py[a];
        hull_idx[(long)c * 65 + i] = id[a];
    }
    hull_n[c] = m;
    hull_area[c] = 0.5f * area;
}
