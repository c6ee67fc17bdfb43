/* Profiler reports of GPU records: their stages and sources, the roofline, a summary per kernel
 * and lane, and the records' parts of the text, JSON and Chrome exports. */
#include "prof_internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

const char *prof_stage_entry(const prof_record *r, unsigned k)
{
    unsigned e = r->stages[k].entry;
    if (r->cuda)
        return r->op && e < r->op->ncuda_entries ? r->op->cuda_entries[e] : "?";
    return "main"; /* every shader's entry point */
}

uint64_t prof_stage_hash(const prof_record *r, unsigned k)
{
    unsigned e = r->stages[k].entry;
    if (!r->op)
        return 0;
    if (r->cuda)
        return r->op->ptx_hash;
    return e < r->op->nshaders ? r->op->shaders[e].hash : 0;
}

double prof_bound_ns(const prof_graph *g, uint32_t lane, const prof_record *r, double bytes, double flops,
                     const char **limit)
{
    *limit = NULL;
    const prof_lane *l = lane < (uint32_t)g->nlanes ? &g->lanes[lane] : NULL;
    if (!l || !l->stream || (r->kind == PROF_TRANSFER && r->direction != PROF_ON_DEVICE))
        return 0; /* host transfers are bound by the bus, which no limit here describes */
    double memory = l->bytes_per_second > 0 ? bytes / l->bytes_per_second * 1e9 : 0;
    double compute = l->flops_per_second > 0 ? flops / l->flops_per_second * 1e9 : 0;
    if (memory <= 0 && compute <= 0)
        return 0;
    *limit = memory >= compute ? "memory" : "compute";
    return memory >= compute ? memory : compute;
}

/* ---- the summary per lane and kernel ---- */

typedef struct ksum {
    uint32_t lane;
    uint8_t kind;
    int what;
    uint64_t count, device_timed;
    int64_t total, min, max;
    double bytes, flops;
    const prof_record *first;
} ksum;

/* The records summed per lane and kernel (or transfer direction), each lane's in the order
 * they first started; NULL when there are none (or no memory for them). */
static ksum *kernel_sums(const prof_graph *g, int *n)
{
    *n = 0;
    ksum *sums = g->nrecords ? calloc((size_t)g->nrecords, sizeof *sums) : NULL;
    for (int v = 0; sums && v < g->nnodes; v++) {
        const prof_node *x = &g->nodes[v].n;
        if (x->kind != PROF_KERNEL && x->kind != PROF_TRANSFER)
            continue;
        const prof_record *r = &g->records[x->record];
        int k = 0;
        while (k < *n && !(sums[k].lane == x->lane && sums[k].kind == x->kind && sums[k].what == x->what))
            k++;
        ksum *s = &sums[k];
        if (k == *n) {
            *s = (ksum){.lane = x->lane, .kind = x->kind, .what = x->what, .min = INT64_MAX, .first = r};
            (*n)++;
        }
        int64_t d = x->end - x->start;
        s->count++;
        s->device_timed += r->device_time;
        s->total += d;
        s->min = d < s->min ? d : s->min;
        s->max = d > s->max ? d : s->max;
        s->bytes += r->bytes;
        s->flops += r->flops;
    }
    return sums;
}

static const char *sum_name(const ksum *s)
{
    return s->kind == PROF_KERNEL ? s->first->op->name : prof_direction_name((prof_direction)s->what);
}

/* Which clock timed them: "device", "host" (sync none, or no timestamps), or "mixed". */
static const char *sum_clock(const ksum *s)
{
    return s->device_timed == s->count ? "device" : s->device_timed == 0 ? "host" : "mixed";
}

/* ---- text ---- */

/* "12.3", a rate in G per second, or "-" when there is no time or nothing counted. */
static const char *rate(double amount, int64_t ns, char buf[32])
{
    if (ns <= 0 || amount <= 0)
        snprintf(buf, 32, "-");
    else
        snprintf(buf, 32, "%.2f", amount / (double)ns);
    return buf;
}

void prof_write_kernel_table(const prof_graph *g, FILE *f)
{
    int n = 0;
    ksum *sums = kernel_sums(g, &n);
    if (!n) {
        free(sums);
        return;
    }
    fprintf(f, "\n%-24s %-6s %7s %10s %10s %9s %9s %-7s %s\n", "gpu work", "lane", "count", "total ms", "mean us",
            "GB/s", "GFLOP/s", "clock", "roofline");
    for (int k = 0; k < n; k++) {
        const ksum *s = &sums[k];
        char total[32], gbs[32], gfs[32], roof[48] = "-";
        const char *limit = NULL;
        double bound = prof_bound_ns(g, s->lane, s->first, s->bytes, s->flops, &limit);
        if (bound > 0 && s->total > 0)
            snprintf(roof, sizeof roof, "%.1f%% of %s", 100.0 * bound / (double)s->total, limit);
        fprintf(f, "%-24s %-6u %7" PRIu64 " %10s %10.1f %9s %9s %-7s %s\n", sum_name(s), s->lane, s->count,
                prof_ms(s->total, total), (double)s->total / (double)s->count * 1e-3, rate(s->bytes, s->total, gbs),
                rate(s->flops, s->total, gfs), sum_clock(s), roof);
    }
    for (int l = 0; l < g->nlanes; l++)
        if (g->lanes[l].stream)
            fprintf(f, "lane %d: %s; limits %s\n", l, g->lanes[l].name,
                    g->lanes[l].limits ? g->lanes[l].limits : "unknown (no roofline)");
    free(sums);
}

/* ---- JSON ---- */

static void json_hash(FILE *f, const char *key, uint64_t hash)
{
    const tn_kernel_source *k = tn_kernel_source_find(hash);
    fprintf(f, ", \"%s\": \"0x%016" PRIx64 "\", \"source\": ", key, hash);
    if (k)
        prof_json_string(f, k->path);
    else
        fputs("null", f);
    fputs(", \"listing\": ", f);
    if (k && k->listing)
        prof_json_string(f, k->listing);
    else
        fputs("null", f);
}

static void json_roofline(const prof_graph *g, uint32_t lane, const prof_record *r, double bytes, double flops,
                          int64_t ns, FILE *f)
{
    const char *limit = NULL;
    double bound = prof_bound_ns(g, lane, r, bytes, flops, &limit);
    if (bound <= 0 || ns <= 0)
        fputs(", \"roofline\": null", f);
    else
        fprintf(f, ", \"roofline\": {\"bound_ns\": %.1f, \"percent\": %.2f, \"limit\": \"%s\"}", bound,
                100.0 * bound / (double)ns, limit);
}

void prof_json_record(const prof_graph *g, int v, FILE *f)
{
    const prof_node *x = &g->nodes[v].n;
    const prof_record *r = &g->records[x->record];
    fprintf(f, ", \"record\": {\"backend\": \"%s\", \"time\": \"%s\"", r->cuda ? "cuda" : "vulkan",
            r->device_time ? "device" : "host");
    fprintf(f, ", \"call_start_ns\": %" PRId64 ", \"call_end_ns\": %" PRId64 ", \"bytes\": %.0f, \"flops\": %.0f",
            r->call_start, r->call_end, r->bytes, r->flops);
    if (r->kind == PROF_TRANSFER)
        fprintf(f, ", \"direction\": \"%s\"", prof_direction_name((prof_direction)r->direction));
    else {
        fputs(", \"op\": ", f);
        prof_json_string(f, r->op->name);
        json_hash(f, "hash", prof_stage_hash(r, 0));
        fputs(", \"stages\": [", f);
        for (unsigned k = 0; k < r->nstages; k++) {
            const tn_trace_stage *st = &r->stages[k];
            fprintf(f, "%s{\"entry\": ", k ? ", " : "");
            prof_json_string(f, prof_stage_entry(r, k));
            fprintf(f, ", \"grid\": [%u, %u], \"block\": %u, \"shared\": %u", st->grid[0], st->grid[1], st->block,
                    st->shared);
            json_hash(f, "hash", prof_stage_hash(r, k));
            fputc('}', f);
        }
        fputc(']', f);
    }
    json_roofline(g, x->lane, r, r->bytes, r->flops, x->end - x->start, f);
    fputc('}', f);
}

void prof_json_kernels(const prof_graph *g, FILE *f)
{
    int n = 0;
    ksum *sums = kernel_sums(g, &n);
    fputs("  \"kernels\": [", f);
    for (int k = 0; k < n; k++) {
        const ksum *s = &sums[k];
        fprintf(f, "%s\n    {\"lane\": %u, \"kind\": \"%s\", \"name\": ", k ? "," : "", s->lane,
                prof_kind_name((prof_kind)s->kind));
        prof_json_string(f, sum_name(s));
        fprintf(f,
                ", \"count\": %" PRIu64 ", \"clock\": \"%s\", \"total_ns\": %" PRId64 ", \"min_ns\": %" PRId64
                ", \"max_ns\": %" PRId64 ", \"mean_ns\": %" PRId64 ", \"bytes\": %.0f, \"flops\": %.0f",
                s->count, sum_clock(s), s->total, s->min, s->max, s->total / (int64_t)s->count, s->bytes, s->flops);
        if (s->kind == PROF_KERNEL)
            json_hash(f, "hash", prof_stage_hash(s->first, 0));
        json_roofline(g, s->lane, s->first, s->bytes, s->flops, s->total, f);
        fputc('}', f);
    }
    fputs("\n  ],\n", f);
    free(sums);
}

/* ---- Chrome trace ---- */

void prof_chrome_record_args(const prof_graph *g, int v, FILE *f)
{
    const prof_record *r = &g->records[g->nodes[v].n.record];
    fprintf(f, ", \"time\": \"%s\", \"bytes\": %.0f, \"flops\": %.0f", r->device_time ? "device" : "host", r->bytes,
            r->flops);
    if (r->kind == PROF_KERNEL && r->nstages > 0) {
        fputs(", \"entry\": ", f);
        prof_json_string(f, prof_stage_entry(r, 0));
        fprintf(f, ", \"grid\": \"%ux%u\", \"block\": %u, \"shared\": %u, \"stages\": %u", r->stages[0].grid[0],
                r->stages[0].grid[1], r->stages[0].block, r->stages[0].shared, r->nstages);
        json_hash(f, "hash", prof_stage_hash(r, 0));
    }
}

const char *prof_lane_label(const prof_graph *g, int lane, char *buf, size_t len)
{
    const prof_lane *l = &g->lanes[lane];
    const char *colon = strchr(l->name, ':');
    if (l->stream)
        snprintf(buf, len, "%.*s stream", colon ? (int)(colon - l->name) : (int)strlen(l->name), l->name);
    else
        snprintf(buf, len, "thread %d", lane);
    return buf;
}
