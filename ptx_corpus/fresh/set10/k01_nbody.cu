// N-body all-pairs gravitational interaction (SDK style), float and double.
#include <cuda_runtime.h>

template <typename T> struct vec3t;
template <> struct vec3t<float>  { typedef float3  Type; };
template <> struct vec3t<double> { typedef double3 Type; };
template <typename T> struct vec4t;
template <> struct vec4t<float>  { typedef float4  Type; };
template <> struct vec4t<double> { typedef double4 Type; };

template <typename T> __device__ __forceinline__ T rsqrt_T(T x);
template <> __device__ __forceinline__ float  rsqrt_T<float>(float x)   { return rsqrtf(x); }
template <> __device__ __forceinline__ double rsqrt_T<double>(double x) { return rsqrt(x); }

template <typename T>
__device__ __forceinline__ typename vec3t<T>::Type
bodyBodyInteraction(typename vec3t<T>::Type ai,
                    typename vec4t<T>::Type bi,
                    typename vec4t<T>::Type bj, T softeningSquared)
{
    typename vec3t<T>::Type r;
    r.x = bj.x - bi.x;
    r.y = bj.y - bi.y;
    r.z = bj.z - bi.z;
    T distSqr = r.x * r.x + r.y * r.y + r.z * r.z;
    distSqr += softeningSquared;
    T invDist = rsqrt_T<T>(distSqr);
    T invDistCube = invDist * invDist * invDist;
    T s = bj.w * invDistCube;
    ai.x += r.x * s;
    ai.y += r.y * s;
    ai.z += r.z * s;
    return ai;
}

template <typename T, int UNROLL>
__device__ __forceinline__ void integrateBodies(typename vec4t<T>::Type *newPos,
                                                typename vec4t<T>::Type *vel,
                                                const typename vec4t<T>::Type *oldPos,
                                                T deltaTime, T damping, T soft2,
                                                int numBodies)
{
    typedef typename vec4t<T>::Type V4;
    typedef typename vec3t<T>::Type V3;
    extern __shared__ __align__(16) unsigned char smem_raw[];
    V4 *sharedPos = reinterpret_cast<V4 *>(smem_raw);

    int index = blockIdx.x * blockDim.x + threadIdx.x;
    V4 position = oldPos[index < numBodies ? index : 0];
    V3 acc = {0, 0, 0};

    for (int tile = 0; tile < gridDim.x; tile++) {
        int j = tile * blockDim.x + threadIdx.x;
        sharedPos[threadIdx.x] = j < numBodies ? oldPos[j] : V4{0, 0, 0, 0};
        __syncthreads();
#pragma unroll UNROLL
        for (int counter = 0; counter < blockDim.x; counter++) {
            acc = bodyBodyInteraction<T>(acc, position, sharedPos[counter], soft2);
        }
        __syncthreads();
    }
    if (index >= numBodies) return;

    V4 velocity = vel[index];
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
    vel[index] = velocity;
}

extern "C" __global__ void nbody_integrate_f32_u16(float4 *newPos, float4 *vel, const float4 *oldPos,
                                                   float dt, float damping, float soft2, int n)
{
    integrateBodies<float, 16>(newPos, vel, oldPos, dt, damping, soft2, n);
}

extern "C" __global__ void nbody_integrate_f64_u8(double4 *newPos, double4 *vel, const double4 *oldPos,
                                                  double dt, double damping, double soft2, int n)
{
    integrateBodies<double, 8>(newPos, vel, oldPos, dt, damping, soft2, n);
}

// Multi-thread-per-body variant: q threads cooperate on one body, partial sums in shared memory.
extern "C" __global__ void __launch_bounds__(256)
nbody_forces_multithread_f32(float4 *accel, const float4 *pos, float soft2, int n, int q)
{
    __shared__ float4 shPos[256];
    __shared__ float3 shAcc[256];
    int p = blockDim.x / q;
    int body = blockIdx.x * p + threadIdx.x % p;
    int slice = threadIdx.x / p;
    float4 me = pos[body < n ? body : 0];
    float3 acc = make_float3(0.f, 0.f, 0.f);
    for (int start = 0; start < n; start += p * q) {
        int src = start + threadIdx.x;
        shPos[threadIdx.x] = src < n ? pos[src] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
        const float4 *base = &shPos[slice * p];
#pragma unroll 8
        for (int j = 0; j < p; j++) {
            float4 o = base[j];
            float dx = o.x - me.x, dy = o.y - me.y, dz = o.z - me.z;
            float d2 = dx * dx + dy * dy + dz * dz + soft2;
            float inv = rsqrtf(d2);
            float s = o.w * inv * inv * inv;
            acc.x += dx * s; acc.y += dy * s; acc.z += dz * s;
        }
        __syncthreads();
    }
    shAcc[threadIdx.x] = acc;
    __syncthreads();
    if (slice == 0) {
        for (int i = 1; i < q; i++) {
            float3 a = shAcc[threadIdx.x + i * p];
            acc.x += a.x; acc.y += a.y; acc.z += a.z;
        }
        if (body < n) accel[body] = make_float4(acc.x, acc.y, acc.z, 0.f);
    }
}
