op "relu" {
  doc = "y[i] = max(x[i], 0): +0 for x <= 0 (-0 included); NaN stays NaN",
  args = { vec "x", out "y" },
  -- the comparison is false for NaN, which passes through
  map = function(x) return select(cmp_le(x, 0), 0, x) end,
  accuracy = { ulp = 0 },
  reference = "isnan(x) ? x : (x > 0 ? x : 0)",
}
