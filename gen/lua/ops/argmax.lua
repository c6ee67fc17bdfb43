op "argmax" {
  doc = "the index of the first largest x[i], ignoring NaN (0 when no element exceeds -inf)",
  args = { vec "x", result("index", "i32") },
  -- a reduce of (best value, its index); the step and the combine are mathlib's
  reduce = {
    acc = { "best", "at" },
    init = { -inf, i32(0) },
    step = argmax_step,
    combine = argmax_combine,
    final = function(best, at) return at end,
  },
  accuracy = { exact = true },
  reference = { step = "if (x > best) { best = x; at = index; }", final = "at" },
}
