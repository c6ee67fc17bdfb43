/* Status codes and the per-thread message of the last failure. */
#include "tn_internal.h"

#include <stdarg.h>
#include <stdio.h>

static _Thread_local char last_error[1024];

const char *tn_status_string(tn_status status)
{
    switch (status) {
    case TN_OK:
        return "ok";
    case TN_ERR_INVALID_ARGUMENT:
        return "invalid argument";
    case TN_ERR_BACKEND_UNAVAILABLE:
        return "backend unavailable";
    case TN_ERR_OUT_OF_MEMORY:
        return "out of memory";
    case TN_ERR_DEVICE:
        return "device error";
    case TN_ERR_IO:
        return "input/output error";
    case TN_ERR_NONFINITE:
        return "non-finite output";
    }
    return "unknown status";
}

const char *tn_last_error(void)
{
    return last_error;
}

void tn_clear_error(void)
{
    last_error[0] = '\0';
}

tn_status tn_fail(tn_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return status;
}
