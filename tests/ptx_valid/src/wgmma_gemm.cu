// Hopper warpgroup matrix multiply (sm_90a): wgmma.mma_async with its A and B in shared memory
// through matrix descriptors and a 128-register accumulator (m64n256k16), A from registers, FP8
// inputs, the fence/commit/wait protocol around it, register reallocation between producer and
// consumer warpgroups, ldmatrix/stmatrix and the narrow conversions that feed and drain it.
#include <cstdint>
#include <cuda_bf16.h>

__device__ static inline uint32_t smem_addr(const void *p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// A shared-memory matrix descriptor: start address, leading and stride byte offsets (16-byte units),
// 128-byte swizzle.
__device__ static inline uint64_t descriptor(const void *p)
{
    const uint64_t a = smem_addr(p);
    return ((a & 0x3FFFF) >> 4) | (uint64_t(1) << 16) | (uint64_t(64) << 32) | (uint64_t(1) << 62);
}

// D[64x256] (+)= A[64x16] * B[16x256], bf16 inputs, f32 accumulators: 128 registers per thread.
__device__ static inline void mma_m64n256k16(float (&d)[128], uint64_t a, uint64_t b, int accumulate)
{
    asm volatile("{\n"
                 ".reg .pred p;\n"
                 "setp.ne.b32 p, %130, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {"
                 "%0, %1, %2, %3, %4, %5, %6, %7, "
                 "%8, %9, %10, %11, %12, %13, %14, %15, "
                 "%16, %17, %18, %19, %20, %21, %22, %23, "
                 "%24, %25, %26, %27, %28, %29, %30, %31, "
                 "%32, %33, %34, %35, %36, %37, %38, %39, "
                 "%40, %41, %42, %43, %44, %45, %46, %47, "
                 "%48, %49, %50, %51, %52, %53, %54, %55, "
                 "%56, %57, %58, %59, %60, %61, %62, %63, "
                 "%64, %65, %66, %67, %68, %69, %70, %71, "
                 "%72, %73, %74, %75, %76, %77, %78, %79, "
                 "%80, %81, %82, %83, %84, %85, %86, %87, "
                 "%88, %89, %90, %91, %92, %93, %94, %95, "
                 "%96, %97, %98, %99, %100, %101, %102, %103, "
                 "%104, %105, %106, %107, %108, %109, %110, %111, "
                 "%112, %113, %114, %115, %116, %117, %118, %119, "
                 "%120, %121, %122, %123, %124, %125, %126, %127"
                 "}, %128, %129, p, 1, 1, 0, 1;\n"
                 "}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
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
                 : "l"(a), "l"(b), "r"(accumulate));
}

// D[64x64] += A[64x16] (registers) * B[16x64], f16 inputs.
__device__ static inline void mma_m64n64k16_rs(float (&d)[32], const uint32_t (&a)[4], uint64_t b)
{
    asm volatile("wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {"
                 "%0, %1, %2, %3, %4, %5, %6, %7, "
                 "%8, %9, %10, %11, %12, %13, %14, %15, "
                 "%16, %17, %18, %19, %20, %21, %22, %23, "
                 "%24, %25, %26, %27, %28, %29, %30, %31"
                 "}, {%32, %33, %34, %35}, %36, 1, 1, 1, 1;"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
                 "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
                 "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
                 "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b));
}

// D[64x128] += A[64x32] * B[32x128], e4m3 inputs.
__device__ static inline void mma_m64n128k32_e4m3(float (&d)[64], uint64_t a, uint64_t b)
{
    asm volatile("wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {"
                 "%0, %1, %2, %3, %4, %5, %6, %7, "
                 "%8, %9, %10, %11, %12, %13, %14, %15, "
                 "%16, %17, %18, %19, %20, %21, %22, %23, "
                 "%24, %25, %26, %27, %28, %29, %30, %31, "
                 "%32, %33, %34, %35, %36, %37, %38, %39, "
                 "%40, %41, %42, %43, %44, %45, %46, %47, "
                 "%48, %49, %50, %51, %52, %53, %54, %55, "
                 "%56, %57, %58, %59, %60, %61, %62, %63"
                 "}, %64, %65, 1, 1, 1;"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
                 "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
                 "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
                 "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
                 "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
                 "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),
                 "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
                 "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
                 : "l"(a), "l"(b));
}

__global__ void __launch_bounds__(384, 1) wgmma_gemm(float *out, const __nv_bfloat16_raw *a, int ktiles)
{
    extern __shared__ __align__(1024) unsigned char smem[];
    const int warpgroup = threadIdx.x / 128;
    if (warpgroup == 0) {
        asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
        for (int i = threadIdx.x; i < 8192; i += 128)
            reinterpret_cast<uint32_t *>(smem)[i] = reinterpret_cast<const uint32_t *>(a)[i];
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
        __syncthreads();
        return;
    }
    asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
    __syncthreads();
    float acc[128];
    for (int i = 0; i < 128; i++)
        acc[i] = 0.0f;
    for (int k = 0; k < ktiles; k++) {
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
        mma_m64n256k16(acc, descriptor(smem + 1024 * (k & 7)), descriptor(smem + 16384 + 1024 * (k & 7)), k > 0);
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
    }
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
    float *o = out + (warpgroup - 1) * 128 * 128 + (threadIdx.x % 128) * 128;
    for (int i = 0; i < 128; i++)
        o[i] = acc[i];
}

__global__ void wgmma_small(float *out, const uint32_t *frag)
{
    extern __shared__ __align__(1024) unsigned char smem[];
    float acc[32] = {}, acc8[64] = {};
    const uint32_t a[4] = {frag[threadIdx.x], frag[threadIdx.x + 128], frag[threadIdx.x + 256], frag[threadIdx.x + 384]};
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
    mma_m64n64k16_rs(acc, a, descriptor(smem));
    mma_m64n128k32_e4m3(acc8, descriptor(smem + 4096), descriptor(smem + 8192));
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
    // Drain: pack to bf16 and fp8 pairs, store the tile with stmatrix, read it back with ldmatrix.
    uint32_t packed[4];
    uint16_t fp8[2];
    for (int i = 0; i < 4; i++)
        asm("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(packed[i]) : "f"(acc[2 * i + 1]), "f"(acc[2 * i]));
    asm("cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;" : "=h"(fp8[0]) : "f"(acc8[1]), "f"(acc8[0]));
    asm("cvt.rn.satfinite.e5m2x2.f32 %0, %1, %2;" : "=h"(fp8[1]) : "f"(acc8[3]), "f"(acc8[2]));
    uint32_t widened, halves, relu;
    asm("cvt.rn.f16x2.e4m3x2 %0, %1;" : "=r"(widened) : "h"(fp8[0]));
    asm("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(halves) : "f"(acc[9]), "f"(acc[8]));
    asm("cvt.rn.relu.bf16x2.f32 %0, %1, %2;" : "=r"(relu) : "f"(acc[11]), "f"(acc[10]));
    const uint32_t tile = smem_addr(smem + 16384 + 16 * (threadIdx.x % 32));
    __syncthreads();
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(tile), "r"(packed[0]),
                 "r"(packed[1]), "r"(packed[2]), "r"(packed[3])
                 : "memory");
    asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared::cta.b16 [%0], {%1, %2};" ::"r"(tile + 1024),
                 "r"(widened), "r"(halves)
                 : "memory");
    __syncwarp();
    uint32_t back[4];
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(back[0]), "=r"(back[1]), "=r"(back[2]), "=r"(back[3])
                 : "r"(tile)
                 : "memory");
    uint32_t back_t;
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared::cta.b16 {%0}, [%1];"
                 : "=r"(back_t)
                 : "r"(tile + 1024)
                 : "memory");
    out[threadIdx.x] = __uint_as_float(back[0] ^ back[1] ^ back[2] ^ back[3] ^ back_t ^ relu);
}
