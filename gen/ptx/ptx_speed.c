/* ptx_speed: how many MB/s of PTX the analyzer gets through (a benchmark, not a test), on one core
 * unless --threads says more (a large module's functions are then analysed that many at once).
 * usage: ptx_speed [--repeat N] [--threads T] FILE...   (N passes over all the files; median and best
 * pass reported) */
#define _POSIX_C_SOURCE 200809L
#include "ptx.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int repeat = 5, threads = 1, first = 1;
    for (; first + 1 < argc && argv[first][0] == '-'; first += 2)
        if (strcmp(argv[first], "--repeat") == 0)
            repeat = atoi(argv[first + 1]);
        else if (strcmp(argv[first], "--threads") == 0)
            threads = atoi(argv[first + 1]);
        else
            break;
    if (first >= argc || argv[first][0] == '-' || repeat < 1 || threads < 1 || threads > 64) {
        fputs("usage: ptx_speed [--repeat N] [--threads T] FILE...\n", stderr);
        return 2;
    }
    /* Every file is read once; then each pass analyses all of them, and the passes' median and
     * best are reported (the machine is shared: the median is the figure, the best its ceiling). */
    int files = argc - first, kernels = 0;
    char **text = calloc((size_t)files, sizeof *text);
    size_t *len = calloc((size_t)files, sizeof *len);
    double *pass = calloc((size_t)repeat, sizeof *pass), bytes = 0;
    if (!text || !len || !pass)
        return 2;
    for (int i = 0; i < files; i++) {
        const char *why;
        if (!(text[i] = ptx_read_file(argv[first + i], &len[i], &why))) {
            fprintf(stderr, "ptx_speed: cannot read %s: %s\n", argv[first + i], why);
            return 2;
        }
        bytes += (double)len[i];
    }
    for (int r = 0; r < repeat; r++) {
        double t0 = now();
        for (int i = 0; i < files; i++) {
            ptx_options opt = {.arch = "sm_80", .strict = true, .threads = threads};
            ptx_module m;
            ptx_analyze_text(&m, argv[first + i], text[i], len[i], &opt);
            if (r == 0)
                kernels += (int)m.nfuncs;
            ptx_module_free(&m);
        }
        pass[r] = now() - t0;
    }
    qsort(pass, (size_t)repeat, sizeof *pass, by_value);
    double median = repeat % 2 ? pass[repeat / 2] : (pass[repeat / 2 - 1] + pass[repeat / 2]) / 2;
    printf("ptx_speed: %d files, %d functions, %.2f MB a pass, %d passes, %d thread%s: %.1f MB/s median, "
           "%.1f MB/s best; %.3f ms per file (median)\n",
           files, kernels, bytes / 1e6, repeat, threads, threads > 1 ? "s" : "", bytes / 1e6 / median,
           bytes / 1e6 / pass[0], median * 1e3 / files);
    for (int i = 0; i < files; i++)
        free(text[i]);
    free(text);
    free(len);
    free(pass);
    return 0;
}
