// Occupancy grids and 2D SLAM scan matching: log-odds ray casting update (Bresenham, with
// free-space atomics), correlative scan matching over a (dx, dy, dtheta) search window with
// shared-memory scan points and block argmax, and a Gauss-Newton scan-to-map refinement step
// with bilinear map gradients (Hector-SLAM style).
#include <cuda_runtime.h>

struct GridInfo { float ox, oy, res; int W, H; };

extern "C" __global__ void occ_update_rays(const float2 *__restrict__ ranges_bearing, int nbeams, float3 pose,
                                           GridInfo g, float l_occ, float l_free, float lmin, float lmax,
                                           float max_range, float *__restrict__ logodds)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nbeams) return;
    float2 rb = ranges_bearing[b];
    bool hit = rb.x < max_range;
    float r = fminf(rb.x, max_range);
    float s, c;
    sincosf(pose.z + rb.y, &s, &c);
    float ex = pose.x + r * c, ey = pose.y + r * s;
    int x0 = (int)floorf((pose.x - g.ox) / g.res), y0 = (int)floorf((pose.y - g.oy) / g.res);
    int x1 = (int)floorf((ex - g.ox) / g.res), y1 = (int)floorf((ey - g.oy) / g.res);
    int dx = abs(x1 - x0), dy = -abs(y1 - y0);
    int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
    int err = dx + dy;
    int x = x0, y = y0;
    while (!(x == x1 && y == y1)) {
        if (x >= 0 && y >= 0 && x < g.W && y < g.H) {
            float *cell = logodds + y * g.W + x;
            float old = atomicAdd(cell, l_free);
            if (old + l_free < lmin) atomicAdd(cell, lmin - (old + l_free));   // soft clamp
        }
        int e2 = 2 * err;
        if (e2 >= dy) { err += dy; x += sx; }
        if (e2 <= dx) { err += dx; y += sy; }
    }
    if (hit && x1 >= 0 && y1 >= 0 && x1 < g.W && y1 < g.H) {
        float *cell = logodds + y1 * g.W + x1;
        float old = atomicAdd(cell, l_occ);
        if (old + l_occ > lmax) atomicAdd(cell, lmax - (old + l_occ));
    }
}

// Correlative matching: grid(blockIdx.x) over theta candidates, threads over (dx,dy) offsets.
// Probability map is a precomputed likelihood field (uint8, 0..255).
extern "C" __global__ void __launch_bounds__(256)
csm_search(const unsigned char *__restrict__ likelihood, GridInfo g,
           const float2 *__restrict__ scan_xy, int npts,          // points in sensor frame
           float3 pose0, float dtheta, int nth, int win,           // search half-window in cells
           unsigned long long *__restrict__ best)                  // packed (score<<32 | candidate index)
{
    extern __shared__ float2 pts[];
    int ti = blockIdx.x;
    float th = pose0.z + (ti - nth / 2) * dtheta;
    float s, c;
    sincosf(th, &s, &c);
    for (int k = threadIdx.x; k < npts; k += blockDim.x) {
        float2 p = scan_xy[k];
        pts[k] = make_float2(c * p.x - s * p.y, s * p.x + c * p.y);
    }
    __syncthreads();
    int side = 2 * win + 1;
    unsigned bestScore = 0, bestIdx = 0;
    for (int cand = threadIdx.x; cand < side * side; cand += blockDim.x) {
        int ox = cand % side - win, oy = cand / side - win;
        float tx = pose0.x + ox * g.res, ty = pose0.y + oy * g.res;
        unsigned score = 0;
        for (int k = 0; k < npts; ++k) {
            float2 p = pts[k];
            int gx = __float2int_rd((p.x + tx - g.ox) / g.res);
            int gy = __float2int_rd((p.y + ty - g.oy) / g.res);
            if ((unsigned)gx < (unsigned)g.W && (unsigned)gy < (unsigned)g.H)
                score += __ldg(likelihood + gy * g.W + gx);
        }
        if (score > bestScore) { bestScore = score; bestIdx = ti * side * side + cand; }
    }
    unsigned long long packed = ((unsigned long long)bestScore << 32) | bestIdx;
    for (int o = 16; o; o >>= 1) {
        unsigned long long other = __shfl_xor_sync(~0u, packed, o);
        packed = other > packed ? other : packed;
    }
    if ((threadIdx.x & 31) == 0) atomicMax(best, packed);
}

__device__ __forceinline__ float map_val_grad(const float *M, const GridInfo &g, float wx, float wy, float &gx, float &gy)
{
    float fx = (wx - g.ox) / g.res - 0.5f, fy = (wy - g.oy) / g.res - 0.5f;
    int x = (int)floorf(fx), y = (int)floorf(fy);
    if (x < 0 || y < 0 || x >= g.W - 1 || y >= g.H - 1) { gx = gy = 0.f; return 0.f; }
    float u = fx - x, v = fy - y;
    float p00 = M[y * g.W + x], p10 = M[y * g.W + x + 1], p01 = M[(y + 1) * g.W + x], p11 = M[(y + 1) * g.W + x + 1];
    gx = (v * (p11 - p01) + (1 - v) * (p10 - p00)) / g.res;
    gy = (u * (p11 - p10) + (1 - u) * (p01 - p00)) / g.res;
    return v * (u * p11 + (1 - u) * p01) + (1 - v) * (u * p10 + (1 - u) * p00);
}

// Accumulates J^T J (6 unique entries) and J^T r (3) for the Gauss-Newton update of pose.
extern "C" __global__ void scan_to_map_gn(const float *__restrict__ occ_prob, GridInfo g,
                                          const float2 *__restrict__ scan_xy, int npts, float3 pose,
                                          float *__restrict__ H_b)   // 9 floats, atomically accumulated
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    float h[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
    if (k < npts) {
        float2 p = scan_xy[k];
        float s, c;
        sincosf(pose.z, &s, &c);
        float wx = pose.x + c * p.x - s * p.y;
        float wy = pose.y + s * p.x + c * p.y;
        float gx, gy;
        float m = map_val_grad(occ_prob, g, wx, wy, gx, gy);
        float r = 1.f - m;
        float dth = gx * (-s * p.x - c * p.y) + gy * (c * p.x - s * p.y);
        h[0] = gx * gx; h[1] = gx * gy; h[2] = gx * dth; h[3] = gy * gy; h[4] = gy * dth; h[5] = dth * dth;
        h[6] = gx * r; h[7] = gy * r; h[8] = dth * r;
    }
#pragma unroll
    for (int q = 0; q < 9; ++q) {
        float v = h[q];
        for (int o = 16; o; o >>= 1) v += __shfl_down_sync(~0u, v, o);
        if ((threadIdx.x & 31) == 0) atomicAdd(H_b + q, v);
    }
}
