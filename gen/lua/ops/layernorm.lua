op "layernorm" {
  doc = "y[r, j] = (x[r, j] - mean) / sqrt(var + eps) * w[j] + b[j], mean and var (two passes: "
    .. "the mean, then the mean of squared differences) over the row; for |x| < 2^47 and eps >= 2^-100 "
    .. "(with cols < 2^31 the sum of squared differences stays finite)",
  dims = { "rows", "cols" },
  args = { vec "x", vec "w" { "cols" }, vec "b" { "cols" }, scalar "eps", out "y" },
  rows = {
    reduce "sum" { init = 0, step = function(sum, x) return sum + x end, combine = add },
    let "mean" { function(sum, cols) return sum / cols end },
    reduce "sq" { init = 0, step = function(sq, x, mean) local d = x - mean return fma(d, d, sq) end, combine = add },
    let "rstd" { function(sq, eps, cols) return 1 / sqrt(sq / cols + eps) end },
    map "y" { function(x, w, b, mean, rstd) return fma((x - mean) * rstd, w, b) end },
  },
  -- relative to the terms: the mean's error enters every difference
  accuracy = { rel = "(14 + log2(cols)) * 0x1p-24",
    of = "(fabs(x[j] - mean) + mean_abs) * rstd * fabs(w[j]) + fabs(b[j])" },
  reference = [[
    real mean = 0, mean_abs = 0, var = 0;
    for (size_t j = 0; j < cols; j++) {
        mean += x[j];
        mean_abs += fabs(x[j]);
    }
    mean /= cols;
    mean_abs /= cols;
    for (size_t j = 0; j < cols; j++)
        var += (x[j] - mean) * (x[j] - mean);
    real rstd = 1 / sqrt(var / cols + eps);
    for (size_t j = 0; j < cols; j++)
        y[j] = (x[j] - mean) * rstd * w[j] + b[j];
    (void)mean_abs;
  ]],
  domain = { -0x1p47, 0x1p47 },
  domains = { w = { -2, 2 }, b = { -1, 1 }, eps = { 0x1p-100, 1 } },
  bench = { domain = { -1e4, 1e4 } },
}
