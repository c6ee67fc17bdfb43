-- PTX for NVIDIA GPUs. Each primitive is one or more instructions: %0 is the result register,
-- %1.. the operands, %P a scratch predicate. Rounding modifiers are explicit (.rn), and no
-- .ftz: subnormals are kept, so the results match the CPU targets that fuse multiply-add.
target "ptx" {
  kind = "ptx",
  backend = "cuda", -- the runtime backend that loads this code
  version = "6.3", -- the lowest PTX ISA version that accepts .target sm_75
  sm = "sm_75", -- the oldest GPU the runtime supports
  check_archs = { "compute_75", "sm_80", "sm_90" }, -- ptxas must accept every file for each of these
  block = 256, -- threads per block of every kernel
  regs = { f32 = "%f", i32 = "%r", mask = "%p" },
  decl = { f32 = ".f32", i32 = ".b32", mask = ".pred" },
  prims = {
    add = "add.rn.f32 %0, %1, %2;", sub = "sub.rn.f32 %0, %1, %2;", mul = "mul.rn.f32 %0, %1, %2;",
    div = "div.rn.f32 %0, %1, %2;", fma = "fma.rn.f32 %0, %1, %2, %3;", muladd = "fma.rn.f32 %0, %1, %2, %3;",
    neg = "neg.f32 %0, %1;", abs = "abs.f32 %0, %1;", sqrt = "sqrt.rn.f32 %0, %1;",
    -- max.f32 returns the non-NaN operand; the primitive returns b on NaN, so compare and select.
    max = "setp.gt.f32 %P, %1, %2;\nselp.f32 %0, %1, %2, %P;",
    min = "setp.lt.f32 %P, %1, %2;\nselp.f32 %0, %1, %2, %P;",
    cmp_lt = "setp.lt.f32 %0, %1, %2;", cmp_le = "setp.le.f32 %0, %1, %2;",
    cmp_gt = "setp.gt.f32 %0, %1, %2;", cmp_ge = "setp.ge.f32 %0, %1, %2;",
    select = "selp.f32 %0, %2, %3, %1;", iselect = "selp.b32 %0, %2, %3, %1;",
    cmp_eq = "setp.eq.f32 %0, %1, %2;", icmp_lt = "setp.lt.s32 %0, %1, %2;",
    mask_and = "and.pred %0, %1, %2;", mask_or = "or.pred %0, %1, %2;",
    iand = "and.b32 %0, %1, %2;", ior = "or.b32 %0, %1, %2;", to_f32 = "cvt.rn.f32.s32 %0, %1;",
    as_i32 = "mov.b32 %0, %1;", as_f32 = "mov.b32 %0, %1;",
    iadd = "add.s32 %0, %1, %2;", isub = "sub.s32 %0, %1, %2;",
    shl = "shl.b32 %0, %1, %2;", sra = "shr.s32 %0, %1, %2;", to_i32 = "cvt.rzi.s32.f32 %0, %1;",
  },
}
