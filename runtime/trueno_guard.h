/* trueno guards: stop an op whose outputs hold a NaN or an infinity (docs/GUARDS.md). */
#ifndef TRUENO_GUARD_H
#define TRUENO_GUARD_H

#include "trueno.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What is checked: bits of tn_guard_policy.checks. */
enum {
    TN_GUARD_OFF = 0,
    TN_GUARD_NAN = 1 << 0,
    TN_GUARD_INF = 1 << 1,
    TN_GUARD_NONFINITE = TN_GUARD_NAN | TN_GUARD_INF,
};

/* What happens when an output holds a checked value. */
typedef enum tn_guard_action {
    TN_GUARD_FAIL, /* the call returns TN_ERR_NONFINITE; tn_last_error names op, output, index, value */
    TN_GUARD_LOG,  /* the call returns TN_OK; the event goes to the log function (NULL: a stderr line) */
} tn_guard_action;

/* A defect found in an op's output: the first bad element in memory order (rows at their ld:
 * element index = row * ld + col). A reduction's result is element 0 of its output. */
typedef struct tn_guard_event {
    const char *op;      /* the op's name, without tn_ */
    const char *output;  /* the argument's name, "z" */
    const char *backend; /* "avx2", "cuda", "vulkan" */
    size_t index;
    float value;
} tn_guard_event;

typedef void (*tn_guard_log_fn)(const tn_guard_event *event, void *user);

typedef struct tn_guard_policy {
    unsigned checks; /* TN_GUARD_ bits; TN_GUARD_OFF: no check at all */
    tn_guard_action action;
    tn_guard_log_fn log; /* TN_GUARD_LOG only; NULL: one line on stderr */
    void *user;          /* passed to log */
} tn_guard_policy;

/* The process default (initially from TRUENO_GUARD: "off", "nan", "inf" or "nonfinite", with
 * ",log" to log and continue; else off). NULL sets it off. Any thread, any time; calls already
 * running keep the policy they started with. */
tn_status tn_guard_set_default(const tn_guard_policy *policy);
/* This thread's policy, which overrides the default; NULL returns to following the default.
 * For one call: set it before the call and NULL after. */
tn_status tn_guard_set_thread(const tn_guard_policy *policy);
/* The policy the next call of this thread runs under. */
tn_guard_policy tn_guard_current(void);

#ifdef __cplusplus
}
#endif

#endif
