/* The benchmark table generated from the op specs (generated/bench/bench_ops.c): shapes, work
 * per call, and each op's plain C loop as a peer. */
#ifndef TN_BENCH_OPS_H
#define TN_BENCH_OPS_H

#include "tn_internal.h"

#include <stddef.h>

typedef struct bench_op {
    const char *name;
    int ndims;
    double (*flops)(const size_t *dims); /* arithmetic of a call in the op's math (fma counts two) */
    double (*bytes)(const size_t *dims); /* memory traffic of a call: 4 per input element and per output */
    double domain[2];                    /* inputs are drawn from it */
    const long long *sizes;              /* ndims values per shape */
    int nsizes;
    const long long *gpu_sizes;
    int ngpu_sizes;
    void (*peer)(const tn_call *c); /* the plain C loop */
} bench_op;

extern const bench_op bench_ops[]; /* ORDER tn_ops (both sorted by name) */
extern const int bench_op_count;

#endif
