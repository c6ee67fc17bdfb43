op "axpy" {
  doc = "y[i] = a * x[i] + y[i]",
  args = { scalar "a", vec "x", inout "y" },
  -- muladd: fused on targets with FMA (one rounding); SSE2, AVX and scalar round the product
  -- first and recompute a lane whose product alone overflowed (see dsl.lua)
  map = function(a, x, y) return muladd(a, x, y) end,
  -- the bound is relative to the terms, not to the result (the product rounds first without
  -- FMA), plus the underflow term of two roundings (half a subnormal ulp each) near zero
  accuracy = { rel = 1.2e-7, of = "fabs(a * x) + fabs(y)", abs = 0x1p-149 },
  reference = "a * x + y",
  bench = { sizes = { 1000, 4096, 100000, 1000000, 16777216 } },
}
