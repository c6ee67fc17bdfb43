/* tn_bench: shared declarations of the benchmark harness, its peers, baselines and gates. */
#ifndef TN_BENCH_H
#define TN_BENCH_H

#include "bench_ops.h"
#include "json.h"
#include "options.h"
#include "tn_internal.h"

#include <stdbool.h>
#include <stdio.h>

/* Set by the build (bench/CMakeLists.txt): where baselines and traces live, and the build type. */
#ifndef TN_SOURCE_DIR
#define TN_SOURCE_DIR "."
#endif
#ifndef TN_BUILD_TYPE
#define TN_BUILD_TYPE "unknown"
#endif

enum { BENCH_MAX_SAMPLES = 64, BENCH_MAX_TARGETS = 16, BENCH_MAX_SIZES = 16 };

/* Where a case's working set lives; ORDER bench_level_names (limits.c). */
typedef enum bench_level { LEVEL_L1, LEVEL_L2, LEVEL_DRAM, LEVEL_COUNT } bench_level;

/* This machine's limits, measured at start (limits.c). */
typedef struct bench_limits {
    double read_bw[LEVEL_COUNT];    /* bytes/s: a read loop over 16 KiB, 512 KiB and 256 MiB */
    double peak[BENCH_MAX_TARGETS]; /* flop/s of a register-resident loop, per tn_cpu_targets; 0: cannot run */
    double native_peak;             /* the best of peak[] (peers compiled -march=native) */
} bench_limits;

/* One (op, variant, size): seconds per call, by sample, in the order they were taken. */
typedef struct bench_case {
    char op[32], variant[32];
    bool peer;
    long long n; /* the size (1 dim), or the product of the dims */
    char shape[48]; /* "4096x4096" for ops of two dims; empty for one */
    int nsamples;
    double samples[BENCH_MAX_SAMPLES];
    double median, lo, hi; /* hi/lo: a 95% confidence interval of the median */
    double flops, bytes;   /* per call */
    bench_level level;
    double of_limit; /* the roofline bound's time over the median: 1 = at the machine's limit
                      * (FMA peak; and the DRAM read floor for cases streamed from DRAM) */
    double speedup;  /* peers: their median over our best variant's (> 1: we are faster) */
} bench_case;

typedef struct bench_run {
    bench_case *cases;
    int count, cap;
    bench_limits limits;
    char backend[16];
    char device[256];
    char openblas_core[64];
    char fingerprint[96];
    json *machine; /* a run read back from JSON keeps its machine description here */
} bench_run;

/* limits.c */
void bench_measure_limits(bench_limits *l);
const char *bench_level_name(bench_level level);
bench_level bench_level_of(double working_set_bytes);
double bench_now(void); /* seconds, monotonic */
/* The "read-floor" peer of DRAM-level cases: reads count[i] floats at ptr[i], every i. */
void bench_read_operands(void *const *ptr, const size_t *count, int n);

/* peers.c: libraries in the same process (OpenBLAS, libmvec). */
typedef struct bench_peer {
    const char *name;
    void (*fn)(const tn_call *c);
} bench_peer;
int bench_library_peers(const char *op, bench_peer *peers, int max); /* how many peers op has */
const char *bench_openblas_core(void); /* the core type OpenBLAS detected, or why there is none */

/* onednn.c: oneDNN's softmax and layer normalization (opened at run time, one thread). */
bool bench_onednn_ready(void);
const char *bench_onednn_version(void); /* or why there is none */
void bench_onednn_softmax(const tn_call *c);
void bench_onednn_layernorm(const tn_call *c);

/* run.c */
bool bench_wants_op(const bench_options *o, const char *op);
/* The sizes of an op to time, from the nlist shapes (ndims each) its spec lists: those within
 * --max-n; with --only-n N, those of N elements, or N itself for an op of one dim whose list
 * lacks it. Returns how many it wrote (at most BENCH_MAX_SIZES). */
int bench_pick_sizes(const bench_options *o, int ndims, const long long *list, int nlist, size_t sizes[][TN_MAX_DIMS]);
int bench_run_cpu(const bench_options *o, bench_run *run);
int bench_run_gpu(const bench_options *o, bench_run *run);
bench_case *bench_add_case(bench_run *run);
/* A case's size key: n for one dim; rows << 32 | cols for two, with shape "RxC" (else ""). */
long long bench_size_key(int ndims, const size_t *dims, char *shape, size_t len);
void bench_summarize(bench_case *c); /* median and its confidence interval from the samples */
double bench_of_limit(const bench_case *c, double peak, double dram_bw);
void bench_run_free(bench_run *run);

/* output.c */
void bench_print_table(FILE *f, const bench_run *run);
void bench_print_criterion(FILE *f, const bench_run *run);
void bench_size_text(const bench_case *c, char *text, size_t len); /* "4096x4096", or n */
int bench_write_json(const char *path, const bench_run *run);
int bench_read_json(const char *path, bench_run *run, char *err, size_t err_len);

/* machine.c: what a baseline is keyed on. ORDER cache_names (machine.c) */
typedef enum bench_cache_level { BENCH_L1D, BENCH_L1I, BENCH_L2, BENCH_L3, BENCH_CACHE_COUNT } bench_cache_level;
typedef struct bench_machine {
    char cpu[64];                       /* the brand string */
    char vendor[16];                    /* cpuid's vendor id */
    int family, model, stepping;        /* cpuid leaf 1, extended family and model included */
    long long cache[BENCH_CACHE_COUNT]; /* bytes, from cpuid; 0 unknown */
    char flags[512];                    /* ISA flags from cpuid, space separated */
    char features[128];                 /* tn_cpu_features(): what trueno uses, OS state included */
    long cores;
    char compiler[64];
} bench_machine;
const bench_machine *bench_this_machine(void);
const char *bench_fingerprint(void); /* "<cpu name>-<hash of every field but the stepping>" */
void bench_machine_json(FILE *f, const char *indent);
/* A baseline's machine; false when it lacks the fields (saved before they were recorded). */
bool bench_machine_from_json(const json *machine, bench_machine *m);
/* Prints to f (unless NULL) each field, but the stepping, in which then and now differ; returns how many. */
int bench_machine_differences(FILE *f, const bench_machine *then, const bench_machine *now);
const char *bench_compiler(void);
const char *bench_commit(void);

/* baseline.c */
int bench_baseline_save(int argc, char **argv);
int bench_compare(int argc, char **argv);

/* callgrind.c */
int bench_instructions(int argc, char **argv); /* the workload counted under callgrind */
int bench_callgrind_gate(int argc, char **argv);

/* traces.c */
int bench_trace(int argc, char **argv);
int bench_syscall_burst(int argc, char **argv);

/* report.c */
int bench_report(int argc, char **argv);
int bench_latency(int argc, char **argv); /* latency.c: small-call cost on each GPU backend */

/* guards.c: tn_bench guards (call time with guards off and on). */
int bench_guards(int argc, char **argv);

#endif
