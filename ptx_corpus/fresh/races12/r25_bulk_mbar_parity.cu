// arch: sm_90a
// Streams x in 1024-float tiles through two shared buffers filled by cp.async.bulk (global -> shared, one
// bulk copy of 4 KiB per tile issued by thread 0) completing on one mbarrier per buffer (expect_tx).
// Each thread computes y[i] = x[i] - 0.5*(x[i-1] + x[i+1]) (indices wrap inside the tile) for 4 elements.
// Block b processes tiles b, b+gridDim.x, ...
// Launch: blockDim = (256,1,1) (compile-time), any gridDim.x >= 1, no dynamic shared memory;
// n multiple of 1024, x 16-byte aligned (the race needs >= 2 tiles for some block).
#include <cstdint>
#define NT 256
#define TILE 1024
#define TILE_BYTES (TILE * 4)

__device__ __forceinline__ unsigned smem_u32(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void mbar_init(uint64_t* b, unsigned cnt)
{ asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(smem_u32(b)), "r"(cnt) : "memory"); }
__device__ __forceinline__ void mbar_expect_tx(uint64_t* b, unsigned bytes)
{ asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(smem_u32(b)), "r"(bytes) : "memory"); }
__device__ __forceinline__ void mbar_wait(uint64_t* b, unsigned parity)
{
    asm volatile("{\n\t.reg .pred p;\n"
                 "WAIT_%=:\n\t"
                 "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n\t"
                 "@!p bra WAIT_%=;\n}" :: "r"(smem_u32(b)), "r"(parity) : "memory");
}
__device__ __forceinline__ void bulk_g2s(void* dst, const void* src, unsigned bytes, uint64_t* b)
{
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 :: "r"(smem_u32(dst)), "l"(src), "r"(bytes), "r"(smem_u32(b)) : "memory");
}

__device__ __forceinline__ void tile_issue(float (*buf)[TILE], uint64_t* bar, const float* x, int tile, int slot)
{
    mbar_expect_tx(&bar[slot], TILE_BYTES);
    bulk_g2s(buf[slot], x + (size_t)tile * TILE, TILE_BYTES, &bar[slot]);
}

__device__ __forceinline__ void tile_compute(const float* s, float* y, int tile)
{
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        const int i = threadIdx.x * 4 + j;
        y[(size_t)tile * TILE + i] = s[i] - 0.5f * (s[(i + TILE - 1) % TILE] + s[(i + 1) % TILE]);
    }
}

extern "C" __global__ void __launch_bounds__(NT)
bulk_dbuf_race(const float* __restrict__ x, float* __restrict__ y, int n)
{
    __shared__ alignas(128) float buf[2][TILE];
    __shared__ alignas(8) uint64_t bar[2];
    const int ntiles = n / TILE;
    if (threadIdx.x == 0) {
        mbar_init(&bar[0], 1); mbar_init(&bar[1], 1);
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    int issued[2] = {0, 0};
    if (threadIdx.x == 0) {
        for (int s = 0; s < 2; ++s) {
            const int t = blockIdx.x + s * gridDim.x;
            if (t < ntiles) { tile_issue(buf, bar, x, t, s); ++issued[s]; }
        }
    }
    unsigned phase = 0;
    for (int k = 0, t = blockIdx.x; t < ntiles; ++k, t += gridDim.x) {
        const int slot = k & 1;
        mbar_wait(&bar[slot], phase);
        phase ^= 1;
        tile_compute(buf[slot], y, t);
        __syncthreads();                                  // buffer free again
        const int tn = t + 2 * gridDim.x;
        if (threadIdx.x == 0 && tn < ntiles) { tile_issue(buf, bar, x, tn, slot); ++issued[slot]; }
    }
    if (threadIdx.x == 0) {                               // drain before exit
        for (int s = 0; s < 2; ++s) if (issued[s]) mbar_wait(&bar[s], (issued[s] - 1) & 1);
    }
}

extern "C" __global__ void __launch_bounds__(NT)
bulk_dbuf_ok(const float* __restrict__ x, float* __restrict__ y, int n)
{
    __shared__ alignas(128) float buf[2][TILE];
    __shared__ alignas(8) uint64_t bar[2];
    const int ntiles = n / TILE;
    if (threadIdx.x == 0) {
        mbar_init(&bar[0], 1); mbar_init(&bar[1], 1);
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        for (int s = 0; s < 2; ++s) {
            const int t = blockIdx.x + s * gridDim.x;
            if (t < ntiles) tile_issue(buf, bar, x, t, s);
        }
    }
    unsigned phase_bits = 0;                              // one phase bit per buffer
    for (int k = 0, t = blockIdx.x; t < ntiles; ++k, t += gridDim.x) {
        const int slot = k & 1;
        mbar_wait(&bar[slot], (phase_bits >> slot) & 1u);
        phase_bits ^= 1u << slot;
        tile_compute(buf[slot], y, t);
        __syncthreads();
        const int tn = t + 2 * gridDim.x;
        if (threadIdx.x == 0 && tn < ntiles) tile_issue(buf, bar, x, tn, slot);
    }
}
