// Cluster-wide synchronisation and distributed shared memory (sm_90a): cluster barriers, mapa and
// getctarank, loads and stores through the cluster window, st.async and red.async completing on a
// peer's mbarrier, the cluster special registers, elect.sync and programmatic dependent launch.
#include <cstdint>

__device__ static inline uint32_t smem_addr(const void *p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__global__ void __cluster_dims__(4, 1, 1) cluster_exchange(unsigned *out, const unsigned *in)
{
    __shared__ alignas(16) unsigned slot[4][64];
    __shared__ alignas(8) uint64_t bar;
    uint32_t rank, nrank, cid, ncid, cx, ncx, explicit_cluster;
    asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    asm("mov.u32 %0, %%cluster_nctarank;" : "=r"(nrank));
    asm("mov.u32 %0, %%clusterid.x;" : "=r"(cid));
    asm("mov.u32 %0, %%nclusterid.x;" : "=r"(ncid));
    asm("mov.u32 %0, %%cluster_ctaid.x;" : "=r"(cx));
    asm("mov.u32 %0, %%cluster_nctaid.x;" : "=r"(ncx));
    asm("{\n.reg .pred e;\nmov.pred e, %%is_explicit_cluster;\nselp.u32 %0, 1, 0, e;\n}" : "=r"(explicit_cluster));
    asm volatile("griddepcontrol.wait;" ::: "memory");
    const uint32_t mbar = smem_addr(&bar);
    if (threadIdx.x == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(mbar) : "memory");
        asm volatile("mbarrier.expect_tx.relaxed.cluster.shared::cta.b64 [%0], %1;" ::"r"(mbar), "r"(8 * (nrank - 1))
                     : "memory");
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory");
    asm volatile("barrier.cluster.wait.aligned;" ::: "memory");
    const unsigned value = in[(cid * 4 + rank) * 64 + threadIdx.x] + cx + ncx + ncid + explicit_cluster;
    const uint32_t next = (rank + 1) % nrank;
    uint32_t peer_slot, peer_bar, owner;
    asm("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(peer_slot) : "r"(smem_addr(&slot[rank][threadIdx.x])), "r"(next));
    asm("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(peer_bar) : "r"(mbar), "r"(next));
    asm("getctarank.shared::cluster.u32 %0, %1;" : "=r"(owner) : "r"(peer_slot));
    asm volatile("st.shared::cluster.u32 [%0], %1;" ::"r"(peer_slot), "r"(value) : "memory");
    uint32_t self_check;
    asm volatile("ld.shared::cluster.u32 %0, [%1];" : "=r"(self_check) : "r"(peer_slot) : "memory");
    uint32_t lane, leader;
    asm volatile("{\n.reg .pred p;\nelect.sync %0|p, 0xffffffff;\nselp.u32 %1, 1, 0, p;\n}"
                 : "=r"(lane), "=r"(leader));
    if (leader) {
        asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%0], %1, [%2];" ::"r"(peer_slot),
                     "r"(value), "r"(peer_bar)
                     : "memory");
        asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%0], %1, [%2];" ::
                         "r"(peer_slot),
                     "r"(1), "r"(peer_bar)
                     : "memory");
    }
    asm volatile("fence.acq_rel.cluster;" ::: "memory");
    asm volatile("barrier.cluster.arrive;" ::: "memory");
    asm volatile("barrier.cluster.wait;" ::: "memory");
    out[(cid * 4 + rank) * 64 + threadIdx.x] = slot[(rank + 3) % 4][threadIdx.x] + owner + self_check + lane;
    asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
}

// 64-bit generic addresses of a peer CTA's shared memory, and vector stores through st.async.
__global__ void __cluster_dims__(2, 1, 1) cluster_generic(unsigned long long *out)
{
    __shared__ alignas(16) unsigned words[4];
    __shared__ alignas(8) uint64_t bar;
    uint32_t rank;
    asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    uint64_t peer;
    uint32_t owner;
    asm("mapa.u64 %0, %1, %2;" : "=l"(peer) : "l"(reinterpret_cast<uint64_t>(words)), "r"(rank ^ 1));
    asm("getctarank.u64 %0, %1;" : "=r"(owner) : "l"(peer));
    uint32_t peer_words, peer_bar;
    asm("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(peer_words) : "r"(smem_addr(words)), "r"(rank ^ 1));
    asm("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(peer_bar) : "r"(smem_addr(&bar)), "r"(rank ^ 1));
    if (threadIdx.x == 0)
        asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.b32 [%0], {%1, %2, %3, %4}, [%5];" ::"r"(
                         peer_words),
                     "r"(1), "r"(2), "r"(3), "r"(owner), "r"(peer_bar)
                     : "memory");
    if (threadIdx.x == 1)
        asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.inc.u32 [%0], %1, [%2];" ::
                         "r"(peer_words),
                     "r"(7), "r"(peer_bar)
                     : "memory");
    out[threadIdx.x] = peer + owner;
}
