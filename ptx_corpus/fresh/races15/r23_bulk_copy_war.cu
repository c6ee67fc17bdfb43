// arch: sm_90a
// r23_bulk_copy_war.cu
// Double-buffered streaming reduction fed by Hopper bulk copies
// (cp.async.bulk global->shared, completed on an mbarrier with
// complete_tx::bytes).  Thread 0 is the issuing thread: it arms full[s]
// with arrive.expect_tx and launches the copy of tile k into stage s = k&1.
// All threads wait on full[s] with parity (k>>1)&1, read 8 elements each
// and thread 0 then refills the stage with tile k+2.
//
// Launch (both kernels): blockDim = (256,1,1), gridDim = (264,1,1),
//   ntiles = 32 tiles of 2048 floats (8 KiB) per block; in holds
//   264*32*2048 floats (16-byte aligned), out holds 264*256 floats.
//   No dynamic shared memory (16 KiB + 16 B static).

#include <cstdint>

#define R23_THREADS 256
#define R23_TILE    2048
#define R23_BYTES   (R23_TILE * 4)

__device__ __forceinline__ unsigned r23_smem(const void* p)
{
    return (unsigned)__cvta_generic_to_shared(p);
}
__device__ __forceinline__ void r23_mbar_init(uint64_t* bar, unsigned count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(r23_smem(bar)), "r"(count) : "memory");
}
__device__ __forceinline__ void r23_fence_init()
{
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
__device__ __forceinline__ void r23_arrive_expect_tx(uint64_t* bar, unsigned bytes)
{
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;"
                 :: "r"(r23_smem(bar)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void r23_wait_parity(uint64_t* bar, unsigned parity)
{
    unsigned done;
    do {
        asm volatile("{\n\t.reg .pred p;\n\t"
                     "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                     "selp.u32 %0, 1, 0, p;\n\t}"
                     : "=r"(done) : "r"(r23_smem(bar)), "r"(parity) : "memory");
    } while (!done);
}
__device__ __forceinline__ void r23_bulk_g2s(void* dst, const void* src, unsigned bytes, uint64_t* bar)
{
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 :: "r"(r23_smem(dst)), "l"(src), "r"(bytes), "r"(r23_smem(bar)) : "memory");
}
__device__ __forceinline__ void r23_issue(float* stage, const float* src, uint64_t* bar)
{
    r23_arrive_expect_tx(bar, R23_BYTES);
    r23_bulk_g2s(stage, src, R23_BYTES, bar);
}

extern "C" __global__ void __launch_bounds__(R23_THREADS)
bulk_stream_race(const float* __restrict__ in, float* __restrict__ out, int ntiles)
{
    __shared__ __align__(128) float stage[2][R23_TILE];
    __shared__ __align__(8) uint64_t full[2];
    const int tid = threadIdx.x;
    const float* src = in + (size_t)blockIdx.x * ntiles * R23_TILE;

    if (tid == 0) {
        r23_mbar_init(&full[0], 1);
        r23_mbar_init(&full[1], 1);
        r23_fence_init();
    }
    __syncthreads();
    if (tid == 0) {
        r23_issue(stage[0], src, &full[0]);
        if (ntiles > 1) r23_issue(stage[1], src + R23_TILE, &full[1]);
    }

    float acc = 0.0f;
    for (int k = 0; k < ntiles; ++k) {
        const int s = k & 1;
        r23_wait_parity(&full[s], (unsigned)(k >> 1) & 1u);
#pragma unroll
        for (int j = 0; j < 8; ++j)
            acc += stage[s][j * R23_THREADS + ((tid + 32 * j) & (R23_THREADS - 1))];
        if (tid == 0 && k + 2 < ntiles)
            r23_issue(stage[s], src + (size_t)(k + 2) * R23_TILE, &full[s]);
        __syncthreads();
    }
    out[(size_t)blockIdx.x * R23_THREADS + tid] = acc;
}

extern "C" __global__ void __launch_bounds__(R23_THREADS)
bulk_stream_ok(const float* __restrict__ in, float* __restrict__ out, int ntiles)
{
    __shared__ __align__(128) float stage[2][R23_TILE];
    __shared__ __align__(8) uint64_t full[2];
    const int tid = threadIdx.x;
    const float* src = in + (size_t)blockIdx.x * ntiles * R23_TILE;

    if (tid == 0) {
        r23_mbar_init(&full[0], 1);
        r23_mbar_init(&full[1], 1);
        r23_fence_init();
    }
    __syncthreads();
    if (tid == 0) {
        r23_issue(stage[0], src, &full[0]);
        if (ntiles > 1) r23_issue(stage[1], src + R23_TILE, &full[1]);
    }

    float acc = 0.0f;
    for (int k = 0; k < ntiles; ++k) {
        const int s = k & 1;
        r23_wait_parity(&full[s], (unsigned)(k >> 1) & 1u);
#pragma unroll
        for (int j = 0; j < 8; ++j)
            acc += stage[s][j * R23_THREADS + ((tid + 32 * j) & (R23_THREADS - 1))];
        __syncthreads();
        if (tid == 0 && k + 2 < ntiles)
            r23_issue(stage[s], src + (size_t)(k + 2) * R23_TILE, &full[s]);
    }
    out[(size_t)blockIdx.x * R23_THREADS + tid] = acc;
}
