// LiDAR point cloud processing: voxel-grid downsampling with hashed voxel keys and atomic
// centroid accumulation, range-image projection for a spinning sensor with z-buffer via
// 64-bit atomicMin, and per-column ground segmentation by slope continuity.
#include <cuda_runtime.h>
#include <stdint.h>

__device__ __forceinline__ uint64_t voxel_key(int ix, int iy, int iz)
{
    return ((uint64_t)(ix & 0x1FFFFF) << 42) | ((uint64_t)(iy & 0x1FFFFF) << 21) | (uint64_t)(iz & 0x1FFFFF);
}

__device__ __forceinline__ uint32_t hash64(uint64_t k)
{
    k ^= k >> 33; k *= 0xff51afd7ed558ccdULL; k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ULL; k ^= k >> 33;
    return (uint32_t)k;
}

// Insert each point into an open-addressing table keyed by voxel; accumulate sums.
extern "C" __global__ void voxel_accumulate(const float4 *__restrict__ pts, int n, float inv_leaf, float3 origin,
                                            unsigned long long *__restrict__ keys, float4 *__restrict__ sums,
                                            unsigned *__restrict__ counts, unsigned cap_mask, int *__restrict__ overflow)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = __ldg(pts + i);
    if (!isfinite(p.x) || !isfinite(p.y) || !isfinite(p.z)) return;
    int ix = __float2int_rd((p.x - origin.x) * inv_leaf);
    int iy = __float2int_rd((p.y - origin.y) * inv_leaf);
    int iz = __float2int_rd((p.z - origin.z) * inv_leaf);
    uint64_t k = voxel_key(ix, iy, iz);
    uint32_t h = hash64(k) & cap_mask;
    const unsigned long long EMPTY = 0xFFFFFFFFFFFFFFFFULL;
    for (int probe = 0; probe <= (int)cap_mask; ++probe) {
        unsigned long long prev = atomicCAS(keys + h, EMPTY, (unsigned long long)k);
        if (prev == EMPTY || prev == k) {
            atomicAdd(&sums[h].x, p.x);
            atomicAdd(&sums[h].y, p.y);
            atomicAdd(&sums[h].z, p.z);
            atomicAdd(&sums[h].w, p.w);      // intensity
            atomicAdd(counts + h, 1u);
            return;
        }
        h = (h + probe + 1) & cap_mask;      // quadratic-ish probing
    }
    atomicAdd(overflow, 1);
}

extern "C" __global__ void voxel_compact(const unsigned long long *__restrict__ keys, const float4 *__restrict__ sums,
                                         const unsigned *__restrict__ counts, unsigned cap, unsigned min_pts,
                                         float4 *__restrict__ out, unsigned *__restrict__ nout)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    bool valid = false;
    float4 c = make_float4(0, 0, 0, 0);
    if (i < cap && keys[i] != 0xFFFFFFFFFFFFFFFFULL && counts[i] >= min_pts) {
        float inv = 1.f / counts[i];
        float4 s = sums[i];
        c = make_float4(s.x * inv, s.y * inv, s.z * inv, s.w * inv);
        valid = true;
    }
    unsigned mask = __ballot_sync(0xffffffffu, valid);
    int lane = threadIdx.x & 31;
    unsigned base = 0;
    if (lane == 0 && mask) base = atomicAdd(nout, __popc(mask));
    base = __shfl_sync(0xffffffffu, base, 0);
    if (valid) out[base + __popc(mask & ((1u << lane) - 1))] = c;
}

// Spherical projection into an H x W range image keeping the nearest return per pixel.
extern "C" __global__ void range_image_project(const float4 *__restrict__ pts, int n, int H, int W,
                                               float fov_up, float fov_down,
                                               unsigned long long *__restrict__ zbuf)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pts[i];
    float r = sqrtf(p.x * p.x + p.y * p.y + p.z * p.z);
    if (r < 0.5f || r > 200.f) return;
    float yaw = atan2f(p.y, p.x);
    float pitch = asinf(p.z / r);
    float fov = fov_up - fov_down;
    float u = 0.5f * (1.f - yaw / 3.14159265f) * W;
    float v = (1.f - (pitch - fov_down) / fov) * H;
    int col = min(max((int)u, 0), W - 1);
    int row = min(max((int)v, 0), H - 1);
    unsigned long long packed = ((unsigned long long)__float_as_uint(r) << 32) | (unsigned)i;
    atomicMin(zbuf + row * W + col, packed);
}

// Ground segmentation: one thread per range-image column walks rows from the bottom, labelling
// points ground when the local slope between successive rings is small.
extern "C" __global__ void ground_segment_columns(const unsigned long long *__restrict__ zbuf,
                                                  const float4 *__restrict__ pts, int H, int W,
                                                  float sensor_h, float max_slope_deg, float max_step,
                                                  unsigned char *__restrict__ label)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= W) return;
    float tanmax = tanf(max_slope_deg * 0.01745329f);
    float pz = -sensor_h, pd = 0.f;
    bool havePrev = true;
    int gapRun = 0;
    for (int r = H - 1; r >= 0; --r) {
        unsigned long long z = zbuf[r * W + c];
        if (z == 0xFFFFFFFFFFFFFFFFULL) { label[r * W + c] = 0; if (++gapRun > 4) havePrev = false; continue; }
        gapRun = 0;
        float4 p = pts[(unsigned)(z & 0xffffffffu)];
        float d = sqrtf(p.x * p.x + p.y * p.y);
        unsigned char lab = 2;   // obstacle
        if (havePrev) {
            float dd = d - pd, dz = p.z - pz;
            float slope = fabsf(dz) / fmaxf(dd, 1e-3f);
            if (dd > -0.05f && slope < tanmax && fabsf(dz) < max_step) lab = 1;
        } else if (fabsf(p.z + sensor_h) < 0.25f) {
            lab = 1;
        }
        label[r * W + c] = lab;
        if (lab == 1) { pz = p.z; pd = d; havePrev = true; }
    }
}
