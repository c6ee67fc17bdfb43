op "norm_l2" {
  doc = "sqrt of the sum of x[i]^2, without overflow or underflow of the squares",
  args = { vec "x", result "result" },
  -- Blue's three sums of squares (as in LAPACK's snrm2): |x| above 2^40 scaled by 2^-88, below
  -- 2^-63 by 2^100, the rest unscaled, so that no square over- or underflows on its own and
  -- every sum has room for 2^40 terms. The final drops the small sum where a big one exists
  -- (far below its rounding) and otherwise combines the small and medium norms.
  reduce = {
    acc = { "small", "medium", "big" },
    init = { 0, 0, 0 },
    step = function(small, medium, big, x)
      local ax = abs(x)
      local is_big, is_small = cmp_gt(ax, 0x1p40), cmp_lt(ax, 0x1p-63)
      local yb = select(is_big, ax, 0) * 0x1p-88
      local ys = select(is_small, ax, 0) * 0x1p100
      local ym = select(mask_or(is_big, is_small), 0, ax) -- NaN stays here, and makes the result NaN
      return fma(ys, ys, small), fma(ym, ym, medium), fma(yb, yb, big)
    end,
    combine = function(small_1, medium_1, big_1, small_2, medium_2, big_2)
      return small_1 + small_2, medium_1 + medium_2, big_1 + big_2
    end,
    final = function(small, medium, big)
      local from_big = sqrt(fma(medium * 0x1p-88, 0x1p-88, big)) * 0x1p88
      local m, s = sqrt(medium), sqrt(small) * 0x1p-100
      local hi, lo = max(m, s), min(m, s)
      local q = lo / hi
      local from_both = hi * sqrt(fma(q, q, 1))
      local r = select(cmp_gt(big, 0), from_big, select(cmp_gt(small, 0), select(cmp_gt(medium, 0), from_both, s), m))
      return select(cmp_eq(medium, medium), r, medium)
    end,
  },
  -- relative to the result: (n + 2) 2^-24 bounds a sum of n rounded squares in any order, its
  -- square root and the final's combination; 1e-5 what blocked sums reach on long vectors.
  -- Where the result is subnormal, scaling the small sum's root back rounds once more (up to
  -- one ulp of the subnormals).
  accuracy = { rel = "fmin(1e-5, (n + 2) * 0x1p-24)", abs = 0x1p-149 },
  reference = { step = "medium += x * x;", final = "sqrt(medium)" },
}
