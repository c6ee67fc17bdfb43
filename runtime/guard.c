/* Guards: policies (process default, per thread), the scan for NaN and infinities, the report,
 * and guarded CPU calls (docs/GUARDS.md). */
#include "guard_internal.h"

#include <math.h>
#include <pthread.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Thread_local int tn_guard_thread_checks __attribute__((tls_model("initial-exec"))) = -1;
atomic_uint tn_guard_default_checks = ~0u;

static _Thread_local tn_guard_policy thread_policy;
static pthread_mutex_t default_lock = PTHREAD_MUTEX_INITIALIZER;
static tn_guard_policy default_policy;
static pthread_once_t env_once = PTHREAD_ONCE_INIT;

/* TRUENO_GUARD=off|nan|inf|nonfinite[,log]; anything else leaves guards off, said on stderr. */
static void read_environment(void)
{
    const char *env = getenv("TRUENO_GUARD");
    tn_guard_policy p = {TN_GUARD_OFF, TN_GUARD_FAIL, NULL, NULL};
    if (env && *env) {
        char word[32] = "";
        const char *comma = strchr(env, ',');
        size_t len = comma ? (size_t)(comma - env) : strlen(env);
        if (len < sizeof word)
            memcpy(word, env, len);
        static const struct {
            const char *name;
            unsigned checks;
        } names[] = {
            {"off", TN_GUARD_OFF}, {"nan", TN_GUARD_NAN}, {"inf", TN_GUARD_INF}, {"nonfinite", TN_GUARD_NONFINITE}};
        bool known = false;
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            if (strcmp(word, names[i].name) == 0) {
                p.checks = names[i].checks;
                known = true;
            }
        if (comma && strcmp(comma, ",log") == 0)
            p.action = TN_GUARD_LOG;
        else if (comma)
            known = false;
        if (!known) {
            fprintf(stderr, "trueno: TRUENO_GUARD=%s is not off, nan, inf or nonfinite (with ,log); guards off\n", env);
            p.checks = TN_GUARD_OFF;
        }
    }
    pthread_mutex_lock(&default_lock);
    default_policy = p;
    atomic_store(&tn_guard_default_checks, p.checks);
    pthread_mutex_unlock(&default_lock);
}

static tn_status check_policy(const tn_guard_policy *p, const char *fn)
{
    if (p->checks & ~(unsigned)TN_GUARD_NONFINITE)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: checks = 0x%x has bits other than TN_GUARD_NAN and TN_GUARD_INF",
                       fn, p->checks);
    if (p->action != TN_GUARD_FAIL && p->action != TN_GUARD_LOG)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: action = %d is neither TN_GUARD_FAIL nor TN_GUARD_LOG", fn,
                       (int)p->action);
    return TN_OK;
}

tn_status tn_guard_set_default(const tn_guard_policy *policy)
{
    static const tn_guard_policy off = {TN_GUARD_OFF, TN_GUARD_FAIL, NULL, NULL};
    const tn_guard_policy *p = policy ? policy : &off;
    tn_status s = check_policy(p, "tn_guard_set_default");
    if (s != TN_OK)
        return s;
    pthread_once(&env_once, read_environment); /* so that the environment never overwrites this */
    pthread_mutex_lock(&default_lock);
    default_policy = *p;
    atomic_store(&tn_guard_default_checks, p->checks);
    pthread_mutex_unlock(&default_lock);
    return TN_OK;
}

tn_status tn_guard_set_thread(const tn_guard_policy *policy)
{
    if (!policy) {
        tn_guard_thread_checks = -1;
        return TN_OK;
    }
    tn_status s = check_policy(policy, "tn_guard_set_thread");
    if (s != TN_OK)
        return s;
    thread_policy = *policy;
    tn_guard_thread_checks = (int)policy->checks;
    return TN_OK;
}

tn_guard_policy tn_guard_current(void)
{
    if (tn_guard_thread_checks >= 0)
        return thread_policy;
    pthread_once(&env_once, read_environment);
    pthread_mutex_lock(&default_lock);
    tn_guard_policy p = default_policy;
    pthread_mutex_unlock(&default_lock);
    return p;
}

/* ---- the scan ---- */

typedef uint32_t u32x16 __attribute__((vector_size(64)));

/* Whether bits b are a value the checks look for. */
static inline bool bad_bits(uint32_t b, unsigned checks)
{
    uint32_t magnitude = b & 0x7fffffffu;
    return ((checks & TN_GUARD_NAN) && magnitude > 0x7f800000u) ||
           ((checks & TN_GUARD_INF) && magnitude == 0x7f800000u);
}

static size_t first_bad(const float *x, size_t n, unsigned checks)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t b;
        memcpy(&b, x + i, sizeof b);
        if (bad_bits(b, checks))
            return i;
    }
    return n;
}

/* With the sign cleared, adding 2^23 carries into bit 31 exactly when the exponent is all ones
 * (an infinity or a NaN), so OR-ing those sums over the array (16 lanes, two accumulators) says
 * whether to search it element by element (any CPU: GCC's vector extensions, lowered to what the
 * baseline ISA has). Returns n when no element is bad. */
static size_t scan_portable(const float *x, size_t n, unsigned checks)
{
    const u32x16 magnitude = (u32x16){0} + 0x7fffffffu, carry = (u32x16){0} + 0x00800000u;
    u32x16 m0 = {0}, m1 = {0};
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        u32x16 a, b;
        memcpy(&a, x + i, sizeof a);
        memcpy(&b, x + i + 16, sizeof b);
        m0 |= (a & magnitude) + carry;
        m1 |= (b & magnitude) + carry;
    }
    m0 |= m1;
    uint32_t any = 0;
    for (int k = 0; k < 16; k++)
        any |= m0[k];
    if (any & 0x80000000u)
        return first_bad(x, n, checks);
    size_t tail = first_bad(x + i, n - i, checks);
    return tail == n - i ? n : i + tail;
}

#if defined(__x86_64__) || defined(__i386__)
/* With FMA, one instruction a vector: acc + x * 0 stays 0 while x is finite and becomes NaN,
 * for good, at the first infinity or NaN (inf * 0 is NaN). Four accumulators cover the fma's
 * latency; only an array whose sum is NaN is searched element by element. */
__attribute__((target("avx2,fma"))) static size_t scan_avx2(const float *x, size_t n, unsigned checks)
{
    const __m256 zero = _mm256_setzero_ps();
    __m256 a0 = zero, a1 = zero, a2 = zero, a3 = zero;
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        a0 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i), zero, a0);
        a1 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i + 8), zero, a1);
        a2 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i + 16), zero, a2);
        a3 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i + 24), zero, a3);
    }
    __m256 a = _mm256_add_ps(_mm256_add_ps(a0, a1), _mm256_add_ps(a2, a3));
    if (_mm256_movemask_ps(_mm256_cmp_ps(a, a, _CMP_UNORD_Q)))
        return first_bad(x, n, checks);
    size_t tail = first_bad(x + i, n - i, checks);
    return tail == n - i ? n : i + tail;
}

__attribute__((target("avx512f"))) static size_t scan_avx512(const float *x, size_t n, unsigned checks)
{
    const __m512 zero = _mm512_setzero_ps();
    __m512 a0 = zero, a1 = zero, a2 = zero, a3 = zero;
    size_t i = 0;
    for (; i + 64 <= n; i += 64) {
        a0 = _mm512_fmadd_ps(_mm512_loadu_ps(x + i), zero, a0);
        a1 = _mm512_fmadd_ps(_mm512_loadu_ps(x + i + 16), zero, a1);
        a2 = _mm512_fmadd_ps(_mm512_loadu_ps(x + i + 32), zero, a2);
        a3 = _mm512_fmadd_ps(_mm512_loadu_ps(x + i + 48), zero, a3);
    }
    __m512 a = _mm512_add_ps(_mm512_add_ps(a0, a1), _mm512_add_ps(a2, a3));
    if (_mm512_cmp_ps_mask(a, a, _CMP_UNORD_Q))
        return first_bad(x, n, checks);
    size_t tail = first_bad(x + i, n - i, checks);
    return tail == n - i ? n : i + tail;
}
#endif

static size_t (*scan_fn)(const float *, size_t, unsigned);
static pthread_once_t scan_once = PTHREAD_ONCE_INIT;

static void pick_scan(void)
{
    scan_fn = scan_portable;
#if defined(__x86_64__) || defined(__i386__)
    unsigned have = tn_cpu_detect(), ymm = TN_FEAT_AVX2 | TN_FEAT_FMA | TN_FEAT_OS_YMM,
             zmm = TN_FEAT_AVX512F | TN_FEAT_OS_ZMM;
    if ((have & zmm) == zmm)
        scan_fn = scan_avx512;
    else if ((have & ymm) == ymm)
        scan_fn = scan_avx2;
#endif
}

/* The first bad element of a rows x cols matrix at ld (a vector: one row), as its offset from x;
 * SIZE_MAX when none. */
static size_t scan_matrix(const float *x, size_t rows, size_t cols, size_t ld, unsigned checks)
{
    pthread_once(&scan_once, pick_scan);
    for (size_t r = 0; r < rows; r++) {
        size_t j = scan_fn(x + r * ld, cols, checks);
        if (j < cols)
            return r * ld + j;
    }
    return SIZE_MAX;
}

size_t tn_guard_scan_output(const tn_op *op, const tn_call *c, int i, const float *x, unsigned checks)
{
    const tn_arg *a = &op->args[i];
    if (a->rank == 0)
        return scan_matrix(x, 1, 1, 1, checks);
    size_t rows = a->rank == 2 ? c->dim[a->dim[0]] : 1;
    size_t cols = c->dim[a->dim[a->rank - 1]];
    return scan_matrix(x, rows, cols, a->rank == 2 ? c->ld[i] : cols, checks);
}

/* ---- the report ---- */

static void log_line(const tn_guard_event *e)
{
    fprintf(stderr, "trueno guard: tn_%s: %s[%zu] = %g (%s); continuing\n", e->op, e->output, e->index,
            (double)e->value, e->backend);
}

tn_status tn_guard_report(const tn_guard_policy *p, const tn_op *op, const tn_call *c, int i, size_t index, float value,
                          const char *backend)
{
    const tn_arg *a = &op->args[i];
    if (p->action == TN_GUARD_LOG) {
        tn_guard_event e = {op->name, a->name, backend, index, value};
        if (p->log)
            p->log(&e, p->user);
        else
            log_line(&e);
        return TN_OK;
    }
    char where[96] = "";
    if (a->rank == 2)
        snprintf(where, sizeof where, " (row %zu, col %zu at ld %zu)", index / c->ld[i], index % c->ld[i], c->ld[i]);
    return tn_fail(TN_ERR_NONFINITE, "tn_%s: output %s[%zu]%s = %g, %s (guard checks %s; backend %s)", op->name,
                   a->name, index, where, (double)value, isnan(value) ? "a NaN" : "an infinity",
                   p->checks == TN_GUARD_NONFINITE ? "NaN and infinities"
                   : p->checks == TN_GUARD_NAN     ? "NaN"
                                                   : "infinities",
                   backend);
}

/* ---- guarded CPU calls ---- */

/* The first bad output of call c (arrays, then results), reported. */
static tn_status check_outputs(const tn_guard_policy *p, const tn_op *op, const tn_call *c, const char *backend)
{
    for (int i = 0; i < op->nargs; i++) {
        const tn_arg *a = &op->args[i];
        if (!((op->outputs & (1u << i)) || tn_is_result(a)) || a->dtype != TN_F32)
            continue; /* inputs, and indices (argmax) */
        const float *x = c->ptr[i];
        size_t at = tn_guard_scan_output(op, c, i, x, p->checks);
        if (at != SIZE_MAX)
            return tn_guard_report(p, op, c, i, at, x[at], backend);
    }
    return TN_OK;
}

_Thread_local int tn_cpu_guard_hit;

tn_status tn_guard_run_cpu(const tn_op *op, tn_call *c, int target)
{
    tn_guard_policy p = tn_guard_current();
    tn_any_fn fn = op->cpu[target];
    const char *backend = tn_cpu_targets[target].name;
    if (!p.checks) {
        op->cpu_call(fn, c);
        return TN_OK;
    }
    if (op->cpu_guarded && op->cpu_guarded[target]) {
        /* The variant checks its results in registers; the element is searched for only when
         * it saw one. */
        tn_cpu_guard_hit = 0;
        op->cpu_call(op->cpu_guarded[target], c);
        return tn_cpu_guard_hit ? check_outputs(&p, op, c, backend) : TN_OK;
    }
    op->cpu_call(fn, c);
    return check_outputs(&p, op, c, backend);
}
