// r23_warp_specialized_pc.cu
// Warp-specialised producer/consumer pipeline: warp 0 copies 384-float tiles
// from global into a two-slot shared ring, warps 1-3 (96 threads) apply a
// scale/shift + GELU and store the result.  Hand-off uses named barriers with
// split arrive/sync (bar.arrive / bar.sync id, 128): FULL[s] = 1+s (producer
// arrives, consumers sync), EMPTY[s] = 3+s (consumers arrive, producer syncs).
//
// Launch (both kernels): blockDim = 128 (BLOCK); gridDim = number of chunks;
//   ntiles >= 3 (so that slot reuse happens);
//   block b processes in[b*ntiles*384 .. (b+1)*ntiles*384).
#define BLOCK 128
#define TILE 384                  // 96 consumer threads x one float4
#define BAR_FULL0 1
#define BAR_EMPTY0 3

__device__ __forceinline__ void bar_sync_n(int id, int n)
{
    asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(n) : "memory");
}
__device__ __forceinline__ void bar_arrive_n(int id, int n)
{
    asm volatile("bar.arrive %0, %1;" :: "r"(id), "r"(n) : "memory");
}
__device__ __forceinline__ float gelu(float v)
{
    return 0.5f * v * (1.f + tanhf(0.7978845608f * (v + 0.044715f * v * v * v)));
}

extern "C" __global__ void __launch_bounds__(BLOCK)
warp_specialized_pc_race(const float* __restrict__ in, float* __restrict__ out,
                         int ntiles, float scale, float shift)
{
    __shared__ __align__(16) float buf[2][TILE];
    const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
    const float* src = in + (size_t)blockIdx.x * ntiles * TILE;
    float* dst = out + (size_t)blockIdx.x * ntiles * TILE;

    if (warp == 0) {                                   // producer
        for (int t = 0; t < ntiles; ++t) {
            const int s = t & 1;
            if (t >= 2) bar_sync_n(BAR_EMPTY0 + s, BLOCK);      // slot s released by tile t-2
            const float4* g = reinterpret_cast<const float4*>(src + (size_t)t * TILE);
            for (int i = lane; i < TILE / 4; i += 32)
                reinterpret_cast<float4*>(buf[s])[i] = g[i];
            bar_arrive_n(BAR_FULL0 + s, BLOCK);
        }
    } else {                                           // consumers
        const int ct = tid - 32;
        for (int t = 0; t < ntiles; ++t) {
            const int s = t & 1;
            bar_sync_n(BAR_FULL0 + s, BLOCK);
            if (t + 2 < ntiles) bar_arrive_n(BAR_EMPTY0 + s, BLOCK);   // slot released before it is read
            float4 v = reinterpret_cast<const float4*>(buf[s])[ct];
            v.x = gelu(fmaf(v.x, scale, shift));
            v.y = gelu(fmaf(v.y, scale, shift));
            v.z = gelu(fmaf(v.z, scale, shift));
            v.w = gelu(fmaf(v.w, scale, shift));
            reinterpret_cast<float4*>(dst + (size_t)t * TILE)[ct] = v;
        }
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
warp_specialized_pc_ok(const float* __restrict__ in, float* __restrict__ out,
                       int ntiles, float scale, float shift)
{
    __shared__ __align__(16) float buf[2][TILE];
    const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
    const float* src = in + (size_t)blockIdx.x * ntiles * TILE;
    float* dst = out + (size_t)blockIdx.x * ntiles * TILE;

    if (warp == 0) {                                   // producer
        for (int t = 0; t < ntiles; ++t) {
            const int s = t & 1;
            if (t >= 2) bar_sync_n(BAR_EMPTY0 + s, BLOCK);
            const float4* g = reinterpret_cast<const float4*>(src + (size_t)t * TILE);
            for (int i = lane; i < TILE / 4; i += 32)
                reinterpret_cast<float4*>(buf[s])[i] = g[i];
            bar_arrive_n(BAR_FULL0 + s, BLOCK);
        }
    } else {                                           // consumers
        const int ct = tid - 32;
        for (int t = 0; t < ntiles; ++t) {
            const int s = t & 1;
            bar_sync_n(BAR_FULL0 + s, BLOCK);
            float4 v = reinterpret_cast<const float4*>(buf[s])[ct];
            if (t + 2 < ntiles) bar_arrive_n(BAR_EMPTY0 + s, BLOCK);   // release after the read
            v.x = gelu(fmaf(v.x, scale, shift));
            v.y = gelu(fmaf(v.y, scale, shift));
            v.z = gelu(fmaf(v.z, scale, shift));
            v.w = gelu(fmaf(v.w, scale, shift));
            reinterpret_cast<float4*>(dst + (size_t)t * TILE)[ct] = v;
        }
    }
}
