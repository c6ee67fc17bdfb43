op "sum" {
  doc = "the sum of x[i]",
  args = { vec "x", result "result" },
  reduce = { init = 0, step = function(acc, x) return acc + x end, combine = add },
  accuracy = { rel = 1e-5, of = "fabs(x)" },
  reference = { step = "acc + x" },
}
