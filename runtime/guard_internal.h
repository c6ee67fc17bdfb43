/* Guards inside libtrueno: the per-call test, and the guarded runs of an op (guard.c). */
#ifndef TN_GUARD_INTERNAL_H
#define TN_GUARD_INTERNAL_H

#include "tn_internal.h"
#include "trueno_guard.h"

#include <stdatomic.h>

/* tn_op.guard_kernels: the op's kernels on that backend check their array outputs. */
enum { TN_GUARD_IN_CUDA = 1 << 0, TN_GUARD_IN_VULKAN = 1 << 1 };

/* Bytes between two outputs' guard slots on a device (Vulkan binds each slot at its offset,
 * which must be a multiple of minStorageBufferOffsetAlignment, at most 256). */
enum { TN_GUARD_SLOT_BYTES = 256 };

/* This thread's checks (-1: follow the default) and the default's, readable without a lock;
 * the default starts as all bits set so that the first call reads TRUENO_GUARD. */
extern _Thread_local int tn_guard_thread_checks __attribute__((tls_model("initial-exec")));
extern atomic_uint tn_guard_default_checks;

/* Whether this call runs guarded: the one test an op call pays when guards are off. */
static inline bool tn_guard_on(void)
{
    int t = tn_guard_thread_checks;
    return __builtin_expect(t >= 0 ? t != 0 : atomic_load_explicit(&tn_guard_default_checks, memory_order_relaxed) != 0,
                            0);
}

/* A host call on CPU target (an index into tn_cpu_targets), its outputs checked. */
tn_status tn_guard_run_cpu(const tn_op *op, tn_call *c, int target);
/* A device call, c holding backend handles (run_on_device's native call), its outputs checked
 * by its kernels or, where they do not, read back. */
tn_status tn_guard_run_device(tn_device *dev, const tn_op *op, tn_call *c, tn_gpu_trace *trace);
/* Shared by guard.c and guard_device.c. */
/* The first element of output i (a matrix at its ld, or a vector) that the checks find bad,
 * as its offset from the argument's start; SIZE_MAX when none. */
size_t tn_guard_scan_output(const tn_op *op, const tn_call *c, int i, const float *x, unsigned checks);
/* The bad value at element index of output i: TN_ERR_NONFINITE and the message (TN_GUARD_FAIL),
 * or the event logged and TN_OK (TN_GUARD_LOG). */
tn_status tn_guard_report(const tn_guard_policy *p, const tn_op *op, const tn_call *c, int i, size_t index, float value,
                          const char *backend);

/* Frees what guards keep for a device that is closing. */
void tn_guard_device_closed(tn_device *dev);

#endif
