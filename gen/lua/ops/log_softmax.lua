op "log_softmax" {
  doc = "y[r, j] = x[r, j] - m - ln s per row, m the row's largest element and s the sum of "
    .. "e^(x[r, j] - m); a row holding NaN or +inf, or only -inf, gives NaN",
  dims = { "rows", "cols" },
  args = { vec "x", out "y" },
  rows = {
    reduce "m" { init = -inf, step = function(m, x) return max(x, m) end, combine = max },
    reduce "s" { init = 0, step = function(s, x, m) return s + exp_sum(x, -m) end, combine = add },
    let "shift" { function(m, s) return m + log(s) end },
    map "y" { function(x, shift) return x - shift end },
  },
  -- an error relative to the terms: x - m, ln s and m itself; the 1 is ln s's absolute error,
  -- s's relative error (its sum's depth, 12 + log2(cols), and exp's 2 ulp: 4 units of 2^-24)
  accuracy = { rel = "(16 + log2(cols)) * 0x1p-24", of = "fabs(x[j] - m) + fabs(log(s)) + fabs(m) + 1" },
  reference = [[
    real m = -INFINITY, s = 0;
    for (size_t j = 0; j < cols; j++)
        m = x[j] > m ? x[j] : m;
    for (size_t j = 0; j < cols; j++)
        s += exp(x[j] - m);
    for (size_t j = 0; j < cols; j++)
        y[j] = x[j] - m - log(s);
  ]],
  domain = { -100, 100 },
  bench = { domain = { -10, 10 } }, -- logits as models produce them: no result below 2^-126
}
