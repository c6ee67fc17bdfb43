/* How fast the ops run here, against the loop a programmer would write: add, dot and exp on
 * one million floats, best of a few repetitions, in GB/s and Gelem/s. */
#define _POSIX_C_SOURCE 200809L
#include "trueno.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { N = 1 << 20, REPS = 5 };

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static volatile float sink;

static double best_of(int which, const float *x, const float *y, float *z)
{
    double best = 1e9;
    for (int r = 0; r < REPS; r++) {
        double t0 = now();
        float d = 0;
        switch (which) {
        case 0:
            tn_add(N, x, y, z);
            break;
        case 1:
            for (int i = 0; i < N; i++)
                z[i] = x[i] + y[i];
            break;
        case 2:
            tn_dot(N, x, y, &d);
            break;
        case 3:
            for (int i = 0; i < N; i++)
                d += x[i] * y[i];
            break;
        case 4:
            tn_exp(N, x, z);
            break;
        default:
            for (int i = 0; i < N; i++)
                z[i] = expf(x[i]);
            break;
        }
        sink = d + z[r];
        double t = now() - t0;
        best = t < best ? t : best;
    }
    return best;
}

int main(void)
{
    float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y), *z = malloc(N * sizeof *z);
    if (!x || !y || !z)
        return 1;
    for (int i = 0; i < N; i++) {
        x[i] = (float)(i % 1000) / 100.0f - 5.0f;
        y[i] = (float)(i % 777) / 777.0f;
    }
    static const char *const names[] = {"add", "dot", "exp"};
    static const double bytes[] = {12, 8, 8}; /* per element */
    printf("%-4s %12s %12s %10s %8s\n", "op", "trueno GB/s", "loop GB/s", "Gelem/s", "speedup");
    for (int op = 0; op < 3; op++) {
        double ours = best_of(2 * op, x, y, z), loop = best_of(2 * op + 1, x, y, z);
        printf("%-4s %12.2f %12.2f %10.2f %7.1fx\n", names[op], N * bytes[op] / ours * 1e-9,
               N * bytes[op] / loop * 1e-9, N / ours * 1e-9, loop / ours);
    }
    printf("(one core; `tn_bench run` measures properly: warm-up, medians, peers, limits)\n");
    free(x);
    free(y);
    free(z);
    return 0;
}
