op "argmax" {
  doc = "the index of the first largest x[i], ignoring NaN (0 when no element exceeds -inf)",
  args = { vec "x" },
  argreduce = { init = -inf, better = function(x, best) return cmp_gt(x, best) end },
  accuracy = { exact = true },
  reference = { better = "x > best" },
}
