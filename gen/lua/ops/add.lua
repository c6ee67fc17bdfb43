op "add" {
  doc = "z[i] = x[i] + y[i]",
  args = { vec "x", vec "y", out "z" },
  map = function(x, y) return x + y end,
  accuracy = { ulp = 0 },
  reference = "x + y",
}
