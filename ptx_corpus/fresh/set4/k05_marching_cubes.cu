// Marching cubes: voxel classification with table lookups, prefix-scanned vertex generation with edge interpolation and normals.
#include <cuda_runtime.h>

// number of triangle vertices per cube configuration (subset stored as packed counts)
__constant__ unsigned char c_numVerts[256];
__constant__ unsigned short c_edgeTable[256];
__constant__ signed char c_triTable[256][16];
__constant__ int c_edgeV[12][2] = {{0,1},{1,2},{2,3},{3,0},{4,5},{5,6},{6,7},{7,4},{0,4},{1,5},{2,6},{3,7}};
__constant__ int c_cornerOff[8][3] = {{0,0,0},{1,0,0},{1,1,0},{0,1,0},{0,0,1},{1,0,1},{1,1,1},{0,1,1}};

__device__ __forceinline__ float sampleVol(const float* v, int nx, int ny, int x, int y, int z)
{
    return v[(size_t)(z * ny + y) * nx + x];
}

extern "C" __global__ void
mc_classify_voxels(const float* __restrict__ vol, int nx, int ny, int nz, float iso,
                   unsigned int* __restrict__ voxelVerts, unsigned int* __restrict__ voxelOccupied)
{
    int vx = blockIdx.x * blockDim.x + threadIdx.x;
    int vy = blockIdx.y, vz = blockIdx.z;
    if (vx >= nx - 1) return;
    int cube = 0;
#pragma unroll
    for (int c = 0; c < 8; ++c) {
        float f = sampleVol(vol, nx, ny, vx + c_cornerOff[c][0], vy + c_cornerOff[c][1], vz + c_cornerOff[c][2]);
        cube |= (f < iso) << c;
    }
    unsigned int nv = c_numVerts[cube];
    size_t id = ((size_t)vz * (ny - 1) + vy) * (nx - 1) + vx;
    voxelVerts[id] = nv;
    voxelOccupied[id] = nv > 0;
}

// generate triangles for compacted active voxels; edge vertex arrays are indexed by table entries (dynamic)
extern "C" __global__ void
mc_generate_triangles(const float* __restrict__ vol, int nx, int ny, int nz, float iso, float3 spacing,
                      const unsigned int* __restrict__ compactedVoxels, const unsigned int* __restrict__ vertOffsets,
                      int nActive, float4* __restrict__ outPos, float4* __restrict__ outNrm, int maxVerts)
{
    int a = blockIdx.x * blockDim.x + threadIdx.x;
    if (a >= nActive) return;
    unsigned int vid = compactedVoxels[a];
    int vx = vid % (nx - 1), vy = (vid / (nx - 1)) % (ny - 1), vz = vid / ((nx - 1) * (ny - 1));
    float f[8]; float3 g[8];
    int cube = 0;
#pragma unroll
    for (int c = 0; c < 8; ++c) {
        int x = vx + c_cornerOff[c][0], y = vy + c_cornerOff[c][1], z = vz + c_cornerOff[c][2];
        f[c] = sampleVol(vol, nx, ny, x, y, z);
        int xm = max(x - 1, 0), xp = min(x + 1, nx - 1), ym = max(y - 1, 0), yp = min(y + 1, ny - 1);
        int zm = max(z - 1, 0), zp = min(z + 1, nz - 1);
        g[c] = make_float3(sampleVol(vol, nx, ny, xp, y, z) - sampleVol(vol, nx, ny, xm, y, z),
                           sampleVol(vol, nx, ny, x, yp, z) - sampleVol(vol, nx, ny, x, ym, z),
                           sampleVol(vol, nx, ny, x, y, zp) - sampleVol(vol, nx, ny, x, y, zm));
        cube |= (f[c] < iso) << c;
    }
    float3 ep[12], en[12];
    unsigned short edges = c_edgeTable[cube];
#pragma unroll
    for (int e = 0; e < 12; ++e) {
        if (edges & (1u << e)) {
            int c0 = c_edgeV[e][0], c1 = c_edgeV[e][1];
            float t = (iso - f[c0]) / (f[c1] - f[c0] + 1e-20f);
            ep[e] = make_float3((vx + c_cornerOff[c0][0] + t * (c_cornerOff[c1][0] - c_cornerOff[c0][0])) * spacing.x,
                                (vy + c_cornerOff[c0][1] + t * (c_cornerOff[c1][1] - c_cornerOff[c0][1])) * spacing.y,
                                (vz + c_cornerOff[c0][2] + t * (c_cornerOff[c1][2] - c_cornerOff[c0][2])) * spacing.z);
            en[e] = make_float3(g[c0].x + t * (g[c1].x - g[c0].x), g[c0].y + t * (g[c1].y - g[c0].y), g[c0].z + t * (g[c1].z - g[c0].z));
        } else {
            ep[e] = make_float3(0.f, 0.f, 0.f); en[e] = make_float3(0.f, 0.f, 1.f);
        }
    }
    unsigned int base = vertOffsets[vid];
    int nv = c_numVerts[cube];
    for (int k = 0; k < nv; ++k) {
        int e = c_triTable[cube][k];
        unsigned int o = base + k;
        if (o >= (unsigned)maxVerts) break;
        float3 n = en[e];
        float il = rsqrtf(n.x * n.x + n.y * n.y + n.z * n.z + 1e-30f);
        outPos[o] = make_float4(ep[e].x, ep[e].y, ep[e].z, 1.f);
        outNrm[o] = make_float4(-n.x * il, -n.y * il, -n.z * il, 0.f);
    }
}

// per-block exclusive scan of voxel vertex counts (Blelloch in shared memory), writing block totals
extern "C" __global__ void __launch_bounds__(512)
mc_scan_block(const unsigned int* __restrict__ in, unsigned int* __restrict__ out, unsigned int* __restrict__ blockSums, int n)
{
    __shared__ unsigned int s[1024];
    int t = threadIdx.x, base = blockIdx.x * 1024;
    s[2 * t] = base + 2 * t < n ? in[base + 2 * t] : 0u;
    s[2 * t + 1] = base + 2 * t + 1 < n ? in[base + 2 * t + 1] : 0u;
    int off = 1;
    for (int d = 512; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d) { int ai = off * (2 * t + 1) - 1, bi = off * (2 * t + 2) - 1; s[bi] += s[ai]; }
        off <<= 1;
    }
    if (t == 0) { blockSums[blockIdx.x] = s[1023]; s[1023] = 0; }
    for (int d = 1; d < 1024; d <<= 1) {
        off >>= 1;
        __syncthreads();
        if (t < d) { int ai = off * (2 * t + 1) - 1, bi = off * (2 * t + 2) - 1; unsigned int x = s[ai]; s[ai] = s[bi]; s[bi] += x; }
    }
    __syncthreads();
    if (base + 2 * t < n) out[base + 2 * t] = s[2 * t];
    if (base + 2 * t + 1 < n) out[base + 2 * t + 1] = s[2 * t + 1];
}
