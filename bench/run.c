/* The timing loop: per (op, size), every variant of ours and every peer, calibrated, warmed up,
 * then sampled in turn (interleaved, so that a neighbour's load falls on all of them alike). */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_SETS = 128, MAX_CANDIDATES = 16 };

/* Rotated buffers reach past the last-level cache this many times over. */
static const double rotation_bytes = 128.0 * 1024 * 1024;

bool bench_wants_op(const bench_options *o, const char *op)
{
    if (!o->ops)
        return true;
    size_t len = strlen(op);
    for (const char *p = o->ops; *p;) {
        const char *end = strchr(p, ',');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n == len && strncmp(p, op, n) == 0)
            return true;
        p += n + (end != NULL);
    }
    return false;
}

bench_case *bench_add_case(bench_run *run)
{
    if (run->count == run->cap) {
        int cap = run->cap ? run->cap * 2 : 64;
        bench_case *grown = realloc(run->cases, (size_t)cap * sizeof *grown);
        if (!grown) {
            fputs("tn_bench: out of memory\n", stderr);
            exit(3);
        }
        run->cases = grown;
        run->cap = cap;
    }
    bench_case *c = &run->cases[run->count++];
    memset(c, 0, sizeof *c);
    return c;
}

void bench_run_free(bench_run *run)
{
    free(run->cases);
    json_free(run->machine);
    memset(run, 0, sizeof *run);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median, and the order statistics that bound it with 95% confidence (binomial, p = 1/2). */
void bench_summarize(bench_case *c)
{
    int n = c->nsamples;
    if (n == 0)
        return;
    double sorted[BENCH_MAX_SAMPLES];
    memcpy(sorted, c->samples, (size_t)n * sizeof sorted[0]);
    qsort(sorted, (size_t)n, sizeof sorted[0], by_value);
    c->median = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
    double cdf = 0, p = ldexp(1.0, -n); /* P(Bin(n, 1/2) = 0) */
    int k = 0;
    while (k < n / 2 && cdf + p <= 0.025) { /* P(Bin < k + 1) stays within 2.5% */
        cdf += p;
        p *= (double)(n - k) / (k + 1);
        k++;
    }
    c->lo = sorted[k > 0 ? k - 1 : 0];
    c->hi = sorted[n - (k > 0 ? k : 1)];
}

/* The roofline bound's time over the measured one. The limits are the two measured at start:
 * the FMA peak (every case) and the DRAM read floor (cases streamed from DRAM); a cache-resident
 * case is held to the FMA peak only, as no cache rate is promised. */
double bench_of_limit(const bench_case *c, double peak, double dram_bw)
{
    double bound = peak > 0 ? c->flops / peak : 0;
    if (c->level == LEVEL_DRAM && dram_bw > 0)
        bound = fmax(bound, c->bytes / dram_bw);
    return c->median > 0 ? bound / c->median : 0;
}

/* ---- operands ---- */

typedef struct operand_sets {
    int count;
    void *blocks[MAX_SETS][TN_MAX_ARGS];
    tn_call calls[MAX_SETS];
    size_t extent[TN_MAX_ARGS]; /* floats each array spans */
    double results[MAX_SETS][TN_MAX_ARGS]; /* room for each host result (float or size_t) */
} operand_sets;

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static float uniform(double lo, double hi)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (float)(lo + (hi - lo) * (double)(rng_state >> 11) * 0x1p-53);
}

/* The case's dims from a shape of the table; matrices are dense (ld = cols). */
static tn_call shape_call(const tn_op *op, const size_t *dims)
{
    tn_call c = {0};
    memcpy(c.dim, dims, sizeof c.dim);
    for (int i = 0; i < op->nargs; i++)
        if (op->args[i].rank == 2)
            c.ld[i] = dims[op->args[i].dim[1]];
    return c;
}

/* Each array starts at its own offset within a 4 KiB page, so that loads of one and stores
 * to another never alias in the store buffer (4K aliasing would slow some pairs only). */
static bool make_sets(operand_sets *s, const bench_op *bop, const tn_op *op, const size_t *dims, int count,
                      int misalign)
{
    memset(s, 0, sizeof *s);
    s->count = count;
    for (int k = 0; k < count; k++) {
        tn_call *c = &s->calls[k];
        *c = shape_call(op, dims);
        int scalars = 0;
        for (int i = 0; i < op->nargs && i < TN_MAX_ARGS; i++) {
            const tn_arg *a = &op->args[i];
            if (a->role == TN_SCALAR) {
                /* -0.5 then 0.5: a = -0.5 for axpy and scale, [lo, hi] = [-0.5, 0.5] for clamp;
                 * a small eps for the norms */
                c->scalar[i] = scalars++ % 2 ? 0.5f : -0.5f;
                if (strcmp(a->name, "eps") == 0)
                    c->scalar[i] = 1e-5f;
                continue;
            }
            if (tn_is_result(a)) {
                c->ptr[i] = &s->results[k][i];
                continue;
            }
            size_t n = s->extent[i] = tn_arg_extent(op, c, i);
            size_t offset = (size_t)((i * 5 + k * 3) % 64) * 64 + (size_t)misalign;
            char *block = aligned_alloc(4096, (n * sizeof(float) + offset + 4095) / 4096 * 4096);
            if (!block)
                return false;
            s->blocks[k][i] = block;
            float *p = (float *)(block + offset);
            for (size_t e = 0; e < n; e++)
                p[e] = uniform(bop->domain[0], bop->domain[1]);
            c->ptr[i] = p;
        }
    }
    return true;
}

static void free_sets(operand_sets *s)
{
    for (int k = 0; k < s->count; k++)
        for (int i = 0; i < TN_MAX_ARGS; i++)
            free(s->blocks[k][i]);
}

/* ---- candidates ---- */

typedef struct candidate {
    const char *name;
    bool peer;
    int target; /* ours: index in tn_cpu_targets; -1: the public call (dispatch included) */
    void (*peer_fn)(const tn_call *);
    bool read_floor; /* the read-floor peer: reads every array once */
    long calls;      /* per sample */
    bench_case *result;
} candidate;

static void invoke(const candidate *c, const tn_op *op, operand_sets *s, int k)
{
    if (c->read_floor)
        bench_read_operands(s->calls[k].ptr, s->extent, TN_MAX_ARGS);
    else if (c->peer)
        c->peer_fn(&s->calls[k]);
    else if (c->target >= 0)
        op->cpu_call(op->cpu[c->target], &s->calls[k]);
    else
        tn_run_host(op, &s->calls[k]);
}

/* Seconds per call over `calls` calls, rotating through the operand sets. */
static double time_calls(const candidate *c, const tn_op *op, operand_sets *s, long calls, int *next, int plant)
{
    double t0 = bench_now();
    for (long j = 0; j < calls; j++) {
        invoke(c, op, s, *next);
        *next = (*next + 1) % s->count;
    }
    double t = bench_now() - t0;
    if (plant > 0 && !c->peer) { /* a calibrated delay: this sample takes plant% longer */
        double until = bench_now() + t * plant / 100.0;
        while (bench_now() < until)
            continue;
        t *= 1.0 + plant / 100.0;
    }
    return t / (double)calls;
}

/* Warm-up (page faults, caches, clocks) and the number of calls that makes a sample long enough. */
static void calibrate(candidate *c, const tn_op *op, operand_sets *s, double sample_seconds)
{
    /* the public call once, checked: a refused call would time only the argument check */
    if (!c->peer && !c->read_floor && c->target < 0 && tn_run_host(op, &s->calls[0]) != TN_OK) {
        fprintf(stderr, "tn_bench: %s refuses the benchmark's call: %s\n", op->name, tn_last_error());
        exit(3);
    }
    int next = 0;
    double warm_until = bench_now() + sample_seconds * 2;
    for (int i = 0; i < 2 || bench_now() < warm_until; i++)
        invoke(c, op, s, (next = (next + 1) % s->count));
    long calls = 1;
    for (;;) {
        double per_call = time_calls(c, op, s, calls, &next, 0);
        if (per_call * (double)calls >= sample_seconds || calls >= (1L << 30))
            break;
        double want = sample_seconds / (per_call > 0 ? per_call : 1e-9) * 1.1;
        calls = want > (double)calls * 8 ? calls * 8 : (long)want + 1;
    }
    c->calls = calls;
}

static const tn_op *runtime_op(const char *name)
{
    for (int i = 0; i < tn_op_count; i++)
        if (strcmp(tn_ops[i]->name, name) == 0)
            return tn_ops[i];
    return NULL;
}

/* The case's size key: n for one dim; rows << 32 | cols for two (unique among shapes). */
long long bench_size_key(int ndims, const size_t *dims, char *shape, size_t len)
{
    if (ndims == 1) {
        shape[0] = '\0';
        return (long long)dims[0];
    }
    snprintf(shape, len, "%zux%zu", dims[0], dims[1]);
    return (long long)(dims[0] << 32 | dims[1]);
}

static int bench_size(const bench_options *o, bench_run *run, const bench_op *bop, const tn_op *op, const size_t *dims)
{
    double ws = bop->bytes(dims);
    bench_level level = bench_level_of(ws);
    int sets = level == LEVEL_DRAM ? (int)ceil(rotation_bytes / ws) : 1;
    sets = sets > MAX_SETS ? MAX_SETS : sets < 1 ? 1 : sets;
    operand_sets *s = malloc(sizeof *s);
    char shape[48];
    long long key = bench_size_key(bop->ndims, dims, shape, sizeof shape);
    if (!s || !make_sets(s, bop, op, dims, sets, o->misalign)) {
        fprintf(stderr, "tn_bench: out of memory for %s at %s%lld\n", bop->name, shape[0] ? "" : "n = ", key);
        if (s)
            free_sets(s);
        free(s);
        return 3;
    }
    candidate cands[MAX_CANDIDATES];
    int nc = 0, best_target = -1;
    unsigned have = tn_cpu_detect();
    for (int t = 0; t < tn_cpu_target_count && t < BENCH_MAX_TARGETS; t++)
        if (op->cpu[t] && (tn_cpu_targets[t].needs & ~have) == 0) {
            cands[nc++] = (candidate){.name = tn_cpu_targets[t].name, .target = t};
            best_target = t;
        }
    cands[nc++] = (candidate){.name = "api", .target = -1};
    cands[nc++] = (candidate){.name = "plain-c", .peer = true, .peer_fn = bop->peer};
    if (level == LEVEL_DRAM)
        cands[nc++] = (candidate){.name = "read-floor", .peer = true, .read_floor = true};
    bench_peer peers[4];
    int np = bench_library_peers(bop->name, peers, 4);
    for (int i = 0; i < np; i++)
        cands[nc++] = (candidate){.name = peers[i].name, .peer = true, .peer_fn = peers[i].fn};
    for (int i = 0; i < nc; i++) {
        calibrate(&cands[i], op, s, o->sample_seconds);
        bench_case *bc = bench_add_case(run);
        snprintf(bc->op, sizeof bc->op, "%s", bop->name);
        snprintf(bc->variant, sizeof bc->variant, "%s", cands[i].name);
        bc->peer = cands[i].peer;
        bc->n = key;
        snprintf(bc->shape, sizeof bc->shape, "%s", shape);
        bc->flops = bop->flops(dims);
        bc->bytes = ws;
        bc->level = level;
        cands[i].result = bc;
    }
    /* bench_add_case may have moved the cases: point at where they are now. */
    for (int i = 0; i < nc; i++)
        cands[i].result = &run->cases[run->count - nc + i];
    int next = 0;
    for (int k = 0; k < o->samples; k++) /* interleaved: one sample of each candidate in turn */
        for (int i = 0; i < nc; i++) {
            bench_case *bc = cands[i].result;
            bc->samples[bc->nsamples++] = time_calls(&cands[i], op, s, cands[i].calls, &next, o->plant_percent);
        }
    const bench_case *best = NULL;
    for (int i = 0; i < nc; i++) {
        bench_case *bc = cands[i].result;
        bench_summarize(bc);
        int t = cands[i].peer || cands[i].target < 0 ? -1 : cands[i].target;
        double peak = t >= 0 ? run->limits.peak[t] : run->limits.native_peak;
        bc->of_limit = bench_of_limit(bc, peak, run->limits.read_bw[LEVEL_DRAM]);
        if (cands[i].target == best_target && !cands[i].peer)
            best = bc;
    }
    for (int i = 0; i < nc; i++)
        if (cands[i].peer && best)
            cands[i].result->speedup = cands[i].result->median / best->median;
    free_sets(s);
    free(s);
    return 0;
}

int bench_pick_sizes(const bench_options *o, int ndims, const long long *list, int nlist, size_t sizes[][TN_MAX_DIMS])
{
    int count = 0;
    bool listed = false;
    for (int k = 0; k < nlist && count < BENCH_MAX_SIZES; k++) {
        long long elements = 1;
        for (int d = 0; d < ndims; d++)
            elements *= list[k * ndims + d];
        listed = listed || elements == o->only_n;
        if ((o->max_n && elements > o->max_n) || (o->only_n && elements != o->only_n))
            continue;
        memset(sizes[count], 0, sizeof sizes[count]);
        for (int d = 0; d < ndims; d++)
            sizes[count][d] = (size_t)list[k * ndims + d];
        count++;
    }
    /* A vector of any length is a size of an op of one dim; a shape cannot be made up from N. */
    if (o->only_n && !listed && ndims == 1 && !(o->max_n && o->only_n > o->max_n)) {
        memset(sizes[0], 0, sizeof sizes[0]);
        sizes[0][0] = (size_t)o->only_n;
        count = 1;
    }
    return count;
}

int bench_run_cpu(const bench_options *o, bench_run *run)
{
    snprintf(run->backend, sizeof run->backend, "cpu");
    snprintf(run->device, sizeof run->device, "%s", tn_cpu_model());
    snprintf(run->openblas_core, sizeof run->openblas_core, "%s", bench_openblas_core());
    if (!o->quiet && !o->keep_limits)
        fprintf(stderr, "tn_bench: measuring this machine's limits...\n");
    if (!o->keep_limits)
        bench_measure_limits(&run->limits);
    for (int i = 0; i < bench_op_count; i++) {
        const bench_op *bop = &bench_ops[i];
        const tn_op *op = runtime_op(bop->name);
        if (!op || !bench_wants_op(o, bop->name))
            continue;
        size_t sizes[BENCH_MAX_SIZES][TN_MAX_DIMS];
        int nsizes = bench_pick_sizes(o, bop->ndims, bop->sizes, bop->nsizes, sizes);
        for (int k = 0; k < nsizes; k++) {
            const size_t *dims = sizes[k];
            char shape[48];
            long long key = bench_size_key(bop->ndims, dims, shape, sizeof shape);
            if (!o->quiet && shape[0])
                fprintf(stderr, "tn_bench: %s %s\n", bop->name, shape);
            else if (!o->quiet)
                fprintf(stderr, "tn_bench: %s n=%lld\n", bop->name, key);
            int rc = bench_size(o, run, bop, op, dims);
            if (rc)
                return rc;
        }
    }
    return 0;
}
