/* tn_bench's options shared by run, baseline save and compare. */
#ifndef TN_BENCH_OPTIONS_H
#define TN_BENCH_OPTIONS_H

#include <stdbool.h>

typedef struct bench_options {
    const char *backend; /* "cpu" (default), "cuda", "vulkan" */
    const char *ops;     /* comma-separated op names; NULL: all */
    long long max_n;     /* skip sizes above this; 0: no limit */
    long long only_n;    /* time this size only; 0: every size */
    int samples;
    double sample_seconds;  /* the least time one sample takes */
    int plant_percent;      /* TN_BENCH_PLANT: our kernels take this much longer (for the gate's test) */
    const char *torch_json; /* GPU: PyTorch timings to compare with */
    const char *baseline;   /* compare: the baseline file (default: the fingerprint's in --dir) */
    bool quiet;
    bool keep_limits; /* use run->limits as they are instead of measuring them */
    int processes;    /* baseline save and compare: runs in this many fresh processes */
    int misalign;     /* CPU: bytes past a 64-byte boundary where every array starts (default 0) */
} bench_options;

/* The OPTIONS part of the usage text. */
extern const char bench_options_help[];

/* Parses options from argv[first]; json_path, criterion and dir may be NULL where the command
 * takes no such option. Returns the index of the first argument that is not an option, or -1
 * after printing what is wrong. */
int bench_parse_options(int argc, char **argv, int first, bench_options *o, const char **json_path, bool *criterion,
                        const char **dir);

#endif
