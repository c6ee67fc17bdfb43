/* The benchmark table generated from the op specs (generated/bench/bench_ops.c): sizes, work
 * per element, and each op's plain C loop as a peer. */
#ifndef TN_BENCH_OPS_H
#define TN_BENCH_OPS_H

#include <stddef.h>

enum bench_kind { BENCH_MAP, BENCH_REDUCE, BENCH_ARGREDUCE }; /* ORDER gen_kind (gen/gen.h) */

/* Operands by argument position, as the op's CPU variants take them. */
typedef struct bench_args {
    size_t n;
    float *ptr[8];
    float scalar[8];
    float *result;
    size_t *index;
} bench_args;

typedef struct bench_op {
    const char *name;
    enum bench_kind kind;
    int nargs;
    int flops;        /* arithmetic per element in the op's math (fma counts two) */
    int bytes;        /* memory traffic per element: 4 per input, 4 per output, 8 per inout */
    double domain[2]; /* inputs are drawn from it */
    const long long *sizes;
    int nsizes;
    const long long *gpu_sizes;
    int ngpu_sizes;
    void (*peer)(const bench_args *args); /* the plain C loop */
} bench_op;

extern const bench_op bench_ops[]; /* ORDER tn_ops (both sorted by name) */
extern const int bench_op_count;

#endif
