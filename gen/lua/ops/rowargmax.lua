op "rowargmax" {
  doc = "index[r] = the column of the first largest x[r, j], ignoring NaN (0 when none exceeds -inf): "
    .. "greedy sampling from logits",
  dims = { "rows", "cols" },
  args = { vec "x", out("index", "i32") { "rows" } },
  rows = {
    reduce { "best", "at" } {
      init = { -inf, i32(0) },
      step = argmax_step,
      combine = argmax_combine,
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
}
