// Bulk (non-tensor) asynchronous copies and reductions between global memory and the shared memory
// of the CTA or of the cluster, completed by an mbarrier or by bulk groups (sm_90a).
#include <cstdint>

__device__ static inline uint32_t smem_addr(const void *p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__global__ void __cluster_dims__(2, 1, 1) bulk_copy(float *dst, const float *src, unsigned *counts, int n)
{
    __shared__ alignas(128) float buf[2][1024];
    __shared__ alignas(8) uint64_t bar;
    const uint32_t b0 = smem_addr(buf[0]), b1 = smem_addr(buf[1]), mbar = smem_addr(&bar);
    const uint32_t bytes = 4096;
    uint64_t policy;
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 0.5;" : "=l"(policy));
    if (threadIdx.x == 0) {
        asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(mbar) : "memory");
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
        asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(src + n), "r"(bytes) : "memory");
        asm volatile("cp.async.bulk.prefetch.L2.global.L2::cache_hint [%0], %1, %2;" ::"l"(src + 2 * n), "r"(bytes),
                     "l"(policy)
                     : "memory");
        asm volatile("mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 _, [%0], %1;" ::"r"(mbar),
                     "r"(3 * bytes)
                     : "memory");
        asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                         b0),
                     "l"(src), "r"(bytes), "r"(mbar)
                     : "memory");
        asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint"
                     " [%0], [%1], %2, [%3], %4;" ::"r"(b1),
                     "l"(src + 1024), "r"(bytes), "r"(mbar), "l"(policy)
                     : "memory");
        asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster"
                     " [%0], [%1], %2, [%3], %4;" ::"r"(b1),
                     "l"(src + 2048), "r"(bytes), "r"(mbar), "h"((uint16_t)3)
                     : "memory");
    }
    asm volatile("{\n"
                 ".reg .pred ready;\n"
                 "spin:\n"
                 "mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 ready, [%0], 0;\n"
                 "@!ready bra.uni spin;\n"
                 "}\n" ::"r"(mbar)
                 : "memory");
    buf[0][threadIdx.x] += buf[1][threadIdx.x];
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    if (threadIdx.x == 0) {
        asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(dst), "r"(b0), "r"(bytes)
                     : "memory");
        asm volatile("cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [%0], [%1], %2, %3;" ::"l"(dst + n),
                     "r"(b1), "r"(bytes), "l"(policy)
                     : "memory");
        asm volatile("cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32 [%0], [%1], %2;" ::"l"(dst + 2 * n),
                     "r"(b0), "r"(bytes)
                     : "memory");
        asm volatile("cp.reduce.async.bulk.global.shared::cta.bulk_group.min.u32 [%0], [%1], %2;" ::"l"(counts),
                     "r"(b1), "r"(bytes)
                     : "memory");
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
    }
}

// A copy from this CTA's shared memory into the other CTA's, and a reduction into it, each
// completing on the receiving CTA's mbarrier.
__global__ void __cluster_dims__(2, 1, 1) bulk_to_peer(unsigned *out)
{
    __shared__ alignas(128) unsigned buf[2][256];
    __shared__ alignas(8) uint64_t bar;
    uint32_t rank, peer_buf, peer_bar;
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    const uint32_t mine = smem_addr(buf[0]), mbar = smem_addr(&bar);
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(peer_buf) : "r"(smem_addr(buf[1])), "r"(rank ^ 1));
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(peer_bar) : "r"(mbar), "r"(rank ^ 1));
    buf[0][threadIdx.x] = threadIdx.x + rank;
    if (threadIdx.x == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(mbar) : "memory");
        asm volatile("mbarrier.expect_tx.relaxed.cluster.shared::cta.b64 [%0], 2048;" ::"r"(mbar) : "memory");
    }
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("barrier.cluster.arrive.release.aligned;\n\tbarrier.cluster.wait.acquire.aligned;" ::: "memory");
    if (threadIdx.x == 0) {
        asm volatile("cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%0], [%1], 1024, [%2];" ::
                         "r"(peer_buf),
                     "r"(mine), "r"(peer_bar)
                     : "memory");
        asm volatile("cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.add.u32"
                     " [%0], [%1], 1024, [%2];" ::"r"(peer_buf),
                     "r"(mine), "r"(peer_bar)
                     : "memory");
        asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(mbar) : "memory");
    }
    asm volatile("{\n"
                 ".reg .pred ready;\n"
                 "spin:\n"
                 "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 ready, [%0], 0;\n"
                 "@!ready bra.uni spin;\n"
                 "}\n" ::"r"(mbar)
                 : "memory");
    out[threadIdx.x] = buf[1][threadIdx.x];
    asm volatile("barrier.cluster.arrive.aligned;\n\tbarrier.cluster.wait.aligned;" ::: "memory");
}
