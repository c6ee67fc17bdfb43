-- Transcendental functions built from primitives, so every target runs the same algorithm
-- with the same error bound. Functions returned here are visible in every op file.

local lib = {}

-- Horner's scheme, highest coefficient first.
local function polynomial(r, coefficients)
  local p = f32(coefficients[1])
  for i = 2, #coefficients do
    p = fma(p, r, coefficients[i])
  end
  return p
end

-- exp(x), f32, at most 2 ulp from the correctly rounded result (tests compare with libm in double).
--   x is clamped to [-104, 89]: beyond, the result rounds to 0 or overflows to +inf anyway,
--   and NaN passes through the clamp (max and min return their second operand on NaN);
--   n = round(x / ln 2): adding 1.5 * 2^23 leaves n in the low mantissa bits of t;
--   r = x - n ln 2 in two steps (Cody-Waite: ln2_hi has 9 significant bits, so n * ln2_hi is exact);
--   exp(r) = 1 + r + r^2 P(r) on |r| <= ln2/2 (minimax coefficients from Cephes' expf);
--   exp(x) = exp(r) * 2^n, rounded once by scalb (also into the subnormal range).
-- lo (optional) is a small addend to x (|lo| <= 2^-17) that x cannot hold: it joins r, where
-- its own rounding is far below an ulp of the result.
local function exp_of(x, lo)
  x = min(89.0, max(-104.0, x))
  local shifter = 12582912.0 -- 1.5 * 2^23
  local t = fma(x, 1.44269504088896341, shifter)
  local n = t - shifter
  local r = fma(n, -0.693359375, x)
  r = fma(n, 2.12194440e-4, r)
  if lo then
    r = r + lo
  end
  local p = polynomial(r, { 1.9875691500e-4, 1.3981999507e-3, 8.3334519073e-3,
    4.1665795894e-2, 1.6666665459e-1, 5.0000001201e-1 })
  return scalb(fma(p, r * r, r) + 1.0, n)
end

function lib.exp(x)
  return exp_of(x)
end

-- e^(a + b) with a + b taken exactly: the rounding error of the sum (TwoSum) joins exp's reduced
-- argument, so that e^(x - m) is as accurate as exp itself even where x - m rounds (|x - m| up
-- to 104 would otherwise add up to 52 ulp). A sum that is not finite carries no correction.
function lib.exp_sum(a, b)
  local t = a + b
  local bb = t - a
  local err = (a - (t - bb)) + (b - bb)
  err = select(cmp_lt(abs(t), 128.0), err, 0.0)
  return exp_of(t, err)
end

-- log(x), f32, at most 1 ulp from the correctly rounded result on positive x (subnormals
-- included); log(0) = -inf, log(+inf) = +inf, NaN for x < 0 and NaN.
--   x = 2^k (1 + f) with 1 + f in [sqrt(1/2), sqrt(2)): the integer trick adds an offset to the
--   bits so that k and f come out of one shift and one mask;
--   log(1 + f) = f - f^2 / 2 + f^3 P(f) (minimax coefficients from Cephes' logf);
--   + k ln 2 in two parts (ln2_hi has 9 significant bits, so k * ln2_hi is exact).
function lib.log(x)
  local tiny = cmp_lt(x, 1.17549435e-38)
  local xs = select(tiny, x * 8388608.0, x) -- subnormals scaled by 2^23
  local ix = as_i32(xs) - i32(0x3f3504f3)
  local k = sra(ix, 23)
  local f = as_f32(iand(ix, i32(0x007fffff)) + i32(0x3f3504f3)) - 1.0
  local kf = to_f32(k) - select(tiny, 23.0, 0.0)
  local z = f * f
  local p = polynomial(f, { 7.0376836292e-2, -1.1514610310e-1, 1.1676998740e-1, -1.2420140846e-1,
    1.4249322787e-1, -1.6668057665e-1, 2.0000714765e-1, -2.4999993993e-1, 3.3333331174e-1 })
  local y = fma(f * z, p, fma(kf, -2.12194440e-4, -0.5 * z))
  local r = fma(kf, 0.693359375, f + y)
  r = select(cmp_gt(x, 0.0), r, select(cmp_eq(x, 0.0), -math.huge, 0.0 / 0.0))
  return select(cmp_eq(x, math.huge), math.huge, r)
end

-- The larger of a and b, NaN when either is (max alone returns b when either is NaN: a NaN in a
-- would be dropped).
function lib.max_or_nan(a, b)
  return select(cmp_eq(a, a), max(a, b), a)
end

-- The larger of x and acc, NaN in x ignored (acc is never NaN), +0 over -0: on equal values
-- the bits of both are and-ed, so that a reduction gives the same zero in any order (the max
-- primitive alone keeps whichever zero came second).
function lib.max_signed_zero(x, acc)
  return as_f32(iand(as_i32(max(x, acc)), as_i32(select(cmp_ge(x, acc), x, acc))))
end

-- The smaller of x and acc, NaN in x ignored, -0 under +0 (the bits or-ed).
function lib.min_signed_zero(x, acc)
  return as_f32(ior(as_i32(min(x, acc)), as_i32(select(cmp_le(x, acc), x, acc))))
end

-- The first largest value and its index, NaN ignored: the step replaces only on strictly greater
-- (the first of equal values stays), the combine takes the smaller index among equal values, so
-- that any order of steps and combines finds the same element. The step takes its values by
-- name: an op using it names its accumulators best and at, and its input x.
function lib.argmax_step(best, at, x, index)
  local take = cmp_gt(x, best)
  return select(take, x, best), iselect(take, index, at)
end

function lib.argmax_combine(best_a, at_a, best_b, at_b)
  local take = mask_or(cmp_gt(best_b, best_a), mask_and(cmp_eq(best_b, best_a), icmp_lt(at_b, at_a)))
  return select(take, best_b, best_a), iselect(take, at_b, at_a)
end

return lib
