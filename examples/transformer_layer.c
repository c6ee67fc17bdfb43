/* A transformer layer's shape of ops, profiled: per layer an RMS norm, a softmax where the
 * attention scores would be, a residual add, a layer norm, SiLU (sigmoid times its input) and
 * a second residual add, on the CPU and on a GPU when there is one (CUDA, else Vulkan). Prints
 * each run's bricks and categories and writes its profile: the text tree, DOT (and SVG through
 * Graphviz when `dot` is installed), the Chrome trace, the SVG timeline and an HTML page of it.
 *
 * usage: transformer_layer [OUT_DIR] [--gpu auto|cuda|vulkan|none] [--layers 4]
 *                          [--sync deferred|immediate|per-layer|none]
 * There are no matrix products among trueno's ops yet, so the projections are left out. */
#define _POSIX_C_SOURCE 200809L
#include "trueno_profiler.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { ROWS = 32, COLS = 1024, N = ROWS * COLS, MAX_LAYERS = 64 };

typedef struct options {
    const char *dir, *gpu;
    tn_prof_sync sync;
    int layers;
} options;

/* The same arrays on the host (CPU run) or as device buffers (GPU run). */
typedef struct host_state {
    float *x, *y, *w, *b, *h, *a, *s, *g;
} host_state;

typedef struct dev_state {
    tn_device *dev;
    tn_buffer *x, *y, *w, *b, *h, *a, *s, *g;
} dev_state;

#define TIMED(p, brick, call)                                                                                          \
    do {                                                                                                               \
        tn_profiler_start(p, brick);                                                                                   \
        if (st == TN_OK)                                                                                               \
            st = (call);                                                                                               \
        tn_profiler_stop(p, brick);                                                                                    \
    } while (0)

static tn_status cpu_layer(tn_profiler *p, int layer, int residual, host_state *m)
{
    tn_status st = tn_profiler_layer_begin(p, layer);
    TIMED(p, TN_BRICK_RMS_NORM, tn_rmsnorm(ROWS, COLS, m->x, COLS, m->w, 1e-6f, m->h, COLS));
    TIMED(p, TN_BRICK_ATTENTION_SOFTMAX, tn_softmax(ROWS, COLS, m->h, COLS, m->a, COLS));
    TIMED(p, residual, tn_add(N, m->x, m->a, m->y));
    TIMED(p, TN_BRICK_LAYER_NORM, tn_layernorm(ROWS, COLS, m->y, COLS, m->w, m->b, 1e-5f, m->h, COLS));
    tn_profiler_start(p, TN_BRICK_ACTIVATION);
    if (st == TN_OK)
        st = tn_sigmoid(N, m->h, m->s);
    if (st == TN_OK)
        st = tn_mul(N, m->h, m->s, m->g);
    tn_profiler_stop(p, TN_BRICK_ACTIVATION);
    TIMED(p, residual, tn_add(N, m->y, m->g, m->x));
    tn_status e = tn_profiler_layer_end(p);
    return st != TN_OK ? st : e;
}

static tn_status gpu_layer(tn_profiler *p, int layer, int residual, dev_state *m)
{
    tn_device *d = m->dev;
    tn_status st = tn_profiler_layer_begin(p, layer);
    TIMED(p, TN_BRICK_RMS_NORM, tn_dev_rmsnorm(d, ROWS, COLS, m->x, COLS, m->w, 1e-6f, m->h, COLS));
    TIMED(p, TN_BRICK_ATTENTION_SOFTMAX, tn_dev_softmax(d, ROWS, COLS, m->h, COLS, m->a, COLS));
    TIMED(p, residual, tn_dev_add(d, N, m->x, m->a, m->y));
    TIMED(p, TN_BRICK_LAYER_NORM, tn_dev_layernorm(d, ROWS, COLS, m->y, COLS, m->w, m->b, 1e-5f, m->h, COLS));
    tn_profiler_start(p, TN_BRICK_ACTIVATION);
    if (st == TN_OK)
        st = tn_dev_sigmoid(d, N, m->h, m->s);
    if (st == TN_OK)
        st = tn_dev_mul(d, N, m->h, m->s, m->g);
    tn_profiler_stop(p, TN_BRICK_ACTIVATION);
    TIMED(p, residual, tn_dev_add(d, N, m->y, m->g, m->x));
    tn_status e = tn_profiler_layer_end(p);
    return st != TN_OK ? st : e;
}

static void fill_input(float *x, float *w, float *b)
{
    for (int i = 0; i < N; i++)
        x[i] = sinf(0.001f * (float)i) * 0.5f;
    for (int i = 0; i < COLS; i++) {
        w[i] = 1.0f + 0.01f * (float)(i % 7);
        b[i] = 0.001f * (float)(i % 5);
    }
}

/* ---- reports ---- */

static void print_tables(tn_profiler *p, const char *run)
{
    printf("\n%s: bricks\n%-18s %-10s %6s %10s %10s %10s\n", run, "brick", "category", "count", "total ms", "self ms",
           "device ms");
    for (int b = 0; b < tn_profiler_brick_count(p); b++) {
        tn_brick_stats s;
        if (tn_profiler_brick_stats(p, b, &s) == TN_OK && s.count > 0)
            printf("%-18s %-10s %6llu %10.3f %10.3f %10.3f\n", s.name, tn_category_name(s.category),
                   (unsigned long long)s.count, s.total * 1e3, s.self * 1e3, s.device * 1e3);
    }
    double host[TN_CATEGORY_COUNT], device[TN_CATEGORY_COUNT], host_all = 0, device_all = 0;
    for (int c = 0; c < TN_CATEGORY_COUNT; c++) {
        tn_profiler_category_seconds(p, (tn_category)c, &host[c]);
        tn_profiler_category_device_seconds(p, (tn_category)c, &device[c]);
        host_all += host[c];
        device_all += device[c];
    }
    printf("%s: categories\n%-10s %10s %7s %10s %7s\n", run, "category", "self ms", "share", "device ms", "share");
    for (int c = 0; c < TN_CATEGORY_COUNT; c++)
        printf("%-10s %10.3f %6.1f%% %10.3f %6.1f%%\n", tn_category_name((tn_category)c), host[c] * 1e3,
               host_all > 0 ? 100 * host[c] / host_all : 0, device[c] * 1e3,
               device_all > 0 ? 100 * device[c] / device_all : 0);
}

/* The SVG timeline inside a page of its own. */
static int write_html(const char *svg_path, const char *html_path, const char *run)
{
    FILE *in = fopen(svg_path, "r"), *out = fopen(html_path, "w");
    int c, ok = in && out;
    if (ok) {
        fprintf(out,
                "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"/><title>trueno profile: %s</title></head>\n"
                "<body style=\"margin:8px;background:#fff\">\n",
                run);
        while ((c = fgetc(in)) != EOF)
            fputc(c, out);
        fputs("</body></html>\n", out);
    }
    if (in)
        fclose(in);
    if (out && fclose(out) != 0)
        ok = 0;
    return ok ? 0 : 1;
}

static int write_outputs(tn_profiler *p, const char *dir, const char *run)
{
    static const struct {
        tn_prof_format format;
        const char *file;
    } outputs[] = {{TN_PROF_TREE, "profile.txt"},
                   {TN_PROF_DOT, "profile.dot"},
                   {TN_PROF_CHROME, "trace.json"},
                   {TN_PROF_SVG, "timeline.svg"},
                   {TN_PROF_JSON, "profile.json"}};
    char sub[4096], path[4200], other[4200], cmd[9000];
    snprintf(sub, sizeof sub, "%s/%s", dir, run);
    mkdir(dir, 0777);
    mkdir(sub, 0777);
    for (size_t i = 0; i < sizeof outputs / sizeof outputs[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", sub, outputs[i].file);
        if (tn_profiler_write(p, outputs[i].format, path) != TN_OK) {
            fprintf(stderr, "%s\n", tn_last_error());
            return 1;
        }
    }
    snprintf(path, sizeof path, "%s/timeline.svg", sub);
    snprintf(other, sizeof other, "%s/timeline.html", sub);
    if (write_html(path, other, run) != 0)
        return 1;
    if (system("command -v dot > /dev/null 2>&1") == 0) {
        snprintf(cmd, sizeof cmd, "dot -Tsvg '%s/profile.dot' -o '%s/profile.svg'", sub, sub);
        if (system(cmd) != 0)
            return 1;
    }
    printf("%s: wrote %s/{profile.txt,profile.dot%s,trace.json,timeline.svg,timeline.html,profile.json}\n", run, sub,
           system("command -v dot > /dev/null 2>&1") == 0 ? ",profile.svg" : "");
    return 0;
}

/* ---- runs ---- */

static tn_profiler *new_profiler(tn_prof_sync sync, int *residual)
{
    tn_profiler *p = NULL;
    if (tn_profiler_create(sync, &p) != TN_OK ||
        tn_profiler_register_brick(p, "ResidualAdd", TN_CATEGORY_OTHER, residual) != TN_OK) {
        fprintf(stderr, "%s\n", tn_last_error());
        tn_profiler_destroy(p);
        return NULL;
    }
    return p;
}

/* The layers on the CPU; the final activations in out. */
static int cpu_run(const options *o, float *out)
{
    host_state m;
    float *all[] = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    for (int i = 0; i < 8; i++)
        all[i] = calloc(N, sizeof(float));
    m = (host_state){all[0], all[1], all[2], all[3], all[4], all[5], all[6], all[7]};
    int residual = 0, rc = 1;
    int32_t tokens[ROWS];
    tn_profiler *p = new_profiler(o->sync, &residual);
    tn_status st = p && all[7] ? TN_OK : TN_ERR_OUT_OF_MEMORY;
    TIMED(p, TN_BRICK_EMBEDDING, (fill_input(m.x, m.w, m.b), TN_OK));
    for (int l = 0; l < o->layers && st == TN_OK; l++)
        st = cpu_layer(p, l, residual, &m);
    TIMED(p, TN_BRICK_SAMPLING, tn_rowargmax(ROWS, COLS, m.x, COLS, tokens));
    if (st == TN_OK) {
        memcpy(out, m.x, N * sizeof *out);
        print_tables(p, "cpu");
        rc = write_outputs(p, o->dir, "cpu");
    } else
        fprintf(stderr, "cpu: %s\n", tn_last_error());
    tn_profiler_destroy(p);
    for (int i = 0; i < 8; i++)
        free(all[i]);
    return rc;
}

static tn_status gpu_buffers(dev_state *m)
{
    tn_buffer **all[] = {&m->x, &m->y, &m->w, &m->b, &m->h, &m->a, &m->s, &m->g};
    tn_status st = TN_OK;
    for (int i = 0; i < 8 && st == TN_OK; i++)
        st = tn_buffer_create(m->dev, N, all[i]);
    return st;
}

static void gpu_free(dev_state *m)
{
    tn_buffer *all[] = {m->x, m->y, m->w, m->b, m->h, m->a, m->s, m->g};
    for (int i = 0; i < 8; i++)
        tn_buffer_destroy(all[i]);
    tn_device_close(m->dev);
}

/* A warm-up layer, then host arrays up in the embedding, the layers, the result down in the
 * sampling. */
static tn_status gpu_layers(tn_profiler *p, int layers, int residual, dev_state *m, float *out)
{
    float *x = malloc(N * sizeof *x), w[COLS], b[COLS];
    tn_status st = x ? TN_OK : TN_ERR_OUT_OF_MEMORY;
    /* One layer unprofiled first: pipelines and modules are built on an op's first call. */
    if (st == TN_OK)
        st = gpu_layer(NULL, 0, residual, m);
    if (st == TN_OK)
        st = tn_device_synchronize(m->dev);
    tn_profiler *before = tn_profiler_attach(p);
    tn_profiler_start(p, TN_BRICK_EMBEDDING);
    if (st == TN_OK) {
        fill_input(x, w, b);
        st = tn_buffer_write(m->x, 0, x, N);
    }
    if (st == TN_OK)
        st = tn_buffer_write(m->w, 0, w, COLS);
    if (st == TN_OK)
        st = tn_buffer_write(m->b, 0, b, COLS);
    tn_profiler_stop(p, TN_BRICK_EMBEDDING);
    for (int l = 0; l < layers && st == TN_OK; l++)
        st = gpu_layer(p, l, residual, m);
    TIMED(p, TN_BRICK_SAMPLING, tn_buffer_read(m->x, 0, out, N));
    tn_profiler_attach(before);
    free(x);
    return st;
}

/* The backend to use: the one asked for, or with auto the first of CUDA and Vulkan that has a
 * device; NULL for none. */
static const char *pick_gpu(const char *want)
{
    static const char *const backends[] = {"cuda", "vulkan"};
    for (int i = 0; i < 2; i++) {
        int count = 0;
        if ((strcmp(want, "auto") == 0 || strcmp(want, backends[i]) == 0) &&
            tn_device_count(backends[i], &count) == TN_OK && count > 0)
            return backends[i];
    }
    return NULL;
}

static int gpu_run(const options *o, const float *cpu_out)
{
    const char *backend = strcmp(o->gpu, "none") == 0 ? NULL : pick_gpu(o->gpu);
    if (!backend) {
        printf("\ngpu: none used (--gpu %s)\n", o->gpu);
        return strcmp(o->gpu, "auto") == 0 || strcmp(o->gpu, "none") == 0 ? 0 : 1;
    }
    dev_state m = {0};
    int residual = 0, rc = 1;
    float *out = malloc(N * sizeof *out);
    tn_profiler *p = new_profiler(o->sync, &residual);
    tn_status st = out && p ? tn_device_open(backend, 0, &m.dev) : TN_ERR_OUT_OF_MEMORY;
    if (st == TN_OK && (st = gpu_buffers(&m)) == TN_OK)
        st = gpu_layers(p, o->layers, residual, &m, out);
    if (st == TN_OK) {
        double err = 0;
        for (int i = 0; i < N; i++)
            err = fmax(err, fabs((double)out[i] - (double)cpu_out[i]));
        printf("\n%s: %s, sync %s; largest difference from the CPU's result %.3g\n", backend, tn_device_name(m.dev),
               tn_prof_sync_name(o->sync), err);
        print_tables(p, backend);
        rc = write_outputs(p, o->dir, backend);
    } else
        fprintf(stderr, "%s: %s\n", backend, tn_last_error());
    if (m.dev)
        gpu_free(&m);
    tn_profiler_destroy(p);
    free(out);
    return rc;
}

static int parse(int argc, char **argv, options *o)
{
    static const char *const syncs[] = {"none", "immediate", "per-layer", "deferred"}; /* ORDER SYNC */
    *o = (options){.dir = ".", .gpu = "auto", .sync = TN_PROF_SYNC_DEFERRED, .layers = 4};
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--gpu") == 0 && i + 1 < argc)
            o->gpu = argv[++i];
        else if (strcmp(argv[i], "--layers") == 0 && i + 1 < argc) {
            o->layers = atoi(argv[++i]);
            if (o->layers < 1 || o->layers > MAX_LAYERS)
                return 1;
        } else if (strcmp(argv[i], "--sync") == 0 && i + 1 < argc) {
            const char *want = argv[++i];
            int k = 0;
            while (k < 4 && strcmp(syncs[k], want) != 0)
                k++;
            if (k == 4)
                return 1;
            o->sync = (tn_prof_sync)k;
        } else if (argv[i][0] != '-')
            o->dir = argv[i];
        else
            return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    options o;
    if (parse(argc, argv, &o) != 0) {
        fprintf(stderr, "usage: transformer_layer [OUT_DIR] [--gpu auto|cuda|vulkan|none] [--layers 1..64] "
                        "[--sync deferred|immediate|per-layer|none]\n");
        return 2;
    }
    printf("%d layers of %d tokens x %d: rmsnorm, softmax, residual add, layernorm, silu, residual add\n", o.layers,
           ROWS, COLS);
    float *cpu_out = malloc(N * sizeof *cpu_out);
    int rc = cpu_out ? cpu_run(&o, cpu_out) : 1;
    if (rc == 0)
        rc = gpu_run(&o, cpu_out);
    free(cpu_out);
    return rc;
}
