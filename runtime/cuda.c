/* CUDA backend: the driver API through dlopen("libcuda.so.1"), so that neither the CUDA
 * toolkit nor a driver is needed to build or to run. PTX is embedded in the op tables and
 * JIT-compiled once per device by cuModuleLoadDataEx, with its logs captured. */
#define _POSIX_C_SOURCE 200809L
#include "guard_internal.h"
#include "tn_internal.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The few driver API types and constants used here (values from the CUDA driver API). */
typedef int CUresult, CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef unsigned long long CUdeviceptr;
enum {
    CU_JIT_INFO_LOG_BUFFER = 3,
    CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
    CU_JIT_ERROR_LOG_BUFFER = 5,
    CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
    CU_JIT_LOG_VERBOSE = 12,
    CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13,
    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
    CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 36,
    CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
    CU_MEMHOSTALLOC_DEVICEMAP = 2,
};

/* ORDER: the driver entry points, by the names dlsym finds (versioned where the API is). */
static struct {
    CUresult (*init)(unsigned);
    CUresult (*device_get_count)(int *);
    CUresult (*device_get)(CUdevice *, int);
    CUresult (*device_get_name)(char *, int, CUdevice);
    CUresult (*device_get_attribute)(int *, int, CUdevice);
    CUresult (*primary_ctx_retain)(CUcontext *, CUdevice);
    CUresult (*primary_ctx_release)(CUdevice);
    CUresult (*ctx_push)(CUcontext);
    CUresult (*ctx_pop)(CUcontext *);
    CUresult (*module_load)(CUmodule *, const void *, unsigned, int *, void **);
    CUresult (*module_unload)(CUmodule);
    CUresult (*module_get_function)(CUfunction *, CUmodule, const char *);
    CUresult (*mem_alloc)(CUdeviceptr *, size_t);
    CUresult (*mem_free)(CUdeviceptr);
    CUresult (*memcpy_htod)(CUdeviceptr, const void *, size_t);
    CUresult (*memcpy_dtoh)(void *, CUdeviceptr, size_t);
    CUresult (*stream_create)(CUstream *, unsigned);
    CUresult (*stream_destroy)(CUstream);
    CUresult (*stream_synchronize)(CUstream);
    CUresult (*launch)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream,
                       void **, void **);
    CUresult (*error_name)(CUresult, const char **);
    CUresult (*event_create)(CUevent *, unsigned);
    CUresult (*event_destroy)(CUevent);
    CUresult (*event_record)(CUevent, CUstream);
    CUresult (*event_synchronize)(CUevent);
    CUresult (*event_elapsed)(float *, CUevent, CUevent);
    CUresult (*memcpy_dtod_async)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
    CUresult (*memset_d8_async)(CUdeviceptr, unsigned char, size_t, CUstream);
    CUresult (*event_query)(CUevent);
    CUresult (*mem_host_alloc)(void **, size_t, unsigned);
    CUresult (*mem_free_host)(void *);
    CUresult (*mem_host_get_device_pointer)(CUdeviceptr *, void *, unsigned);
} cu;

static const char *const cu_symbols[] = {
    "cuInit", "cuDeviceGetCount", "cuDeviceGet", "cuDeviceGetName", "cuDeviceGetAttribute",
    "cuDevicePrimaryCtxRetain", "cuDevicePrimaryCtxRelease_v2", "cuCtxPushCurrent_v2", "cuCtxPopCurrent_v2",
    "cuModuleLoadDataEx", "cuModuleUnload", "cuModuleGetFunction", "cuMemAlloc_v2", "cuMemFree_v2",
    "cuMemcpyHtoD_v2", "cuMemcpyDtoH_v2", "cuStreamCreate", "cuStreamDestroy_v2", "cuStreamSynchronize",
    "cuLaunchKernel", "cuGetErrorName", "cuEventCreate", "cuEventDestroy_v2", "cuEventRecord", "cuEventSynchronize",
    "cuEventElapsedTime", "cuMemcpyDtoDAsync_v2", "cuMemsetD8Async", "cuEventQuery", "cuMemHostAlloc",
    "cuMemFreeHost", "cuMemHostGetDevicePointer_v2",
};

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char why_none[256]; /* empty when the driver loaded and initialized */
static int device_total;

static const char *cu_error_name(CUresult r)
{
    const char *name = NULL;
    if (cu.error_name)
        cu.error_name(r, &name);
    return name ? name : "unknown CUDA error";
}

static void cu_load(void)
{
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(why_none, sizeof why_none, "libcuda.so.1 not found (no NVIDIA driver on this machine)");
        return;
    }
    void **slots = (void **)&cu; /* the struct is a list of pointers, in cu_symbols' order */
    for (size_t i = 0; i < sizeof cu_symbols / sizeof cu_symbols[0]; i++) {
        slots[i] = dlsym(lib, cu_symbols[i]);
        if (!slots[i]) {
            snprintf(why_none, sizeof why_none, "libcuda.so.1 lacks %s (driver too old)", cu_symbols[i]);
            return;
        }
    }
    CUresult r = cu.init(0);
    if (r == 0)
        r = cu.device_get_count(&device_total);
    if (r != 0)
        snprintf(why_none, sizeof why_none, "cuInit: %s (%d)", cu_error_name(r), r);
}

static tn_status cu_check(CUresult r, const char *call)
{
    if (r == 0)
        return TN_OK;
    return tn_fail(TN_ERR_DEVICE, "%s failed: %s (%d)", call, cu_error_name(r), r);
}

static tn_status cu_count(int *count)
{
    pthread_once(&load_once, cu_load);
    *count = why_none[0] ? 0 : device_total;
    return TN_OK;
}

static const char *cu_why_none(void)
{
    pthread_once(&load_once, cu_load);
    return why_none[0] ? why_none : device_total ? "" : "no CUDA device";
}

/* ---- devices ---- */

/* Profiled calls are timed by events on the device's stream, kept in a pool and reused: a call's
 * pair is its start event and its end event. Its start is an event of its own, or, when the
 * profiled call before it on the stream is still running (so this one starts as that one ends),
 * that call's end event: while the device is busy a call records one event, not two (an event
 * between kernels costs the device about a microsecond). Events count the pairs (and the chain)
 * that use them. The anchor, recorded and waited for, ties the device's clock to the host's:
 * events are placed by their time after it. */
enum { NO_EVENT = UINT32_MAX };

typedef struct cu_stamps {
    CUevent *events;
    uint32_t *refs, *free_events; /* per event: its users; events no one uses */
    uint32_t (*pairs)[2];         /* per pair: its start and end event */
    uint32_t *free_pairs;
    uint32_t npairs, nfree_pairs, nevents, nfree_events;
    uint32_t chain; /* the last profiled call's end event while nothing was queued after it; NO_EVENT */
    CUevent anchor;
    int64_t anchor_ns; /* CLOCK_MONOTONIC when the anchor was seen done; 0: none yet */
} cu_stamps;

static void cu_stamps_free(cu_stamps *st);

typedef struct cu_device {
    CUdevice dev;
    CUcontext ctx;
    CUstream stream;
    int sms, major, minor;
    double peak_bytes, peak_flops; /* nominal, read at open: the clock attributes take a millisecond */
    pthread_mutex_t lock; /* one submission at a time; the context is pushed around each */
    bool queued;          /* a call since the stream was last waited for (a wait on an idle stream costs
                           * a caller about 1.5 us, and a guarded call has just waited) */
    CUmodule *modules;    /* per op in tn_ops, loaded on first use */
    CUdeviceptr scratch;  /* what launch plans ask for (partials, results), grown on demand */
    size_t scratch_bytes;
    CUdeviceptr counters; /* zero between launches: plans that count in it set it back */
    size_t counter_bytes;
    CUevent timer[2];     /* tn_device_timer_start and _stop */
    cu_stamps stamps;     /* profiled calls' event pairs */
    char jit_log[4096];   /* the info log of the last module load */
} cu_device;

/* Nominal peaks from the device's attributes: memory clock (double data rate) times bus width;
 * f32 lanes per SM (64 on sm_7x and sm_80, 128 from sm_86 on) times SMs times the clock, an fma
 * counting 2. */
static void cu_read_peaks(cu_device *d)
{
    int clock_khz = 0, memory_khz = 0, bus_bits = 0;
    cu.device_get_attribute(&clock_khz, CU_DEVICE_ATTRIBUTE_CLOCK_RATE, d->dev);
    cu.device_get_attribute(&memory_khz, CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE, d->dev);
    cu.device_get_attribute(&bus_bits, CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, d->dev);
    int lanes = d->major < 8 || (d->major == 8 && d->minor == 0) ? 64 : 128;
    d->peak_bytes = 2.0 * memory_khz * 1e3 * bus_bits / 8.0;
    d->peak_flops = 2.0 * lanes * d->sms * clock_khz * 1e3;
}

static tn_status cu_open(int index, void **impl, char *name, size_t name_len)
{
    cu_device *d = calloc(1, sizeof *d);
    if (!d)
        return tn_fail(TN_ERR_OUT_OF_MEMORY, "cuda: out of memory");
    d->modules = calloc((size_t)tn_op_count, sizeof *d->modules);
    d->stamps.chain = NO_EVENT;
    tn_status s = d->modules ? TN_OK : tn_fail(TN_ERR_OUT_OF_MEMORY, "cuda: out of memory");
    int major = 0, minor = 0;
    char dev_name[200] = "";
    if (s == TN_OK)
        s = cu_check(cu.device_get(&d->dev, index), "cuDeviceGet");
    if (s == TN_OK)
        s = cu_check(cu.primary_ctx_retain(&d->ctx, d->dev), "cuDevicePrimaryCtxRetain");
    if (s == TN_OK && (s = cu_check(cu.ctx_push(d->ctx), "cuCtxPushCurrent")) == TN_OK) {
        s = cu_check(cu.stream_create(&d->stream, 0), "cuStreamCreate");
        if (s == TN_OK)
            s = cu_check(cu.mem_alloc(&d->scratch, d->scratch_bytes = 4096), "cuMemAlloc (scratch)");
        for (int i = 0; i < 2 && s == TN_OK; i++)
            s = cu_check(cu.event_create(&d->timer[i], 0), "cuEventCreate");
        cu.ctx_pop(&(CUcontext){ 0 });
    }
    if (s == TN_OK) {
        cu.device_get_name(dev_name, sizeof dev_name, d->dev);
        cu.device_get_attribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, d->dev);
        cu.device_get_attribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, d->dev);
        d->major = major;
        d->minor = minor;
        cu.device_get_attribute(&d->sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, d->dev);
        cu_read_peaks(d);
        if (major * 10 + minor < 75)
            s = tn_fail(TN_ERR_BACKEND_UNAVAILABLE, "cuda: %s is sm_%d%d; trueno's PTX needs sm_75 or newer",
                        dev_name, major, minor);
    }
    if (s != TN_OK) {
        if (d->ctx)
            cu.primary_ctx_release(d->dev);
        free(d->modules);
        free(d);
        return s;
    }
    snprintf(name, name_len, "%s (sm_%d%d, %d SMs)", dev_name, major, minor, d->sms);
    pthread_mutex_init(&d->lock, NULL);
    *impl = d;
    return TN_OK;
}

static void cu_close(void *impl)
{
    cu_device *d = impl;
    cu.ctx_push(d->ctx);
    for (int i = 0; i < tn_op_count; i++)
        if (d->modules[i])
            cu.module_unload(d->modules[i]);
    cu.mem_free(d->scratch);
    if (d->counters)
        cu.mem_free(d->counters);
    for (int i = 0; i < 2; i++)
        cu.event_destroy(d->timer[i]);
    cu_stamps_free(&d->stamps);
    cu.stream_destroy(d->stream);
    cu.ctx_pop(&(CUcontext){ 0 });
    cu.primary_ctx_release(d->dev);
    pthread_mutex_destroy(&d->lock);
    free(d->modules);
    free(d);
}

/* Runs body with the device's context current and its lock held; it may queue work. */
#define WITH_DEVICE(d, body)                                                                                   \
    do {                                                                                                       \
        pthread_mutex_lock(&(d)->lock);                                                                        \
        (d)->queued = true;                                                                                    \
        s = cu_check(cu.ctx_push((d)->ctx), "cuCtxPushCurrent");                                               \
        if (s == TN_OK) {                                                                                      \
            body;                                                                                              \
            cu.ctx_pop(&(CUcontext){ 0 });                                                                     \
        }                                                                                                      \
        pthread_mutex_unlock(&(d)->lock);                                                                      \
    } while (0)

static tn_status cu_alloc(void *impl, size_t bytes, void **handle)
{
    cu_device *d = impl;
    CUdeviceptr p = 0;
    tn_status s;
    WITH_DEVICE(d, s = cu_check(cu.mem_alloc(&p, bytes), "cuMemAlloc"));
    *handle = (void *)(uintptr_t)p;
    return s;
}

static void cu_free(void *impl, void *handle)
{
    cu_device *d = impl;
    tn_status s;
    WITH_DEVICE(d, cu.mem_free((CUdeviceptr)(uintptr_t)handle));
    (void)s;
}

/* Page-locked host memory mapped into the device's address space: kernels write it (their atomics
 * reach it over the bus) and the host reads it in place once the stream is done, with no copy. */
static tn_status cu_alloc_mapped_locked(size_t bytes, CUdeviceptr *p, void **host)
{
    tn_status s = cu_check(cu.mem_host_alloc(host, bytes, CU_MEMHOSTALLOC_DEVICEMAP), "cuMemHostAlloc");
    if (s == TN_OK)
        s = cu_check(cu.mem_host_get_device_pointer(p, *host, 0), "cuMemHostGetDevicePointer");
    if (s != TN_OK && *host) {
        cu.mem_free_host(*host);
        *host = NULL;
    }
    return s;
}

static tn_status cu_alloc_mapped(void *impl, size_t bytes, void **handle, void **host)
{
    cu_device *d = impl;
    CUdeviceptr p = 0;
    tn_status s;
    *host = NULL;
    WITH_DEVICE(d, s = cu_alloc_mapped_locked(bytes, &p, host));
    *handle = (void *)(uintptr_t)p;
    return s;
}

static void cu_free_mapped(void *impl, void *handle, void *host)
{
    cu_device *d = impl;
    tn_status s;
    (void)handle;
    WITH_DEVICE(d, cu.mem_free_host(host));
    (void)s;
}

/* ---- event pairs for profiled calls ---- */

enum { STAMP_GROW = 64, STAMP_MAX_PAIRS = 1 << 16 };

static int64_t host_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void cu_stamps_free(cu_stamps *st)
{
    for (uint32_t i = 0; i < st->nevents; i++)
        cu.event_destroy(st->events[i]);
    if (st->anchor)
        cu.event_destroy(st->anchor);
    free(st->events);
    free(st->refs);
    free(st->free_events);
    free(st->pairs);
    free(st->free_pairs);
}

/* Room for n pairs and 2n + 1 events (each pair uses two at most, the chain one more). */
static bool cu_stamps_room(cu_stamps *st, uint32_t n)
{
    size_t e = 2 * (size_t)n + 1;
    void *p;
#define GROW(field, count) ((p = realloc(st->field, (count) * sizeof *st->field)) ? (st->field = p, true) : false)
    bool ok = GROW(events, e) && GROW(refs, e) && GROW(free_events, e) && GROW(pairs, n) && GROW(free_pairs, n);
#undef GROW
    return ok;
}

/* STAMP_GROW more pairs, and their events; false when the pool is full or an event cannot be made. */
static bool cu_stamps_grow(cu_stamps *st)
{
    uint32_t n = st->npairs + STAMP_GROW, e = 2 * n + 1;
    if (n > STAMP_MAX_PAIRS || !cu_stamps_room(st, n))
        return false;
    for (uint32_t i = st->nevents; i < e; i++) {
        if (cu.event_create(&st->events[i], 0) != 0)
            return false; /* the events made so far stay in the pool */
        st->refs[i] = 0;
        st->free_events[st->nfree_events++] = i;
        st->nevents = i + 1;
    }
    for (uint32_t p = st->npairs; p < n; p++)
        st->free_pairs[st->nfree_pairs++] = p;
    st->npairs = n;
    return true;
}

static uint32_t ev_take(cu_stamps *st)
{
    uint32_t e = st->free_events[--st->nfree_events];
    st->refs[e] = 1;
    return e;
}

static void ev_drop(cu_stamps *st, uint32_t e)
{
    if (--st->refs[e] == 0)
        st->free_events[st->nfree_events++] = e;
}

/* Work that is not a profiled call was queued: the next call's start is its own. */
static void cu_chain_break(cu_stamps *st)
{
    if (st->chain != NO_EVENT)
        ev_drop(st, st->chain);
    st->chain = NO_EVENT;
}

/* Pair p goes back to the pool, with its events. */
static void cu_pair_release(cu_stamps *st, uint32_t p)
{
    ev_drop(st, st->pairs[p][0]);
    ev_drop(st, st->pairs[p][1]);
    st->free_pairs[st->nfree_pairs++] = p;
}

/* The anchor: recorded, waited for, and timed by the host when it is seen done. Taken again
 * when no pair is in use and it is a second old (float milliseconds from it stay precise). */
static tn_status cu_anchor(cu_device *d)
{
    cu_stamps *st = &d->stamps;
    if (st->anchor_ns && (st->nfree_pairs < st->npairs || host_ns() - st->anchor_ns < 1000000000))
        return TN_OK;
    tn_status s = st->anchor ? TN_OK : cu_check(cu.event_create(&st->anchor, 0), "cuEventCreate");
    if (s == TN_OK)
        s = cu_check(cu.event_record(st->anchor, d->stream), "cuEventRecord");
    if (s == TN_OK)
        s = cu_check(cu.event_synchronize(st->anchor), "cuEventSynchronize");
    st->anchor_ns = s == TN_OK ? host_ns() : 0;
    return s;
}

/* Before a call's work (context current, device locked): for a traced call, a pair and its start
 * event. A call that cannot have one runs untimed (its record keeps host times); an untraced
 * call breaks the chain. */
static void cu_stamp_begin(cu_device *d, tn_gpu_trace *trace)
{
    cu_stamps *st = &d->stamps;
    bool timed = trace && trace->stamp;
    if (!timed || (st->nfree_pairs == 0 && !cu_stamps_grow(st)) || cu_anchor(d) != TN_OK) {
        cu_chain_break(st);
        if (timed)
            tn_clear_error();
        return;
    }
    uint32_t start = st->chain; /* still running: this call starts as it ends */
    if (start != NO_EVENT && cu.event_query(st->events[start]) == 0)
        start = NO_EVENT;
    if (start == NO_EVENT) {
        start = ev_take(st);
        if (cu.event_record(st->events[start], d->stream) != 0) {
            ev_drop(st, start);
            cu_chain_break(st);
            return;
        }
    } else
        st->refs[start]++;
    cu_chain_break(st);
    uint32_t pair = st->free_pairs[--st->nfree_pairs];
    st->pairs[pair][0] = start;
    st->pairs[pair][1] = NO_EVENT;
    trace->pair = pair;
}

/* After the work: the pair's end event, which the next call may start from; when the call
 * failed, the pair goes back. */
static void cu_stamp_end(cu_device *d, tn_gpu_trace *trace, tn_status s)
{
    cu_stamps *st = &d->stamps;
    if (!trace || trace->pair == TN_NO_STAMP)
        return;
    uint32_t pair = trace->pair, end = ev_take(st);
    if (s != TN_OK || cu.event_record(st->events[end], d->stream) != 0) {
        ev_drop(st, end);
        ev_drop(st, st->pairs[pair][0]);
        st->free_pairs[st->nfree_pairs++] = pair;
        trace->pair = TN_NO_STAMP;
        return;
    }
    st->pairs[pair][1] = end;
    st->refs[end]++;
    st->chain = end;
}

static tn_status cu_stamp_read_locked(cu_device *d, uint32_t pair, int64_t *start, int64_t *end)
{
    cu_stamps *st = &d->stamps;
    float since = 0, took = 0;
    CUevent ev0 = st->events[st->pairs[pair][0]], ev1 = st->events[st->pairs[pair][1]];
    tn_status s = cu_check(cu.event_synchronize(ev1), "cuEventSynchronize");
    if (s == TN_OK)
        s = cu_check(cu.event_elapsed(&since, st->anchor, ev0), "cuEventElapsedTime");
    if (s == TN_OK)
        s = cu_check(cu.event_elapsed(&took, ev0, ev1), "cuEventElapsedTime");
    *start = st->anchor_ns + (int64_t)((double)since * 1e6);
    *end = *start + (int64_t)((double)took * 1e6);
    cu_pair_release(st, pair);
    return s;
}

static tn_status cu_stamp_read(void *impl, uint32_t pair, int64_t *start, int64_t *end)
{
    cu_device *d = impl;
    tn_status s;
    WITH_DEVICE(d, s = cu_stamp_read_locked(d, pair, start, end));
    return s;
}

static void cu_stamp_release(void *impl, uint32_t pair)
{
    cu_device *d = impl;
    pthread_mutex_lock(&d->lock);
    cu_pair_release(&d->stamps, pair);
    pthread_mutex_unlock(&d->lock);
}

static void cu_peaks(void *impl, double *bytes_per_second, double *flops_per_second)
{
    const cu_device *d = impl;
    *bytes_per_second = d->peak_bytes;
    *flops_per_second = d->peak_flops;
}

/* ---- copies ---- */

/* Copies are synchronous on the legacy default stream, which waits for the device's stream; a
 * profiled copy's events on the device's stream bracket it (the legacy stream orders them). */
static tn_status cu_write(void *impl, void *handle, size_t offset, const void *src, size_t bytes, tn_gpu_trace *trace)
{
    cu_device *d = impl;
    tn_status s;
    WITH_DEVICE(d, {
        cu_stamp_begin(d, trace);
        s = cu_check(cu.memcpy_htod((CUdeviceptr)(uintptr_t)handle + offset, src, bytes), "cuMemcpyHtoD");
        cu_stamp_end(d, trace, s);
    });
    return s;
}

static tn_status cu_read(void *impl, void *handle, size_t offset, void *dst, size_t bytes, tn_gpu_trace *trace)
{
    cu_device *d = impl;
    tn_status s;
    WITH_DEVICE(d, {
        cu_stamp_begin(d, trace);
        s = cu_check(cu.memcpy_dtoh(dst, (CUdeviceptr)(uintptr_t)handle + offset, bytes), "cuMemcpyDtoH");
        cu_stamp_end(d, trace, s);
    });
    return s;
}

/* A device-to-device copy, queued on the device's stream like an op. */
static tn_status cu_copy(void *impl, void *dst, size_t dst_offset, void *src, size_t src_offset, size_t bytes,
                         tn_gpu_trace *trace)
{
    cu_device *d = impl;
    tn_status s;
    WITH_DEVICE(d, {
        cu_stamp_begin(d, trace);
        s = cu_check(cu.memcpy_dtod_async((CUdeviceptr)(uintptr_t)dst + dst_offset,
                                          (CUdeviceptr)(uintptr_t)src + src_offset, bytes, d->stream),
                     "cuMemcpyDtoDAsync");
        cu_stamp_end(d, trace, s);
    });
    return s;
}

static tn_status cu_sync(void *impl)
{
    cu_device *d = impl;
    tn_status s = TN_OK;
    pthread_mutex_lock(&d->lock);
    if (d->queued && (s = cu_check(cu.ctx_push(d->ctx), "cuCtxPushCurrent")) == TN_OK) {
        s = cu_check(cu.stream_synchronize(d->stream), "cuStreamSynchronize");
        cu.ctx_pop(&(CUcontext){ 0 });
        d->queued = s != TN_OK;
    }
    pthread_mutex_unlock(&d->lock);
    return s;
}

/* Events on the device's stream: the time between them is the device's, not the host's. */
static tn_status cu_timer_start(void *impl)
{
    cu_device *d = impl;
    tn_status s;
    WITH_DEVICE(d, s = cu_check(cu.event_record(d->timer[0], d->stream), "cuEventRecord"));
    return s;
}

static tn_status cu_timer_stop(void *impl, double *seconds)
{
    cu_device *d = impl;
    float ms = 0;
    tn_status s;
    WITH_DEVICE(d, {
        s = cu_check(cu.event_record(d->timer[1], d->stream), "cuEventRecord");
        if (s == TN_OK)
            s = cu_check(cu.event_synchronize(d->timer[1]), "cuEventSynchronize");
        if (s == TN_OK)
            s = cu_check(cu.event_elapsed(&ms, d->timer[0], d->timer[1]), "cuEventElapsedTime");
    });
    *seconds = ms * 1e-3;
    return s;
}

/* ---- kernels ---- */

/* Loads op's module once; JIT errors come back with ptxas's log in the message. */
static tn_status cu_module(cu_device *d, const tn_op *op, CUmodule *module)
{
    int i = op->index;
    if (!op->ptx)
        return tn_fail(TN_ERR_BACKEND_UNAVAILABLE, "tn_dev_%s: no PTX for this op", op->name);
    if (d->modules[i]) {
        *module = d->modules[i];
        return TN_OK;
    }
    char error_log[4096] = "";
    int options[] = { CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_ERROR_LOG_BUFFER,
                      CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_LOG_VERBOSE };
    void *values[] = { d->jit_log, (void *)(uintptr_t)sizeof d->jit_log, error_log,
                       (void *)(uintptr_t)sizeof error_log, (void *)(uintptr_t)1 };
    CUresult r = cu.module_load(&d->modules[i], op->ptx, 5, options, values);
    if (r != 0)
        return tn_fail(TN_ERR_DEVICE, "cuModuleLoadDataEx (%s.ptx) failed: %s (%d)\n%s", op->name, cu_error_name(r),
                       r, error_log);
    *module = d->modules[i];
    return TN_OK;
}

/* The device's scratch, at least bytes long; the stream is idle when a plan grows it. */
static tn_status cu_scratch(cu_device *d, size_t bytes)
{
    if (d->scratch_bytes >= bytes)
        return TN_OK;
    tn_status s = cu_check(cu.stream_synchronize(d->stream), "cuStreamSynchronize");
    CUdeviceptr grown = 0;
    if (s == TN_OK)
        s = cu_check(cu.mem_alloc(&grown, bytes), "cuMemAlloc (scratch)");
    if (s != TN_OK)
        return s;
    cu.mem_free(d->scratch);
    d->scratch = grown;
    d->scratch_bytes = bytes;
    return TN_OK;
}

/* The device's counters, at least bytes long. Grown, they start at zero (a memset queued before
 * any launch that uses them); after that the plans that count leave them at zero. */
static tn_status cu_counters(cu_device *d, size_t bytes)
{
    if (d->counter_bytes >= bytes)
        return TN_OK;
    tn_status s = cu_check(cu.stream_synchronize(d->stream), "cuStreamSynchronize");
    CUdeviceptr grown = 0;
    if (s == TN_OK)
        s = cu_check(cu.mem_alloc(&grown, bytes), "cuMemAlloc (counters)");
    if (s == TN_OK && (s = cu_check(cu.memset_d8_async(grown, 0, bytes, d->stream), "cuMemsetD8Async")) != TN_OK)
        cu.mem_free(grown);
    if (s != TN_OK)
        return s;
    if (d->counters)
        cu.mem_free(d->counters);
    d->counters = grown;
    d->counter_bytes = bytes;
    return TN_OK;
}

/* One stage of a plan: its parameters in the PTX entry's order, then the launch. */
static tn_status cu_stage(cu_device *d, CUmodule m, const tn_op *op, const tn_call *c, const tn_stage *st)
{
    if (st->entry >= op->ncuda_entries)
        return tn_fail(TN_ERR_DEVICE, "cuda: %s's plan names entry %u of %u", op->name, st->entry, op->ncuda_entries);
    if (st->nparams > TN_MAX_PARAMS)
        return tn_fail(TN_ERR_DEVICE, "cuda: %s's plan has %u parameters (at most %d)", op->name, st->nparams,
                       TN_MAX_PARAMS);
    CUfunction f;
    const char *entry = op->cuda_entries[st->entry];
    tn_status s = cu_check(cu.module_get_function(&f, m, entry), entry);
    if (s != TN_OK)
        return s;
    union {
        uint64_t u64;
        uint32_t u32;
        float f32;
    } values[TN_MAX_PARAMS];
    void *params[TN_MAX_PARAMS];
    for (unsigned i = 0; i < st->nparams; i++) {
        const tn_param *p = &st->params[i];
        switch (p->kind) {
        case TN_P_U64:
            values[i].u64 = p->value;
            break;
        case TN_P_U32:
            values[i].u32 = (uint32_t)p->value;
            break;
        case TN_P_F32:
            values[i].f32 = p->f;
            break;
        case TN_P_BUFFER:
            values[i].u64 = (CUdeviceptr)(uintptr_t)c->ptr[p->value];
            break;
        case TN_P_SCRATCH:
            values[i].u64 = d->scratch + p->value;
            break;
        case TN_P_COUNTER:
            values[i].u64 = d->counters + p->value;
            break;
        case TN_P_GUARD:
            values[i].u64 = c->guard ? (CUdeviceptr)(uintptr_t)c->guard + p->value * TN_GUARD_SLOT_BYTES : 0;
            break;
        }
        params[i] = &values[i];
    }
    return cu_check(cu.launch(f, st->grid[0], st->grid[1], 1, st->block, 1, 1, st->shared, d->stream, params, NULL),
                    entry);
}

/* Results on a device: the stages that write a result's scratch region write the result's
 * buffer instead (no copy after them, no wait). */
static tn_status cu_results_to_buffers(const tn_op *op, const tn_call *c, tn_launch *l)
{
    for (unsigned r = 0; r < l->nresults; r++) {
        unsigned arg = l->results[r].arg, pointed = 0;
        CUdeviceptr at = (CUdeviceptr)(uintptr_t)c->ptr[arg] + c->at[arg] * sizeof(float);
        for (unsigned k = 0; k < l->nstages; k++)
            for (unsigned i = 0; i < l->stages[k].nparams; i++) {
                tn_param *p = &l->stages[k].params[i];
                if (p->kind == TN_P_SCRATCH && p->value == l->results[r].offset) {
                    *p = (tn_param){ TN_P_U64, at, 0 };
                    pointed++;
                }
            }
        if (pointed == 0)
            return tn_fail(TN_ERR_DEVICE, "cuda: %s's plan writes %s through no stage parameter", op->name,
                           op->args[arg].name);
    }
    l->nresults = 0;
    return TN_OK;
}

/* A traced call's stages, as launched. */
static void cu_trace_stages(const tn_launch *l, tn_gpu_trace *trace)
{
    if (!trace)
        return;
    trace->nstages = l->nstages;
    for (unsigned k = 0; k < l->nstages; k++) {
        const tn_stage *st = &l->stages[k];
        trace->stages[k] = (tn_trace_stage){st->entry, {st->grid[0], st->grid[1]}, st->block, st->shared};
    }
}

/* The op's launch plan on the device's stream; then its results, copied from the scratch to
 * the host (which waits for the stages), unless they go to device buffers. */
static tn_status cu_run_locked(cu_device *d, const tn_op *op, const tn_call *c, tn_gpu_trace *trace)
{
    if (!op->cuda_plan)
        return tn_fail(TN_ERR_BACKEND_UNAVAILABLE, "tn_dev_%s: no PTX for this op", op->name);
    tn_launch l = { 0 };
    tn_gpu_info g = { .sms = (unsigned)d->sms };
    op->cuda_plan(c, &g, &l);
    if (l.nstages == 0)
        return TN_OK;
    CUmodule m = NULL;
    tn_status s = c->results_on_device ? cu_results_to_buffers(op, c, &l) : TN_OK;
    if (s == TN_OK)
        s = cu_module(d, op, &m);
    if (s == TN_OK)
        s = cu_scratch(d, l.scratch_bytes);
    if (s == TN_OK)
        s = cu_counters(d, l.counter_bytes);
    if (s == TN_OK) {
        cu_trace_stages(&l, trace);
        cu_stamp_begin(d, trace);
    }
    for (unsigned k = 0; s == TN_OK && k < l.nstages; k++)
        s = cu_stage(d, m, op, c, &l.stages[k]);
    cu_stamp_end(d, trace, s);
    if (s == TN_OK && l.nresults > 0)
        s = cu_check(cu.stream_synchronize(d->stream), "cuStreamSynchronize");
    for (unsigned r = 0; s == TN_OK && r < l.nresults; r++) {
        const tn_arg *a = &op->args[l.results[r].arg];
        uint32_t bits = 0;
        s = cu_check(cu.memcpy_dtoh(&bits, d->scratch + l.results[r].offset, sizeof bits), "cuMemcpyDtoH (result)");
        if (s == TN_OK)
            tn_store_result(a, c->ptr[l.results[r].arg], bits);
    }
    return s;
}

static tn_status cu_run(void *impl, const tn_op *op, const tn_call *c, tn_gpu_trace *trace)
{
    cu_device *d = impl;
    tn_status s;
    WITH_DEVICE(d, s = cu_run_locked(d, op, c, trace));
    return s;
}

const tn_gpu_backend tn_cuda_backend = {
    .name = "cuda",
    .count = cu_count,
    .why_none = cu_why_none,
    .open = cu_open,
    .close = cu_close,
    .alloc = cu_alloc,
    .free = cu_free,
    .alloc_mapped = cu_alloc_mapped,
    .free_mapped = cu_free_mapped,
    .write = cu_write,
    .read = cu_read,
    .copy = cu_copy,
    .run = cu_run,
    .sync = cu_sync,
    .timer_start = cu_timer_start,
    .timer_stop = cu_timer_stop,
    .stamp_read = cu_stamp_read,
    .stamp_release = cu_stamp_release,
    .peaks = cu_peaks,
};
