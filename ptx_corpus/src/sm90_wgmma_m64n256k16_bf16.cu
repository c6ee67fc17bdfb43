// wgmma on Hopper (sm_90a), written with inline PTX: one warp group (128 threads) computes a
// 64 x 256 tile of C = A * Bt^T (bf16 inputs, f32 accumulators: 128 registers per thread).
// A is 64 x K, row-major, from shared memory;
// Bt is 256 x K, row-major (K-major), from shared memory.
// K = 64: four k16 steps.
// Shared tiles use the no-swizzle core-matrix layout: 8 rows x 16 bytes per core matrix, the two
// core matrices of a row group side by side (leading byte offset 128), row groups 256 bytes apart
// (stride byte offset 256). Generic-proxy stores are made visible to the async proxy with
// fence.proxy.async before the barrier; wgmma.fence / commit_group / wait_group bracket the MMAs.
// The element-by-element staging stores of a warp land on four words of each bank (4-way bank
// conflicts; production kernels use TMA and swizzled layouts). Deleting the barrier after staging
// (a corpus mutant of the m64n64 kernel) lets wgmma read tiles other threads are still writing.
#include <cuda_bf16.h>
#include <cstdint>
#define N 256
#define KSTEPS 4
__device__ __forceinline__ uint32_t smem_addr(const void *p) { return (uint32_t)__cvta_generic_to_shared(p); }

// matrix descriptor: start address, leading and stride byte offsets (all >> 4), no swizzle
__device__ __forceinline__ uint64_t make_desc(const void *smem, uint32_t lbo, uint32_t sbo)
{
    uint64_t d = (smem_addr(smem) & 0x3FFFFu) >> 4;
    d |= (uint64_t)((lbo >> 4) & 0x3FFFu) << 16;
    d |= (uint64_t)((sbo >> 4) & 0x3FFFu) << 32;
    return d;
}

// byte offset of element (r, k) of an R x 16 slice in the core-matrix layout
__device__ __forceinline__ int core_offset(int r, int k) { return ((r >> 3) * 2 + (k >> 3)) * 128 + (r & 7) * 16 + (k & 7) * 2; }

__device__ __forceinline__ void mma_step(float *d, uint64_t desc_a, uint64_t desc_b)
{
    asm volatile("{\n"
                 ".reg .pred p;\n"
                 "setp.ne.b32 p, %130, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 "
                 "{"
                 "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15,"
                 "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31,"
                 "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47,"
                 "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63,"
                 "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79,"
                 "%80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95,"
                 "%96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111,"
                 "%112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127"
                 "}, %128, %129, p, 1, 1, 0, 0;\n"
                 "}\n"
                 :
          "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
          "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
          "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
          "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
          "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
          "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),
          "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
          "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]),
          "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]),
          "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]),
          "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]),
          "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]),
          "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]),
          "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]),
          "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]),
          "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
                 : "l"(desc_a), "l"(desc_b), "r"(1));
}

extern "C" __global__ void __launch_bounds__(128) sm90_wgmma_m64n256k16_bf16(const __nv_bfloat16 *A, const __nv_bfloat16 *Bt, float *C, int ldc)
{
    __shared__ __align__(128) __nv_bfloat16 As[KSTEPS][64 * 16];
    __shared__ __align__(128) __nv_bfloat16 Bs[KSTEPS][N * 16];
    int tid = threadIdx.x;
    const __nv_bfloat16 *a_tile = A + (size_t)blockIdx.y * 64 * (16 * KSTEPS);
    const __nv_bfloat16 *b_tile = Bt + (size_t)blockIdx.x * N * (16 * KSTEPS);
    // stage the operands: element (r, 16 s + k) goes to slice s at core_offset(r, k)
    for (int e = tid; e < 64 * 16 * KSTEPS; e += 128) {
        int r = e / (16 * KSTEPS), kk = e % (16 * KSTEPS);
        *reinterpret_cast<__nv_bfloat16 *>(reinterpret_cast<char *>(As[kk / 16]) + core_offset(r, kk % 16)) = a_tile[e];
    }
    for (int e = tid; e < N * 16 * KSTEPS; e += 128) {
        int r = e / (16 * KSTEPS), kk = e % (16 * KSTEPS);
        *reinterpret_cast<__nv_bfloat16 *>(reinterpret_cast<char *>(Bs[kk / 16]) + core_offset(r, kk % 16)) = b_tile[e];
    }
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    float d[128];
#pragma unroll
    for (int i = 0; i < 128; i++)
        d[i] = 0.0f;
    int warp = tid >> 5, lane = tid & 31;
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int s = 0; s < KSTEPS; s++)
        mma_step(d, make_desc(As[s], 128, 256), make_desc(Bs[s], 128, 256));
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
    // accumulator layout: pair j holds row 16 w + lane / 4 (and + 8), columns 8 j + 2 (lane % 4) + {0, 1}
    float *c = C + (size_t)(blockIdx.y * 64 + 16 * warp + (lane >> 2)) * ldc + blockIdx.x * N + 2 * (lane & 3);
#pragma unroll
    for (int j = 0; j < N / 8; j++) {
        *reinterpret_cast<float2 *>(c + 8 * j) = make_float2(d[4 * j], d[4 * j + 1]);
        *reinterpret_cast<float2 *>(c + 8 * ldc + 8 * j) = make_float2(d[4 * j + 2], d[4 * j + 3]);
    }
}
