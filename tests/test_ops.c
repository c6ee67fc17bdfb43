/* Spec-driven op tests: one op (or all) on one backend, at every test shape and on special
 * values, against references computed in double precision and judged by the op's contract.
 * Outputs are poisoned before each call; arrays are surrounded by guard values, and the gaps
 * between a matrix's rows (ld > cols) hold guard values too: all must survive the call.
 *
 * usage: test_ops --backend NAME [--op NAME] [--quick]
 * exit status: 0 passed, 1 failed, 77 skipped (the backend cannot run on this machine). */
#include "float_bits.h"
#include "op_specs.h"
#include "tn_internal.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { GUARD = 17 }; /* elements on each side; 17 also misaligns the data for every vector width */
static const uint32_t POISON = 0x7FA5A5A5u; /* a signalling NaN no computation produces */
static const uint32_t CANARY = 0x7FB0B0B0u;

static int failures;
static int quick; /* --quick: skip the largest shapes */

/* ---- helpers ---- */

static uint64_t rng_state;

static double uniform(double lo, double hi)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return lo + (hi - lo) * (double)(rng_state >> 11) / 9007199254740992.0;
}

static uint32_t random_bits(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 32);
}

/* Floats mapped to unsigned integers in their order (-inf lowest), and back. */
static uint32_t order_key(float f)
{
    uint32_t u = bits_of(f);
    return u & 0x80000000u ? ~u : u | 0x80000000u;
}

static float from_order_key(uint32_t k)
{
    return float_of(k & 0x80000000u ? k & 0x7FFFFFFFu : ~k);
}

/* An input drawn from an argument's domain [lo, hi]. The whole line (-inf, inf), an op whose
 * contract claims every input, gets random bit patterns: every exponent equally often, huge,
 * tiny and subnormal values, infinities and NaN. A stated domain gets, half the time, a value
 * uniform over it, and otherwise one uniform over the floats it holds (every exponent in it). */
static float draw(const test_arg *g)
{
    double lo = g->domain[0], hi = g->domain[1];
    if (isinf(lo) && isinf(hi))
        return float_of(random_bits());
    if (random_bits() & 1)
        return (float)uniform(lo, hi);
    uint32_t klo = order_key((float)lo), khi = order_key((float)hi);
    return from_order_key(klo + (uint32_t)(((uint64_t)random_bits() * ((uint64_t)(khi - klo) + 1)) >> 32));
}

static float flush(float f)
{
    return fabsf(f) < FLT_MIN ? copysignf(0.0f, f) : f;
}

static void *xmalloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        fprintf(stderr, "test_ops: out of memory (%zu bytes)\n", bytes);
        exit(2);
    }
    return p;
}

/* ---- what a backend may relax ---- */

typedef struct rules {
    const char *backend;
    double extra_ulp; /* added to the op's ulp bound */
    int may_flush;    /* subnormal inputs and results may be flushed to zero */
    int lanes;        /* CPU lanes (32 on a GPU: a warp) */
    int group;        /* GPU workgroup width; the lanes again on a CPU */
} rules;

/* What the backend's target table allows op (generated from `relaxed`), and its widths. */
static rules rules_for(const char *backend, const char *op)
{
    rules r = { backend, 0, 0, 32, 32 };
    for (int i = 0; i < test_relaxation_count; i++)
        if (strcmp(test_relaxations[i].backend, backend) == 0 && strcmp(test_relaxations[i].op, op) == 0) {
            r.extra_ulp = test_relaxations[i].extra_ulp;
            r.may_flush = test_relaxations[i].may_flush;
            r.group = test_relaxations[i].group;
        }
    for (int t = 0; t < tn_cpu_target_count; t++)
        if (strcmp(tn_cpu_targets[t].name, backend) == 0)
            r.lanes = r.group = tn_cpu_targets[t].lanes;
    return r;
}

/* ---- one case: an op's operands at one shape ---- */

/* One argument's storage: 4-byte elements with guards, its logical shape rows x cols at ld. */
typedef struct array {
    uint32_t *base, *data;
    size_t extent, front;
    size_t rows, cols, ld;
} array;

typedef struct tcase {
    const test_op *op;
    const rules *r;
    const char *what; /* "random", "specials" */
    test_args a;
    array arr[TEST_MAX_ARGS], before[TEST_MAX_ARGS];
    float result_f[TEST_MAX_ARGS];
    size_t result_i[TEST_MAX_ARGS];
    int alias[TEST_MAX_ARGS]; /* in place: input i reads the array of output alias[i] - 1 (0: its own) */
    const char *broken_guard; /* a result's buffer written beside its element (tn_dev_<op>_to) */
} tcase;

static int is_array(const test_arg *g)
{
    return g->role != TEST_SCALAR && g->rank > 0;
}

static int is_result(const test_arg *g)
{
    return g->role != TEST_SCALAR && g->role != TEST_IN && g->rank == 0;
}

static int is_output(const test_arg *g)
{
    return g->role == TEST_OUT || g->role == TEST_INOUT;
}

/* An element inside the logical shape (not in a gap between rows). */
static int logical(const array *y, size_t e)
{
    return e % y->ld < y->cols;
}

static array array_new(size_t rows, size_t cols, size_t ld)
{
    static size_t next_shift; /* arrays start at every 4-byte offset within 64 bytes */
    array y = { 0 };
    y.rows = rows;
    y.cols = cols;
    y.ld = ld;
    y.extent = rows == 0 || cols == 0 ? 0 : (rows - 1) * ld + cols;
    y.front = GUARD + next_shift++ % 16;
    y.base = xmalloc((y.extent + y.front + GUARD) * sizeof *y.base);
    for (size_t i = 0; i < y.extent + y.front + GUARD; i++)
        y.base[i] = CANARY;
    y.data = y.base + y.front;
    return y;
}

static array array_copy(const array *y)
{
    array c = *y;
    c.base = xmalloc((y->extent + y->front + GUARD) * sizeof *c.base);
    memcpy(c.base, y->base, (y->extent + y->front + GUARD) * sizeof *c.base);
    c.data = c.base + c.front;
    return c;
}

static void case_free(tcase *t)
{
    for (int i = 0; i < TEST_MAX_ARGS; i++) {
        free(t->arr[i].base);
        free(t->before[i].base);
    }
    memset(t, 0, sizeof *t);
}

/* Operands at dims (ld = cols + pad + k * pad_step for the k-th matrix): inputs random from
 * their domain, outputs poisoned, gaps and guards canaries. */
static void case_setup_ld(tcase *t, const test_op *op, const rules *r, const size_t *dims, size_t pad, size_t pad_step,
                          const char *what)
{
    memset(t, 0, sizeof *t);
    t->op = op;
    t->r = r;
    t->what = what;
    memcpy(t->a.dim, dims, sizeof t->a.dim);
    size_t matrices = 0;
    for (int i = 0; i < op->nargs; i++) {
        const test_arg *g = &op->args[i];
        if (g->role == TEST_SCALAR) {
            t->a.scalar[i] = draw(g);
            continue;
        }
        if (is_result(g)) {
            t->result_f[i] = float_of(POISON);
            t->result_i[i] = (size_t)-1;
            t->a.ptr[i] = g->dtype == TEST_I32 ? (void *)&t->result_i[i] : (void *)&t->result_f[i];
            continue;
        }
        size_t rows = g->rank == 2 ? dims[g->dim[0]] : 1, cols = dims[g->dim[g->rank - 1]];
        size_t ld = g->rank == 2 ? cols + pad + matrices++ * pad_step : cols;
        array *y = &t->arr[i];
        *y = array_new(rows, cols, ld);
        for (size_t e = 0; e < y->extent; e++)
            if (logical(y, e))
                y->data[e] = g->role == TEST_OUT ? POISON : bits_of(draw(g));
        t->a.ptr[i] = y->data;
        t->a.ld[i] = ld;
    }
}

static void case_setup(tcase *t, const test_op *op, const rules *r, const size_t *dims, size_t pad, const char *what)
{
    case_setup_ld(t, op, r, dims, pad, 0, what);
}

static void report(tcase *t, int *reported, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void report(tcase *t, int *reported, const char *fmt, ...)
{
    failures++;
    if ((*reported)++ >= 5)
        return;
    printf("FAIL %s/%s %s dims=(", t->op->name, t->r->backend, t->what);
    for (int d = 0; d < t->op->ndims; d++)
        printf("%s%zu", d ? ", " : "", t->a.dim[d]);
    printf("): ");
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}

/* ---- judging the outputs ---- */

typedef struct verdict {
    double worst; /* largest error seen among judged values, in the contract's unit */
    int reported;
} verdict;

/* Whether got meets the tolerance of kind for want; tracks the worst error. */
static int judge(verdict *v, enum test_tolerance kind, double extra_ulp, float got, double want, double tol)
{
    float rounded = (float)want;
    if (bits_of(got) == POISON)
        return 0;
    if (isnan(want))
        return isnan(got);
    if (kind == TEST_EXACT) /* the sign of a zero included */
        return bits_of(got) == bits_of(rounded);
    if (kind == TEST_ULP) {
        if (isnan(got) || (got == 0 && rounded == 0 && signbit(got) != signbit(rounded)))
            return 0;
        double d = ulp_distance(got, rounded);
        int ok = d <= tol + extra_ulp;
        if (ok && d > v->worst)
            v->worst = d;
        return ok;
    }
    if (isinf(tol)) /* the contract bounds nothing here (a reduction whose terms' sum overflows) */
        return 1;
    if (isnan(got))
        return 0;
    if (got == rounded || isinf(rounded) || isinf(got))
        return got == rounded;
    double err = fabs((double)got - want);
    if (err <= tol && tol > 0 && err / tol > v->worst)
        v->worst = err / tol;
    return err <= tol;
}

/* The reference for the inputs of t as they were before the call; flushed: subnormal inputs
 * flushed to zero first. */
static void reference(const tcase *t, int flushed, test_want *w)
{
    const test_op *op = t->op;
    test_call c = { 0 };
    float *copies[TEST_MAX_ARGS] = { 0 };
    memcpy(c.dim, t->a.dim, sizeof c.dim);
    for (int i = 0; i < op->nargs; i++) {
        const test_arg *g = &op->args[i];
        c.scalar[i] = flushed ? flush(t->a.scalar[i]) : t->a.scalar[i];
        c.ld[i] = t->a.ld[i];
        if (is_array(g)) {
            const array *y = &t->before[i];
            copies[i] = xmalloc(y->extent * sizeof(float));
            for (size_t e = 0; e < y->extent; e++)
                copies[i][e] = flushed ? flush(float_of(y->data[e])) : float_of(y->data[e]);
            c.in[i] = copies[i];
        }
        if (is_output(g)) {
            size_t n = g->rank == 0 ? 1 : t->arr[i].rows * t->arr[i].cols;
            w->want[i] = xmalloc(n * sizeof(double));
            w->tol[i] = xmalloc(n * sizeof(double));
        }
    }
    op->reference(&c, w);
    for (int i = 0; i < op->nargs; i++)
        free(copies[i]);
}

static void want_free(test_want *w)
{
    for (int i = 0; i < TEST_MAX_ARGS; i++) {
        free(w->want[i]);
        free(w->tol[i]);
    }
}

static void judge_outputs(tcase *t, verdict *v)
{
    const test_op *op = t->op;
    test_want w = { 0 }, wf = { 0 };
    int have_flushed = 0;
    reference(t, 0, &w);
    for (int i = 0; i < op->nargs; i++) {
        const test_arg *g = &op->args[i];
        if (!is_output(g))
            continue;
        const array *y = &t->arr[i];
        size_t rows = g->rank == 0 ? 1 : y->rows, cols = g->rank == 0 ? 1 : y->cols;
        for (size_t r = 0; r < rows; r++)
            for (size_t j = 0; j < cols; j++) {
                size_t k = r * cols + j;
                double want = w.want[i][k];
                int ok;
                if (g->dtype == TEST_I32) {
                    double got = g->rank == 0 ? (double)t->result_i[i] : (double)(int32_t)y->data[r * y->ld + j];
                    ok = got == want;
                    if (!ok)
                        report(t, &v->reported, "%s[%zu, %zu] = %.0f, want %.0f", g->name, r, j, got, want);
                    continue;
                }
                float got = g->rank == 0 ? t->result_f[i] : float_of(y->data[r * y->ld + j]);
                ok = judge(v, g->tolerance, t->r->extra_ulp, got, want, w.tol[i][k]);
                if (!ok && t->r->may_flush) {
                    if (!have_flushed) {
                        reference(t, 1, &wf);
                        have_flushed = 1;
                    }
                    double alt = wf.want[i][k];
                    /* judged against a reference the contract does not give (subnormals
                     * flushed): passing or not, its error is not the contract's worst */
                    verdict relaxed = *v;
                    /* a result near the bottom of the normal range can be a product of a flushed
                     * intermediate: zero is accepted where |want| < 2^-96 (2^30 FLT_MIN) */
                    ok = judge(&relaxed, g->tolerance, t->r->extra_ulp, got, alt, wf.tol[i][k]) ||
                         (isnan(alt) && isnan(got)) || bits_of(flush(got)) == bits_of(flush((float)want)) ||
                         bits_of(flush(got)) == bits_of(flush((float)alt)) ||
                         (got == 0 && fabs(want) < 0x1p-96);
                }
                if (!ok)
                    report(t, &v->reported, "%s[%zu, %zu] = %.9g (0x%08x), want %.9g (tolerance %.3g%s)", g->name, r,
                           j, got, bits_of(got), want, w.tol[i][k], g->tolerance == TEST_ULP ? " ulp" : "");
            }
    }
    want_free(&w);
    want_free(&wf);
}

/* Guards and gaps untouched; inputs as they were. */
static void check_untouched(tcase *t, verdict *v)
{
    const test_op *op = t->op;
    for (int i = 0; i < op->nargs; i++) {
        const test_arg *g = &op->args[i];
        if (!is_array(g))
            continue;
        const array *y = &t->arr[i], *b = &t->before[i];
        for (size_t e = 0; e < y->front; e++)
            if (y->base[e] != CANARY) {
                report(t, &v->reported, "the guard before %s was overwritten", g->name);
                break;
            }
        for (size_t e = 0; e < GUARD; e++)
            if (y->data[y->extent + e] != CANARY) {
                report(t, &v->reported, "the guard after %s was overwritten", g->name);
                break;
            }
        for (size_t e = 0; e < y->extent; e++)
            if ((g->role == TEST_IN || !logical(y, e)) && y->data[e] != b->data[e]) {
                report(t, &v->reported, "%s was modified at element %zu%s", g->name, e,
                       logical(y, e) ? "" : " (a gap between rows)");
                break;
            }
    }
}

/* ---- running one case ---- */

typedef struct runner {
    const char *backend;
    tn_device *device; /* NULL: host arrays */
    int to_buffers;    /* results into device buffers (tn_dev_<op>_to) */
} runner;

/* A result's buffer: its element at GUARD, poisoned, between canaries. */
static tn_status result_buffer(tn_device *device, tn_buffer **b)
{
    uint32_t init[2 * GUARD + 1];
    for (size_t e = 0; e < 2 * GUARD + 1; e++)
        init[e] = e == GUARD ? POISON : CANARY;
    tn_status s = tn_buffer_create(device, 2 * GUARD + 1, b);
    return s == TN_OK ? tn_buffer_write(*b, 0, (const float *)init, 2 * GUARD + 1) : s;
}

/* A result's 32 bits from its buffer, as the host call returns it (an index is an int32 in the
 * float's place); left poisoned when the call wrote nothing. */
static void store_result(tcase *t, int i, uint32_t bits)
{
    if (bits == POISON)
        return;
    if (t->op->args[i].dtype == TEST_I32)
        t->result_i[i] = (size_t)(int32_t)bits;
    else
        t->result_f[i] = float_of(bits);
}

/* Reads back each result's buffer: the value into t, the canaries checked. */
static tn_status read_results(tcase *t)
{
    tn_status s = TN_OK;
    for (int i = 0; i < t->op->nargs && s == TN_OK; i++) {
        uint32_t got[2 * GUARD + 1];
        if (!is_result(&t->op->args[i]))
            continue;
        s = tn_buffer_read(t->a.buf[i], 0, (float *)got, 2 * GUARD + 1);
        for (size_t e = 0; s == TN_OK && e < 2 * GUARD + 1; e++)
            if (e != GUARD && got[e] != CANARY)
                t->broken_guard = t->op->args[i].name;
        if (s == TN_OK)
            store_result(t, i, got[GUARD]);
    }
    return s;
}

static tn_status call(const runner *rn, tcase *t)
{
    const test_op *op = t->op;
    if (!rn->device)
        return op->host(&t->a);
    /* Device path: copy host arrays (guards and gaps included) into buffers one guard longer,
     * run, copy back. */
    tn_status s = TN_OK;
    for (int i = 0; i < op->nargs && s == TN_OK; i++) {
        if (!is_array(&op->args[i]) || t->alias[i])
            continue;
        size_t n = t->arr[i].extent + GUARD;
        s = tn_buffer_create(rn->device, n, &t->a.buf[i]);
        if (s == TN_OK)
            s = tn_buffer_write(t->a.buf[i], 0, (const float *)t->arr[i].data, n);
    }
    for (int i = 0; i < op->nargs; i++)
        if (t->alias[i]) /* in place: the output's buffer */
            t->a.buf[i] = t->a.buf[t->alias[i] - 1];
    for (int i = 0; i < op->nargs && s == TN_OK && rn->to_buffers; i++)
        if (is_result(&op->args[i])) {
            s = result_buffer(rn->device, &t->a.buf[i]);
            t->a.at[i] = GUARD;
        }
    tn_status ran = s == TN_OK ? (rn->to_buffers ? op->device_to : op->device)(rn->device, &t->a) : s;
    if (rn->to_buffers && s == TN_OK) /* refused calls too: they must leave the element poisoned */
        s = read_results(t);
    s = s == TN_OK ? ran : s;
    for (int i = 0; i < op->nargs && s == TN_OK; i++)
        if (t->a.buf[i] && !t->alias[i] && is_array(&op->args[i]))
            s = tn_buffer_read(t->a.buf[i], 0, (float *)t->arr[i].data, t->arr[i].extent + GUARD);
    for (int i = 0; i < op->nargs; i++) {
        if (!t->alias[i])
            tn_buffer_destroy(t->a.buf[i]);
        t->a.buf[i] = NULL;
    }
    return s;
}

static int violates_rule(const test_op *op, const size_t *dims)
{
    for (int r = 0; r < op->nrules; r++)
        if (dims[op->rules[r].dim] < op->rules[r].min || dims[op->rules[r].dim] > op->rules[r].max)
            return 1;
    return 0;
}

/* Runs the prepared case t and judges it. */
static void run_case(const runner *rn, tcase *t, verdict *v)
{
    const test_op *op = t->op;
    for (int i = 0; i < op->nargs; i++)
        if (is_array(&op->args[i]))
            t->before[i] = array_copy(&t->arr[i]);
    tn_status s = call(rn, t);
    if (violates_rule(op, t->a.dim)) { /* the call must be refused, and write nothing */
        if (s != TN_ERR_INVALID_ARGUMENT)
            report(t, &v->reported, "expected an invalid-argument error, got %s", tn_status_string(s));
        for (int i = 0; i < op->nargs; i++)
            if (is_result(&op->args[i]) && (op->args[i].dtype == TEST_I32 ? t->result_i[i] != (size_t)-1
                                                                             : bits_of(t->result_f[i]) != POISON))
                report(t, &v->reported, "a refused call wrote %s", op->args[i].name);
    } else if (s != TN_OK) {
        report(t, &v->reported, "%s: %s", tn_status_string(s), tn_last_error());
    } else {
        judge_outputs(t, v);
    }
    if (t->broken_guard)
        report(t, &v->reported, "the buffer of %s was written beside its element", t->broken_guard);
    check_untouched(t, v);
    case_free(t);
}

/* ---- shapes and special values ---- */

static const float specials[] = {
    0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1e-45f, -1e-45f, 1.1754942e-38f, FLT_MIN, -FLT_MIN, FLT_MAX, -FLT_MAX,
    1.0f, -1.0f, 0.5f, -2.5f, 3.0f, 88.5f, 89.5f, -87.5f, -103.5f, -104.5f, 1e10f, -1e-10f,
    /* where exp overflows and its result turns subnormal and vanishes; norm_l2's scaling
     * thresholds and a huge and a tiny value */
    88.7228394f, -88.7228394f, -87.3365479f, -103.972076f, 0x1p-63f, 0x1p52f, 9.9e18f, -8.45e-21f,
    1.5f, /* times FLT_MAX overflows, and minus FLT_MAX fits again */
    1e-25f, -1e30f,
};
enum { NSPECIAL = sizeof specials / sizeof specials[0] };

/* One dim: every combination of special values over the vector inputs, for each special value
 * of the scalars. */
static void specials_1d(const runner *rn, const test_op *op, const rules *r, verdict *v)
{
    int nvec = 0, has_scalar = 0;
    for (int i = 0; i < op->nargs; i++) {
        nvec += op->args[i].rank == 1 && (op->args[i].role == TEST_IN || op->args[i].role == TEST_INOUT);
        has_scalar |= op->args[i].role == TEST_SCALAR;
    }
    size_t n = 1;
    for (int k = 0; k < nvec; k++)
        n *= NSPECIAL;
    for (int s = 0; s < (has_scalar ? NSPECIAL : 1); s++) {
        tcase t;
        size_t dims[TEST_MAX_DIMS] = { n };
        case_setup(&t, op, r, dims, 0, "specials");
        for (int i = 0, k = 0; i < op->nargs; i++) {
            const test_arg *g = &op->args[i];
            if (g->role == TEST_SCALAR)
                t.a.scalar[i] = specials[s];
            if (g->rank != 1 || (g->role != TEST_IN && g->role != TEST_INOUT))
                continue;
            size_t period = 1;
            for (int w = 0; w < k; w++)
                period *= NSPECIAL;
            for (size_t e = 0; e < n; e++)
                t.arr[i].data[e] = bits_of(specials[(e / period) % NSPECIAL]);
            k++;
        }
        run_case(rn, &t, v);
    }
}

/* Whether f is NaN or inside the stated domain of every vector input of op. */
static int in_domains(const test_op *op, float f)
{
    for (int i = 0; i < op->nargs; i++) {
        const test_arg *g = &op->args[i];
        if (g->rank == 1 && (g->role == TEST_IN || g->role == TEST_INOUT) && !(f >= g->domain[0] && f <= g->domain[1]))
            return isnan(f);
    }
    return 1;
}

/* One dim: every vector input holding one special value n times (n = 1, 4, 100: a single
 * element, squares or terms that overflow or vanish together), and the finite special values
 * mixed (magnitudes 2^-149 to FLT_MAX in one vector); values outside a stated domain skipped. */
static void runs_1d(const runner *rn, const test_op *op, const rules *r, verdict *v)
{
    static const size_t lengths[] = { 1, 4, 100 };
    for (int s = 0; s <= NSPECIAL; s++)
        for (size_t k = 0; k < sizeof lengths / sizeof lengths[0]; k++) {
            size_t n = s < NSPECIAL ? lengths[k] : 1000;
            if ((s == NSPECIAL && k > 0) || (s < NSPECIAL && !in_domains(op, specials[s])))
                break;
            tcase t;
            size_t dims[TEST_MAX_DIMS] = { n };
            case_setup(&t, op, r, dims, 0, s < NSPECIAL ? "runs of a special value" : "finite specials mixed");
            for (int i = 0; i < op->nargs; i++) {
                const test_arg *g = &op->args[i];
                if (g->rank != 1 || (g->role != TEST_IN && g->role != TEST_INOUT))
                    continue;
                for (size_t e = 0, m = 0; e < n; m++) {
                    float f = specials[s < NSPECIAL ? (size_t)s : (e * 7 + m) % NSPECIAL];
                    if (s < NSPECIAL || (isfinite(f) && in_domains(op, f)))
                        t.arr[i].data[e++] = bits_of(f);
                }
            }
            run_case(rn, &t, v);
        }
    /* zeros of both signs, alternating from either (a reduction's zero must not depend on order) */
    for (int first = 0; first < 2; first++) {
        tcase t;
        size_t dims[TEST_MAX_DIMS] = { 37 };
        case_setup(&t, op, r, dims, 0, first ? "zeros from -0" : "zeros from +0");
        for (int i = 0; i < op->nargs; i++)
            if (op->args[i].rank == 1 && (op->args[i].role == TEST_IN || op->args[i].role == TEST_INOUT))
                for (size_t e = 0; e < 37; e++)
                    t.arr[i].data[e] = (e + (size_t)first) % 2 ? 0x80000000u : 0;
        run_case(rn, &t, v);
    }
}

/* Two dims: rows of documented special cases in every input matrix. Row p of the pattern:
 * 0 all -inf, 1 one NaN, 2 one +inf, 3 one -inf, 4 all equal, 5 the domain's ends, 6 zeros,
 * 7 a mix of special values, 8 all NaN, 9 one 0 and 18 terms whose e^x sits just below 2^-24,
 * in one accumulator (a sum of e^x that rounds up at every step), -100 elsewhere; the others
 * random. */
enum { NPATTERNS = 11 };

static float pattern_value(int p, size_t j, size_t cols, size_t lanes, const test_arg *g)
{
    double lo = fmax(g->domain[0], -FLT_MAX), hi = fmin(g->domain[1], FLT_MAX); /* the finite ends */
    switch (p) {
    case 0:
        return -INFINITY;
    case 1:
        return j == cols / 2 ? NAN : draw(g);
    case 2:
        return j == cols / 3 ? INFINITY : draw(g);
    case 3:
        return j == cols / 3 ? -INFINITY : draw(g);
    case 4:
        return (float)(0.5 * (lo + hi) + 0.25 * (hi - lo));
    case 5:
        return (float)(j % 2 ? hi : lo);
    case 6:
        return j % 2 ? -0.0f : 0.0f;
    case 7:
        return specials[j % NSPECIAL];
    case 8:
        return NAN;
    case 9: /* the terms in one accumulator of a CPU row reduction (8 accumulators of lanes) */
        if (j == 0)
            return 0.0f;
        if (j % (8 * lanes) == 0 && j / (8 * lanes) < 16)
            return (float)log(0.99 * 0x1p-24);
        if (j == lanes || j == 2 * lanes || j == 4 * lanes)
            return (float)log(0.98 * 0x1p-24);
        return -100.0f;
    default:
        return draw(g);
    }
}

/* At a short width, and at the width of a full block of a CPU row reduction plus a partial one
 * (the deepest tree of sums per row). */
static void specials_2d(const runner *rn, const test_op *op, const rules *r, verdict *v)
{
    const size_t widths[] = { 61, 128 * (size_t)r->lanes + 3 };
    for (size_t k = 0; k < sizeof widths / sizeof widths[0]; k++) {
        size_t dims[TEST_MAX_DIMS] = { NPATTERNS, widths[k] };
        tcase t;
        case_setup(&t, op, r, dims, 3, "special rows");
        for (int i = 0; i < op->nargs; i++) {
            const test_arg *g = &op->args[i];
            if (g->rank != 2 || g->role == TEST_OUT)
                continue;
            array *y = &t.arr[i];
            for (size_t row = 0; row < y->rows; row++)
                for (size_t j = 0; j < y->cols; j++)
                    y->data[row * y->ld + j] = bits_of(pattern_value((int)row, j, y->cols, (size_t)r->lanes, g));
        }
        run_case(rn, &t, v);
    }
}

static int same_shape(const test_arg *a, const test_arg *b)
{
    if (a->rank != b->rank)
        return 0;
    for (int d = 0; d < a->rank; d++)
        if (a->dim[d] != b->dim[d])
            return 0;
    return 1;
}

/* In place: every output that may overwrite an input of its shape does, at a few shapes; the
 * reference still sees the input as it was. */
static void in_place(const runner *rn, const test_op *op, const rules *r, verdict *v)
{
    static const size_t shapes[][3] = { { 1000, 1, 0 }, { 9, 1000, 24 }, { 2, 65537, 0 }, { 3, 8192, 0 } };
    for (int o = 0; o < op->nargs; o++) {
        if (op->args[o].role != TEST_OUT || op->args[o].rank == 0)
            continue;
        for (int j = 0; j < op->nargs; j++) {
            if (op->args[j].role != TEST_IN || !same_shape(&op->args[o], &op->args[j]))
                continue;
            for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
                if ((op->ndims == 1) != (k == 0))
                    continue;
                tcase t;
                size_t dims[TEST_MAX_DIMS] = { shapes[k][0], shapes[k][1] };
                case_setup(&t, op, r, dims, shapes[k][2], "in place");
                array *y = &t.arr[o], *x = &t.arr[j];
                for (size_t e = 0; e < y->extent; e++)
                    if (logical(y, e))
                        y->data[e] = x->data[e];
                t.a.ptr[j] = y->data;
                t.alias[j] = o + 1;
                run_case(rn, &t, v);
            }
        }
    }
}

static void test_op_on(const runner *rn, const test_op *op)
{
    rules r = rules_for(rn->backend, op->name);
    verdict v = { 0 };
    int before = failures;
    size_t lanes = (size_t)r.lanes, group = (size_t)r.group;
    if (op->ndims == 1) {
        /* On GPUs, one length past a grid's sweep of 16-byte vectors: whole pairs of vectors, a
         * single one and a tail (grids of 1024 groups of 256 cover 2^20 elements a sweep). */
        bool gpu = strcmp(rn->backend, "cuda") == 0 || strcmp(rn->backend, "vulkan") == 0;
        size_t sizes[] = { 0,    1,     lanes - 1, lanes,   lanes + 1, group - 1, group, group + 1,
                           1000, 65537, 1000003,   gpu && !quick ? 5000011 : 1000003 };
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            int seen = 0;
            for (size_t p = 0; p < s; p++)
                seen |= sizes[p] == sizes[s];
            if (seen)
                continue;
            rng_state = 0x9E3779B97F4A7C15ull ^ (sizes[s] * 0x100000001B3ull) ^ (uint64_t)(uintptr_t)op->name[0];
            tcase t;
            size_t dims[TEST_MAX_DIMS] = { sizes[s] };
            case_setup(&t, op, &r, dims, 0, "random");
            run_case(rn, &t, &v);
        }
        specials_1d(rn, op, &r, &v);
        runs_1d(rn, op, &r, &v);
    } else {
        /* rows x cols + ld padding: single rows and columns, widths around the lanes and the
         * workgroup, odd lengths, a long row, a large square, rows with gaps between them */
        static const size_t big = 1u << 24;
        const size_t shapes[][3] = {
            { 1, 1, 0 }, { 1, 7, 0 }, { 7, 1, 0 }, { 2, lanes - 1, 0 }, { 3, lanes + 1, 5 }, { 5, group - 1, 0 },
            { 4, group + 1, 3 }, { 9, 1000, 24 }, { 33, 1024, 0 }, { 1, 4097, 0 }, { 3, 8192, 0 }, { 2, 16384, 4 },
            { 2, 32768, 0 }, { 2, 65537, 3 }, { 0, 5, 0 }, { 5, 0, 0 }, { 3, 1000003, 0 }, { 4096, 4096, 0 },
            { 1, big, 0 },
            /* CUDA: more blocks than a grid's x holds (a block takes up to 8 rows), so the grid
             * splits into y; on lavapipe as many workgroups would take minutes */
            { strcmp(rn->backend, "cuda") == 0 ? 600000 : 0, 2, 2 },
        };
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
            if (quick && shapes[s][0] * shapes[s][1] > (1u << 21))
                continue;
            rng_state = 0x9E3779B97F4A7C15ull ^ (shapes[s][1] * 0x100000001B3ull) ^ shapes[s][0];
            tcase t;
            size_t dims[TEST_MAX_DIMS] = { shapes[s][0], shapes[s][1] };
            case_setup(&t, op, &r, dims, shapes[s][2], "random");
            run_case(rn, &t, &v);
        }
        /* each matrix at its own ld (16-byte multiples apart, and one that is not) */
        for (size_t step = 4; step <= 5; step++) {
            tcase t;
            size_t dims[TEST_MAX_DIMS] = { 7, 3000 };
            case_setup_ld(&t, op, &r, dims, 0, step, "own ld per matrix");
            run_case(rn, &t, &v);
        }
        specials_2d(rn, op, &r, &v);
    }
    in_place(rn, op, &r, &v);
    const char *unit = "";
    for (int i = 0; i < op->nargs; i++)
        if (op->args[i].tolerance == TEST_ULP)
            unit = " ulp";
        else if (op->args[i].tolerance == TEST_ABS && !unit[0])
            unit = " of the bound";
    printf("%s %s/%s%s: worst error %.3g%s", failures == before ? "ok  " : "FAIL", op->name, rn->backend,
           rn->to_buffers ? " (device buffers, result to a buffer)" : rn->device ? " (device buffers)" : "", v.worst,
           unit);
    if (op->ulp_bound >= 0 && r.extra_ulp > 0)
        printf(" (contract %g ulp, + %g on this target)", op->ulp_bound, r.extra_ulp);
    printf("\n");
}

/* Results into one buffer, a call per element, queued back to back and read once: each call
 * reduces a prefix of its own length of the same inputs, so a result that is missing, stale or
 * another call's shows. (Results come from ops of one dim.) */
static void queued_results(const runner *rn, const test_op *op)
{
    static const size_t lengths[] = { 1000003, 1, 65537, 0, 33, 4097, 1000003, 7 };
    enum { CALLS = sizeof lengths / sizeof lengths[0] };
    rules r = rules_for(rn->backend, op->name);
    verdict v = { 0 };
    int before = failures, result = -1;
    tcase t[CALLS];
    tn_buffer *inputs[TEST_MAX_ARGS] = { 0 }, *results = NULL;
    uint32_t got[CALLS];
    for (size_t k = 0; k < CALLS; k++)
        got[k] = POISON;
    tn_status s = tn_buffer_create(rn->device, CALLS, &results);
    if (s == TN_OK)
        s = tn_buffer_write(results, 0, (const float *)got, CALLS);
    rng_state = 0x9E3779B97F4A7C15ull;
    for (size_t k = 0; k < CALLS; k++) {
        size_t dims[TEST_MAX_DIMS] = { lengths[k] };
        case_setup(&t[k], op, &r, dims, 0, "queued");
    }
    for (int i = 0; i < op->nargs; i++) {
        if (is_result(&op->args[i]))
            result = i;
        if (!is_array(&op->args[i]) || s != TN_OK)
            continue;
        for (size_t k = 1; k < CALLS; k++) /* prefixes of the first case's inputs */
            memcpy(t[k].arr[i].data, t[0].arr[i].data, lengths[k] * sizeof(uint32_t));
        s = tn_buffer_create(rn->device, lengths[0], &inputs[i]);
        if (s == TN_OK)
            s = tn_buffer_write(inputs[i], 0, (const float *)t[0].arr[i].data, lengths[0]);
    }
    size_t queued = 0;
    for (size_t k = 0; k < CALLS && s == TN_OK; k++) {
        for (int i = 0; i < op->nargs; i++) {
            t[k].before[i] = is_array(&op->args[i]) ? array_copy(&t[k].arr[i]) : (array){ 0 };
            t[k].a.buf[i] = i == result ? results : inputs[i];
            t[k].a.at[i] = k;
        }
        if (violates_rule(op, t[k].a.dim))
            continue;
        s = op->device_to(rn->device, &t[k].a);
        queued++;
    }
    if (s == TN_OK)
        s = tn_buffer_read(results, 0, (float *)got, CALLS);
    if (s != TN_OK)
        report(&t[0], &v.reported, "%s: %s", tn_status_string(s), tn_last_error());
    for (size_t k = 0; k < CALLS; k++) {
        if (s == TN_OK && !violates_rule(op, t[k].a.dim)) {
            store_result(&t[k], result, got[k]);
            judge_outputs(&t[k], &v);
        }
        case_free(&t[k]);
    }
    for (int i = 0; i < op->nargs; i++)
        tn_buffer_destroy(inputs[i]);
    tn_buffer_destroy(results);
    printf("%s %s/%s (%zu results queued into one buffer, read once)\n", failures == before ? "ok  " : "FAIL", op->name,
           rn->backend, queued);
}

int main(int argc, char **argv)
{
    const char *backend = NULL, *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc)
            backend = argv[++i];
        else if (strcmp(argv[i], "--op") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(argv[i], "--quick") == 0)
            quick = 1;
        else {
            fprintf(stderr, "usage: test_ops --backend NAME [--op NAME] [--quick]\n");
            return 2;
        }
    }
    if (!backend) {
        fprintf(stderr, "usage: test_ops --backend NAME [--op NAME] [--quick]\n");
        return 2;
    }
    tn_status s = tn_use_backend(backend);
    if (s == TN_ERR_BACKEND_UNAVAILABLE) {
        printf("SKIP %s: %s\n", backend, tn_last_error());
        return 77;
    }
    if (s != TN_OK) {
        printf("FAIL %s\n", tn_last_error());
        return 1;
    }
    runner host = { backend, NULL, 0 };
    runner device = host;
    int is_gpu = strcmp(backend, "cuda") == 0 || strcmp(backend, "vulkan") == 0;
    if (is_gpu && tn_device_open(backend, 0, &device.device) != TN_OK) {
        printf("FAIL %s: %s\n", backend, tn_last_error());
        return 1;
    }
    if (is_gpu)
        printf("device: %s\n", tn_device_name(device.device));
    int found = 0;
    for (int i = 0; i < test_op_count; i++) {
        if (only && strcmp(only, test_ops[i].name) != 0)
            continue;
        found = 1;
        test_op_on(&host, &test_ops[i]);
        if (is_gpu)
            test_op_on(&device, &test_ops[i]);
        if (is_gpu && test_ops[i].device_to) {
            runner to_buffers = { backend, device.device, 1 };
            test_op_on(&to_buffers, &test_ops[i]);
            queued_results(&to_buffers, &test_ops[i]);
        }
    }
    tn_device_close(device.device);
    if (!found) {
        fprintf(stderr, "test_ops: no op named '%s'\n", only);
        return 2;
    }
    return failures ? 1 : 0;
}
