op "scale" {
  doc = "y[i] = a * x[i]",
  args = { scalar "a", vec "x", out "y" },
  map = function(a, x) return a * x end,
  accuracy = { ulp = 0 },
  reference = "a * x",
}
