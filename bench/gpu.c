/* GPU benchmarks: the same ops on device buffers, timed by device events (CUDA) around a
 * calibrated batch of calls, compared with PyTorch timings taken on the same machine. */
#define _GNU_SOURCE /* sched_setaffinity, sched_getcpu */
#include "bench.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>

static const tn_op *runtime_op(const char *name)
{
    for (int i = 0; i < tn_op_count; i++)
        if (strcmp(tn_ops[i]->name, name) == 0)
            return tn_ops[i];
    return NULL;
}

/* What one timed call does: the op (results to the host), the op with its results into a device
 * buffer (tn_dev_<op>_to), or a device-to-device copy. */
typedef struct gpu_work {
    const tn_op *op;
    tn_call c; /* ptr[] hold tn_buffer pointers (and host pointers for results to the host) */
    bool to_buffers;
    tn_buffer *copy_dst, *copy_src; /* set: the work is this copy, of copy_count floats */
    size_t copy_count;
} gpu_work;

static tn_status call_once(tn_device *dev, const gpu_work *w)
{
    if (w->copy_dst)
        return tn_buffer_copy(w->copy_dst, 0, w->copy_src, 0, w->copy_count);
    tn_call c = w->c;
    return w->to_buffers ? tn_run_device_to(dev, w->op, &c) : tn_run_device(dev, w->op, &c);
}

/* Seconds per call over `calls` calls, by the device's clock. */
static tn_status time_calls(tn_device *dev, const gpu_work *w, long calls, int plant, double *per_call)
{
    tn_status s = tn_device_timer_start(dev);
    for (long i = 0; s == TN_OK && i < calls; i++)
        s = call_once(dev, w);
    double seconds = 0;
    if (s == TN_OK)
        s = tn_device_timer_stop(dev, &seconds);
    *per_call = seconds * (1.0 + plant / 100.0) / (double)calls;
    return s;
}

/* Warms w up, then finds the calls per sample that take at least a sample's time. */
static tn_status calibrate(const bench_options *o, tn_device *dev, const gpu_work *w, long *calls)
{
    tn_status s = TN_OK;
    double per_call = 0;
    *calls = 1;
    for (int warm = 0; s == TN_OK && warm < 3; warm++)
        s = call_once(dev, w);
    while (s == TN_OK && (s = time_calls(dev, w, *calls, 0, &per_call)) == TN_OK &&
           per_call * (double)*calls < o->sample_seconds && *calls < (1L << 20))
        *calls *= 4;
    return s;
}

/* NVIDIA's driver runs Vulkan work at about 0.57x speed for a while once the device has been
 * idle or lightly used for a second or two (an add of 2^28 floats took 1.13 or 1.97 ms in one
 * process, switching at random), and returns to full speed after about 0.2 s of heavy work;
 * CUDA is not affected. A case's uploads leave the device idle, and a small op alone keeps it
 * lightly used, so before each case the device copies a large buffer back to back for
 * BURN_SECONDS of device time. */
static const double BURN_SECONDS = 0.3;
enum { BURN_FLOATS = 1 << 26, BURN_BATCH = 8 };

typedef struct burner {
    tn_buffer *from, *to; /* NULL: none (the device lacked the memory); cases run without */
} burner;

static void burner_open(tn_device *dev, burner *b)
{
    *b = (burner){ 0 };
    if (tn_buffer_create(dev, BURN_FLOATS, &b->from) != TN_OK || tn_buffer_create(dev, BURN_FLOATS, &b->to) != TN_OK) {
        tn_buffer_destroy(b->from);
        *b = (burner){ 0 };
    }
}

static void burner_close(burner *b)
{
    tn_buffer_destroy(b->from);
    tn_buffer_destroy(b->to);
}

static tn_status burn(tn_device *dev, const burner *b)
{
    tn_status s = TN_OK;
    for (double busy = 0, seconds = 0; b->from && s == TN_OK && busy < BURN_SECONDS; busy += seconds) {
        s = tn_device_timer_start(dev);
        for (int k = 0; s == TN_OK && k < BURN_BATCH; k++)
            s = tn_buffer_copy(b->to, 0, b->from, 0, BURN_FLOATS);
        if (s == TN_OK)
            s = tn_device_timer_stop(dev, &seconds);
        if (seconds <= 0)
            break;
    }
    return s;
}

/* A peer's seconds per call for (op, n) from bench/torch_peers.py's JSON (peer "" is PyTorch
 * itself, "triton" its fused Triton kernel); 0 when absent. */
static double torch_seconds(const json *torch, const char *op, long long n, const char *peer)
{
    const json *results = json_get(torch, "results");
    for (int i = 0; results && i < results->count; i++) {
        const json *r = results->items[i];
        if (strcmp(json_string(r, "op", ""), op) == 0 && (long long)json_number(r, "n", -1) == n &&
            strcmp(json_string(r, "peer", ""), peer) == 0)
            return json_number(r, "seconds", 0);
    }
    return 0;
}

/* A peer's row, derived from ours (same work) with its one timing. */
static void peer_row(bench_run *run, const bench_case *ours, const char *name, double seconds)
{
    if (seconds <= 0)
        return;
    bench_case *pc = bench_add_case(run);
    *pc = *ours;
    snprintf(pc->variant, sizeof pc->variant, "%s", name);
    pc->peer = true;
    pc->nsamples = 1;
    pc->samples[0] = pc->median = pc->lo = pc->hi = seconds;
    pc->speedup = seconds / ours->median;
}

/* An op with a result, its result into a device buffer (queued, no wait), against two device
 * copies from the op's first input to another buffer, sampled in turn in the same run:
 * "device-copy" copies the whole input and is scaled to the op's bytes, as copy-bar is (a copy
 * moves 8 bytes an element); "device-copy-bytes" copies as many elements as move the op's
 * bytes, unscaled, so that it also pays a launch's fixed cost once (at 16M floats that cost is
 * about a tenth of a reduction's time, and scaling halves it). */
static tn_status bench_results_on_device(const bench_options *o, bench_run *run, tn_device *dev, const burner *burner,
                                         const gpu_work *host, const bench_case *ours, tn_buffer *const *bufs)
{
    enum { COPIES = 2 };
    static const char *const names[COPIES] = { "device-copy", "device-copy-bytes" };
    const tn_op *op = host->op;
    gpu_work to = *host, copy[COPIES];
    tn_buffer *result = NULL, *src = NULL, *dst = NULL;
    to.to_buffers = true;
    tn_status s = tn_buffer_create(dev, 1, &result);
    for (int i = 0; i < op->nargs; i++) {
        if (op->results & (1u << i)) {
            to.c.ptr[i] = result;
            to.c.at[i] = 0;
        } else if ((op->arrays & (1u << i)) && !src) {
            src = bufs[i];
        }
    }
    size_t length = src ? tn_buffer_length(src) : 0, same = (size_t)(ours->bytes / 8.0);
    if (s == TN_OK && src)
        s = tn_buffer_create(dev, length, &dst);
    for (int k = 0; k < COPIES; k++)
        copy[k] = (gpu_work){ .op = op, .copy_src = src, .copy_dst = dst, .copy_count = k == 0 ? length : same < length ? same : length };
    long to_calls = 1, copy_calls[COPIES] = { 1, 1 };
    if (s == TN_OK)
        s = burn(dev, burner);
    if (s == TN_OK)
        s = calibrate(o, dev, &to, &to_calls);
    for (int k = 0; k < COPIES && s == TN_OK && dst; k++)
        s = calibrate(o, dev, &copy[k], &copy_calls[k]);
    bench_case *tc = s == TN_OK ? bench_add_case(run) : NULL;
    double copies[COPIES][BENCH_MAX_SAMPLES];
    int ncopies = 0;
    for (int j = 0; tc && j < o->samples && s == TN_OK; j++) {
        double per_call = 0;
        if ((s = time_calls(dev, &to, to_calls, o->plant_percent, &per_call)) == TN_OK)
            tc->samples[tc->nsamples++] = per_call;
        for (int k = 0; k < COPIES && s == TN_OK && dst; k++)
            if ((s = time_calls(dev, &copy[k], copy_calls[k], 0, &per_call)) == TN_OK)
                copies[k][ncopies] = per_call;
        ncopies += s == TN_OK && dst;
    }
    if (tc) {
        int nsamples = tc->nsamples;
        double samples[BENCH_MAX_SAMPLES];
        memcpy(samples, tc->samples, sizeof samples);
        *tc = *ours;
        snprintf(tc->variant, sizeof tc->variant, "%s-to-buffer", run->backend);
        tc->nsamples = nsamples;
        memcpy(tc->samples, samples, sizeof samples);
        bench_summarize(tc);
        bench_case to_case = *tc;
        for (int k = 0; k < COPIES && ncopies > 0; k++) {
            bench_case cc = to_case;
            cc.nsamples = ncopies;
            memcpy(cc.samples, copies[k], sizeof copies[k]);
            bench_summarize(&cc);
            double scale = k == 0 ? to_case.bytes / (8.0 * (double)copy[k].copy_count) : 1.0;
            peer_row(run, &to_case, names[k], cc.median * scale);
        }
    }
    tn_buffer_destroy(dst);
    tn_buffer_destroy(result);
    return s;
}

static tn_status bench_gpu_size(const bench_options *o, bench_run *run, tn_device *dev, const burner *burner, const bench_op *bop,
                                const tn_op *op, const size_t *dims, const json *torch)
{
    tn_buffer *bufs[TN_MAX_ARGS] = {0};
    double results[TN_MAX_ARGS]; /* room for each host result (float or size_t) */
    tn_call c = {0};
    memcpy(c.dim, dims, sizeof c.dim);
    tn_status s = TN_OK;
    char shape[48];
    long long key = bench_size_key(bop->ndims, dims, shape, sizeof shape);
    for (int i = 0; s == TN_OK && i < op->nargs; i++) {
        const tn_arg *a = &op->args[i];
        if (a->role == TN_SCALAR) {
            c.scalar[i] = strcmp(a->name, "eps") == 0 ? 1e-5f : i % 2 ? 0.5f : -0.5f;
            continue;
        }
        if (tn_is_result(a)) {
            c.ptr[i] = &results[i];
            continue;
        }
        if (a->rank == 2)
            c.ld[i] = dims[a->dim[1]];
        size_t n = tn_arg_extent(op, &c, i);
        float *host = malloc((n ? n : 1) * sizeof *host);
        s = host ? TN_OK : tn_fail(TN_ERR_OUT_OF_MEMORY, "tn_bench: %zu floats of host memory for %s", n, a->name);
        for (size_t e = 0; host && e < n; e++)
            host[e] = (float)(bop->domain[0] + (bop->domain[1] - bop->domain[0]) * (double)(e % 1021) / 1021.0);
        if (s == TN_OK)
            s = tn_buffer_create(dev, n, &bufs[i]);
        if (s == TN_OK)
            s = tn_buffer_write(bufs[i], 0, host, n);
        free(host);
        c.ptr[i] = bufs[i];
    }
    gpu_work w = { .op = op, .c = c };
    long calls = 1;
    double per_call = 0;
    if (s == TN_OK)
        s = burn(dev, burner);
    if (s == TN_OK)
        s = calibrate(o, dev, &w, &calls);
    bench_case *bc = s == TN_OK ? bench_add_case(run) : NULL;
    for (int k = 0; bc && k < o->samples && s == TN_OK; k++)
        if ((s = time_calls(dev, &w, calls, o->plant_percent, &per_call)) == TN_OK)
            bc->samples[bc->nsamples++] = per_call;
    if (bc) {
        snprintf(bc->op, sizeof bc->op, "%s", bop->name);
        snprintf(bc->variant, sizeof bc->variant, "%s", run->backend);
        bc->n = key;
        snprintf(bc->shape, sizeof bc->shape, "%s", shape);
        bc->flops = bop->flops(dims);
        bc->bytes = bop->bytes(dims);
        bc->level = LEVEL_DRAM;
        bench_summarize(bc);
        /* bench_add_case may move the cases: keep a copy of ours to derive the peers' rows from. */
        bench_case ours = *bc;
        bc = &ours;
        peer_row(run, bc, "pytorch", torch_seconds(torch, bop->name, key, ""));
        peer_row(run, bc, "triton", torch_seconds(torch, bop->name, key, "triton"));
        /* The streaming bar: a device-to-device copy moving as many bytes as this op does. */
        double elements = (double)dims[0] * (bop->ndims > 1 ? (double)dims[1] : 1.0);
        peer_row(run, bc, "copy-bar", torch_seconds(torch, "copy", key, "") * bc->bytes / (8.0 * elements));
        if (op->results && s == TN_OK)
            s = bench_results_on_device(o, run, dev, burner, &w, bc, bufs);
    }
    for (int i = 0; i < op->nargs; i++)
        tn_buffer_destroy(bufs[i]);
    return s;
}

/* The calling thread on the CPU it runs on (the driver's threads, made when the device opened,
 * stay free: lavapipe's workers are the device). Calls that wait for a result are round trips
 * between the host and the device: on the H100 machine, 2 of 6 processes ran Vulkan's
 * host-result sums 1.5-1.9x slower than the others unpinned, none of 6 pinned by taskset. */
static void pin_to_one_cpu(void)
{
    int cpu = sched_getcpu();
    cpu_set_t set;
    CPU_ZERO(&set);
    if (cpu >= 0 && cpu < CPU_SETSIZE) {
        CPU_SET(cpu, &set);
        sched_setaffinity(0, sizeof set, &set);
    }
}

int bench_run_gpu(const bench_options *o, bench_run *run)
{
    snprintf(run->backend, sizeof run->backend, "%s", o->backend);
    int count = 0;
    tn_device *dev = NULL;
    if (tn_device_count(o->backend, &count) != TN_OK || count == 0 || tn_device_open(o->backend, 0, &dev) != TN_OK) {
        fprintf(stderr, "tn_bench: no %s device to benchmark: %s\n(what this machine has:)\n%s", o->backend,
                count == 0 ? "none found" : tn_last_error(), tn_describe());
        return 2;
    }
    snprintf(run->device, sizeof run->device, "%s", tn_device_name(dev));
    pin_to_one_cpu();
    json *torch = NULL;
    char err[300];
    if (o->torch_json && !(torch = json_load(o->torch_json, err, sizeof err)))
        fprintf(stderr, "tn_bench: no PyTorch comparison: %s\n", err);
    burner burner;
    burner_open(dev, &burner);
    int rc = 0;
    for (int i = 0; i < bench_op_count && rc == 0; i++) {
        const bench_op *bop = &bench_ops[i];
        const tn_op *op = runtime_op(bop->name);
        if (!op || !(strcmp(o->backend, "cuda") == 0 ? (const void *)op->ptx : (const void *)op->shaders) ||
            !bench_wants_op(o, bop->name))
            continue;
        size_t sizes[BENCH_MAX_SIZES][TN_MAX_DIMS];
        int nsizes = bench_pick_sizes(o, bop->ndims, bop->gpu_sizes, bop->ngpu_sizes, sizes);
        for (int k = 0; k < nsizes && rc == 0; k++) {
            const size_t *dims = sizes[k];
            size_t elements = 1;
            for (int d = 0; d < bop->ndims; d++)
                elements *= dims[d];
            if (!o->quiet)
                fprintf(stderr, "tn_bench: %s %s %zu elements\n", o->backend, bop->name, elements);
            if (bench_gpu_size(o, run, dev, &burner, bop, op, dims, torch) != TN_OK) {
                fprintf(stderr, "tn_bench: %s (%zu elements) on %s: %s\n", bop->name, elements, o->backend,
                        tn_last_error());
                rc = 1;
            }
        }
    }
    json_free(torch);
    burner_close(&burner);
    tn_device_close(dev);
    return rc;
}
