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
function lib.exp(x)
  x = min(89.0, max(-104.0, x))
  local shifter = 12582912.0 -- 1.5 * 2^23
  local t = fma(x, 1.44269504088896341, shifter)
  local n = t - shifter
  local r = fma(n, -0.693359375, x)
  r = fma(n, 2.12194440e-4, r)
  local p = polynomial(r, { 1.9875691500e-4, 1.3981999507e-3, 8.3334519073e-3,
    4.1665795894e-2, 1.6666665459e-1, 5.0000001201e-1 })
  return scalb(fma(p, r * r, r) + 1.0, n)
end

return lib
