op "rowargmax" {
  doc = "index[r] = the column of the first largest x[r, j], ignoring NaN (0 when none exceeds -inf): "
    .. "greedy sampling from logits",
  dims = { "rows", "cols" },
  args = { vec "x", out("index", "i32") { "rows" } },
  rows = {
    reduce { "best", "at" } {
      init = { -inf, i32(0) },
      step = function(best, at, x, index)
        local take = cmp_gt(x, best)
        return select(take, x, best), iselect(take, index, at)
      end,
      combine = function(best_a, at_a, best_b, at_b)
        local take = mask_or(cmp_gt(best_b, best_a), mask_and(cmp_eq(best_b, best_a), icmp_lt(at_b, at_a)))
        return select(take, best_b, best_a), iselect(take, at_b, at_a)
      end,
    },
    map "index" { function(at) return at end },
  },
  accuracy = { exact = true },
  reference = [[
    real best = -INFINITY;
    index = 0;
    for (size_t j = 0; j < cols; j++)
        if (x[j] > best) {
            best = x[j];
            index = j;
        }
  ]],
  domain = { -100, 100 },
}
