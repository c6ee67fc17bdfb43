op "argmax" {
  doc = "the index of the first largest x[i], ignoring NaN (0 when no element exceeds -inf)",
  args = { vec "x", result("index", "i32") },
  -- a reduce of (best value, its index): the step keeps the first of equal values (strictly
  -- greater replaces), the combine the smaller index among equal values
  reduce = {
    acc = { "best", "at" },
    init = { -inf, i32(0) },
    step = function(best, at, x, index)
      local take = cmp_gt(x, best)
      return select(take, x, best), iselect(take, index, at)
    end,
    combine = function(best_a, at_a, best_b, at_b)
      local take = mask_or(cmp_gt(best_b, best_a), mask_and(cmp_eq(best_b, best_a), icmp_lt(at_b, at_a)))
      return select(take, best_b, best_a), iselect(take, at_b, at_a)
    end,
    final = function(best, at) return at end,
  },
  accuracy = { exact = true },
  reference = { step = "if (x > best) { best = x; at = index; }", final = "at" },
}
