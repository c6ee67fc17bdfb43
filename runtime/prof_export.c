/* Profiler reports: statistics, the writers behind tn_profiler_write, JSON and Chrome traces. */
#define _POSIX_C_SOURCE 200809L
#include "prof_internal.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>

/* ORDER FORMAT (trueno_profiler.h) */
static tn_status (*const writers[])(const prof_graph *g, FILE *f) = {
    prof_write_tree, prof_write_dot, prof_write_chrome, prof_write_svg, prof_write_json,
};
static const char *const dep_kind_names[] = {"sequence", "explicit"}; /* ORDER DEP */

const char *prof_ms(int64_t ns, char buf[32])
{
    int64_t us = (ns < 0 ? ns - 500 : ns + 500) / 1000;
    snprintf(buf, 32, "%s%" PRId64 ".%03" PRId64, us < 0 ? "-" : "", (us < 0 ? -us : us) / 1000,
             (us < 0 ? -us : us) % 1000);
    return buf;
}

/* ns as microseconds, exactly ("12.345"), for Chrome's trace events. */
static const char *micro(int64_t ns, char buf[32])
{
    snprintf(buf, 32, "%s%" PRId64 ".%03" PRId64, ns < 0 ? "-" : "", (ns < 0 ? -ns : ns) / 1000,
             (ns < 0 ? -ns : ns) % 1000);
    return buf;
}

void prof_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* ---- statistics ---- */

static tn_status check_report(tn_profiler *p, const char *fn, const void *out, const char *out_name)
{
    if (!p || !out)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %s is NULL", fn, p ? out_name : "profiler");
    return TN_OK;
}

tn_status tn_profiler_brick_stats(tn_profiler *profiler, int brick, tn_brick_stats *stats)
{
    static const char fn[] = "tn_profiler_brick_stats";
    tn_status s = check_report(profiler, fn, stats, "stats");
    if (s != TN_OK)
        return s;
    int n = tn_profiler_brick_count(profiler);
    if (brick < 0 || brick >= n)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %d is not a brick id (0 to %d)", fn, brick, n - 1);
    prof_graph g;
    if ((s = prof_graph_build(profiler, &g, fn)) != TN_OK)
        return s;
    const prof_bstats *b = &g.stats[brick];
    *stats = (tn_brick_stats){
        .name = g.names[brick],
        .category = g.categories[brick],
        .count = b->count,
        .total = (double)b->total * 1e-9,
        .self = (double)b->self * 1e-9,
        .min = (double)b->min * 1e-9,
        .max = (double)b->max * 1e-9,
        .mean = b->count ? (double)b->total * 1e-9 / (double)b->count : 0,
        .device = (double)b->device * 1e-9,
    };
    prof_graph_free(&g);
    return TN_OK;
}

/* A category's self time (device false) or its GPU records' time (true), in seconds. */
static tn_status category_time(tn_profiler *profiler, tn_category category, bool device, double *seconds,
                               const char *fn)
{
    tn_status s = check_report(profiler, fn, seconds, "seconds");
    if (s != TN_OK)
        return s;
    if ((unsigned)category >= TN_CATEGORY_COUNT)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %d is not a category (0 Norm, 1 Attention, 2 FFN, 3 Other)", fn,
                       (int)category);
    prof_graph g;
    if ((s = prof_graph_build(profiler, &g, fn)) != TN_OK)
        return s;
    *seconds = (double)(device ? g.category_device[category] : g.category_self[category]) * 1e-9;
    prof_graph_free(&g);
    return TN_OK;
}

tn_status tn_profiler_category_seconds(tn_profiler *profiler, tn_category category, double *seconds)
{
    return category_time(profiler, category, false, seconds, "tn_profiler_category_seconds");
}

tn_status tn_profiler_category_device_seconds(tn_profiler *profiler, tn_category category, double *seconds)
{
    return category_time(profiler, category, true, seconds, "tn_profiler_category_device_seconds");
}

/* ---- writing ---- */

static tn_status write_report(tn_profiler *p, tn_prof_format format, FILE *f, const char *fn)
{
    if ((unsigned)format > TN_PROF_JSON)
        return tn_fail(TN_ERR_INVALID_ARGUMENT, "%s: %d is not a format (0 tree, 1 dot, 2 chrome, 3 svg, 4 json)", fn,
                       (int)format);
    prof_graph g;
    tn_status s = prof_graph_build(p, &g, fn);
    if (s != TN_OK)
        return s;
    if ((s = prof_graph_cpm(&g, fn)) == TN_OK)
        s = writers[format](&g, f);
    prof_graph_free(&g);
    return s;
}

tn_status tn_profiler_write_file(tn_profiler *profiler, tn_prof_format format, FILE *file)
{
    static const char fn[] = "tn_profiler_write_file";
    tn_status s = check_report(profiler, fn, file, "file");
    if (s == TN_OK)
        s = write_report(profiler, format, file, fn);
    if (s == TN_OK && (fflush(file) != 0 || ferror(file)))
        return tn_fail(TN_ERR_IO, "%s: writing failed: %s", fn, strerror(errno));
    return s;
}

tn_status tn_profiler_write(tn_profiler *profiler, tn_prof_format format, const char *path)
{
    static const char fn[] = "tn_profiler_write";
    tn_status s = check_report(profiler, fn, path, "path");
    if (s != TN_OK)
        return s;
    FILE *f = fopen(path, "w");
    if (!f)
        return tn_fail(TN_ERR_IO, "%s: cannot open '%s' for writing: %s", fn, path, strerror(errno));
    s = write_report(profiler, format, f, fn);
    bool failed = ferror(f) != 0;
    if (fclose(f) != 0 || (failed && s == TN_OK))
        return s == TN_OK ? tn_fail(TN_ERR_IO, "%s: writing '%s' failed: %s", fn, path, strerror(errno)) : s;
    return s;
}

/* ---- JSON (the schema of docs/PROFILER.md) ---- */

static void json_bricks(const prof_graph *g, FILE *f)
{
    fputs("  \"bricks\": [", f);
    for (int b = 0; b < g->nbricks; b++) {
        const prof_bstats *s = &g->stats[b];
        fprintf(f, "%s\n    {\"id\": %d, \"name\": ", b ? "," : "", b);
        prof_json_string(f, g->names[b]);
        fprintf(f,
                ", \"category\": \"%s\", \"builtin\": %s, \"count\": %" PRIu64 ", \"total_ns\": %" PRId64
                ", \"self_ns\": %" PRId64 ", \"min_ns\": %" PRId64 ", \"max_ns\": %" PRId64 ", \"mean_ns\": %" PRId64
                ", \"device_ns\": %" PRId64 "}",
                tn_category_name(g->categories[b]), b < TN_BRICK_BUILTIN_COUNT ? "true" : "false", s->count, s->total,
                s->self, s->min, s->max, s->count ? s->total / (int64_t)s->count : 0, s->device);
    }
    fputs("\n  ],\n  \"categories\": [", f);
    for (int c = 0; c < TN_CATEGORY_COUNT; c++)
        fprintf(f, "%s\n    {\"name\": \"%s\", \"self_ns\": %" PRId64 ", \"device_ns\": %" PRId64 "}", c ? "," : "",
                tn_category_name((tn_category)c), g->category_self[c], g->category_device[c]);
    fputs("\n  ],\n", f);
}

/* A number, or null when negative (no value). */
static void json_opt(FILE *f, const char *key, int64_t v)
{
    if (v < 0)
        fprintf(f, ", \"%s\": null", key);
    else
        fprintf(f, ", \"%s\": %" PRId64, key, v);
}

static void json_node(const prof_graph *g, int v, FILE *f)
{
    const prof_gnode *x = &g->nodes[v];
    char buf[64];
    fprintf(f, "    {\"id\": %d, \"kind\": \"%s\", \"name\": ", v, prof_kind_name(x->n.kind));
    prof_json_string(f, prof_graph_label(g, v, buf, sizeof buf));
    json_opt(f, "brick", x->n.kind == PROF_BRICK ? x->n.what : -1);
    json_opt(f, "layer", x->n.kind == PROF_SCOPE ? x->n.what : -1);
    if (x->n.kind == PROF_BRICK && x->n.what >= 0 && x->n.what < g->nbricks)
        fprintf(f, ", \"category\": \"%s\"", tn_category_name(g->categories[x->n.what]));
    fprintf(f, ", \"lane\": %u", x->n.lane);
    json_opt(f, "parent", x->parent);
    fprintf(f, ", \"depth\": %d, \"start_ns\": %" PRId64 ", \"end_ns\": %" PRId64 ", \"self_ns\": %" PRId64, x->depth,
            x->n.start, x->n.end, x->self);
    json_opt(f, "activity", x->activity);
    json_opt(f, "es_ns", x->es);
    json_opt(f, "slack_ns", x->slack);
    fprintf(f, ", \"critical\": %s", x->on_path ? "true" : "false");
    if (x->n.kind == PROF_KERNEL || x->n.kind == PROF_TRANSFER)
        prof_json_record(g, v, f);
    fputc('}', f);
}

static void json_lanes(const prof_graph *g, FILE *f)
{
    fputs("  \"lanes\": [", f);
    for (int l = 0; l < g->nlanes; l++) {
        const prof_lane *lane = &g->lanes[l];
        fprintf(f, "%s\n    {\"id\": %d, \"kind\": \"%s\", \"name\": ", l ? "," : "", l,
                lane->stream ? "stream" : "thread");
        prof_json_string(f, lane->name);
        if (lane->stream && lane->limits)
            fprintf(f, ", \"limits\": {\"bytes_per_second\": %.6g, \"flops_per_second\": %.6g, \"source\": \"%s\"}",
                    lane->bytes_per_second, lane->flops_per_second, lane->limits);
        else if (lane->stream)
            fputs(", \"limits\": null", f);
        fputc('}', f);
    }
    fputs("\n  ],\n", f);
}

static void json_edges(const prof_graph *g, FILE *f)
{
    fputs("  \"hierarchy\": [", f);
    for (int e = 0; e < g->nhier; e++)
        fprintf(f, "%s\n    [%d, %d]", e ? "," : "", g->hier[e].from, g->hier[e].to);
    fputs("\n  ],\n  \"dependencies\": [", f);
    for (int e = 0; e < g->ndeps; e++)
        fprintf(f, "%s\n    {\"from\": %d, \"to\": %d, \"kind\": \"%s\"}", e ? "," : "", g->deps[e].from, g->deps[e].to,
                dep_kind_names[g->deps[e].kind]);
    fprintf(f, "\n  ],\n  \"critical_path\": {\"length_ns\": %" PRId64 ", \"nodes\": [", g->length);
    for (int i = 0; i < g->npath; i++)
        fprintf(f, "%s%d", i ? ", " : "", g->path[i]);
    fputs("]}\n", f);
}

tn_status prof_write_json(const prof_graph *g, FILE *f)
{
    fprintf(f,
            "{\n  \"schema\": \"trueno-profile\",\n  \"version\": 1,\n  \"sync\": \"%s\",\n  \"clock\": \"host\",\n"
            "  \"unit\": \"ns\",\n  \"begin_ns\": %" PRId64 ",\n  \"end_ns\": %" PRId64 ",\n",
            tn_prof_sync_name(g->sync), g->begin, g->end);
    json_lanes(g, f);
    json_bricks(g, f);
    prof_json_kernels(g, f);
    fputs("  \"nodes\": [", f);
    for (int v = 0; v < g->nnodes; v++) {
        fputs(v ? ",\n" : "\n", f);
        json_node(g, v, f);
    }
    fputs("\n  ],\n", f);
    json_edges(g, f);
    fputs("}\n", f);
    return TN_OK;
}

/* ---- Chrome trace events (complete events per lane; flows for explicit dependencies) ---- */

static void chrome_event(const prof_graph *g, int v, FILE *f)
{
    const prof_gnode *x = &g->nodes[v];
    char name[64], ts[32], dur[32], self[32], slack[32];
    const char *cat = x->n.kind == PROF_SCOPE ? "layer" : prof_kind_name(x->n.kind);
    if (x->n.kind == PROF_BRICK && x->n.what >= 0 && x->n.what < g->nbricks)
        cat = tn_category_name(g->categories[x->n.what]);
    fputs(",\n{\"name\": ", f);
    prof_json_string(f, prof_graph_label(g, v, name, sizeof name));
    fprintf(f, ", \"cat\": \"%s\", \"ph\": \"X\", \"ts\": %s, \"dur\": %s, \"pid\": 1, \"tid\": %u, ", cat,
            micro(x->n.start, ts), micro(x->n.end - x->n.start, dur), x->n.lane);
    fprintf(f, "\"args\": {\"node\": %d, \"kind\": \"%s\", \"self_us\": %s", v, prof_kind_name(x->n.kind),
            micro(x->self, self));
    if (x->slack >= 0)
        fprintf(f, ", \"slack_us\": %s, \"critical\": %s", micro(x->slack, slack), x->on_path ? "true" : "false");
    if (x->n.kind == PROF_KERNEL || x->n.kind == PROF_TRANSFER)
        prof_chrome_record_args(g, v, f);
    fputs("}}", f);
}

tn_status prof_write_chrome(const prof_graph *g, FILE *f)
{
    char len[32], ts[32];
    fprintf(f, "{\"displayTimeUnit\": \"ns\", \"otherData\": {\"producer\": \"trueno\", \"sync\": \"%s\", ",
            tn_prof_sync_name(g->sync));
    fprintf(f, "\"critical_path_us\": %s},\n\"traceEvents\": [\n", micro(g->length, len));
    fputs("{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 0, \"args\": {\"name\": \"trueno\"}}", f);
    for (int l = 0; l < g->nlanes; l++) {
        fprintf(f, ",\n{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": %d, \"args\": {\"name\": ", l);
        prof_json_string(f, g->lanes[l].name);
        fputs("}}", f);
    }
    for (int v = 0; v < g->nnodes; v++)
        chrome_event(g, v, f);
    for (int e = 0, id = 0; e < g->ndeps; e++) {
        if (g->deps[e].kind != PROF_DEP_EXPLICIT)
            continue;
        const prof_gnode *a = &g->nodes[g->deps[e].from], *b = &g->nodes[g->deps[e].to];
        fprintf(f, ",\n{\"name\": \"depends\", \"cat\": \"dependency\", \"ph\": \"s\", \"id\": %d, ", id);
        fprintf(f, "\"ts\": %s, \"pid\": 1, \"tid\": %u}", micro(a->n.start, ts), a->n.lane);
        fprintf(f, ",\n{\"name\": \"depends\", \"cat\": \"dependency\", \"ph\": \"f\", \"bp\": \"e\", \"id\": %d, ",
                id++);
        fprintf(f, "\"ts\": %s, \"pid\": 1, \"tid\": %u}", micro(b->n.start, ts), b->n.lane);
    }
    fputs("\n]}\n", f);
    return TN_OK;
}
