op "rowmax" {
  doc = "y[r] = the largest x[r, j], ignoring NaN; -inf for a row of none",
  dims = { "rows", "cols" },
  args = { vec "x", out "y" { "rows" } },
  rows = {
    reduce "m" { init = -inf, step = function(m, x) return max(x, m) end, combine = max },
    map "y" { function(m) return m end },
  },
  accuracy = { exact = true },
  reference = [[
    y = -INFINITY;
    for (size_t j = 0; j < cols; j++)
        y = x[j] > y ? x[j] : y;
  ]],
  domain = { -100, 100 },
}
