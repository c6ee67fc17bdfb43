/* The trueno demo: what this machine has (GPUs found through CUDA and Vulkan included), which
 * variant each op uses and why, and a few ops run on every backend available here (on GPUs also
 * with buffers that stay on the device), each checked against a plain double-precision loop. */
#include "trueno.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 100003 };

static int failures;

static void verdict(const char *backend, const char *what, double err, double bound)
{
    int ok = err <= bound;
    failures += !ok;
    printf("  %-7s %-34s max error %-10.3g %s\n", backend, what, err, ok ? "ok" : "WRONG");
}

/* exp, axpy and dot on host arrays through the given backend. */
static void run_host(const char *backend, const float *x, const float *y)
{
    if (tn_use_backend(backend) != TN_OK) {
        printf("  %-7s skipped: %s\n", backend, tn_last_error());
        return;
    }
    float *out = malloc(N * sizeof *out);
    double err = 0;
    if (tn_exp(N, x, out) != TN_OK) {
        printf("  %-7s exp failed: %s\n", backend, tn_last_error());
        failures++;
    } else {
        for (int i = 0; i < N; i++)
            err = fmax(err, fabs(out[i] - exp(x[i])) / exp(x[i]));
        verdict(backend, "exp (relative)", err, 3e-7);
    }
    memcpy(out, y, N * sizeof *out);
    err = 0;
    if (tn_axpy(N, 0.5f, x, out) == TN_OK) {
        for (int i = 0; i < N; i++)
            err = fmax(err, fabs(out[i] - (0.5 * x[i] + y[i])));
        verdict(backend, "axpy y = 0.5 x + y (absolute)", err, 1e-5);
    }
    float dot = 0;
    double want = 0, scale = 0;
    for (int i = 0; i < N; i++) {
        want += (double)x[i] * y[i];
        scale += fabs((double)x[i] * y[i]);
    }
    if (tn_dot(N, x, y, &dot) == TN_OK)
        verdict(backend, "dot (relative to sum |x y|)", fabs(dot - want) / scale, 1e-5);
    free(out);
    tn_use_backend(NULL);
}

/* The same axpy and dot on buffers that stay on the first device of a GPU backend. */
static void run_device(const char *backend, const float *x, const float *y)
{
    int count = 0;
    tn_device *dev = NULL;
    if (tn_device_count(backend, &count) != TN_OK || count == 0)
        return;
    if (tn_device_open(backend, 0, &dev) != TN_OK) {
        printf("  %-7s device 0 failed to open: %s\n", backend, tn_last_error());
        failures++;
        return;
    }
    tn_buffer *bx = NULL, *by = NULL;
    float *out = malloc(N * sizeof *out), dot = 0;
    tn_status s = tn_buffer_create(dev, N, &bx);
    if (s == TN_OK)
        s = tn_buffer_create(dev, N, &by);
    if (s == TN_OK)
        s = tn_buffer_write(bx, 0, x, N);
    if (s == TN_OK)
        s = tn_buffer_write(by, 0, y, N);
    if (s == TN_OK)
        s = tn_dev_axpy(dev, N, 0.5f, bx, by); /* by = 0.5 x + y, stays on the device */
    if (s == TN_OK)
        s = tn_dev_dot(dev, N, bx, by, &dot);
    if (s == TN_OK)
        s = tn_buffer_read(by, 0, out, N);
    if (s != TN_OK) {
        printf("  %-7s device buffers failed: %s\n", backend, tn_last_error());
        failures++;
    } else {
        double err = 0, want = 0, scale = 0;
        for (int i = 0; i < N; i++) {
            double yi = 0.5 * x[i] + y[i];
            err = fmax(err, fabs(out[i] - yi));
            want += x[i] * yi;
            scale += fabs(x[i] * yi);
        }
        verdict(backend, "axpy on device buffers (absolute)", err, 1e-5);
        verdict(backend, "dot on device buffers (relative)", fabs(dot - want) / scale, 1e-5);
    }
    tn_buffer_destroy(bx);
    tn_buffer_destroy(by);
    tn_device_close(dev);
    free(out);
}

int main(void)
{
    printf("trueno demo\n\n%s\n", tn_describe());
    float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    unsigned seed = 12345;
    for (int i = 0; i < N; i++) {
        seed = seed * 1103515245u + 12345u;
        x[i] = (float)((seed >> 8) % 20000) / 1000.0f - 10.0f;
        seed = seed * 1103515245u + 12345u;
        y[i] = (float)((seed >> 8) % 20000) / 1000.0f - 10.0f;
    }
    printf("exp, axpy and dot over %d floats, every backend, checked against double precision:\n", N);
    const char *backends[] = { "scalar", "sse2", "avx", "avx2", "avx512", "vulkan", "cuda" };
    for (size_t b = 0; b < sizeof backends / sizeof backends[0]; b++)
        run_host(backends[b], x, y);
    run_device("vulkan", x, y);
    run_device("cuda", x, y);
    free(x);
    free(y);
    printf("\n%s\n", failures ? "demo: SOME RESULTS WERE WRONG" : "demo: all results within their bounds");
    return failures ? 1 : 0;
}
