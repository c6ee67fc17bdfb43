/* The trueno demo: what this machine has, which variant each op uses and why, and a few
 * ops run on every backend available here, each checked against a plain double-precision loop. */
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
    printf("  %-7s %-30s max error %-10.3g %s\n", backend, what, err, ok ? "ok" : "WRONG");
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
    free(x);
    free(y);
    printf("\n%s\n", failures ? "demo: SOME RESULTS WERE WRONG" : "demo: all results within their bounds");
    return failures ? 1 : 0;
}
