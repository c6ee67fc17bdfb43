/* tn_bench's options shared by run, baseline save and compare. */
#include "bench.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char bench_options_help[] =
    "OPTIONS: --backend cpu|cuda|vulkan  --op OP[,OP...]  --max-n N  --samples K  --quick  -q\n"
    "         --only-n N (time size N only: ops of one dim at N, listed in their spec or not; ops of\n"
    "                     two dims at their listed shapes of N elements)\n"
    "         --misalign B (CPU: every array starts B bytes past a 64-byte boundary, B a multiple of 4)\n"
    "         --processes N (baseline save, compare: the best of N fresh processes; default 3)\n"
    "         --torch F (GPU: PyTorch timings from bench/torch_peers.py)\n";

/* A count given to option opt: digits only, no sign, no trailing text. */
static bool parse_count(const char *opt, const char *text, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno || end == text || *end || v < 0 || text[0] == '-' || text[0] == '+') {
        fprintf(stderr, "tn_bench: %s '%s' is not a count (digits only)\n", opt, text);
        return false;
    }
    *out = v;
    return true;
}

static bool parse_int(const char *opt, const char *text, int *out)
{
    long long v;
    if (!parse_count(opt, text, &v))
        return false;
    *out = v > INT_MAX ? INT_MAX : (int)v; /* the range checks below refuse it */
    return true;
}

int bench_parse_options(int argc, char **argv, int first, bench_options *o, const char **json_path, bool *criterion,
                        const char **dir)
{
    *o = (bench_options){.backend = "cpu", .samples = 15, .sample_seconds = 2e-3, .processes = 3};
    const char *plant = getenv("TN_BENCH_PLANT"); /* percent; only the gate's own test sets it */
    o->plant_percent = plant ? atoi(plant) : 0;
    int i = first;
    for (; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--backend") == 0 && v)
            o->backend = argv[++i];
        else if (strcmp(a, "--op") == 0 && v)
            o->ops = argv[++i];
        else if (strcmp(a, "--max-n") == 0 && v) {
            if (!parse_count(a, argv[++i], &o->max_n))
                return -1;
        } else if (strcmp(a, "--samples") == 0 && v) {
            if (!parse_int(a, argv[++i], &o->samples))
                return -1;
        } else if (strcmp(a, "--only-n") == 0 && v) {
            if (!parse_count(a, argv[++i], &o->only_n))
                return -1;
        } else if (strcmp(a, "--misalign") == 0 && v) {
            if (!parse_int(a, argv[++i], &o->misalign))
                return -1;
        } else if (strcmp(a, "--processes") == 0 && v) {
            if (!parse_int(a, argv[++i], &o->processes))
                return -1;
        } else if (strcmp(a, "--no-limits") == 0)
            o->keep_limits = true;
        else if (strcmp(a, "--quick") == 0)
            o->sample_seconds = 5e-4;
        else if (strcmp(a, "--baseline") == 0 && v)
            o->baseline = argv[++i];
        else if (strcmp(a, "--torch") == 0 && v)
            o->torch_json = argv[++i];
        else if (strcmp(a, "-q") == 0)
            o->quiet = true;
        else if (strcmp(a, "--json") == 0 && v && json_path)
            *json_path = argv[++i];
        else if (strcmp(a, "--criterion") == 0 && criterion)
            *criterion = true;
        else if (strcmp(a, "--dir") == 0 && v && dir)
            *dir = argv[++i];
        else
            break;
    }
    if (o->processes < 1 || o->processes > 16) {
        fputs("tn_bench: --processes must be 1..16\n", stderr);
        return -1;
    }
    if (o->samples < 3 || o->samples > BENCH_MAX_SAMPLES) {
        fprintf(stderr, "tn_bench: --samples must be 3..%d\n", BENCH_MAX_SAMPLES);
        return -1;
    }
    if (o->misalign < 0 || o->misalign > 60 || o->misalign % 4) {
        fputs("tn_bench: --misalign must be a multiple of 4 from 0 to 60 (bytes)\n", stderr);
        return -1;
    }
    if (strcmp(o->backend, "cpu") != 0 && strcmp(o->backend, "cuda") != 0 && strcmp(o->backend, "vulkan") != 0) {
        fprintf(stderr, "tn_bench: --backend '%s' is not one of cpu, cuda, vulkan\n", o->backend);
        return -1;
    }
    return i;
}
