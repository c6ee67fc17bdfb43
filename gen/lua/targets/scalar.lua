-- Plain C, one element at a time: the reference variant every machine can run.
target "scalar" {
  kind = "cpu",
  rank = 0, -- preference among the CPU targets a machine can run: higher wins
  lanes = 1,
  cflags = {},
  needs = {},
  types = { f32 = "float", i32 = "int32_t", mask = "bool" },
  prelude = [[
#include <math.h>
#include <stdbool.h>
#include <string.h>

static inline int32_t tn_bits_of_f32(float f) { int32_t i; memcpy(&i, &f, sizeof i); return i; }
static inline float tn_f32_of_bits(int32_t i) { float f; memcpy(&f, &i, sizeof f); return f; }]],
  prims = {
    add = "a + b", sub = "a - b", mul = "a * b", div = "a / b",
    fma = "a * b + c", -- two roundings: the baseline ISA has no FMA unit (files build with -ffp-contract=off)
    neg = "-a", abs = "fabsf(a)", sqrt = "sqrtf(a)",
    max = "a > b ? a : b", min = "a < b ? a : b",
    cmp_lt = "a < b", cmp_le = "a <= b", cmp_gt = "a > b", cmp_ge = "a >= b",
    select = "a ? b : c",
    as_i32 = "tn_bits_of_f32(a)", as_f32 = "tn_f32_of_bits(a)",
    iadd = "(int32_t)((uint32_t)a + (uint32_t)b)", isub = "(int32_t)((uint32_t)a - (uint32_t)b)",
    shl = "(int32_t)((uint32_t)a << b)", sra = "a >> b", to_i32 = "(int32_t)a",
    cmp_eq = "a == b", icmp_lt = "a < b", mask_and = "a && b", mask_or = "a || b", iselect = "a ? b : c",
    iand = "a & b", ior = "a | b", to_f32 = "(float)a",
    load = "*a", store = "*a = b", store_stream = "*a = b", stream_fence = "(void)0", load_tail = "k ? *a : c", store_tail = "if (k) *a = c", tail_mask = "k > 0",
    splat = "a", isplat = "a", iota = "0", iload = "*a", istore = "*a = b",
    -- one lane: a reduction never folds, and a loop never has a tail
    fold = "((void)k, a)", ifold = "((void)k, a)", first = "a", ifirst = "a",
  },
}
