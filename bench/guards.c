/* tn_bench guards: an op's call time with guards off and on (finite data, so the check runs in
 * full and finds nothing), samples taken in turn, medians and their ratio (docs/GUARDS.md). */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"
#include "trueno_guard.h"

#include <stdlib.h>
#include <string.h>

enum { GUARD_SAMPLES_MAX = 64 };

typedef struct guard_bench {
    const char *backend; /* "cpu" (the best variant), a CPU target, "cuda" or "vulkan" */
    tn_device *dev;      /* GPU backends: device buffers on device 0 */
    tn_buffer *slots;    /* GPU: guard slots for the kernels timed alone */
    const tn_op *op;
    tn_call c;
    float result;
} guard_bench;

static const tn_op *op_named(const char *name)
{
    for (int i = 0; i < tn_op_count; i++)
        if (strcmp(tn_ops[i]->name, name) == 0)
            return tn_ops[i];
    return NULL;
}

/* Operands of the dims in [0.5, 1) (finite through every op timed here), matrices without gaps
 * (ld = cols); device buffers on a GPU backend. */
static int operands(guard_bench *b, const size_t *dims, void **host)
{
    memset(&b->c, 0, sizeof b->c);
    size_t n = 1;
    for (int d = 0; d < b->op->ndims; d++) {
        b->c.dim[d] = dims[d];
        n *= dims[d];
    }
    for (int i = 0; i < b->op->nargs; i++)
        b->c.ld[i] = b->op->ndims > 1 ? dims[1] : 0;
    float *data = malloc(n * sizeof *data);
    if (!data)
        return -1;
    for (size_t i = 0; i < n; i++)
        data[i] = 0.5f + (float)(i % 1021) / 2048.0f;
    for (int i = 0; i < b->op->nargs; i++) {
        const tn_arg *a = &b->op->args[i];
        host[i] = NULL;
        if (a->role == TN_SCALAR) {
            b->c.scalar[i] = 0.75f;
        } else if (tn_is_result(a)) {
            b->c.ptr[i] = &b->result;
        } else if (b->dev) {
            size_t count = tn_arg_extent(b->op, &b->c, i);
            tn_buffer *buf;
            if (tn_buffer_create(b->dev, count, &buf) != TN_OK || tn_buffer_write(buf, 0, data, count) != TN_OK)
                return free(data), -1;
            b->c.ptr[i] = host[i] = buf;
        } else {
            size_t count = tn_arg_extent(b->op, &b->c, i);
            host[i] = b->c.ptr[i] = malloc(count * sizeof(float));
            if (!host[i])
                return free(data), -1;
            memcpy(host[i], data, count * sizeof(float));
        }
    }
    free(data);
    return 0;
}

static void release(guard_bench *b, void **host)
{
    for (int i = 0; i < b->op->nargs; i++) {
        if (!host[i])
            continue;
        if (b->dev)
            tn_buffer_destroy(host[i]);
        else
            free(host[i]);
    }
}

/* One call, finished: a GPU call is waited for whether or not the guard waits for it. */
static tn_status call_once(guard_bench *b)
{
    tn_call c = b->c;
    if (!b->dev)
        return tn_run_host(b->op, &c);
    tn_status s = tn_run_device(b->dev, b->op, &c);
    return s == TN_OK ? tn_device_synchronize(b->dev) : s;
}

/* Seconds per call over calls calls, with guards set to checks for this thread. */
static double time_calls(guard_bench *b, unsigned checks, long calls)
{
    tn_guard_policy p = {checks, TN_GUARD_FAIL, NULL, NULL};
    tn_guard_set_thread(&p);
    double t0 = bench_now();
    for (long i = 0; i < calls; i++)
        if (call_once(b) != TN_OK) {
            fprintf(stderr, "tn_bench guards: tn_%s: %s\n", b->op->name, tn_last_error());
            exit(1);
        }
    double t = (bench_now() - t0) / (double)calls;
    tn_guard_set_thread(NULL);
    return t;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, compare_doubles);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* One case's line: medians and their ratio, then the fastest samples and theirs (on a shared
 * machine the least disturbed samples say most about the code). */
static void print_case(const guard_bench *b, const char *n, double *off, double *on, int samples, const char *what)
{
    double m_off = median(off, samples), m_on = median(on, samples); /* sorts both */
    printf("%-8s %-8s %10s %12.2f %12.2f %8.3f %12.2f %12.2f %8.3f%s\n", b->op->name, b->backend, n, m_off * 1e6,
           m_on * 1e6, m_on / m_off, off[0] * 1e6, on[0] * 1e6, on[0] / off[0], what);
    fflush(stdout);
}

/* GPU: the kernels alone, queued back to back and timed by the device, with the checks they are
 * given (the host neither zeroes nor reads the slots: the data is finite, nothing is written). */
static double time_kernels(guard_bench *b, unsigned checks, long calls)
{
    tn_call c = b->c;
    for (int i = 0; i < b->op->nargs; i++)
        if (b->op->arrays & (1u << i))
            c.ptr[i] = ((tn_buffer *)b->c.ptr[i])->handle;
    c.results_on_device = false;
    c.guard_checks = checks;
    c.guard = checks ? b->slots->handle : NULL;
    double seconds = 0;
    tn_status s = tn_device_timer_start(b->dev);
    for (long i = 0; s == TN_OK && i < calls; i++)
        s = b->dev->backend->run(b->dev->impl, b->op, &c, NULL);
    if (s == TN_OK)
        s = tn_device_timer_stop(b->dev, &seconds);
    if (s != TN_OK) {
        fprintf(stderr, "tn_bench guards: tn_dev_%s: %s\n", b->op->name, tn_last_error());
        exit(1);
    }
    return seconds / (double)calls;
}

static void time_kernel_case(guard_bench *b, const char *n, int samples, double sample_seconds)
{
    long calls = 1;
    time_kernels(b, TN_GUARD_NONFINITE, 4);
    while (time_kernels(b, TN_GUARD_OFF, calls) * (double)calls < sample_seconds && calls < (1L << 20))
        calls *= 2;
    double off[GUARD_SAMPLES_MAX], on[GUARD_SAMPLES_MAX];
    for (int k = 0; k < samples; k++) {
        off[k] = time_kernels(b, TN_GUARD_OFF, calls);
        on[k] = time_kernels(b, TN_GUARD_NONFINITE, calls);
    }
    print_case(b, n, off, on, samples, "  kernels alone, device timer");
}

/* Off and on, one sample of each in turn, samples of at least sample_seconds. */
static void time_case(guard_bench *b, const char *n, int samples, double sample_seconds)
{
    long calls = 1;
    for (int warm = 0; warm < 3; warm++)
        time_calls(b, TN_GUARD_NONFINITE, 1);
    while (time_calls(b, TN_GUARD_OFF, calls) * (double)calls < sample_seconds && calls < (1L << 24))
        calls *= 2;
    double off[GUARD_SAMPLES_MAX], on[GUARD_SAMPLES_MAX];
    for (int k = 0; k < samples; k++) {
        off[k] = time_calls(b, TN_GUARD_OFF, calls);
        on[k] = time_calls(b, TN_GUARD_NONFINITE, calls);
    }
    print_case(b, n, off, on, samples, b->dev ? "  whole calls, each waited for" : "");
    if (b->dev && b->op->guard_kernels && b->dev->backend->timer_start)
        time_kernel_case(b, n, samples, sample_seconds);
}

static int parse(int argc, char **argv, guard_bench *b, const char **ops, const char **sizes, int *samples,
                 double *sample_seconds)
{
    for (int i = 2; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(argv[i], "--quick") == 0) {
            *sample_seconds = 0.0005;
            continue;
        }
        if (!v) {
            fprintf(stderr, "tn_bench guards: %s needs a value\n", argv[i]);
            return -1;
        }
        if (strcmp(argv[i], "--backend") == 0)
            b->backend = v;
        else if (strcmp(argv[i], "--op") == 0)
            *ops = v;
        else if (strcmp(argv[i], "--sizes") == 0)
            *sizes = v;
        else if (strcmp(argv[i], "--samples") == 0)
            *samples = atoi(v);
        else {
            fprintf(stderr, "tn_bench guards: unknown option '%s'\n", argv[i]);
            return -1;
        }
        i++;
    }
    if (*samples < 1 || *samples > GUARD_SAMPLES_MAX) {
        fprintf(stderr, "tn_bench guards: --samples between 1 and %d\n", GUARD_SAMPLES_MAX);
        return -1;
    }
    return 0;
}

/* The backend: the thread's choice for host arrays, or device 0 for device buffers. */
static int open_backend(guard_bench *b)
{
    bool gpu = strcmp(b->backend, "cuda") == 0 || strcmp(b->backend, "vulkan") == 0;
    if (gpu && (tn_device_open(b->backend, 0, &b->dev) != TN_OK ||
                tn_buffer_create(b->dev, TN_MAX_ARGS * 64, &b->slots) != TN_OK)) {
        fprintf(stderr, "tn_bench guards: %s\n", tn_last_error());
        return 77;
    }
    if (!gpu && strcmp(b->backend, "cpu") != 0 && tn_use_backend(b->backend) != TN_OK) {
        fprintf(stderr, "tn_bench guards: %s\n", tn_last_error());
        return 77;
    }
    return 0;
}

int bench_guards(int argc, char **argv)
{
    guard_bench b = {.backend = "cpu"};
    const char *ops = "add,exp", *sizes = "65536,16777216";
    int samples = 15;
    double sample_seconds = 0.002;
    if (parse(argc, argv, &b, &ops, &sizes, &samples, &sample_seconds) != 0)
        return 2;
    int rc = open_backend(&b);
    if (rc != 0)
        return rc;
    printf("# guards off vs on (NaN and infinities, TN_GUARD_FAIL), finite data; medians of %d samples and the fastest "
           "ones, us per call\n",
           samples);
    printf("%-8s %-8s %10s %12s %12s %8s %12s %12s %8s\n", "op", "backend", "n", "off_us", "on_us", "on/off",
           "off_min_us", "on_min_us", "min on/off");
    char *op_list = strdup(ops);
    for (char *save = NULL, *name = strtok_r(op_list, ",", &save); name && rc == 0; name = strtok_r(NULL, ",", &save)) {
        b.op = op_named(name);
        if (!b.op) {
            fprintf(stderr, "tn_bench guards: '%s' is not an op\n", name);
            rc = 2;
            break;
        }
        char *size_list = strdup(sizes);
        for (char *s2 = NULL, *tok = strtok_r(size_list, ",", &s2); tok && rc == 0; tok = strtok_r(NULL, ",", &s2)) {
            /* N for ops of one dim, RxC for ops of two */
            size_t dims[TN_MAX_DIMS] = {0};
            char *end = tok;
            for (int d = 0; d < b.op->ndims; d++)
                dims[d] = strtoull(d == 0 ? tok : end + 1, &end, 0);
            void *host[TN_MAX_ARGS] = {0};
            if (dims[0] == 0 || *end != '\0' || operands(&b, dims, host) != 0) {
                fprintf(stderr, "tn_bench guards: cannot set up %s at n = %s\n", name, tok);
                rc = 2;
            } else {
                time_case(&b, tok, samples, sample_seconds);
            }
            release(&b, host);
        }
        free(size_list);
    }
    free(op_list);
    tn_buffer_destroy(b.slots);
    tn_device_close(b.dev);
    return rc;
}
