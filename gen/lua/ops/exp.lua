op "exp" {
  doc = "y[i] = e^x[i]",
  args = { vec "x", out "y" },
  map = function(x) return exp(x) end,
  accuracy = { ulp = 2 },
  reference = "exp(x)",
  bench = { sizes = { 1000, 100000, 1000000 }, gpu_sizes = { 65536, 16777216, 268435456 },
    domain = { -80, 80 } }, -- no overflow, underflow or subnormal: the common case
}
