-- The registry of primitives: the only operations a kernel may use, with their types.
--
-- Value types: f32, i32 and mask (a per-lane truth value) are what kernels compute with; f16,
-- bf16, i8 and u8 are storage types, converted to and from f32/i32 by the cvt_ primitives below.
-- "imm" is a small integer known at generation time (a shift count).
--
-- Each target (targets/*.lua) spells the primitives it supports; a primitive an op needs and a
-- target lacks is a generation error naming both, unless the primitive has an `expand` (in
-- dsl.lua): then the target computes it from other primitives.
--
-- `structural` primitives are the loads, stores and lane shuffles the CPU loop templates use
-- (spelled by every cpu target, never by op math); their `c` field is the C signature the
-- target header declares, with a, b, c, k as the parameter names a spelling may use.

local types = {
  f32 = { doc = "32-bit IEEE float" },
  i32 = { doc = "32-bit two's-complement integer" },
  mask = { doc = "a truth value per lane (a comparison's result)" },
  f16 = { doc = "16-bit IEEE float (storage)", storage = true },
  bf16 = { doc = "bfloat16: the top half of an f32 (storage)", storage = true },
  i8 = { doc = "8-bit signed integer (storage)", storage = true },
  u8 = { doc = "8-bit unsigned integer (storage)", storage = true },
}

local prims = {
  -- f32 arithmetic, each rounded once
  add = { args = { "f32", "f32" }, ret = "f32", doc = "a + b" },
  sub = { args = { "f32", "f32" }, ret = "f32", doc = "a - b" },
  mul = { args = { "f32", "f32" }, ret = "f32", doc = "a * b" },
  div = { args = { "f32", "f32" }, ret = "f32", doc = "a / b, rounded once where the target says so" },
  fma = { args = { "f32", "f32", "f32" }, ret = "f32", doc = "a * b + c; fused where the target has it" },
  neg = { args = { "f32" }, ret = "f32", doc = "-a (sign flip, also of NaN and 0)" },
  abs = { args = { "f32" }, ret = "f32", doc = "|a| (clears the sign bit)" },
  sqrt = { args = { "f32" }, ret = "f32", doc = "square root, rounded once where the target says so" },
  max = { args = { "f32", "f32" }, ret = "f32", doc = "a > b ? a : b (b when either is NaN)" },
  min = { args = { "f32", "f32" }, ret = "f32", doc = "a < b ? a : b (b when either is NaN)" },
  -- comparisons (false when either is NaN) and their combinations
  cmp_lt = { args = { "f32", "f32" }, ret = "mask", doc = "a < b" },
  cmp_le = { args = { "f32", "f32" }, ret = "mask", doc = "a <= b" },
  cmp_gt = { args = { "f32", "f32" }, ret = "mask", doc = "a > b" },
  cmp_ge = { args = { "f32", "f32" }, ret = "mask", doc = "a >= b" },
  cmp_eq = { args = { "f32", "f32" }, ret = "mask", doc = "a == b" },
  icmp_lt = { args = { "i32", "i32" }, ret = "mask", doc = "a < b, signed" },
  mask_and = { args = { "mask", "mask" }, ret = "mask", doc = "a and b" },
  mask_or = { args = { "mask", "mask" }, ret = "mask", doc = "a or b" },
  select = { args = { "mask", "f32", "f32" }, ret = "f32", doc = "m ? a : b, per lane" },
  iselect = { args = { "mask", "i32", "i32" }, ret = "i32", doc = "m ? a : b, per lane" },
  -- integers and bits
  as_i32 = { args = { "f32" }, ret = "i32", doc = "the bits of a float as an integer" },
  as_f32 = { args = { "i32" }, ret = "f32", doc = "the bits of an integer as a float" },
  iadd = { args = { "i32", "i32" }, ret = "i32", doc = "a + b modulo 2^32" },
  isub = { args = { "i32", "i32" }, ret = "i32", doc = "a - b modulo 2^32" },
  iand = { args = { "i32", "i32" }, ret = "i32", doc = "a & b" },
  ior = { args = { "i32", "i32" }, ret = "i32", doc = "a | b" },
  shl = { args = { "i32", "imm" }, ret = "i32", doc = "a << k" },
  sra = { args = { "i32", "imm" }, ret = "i32", doc = "a >> k, arithmetic" },
  to_i32 = { args = { "f32" }, ret = "i32", doc = "an integer-valued float as an integer" },
  to_f32 = { args = { "i32" }, ret = "f32", doc = "an integer as the nearest float" },
  -- composite: targets with a native instruction spell it; the others get dsl.lua's expansion
  scalb = { args = { "f32", "f32" }, ret = "f32", doc = "a * 2^b for integer-valued b in [-151, 129], rounded once" },
  muladd = { args = { "f32", "f32", "f32" }, ret = "f32",
    doc = "a * b + c as fma, but a * b alone never overflows where the result fits (targets with a fused fma spell it so)" },
  -- conversions for storage types (targets spell them as their ops need them)
  cvt_f16_f32 = { args = { "f16" }, ret = "f32", doc = "f16 to f32, exact" },
  cvt_f32_f16 = { args = { "f32" }, ret = "f16", doc = "f32 to the nearest f16 (ties to even)" },
  cvt_bf16_f32 = { args = { "bf16" }, ret = "f32", doc = "bf16 to f32, exact" },
  cvt_f32_bf16 = { args = { "f32" }, ret = "bf16", doc = "f32 to the nearest bf16 (ties to even)" },
  cvt_i8_i32 = { args = { "i8" }, ret = "i32", doc = "sign-extended" },
  cvt_u8_i32 = { args = { "u8" }, ret = "i32", doc = "zero-extended" },

  -- structural (cpu targets): vf, vi and vm are the target's vector types for f32, i32 and mask
  load = { structural = true, c = "vf v_load(const float *a)" },
  store = { structural = true, c = "void v_store(float *a, vf b)" },
  load_tail = { structural = true, c = "vf v_load_tail(const float *a, size_t k, vf c)",
    doc = "the first k < lanes elements; the other lanes c" },
  store_stream = { structural = true, c = "void v_store_stream(float *a, vf b)",
    doc = "a store that does not read the line first, to memory aligned to the vector" },
  stream_fence = { structural = true, c = "void v_stream_fence(void)", doc = "orders streaming stores" },
  store_tail = { structural = true, c = "void v_store_tail(float *a, size_t k, vf c)", doc = "the first k < lanes lanes" },
  tail_mask = { structural = true, c = "vm v_tail_mask(size_t k)", doc = "true in the first k < lanes lanes" },
  splat = { structural = true, c = "vf v_splat(float a)" },
  isplat = { structural = true, c = "vi v_isplat(int32_t a)" },
  iota = { structural = true, c = "vi v_iota(void)", doc = "0, 1, 2 ... lanes - 1" },
  iload = { structural = true, c = "vi v_iload(const int32_t *a)" },
  istore = { structural = true, c = "void v_istore(int32_t *a, vi b)" },
  -- lanes k .. 2k - 1 moved to lanes 0 .. k - 1 (k a power of two below lanes; the other lanes
  -- are don't-care): reductions fold a vector in halves in registers
  fold = { structural = true, c = "vf v_fold(vf a, int k)" },
  ifold = { structural = true, c = "vi v_ifold(vi a, int k)" },
  first = { structural = true, c = "float v_first(vf a)", doc = "lane 0" },
  ifirst = { structural = true, c = "int32_t v_ifirst(vi a)", doc = "lane 0" },
}

for name, p in pairs(prims) do
  p.name = name
  for _, t in ipairs(p.args or {}) do
    assert(t == "imm" or types[t], name)
  end
end

return { types = types, prims = prims }
