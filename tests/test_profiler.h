/* Shared by the profiler tests (test_profiler.c, test_profiler_out.c): checks, a clock the
 * test sets, and a synthetic profile with known times. */
#ifndef TEST_PROFILER_H
#define TEST_PROFILER_H

#include "prof_internal.h"

#include <stdbool.h>
#include <stdint.h>

extern int failures;

/* Prints ok/FAIL and counts failures; detail is printf-style. */
void check(bool ok, const char *what, const char *detail, ...) __attribute__((format(printf, 3, 4)));
/* The call returned want with a message containing fragment (NULL: any). */
void expect(const char *what, tn_status got, tn_status want, const char *fragment);

/* A clock the test moves: records read *(int64_t *)arg. */
int64_t test_clock(void *arg);

/* The synthetic profile of the snapshot and export tests: on this thread (clock injected), an
 * embedding, two transformer layers, the head and sampling, with a registered brick nested in
 * each attention score; on an injected lane, a prefetch that the second layer's QKV projection
 * waits for, whose GPU work (a copy up, an rmsnorm kernel, a copy on the device) lies on a
 * device's stream lane. Times in ns from 0; every duration is a whole number of microseconds. */
tn_profiler *synthetic_profile(int64_t *clock);
const tn_op *op_named(const char *name);

int run_tree(const char *snapshot, bool update);
int run_exports(void);
int run_dot(void);
int run_write(const char *dir);
int run_outputs(const char *dir);
int run_registry(const char *root);
/* GPU records on a device of backend; 77 when there is none. generated: tngen's output folder. */
int run_gpu(const char *backend, const char *generated);

#endif
