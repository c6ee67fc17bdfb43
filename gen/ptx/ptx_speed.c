/* ptx_speed: how many MB/s of PTX the analyzer gets through on one core (a benchmark, not a test).
 * usage: ptx_speed [--repeat N] FILE...   (each file is analysed N times; the total is reported) */
#define _POSIX_C_SOURCE 200809L
#include "ptx.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int repeat = 5, first = 1;
    if (argc > 2 && strcmp(argv[1], "--repeat") == 0) {
        repeat = atoi(argv[2]);
        first = 3;
    }
    if (first >= argc || repeat < 1) {
        fputs("usage: ptx_speed [--repeat N] FILE...\n", stderr);
        return 2;
    }
    double bytes = 0, seconds = 0, best_file_ms = 0, bytes_once = 0;
    int files = 0, kernels = 0;
    for (int i = first; i < argc; i++) {
        size_t len;
        char *text = ptx_read_file(argv[i], &len);
        if (!text) {
            fprintf(stderr, "ptx_speed: cannot read %s: %s\n", argv[i], strerror(errno));
            return 2;
        }
        double best = 1e30;
        for (int r = 0; r < repeat; r++) {
            ptx_options opt = { .arch = "sm_80", .strict = true };
            ptx_module m;
            double t0 = now();
            ptx_analyze_text(&m, argv[i], text, len, &opt);
            double t = now() - t0;
            if (r == 0)
                kernels += (int)m.nfuncs;
            ptx_module_free(&m);
            seconds += t;
            bytes += (double)len;
            if (t < best)
                best = t;
        }
        best_file_ms += best * 1e3;
        bytes_once += (double)len;
        files++;
        free(text);
    }
    printf("ptx_speed: %d files, %d functions, %.1f MB analysed in %.3f s: %.1f MB/s on average, %.1f MB/s at the best "
           "of %d runs; %.3f ms per file (best)\n",
           files, kernels, bytes / 1e6, seconds, bytes / 1e6 / seconds, bytes_once / 1e3 / best_file_ms, repeat,
           best_file_ms / files);
    return 0;
}
