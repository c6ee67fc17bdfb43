// arch: sm_90a
// Launch: blockDim = (96,1,1): warp 0 = producer, warps 1-2 = consumers;
//         gridDim = (any,1,1); ntiles >= 3. Block b handles tiles
//         q[(b*ntiles + t)*512 ..], t < ntiles.
//         Warp-specialised dequantisation pipeline: the producer warp dequantises an
//         int8 tile into a 2-slot shared ring with ordinary st.shared and every
//         producer lane arrives on full[s] (count 32). Consumer threads wait on
//         full[s], each reads 8 consecutive floats (written by 8 different producer
//         lanes) and dots them with x; the slot is released through empty[s]
//         (count 2: one elected arrive per consumer warp).
//         All barriers are raw mbarrier objects driven by inline PTX.

#include <cstdint>

#define WS_TILE   512
#define WS_STAGES 2

__device__ __forceinline__ uint32_t ws_smem(const void* p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void ws_init(uint64_t* bar, uint32_t count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" :: "r"(ws_smem(bar)), "r"(count) : "memory");
}
__device__ __forceinline__ void ws_arrive(uint64_t* bar)
{
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" :: "r"(ws_smem(bar)) : "memory");
}
__device__ __forceinline__ void ws_wait(uint64_t* bar, uint32_t parity)
{
    uint32_t done = 0;
    while (!done) {
        asm volatile("{\n"
                     " .reg .pred p;\n"
                     " mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                     " selp.u32 %0, 1, 0, p;\n"
                     "}\n"
                     : "=r"(done) : "r"(ws_smem(bar)), "r"(parity) : "memory");
    }
}

extern "C" __global__ void
dequant_dot_ws_race(const signed char* __restrict__ q, const float* __restrict__ scales,
                    const float* __restrict__ xvec, float* __restrict__ out, int ntiles)
{
    __shared__ __align__(16) float ring[WS_STAGES][WS_TILE];
    __shared__ __align__(8) uint64_t full[WS_STAGES], empty[WS_STAGES];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const size_t tile0 = (size_t)blockIdx.x * ntiles;

    if (tid == 0) {
        for (int s = 0; s < WS_STAGES; ++s) { ws_init(&full[s], 32); ws_init(&empty[s], 2); }
        asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
    }
    __syncthreads();

    if (warp == 0) {
        for (int t = 0; t < ntiles; ++t) {
            const int s = t % WS_STAGES;
            if (t >= WS_STAGES) ws_wait(&empty[s], ((t / WS_STAGES) - 1) & 1);
            const float sc = scales[tile0 + t];
            const signed char* qt = q + (tile0 + t) * WS_TILE;
            for (int i = lane; i < WS_TILE; i += 32) ring[s][i] = sc * (float)qt[i];
            ws_arrive(&full[s]);
        }
    } else {
        const int c = tid - 32;                 // 0..63
        for (int t = 0; t < ntiles; ++t) {
            const int s = t % WS_STAGES;
            ws_wait(&full[s], (t / WS_STAGES) & 1);
            float acc = 0.0f;
#pragma unroll
            for (int j = 0; j < 8; ++j) acc += ring[s][c * 8 + j] * xvec[c * 8 + j];
            out[(tile0 + t) * 64 + c] = acc;
            if (lane == 0) ws_arrive(&empty[s]);
        }
    }
}

extern "C" __global__ void
dequant_dot_ws_ok(const signed char* __restrict__ q, const float* __restrict__ scales,
                  const float* __restrict__ xvec, float* __restrict__ out, int ntiles)
{
    __shared__ __align__(16) float ring[WS_STAGES][WS_TILE];
    __shared__ __align__(8) uint64_t full[WS_STAGES], empty[WS_STAGES];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const size_t tile0 = (size_t)blockIdx.x * ntiles;

    if (tid == 0) {
        for (int s = 0; s < WS_STAGES; ++s) { ws_init(&full[s], 32); ws_init(&empty[s], 2); }
        asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
    }
    __syncthreads();

    if (warp == 0) {
        for (int t = 0; t < ntiles; ++t) {
            const int s = t % WS_STAGES;
            if (t >= WS_STAGES) ws_wait(&empty[s], ((t / WS_STAGES) - 1) & 1);
            const float sc = scales[tile0 + t];
            const signed char* qt = q + (tile0 + t) * WS_TILE;
            for (int i = lane; i < WS_TILE; i += 32) ring[s][i] = sc * (float)qt[i];
            ws_arrive(&full[s]);
        }
    } else {
        const int c = tid - 32;                 // 0..63
        for (int t = 0; t < ntiles; ++t) {
            const int s = t % WS_STAGES;
            ws_wait(&full[s], (t / WS_STAGES) & 1);
            float acc = 0.0f;
#pragma unroll
            for (int j = 0; j < 8; ++j) acc += ring[s][c * 8 + j] * xvec[c * 8 + j];
            out[(tile0 + t) * 64 + c] = acc;
            __syncwarp();
            if (lane == 0) ws_arrive(&empty[s]);
        }
    }
}
