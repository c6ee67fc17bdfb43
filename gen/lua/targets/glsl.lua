-- GLSL 4.50 compute shaders, compiled to SPIR-V for Vulkan. Each primitive is an expression.
-- Vulkan lets implementations compute division and square root within a few ulp, contract
-- a * b + c, and flush subnormals; `relaxed` states what tests must allow on this target.
target "glsl" {
  kind = "glsl",
  backend = "vulkan",
  local_size = 256, -- invocations per workgroup
  types = { f32 = "float", i32 = "int", mask = "bool" },
  relaxed = { div = 3, sqrt = 3, fma = 1, exp = 2, subnormals = "may flush" },
  prims = {
    add = "a + b", sub = "a - b", mul = "a * b", div = "a / b", fma = "fma(a, b, c)",
    neg = "-a", abs = "abs(a)", sqrt = "sqrt(a)",
    max = "a > b ? a : b", min = "a < b ? a : b",
    cmp_lt = "a < b", cmp_le = "a <= b", cmp_gt = "a > b", cmp_ge = "a >= b",
    select = "a ? b : c",
    as_i32 = "floatBitsToInt(a)", as_f32 = "intBitsToFloat(a)",
    iadd = "a + b", isub = "a - b", shl = "a << b", sra = "a >> b", to_i32 = "int(a)",
    scalb = "ldexp(a, int(b))",
  },
}
