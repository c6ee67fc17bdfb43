/* Call latency on each GPU backend, by the host's clock: what a small op costs a caller through
 * host pointers (copies there and back), on device buffers with a wait, queued back to back,
 * and a reduction returning its result to the host. Medians of many single calls, and the
 * Vulkan/CUDA ratio when the machine has both. */
#define _POSIX_C_SOURCE 200809L
#include "trueno.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { CASES = 4, SAMPLES = 301 };
static const char *const case_names[CASES] = { "host arrays: tn_add", "device: tn_dev_add + synchronize",
                                               "device: tn_dev_add queued (per call)", "device: tn_dev_sum (host result)" };

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, by_value);
    return v[n / 2];
}

/* Seconds per call of each case on backend, medians; 0 where the backend has no device. */
static tn_status measure(const char *backend, size_t n, double out[CASES])
{
    float *x = calloc(n, sizeof *x), *y = calloc(n, sizeof *y), *z = calloc(n, sizeof *z), r = 0;
    double t[SAMPLES];
    tn_device *dev = NULL;
    tn_buffer *bx = NULL, *by = NULL;
    tn_status s = x && y && z ? tn_use_backend(backend) : TN_ERR_OUT_OF_MEMORY;
    for (int k = -20; s == TN_OK && k < SAMPLES; k++) { /* 20 calls of warm-up */
        double t0 = now();
        s = tn_add(n, x, y, z);
        if (k >= 0)
            t[k] = now() - t0;
    }
    if (s == TN_OK)
        out[0] = median(t, SAMPLES);
    tn_use_backend(NULL);
    if (s == TN_OK)
        s = tn_device_open(backend, 0, &dev);
    if (s == TN_OK)
        s = tn_buffer_create(dev, n, &bx);
    if (s == TN_OK)
        s = tn_buffer_create(dev, n, &by);
    if (s == TN_OK)
        s = tn_buffer_write(bx, 0, x, n);
    for (int k = -20; s == TN_OK && k < SAMPLES; k++) {
        double t0 = now();
        s = tn_dev_add(dev, n, bx, bx, by);
        if (s == TN_OK)
            s = tn_device_synchronize(dev);
        if (k >= 0)
            t[k] = now() - t0;
    }
    if (s == TN_OK)
        out[1] = median(t, SAMPLES);
    for (int k = 0; s == TN_OK && k < SAMPLES; k++) { /* 100 calls queued, then one wait */
        double t0 = now();
        for (int i = 0; s == TN_OK && i < 100; i++)
            s = tn_dev_add(dev, n, bx, bx, by);
        if (s == TN_OK)
            s = tn_device_synchronize(dev);
        t[k] = (now() - t0) / 100;
    }
    if (s == TN_OK)
        out[2] = median(t, SAMPLES);
    for (int k = -20; s == TN_OK && k < SAMPLES; k++) {
        double t0 = now();
        s = tn_dev_sum(dev, n, bx, &r);
        if (k >= 0)
            t[k] = now() - t0;
    }
    if (s == TN_OK)
        out[3] = median(t, SAMPLES);
    tn_buffer_destroy(bx);
    tn_buffer_destroy(by);
    tn_device_close(dev);
    free(x);
    free(y);
    free(z);
    return s;
}

int bench_latency(int argc, char **argv)
{
    size_t n = 1024;
    const char *only = NULL;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--n") == 0 && i + 1 < argc && atol(argv[i + 1]) > 0) {
            n = (size_t)atol(argv[++i]);
        } else if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc &&
                   (strcmp(argv[i + 1], "cuda") == 0 || strcmp(argv[i + 1], "vulkan") == 0)) {
            only = argv[++i];
        } else {
            fprintf(stderr, "usage: tn_bench latency [--n N] [--backend cuda|vulkan]   (default: 1024 floats, both)\n");
            return 2;
        }
    }
    const char *backends[2] = { "cuda", "vulkan" };
    double us[2][CASES] = { { 0 } };
    int have = 0;
    for (int b = 0; b < 2; b++) {
        int count = 0;
        if ((only && strcmp(only, backends[b]) != 0) || tn_device_count(backends[b], &count) != TN_OK || count == 0)
            continue;
        if (measure(backends[b], n, us[b]) != TN_OK) {
            fprintf(stderr, "tn_bench latency: %s: %s\n", backends[b], tn_last_error());
            return 1;
        }
        have |= 1 << b;
    }
    if (!have) {
        fprintf(stderr, "tn_bench latency: no CUDA or Vulkan device on this machine\n");
        return 2;
    }
    printf("%-40s %12s %12s %14s   (n = %zu, medians of %d)\n", "case", "cuda us", "vulkan us", "vulkan/cuda", n,
           SAMPLES);
    for (int c = 0; c < CASES; c++) {
        printf("%-40s", case_names[c]);
        for (int b = 0; b < 2; b++) {
            if (have >> b & 1)
                printf(" %12.1f", us[b][c] * 1e6);
            else
                printf(" %12s", "-");
        }
        if (have == 3)
            printf(" %14.2f", us[1][c] / us[0][c]);
        putchar('\n');
    }
    return 0;
}
