/* The machine's limits, measured at start: read bandwidth at each cache level and from DRAM,
 * and the FMA peak of each CPU target from a register-resident loop. */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <immintrin.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *const level_names[] = {"l1", "l2", "dram"}; /* ORDER bench_level */

const char *bench_level_name(bench_level level)
{
    return level_names[level];
}

/* Working sets beyond L2 are rotated through enough buffers to stream from DRAM (run.c). */
bench_level bench_level_of(double working_set_bytes)
{
    return working_set_bytes <= 32 * 1024 ? LEVEL_L1 : working_set_bytes <= 1024 * 1024 ? LEVEL_L2 : LEVEL_DRAM;
}

double bench_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- read bandwidth ---- */

/* XOR of every word, four full-width loads per step into independent accumulators. */
__attribute__((target("avx512f"))) static uint32_t read_words_avx512(const uint32_t *p, size_t n)
{
    __m512i a = _mm512_setzero_si512(), b = a, c = a, d = a;
    for (size_t i = 0; i + 64 <= n; i += 64) {
        a = _mm512_xor_si512(a, _mm512_load_si512(p + i));
        b = _mm512_xor_si512(b, _mm512_load_si512(p + i + 16));
        c = _mm512_xor_si512(c, _mm512_load_si512(p + i + 32));
        d = _mm512_xor_si512(d, _mm512_load_si512(p + i + 48));
    }
    return (uint32_t)_mm512_reduce_or_epi32(_mm512_xor_si512(_mm512_xor_si512(a, b), _mm512_xor_si512(c, d)));
}

__attribute__((target("avx2"))) static uint32_t read_words_avx2(const uint32_t *p, size_t n)
{
    __m256i a = _mm256_setzero_si256(), b = a, c = a, d = a;
    for (size_t i = 0; i + 32 <= n; i += 32) {
        a = _mm256_xor_si256(a, _mm256_load_si256((const __m256i *)(p + i)));
        b = _mm256_xor_si256(b, _mm256_load_si256((const __m256i *)(p + i + 8)));
        c = _mm256_xor_si256(c, _mm256_load_si256((const __m256i *)(p + i + 16)));
        d = _mm256_xor_si256(d, _mm256_load_si256((const __m256i *)(p + i + 24)));
    }
    return (uint32_t)_mm256_extract_epi32(_mm256_xor_si256(_mm256_xor_si256(a, b), _mm256_xor_si256(c, d)), 0);
}

static uint32_t read_words_sse2(const uint32_t *p, size_t n)
{
    __m128i a = _mm_setzero_si128(), b = a;
    for (size_t i = 0; i + 8 <= n; i += 8) {
        a = _mm_xor_si128(a, _mm_load_si128((const __m128i *)(p + i)));
        b = _mm_xor_si128(b, _mm_load_si128((const __m128i *)(p + i + 4)));
    }
    return (uint32_t)_mm_cvtsi128_si32(_mm_xor_si128(a, b));
}

/* The widest loads this machine has: the limit is the memory system's, not an ISA's. */
static uint32_t read_words(const uint32_t *p, size_t n)
{
    unsigned have = tn_cpu_detect_raw();
    if ((have & (TN_FEAT_AVX512F | TN_FEAT_OS_ZMM)) == (TN_FEAT_AVX512F | TN_FEAT_OS_ZMM))
        return read_words_avx512(p, n);
    if ((have & (TN_FEAT_AVX2 | TN_FEAT_OS_YMM)) == (TN_FEAT_AVX2 | TN_FEAT_OS_YMM))
        return read_words_avx2(p, n);
    return read_words_sse2(p, n);
}

static volatile uint32_t sink; /* keeps the reads */

/* Reads every array of a case's operands once (a read of what the op reads and writes): timed in
 * turn with the cases that stream from DRAM, it is the DRAM floor of that very moment. */
void bench_read_operands(void *const *ptr, const size_t *count, int n)
{
    uint32_t all = 0;
    for (int i = 0; i < n; i++)
        if (ptr[i] && count[i])
            all ^= read_words((const uint32_t *)ptr[i], count[i]);
    sink ^= all;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median rate of reading `bytes` over and over (at least 20 ms per pass). */
static double read_rate(size_t bytes)
{
    uint32_t *buf = aligned_alloc(4096, bytes);
    if (!buf)
        return 0;
    memset(buf, 1, bytes);
    double rates[7];
    for (int pass = 0; pass < 7; pass++) {
        size_t reps = 0;
        double t0 = bench_now(), t;
        do {
            sink ^= read_words(buf, bytes / 4);
            reps++;
        } while ((t = bench_now() - t0) < 0.02);
        rates[pass] = (double)reps * (double)bytes / t;
    }
    free(buf);
    qsort(rates, 7, sizeof rates[0], by_value);
    return rates[3];
}

/* ---- FMA peak: 12 independent accumulator chains hide the latency of each ---- */

enum { CHAINS = 12, PEAK_ITERS = 1 << 20 };

static volatile float peak_sink;

__attribute__((target("avx512f"))) static double peak_avx512(void)
{
    __m512 acc[CHAINS], m = _mm512_set1_ps(0.999999f), a = _mm512_set1_ps(1e-7f);
    for (int c = 0; c < CHAINS; c++)
        acc[c] = _mm512_set1_ps((float)c);
    for (long i = 0; i < PEAK_ITERS; i++)
        for (int c = 0; c < CHAINS; c++)
            acc[c] = _mm512_fmadd_ps(acc[c], m, a);
    for (int c = 1; c < CHAINS; c++)
        acc[0] = _mm512_add_ps(acc[0], acc[c]);
    peak_sink = _mm512_reduce_add_ps(acc[0]);
    return (double)PEAK_ITERS * CHAINS * 16 * 2;
}

__attribute__((target("avx2,fma"))) static double peak_avx2(void)
{
    __m256 acc[CHAINS], m = _mm256_set1_ps(0.999999f), a = _mm256_set1_ps(1e-7f);
    for (int c = 0; c < CHAINS; c++)
        acc[c] = _mm256_set1_ps((float)c);
    for (long i = 0; i < PEAK_ITERS; i++)
        for (int c = 0; c < CHAINS; c++)
            acc[c] = _mm256_fmadd_ps(acc[c], m, a);
    float lanes[8];
    for (int c = 1; c < CHAINS; c++)
        acc[0] = _mm256_add_ps(acc[0], acc[c]);
    _mm256_storeu_ps(lanes, acc[0]);
    peak_sink = lanes[0];
    return (double)PEAK_ITERS * CHAINS * 8 * 2;
}

/* Without FMA a multiply and an add do the work of one fused op: two flops. */
__attribute__((target("avx"))) static double peak_avx(void)
{
    __m256 acc[CHAINS], m = _mm256_set1_ps(0.999999f), a = _mm256_set1_ps(1e-7f);
    for (int c = 0; c < CHAINS; c++)
        acc[c] = _mm256_set1_ps((float)c);
    for (long i = 0; i < PEAK_ITERS; i++)
        for (int c = 0; c < CHAINS; c++)
            acc[c] = _mm256_add_ps(_mm256_mul_ps(acc[c], m), a);
    float lanes[8];
    _mm256_storeu_ps(lanes, acc[CHAINS - 1]);
    peak_sink = lanes[0];
    return (double)PEAK_ITERS * CHAINS * 8 * 2;
}

static double peak_sse2(void)
{
    __m128 acc[CHAINS], m = _mm_set1_ps(0.999999f), a = _mm_set1_ps(1e-7f);
    for (int c = 0; c < CHAINS; c++)
        acc[c] = _mm_set1_ps((float)c);
    for (long i = 0; i < PEAK_ITERS; i++)
        for (int c = 0; c < CHAINS; c++)
            acc[c] = _mm_add_ps(_mm_mul_ps(acc[c], m), a);
    peak_sink = _mm_cvtss_f32(acc[CHAINS - 1]);
    return (double)PEAK_ITERS * CHAINS * 4 * 2;
}

static double peak_scalar(void)
{
    __m128 acc[CHAINS], m = _mm_set_ss(0.999999f), a = _mm_set_ss(1e-7f);
    for (int c = 0; c < CHAINS; c++)
        acc[c] = _mm_set_ss((float)c);
    for (long i = 0; i < PEAK_ITERS; i++)
        for (int c = 0; c < CHAINS; c++)
            acc[c] = _mm_add_ss(_mm_mul_ss(acc[c], m), a);
    peak_sink = _mm_cvtss_f32(acc[CHAINS - 1]);
    return (double)PEAK_ITERS * CHAINS * 2;
}

/* By target name, as gen/lua/targets/ names them. */
static const struct {
    const char *target;
    double (*loop)(void); /* returns the flops it did */
} peak_loops[] = {
    {"scalar", peak_scalar}, {"sse2", peak_sse2}, {"avx", peak_avx}, {"avx2", peak_avx2}, {"avx512", peak_avx512},
};

static double measure_peak(double (*loop)(void))
{
    double best = 0;
    for (int pass = 0; pass < 5; pass++) {
        double t0 = bench_now();
        double flops = loop();
        double rate = flops / (bench_now() - t0);
        best = rate > best ? rate : best; /* the peak: interference only ever slows it */
    }
    return best;
}

void bench_measure_limits(bench_limits *l)
{
    memset(l, 0, sizeof *l);
    static const size_t level_bytes[] = {16 << 10, 512 << 10, (size_t)256 << 20}; /* ORDER bench_level */
    for (int level = 0; level < LEVEL_COUNT; level++)
        l->read_bw[level] = read_rate(level_bytes[level]);
    unsigned have = tn_cpu_detect_raw();
    for (int t = 0; t < tn_cpu_target_count && t < BENCH_MAX_TARGETS; t++) {
        if (tn_cpu_targets[t].needs & ~have)
            continue;
        for (size_t k = 0; k < sizeof peak_loops / sizeof peak_loops[0]; k++)
            if (strcmp(peak_loops[k].target, tn_cpu_targets[t].name) == 0)
                l->peak[t] = measure_peak(peak_loops[k].loop);
        if (l->peak[t] > l->native_peak)
            l->native_peak = l->peak[t];
    }
}
