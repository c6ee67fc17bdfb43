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
    size_t pending;               /* device records whose time is not read yet */
    struct prof_thread *outer;    /* what prof_active_thread gave before this one opened */
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
};

/* prof.c */
const char *prof_brick_name_locked(const tn_profiler *p, int brick);
tn_category prof_brick_category_locked(const tn_profiler *p, int brick);
const char *prof_kind_name(prof_kind kind);
/* A node id from its thread slot and seq, and back. */
tn_prof_node prof_node_id(uint32_t slot, uint64_t seq);
bool prof_node_split(tn_prof_node id, uint32_t *slot, uint64_t *seq);

/* Where device time plugs in. Records of GPU work whose device time is not read yet wait on
 * their thread (pending); the sync mode says at which point they are read. */
typedef enum prof_point { PROF_AT_STOP, PROF_AT_LAYER_END, PROF_AT_REPORT } prof_point;
bool prof_resolves_at(tn_prof_sync sync, prof_point point);
/* The profiler thread in which the calling thread has an interval open (the latest, if in
 * several), NULL when none: GPU calls record their kernels there. */
prof_thread *prof_active_thread(void);

/* Test hooks. The clock every record reads from now on (ns; NULL: the host's); set it before
 * recording. A lane that no thread owns, for nodes with given times; its index in *slot. A
 * closed node on it (parent: an earlier node of the same lane, or 0), its id in *id. */
void prof_set_clock(tn_profiler *p, int64_t (*clock)(void *arg), void *arg);
tn_status prof_inject_lane(tn_profiler *p, uint32_t *slot);
tn_status prof_inject(tn_profiler *p, uint32_t slot, prof_kind kind, int what, tn_prof_node parent, int64_t start,
                      int64_t end, tn_prof_node *id);

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
    int64_t es, slack;             /* earliest start and slack; nested nodes take their activity's */
    bool on_path;                  /* on the reported critical path */
} prof_gnode;

typedef struct prof_bstats {
    uint64_t count;
    int64_t total, self, min, max;
} prof_bstats;

/* A snapshot of a profiler's closed nodes, in start order (parents before children), with its
 * hierarchy, dependencies, critical path and statistics. */
typedef struct prof_graph {
    tn_prof_sync sync;
    prof_gnode *nodes;
    int nnodes, nlanes;     /* lanes: one per recording thread (GPU streams will add theirs) */
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
/* A node's label: its brick's name, "layer N", or its kind. */
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

#endif
