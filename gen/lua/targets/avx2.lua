-- AVX2 with FMA: 8 lanes of f32, fused multiply-add, 256-bit integer instructions.
target "avx2" {
  kind = "cpu",
  rank = 3,
  lanes = 8,
  cflags = { "-mavx2", "-mfma" },
  needs = { "avx2", "fma", "os_ymm" },
  types = { f32 = "__m256", i32 = "__m256i", mask = "__m256" },
  prelude = [[
#include <immintrin.h>

/* All-ones in the first k lanes (k <= 8). */
static inline __m256i tn_avx2_tail_mask(size_t k)
{
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)k), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

static inline __m256 tn_avx2_load_tail(const float *p, size_t k, __m256 fill)
{
    __m256i m = tn_avx2_tail_mask(k);
    return _mm256_blendv_ps(fill, _mm256_maskload_ps(p, m), _mm256_castsi256_ps(m));
}]],
  prims = {
    add = "_mm256_add_ps(a, b)", sub = "_mm256_sub_ps(a, b)", mul = "_mm256_mul_ps(a, b)",
    div = "_mm256_div_ps(a, b)", fma = "_mm256_fmadd_ps(a, b, c)",
    neg = "_mm256_xor_ps(a, _mm256_set1_ps(-0.0f))", abs = "_mm256_andnot_ps(_mm256_set1_ps(-0.0f), a)",
    sqrt = "_mm256_sqrt_ps(a)", max = "_mm256_max_ps(a, b)", min = "_mm256_min_ps(a, b)",
    cmp_lt = "_mm256_cmp_ps(a, b, _CMP_LT_OQ)", cmp_le = "_mm256_cmp_ps(a, b, _CMP_LE_OQ)",
    cmp_gt = "_mm256_cmp_ps(a, b, _CMP_GT_OQ)", cmp_ge = "_mm256_cmp_ps(a, b, _CMP_GE_OQ)",
    select = "_mm256_blendv_ps(c, b, a)",
    as_i32 = "_mm256_castps_si256(a)", as_f32 = "_mm256_castsi256_ps(a)",
    iadd = "_mm256_add_epi32(a, b)", isub = "_mm256_sub_epi32(a, b)",
    shl = "_mm256_slli_epi32(a, b)", sra = "_mm256_srai_epi32(a, b)", to_i32 = "_mm256_cvttps_epi32(a)",
    load = "_mm256_loadu_ps(a)", store = "_mm256_storeu_ps(a, b)",
    load_tail = "tn_avx2_load_tail(a, k, c)", store_tail = "_mm256_maskstore_ps(a, tn_avx2_tail_mask(k), c)",
    splat = "_mm256_set1_ps(a)", isplat = "_mm256_set1_epi32(a)",
    iota = "_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)",
    iselect = "_mm256_blendv_epi8(c, b, _mm256_castps_si256(a))",
    istore = "_mm256_storeu_si256((__m256i *)a, b)",
    fold = "(k == 4 ? _mm256_permute2f128_ps(a, a, 1) : k == 2 ? _mm256_permute_ps(a, 0x4E) : _mm256_permute_ps(a, 0xB1))",
    first = "_mm256_cvtss_f32(a)",
  },
}
