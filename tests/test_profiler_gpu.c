/* The profiler's GPU records on a real device (Vulkan, CUDA; exit 77, skipped, without one): a
 * transformer-layer-shaped sequence of kernels and copies recorded in each sync mode, its records
 * read back from the JSON report and checked against references of their own: the hashes
 * against FNV-1a of the op's embedded PTX or SPIR-V and the source registry, Vulkan grids and
 * workgroup sizes against the shapes and the generated shaders' local_size_x, the per-brick and
 * per-category device times against sums of the records, immediate mode's bricks holding their
 * records' device intervals, and each mode against immediate. */
#define _POSIX_C_SOURCE 200809L
#include "json.h"
#include "test_profiler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The sequence: a copy up, then per layer rmsnorm, softmax, sigmoid and mul (silu), the residual
 * add and its copy back into x, then a copy down. ORDER SEQUENCE */
enum { ROWS = 64, COLS = 1024, N = ROWS * COLS, LAYERS = 2, KERNELS = 5 * LAYERS, TRANSFERS = 2 + LAYERS };
static const char *const kernel_ops[5] = {"rmsnorm", "softmax", "sigmoid", "mul", "add"};

typedef struct gpu_run {
    tn_device *dev;
    tn_buffer *x, *w, *h, *a, *s, *g, *y;
    int residual; /* the registered brick of the residual add */
    const char *generated;
} gpu_run;

/* One run's records as the comparison across modes sees them. */
typedef struct record_key {
    char name[32];
    int brick;
    double grid0, grid1, block, bytes, flops;
} record_key;

static uint64_t fnv1a64(const void *bytes, size_t size)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < size; i++)
        h = (h ^ ((const unsigned char *)bytes)[i]) * 0x100000001b3ull;
    return h;
}

static const json *item(const json *j, int i)
{
    return j && (j->type == JSON_ARRAY || j->type == JSON_OBJECT) && i >= 0 && i < j->count ? j->items[i] : NULL;
}

static tn_status layer(gpu_run *r, tn_profiler *p, int l)
{
    tn_device *d = r->dev;
    tn_status s = tn_profiler_layer_begin(p, l);
    tn_profiler_start(p, TN_BRICK_RMS_NORM);
    s = s ? s : tn_dev_rmsnorm(d, ROWS, COLS, r->x, COLS, r->w, 1e-6f, r->h, COLS);
    tn_profiler_stop(p, TN_BRICK_RMS_NORM);
    tn_profiler_start(p, TN_BRICK_ATTENTION_SOFTMAX);
    s = s ? s : tn_dev_softmax(d, ROWS, COLS, r->h, COLS, r->a, COLS);
    tn_profiler_stop(p, TN_BRICK_ATTENTION_SOFTMAX);
    tn_profiler_start(p, TN_BRICK_ACTIVATION);
    s = s ? s : tn_dev_sigmoid(d, N, r->a, r->s);
    s = s ? s : tn_dev_mul(d, N, r->a, r->s, r->g);
    tn_profiler_stop(p, TN_BRICK_ACTIVATION);
    tn_profiler_start(p, r->residual);
    s = s ? s : tn_dev_add(d, N, r->x, r->g, r->y);
    s = s ? s : tn_buffer_copy(r->x, 0, r->y, 0, N);
    tn_profiler_stop(p, r->residual);
    tn_status e = tn_profiler_layer_end(p);
    return s ? s : e;
}

/* The sequence recorded into a new profiler of the given mode; NULL with a failed check. */
static tn_profiler *record(gpu_run *r, tn_prof_sync sync, size_t *unread)
{
    static float host[N];
    tn_profiler *p = NULL;
    tn_status s = tn_profiler_create(sync, &p);
    s = s ? s : tn_profiler_register_brick(p, "Residual", TN_CATEGORY_OTHER, &r->residual);
    for (int i = 0; i < N; i++)
        host[i] = (float)(i % 97) * 0.01f - 0.4f;
    tn_profiler_attach(p);
    tn_profiler_start(p, TN_BRICK_EMBEDDING);
    s = s ? s : tn_buffer_write(r->x, 0, host, N);
    tn_profiler_stop(p, TN_BRICK_EMBEDDING);
    for (int l = 0; l < LAYERS && s == TN_OK; l++)
        s = layer(r, p, l);
    tn_profiler_start(p, TN_BRICK_SAMPLING);
    s = s ? s : tn_buffer_read(r->y, 0, host, N);
    tn_profiler_stop(p, TN_BRICK_SAMPLING);
    tn_profiler_attach(NULL);
    prof_thread *t = p ? prof_thread_of(p, "test") : NULL;
    *unread = t ? t->made - atomic_load(&t->resolved) : 0;
    check(s == TN_OK && t && t->made == KERNELS + TRANSFERS, "the sequence runs and is recorded", "%s: %s, %zu records",
          tn_prof_sync_name(sync), s ? tn_last_error() : "ok", t ? t->made : 0);
    if (s != TN_OK) {
        tn_profiler_destroy(p);
        return NULL;
    }
    return p;
}

/* A report into memory (free it). */
static char *report(tn_profiler *p, tn_prof_format format)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    tn_status s = f ? tn_profiler_write_file(p, format, f) : TN_ERR_IO;
    if (f)
        fclose(f);
    check(s == TN_OK, "report written", "%s", s ? tn_last_error() : "ok");
    return text;
}

/* local_size_x of the generated shader the registry names (0: not found). */
static unsigned local_size(const gpu_run *r, const char *path)
{
    char file[4096], line[512];
    snprintf(file, sizeof file, "%s/%s", r->generated, path);
    FILE *f = fopen(file, "r");
    unsigned size = 0;
    while (f && !size && fgets(line, sizeof line, f)) {
        const char *at = strstr(line, "local_size_x = ");
        if (at)
            size = (unsigned)strtoul(at + 15, NULL, 10);
    }
    if (f)
        fclose(f);
    return size;
}

/* Grid and block a Vulkan launch must have: a workgroup per row for the row ops, one per 1024
 * elements (four per thread of a 256-wide group) for the elementwise ones. */
static bool vulkan_shape_ok(const gpu_run *r, const char *op, const json *stage, const char *path)
{
    const json *grid = json_get(stage, "grid");
    bool rows = strcmp(op, "rmsnorm") == 0 || strcmp(op, "softmax") == 0;
    double want = rows ? ROWS : (N + 1023) / 1024;
    return grid && grid->count == 2 && item(grid, 0)->number == want && item(grid, 1)->number == 1 &&
           json_number(stage, "block", 0) == local_size(r, path) && local_size(r, path) > 0;
}

/* A kernel record's hash against the op's own text or words, its registry row and its stage. */
static int kernel_bad(const gpu_run *r, const json *rec, bool cuda)
{
    const tn_op *op = op_named(json_string(rec, "op", ""));
    const json *stages = json_get(rec, "stages"), *stage = item(stages, 0);
    if (!op || !stage)
        return 1;
    uint64_t want = cuda ? fnv1a64(op->ptx, strlen(op->ptx))
                         : fnv1a64(op->shaders[0].words, op->shaders[0].nwords * sizeof(uint32_t));
    char hash[32];
    snprintf(hash, sizeof hash, "0x%016llx", (unsigned long long)want);
    const tn_kernel_source *k = tn_kernel_source_find(want);
    int bad = !k || strcmp(json_string(rec, "hash", ""), hash) != 0 || strcmp(k->op, op->name) != 0 ||
              strcmp(k->backend, cuda ? "cuda" : "vulkan") != 0 || strcmp(json_string(rec, "source", ""), k->path) != 0;
    if (cuda) { /* the entry is one of the module's, blocks whole warps */
        const char *entry = json_string(stage, "entry", "?");
        const char *in = k ? strstr(k->entries, entry) : NULL;
        bad += !in || (in[strlen(entry)] != ' ' && in[strlen(entry)] != '\0');
        bad += (int)json_number(stage, "block", 0) % 32 != 0 || json_number(stage, "block", 0) <= 0;
    } else
        bad += stages->count != 1 || !k || !vulkan_shape_ok(r, op->name, stage, k->path);
    return bad;
}

/* Each record's key, in start order, with the brick it was made in; returns their count. */
static int collect(const json *nodes, record_key *keys, int max)
{
    int n = 0;
    for (int i = 0; nodes && i < nodes->count && n < max; i++) {
        const json *x = item(nodes, i), *rec = json_get(x, "record");
        if (!rec)
            continue;
        const json *stage = item(json_get(rec, "stages"), 0);
        record_key *k = &keys[n++];
        snprintf(k->name, sizeof k->name, "%s", json_string(x, "name", "?"));
        k->brick = (int)json_number(item(nodes, (int)json_number(x, "parent", -1)), "brick", -1);
        k->grid0 = stage ? item(json_get(stage, "grid"), 0)->number : 0;
        k->grid1 = stage ? item(json_get(stage, "grid"), 1)->number : 0;
        k->block = json_number(stage, "block", 0);
        k->bytes = json_number(rec, "bytes", 0);
        k->flops = json_number(rec, "flops", 0);
    }
    return n;
}

/* The kernels in sequence order with their hashes and stages; the clock each says it has. */
static void check_kernels(const gpu_run *r, const json *nodes, tn_prof_sync sync, bool cuda)
{
    int kernels = 0, transfers = 0, bad = 0, order = 0, clock = 0;
    for (int i = 0; nodes && i < nodes->count; i++) {
        const json *x = item(nodes, i), *rec = json_get(x, "record");
        const char *kind = json_string(x, "kind", "");
        transfers += strcmp(kind, "transfer") == 0;
        if (strcmp(kind, "kernel") != 0)
            continue;
        order += strcmp(json_string(rec, "op", ""), kernel_ops[kernels % 5]) != 0;
        bad += kernel_bad(r, rec, cuda);
        clock += strcmp(json_string(rec, "time", ""), sync == TN_PROF_SYNC_NONE ? "host" : "device") != 0;
        kernels++;
    }
    check(kernels == KERNELS && transfers == TRANSFERS && order == 0, "a record per kernel and copy, in order",
          "%s: %d kernels, %d transfers, %d out of order", tn_prof_sync_name(sync), kernels, transfers, order);
    check(bad == 0, "kernel hashes match the op's code and the registry; entries, grids and blocks", "%s: %d bad",
          tn_prof_sync_name(sync), bad);
    check(clock == 0, "kernels timed by the clock the mode says", "%s: %d not", tn_prof_sync_name(sync), clock);
}

/* Device-timed records on the stream do not overlap (one queue, in order): none read twice. */
static void check_stream(const json *nodes, tn_prof_sync sync)
{
    double last_end = -1e300;
    int overlaps = 0, timed = 0;
    for (int i = 0; nodes && i < nodes->count; i++) {
        const json *x = item(nodes, i), *rec = json_get(x, "record");
        if (!rec || strcmp(json_string(rec, "time", ""), "device") != 0)
            continue;
        timed++;
        overlaps += json_number(x, "start_ns", 0) + 1000 < last_end; /* 1 us: clock alignment's rounding */
        last_end = json_number(x, "end_ns", 0);
    }
    check(overlaps == 0 && (sync == TN_PROF_SYNC_NONE || timed >= KERNELS), "device intervals follow one another",
          "%s: %d timed, %d overlap the one before", tn_prof_sync_name(sync), timed, overlaps);
}

/* Immediate: each brick waits for its GPU work, so its host interval holds its records' device
 * intervals (to 1 ms: the alignment of the device's clock to the host's). */
static void check_held(const json *nodes)
{
    int outside = 0, timed = 0;
    for (int i = 0; nodes && i < nodes->count; i++) {
        const json *x = item(nodes, i), *rec = json_get(x, "record");
        const json *parent = item(nodes, (int)json_number(x, "parent", -1));
        if (!rec || !parent || strcmp(json_string(rec, "time", ""), "device") != 0)
            continue;
        timed++;
        outside += json_number(x, "start_ns", 0) < json_number(parent, "start_ns", 0) - 1e6 ||
                   json_number(x, "end_ns", 0) > json_number(parent, "end_ns", 0) + 1e6;
    }
    check(timed > 0 && outside == 0, "immediate: each brick's host time holds its records' device time",
          "%d of %d outside", outside, timed);
}

/* Per brick and category, the device time the profiler reports against the records' own sum. */
static void check_sums(tn_profiler *p, const json *root, tn_prof_sync sync)
{
    const json *nodes = json_get(root, "nodes");
    int64_t brick[TN_BRICK_BUILTIN_COUNT + 1] = {0}, category[TN_CATEGORY_COUNT] = {0};
    for (int i = 0; nodes && i < nodes->count; i++) {
        const json *x = item(nodes, i), *parent = item(nodes, (int)json_number(x, "parent", -1));
        int b = (int)json_number(parent, "brick", -1);
        if (!json_get(x, "record") || b < 0 || b > TN_BRICK_BUILTIN_COUNT)
            continue;
        int64_t d = (int64_t)(json_number(x, "end_ns", 0) - json_number(x, "start_ns", 0));
        brick[b] += d;
        for (int c = 0; c < TN_CATEGORY_COUNT; c++)
            category[c] += strcmp(json_string(parent, "category", ""), tn_category_name((tn_category)c)) == 0 ? d : 0;
    }
    int bad = 0;
    for (int b = 0; b <= TN_BRICK_BUILTIN_COUNT; b++) {
        tn_brick_stats st = {0};
        bad += tn_profiler_brick_stats(p, b, &st) != TN_OK || (int64_t)(st.device * 1e9 + 0.5) != brick[b];
    }
    for (int c = 0; c < TN_CATEGORY_COUNT; c++) {
        double sec = -1;
        tn_profiler_category_device_seconds(p, (tn_category)c, &sec);
        bad += (int64_t)(sec * 1e9 + 0.5) != category[c] ||
               json_number(item(json_get(root, "categories"), c), "device_ns", -1) != (double)category[c];
    }
    check(bad == 0 && brick[TN_BRICK_RMS_NORM] > 0, "device time per brick and category sums the records",
          "%s: %d differ", tn_prof_sync_name(sync), bad);
}

/* The records read at the points the mode names: unread after the run, read by the report, and
 * the same on a second report. */
static void check_reads(tn_profiler *p, tn_prof_sync sync, size_t unread, const char *first)
{
    /* immediate: each at its brick's stop; per layer: all but the copy down after the last layer */
    size_t want[] = {0, 0, 1, KERNELS + TRANSFERS}; /* ORDER SYNC */
    prof_thread *t = prof_thread_of(p, "test");
    char *again = report(p, TN_PROF_JSON);
    check(sync == TN_PROF_SYNC_NONE ? unread == KERNELS + TRANSFERS : unread == want[sync],
          "records unread until the mode's point", "%s: %zu unread after the run", tn_prof_sync_name(sync), unread);
    bool read = sync == TN_PROF_SYNC_NONE || (t && t->made == atomic_load(&t->resolved)); /* none: nothing to read */
    check(read && again && strcmp(first, again) == 0, "a report reads every record once: a second one is the same",
          "%s", tn_prof_sync_name(sync));
    free(again);
}

static int mode_run(gpu_run *r, tn_prof_sync sync, bool cuda, record_key *keys, int max)
{
    size_t unread = 0;
    tn_profiler *p = record(r, sync, &unread);
    char *text = p ? report(p, TN_PROF_JSON) : NULL, err[256] = "";
    json *root = text ? json_parse(text, err, sizeof err) : NULL;
    check(!p || root, "the report parses", "%s", err);
    int n = 0;
    if (root) {
        const json *nodes = json_get(root, "nodes");
        check_kernels(r, nodes, sync, cuda);
        check_stream(nodes, sync);
        if (sync == TN_PROF_SYNC_IMMEDIATE)
            check_held(nodes);
        check_sums(p, root, sync);
        check_reads(p, sync, unread, text);
        n = collect(nodes, keys, max);
    }
    json_free(root);
    free(text);
    tn_profiler_destroy(p);
    return n;
}

static bool same_keys(const record_key *a, const record_key *b)
{
    return strcmp(a->name, b->name) == 0 && a->brick == b->brick && a->grid0 == b->grid0 && a->grid1 == b->grid1 &&
           a->block == b->block && a->bytes == b->bytes && a->flops == b->flops;
}

/* Records in brick order, then by name and shape: the timeline orders a transfer the host timed
 * and the kernel after it by two clocks tied together once, which a loaded machine can swap by a
 * few microseconds; which records each brick made is what every mode must agree on. */
static int by_brick(const void *a, const void *b)
{
    const record_key *x = a, *y = b;
    int c = x->brick != y->brick ? (x->brick < y->brick ? -1 : 1) : strcmp(x->name, y->name);
    if (c == 0 && x->grid0 != y->grid0)
        c = x->grid0 < y->grid0 ? -1 : 1;
    if (c == 0 && x->bytes != y->bytes)
        c = x->bytes < y->bytes ? -1 : 1;
    return c;
}

static tn_status buffers(gpu_run *r)
{
    tn_buffer **all[] = {&r->x, &r->w, &r->h, &r->a, &r->s, &r->g, &r->y};
    tn_status s = TN_OK;
    for (size_t i = 0; i < sizeof all / sizeof all[0] && s == TN_OK; i++)
        s = tn_buffer_create(r->dev, N, all[i]);
    static float ones[COLS];
    for (int i = 0; i < COLS; i++)
        ones[i] = 1.0f;
    return s ? s : tn_buffer_write(r->w, 0, ones, COLS);
}

/* Every mode against immediate: the same records, made in the same bricks. */
int run_gpu(const char *backend, const char *generated)
{
    gpu_run r = {.generated = generated};
    int count = 0;
    if (tn_device_count(backend, &count) != TN_OK || count == 0 || tn_device_open(backend, 0, &r.dev) != TN_OK) {
        printf("skipped: no %s device on this machine (%s)\n", backend,
               *tn_last_error() ? tn_last_error() : "none found");
        return 77;
    }
    printf("info: %s\n", tn_device_name(r.dev));
    bool cuda = strcmp(backend, "cuda") == 0;
    expect("buffers", buffers(&r), TN_OK, NULL);
    enum { MAX = 2 * (KERNELS + TRANSFERS) };
    record_key want[MAX], got[MAX];
    int nwant = mode_run(&r, TN_PROF_SYNC_IMMEDIATE, cuda, want, MAX);
    qsort(want, (size_t)nwant, sizeof *want, by_brick);
    static const tn_prof_sync others[] = {TN_PROF_SYNC_DEFERRED, TN_PROF_SYNC_PER_LAYER, TN_PROF_SYNC_NONE};
    for (int m = 0; m < 3; m++) {
        int n = mode_run(&r, others[m], cuda, got, MAX), differ = n != nwant;
        qsort(got, (size_t)n, sizeof *got, by_brick);
        for (int i = 0; i < n && i < nwant; i++)
            differ += !same_keys(&got[i], &want[i]);
        check(differ == 0 && n == KERNELS + TRANSFERS, "the records match immediate mode's", "%s: %d of %d differ",
              tn_prof_sync_name(others[m]), differ, n);
    }
    tn_buffer *all[] = {r.x, r.w, r.h, r.a, r.s, r.g, r.y};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        tn_buffer_destroy(all[i]);
    tn_device_close(r.dev);
    return failures != 0;
}
