op "min" {
  doc = "the smallest x[i], ignoring NaN, -0 under +0; +inf for n = 0",
  args = { vec "x", result "result" },
  reduce = { init = inf, step = function(acc, x) return min_signed_zero(x, acc) end, combine = min_signed_zero },
  accuracy = { exact = true },
  reference = { step = "x < acc || (x == acc && signbit(x)) ? x : acc" },
}
