op "max" {
  doc = "the largest x[i], ignoring NaN; -inf for n = 0",
  args = { vec "x", result "result" },
  reduce = { init = -inf, step = function(acc, x) return max(x, acc) end, combine = max },
  accuracy = { exact = true },
  reference = { step = "x > acc ? x : acc" },
}
