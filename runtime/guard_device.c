/* Guarded device calls: the kernels record the first bad element of each output in the
 * device's guard slots, which the host reads after the call; ops whose kernels do not check
 * have their outputs read back and scanned here (docs/GUARDS.md). */
#define _POSIX_C_SOURCE 200809L
#include "guard_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Guard slots per open device: one small buffer, kept until the device closes. */
enum { MAX_KEPT = 64, SLOTS_BYTES = TN_MAX_ARGS * TN_GUARD_SLOT_BYTES };

static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;

/* Held from zeroing the slots to reading them: two threads' guarded calls on one device would
 * otherwise clear or read each other's slots. Recursive: a log function may make a guarded call. */
static pthread_mutex_t slots_lock;
static pthread_once_t slots_once = PTHREAD_ONCE_INIT;

static void slots_lock_init(void)
{
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&slots_lock, &a);
    pthread_mutexattr_destroy(&a);
}
/* A device's guard slots: handle for the kernels; host, where the backend maps them, is where the
 * host zeroes and reads them without a copy (NULL: through the backend's write and read). */
typedef struct {
    void *handle, *host;
} guard_slots_t;

static struct {
    tn_device *dev;
    guard_slots_t slots;
} kept[MAX_KEPT];

static tn_status slots_alloc(tn_device *dev, guard_slots_t *g)
{
    const tn_gpu_backend *b = dev->backend;
    if (b->alloc_mapped && b->alloc_mapped(dev->impl, SLOTS_BYTES, &g->handle, &g->host) == TN_OK)
        return TN_OK;
    g->host = NULL;
    tn_clear_error(); /* mapped memory is an optimisation: plain device memory serves too */
    return b->alloc(dev->impl, SLOTS_BYTES, &g->handle);
}

static void slots_free(tn_device *dev, guard_slots_t *g)
{
    if (g->host)
        dev->backend->free_mapped(dev->impl, g->handle, g->host);
    else
        dev->backend->free(dev->impl, g->handle);
}

/* The device's guard slots (allocated on first use). owned: the caller frees them after the
 * call (every place in the table is taken). */
static tn_status guard_slots(tn_device *dev, guard_slots_t *g, bool *owned)
{
    tn_status s = TN_OK;
    *owned = false;
    *g = (guard_slots_t){ 0 };
    pthread_mutex_lock(&kept_lock);
    int free_at = -1;
    for (int k = 0; k < MAX_KEPT && !g->handle; k++) {
        if (kept[k].dev == dev)
            *g = kept[k].slots;
        else if (!kept[k].dev && free_at < 0)
            free_at = k;
    }
    if (!g->handle) {
        s = slots_alloc(dev, g);
        if (s == TN_OK && free_at >= 0)
            kept[free_at].dev = dev, kept[free_at].slots = *g;
        *owned = s == TN_OK && free_at < 0;
    }
    pthread_mutex_unlock(&kept_lock);
    return s;
}

void tn_guard_device_closed(tn_device *dev)
{
    pthread_mutex_lock(&kept_lock);
    for (int k = 0; k < MAX_KEPT; k++)
        if (kept[k].dev == dev) {
            slots_free(dev, &kept[k].slots);
            kept[k].dev = NULL;
            kept[k].slots = (guard_slots_t){ 0 };
        }
    pthread_mutex_unlock(&kept_lock);
}

/* The element a kernel recorded for output i: it stores the complement of the index with an
 * atomic max (so 0, the slot's initial value, means none, and the least index wins): 64 bits
 * on CUDA, 32 on Vulkan. SIZE_MAX when none. Mapped slots are read in place: the caller has
 * waited for the device. */
static tn_status read_slot(tn_device *dev, const guard_slots_t *g, int i, size_t *at)
{
    bool wide = dev->backend == &tn_cuda_backend;
    uint64_t v = 0;
    tn_status s = TN_OK;
    if (g->host)
        memcpy(&v, (const char *)g->host + (size_t)i * TN_GUARD_SLOT_BYTES, wide ? 8 : 4);
    else
        s = dev->backend->read(dev->impl, g->handle, (size_t)i * TN_GUARD_SLOT_BYTES, &v, wide ? 8 : 4, NULL);
    *at = s != TN_OK || v == 0 ? SIZE_MAX : wide ? (size_t)~v : (size_t)(uint32_t) ~(uint32_t)v;
    return s;
}

/* Output i read back and scanned on the host (kernels that do not check). */
static tn_status read_back(tn_device *dev, const tn_op *op, const tn_call *c, int i, unsigned checks, size_t *at)
{
    size_t n = tn_arg_extent(op, c, i);
    *at = SIZE_MAX;
    if (n == 0)
        return TN_OK;
    float *host = malloc(n * sizeof *host);
    if (!host)
        return tn_fail(TN_ERR_OUT_OF_MEMORY, "tn_dev_%s: no memory to read %s back for its guard", op->name,
                       op->args[i].name);
    tn_status s = dev->backend->read(dev->impl, c->ptr[i], 0, host, n * sizeof *host, NULL);
    if (s == TN_OK)
        *at = tn_guard_scan_output(op, c, i, host, checks);
    free(host);
    return s;
}

/* The results of a reduction: on the host already, or one element of a device buffer. */
static tn_status check_results(tn_device *dev, const tn_guard_policy *p, const tn_op *op, const tn_call *c)
{
    for (unsigned m = op->results; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        if (op->args[i].dtype != TN_F32)
            continue;
        float v = 0;
        tn_status s = TN_OK;
        if (c->results_on_device)
            s = dev->backend->read(dev->impl, c->ptr[i], c->at[i] * sizeof v, &v, sizeof v, NULL);
        else
            v = *(const float *)c->ptr[i];
        if (s == TN_OK && tn_guard_scan_output(op, c, i, &v, p->checks) == 0)
            s = tn_guard_report(p, op, c, i, 0, v, dev->backend->name);
        if (s != TN_OK)
            return s;
    }
    return TN_OK;
}

static tn_status check_arrays(tn_device *dev, const tn_guard_policy *p, const tn_op *op, const tn_call *c,
                              const guard_slots_t *slots)
{
    for (unsigned m = op->outputs; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        if (op->args[i].dtype != TN_F32)
            continue;
        size_t at = SIZE_MAX;
        tn_status s = slots ? read_slot(dev, slots, i, &at) : read_back(dev, op, c, i, p->checks, &at);
        if (s != TN_OK)
            return s;
        if (at == SIZE_MAX)
            continue;
        float v = 0;
        s = dev->backend->read(dev->impl, c->ptr[i], at * sizeof v, &v, sizeof v, NULL);
        return s != TN_OK ? s : tn_guard_report(p, op, c, i, at, v, dev->backend->name);
    }
    return TN_OK;
}

/* Zeroes the slots for a call: in place when mapped (the last call that used them was waited for
 * while the lock was held), else by a copy. */
static tn_status zero_slots(tn_device *dev, const guard_slots_t *g)
{
    static const uint8_t zeros[SLOTS_BYTES];
    if (g->host) {
        memset(g->host, 0, SLOTS_BYTES);
        return TN_OK;
    }
    return dev->backend->write(dev->impl, g->handle, 0, zeros, sizeof zeros, NULL);
}

tn_status tn_guard_run_device(tn_device *dev, const tn_op *op, tn_call *c, tn_gpu_trace *trace)
{
    tn_guard_policy p = tn_guard_current();
    if (!p.checks)
        return dev->backend->run(dev->impl, op, c, trace);
    unsigned bit = dev->backend == &tn_cuda_backend ? TN_GUARD_IN_CUDA : TN_GUARD_IN_VULKAN;
    bool in_kernel = (op->guard_kernels & bit) && op->outputs;
    bool owned = false;
    guard_slots_t slots = { 0 };
    tn_status s = TN_OK;
    if (in_kernel) {
        pthread_once(&slots_once, slots_lock_init);
        pthread_mutex_lock(&slots_lock);
        s = guard_slots(dev, &slots, &owned);
        if (s == TN_OK)
            s = zero_slots(dev, &slots);
        c->guard = slots.handle;
        c->guard_checks = p.checks;
    }
    if (s == TN_OK)
        s = dev->backend->run(dev->impl, op, c, trace);
    if (slots.host) { /* the kernels are done with the slots before they are read or zeroed again */
        tn_status w = dev->backend->sync(dev->impl);
        s = s == TN_OK ? w : s;
    }
    if (s == TN_OK)
        s = check_arrays(dev, &p, op, c, in_kernel ? &slots : NULL);
    if (s == TN_OK)
        s = check_results(dev, &p, op, c);
    if (owned)
        slots_free(dev, &slots);
    if (in_kernel)
        pthread_mutex_unlock(&slots_lock);
    return s;
}
