// arch: sm_80
// r19_cpasync_tail.cu
// Two-stage cp.async pipeline over ntiles tiles of 1024 floats per block:
// tile k+1 is prefetched into stage (k+1)&1 while stage k&1 is consumed.
// Consumption reads a 32x32 transposed view, i.e. data copied by other
// threads.  cp.async.wait_group 1 is used so that one prefetch stays in
// flight.
//
// Launch (both kernels): blockDim = (256,1,1), gridDim = (512,1,1),
//   ntiles = 8 (in holds 512*8*1024 floats, out 512*8*1024 floats).
//   No dynamic shared memory (8 KiB static).

#define R19_THREADS 256
#define R19_TILE    1024

__device__ __forceinline__ void r19_cp_async16(void* smem, const void* gmem)
{
    const unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(s), "l"(gmem) : "memory");
}
__device__ __forceinline__ void r19_commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
__device__ __forceinline__ void r19_wait1()  { asm volatile("cp.async.wait_group 1;" ::: "memory"); }

__device__ __forceinline__ void r19_consume(const float* st, float* __restrict__ dst, int tid)
{
    float4 r;
    float* rv = &r.x;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        const int e = tid * 4 + k;
        rv[k] = 2.0f * st[(e & 31) * 32 + (e >> 5)];
    }
    *reinterpret_cast<float4*>(dst + tid * 4) = r;
}

extern "C" __global__ void __launch_bounds__(R19_THREADS)
pipeline_tail_race(const float* __restrict__ in, float* __restrict__ out, int ntiles)
{
    __shared__ __align__(16) float stage[2][R19_TILE];
    const int tid = threadIdx.x;
    const float* src = in  + (size_t)blockIdx.x * ntiles * R19_TILE;
    float*       dst = out + (size_t)blockIdx.x * ntiles * R19_TILE;

    r19_cp_async16(&stage[0][tid * 4], src + tid * 4);
    r19_commit();
    for (int k = 0; k < ntiles; ++k) {
        if (k + 1 < ntiles) {
            r19_cp_async16(&stage[(k + 1) & 1][tid * 4],
                           src + (size_t)(k + 1) * R19_TILE + tid * 4);
            r19_commit();
        }
        r19_wait1();
        __syncthreads();
        r19_consume(stage[k & 1], dst + (size_t)k * R19_TILE, tid);
        __syncthreads();
    }
}

extern "C" __global__ void __launch_bounds__(R19_THREADS)
pipeline_tail_ok(const float* __restrict__ in, float* __restrict__ out, int ntiles)
{
    __shared__ __align__(16) float stage[2][R19_TILE];
    const int tid = threadIdx.x;
    const float* src = in  + (size_t)blockIdx.x * ntiles * R19_TILE;
    float*       dst = out + (size_t)blockIdx.x * ntiles * R19_TILE;

    r19_cp_async16(&stage[0][tid * 4], src + tid * 4);
    r19_commit();
    for (int k = 0; k < ntiles; ++k) {
        if (k + 1 < ntiles)
            r19_cp_async16(&stage[(k + 1) & 1][tid * 4],
                           src + (size_t)(k + 1) * R19_TILE + tid * 4);
        r19_commit();                 // possibly empty group keeps the count uniform
        r19_wait1();
        __syncthreads();
        r19_consume(stage[k & 1], dst + (size_t)k * R19_TILE, tid);
        __syncthreads();
    }
}
