/* trueno profiler: bricks and layers timed per thread, an execution graph with its critical
 * path, and exports (text tree, DOT, Chrome trace JSON, SVG timeline, JSON). docs/PROFILER.md. */
#ifndef TRUENO_PROFILER_H
#define TRUENO_PROFILER_H

#include "trueno.h"

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tn_profiler tn_profiler;

/* When the device times of GPU records are read (CUDA events, Vulkan timestamp queries). Bricks
 * and layers are timed by the host clock (CLOCK_MONOTONIC) in every mode. */
typedef enum tn_prof_sync {
    TN_PROF_SYNC_NONE,      /* no device time: GPU records carry the host call's times; nothing waits */
    TN_PROF_SYNC_IMMEDIATE, /* at each brick's stop, which waits for the GPU work recorded in it */
    TN_PROF_SYNC_PER_LAYER, /* at each layer's end, which waits for the layer's GPU work */
    TN_PROF_SYNC_DEFERRED,  /* when a report is made: nothing waits before */
} tn_prof_sync;             /* ORDER SYNC (prof.c: sync_names, resolves_at) */

typedef enum tn_category {
    TN_CATEGORY_NORM,
    TN_CATEGORY_ATTENTION,
    TN_CATEGORY_FFN,
    TN_CATEGORY_OTHER,
    TN_CATEGORY_COUNT,
} tn_category; /* ORDER CATEGORY (prof.c: category_names) */

/* The built-in bricks (their category in the comment). Ids a program registers follow them. */
typedef enum tn_brick {
    TN_BRICK_RMS_NORM,          /* Norm */
    TN_BRICK_LAYER_NORM,        /* Norm */
    TN_BRICK_QKV_PROJECTION,    /* Attention */
    TN_BRICK_ROPE_EMBEDDING,    /* Attention */
    TN_BRICK_ATTENTION_SCORE,   /* Attention */
    TN_BRICK_ATTENTION_SOFTMAX, /* Attention */
    TN_BRICK_ATTENTION_OUTPUT,  /* Attention */
    TN_BRICK_OUTPUT_PROJECTION, /* Attention */
    TN_BRICK_GATE_PROJECTION,   /* FFN */
    TN_BRICK_UP_PROJECTION,     /* FFN */
    TN_BRICK_ACTIVATION,        /* FFN */
    TN_BRICK_DOWN_PROJECTION,   /* FFN */
    TN_BRICK_EMBEDDING,         /* Other */
    TN_BRICK_LM_HEAD,           /* Other */
    TN_BRICK_SAMPLING,          /* Other */
    TN_BRICK_BUILTIN_COUNT,     /* the first id tn_profiler_register_brick gives */
} tn_brick;                     /* ORDER BRICK (prof.c: builtin_bricks) */

/* A recorded interval, for tn_profiler_depend; 0 is none. */
typedef uint64_t tn_prof_node;

tn_status tn_profiler_create(tn_prof_sync sync, tn_profiler **profiler);
/* Call once no thread records into the profiler any more. */
void tn_profiler_destroy(tn_profiler *profiler);
tn_prof_sync tn_profiler_sync_mode(const tn_profiler *profiler);
const char *tn_prof_sync_name(tn_prof_sync sync);   /* "none", "immediate", "per-layer", "deferred" */
const char *tn_category_name(tn_category category); /* "Norm", "Attention", "FFN", "Other" */

/* A brick of the program's own (1 to 63 printable ASCII characters): its id in *brick. The same
 * name again gives the same id; with another category, or a built-in brick's name, it is refused. */
tn_status tn_profiler_register_brick(tn_profiler *profiler, const char *name, tn_category category, int *brick);
/* Brick ids run from 0 to this count - 1 (built-in and registered). */
int tn_profiler_brick_count(tn_profiler *profiler);

/* ---- recording ----
 * Each thread keeps its own stack of open intervals: a brick stops on the thread it started on,
 * innermost first; bricks may nest and may lie inside a layer or outside any; layers do not nest.
 * A NULL profiler is profiling off: these return TN_OK (tn_profiler_current 0) and do nothing. */
tn_status tn_profiler_layer_begin(tn_profiler *profiler, int layer);
tn_status tn_profiler_layer_end(tn_profiler *profiler);
tn_status tn_profiler_start(tn_profiler *profiler, int brick);
tn_status tn_profiler_stop(tn_profiler *profiler, int brick);
/* The innermost brick open on this thread (0 when none). */
tn_prof_node tn_profiler_current(tn_profiler *profiler);
/* `after` could start only once `before` had ended (work handed from one thread to another).
 * Bricks on one thread already depend on the one before them. */
tn_status tn_profiler_depend(tn_profiler *profiler, tn_prof_node before, tn_prof_node after);

/* ---- GPU records ----
 * While a profiler is attached to a thread, each GPU call the thread makes records a node: a
 * kernel for tn_dev_<op>, tn_dev_<op>_to and the op of a host-array call on a GPU backend (with
 * its stages' entries, grids, blocks and shared bytes, its PTX or SPIR-V hash, and the bytes and
 * flops its spec counts), a transfer for tn_buffer_write, tn_buffer_read, tn_buffer_copy and a
 * host-array call's copies. Its parent is the brick or layer open on the thread; it lies on its
 * device's stream lane, timed by the device as the sync mode says. Returns the profiler attached
 * before (NULL: none); attaching NULL detaches. Nothing is attached to a new thread, and GPU
 * calls then cost one test of a thread-local pointer. Detach before destroying the profiler in
 * threads other than the one destroying it. */
tn_profiler *tn_profiler_attach(tn_profiler *profiler);
tn_profiler *tn_profiler_attached(void); /* the calling thread's */
/* The limits a device's kernels are judged against (roofline): bytes/s of memory and f32 flop/s,
 * as the program measured them (0: unknown). Without them, CUDA devices are judged against the
 * nominal peaks from their properties; Vulkan gives none, so its kernels get no roofline. */
tn_status tn_profiler_set_limits(tn_profiler *profiler, tn_device *device, double bytes_per_second,
                                 double flops_per_second);

/* ---- reports ----
 * Over the intervals closed so far (on every thread; threads may go on recording meanwhile).
 * Times in seconds. self: the time not inside a nested brick of the same thread. */
typedef struct tn_brick_stats {
    const char *name; /* valid until the profiler is destroyed */
    tn_category category;
    uint64_t count;
    double total, self, min, max, mean;
    double device; /* the time of the GPU records made inside it (nested bricks' included) */
} tn_brick_stats;

tn_status tn_profiler_brick_stats(tn_profiler *profiler, int brick, tn_brick_stats *stats);
/* The self time of the category's bricks: each instant of a thread counted once. */
tn_status tn_profiler_category_seconds(tn_profiler *profiler, tn_category category, double *seconds);
/* The time of the GPU records whose innermost brick is of the category: each record counted once. */
tn_status tn_profiler_category_device_seconds(tn_profiler *profiler, tn_category category, double *seconds);

typedef enum tn_prof_format {
    TN_PROF_TREE,   /* text: the hierarchy per thread, brick and category tables, critical path */
    TN_PROF_DOT,    /* Graphviz: layers as clusters, nesting dashed, dependencies solid */
    TN_PROF_CHROME, /* Chrome trace-event JSON (chrome://tracing, ui.perfetto.dev) */
    TN_PROF_SVG,    /* a self-contained timeline, one lane per thread */
    TN_PROF_JSON,   /* everything, in the schema of docs/PROFILER.md */
} tn_prof_format;   /* ORDER FORMAT (prof_export.c: writers) */

tn_status tn_profiler_write(tn_profiler *profiler, tn_prof_format format, const char *path);
tn_status tn_profiler_write_file(tn_profiler *profiler, tn_prof_format format, FILE *file);

#ifdef __cplusplus
}
#endif

#endif
