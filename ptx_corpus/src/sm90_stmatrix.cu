// Transposes 16 x 16 tiles of half values with ldmatrix / stmatrix (sm_90a): each warp loads a
// tile from shared memory as four 8x8 fragments with ldmatrix.x4 and writes it back transposed
// with stmatrix.x4.trans into a second buffer, which then goes to global memory.
// The 16-half rows are 32 bytes apart, so rows r and r + 4 of each 8x8 fragment share banks:
// ldmatrix and stmatrix run with 2-way bank conflicts (a swizzled layout would avoid them).
#include <cuda_fp16.h>
#include <cstdint>
#define WARPS 4
__device__ __forceinline__ uint32_t smem_addr(const void *p) { return (uint32_t)__cvta_generic_to_shared(p); }

extern "C" __global__ void __launch_bounds__(WARPS * 32) sm90_stmatrix(const half *in, half *out, int ntiles)
{
    __shared__ __align__(16) half src[WARPS][16][16];
    __shared__ __align__(16) half dst[WARPS][16][16];
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int tile = blockIdx.x * WARPS + warp;
    if (tile >= ntiles)
        return;
    const uint4 *g = reinterpret_cast<const uint4 *>(in + (size_t)tile * 256);
    // 32 lanes x 16 bytes = one 16 x 16 tile
    reinterpret_cast<uint4 *>(&src[warp][0][0])[lane] = g[lane];
    __syncwarp();
    // lanes 0-15 address the rows of the left 8 columns, lanes 16-31 those of the right 8
    uint32_t row_addr = smem_addr(&src[warp][lane & 15][(lane >> 4) * 8]);
    uint32_t r0, r1, r2, r3;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                 : "r"(row_addr));
    uint32_t out_addr = smem_addr(&dst[warp][lane & 15][(lane >> 4) * 8]);
    asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};\n" ::"r"(out_addr), "r"(r0),
                 "r"(r2), "r"(r1), "r"(r3)
                 : "memory");
    __syncwarp();
    reinterpret_cast<uint4 *>(out + (size_t)tile * 256)[lane] = reinterpret_cast<const uint4 *>(&dst[warp][0][0])[lane];
}
