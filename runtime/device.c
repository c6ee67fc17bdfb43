/* GPU devices and buffers: the public API over the CUDA and Vulkan backends. */
#include "tn_internal.h"

#include <pthread.h>
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

tn_status tn_buffer_write(tn_buffer *buffer, size_t offset, const float *src, size_t count)
{
    tn_status s = check_span("tn_buffer_write", buffer, offset, src, count);
    if (s != TN_OK || count == 0)
        return s;
    return buffer->device->backend->write(buffer->device->impl, buffer->handle, offset * sizeof(float), src,
                                          count * sizeof(float));
}

tn_status tn_buffer_read(const tn_buffer *buffer, size_t offset, float *dst, size_t count)
{
    tn_status s = check_span("tn_buffer_read", buffer, offset, dst, count);
    if (s != TN_OK || count == 0)
        return s;
    return buffer->device->backend->read(buffer->device->impl, buffer->handle, offset * sizeof(float), dst,
                                         count * sizeof(float));
}

/* ---- running ops on devices ---- */

tn_status tn_run_device(tn_device *dev, const tn_op *op, tn_call *c)
{
    if (!dev)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_dev_%s: device is NULL", op->name);
    tn_status s = tn_check_dims(op, c, "tn_dev_");
    if (s == TN_OK)
        s = tn_check_strides(op, c, "tn_dev_");
    if (s != TN_OK)
        return s;
    tn_call native = *c;
    for (int i = 0; i < op->nargs; i++) {
        const tn_arg *a = &op->args[i];
        if (a->role == TN_SCALAR)
            continue;
        if (!c->ptr[i])
            return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_dev_%s: %s is NULL", op->name, a->name);
        if (tn_is_result(a)) /* a host pointer: the backend copies the result there */
            continue;
        const tn_buffer *b = c->ptr[i];
        if (b->device != dev)
            return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_dev_%s: %s belongs to another device", op->name, a->name);
        size_t need = tn_arg_extent(op, c, i);
        if (b->length < need) {
            if (a->rank == 1)
                return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_dev_%s: %s holds %zu floats, %s = %zu", op->name, a->name,
                               b->length, op->dim_names[a->dim[0]], need);
            return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_dev_%s: %s holds %zu floats; %s = %zu rows at ld%s = %zu need %zu",
                           op->name, a->name, b->length, op->dim_names[a->dim[0]], c->dim[a->dim[0]], a->name, c->ld[i],
                           need);
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
                           "tn_dev_%s: %s and %s are the same buffer (in place means an input of the same shape%s)",
                           op->name, op->args[o].name, op->args[j].name, op->args[o].rank == 2 ? ", at the same ld" : "");
        }
    }
    return dev->backend->run(dev->impl, op, &native);
}

/* Host arrays on a GPU backend (TRUENO_BACKEND=cuda|vulkan): one device per backend for the
 * process, opened on first use; operands are copied there and back on every call. Outputs are
 * copied there too when rows leave gaps (ld > cols), so that the gaps come back unchanged. */
static pthread_mutex_t host_lock = PTHREAD_MUTEX_INITIALIZER;
static tn_device *host_devices[2];

tn_status tn_gpu_host_call(const tn_gpu_backend *gpu, const tn_op *op, tn_call *c)
{
    int slot = gpu == &tn_cuda_backend ? 0 : 1;
    pthread_mutex_lock(&host_lock);
    tn_status s = TN_OK;
    if (!host_devices[slot])
        s = tn_device_open(gpu->name, 0, &host_devices[slot]);
    tn_device *dev = host_devices[slot];
    tn_buffer *bufs[TN_MAX_ARGS] = { 0 };
    size_t extent[TN_MAX_ARGS] = { 0 };
    tn_call dc = *c;
    for (int i = 0; s == TN_OK && i < op->nargs; i++) {
        const tn_arg *a = &op->args[i];
        if (a->role == TN_SCALAR || tn_is_result(a))
            continue;
        extent[i] = tn_arg_extent(op, c, i);
        s = tn_buffer_create(dev, extent[i], &bufs[i]);
        bool gaps = a->rank == 2 && c->ld[i] > c->dim[a->dim[1]];
        if (s == TN_OK && (a->role != TN_OUT || gaps))
            s = tn_buffer_write(bufs[i], 0, c->ptr[i], extent[i]);
        dc.ptr[i] = bufs[i];
    }
    if (s == TN_OK)
        s = tn_run_device(dev, op, &dc);
    for (int i = 0; s == TN_OK && i < op->nargs; i++)
        if (bufs[i] && op->args[i].role != TN_IN)
            s = tn_buffer_read(bufs[i], 0, c->ptr[i], extent[i]);
    for (int i = 0; i < op->nargs; i++)
        tn_buffer_destroy(bufs[i]);
    pthread_mutex_unlock(&host_lock);
    return s;
}
