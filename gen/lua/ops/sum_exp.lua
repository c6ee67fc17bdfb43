op "sum_exp" {
  doc = "the sum of e^x[i]",
  args = { vec "x", result "result" },
  -- exp(x) changes the sum for every input (exp(0) = 1): a tail padded with any value would
  -- count it, so the reduce schedule masks tails instead
  reduce = { init = 0, step = function(acc, x) return acc + exp(x) end, combine = add },
  accuracy = { rel = 1e-5, of = "exp(x)" },
  reference = { step = "acc + exp(x)" },
  domain = { -20, 20 },
}
