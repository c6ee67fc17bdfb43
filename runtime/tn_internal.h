/* Internal contracts of libtrueno: op descriptors (generated), calls, backends. */
#ifndef TN_INTERNAL_H
#define TN_INTERNAL_H

#include "trueno.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum { TN_MAX_ARGS = 8, TN_MAX_DIMS = 2, TN_MAX_OPS = 1024, TN_MAX_RULES = 4 };
enum { TN_MAX_STAGES = 4, TN_MAX_PARAMS = 24, TN_MAX_BINDINGS = 16 };

typedef enum tn_role { TN_IN, TN_OUT, TN_INOUT, TN_SCALAR } tn_role; /* ORDER ROLE (gen/tngen/tables.lua) */
typedef enum tn_dtype { TN_F32, TN_I32 } tn_dtype;

/* One call's operands, by argument position. ptr[] holds host arrays for tn_<op>, device
 * buffers (tn_buffer *) for tn_dev_<op>, and host pointers for results (rank 0 outputs) in both;
 * tn_dev_<op>_to passes a result's buffer instead, and the element that receives it in at[].
 * Only what the op's descriptor names is set: dim[] up to ndims, ld[] of matrices, scalar[] of
 * scalars, ptr[] of the others, at[] of results on a device; nothing reads the rest. */
typedef struct tn_call {
    size_t dim[TN_MAX_DIMS];
    void *ptr[TN_MAX_ARGS];
    size_t ld[TN_MAX_ARGS]; /* matrices: elements from one row to the next */
    float scalar[TN_MAX_ARGS];
    size_t at[TN_MAX_ARGS]; /* results on a device: their element in their buffer */
    bool results_on_device; /* set by the runtime for the backend: results go to buffers at at[] */
    /* Guards (guard.c), set by the runtime for the backend: TN_GUARD_ bits the kernels check
     * (0: none) and the backend handle of the device's guard slots (NULL when off). */
    unsigned guard_checks;
    void *guard;
} tn_call;

typedef void (*tn_any_fn)(void);

/* An argument: its extents are the op's dims named in dim[] (rank of them). A rank 0 output is
 * the op's result, returned through a host pointer (float *, or size_t * for an i32 index). */
typedef struct tn_arg {
    const char *name;
    tn_role role;
    tn_dtype dtype;
    int rank;
    int dim[TN_MAX_DIMS];
} tn_arg;

/* A dim's allowed range, with the reason a call outside it is refused. */
typedef struct tn_rule {
    int dim;
    size_t min, max;
    const char *why;
} tn_rule;

/* ---- GPU launches: plans generated per op and backend from the schedule's launch description ---- */

typedef enum tn_param_kind {
    TN_P_U64,
    TN_P_U32,
    TN_P_F32,
    TN_P_BUFFER,
    TN_P_SCRATCH,
    TN_P_COUNTER,
    TN_P_GUARD,
} tn_param_kind;

/* A kernel parameter (CUDA), push-constant word or storage buffer (Vulkan). value: the integer,
 * the argument position (BUFFER) or the byte offset into the device's scratch (SCRATCH) or into
 * its counters (COUNTER: memory that is zero when a launch starts and that its stages leave at
 * zero; CUDA only); GUARD: the guard slot of the output at argument position value (guard.c:
 * CUDA passes its address, 0 when guards are off; Vulkan binds it, or the output itself when
 * off, which the shader then never writes through the slot's binding). */
typedef struct tn_param {
    tn_param_kind kind;
    uint64_t value;
    float f;
} tn_param;

typedef struct tn_stage {
    unsigned entry;   /* CUDA: index into cuda_entries; Vulkan: index into shaders */
    unsigned grid[2]; /* blocks or workgroups in x and y */
    unsigned block;   /* CUDA threads per block (Vulkan: the shader's own) */
    unsigned shared;  /* CUDA dynamic shared memory in bytes */
    unsigned nparams, nbindings;
    tn_param params[TN_MAX_PARAMS];
    tn_param bindings[TN_MAX_BINDINGS];
} tn_stage;

typedef struct tn_launch {
    unsigned nstages; /* 0: nothing to run (an empty input) */
    tn_stage stages[TN_MAX_STAGES];
    size_t scratch_bytes; /* device scratch the stages use */
    size_t counter_bytes; /* device counters the stages use (zero before them and after) */
    /* Results, each in a scratch region of its own that only the stages writing it name: copied
     * to the host after the stages, or, for results on a device, written into their buffers
     * (a backend may point those stages at the buffer instead of the region). */
    unsigned nresults;
    struct {
        unsigned arg;
        size_t offset;
    } results[TN_MAX_ARGS];
} tn_launch;

typedef struct tn_gpu_info {
    unsigned sms;        /* CUDA: multiprocessors */
    unsigned max_groups; /* Vulkan: maxComputeWorkGroupCount[0] */
} tn_gpu_info;

typedef void (*tn_plan_fn)(const tn_call *c, const tn_gpu_info *g, tn_launch *l);

typedef struct tn_shader {
    const uint32_t *words;
    size_t nwords;
    unsigned bindings; /* storage buffers at bindings 0 .. bindings - 1 */
    uint64_t hash;     /* FNV-1a 64 of the words' little-endian bytes (tn_kernel_sources) */
} tn_shader;

static inline uint64_t tn_umin(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

static inline uint64_t tn_umax(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

static inline uint64_t tn_umin3(uint64_t a, uint64_t b, uint64_t c)
{
    return tn_umin(tn_umin(a, b), c);
}

static inline uint64_t tn_ucdiv(uint64_t a, uint64_t b)
{
    return (a + b - 1) / b;
}

/* Whether [x, x + xbytes) and [y, y + ybytes) share a byte. */
static inline bool tn_overlap(const void *x, size_t xbytes, const void *y, size_t ybytes)
{
    uintptr_t a = (uintptr_t)x, b = (uintptr_t)y;
    return xbytes && ybytes && a < b + ybytes && b < a + xbytes;
}

#define TN_DIM_LIMIT (SIZE_MAX / sizeof(float) / 2) /* elements of an array: its bytes stay a size_t */

static inline size_t tn_align256(size_t a)
{
    return (a + 255) & ~(size_t)255;
}

typedef struct tn_op {
    int index; /* position in tn_ops */
    const char *name, *doc, *accuracy;
    int ndims;
    const char *dim_names[TN_MAX_DIMS];
    int nargs;
    tn_arg args[TN_MAX_ARGS];
    int nrules;
    tn_rule rules[TN_MAX_RULES];
    unsigned arrays, outputs, results; /* bit i: argument i is an array; an array written; a host result */
    unsigned guard_kernels; /* TN_GUARD_IN_CUDA, TN_GUARD_IN_VULKAN: its kernels check outputs (guard.c) */
    bool (*check)(const tn_call *c);    /* a host call's every check, generated from the shapes */
    const tn_any_fn *cpu;                             /* per CPU target (tn_cpu_targets), NULL where absent */
    const tn_any_fn *cpu_guarded; /* the same, checking the outputs in registers (guard.c); NULL: none */
    void (*cpu_call)(tn_any_fn fn, const tn_call *c); /* casts fn to the op's signature and calls it */
    const char *ptx;                                  /* PTX module text, NULL when the op has none */
    const char *const *cuda_entries;
    unsigned ncuda_entries;
    tn_plan_fn cuda_plan;
    const tn_shader *shaders; /* SPIR-V modules, NULL when the op has none */
    unsigned nshaders;
    tn_plan_fn vulkan_plan;
    uint64_t ptx_hash; /* FNV-1a 64 of the PTX text (tn_kernel_sources) */
    /* The work of a call from its dims, as the spec counts it (fma = 2 flops; bytes of the operands). */
    double (*flops)(const size_t *dim);
    double (*bytes)(const size_t *dim);
} tn_op;

/* The kernel source registry (generated/runtime/kernel_sources.c): each PTX module and SPIR-V
 * shader by its hash, with the file tngen wrote it to (relative to the generated folder). */
typedef struct tn_kernel_source {
    uint64_t hash;
    const char *backend, *op;
    const char *path;    /* "ptx/add.ptx", "spirv/add.comp" */
    const char *listing; /* SPIR-V: its disassembly ("spirv/add.spvasm"); NULL for PTX */
    const char *entries; /* the module's entry points, space separated */
} tn_kernel_source;

extern const tn_kernel_source tn_kernel_sources[];
extern const int tn_kernel_source_count;
/* The registry's row for hash, NULL when none (registry.c). */
const tn_kernel_source *tn_kernel_source_find(uint64_t hash);
/* FNV-1a 64 of bytes, as tngen computes the registry's hashes. */
uint64_t tn_fnv1a64(const void *bytes, size_t size);

/* CPU feature bits (cpu_features.c); target tables name them in lower case without TN_FEAT_. */
enum {
    TN_FEAT_SSE2 = 1 << 0,
    TN_FEAT_AVX = 1 << 1,
    TN_FEAT_AVX2 = 1 << 2,
    TN_FEAT_FMA = 1 << 3,
    TN_FEAT_AVX512F = 1 << 4,
    TN_FEAT_OS_YMM = 1 << 5, /* the OS saves AVX state (XCR0 bits 1-2) */
    TN_FEAT_OS_ZMM = 1 << 6, /* the OS saves AVX-512 state (XCR0 bits 5-7) */
};

typedef struct tn_cpu_target {
    const char *name;
    unsigned needs; /* TN_FEAT_ bits */
    int lanes;
} tn_cpu_target;

/* Generated (generated/runtime/op_table.c). */
extern const tn_cpu_target tn_cpu_targets[];
extern const int tn_cpu_target_count;
extern const tn_op *const tn_ops[];
extern const int tn_op_count;

/* cpu_features.c */
unsigned tn_cpu_detect(void);            /* detected bits, minus those TRUENO_CPU_DISABLE names */
unsigned tn_cpu_detect_raw(void);        /* detected bits */
const char *tn_cpu_feature_name(unsigned bit);
const char *tn_cpu_model(void);

/* error.c: record a message for tn_last_error and return the status. */
tn_status tn_fail(tn_status status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void tn_clear_error(void);

/* dispatch.c */
tn_status tn_run_host(const tn_op *op, tn_call *c);
tn_status tn_run_device(tn_device *dev, const tn_op *op, tn_call *c);
/* tn_dev_<op>_to: results into the buffers c->ptr[] names, at elements c->at[], queued like
 * the op's arrays (no wait for the device). */
tn_status tn_run_device_to(tn_device *dev, const tn_op *op, tn_call *c);
/* Elements an argument spans in the call (rows of a matrix at its ld). */
size_t tn_arg_extent(const tn_op *op, const tn_call *c, int i);
/* A rank 0 output: the op's result, through a host pointer. */
static inline bool tn_is_result(const tn_arg *a)
{
    return a->rank == 0 && (a->role == TN_OUT || a->role == TN_INOUT);
}
/* A result's 32 bits from a device, stored through its host pointer: a float, or an index widened
 * to size_t. In a device buffer (tn_dev_<op>_to) the same 32 bits stay as they are: an index is
 * an int32 in the float's place, as row ops store theirs. */
static inline void tn_store_result(const tn_arg *a, void *host, uint32_t bits)
{
    if (a->dtype == TN_F32)
        memcpy(host, &bits, sizeof bits);
    else
        *(size_t *)host = bits;
}

/* Same rank and dims: what an output must share with the input it overwrites in place. */
static inline bool tn_same_shape(const tn_arg *a, const tn_arg *b)
{
    if (a->rank != b->rank)
        return false;
    for (int d = 0; d < a->rank; d++)
        if (a->dim[d] != b->dim[d])
            return false;
    return true;
}
/* fn: the public function's name, for messages ("tn_sum", "tn_dev_sum_to"). */
tn_status tn_check_dims(const tn_op *op, const tn_call *c, const char *fn);
tn_status tn_check_strides(const tn_op *op, const tn_call *c, const char *fn);

/* ---- GPU backends (cuda.c, vulkan*.c) ---- */

enum { TN_NO_STAMP = UINT32_MAX };

/* A stage as it was launched: its entry (CUDA: in cuda_entries; Vulkan: its shader), grid,
 * threads per block or workgroup, dynamic shared bytes (CUDA only). */
typedef struct tn_trace_stage {
    unsigned entry, grid[2], block, shared;
} tn_trace_stage;

/* What a backend tells the profiler of one call (device.c passes NULL when the calling thread
 * profiles nothing). Times are CLOCK_MONOTONIC nanoseconds. */
typedef struct tn_gpu_trace {
    bool stamp;                   /* in: bracket the call's device work with a timestamp pair */
    uint32_t pair;                /* out: that pair, for stamp_read; TN_NO_STAMP when none was taken */
    int64_t host_start, host_end; /* out: a copy the host made itself (mapped memory); 0 when none */
    unsigned nstages;             /* out: kernels: the stages launched */
    tn_trace_stage stages[TN_MAX_STAGES];
} tn_gpu_trace;

typedef struct tn_gpu_backend {
    const char *name;
    tn_status (*count)(int *count);  /* 0 devices (and TN_OK) when the library or a device is missing */
    const char *(*why_none)(void);   /* why count is 0, for tn_describe and error messages */
    tn_status (*open)(int index, void **impl, char *name, size_t name_len);
    void (*close)(void *impl);
    tn_status (*alloc)(void *impl, size_t bytes, void **handle);
    void (*free)(void *impl, void *handle);
    /* Optional (NULL: none): memory that kernels write through *handle and the host reads at
     * *host, in place, once the device's work is done (sync); the guard slots live there. */
    tn_status (*alloc_mapped)(void *impl, size_t bytes, void **handle, void **host);
    void (*free_mapped)(void *impl, void *handle, void *host);
    /* The calls that do work take a trace: NULL, or what the profiler asks and learns. */
    tn_status (*write)(void *impl, void *handle, size_t offset, const void *src, size_t bytes, tn_gpu_trace *trace);
    tn_status (*read)(void *impl, void *handle, size_t offset, void *dst, size_t bytes, tn_gpu_trace *trace);
    /* Between two buffers of the device, queued like an op (ranges that do not overlap). */
    tn_status (*copy)(void *impl, void *dst, size_t dst_offset, void *src, size_t src_offset, size_t bytes,
                      tn_gpu_trace *trace);
    /* Runs op with c->ptr[] holding backend handles (not tn_buffer) for arrays and host
     * pointers for results, which hold their values when it returns; with
     * c->results_on_device, results' handles too, written at byte c->at[i] * 4 by the queued work. */
    tn_status (*run)(void *impl, const tn_op *op, const tn_call *c, tn_gpu_trace *trace);
    tn_status (*sync)(void *impl);
    /* Optional (NULL: the backend cannot time on the device). stop waits for the work. */
    tn_status (*timer_start)(void *impl);
    tn_status (*timer_stop)(void *impl, double *seconds);
    /* Timestamp pairs (traces): read waits for the pair's work and gives its start and end on the
     * host's clock (CLOCK_MONOTONIC ns; the device's clock aligned to it once per device), then
     * frees the pair; release frees it unread. */
    tn_status (*stamp_read)(void *impl, uint32_t pair, int64_t *start, int64_t *end);
    void (*stamp_release)(void *impl, uint32_t pair);
    /* The device's nominal peaks from its properties (bytes/s of memory, f32 flop/s); 0 where
     * the backend cannot tell. */
    void (*peaks)(void *impl, double *bytes_per_second, double *flops_per_second);
} tn_gpu_backend;

extern const tn_gpu_backend tn_cuda_backend;
extern const tn_gpu_backend tn_vulkan_backend;

/* A device may be shared by threads: backends lock around each call, and what is here is set
 * once by open or atomic. */
struct tn_device {
    const tn_gpu_backend *backend;
    void *impl;
    char name[256];
    atomic_bool timing;    /* between tn_device_timer_start and _stop */
    uint64_t serial;       /* unique in the process: profilers tell devices apart by it */
    atomic_size_t stamps;  /* timestamp pairs profilers hold, read before the device closes */
};

struct tn_buffer {
    tn_device *device;
    void *handle;
    size_t length;
};

#endif
