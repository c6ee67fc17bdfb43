/* What a run prints and stores: the human table, Criterion-style lines, JSON (written and read
 * back). */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <stdlib.h>
#include <string.h>

/* ---- human output ---- */

static void put_time(char *buf, size_t len, double s)
{
    if (s < 1e-6)
        snprintf(buf, len, "%.2f ns", s * 1e9);
    else if (s < 1e-3)
        snprintf(buf, len, "%.3f us", s * 1e6);
    else if (s < 1)
        snprintf(buf, len, "%.3f ms", s * 1e3);
    else
        snprintf(buf, len, "%.3f s", s);
}

void bench_print_table(FILE *f, const bench_run *run)
{
    const bench_limits *l = &run->limits;
    fprintf(f, "machine  %s (%s), %s\n", bench_fingerprint(), run->device, bench_compiler());
    if (l->read_bw[LEVEL_DRAM] > 0) {
        fprintf(f, "limits   read GB/s: l1 %.1f, l2 %.1f, dram %.1f (floor over 256 MiB); FMA GFLOP/s:",
                l->read_bw[LEVEL_L1] * 1e-9, l->read_bw[LEVEL_L2] * 1e-9, l->read_bw[LEVEL_DRAM] * 1e-9);
        for (int t = 0; t < tn_cpu_target_count && t < BENCH_MAX_TARGETS; t++)
            if (l->peak[t] > 0)
                fprintf(f, " %s %.1f", tn_cpu_targets[t].name, l->peak[t] * 1e-9);
        fputc('\n', f);
    }
    if (run->openblas_core[0])
        fprintf(f, "openblas core: %s (OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE unset, 1 thread)\n", run->openblas_core);
    fprintf(f, "\n%-8s %-10s %10s %12s %9s %9s %6s %-5s %s\n", "op", "variant", "n", "median", "GB/s", "GFLOP/s",
            "limit", "level", "peer time / our best");
    for (int i = 0; i < run->count; i++) {
        const bench_case *c = &run->cases[i];
        char t[32], ratio[48] = "";
        put_time(t, sizeof t, c->median);
        if (c->peer && c->speedup > 0)
            snprintf(ratio, sizeof ratio, "ours x%.2f", c->speedup);
        char limit[16] = "-";
        if (c->of_limit > 0)
            snprintf(limit, sizeof limit, "%.0f%%", c->of_limit * 100);
        char size[48];
        bench_size_text(c, size, sizeof size);
        fprintf(f, "%-8s %-10s %10s %12s %9.2f %9.2f %6s %-5s %s\n", c->op, c->variant, size, t,
                c->bytes / c->median * 1e-9, c->flops / c->median * 1e-9, limit, bench_level_name(c->level), ratio);
    }
}

void bench_size_text(const bench_case *c, char *text, size_t len)
{
    if (c->shape[0])
        snprintf(text, len, "%s", c->shape);
    else
        snprintf(text, len, "%lld", c->n);
}

void bench_print_criterion(FILE *f, const bench_run *run)
{
    for (int i = 0; i < run->count; i++) {
        const bench_case *c = &run->cases[i];
        char name[128], lo[32], med[32], hi[32], size[48];
        bench_size_text(c, size, sizeof size);
        snprintf(name, sizeof name, "%s/%s/%s", c->op, c->variant, size);
        put_time(lo, sizeof lo, c->lo);
        put_time(med, sizeof med, c->median);
        put_time(hi, sizeof hi, c->hi);
        fprintf(f, "%-28s time:   [%s %s %s]\n", name, lo, med, hi);
        fprintf(f, "%-28s thrpt:  [%.4f GB/s %.4f GB/s %.4f GB/s]\n", "", c->bytes / c->hi * 1e-9,
                c->bytes / c->median * 1e-9, c->bytes / c->lo * 1e-9);
    }
}

/* ---- JSON ---- */

int bench_write_json(const char *path, const bench_run *run)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "tn_bench: cannot write %s\n", path);
        return 3;
    }
    const bench_limits *l = &run->limits;
    fprintf(f, "{\n  \"schema\": 2,\n  \"machine\": ");
    bench_machine_json(f, "  ");
    fprintf(f, ",\n  \"backend\": \"%s\",\n  \"device\": ", run->backend);
    json_put_string(f, run->device);
    fprintf(f, ",\n  \"openblas_core\": ");
    json_put_string(f, run->openblas_core);
    fprintf(f, ",\n  \"limits\": {\n    \"read_bw\": { \"l1\": %.6g, \"l2\": %.6g, \"dram\": %.6g },\n    \"peak\": {",
            l->read_bw[LEVEL_L1], l->read_bw[LEVEL_L2], l->read_bw[LEVEL_DRAM]);
    int k = 0;
    for (int t = 0; t < tn_cpu_target_count && t < BENCH_MAX_TARGETS; t++)
        if (l->peak[t] > 0)
            fprintf(f, "%s \"%s\": %.6g", k++ ? "," : "", tn_cpu_targets[t].name, l->peak[t]);
    fprintf(f, " },\n    \"native_peak\": %.6g\n  },\n  \"results\": [", l->native_peak);
    for (int i = 0; i < run->count; i++) {
        const bench_case *c = &run->cases[i];
        fprintf(f,
                "%s\n    { \"op\": \"%s\", \"variant\": \"%s\", \"peer\": %s, \"n\": %lld, \"shape\": \"%s\", \"median\": %.6g, "
                "\"lo\": %.6g, \"hi\": %.6g,\n      \"flops\": %.6g, \"bytes\": %.6g, \"level\": \"%s\", "
                "\"of_limit\": %.4f, \"speedup\": %.4f,\n      \"samples\": [",
                i ? "," : "", c->op, c->variant, c->peer ? "true" : "false", c->n, c->shape, c->median, c->lo, c->hi,
                c->flops,
                c->bytes, bench_level_name(c->level), c->of_limit, c->speedup);
        for (int s = 0; s < c->nsamples; s++)
            fprintf(f, "%s%.6g", s ? ", " : "", c->samples[s]);
        fputs("] }", f);
    }
    fputs("\n  ]\n}\n", f);
    return fclose(f) == 0 ? 0 : 3;
}

int bench_read_json(const char *path, bench_run *run, char *err, size_t err_len)
{
    memset(run, 0, sizeof *run);
    json *j = json_load(path, err, err_len);
    if (!j)
        return 2;
    const json *results = json_get(j, "results"), *limits = json_get(j, "limits");
    if (!results || results->type != JSON_ARRAY || !json_get(j, "machine")) {
        snprintf(err, err_len, "%s: not a tn_bench result (no machine or results)", path);
        json_free(j);
        return 2;
    }
    snprintf(run->backend, sizeof run->backend, "%s", json_string(j, "backend", "cpu"));
    snprintf(run->device, sizeof run->device, "%s", json_string(j, "device", ""));
    snprintf(run->openblas_core, sizeof run->openblas_core, "%s", json_string(j, "openblas_core", ""));
    snprintf(run->fingerprint, sizeof run->fingerprint, "%s", json_string(json_get(j, "machine"), "fingerprint", ""));
    const json *bw = json_get(limits, "read_bw"), *peak = json_get(limits, "peak");
    for (int level = 0; level < LEVEL_COUNT; level++)
        run->limits.read_bw[level] = json_number(bw, bench_level_name((bench_level)level), 0);
    for (int t = 0; t < tn_cpu_target_count && t < BENCH_MAX_TARGETS; t++)
        run->limits.peak[t] = json_number(peak, tn_cpu_targets[t].name, 0);
    run->limits.native_peak = json_number(limits, "native_peak", 0);
    for (int i = 0; i < results->count; i++) {
        const json *r = results->items[i];
        bench_case *c = bench_add_case(run);
        snprintf(c->op, sizeof c->op, "%s", json_string(r, "op", "?"));
        snprintf(c->variant, sizeof c->variant, "%s", json_string(r, "variant", "?"));
        c->peer = json_number(r, "peer", 0) != 0;
        c->n = (long long)json_number(r, "n", 0);
        snprintf(c->shape, sizeof c->shape, "%s", json_string(r, "shape", ""));
        c->median = json_number(r, "median", 0);
        c->lo = json_number(r, "lo", 0);
        c->hi = json_number(r, "hi", 0);
        c->flops = json_number(r, "flops", 0);
        c->bytes = json_number(r, "bytes", 0);
        c->of_limit = json_number(r, "of_limit", 0);
        c->speedup = json_number(r, "speedup", 0);
        const char *level = json_string(r, "level", "l1");
        for (int lv = 0; lv < LEVEL_COUNT; lv++)
            if (strcmp(level, bench_level_name((bench_level)lv)) == 0)
                c->level = (bench_level)lv;
        const json *samples = json_get(r, "samples");
        for (int s = 0; samples && s < samples->count && s < BENCH_MAX_SAMPLES; s++)
            c->samples[c->nsamples++] = samples->items[s]->number;
    }
    run->machine = j;
    return 0;
}
