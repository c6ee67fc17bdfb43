op "clamp" {
  doc = "y[i] = min(max(x[i], lo), hi); NaN stays NaN; hi when lo > hi; x itself where it equals a bound (a zero keeps its sign); a NaN bound is ignored",
  args = { scalar "lo", scalar "hi", vec "x", out "y" },
  map = function(lo, hi, x) return min(hi, max(lo, x)) end,
  accuracy = { ulp = 0 },
  reference = "isnan(x) ? x : ((x < lo ? lo : x) > hi ? hi : (x < lo ? lo : x))",
}
