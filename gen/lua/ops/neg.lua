op "neg" {
  doc = "y[i] = -x[i]",
  args = { vec "x", out "y" },
  map = function(x) return -x end,
  accuracy = { ulp = 0 },
  reference = "-x",
}
