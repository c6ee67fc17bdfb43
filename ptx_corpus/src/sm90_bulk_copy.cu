// Hopper bulk copies (sm_90a): one elected lane (elect.sync) arms an mbarrier with the expected
// byte count and starts a 1-D cp.async.bulk of a whole chunk from global into shared memory; the
// TMA engine completes the transaction on the mbarrier, every thread waits on its phase, then the
// block scales the chunk and writes it back with an ordinary store. Two buffers alternate, and
// the block synchronises before a buffer is reused.
#include <cstdint>
#define CHUNK 1024
__device__ __forceinline__ uint32_t smem_addr(const void *p) { return (uint32_t)__cvta_generic_to_shared(p); }

__device__ __forceinline__ bool elect_one()
{
    uint32_t pred = 0;
    asm volatile("{\n"
                 ".reg .pred p;\n"
                 ".reg .b32 lane;\n"
                 "elect.sync lane|p, 0xffffffff;\n"
                 "selp.u32 %0, 1, 0, p;\n"
                 "}\n"
                 : "=r"(pred));
    return pred != 0;
}

extern "C" __global__ void __launch_bounds__(256) sm90_bulk_copy(const float *in, float *out, float scale, int nchunks)
{
    __shared__ __align__(128) float buf[2][CHUNK];
    __shared__ __align__(8) uint64_t bar[2];
    int tid = threadIdx.x;
    if (tid == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;\n" ::"r"(smem_addr(&bar[0])));
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;\n" ::"r"(smem_addr(&bar[1])));
        asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
    }
    __syncthreads();
    const float *src = in + (size_t)blockIdx.x * nchunks * CHUNK;
    float *dst = out + (size_t)blockIdx.x * nchunks * CHUNK;
    for (int c = 0; c < nchunks; c++) {
        int b = c & 1;
        if (tid < 32 && elect_one()) {
            // the block's generic reads of this buffer (two chunks ago) come before the async write
            asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
            asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(smem_addr(&bar[b])),
                         "r"(CHUNK * 4)
                         : "memory");
            asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\n" ::"r"(
                             smem_addr(&buf[b][0])),
                         "l"(src + (size_t)c * CHUNK), "r"(CHUNK * 4), "r"(smem_addr(&bar[b]))
                         : "memory");
        }
        asm volatile("{\n"
                     ".reg .pred done;\n"
                     "wait_%=:\n"
                     "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
                     "@!done bra wait_%=;\n"
                     "}\n" ::"r"(smem_addr(&bar[b])),
                     "r"((c >> 1) & 1)
                     : "memory");
        for (int j = tid; j < CHUNK; j += blockDim.x)
            dst[(size_t)c * CHUNK + j] = scale * buf[b][(j + 1) % CHUNK];
        __syncthreads();
    }
}
