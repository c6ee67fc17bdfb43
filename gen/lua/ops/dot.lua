op "dot" {
  doc = "the sum of x[i] * y[i]",
  args = { vec "x", vec "y", result "result" },
  reduce = { init = 0, step = function(acc, x, y) return fma(x, y, acc) end, combine = add },
  accuracy = { rel = 1e-5, of = "fabs(x * y)" },
  reference = { step = "acc + x * y" },
  bench = { sizes = { 1000, 4096, 100000, 1000000, 16777216 } },
}
