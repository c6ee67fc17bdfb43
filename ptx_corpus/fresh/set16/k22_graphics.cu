// Domain: computer graphics (ray-triangle intersection, BVH traversal with a per-thread stack, tile rasterisation, spherical-harmonic lighting)

__device__ __forceinline__ float3 sub3(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }
__device__ __forceinline__ float3 cross3(float3 a, float3 b) { return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
__device__ __forceinline__ float dot3(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

// moller_trumbore_bruteforce: closest hit of each ray against all triangles (Moller-Trumbore), barycentrics of the closest hit stored
extern "C" __global__ void moller_trumbore_bruteforce(const float3* __restrict__ orig, const float3* __restrict__ dir, const float3* __restrict__ verts,
                                                      int nTris, int nRays, float4* __restrict__ hit)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nRays) return;
    float3 o = orig[r], d = dir[r];
    float tBest = 1e30f, ub = 0.f, vb = 0.f;
    int best = -1;
    for (int t = 0; t < nTris; ++t) {
        float3 v0 = verts[3 * t], v1 = verts[3 * t + 1], v2 = verts[3 * t + 2];
        float3 e1 = sub3(v1, v0), e2 = sub3(v2, v0);
        float3 p = cross3(d, e2);
        float det = dot3(e1, p);
        if (fabsf(det) < 1e-8f) continue;
        float inv = 1.f / det;
        float3 s = sub3(o, v0);
        float u = dot3(s, p) * inv;
        if (u < 0.f || u > 1.f) continue;
        float3 q = cross3(s, e1);
        float v = dot3(d, q) * inv;
        if (v < 0.f || u + v > 1.f) continue;
        float tt = dot3(e2, q) * inv;
        if (tt > 1e-4f && tt < tBest) { tBest = tt; ub = u; vb = v; best = t; }
    }
    hit[r] = make_float4(tBest, ub, vb, __int_as_float(best));
}

struct BvhNode { float3 lo; int left; float3 hi; int rightOrFirst; };  // leaf if left < 0: -left = count, rightOrFirst = first prim

// bvh_traverse_stack64: closest-hit traversal of a binary BVH with a 64-entry per-thread stack (run-time indexed local array)
extern "C" __global__ void bvh_traverse_stack64(const BvhNode* __restrict__ nodes, const float3* __restrict__ verts,
                                                      const float3* __restrict__ orig, const float3* __restrict__ dir,
                                                      int nRays, float* __restrict__ tHit, int* __restrict__ primHit)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nRays) return;
    float3 o = orig[r], d = dir[r];
    float3 id = make_float3(1.f / d.x, 1.f / d.y, 1.f / d.z);
    int stack[64];
    int sp = 0;
    stack[sp++] = 0;
    float tBest = 1e30f;
    int best = -1;
    while (sp > 0) {
        int ni = stack[--sp];
        BvhNode n = nodes[ni];
        float tx0 = (n.lo.x - o.x) * id.x, tx1 = (n.hi.x - o.x) * id.x;
        float ty0 = (n.lo.y - o.y) * id.y, ty1 = (n.hi.y - o.y) * id.y;
        float tz0 = (n.lo.z - o.z) * id.z, tz1 = (n.hi.z - o.z) * id.z;
        float tmin = fmaxf(fmaxf(fminf(tx0, tx1), fminf(ty0, ty1)), fmaxf(fminf(tz0, tz1), 0.f));
        float tmax = fminf(fminf(fmaxf(tx0, tx1), fmaxf(ty0, ty1)), fminf(fmaxf(tz0, tz1), tBest));
        if (tmin > tmax) continue;
        if (n.left < 0) {
            for (int k = 0; k < -n.left; ++k) {
                int t = n.rightOrFirst + k;
                float3 v0 = verts[3 * t], e1 = sub3(verts[3 * t + 1], v0), e2 = sub3(verts[3 * t + 2], v0);
                float3 p = cross3(d, e2);
                float det = dot3(e1, p), inv = 1.f / det;
                float3 s = sub3(o, v0);
                float u = dot3(s, p) * inv;
                float3 q = cross3(s, e1);
                float v = dot3(d, q) * inv;
                float tt = dot3(e2, q) * inv;
                if (fabsf(det) > 1e-8f && u >= 0.f && v >= 0.f && u + v <= 1.f && tt > 1e-4f && tt < tBest) { tBest = tt; best = t; }
            }
        } else if (sp < 62) {
            stack[sp++] = n.rightOrFirst;
            stack[sp++] = n.left;
        }
    }
    tHit[r] = tBest;
    primHit[r] = best;
}

// raster_tile16_edge_functions: 16x16 pixel tile per block; triangles staged in shared memory, per-pixel edge tests with depth test and perspective-correct attribute interpolation
extern "C" __global__ void raster_tile16_edge_functions(const float4* __restrict__ screenVerts, const float4* __restrict__ colors,
                                                        int nTris, float* __restrict__ depth, uchar4* __restrict__ fb, int width, int height)
{
    __shared__ float4 sv[64][3];
    __shared__ float4 sc[64][3];
    int px = blockIdx.x * 16 + threadIdx.x, py = blockIdx.y * 16 + threadIdx.y;
    int tid = threadIdx.y * 16 + threadIdx.x;
    float fx = px + 0.5f, fy = py + 0.5f;
    float zBest = (px < width && py < height) ? depth[py * width + px] : 0.f;
    float4 col = make_float4(0.f, 0.f, 0.f, 0.f);
    bool wrote = false;
    for (int base = 0; base < nTris; base += 64) {
        __syncthreads();
        if (tid < 192) {
            int t = base + tid / 3;
            if (t < nTris) { sv[tid / 3][tid % 3] = screenVerts[3 * t + tid % 3]; sc[tid / 3][tid % 3] = colors[3 * t + tid % 3]; }
        }
        __syncthreads();
        int cnt = min(64, nTris - base);
        for (int k = 0; k < cnt; ++k) {
            float4 a = sv[k][0], b = sv[k][1], c = sv[k][2];
            float area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
            if (area <= 0.f) continue;
            float w0 = (b.x - fx) * (c.y - fy) - (b.y - fy) * (c.x - fx);
            float w1 = (c.x - fx) * (a.y - fy) - (c.y - fy) * (a.x - fx);
            float w2 = area - w0 - w1;
            if (w0 < 0.f || w1 < 0.f || w2 < 0.f) continue;
            float ia = 1.f / area;
            w0 *= ia; w1 *= ia; w2 *= ia;
            float z = w0 * a.z + w1 * b.z + w2 * c.z;
            if (z < zBest) {
                float iw0 = w0 * a.w, iw1 = w1 * b.w, iw2 = w2 * c.w;   // w holds 1/w_clip
                float norm = 1.f / (iw0 + iw1 + iw2);
                float4 c0 = sc[k][0], c1 = sc[k][1], c2 = sc[k][2];
                col.x = (iw0 * c0.x + iw1 * c1.x + iw2 * c2.x) * norm;
                col.y = (iw0 * c0.y + iw1 * c1.y + iw2 * c2.y) * norm;
                col.z = (iw0 * c0.z + iw1 * c1.z + iw2 * c2.z) * norm;
                zBest = z; wrote = true;
            }
        }
    }
    if (wrote && px < width && py < height) {
        depth[py * width + px] = zBest;
        fb[py * width + px] = make_uchar4((unsigned char)(__saturatef(col.x) * 255.f), (unsigned char)(__saturatef(col.y) * 255.f),
                                          (unsigned char)(__saturatef(col.z) * 255.f), 255);
    }
}

// sh3_envmap_projection_lb: project an RGB cube-map face onto 3rd-order spherical harmonics (9 bands x RGB = 27 accumulators per thread), each thread covering a strip of texels, warp-reduced; under __launch_bounds__(1024,2)
extern "C" __global__ void __launch_bounds__(1024, 2)
sh3_envmap_projection_lb(const float4* __restrict__ texels, const float4* __restrict__ dirSolidAngle, int nTexels, float* __restrict__ shOut)
{
    float acc[27];
#pragma unroll
    for (int k = 0; k < 27; ++k) acc[k] = 0.f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < nTexels; i += blockDim.x * gridDim.x) {
        float4 c = texels[i], d = dirSolidAngle[i];
        float x = d.x, y = d.y, z = d.z, w = d.w;
        float Y[9] = {0.282095f, 0.488603f * y, 0.488603f * z, 0.488603f * x, 1.092548f * x * y, 1.092548f * y * z,
                      0.315392f * (3.f * z * z - 1.f), 1.092548f * x * z, 0.546274f * (x * x - y * y)};
#pragma unroll
        for (int k = 0; k < 9; ++k) {
            float yw = Y[k] * w;
            acc[3 * k] += c.x * yw; acc[3 * k + 1] += c.y * yw; acc[3 * k + 2] += c.z * yw;
        }
    }
#pragma unroll
    for (int k = 0; k < 27; ++k) {
        float v = acc[k];
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
        if ((threadIdx.x & 31) == 0) atomicAdd(&shOut[k], v);
    }
}
