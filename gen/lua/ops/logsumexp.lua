op "logsumexp" {
  doc = "y[r] = ln of the sum over j of e^x[r, j], as m + ln s with m the row's largest element; "
    .. "-inf for a row of only -inf or none, NaN for a row holding NaN, +inf for one holding +inf",
  dims = { "rows", "cols" },
  args = { vec "x", out "y" { "rows" } },
  rows = {
    -- m is NaN for a row holding NaN (then so is the result, whatever else the row holds)
    reduce "m" { init = -inf, step = function(m, x) return max_or_nan(x, m) end, combine = max_or_nan },
    reduce "s" { init = 0, step = function(s, x, m) return s + exp_sum(x, -m) end, combine = add },
    -- an infinite or NaN m (a row of -inf, one holding +inf or NaN) is the result: m + ln s
    -- would be NaN
    map "y" { function(m, s) return select(cmp_lt(abs(m), inf), m + log(s), m) end },
  },
  -- s's relative error: its sum's depth (12 + log2(cols), see softmax) and exp's 2 ulp (4 units
  -- of 2^-24); it is ln s's absolute error, the 1; ln and the final sum: |ln s| and |m|
  accuracy = { rel = "(16 + log2(cols)) * 0x1p-24", of = "fabs(m) + fabs(log(s)) + 1" },
  reference = [[
    real m = -INFINITY, s = 0;
    int nan = 0;
    for (size_t j = 0; j < cols; j++) {
        m = x[j] > m ? x[j] : m;
        nan |= isnan(x[j]);
    }
    for (size_t j = 0; j < cols; j++)
        s += exp(x[j] - m);
    y = nan ? NAN : isinf(m) ? m : m + log(s);
  ]],
  domain = { -100, 100 },
  bench = { domain = { -10, 10 } }, -- logits as models produce them: no result below 2^-126
}
