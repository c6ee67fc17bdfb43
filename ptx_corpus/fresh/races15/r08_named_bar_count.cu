// arch: sm_80
// r08_named_bar_count.cu
// Two independent producer/consumer groups per block, synchronised with
// named barriers (bar.arrive / bar.sync, CUTLASS NamedBarrier style).
//   group g = warp >> 2 (warps 0-3 -> group 0, warps 4-7 -> group 1)
//   in each group: warps 0,1 (of the group) produce, warps 2,3 consume
//   group g uses FULL barrier id 1+2g and EMPTY barrier id 2+2g
//   and its private buffer buf[g][0..127].
// Every group has 128 participating threads on each of its barriers.
//
// Launch (both kernels): blockDim = (256,1,1), gridDim = (256,1,1),
//   nchunks = 16; in holds gridDim*2*nchunks*128 floats, out gridDim*2*64.
//   No dynamic shared memory.

#define R08_THREADS 256

__device__ __forceinline__ void r08_bar_sync(int id, int count)
{
    asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(count) : "memory");
}
__device__ __forceinline__ void r08_bar_arrive(int id, int count)
{
    asm volatile("bar.arrive %0, %1;" :: "r"(id), "r"(count) : "memory");
}

template <int FULL_COUNT>
__device__ __forceinline__ void r08_body(const float* __restrict__ in,
                                         float* __restrict__ out, int nchunks,
                                         float (*buf)[128])
{
    const int tid  = threadIdx.x;
    const int warp = tid >> 5;
    const int g    = warp >> 2;
    const int gt   = tid & 127;                 // thread index inside the group
    const bool producer = (warp & 3) < 2;
    const int full_id  = 1 + 2 * g;
    const int empty_id = 2 + 2 * g;
    const float* src = in + (size_t)(blockIdx.x * 2 + g) * nchunks * 128;

    float acc0 = 0.0f, acc1 = 0.0f;
    for (int c = 0; c < nchunks; ++c) {
        if (producer) {
            if (c > 0) r08_bar_sync(empty_id, 128);
            buf[g][gt]      = src[c * 128 + gt];
            buf[g][gt + 64] = src[c * 128 + gt + 64];
            r08_bar_arrive(full_id, FULL_COUNT);
        } else {
            const int ct = gt - 64;
            r08_bar_sync(full_id, FULL_COUNT);
            acc0 += buf[g][ct] * buf[g][127 - ct];
            acc1 += buf[g][ct + 64];
            if (c + 1 < nchunks) r08_bar_arrive(empty_id, 128);
        }
    }
    if (!producer)
        out[(blockIdx.x * 2 + g) * 64 + (gt - 64)] = acc0 + acc1;
}

extern "C" __global__ void __launch_bounds__(R08_THREADS)
group_pipeline_race(const float* __restrict__ in, float* __restrict__ out, int nchunks)
{
    __shared__ float buf[2][128];
    r08_body<64>(in, out, nchunks, buf);      // FULL barrier count 64
}

extern "C" __global__ void __launch_bounds__(R08_THREADS)
group_pipeline_ok(const float* __restrict__ in, float* __restrict__ out, int nchunks)
{
    __shared__ float buf[2][128];
    r08_body<128>(in, out, nchunks, buf);     // FULL barrier count 128
}
