/* oneDNN as a peer (softmax, layer normalization): opened at run time like OpenBLAS, on one
 * thread (OMP_NUM_THREADS=1, set before it loads), its primitives built once per shape and fed
 * each call's pointers. The types come from Debian's libdnnl-dev; the library is not linked. */
#define _GNU_SOURCE /* setenv */
#include "bench.h"

#include <dlfcn.h>
#include <oneapi/dnnl/dnnl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static struct {
    dnnl_status_t (*engine_create)(dnnl_engine_t *, dnnl_engine_kind_t, size_t);
    dnnl_status_t (*stream_create)(dnnl_stream_t *, dnnl_engine_t, unsigned);
    dnnl_status_t (*stream_wait)(dnnl_stream_t);
    dnnl_status_t (*md_init)(dnnl_memory_desc_t *, int, const dnnl_dims_t, dnnl_data_type_t, dnnl_format_tag_t);
    dnnl_status_t (*softmax_desc)(dnnl_softmax_v2_desc_t *, dnnl_prop_kind_t, dnnl_alg_kind_t,
                                  const dnnl_memory_desc_t *, const dnnl_memory_desc_t *, int);
    dnnl_status_t (*lnorm_desc)(dnnl_layer_normalization_desc_t *, dnnl_prop_kind_t, const dnnl_memory_desc_t *,
                                const dnnl_memory_desc_t *, float, unsigned);
    dnnl_status_t (*pd_create)(dnnl_primitive_desc_t *, const_dnnl_op_desc_t, const_dnnl_primitive_attr_t,
                               dnnl_engine_t, const_dnnl_primitive_desc_t);
    dnnl_status_t (*primitive_create)(dnnl_primitive_t *, const_dnnl_primitive_desc_t);
    dnnl_status_t (*primitive_destroy)(dnnl_primitive_t);
    dnnl_status_t (*pd_destroy)(dnnl_primitive_desc_t);
    dnnl_status_t (*memory_create)(dnnl_memory_t *, const dnnl_memory_desc_t *, dnnl_engine_t, void *);
    dnnl_status_t (*memory_destroy)(dnnl_memory_t);
    dnnl_status_t (*set_handle)(dnnl_memory_t, void *);
    dnnl_status_t (*execute)(const_dnnl_primitive_t, dnnl_stream_t, int, const dnnl_exec_arg_t *);
    const dnnl_version_t *(*version)(void);
} dn;
static const char *const dn_names[] = { /* ORDER dn */
    "dnnl_engine_create", "dnnl_stream_create", "dnnl_stream_wait", "dnnl_memory_desc_init_by_tag",
    "dnnl_softmax_v2_forward_desc_init", "dnnl_layer_normalization_forward_desc_init", "dnnl_primitive_desc_create",
    "dnnl_primitive_create", "dnnl_primitive_destroy", "dnnl_primitive_desc_destroy", "dnnl_memory_create",
    "dnnl_memory_destroy", "dnnl_memory_set_data_handle", "dnnl_primitive_execute", "dnnl_version",
};

static char dn_why[200];
static pthread_once_t dn_once = PTHREAD_ONCE_INIT;
static dnnl_engine_t engine;
static dnnl_stream_t stream;

static void dn_open(void)
{
    setenv("OMP_NUM_THREADS", "1", 1); /* one thread, as our kernels run */
    void *lib = dlopen("libdnnl.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(dn_why, sizeof dn_why, "oneDNN not found (install libdnnl-dev)");
        return;
    }
    void **slots = (void **)&dn; /* the struct is a list of pointers, in dn_names' order */
    for (size_t i = 0; i < sizeof dn_names / sizeof dn_names[0]; i++)
        if (!(slots[i] = dlsym(lib, dn_names[i]))) {
            snprintf(dn_why, sizeof dn_why, "oneDNN lacks %s", dn_names[i]);
            return;
        }
    if (dn.engine_create(&engine, dnnl_cpu, 0) != dnnl_success ||
        dn.stream_create(&stream, engine, dnnl_stream_default_flags) != dnnl_success)
        snprintf(dn_why, sizeof dn_why, "oneDNN: no CPU engine");
}

bool bench_onednn_ready(void)
{
    pthread_once(&dn_once, dn_open);
    return !dn_why[0];
}

const char *bench_onednn_version(void)
{
    static char text[64];
    if (!bench_onednn_ready())
        return dn_why;
    const dnnl_version_t *v = dn.version();
    snprintf(text, sizeof text, "oneDNN %d.%d.%d (%s)", v->major, v->minor, v->patch,
             v->cpu_runtime == DNNL_RUNTIME_OMP ? "OpenMP, 1 thread" : "1 thread");
    return text;
}

/* A primitive for one shape, with memory objects whose data handles each call sets. */
typedef struct dn_case {
    size_t rows, cols;
    float eps;
    dnnl_primitive_t prim;
    dnnl_memory_t src, dst, scale, shift;
} dn_case;

static void dn_release(dn_case *k)
{
    if (k->prim)
        dn.primitive_destroy(k->prim);
    dnnl_memory_t mems[] = { k->src, k->dst, k->scale, k->shift };
    for (size_t i = 0; i < 4; i++)
        if (mems[i])
            dn.memory_destroy(mems[i]);
    memset(k, 0, sizeof *k);
}

/* Builds k for (rows, cols) from an op descriptor; when oneDNN refuses, says so and exits (a
 * peer that cannot run must not be timed). */
static void dn_build(dn_case *k, const void *op_desc, size_t rows, size_t cols, bool affine)
{
    dnnl_memory_desc_t md, vec;
    dnnl_dims_t dims = { (dnnl_dim_t)rows, (dnnl_dim_t)cols }, cdims = { (dnnl_dim_t)cols };
    dnnl_primitive_desc_t pd = NULL;
    bool ok = dn.md_init(&md, 2, dims, dnnl_f32, dnnl_ab) == dnnl_success &&
              dn.md_init(&vec, 1, cdims, dnnl_f32, dnnl_a) == dnnl_success &&
              dn.pd_create(&pd, op_desc, NULL, engine, NULL) == dnnl_success &&
              dn.primitive_create(&k->prim, pd) == dnnl_success &&
              dn.memory_create(&k->src, &md, engine, DNNL_MEMORY_NONE) == dnnl_success &&
              dn.memory_create(&k->dst, &md, engine, DNNL_MEMORY_NONE) == dnnl_success &&
              (!affine || (dn.memory_create(&k->scale, &vec, engine, DNNL_MEMORY_NONE) == dnnl_success &&
                           dn.memory_create(&k->shift, &vec, engine, DNNL_MEMORY_NONE) == dnnl_success));
    if (pd)
        dn.pd_destroy(pd);
    if (!ok) {
        fprintf(stderr, "tn_bench: oneDNN refused a %zux%zu primitive\n", rows, cols);
        dn_release(k);
        exit(3);
    }
    k->rows = rows;
    k->cols = cols;
}

static void dn_run(dn_case *k, const tn_call *c, int x, int y, int w, int b)
{
    dn.set_handle(k->src, c->ptr[x]);
    dn.set_handle(k->dst, c->ptr[y]);
    dnnl_exec_arg_t args[4] = { { DNNL_ARG_SRC, k->src }, { DNNL_ARG_DST, k->dst } };
    int n = 2;
    if (w >= 0) {
        dn.set_handle(k->scale, c->ptr[w]);
        dn.set_handle(k->shift, c->ptr[b]);
        args[n++] = (dnnl_exec_arg_t){ DNNL_ARG_SCALE, k->scale };
        args[n++] = (dnnl_exec_arg_t){ DNNL_ARG_SHIFT, k->shift };
    }
    if (dn.execute(k->prim, stream, n, args) != dnnl_success || dn.stream_wait(stream) != dnnl_success) {
        fprintf(stderr, "tn_bench: oneDNN failed to run a %zux%zu primitive\n", k->rows, k->cols);
        exit(3);
    }
}

/* softmax(rows, cols, x, ldx, y, ldy): oneDNN's accurate (max-subtracted) softmax over axis 1. */
void bench_onednn_softmax(const tn_call *c)
{
    static dn_case k;
    if (k.rows != c->dim[0] || k.cols != c->dim[1]) {
        dn_release(&k);
        dnnl_memory_desc_t md;
        dnnl_dims_t dims = { (dnnl_dim_t)c->dim[0], (dnnl_dim_t)c->dim[1] };
        dnnl_softmax_v2_desc_t d;
        dn.md_init(&md, 2, dims, dnnl_f32, dnnl_ab);
        dn.softmax_desc(&d, dnnl_forward_inference, dnnl_softmax_accurate, &md, &md, 1);
        dn_build(&k, &d, c->dim[0], c->dim[1], false);
    }
    dn_run(&k, c, 0, 1, -1, -1);
}

/* layernorm(rows, cols, x, ldx, w, b, eps, y, ldy): statistics per row, scale and shift. */
void bench_onednn_layernorm(const tn_call *c)
{
    static dn_case k;
    if (k.rows != c->dim[0] || k.cols != c->dim[1] || k.eps != c->scalar[3]) {
        dn_release(&k);
        dnnl_memory_desc_t md;
        dnnl_dims_t dims = { (dnnl_dim_t)c->dim[0], (dnnl_dim_t)c->dim[1] };
        dnnl_layer_normalization_desc_t d;
        dn.md_init(&md, 2, dims, dnnl_f32, dnnl_ab);
        dn.lnorm_desc(&d, dnnl_forward_inference, &md, NULL, c->scalar[3], dnnl_use_scale | dnnl_use_shift);
        dn_build(&k, &d, c->dim[0], c->dim[1], true);
        k.eps = c->scalar[3];
    }
    dn_run(&k, c, 0, 4, 1, 2);
}
