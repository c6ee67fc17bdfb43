/* Spec-driven op tests: one op (or all) on one backend, at every test size and on special
 * values, against references computed in double precision and judged by the op's contract.
 * Outputs are poisoned before each call and surrounded by guard values that must survive.
 *
 * usage: test_ops --backend NAME [--op NAME]
 * exit status: 0 passed, 1 failed, 77 skipped (the backend cannot run on this machine). */
#include "op_specs.h"
#include "tn_internal.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { GUARD = 17 }; /* floats on each side; 17 also misaligns the data for every vector width */
static const uint32_t POISON = 0x7FA5A5A5u; /* a signalling NaN no computation produces */
static const uint32_t CANARY = 0x7FB0B0B0u;

static int failures;

/* ---- helpers ---- */

static uint64_t rng_state;

static double uniform(double lo, double hi)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return lo + (hi - lo) * (double)(rng_state >> 11) / 9007199254740992.0;
}

static uint32_t bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static float float_of(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* Distance in units in the last place: floats mapped to integers in their order. */
static double ulp_distance(float a, float b)
{
    int64_t x = (int32_t)bits_of(a), y = (int32_t)bits_of(b);
    if (x < 0)
        x = INT32_MIN - x;
    if (y < 0)
        y = INT32_MIN - y;
    return (double)(x > y ? x - y : y - x);
}

static float flush(float f)
{
    return fabsf(f) < FLT_MIN ? copysignf(0.0f, f) : f;
}

/* A host array with guards on both sides. The front guard grows by one float per array, cycling
 * through 16, so that arrays start at every 4-byte offset within 64 bytes: kernels that align
 * their loops to the vector width meet every head length. */
typedef struct guarded {
    float *base, *data;
    size_t n, front;
} guarded;

static guarded guarded_new(size_t n)
{
    static size_t next_shift;
    size_t front = GUARD + next_shift++ % 16;
    guarded g = { malloc((n + front + GUARD) * sizeof(float)), NULL, n, front };
    if (!g.base) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (size_t i = 0; i < n + front + GUARD; i++)
        g.base[i] = float_of(CANARY);
    g.data = g.base + front;
    return g;
}

static int guards_intact(const guarded *g)
{
    for (size_t i = 0; i < g->front; i++)
        if (bits_of(g->base[i]) != CANARY)
            return 0;
    for (size_t i = 0; i < GUARD; i++)
        if (bits_of(g->data[g->n + i]) != CANARY)
            return 0;
    return 1;
}

/* ---- what a backend may relax ---- */

typedef struct rules {
    const char *backend;
    double extra_ulp; /* added to the op's ulp bound */
    int may_flush;    /* subnormal inputs and results may be flushed to zero */
    int lanes;        /* CPU lanes (32 on a GPU: a warp) */
    int group;        /* GPU workgroup width; the lanes again on a CPU */
} rules;

/* ---- checking one result ---- */

typedef struct check {
    const test_op *op;
    const rules *r;
    double worst;   /* largest error seen, in the contract's unit */
    int reported;
} check;

static void report(check *c, const char *what, size_t n, size_t i, const double *in, float got, double want)
{
    failures++;
    if (c->reported++ >= 5)
        return;
    printf("FAIL %s/%s %s n=%zu i=%zu inputs=(", c->op->name, c->r->backend, what, n, i);
    for (int a = 0; a < c->op->nargs; a++)
        if (c->op->roles[a] != TEST_OUT)
            printf("%s%s=%.9g", a ? ", " : "", c->op->arg_names[a], in[a]);
    printf(") got %.9g (0x%08x) want %.9g\n", got, bits_of(got), want);
}

/* Whether got meets a map op's contract for the inputs in[]. */
static int map_ok(check *c, const double *in, float got)
{
    const test_op *op = c->op;
    double want = op->ref(in);
    float rounded = (float)want;
    if (bits_of(got) == POISON)
        return 0;
    if (isnan(want))
        return isnan(got);
    if (op->ulp >= 0) {
        if (isnan(got))
            return 0;
        double d = ulp_distance(got, rounded);
        if (d > c->worst)
            c->worst = d;
        return d <= op->ulp + c->r->extra_ulp;
    }
    double bound = op->rel * op->of(in) + op->abs;
    if (!(bound <= FLT_MAX)) /* an intermediate overflows (a * x in axpy): the model bounds nothing */
        return 1;
    if (isnan(got))
        return 0;
    if (got == rounded || isinf(rounded) || isinf(got))
        return got == rounded;
    double err = fabs((double)got - want);
    if (err <= bound && err / bound > c->worst)
        c->worst = err / bound;
    return err <= bound;
}

static int map_ok_relaxed(check *c, const double *in, float got)
{
    if (map_ok(c, in, got))
        return 1;
    if (!c->r->may_flush)
        return 0;
    double flushed[TEST_MAX_ARGS];
    for (int a = 0; a < c->op->nargs; a++)
        flushed[a] = flush((float)in[a]);
    float want = (float)c->op->ref(flushed);
    if (isnan(want) && isnan(got))
        return 1;
    return map_ok(c, flushed, got) || flush(got) == flush(want) || flush(got) == flush((float)c->op->ref(in));
}

/* ---- running one call ---- */

typedef struct runner {
    const char *backend;
    tn_device *device; /* NULL: host arrays */
} runner;

static tn_status run(const runner *rn, const test_op *op, test_args *a, guarded *arrays)
{
    if (!rn->device)
        return op->host(a);
    /* Device path: copy host arrays into buffers one guard longer, run, copy back. */
    tn_status s = TN_OK;
    for (int i = 0; i < op->nargs && s == TN_OK; i++) {
        if (op->roles[i] == TEST_SCALAR)
            continue;
        s = tn_buffer_create(rn->device, a->n + GUARD, &a->buf[i]);
        if (s == TN_OK)
            s = tn_buffer_write(a->buf[i], 0, arrays[i].data, a->n + GUARD);
    }
    if (s == TN_OK)
        s = op->device(rn->device, a);
    for (int i = 0; i < op->nargs && s == TN_OK; i++)
        if (op->roles[i] != TEST_SCALAR)
            s = tn_buffer_read(a->buf[i], 0, arrays[i].data, a->n + GUARD);
    for (int i = 0; i < op->nargs; i++) {
        tn_buffer_destroy(a->buf[i]);
        a->buf[i] = NULL;
    }
    return s;
}

/* ---- map ops ---- */

static void fill_inputs(const test_op *op, guarded *arrays, test_args *a, size_t n)
{
    for (int i = 0; i < op->nargs; i++) {
        arrays[i] = guarded_new(n);
        a->ptr[i] = arrays[i].data;
        if (op->roles[i] == TEST_SCALAR)
            a->scalar[i] = (float)uniform(op->domain[0], op->domain[1]);
        else if (op->roles[i] == TEST_OUT)
            for (size_t k = 0; k < n; k++)
                arrays[i].data[k] = float_of(POISON);
        else
            for (size_t k = 0; k < n; k++)
                arrays[i].data[k] = (float)uniform(op->domain[0], op->domain[1]);
    }
    a->n = n;
}

/* Checks outputs, untouched inputs and guards after a map call; frees the arrays. */
static void check_map(check *c, const char *what, const test_args *a, guarded *arrays, guarded *inputs_before)
{
    const test_op *op = c->op;
    size_t n = a->n;
    int out = -1;
    for (int i = 0; i < op->nargs; i++)
        if (op->roles[i] == TEST_OUT || op->roles[i] == TEST_INOUT)
            out = i;
    for (size_t k = 0; k < n; k++) {
        double in[TEST_MAX_ARGS];
        for (int i = 0; i < op->nargs; i++)
            in[i] = op->roles[i] == TEST_SCALAR ? a->scalar[i] : inputs_before[i].data[k];
        float got = arrays[out].data[k];
        if (!map_ok_relaxed(c, in, got))
            report(c, what, n, k, in, got, op->ref(in));
    }
    for (int i = 0; i < op->nargs; i++) {
        if (!guards_intact(&arrays[i])) {
            failures++;
            printf("FAIL %s/%s %s n=%zu: a guard around %s was overwritten\n", op->name, c->r->backend, what, n,
                   op->arg_names[i]);
        }
        if (op->roles[i] == TEST_VEC && memcmp(arrays[i].data, inputs_before[i].data, n * sizeof(float)) != 0) {
            failures++;
            printf("FAIL %s/%s %s n=%zu: input %s was modified\n", op->name, c->r->backend, what, n,
                   op->arg_names[i]);
        }
        free(arrays[i].base);
        free(inputs_before[i].base);
    }
}

static void copy_arrays(const test_op *op, const guarded *from, guarded *to, size_t n)
{
    for (int i = 0; i < op->nargs; i++) {
        to[i] = guarded_new(n); /* guards of canaries, like from's */
        memcpy(to[i].data, from[i].data, n * sizeof(float));
    }
}

static void map_call(const runner *rn, check *c, const char *what, test_args *a, guarded *arrays)
{
    guarded before[TEST_MAX_ARGS];
    copy_arrays(c->op, arrays, before, a->n);
    tn_status s = run(rn, c->op, a, arrays);
    if (s != TN_OK) {
        failures++;
        printf("FAIL %s/%s %s n=%zu: %s: %s\n", c->op->name, rn->backend, what, a->n, tn_status_string(s),
               tn_last_error());
        for (int i = 0; i < c->op->nargs; i++) {
            free(arrays[i].base);
            free(before[i].base);
        }
        return;
    }
    check_map(c, what, a, arrays, before);
}

static void test_map_size(const runner *rn, check *c, size_t n)
{
    test_args a = { 0 };
    guarded arrays[TEST_MAX_ARGS];
    fill_inputs(c->op, arrays, &a, n);
    map_call(rn, c, "random", &a, arrays);
}

static const float specials[] = {
    0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1e-45f, -1e-45f, 1.1754942e-38f, FLT_MIN, -FLT_MIN, FLT_MAX, -FLT_MAX,
    1.0f, -1.0f, 0.5f, -2.5f, 3.0f, 88.5f, 89.5f, -87.5f, -103.5f, -104.5f, 1e10f, -1e-10f,
};
enum { NSPECIAL = sizeof specials / sizeof specials[0] };

/* Every combination of special values over the vector inputs, for each special scalar value. */
static void test_map_specials(const runner *rn, check *c)
{
    const test_op *op = c->op;
    int nvec = 0;
    for (int i = 0; i < op->nargs; i++)
        nvec += op->roles[i] == TEST_VEC || op->roles[i] == TEST_INOUT;
    size_t n = 1;
    for (int v = 0; v < nvec; v++)
        n *= NSPECIAL;
    for (int s = 0; s < NSPECIAL; s++) {
        test_args a = { 0 };
        guarded arrays[TEST_MAX_ARGS];
        fill_inputs(op, arrays, &a, n);
        for (int i = 0, v = 0; i < op->nargs; i++) {
            if (op->roles[i] == TEST_SCALAR)
                a.scalar[i] = specials[s];
            if (op->roles[i] != TEST_VEC && op->roles[i] != TEST_INOUT)
                continue;
            size_t period = 1;
            for (int w = 0; w < v; w++)
                period *= NSPECIAL;
            for (size_t k = 0; k < n; k++)
                arrays[i].data[k] = specials[(k / period) % NSPECIAL];
            v++;
        }
        map_call(rn, c, "specials", &a, arrays);
        int has_scalar = 0;
        for (int i = 0; i < op->nargs; i++)
            has_scalar |= op->roles[i] == TEST_SCALAR;
        if (!has_scalar)
            break;
    }
}

/* ---- reductions ---- */

static void test_reduce_size(const runner *rn, check *c, size_t n)
{
    const test_op *op = c->op;
    test_args a = { 0 };
    guarded arrays[TEST_MAX_ARGS];
    fill_inputs(op, arrays, &a, n);
    float result = float_of(POISON);
    size_t index = (size_t)-1;
    a.result = &result;
    a.index = &index;
    tn_status s = run(rn, op, &a, arrays);
    double in[TEST_MAX_ARGS] = { 0 };
    if (op->kind == TEST_ARGREDUCE && n == 0) { /* no index exists: the call must say so */
        if (s != TN_ERR_INVALID_ARGUMENT) {
            failures++;
            printf("FAIL %s/%s n=0: expected an invalid-argument error, got %s\n", op->name, c->r->backend,
                   tn_status_string(s));
        }
    } else if (s != TN_OK) {
        failures++;
        printf("FAIL %s/%s n=%zu: %s: %s\n", op->name, c->r->backend, n, tn_status_string(s), tn_last_error());
    } else if (op->kind == TEST_ARGREDUCE) {
        double best = op->init;
        size_t want = 0;
        for (size_t k = 0; k < n; k++)
            if (op->better(arrays[0].data[k], best)) {
                best = arrays[0].data[k];
                want = k;
            }
        if (index != want) {
            in[0] = NAN;
            report(c, "index", n, index, in, (float)index, (double)want);
        }
    } else {
        double acc = op->init, scale = 0;
        for (size_t k = 0; k < n; k++) {
            for (int i = 0; i < op->nargs; i++)
                in[i] = arrays[i].data[k];
            acc = op->step(acc, in);
            if (op->of)
                scale += op->of(in);
        }
        double want = op->final ? op->final(acc) : acc;
        int ok;
        if (op->exact || n == 0) {
            ok = bits_of(result) == bits_of((float)want) || (result == 0 && want == 0);
        } else {
            double bound = op->rel * (op->final ? op->final(scale) : scale);
            double err = fabs((double)result - want);
            if (bound > 0 && err / bound > c->worst)
                c->worst = err / bound;
            ok = err <= bound && bits_of(result) != POISON;
        }
        if (!ok)
            report(c, "result", n, 0, in, result, want);
    }
    for (int i = 0; i < op->nargs; i++) {
        if (!guards_intact(&arrays[i])) {
            failures++;
            printf("FAIL %s/%s n=%zu: a guard around %s was overwritten\n", op->name, c->r->backend, n,
                   op->arg_names[i]);
        }
        free(arrays[i].base);
    }
}

/* ---- driver ---- */

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

static void test_op_on(const runner *rn, const test_op *op)
{
    rules r = rules_for(rn->backend, op->name);
    check c = { .op = op, .r = &r };
    size_t lanes = (size_t)r.lanes, group = (size_t)r.group;
    size_t sizes[] = { 0, 1, lanes - 1, lanes, lanes + 1, group - 1, group, group + 1, 1000, 65537, 1000003 };
    int before = failures;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int seen = 0;
        for (size_t p = 0; p < s; p++)
            seen |= sizes[p] == sizes[s];
        if (seen)
            continue;
        rng_state = 0x9E3779B97F4A7C15ull ^ (sizes[s] * 0x100000001B3ull) ^ (uint64_t)(uintptr_t)op->name[0];
        if (op->kind == TEST_MAP)
            test_map_size(rn, &c, sizes[s]);
        else
            test_reduce_size(rn, &c, sizes[s]);
    }
    if (op->kind == TEST_MAP)
        test_map_specials(rn, &c);
    const char *unit = op->exact ? "" : op->ulp >= 0 ? " ulp" : " of the bound";
    printf("%s %s/%s%s: worst error %.3g%s", failures == before ? "ok  " : "FAIL", op->name, rn->backend,
           rn->device ? " (device buffers)" : "", c.worst, unit);
    if (op->ulp >= 0 && r.extra_ulp > 0)
        printf(" (contract %g ulp, + %g on this target)", op->ulp, r.extra_ulp);
    printf("\n");
}

int main(int argc, char **argv)
{
    const char *backend = NULL, *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc)
            backend = argv[++i];
        else if (strcmp(argv[i], "--op") == 0 && i + 1 < argc)
            only = argv[++i];
        else {
            fprintf(stderr, "usage: test_ops --backend NAME [--op NAME]\n");
            return 2;
        }
    }
    if (!backend) {
        fprintf(stderr, "usage: test_ops --backend NAME [--op NAME]\n");
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
    runner host = { backend, NULL };
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
    }
    tn_device_close(device.device);
    if (!found) {
        fprintf(stderr, "test_ops: no op named '%s'\n", only);
        return 2;
    }
    return failures ? 1 : 0;
}
