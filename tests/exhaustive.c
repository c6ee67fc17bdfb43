/* Exhaustive check of a map op of one input: all 2^32 f32 inputs through each named CPU
 * backend, judged by the op's contract against the reference of the spec tests. Too slow for
 * ctest (minutes per backend); run by hand when an op's algorithm changes:
 *
 *   cmake --build build --target exhaustive
 *   build/tests/exhaustive --op sigmoid --backend scalar --backend avx512
 *
 * prints, per backend, the inputs outside the contract, the worst error in ulp and the first
 * few failures; exit status 0 when none fails. */
#include "float_bits.h"
#include "op_specs.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CHUNK = 1 << 20, MAX_BACKENDS = 8 };

static int usage(void)
{
    fprintf(stderr, "usage: exhaustive --op NAME --backend NAME [--backend NAME ...]\n"
                    "  NAME of --op: a map op of one vector input and an ulp contract\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *name = NULL, *backends[MAX_BACKENDS];
    int nb = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--op") == 0 && i + 1 < argc)
            name = argv[++i];
        else if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc && nb < MAX_BACKENDS)
            backends[nb++] = argv[++i];
        else
            return usage();
    }
    if (!name || nb == 0)
        return usage();
    const test_op *op = NULL;
    for (int i = 0; i < test_op_count; i++)
        if (strcmp(test_ops[i].name, name) == 0)
            op = &test_ops[i];
    int in = -1, out = -1;
    for (int i = 0; op && i < op->nargs; i++) {
        if (op->args[i].role == TEST_IN && op->args[i].rank == 1 && in < 0)
            in = i;
        else if (op->args[i].role == TEST_OUT && op->args[i].tolerance == TEST_ULP && out < 0)
            out = i;
        else {
            in = out = -1;
            break;
        }
    }
    if (!op || op->ndims != 1 || in < 0 || out < 0) {
        fprintf(stderr, "exhaustive: '%s' is not a map op of one vector input with an ulp contract\n", name);
        return 2;
    }
    for (int b = 0; b < nb; b++)
        if (tn_use_backend(backends[b]) != TN_OK) {
            fprintf(stderr, "exhaustive: backend '%s': %s\n", backends[b], tn_last_error());
            return 2;
        }
    float *x = malloc(CHUNK * sizeof *x), *y = malloc(CHUNK * sizeof *y);
    double *want = malloc(CHUNK * sizeof *want), *tol = malloc(CHUNK * sizeof *tol);
    if (!x || !y || !want || !tol) {
        fprintf(stderr, "exhaustive: out of memory\n");
        return 2;
    }
    uint64_t failed[MAX_BACKENDS] = { 0 };
    double worst[MAX_BACKENDS] = { 0 };
    for (uint64_t start = 0; start < (1ull << 32); start += CHUNK) {
        for (uint32_t e = 0; e < CHUNK; e++)
            x[e] = float_of((uint32_t)(start + e));
        test_call c = { .dim = { CHUNK } };
        c.in[in] = x;
        test_want w = { 0 };
        w.want[out] = want;
        w.tol[out] = tol;
        op->reference(&c, &w);
        for (int b = 0; b < nb; b++) {
            test_args a = { .dim = { CHUNK } };
            a.ptr[in] = x;
            a.ptr[out] = y;
            tn_use_backend(backends[b]);
            tn_status s = op->host(&a);
            if (s != TN_OK) {
                fprintf(stderr, "exhaustive: %s/%s: %s\n", name, backends[b], tn_last_error());
                return 2;
            }
            for (uint32_t e = 0; e < CHUNK; e++) {
                float rounded = (float)want[e];
                int ok;
                double d = 0;
                if (isnan(want[e]) || isnan(y[e]))
                    ok = isnan(want[e]) && isnan(y[e]);
                else /* the sign of a zero included, as in test_ops */
                    ok = (d = ulp_distance(y[e], rounded)) <= tol[e] &&
                         !(y[e] == 0 && rounded == 0 && signbit(y[e]) != signbit(rounded));
                if (ok && d > worst[b])
                    worst[b] = d;
                if (!ok && failed[b]++ < 5)
                    printf("  %s/%s(%.9g = 0x%08x) = %.9g, want %.9g (%.0f ulp)\n", name, backends[b], x[e], bits_of(x[e]),
                           y[e], want[e], isnan(y[e]) || isnan(want[e]) ? NAN : ulp_distance(y[e], rounded));
            }
        }
    }
    int bad = 0;
    for (int b = 0; b < nb; b++) {
        printf("%s/%s: %llu of 2^32 inputs outside %g ulp; worst error where within: %g ulp\n", name, backends[b],
               (unsigned long long)failed[b], op->ulp_bound, worst[b]);
        bad |= failed[b] > 0;
    }
    free(x);
    free(y);
    free(want);
    free(tol);
    return bad;
}
