op "abs" {
  doc = "y[i] = |x[i]|",
  args = { vec "x", out "y" },
  map = function(x) return abs(x) end,
  accuracy = { ulp = 0 },
  reference = "fabs(x)",
}
