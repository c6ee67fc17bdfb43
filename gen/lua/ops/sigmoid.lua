op "sigmoid" {
  doc = "y[i] = 1 / (1 + e^-x[i])",
  args = { vec "x", out "y" },
  map = function(x) return 1 / (1 + exp(-x)) end,
  accuracy = { ulp = 3 }, -- exp's 2 ulp, then one rounding each for the add and the divide
  reference = "1 / (1 + exp(-x))",
  domain = { -30, 30 },
  bench = { sizes = { 1000, 100000, 1000000 }, gpu_sizes = { 65536, 16777216, 268435456 } },
}
