/* The profiler: brick and category statistics from injected times, sync modes, refusals with
 * their messages, CPM on a known network, and several threads recording into one profiler
 * while another reports. The text tree snapshot and the exports are in test_profiler_out.c.
 *
 * usage: test_profiler stats | modes | errors | cpm | threads [--iterations N]
 *        test_profiler tree SNAPSHOT [--update] | exports | dot
 *        test_profiler write DIR     the synthetic profile in every format, to look at
 *        test_profiler registry SOURCE_ROOT   the kernel source registry against generated/
 *        test_profiler gpu cuda|vulkan GENERATED   GPU records on a device (77 without one)
 *        test_profiler outputs DIR   a program's written profile files read back */
#define _POSIX_C_SOURCE 200809L
#include "test_profiler.h"

#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int failures;

void check(bool ok, const char *what, const char *detail, ...)
{
    char text[512] = "";
    va_list ap;
    va_start(ap, detail);
    if (detail)
        vsnprintf(text, sizeof text, detail, ap);
    va_end(ap);
    failures += !ok;
    printf("%s %s%s%s\n", ok ? "ok  " : "FAIL", what, text[0] ? " - " : "", text);
}

void expect(const char *what, tn_status got, tn_status want, const char *fragment)
{
    const char *msg = got == TN_OK ? "" : tn_last_error();
    bool ok = got == want && (!fragment || strstr(msg, fragment));
    check(ok, what, "%s%s%s%s%s%s%s", tn_status_string(got), msg[0] ? ": " : "", msg, ok ? "" : " (expected ",
          ok ? "" : tn_status_string(want), ok || !fragment ? "" : " with ", ok || !fragment ? "" : fragment);
}

int64_t test_clock(void *arg)
{
    return *(const int64_t *)arg;
}

/* Starts brick b at *clock, lasting dur ns; then a 1 us gap. */
static void timed(tn_profiler *p, int64_t *clock, int b, int64_t dur)
{
    tn_status s = tn_profiler_start(p, b);
    *clock += dur;
    if (s == TN_OK)
        s = tn_profiler_stop(p, b);
    *clock += 1000;
    if (s != TN_OK)
        check(false, "recording the synthetic profile", "%s", tn_last_error());
}

const tn_op *op_named(const char *name)
{
    for (int i = 0; i < tn_op_count; i++)
        if (strcmp(tn_ops[i]->name, name) == 0)
            return tn_ops[i];
    return NULL;
}

/* The prefetch's GPU work on a device's stream (limits given: 1 TB/s, 10 Tflop/s): 4 MiB up,
 * an rmsnorm of 64 x 4096 (its first CUDA entry, 8 blocks of 256), 1 MiB copied on the device. */
static tn_status inject_gpu(tn_profiler *p, uint32_t lane, tn_prof_node prefetch)
{
    uint32_t stream = 0;
    tn_status s = prof_inject_stream(p, "cuda: Synthetic GPU (sm_90, 132 SMs)", 1e12, 1e13, &stream);
    const tn_op *rms = op_named("rmsnorm");
    size_t dims[2] = {64, 4096};
    prof_record up = {.lane = stream, .kind = PROF_TRANSFER, .direction = PROF_TO_DEVICE, .cuda = true};
    up.start = 20000, up.end = 120000, up.bytes = 4 << 20;
    prof_record kernel = {.lane = stream, .kind = PROF_KERNEL, .op = rms, .cuda = true, .nstages = 1};
    kernel.start = 130000, kernel.end = 180000, kernel.bytes = rms->bytes(dims), kernel.flops = rms->flops(dims);
    kernel.stages[0] = (tn_trace_stage){0, {8, 1}, 256, 0};
    prof_record copy = {.lane = stream, .kind = PROF_TRANSFER, .direction = PROF_ON_DEVICE, .cuda = true};
    copy.start = 190000, copy.end = 200000, copy.bytes = 2 << 20;
    prof_record *records[] = {&up, &kernel, &copy};
    for (int i = 0; i < 3; i++) {
        records[i]->call_start = records[i]->start - 5000;
        records[i]->call_end = records[i]->start - 1000;
        if (s == TN_OK)
            s = prof_inject_record(p, lane, records[i], prefetch, NULL);
    }
    return s;
}

tn_profiler *synthetic_profile(int64_t *clock)
{
    /* ORDER: one transformer layer's bricks and their durations in us. */
    static const struct {
        int brick, us;
    } layer[] = {
        {TN_BRICK_RMS_NORM, 12},          {TN_BRICK_QKV_PROJECTION, 80},    {TN_BRICK_ROPE_EMBEDDING, 9},
        {TN_BRICK_ATTENTION_SCORE, 40},   {TN_BRICK_ATTENTION_SOFTMAX, 15}, {TN_BRICK_ATTENTION_OUTPUT, 35},
        {TN_BRICK_OUTPUT_PROJECTION, 60}, {TN_BRICK_RMS_NORM, 11},          {TN_BRICK_GATE_PROJECTION, 90},
        {TN_BRICK_UP_PROJECTION, 88},     {TN_BRICK_ACTIVATION, 7},         {TN_BRICK_DOWN_PROJECTION, 95},
    };
    tn_profiler *p = NULL;
    int cache = -1;
    uint32_t lane = 0;
    tn_prof_node prefetch = 0, qkv = 0;
    *clock = 0;
    if (tn_profiler_create(TN_PROF_SYNC_NONE, &p) != TN_OK)
        return NULL;
    prof_set_clock(p, test_clock, clock);
    tn_status s = tn_profiler_register_brick(p, "KvCacheRead", TN_CATEGORY_ATTENTION, &cache);
    timed(p, clock, TN_BRICK_EMBEDDING, 30000);
    for (int l = 0; s == TN_OK && l < 2; l++) {
        s = tn_profiler_layer_begin(p, l);
        *clock += 2000;
        for (size_t i = 0; s == TN_OK && i < sizeof layer / sizeof layer[0]; i++) {
            int b = layer[i].brick;
            if (b != TN_BRICK_ATTENTION_SCORE && !(l == 1 && b == TN_BRICK_QKV_PROJECTION)) {
                timed(p, clock, b, layer[i].us * 1000);
                continue;
            }
            /* The score reads the cache 5 us into it, for 20 us; layer 1's projection is the
             * node the prefetch leads to. */
            int64_t end = *clock + layer[i].us * 1000;
            s = tn_profiler_start(p, b);
            if (b == TN_BRICK_ATTENTION_SCORE) {
                *clock += 5000;
                timed(p, clock, cache, 20000);
            } else
                qkv = tn_profiler_current(p);
            *clock = end;
            if (s == TN_OK)
                s = tn_profiler_stop(p, b);
            *clock += 1000;
        }
        *clock += 2000;
        if (s == TN_OK)
            s = tn_profiler_layer_end(p);
    }
    timed(p, clock, TN_BRICK_LM_HEAD, 120000);
    timed(p, clock, TN_BRICK_SAMPLING, 8000);
    int fetch = -1;
    if (s == TN_OK)
        s = tn_profiler_register_brick(p, "Prefetch", TN_CATEGORY_OTHER, &fetch);
    if (s == TN_OK)
        s = prof_inject_lane(p, &lane);
    if (s == TN_OK)
        s = prof_inject(p, lane, PROF_BRICK, fetch, 0, 10000, 600000, &prefetch);
    if (s == TN_OK)
        s = inject_gpu(p, lane, prefetch);
    if (s == TN_OK)
        s = tn_profiler_depend(p, prefetch, qkv);
    if (s != TN_OK) {
        check(false, "synthetic profile", "%s", tn_last_error());
        tn_profiler_destroy(p);
        return NULL;
    }
    return p;
}

/* ---- statistics ---- */

static void expect_stats(tn_profiler *p, int brick, uint64_t count, int64_t total, int64_t self, int64_t min,
                         int64_t max)
{
    tn_brick_stats s = {0};
    tn_status st = tn_profiler_brick_stats(p, brick, &s);
    bool ok = st == TN_OK && s.count == count && s.total == (double)total * 1e-9 && s.self == (double)self * 1e-9 &&
              s.min == (double)min * 1e-9 && s.max == (double)max * 1e-9 &&
              (count == 0 || s.mean == (double)total * 1e-9 / (double)count);
    check(ok, "brick stats", "%s: count %llu total %g self %g min %g max %g mean %g", s.name ? s.name : "?",
          (unsigned long long)s.count, s.total, s.self, s.min, s.max, s.mean);
}

static double category(tn_profiler *p, tn_category c)
{
    double seconds = -1;
    if (tn_profiler_category_seconds(p, c, &seconds) != TN_OK)
        check(false, "category seconds", "%s", tn_last_error());
    return seconds;
}

/* Every time here is injected, so every sum is known (ns, in comments). */
static int run_stats(void)
{
    tn_profiler *p = NULL;
    int64_t t = 0;
    int kv = -1, forward = -1;
    expect("create", tn_profiler_create(TN_PROF_SYNC_NONE, &p), TN_OK, NULL);
    prof_set_clock(p, test_clock, &t);
    expect("register", tn_profiler_register_brick(p, "KvCacheUpdate", TN_CATEGORY_ATTENTION, &kv), TN_OK, NULL);
    check(kv == TN_BRICK_BUILTIN_COUNT, "first registered id follows the built-in ones", "%d", kv);
    /* Embedding [0, 100]; layer 0 [100, 380] holding RmsNorm [110, 150], QkvProjection [150, 250]
     * with KvCacheUpdate [160, 190] nested, RmsNorm [250, 270], GateProjection [270, 370]; LmHead [400, 460]. */
    static const struct {
        int64_t at;
        int op, brick; /* op: 0 start, 1 stop, 2 layer begin, 3 layer end */
    } script[] = {
        {0, 0, TN_BRICK_EMBEDDING},
        {100, 1, TN_BRICK_EMBEDDING},
        {100, 2, 0},
        {110, 0, TN_BRICK_RMS_NORM},
        {150, 1, TN_BRICK_RMS_NORM},
        {150, 0, TN_BRICK_QKV_PROJECTION},
        {160, 0, -1},
        {190, 1, -1},
        {250, 1, TN_BRICK_QKV_PROJECTION},
        {250, 0, TN_BRICK_RMS_NORM},
        {270, 1, TN_BRICK_RMS_NORM},
        {270, 0, TN_BRICK_GATE_PROJECTION},
        {370, 1, TN_BRICK_GATE_PROJECTION},
        {380, 3, 0},
        {400, 0, TN_BRICK_LM_HEAD},
        {460, 1, TN_BRICK_LM_HEAD},
    };
    for (size_t i = 0; i < sizeof script / sizeof script[0]; i++) {
        t = script[i].at;
        int b = script[i].brick < 0 ? kv : script[i].brick;
        tn_status s = script[i].op == 0   ? tn_profiler_start(p, b)
                      : script[i].op == 1 ? tn_profiler_stop(p, b)
                      : script[i].op == 2 ? tn_profiler_layer_begin(p, b)
                                          : tn_profiler_layer_end(p);
        if (s != TN_OK)
            check(false, "script step", "%zu: %s", i, tn_last_error());
    }
    expect_stats(p, TN_BRICK_RMS_NORM, 2, 60, 60, 20, 40);
    expect_stats(p, TN_BRICK_QKV_PROJECTION, 1, 100, 70, 100, 100); /* 30 of it in KvCacheUpdate */
    expect_stats(p, kv, 1, 30, 30, 30, 30);
    expect_stats(p, TN_BRICK_GATE_PROJECTION, 1, 100, 100, 100, 100);
    expect_stats(p, TN_BRICK_EMBEDDING, 1, 100, 100, 100, 100);
    expect_stats(p, TN_BRICK_LAYER_NORM, 0, 0, 0, 0, 0);
    /* Norm 60; Attention 70 + 30; FFN 100; Other 100 + 60. Together 420: the top-level bricks'
     * 100 + 40 + 100 + 20 + 100 + 60, each instant once. */
    static const int64_t want[TN_CATEGORY_COUNT] = {60, 100, 100, 160};
    double all = 0;
    for (int c = 0; c < TN_CATEGORY_COUNT; c++) {
        double got = category(p, (tn_category)c);
        all += got;
        check(got == (double)want[c] * 1e-9, "category total", "%s: %g s, want %lld ns",
              tn_category_name((tn_category)c), got, (long long)want[c]);
    }
    check(all > 419.999e-9 && all < 420.001e-9, "categories sum to the top-level bricks' time", "%g s", all);
    tn_profiler_destroy(p);

    /* A brick holding a layer: Forward [0, 50] holds layer 0 [10, 40] holding RmsNorm [20, 30].
     * Forward's self is 50 - 10 (the layer's gaps stay Forward's): Other 40, Norm 10. */
    expect("create", tn_profiler_create(TN_PROF_SYNC_NONE, &p), TN_OK, NULL);
    prof_set_clock(p, test_clock, &t);
    expect("register Forward", tn_profiler_register_brick(p, "Forward", TN_CATEGORY_OTHER, &forward), TN_OK, NULL);
    t = 0, tn_profiler_start(p, forward);
    t = 10, tn_profiler_layer_begin(p, 0);
    t = 20, tn_profiler_start(p, TN_BRICK_RMS_NORM);
    t = 30, tn_profiler_stop(p, TN_BRICK_RMS_NORM);
    t = 40, tn_profiler_layer_end(p);
    t = 50, expect("stop Forward", tn_profiler_stop(p, forward), TN_OK, NULL);
    expect_stats(p, forward, 1, 50, 40, 50, 50);
    check(category(p, TN_CATEGORY_OTHER) == 40 * 1e-9 && category(p, TN_CATEGORY_NORM) == 10 * 1e-9,
          "nested through a layer: Other 40 ns, Norm 10 ns", NULL);
    tn_profiler_destroy(p);
    return failures != 0;
}

/* ---- sync modes ---- */

static int run_modes(void)
{
    static const char *const names[] = {"none", "immediate", "per-layer", "deferred"};
    for (int m = TN_PROF_SYNC_NONE; m <= TN_PROF_SYNC_DEFERRED; m++) {
        tn_profiler *p = NULL;
        expect(names[m], tn_profiler_create((tn_prof_sync)m, &p), TN_OK, NULL);
        check(tn_profiler_sync_mode(p) == (tn_prof_sync)m && strcmp(tn_prof_sync_name((tn_prof_sync)m), names[m]) == 0,
              "mode kept and named", "%s", tn_prof_sync_name(tn_profiler_sync_mode(p)));
        for (int l = 0; l < 3; l++) {
            tn_profiler_layer_begin(p, l);
            tn_profiler_start(p, TN_BRICK_LAYER_NORM);
            tn_profiler_stop(p, TN_BRICK_LAYER_NORM);
            expect("layer end", tn_profiler_layer_end(p), TN_OK, NULL);
        }
        tn_brick_stats s = {0};
        tn_profiler_brick_stats(p, TN_BRICK_LAYER_NORM, &s);
        check(s.count == 3 && s.min >= 0 && s.max >= s.min && s.total >= s.max, "host times recorded", "count %llu",
              (unsigned long long)s.count);
        FILE *null = fopen("/dev/null", "w");
        expect("report", tn_profiler_write_file(p, TN_PROF_JSON, null), TN_OK, NULL);
        fclose(null);
        tn_profiler_destroy(p);
    }
    tn_profiler *p = NULL;
    expect("mode 4", tn_profiler_create((tn_prof_sync)4, &p), TN_ERR_INVALID_ARGUMENT, "4 is not a sync mode");
    expect("mode -1", tn_profiler_create((tn_prof_sync)-1, &p), TN_ERR_INVALID_ARGUMENT, "-1 is not a sync mode");
    check(p == NULL, "no profiler from a refused mode", NULL);
    /* When device times are read: never, at each stop, at each layer's end, at the report. */
    static const bool want[4][3] = {{0, 0, 0}, {1, 1, 1}, {0, 1, 1}, {0, 0, 1}};
    for (int m = 0; m < 4; m++)
        for (int at = PROF_AT_STOP; at <= PROF_AT_REPORT; at++)
            check(prof_resolves_at((tn_prof_sync)m, (prof_point)at) == want[m][at], "device times read", "%s at %d",
                  names[m], at);
    return failures != 0;
}

/* ---- refusals ---- */

static void brick_errors(tn_profiler *p)
{
    int id = -1, again = -1;
    expect("unknown brick", tn_profiler_start(p, 99), TN_ERR_INVALID_ARGUMENT, "99 is not a brick id");
    expect("negative brick", tn_profiler_start(p, -1), TN_ERR_INVALID_ARGUMENT, "-1 is not a brick id");
    expect("stop with none open", tn_profiler_stop(p, TN_BRICK_RMS_NORM), TN_ERR_INVALID_ARGUMENT,
           "no brick is open on this thread (stopping RmsNorm)");
    tn_profiler_start(p, TN_BRICK_QKV_PROJECTION);
    expect("stop another brick", tn_profiler_stop(p, TN_BRICK_RMS_NORM), TN_ERR_INVALID_ARGUMENT,
           "RmsNorm is not the innermost open brick on this thread (QkvProjection is)");
    tn_profiler_layer_begin(p, 3);
    expect("stop across a layer", tn_profiler_stop(p, TN_BRICK_QKV_PROJECTION), TN_ERR_INVALID_ARGUMENT,
           "QkvProjection is not open inside layer 3");
    expect("nested layer", tn_profiler_layer_begin(p, 4), TN_ERR_INVALID_ARGUMENT, "layer 4 begins while layer 3");
    tn_profiler_start(p, TN_BRICK_RMS_NORM);
    expect("layer end over a brick", tn_profiler_layer_end(p), TN_ERR_INVALID_ARGUMENT,
           "brick RmsNorm is still open in layer 3");
    tn_profiler_stop(p, TN_BRICK_RMS_NORM);
    expect("layer end", tn_profiler_layer_end(p), TN_OK, NULL);
    expect("layer end again", tn_profiler_layer_end(p), TN_ERR_INVALID_ARGUMENT, "no layer is open");
    expect("negative layer", tn_profiler_layer_begin(p, -2), TN_ERR_INVALID_ARGUMENT, "layer -2 is negative");
    expect("stop", tn_profiler_stop(p, TN_BRICK_QKV_PROJECTION), TN_OK, NULL);
    expect("bad category", tn_profiler_register_brick(p, "X", (tn_category)9, &id), TN_ERR_INVALID_ARGUMENT,
           "9 is not a category");
    expect("empty name", tn_profiler_register_brick(p, "", TN_CATEGORY_FFN, &id), TN_ERR_INVALID_ARGUMENT,
           "'' is not 1 to 63 characters long");
    expect("long name",
           tn_profiler_register_brick(p, "0123456789012345678901234567890123456789012345678901234567890123",
                                      TN_CATEGORY_FFN, &id),
           TN_ERR_INVALID_ARGUMENT, "...' is not 1 to 63");
    expect("control character", tn_profiler_register_brick(p, "a\tb", TN_CATEGORY_FFN, &id), TN_ERR_INVALID_ARGUMENT,
           "byte 0x09 at 1");
    expect("built-in name", tn_profiler_register_brick(p, "LmHead", TN_CATEGORY_OTHER, &id), TN_ERR_INVALID_ARGUMENT,
           "'LmHead' is a built-in brick (id 13)");
    expect("register", tn_profiler_register_brick(p, "Experts", TN_CATEGORY_FFN, &id), TN_OK, NULL);
    expect("register again", tn_profiler_register_brick(p, "Experts", TN_CATEGORY_FFN, &again), TN_OK, NULL);
    check(id == again && id == TN_BRICK_BUILTIN_COUNT && tn_profiler_brick_count(p) == id + 1, "same name, same id",
          "%d, %d", id, again);
    expect("another category", tn_profiler_register_brick(p, "Experts", TN_CATEGORY_NORM, &again),
           TN_ERR_INVALID_ARGUMENT, "'Experts' is registered as FFN, not Norm");
    expect("NULL name", tn_profiler_register_brick(p, NULL, TN_CATEGORY_FFN, &id), TN_ERR_INVALID_ARGUMENT,
           "name is NULL");
    for (int d = 0; d < PROF_MAX_DEPTH; d++)
        tn_profiler_start(p, TN_BRICK_ACTIVATION);
    expect("too deep", tn_profiler_start(p, TN_BRICK_ACTIVATION), TN_ERR_INVALID_ARGUMENT,
           "more than 256 intervals open");
    for (int d = 0; d < PROF_MAX_DEPTH; d++)
        tn_profiler_stop(p, TN_BRICK_ACTIVATION);
}

static void report_errors(tn_profiler *p)
{
    tn_prof_node a = 0, b = 0;
    tn_brick_stats s;
    double seconds;
    tn_profiler_start(p, TN_BRICK_UP_PROJECTION);
    a = tn_profiler_current(p);
    tn_profiler_stop(p, TN_BRICK_UP_PROJECTION);
    tn_profiler_start(p, TN_BRICK_DOWN_PROJECTION);
    b = tn_profiler_current(p);
    tn_profiler_stop(p, TN_BRICK_DOWN_PROJECTION);
    check(a && b && a != b && tn_profiler_current(p) == 0, "node ids", "%#llx %#llx", (unsigned long long)a,
          (unsigned long long)b);
    expect("self dependency", tn_profiler_depend(p, a, a), TN_ERR_INVALID_ARGUMENT, "cannot depend on itself");
    expect("unknown node", tn_profiler_depend(p, a, b + 1000), TN_ERR_INVALID_ARGUMENT, "after 0x");
    expect("no node", tn_profiler_depend(p, 0, b), TN_ERR_INVALID_ARGUMENT, "before 0 is not a node");
    expect("stats of no brick", tn_profiler_brick_stats(p, 77, &s), TN_ERR_INVALID_ARGUMENT, "77 is not a brick id");
    expect("stats NULL", tn_profiler_brick_stats(p, 0, NULL), TN_ERR_INVALID_ARGUMENT, "stats is NULL");
    expect("category 4", tn_profiler_category_seconds(p, TN_CATEGORY_COUNT, &seconds), TN_ERR_INVALID_ARGUMENT,
           "4 is not a category");
    expect("format 9", tn_profiler_write_file(p, (tn_prof_format)9, stdout), TN_ERR_INVALID_ARGUMENT,
           "9 is not a format");
    expect("unwritable path", tn_profiler_write(p, TN_PROF_JSON, "/nonexistent/dir/p.json"), TN_ERR_IO,
           "cannot open '/nonexistent/dir/p.json' for writing");
    expect("NULL path", tn_profiler_write(p, TN_PROF_JSON, NULL), TN_ERR_INVALID_ARGUMENT, "path is NULL");
    /* DownProjection follows UpProjection on this thread: the reverse closes a cycle. */
    expect("dependency backwards", tn_profiler_depend(p, b, a), TN_OK, NULL);
    FILE *null = fopen("/dev/null", "w");
    expect("cycle refused", tn_profiler_write_file(p, TN_PROF_TREE, null), TN_ERR_INVALID_ARGUMENT,
           "the dependencies form a cycle through UpProjection");
    expect("statistics need no order", tn_profiler_brick_stats(p, TN_BRICK_UP_PROJECTION, &s), TN_OK, NULL);
    fclose(null);
}

static int run_errors(void)
{
    tn_profiler *p = NULL;
    expect("NULL out", tn_profiler_create(TN_PROF_SYNC_NONE, NULL), TN_ERR_INVALID_ARGUMENT, "profiler is NULL");
    /* Profiling off: nothing recorded, nothing refused. */
    expect("off: start", tn_profiler_start(NULL, 12345), TN_OK, NULL);
    expect("off: stop", tn_profiler_stop(NULL, 12345), TN_OK, NULL);
    expect("off: layer", tn_profiler_layer_begin(NULL, -1), TN_OK, NULL);
    expect("off: layer end", tn_profiler_layer_end(NULL), TN_OK, NULL);
    expect("off: depend", tn_profiler_depend(NULL, 1, 1), TN_OK, NULL);
    check(tn_profiler_current(NULL) == 0, "off: no current node", NULL);
    expect("off: report", tn_profiler_write_file(NULL, TN_PROF_TREE, stdout), TN_ERR_INVALID_ARGUMENT,
           "profiler is NULL");
    expect("create", tn_profiler_create(TN_PROF_SYNC_IMMEDIATE, &p), TN_OK, NULL);
    brick_errors(p);
    report_errors(p);
    tn_profiler_destroy(p);
    tn_profiler_destroy(NULL);
    return failures != 0;
}

/* ---- CPM ---- */

/* The textbook network, in ms (each activity on a lane of its own, so that only the explicit
 * dependencies order them):
 *
 *   activity  takes  after   ES  EF  LS  LF  slack
 *   A         3      -        0   3   0   3  0
 *   B         4      -        0   4   1   5  1
 *   C         2      A        3   5   3   5  0
 *   D         5      A        3   8   4   9  1
 *   E         4      B, C     5   9   5   9  0
 *   F         3      D, E     9  12   9  12  0
 *
 * Forward: ES(E) = max(EF B 4, EF C 5) = 5; ES(F) = max(EF D 8, EF E 9) = 9; length 12.
 * Backward: LS(F) = 9; LF(D) = LF(E) = 9; LS(C) = 5 - 2 = 3, LS(D) = 4; LF(A) = min(3, 4) = 3.
 * Critical path A, C, E, F (3 + 2 + 4 + 3 = 12). A node nested in B (from 1 ms into it) takes
 * B's slack and starts at ES(B) + 1; the hierarchy edge B -> child orders nothing. */
static int run_cpm(void)
{
    enum { MS = 1000000 };
    static const int64_t takes[6] = {3, 4, 2, 5, 4, 3}, es[6] = {0, 0, 3, 3, 5, 9}, slack[6] = {0, 1, 0, 1, 0, 0};
    static const int after[][2] = {{0, 2}, {0, 3}, {1, 4}, {2, 4}, {3, 5}, {4, 5}};
    /* Real starts that disagree with the network: CPM reads durations and dependencies only. */
    static const int64_t start[6] = {50, 10, 70, 90, 30, 20};
    tn_profiler *p = NULL;
    tn_prof_node id[6], child = 0;
    uint32_t lane[6];
    expect("create", tn_profiler_create(TN_PROF_SYNC_DEFERRED, &p), TN_OK, NULL);
    for (int a = 0; a < 6; a++) {
        expect("lane", prof_inject_lane(p, &lane[a]), TN_OK, NULL);
        expect("activity",
               prof_inject(p, lane[a], PROF_BRICK, TN_BRICK_GATE_PROJECTION + a % 4, 0, start[a] * MS,
                           (start[a] + takes[a]) * MS, &id[a]),
               TN_OK, NULL);
    }
    expect("nested", prof_inject(p, lane[1], PROF_BRICK, TN_BRICK_ACTIVATION, id[1], 11 * MS, 12 * MS, &child), TN_OK,
           NULL);
    for (size_t e = 0; e < sizeof after / sizeof after[0]; e++)
        expect("depend", tn_profiler_depend(p, id[after[e][0]], id[after[e][1]]), TN_OK, NULL);
    prof_graph g;
    expect("graph", prof_graph_build(p, &g, "test"), TN_OK, NULL);
    expect("cpm", prof_graph_cpm(&g, "test"), TN_OK, NULL);
    check(g.length == 12 * MS, "project length 12 ms", "%lld ns", (long long)g.length);
    for (int a = 0; a < 6; a++) {
        const prof_gnode *x = &g.nodes[prof_graph_find(&g, id[a])];
        check(x->es == es[a] * MS && x->slack == slack[a] * MS, "earliest start and slack", "%c: ES %lld, slack %lld",
              'A' + a, (long long)x->es, (long long)x->slack);
    }
    static const int path[] = {0, 2, 4, 5};
    bool same = g.npath == 4;
    for (int i = 0; same && i < 4; i++)
        same = g.path[i] == prof_graph_find(&g, id[path[i]]);
    check(same, "critical path A C E F", "%d activities", g.npath);
    const prof_gnode *c = &g.nodes[prof_graph_find(&g, child)];
    check(c->activity == prof_graph_find(&g, id[1]) && c->slack == 1 * MS && c->es == 1 * MS && !c->on_path,
          "nested node inherits B's slack", "ES %lld slack %lld", (long long)c->es, (long long)c->slack);
    int seq = 0, hier = 0;
    for (int e = 0; e < g.ndeps; e++)
        seq += g.deps[e].kind == PROF_DEP_SEQUENCE;
    for (int e = 0; e < g.nhier; e++)
        hier += g.hier[e].to == prof_graph_find(&g, child);
    check(g.ndeps == 6 && seq == 0 && g.nhier == 1 && hier == 1, "dependencies and hierarchy apart",
          "%d dependencies (%d sequential), %d hierarchy edges", g.ndeps, seq, g.nhier);
    prof_graph_free(&g);
    tn_profiler_destroy(p);
    return failures != 0;
}

/* ---- threads ---- */

enum { THREADS = 8 };

typedef struct shared {
    tn_profiler *p;
    int iterations;
    _Atomic tn_prof_node handoff; /* a node some thread offers for another's dependency */
    atomic_int done, reports;
    int worker;
} shared;

static void *recorder(void *arg)
{
    shared *sh = arg;
    tn_profiler *p = sh->p;
    int worker = -1, errors = 0;
    errors += tn_profiler_register_brick(p, "Worker", TN_CATEGORY_OTHER, &worker) != TN_OK || worker != sh->worker;
    for (int i = 0; i < sh->iterations; i++) {
        /* Half way, wait for the reporter: the second half records while it reports. */
        while (i == sh->iterations / 2 && atomic_load(&sh->reports) < 2)
            sched_yield();
        errors += tn_profiler_layer_begin(p, i) != TN_OK;
        errors += tn_profiler_start(p, TN_BRICK_RMS_NORM) != TN_OK;
        errors += tn_profiler_stop(p, TN_BRICK_RMS_NORM) != TN_OK;
        errors += tn_profiler_start(p, worker) != TN_OK;
        errors += tn_profiler_start(p, TN_BRICK_QKV_PROJECTION) != TN_OK;
        tn_prof_node mine = tn_profiler_current(p), theirs = atomic_exchange(&sh->handoff, mine);
        if (i % 16 == 0 && theirs && theirs != mine)
            errors += tn_profiler_depend(p, theirs, mine) != TN_OK;
        errors += tn_profiler_stop(p, TN_BRICK_QKV_PROJECTION) != TN_OK;
        errors += tn_profiler_stop(p, worker) != TN_OK;
        errors += tn_profiler_layer_end(p) != TN_OK;
    }
    if (errors)
        check(false, "recording thread", "%d failed calls; last: %s", errors, tn_last_error());
    atomic_fetch_add(&sh->done, 1);
    return NULL;
}

static void *reporter(void *arg)
{
    shared *sh = arg;
    FILE *null = fopen("/dev/null", "w");
    int reports = 0, errors = 0;
    while (atomic_load(&sh->done) < THREADS && null) {
        tn_brick_stats s;
        errors += tn_profiler_brick_stats(sh->p, TN_BRICK_RMS_NORM, &s) != TN_OK;
        errors += tn_profiler_write_file(sh->p, (tn_prof_format)(reports % 5), null) != TN_OK;
        atomic_store(&sh->reports, ++reports);
    }
    if (null)
        fclose(null);
    check(errors == 0, "reports while threads record", "%d reports, %d failed (%s)", reports, errors,
          errors ? tn_last_error() : "");
    return NULL;
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* What a start and a stop cost on one thread, and what they cost with no profiler. */
static void cost(int pairs)
{
    tn_profiler *p = NULL;
    struct timespec t0;
    tn_profiler_create(TN_PROF_SYNC_NONE, &p);
    for (int round = 0; round < 2; round++) {
        tn_profiler *q = round ? NULL : p;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        for (int i = 0; i < pairs; i++) {
            tn_profiler_start(q, TN_BRICK_ACTIVATION);
            tn_profiler_stop(q, TN_BRICK_ACTIVATION);
        }
        printf("info: start + stop %s: %.1f ns\n", round ? "without a profiler" : "on one thread",
               seconds_since(&t0) * 1e9 / pairs);
    }
    tn_brick_stats s = {0};
    tn_profiler_brick_stats(p, TN_BRICK_ACTIVATION, &s);
    check(s.count == (uint64_t)pairs, "every pair recorded", "%llu", (unsigned long long)s.count);
    tn_profiler_destroy(p);
}

static int run_threads(int iterations)
{
    shared sh = {.iterations = iterations, .worker = TN_BRICK_BUILTIN_COUNT};
    pthread_t t[THREADS + 1];
    cost(iterations * 50);
    expect("create", tn_profiler_create(TN_PROF_SYNC_PER_LAYER, &sh.p), TN_OK, NULL);
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; i < THREADS; i++)
        pthread_create(&t[i], NULL, recorder, &sh);
    pthread_create(&t[THREADS], NULL, reporter, &sh);
    for (int i = 0; i <= THREADS; i++)
        pthread_join(t[i], NULL);
    double elapsed = seconds_since(&t0);
    uint64_t want = (uint64_t)THREADS * iterations;
    int bricks[] = {TN_BRICK_RMS_NORM, TN_BRICK_QKV_PROJECTION, sh.worker};
    for (int k = 0; k < 3; k++) {
        tn_brick_stats s = {0};
        tn_profiler_brick_stats(sh.p, bricks[k], &s);
        check(s.count == want, "every interval of every thread", "%s: %llu of %llu", s.name ? s.name : "?",
              (unsigned long long)s.count, (unsigned long long)want);
    }
    prof_graph g;
    expect("graph", prof_graph_build(sh.p, &g, "test"), TN_OK, NULL);
    expect("cpm", prof_graph_cpm(&g, "test"), TN_OK, NULL);
    check(g.nnodes == (int)(4 * want) && g.nlanes == THREADS, "nodes and lanes", "%d nodes, %d lanes", g.nnodes,
          g.nlanes);
    prof_graph_free(&g);
    printf("info: %d threads x %d iterations in %.3f s, a reporter running\n", THREADS, iterations, elapsed);
    tn_profiler_destroy(sh.p);
    return failures != 0;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    if (strcmp(mode, "stats") == 0)
        return run_stats();
    if (strcmp(mode, "modes") == 0)
        return run_modes();
    if (strcmp(mode, "errors") == 0)
        return run_errors();
    if (strcmp(mode, "cpm") == 0)
        return run_cpm();
    if (strcmp(mode, "threads") == 0)
        return run_threads(argc > 3 && strcmp(argv[2], "--iterations") == 0 ? atoi(argv[3]) : 2000);
    if (strcmp(mode, "tree") == 0 && argc > 2)
        return run_tree(argv[2], argc > 3 && strcmp(argv[3], "--update") == 0);
    if (strcmp(mode, "exports") == 0)
        return run_exports();
    if (strcmp(mode, "dot") == 0)
        return run_dot();
    if (strcmp(mode, "write") == 0 && argc > 2)
        return run_write(argv[2]);
    if (strcmp(mode, "registry") == 0 && argc > 2)
        return run_registry(argv[2]);
    if (strcmp(mode, "outputs") == 0 && argc > 2)
        return run_outputs(argv[2]);
    if (strcmp(mode, "gpu") == 0 && argc > 3)
        return run_gpu(argv[2], argv[3]);
    fprintf(stderr, "usage: test_profiler stats|modes|errors|cpm|threads [--iterations N]|tree SNAPSHOT [--update]|"
                    "exports|dot|write DIR|registry SOURCE_ROOT|gpu cuda|vulkan GENERATED|outputs DIR\n");
    return 2;
}
