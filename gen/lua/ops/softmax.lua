op "softmax" {
  doc = "y[r, j] = e^(x[r, j] - m) / s per row, m the row's largest element and s the sum of "
    .. "e^(x[r, j] - m); a row holding NaN or +inf, or only -inf, gives NaN",
  dims = { "rows", "cols" },
  args = { vec "x", out "y" },
  rows = {
    reduce "m" { init = -inf, step = function(m, x) return max(x, m) end, combine = max },
    map "y" { function(x, m) return exp_sum(x, -m) end },
    reduce "s" { init = 0, step = function(s, y) return s + y end, combine = add },
    let "inv" { function(s) return 1 / s end },
    map "y" { function(y, inv) return y * inv end },
  },
  -- exp 2 ulp, the sum's rounding (a tree of depth 12 + log2(cols) at most), 1 / s and the
  -- product: in units of the result
  accuracy = { ulp = "18 + log2(cols)" },
  reference = [[
    real m = -INFINITY, s = 0;
    for (size_t j = 0; j < cols; j++)
        m = x[j] > m ? x[j] : m;
    for (size_t j = 0; j < cols; j++)
        s += exp(x[j] - m);
    for (size_t j = 0; j < cols; j++)
        y[j] = exp(x[j] - m) / s;
  ]],
  domain = { -100, 100 },
  bench = { domain = { -10, 10 } }, -- logits as models produce them: no result below 2^-126
}
