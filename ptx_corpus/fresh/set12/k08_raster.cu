// Graphics rasterisation: vertex transform, tile binning of triangles,
// per-pixel triangle coverage with perspective-correct attribute
// interpolation and 64-bit packed depth/ID atomics.
#include <cuda_runtime.h>
#include <stdint.h>

struct Mat4 { float m[16]; };

extern "C" __global__ void vertex_transform(const float4* __restrict__ pos_in,
                                            const float4* __restrict__ nrm_in,
                                            Mat4 mvp, Mat4 normal_mat,
                                            float4* __restrict__ clip_out,
                                            float4* __restrict__ nrm_out, int nv)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nv) return;
    float4 p = pos_in[i], nn = nrm_in[i];
    float4 c;
    c.x = mvp.m[0] * p.x + mvp.m[4] * p.y + mvp.m[8] * p.z + mvp.m[12] * p.w;
    c.y = mvp.m[1] * p.x + mvp.m[5] * p.y + mvp.m[9] * p.z + mvp.m[13] * p.w;
    c.z = mvp.m[2] * p.x + mvp.m[6] * p.y + mvp.m[10] * p.z + mvp.m[14] * p.w;
    c.w = mvp.m[3] * p.x + mvp.m[7] * p.y + mvp.m[11] * p.z + mvp.m[15] * p.w;
    float nx = normal_mat.m[0] * nn.x + normal_mat.m[4] * nn.y + normal_mat.m[8] * nn.z;
    float ny = normal_mat.m[1] * nn.x + normal_mat.m[5] * nn.y + normal_mat.m[9] * nn.z;
    float nz = normal_mat.m[2] * nn.x + normal_mat.m[6] * nn.y + normal_mat.m[10] * nn.z;
    float inv = rsqrtf(nx * nx + ny * ny + nz * nz + 1e-20f);
    clip_out[i] = c;
    nrm_out[i] = make_float4(nx * inv, ny * inv, nz * inv, 0.f);
}

// Setup + bin: compute screen bbox for each triangle and append it to every
// 16x16 tile it overlaps.
extern "C" __global__ void tri_setup_bin(const float4* __restrict__ clip, const int3* __restrict__ tris,
                                         int ntri, int width, int height, int tiles_x, int tiles_y,
                                         int* __restrict__ tile_count, int* __restrict__ tile_list,
                                         int tile_cap, float4* __restrict__ edge_eq)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= ntri) return;
    int3 id = tris[t];
    float4 a = clip[id.x], b = clip[id.y], c = clip[id.z];
    if (a.w <= 0.f || b.w <= 0.f || c.w <= 0.f) return;
    float ax = (a.x / a.w * 0.5f + 0.5f) * width, ay = (a.y / a.w * 0.5f + 0.5f) * height;
    float bx = (b.x / b.w * 0.5f + 0.5f) * width, by = (b.y / b.w * 0.5f + 0.5f) * height;
    float cx = (c.x / c.w * 0.5f + 0.5f) * width, cy = (c.y / c.w * 0.5f + 0.5f) * height;
    float area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (area <= 0.f) return;  // back-face cull
    float ia = 1.f / area;
    edge_eq[t * 3 + 0] = make_float4((by - cy) * ia, (cx - bx) * ia, (bx * cy - by * cx) * ia, 1.f / a.w);
    edge_eq[t * 3 + 1] = make_float4((cy - ay) * ia, (ax - cx) * ia, (cx * ay - cy * ax) * ia, 1.f / b.w);
    edge_eq[t * 3 + 2] = make_float4(a.z / a.w, b.z / b.w, c.z / c.w, 1.f / c.w);
    int x0 = max(0, (int)floorf(fminf(ax, fminf(bx, cx))) >> 4);
    int x1 = min(tiles_x - 1, (int)ceilf(fmaxf(ax, fmaxf(bx, cx))) >> 4);
    int y0 = max(0, (int)floorf(fminf(ay, fminf(by, cy))) >> 4);
    int y1 = min(tiles_y - 1, (int)ceilf(fmaxf(ay, fmaxf(by, cy))) >> 4);
    for (int ty = y0; ty <= y1; ++ty)
        for (int tx = x0; tx <= x1; ++tx) {
            int tile = ty * tiles_x + tx;
            int slot = atomicAdd(&tile_count[tile], 1);
            if (slot < tile_cap) tile_list[(size_t)tile * tile_cap + slot] = t;
        }
}

// One block per 16x16 tile, one thread per pixel; triangles loaded in
// batches into shared memory. Depth test via packed 64-bit atomicMin.
extern "C" __global__ void raster_tiles(const int* __restrict__ tile_count, const int* __restrict__ tile_list,
                                        int tile_cap, int tiles_x, const float4* __restrict__ edge_eq,
                                        const int3* __restrict__ tris, const float4* __restrict__ nrm,
                                        int width, int height,
                                        unsigned long long* __restrict__ zbuf,
                                        float4* __restrict__ gbuf_normal)
{
    __shared__ float4 se[64][3];
    __shared__ int sid[64];
    int tile = blockIdx.x;
    int px = (tile % tiles_x) * 16 + (threadIdx.x & 15);
    int py = (tile / tiles_x) * 16 + (threadIdx.x >> 4);
    float fx = px + 0.5f, fy = py + 0.5f;
    int cnt = min(tile_count[tile], tile_cap);
    float bestz = 2.f; int bestt = -1; float bl0 = 0.f, bl1 = 0.f, bl2 = 0.f;
    for (int b0 = 0; b0 < cnt; b0 += 64) {
        __syncthreads();
        if (threadIdx.x < 64 && b0 + threadIdx.x < cnt) {
            int t = tile_list[(size_t)tile * tile_cap + b0 + threadIdx.x];
            sid[threadIdx.x] = t;
            se[threadIdx.x][0] = edge_eq[t * 3];
            se[threadIdx.x][1] = edge_eq[t * 3 + 1];
            se[threadIdx.x][2] = edge_eq[t * 3 + 2];
        }
        __syncthreads();
        int lim = min(64, cnt - b0);
        for (int k = 0; k < lim; ++k) {
            float4 e0 = se[k][0], e1 = se[k][1], e2 = se[k][2];
            float l0 = e0.x * fx + e0.y * fy + e0.z;
            float l1 = e1.x * fx + e1.y * fy + e1.z;
            float l2 = 1.f - l0 - l1;
            if (l0 < 0.f || l1 < 0.f || l2 < 0.f) continue;
            float z = l0 * e2.x + l1 * e2.y + l2 * e2.z;
            if (z < bestz) {
                float w0 = l0 * e0.w, w1 = l1 * e1.w, w2 = l2 * e2.w;
                float iw = 1.f / (w0 + w1 + w2);
                bestz = z; bestt = sid[k];
                bl0 = w0 * iw; bl1 = w1 * iw; bl2 = w2 * iw;
            }
        }
    }
    if (bestt < 0 || px >= width || py >= height) return;
    unsigned long long packed = ((unsigned long long)__float_as_uint(bestz) << 32) | (unsigned)bestt;
    size_t pix = (size_t)py * width + px;
    unsigned long long prev = atomicMin(&zbuf[pix], packed);
    if (packed < prev) {
        int3 id = tris[bestt];
        float4 n0 = nrm[id.x], n1 = nrm[id.y], n2 = nrm[id.z];
        float4 n = make_float4(bl0 * n0.x + bl1 * n1.x + bl2 * n2.x,
                               bl0 * n0.y + bl1 * n1.y + bl2 * n2.y,
                               bl0 * n0.z + bl1 * n1.z + bl2 * n2.z, bestz);
        gbuf_normal[pix] = n;
    }
}
