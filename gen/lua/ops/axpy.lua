op "axpy" {
  doc = "y[i] = a * x[i] + y[i]",
  args = { scalar "a", vec "x", inout "y" },
  -- Fused on targets with FMA (one rounding); SSE2, AVX and scalar round the product first, so
  -- a * x may overflow where the result fits (then |a * x| < 2 FLT_MAX): that lane is computed
  -- again from halves, a * 0.5 * x + y * 0.5 (no overflow; a power-of-two scaling rounds alike)
  -- and doubled.
  map = function(a, x, y)
    local r = fma(a, x, y)
    return select(cmp_lt(abs(r), inf), r, fma(a * 0.5, x, y * 0.5) * 2)
  end,
  -- the bound is relative to the terms, not to the result (the product rounds first without
  -- FMA), plus the underflow term of two roundings (half a subnormal ulp each) near zero
  accuracy = { rel = 1.2e-7, of = "fabs(a * x) + fabs(y)", abs = 0x1p-149 },
  reference = "a * x + y",
  bench = { sizes = { 1000, 4096, 100000, 1000000, 16777216 } },
}
