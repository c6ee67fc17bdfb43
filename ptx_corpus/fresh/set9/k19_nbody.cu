// N-body all-pairs gravitational interaction (GPU Gems 3 ch. 31 / SDK nbody).
__device__ float3 bodyBodyInteraction(float4 bi, float4 bj, float3 ai, float softeningSquared)
{
    float3 r;
    r.x = bj.x - bi.x;
    r.y = bj.y - bi.y;
    r.z = bj.z - bi.z;
    float distSqr = r.x * r.x + r.y * r.y + r.z * r.z + softeningSquared;
    float invDist = rsqrtf(distSqr);
    float invDistCube = invDist * invDist * invDist;
    float s = bj.w * invDistCube;
    ai.x += r.x * s;
    ai.y += r.y * s;
    ai.z += r.z * s;
    return ai;
}

extern "C" __global__ void integrateBodies_float(float4 *newPos, float4 *newVel, const float4 *oldPos,
                                                 const float4 *oldVel, float deltaTime, float damping,
                                                 float softeningSquared, int numBodies)
{
    extern __shared__ float4 sharedPos[];
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    if (index >= numBodies) return;
    float4 position = oldPos[index];
    float3 acc = make_float3(0.0f, 0.0f, 0.0f);
    int numTiles = (numBodies + blockDim.x - 1) / blockDim.x;
    for (int tile = 0; tile < numTiles; tile++) {
        int j = tile * blockDim.x + threadIdx.x;
        sharedPos[threadIdx.x] = (j < numBodies) ? oldPos[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
#pragma unroll 128
        for (unsigned int counter = 0; counter < blockDim.x; counter++)
            acc = bodyBodyInteraction(position, sharedPos[counter], acc, softeningSquared);
        __syncthreads();
    }
    float4 velocity = oldVel[index];
    velocity.x += acc.x * deltaTime;
    velocity.y += acc.y * deltaTime;
    velocity.z += acc.z * deltaTime;
    velocity.x *= damping;
    velocity.y *= damping;
    velocity.z *= damping;
    position.x += velocity.x * deltaTime;
    position.y += velocity.y * deltaTime;
    position.z += velocity.z * deltaTime;
    newPos[index] = position;
    newVel[index] = velocity;
}

struct __align__(16) dbody { double x, y, z, w; };

__device__ __forceinline__ dbody make_dbody(double x, double y, double z, double w)
{
    dbody b; b.x = x; b.y = y; b.z = z; b.w = w; return b;
}

extern "C" __global__ void integrateBodies_double(dbody *newPos, dbody *newVel, const dbody *oldPos,
                                                  const dbody *oldVel, double deltaTime, double damping,
                                                  double softeningSquared, int numBodies)
{
    __shared__ dbody sh[128];
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    dbody p = (index < numBodies) ? oldPos[index] : make_dbody(0, 0, 0, 0);
    double ax = 0.0, ay = 0.0, az = 0.0;
    for (int tile = 0; tile < numBodies; tile += 128) {
        int j = tile + threadIdx.x;
        sh[threadIdx.x] = (j < numBodies) ? oldPos[j] : make_dbody(0, 0, 0, 0);
        __syncthreads();
#pragma unroll 8
        for (int k = 0; k < 128; ++k) {
            dbody q = sh[k];
            double rx = q.x - p.x, ry = q.y - p.y, rz = q.z - p.z;
            double d2 = rx * rx + ry * ry + rz * rz + softeningSquared;
            double inv = rsqrt(d2);
            double s = q.w * inv * inv * inv;
            ax += rx * s; ay += ry * s; az += rz * s;
        }
        __syncthreads();
    }
    if (index < numBodies) {
        dbody v = oldVel[index];
        v.x = (v.x + ax * deltaTime) * damping;
        v.y = (v.y + ay * deltaTime) * damping;
        v.z = (v.z + az * deltaTime) * damping;
        p.x += v.x * deltaTime; p.y += v.y * deltaTime; p.z += v.z * deltaTime;
        newPos[index] = p;
        newVel[index] = v;
    }
}

// Each thread accumulates forces for 4 bodies at once (more live accumulators per thread).
extern "C" __global__ void nbody_forces_4per_thread(const float4 *pos, float3 *acc, int n, float eps2)
{
    __shared__ float4 sh[256];
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
    float4 me[4];
    float3 a[4];
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        me[q] = (base + q < n) ? pos[base + q] : make_float4(0.f, 0.f, 0.f, 0.f);
        a[q] = make_float3(0.f, 0.f, 0.f);
    }
    for (int t = 0; t < n; t += 256) {
        sh[threadIdx.x] = (t + threadIdx.x < n) ? pos[t + threadIdx.x] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
#pragma unroll 4
        for (int k = 0; k < 256; ++k) {
            float4 o = sh[k];
#pragma unroll
            for (int q = 0; q < 4; ++q) a[q] = bodyBodyInteraction(me[q], o, a[q], eps2);
        }
        __syncthreads();
    }
#pragma unroll
    for (int q = 0; q < 4; ++q)
        if (base + q < n) acc[base + q] = a[q];
}
