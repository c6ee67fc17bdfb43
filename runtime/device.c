/* GPU devices and buffers: the public API over the CUDA and Vulkan backends. */
#include "guard_internal.h"
#include "prof_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const tn_gpu_backend *backend_named(const char *name)
{
    if (name && strcmp(name, "cuda") == 0)
        return &tn_cuda_backend;
    if (name && strcmp(name, "vulkan") == 0)
        return &tn_vulkan_backend;
    return NULL;
}

tn_status tn_device_count(const char *backend, int *count)
{
    const tn_gpu_backend *gpu = backend_named(backend);
    if (!count)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_device_count: count is NULL");
    *count = 0;
    if (!gpu)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_device_count: '%.40s' is not a GPU backend (cuda, vulkan)",
                       backend ? backend : "(null)");
    return gpu->count(count);
}

tn_status tn_device_open(const char *backend, int index, tn_device **device)
{
    const tn_gpu_backend *gpu = backend_named(backend);
    if (!device)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_device_open: device is NULL");
    *device = NULL;
    if (!gpu)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_device_open: '%.40s' is not a GPU backend (cuda, vulkan)",
                       backend ? backend : "(null)");
    int count = 0;
    tn_status s = gpu->count(&count);
    if (s != TN_OK)
        return s;
    if (index < 0 || index >= count)
        return tn_fail(TN_ERR_BACKEND_UNAVAILABLE, "tn_device_open: %s device %d does not exist (%d found)",
                       gpu->name, index, count);
    tn_device *d = calloc(1, sizeof *d);
    if (!d)
        return tn_fail(TN_ERR_OUT_OF_MEMORY, "tn_device_open: out of memory");
    static atomic_uint_fast64_t serials = 1;
    d->serial = atomic_fetch_add(&serials, 1);
    atomic_init(&d->stamps, 0);
    d->backend = gpu;
    s = gpu->open(index, &d->impl, d->name, sizeof d->name);
    if (s != TN_OK) {
        free(d);
        return s;
    }
    *device = d;
    return TN_OK;
}

void tn_device_close(tn_device *device)
{
    if (!device)
        return;
    if (atomic_load(&device->stamps) > 0) /* profilers hold its timestamps: read them now */
        prof_device_closing(device);
    tn_guard_device_closed(device);
    device->backend->close(device->impl);
    free(device);
}

const char *tn_device_name(const tn_device *device)
{
    return device ? device->name : "(no device)";
}

tn_status tn_device_synchronize(tn_device *device)
{
    if (!device)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_device_synchronize: device is NULL");
    return device->backend->sync(device->impl);
}

tn_status tn_device_timer_start(tn_device *device)
{
    if (!device)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_device_timer_start: device is NULL");
    if (!device->backend->timer_start)
        return tn_fail(TN_ERR_BACKEND_UNAVAILABLE, "tn_device_timer_start: the %s backend has no device timer yet",
                       device->backend->name);
    tn_status s = device->backend->timer_start(device->impl);
    atomic_store(&device->timing, s == TN_OK);
    return s;
}

tn_status tn_device_timer_stop(tn_device *device, double *seconds)
{
    if (!device || !seconds)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_device_timer_stop: %s is NULL", device ? "seconds" : "device");
    if (!device->backend->timer_stop)
        return tn_fail(TN_ERR_BACKEND_UNAVAILABLE, "tn_device_timer_stop: the %s backend has no device timer yet",
                       device->backend->name);
    if (!atomic_exchange(&device->timing, false))
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_device_timer_stop: the timer was not started");
    return device->backend->timer_stop(device->impl, seconds);
}

tn_status tn_buffer_create(tn_device *device, size_t length, tn_buffer **buffer)
{
    if (!buffer)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_buffer_create: buffer is NULL");
    *buffer = NULL;
    if (!device)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_buffer_create: device is NULL");
    if (length > TN_DIM_LIMIT)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_buffer_create: %zu floats overflow the address space", length);
    tn_buffer *b = calloc(1, sizeof *b);
    if (!b)
        return tn_fail(TN_ERR_OUT_OF_MEMORY, "tn_buffer_create: out of memory");
    /* Zero-length buffers still get a handle, so that every buffer can be bound. */
    tn_status s = device->backend->alloc(device->impl, (length ? length : 1) * sizeof(float), &b->handle);
    if (s != TN_OK) {
        free(b);
        return s;
    }
    b->device = device;
    b->length = length;
    *buffer = b;
    return TN_OK;
}

void tn_buffer_destroy(tn_buffer *buffer)
{
    if (!buffer)
        return;
    buffer->device->backend->free(buffer->device->impl, buffer->handle);
    free(buffer);
}

size_t tn_buffer_length(const tn_buffer *buffer)
{
    return buffer ? buffer->length : 0;
}

static tn_status check_span(const char *fn, const tn_buffer *b, size_t offset, const void *host, size_t count)
{
    if (!b)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: buffer is NULL", fn);
    if (!host && count > 0)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: host pointer is NULL (count = %zu)", fn, count);
    if (offset > b->length || count > b->length - offset)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: [%zu, %zu + %zu) is outside the buffer of %zu floats", fn,
                       offset, offset, count, b->length);
    return TN_OK;
}

/* GPU calls test prof_attached, and nothing else when no profiler is attached to the thread;
 * otherwise the call is traced and recorded (prof_gpu.c). */

tn_status tn_buffer_write(tn_buffer *buffer, size_t offset, const float *src, size_t count)
{
    tn_status s = check_span("tn_buffer_write", buffer, offset, src, count);
    if (s != TN_OK || count == 0)
        return s;
    tn_device *d = buffer->device;
    size_t at = offset * sizeof(float), bytes = count * sizeof(float);
    if (!prof_attached)
        return d->backend->write(d->impl, buffer->handle, at, src, bytes, NULL);
    prof_call pc;
    tn_gpu_trace *trace = prof_gpu_begin(&pc, d);
    s = d->backend->write(d->impl, buffer->handle, at, src, bytes, trace);
    return trace ? prof_gpu_end(&pc, s, NULL, NULL, PROF_TO_DEVICE, (double)bytes) : s;
}

tn_status tn_buffer_read(const tn_buffer *buffer, size_t offset, float *dst, size_t count)
{
    tn_status s = check_span("tn_buffer_read", buffer, offset, dst, count);
    if (s != TN_OK || count == 0)
        return s;
    tn_device *d = buffer->device;
    size_t at = offset * sizeof(float), bytes = count * sizeof(float);
    if (!prof_attached)
        return d->backend->read(d->impl, buffer->handle, at, dst, bytes, NULL);
    prof_call pc;
    tn_gpu_trace *trace = prof_gpu_begin(&pc, d);
    s = d->backend->read(d->impl, buffer->handle, at, dst, bytes, trace);
    return trace ? prof_gpu_end(&pc, s, NULL, NULL, PROF_TO_HOST, (double)bytes) : s;
}

tn_status tn_buffer_copy(tn_buffer *dst, size_t dst_offset, const tn_buffer *src, size_t src_offset, size_t count)
{
    static const char fn[] = "tn_buffer_copy";
    if (!dst || !src)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %s is NULL", fn, dst ? "src" : "dst");
    if (dst->device != src->device)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: dst and src belong to different devices", fn);
    if (dst_offset > dst->length || count > dst->length - dst_offset)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: dst [%zu, %zu + %zu) is outside the buffer of %zu floats", fn,
                       dst_offset, dst_offset, count, dst->length);
    if (src_offset > src->length || count > src->length - src_offset)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: src [%zu, %zu + %zu) is outside the buffer of %zu floats", fn,
                       src_offset, src_offset, count, src->length);
    if (dst == src && dst_offset < src_offset + count && src_offset < dst_offset + count)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: [%zu, %zu + %zu) and [%zu, %zu + %zu) of one buffer overlap", fn,
                       dst_offset, dst_offset, count, src_offset, src_offset, count);
    if (count == 0)
        return TN_OK;
    tn_device *d = dst->device;
    size_t to = dst_offset * sizeof(float), from = src_offset * sizeof(float), bytes = count * sizeof(float);
    if (!prof_attached)
        return d->backend->copy(d->impl, dst->handle, to, src->handle, from, bytes, NULL);
    prof_call pc;
    tn_gpu_trace *trace = prof_gpu_begin(&pc, d);
    tn_status s = d->backend->copy(d->impl, dst->handle, to, src->handle, from, bytes, trace);
    /* bytes moved: each is read and written */
    return trace ? prof_gpu_end(&pc, s, NULL, NULL, PROF_ON_DEVICE, 2.0 * (double)bytes) : s;
}

/* ---- running ops on devices ---- */

/* A result's buffer (tn_dev_<op>_to): this device's, with room for the element at c->at[i],
 * which must not lie inside an input of the same buffer (the result may land before the
 * input is read). */
static tn_status check_result_buffer(const char *fn, tn_device *dev, const tn_op *op, const tn_call *c, int i)
{
    const tn_arg *a = &op->args[i];
    const tn_buffer *b = c->ptr[i];
    if (b->device != dev)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %s belongs to another device", fn, a->name);
    if (c->at[i] >= b->length)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %s_offset = %zu is past the end of %s (%zu floats)", fn, a->name,
                       c->at[i], a->name, b->length);
    for (unsigned mj = op->arrays; mj; mj &= mj - 1) {
        int j = __builtin_ctz(mj);
        if (c->ptr[j] == b && c->at[i] < tn_arg_extent(op, c, j))
            return tn_fail(TN_ERR_INVALID_ARGUMENT,
                           "%s: %s_offset = %zu lies inside %s (the same buffer, whose first %zu floats it uses)", fn,
                           a->name, c->at[i], op->args[j].name, tn_arg_extent(op, c, j));
    }
    return TN_OK;
}

/* The checks of a device call, then the backend. to_buffers: results go to device buffers. */
static tn_status run_on_device(tn_device *dev, const tn_op *op, tn_call *c, bool to_buffers)
{
    char fn[80];
    snprintf(fn, sizeof fn, "tn_dev_%s%s", op->name, to_buffers ? "_to" : "");
    if (!dev)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: device is NULL", fn);
    tn_status s = tn_check_dims(op, c, fn);
    if (s == TN_OK)
        s = tn_check_strides(op, c, fn);
    if (s != TN_OK)
        return s;
    tn_call native = *c;
    native.results_on_device = to_buffers;
    for (int i = 0; i < op->nargs; i++) {
        const tn_arg *a = &op->args[i];
        if (a->role == TN_SCALAR)
            continue;
        if (!c->ptr[i])
            return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %s is NULL", fn, a->name);
        if (tn_is_result(a)) { /* a host pointer (the backend copies the result there), or a buffer */
            if (to_buffers && (s = check_result_buffer(fn, dev, op, c, i)) != TN_OK)
                return s;
            if (to_buffers)
                native.ptr[i] = ((const tn_buffer *)c->ptr[i])->handle;
            continue;
        }
        const tn_buffer *b = c->ptr[i];
        if (b->device != dev)
            return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %s belongs to another device", fn, a->name);
        size_t need = tn_arg_extent(op, c, i);
        if (b->length < need) {
            if (a->rank == 1)
                return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %s holds %zu floats, %s = %zu", fn, a->name, b->length,
                               op->dim_names[a->dim[0]], need);
            return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %s holds %zu floats; %s = %zu rows at ld%s = %zu need %zu", fn,
                           a->name, b->length, op->dim_names[a->dim[0]], c->dim[a->dim[0]], a->name, c->ld[i], need);
        }
        native.ptr[i] = b->handle;
    }
    /* As on the host: an output's buffer may be an input's of the same shape (in place, same
     * ld), and no other argument's. */
    for (unsigned mo = op->outputs; mo; mo &= mo - 1) {
        int o = __builtin_ctz(mo);
        for (unsigned mj = op->arrays & ~(1u << o); mj; mj &= mj - 1) {
            int j = __builtin_ctz(mj);
            if (c->ptr[o] != c->ptr[j])
                continue;
            if (op->args[j].role == TN_IN && tn_same_shape(&op->args[o], &op->args[j]) &&
                (op->args[o].rank < 2 || c->ld[j] == c->ld[o]))
                continue;
            return tn_fail(TN_ERR_INVALID_ARGUMENT,
                           "%s: %s and %s are the same buffer (in place means an input of the same shape%s)", fn,
                           op->args[o].name, op->args[j].name, op->args[o].rank == 2 ? ", at the same ld" : "");
        }
    }
    native.guard_checks = 0;
    native.guard = NULL;
    bool guarded = tn_guard_on();
    if (!prof_attached)
        return guarded ? tn_guard_run_device(dev, op, &native, NULL) : dev->backend->run(dev->impl, op, &native, NULL);
    prof_call pc;
    tn_gpu_trace *trace = prof_gpu_begin(&pc, dev);
    s = guarded ? tn_guard_run_device(dev, op, &native, trace) : dev->backend->run(dev->impl, op, &native, trace);
    return trace ? prof_gpu_end(&pc, s, op, c, 0, 0) : s;
}

tn_status tn_run_device(tn_device *dev, const tn_op *op, tn_call *c)
{
    return run_on_device(dev, op, c, false);
}

tn_status tn_run_device_to(tn_device *dev, const tn_op *op, tn_call *c)
{
    return run_on_device(dev, op, c, true);
}

/* Host arrays on a GPU backend (TRUENO_BACKEND=cuda|vulkan): one device per backend for the
 * process, opened on first use and closed at exit or by tn_shutdown; operands are copied there
 * and back on every call. Outputs are copied there too when rows leave gaps (ld > cols), so that
 * the gaps come back unchanged. The device buffers stay between calls, one per argument, grown
 * when a call needs more (an allocation costs more than a small op's whole call). */
enum { HOST_KEEP_FLOATS = 16 << 20 }; /* larger operands get buffers for the call alone */

typedef struct host_side {
    tn_device *device;
    tn_buffer *kept[TN_MAX_ARGS];
} host_side;

static pthread_mutex_t host_lock = PTHREAD_MUTEX_INITIALIZER;
static host_side host_sides[2];
static int host_exit_registrations;

static void host_side_close(host_side *h)
{
    for (int i = 0; i < TN_MAX_ARGS; i++)
        tn_buffer_destroy(h->kept[i]);
    tn_device_close(h->device);
    memset(h, 0, sizeof *h);
}

void tn_shutdown(void)
{
    pthread_mutex_lock(&host_lock);
    for (int i = 0; i < 2; i++)
        host_side_close(&host_sides[i]);
    pthread_mutex_unlock(&host_lock);
}

/* At exit, a thread may still be inside a call (exit from another thread): then the devices
 * are left to the driver rather than closed under it. */
static void host_sides_at_exit(void)
{
    if (pthread_mutex_trylock(&host_lock) != 0)
        return;
    for (int i = 0; i < 2; i++)
        host_side_close(&host_sides[i]);
    pthread_mutex_unlock(&host_lock);
}

/* A device buffer of at least count floats for argument i: the kept one, grown if need be. */
static tn_status host_buffer(host_side *h, int i, size_t count, tn_buffer **out)
{
    if (count == 0 || count > HOST_KEEP_FLOATS)
        return tn_buffer_create(h->device, count, out);
    if (h->kept[i] && h->kept[i]->length < count) {
        tn_buffer_destroy(h->kept[i]);
        h->kept[i] = NULL;
    }
    tn_status s = h->kept[i] ? TN_OK : tn_buffer_create(h->device, count, &h->kept[i]);
    *out = h->kept[i];
    return s;
}

tn_status tn_gpu_host_call(const tn_gpu_backend *gpu, const tn_op *op, tn_call *c)
{
    host_side *h = &host_sides[gpu == &tn_cuda_backend ? 0 : 1];
    pthread_mutex_lock(&host_lock);
    tn_status s = TN_OK;
    /* Exit handlers run last-registered first: registered again after each open, the close runs
     * before whatever the driver just loaded registered for its own exit. */
    if (!h->device && (s = tn_device_open(gpu->name, 0, &h->device)) == TN_OK && host_exit_registrations < 8 &&
        atexit(host_sides_at_exit) == 0)
        host_exit_registrations++;
    tn_buffer *bufs[TN_MAX_ARGS] = { 0 };
    size_t extent[TN_MAX_ARGS] = { 0 };
    tn_call dc = *c;
    for (int i = 0; s == TN_OK && i < op->nargs; i++) {
        const tn_arg *a = &op->args[i];
        if (a->role == TN_SCALAR || tn_is_result(a))
            continue;
        extent[i] = tn_arg_extent(op, c, i);
        s = host_buffer(h, i, extent[i], &bufs[i]);
        bool gaps = a->rank == 2 && c->ld[i] > c->dim[a->dim[1]];
        if (s == TN_OK && (a->role != TN_OUT || gaps))
            s = tn_buffer_write(bufs[i], 0, c->ptr[i], extent[i]);
        dc.ptr[i] = bufs[i];
    }
    if (s == TN_OK)
        s = tn_run_device(h->device, op, &dc);
    for (int i = 0; s == TN_OK && i < op->nargs; i++)
        if (bufs[i] && op->args[i].role != TN_IN)
            s = tn_buffer_read(bufs[i], 0, c->ptr[i], extent[i]);
    for (int i = 0; i < op->nargs; i++)
        if (bufs[i] && bufs[i] != h->kept[i])
            tn_buffer_destroy(bufs[i]);
    pthread_mutex_unlock(&host_lock);
    return s;
}
