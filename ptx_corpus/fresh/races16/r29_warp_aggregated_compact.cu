// arch: sm_80
// Launch: blockDim = (256,1,1) (8 warps), gridDim = (n/1024,1,1), n % 1024 == 0.
//         Stream compaction (keep x > thresh) of 1024 elements per block into a
//         block-local shared buffer using warp-aggregated atomics: per warp and item,
//         one leader lane reserves space with a single atomicAdd on the shared counter
//         and broadcasts the base offset to its warp through shared memory; lanes then
//         scatter with a ballot rank. The compacted block segment and its length are
//         written to out[blockIdx.x*1024 ..] / counts[blockIdx.x]. Labels hold for
//         inputs with at least one kept element in two different warps of a block.

#define WA_ITEMS 4
#define WA_CAP   (256 * WA_ITEMS)

extern "C" __global__ void
compact_warp_agg_race(const float* __restrict__ x, float thresh,
                      float* __restrict__ out, int* __restrict__ counts)
{
    __shared__ int   s_count;
    __shared__ int   s_base;
    __shared__ float s_buf[WA_CAP];
    const int tid = threadIdx.x, lane = tid & 31;
    const unsigned lt = (1u << lane) - 1u;

    if (tid == 0) s_count = 0;
    __syncthreads();

    for (int it = 0; it < WA_ITEMS; ++it) {
        const float v = x[(size_t)blockIdx.x * WA_CAP + it * 256 + tid];
        const bool keep = v > thresh;
        const unsigned m = __ballot_sync(0xffffffffu, keep);
        if (m != 0u) {
            const int leader = __ffs(m) - 1;
            if (lane == leader) s_base = atomicAdd(&s_count, __popc(m));
            __syncwarp();
            const int pos = s_base + __popc(m & lt);
            if (keep) s_buf[pos] = v;
            __syncwarp();
        }
    }
    __syncthreads();

    const int total = s_count;
    for (int j = tid; j < total; j += blockDim.x) out[(size_t)blockIdx.x * WA_CAP + j] = s_buf[j];
    if (tid == 0) counts[blockIdx.x] = total;
}

extern "C" __global__ void __launch_bounds__(256)
compact_warp_agg_ok(const float* __restrict__ x, float thresh,
                    float* __restrict__ out, int* __restrict__ counts)
{
    __shared__ int   s_count;
    __shared__ int   s_base[8];
    __shared__ float s_buf[WA_CAP];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const unsigned lt = (1u << lane) - 1u;

    if (tid == 0) s_count = 0;
    __syncthreads();

    for (int it = 0; it < WA_ITEMS; ++it) {
        const float v = x[(size_t)blockIdx.x * WA_CAP + it * 256 + tid];
        const bool keep = v > thresh;
        const unsigned m = __ballot_sync(0xffffffffu, keep);
        if (m != 0u) {
            const int leader = __ffs(m) - 1;
            if (lane == leader) s_base[warp] = atomicAdd(&s_count, __popc(m));
            __syncwarp();
            const int pos = s_base[warp] + __popc(m & lt);
            if (keep) s_buf[pos] = v;
            __syncwarp();
        }
    }
    __syncthreads();

    const int total = s_count;
    for (int j = tid; j < total; j += blockDim.x) out[(size_t)blockIdx.x * WA_CAP + j] = s_buf[j];
    if (tid == 0) counts[blockIdx.x] = total;
}
