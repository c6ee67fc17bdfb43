/* Internal contracts of libtrueno: op descriptors (generated), calls, backends. */
#ifndef TN_INTERNAL_H
#define TN_INTERNAL_H

#include "trueno.h"

#include <stdbool.h>

enum { TN_MAX_ARGS = 8, TN_MAX_OPS = 1024 };

typedef enum tn_op_kind { TN_MAP, TN_REDUCE, TN_ARGREDUCE } tn_op_kind; /* ORDER gen_kind (gen/gen.h) */
typedef enum tn_role { TN_VEC, TN_OUT, TN_INOUT, TN_SCALAR } tn_role;     /* ORDER gen_role (gen/gen.h) */

/* One call's operands, by argument position. ptr[] holds host arrays (float *) for tn_<op>
 * and device buffers (tn_buffer *) for tn_dev_<op>. */
typedef struct tn_call {
    size_t n;
    void *ptr[TN_MAX_ARGS];
    float scalar[TN_MAX_ARGS];
    float *result;  /* reductions */
    size_t *index;  /* argreduce */
} tn_call;

typedef void (*tn_any_fn)(void);

typedef struct tn_op {
    int index; /* position in tn_ops */
    const char *name, *doc, *accuracy;
    tn_op_kind kind;
    int nargs;
    const char *arg_names[TN_MAX_ARGS];
    tn_role roles[TN_MAX_ARGS];
    float init;                                /* the result of a reduction of nothing */
    const tn_any_fn *cpu;                      /* per CPU target (tn_cpu_targets), NULL where absent */
    void (*cpu_call)(tn_any_fn fn, const tn_call *c); /* casts fn to the op's signature and calls it */
    const char *ptx;                           /* PTX module text, NULL when the op has none */
    const uint32_t *spirv;                     /* SPIR-V words, NULL when the op has none */
    size_t spirv_words;
    int vk_buffers; /* storage buffers bound (inputs and outputs, then the reduction's scratch) */
} tn_op;

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

/* ---- GPU backends (cuda.c, vulkan.c) ---- */

typedef struct tn_gpu_backend {
    const char *name;
    tn_status (*count)(int *count);  /* 0 devices (and TN_OK) when the library or a device is missing */
    const char *(*why_none)(void);   /* why count is 0, for tn_describe and error messages */
    tn_status (*open)(int index, void **impl, char *name, size_t name_len);
    void (*close)(void *impl);
    tn_status (*alloc)(void *impl, size_t bytes, void **handle);
    void (*free)(void *impl, void *handle);
    tn_status (*write)(void *impl, void *handle, size_t offset, const void *src, size_t bytes);
    tn_status (*read)(void *impl, void *handle, size_t offset, void *dst, size_t bytes);
    /* Runs op with c->ptr[] holding backend handles (not tn_buffer). Reductions store their
     * result in *c->result / *c->index before returning. */
    tn_status (*run)(void *impl, const tn_op *op, const tn_call *c);
    tn_status (*sync)(void *impl);
    /* Optional (NULL: the backend cannot time on the device). stop waits for the work. */
    tn_status (*timer_start)(void *impl);
    tn_status (*timer_stop)(void *impl, double *seconds);
} tn_gpu_backend;

extern const tn_gpu_backend tn_cuda_backend;
extern const tn_gpu_backend tn_vulkan_backend;

struct tn_device {
    const tn_gpu_backend *backend;
    void *impl;
    char name[256];
    int live_buffers;
    bool timing; /* between tn_device_timer_start and _stop */
};

struct tn_buffer {
    tn_device *device;
    void *handle;
    size_t length;
};

#endif
