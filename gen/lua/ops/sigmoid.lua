op "sigmoid" {
  doc = "y[i] = 1 / (1 + e^-x[i])",
  args = { vec "x", out "y" },
  map = function(x) return 1 / (1 + exp(-x)) end,
  accuracy = { ulp = 3 }, -- exp's 2 ulp, then one rounding each for the add and the divide
  reference = "1 / (1 + exp(-x))",
  domain = { -30, 30 },
}
