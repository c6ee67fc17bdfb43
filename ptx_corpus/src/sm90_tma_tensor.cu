// Hopper TMA with tensor maps (sm_90a): a 2-D tile of a row-major float matrix is loaded with
// cp.async.bulk.tensor (the CUtensorMap is a __grid_constant__ kernel parameter), completed on an
// mbarrier; the block adds a bias per column into a second shared tile, makes its generic-proxy
// writes visible to the async proxy (fence.proxy.async) and stores the tile with a TMA store,
// waiting for the bulk group to finish reading shared memory before exiting.
// Corpus mutant sm90_tma_tensor_nobar2 deletes the barrier before the TMA store: thread 0 starts
// the store while the other threads still write the result tile (a race).
#include <cuda.h>
#include <cstdint>
#define TM 32
#define TN 64
__device__ __forceinline__ uint32_t smem_addr(const void *p) { return (uint32_t)__cvta_generic_to_shared(p); }

extern "C" __global__ void __launch_bounds__(256) sm90_tma_tensor(const __grid_constant__ CUtensorMap tmap_in,
                                                                  const __grid_constant__ CUtensorMap tmap_out,
                                                                  const float *bias)
{
    __shared__ __align__(128) float tile[TM][TN];
    __shared__ __align__(128) float result[TM][TN];
    __shared__ __align__(8) uint64_t bar;
    int tid = threadIdx.x;
    int x = blockIdx.x * TN, y = blockIdx.y * TM;
    if (tid == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;\n" ::"r"(smem_addr(&bar)));
        asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
    }
    __syncthreads();
    if (tid == 0) {
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(smem_addr(&bar)),
                     "r"(TM * TN * 4)
                     : "memory");
        asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];\n" ::"r"(
                         smem_addr(&tile[0][0])),
                     "l"(&tmap_in), "r"(x), "r"(y), "r"(smem_addr(&bar))
                     : "memory");
    }
    asm volatile("{\n"
                 ".reg .pred done;\n"
                 "wait_%=:\n"
                 "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], 0;\n"
                 "@!done bra wait_%=;\n"
                 "}\n" ::"r"(smem_addr(&bar))
                 : "memory");
    for (int e = tid; e < TM * TN; e += blockDim.x) {
        int r = e / TN, c = e % TN;
        result[r][c] = tile[r][c] + bias[x + c];
    }
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (tid == 0) {
        asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%1, %2}], [%3];\n" ::"l"(&tmap_out),
                     "r"(x), "r"(y), "r"(smem_addr(&result[0][0]))
                     : "memory");
        asm volatile("cp.async.bulk.commit_group;\n" ::: "memory");
        asm volatile("cp.async.bulk.wait_group.read 0;\n" ::: "memory");
    }
}
