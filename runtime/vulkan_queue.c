/* Vulkan frames and buffers: command buffers recorded, submitted without waiting and reused
 * when done; storage buffers, copies from and to the host (mapped or staged), copies on the
 * device; timestamps for the device timer. */
#define _POSIX_C_SOURCE 200809L
#include "tn_internal.h"

#ifndef TN_NO_VULKAN_HEADERS

#include "vulkan_internal.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A wait polls the fence this long before it sleeps in the driver: a sleeping wait wakes tens of
 * microseconds after the work ends, more than a small op takes. */
static const long SPIN_NS = 200000;

int vk_memory_type(const vk_device *d, uint32_t allowed, VkMemoryPropertyFlags want)
{
    for (uint32_t i = 0; i < d->memory.memoryTypeCount; i++)
        if ((allowed & (1u << i)) && (d->memory.memoryTypes[i].propertyFlags & want) == want)
            return (int)i;
    return -1;
}

void vk_buffer_destroy(vk_device *d, vk_buffer *b)
{
    d->f.DestroyBuffer(d->device, b->buffer, NULL);
    d->f.FreeMemory(d->device, b->memory, NULL); /* unmaps too */
    free(b);
}

/* Takes b off the device's list of live buffers and destroys it. */
void vk_buffer_release(vk_device *d, vk_buffer *b)
{
    if (b->prev)
        b->prev->next = b->next;
    else
        d->live = b->next;
    if (b->next)
        b->next->prev = b->prev;
    vk_buffer_destroy(d, b);
}

/* A storage buffer; host_side asks for host-visible memory (staging). */
tn_status vk_buffer_new(vk_device *d, VkDeviceSize bytes, bool host_side, vk_buffer **out)
{
    const VkMemoryPropertyFlags host = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    *out = NULL;
    vk_buffer *b = calloc(1, sizeof *b);
    if (!b)
        return tn_fail(TN_ERR_OUT_OF_MEMORY, "vulkan: out of memory");
    b->size = bytes;
    b->next = d->live;
    if (d->live)
        d->live->prev = b;
    d->live = b;
    VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                               .size = bytes,
                               .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                        VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                               .sharingMode = VK_SHARING_MODE_EXCLUSIVE};
    tn_status s = vk_check(d->f.CreateBuffer(d->device, &info, NULL, &b->buffer), "vkCreateBuffer");
    VkMemoryRequirements req = {0};
    int type = -1;
    if (s == TN_OK) {
        d->f.GetBufferMemoryRequirements(d->device, b->buffer, &req);
        if (!host_side)
            type = vk_memory_type(d, req.memoryTypeBits,
                                  VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | (d->device_memory_mapped ? host : 0));
        if (type < 0)
            type = vk_memory_type(d, req.memoryTypeBits, host);
        if (type < 0)
            s = tn_fail(TN_ERR_DEVICE, "vulkan: no memory type suits a storage buffer (allowed types 0x%x)",
                        req.memoryTypeBits);
    }
    if (s == TN_OK) {
        VkMemoryAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                      .allocationSize = req.size,
                                      .memoryTypeIndex = (uint32_t)type};
        s = vk_check(d->f.AllocateMemory(d->device, &alloc, NULL, &b->memory), "vkAllocateMemory");
    }
    if (s == TN_OK)
        s = vk_check(d->f.BindBufferMemory(d->device, b->buffer, b->memory, 0), "vkBindBufferMemory");
    if (s == TN_OK && (d->memory.memoryTypes[type].propertyFlags & host) == host &&
        (host_side || d->device_memory_mapped))
        s = vk_check(d->f.MapMemory(d->device, b->memory, 0, VK_WHOLE_SIZE, 0, &b->mapped), "vkMapMemory");
    if (s != TN_OK) {
        vk_buffer_release(d, b);
        return s;
    }
    *out = b;
    return TN_OK;
}

/* ---- frames: command buffers recorded, submitted without waiting, reused when done ---- */

void vk_barrier(VkCommandBuffer cmd, const vk_fns *f, VkPipelineStageFlags from, VkAccessFlags written,
                VkPipelineStageFlags to, VkAccessFlags accessed)
{
    VkMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER, .srcAccessMask = written, .dstAccessMask = accessed};
    f->CmdPipelineBarrier(cmd, from, to, 0, 1, &barrier, 0, NULL, 0, NULL);
}

static const VkPipelineStageFlags WORK_STAGES = VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT;
static const VkAccessFlags WORK_WRITES = VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_WRITE_BIT;
static const VkAccessFlags WORK_ACCESS =
    VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_SHADER_READ_BIT;

/* What every command before it wrote, before what follows it reads or writes. */
void vk_work_barrier(vk_device *d, vk_frame *f)
{
    vk_barrier(f->cmd, &d->f, WORK_STAGES, WORK_WRITES, WORK_STAGES, WORK_ACCESS);
}

static int64_t host_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static long elapsed_ns(const struct timespec *since)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - since->tv_sec) * 1000000000L + (now.tv_nsec - since->tv_nsec);
}

/* ---- timestamp pairs ---- */

/* Whether the compute queue writes timestamps (asked once). */
static tn_status vk_stamps_usable(vk_device *d)
{
    if (d->stamps.usable == 0) {
        VkQueueFamilyProperties families[32];
        uint32_t count = sizeof families / sizeof families[0];
        d->f.GetPhysicalDeviceQueueFamilyProperties(d->physical, &count, families);
        bool yes = d->family < count && families[d->family].timestampValidBits > 0 && d->limits.timestampPeriod > 0;
        d->stamps.usable = yes ? 1 : -1;
    }
    return d->stamps.usable > 0
               ? TN_OK
               : tn_fail(TN_ERR_BACKEND_UNAVAILABLE, "vulkan: this device's compute queue has no timestamps");
}

/* A pair not in use; a new query pool when every pool's pairs are. */
static tn_status vk_stamp_take(vk_device *d, uint32_t *pair)
{
    vk_stamps *st = &d->stamps;
    tn_status s = vk_stamps_usable(d);
    if (s == TN_OK && st->nfree == 0) {
        if (st->npools == STAMP_POOLS)
            return tn_fail(TN_ERR_OUT_OF_MEMORY, "vulkan: %d timestamp pairs are in use",
                           STAMP_POOLS * STAMP_POOL_PAIRS);
        uint32_t *free_pairs = realloc(st->free, (st->npools + 1) * STAMP_POOL_PAIRS * sizeof *free_pairs);
        if (!free_pairs)
            return tn_fail(TN_ERR_OUT_OF_MEMORY, "vulkan: out of memory");
        st->free = free_pairs;
        VkQueryPoolCreateInfo info = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                      .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                      .queryCount = 2 * STAMP_POOL_PAIRS};
        s = vk_check(d->f.CreateQueryPool(d->device, &info, NULL, &st->pools[st->npools]), "vkCreateQueryPool");
        for (uint32_t p = 0; s == TN_OK && p < STAMP_POOL_PAIRS; p++)
            st->free[st->nfree++] = (st->npools + 1) * STAMP_POOL_PAIRS - 1 - p; /* lowest first */
        st->npools += s == TN_OK;
    }
    if (s == TN_OK)
        *pair = st->free[--st->nfree];
    return s;
}

static void vk_stamp_give(vk_device *d, uint32_t pair)
{
    d->stamps.free[d->stamps.nfree++] = pair;
}

/* Writes the pair's start (which 0: the pair reset first) or end (1) into the frame. */
static void vk_stamp_write(vk_device *d, vk_frame *f, uint32_t pair, int which)
{
    VkQueryPool pool = d->stamps.pools[pair / STAMP_POOL_PAIRS];
    uint32_t query = 2 * (pair % STAMP_POOL_PAIRS);
    if (which == 0)
        d->f.CmdResetQueryPool(f->cmd, pool, query, 2);
    d->f.CmdWriteTimestamp(f->cmd,
                           which == 0 ? VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT : VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool,
                           query + (uint32_t)which);
}

/* A pair's two values, once its frame has run (submitted: this waits for it). */
static tn_status vk_stamp_ticks(vk_device *d, uint32_t pair, uint64_t ticks[2])
{
    return vk_check(d->f.GetQueryPoolResults(d->device, d->stamps.pools[pair / STAMP_POOL_PAIRS],
                                             2 * (pair % STAMP_POOL_PAIRS), 2, 2 * sizeof ticks[0], ticks,
                                             sizeof ticks[0], VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
                    "vkGetQueryPoolResults");
}

void vk_stamps_destroy(vk_device *d)
{
    for (uint32_t i = 0; i < d->stamps.npools; i++)
        d->f.DestroyQueryPool(d->device, d->stamps.pools[i], NULL);
    free(d->stamps.free);
}

/* Waits for a submitted frame; adds its op's device time while timing. */
static tn_status vk_frame_wait(vk_device *d, unsigned i)
{
    vk_frame *f = &d->frames[i];
    if (!f->pending)
        return TN_OK;
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    VkResult r;
    while ((r = d->f.GetFenceStatus(d->device, f->fence)) == VK_NOT_READY && elapsed_ns(&start) < SPIN_NS)
        ;
    if (r == VK_NOT_READY)
        r = d->f.WaitForFences(d->device, 1, &f->fence, VK_TRUE, UINT64_MAX);
    f->pending = false;
    tn_status s = vk_check(r, "vkWaitForFences");
    if (s == TN_OK)
        s = vk_check(d->f.ResetFences(d->device, 1, &f->fence), "vkResetFences");
    if (s == TN_OK && f->timed) {
        uint64_t ticks[2];
        s = vk_stamp_ticks(d, d->timer_pairs[i], ticks);
        if (s == TN_OK && d->timing) {
            d->timed_first = d->timed_any && d->timed_first < ticks[0] ? d->timed_first : ticks[0];
            d->timed_last = d->timed_any && d->timed_last > ticks[1] ? d->timed_last : ticks[1];
            d->timed_any = true;
        }
    }
    f->timed = false;
    return s;
}

/* The frame being recorded; begins the oldest one, once its earlier work is done, if none is. */
tn_status vk_record(vk_device *d, vk_frame **out)
{
    vk_frame *f = &d->frames[d->current];
    *out = f;
    if (d->recording)
        return TN_OK;
    tn_status s = vk_frame_wait(d, d->current);
    if (s == TN_OK)
        s = vk_check(d->f.ResetDescriptorPool(d->device, f->descriptors, 0), "vkResetDescriptorPool");
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    if (s == TN_OK)
        s = vk_check(d->f.BeginCommandBuffer(f->cmd, &begin), "vkBeginCommandBuffer");
    if (s != TN_OK)
        return s;
    vk_work_barrier(d, f); /* what earlier frames wrote, before this one touches it */
    f->staged = 0;
    d->recording = true;
    return TN_OK;
}

/* Submits the frame being recorded, without waiting for it. */
tn_status vk_flush(vk_device *d)
{
    if (!d->recording)
        return TN_OK;
    vk_frame *f = &d->frames[d->current];
    d->recording = false;
    vk_barrier(f->cmd, &d->f, WORK_STAGES, WORK_WRITES, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    tn_status s = vk_check(d->f.EndCommandBuffer(f->cmd), "vkEndCommandBuffer");
    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &f->cmd};
    if (s == TN_OK)
        s = vk_check(d->f.QueueSubmit(d->queue, 1, &submit, f->fence), "vkQueueSubmit");
    if (s == TN_OK) {
        f->pending = true;
        d->current = (d->current + 1) % FRAMES;
    }
    f->timed = f->timed && s == TN_OK;
    return s;
}

/* Submits what is recorded and waits for all of the device's work, oldest first. */
tn_status vk_finish(vk_device *d)
{
    tn_status s = vk_flush(d);
    for (unsigned k = 0; k < FRAMES; k++) {
        tn_status w = vk_frame_wait(d, (d->current + k) % FRAMES);
        s = s == TN_OK ? w : s;
    }
    return s;
}

/* Room for bytes in the recorded frame's staging (a fresh frame when this one is too full). */
tn_status vk_staging_room(vk_device *d, VkDeviceSize bytes, vk_frame **out)
{
    vk_frame *f = NULL;
    tn_status s = vk_record(d, &f);
    if (s == TN_OK && f->staged + bytes > STAGING_BYTES && f->staged > 0 && (s = vk_flush(d)) == TN_OK)
        s = vk_record(d, &f);
    if (s == TN_OK && !f->staging)
        s = vk_buffer_new(d, STAGING_BYTES, true, &f->staging);
    *out = f;
    return s;
}

/* A traced call's pair: taken and started in frame f (which 0), or ended there (1). A call
 * that cannot have one runs untimed (its record keeps the host's times). */
static void vk_trace_stamp(vk_device *d, vk_frame *f, tn_gpu_trace *trace, int which)
{
    if (!trace || !trace->stamp)
        return;
    if (which == 0 && trace->pair == TN_NO_STAMP && vk_stamp_take(d, &trace->pair) != TN_OK) {
        tn_clear_error();
        trace->pair = TN_NO_STAMP;
    }
    if (trace->pair != TN_NO_STAMP)
        vk_stamp_write(d, f, trace->pair, which);
}

/* A traced call that failed gives its pair back. */
tn_status vk_trace_failed(vk_device *d, tn_gpu_trace *trace, tn_status s)
{
    if (s != TN_OK && trace && trace->pair != TN_NO_STAMP) {
        vk_stamp_give(d, trace->pair);
        trace->pair = TN_NO_STAMP;
    }
    return s;
}

/* Copies from the host into b through staging, queued: later work sees it, nothing waits. A
 * traced copy's pair brackets the chunks' copies (from the first frame's to the last one's). */
static tn_status vk_staged_write(vk_device *d, vk_buffer *b, size_t offset, const void *src, size_t bytes,
                                 tn_gpu_trace *trace)
{
    tn_status s = TN_OK;
    for (size_t done = 0; s == TN_OK && done < bytes;) {
        size_t chunk = bytes - done < STAGING_BYTES ? bytes - done : STAGING_BYTES;
        vk_frame *f = NULL;
        if ((s = vk_staging_room(d, chunk, &f)) != TN_OK)
            break;
        memcpy((char *)f->staging->mapped + f->staged, (const char *)src + done, chunk);
        VkBufferCopy region = {.srcOffset = f->staged, .dstOffset = offset + done, .size = chunk};
        vk_work_barrier(d, f); /* after the frame's earlier copies into the same buffer */
        if (done == 0)
            vk_trace_stamp(d, f, trace, 0);
        d->f.CmdCopyBuffer(f->cmd, f->staging->buffer, b->buffer, 1, &region);
        f->staged += chunk;
        done += chunk;
        if (done == bytes)
            vk_trace_stamp(d, f, trace, 1);
    }
    return vk_trace_failed(d, trace, s);
}

/* Copies b's bytes to the host through staging; waits for the device. */
static tn_status vk_staged_read(vk_device *d, vk_buffer *b, size_t offset, void *dst, size_t bytes, tn_gpu_trace *trace)
{
    tn_status s = TN_OK;
    for (size_t done = 0; s == TN_OK && done < bytes;) {
        size_t chunk = bytes - done < STAGING_BYTES ? bytes - done : STAGING_BYTES;
        vk_frame *f = NULL;
        if ((s = vk_staging_room(d, chunk, &f)) != TN_OK)
            break;
        VkDeviceSize at = f->staged;
        VkBufferCopy region = {.srcOffset = offset + done, .dstOffset = at, .size = chunk};
        vk_work_barrier(d, f);
        if (done == 0)
            vk_trace_stamp(d, f, trace, 0);
        d->f.CmdCopyBuffer(f->cmd, b->buffer, f->staging->buffer, 1, &region);
        if (done + chunk == bytes)
            vk_trace_stamp(d, f, trace, 1);
        f->staged += chunk;
        if ((s = vk_finish(d)) == TN_OK)
            memcpy((char *)dst + done, (const char *)f->staging->mapped + at, chunk);
        done += chunk;
    }
    return vk_trace_failed(d, trace, s);
}

/* A copy the host makes itself, in mapped memory: timed by the host's clock. */
static void vk_host_copy(void *to, const void *from, size_t bytes, tn_gpu_trace *trace)
{
    int64_t start = trace ? host_ns() : 0;
    memcpy(to, from, bytes);
    if (trace) {
        trace->host_start = start;
        trace->host_end = host_ns();
    }
}

static tn_status vk_read_locked(vk_device *d, vk_buffer *b, size_t offset, void *dst, size_t bytes, tn_gpu_trace *trace)
{
    if (!b->mapped)
        return vk_staged_read(d, b, offset, dst, bytes, trace);
    tn_status s = vk_finish(d);
    if (s == TN_OK)
        vk_host_copy(dst, (const char *)b->mapped + offset, bytes, trace);
    return s;
}

/* ---- buffers ---- */

tn_status vk_alloc(void *impl, size_t bytes, void **handle)
{
    vk_device *d = impl;
    *handle = NULL;
    /* Shaders see a buffer through one descriptor, whose range the device bounds. */
    if (bytes > d->limits.maxStorageBufferRange)
        return tn_fail(TN_ERR_INVALID_ARGUMENT,
                       "vulkan: a buffer of %zu bytes exceeds this device's maxStorageBufferRange (%u bytes)", bytes,
                       d->limits.maxStorageBufferRange);
    pthread_mutex_lock(&d->lock);
    tn_status s = vk_buffer_new(d, bytes, false, (vk_buffer **)handle);
    pthread_mutex_unlock(&d->lock);
    return s;
}

/* Queued work may still use the buffer: it goes once the device is idle. */
void vk_free(void *impl, void *handle)
{
    vk_device *d = impl;
    pthread_mutex_lock(&d->lock);
    vk_finish(d);
    tn_clear_error();
    vk_buffer_release(d, handle);
    pthread_mutex_unlock(&d->lock);
}

/* Mapped memory is written by the host once queued work is done with it; otherwise the copy
 * is queued behind that work. */
tn_status vk_write(void *impl, void *handle, size_t offset, const void *src, size_t bytes, tn_gpu_trace *trace)
{
    vk_device *d = impl;
    vk_buffer *b = handle;
    pthread_mutex_lock(&d->lock);
    tn_status s = TN_OK;
    if (b->mapped) {
        if ((s = vk_finish(d)) == TN_OK)
            vk_host_copy((char *)b->mapped + offset, src, bytes, trace);
    } else {
        s = vk_staged_write(d, b, offset, src, bytes, trace);
    }
    pthread_mutex_unlock(&d->lock);
    return s;
}

tn_status vk_read(void *impl, void *handle, size_t offset, void *dst, size_t bytes, tn_gpu_trace *trace)
{
    vk_device *d = impl;
    pthread_mutex_lock(&d->lock);
    tn_status s = vk_read_locked(d, handle, offset, dst, bytes, trace);
    pthread_mutex_unlock(&d->lock);
    return s;
}

tn_status vk_sync(void *impl)
{
    vk_device *d = impl;
    pthread_mutex_lock(&d->lock);
    tn_status s = vk_finish(d);
    pthread_mutex_unlock(&d->lock);
    return s;
}

/* While timing, an op's work in frame f is bracketed by the frame's pair of the timer, which
 * vk_frame_wait reads once the frame is done; a traced call's by a pair of its own. */
void vk_time_begin(vk_device *d, vk_frame *f, tn_gpu_trace *trace)
{
    if (d->timing)
        vk_stamp_write(d, f, d->timer_pairs[f - d->frames], 0);
    vk_trace_stamp(d, f, trace, 0);
}

void vk_time_end(vk_device *d, vk_frame *f, tn_gpu_trace *trace)
{
    vk_trace_stamp(d, f, trace, 1);
    if (d->timing) {
        vk_stamp_write(d, f, d->timer_pairs[f - d->frames], 1);
        f->timed = true;
    }
}

/* A device-to-device copy, queued in a frame of its own (timed like an op). */
tn_status vk_copy(void *impl, void *dst, size_t dst_offset, void *src, size_t src_offset, size_t bytes,
                  tn_gpu_trace *trace)
{
    vk_device *d = impl;
    pthread_mutex_lock(&d->lock);
    vk_frame *f = NULL;
    tn_status s = vk_record(d, &f);
    if (s == TN_OK) {
        vk_work_barrier(d, f);
        vk_time_begin(d, f, trace);
        VkBufferCopy region = {src_offset, dst_offset, bytes};
        d->f.CmdCopyBuffer(f->cmd, ((vk_buffer *)src)->buffer, ((vk_buffer *)dst)->buffer, 1, &region);
        vk_time_end(d, f, trace);
        s = vk_trace_failed(d, trace, vk_flush(d));
    }
    pthread_mutex_unlock(&d->lock);
    return s;
}

/* Timing starts after the work queued before it, and stop waits for the work queued since. */
tn_status vk_timer_start(void *impl)
{
    vk_device *d = impl;
    pthread_mutex_lock(&d->lock);
    tn_status s = vk_finish(d);
    for (unsigned i = 0; s == TN_OK && !d->timer_ready && i < FRAMES; i++) /* kept from then on */
        if ((s = vk_stamp_take(d, &d->timer_pairs[i])) == TN_OK)
            d->timer_ready = i + 1 == FRAMES;
    if (s == TN_OK) {
        d->timing = true;
        d->timed_any = false;
    }
    pthread_mutex_unlock(&d->lock);
    return s;
}

tn_status vk_timer_stop(void *impl, double *seconds)
{
    vk_device *d = impl;
    pthread_mutex_lock(&d->lock);
    tn_status s = vk_finish(d);
    *seconds = d->timed_any ? (double)(d->timed_last - d->timed_first) * d->limits.timestampPeriod * 1e-9 : 0;
    d->timing = false;
    pthread_mutex_unlock(&d->lock);
    return s;
}

/* ---- profiled calls' pairs ---- */

/* The offset from the device's ticks to the host's clock: a timestamp written alone in a frame
 * lies between the submission and the fence seen signalled; of five tries, the one with the
 * shortest such window gives its midpoint. Once per device, at the first pair read. */
static tn_status vk_calibrate(vk_device *d)
{
    uint32_t pair = 0;
    tn_status s = vk_finish(d);
    bool taken = s == TN_OK && (s = vk_stamp_take(d, &pair)) == TN_OK;
    double best = -1;
    for (int k = 0; s == TN_OK && k < 5; k++) {
        vk_frame *f = NULL;
        uint64_t ticks[2] = {0, 0};
        if ((s = vk_record(d, &f)) != TN_OK)
            break;
        vk_stamp_write(d, f, pair, 0);
        vk_stamp_write(d, f, pair, 1);
        int64_t before = host_ns();
        s = vk_finish(d);
        int64_t after = host_ns();
        if (s == TN_OK)
            s = vk_stamp_ticks(d, pair, ticks);
        if (s == TN_OK && (best < 0 || (double)(after - before) < best)) {
            best = (double)(after - before);
            d->stamps.offset_ns = 0.5 * (double)(before + after) - (double)ticks[1] * d->limits.timestampPeriod;
        }
    }
    if (taken)
        vk_stamp_give(d, pair);
    d->stamps.calibrated = s == TN_OK;
    return s;
}

/* The pair's frame submitted (it may still be recording copies staged for the next op), then
 * its ticks on the host's clock. */
tn_status vk_stamp_read(void *impl, uint32_t pair, int64_t *start, int64_t *end)
{
    vk_device *d = impl;
    uint64_t ticks[2] = {0, 0};
    pthread_mutex_lock(&d->lock);
    tn_status s = vk_flush(d);
    if (s == TN_OK)
        s = vk_stamp_ticks(d, pair, ticks);
    vk_stamp_give(d, pair);
    if (s == TN_OK && !d->stamps.calibrated)
        s = vk_calibrate(d);
    double period = d->limits.timestampPeriod;
    *start = (int64_t)((double)ticks[0] * period + d->stamps.offset_ns);
    *end = *start + (int64_t)((double)(ticks[1] - ticks[0]) * period);
    pthread_mutex_unlock(&d->lock);
    return s;
}

void vk_stamp_release(void *impl, uint32_t pair)
{
    vk_device *d = impl;
    pthread_mutex_lock(&d->lock);
    vk_stamp_give(d, pair);
    pthread_mutex_unlock(&d->lock);
}

#endif
