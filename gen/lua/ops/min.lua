op "min" {
  doc = "the smallest x[i], ignoring NaN; +inf for n = 0",
  args = { vec "x", result "result" },
  reduce = { init = inf, step = function(acc, x) return min(x, acc) end, combine = min },
  accuracy = { exact = true },
  reference = { step = "x < acc ? x : acc" },
}
