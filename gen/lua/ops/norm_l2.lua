op "norm_l2" {
  doc = "sqrt of the sum of x[i]^2 (no scaling: squares must not overflow, |x[i]| < 1e19)",
  args = { vec "x", result "result" },
  reduce = { init = 0, step = function(acc, x) return fma(x, x, acc) end, combine = add, final = sqrt },
  accuracy = { rel = 1e-5, of = "x * x" },
  reference = { step = "acc + x * x", final = "sqrt(acc)" },
}
