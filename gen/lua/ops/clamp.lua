op "clamp" {
  doc = "y[i] = min(max(x[i], lo), hi); NaN stays NaN; hi when lo > hi",
  args = { scalar "lo", scalar "hi", vec "x", out "y" },
  map = function(lo, hi, x) return min(hi, max(lo, x)) end,
  accuracy = { ulp = 0 },
  reference = "isnan(x) ? x : fmin(hi, fmax(lo, x))",
}
