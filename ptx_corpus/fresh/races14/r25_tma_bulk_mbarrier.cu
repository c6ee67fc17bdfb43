// arch: sm_90a
// r25_tma_bulk_mbarrier.cu
// Streaming scale + sum-of-squares over a block's contiguous segment, fed by
// Hopper bulk async copies (cp.async.bulk global->shared with mbarrier
// complete_tx) into a two-slot ring.  Thread 0 is the producer; every thread
// waits on the slot's mbarrier with the phase parity of that slot's use, as in
// a CUTLASS PipelineState (the phase flips when the slot index wraps).
//
// Launch (both kernels): blockDim = 256 (BLOCK); gridDim = number of segments,
//   each segment = tiles_per_block * 2048 floats (tiles_per_block >= 2);
//   sumsq[blockIdx.x] receives the block's sum of squares.
#define BLOCK 256
#define TILE 2048
#define TILE_BYTES (TILE * 4)

__device__ __forceinline__ unsigned smem_u32(const void* p)
{
    return (unsigned)__cvta_generic_to_shared(p);
}
__device__ __forceinline__ void mbar_init(unsigned long long* bar, unsigned count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(smem_u32(bar)), "r"(count) : "memory");
}
__device__ __forceinline__ void fence_mbar_init()
{
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
__device__ __forceinline__ void mbar_arrive_expect_tx(unsigned long long* bar, unsigned bytes)
{
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;"
                 :: "r"(smem_u32(bar)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void bulk_g2s(void* dst, const void* src, unsigned bytes,
                                         unsigned long long* bar)
{
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 :: "r"(smem_u32(dst)), "l"(src), "r"(bytes), "r"(smem_u32(bar)) : "memory");
}
__device__ __forceinline__ void mbar_wait(unsigned long long* bar, unsigned parity)
{
    unsigned done;
    do {
        asm volatile("{\n\t.reg .pred p;\n\t"
                     "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                     "selp.u32 %0, 1, 0, p;\n\t}"
                     : "=r"(done) : "r"(smem_u32(bar)), "r"(parity) : "memory");
    } while (!done);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
tma_bulk_mbarrier_race(const float* __restrict__ in, float* __restrict__ out,
                       float* __restrict__ sumsq, int tiles_per_block, float alpha)
{
    __shared__ __align__(128) float buf[2][TILE];
    __shared__ __align__(8) unsigned long long full[2];
    const int tid = threadIdx.x;
    const float* src = in + (size_t)blockIdx.x * tiles_per_block * TILE;
    float* dst = out + (size_t)blockIdx.x * tiles_per_block * TILE;

    if (tid == 0) {
        mbar_init(&full[0], 1);
        mbar_init(&full[1], 1);
        fence_mbar_init();
    }
    __syncthreads();
    if (tid == 0) {
        mbar_arrive_expect_tx(&full[0], TILE_BYTES);
        bulk_g2s(buf[0], src, TILE_BYTES, &full[0]);
    }

    unsigned phase = 0;
    float acc = 0.f;
    for (int t = 0; t < tiles_per_block; ++t) {
        const int s = t & 1;
        if (tid == 0 && t + 1 < tiles_per_block) {
            mbar_arrive_expect_tx(&full[s ^ 1], TILE_BYTES);
            bulk_g2s(buf[s ^ 1], src + (size_t)(t + 1) * TILE, TILE_BYTES, &full[s ^ 1]);
        }
        mbar_wait(&full[s], phase);
        for (int i = tid; i < TILE; i += BLOCK) {
            const float v = buf[s][i];
            dst[(size_t)t * TILE + i] = alpha * v;
            acc = fmaf(v, v, acc);
        }
        __syncthreads();                 // slot s is refilled by the copy issued in iteration t+1
        phase ^= 1;                      // flips every tile instead of when the slot index wraps
    }

    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if ((tid & 31) == 0) atomicAdd(&sumsq[blockIdx.x], acc);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
tma_bulk_mbarrier_ok(const float* __restrict__ in, float* __restrict__ out,
                     float* __restrict__ sumsq, int tiles_per_block, float alpha)
{
    __shared__ __align__(128) float buf[2][TILE];
    __shared__ __align__(8) unsigned long long full[2];
    const int tid = threadIdx.x;
    const float* src = in + (size_t)blockIdx.x * tiles_per_block * TILE;
    float* dst = out + (size_t)blockIdx.x * tiles_per_block * TILE;

    if (tid == 0) {
        mbar_init(&full[0], 1);
        mbar_init(&full[1], 1);
        fence_mbar_init();
    }
    __syncthreads();
    if (tid == 0) {
        mbar_arrive_expect_tx(&full[0], TILE_BYTES);
        bulk_g2s(buf[0], src, TILE_BYTES, &full[0]);
    }

    unsigned phase = 0;
    float acc = 0.f;
    for (int t = 0; t < tiles_per_block; ++t) {
        const int s = t & 1;
        if (tid == 0 && t + 1 < tiles_per_block) {
            mbar_arrive_expect_tx(&full[s ^ 1], TILE_BYTES);
            bulk_g2s(buf[s ^ 1], src + (size_t)(t + 1) * TILE, TILE_BYTES, &full[s ^ 1]);
        }
        mbar_wait(&full[s], phase);      // use k = t/2 of slot s completes phase k, parity k&1
        for (int i = tid; i < TILE; i += BLOCK) {
            const float v = buf[s][i];
            dst[(size_t)t * TILE + i] = alpha * v;
            acc = fmaf(v, v, acc);
        }
        __syncthreads();
        if (s == 1) phase ^= 1;          // flip when the ring index wraps
    }

    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if ((tid & 31) == 0) atomicAdd(&sumsq[blockIdx.x], acc);
}
