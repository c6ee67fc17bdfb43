#!/usr/bin/env python3
"""Writes the four sm90_wgmma_*.cu sources of this folder (their inline-PTX operand lists run to 128
accumulators, too long to keep by hand). usage: python3 ptx_corpus/src/wgmma_gen.py ptx_corpus/src"""
import sys

HDR = r'''// wgmma on Hopper (sm_90a), written with inline PTX: one warp group (128 threads) computes a
// 64 x {N} tile of C = A * Bt^T ({IN} inputs, f32 accumulators: {NACC} registers per thread).
// A is 64 x K, row-major, {ASRC};
// Bt is {N} x K, row-major (K-major), from shared memory.
// K = 64: four k16 steps.
// Shared tiles use the no-swizzle core-matrix layout: 8 rows x 16 bytes per core matrix, the two
// core matrices of a row group side by side (leading byte offset 128), row groups 256 bytes apart
// (stride byte offset 256). Generic-proxy stores are made visible to the async proxy with
// fence.proxy.async before the barrier; wgmma.fence / commit_group / wait_group bracket the MMAs.
// The element-by-element staging stores of a warp land on four words of each bank (4-way bank
// conflicts; production kernels use TMA and swizzled layouts). Deleting the barrier after staging
// (a corpus mutant of the m64n64 kernel) lets wgmma read tiles other threads are still writing.
#include <{HEADER}>
#include <cstdint>
#define N {N}
#define KSTEPS 4
__device__ __forceinline__ uint32_t smem_addr(const void *p) {{ return (uint32_t)__cvta_generic_to_shared(p); }}

// matrix descriptor: start address, leading and stride byte offsets (all >> 4), no swizzle
__device__ __forceinline__ uint64_t make_desc(const void *smem, uint32_t lbo, uint32_t sbo)
{{
    uint64_t d = (smem_addr(smem) & 0x3FFFFu) >> 4;
    d |= (uint64_t)((lbo >> 4) & 0x3FFFu) << 16;
    d |= (uint64_t)((sbo >> 4) & 0x3FFFu) << 32;
    return d;
}}

// byte offset of element (r, k) of an R x 16 slice in the core-matrix layout
__device__ __forceinline__ int core_offset(int r, int k) {{ return ((r >> 3) * 2 + (k >> 3)) * 128 + (r & 7) * 16 + (k & 7) * 2; }}
'''

def operand_list(first, count):
    return ", ".join("%%%d" % (first + i) for i in range(count))

def acc_constraints(count):
    lines = []
    for i in range(0, count, 8):
        lines.append("          " + ", ".join('"+f"(d[%d])' % (i + j) for j in range(8)))
    return ",\n".join(lines)

def mma_asm(shape, types, nacc, rs):
    dl = operand_list(0, nacc)
    if rs:
        a = "{%%%d, %%%d, %%%d, %%%d}" % (nacc, nacc + 1, nacc + 2, nacc + 3)
        b = "%%%d" % (nacc + 4)
        p = nacc + 5
        tail = "p, 1, 1, 0"
        ins = '"r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(1)'
    else:
        a = "%%%d" % nacc
        b = "%%%d" % (nacc + 1)
        p = nacc + 2
        tail = "p, 1, 1, 0, 0"
        ins = '"l"(desc_a), "l"(desc_b), "r"(1)'
    s = '    asm volatile("{\\n"\n'
    s += '                 ".reg .pred p;\\n"\n'
    s += '                 "setp.ne.b32 p, %%%d, 0;\\n"\n' % p
    s += '                 "wgmma.mma_async.sync.aligned.%s.f32.%s "\n' % (shape, types)
    # wrap the d list
    regs = ["%%%d" % i for i in range(nacc)]
    chunks = [", ".join(regs[i:i + 16]) for i in range(0, nacc, 16)]
    s += '                 "{"\n'
    for ci, c in enumerate(chunks):
        s += '                 "%s%s"\n' % (c, "," if ci < len(chunks) - 1 else "")
    s += '                 "}, %s, %s, %s;\\n"\n' % (a, b, tail)
    s += '                 "}\\n"\n'
    s += '                 :\n%s\n' % acc_constraints(nacc)
    s += '                 : %s);\n' % ins
    return s

def kernel(name, n, elem, header, shape_types, rs):
    nacc = n // 2
    t = HDR.format(N=n, IN=("bf16" if elem == "__nv_bfloat16" else "f16"), NACC=nacc,
                   ASRC=("loaded straight into the A fragment registers" if rs else "from shared memory"),
                   HEADER=header)
    t += "\n"
    t += "__device__ __forceinline__ void mma_step(float *d, %s)\n{\n" % (
        "const uint32_t *a, uint64_t desc_b" if rs else "uint64_t desc_a, uint64_t desc_b")
    t += mma_asm("m64n%dk16" % n, shape_types, nacc, rs)
    t += "}\n\n"
    t += 'extern "C" __global__ void __launch_bounds__(128) %s(const %s *A, const %s *Bt, float *C, int ldc)\n{\n' % (name, elem, elem)
    if not rs:
        t += "    __shared__ __align__(128) %s As[KSTEPS][64 * 16];\n" % elem
    t += "    __shared__ __align__(128) %s Bs[KSTEPS][N * 16];\n" % elem
    t += "    int tid = threadIdx.x;\n"
    t += "    const %s *a_tile = A + (size_t)blockIdx.y * 64 * (16 * KSTEPS);\n" % elem
    t += "    const %s *b_tile = Bt + (size_t)blockIdx.x * N * (16 * KSTEPS);\n" % elem
    t += "    // stage the operands: element (r, 16 s + k) goes to slice s at core_offset(r, k)\n"
    if not rs:
        t += "    for (int e = tid; e < 64 * 16 * KSTEPS; e += 128) {\n"
        t += "        int r = e / (16 * KSTEPS), kk = e % (16 * KSTEPS);\n"
        t += "        *reinterpret_cast<%s *>(reinterpret_cast<char *>(As[kk / 16]) + core_offset(r, kk %% 16)) = a_tile[e];\n" % elem
        t += "    }\n"
    t += "    for (int e = tid; e < N * 16 * KSTEPS; e += 128) {\n"
    t += "        int r = e / (16 * KSTEPS), kk = e % (16 * KSTEPS);\n"
    t += "        *reinterpret_cast<%s *>(reinterpret_cast<char *>(Bs[kk / 16]) + core_offset(r, kk %% 16)) = b_tile[e];\n" % elem
    t += "    }\n"
    t += '    asm volatile("fence.proxy.async.shared::cta;\\n" ::: "memory");\n'
    t += "    __syncthreads();\n"
    t += "    float d[%d];\n" % nacc
    t += "#pragma unroll\n    for (int i = 0; i < %d; i++)\n        d[i] = 0.0f;\n" % nacc
    t += "    int warp = tid >> 5, lane = tid & 31;\n"
    if rs:
        t += "    // A fragment of warp w: rows 16 w + lane / 4 (+ 8), columns 2 (lane % 4) (+ 8) of each k16 step\n"
        t += "    int ar = 16 * warp + (lane >> 2), ac = 2 * (lane & 3);\n"
        t += "    uint32_t a[KSTEPS][4];\n"
        t += "#pragma unroll\n    for (int s = 0; s < KSTEPS; s++) {\n"
        t += "        const %s *base = a_tile + 16 * s + ac;\n" % elem
        t += "        a[s][0] = *reinterpret_cast<const uint32_t *>(base + (size_t)ar * 16 * KSTEPS);\n"
        t += "        a[s][1] = *reinterpret_cast<const uint32_t *>(base + (size_t)(ar + 8) * 16 * KSTEPS);\n"
        t += "        a[s][2] = *reinterpret_cast<const uint32_t *>(base + (size_t)ar * 16 * KSTEPS + 8);\n"
        t += "        a[s][3] = *reinterpret_cast<const uint32_t *>(base + (size_t)(ar + 8) * 16 * KSTEPS + 8);\n"
        t += "    }\n"
    t += '    asm volatile("wgmma.fence.sync.aligned;\\n" ::: "memory");\n'
    t += "#pragma unroll\n    for (int s = 0; s < KSTEPS; s++)\n"
    if rs:
        t += "        mma_step(d, a[s], make_desc(Bs[s], 128, 256));\n"
    else:
        t += "        mma_step(d, make_desc(As[s], 128, 256), make_desc(Bs[s], 128, 256));\n"
    t += '    asm volatile("wgmma.commit_group.sync.aligned;\\n" ::: "memory");\n'
    t += '    asm volatile("wgmma.wait_group.sync.aligned 0;\\n" ::: "memory");\n'
    t += "    // accumulator layout: pair j holds row 16 w + lane / 4 (and + 8), columns 8 j + 2 (lane % 4) + {0, 1}\n"
    t += "    float *c = C + (size_t)(blockIdx.y * 64 + 16 * warp + (lane >> 2)) * ldc + blockIdx.x * N + 2 * (lane & 3);\n"
    t += "#pragma unroll\n    for (int j = 0; j < N / 8; j++) {\n"
    t += "        *reinterpret_cast<float2 *>(c + 8 * j) = make_float2(d[4 * j], d[4 * j + 1]);\n"
    t += "        *reinterpret_cast<float2 *>(c + 8 * ldc + 8 * j) = make_float2(d[4 * j + 2], d[4 * j + 3]);\n"
    t += "    }\n}\n"
    return t

specs = [
    ("sm90_wgmma_m64n64k16_bf16", 64, "__nv_bfloat16", "cuda_bf16.h", "bf16.bf16", False),
    ("sm90_wgmma_m64n128k16_f16", 128, "half", "cuda_fp16.h", "f16.f16", False),
    ("sm90_wgmma_m64n256k16_bf16", 256, "__nv_bfloat16", "cuda_bf16.h", "bf16.bf16", False),
    ("sm90_wgmma_rs_m64n64k16_bf16", 64, "__nv_bfloat16", "cuda_bf16.h", "bf16.bf16", True),
]
out = sys.argv[1]
for name, n, elem, header, types, rs in specs:
    open("%s/%s.cu" % (out, name), "w").write(kernel(name, n, elem, header, types, rs))
