/* Profiler records of GPU work: kernels and transfers made while a profiler is attached to the
 * thread, their device times read at the points the sync mode names. */
#include "prof_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Thread_local tn_profiler *prof_attached;

/* Every profiler, so that a device about to close can have its timestamp pairs read first. */
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static tn_profiler *live;

static const char *const direction_names[PROF_DIRECTIONS] = {"HtoD", "DtoH", "DtoD"}; /* ORDER DIRECTION */

const char *prof_direction_name(prof_direction direction)
{
    return (unsigned)direction < PROF_DIRECTIONS ? direction_names[direction] : "transfer";
}

tn_profiler *tn_profiler_attach(tn_profiler *profiler)
{
    tn_profiler *before = prof_attached;
    prof_attached = profiler;
    return before;
}

tn_profiler *tn_profiler_attached(void)
{
    return prof_attached;
}

void prof_live_add(tn_profiler *p)
{
    pthread_mutex_lock(&live_lock);
    p->prev_live = NULL;
    p->next_live = live;
    if (live)
        live->prev_live = p;
    live = p;
    pthread_mutex_unlock(&live_lock);
}

void prof_live_remove(tn_profiler *p)
{
    pthread_mutex_lock(&live_lock);
    if (p->prev_live)
        p->prev_live->next_live = p->next_live;
    else if (live == p)
        live = p->next_live;
    if (p->next_live)
        p->next_live->prev_live = p->prev_live;
    pthread_mutex_unlock(&live_lock);
}

/* ---- stream lanes ---- */

/* Under p's lock: the lane of device's stream, made on first use with its nominal peaks. */
static prof_thread *stream_lane_locked(tn_profiler *p, tn_device *device)
{
    for (int i = 0; i < p->nthreads; i++)
        if (p->threads[i]->stream && p->threads[i]->stream->device == device->serial)
            return p->threads[i];
    prof_stream *stream = calloc(1, sizeof *stream);
    prof_thread *lane = stream ? prof_lane_new_locked(p) : NULL;
    if (!lane) {
        free(stream);
        return NULL;
    }
    stream->device = device->serial;
    snprintf(stream->name, sizeof stream->name, "%s: %s", device->backend->name, device->name);
    if (device->backend->peaks)
        device->backend->peaks(device->impl, &stream->peak_bytes, &stream->peak_flops);
    lane->stream = stream;
    return lane;
}

/* The calling thread's lane for device (cached for the device it used last). */
static bool stream_lane(prof_thread *t, tn_device *device, uint32_t *lane)
{
    if (t->last_device == device->serial) {
        *lane = t->last_lane;
        return true;
    }
    pthread_mutex_lock(&t->prof->lock);
    prof_thread *s = stream_lane_locked(t->prof, device);
    pthread_mutex_unlock(&t->prof->lock);
    if (!s)
        return false;
    t->last_device = device->serial;
    t->last_lane = *lane = s->slot;
    return true;
}

tn_status tn_profiler_set_limits(tn_profiler *profiler, tn_device *device, double bytes_per_second,
                                 double flops_per_second)
{
    static const char fn[] = "tn_profiler_set_limits";
    if (!profiler || !device)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %s is NULL", fn, profiler ? "device" : "profiler");
    if (!(bytes_per_second >= 0) || !(flops_per_second >= 0))
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: limits %g B/s and %g flop/s must be 0 (unknown) or positive", fn,
                       bytes_per_second, flops_per_second);
    pthread_mutex_lock(&profiler->lock);
    prof_thread *lane = stream_lane_locked(profiler, device);
    if (lane) {
        lane->stream->given_bytes = bytes_per_second;
        lane->stream->given_flops = flops_per_second;
    }
    pthread_mutex_unlock(&profiler->lock);
    return lane ? TN_OK : tn_fail(TN_ERR_OUT_OF_MEMORY, "%s: out of memory", fn);
}

/* ---- records ---- */

tn_gpu_trace *prof_gpu_begin(prof_call *pc, tn_device *device)
{
    pc->t = prof_thread_of(prof_attached, "tn_profiler_attach");
    if (!pc->t) {
        tn_clear_error(); /* the GPU call goes on unrecorded */
        return NULL;
    }
    pc->device = device;
    pc->trace = (tn_gpu_trace){.stamp = pc->t->prof->sync != TN_PROF_SYNC_NONE, .pair = TN_NO_STAMP};
    pc->call_start = prof_now(pc->t->prof);
    return &pc->trace;
}

/* A new record at the end of t's list (not yet published). */
static prof_record *record_append(prof_thread *t)
{
    size_t used = t->made % PROF_RCHUNK;
    if (!t->rhead || (used == 0 && t->made > 0)) {
        prof_rchunk *c = malloc(sizeof *c);
        if (!c)
            return NULL;
        atomic_init(&c->next, NULL);
        if (t->rhead)
            atomic_store_explicit(&t->rtail->next, c, memory_order_release);
        else
            t->rhead = t->rcursor = c;
        t->rtail = c;
    }
    return &t->rtail->records[used];
}

static void record_fill(prof_record *r, const prof_call *pc, const tn_op *op, const tn_call *c, prof_direction dir,
                        double bytes)
{
    const tn_gpu_trace *tr = &pc->trace;
    r->op = op;
    r->cuda = pc->device->backend == &tn_cuda_backend;
    r->kind = op ? PROF_KERNEL : PROF_TRANSFER;
    r->direction = (uint8_t)dir;
    r->bytes = op ? op->bytes(c->dim) : bytes;
    r->flops = op ? op->flops(c->dim) : 0;
    r->nstages = tr->nstages <= TN_MAX_STAGES ? tr->nstages : TN_MAX_STAGES;
    memcpy(r->stages, tr->stages, r->nstages * sizeof r->stages[0]);
    r->pair = tr->pair;
    r->device = tr->pair != TN_NO_STAMP ? pc->device : NULL;
    /* Without device time: the host's copy (mapped memory), else the call. */
    const tn_profiler *p = pc->t->prof;
    r->start = tr->host_end ? tr->host_start - p->origin : r->call_start;
    r->end = tr->host_end ? tr->host_end - p->origin : r->call_end;
    r->done = r->pair == TN_NO_STAMP;
}

tn_status prof_gpu_end(prof_call *pc, tn_status s, const tn_op *op, const tn_call *c, prof_direction direction,
                       double bytes)
{
    prof_thread *t = pc->t;
    int64_t call_end = prof_now(t->prof);
    uint32_t lane = 0;
    prof_record *r = s == TN_OK && stream_lane(t, pc->device, &lane) ? record_append(t) : NULL;
    if (!r) { /* failed, or out of memory: nothing recorded, the pair goes back */
        if (pc->trace.pair != TN_NO_STAMP)
            pc->device->backend->stamp_release(pc->device->impl, pc->trace.pair);
        return s;
    }
    uint64_t seq = atomic_load_explicit(&t->started, memory_order_relaxed);
    *r = (prof_record){.seq = seq, .lane = lane, .call_start = pc->call_start, .call_end = call_end};
    r->parent = t->depth ? t->stack[t->depth - 1].seq + 1 : 0;
    record_fill(r, pc, op, c, direction, bytes);
    if (r->device)
        atomic_fetch_add_explicit(&pc->device->stamps, 1, memory_order_relaxed);
    atomic_store_explicit(&t->started, seq + 1, memory_order_release);
    atomic_store_explicit(&t->published, ++t->made, memory_order_release);
    /* Deferred: a thread that queues without end reads its oldest records before they pile up. */
    if (t->made - atomic_load_explicit(&t->resolved, memory_order_relaxed) > PROF_MAX_UNREAD)
        prof_resolve(t);
    return s;
}

/* ---- reading device times ---- */

/* Under t's resolve_lock: record i (i at or past the cursor's chunk). */
static prof_record *record_at(prof_thread *t, size_t i)
{
    while (i >= t->rcursor_base + PROF_RCHUNK) {
        t->rcursor = atomic_load_explicit(&t->rcursor->next, memory_order_acquire);
        t->rcursor_base += PROF_RCHUNK;
    }
    return &t->rcursor->records[i - t->rcursor_base];
}

/* Reads r's pair: the device's start and end, or (when reading fails) the host call's. */
static void record_read(const tn_profiler *p, prof_record *r)
{
    tn_device *d = r->device;
    int64_t start = 0, end = 0;
    if (d->backend->stamp_read(d->impl, r->pair, &start, &end) == TN_OK) {
        r->start = start - p->origin;
        r->end = end - p->origin;
        r->device_time = true;
    } else
        tn_clear_error(); /* a report has nowhere to say it: the record keeps the host's times */
    atomic_fetch_sub_explicit(&d->stamps, 1, memory_order_relaxed);
    r->device = NULL;
    r->pair = TN_NO_STAMP;
    r->done = true;
}

static void resolve_locked(prof_thread *t)
{
    size_t n = atomic_load_explicit(&t->published, memory_order_acquire); /* then rhead and rcursor are set */
    for (size_t i = atomic_load_explicit(&t->resolved, memory_order_relaxed); i < n; i++) {
        prof_record *r = record_at(t, i);
        if (!r->done)
            record_read(t->prof, r);
    }
    atomic_store_explicit(&t->resolved, n, memory_order_relaxed);
}

void prof_resolve(prof_thread *t)
{
    pthread_mutex_lock(&t->resolve_lock);
    resolve_locked(t);
    pthread_mutex_unlock(&t->resolve_lock);
}

void prof_resolve_all_locked(tn_profiler *p)
{
    for (int i = 0; i < p->nthreads; i++)
        prof_resolve(p->threads[i]);
}

void prof_records_release(tn_profiler *p)
{
    for (int s = 0; s < p->nthreads; s++) {
        prof_thread *t = p->threads[s];
        size_t n = atomic_load_explicit(&t->published, memory_order_acquire);
        for (size_t i = atomic_load_explicit(&t->resolved, memory_order_relaxed); t->rhead && i < n; i++) {
            prof_record *r = record_at(t, i);
            if (r->device) {
                r->device->backend->stamp_release(r->device->impl, r->pair);
                atomic_fetch_sub_explicit(&r->device->stamps, 1, memory_order_relaxed);
                r->device = NULL;
            }
        }
    }
}

void prof_device_closing(tn_device *device)
{
    (void)device; /* every unread record is read: those of other devices too, in order */
    pthread_mutex_lock(&live_lock);
    for (tn_profiler *p = live; p; p = p->next_live) {
        pthread_mutex_lock(&p->lock);
        prof_resolve_all_locked(p);
        pthread_mutex_unlock(&p->lock);
    }
    pthread_mutex_unlock(&live_lock);
}

/* ---- test hooks ---- */

tn_status prof_inject_stream(tn_profiler *p, const char *name, double bytes_per_second, double flops_per_second,
                             uint32_t *slot)
{
    pthread_mutex_lock(&p->lock);
    prof_stream *stream = calloc(1, sizeof *stream);
    prof_thread *lane = stream ? prof_lane_new_locked(p) : NULL;
    if (lane) {
        snprintf(stream->name, sizeof stream->name, "%s", name);
        stream->given_bytes = bytes_per_second;
        stream->given_flops = flops_per_second;
        lane->stream = stream;
        *slot = lane->slot;
    } else
        free(stream);
    pthread_mutex_unlock(&p->lock);
    return lane ? TN_OK : tn_fail(TN_ERR_OUT_OF_MEMORY, "prof_inject_stream: out of memory");
}

tn_status prof_inject_record(tn_profiler *p, uint32_t slot, const prof_record *r, tn_prof_node parent,
                             tn_prof_node *id)
{
    uint32_t pslot;
    uint64_t pseq;
    pthread_mutex_lock(&p->lock);
    prof_thread *t = slot < (uint32_t)p->nthreads ? p->threads[slot] : NULL;
    bool lanes_ok = t && t->owner == 0 && !t->stream && r->lane < (uint32_t)p->nthreads && p->threads[r->lane]->stream;
    bool parent_ok = !parent || (prof_node_split(parent, &pslot, &pseq) && pslot == slot &&
                                 pseq < atomic_load_explicit(&t->started, memory_order_relaxed));
    prof_record *n = lanes_ok && parent_ok && r->end >= r->start ? record_append(t) : NULL;
    if (n) {
        uint64_t seq = atomic_load_explicit(&t->started, memory_order_relaxed);
        *n = *r;
        n->seq = seq;
        n->parent = parent ? pseq + 1 : 0;
        n->device = NULL;
        n->pair = TN_NO_STAMP;
        n->device_time = n->done = true;
        atomic_store_explicit(&t->started, seq + 1, memory_order_release);
        atomic_store_explicit(&t->published, ++t->made, memory_order_release);
        atomic_store_explicit(&t->resolved, t->made, memory_order_relaxed);
        if (id)
            *id = prof_node_id(slot, seq);
    }
    pthread_mutex_unlock(&p->lock);
    return n ? TN_OK
             : tn_fail(TN_ERR_INVALID_ARGUMENT, "prof_inject_record: lanes %u and %u, parent %#llx or [%lld, %lld] refused",
                       slot, r->lane, (unsigned long long)parent, (long long)r->start, (long long)r->end);
}
