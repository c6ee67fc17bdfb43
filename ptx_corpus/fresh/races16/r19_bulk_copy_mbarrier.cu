// arch: sm_90a
// Launch: blockDim = (256,1,1), gridDim = (any,1,1), ntiles >= 5.
//         Block b consumes the segment in[b*ntiles*1024 .. (b+1)*ntiles*1024).
//         2-stage ring of 4 KB tiles filled by the bulk-copy (TMA) engine:
//         thread 0 posts mbarrier.arrive.expect_tx and issues
//         cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes;
//         all threads wait on the stage's mbarrier with try_wait.parity.
//         Each thread reduces a strided, rotated selection of the tile, so every
//         thread reads bytes that the bulk copy wrote.

#include <cstdint>

#define BK_TILE   1024
#define BK_STAGES 2

__device__ __forceinline__ uint32_t bk_smem(const void* p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void bk_mbar_init(uint64_t* bar, uint32_t count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" :: "r"(bk_smem(bar)), "r"(count) : "memory");
}
__device__ __forceinline__ void bk_fence_init()
{
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
}
__device__ __forceinline__ void bk_arrive_expect_tx(uint64_t* bar, uint32_t bytes)
{
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n"
                 :: "r"(bk_smem(bar)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void bk_bulk_g2s(void* dst, const void* src, uint32_t bytes, uint64_t* bar)
{
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\n"
                 :: "r"(bk_smem(dst)), "l"(src), "r"(bytes), "r"(bk_smem(bar)) : "memory");
}
__device__ __forceinline__ bool bk_try_wait(uint64_t* bar, uint32_t parity)
{
    uint32_t done;
    asm volatile("{\n"
                 " .reg .pred p;\n"
                 " mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                 " selp.u32 %0, 1, 0, p;\n"
                 "}\n"
                 : "=r"(done) : "r"(bk_smem(bar)), "r"(parity) : "memory");
    return done != 0;
}
__device__ __forceinline__ void bk_wait(uint64_t* bar, uint32_t parity)
{
    while (!bk_try_wait(bar, parity)) { }
}

extern "C" __global__ void __launch_bounds__(256)
bulk_ring_reduce_race(const float* __restrict__ in, float* __restrict__ out, int ntiles)
{
    __shared__ __align__(128) float buf[BK_STAGES][BK_TILE];
    __shared__ __align__(8) uint64_t full[BK_STAGES];
    const int tid = threadIdx.x;
    const float* src = in + (size_t)blockIdx.x * ntiles * BK_TILE;
    float* dst = out + (size_t)blockIdx.x * ntiles * 256;

    if (tid == 0) {
        for (int s = 0; s < BK_STAGES; ++s) bk_mbar_init(&full[s], 1);
        bk_fence_init();
    }
    __syncthreads();
    if (tid == 0) {
        for (int s = 0; s < BK_STAGES && s < ntiles; ++s) {
            bk_arrive_expect_tx(&full[s], BK_TILE * sizeof(float));
            bk_bulk_g2s(buf[s], src + (size_t)s * BK_TILE, BK_TILE * sizeof(float), &full[s]);
        }
    }

    int stage = 0;
    uint32_t phase = 0;
    for (int t = 0; t < ntiles; ++t) {
        bk_wait(&full[stage], phase);
        const float* b = buf[stage];
        float v = 0.0f;
#pragma unroll
        for (int j = 0; j < 4; ++j) v += b[j * 256 + ((tid * 5 + j * 64) & 255)];
        dst[(size_t)t * 256 + tid] = v;
        __syncthreads();
        if (tid == 0 && t + BK_STAGES < ntiles) {
            bk_arrive_expect_tx(&full[stage], BK_TILE * sizeof(float));
            bk_bulk_g2s(buf[stage], src + (size_t)(t + BK_STAGES) * BK_TILE,
                        BK_TILE * sizeof(float), &full[stage]);
        }
        if (++stage == BK_STAGES) { stage = 0; phase = 1; }
    }
}

extern "C" __global__ void __launch_bounds__(256)
bulk_ring_reduce_ok(const float* __restrict__ in, float* __restrict__ out, int ntiles)
{
    __shared__ __align__(128) float buf[BK_STAGES][BK_TILE];
    __shared__ __align__(8) uint64_t full[BK_STAGES];
    const int tid = threadIdx.x;
    const float* src = in + (size_t)blockIdx.x * ntiles * BK_TILE;
    float* dst = out + (size_t)blockIdx.x * ntiles * 256;

    if (tid == 0) {
        for (int s = 0; s < BK_STAGES; ++s) bk_mbar_init(&full[s], 1);
        bk_fence_init();
    }
    __syncthreads();
    if (tid == 0) {
        for (int s = 0; s < BK_STAGES && s < ntiles; ++s) {
            bk_arrive_expect_tx(&full[s], BK_TILE * sizeof(float));
            bk_bulk_g2s(buf[s], src + (size_t)s * BK_TILE, BK_TILE * sizeof(float), &full[s]);
        }
    }

    int stage = 0;
    uint32_t phase = 0;
    for (int t = 0; t < ntiles; ++t) {
        bk_wait(&full[stage], phase);
        const float* b = buf[stage];
        float v = 0.0f;
#pragma unroll
        for (int j = 0; j < 4; ++j) v += b[j * 256 + ((tid * 5 + j * 64) & 255)];
        dst[(size_t)t * 256 + tid] = v;
        __syncthreads();
        if (tid == 0 && t + BK_STAGES < ntiles) {
            bk_arrive_expect_tx(&full[stage], BK_TILE * sizeof(float));
            bk_bulk_g2s(buf[stage], src + (size_t)(t + BK_STAGES) * BK_TILE,
                        BK_TILE * sizeof(float), &full[stage]);
        }
        if (++stage == BK_STAGES) { stage = 0; phase ^= 1; }
    }
}
