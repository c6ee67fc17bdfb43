/* The test table generated from the op specs (generated/tests/op_specs.c): each op's arguments
 * and their shapes, the reference in double precision (written by the op's schedule from the
 * spec's reference), the contract's tolerance per output element, and calls into the public API. */
#ifndef TN_TEST_OP_SPECS_H
#define TN_TEST_OP_SPECS_H

#include "trueno.h"

enum { TEST_MAX_ARGS = 8, TEST_MAX_DIMS = 2 };
enum test_role { TEST_IN, TEST_OUT, TEST_INOUT, TEST_SCALAR }; /* ORDER tn_role (runtime/tn_internal.h) */
enum test_dtype { TEST_F32, TEST_I32 };
/* How an output is judged: ulp distance from the reference rounded to float (tol in ulp),
 * absolute error (tol the largest), bit-exact (or both zero), or not at all (inputs). */
enum test_tolerance { TEST_NONE, TEST_ULP, TEST_ABS, TEST_EXACT };

typedef struct test_arg {
    const char *name;
    enum test_role role;
    enum test_dtype dtype;
    int rank;               /* 0: one value through a host pointer; 1: a vector; 2: a matrix with ld */
    int dim[TEST_MAX_DIMS]; /* the op's dims giving its extents */
    double domain[2];       /* inputs are drawn from it */
    enum test_tolerance tolerance;
} test_arg;

typedef struct test_rule {
    int dim;
    size_t min, max; /* a call with the dim outside is refused as an invalid argument */
} test_rule;

/* What the reference sees: the inputs as they were before the call (at their ld), scalars. */
typedef struct test_call {
    size_t dim[TEST_MAX_DIMS];
    const float *in[TEST_MAX_ARGS];
    size_t ld[TEST_MAX_ARGS];
    double scalar[TEST_MAX_ARGS];
} test_call;

/* What it writes, per output argument: the exact values and the tolerance, dense (element
 * r * cols + j of a matrix). */
typedef struct test_want {
    double *want[TEST_MAX_ARGS];
    double *tol[TEST_MAX_ARGS];
} test_want;

/* Operands of a public call: host arrays and result pointers in ptr[], device buffers in buf[]
 * (results' too for tn_dev_<op>_to, at element at[]). */
typedef struct test_args {
    size_t dim[TEST_MAX_DIMS];
    void *ptr[TEST_MAX_ARGS];
    tn_buffer *buf[TEST_MAX_ARGS];
    size_t ld[TEST_MAX_ARGS];
    float scalar[TEST_MAX_ARGS];
    size_t at[TEST_MAX_ARGS];
} test_args;

typedef struct test_op {
    const char *name;
    int ndims, nargs;
    test_arg args[TEST_MAX_ARGS];
    int nrules;
    test_rule rules[4];
    double ulp_bound; /* the contract's ulp bound when it is a number (-1 otherwise), for reports */
    void (*reference)(const test_call *c, test_want *w);
    tn_status (*host)(const test_args *a);
    tn_status (*device)(tn_device *device, const test_args *a);
    tn_status (*device_to)(tn_device *device, const test_args *a); /* ops with a result; else NULL */
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
