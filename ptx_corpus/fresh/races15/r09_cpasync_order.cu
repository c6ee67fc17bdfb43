// arch: sm_80
// r09_cpasync_order.cu
// Persistent 32x32 tile transpose staged with cp.async (16 bytes per thread
// per tile).  Thread t copies tile elements [4t, 4t+4) and afterwards reads
// the four elements of the transposed tile at linear positions 4t..4t+3,
// i.e. elements copied by other threads.
//
// Launch (both kernels): blockDim = (256,1,1), gridDim = (132,1,1),
//   ntiles = 4096 (in/out hold ntiles*1024 floats, 16-byte aligned).
//   No dynamic shared memory.

#define R09_THREADS 256
#define R09_TILE    1024

__device__ __forceinline__ void r09_cp_async16(void* smem, const void* gmem)
{
    const unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(s), "l"(gmem) : "memory");
}
__device__ __forceinline__ void r09_commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
__device__ __forceinline__ void r09_wait_all() { asm volatile("cp.async.wait_group 0;" ::: "memory"); }

__device__ __forceinline__ void r09_emit(const float* tile, float* __restrict__ dst, int tid)
{
    float4 r;
    float* rv = &r.x;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        const int e = tid * 4 + k;           // position in the transposed tile
        rv[k] = tile[(e & 31) * 32 + (e >> 5)];
    }
    *reinterpret_cast<float4*>(dst + tid * 4) = r;
}

extern "C" __global__ void __launch_bounds__(R09_THREADS)
transpose_cpasync_race(const float* __restrict__ in, float* __restrict__ out, int ntiles)
{
    __shared__ __align__(16) float tile[R09_TILE];
    const int tid = threadIdx.x;
    for (int t = blockIdx.x; t < ntiles; t += gridDim.x) {
        r09_cp_async16(&tile[tid * 4], in + (size_t)t * R09_TILE + tid * 4);
        r09_commit();
        __syncthreads();
        r09_wait_all();
        r09_emit(tile, out + (size_t)t * R09_TILE, tid);
        __syncthreads();
    }
}

extern "C" __global__ void __launch_bounds__(R09_THREADS)
transpose_cpasync_ok(const float* __restrict__ in, float* __restrict__ out, int ntiles)
{
    __shared__ __align__(16) float tile[R09_TILE];
    const int tid = threadIdx.x;
    for (int t = blockIdx.x; t < ntiles; t += gridDim.x) {
        r09_cp_async16(&tile[tid * 4], in + (size_t)t * R09_TILE + tid * 4);
        r09_commit();
        r09_wait_all();
        __syncthreads();
        r09_emit(tile, out + (size_t)t * R09_TILE, tid);
        __syncthreads();
    }
}
