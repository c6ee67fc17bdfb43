-- AVX: 8 lanes of f32. No FMA (fma rounds twice) and no 256-bit integer instructions:
-- integer primitives work on the two 128-bit halves.
target "avx" {
  kind = "cpu",
  rank = 2,
  lanes = 8,
  cflags = { "-mavx" },
  needs = { "avx", "os_ymm" },
  types = { f32 = "__m256", i32 = "__m256i", mask = "__m256" },
  prelude = [[
#include <immintrin.h>

static const int32_t tn_avx_tail_table[16] = { -1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0 };

/* All-ones in the first k lanes (k <= 8). */
static inline __m256i tn_avx_tail_mask(size_t k)
{
    return _mm256_loadu_si256((const __m256i *)(tn_avx_tail_table + 8 - k));
}

static inline __m256 tn_avx_load_tail(const float *p, size_t k, __m256 fill)
{
    __m256i m = tn_avx_tail_mask(k);
    return _mm256_blendv_ps(fill, _mm256_maskload_ps(p, m), _mm256_castsi256_ps(m));
}

#define TN_AVX_HALVES(name, expr_lo, expr_hi)                                               \
    static inline __m256i name(__m256i a, __m256i b)                                        \
    {                                                                                       \
        __m128i alo = _mm256_castsi256_si128(a), ahi = _mm256_extractf128_si256(a, 1);      \
        __m128i blo = _mm256_castsi256_si128(b), bhi = _mm256_extractf128_si256(b, 1);      \
        (void)blo;                                                                          \
        (void)bhi;                                                                          \
        return _mm256_insertf128_si256(_mm256_castsi128_si256(expr_lo), expr_hi, 1);        \
    }
TN_AVX_HALVES(tn_avx_add_epi32, _mm_add_epi32(alo, blo), _mm_add_epi32(ahi, bhi))
TN_AVX_HALVES(tn_avx_sub_epi32, _mm_sub_epi32(alo, blo), _mm_sub_epi32(ahi, bhi))
TN_AVX_HALVES(tn_avx_cmplt_epi32, _mm_cmplt_epi32(alo, blo), _mm_cmplt_epi32(ahi, bhi))

static inline __m256i tn_avx_slli_epi32(__m256i a, int k)
{
    __m128i lo = _mm_slli_epi32(_mm256_castsi256_si128(a), k);
    __m128i hi = _mm_slli_epi32(_mm256_extractf128_si256(a, 1), k);
    return _mm256_insertf128_si256(_mm256_castsi128_si256(lo), hi, 1);
}

static inline __m256i tn_avx_srai_epi32(__m256i a, int k)
{
    __m128i lo = _mm_srai_epi32(_mm256_castsi256_si128(a), k);
    __m128i hi = _mm_srai_epi32(_mm256_extractf128_si256(a, 1), k);
    return _mm256_insertf128_si256(_mm256_castsi128_si256(lo), hi, 1);
}]],
  prims = {
    add = "_mm256_add_ps(a, b)", sub = "_mm256_sub_ps(a, b)", mul = "_mm256_mul_ps(a, b)",
    div = "_mm256_div_ps(a, b)", fma = "_mm256_add_ps(_mm256_mul_ps(a, b), c)",
    neg = "_mm256_xor_ps(a, _mm256_set1_ps(-0.0f))", abs = "_mm256_andnot_ps(_mm256_set1_ps(-0.0f), a)",
    sqrt = "_mm256_sqrt_ps(a)", max = "_mm256_max_ps(a, b)", min = "_mm256_min_ps(a, b)",
    cmp_lt = "_mm256_cmp_ps(a, b, _CMP_LT_OQ)", cmp_le = "_mm256_cmp_ps(a, b, _CMP_LE_OQ)",
    cmp_gt = "_mm256_cmp_ps(a, b, _CMP_GT_OQ)", cmp_ge = "_mm256_cmp_ps(a, b, _CMP_GE_OQ)",
    -- not blendv: gcc 12 turns a blendv of a comparison into a branch per lane on AVX
    select = "_mm256_or_ps(_mm256_and_ps(a, b), _mm256_andnot_ps(a, c))",
    as_i32 = "_mm256_castps_si256(a)", as_f32 = "_mm256_castsi256_ps(a)",
    iadd = "tn_avx_add_epi32(a, b)", isub = "tn_avx_sub_epi32(a, b)",
    shl = "tn_avx_slli_epi32(a, b)", sra = "tn_avx_srai_epi32(a, b)", to_i32 = "_mm256_cvttps_epi32(a)",
    load = "_mm256_loadu_ps(a)", store = "_mm256_storeu_ps(a, b)",
    store_stream = "_mm256_stream_ps(a, b)", stream_fence = "_mm_sfence()",
    load_tail = "tn_avx_load_tail(a, k, c)", store_tail = "_mm256_maskstore_ps(a, tn_avx_tail_mask(k), c)",
    splat = "_mm256_set1_ps(a)", isplat = "_mm256_set1_epi32(a)",
    iota = "_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)",
    iselect = "_mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(c), _mm256_castsi256_ps(b), a))",
    cmp_eq = "_mm256_cmp_ps(a, b, _CMP_EQ_OQ)", icmp_lt = "_mm256_castsi256_ps(tn_avx_cmplt_epi32(a, b))",
    mask_and = "_mm256_and_ps(a, b)", mask_or = "_mm256_or_ps(a, b)",
    iand = "_mm256_castps_si256(_mm256_and_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b)))",
    ior = "_mm256_castps_si256(_mm256_or_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b)))",
    to_f32 = "_mm256_cvtepi32_ps(a)",
    tail_mask = "_mm256_castsi256_ps(tn_avx_tail_mask(k))",
    iload = "_mm256_loadu_si256((const __m256i *)a)", istore = "_mm256_storeu_si256((__m256i *)a, b)",
    fold = "(k == 4 ? _mm256_permute2f128_ps(a, a, 1) : k == 2 ? _mm256_permute_ps(a, 0x4E) : _mm256_permute_ps(a, 0xB1))",
    ifold = "_mm256_castps_si256(k == 4 ? _mm256_permute2f128_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(a), 1) "
      .. ": k == 2 ? _mm256_permute_ps(_mm256_castsi256_ps(a), 0x4E) : _mm256_permute_ps(_mm256_castsi256_ps(a), 0xB1))",
    first = "_mm256_cvtss_f32(a)", ifirst = "_mm_cvtsi128_si32(_mm256_castsi256_si128(a))",
  },
}
