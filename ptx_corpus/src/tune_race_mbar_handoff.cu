// Tuning kernel for SHARED_RACE (sm_90a): warps 0-3 fill a tile and publish it with
// mbarrier.arrive (the mbarrier expects their 128 arrivals); warps 4-7 wait for the phase with
// mbarrier.try_wait.parity and read the tile, a neighbour's element included. The arrive has release
// and the completed wait acquire semantics (CTA scope), so every store before an arrive is visible
// to the readers after the wait: no race.
// RACE=1: the producers store after their arrive: the phase may complete before the stores.
// RACE=2: the consumers read before they wait.
// RACE=3: the consumers wait on another mbarrier, which the producers never arrive on (the
//         second one is armed by one arrival of the consumers' first thread itself).
#include <cstdint>
__device__ __forceinline__ uint32_t smem_addr(const void *p) { return (uint32_t)__cvta_generic_to_shared(p); }

__device__ __forceinline__ void arrive(uint64_t *bar)
{
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(smem_addr(bar)) : "memory");
}

__device__ __forceinline__ void wait_parity(uint64_t *bar, uint32_t parity)
{
    asm volatile("{\n"
                 ".reg .pred done;\n"
                 "wait_%=:\n"
                 "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
                 "@!done bra wait_%=;\n"
                 "}\n" ::"r"(smem_addr(bar)),
                 "r"(parity)
                 : "memory");
}

extern "C" __global__ void __launch_bounds__(256) mbar_handoff(const float *in, float *out)
{
    __shared__ float tile[128];
    __shared__ __align__(8) uint64_t bar[2];
    int t = threadIdx.x;
    if (t == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 128;\n" ::"r"(smem_addr(&bar[0])));
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;\n" ::"r"(smem_addr(&bar[1])));
        asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
    }
    __syncthreads();
    if (t < 128) {
#if RACE == 1
        arrive(&bar[0]);
        tile[t] = in[blockIdx.x * 128 + t] * 2.0f;
#else
        tile[t] = in[blockIdx.x * 128 + t] * 2.0f;
        arrive(&bar[0]);
#endif
    } else {
        int c = t - 128;
#if RACE == 2
        float v = tile[c] + tile[(c + 1) % 128];
        wait_parity(&bar[0], 0);
#elif RACE == 3
        if (c == 0)
            arrive(&bar[1]);
        wait_parity(&bar[1], 0);
        float v = tile[c] + tile[(c + 1) % 128];
#else
        wait_parity(&bar[0], 0);
        float v = tile[c] + tile[(c + 1) % 128];
#endif
        out[blockIdx.x * 128 + c] = v;
    }
}
