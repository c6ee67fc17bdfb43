-- SSE2: 4 lanes of f32; every x86-64 CPU has it. No FMA: fma rounds twice.
target "sse2" {
  kind = "cpu",
  rank = 1,
  lanes = 4,
  cflags = { "-msse2" },
  needs = { "sse2" },
  types = { f32 = "__m128", i32 = "__m128i", mask = "__m128" },
  prelude = [[
#include <emmintrin.h>

/* Tails: copy the k < 4 remaining elements through a small buffer padded with `fill`. */
static inline __m128 tn_sse2_load_tail(const float *p, size_t k, __m128 fill)
{
    float buf[4];
    _mm_storeu_ps(buf, fill);
    for (size_t j = 0; j < k; j++)
        buf[j] = p[j];
    return _mm_loadu_ps(buf);
}

static inline void tn_sse2_store_tail(float *p, size_t k, __m128 v)
{
    float buf[4];
    _mm_storeu_ps(buf, v);
    for (size_t j = 0; j < k; j++)
        p[j] = buf[j];
}]],
  prims = {
    add = "_mm_add_ps(a, b)", sub = "_mm_sub_ps(a, b)", mul = "_mm_mul_ps(a, b)", div = "_mm_div_ps(a, b)",
    fma = "_mm_add_ps(_mm_mul_ps(a, b), c)",
    neg = "_mm_xor_ps(a, _mm_set1_ps(-0.0f))", abs = "_mm_andnot_ps(_mm_set1_ps(-0.0f), a)",
    sqrt = "_mm_sqrt_ps(a)",
    max = "_mm_max_ps(a, b)", min = "_mm_min_ps(a, b)", -- maxps returns b on NaN or equal: the primitive's contract
    cmp_lt = "_mm_cmplt_ps(a, b)", cmp_le = "_mm_cmple_ps(a, b)",
    cmp_gt = "_mm_cmpgt_ps(a, b)", cmp_ge = "_mm_cmpge_ps(a, b)",
    select = "_mm_or_ps(_mm_and_ps(a, b), _mm_andnot_ps(a, c))",
    as_i32 = "_mm_castps_si128(a)", as_f32 = "_mm_castsi128_ps(a)",
    iadd = "_mm_add_epi32(a, b)", isub = "_mm_sub_epi32(a, b)",
    shl = "_mm_slli_epi32(a, b)", sra = "_mm_srai_epi32(a, b)", to_i32 = "_mm_cvttps_epi32(a)",
    load = "_mm_loadu_ps(a)", store = "_mm_storeu_ps(a, b)",
    store_stream = "_mm_stream_ps(a, b)", stream_fence = "_mm_sfence()",
    load_tail = "tn_sse2_load_tail(a, k, c)", store_tail = "tn_sse2_store_tail(a, k, c)",
    splat = "_mm_set1_ps(a)", isplat = "_mm_set1_epi32(a)", iota = "_mm_setr_epi32(0, 1, 2, 3)",
    iselect = "_mm_or_si128(_mm_and_si128(_mm_castps_si128(a), b), _mm_andnot_si128(_mm_castps_si128(a), c))",
    cmp_eq = "_mm_cmpeq_ps(a, b)", icmp_lt = "_mm_castsi128_ps(_mm_cmplt_epi32(a, b))",
    mask_and = "_mm_and_ps(a, b)", mask_or = "_mm_or_ps(a, b)",
    iand = "_mm_and_si128(a, b)", ior = "_mm_or_si128(a, b)", to_f32 = "_mm_cvtepi32_ps(a)",
    tail_mask = "_mm_castsi128_ps(_mm_cmpgt_epi32(_mm_set1_epi32((int)k), _mm_setr_epi32(0, 1, 2, 3)))",
    iload = "_mm_loadu_si128((const __m128i *)a)", istore = "_mm_storeu_si128((__m128i *)a, b)",
    fold = "(k == 2 ? _mm_movehl_ps(a, a) : _mm_shuffle_ps(a, a, 0xB1))", first = "_mm_cvtss_f32(a)",
    ifold = "(k == 2 ? _mm_shuffle_epi32(a, 0x4E) : _mm_shuffle_epi32(a, 0xB1))", ifirst = "_mm_cvtsi128_si32(a)",
  },
}
