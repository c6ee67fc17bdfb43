op "sqrt" {
  doc = "y[i] = sqrt(x[i]); -0 for -0, NaN for x < 0",
  args = { vec "x", out "y" },
  map = function(x) return sqrt(x) end,
  accuracy = { ulp = 0 },
  reference = "sqrt(x)",
}
