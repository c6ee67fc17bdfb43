op "rowmax" {
  doc = "y[r] = the largest x[r, j], ignoring NaN, +0 over -0; -inf for a row of none",
  dims = { "rows", "cols" },
  args = { vec "x", out "y" { "rows" } },
  rows = {
    reduce "m" { init = -inf, step = function(m, x) return max_signed_zero(x, m) end, combine = max_signed_zero },
    map "y" { function(m) return m end },
  },
  accuracy = { exact = true },
  reference = [[
    y = -INFINITY;
    for (size_t j = 0; j < cols; j++)
        y = x[j] > y || (x[j] == y && !signbit(x[j])) ? x[j] : y;
  ]],
}
