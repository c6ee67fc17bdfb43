op "log" {
  doc = "y[i] = ln x[i]; -inf at 0 (either sign), NaN below 0",
  args = { vec "x", out "y" },
  map = function(x) return log(x) end,
  accuracy = { ulp = 1 },
  reference = "log(x)",
}
