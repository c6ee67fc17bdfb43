-- AVX2 with FMA: AVX's 8 lanes of f32, plus fused multiply-add and 256-bit integer instructions.
target "avx2" {
  base = "avx",
  rank = 3,
  cflags = { "-mavx2", "-mfma" },
  needs = { "avx2", "fma", "os_ymm" },
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
  -- what differs from AVX: fused fma, integer lanes in one instruction, tails without a table
  prims = {
    fma = "_mm256_fmadd_ps(a, b, c)", muladd = "_mm256_fmadd_ps(a, b, c)", -- fused: a * b never rounds on its own
    iadd = "_mm256_add_epi32(a, b)", isub = "_mm256_sub_epi32(a, b)",
    shl = "_mm256_slli_epi32(a, b)", sra = "_mm256_srai_epi32(a, b)",
    iand = "_mm256_and_si256(a, b)", ior = "_mm256_or_si256(a, b)",
    icmp_lt = "_mm256_castsi256_ps(_mm256_cmpgt_epi32(b, a))",
    iselect = "_mm256_blendv_epi8(c, b, _mm256_castps_si256(a))",
    load_tail = "tn_avx2_load_tail(a, k, c)", store_tail = "_mm256_maskstore_ps(a, tn_avx2_tail_mask(k), c)",
    tail_mask = "_mm256_castsi256_ps(tn_avx2_tail_mask(k))",
  },
}
