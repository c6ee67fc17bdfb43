/* The test table generated from the op specs (generated/tests/op_specs.c): references in
 * double precision, accuracy contracts, input domains, and calls into the public API. */
#ifndef TN_TEST_OP_SPECS_H
#define TN_TEST_OP_SPECS_H

#include "trueno.h"

enum { TEST_MAX_ARGS = 8 };
enum test_kind { TEST_MAP, TEST_REDUCE, TEST_ARGREDUCE };    /* ORDER gen_kind (gen/gen.h) */
enum test_role { TEST_VEC, TEST_OUT, TEST_INOUT, TEST_SCALAR }; /* ORDER gen_role (gen/gen.h) */

/* Operands by argument position: host arrays in ptr[], device buffers in buf[]. */
typedef struct test_args {
    size_t n;
    float *ptr[TEST_MAX_ARGS];
    tn_buffer *buf[TEST_MAX_ARGS];
    float scalar[TEST_MAX_ARGS];
    float *result;
    size_t *index;
} test_args;

typedef struct test_op {
    const char *name;
    enum test_kind kind;
    int nargs;
    const char *arg_names[TEST_MAX_ARGS];
    enum test_role roles[TEST_MAX_ARGS];
    double (*ref)(const double *in);              /* map: the exact result; in[] by argument position */
    double (*of)(const double *in);               /* what a rel bound is relative to (NULL: none) */
    double (*step)(double acc, const double *in); /* reduce */
    double (*final)(double acc);                  /* reduce: NULL is the identity */
    int (*better)(double x, double best);         /* argreduce */
    double init;
    double ulp, rel; /* -1 where the contract does not use them */
    double abs;      /* added to a rel bound: the underflow term of the rounding model */
    int exact;
    double domain[2];
    tn_status (*host)(const test_args *a);
    tn_status (*device)(tn_device *device, const test_args *a);
} test_op;

extern const test_op test_ops[];
extern const int test_op_count;

/* What a GPU target's table allows beyond an op's contract (`relaxed` in gen/lua/targets/),
 * per backend and op, and the width of the target's workgroups. */
typedef struct test_relaxation {
    const char *backend, *op;
    double extra_ulp; /* added to the op's ulp bound: relaxed.ulp summed over the primitives it uses */
    int may_flush;    /* subnormal inputs and results may be flushed to zero */
    int group;        /* invocations per workgroup (threads per block): test sizes straddle it */
} test_relaxation;

extern const test_relaxation test_relaxations[];
extern const int test_relaxation_count;

#endif
