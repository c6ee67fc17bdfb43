// Tensor-memory-accelerator copies through an mbarrier pipeline (sm_90a): every cp.async.bulk.tensor
// shape the analyzer must accept, and the mbarrier operations that complete and recycle its stages.
#include <cstdint>

struct alignas(64) TensorMap {
    unsigned char bytes[128];
};

__device__ static inline uint32_t smem_addr(const void *p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// Waits for a phase with the suspend-time hint; the label lives in the asm's own scope, so each
// inlined copy declares it again (PTX scopes labels by block).
__device__ static inline void wait_phase(uint32_t bar, uint32_t parity)
{
    asm volatile("{\n"
                 ".reg .pred done;\n"
                 "wait_again:\n"
                 "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1, %2;\n"
                 "@!done bra wait_again;\n"
                 "}\n" ::"r"(bar),
                 "r"(parity), "r"(1000000)
                 : "memory");
}

__device__ static inline bool phase_done(uint32_t bar, uint64_t state)
{
    uint32_t ok;
    asm volatile("{\n"
                 ".reg .pred p;\n"
                 "mbarrier.test_wait.shared::cta.b64 p, [%1], %2;\n"
                 "selp.u32 %0, 1, 0, p;\n"
                 "}\n"
                 : "=r"(ok)
                 : "r"(bar), "l"(state)
                 : "memory");
    return ok != 0;
}

__global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(128)
    tma_pipeline(const __grid_constant__ TensorMap map, float *out, int rounds)
{
    __shared__ alignas(1024) float tile[2][4096];
    __shared__ alignas(8) uint64_t full[2], empty[2];
    const uint64_t gmap = reinterpret_cast<uint64_t>(&map);
    const uint32_t bar_full = smem_addr(&full[0]), bar_empty = smem_addr(&empty[0]);
    if (threadIdx.x == 0) {
        for (int s = 0; s < 2; s++) {
            asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar_full + 8 * s), "r"(1) : "memory");
            asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar_empty + 8 * s), "r"(128) : "memory");
        }
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    }
    __syncthreads();
    float acc = 0.0f;
    for (int r = 0; r < rounds; r++) {
        const int s = r & 1;
        const uint32_t dst = smem_addr(&tile[s][0]), bar = bar_full + 8 * s;
        const int c0 = r * 32, c1 = blockIdx.x, c2 = 1, c3 = 2, c4 = 3;
        if (threadIdx.x == 0) {
            if (r >= 2)
                wait_phase(bar_empty + 8 * s, ((r >> 1) + 1) & 1);
            asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(16384) : "memory");
            switch (r % 5) {
            case 0:
                asm volatile("cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                             " [%0], [%1, {%2}], [%3];" ::"r"(dst),
                             "l"(gmap), "r"(c0), "r"(bar)
                             : "memory");
                break;
            case 1:
                asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                             " [%0], [%1, {%2, %3}], [%4];" ::"r"(dst),
                             "l"(gmap), "r"(c0), "r"(c1), "r"(bar)
                             : "memory");
                break;
            case 2:
                asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes"
                             " [%0], [%1, {%2, %3, %4}], [%5], {%6};" ::"r"(dst),
                             "l"(gmap), "r"(c0), "r"(c1), "r"(c2), "r"(bar), "h"((uint16_t)1)
                             : "memory");
                break;
            case 3:
                asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes"
                             " [%0], [%1, {%2, %3, %4, %5}], [%6], {%7, %8};" ::"r"(dst),
                             "l"(gmap), "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(bar), "h"((uint16_t)1),
                             "h"((uint16_t)2)
                             : "memory");
                break;
            default:
                asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                             " [%0], [%1, {%2, %3, %4, %5, %6}], [%7];" ::"r"(dst),
                             "l"(gmap), "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(c4), "r"(bar)
                             : "memory");
                break;
            }
        }
        wait_phase(bar, (r >> 1) & 1);
        acc += tile[s][threadIdx.x];
        uint64_t state;
        asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1];" : "=l"(state) : "r"(bar_empty + 8 * s) : "memory");
        if (phase_done(bar_empty + 8 * s, state))
            acc += 1.0f;
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// Multicast loads to both CTAs of the cluster with an L2 policy, 5-D im2col, a tile store and a
// reduction back to global memory through bulk groups, and tensor prefetches.
__global__ void __cluster_dims__(2, 1, 1) tma_multicast(const __grid_constant__ TensorMap map, int x, int y)
{
    __shared__ alignas(1024) float tile[4096];
    __shared__ alignas(8) uint64_t full;
    const uint64_t gmap = reinterpret_cast<uint64_t>(&map);
    const uint32_t dst = smem_addr(tile), bar = smem_addr(&full);
    uint64_t policy;
    asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(policy));
    if (threadIdx.x == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(bar) : "memory");
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
        asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(8192) : "memory");
        asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                     ".multicast::cluster.L2::cache_hint [%0], [%1, {%2, %3}], [%4], %5, %6;" ::"r"(dst),
                     "l"(gmap), "r"(x), "r"(y), "r"(bar), "h"((uint16_t)3), "l"(policy)
                     : "memory");
        asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes"
                     " [%0], [%1, {%2, %3, %4, %5, %6}], [%7], {%8, %9, %10};" ::"r"(dst),
                     "l"(gmap), "r"(x), "r"(y), "r"(0), "r"(1), "r"(2), "r"(bar), "h"((uint16_t)0),
                     "h"((uint16_t)1), "h"((uint16_t)2)
                     : "memory");
        asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
    }
    wait_phase(bar, 0);
    tile[threadIdx.x] *= 2.0f;
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    if (threadIdx.x == 0) {
        asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];" ::"l"(gmap),
                     "r"(x), "r"(y), "r"(dst)
                     : "memory");
        asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%0, {%1, %2}], [%3];" ::"l"(
                         gmap),
                     "r"(x), "r"(y + 1), "r"(dst)
                     : "memory");
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        asm volatile("cp.async.bulk.prefetch.tensor.2d.L2.global.tile [%0, {%1, %2}];" ::"l"(gmap), "r"(x + 1),
                     "r"(y)
                     : "memory");
        asm volatile("cp.async.bulk.prefetch.tensor.3d.L2.global.im2col [%0, {%1, %2, %3}], {%4};" ::"l"(gmap),
                     "r"(x), "r"(y), "r"(0), "h"((uint16_t)1)
                     : "memory");
        asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
        asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
        uint64_t state;
        uint32_t pending;
        asm volatile("mbarrier.arrive_drop.shared::cta.b64 %0, [%1];" : "=l"(state) : "r"(bar) : "memory");
        asm volatile("mbarrier.pending_count.b64 %0, %1;" : "=r"(pending) : "l"(state));
        asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(pending)
                     : "memory");
        asm volatile("mbarrier.inval.shared::cta.b64 [%0];" ::"r"(bar) : "memory");
    }
}
