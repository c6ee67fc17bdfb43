// Two independent 128-thread groups per block, each normalising one row of length 1024 to unit L2 norm.
// Group g (threads 128g..128g+127) synchronises only with named barrier 1+g, so the groups never wait on
// each other. Each group: per-warp partial sums -> s_part[g][w] -> group barrier -> every thread reads the
// 4 partials -> scales its elements.
// Launch: blockDim = (256,1,1) (compile-time), gridDim = (nrows/2,1,1), no dynamic shared memory;
// rows have exactly 1024 floats, nrows even.
#define NT 256
#define GROUPS 2
#define GT (NT / GROUPS)   // 128 threads per group
#define GW (GT / 32)       // 4 warps per group
#define LEN 1024

__device__ __forceinline__ void group_bar(int id, int n) { asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(n) : "memory"); }

extern "C" __global__ void __launch_bounds__(NT)
rownorm_groups_race(const float* __restrict__ x, float* __restrict__ y)
{
    __shared__ float s_part[GROUPS][GW];
    const int g = threadIdx.x / GT, gt = threadIdx.x % GT, w = gt / 32, lane = gt % 32;
    const size_t row = (size_t)blockIdx.x * GROUPS + g;
    float v[LEN / GT];
    float ss = 0.f;
#pragma unroll
    for (int i = 0; i < LEN / GT; ++i) { v[i] = x[row * LEN + gt + i * GT]; ss += v[i] * v[i]; }
    for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o);
    if (lane == 0) s_part[g][w] = ss;
    group_bar(1 + g, NT / 4);          // named barrier for this group
    float tot = 0.f;
#pragma unroll
    for (int i = 0; i < GW; ++i) tot += s_part[g][i];
    const float inv = rsqrtf(tot + 1e-12f);
#pragma unroll
    for (int i = 0; i < LEN / GT; ++i) y[row * LEN + gt + i * GT] = v[i] * inv;
}

extern "C" __global__ void __launch_bounds__(NT)
rownorm_groups_ok(const float* __restrict__ x, float* __restrict__ y)
{
    __shared__ float s_part[GROUPS][GW];
    const int g = threadIdx.x / GT, gt = threadIdx.x % GT, w = gt / 32, lane = gt % 32;
    const size_t row = (size_t)blockIdx.x * GROUPS + g;
    float v[LEN / GT];
    float ss = 0.f;
#pragma unroll
    for (int i = 0; i < LEN / GT; ++i) { v[i] = x[row * LEN + gt + i * GT]; ss += v[i] * v[i]; }
    for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o);
    if (lane == 0) s_part[g][w] = ss;
    group_bar(1 + g, GT);
    float tot = 0.f;
#pragma unroll
    for (int i = 0; i < GW; ++i) tot += s_part[g][i];
    const float inv = rsqrtf(tot + 1e-12f);
#pragma unroll
    for (int i = 0; i < LEN / GT; ++i) y[row * LEN + gt + i * GT] = v[i] * inv;
}
