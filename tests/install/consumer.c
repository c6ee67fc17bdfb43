/* A program that uses an installed trueno: a few ops checked against plain C, and the backend
 * each runs on, timed by the profiler. Built by tests/install_checks.sh through CMake and
 * through pkg-config. */
#include <trueno.h>
#include <trueno_profiler.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { N = 1000 };

/* The line of tn_describe() that names op's variant ("  add      avx512  the best ..."). */
static void print_variant(const char *op)
{
    const char *d = tn_describe();
    size_t len = strlen(op);
    for (const char *line = d; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
        if (strncmp(line, "  ", 2) == 0 && strncmp(line + 2, op, len) == 0 && line[2 + len] == ' ') {
            printf("%.*s\n", (int)strcspn(line, "\n"), line);
            return;
        }
    printf("%s: not in tn_describe()\n", op);
}

int main(void)
{
    static float x[N], y[N], z[N], e[N];
    for (int i = 0; i < N; i++) {
        x[i] = (float)i / N - 0.5f;
        y[i] = 1.0f + (float)(i % 7);
    }
    float dot = 0;
    tn_profiler *prof = NULL;
    tn_brick_stats stats = {0};
    if (tn_profiler_create(TN_PROF_SYNC_NONE, &prof) != TN_OK ||
        tn_profiler_start(prof, TN_BRICK_ACTIVATION) != TN_OK || tn_add(N, x, y, z) != TN_OK ||
        tn_dot(N, x, y, &dot) != TN_OK || tn_exp(N, x, e) != TN_OK ||
        tn_profiler_stop(prof, TN_BRICK_ACTIVATION) != TN_OK ||
        tn_profiler_brick_stats(prof, TN_BRICK_ACTIVATION, &stats) != TN_OK) {
        fprintf(stderr, "consumer: %s\n", tn_last_error());
        return 1;
    }
    if (stats.count != 1 || strcmp(stats.name, "Activation") != 0 || stats.total < 0) {
        fprintf(stderr, "consumer: profiler stats %s x %llu\n", stats.name, (unsigned long long)stats.count);
        return 1;
    }
    double want_dot = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        want_dot += (double)x[i] * y[i];
        bad += z[i] != x[i] + y[i];
        bad += fabs(e[i] - exp(x[i])) > 4e-7 * exp(x[i]);
    }
    bad += fabs(dot - want_dot) > 1e-4 * fabs(want_dot) + 1e-4;
    if (bad) {
        fprintf(stderr, "consumer: %d wrong results (dot %g, expected %g)\n", bad, (double)dot, want_dot);
        return 1;
    }
    print_variant("add");
    print_variant("dot");
    print_variant("exp");
    printf("consumer: add, dot and exp agree with plain C (profiled as %s: %.1f us)\n", stats.name, stats.total * 1e6);
    tn_profiler_destroy(prof);
    return 0;
}
