-- GLSL 4.50 compute shaders, compiled to SPIR-V for Vulkan. Each primitive is an expression.
-- Vulkan lets an implementation compute division within 2.5 ulp, square root as 1 / inversesqrt,
-- fma as a multiply then an add (two roundings), and flush subnormals. `relaxed` states what the
-- tests allow on this target beyond an op's contract: relaxed.ulp per primitive, summed over the
-- primitives an op uses, is added to the op's ulp bound (a model of how errors add up, not a
-- proof); subnormal inputs and results may be flushed to zero. Vulkan bounds a / b only for
-- 2^-126 <= |b| <= 2^126 (NVIDIA computes a * (1 / b), and 1 / b flushes to zero beyond), so a
-- larger divisor is first scaled down by 4, exactly.
target "glsl" {
  kind = "glsl",
  backend = "vulkan",
  local_size = 256, -- invocations per workgroup
  types = { f32 = "float", i32 = "int", mask = "bool" },
  relaxed = { ulp = { div = 3, sqrt = 3, fma = 1 }, subnormals = "may flush" },
  prims = {
    add = "a + b", sub = "a - b", mul = "a * b", div = "(abs(b) > 8.50705917e+37 ? a / (b * 0.25) * 0.25 : a / b)", fma = "fma(a, b, c)",
    -- sqrt may be 1 / inversesqrt: a zero passes through itself, so that sqrt(-0) is -0 everywhere
    neg = "-a", abs = "abs(a)", sqrt = "(a == 0.0 ? a : sqrt(a))",
    max = "a > b ? a : b", min = "a < b ? a : b",
    cmp_lt = "a < b", cmp_le = "a <= b", cmp_gt = "a > b", cmp_ge = "a >= b",
    select = "a ? b : c", iselect = "a ? b : c", cmp_eq = "a == b", icmp_lt = "a < b",
    mask_and = "a && b", mask_or = "a || b", iand = "a & b", ior = "a | b", to_f32 = "float(a)",
    as_i32 = "floatBitsToInt(a)", as_f32 = "intBitsToFloat(a)",
    iadd = "a + b", isub = "a - b", shl = "a << b", sra = "a >> b", to_i32 = "int(a)",
    scalb = "ldexp(a, int(b))",
  },
}
