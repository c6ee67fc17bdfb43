// All-pairs gravitational acceleration (GPU Gems 3, ch. 31 style): bodies are staged through
// shared memory in tiles of 256 float4 (x, y, z, mass), double buffered so that the next tile
// is fetched while the current one is being consumed.
// Assumed launch: 1-D, blockDim.x == 256, gridDim.x == ceil(n/256); any n >= 1.

#define NB_THREADS 256

static __device__ __forceinline__ float3 nb_interact(float4 bi, float4 bj, float3 ai, float eps2)
{
    const float rx = bj.x - bi.x, ry = bj.y - bi.y, rz = bj.z - bi.z;
    const float d2 = rx * rx + ry * ry + rz * rz + eps2;
    const float inv = rsqrtf(d2);
    const float s = bj.w * inv * inv * inv;
    ai.x += rx * s;
    ai.y += ry * s;
    ai.z += rz * s;
    return ai;
}

extern "C" __global__ void __launch_bounds__(NB_THREADS)
nbody_double_buffer_race(const float4* __restrict__ pos, float4* __restrict__ acc_out, int n, float eps2)
{
    if (blockDim.x != NB_THREADS) return;
    __shared__ float4 s_pos[2][NB_THREADS];
    const int tid = threadIdx.x;
    const int i = blockIdx.x * NB_THREADS + tid;
    const float4 zero = make_float4(0.f, 0.f, 0.f, 0.f);
    const float4 me = (i < n) ? pos[i] : zero;
    const int ntiles = (n + NB_THREADS - 1) / NB_THREADS;

    float3 a = make_float3(0.f, 0.f, 0.f);
    s_pos[0][tid] = (tid < n) ? pos[tid] : zero;

    for (int t = 0; t < ntiles; ++t) {
        const int cur = t & 1;
        if (t + 1 < ntiles) {                  // prefetch next tile into the other buffer
            const int j = (t + 1) * NB_THREADS + tid;
            s_pos[cur ^ 1][tid] = (j < n) ? pos[j] : zero;
        }
        __syncthreads();
#pragma unroll 8
        for (int k = 0; k < NB_THREADS; ++k) a = nb_interact(me, s_pos[cur][k], a, eps2);
    }
    if (i < n) acc_out[i] = make_float4(a.x, a.y, a.z, 0.f);
}

extern "C" __global__ void __launch_bounds__(NB_THREADS)
nbody_double_buffer_ok(const float4* __restrict__ pos, float4* __restrict__ acc_out, int n, float eps2)
{
    if (blockDim.x != NB_THREADS) return;
    __shared__ float4 s_pos[2][NB_THREADS];
    const int tid = threadIdx.x;
    const int i = blockIdx.x * NB_THREADS + tid;
    const float4 zero = make_float4(0.f, 0.f, 0.f, 0.f);
    const float4 me = (i < n) ? pos[i] : zero;
    const int ntiles = (n + NB_THREADS - 1) / NB_THREADS;

    float3 a = make_float3(0.f, 0.f, 0.f);
    s_pos[0][tid] = (tid < n) ? pos[tid] : zero;
    __syncthreads();

    for (int t = 0; t < ntiles; ++t) {
        const int cur = t & 1;
        if (t + 1 < ntiles) {
            const int j = (t + 1) * NB_THREADS + tid;
            s_pos[cur ^ 1][tid] = (j < n) ? pos[j] : zero;
        }
#pragma unroll 8
        for (int k = 0; k < NB_THREADS; ++k) a = nb_interact(me, s_pos[cur][k], a, eps2);
        __syncthreads();
    }
    if (i < n) acc_out[i] = make_float4(a.x, a.y, a.z, 0.f);
}
