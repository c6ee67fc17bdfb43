/* NaN and infinity guards: values planted at known elements must stop the call with
 * TN_ERR_NONFINITE and a message naming the op, the output, the element and its value, or be
 * logged; checks not asked for, and guards off, must let the call through; a thread's policy
 * overrides the process default.
 * usage: test_guards --backend B     (B: a CPU target, vulkan or cuda)
 *        test_guards --backend B --environment WANT   (TRUENO_GUARD read as WANT says)
 * exit status: 0 passed, 1 failed, 77 skipped (the backend cannot run on this machine). */
#include "trueno.h"
#include "trueno_guard.h"

#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
static const char *backend;

#define EXPECT(cond, ...)                                                                                              \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            failures++;                                                                                                \
            fprintf(stderr, "FAIL %s:%d [%s] ", __FILE__, __LINE__, backend);                                          \
            fprintf(stderr, __VA_ARGS__);                                                                              \
            fputc('\n', stderr);                                                                                       \
        }                                                                                                              \
    } while (0)

enum { N = 10007 }; /* several CPU chunks and a tail that is not a multiple of any vector */

/* Elements to plant at: not the first, not aligned to any vector, past the first chunk, the last. */
static const size_t planted_at[] = {1, 37, 2053, 4099, N - 1};

/* The events a log callback saw. */
typedef struct seen {
    int count;
    tn_guard_event first;
    char op[32], output[32];
} seen;

static void record(const tn_guard_event *e, void *user)
{
    seen *s = user;
    if (s->count++ == 0) {
        s->first = *e;
        snprintf(s->op, sizeof s->op, "%s", e->op);
        snprintf(s->output, sizeof s->output, "%s", e->output);
    }
}

static void set_thread(unsigned checks, tn_guard_action action, seen *log)
{
    tn_guard_policy p = {checks, action, log ? record : NULL, log};
    if (log)
        memset(log, 0, sizeof *log);
    tn_status s = tn_guard_set_thread(&p);
    EXPECT(s == TN_OK, "tn_guard_set_thread: %s", tn_last_error());
}

/* The message of a failed call names the op, "output[index]" and the kind of value. */
static void expect_failure(tn_status s, const char *op, const char *output, size_t index, float value)
{
    char want[64];
    snprintf(want, sizeof want, "output %s[%zu]", output, index);
    const char *msg = tn_last_error();
    EXPECT(s == TN_ERR_NONFINITE, "tn_%s: status %d (%s), expected TN_ERR_NONFINITE for %s", op, (int)s, msg, want);
    char opname[40];
    snprintf(opname, sizeof opname, "tn_%s:", op);
    EXPECT(strstr(msg, opname) && strstr(msg, want), "message '%s' should name %s and %s", msg, opname, want);
    EXPECT(strstr(msg, isnan(value) ? "NaN" : "infinity"), "message '%s' should say %s", msg,
           isnan(value) ? "NaN" : "infinity");
    EXPECT(strstr(msg, isnan(value) ? "nan"
                       : value > 0  ? "= inf"
                                    : "= -inf"),
           "message '%s' should print the value", msg);
}

static void expect_event(const seen *log, const char *op, const char *output, size_t index, float value)
{
    EXPECT(log->count == 1, "tn_%s: %d events, expected 1", op, log->count);
    if (log->count == 0)
        return;
    EXPECT(strcmp(log->op, op) == 0 && strcmp(log->output, output) == 0, "event names %s.%s, expected %s.%s", log->op,
           log->output, op, output);
    EXPECT(log->first.index == index, "tn_%s: event at %zu, expected %zu", op, log->first.index, index);
    bool same = isnan(value) ? isnan(log->first.value) : log->first.value == value;
    EXPECT(same, "tn_%s: event value %g, expected %g", op, (double)log->first.value, (double)value);
}

static void fill(float *x, size_t n, float base)
{
    for (size_t i = 0; i < n; i++)
        x[i] = base + (float)(i % 97) / 64.0f;
}

/* add and exp with one bad input element: the output's element there is bad (x + y in the
 * reference is NaN or an infinity exactly when x is). */
static void map_ops(float bad)
{
    static float x[N], y[N], z[N];
    seen log;
    for (size_t k = 0; k < sizeof planted_at / sizeof planted_at[0]; k++) {
        size_t at = planted_at[k];
        fill(x, N, 0.5f);
        fill(y, N, -2.0f);
        x[at] = bad;
        set_thread(TN_GUARD_NONFINITE, TN_GUARD_FAIL, NULL);
        expect_failure(tn_add(N, x, y, z), "add", "z", at, bad);
        set_thread(isnan(bad) ? TN_GUARD_NAN : TN_GUARD_INF, TN_GUARD_LOG, &log);
        EXPECT(tn_add(N, x, y, z) == TN_OK, "tn_add with LOG: %s", tn_last_error());
        expect_event(&log, "add", "z", at, bad);
        EXPECT(isnan(bad) ? isnan(z[at]) : z[at] == bad, "tn_add with LOG: z[%zu] = %g", at, (double)z[at]);
        EXPECT(z[N - 1 - (at == N - 1)] == x[N - 1 - (at == N - 1)] + y[N - 1 - (at == N - 1)],
               "tn_add with LOG did not finish the array");
        /* The other kind only: the call goes through. */
        set_thread(isnan(bad) ? TN_GUARD_INF : TN_GUARD_NAN, TN_GUARD_FAIL, NULL);
        EXPECT(tn_add(N, x, y, z) == TN_OK, "tn_add checking the other kind: %s", tn_last_error());
        /* exp: +inf stays +inf, -inf gives 0 (finite: no defect), NaN stays NaN. */
        set_thread(TN_GUARD_NONFINITE, TN_GUARD_FAIL, NULL);
        tn_status s = tn_exp(N, x, z);
        if (bad < 0)
            EXPECT(s == TN_OK, "tn_exp(-inf) = 0 is finite: %s", tn_last_error());
        else
            expect_failure(s, "exp", "y", at, bad);
    }
    /* Two bad elements: the first one is reported. */
    fill(x, N, 0.5f);
    x[4099] = bad;
    x[2053] = -bad;
    set_thread(TN_GUARD_NONFINITE, TN_GUARD_LOG, &log);
    EXPECT(tn_add(N, x, y, z) == TN_OK, "tn_add: %s", tn_last_error());
    expect_event(&log, "add", "z", 2053, -bad);
}

/* Outputs near FLT_MAX are finite: a check that sums outputs overflows on them, and the
 * search that follows must find nothing, so the call goes through with no event. */
static void large_finite(void)
{
    static float x[N], y[N], z[N];
    seen log;
    for (size_t i = 0; i < N; i++)
        x[i] = y[i] = 1.0e38f, z[i] = 0;
    set_thread(TN_GUARD_NONFINITE, TN_GUARD_FAIL, NULL);
    EXPECT(tn_add(N, x, y, z) == TN_OK, "tn_add to 2e38, finite: %s", tn_last_error());
    EXPECT(z[0] == 2.0e38f && z[N - 1] == 2.0e38f, "tn_add to 2e38: z = %g", (double)z[N - 1]);
    for (size_t i = 0; i < N; i++)
        x[i] = 88.0f; /* exp(88) = 1.65e38 */
    EXPECT(tn_exp(N, x, z) == TN_OK, "tn_exp(88), finite: %s", tn_last_error());
    set_thread(TN_GUARD_NONFINITE, TN_GUARD_LOG, &log);
    EXPECT(tn_exp(N, x, z) == TN_OK && log.count == 0, "tn_exp(88) with LOG: %d events", log.count);
    EXPECT(z[N / 2] > 1.6e38f && z[N / 2] < 1.7e38f, "tn_exp(88) = %g", (double)z[N / 2]);
}

/* A result: sum over an array holding one bad element is that element's kind. */
static void reductions(float bad)
{
    static float x[N], y[N];
    fill(x, N, 0.25f);
    fill(y, N, 1.0f);
    x[4099] = bad;
    float r = 0;
    seen log;
    set_thread(TN_GUARD_NONFINITE, TN_GUARD_FAIL, NULL);
    expect_failure(tn_sum(N, x, &r), "sum", "result", 0, bad);
    set_thread(TN_GUARD_NONFINITE, TN_GUARD_LOG, &log);
    EXPECT(tn_dot(N, x, y, &r) == TN_OK, "tn_dot with LOG: %s", tn_last_error());
    expect_event(&log, "dot", "result", 0, bad);
    x[4099] = 1.0f;
    set_thread(TN_GUARD_NONFINITE, TN_GUARD_FAIL, NULL);
    EXPECT(tn_sum(N, x, &r) == TN_OK, "tn_sum of finite values: %s", tn_last_error());
}

/* Rows: softmax of a row holding a bad element is NaN from its first column on (max is NaN or
 * +inf, and x - max is NaN); -inf alone in a row is finite (e^-inf = 0). Rows with gaps (ld). */
static void row_ops(float bad)
{
    enum { ROWS = 37, COLS = 1001, LD = 1013 };
    static float x[ROWS * LD], y[ROWS * LD];
    static const size_t at[][2] = {{0, 1}, {5, 37}, {20, 999}, {ROWS - 1, COLS - 1}};
    for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
        fill(x, ROWS * LD, -1.0f);
        x[at[k][0] * LD + at[k][1]] = bad;
        set_thread(TN_GUARD_NONFINITE, TN_GUARD_FAIL, NULL);
        tn_status s = tn_softmax(ROWS, COLS, x, LD, y, LD);
        if (bad < 0)
            EXPECT(s == TN_OK, "softmax with -inf is finite: %s", tn_last_error());
        else
            expect_failure(s, "softmax", "y", at[k][0] * LD, NAN);
        /* rmsnorm: a NaN makes the row's scale NaN (the whole row); an infinity makes it 0, and
         * the infinite element times 0 is the row's only NaN. */
        static float w[COLS];
        fill(w, COLS, 0.5f);
        seen log;
        set_thread(TN_GUARD_NONFINITE, TN_GUARD_LOG, &log);
        EXPECT(tn_rmsnorm(ROWS, COLS, x, LD, w, 1e-6f, y, LD) == TN_OK, "rmsnorm with LOG: %s", tn_last_error());
        size_t first = at[k][0] * LD + (isnan(bad) ? 0 : at[k][1]);
        float value = NAN;
        expect_event(&log, "rmsnorm", "y", first, value);
        /* rowmax, a value per row: +inf is its row's maximum. */
        if (bad > 0 && !isnan(bad)) {
            static float m[ROWS];
            set_thread(TN_GUARD_INF, TN_GUARD_FAIL, NULL);
            expect_failure(tn_rowmax(ROWS, COLS, x, LD, m), "rowmax", "y", at[k][0], bad);
        }
    }
}

/* Guards off (the default, or a thread's TN_GUARD_OFF): no check, the NaN comes out. */
static void guards_off(void)
{
    static float x[N], y[N], z[N];
    fill(x, N, 0.5f);
    fill(y, N, 1.0f);
    x[37] = NAN;
    EXPECT(tn_guard_set_thread(NULL) == TN_OK, "tn_guard_set_thread(NULL)");
    EXPECT(tn_guard_current().checks == TN_GUARD_OFF, "the default is off");
    EXPECT(tn_add(N, x, y, z) == TN_OK && isnan(z[37]), "guards off: tn_add must pass the NaN through");
    set_thread(TN_GUARD_OFF, TN_GUARD_FAIL, NULL);
    EXPECT(tn_add(N, x, y, z) == TN_OK && isnan(z[37]), "thread off: tn_add must pass the NaN through");
    tn_guard_policy bad = {8, TN_GUARD_FAIL, NULL, NULL};
    EXPECT(tn_guard_set_thread(&bad) == TN_ERR_INVALID_ARGUMENT, "checks = 8 must be refused");
    EXPECT(tn_guard_set_default(&bad) == TN_ERR_INVALID_ARGUMENT, "checks = 8 must be refused as default");
}

/* Another thread follows the process default unless it sets its own policy. */
typedef struct worker {
    bool own_off; /* set the thread's policy to off first */
    tn_status status;
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    static _Thread_local float x[N], y[N], z[N];
    fill(x, N, 0.5f);
    fill(y, N, 1.0f);
    x[2053] = INFINITY;
    tn_use_backend(backend);
    if (w->own_off) {
        tn_guard_policy off = {TN_GUARD_OFF, TN_GUARD_FAIL, NULL, NULL};
        tn_guard_set_thread(&off);
    }
    w->status = tn_add(N, x, y, z);
    return NULL;
}

static void thread_and_default(void)
{
    tn_guard_policy inf = {TN_GUARD_INF, TN_GUARD_FAIL, NULL, NULL};
    EXPECT(tn_guard_set_default(&inf) == TN_OK, "tn_guard_set_default: %s", tn_last_error());
    worker follows = {false, TN_OK}, own = {true, TN_OK};
    pthread_t a, b;
    pthread_create(&a, NULL, work, &follows);
    pthread_create(&b, NULL, work, &own);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    EXPECT(follows.status == TN_ERR_NONFINITE, "a thread following the default (inf) must fail, got %d",
           (int)follows.status);
    EXPECT(own.status == TN_OK, "a thread with its own policy off must pass, got %d", (int)own.status);
    /* This thread: its own NaN-only policy wins over the default; NULL follows the default again. */
    static float x[N], y[N], z[N];
    fill(x, N, 0.5f);
    fill(y, N, 1.0f);
    x[4099] = INFINITY;
    set_thread(TN_GUARD_NAN, TN_GUARD_FAIL, NULL);
    EXPECT(tn_add(N, x, y, z) == TN_OK, "thread NaN-only over default inf: %s", tn_last_error());
    tn_guard_set_thread(NULL);
    expect_failure(tn_add(N, x, y, z), "add", "z", 4099, INFINITY);
    EXPECT(tn_guard_set_default(NULL) == TN_OK, "tn_guard_set_default(NULL)");
    EXPECT(tn_add(N, x, y, z) == TN_OK, "default off again: %s", tn_last_error());
}

/* Device buffers: a map op and a result into a buffer (GPU backends only). */
static void device_buffers(void)
{
    tn_device *dev;
    if (tn_device_open(backend, 0, &dev) != TN_OK) {
        EXPECT(0, "tn_device_open: %s", tn_last_error());
        return;
    }
    static float x[N];
    fill(x, N, 0.5f);
    x[4099] = NAN;
    tn_buffer *bx, *bz, *br;
    tn_buffer_create(dev, N, &bx);
    tn_buffer_create(dev, N, &bz);
    tn_buffer_create(dev, 4, &br);
    tn_buffer_write(bx, 0, x, N);
    set_thread(TN_GUARD_NONFINITE, TN_GUARD_FAIL, NULL);
    expect_failure(tn_dev_add(dev, N, bx, bx, bz), "add", "z", 4099, NAN);
    expect_failure(tn_dev_sum_to(dev, N, bx, br, 2), "sum", "result", 0, NAN);
    x[4099] = 1.0f;
    tn_buffer_write(bx, 0, x, N);
    EXPECT(tn_dev_add(dev, N, bx, bx, bz) == TN_OK, "finite tn_dev_add: %s", tn_last_error());
    /* Guards off afterwards: the same device runs unguarded. */
    tn_guard_set_thread(NULL);
    x[N - 1] = NAN;
    tn_buffer_write(bx, 0, x, N);
    EXPECT(tn_dev_add(dev, N, bx, bx, bz) == TN_OK, "unguarded tn_dev_add: %s", tn_last_error());
    float z = 0;
    tn_buffer_read(bz, N - 1, &z, 1);
    EXPECT(isnan(z), "unguarded tn_dev_add: z[N-1] = %g", (double)z);
    tn_buffer_destroy(bx);
    tn_buffer_destroy(bz);
    tn_buffer_destroy(br);
    tn_device_close(dev);
}

/* Two threads' guarded calls on one device at once: one's defect is never cleared or taken by
 * the other (the device's guard slots are shared). */
typedef struct shared_call {
    tn_device *dev;
    bool bad;
    int wrong; /* calls whose status was not the expected one */
} shared_call;

static void *guarded_adds(void *arg)
{
    shared_call *w = arg;
    tn_guard_policy p = {TN_GUARD_NONFINITE, TN_GUARD_FAIL, NULL, NULL};
    tn_guard_set_thread(&p);
    static float xs[2][N];
    float *x = xs[w->bad];
    fill(x, N, 0.5f);
    if (w->bad)
        x[2053] = NAN;
    tn_buffer *bx = NULL, *bz = NULL;
    if (tn_buffer_create(w->dev, N, &bx) != TN_OK || tn_buffer_create(w->dev, N, &bz) != TN_OK ||
        tn_buffer_write(bx, 0, x, N) != TN_OK)
        w->wrong = -1;
    for (int i = 0; i < 100 && w->wrong >= 0; i++)
        w->wrong += tn_dev_add(w->dev, N, bx, bx, bz) != (w->bad ? TN_ERR_NONFINITE : TN_OK);
    tn_buffer_destroy(bx);
    tn_buffer_destroy(bz);
    tn_guard_set_thread(NULL);
    return NULL;
}

static void device_shared_by_threads(void)
{
    tn_device *dev;
    if (tn_device_open(backend, 0, &dev) != TN_OK) {
        EXPECT(0, "tn_device_open: %s", tn_last_error());
        return;
    }
    shared_call bad = {dev, true, 0}, good = {dev, false, 0};
    pthread_t a, b;
    pthread_create(&a, NULL, guarded_adds, &bad);
    pthread_create(&b, NULL, guarded_adds, &good);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    EXPECT(bad.wrong == 0, "a NaN's guarded adds beside another thread's: %d of 100 not TN_ERR_NONFINITE", bad.wrong);
    EXPECT(good.wrong == 0, "finite guarded adds beside another thread's: %d of 100 not TN_OK", good.wrong);
    tn_device_close(dev);
}

/* The process default read from TRUENO_GUARD (set by the test's environment): want is what it
 * must have given ("nan", "nonfinite,log" or "off" for a value that is refused). */
static int from_environment(const char *want)
{
    tn_guard_policy p = tn_guard_current();
    static float x[N], y[N], z[N];
    fill(x, N, 0.5f);
    fill(y, N, 1.0f);
    x[37] = NAN;
    x[2053] = INFINITY;
    tn_status s = tn_add(N, x, y, z);
    if (strcmp(want, "nan") == 0) {
        EXPECT(p.checks == TN_GUARD_NAN && p.action == TN_GUARD_FAIL, "TRUENO_GUARD=nan gave checks %u, action %d",
               p.checks, (int)p.action);
        expect_failure(s, "add", "z", 37, NAN);
        x[37] = 1.0f;
        EXPECT(tn_add(N, x, y, z) == TN_OK, "TRUENO_GUARD=nan must let an infinity through: %s", tn_last_error());
    } else if (strcmp(want, "nonfinite,log") == 0) {
        EXPECT(p.checks == TN_GUARD_NONFINITE && p.action == TN_GUARD_LOG && !p.log,
               "TRUENO_GUARD=nonfinite,log gave checks %u, action %d", p.checks, (int)p.action);
        EXPECT(s == TN_OK, "TRUENO_GUARD=nonfinite,log must log and continue: %s", tn_last_error());
    } else {
        EXPECT(p.checks == TN_GUARD_OFF, "a refused TRUENO_GUARD must leave guards off, got %u", p.checks);
        EXPECT(s == TN_OK, "guards off: %s", tn_last_error());
    }
    printf("%s: TRUENO_GUARD=%s %s (%d failures)\n", backend, getenv("TRUENO_GUARD"), failures ? "FAILED" : "passed",
           failures);
    return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
    if ((argc != 3 && argc != 5) || strcmp(argv[1], "--backend") != 0 ||
        (argc == 5 && strcmp(argv[3], "--environment") != 0)) {
        fprintf(stderr, "usage: test_guards --backend NAME [--environment nan|nonfinite,log|off]\n");
        return 2;
    }
    backend = argv[2];
    if (tn_use_backend(backend) != TN_OK) {
        printf("SKIP %s: %s\n", backend, tn_last_error());
        return 77;
    }
    if (argc == 5)
        return from_environment(argv[4]);
    guards_off();
    const float bad[] = {NAN, INFINITY, -INFINITY};
    for (int k = 0; k < 3; k++) {
        map_ops(bad[k]);
        reductions(bad[k]);
        row_ops(bad[k]);
    }
    large_finite();
    thread_and_default();
    bool gpu = strcmp(backend, "cuda") == 0 || strcmp(backend, "vulkan") == 0;
    if (gpu) {
        device_buffers();
        device_shared_by_threads();
    }
    tn_guard_set_thread(NULL);
    printf("%s: guards %s (%d failures)\n", backend, failures ? "FAILED" : "passed", failures);
    return failures ? 1 : 0;
}
