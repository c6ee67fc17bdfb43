/* Every public entry point from many threads at once: backend choice and queries, every op of
 * the generated test table on valid and invalid input on every backend this machine runs (host
 * arrays, and device buffers on each GPU backend with a device: one device shared by all
 * threads, and one of each thread's own, opened, misused, timed and closed).
 * Each outcome (status, exact message, every output bit) must equal the one the same call gave
 * in a single thread before the threads started. Under ThreadSanitizer a race fails it too.
 *
 * usage: test_threads [--threads N] [--rounds N] [--repeat N]
 *        --repeat: how many times a round asks for an unknown backend in every thread at once
 *        (and makes a tenth as many refused op calls): without TSan a race shows only when two
 *        messages are written at the same moment */
#define _POSIX_C_SOURCE 200809L
#include "op_specs.h"
#include "tn_internal.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ROWS = 3, COLS = 77, GAP = 3, LENGTH = 777 }; /* odd sizes: every variant runs its tail */
enum { VALID, NULL_INPUT, HUGE_DIM, VARIANTS };       /* the calls made of each op */
enum { MAX_BACKENDS = 32, MAX_FAILURES_SHOWN = 20 };
enum { GPU_HOST_OPS = 4 }; /* ops per thread and round on a GPU backend's host path (one device, locked) */

static int thread_count = 8, rounds = 2, repeat = 100000;
static pthread_barrier_t start_together;

/* ---- what a call gave ---- */

typedef struct outcome {
    tn_status status;
    char message[1024]; /* tn_last_error() when the call failed */
    float *values;      /* every output element (gaps between rows included) and result, in order */
    size_t nvalues;
} outcome;

static atomic_int failures;
static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char *fmt, ...)
{
    if (atomic_fetch_add(&failures, 1) >= MAX_FAILURES_SHOWN)
        return;
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&report_lock);
    fputs("FAIL ", stdout);
    vprintf(fmt, ap);
    fputc('\n', stdout);
    fflush(stdout);
    pthread_mutex_unlock(&report_lock);
    va_end(ap);
}

static void record(outcome *o, tn_status s)
{
    o->status = s;
    snprintf(o->message, sizeof o->message, "%s", s == TN_OK ? "" : tn_last_error());
}

/* got must equal want: status, message, every output bit. */
static void compare(const char *what, const char *backend, const outcome *want, const outcome *got)
{
    if (got->status != want->status)
        fail("%s on %s: status %s, single-threaded %s (%s)", what, backend, tn_status_string(got->status),
             tn_status_string(want->status), got->message);
    else if (strcmp(got->message, want->message) != 0)
        fail("%s on %s: message \"%s\", single-threaded \"%s\"", what, backend, got->message, want->message);
    else if (got->nvalues != want->nvalues ||
             (want->nvalues && memcmp(got->values, want->values, want->nvalues * sizeof(float)) != 0))
        fail("%s on %s: outputs differ from the single-threaded call's", what, backend);
}

static void outcome_free(outcome *o)
{
    free(o->values);
    o->values = NULL;
}

/* ---- operands: one input set per op, made once and only read afterwards ---- */

static float *pristine[256][TEST_MAX_ARGS]; /* per op, per array argument; scalars in [0] of their slot */

static size_t dim_of(const test_op *op, int d)
{
    return op->ndims == 1 ? LENGTH : d == 0 ? ROWS : COLS;
}

static size_t ld_of(const test_arg *a)
{
    return a->rank == 2 ? COLS + GAP : 0;
}

static size_t extent(const test_op *op, const test_arg *a)
{
    if (a->rank == 0)
        return 2; /* a result: a float or a size_t index, as two floats' bytes */
    if (a->rank == 1)
        return dim_of(op, a->dim[0]);
    return (dim_of(op, a->dim[0]) - 1) * ld_of(a) + dim_of(op, a->dim[1]);
}

static uint64_t rng = 0x9E3779B97F4A7C15u;

static double uniform(void)
{
    rng = rng * 6364136223846793005u + 1442695040888963407u;
    return (double)(rng >> 11) / 9007199254740992.0;
}

static void make_inputs(void)
{
    for (int k = 0; k < test_op_count; k++) {
        const test_op *op = &test_ops[k];
        for (int i = 0; i < op->nargs; i++) {
            const test_arg *a = &op->args[i];
            size_t n = extent(op, a);
            pristine[k][i] = malloc(n * sizeof(float));
            for (size_t e = 0; e < n; e++) /* outputs start as a pattern: gaps must keep it */
                pristine[k][i][e] = a->role == TEST_OUT ? -1234.5f
                                                        : (float)(a->domain[0] + (a->domain[1] - a->domain[0]) * uniform());
        }
    }
}

/* The call's operands: dims (a huge first dim for HUGE_DIM), host copies of every array. */
static void host_operands(int k, int variant, test_args *a, float **copy)
{
    const test_op *op = &test_ops[k];
    memset(a, 0, sizeof *a);
    for (int d = 0; d < op->ndims; d++)
        a->dim[d] = variant == HUGE_DIM && d == 0 ? SIZE_MAX : dim_of(op, d);
    bool nulled = false;
    for (int i = 0; i < op->nargs; i++) {
        const test_arg *arg = &op->args[i];
        copy[i] = NULL;
        if (arg->role == TEST_SCALAR) {
            a->scalar[i] = pristine[k][i][0];
            continue;
        }
        size_t n = extent(op, arg);
        copy[i] = malloc(n * sizeof(float));
        memcpy(copy[i], pristine[k][i], n * sizeof(float));
        a->ptr[i] = copy[i];
        a->ld[i] = ld_of(arg);
        if (variant == NULL_INPUT && !nulled && arg->role == TEST_IN && arg->rank > 0) {
            a->ptr[i] = NULL;
            nulled = true;
        }
    }
}

/* Every output's values, in argument order. */
static void collect(const test_op *op, float **copy, outcome *o)
{
    size_t total = 0;
    for (int i = 0; i < op->nargs; i++)
        if (op->args[i].role != TEST_SCALAR && op->args[i].role != TEST_IN)
            total += extent(op, &op->args[i]);
    o->values = malloc(total * sizeof(float));
    o->nvalues = 0;
    for (int i = 0; i < op->nargs; i++)
        if (op->args[i].role != TEST_SCALAR && op->args[i].role != TEST_IN) {
            size_t n = extent(op, &op->args[i]);
            memcpy(o->values + o->nvalues, copy[i], n * sizeof(float));
            o->nvalues += n;
        }
}

static void run_host(int k, int variant, outcome *o)
{
    const test_op *op = &test_ops[k];
    test_args a;
    float *copy[TEST_MAX_ARGS];
    host_operands(k, variant, &a, copy);
    record(o, op->host(&a));
    collect(op, copy, o);
    for (int i = 0; i < op->nargs; i++)
        free(copy[i]);
}

/* The same on device buffers: arrays written there, outputs read back, results through host
 * pointers; NULL_INPUT passes no buffer for the first input. */
static void run_device(tn_device *dev, int k, int variant, outcome *o)
{
    const test_op *op = &test_ops[k];
    test_args a;
    float *copy[TEST_MAX_ARGS];
    host_operands(k, variant, &a, copy);
    tn_status s = TN_OK;
    for (int i = 0; i < op->nargs && s == TN_OK; i++) {
        const test_arg *arg = &op->args[i];
        if (arg->role == TEST_SCALAR || arg->rank == 0)
            continue;
        size_t n = extent(op, arg);
        s = tn_buffer_create(dev, n, &a.buf[i]);
        if (s == TN_OK)
            s = tn_buffer_write(a.buf[i], 0, copy[i], n);
        if (variant == NULL_INPUT && !a.ptr[i]) {
            tn_buffer_destroy(a.buf[i]);
            a.buf[i] = NULL;
        }
    }
    if (s == TN_OK)
        s = op->device(dev, &a);
    record(o, s);
    for (int i = 0; i < op->nargs; i++) {
        if (a.buf[i] && op->args[i].role != TEST_IN && tn_buffer_read(a.buf[i], 0, copy[i], extent(op, &op->args[i])) != TN_OK)
            record(o, TN_ERR_DEVICE);
        tn_buffer_destroy(a.buf[i]);
    }
    collect(op, copy, o);
    for (int i = 0; i < op->nargs; i++)
        free(copy[i]);
}

/* ---- the backends a thread switches between, and what each call gave in one thread ---- */

typedef struct backend {
    const char *name; /* NULL: back to the process default */
    outcome choose;   /* what tn_use_backend gave */
    outcome *host;    /* [op][variant] when the choice succeeded */
} backend;

static backend backends[MAX_BACKENDS];
static int backend_count, auto_backend, unknown_backend; /* indices in backends */
static const char *description, *features;

static int add_backend(const char *name)
{
    int index = backend_count++;
    backend *b = &backends[index];
    b->name = name;
    record(&b->choose, tn_use_backend(name));
    if (b->choose.status != TN_OK)
        return index;
    b->host = calloc((size_t)test_op_count * VARIANTS, sizeof *b->host);
    for (int k = 0; k < test_op_count; k++)
        for (int v = 0; v < VARIANTS; v++)
            run_host(k, v, &b->host[k * VARIANTS + v]);
    tn_use_backend(NULL);
    return index;
}

/* The misuse of devices every thread repeats (dev: a device of its own, or NULL). */
enum { NO_DEVICE_MISUSES = 4, MISUSES = 7 }; /* the first ones need no device */
static outcome misuse_ref[MISUSES];           /* with no device */

/* A GPU backend's devices: device 0 shared by every thread at once, and one of each thread's own. */
typedef struct gpu {
    const char *backend;
    int count;               /* tn_device_count */
    tn_device *shared;       /* NULL: the backend has no device here */
    char name[256];          /* tn_device_name of device 0 */
    outcome *ref;            /* [op][variant] on shared */
    outcome misuse[MISUSES]; /* on a device of its own */
} gpu;

static gpu gpus[] = { { .backend = "vulkan" }, { .backend = "cuda" } };
enum { GPUS = sizeof gpus / sizeof gpus[0] };
static const char *const misuse_name[MISUSES] = {
    "tn_device_open(metal)", "tn_device_count(opencl)", "tn_device_open(vulkan, 1000)", "tn_buffer_create(NULL device)",
    "tn_buffer_write past the end", "tn_buffer_read to NULL", "tn_device_timer_stop before start",
};

static void device_misuse(tn_device *dev, outcome o[MISUSES])
{
    tn_device *none = NULL;
    tn_buffer *b = NULL;
    int count = -1;
    float host[8] = { 0 };
    memset(o, 0, MISUSES * sizeof *o);
    record(&o[0], tn_device_open("metal", 0, &none));
    record(&o[1], tn_device_count("opencl", &count));
    record(&o[2], tn_device_open("vulkan", 1000, &none));
    record(&o[3], tn_buffer_create(NULL, 4, &b));
    if (!dev || tn_buffer_create(dev, 4, &b) != TN_OK)
        return;
    record(&o[4], tn_buffer_write(b, 3, host, 2));
    record(&o[5], tn_buffer_read(b, 0, NULL, 4));
    record(&o[6], tn_device_timer_stop(dev, &(double){ 0 }));
    if (tn_buffer_length(b) != 4)
        record(&o[6], TN_ERR_INVALID_ARGUMENT);
    tn_buffer_destroy(b);
}

static void single_threaded(void)
{
    make_inputs();
    description = tn_describe();
    features = tn_cpu_features();
    /* Every CPU target (those this CPU lacks are refused with a message), the best, the default,
     * both GPU backends (where there is no device: refused), and names that are none. */
    for (int t = 0; t < tn_cpu_target_count; t++)
        add_backend(tn_cpu_targets[t].name);
    auto_backend = add_backend("auto");
    add_backend(NULL);
    add_backend("cuda");
    add_backend("vulkan");
    unknown_backend = add_backend("quantum");
    add_backend("");
    device_misuse(NULL, misuse_ref);
    for (int g = 0; g < GPUS; g++) {
        gpu *u = &gpus[g];
        if (tn_device_count(u->backend, &u->count) != TN_OK || u->count == 0 ||
            tn_device_open(u->backend, 0, &u->shared) != TN_OK)
            continue;
        snprintf(u->name, sizeof u->name, "%s", tn_device_name(u->shared));
        u->ref = calloc((size_t)test_op_count * VARIANTS, sizeof *u->ref);
        for (int k = 0; k < test_op_count; k++)
            for (int v = 0; v < VARIANTS; v++)
                run_device(u->shared, k, v, &u->ref[k * VARIANTS + v]);
        tn_device *dev = NULL;
        if (tn_device_open(u->backend, 0, &dev) == TN_OK)
            device_misuse(dev, u->misuse);
        tn_device_close(dev);
    }
}

static const char *label(const backend *b)
{
    return b->name ? (b->name[0] ? b->name : "(empty name)") : "(default)";
}

/* The single-threaded outcomes must be right before threads are held to them: valid calls
 * succeed, refused ones name their function, the list of backends is whole. */
static void expect_refusal(const outcome *o, const char *what, const char *prefix)
{
    if (o->status != TN_ERR_INVALID_ARGUMENT || strncmp(o->message, prefix, strlen(prefix)) != 0)
        fail("single-threaded %s: %s \"%s\", expected a refusal starting \"%s\"", what,
             tn_status_string(o->status), o->message, prefix);
}

static void check_references(void)
{
    char prefix[64];
    for (int j = 0; j < backend_count; j++)
        for (int k = 0; backends[j].host && k < test_op_count; k++) {
            const outcome *o = &backends[j].host[k * VARIANTS];
            if (o[VALID].status != TN_OK)
                fail("single-threaded tn_%s on %s: %s", test_ops[k].name, label(&backends[j]), o[VALID].message);
            snprintf(prefix, sizeof prefix, "tn_%s: ", test_ops[k].name);
            expect_refusal(&o[NULL_INPUT], "NULL input", prefix);
            expect_refusal(&o[HUGE_DIM], "huge dim", prefix);
        }
    for (int g = 0; g < GPUS; g++)
        for (int k = 0; gpus[g].ref && k < test_op_count; k++) {
            const outcome *o = &gpus[g].ref[k * VARIANTS];
            if (o[VALID].status != TN_OK)
                fail("single-threaded tn_dev_%s on %s: %s", test_ops[k].name, gpus[g].backend, o[VALID].message);
            snprintf(prefix, sizeof prefix, "tn_dev_%s: ", test_ops[k].name);
            expect_refusal(&o[NULL_INPUT], "NULL input", prefix);
            expect_refusal(&o[HUGE_DIM], "huge dim", prefix);
        }
    for (int g = 0; g < GPUS; g++)
        for (int i = 0; gpus[g].shared && i < MISUSES; i++)
            if (gpus[g].misuse[i].status == TN_OK || !gpus[g].misuse[i].message[0])
                fail("single-threaded %s on %s was not refused with a message", misuse_name[i], gpus[g].backend);
    const char *known = backends[unknown_backend].choose.message, *end = ", cuda, vulkan)";
    if (strlen(known) < strlen(end) || strcmp(known + strlen(known) - strlen(end), end) != 0)
        fail("single-threaded: the unknown backend's message does not end with \"%s\": %s", end, known);
    if (!backends[auto_backend].host)
        fail("single-threaded: tn_use_backend(auto): %s", backends[auto_backend].choose.message);
    for (int i = 0; i < NO_DEVICE_MISUSES; i++)
        if (misuse_ref[i].status == TN_OK || !misuse_ref[i].message[0])
            fail("single-threaded %s was not refused with a message", misuse_name[i]);
}

/* ---- the threads ---- */

static void check_host(const backend *b, int k, int v)
{
    static const char *const variant_name[] = { "valid call", "NULL input", "huge dim" };
    outcome got = { 0 };
    run_host(k, v, &got);
    char what[96];
    snprintf(what, sizeof what, "tn_%s, %s", test_ops[k].name, variant_name[v]);
    compare(what, label(b), &b->host[k * VARIANTS + v], &got);
    outcome_free(&got);
}

/* A device of the thread's own: opened, named, misused, timed over one op, closed. */
static void own_device(const gpu *u, int id)
{
    tn_device *dev = NULL;
    outcome o = { 0 };
    record(&o, tn_device_open(u->backend, 0, &dev));
    if (o.status != TN_OK) {
        fail("tn_device_open(%s, 0) in a thread: %s", u->backend, o.message);
        return;
    }
    if (strcmp(tn_device_name(dev), u->name) != 0)
        fail("device name \"%s\", single-threaded \"%s\"", tn_device_name(dev), u->name);
    outcome misuse[MISUSES];
    device_misuse(dev, misuse);
    for (int i = 0; i < MISUSES; i++)
        compare(misuse_name[i], u->backend, &u->misuse[i], &misuse[i]);
    tn_status s = tn_device_timer_start(dev);
    int k = id % test_op_count;
    outcome got = { 0 };
    run_device(dev, k, VALID, &got);
    compare("tn_dev_ op on a thread's own device", u->backend, &u->ref[k * VARIANTS + VALID], &got);
    outcome_free(&got);
    double seconds = -1;
    if (s == TN_OK && (tn_device_timer_stop(dev, &seconds) != TN_OK || !(seconds >= 0)))
        fail("device timer: %s (%g s)", tn_last_error(), seconds);
    if (tn_device_synchronize(dev) != TN_OK)
        fail("tn_device_synchronize: %s", tn_last_error());
    tn_device_close(dev);
}

static void *worker(void *arg)
{
    int id = (int)(intptr_t)arg;
    for (int r = 0; r < rounds; r++) {
        /* Queries: the same answer in every thread. */
        if (tn_describe() != description || tn_cpu_features() != features)
            fail("tn_describe or tn_cpu_features changed under threads");
        if (strcmp(tn_status_string(TN_ERR_DEVICE), "device error") != 0)
            fail("tn_status_string(TN_ERR_DEVICE) = \"%s\"", tn_status_string(TN_ERR_DEVICE));
        /* Each thread starts at another backend, so that different choices run side by side. */
        for (int j = 0; j < backend_count; j++) {
            const backend *b = &backends[(j + id) % backend_count];
            outcome got = { 0 };
            record(&got, tn_use_backend(b->name));
            compare("tn_use_backend", label(b), &b->choose, &got);
            if (got.status != TN_OK || !b->host)
                continue;
            bool on_gpu = b->name && (strcmp(b->name, "vulkan") == 0 || strcmp(b->name, "cuda") == 0);
            /* On a GPU backend, host arrays take turns on one device: each thread runs a few
             * ops, and the threads together every op. */
            int n = on_gpu ? GPU_HOST_OPS : test_op_count;
            for (int i = 0; i < n; i++) {
                int k = (on_gpu ? (r * thread_count + id) * GPU_HOST_OPS + i : i + id + r) % test_op_count;
                for (int v = 0; v < VARIANTS; v++)
                    check_host(b, k, v);
            }
        }
        /* The cheap refusals, many times, every thread starting together: their messages are
         * written while other threads write theirs. */
        pthread_barrier_wait(&start_together);
        const backend *unknown = &backends[unknown_backend];
        for (int i = 0; i < repeat; i++) {
            outcome got = { 0 };
            record(&got, tn_use_backend(unknown->name));
            compare("tn_use_backend", label(unknown), &unknown->choose, &got);
        }
        for (int i = 0; i < repeat / 10; i++)
            check_host(&backends[auto_backend], (i + id) % test_op_count, NULL_INPUT);
        outcome misuse[MISUSES];
        device_misuse(NULL, misuse);
        for (int i = 0; i < NO_DEVICE_MISUSES; i++)
            compare(misuse_name[i], "no device", &misuse_ref[i], &misuse[i]);
        for (int g = 0; g < GPUS; g++) {
            const gpu *u = &gpus[(g + id) % GPUS];
            int count = -1;
            if (tn_device_count(u->backend, &count) != TN_OK || count != u->count)
                fail("tn_device_count(%s) = %d, single-threaded %d", u->backend, count, u->count);
            if (!u->shared)
                continue;
            for (int i = 0; i < test_op_count; i++) {
                int k = (i + id + r) % test_op_count;
                for (int v = 0; v < VARIANTS; v++) {
                    outcome got = { 0 };
                    run_device(u->shared, k, v, &got);
                    char what[96];
                    snprintf(what, sizeof what, "tn_dev_%s on a shared device", test_ops[k].name);
                    compare(what, u->backend, &u->ref[k * VARIANTS + v], &got);
                    outcome_free(&got);
                }
            }
            if (r == 0)
                own_device(u, id);
        }
    }
    tn_use_backend(NULL);
    return NULL;
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i += 2) {
        int value = i + 1 < argc ? atoi(argv[i + 1]) : -1;
        if (strcmp(argv[i], "--threads") == 0 && value > 0)
            thread_count = value;
        else if (strcmp(argv[i], "--rounds") == 0 && value > 0)
            rounds = value;
        else if (strcmp(argv[i], "--repeat") == 0 && value >= 0)
            repeat = value;
        else {
            fprintf(stderr, "usage: test_threads [--threads N] [--rounds N] [--repeat N]\n");
            return 2;
        }
    }
    if (test_op_count > 256 || tn_cpu_target_count + 6 > MAX_BACKENDS) {
        fprintf(stderr, "test_threads: more ops or backends than its tables hold\n");
        return 1;
    }
    single_threaded();
    check_references();
    if (atomic_load(&failures))
        return 1;
    printf("%d threads x %d rounds: %d ops x %d calls on %d backend choices\n", thread_count, rounds, test_op_count,
           VARIANTS, backend_count);
    for (int g = 0; g < GPUS; g++)
        printf("%s: %d device(s)%s%s\n", gpus[g].backend, gpus[g].count, gpus[g].shared ? ", device 0 shared: " : "",
               gpus[g].name);
    pthread_t threads[256];
    if (thread_count > 256)
        thread_count = 256;
    pthread_barrier_init(&start_together, NULL, (unsigned)thread_count);
    for (int t = 0; t < thread_count; t++)
        if (pthread_create(&threads[t], NULL, worker, (void *)(intptr_t)t) != 0) {
            fprintf(stderr, "test_threads: pthread_create failed\n");
            return 1;
        }
    for (int t = 0; t < thread_count; t++)
        pthread_join(threads[t], NULL);
    for (int g = 0; g < GPUS; g++)
        tn_device_close(gpus[g].shared);
    int n = atomic_load(&failures);
    printf("%s: %d mismatch(es)\n", n ? "FAIL" : "ok", n);
    return n ? 1 : 0;
}
