// arch: sm_90a
// r24_ws_ring.cu
// Warp-specialised producer/consumer ring on mbarriers (Hopper).
//   warp 0      : producer, fills ring slot s = k % 4 with 64 scaled floats
//                 and every producer lane arrives on full[s] (count 32);
//                 before refilling a slot it waits on empty[s] with parity
//                 ((k/4)-1)&1.
//   warps 1, 2  : consumers c = warp-1; wait on full[s] with parity
//                 (k/4)&1, read two elements of the slot per lane, then
//                 release the slot with one elected arrival per warp on
//                 empty[s] (count 2).
//
// Launch (both kernels): blockDim = (96,1,1), gridDim = (528,1,1),
//   nchunks = 64 chunks of 64 floats per block (in holds 528*64*64
//   floats, out 528*64 floats).  No dynamic shared memory.

#include <cstdint>

#define R24_NS      4
#define R24_SLOT    64
#define R24_THREADS 96

__device__ __forceinline__ unsigned r24_smem(const void* p)
{
    return (unsigned)__cvta_generic_to_shared(p);
}
__device__ __forceinline__ void r24_mbar_init(uint64_t* bar, unsigned count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(r24_smem(bar)), "r"(count) : "memory");
}
__device__ __forceinline__ void r24_fence_init()
{
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
__device__ __forceinline__ void r24_arrive(uint64_t* bar)
{
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(r24_smem(bar)) : "memory");
}
__device__ __forceinline__ void r24_wait_parity(uint64_t* bar, unsigned parity)
{
    unsigned done;
    do {
        asm volatile("{\n\t.reg .pred p;\n\t"
                     "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                     "selp.u32 %0, 1, 0, p;\n\t}"
                     : "=r"(done) : "r"(r24_smem(bar)), "r"(parity) : "memory");
    } while (!done);
}

template <bool SYNC_BEFORE_RELEASE>
__device__ __forceinline__ void r24_body(const float* __restrict__ in, float* __restrict__ out,
                                         int nchunks, float scale,
                                         float (*ring)[R24_SLOT], uint64_t* full, uint64_t* empty)
{
    const int tid  = threadIdx.x;
    const int warp = tid >> 5;
    const int lane = tid & 31;

    if (tid == 0) {
        for (int s = 0; s < R24_NS; ++s) {
            r24_mbar_init(&full[s], 32);
            r24_mbar_init(&empty[s], 2);
        }
        r24_fence_init();
    }
    __syncthreads();

    const float* src = in + (size_t)blockIdx.x * nchunks * R24_SLOT;
    if (warp == 0) {
        for (int k = 0; k < nchunks; ++k) {
            const int s = k % R24_NS;
            const int u = k / R24_NS;
            if (u > 0) r24_wait_parity(&empty[s], (unsigned)(u - 1) & 1u);
            ring[s][lane]      = scale * src[(size_t)k * R24_SLOT + lane];
            ring[s][lane + 32] = scale * src[(size_t)k * R24_SLOT + lane + 32];
            r24_arrive(&full[s]);
        }
    } else {
        const int c = warp - 1;
        const int e = c * 32 + lane;
        float acc = 0.0f;
        for (int k = 0; k < nchunks; ++k) {
            const int s = k % R24_NS;
            const int u = k / R24_NS;
            r24_wait_parity(&full[s], (unsigned)u & 1u);
            const float v = ring[s][e] + ring[s][(e + 1) & (R24_SLOT - 1)];
            if (SYNC_BEFORE_RELEASE) __syncwarp();
            if (lane == 0) r24_arrive(&empty[s]);
            acc += v * v;
        }
        out[(size_t)blockIdx.x * R24_SLOT + e] = acc;
    }
}

extern "C" __global__ void __launch_bounds__(R24_THREADS)
ws_ring_race(const float* __restrict__ in, float* __restrict__ out, int nchunks, float scale)
{
    __shared__ __align__(16) float ring[R24_NS][R24_SLOT];
    __shared__ __align__(8) uint64_t full[R24_NS];
    __shared__ __align__(8) uint64_t empty[R24_NS];
    r24_body<false>(in, out, nchunks, scale, ring, full, empty);
}

extern "C" __global__ void __launch_bounds__(R24_THREADS)
ws_ring_ok(const float* __restrict__ in, float* __restrict__ out, int nchunks, float scale)
{
    __shared__ __align__(16) float ring[R24_NS][R24_SLOT];
    __shared__ __align__(8) uint64_t full[R24_NS];
    __shared__ __align__(8) uint64_t empty[R24_NS];
    r24_body<true>(in, out, nchunks, scale, ring, full, empty);
}
