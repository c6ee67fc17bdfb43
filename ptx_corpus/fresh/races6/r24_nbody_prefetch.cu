// r24: all-pairs n-body accelerations; body tiles are staged in shared memory with a
// two-slot ping-pong so that the next tile is loaded while the current one is used.
// Launch: blockDim = (256,1,1), grid = ceil(n/256), n > 256 (at least two tiles).
#define NB 256

__device__ __forceinline__ void interact(const float4 me, const float4 b, float& ax, float& ay,
                                         float& az, float eps2)
{
    const float rx = b.x - me.x, ry = b.y - me.y, rz = b.z - me.z;
    const float d2 = rx * rx + ry * ry + rz * rz + eps2;
    const float inv = rsqrtf(d2);
    const float s = b.w * inv * inv * inv;
    ax += rx * s; ay += ry * s; az += rz * s;
}

extern "C" __global__ void __launch_bounds__(NB)
nbody_prefetch_race(const float4* __restrict__ pos, float4* __restrict__ acc, int n, float eps2)
{
    __shared__ float4 sh[2][NB];
    const int tid = threadIdx.x;
    const int i = blockIdx.x * NB + tid;
    const float4 zero = make_float4(0.f, 0.f, 0.f, 0.f);
    const float4 me = (i < n) ? pos[i] : zero;
    float ax = 0.f, ay = 0.f, az = 0.f;
    const int ntiles = (n + NB - 1) / NB;
    sh[0][tid] = (tid < n) ? pos[tid] : zero;
    __syncthreads();
    int cur = 0;
    for (int t = 0; t < ntiles; ++t) {
        const int nxt = cur ^ 1;
        if (t + 1 < ntiles) {
            const int j = (t + 1) * NB + tid;
            sh[nxt][tid] = (j < n) ? pos[j] : zero;
        }
        cur ^= 1;
#pragma unroll 8
        for (int k = 0; k < NB; ++k) interact(me, sh[cur][k], ax, ay, az, eps2);
        __syncthreads();
    }
    if (i < n) acc[i] = make_float4(ax, ay, az, 0.f);
}

extern "C" __global__ void __launch_bounds__(NB)
nbody_prefetch_ok(const float4* __restrict__ pos, float4* __restrict__ acc, int n, float eps2)
{
    __shared__ float4 sh[2][NB];
    const int tid = threadIdx.x;
    const int i = blockIdx.x * NB + tid;
    const float4 zero = make_float4(0.f, 0.f, 0.f, 0.f);
    const float4 me = (i < n) ? pos[i] : zero;
    float ax = 0.f, ay = 0.f, az = 0.f;
    const int ntiles = (n + NB - 1) / NB;
    sh[0][tid] = (tid < n) ? pos[tid] : zero;
    __syncthreads();
    int cur = 0;
    for (int t = 0; t < ntiles; ++t) {
        const int nxt = cur ^ 1;
        if (t + 1 < ntiles) {
            const int j = (t + 1) * NB + tid;
            sh[nxt][tid] = (j < n) ? pos[j] : zero;
        }
#pragma unroll 8
        for (int k = 0; k < NB; ++k) interact(me, sh[cur][k], ax, ay, az, eps2);
        __syncthreads();
        cur ^= 1;
    }
    if (i < n) acc[i] = make_float4(ax, ay, az, 0.f);
}
