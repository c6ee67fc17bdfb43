// arch: sm_90a
// Split-phase block barrier built from an mbarrier with one arrival per warp (lane 0 arrives for its warp):
// every thread publishes a value, its warp arrives, the thread does independent global work while the
// barrier completes, then waits on the phase token and reads the value of the same lane+1 in the next warp.
// y[g] = w[g] * (s[(t+33)%256] - s[t]) + z[g]*z[g].
// Launch: blockDim = (256,1,1) (compile-time), gridDim = (n/256,1,1), no dynamic shared memory; n multiple of 256.
#include <cstdint>
#define NT 256
#define NWARP (NT / 32)

__device__ __forceinline__ unsigned smem_u32(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void mbar_init(uint64_t* b, unsigned cnt)
{ asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(smem_u32(b)), "r"(cnt) : "memory"); }
__device__ __forceinline__ uint64_t mbar_arrive(uint64_t* b)
{
    uint64_t st;
    asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1];" : "=l"(st) : "r"(smem_u32(b)) : "memory");
    return st;
}
__device__ __forceinline__ void mbar_wait_token(uint64_t* b, uint64_t st)
{
    asm volatile("{\n\t.reg .pred p;\n"
                 "WAIT_%=:\n\t"
                 "mbarrier.try_wait.shared::cta.b64 p, [%0], %1;\n\t"
                 "@!p bra WAIT_%=;\n}" :: "r"(smem_u32(b)), "l"(st) : "memory");
}

extern "C" __global__ void __launch_bounds__(NT)
split_bar_race(const float* __restrict__ a, const float* __restrict__ w, const float* __restrict__ z,
               float* __restrict__ y)
{
    __shared__ float s[NT];
    __shared__ alignas(8) uint64_t bar;
    const int t = threadIdx.x, g = blockIdx.x * NT + t;
    if (t == 0) mbar_init(&bar, NWARP);                  // one arrival per warp
    __syncthreads();

    s[t] = a[g] * 2.f;
    uint64_t tok = 0;
    if ((t & 31) == 0) tok = mbar_arrive(&bar);          // lane 0 arrives on behalf of its warp
    tok = __shfl_sync(0xffffffffu, tok, 0);
    const float zz = z[g] * z[g];                         // independent work overlapping the barrier
    mbar_wait_token(&bar, tok);
    y[g] = w[g] * (s[(t + 33) % NT] - s[t]) + zz;
}

extern "C" __global__ void __launch_bounds__(NT)
split_bar_ok(const float* __restrict__ a, const float* __restrict__ w, const float* __restrict__ z,
             float* __restrict__ y)
{
    __shared__ float s[NT];
    __shared__ alignas(8) uint64_t bar;
    const int t = threadIdx.x, g = blockIdx.x * NT + t;
    if (t == 0) mbar_init(&bar, NWARP);                  // one arrival per warp
    __syncthreads();

    s[t] = a[g] * 2.f;
    __syncwarp();                                         // lane 0 arrives on behalf of its warp
    uint64_t tok = 0;
    if ((t & 31) == 0) tok = mbar_arrive(&bar);
    tok = __shfl_sync(0xffffffffu, tok, 0);
    const float zz = z[g] * z[g];
    mbar_wait_token(&bar, tok);
    y[g] = w[g] * (s[(t + 33) % NT] - s[t]) + zz;
}
