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

-- 2^n for an integer vector n in [-151, 129], as two factors that are each a normal float,
-- so that y * s1 * s2 rounds once even when the result is subnormal or overflows.
local function two_factors_of_pow2(n)
  local n1 = sra(n, 1)
  local n2 = n - n1
  return as_f32(shl(n1 + 127, 23)), as_f32(shl(n2 + 127, 23))
end

-- exp(x), f32, at most 2 ulp from the correctly rounded result (tests compare with libm in double).
--   n = round(x / ln 2): adding 1.5 * 2^23 leaves n in the low mantissa bits of t;
--   r = x - n ln 2 in two steps (Cody-Waite: ln2_hi has 9 significant bits, so n * ln2_hi is exact);
--   exp(r) = 1 + r + r^2 P(r) on |r| <= ln2/2 (minimax coefficients from Cephes' expf);
--   exp(x) = exp(r) * 2^n; beyond the float range the result is 0 or +inf; NaN stays NaN.
function lib.exp(x)
  local shifter = 12582912.0 -- 1.5 * 2^23
  local t = fma(x, 1.44269504088896341, shifter)
  local n = t - shifter
  local r = fma(n, -0.693359375, x)
  r = fma(n, 2.12194440e-4, r)
  local p = polynomial(r, { 1.9875691500e-4, 1.3981999507e-3, 8.3334519073e-3,
    4.1665795894e-2, 1.6666665459e-1, 5.0000001201e-1 })
  local y = fma(p, r * r, r) + 1.0
  local s1, s2 = two_factors_of_pow2(as_i32(t) - 0x4B400000)
  y = y * s1 * s2
  y = select(cmp_gt(x, 89.0), inf, y)
  return select(cmp_lt(x, -104.0), 0.0, y)
end

return lib
