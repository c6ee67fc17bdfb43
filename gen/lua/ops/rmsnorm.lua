op "rmsnorm" {
  doc = "y[r, j] = x[r, j] * w[j] / sqrt(eps + the mean over j of x[r, j]^2), for |x| < 2^48 "
    .. "and eps >= 2^-100 (with cols < 2^31 the sum of squares stays finite; eps keeps it from 0)",
  dims = { "rows", "cols" },
  args = { vec "x", vec "w" { "cols" }, scalar "eps", out "y" },
  rows = {
    reduce "ss" { init = 0, step = function(ss, x) return fma(x, x, ss) end, combine = add },
    let "inv" { function(ss, eps, cols) return 1 / sqrt(ss / cols + eps) end },
    map "y" { function(x, w, inv) return x * inv * w end },
  },
  -- the sum of squares (depth 12 + log2(cols)), halved by the square root, and five roundings
  accuracy = { ulp = "12 + log2(cols) / 2" },
  reference = [[
    real ss = 0;
    for (size_t j = 0; j < cols; j++)
        ss += x[j] * x[j];
    real inv = 1 / sqrt(ss / cols + eps);
    for (size_t j = 0; j < cols; j++)
        y[j] = x[j] * inv * w[j];
  ]],
  domain = { -0x1p48, 0x1p48 },
  domains = { w = { -2, 2 }, eps = { 0x1p-100, 1 } },
  bench = { domain = { -1e4, 1e4 } },
}
