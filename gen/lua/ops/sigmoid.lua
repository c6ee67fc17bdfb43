op "sigmoid" {
  doc = "y[i] = 1 / (1 + e^-x[i])",
  args = { vec "x", out "y" },
  -- With t = e^-|x| <= 1: 1 / (1 + t) for x >= 0, t / (1 + t) = e^x / (1 + e^x) below, so that
  -- e^-x never overflows and results down to the subnormals keep exp's accuracy (below 2^-24,
  -- 1 + t rounds to 1 and the result is t itself).
  map = function(x)
    local t = exp(-abs(x))
    return select(cmp_lt(x, 0), t, 1) / (1 + t)
  end,
  accuracy = { ulp = 3 }, -- exp's 2 ulp, then one rounding each for the add and the divide
  reference = "1 / (1 + exp(-x))",
  bench = { sizes = { 1000, 100000, 1000000 }, gpu_sizes = { 65536, 16777216, 268435456 } },
}
