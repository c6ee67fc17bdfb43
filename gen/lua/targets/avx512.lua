-- AVX-512F: 16 lanes of f32, fused multiply-add, mask registers for tails and selects.
target "avx512" {
  kind = "cpu",
  rank = 4,
  lanes = 16,
  cflags = { "-mavx512f", "-mavx2", "-mfma" },
  needs = { "avx512f", "avx2", "fma", "os_zmm" },
  types = { f32 = "__m512", i32 = "__m512i", mask = "__mmask16" },
  prelude = [[
#include <immintrin.h>

/* The first k lanes (k < 16). */
static inline __mmask16 tn_avx512_tail_mask(size_t k)
{
    return (__mmask16)((1u << k) - 1u);
}]],
  prims = {
    add = "_mm512_add_ps(a, b)", sub = "_mm512_sub_ps(a, b)", mul = "_mm512_mul_ps(a, b)",
    div = "_mm512_div_ps(a, b)", fma = "_mm512_fmadd_ps(a, b, c)", muladd = "_mm512_fmadd_ps(a, b, c)", -- fused: a * b never rounds on its own
    neg = "_mm512_castsi512_ps(_mm512_xor_si512(_mm512_castps_si512(a), _mm512_set1_epi32(INT32_MIN)))",
    abs = "_mm512_castsi512_ps(_mm512_and_si512(_mm512_castps_si512(a), _mm512_set1_epi32(INT32_MAX)))",
    sqrt = "_mm512_sqrt_ps(a)", max = "_mm512_max_ps(a, b)", min = "_mm512_min_ps(a, b)",
    cmp_lt = "_mm512_cmp_ps_mask(a, b, _CMP_LT_OQ)", cmp_le = "_mm512_cmp_ps_mask(a, b, _CMP_LE_OQ)",
    cmp_gt = "_mm512_cmp_ps_mask(a, b, _CMP_GT_OQ)", cmp_ge = "_mm512_cmp_ps_mask(a, b, _CMP_GE_OQ)",
    select = "_mm512_mask_blend_ps(a, c, b)",
    as_i32 = "_mm512_castps_si512(a)", as_f32 = "_mm512_castsi512_ps(a)",
    iadd = "_mm512_add_epi32(a, b)", isub = "_mm512_sub_epi32(a, b)",
    shl = "_mm512_slli_epi32(a, (unsigned)b)", sra = "_mm512_srai_epi32(a, (unsigned)b)",
    to_i32 = "_mm512_cvttps_epi32(a)", scalb = "_mm512_scalef_ps(a, b)",
    load = "_mm512_loadu_ps(a)", store = "_mm512_storeu_ps(a, b)",
    store_stream = "_mm512_stream_ps(a, b)", stream_fence = "_mm_sfence()",
    load_tail = "_mm512_mask_loadu_ps(c, tn_avx512_tail_mask(k), a)",
    store_tail = "_mm512_mask_storeu_ps(a, tn_avx512_tail_mask(k), c)",
    splat = "_mm512_set1_ps(a)", isplat = "_mm512_set1_epi32(a)",
    iota = "_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)",
    iselect = "_mm512_mask_blend_epi32(a, c, b)",
    cmp_eq = "_mm512_cmp_ps_mask(a, b, _CMP_EQ_OQ)", icmp_lt = "_mm512_cmplt_epi32_mask(a, b)",
    mask_and = "(__mmask16)(a & b)", mask_or = "(__mmask16)(a | b)",
    iand = "_mm512_and_si512(a, b)", ior = "_mm512_or_si512(a, b)", to_f32 = "_mm512_cvtepi32_ps(a)",
    tail_mask = "tn_avx512_tail_mask(k)",
    iload = "_mm512_loadu_si512(a)", istore = "_mm512_storeu_si512(a, b)",
    fold = "(k == 8 ? _mm512_shuffle_f32x4(a, a, 0x4E) : k == 4 ? _mm512_shuffle_f32x4(a, a, 0xB1) "
      .. ": k == 2 ? _mm512_permute_ps(a, 0x4E) : _mm512_permute_ps(a, 0xB1))",
    ifold = "(k == 8 ? _mm512_shuffle_i32x4(a, a, 0x4E) : k == 4 ? _mm512_shuffle_i32x4(a, a, 0xB1) "
      .. ": k == 2 ? _mm512_shuffle_epi32(a, (_MM_PERM_ENUM)0x4E) : _mm512_shuffle_epi32(a, (_MM_PERM_ENUM)0xB1))",
    first = "_mm512_cvtss_f32(a)", ifirst = "_mm_cvtsi128_si32(_mm512_castsi512_si128(a))",
  },
}
