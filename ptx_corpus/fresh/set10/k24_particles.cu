// Particle simulation (SDK particles): integrate, compute grid hash, collide with DEM springs.
#include <cuda_runtime.h>

struct SimParams {
    float3 gravity;
    float globalDamping;
    float particleRadius;
    int3 gridSize;
    unsigned int numCells;
    float3 worldOrigin;
    float3 cellSize;
    float spring, damping, shear, attraction, boundaryDamping;
    float3 colliderPos;
    float colliderRadius;
};
__constant__ SimParams params;

__device__ inline float3 operator+(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
__device__ inline float3 operator-(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }
__device__ inline float3 operator*(float3 a, float b) { return make_float3(a.x * b, a.y * b, a.z * b); }
__device__ inline float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ inline float length(float3 a) { return sqrtf(dot(a, a)); }

extern "C" __global__ void integrateSystem(float4 *pos4, float4 *vel4, float deltaTime, unsigned int numParticles)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= numParticles) return;
    float4 p = pos4[i], v4 = vel4[i];
    float3 pos = make_float3(p.x, p.y, p.z), vel = make_float3(v4.x, v4.y, v4.z);
    vel = vel + params.gravity * deltaTime;
    vel = vel * params.globalDamping;
    pos = pos + vel * deltaTime;
    float r = params.particleRadius;
    if (pos.x > 1.0f - r) { pos.x = 1.0f - r; vel.x *= params.boundaryDamping; }
    if (pos.x < -1.0f + r) { pos.x = -1.0f + r; vel.x *= params.boundaryDamping; }
    if (pos.y > 1.0f - r) { pos.y = 1.0f - r; vel.y *= params.boundaryDamping; }
    if (pos.z > 1.0f - r) { pos.z = 1.0f - r; vel.z *= params.boundaryDamping; }
    if (pos.z < -1.0f + r) { pos.z = -1.0f + r; vel.z *= params.boundaryDamping; }
    if (pos.y < -1.0f + r) { pos.y = -1.0f + r; vel.y *= params.boundaryDamping; }
    pos4[i] = make_float4(pos.x, pos.y, pos.z, p.w);
    vel4[i] = make_float4(vel.x, vel.y, vel.z, v4.w);
}

__device__ int3 calcGridPos(float3 p)
{
    int3 gridPos;
    gridPos.x = floorf((p.x - params.worldOrigin.x) / params.cellSize.x);
    gridPos.y = floorf((p.y - params.worldOrigin.y) / params.cellSize.y);
    gridPos.z = floorf((p.z - params.worldOrigin.z) / params.cellSize.z);
    return gridPos;
}
__device__ unsigned int calcGridHash(int3 gridPos)
{
    gridPos.x = gridPos.x & (params.gridSize.x - 1);
    gridPos.y = gridPos.y & (params.gridSize.y - 1);
    gridPos.z = gridPos.z & (params.gridSize.z - 1);
    return __umul24(__umul24(gridPos.z, params.gridSize.y), params.gridSize.x) + __umul24(gridPos.y, params.gridSize.x) + gridPos.x;
}

__device__ float3 collideSpheres(float3 posA, float3 posB, float3 velA, float3 velB, float radiusA, float radiusB, float attraction)
{
    float3 relPos = posB - posA;
    float dist = length(relPos);
    float collideDist = radiusA + radiusB;
    float3 force = make_float3(0.0f, 0.0f, 0.0f);
    if (dist < collideDist) {
        float3 norm = relPos * (1.f / dist);
        float3 relVel = velB - velA;
        float3 tanVel = relVel - norm * dot(relVel, norm);
        force = norm * (-params.spring * (collideDist - dist));
        force = force + relVel * params.damping;
        force = force + tanVel * params.shear;
        force = force + relPos * attraction;
    }
    return force;
}

extern "C" __global__ void collideD(float4 *newVel, const float4 *oldPos, const float4 *oldVel, const unsigned int *gridParticleIndex,
                                    const unsigned int *cellStart, const unsigned int *cellEnd, unsigned int numParticles)
{
    unsigned int index = __mul24(blockIdx.x, blockDim.x) + threadIdx.x;
    if (index >= numParticles) return;
    float3 pos = make_float3(oldPos[index].x, oldPos[index].y, oldPos[index].z);
    float3 vel = make_float3(oldVel[index].x, oldVel[index].y, oldVel[index].z);
    int3 gridPos = calcGridPos(pos);
    float3 force = make_float3(0.0f, 0.0f, 0.0f);
    for (int z = -1; z <= 1; z++)
        for (int y = -1; y <= 1; y++)
            for (int x = -1; x <= 1; x++) {
                int3 neighbourPos = make_int3(gridPos.x + x, gridPos.y + y, gridPos.z + z);
                unsigned int gridHash = calcGridHash(neighbourPos);
                unsigned int startIndex = cellStart[gridHash];
                if (startIndex != 0xffffffff) {
                    unsigned int endIndex = cellEnd[gridHash];
                    for (unsigned int j = startIndex; j < endIndex; j++) {
                        if (j != index) {
                            float4 p2 = oldPos[j], v2 = oldVel[j];
                            force = force + collideSpheres(pos, make_float3(p2.x, p2.y, p2.z), vel, make_float3(v2.x, v2.y, v2.z),
                                                           params.particleRadius, params.particleRadius, params.attraction);
                        }
                    }
                }
            }
    force = force + collideSpheres(pos, params.colliderPos, vel, make_float3(0.0f, 0.0f, 0.0f), params.particleRadius, params.colliderRadius, 0.0f);
    unsigned int originalIndex = gridParticleIndex[index];
    newVel[originalIndex] = make_float4(vel.x + force.x, vel.y + force.y, vel.z + force.z, 0.0f);
}

extern "C" __global__ void reorderDataAndFindCellStartD(unsigned int *cellStart, unsigned int *cellEnd, float4 *sortedPos, float4 *sortedVel,
                                                        const unsigned int *gridParticleHash, const unsigned int *gridParticleIndex,
                                                        const float4 *oldPos, const float4 *oldVel, unsigned int numParticles)
{
    extern __shared__ unsigned int sharedHash[];
    unsigned int index = __umul24(blockIdx.x, blockDim.x) + threadIdx.x;
    unsigned int hash;
    if (index < numParticles) {
        hash = gridParticleHash[index];
        sharedHash[threadIdx.x + 1] = hash;
        if (index > 0 && threadIdx.x == 0) sharedHash[0] = gridParticleHash[index - 1];
    }
    __syncthreads();
    if (index < numParticles) {
        if (index == 0 || hash != sharedHash[threadIdx.x]) {
            cellStart[hash] = index;
            if (index > 0) cellEnd[sharedHash[threadIdx.x]] = index;
        }
        if (index == numParticles - 1) cellEnd[hash] = index + 1;
        unsigned int sortedIndex = gridParticleIndex[index];
        sortedPos[index] = oldPos[sortedIndex];
        sortedVel[index] = oldVel[sortedIndex];
    }
}
