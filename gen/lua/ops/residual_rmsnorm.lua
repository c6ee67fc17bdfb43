op "residual_rmsnorm" {
  doc = "h[r, j] = x[r, j] + res[r, j], written out; y = rmsnorm(h) with w and eps (see rmsnorm); "
    .. "for |x|, |res| < 2^47 and eps >= 2^-100",
  dims = { "rows", "cols" },
  args = { vec "x", vec "res", vec "w" { "cols" }, scalar "eps", out "h", out "y" },
  rows = {
    map "h" { function(x, res) return x + res end },
    reduce "ss" { init = 0, step = function(ss, h) return fma(h, h, ss) end, combine = add },
    let "inv" { function(ss, eps, cols) return 1 / sqrt(ss / cols + eps) end },
    map "y" { function(h, w, inv) return h * inv * w end },
  },
  accuracy = { h = { ulp = 0 }, y = { ulp = "12 + log2(cols) / 2" } },
  reference = [[
    real ss = 0;
    for (size_t j = 0; j < cols; j++) {
        h[j] = (float)(x[j] + res[j]); /* h is a float array: y is of its rounded values */
        ss += h[j] * h[j];
    }
    real inv = 1 / sqrt(ss / cols + eps);
    for (size_t j = 0; j < cols; j++)
        y[j] = h[j] * inv * w[j];
  ]],
  domain = { -0x1p47, 0x1p47 },
  domains = { w = { -2, 2 }, eps = { 0x1p-100, 1 } },
  bench = { domain = { -1e4, 1e4 } },
}
