// Tuning kernel for SHARED_RACE (sm_90a): a warp-specialised ring of two stages. Warp 0 produces:
// for tile k it waits until stage k % 2 is empty (from the third tile on), stores the tile and
// arrives on full[k % 2] (32 arrivals a phase). Warps 1-4 consume: they wait on full[k % 2] for
// the phase of tile k, read the stage (a neighbour's element included) and arrive on empty[k % 2]
// (128 arrivals a phase). Arrive releases and a completed wait acquires, so each tile's stores are
// ordered before its reads, and each stage's reads before the stores of the tile two later.
// RACE=1: the producer does not wait for an empty stage: the third tile overwrites stage 0 while
//         the consumers may still read the first.
// RACE=2: the consumers arrive on empty before they read the stage.
// RACE=3: the producer arrives on full before it stores the tile.
#include <cstdint>
#define TILE 128
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

extern "C" __global__ void __launch_bounds__(160) mbar_ring(const float *in, float *out, int tiles)
{
    __shared__ float stage[2][TILE];
    __shared__ __align__(8) uint64_t full[2], empty[2];
    int t = threadIdx.x;
    if (t == 0) {
        for (int s = 0; s < 2; s++) {
            asm volatile("mbarrier.init.shared::cta.b64 [%0], 32;\n" ::"r"(smem_addr(&full[s])));
            asm volatile("mbarrier.init.shared::cta.b64 [%0], 128;\n" ::"r"(smem_addr(&empty[s])));
        }
        asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
    }
    __syncthreads();
    const float *src = in + (size_t)blockIdx.x * tiles * TILE;
    if (t < 32) {
        for (int k = 0; k < tiles; k++) {
            int s = k & 1;
#if RACE != 1
            if (k >= 2)
                wait_parity(&empty[s], ((k >> 1) - 1) & 1);
#endif
#if RACE == 3
            arrive(&full[s]);
#endif
            for (int j = t; j < TILE; j += 32)
                stage[s][j] = src[(size_t)k * TILE + j];
#if RACE != 3
            arrive(&full[s]);
#endif
        }
    } else {
        int c = t - 32;
        float acc = 0.0f;
        for (int k = 0; k < tiles; k++) {
            int s = k & 1;
            wait_parity(&full[s], (k >> 1) & 1);
#if RACE == 2
            arrive(&empty[s]);
            acc += stage[s][c] * stage[s][(c + 1) % TILE];
#else
            acc += stage[s][c] * stage[s][(c + 1) % TILE];
            arrive(&empty[s]);
#endif
        }
        out[blockIdx.x * 128 + c] = acc;
    }
}
