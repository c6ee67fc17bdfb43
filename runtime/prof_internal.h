/* Internal contracts of the profiler: per-thread records, the execution graph, test hooks. */
#ifndef TN_PROF_INTERNAL_H
#define TN_PROF_INTERNAL_H

#include "tn_internal.h"
#include "trueno_profiler.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

enum {
    PROF_CHUNK = 512,           /* closed nodes per chunk of a thread's log */
    PROF_NAME = 64,             /* a registered brick's name, with its NUL */
    PROF_MAX_REGISTERED = 1024, /* bricks a profiler may register */
    PROF_MAX_DEPTH = 256,       /* intervals open at once on one thread */
    PROF_CACHE = 4,             /* profilers a thread finds without the lock */
    PROF_RCHUNK = 256,          /* GPU records per chunk of a thread's records */
    PROF_MAX_UNREAD = 8192,     /* records a thread keeps unread before it reads them (deferred) */
};

/* What a node is. Kernels and transfers are GPU work (recorded by the device layer); scopes and
 * bricks are the program's intervals. */
typedef enum prof_kind { PROF_SCOPE, PROF_BRICK, PROF_KERNEL, PROF_TRANSFER, PROF_KINDS } prof_kind; /* ORDER KIND */

/* One interval. Its recording thread knows it by seq; the parent is the node that was open
 * on that thread when it began. */
typedef struct prof_node {
    uint64_t seq;       /* start order on the recording thread, from 0 */
    uint64_t parent;    /* the parent's seq + 1; 0 at the top */
    int64_t start, end; /* nanoseconds from the profiler's creation */
    uint32_t lane;      /* where it ran: the recording thread's lane for scopes and bricks */
    uint32_t record;    /* kernels and transfers: their record (device, hash, launch shape) */
    int32_t what;       /* a brick's id; a scope's layer */
    uint8_t kind;       /* prof_kind */
} prof_node;

/* Which way a transfer went. */
typedef enum prof_direction { PROF_TO_DEVICE, PROF_TO_HOST, PROF_ON_DEVICE, PROF_DIRECTIONS } prof_direction; /* ORDER DIRECTION */

/* A GPU call's record: a kernel (an op's launch plan) or a transfer, a node of its device's
 * stream lane whose parent is the interval open on its thread when it was made. */
typedef struct prof_record {
    uint64_t seq, parent;          /* as a node's, on the recording thread */
    int64_t start, end;            /* ns from the profiler's creation: the device's, or the host's */
    int64_t call_start, call_end;  /* the host call that made it */
    const tn_op *op;               /* kernels; NULL for transfers */
    tn_device *device;             /* while its timestamp pair is unread */
    double bytes, flops;           /* the work, from the op's spec (transfers: bytes moved) */
    uint32_t lane;                 /* the device's stream lane */
    uint32_t pair;                 /* its timestamp pair, TN_NO_STAMP when none */
    uint8_t kind;                  /* PROF_KERNEL or PROF_TRANSFER */
    uint8_t direction;             /* transfers: prof_direction */
    bool cuda;                     /* the device's backend: CUDA (entries are PTX functions), else Vulkan */
    bool device_time;              /* start and end are the device's */
    bool done;                     /* start and end are known: reports show it */
    unsigned nstages;
    tn_trace_stage stages[TN_MAX_STAGES];
} prof_record;

typedef struct prof_rchunk {
    prof_record records[PROF_RCHUNK];
    _Atomic(struct prof_rchunk *) next;
} prof_rchunk;

/* A device's stream, as a lane: its name and the limits its kernels' roofline is judged by. */
typedef struct prof_stream {
    uint64_t device;               /* the device's serial */
    char name[300];                /* "vulkan: llvmpipe (...)" */
    double peak_bytes, peak_flops; /* nominal, from the device's properties; 0: unknown */
    double given_bytes, given_flops; /* tn_profiler_set_limits; 0: none */
} prof_stream;

/* A thread's closed nodes, in stop order, in chunks that never move: a report reads the first
 * `closed` of them while the thread appends more. */
typedef struct prof_chunk {
    prof_node nodes[PROF_CHUNK];
    _Atomic(struct prof_chunk *) next;
} prof_chunk;

/* One recording thread's state in one profiler. Only its thread touches the stack and the
 * tail; others read `closed` (acquire) and the nodes it covers, and `started`. */
typedef struct prof_thread {
    tn_profiler *prof;
    uint64_t owner; /* the thread's serial; 0 for a lane the test hook fills */
    uint32_t slot;  /* index in the profiler's threads, and its lane */
    prof_node *stack;
    int depth, cap, layer_depth; /* layer_depth: the stack index of the open layer + 1 */
    prof_chunk *head, *tail;
    int tail_used;
    atomic_uint_fast64_t started; /* nodes begun: the next seq */
    atomic_size_t closed;         /* nodes published in the chunks */
    struct prof_thread *outer;    /* what prof_active_thread gave before this one opened */
    /* GPU records made on this thread, in chunks that never move, published like the log. Their
     * device times are read (resolved) under resolve_lock, by the thread or by a report; records
     * before `resolved` are read. */
    prof_rchunk *rhead, *rtail, *rcursor; /* rcursor: the chunk of record `resolved` */
    size_t made, rcursor_base;            /* records appended; rcursor's first index */
    atomic_size_t published, resolved;
    pthread_mutex_t resolve_lock;
    uint64_t last_device; /* the owner's: the device it recorded on last, and its lane */
    uint32_t last_lane;
    prof_stream *stream; /* a device's stream lane (no thread owns it); NULL for threads */
} prof_thread;

typedef struct prof_dep {
    uint64_t before, after; /* tn_prof_node ids */
} prof_dep;

struct tn_profiler {
    uint64_t serial; /* unique in the process: tells a profiler from a freed one at its address */
    tn_prof_sync sync;
    int64_t origin;              /* CLOCK_MONOTONIC at creation, ns */
    int64_t (*clock)(void *arg); /* test hook: replaces the host clock */
    void *clock_arg;
    pthread_mutex_t lock; /* the slow paths: threads, registered bricks, dependencies, reports */
    prof_thread **threads;
    int nthreads, threads_cap;
    atomic_int nbricks; /* built in + registered; names and categories below under the lock */
    char **names;       /* registered bricks' names, each allocated once (stable pointers) */
    tn_category *categories;
    int registered_cap;
    prof_dep *deps;
    size_t ndeps, deps_cap;
    struct tn_profiler *prev_live, *next_live; /* every profiler, for devices that close */
};

/* prof.c */
const char *prof_brick_name_locked(const tn_profiler *p, int brick);
tn_category prof_brick_category_locked(const tn_profiler *p, int brick);
const char *prof_kind_name(prof_kind kind);
/* A node id from its thread slot and seq, and back. */
tn_prof_node prof_node_id(uint32_t slot, uint64_t seq);
bool prof_node_split(tn_prof_node id, uint32_t *slot, uint64_t *seq);

/* Records of GPU work whose device time is not read yet wait on their thread; the sync mode
 * says at which point they are read. */
typedef enum prof_point { PROF_AT_STOP, PROF_AT_LAYER_END, PROF_AT_REPORT } prof_point;
bool prof_resolves_at(tn_prof_sync sync, prof_point point);
/* The profiler thread in which the calling thread has an interval open (the latest, if in
 * several), NULL when none. */
prof_thread *prof_active_thread(void);
/* The calling thread's state in p, created on its first call (NULL: out of memory, said). */
prof_thread *prof_thread_of(tn_profiler *p, const char *fn);
/* Under p's lock: a lane no thread owns (injected lanes, device streams). */
prof_thread *prof_lane_new_locked(tn_profiler *p);
int64_t prof_now(const tn_profiler *p); /* ns from p's creation */
int64_t prof_host_ns(void);             /* CLOCK_MONOTONIC ns */

/* ---- GPU records (prof_gpu.c) ---- */

/* The profiler attached to the calling thread (tn_profiler_attach); NULL: GPU calls record
 * nothing. The GPU call paths test this pointer and nothing else when profiling is off. */
extern _Thread_local tn_profiler *prof_attached;

/* One GPU call being recorded: begin before the backend call, end after it. */
typedef struct prof_call {
    prof_thread *t;
    tn_device *device;
    int64_t call_start;
    tn_gpu_trace trace;
} prof_call;
/* The trace to pass to the backend; NULL (and nothing recorded) when the thread's state cannot
 * be had. */
tn_gpu_trace *prof_gpu_begin(prof_call *pc, tn_device *device);
/* Records the call unless it failed (s); returns s. op: a kernel's, NULL for a transfer. */
tn_status prof_gpu_end(prof_call *pc, tn_status s, const tn_op *op, const tn_call *c, prof_direction direction,
                       double bytes);
/* Reads the device times of t's records not read yet (waiting for their work). */
void prof_resolve(prof_thread *t);
/* Whether t has records not read yet (its owner asks). */
static inline bool prof_unread(const prof_thread *t)
{
    return t->made != atomic_load_explicit(&t->resolved, memory_order_relaxed);
}
/* Under p's lock: every thread's unread records read. */
void prof_resolve_all_locked(tn_profiler *p);
/* p joins, or leaves, the list of profilers a closing device reads its records from. */
void prof_live_add(tn_profiler *p);
void prof_live_remove(tn_profiler *p);
/* Before p's threads are freed: pairs never read go back to their devices. */
void prof_records_release(tn_profiler *p);
/* tn_device_close: every profiler reads its records before the device goes. */
void prof_device_closing(tn_device *device);
/* "HtoD", "DtoH", "DtoD": a transfer node's label. */
const char *prof_direction_name(prof_direction direction);


/* Test hooks. The clock every record reads from now on (ns; NULL: the host's); set it before
 * recording. A lane that no thread owns, for nodes with given times; its index in *slot. A
 * closed node on it (parent: an earlier node of the same lane, or 0), its id in *id. */
void prof_set_clock(tn_profiler *p, int64_t (*clock)(void *arg), void *arg);
tn_status prof_inject_lane(tn_profiler *p, uint32_t *slot);
tn_status prof_inject(tn_profiler *p, uint32_t slot, prof_kind kind, int what, tn_prof_node parent, int64_t start,
                      int64_t end, tn_prof_node *id);
/* A device's stream lane with given limits, no device behind it (prof_gpu.c). A record as if an
 * injected lane had made it, with r's lane (a stream's), kind, op or direction, times (device
 * times), work and stages; its parent an earlier node of that lane, or 0. */
tn_status prof_inject_stream(tn_profiler *p, const char *name, double bytes_per_second, double flops_per_second,
                             uint32_t *slot);
tn_status prof_inject_record(tn_profiler *p, uint32_t slot, const prof_record *r, tn_prof_node parent,
                             tn_prof_node *id);

/* ---- the execution graph (prof_graph.c) ---- */

typedef enum prof_dep_kind { PROF_DEP_SEQUENCE, PROF_DEP_EXPLICIT } prof_dep_kind; /* ORDER DEP */

typedef struct prof_edge {
    int from, to; /* graph nodes */
    prof_dep_kind kind;
} prof_edge;

typedef struct prof_gnode {
    prof_node n;
    tn_prof_node id;
    uint32_t slot;                 /* its recording thread */
    int parent;                    /* the enclosing node (hierarchy), -1 at the top */
    int first_child, next_sibling; /* children in start order; -1 ends */
    int depth;                     /* nesting depth within its lane */
    int activity;                  /* its outermost non-scope node in its lane; -1: none (scopes outside) */
    int64_t self;                  /* bricks: the time not in a nested brick of its lane */
    int64_t device;                /* bricks: the time of the GPU records below it */
    int64_t es, slack;             /* earliest start and slack; nested nodes take their activity's */
    bool on_path;                  /* on the reported critical path */
} prof_gnode;

typedef struct prof_bstats {
    uint64_t count;
    int64_t total, self, min, max, device;
} prof_bstats;

/* A lane as reports show it: a recording thread, or a device's stream with its limits. */
typedef struct prof_lane {
    bool stream;
    char name[300];
    double bytes_per_second, flops_per_second; /* the limits in force; 0: unknown */
    const char *limits;                        /* "given", "nominal", NULL: none */
} prof_lane;

/* A snapshot of a profiler's closed nodes, in start order (parents before children), with its
 * hierarchy, dependencies, critical path and statistics. */
typedef struct prof_graph {
    tn_prof_sync sync;
    prof_gnode *nodes;
    int nnodes, nlanes;     /* lanes: one per recording thread, one per device stream */
    prof_lane *lanes;
    prof_record *records; /* kernel and transfer nodes' records (prof_node.record indexes them) */
    int nrecords;
    prof_edge *hier, *deps; /* hierarchy (parent to child) and dependencies, apart */
    int nhier, ndeps;
    int *path; /* the critical path, activity by activity */
    int npath;
    int64_t length;     /* the critical path's length */
    int64_t begin, end; /* first start, last end */
    int nbricks;        /* built in + registered at the snapshot */
    const char **names; /* per brick id */
    tn_category *categories;
    prof_bstats *stats; /* per brick id */
    int64_t category_self[TN_CATEGORY_COUNT];
    int64_t category_device[TN_CATEGORY_COUNT]; /* GPU records by the category of their innermost brick */
    /* Finding a node by id: where[base[slot] + seq] is its index, -1 when it was open. */
    int nslots; /* recording threads and injected lanes */
    size_t *base;
    int *where;
    size_t nwhere;
    prof_dep *explicit_deps; /* tn_profiler_depend's, as given */
    size_t nexplicit;
} prof_graph;

/* Snapshot, hierarchy, self times and statistics; then dependencies and CPM (fails on a cycle). */
tn_status prof_graph_build(tn_profiler *p, prof_graph *g, const char *fn);
tn_status prof_graph_cpm(prof_graph *g, const char *fn);
void prof_graph_free(prof_graph *g);
int prof_graph_find(const prof_graph *g, tn_prof_node id); /* -1 when absent */
/* A node's label: its brick's name, "layer N", a kernel's op, a transfer's direction. */
const char *prof_graph_label(const prof_graph *g, int v, char *buf, size_t len);

/* ---- exports (prof_export.c, prof_text.c, prof_svg.c) ---- */

tn_status prof_write_tree(const prof_graph *g, FILE *f);
tn_status prof_write_dot(const prof_graph *g, FILE *f);
tn_status prof_write_chrome(const prof_graph *g, FILE *f);
tn_status prof_write_json(const prof_graph *g, FILE *f);
tn_status prof_write_svg(const prof_graph *g, FILE *f);
/* "12.345": ns as milliseconds, rounded to the microsecond. */
const char *prof_ms(int64_t ns, char buf[32]);
/* s between quotes, escaped for JSON (names are printable ASCII). */
void prof_json_string(FILE *f, const char *s);

/* ---- reports of GPU records (prof_records.c) ---- */

/* A kernel's stage k: its entry point, and the hash and registry row of its module (NULL when
 * the registry lacks it). */
const char *prof_stage_entry(const prof_record *r, unsigned k);
uint64_t prof_stage_hash(const prof_record *r, unsigned k);
/* The time the lane's limits allow for the work (ns; 0 when no limit applies: unknown limits,
 * or a transfer to or from the host), and which limit binds ("memory", "compute"). */
double prof_bound_ns(const prof_graph *g, uint32_t lane, const prof_record *r, double bytes, double flops,
                     const char **limit);
/* The table of GPU work per lane and kernel (the text tree's), nothing when there is none. */
void prof_write_kernel_table(const prof_graph *g, FILE *f);
/* JSON: a kernel or transfer node's "record" member, and the "kernels" summary. */
void prof_json_record(const prof_graph *g, int v, FILE *f);
void prof_json_kernels(const prof_graph *g, FILE *f);
/* Chrome trace: a record's members of its event's args. */
void prof_chrome_record_args(const prof_graph *g, int v, FILE *f);
/* A lane's label: "thread 2", "vulkan stream"; buf holds it. */
const char *prof_lane_label(const prof_graph *g, int lane, char *buf, size_t len);

#endif
