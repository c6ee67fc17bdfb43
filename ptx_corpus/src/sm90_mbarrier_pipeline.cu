// Warp-specialised producer/consumer ring on Hopper mbarriers (sm_90a). Warp 0 produces: it
// copies chunks of 128 floats from global into one of STAGES shared buffers and arrives on that
// stage's "full" barrier (release). Warps 1..4 consume: they wait on "full" (acquire), each lane
// reduces its share of the chunk, then they arrive on the stage's "empty" barrier, which the
// producer waits on before refilling the buffer. Only mbarriers order the roles.
#include <cstdint>
#define STAGES 4
#define CHUNK 128
#define CONSUMERS 128

__device__ __forceinline__ uint32_t smem_addr(const void *p) { return (uint32_t)__cvta_generic_to_shared(p); }

__device__ __forceinline__ void mbar_init(uint64_t *bar, uint32_t count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(smem_addr(bar)), "r"(count));
}

__device__ __forceinline__ void mbar_arrive(uint64_t *bar)
{
    asm volatile("mbarrier.arrive.release.cta.shared::cta.b64 _, [%0];\n" ::"r"(smem_addr(bar)) : "memory");
}

__device__ __forceinline__ void mbar_wait(uint64_t *bar, uint32_t parity)
{
    asm volatile("{\n"
                 ".reg .pred done;\n"
                 "wait_%=:\n"
                 "mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 done, [%0], %1;\n"
                 "@!done bra wait_%=;\n"
                 "}\n" ::"r"(smem_addr(bar)),
                 "r"(parity)
                 : "memory");
}

extern "C" __global__ void __launch_bounds__(32 + CONSUMERS) sm90_mbarrier_pipeline(const float *in, float *out, int nchunks)
{
    __shared__ __align__(16) float buf[STAGES][CHUNK];
    __shared__ __align__(8) uint64_t full[STAGES], empty[STAGES];
    int tid = threadIdx.x;
    if (tid == 0) {
        for (int s = 0; s < STAGES; s++) {
            mbar_init(&full[s], 32);
            mbar_init(&empty[s], CONSUMERS);
        }
    }
    __syncthreads();
    const float *src = in + (size_t)blockIdx.x * nchunks * CHUNK;
    if (tid < 32) {
        // producer warp
        for (int c = 0; c < nchunks; c++) {
            int s = c % STAGES;
            if (c >= STAGES)
                mbar_wait(&empty[s], ((c / STAGES) - 1) & 1);
            for (int j = tid; j < CHUNK; j += 32)
                buf[s][j] = src[c * CHUNK + j];
            mbar_arrive(&full[s]);
        }
    } else {
        // consumer warps
        int me = tid - 32;
        float acc = 0.0f;
        for (int c = 0; c < nchunks; c++) {
            int s = c % STAGES;
            mbar_wait(&full[s], (c / STAGES) & 1);
            acc += buf[s][me] * buf[s][(me + 1) % CHUNK];
            mbar_arrive(&empty[s]);
        }
        out[(size_t)blockIdx.x * CONSUMERS + me] = acc;
    }
}
