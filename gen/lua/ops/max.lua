op "max" {
  doc = "the largest x[i], ignoring NaN, +0 over -0; -inf for n = 0",
  args = { vec "x", result "result" },
  reduce = { init = -inf, step = function(acc, x) return max_signed_zero(x, acc) end, combine = max_signed_zero },
  accuracy = { exact = true },
  reference = { step = "x > acc || (x == acc && !signbit(x)) ? x : acc" },
}
