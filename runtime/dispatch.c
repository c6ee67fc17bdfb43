/* Dispatch: which variant runs each op (TRUENO_BACKEND, per-thread choice, CPU detection),
 * argument validation shared by every op, and tn_describe. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "guard_internal.h"
#include "tn_internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Backends are numbered: CPU targets 0 .. tn_cpu_target_count - 1, then CUDA, then Vulkan. */
enum { BACKEND_AUTO = -1, BACKEND_NONE = -2 };

static int cuda_index(void)
{
    return tn_cpu_target_count;
}

static int vulkan_index(void)
{
    return tn_cpu_target_count + 1;
}

static const char *backend_name(int b)
{
    if (b == BACKEND_AUTO)
        return "auto";
    if (b == cuda_index())
        return "cuda";
    if (b == vulkan_index())
        return "vulkan";
    return tn_cpu_targets[b].name;
}

static const tn_gpu_backend *gpu_of(int b)
{
    return b == cuda_index() ? &tn_cuda_backend : b == vulkan_index() ? &tn_vulkan_backend : NULL;
}

static int parse_backend(const char *name)
{
    if (strcmp(name, "auto") == 0)
        return BACKEND_AUTO;
    for (int i = 0; i < tn_cpu_target_count; i++)
        if (strcmp(name, tn_cpu_targets[i].name) == 0)
            return i;
    if (strcmp(name, "cuda") == 0)
        return cuda_index();
    if (strcmp(name, "vulkan") == 0)
        return vulkan_index();
    return BACKEND_NONE;
}

/* Why backend b cannot run here, written into why; returns whether it can. */
static bool backend_usable(int b, char *why, size_t len)
{
    why[0] = '\0';
    if (b == BACKEND_AUTO)
        return true;
    const tn_gpu_backend *gpu = gpu_of(b);
    if (gpu) {
        int count = 0;
        if (gpu->count(&count) != TN_OK) {
            snprintf(why, len, "%s", tn_last_error());
            return false;
        }
        if (count == 0)
            snprintf(why, len, "%s", gpu->why_none());
        return count > 0;
    }
    unsigned missing = tn_cpu_targets[b].needs & ~tn_cpu_detect();
    if (!missing)
        return true;
    size_t used = (size_t)snprintf(why, len, "this CPU lacks");
    for (unsigned bit = 1; bit && used < len; bit <<= 1)
        if (missing & bit)
            used += (size_t)snprintf(why + used, len - used, " %s%s", tn_cpu_feature_name(bit),
                                     (tn_cpu_detect_raw() & bit) ? " (disabled by TRUENO_CPU_DISABLE)" : "");
    return false;
}

/* "auto, scalar, ..., vulkan", written into the caller's text: several threads may be failing
 * at once, so no buffer here is shared. */
static const char *known_names(char *text, size_t len)
{
    size_t used = (size_t)snprintf(text, len, "auto");
    for (int i = 0; i < tn_cpu_target_count && used < len; i++)
        used += (size_t)snprintf(text + used, len - used, ", %s", tn_cpu_targets[i].name);
    if (used < len)
        snprintf(text + used, len - used, ", cuda, vulkan");
    return text;
}

/* ---- the process default, from TRUENO_BACKEND ---- */

static pthread_once_t default_once = PTHREAD_ONCE_INIT;
static atomic_bool default_ready; /* set last by init_default: calls after it skip pthread_once */
static int default_backend = BACKEND_AUTO;
static char default_error[512];          /* set when TRUENO_BACKEND cannot be honoured */
static int auto_choice[TN_MAX_OPS];      /* per op: the best CPU target this machine runs */
static int default_choice[TN_MAX_OPS];   /* per op: what a call uses when its thread chose nothing */

static int best_cpu_target(const tn_op *op)
{
    unsigned have = tn_cpu_detect();
    for (int t = tn_cpu_target_count - 1; t >= 0; t--)
        if (op->cpu[t] && (tn_cpu_targets[t].needs & ~have) == 0)
            return t;
    return -1;
}

static void init_default(void)
{
    const char *env = getenv("TRUENO_BACKEND");
    int b = env && *env ? parse_backend(env) : BACKEND_AUTO;
    char why[256], known[256];
    if (b == BACKEND_NONE)
        snprintf(default_error, sizeof default_error, "TRUENO_BACKEND=%s is not a backend (known: %s)", env,
                 known_names(known, sizeof known));
    else if (!backend_usable(b, why, sizeof why))
        snprintf(default_error, sizeof default_error, "TRUENO_BACKEND=%s cannot run here: %s", env, why);
    default_backend = b;
    for (int i = 0; i < tn_op_count; i++) {
        auto_choice[i] = best_cpu_target(tn_ops[i]);
        default_choice[i] = default_error[0] ? -1 : b == BACKEND_AUTO ? auto_choice[i] : b;
    }
    atomic_store_explicit(&default_ready, true, memory_order_release);
}

/* The process default, computed once; the common case is one load, not a call. */
static inline void ensure_default(void)
{
    if (!atomic_load_explicit(&default_ready, memory_order_acquire))
        pthread_once(&default_once, init_default);
}

/* BACKEND_NONE: follow the default. initial-exec: read at a fixed offset from the thread
 * pointer, not through __tls_get_addr (the library is linked, not dlopen'ed late). */
static _Thread_local int thread_backend __attribute__((tls_model("initial-exec"))) = BACKEND_NONE;

tn_status tn_use_backend(const char *name)
{
    ensure_default();
    if (!name) {
        thread_backend = BACKEND_NONE;
        return TN_OK;
    }
    int b = parse_backend(name);
    char known[256];
    if (b == BACKEND_NONE)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_use_backend: '%.40s' is not a backend (known: %s)", name,
                       known_names(known, sizeof known));
    char why[256];
    if (!backend_usable(b, why, sizeof why))
        return tn_fail(TN_ERR_BACKEND_UNAVAILABLE, "tn_use_backend: %s cannot run here: %s", name, why);
    thread_backend = b;
    return TN_OK;
}

/* ---- validation ---- */

/* "n = 8" or "rows = 3, cols = 4", for messages. */
static void dims_text(const tn_op *op, const tn_call *c, char *text, size_t len)
{
    size_t used = 0;
    text[0] = '\0';
    for (int d = 0; d < op->ndims && used < len; d++)
        used += (size_t)snprintf(text + used, len - used, "%s%s = %zu", d ? ", " : "", op->dim_names[d], c->dim[d]);
}

tn_status tn_check_dims(const tn_op *op, const tn_call *c, const char *fn)
{
    for (int d = 0; d < op->ndims; d++)
        if (c->dim[d] > TN_DIM_LIMIT)
            return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %s = %zu elements overflow the address space", fn,
                           op->dim_names[d], c->dim[d]);
    for (int r = 0; r < op->nrules; r++) {
        const tn_rule *rule = &op->rules[r];
        size_t v = c->dim[rule->dim];
        if (v < rule->min || v > rule->max)
            return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %s = %zu: %s", fn, op->dim_names[rule->dim], v, rule->why);
    }
    return TN_OK;
}

size_t tn_arg_extent(const tn_op *op, const tn_call *c, int i)
{
    const tn_arg *a = &op->args[i];
    if (a->rank == 0)
        return 1;
    if (a->rank == 1)
        return c->dim[a->dim[0]];
    size_t rows = c->dim[a->dim[0]], cols = c->dim[a->dim[1]];
    return rows == 0 || cols == 0 ? 0 : (rows - 1) * c->ld[i] + cols;
}

/* Matrices: ld at least the row length, and rows * ld within the address space. */
tn_status tn_check_strides(const tn_op *op, const tn_call *c, const char *fn)
{
    for (int i = 0; i < op->nargs; i++) {
        const tn_arg *a = &op->args[i];
        if (a->rank != 2)
            continue;
        size_t rows = c->dim[a->dim[0]], cols = c->dim[a->dim[1]];
        if (c->ld[i] < cols)
            return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: ld%s = %zu is less than %s = %zu (a row's length)", fn,
                           a->name, c->ld[i], op->dim_names[a->dim[1]], cols);
        if (rows > 1 && c->ld[i] > (TN_DIM_LIMIT - cols) / (rows - 1))
            return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %s spans more than the address space (%s = %zu, ld%s = %zu)",
                           fn, a->name, op->dim_names[a->dim[0]], rows, a->name, c->ld[i]);
    }
    return TN_OK;
}

/* Why a host call is refused (the op's generated check found it bad): dims, strides, NULL and
 * wrapping pointers, overlaps, in that order. */
static tn_status explain_host(const tn_op *op, const tn_call *c)
{
    char fn[80];
    snprintf(fn, sizeof fn, "tn_%s", op->name);
    tn_status s = tn_check_dims(op, c, fn);
    if (s == TN_OK)
        s = tn_check_strides(op, c, fn);
    if (s != TN_OK)
        return s;
    size_t bytes[TN_MAX_ARGS] = { 0 };
    for (int i = 0; i < op->nargs; i++) {
        const tn_arg *a = &op->args[i];
        if (a->role == TN_SCALAR)
            continue;
        uintptr_t p = (uintptr_t)c->ptr[i];
        if (tn_is_result(a) && !p)
            return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_%s: %s is NULL", op->name, a->name);
        if (tn_is_result(a))
            continue;
        bytes[i] = tn_arg_extent(op, c, i) * sizeof(float);
        if (!p && bytes[i] > 0) {
            char dims[128];
            dims_text(op, c, dims, sizeof dims);
            return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_%s: %s is NULL (%s)", op->name, a->name, dims);
        }
        if (p > UINTPTR_MAX - bytes[i])
            return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_%s: %s + its extent wraps around the address space", op->name,
                           a->name);
    }
    /* An output may be exactly an input of its shape (in place: same pointer, same ld), never
     * partly overlap one, and never overlap another output. */
    for (unsigned mo = op->outputs; mo; mo &= mo - 1) {
        int o = __builtin_ctz(mo);
        for (unsigned mj = op->arrays & ~(1u << o); mj; mj &= mj - 1) {
            int j = __builtin_ctz(mj);
            if (!tn_overlap(c->ptr[o], bytes[o], c->ptr[j], bytes[j]))
                continue;
            if (c->ptr[o] == c->ptr[j] && op->args[j].role == TN_IN && tn_same_shape(&op->args[o], &op->args[j]) &&
                (op->args[o].rank < 2 || c->ld[j] == c->ld[o]))
                continue;
            return tn_fail(TN_ERR_INVALID_ARGUMENT,
                           "tn_%s: %s overlaps %s without being the same array (in place means an input of the same shape, at the same pointer%s)",
                           op->name, op->args[o].name, op->args[j].name, op->args[o].rank == 2 ? " and ld" : "");
        }
    }
    return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_%s: invalid arguments", op->name);
}

static tn_status unavailable(const tn_op *op, int b)
{
    if (thread_backend == BACKEND_NONE && default_error[0])
        return tn_fail(TN_ERR_BACKEND_UNAVAILABLE, "tn_%s: %s", op->name, default_error);
    return tn_fail(TN_ERR_BACKEND_UNAVAILABLE, "tn_%s has no variant for %s", op->name,
                   b < 0 ? "this CPU" : backend_name(b));
}

tn_status tn_gpu_host_call(const tn_gpu_backend *gpu, const tn_op *op, tn_call *c); /* device.c */

tn_status tn_run_host(const tn_op *op, tn_call *c)
{
    if (!op->check(c))
        return explain_host(op, c);
    ensure_default();
    int b = thread_backend;
    if (b == BACKEND_NONE)
        b = default_choice[op->index];
    else if (b == BACKEND_AUTO)
        b = auto_choice[op->index];
    if (b < 0 || (b < tn_cpu_target_count && !op->cpu[b]))
        return unavailable(op, b);
    if (b >= tn_cpu_target_count)
        return tn_gpu_host_call(gpu_of(b), op, c);
    if (tn_guard_on())
        return tn_guard_run_cpu(op, c, b);
    op->cpu_call(op->cpu[b], c);
    return TN_OK;
}

/* ---- describe ---- */

static pthread_once_t describe_once = PTHREAD_ONCE_INIT;
static char *description;

static void gpu_line(FILE *f, const tn_gpu_backend *gpu)
{
    int count = 0;
    if (gpu->count(&count) != TN_OK) {
        fprintf(f, "%-7s unavailable: %s\n", gpu->name, tn_last_error());
        return;
    }
    if (count == 0) {
        fprintf(f, "%-7s none: %s\n", gpu->name, gpu->why_none());
        return;
    }
    fprintf(f, "%-7s %d device(s)", gpu->name, count);
    for (int i = 0; i < count; i++) {
        tn_device *dev;
        if (tn_device_open(gpu->name, i, &dev) == TN_OK) {
            fprintf(f, "%s %s", i ? "," : ":", tn_device_name(dev));
            tn_device_close(dev);
        }
    }
    fputc('\n', f);
}

static void build_description(void)
{
    ensure_default();
    size_t len;
    FILE *f = open_memstream(&description, &len);
    if (!f)
        return;
    fprintf(f, "cpu     %s\nfeature %s\n", tn_cpu_model(), tn_cpu_features());
    gpu_line(f, &tn_cuda_backend);
    gpu_line(f, &tn_vulkan_backend);
    const char *env = getenv("TRUENO_BACKEND");
    if (default_error[0])
        fprintf(f, "backend %s: every op call fails until it is fixed\n", default_error);
    else if (default_backend != BACKEND_AUTO)
        fprintf(f, "backend %s (forced by TRUENO_BACKEND)\n", backend_name(default_backend));
    else
        fprintf(f, "backend auto%s: the best CPU variant per op\n", env && *env ? " (TRUENO_BACKEND=auto)" : "");
    for (int i = 0; i < tn_op_count; i++) {
        const tn_op *op = tn_ops[i];
        fprintf(f, "  %-8s ", op->name);
        if (default_error[0]) {
            fputs("none: TRUENO_BACKEND cannot be honoured\n", f);
        } else if (default_backend != BACKEND_AUTO) {
            fprintf(f, "%-7s forced by TRUENO_BACKEND\n", backend_name(default_backend));
        } else {
            int best = auto_choice[i];
            fprintf(f, "%-7s ", best >= 0 ? tn_cpu_targets[best].name : "none");
            int above = best + 1;
            while (above < tn_cpu_target_count && !op->cpu[above])
                above++;
            char why[200];
            if (above < tn_cpu_target_count && !backend_usable(above, why, sizeof why))
                fprintf(f, "the best this CPU runs (%s: %s)\n", tn_cpu_targets[above].name, why);
            else
                fprintf(f, "the best variant there is\n");
        }
    }
    fclose(f);
}

const char *tn_describe(void)
{
    pthread_once(&describe_once, build_description);
    return description ? description : "tn_describe: out of memory";
}
