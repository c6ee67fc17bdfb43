// arch: sm_90a
// Warp-specialised streaming dot-product-with-neighbour kernel: warp 0 (lane 0) is a TMA-free bulk-copy
// producer filling a 2-stage ring of 512-float tiles (cp.async.bulk + FULL mbarriers with expect_tx);
// warps 1-2 (64 consumer threads) read each tile and release it through EMPTY mbarriers (count 64).
// Consumer c owns elements 8c..8c+7 of a tile and accumulates sum_j s[8c+j] * s[(8c+j+1) % 512];
// per-thread results go to out[blockIdx.x*64 + c].
// Block b processes tiles b*tiles_per_block .. (b+1)*tiles_per_block-1.
// Launch: blockDim = (96,1,1) (compile-time), gridDim = (nblocks,1,1), no dynamic shared memory;
// x holds nblocks*tiles_per_block*512 floats, 16-byte aligned; tiles_per_block >= 1 (race needs >= 3).
#include <cstdint>
#define NCONS 64
#define NT (32 + NCONS)
#define TILE 512
#define TILE_BYTES (TILE * 4)
#define STAGES 2

__device__ __forceinline__ unsigned smem_u32(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void mbar_init(uint64_t* b, unsigned cnt)
{ asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(smem_u32(b)), "r"(cnt) : "memory"); }
__device__ __forceinline__ void mbar_expect_tx(uint64_t* b, unsigned bytes)
{ asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(smem_u32(b)), "r"(bytes) : "memory"); }
__device__ __forceinline__ void mbar_arrive(uint64_t* b)
{ asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(smem_u32(b)) : "memory"); }
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

__device__ __forceinline__ void ws_setup(uint64_t* full, uint64_t* empty)
{
    if (threadIdx.x == 0) {
        for (int s = 0; s < STAGES; ++s) { mbar_init(&full[s], 1); mbar_init(&empty[s], NCONS); }
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
}

__device__ __forceinline__ void ws_produce(float (*buf)[TILE], uint64_t* full, uint64_t* empty,
                                           const float* x, int tpb)
{
    if (threadIdx.x != 0) return;
    for (int k = 0; k < tpb; ++k) {
        const int s = k % STAGES;
        if (k >= STAGES) mbar_wait(&empty[s], ((k / STAGES) - 1) & 1);
        mbar_expect_tx(&full[s], TILE_BYTES);
        bulk_g2s(buf[s], x + ((size_t)blockIdx.x * tpb + k) * TILE, TILE_BYTES, &full[s]);
    }
}

extern "C" __global__ void __launch_bounds__(NT)
ws_ring_race(const float* __restrict__ x, float* __restrict__ out, int tpb)
{
    __shared__ alignas(128) float buf[STAGES][TILE];
    __shared__ alignas(8) uint64_t full[STAGES], empty[STAGES];
    ws_setup(full, empty);
    if (threadIdx.x < 32) { ws_produce(buf, full, empty, x, tpb); return; }

    const int c = threadIdx.x - 32;
    float acc = 0.f;
    for (int k = 0; k < tpb; ++k) {
        const int s = k % STAGES;
        mbar_wait(&full[s], (k / STAGES) & 1);
        float v[9];
#pragma unroll
        for (int j = 0; j < 8; ++j) v[j] = buf[s][8 * c + j];
        mbar_arrive(&empty[s]);                           // my 8 values are in registers: release the stage
        v[8] = buf[s][(8 * c + 8) % TILE];                // neighbour's first element
#pragma unroll
        for (int j = 0; j < 8; ++j) acc += v[j] * v[j + 1];
    }
    out[blockIdx.x * NCONS + c] = acc;
}

extern "C" __global__ void __launch_bounds__(NT)
ws_ring_ok(const float* __restrict__ x, float* __restrict__ out, int tpb)
{
    __shared__ alignas(128) float buf[STAGES][TILE];
    __shared__ alignas(8) uint64_t full[STAGES], empty[STAGES];
    ws_setup(full, empty);
    if (threadIdx.x < 32) { ws_produce(buf, full, empty, x, tpb); return; }

    const int c = threadIdx.x - 32;
    float acc = 0.f;
    for (int k = 0; k < tpb; ++k) {
        const int s = k % STAGES;
        mbar_wait(&full[s], (k / STAGES) & 1);
        float v[9];
#pragma unroll
        for (int j = 0; j < 8; ++j) v[j] = buf[s][8 * c + j];
        v[8] = buf[s][(8 * c + 8) % TILE];
        mbar_arrive(&empty[s]);                           // all reads of this stage are done
#pragma unroll
        for (int j = 0; j < 8; ++j) acc += v[j] * v[j + 1];
    }
    out[blockIdx.x * NCONS + c] = acc;
}
