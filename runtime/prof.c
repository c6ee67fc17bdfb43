/* Profiler recording: bricks and layers on per-thread stacks, closed intervals in per-thread logs. */
#define _POSIX_C_SOURCE 200809L
#include "prof_internal.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ORDER BRICK (trueno_profiler.h) */
static const struct {
    const char *name;
    tn_category category;
} builtin_bricks[TN_BRICK_BUILTIN_COUNT] = {
    {"RmsNorm", TN_CATEGORY_NORM},
    {"LayerNorm", TN_CATEGORY_NORM},
    {"QkvProjection", TN_CATEGORY_ATTENTION},
    {"RopeEmbedding", TN_CATEGORY_ATTENTION},
    {"AttentionScore", TN_CATEGORY_ATTENTION},
    {"AttentionSoftmax", TN_CATEGORY_ATTENTION},
    {"AttentionOutput", TN_CATEGORY_ATTENTION},
    {"OutputProjection", TN_CATEGORY_ATTENTION},
    {"GateProjection", TN_CATEGORY_FFN},
    {"UpProjection", TN_CATEGORY_FFN},
    {"Activation", TN_CATEGORY_FFN},
    {"DownProjection", TN_CATEGORY_FFN},
    {"Embedding", TN_CATEGORY_OTHER},
    {"LmHead", TN_CATEGORY_OTHER},
    {"Sampling", TN_CATEGORY_OTHER},
};

static const char *const category_names[TN_CATEGORY_COUNT] = {"Norm", "Attention", "FFN", "Other"}; /* ORDER CATEGORY */
static const char *const sync_names[] = {"none", "immediate", "per-layer", "deferred"};             /* ORDER SYNC */
static const char *const kind_names[PROF_KINDS] = {"scope", "brick", "kernel", "transfer"};         /* ORDER KIND */

/* When each sync mode reads pending device times. ORDER SYNC, then ORDER prof_point. */
static const bool resolves_at[][3] = {
    {false, false, false}, /* none: never (GPU records carry no device time) */
    {true, true, true},    /* immediate: at each stop, and whatever is left later */
    {false, true, true},   /* per-layer: at each layer's end, and at the report */
    {false, false, true},  /* deferred: at the report */
};

/* Serial numbers for profilers and threads, unique in the process. */
static atomic_uint_fast64_t prof_serials = 1;

/* The calling thread: its serial, the profilers it found last, the one it has an interval open in. */
static _Thread_local uint64_t prof_self;
static _Thread_local struct {
    const tn_profiler *p;
    uint64_t serial;
    prof_thread *t;
} prof_cache[PROF_CACHE];
static _Thread_local unsigned prof_cache_next;
static _Thread_local prof_thread *prof_active;

enum { SLOT_BITS = 24, SEQ_BITS = 40 };

tn_prof_node prof_node_id(uint32_t slot, uint64_t seq)
{
    return ((uint64_t)(slot + 1) << SEQ_BITS) | seq;
}

bool prof_node_split(tn_prof_node id, uint32_t *slot, uint64_t *seq)
{
    if (id >> SEQ_BITS == 0)
        return false;
    *slot = (uint32_t)(id >> SEQ_BITS) - 1;
    *seq = id & (((uint64_t)1 << SEQ_BITS) - 1);
    return true;
}

const char *tn_prof_sync_name(tn_prof_sync sync)
{
    return (unsigned)sync <= TN_PROF_SYNC_DEFERRED ? sync_names[sync] : "unknown";
}

const char *tn_category_name(tn_category category)
{
    return (unsigned)category < TN_CATEGORY_COUNT ? category_names[category] : "unknown";
}

const char *prof_kind_name(prof_kind kind)
{
    return (unsigned)kind < PROF_KINDS ? kind_names[kind] : "unknown";
}

bool prof_resolves_at(tn_prof_sync sync, prof_point point)
{
    return (unsigned)sync <= TN_PROF_SYNC_DEFERRED && (unsigned)point <= PROF_AT_REPORT && resolves_at[sync][point];
}

prof_thread *prof_active_thread(void)
{
    return prof_active;
}

int64_t prof_host_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static inline int64_t now(const tn_profiler *p)
{
    return p->clock ? p->clock(p->clock_arg) : prof_host_ns() - p->origin;
}

int64_t prof_now(const tn_profiler *p)
{
    return now(p);
}

/* ---- profilers and bricks ---- */

tn_status tn_profiler_create(tn_prof_sync sync, tn_profiler **profiler)
{
    if (!profiler)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_profiler_create: profiler is NULL");
    *profiler = NULL;
    if ((unsigned)sync > TN_PROF_SYNC_DEFERRED)
        return tn_fail(TN_ERR_INVALID_ARGUMENT,
                       "tn_profiler_create: %d is not a sync mode (0 none, 1 immediate, 2 per-layer, 3 deferred)",
                       (int)sync);
    tn_profiler *p = calloc(1, sizeof *p);
    if (!p || pthread_mutex_init(&p->lock, NULL) != 0) {
        free(p);
        return tn_fail(TN_ERR_OUT_OF_MEMORY, "tn_profiler_create: out of memory");
    }
    p->serial = atomic_fetch_add(&prof_serials, 1);
    p->sync = sync;
    p->origin = prof_host_ns();
    atomic_init(&p->nbricks, TN_BRICK_BUILTIN_COUNT);
    prof_live_add(p);
    *profiler = p;
    return TN_OK;
}

static void thread_free(prof_thread *t)
{
    for (prof_chunk *c = t->head, *next; c; c = next) {
        next = atomic_load_explicit(&c->next, memory_order_relaxed);
        free(c);
    }
    for (prof_rchunk *c = t->rhead, *next; c; c = next) {
        next = atomic_load_explicit(&c->next, memory_order_relaxed);
        free(c);
    }
    pthread_mutex_destroy(&t->resolve_lock);
    free(t->stream);
    free(t->stack);
    free(t);
}

void tn_profiler_destroy(tn_profiler *profiler)
{
    if (!profiler)
        return;
    while (prof_active && prof_active->prof == profiler)
        prof_active = prof_active->outer;
    if (prof_attached == profiler)
        prof_attached = NULL;
    prof_live_remove(profiler);
    prof_records_release(profiler);
    for (int i = 0; i < profiler->nthreads; i++)
        thread_free(profiler->threads[i]);
    for (int i = 0; i < atomic_load(&profiler->nbricks) - TN_BRICK_BUILTIN_COUNT; i++)
        free(profiler->names[i]);
    free(profiler->threads);
    free(profiler->names);
    free(profiler->categories);
    free(profiler->deps);
    pthread_mutex_destroy(&profiler->lock);
    free(profiler);
}

tn_prof_sync tn_profiler_sync_mode(const tn_profiler *profiler)
{
    return profiler ? profiler->sync : TN_PROF_SYNC_NONE;
}

int tn_profiler_brick_count(tn_profiler *profiler)
{
    return profiler ? atomic_load(&profiler->nbricks) : TN_BRICK_BUILTIN_COUNT;
}

const char *prof_brick_name_locked(const tn_profiler *p, int brick)
{
    if (brick >= 0 && brick < TN_BRICK_BUILTIN_COUNT)
        return builtin_bricks[brick].name;
    if (brick >= 0 && brick < atomic_load(&p->nbricks))
        return p->names[brick - TN_BRICK_BUILTIN_COUNT];
    return NULL;
}

tn_category prof_brick_category_locked(const tn_profiler *p, int brick)
{
    if (brick >= 0 && brick < TN_BRICK_BUILTIN_COUNT)
        return builtin_bricks[brick].category;
    if (brick >= 0 && brick < atomic_load(&p->nbricks))
        return p->categories[brick - TN_BRICK_BUILTIN_COUNT];
    return TN_CATEGORY_OTHER;
}

/* A brick's name for a message ("RmsNorm", "brick 97"); buf holds it when it is not a name. */
static const char *brick_label(tn_profiler *p, int brick, char *buf, size_t len)
{
    pthread_mutex_lock(&p->lock);
    const char *name = prof_brick_name_locked(p, brick);
    if (name)
        snprintf(buf, len, "%s", name);
    else
        snprintf(buf, len, "brick %d", brick);
    pthread_mutex_unlock(&p->lock);
    return buf;
}

static tn_status check_brick_name(const char *fn, const char *name)
{
    size_t len = strnlen(name, PROF_NAME);
    if (len == 0 || len == PROF_NAME)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: '%.63s%s' is not 1 to %d characters long", fn, name,
                       len ? "..." : "", PROF_NAME - 1);
    for (size_t i = 0; i < len; i++)
        if (name[i] < 0x20 || name[i] > 0x7e)
            return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: brick name with byte 0x%02x at %zu: printable ASCII only", fn,
                           (unsigned char)name[i], i);
    for (int b = 0; b < TN_BRICK_BUILTIN_COUNT; b++)
        if (strcmp(name, builtin_bricks[b].name) == 0)
            return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: '%s' is a built-in brick (id %d)", fn, name, b);
    return TN_OK;
}

/* Under the lock: a new registered brick. */
static tn_status add_brick(tn_profiler *p, const char *name, tn_category category, int *brick)
{
    static const char fn[] = "tn_profiler_register_brick";
    int r = atomic_load(&p->nbricks) - TN_BRICK_BUILTIN_COUNT;
    if (r == PROF_MAX_REGISTERED)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: '%s' refused: %d bricks are registered already", fn, name, r);
    if (r == p->registered_cap) {
        int cap = r ? 2 * r : 16;
        char **names = realloc(p->names, cap * sizeof *names);
        if (names)
            p->names = names;
        tn_category *categories = names ? realloc(p->categories, cap * sizeof *categories) : NULL;
        if (!categories)
            return tn_fail(TN_ERR_OUT_OF_MEMORY, "%s: out of memory registering '%s'", fn, name);
        p->categories = categories;
        p->registered_cap = cap;
    }
    if (!(p->names[r] = strdup(name)))
        return tn_fail(TN_ERR_OUT_OF_MEMORY, "%s: out of memory registering '%s'", fn, name);
    p->categories[r] = category;
    *brick = TN_BRICK_BUILTIN_COUNT + r;
    atomic_store(&p->nbricks, *brick + 1);
    return TN_OK;
}

tn_status tn_profiler_register_brick(tn_profiler *profiler, const char *name, tn_category category, int *brick)
{
    static const char fn[] = "tn_profiler_register_brick";
    if (!profiler || !name || !brick)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %s is NULL", fn,
                       !profiler ? "profiler"
                       : !name   ? "name"
                                 : "brick");
    *brick = -1;
    if ((unsigned)category >= TN_CATEGORY_COUNT)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %d is not a category (0 Norm, 1 Attention, 2 FFN, 3 Other)", fn,
                       (int)category);
    tn_status s = check_brick_name(fn, name);
    if (s != TN_OK)
        return s;
    pthread_mutex_lock(&profiler->lock);
    int n = atomic_load(&profiler->nbricks) - TN_BRICK_BUILTIN_COUNT, found = -1;
    for (int r = 0; r < n && found < 0; r++)
        if (strcmp(profiler->names[r], name) == 0)
            found = r;
    if (found < 0)
        s = add_brick(profiler, name, category, brick);
    else if (profiler->categories[found] == category)
        *brick = TN_BRICK_BUILTIN_COUNT + found;
    else
        s = tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: '%s' is registered as %s, not %s", fn, name,
                    category_names[profiler->categories[found]], category_names[category]);
    pthread_mutex_unlock(&profiler->lock);
    return s;
}

/* ---- threads ---- */

/* Under the lock: the state of a thread (owner: its serial; 0 for an injected lane). */
static prof_thread *thread_new(tn_profiler *p, uint64_t owner)
{
    if (p->nthreads == (1 << SLOT_BITS) - 1)
        return NULL;
    if (p->nthreads == p->threads_cap) {
        int cap = p->threads_cap ? 2 * p->threads_cap : 8;
        prof_thread **threads = realloc(p->threads, cap * sizeof *threads);
        if (!threads)
            return NULL;
        p->threads = threads;
        p->threads_cap = cap;
    }
    prof_thread *t = calloc(1, sizeof *t);
    if (t && (!(t->head = calloc(1, sizeof *t->head)) || pthread_mutex_init(&t->resolve_lock, NULL) != 0)) {
        free(t->head);
        free(t);
        t = NULL;
    }
    if (!t)
        return NULL;
    t->prof = p;
    t->owner = owner;
    t->slot = (uint32_t)p->nthreads;
    t->tail = t->head;
    atomic_init(&t->started, 0);
    atomic_init(&t->closed, 0);
    atomic_init(&t->published, 0);
    atomic_init(&t->resolved, 0);
    p->threads[p->nthreads++] = t;
    return t;
}

prof_thread *prof_lane_new_locked(tn_profiler *p)
{
    return thread_new(p, 0);
}

/* The calling thread's state in p through the lock; created when `create` (else NULL if none). */
static prof_thread *thread_find(tn_profiler *p, bool create, const char *fn)
{
    if (!prof_self)
        prof_self = atomic_fetch_add(&prof_serials, 1);
    prof_thread *t = NULL;
    pthread_mutex_lock(&p->lock);
    for (int i = 0; i < p->nthreads && !t; i++)
        if (p->threads[i]->owner == prof_self)
            t = p->threads[i];
    if (!t && create && !(t = thread_new(p, prof_self)))
        tn_fail(TN_ERR_OUT_OF_MEMORY, "%s: out of memory (or %d threads recorded already)", fn, p->nthreads);
    pthread_mutex_unlock(&p->lock);
    if (t) {
        unsigned i = prof_cache_next++ % PROF_CACHE;
        prof_cache[i].p = p;
        prof_cache[i].serial = p->serial;
        prof_cache[i].t = t;
    }
    return t;
}

static inline prof_thread *thread_get(tn_profiler *p, bool create, const char *fn)
{
    for (int i = 0; i < PROF_CACHE; i++)
        if (prof_cache[i].p == p && prof_cache[i].serial == p->serial)
            return prof_cache[i].t;
    return thread_find(p, create, fn);
}

prof_thread *prof_thread_of(tn_profiler *p, const char *fn)
{
    return thread_get(p, true, fn);
}

/* ---- intervals ---- */

/* Appends a closed node to t's log and publishes it. Only t's owner (or the test hook, under
 * the lock, on a lane no thread owns) appends. */
static bool log_append(prof_thread *t, const prof_node *n)
{
    if (t->tail_used == PROF_CHUNK) {
        prof_chunk *c = malloc(sizeof *c);
        if (!c)
            return false;
        atomic_init(&c->next, NULL);
        atomic_store_explicit(&t->tail->next, c, memory_order_release);
        t->tail = c;
        t->tail_used = 0;
    }
    t->tail->nodes[t->tail_used++] = *n;
    size_t closed = atomic_load_explicit(&t->closed, memory_order_relaxed);
    atomic_store_explicit(&t->closed, closed + 1, memory_order_release);
    return true;
}

static tn_status stack_grow(prof_thread *t, const char *fn)
{
    if (t->cap == PROF_MAX_DEPTH)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: more than %d intervals open on this thread", fn, PROF_MAX_DEPTH);
    int cap = t->cap ? 2 * t->cap : 16;
    prof_node *stack = realloc(t->stack, cap * sizeof *stack);
    if (!stack)
        return tn_fail(TN_ERR_OUT_OF_MEMORY, "%s: out of memory", fn);
    t->stack = stack;
    t->cap = cap;
    return TN_OK;
}

/* Pushes a node that begins now (the clock read last, so that the interval leaves this out). */
static tn_status node_open(prof_thread *t, prof_kind kind, int what, const char *fn)
{
    if (t->depth == t->cap) {
        tn_status s = stack_grow(t, fn);
        if (s != TN_OK)
            return s;
    }
    prof_node *n = &t->stack[t->depth];
    uint64_t seq = atomic_load_explicit(&t->started, memory_order_relaxed);
    *n = (prof_node){.seq = seq, .lane = t->slot, .what = what, .kind = (uint8_t)kind};
    n->parent = t->depth ? t->stack[t->depth - 1].seq + 1 : 0;
    atomic_store_explicit(&t->started, seq + 1, memory_order_release);
    if (t->depth++ == 0) {
        t->outer = prof_active;
        prof_active = t;
    }
    n->start = now(t->prof);
    return TN_OK;
}

/* Pops the innermost node, ending at `end`, into the log. */
static tn_status node_close(prof_thread *t, int64_t end, const char *fn)
{
    prof_node *n = &t->stack[--t->depth];
    n->end = end;
    if (t->depth == 0 && prof_active == t)
        prof_active = t->outer;
    if (!log_append(t, n))
        return tn_fail(TN_ERR_OUT_OF_MEMORY, "%s: out of memory (the interval is lost)", fn);
    return TN_OK;
}

static tn_status bad_brick(tn_profiler *p, const char *fn, int brick)
{
    return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %d is not a brick id (0 to %d: %d built in, %d registered)", fn, brick,
                   atomic_load(&p->nbricks) - 1, TN_BRICK_BUILTIN_COUNT,
                   atomic_load(&p->nbricks) - TN_BRICK_BUILTIN_COUNT);
}

tn_status tn_profiler_start(tn_profiler *profiler, int brick)
{
    static const char fn[] = "tn_profiler_start";
    if (!profiler)
        return TN_OK;
    if (brick < 0 || brick >= atomic_load_explicit(&profiler->nbricks, memory_order_relaxed))
        return bad_brick(profiler, fn, brick);
    prof_thread *t = thread_get(profiler, true, fn);
    return t ? node_open(t, PROF_BRICK, brick, fn) : TN_ERR_OUT_OF_MEMORY;
}

/* Why stop(brick) does not match the innermost open interval. */
static tn_status stop_refused(tn_profiler *p, const prof_thread *t, int brick)
{
    static const char fn[] = "tn_profiler_stop";
    char want[80], open[80];
    brick_label(p, brick, want, sizeof want);
    if (!t || t->depth == 0)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: no brick is open on this thread (stopping %s)", fn, want);
    const prof_node *top = &t->stack[t->depth - 1];
    if (top->kind == PROF_SCOPE)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %s is not open inside layer %d, the innermost interval", fn, want,
                       top->what);
    return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %s is not the innermost open brick on this thread (%s is)", fn, want,
                   brick_label(p, top->what, open, sizeof open));
}

tn_status tn_profiler_stop(tn_profiler *profiler, int brick)
{
    static const char fn[] = "tn_profiler_stop";
    if (!profiler)
        return TN_OK;
    int64_t end = now(profiler);
    prof_thread *t = thread_get(profiler, false, fn);
    if (!t || t->depth == 0 || t->stack[t->depth - 1].kind != PROF_BRICK || t->stack[t->depth - 1].what != brick)
        return stop_refused(profiler, t, brick);
    /* Immediate: the brick ends once the GPU work recorded in it has ended and been read. */
    if (prof_unread(t) && prof_resolves_at(profiler->sync, PROF_AT_STOP)) {
        prof_resolve(t);
        end = now(profiler);
    }
    return node_close(t, end, fn);
}

tn_status tn_profiler_layer_begin(tn_profiler *profiler, int layer)
{
    static const char fn[] = "tn_profiler_layer_begin";
    if (!profiler)
        return TN_OK;
    if (layer < 0)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: layer %d is negative", fn, layer);
    prof_thread *t = thread_get(profiler, true, fn);
    if (!t)
        return TN_ERR_OUT_OF_MEMORY;
    if (t->layer_depth)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: layer %d begins while layer %d is open on this thread", fn, layer,
                       t->stack[t->layer_depth - 1].what);
    tn_status s = node_open(t, PROF_SCOPE, layer, fn);
    if (s == TN_OK)
        t->layer_depth = t->depth;
    return s;
}

tn_status tn_profiler_layer_end(tn_profiler *profiler)
{
    static const char fn[] = "tn_profiler_layer_end";
    if (!profiler)
        return TN_OK;
    int64_t end = now(profiler);
    prof_thread *t = thread_get(profiler, false, fn);
    if (!t || !t->layer_depth)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: no layer is open on this thread", fn);
    if (t->depth != t->layer_depth) {
        char open[80];
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: brick %s is still open in layer %d", fn,
                       brick_label(profiler, t->stack[t->depth - 1].what, open, sizeof open),
                       t->stack[t->layer_depth - 1].what);
    }
    t->layer_depth = 0;
    /* Per layer: the layer ends once the GPU work recorded in it has ended and been read. */
    if (prof_unread(t) && prof_resolves_at(profiler->sync, PROF_AT_LAYER_END)) {
        prof_resolve(t);
        end = now(profiler);
    }
    return node_close(t, end, fn);
}

tn_prof_node tn_profiler_current(tn_profiler *profiler)
{
    prof_thread *t = profiler ? thread_get(profiler, false, "tn_profiler_current") : NULL;
    for (int i = t ? t->depth - 1 : -1; i >= 0; i--)
        if (t->stack[i].kind == PROF_BRICK)
            return prof_node_id(t->slot, t->stack[i].seq);
    return 0;
}

/* Under the lock: whether id names a node begun in p. */
static bool node_known(const tn_profiler *p, tn_prof_node id)
{
    uint32_t slot;
    uint64_t seq;
    return prof_node_split(id, &slot, &seq) && slot < (uint32_t)p->nthreads &&
           seq < atomic_load_explicit(&p->threads[slot]->started, memory_order_acquire);
}

tn_status tn_profiler_depend(tn_profiler *profiler, tn_prof_node before, tn_prof_node after)
{
    static const char fn[] = "tn_profiler_depend";
    if (!profiler)
        return TN_OK;
    if (before == after)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: node %#llx cannot depend on itself", fn,
                       (unsigned long long)before);
    tn_status s = TN_OK;
    pthread_mutex_lock(&profiler->lock);
    if (!node_known(profiler, before) || !node_known(profiler, after))
        s = tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %s %#llx is not a node of this profiler", fn,
                    node_known(profiler, before) ? "after" : "before",
                    (unsigned long long)(node_known(profiler, before) ? after : before));
    else if (profiler->ndeps == profiler->deps_cap) {
        size_t cap = profiler->deps_cap ? 2 * profiler->deps_cap : 64;
        prof_dep *deps = realloc(profiler->deps, cap * sizeof *deps);
        if (deps) {
            profiler->deps = deps;
            profiler->deps_cap = cap;
        } else
            s = tn_fail(TN_ERR_OUT_OF_MEMORY, "%s: out of memory", fn);
    }
    if (s == TN_OK)
        profiler->deps[profiler->ndeps++] = (prof_dep){before, after};
    pthread_mutex_unlock(&profiler->lock);
    return s;
}

/* ---- test hooks ---- */

void prof_set_clock(tn_profiler *p, int64_t (*clock)(void *arg), void *arg)
{
    p->clock = clock;
    p->clock_arg = arg;
}

tn_status prof_inject_lane(tn_profiler *p, uint32_t *slot)
{
    pthread_mutex_lock(&p->lock);
    prof_thread *t = thread_new(p, 0);
    if (t)
        *slot = t->slot;
    pthread_mutex_unlock(&p->lock);
    return t ? TN_OK : tn_fail(TN_ERR_OUT_OF_MEMORY, "prof_inject_lane: out of memory");
}

/* Under the lock: why an injected node is refused, or TN_OK. */
static tn_status inject_check(const tn_profiler *p, uint32_t slot, prof_kind kind, tn_prof_node parent, int64_t start,
                              int64_t end)
{
    uint32_t pslot;
    uint64_t pseq;
    if (slot >= (uint32_t)p->nthreads || p->threads[slot]->owner != 0 || p->threads[slot]->stream)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "prof_inject: %u is not an injected lane", slot);
    if ((unsigned)kind >= PROF_KINDS)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "prof_inject: %d is not a node kind", (int)kind);
    if (end < start || start < 0)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "prof_inject: [%lld, %lld] is not an interval", (long long)start,
                       (long long)end);
    if (parent && (!node_known(p, parent) || !prof_node_split(parent, &pslot, &pseq) || pslot != slot))
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "prof_inject: parent %#llx is not a node of lane %u",
                       (unsigned long long)parent, slot);
    return TN_OK;
}

tn_status prof_inject(tn_profiler *p, uint32_t slot, prof_kind kind, int what, tn_prof_node parent, int64_t start,
                      int64_t end, tn_prof_node *id)
{
    pthread_mutex_lock(&p->lock);
    tn_status s = inject_check(p, slot, kind, parent, start, end);
    if (s == TN_OK) {
        prof_thread *t = p->threads[slot];
        uint64_t seq = atomic_load(&t->started);
        prof_node n = {.seq = seq, .start = start, .end = end, .lane = slot, .what = what, .kind = (uint8_t)kind};
        n.parent = parent ? (parent & (((uint64_t)1 << SEQ_BITS) - 1)) + 1 : 0;
        atomic_store(&t->started, seq + 1);
        if (!log_append(t, &n))
            s = tn_fail(TN_ERR_OUT_OF_MEMORY, "prof_inject: out of memory");
        else if (id)
            *id = prof_node_id(slot, seq);
    }
    pthread_mutex_unlock(&p->lock);
    return s;
}
