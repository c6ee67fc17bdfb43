op "relu" {
  doc = "y[i] = max(x[i], 0); NaN stays NaN",
  args = { vec "x", out "y" },
  -- max returns its second operand when either is NaN, so NaN inputs pass through.
  map = function(x) return max(0, x) end,
  accuracy = { ulp = 0 },
  reference = "isnan(x) ? x : (x > 0 ? x : 0)",
}
