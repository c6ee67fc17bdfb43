/* What profiling costs. `gpu`: a transformer-layer-shaped sequence of GPU launches timed with
 * profiling off and in each sync mode, repetitions interleaved, medians compared (the target: 5%
 * for deferred). `callgrind`: instructions of hot CPU ops with no profiler, with profiling off
 * and on, counted by valgrind's callgrind; off must add none. Linked statically: the binary
 * runs from a copied build folder with nothing installed but the GPU driver. docs/PROFILER.md.
 * The default shape is a prefill's (2048 tokens of 4096): kernels long enough that the device
 * sets the pace, as in a model's run; a few rows (--rows 32) make the sequence launch-bound,
 * where the host's cost per launch shows in full.
 *
 * usage: tn_prof_overhead gpu [--backend auto|cuda|vulkan] [--layers 50] [--rows 2048] [--cols 4096]
 *                             [--reps 21] [--target 5]
 *        tn_prof_overhead callgrind */
#define _POSIX_C_SOURCE 200809L
#include "trueno_profiler.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <valgrind/callgrind.h>

enum { OPS_PER_LAYER = 6, MODES = 5, MAX_REPS = 1001 };

typedef struct gpu_options {
    const char *backend;
    int layers, rows, cols, reps;
    double target; /* percent */
} gpu_options;

typedef struct gpu_state {
    tn_device *dev;
    tn_buffer *x, *y, *w, *h, *a, *s, *g;
    size_t rows, cols, n;
} gpu_state;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* One layer: six launches, each in its brick (no-ops when p is NULL). */
static tn_status layer(tn_profiler *p, int l, int residual, gpu_state *m)
{
    tn_device *d = m->dev;
    tn_status s = tn_profiler_layer_begin(p, l);
    tn_profiler_start(p, TN_BRICK_RMS_NORM);
    s = s ? s : tn_dev_rmsnorm(d, m->rows, m->cols, m->x, m->cols, m->w, 1e-6f, m->h, m->cols);
    tn_profiler_stop(p, TN_BRICK_RMS_NORM);
    tn_profiler_start(p, TN_BRICK_ATTENTION_SOFTMAX);
    s = s ? s : tn_dev_softmax(d, m->rows, m->cols, m->h, m->cols, m->a, m->cols);
    tn_profiler_stop(p, TN_BRICK_ATTENTION_SOFTMAX);
    tn_profiler_start(p, residual);
    s = s ? s : tn_dev_add(d, m->n, m->x, m->a, m->y);
    tn_profiler_stop(p, residual);
    tn_profiler_start(p, TN_BRICK_ACTIVATION);
    s = s ? s : tn_dev_sigmoid(d, m->n, m->h, m->s); /* SiLU of the normed input: values stay small */
    s = s ? s : tn_dev_mul(d, m->n, m->h, m->s, m->g);
    tn_profiler_stop(p, TN_BRICK_ACTIVATION);
    tn_profiler_start(p, residual);
    s = s ? s : tn_dev_add(d, m->n, m->y, m->g, m->x);
    tn_profiler_stop(p, residual);
    tn_status e = tn_profiler_layer_end(p);
    return s ? s : e;
}

/* The sequence once in mode (-1: off), timed to the device's end; the report's reading after it
 * in *report_s. */
static tn_status sequence(const gpu_options *o, gpu_state *m, int mode, double *seconds, double *report_s,
                          double *enqueue_s)
{
    tn_profiler *p = NULL;
    int residual = 0;
    tn_status s = TN_OK;
    if (mode >= 0 && (s = tn_profiler_create((tn_prof_sync)mode, &p)) == TN_OK)
        s = tn_profiler_register_brick(p, "ResidualAdd", TN_CATEGORY_OTHER, &residual);
    s = s ? s : tn_device_synchronize(m->dev);
    double t0 = now_s();
    tn_profiler_attach(p);
    for (int l = 0; l < o->layers && s == TN_OK; l++)
        s = layer(p, l, residual, m);
    *enqueue_s = now_s() - t0; /* the host's part: the launches queued, not yet run */
    tn_profiler_attach(NULL);
    s = s ? s : tn_device_synchronize(m->dev);
    *seconds = now_s() - t0;
    double t1 = now_s(), total = 0;
    if (p && s == TN_OK) /* a report reads what is still unread: deferred, all of it */
        s = tn_profiler_category_device_seconds(p, TN_CATEGORY_NORM, &total);
    *report_s = now_s() - t1;
    tn_profiler_destroy(p);
    return s;
}

static tn_status open_state(const gpu_options *o, gpu_state *m)
{
    static const char *const backends[] = {"cuda", "vulkan"};
    int count = 0;
    tn_status s = TN_ERR_BACKEND_UNAVAILABLE;
    for (int i = 0; i < 2 && s != TN_OK; i++)
        if ((strcmp(o->backend, "auto") == 0 || strcmp(o->backend, backends[i]) == 0) &&
            tn_device_count(backends[i], &count) == TN_OK && count > 0)
            s = tn_device_open(backends[i], 0, &m->dev);
    m->rows = (size_t)o->rows;
    m->cols = (size_t)o->cols;
    m->n = m->rows * m->cols;
    tn_buffer **all[] = {&m->x, &m->y, &m->w, &m->h, &m->a, &m->s, &m->g};
    for (int i = 0; i < 7 && s == TN_OK; i++)
        s = tn_buffer_create(m->dev, m->n, all[i]);
    float *init = s == TN_OK ? malloc(m->n * sizeof *init) : NULL;
    for (size_t i = 0; init && i < m->n; i++)
        init[i] = (float)(i % 113) * 0.01f - 0.5f;
    if (s == TN_OK)
        s = init ? tn_buffer_write(m->x, 0, init, m->n) : TN_ERR_OUT_OF_MEMORY;
    if (s == TN_OK)
        s = tn_buffer_write(m->w, 0, init, m->cols);
    free(init);
    return s;
}

static void close_state(gpu_state *m)
{
    tn_buffer *all[] = {m->x, m->y, m->w, m->h, m->a, m->s, m->g};
    for (int i = 0; i < 7; i++)
        tn_buffer_destroy(all[i]);
    tn_device_close(m->dev);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static const char *mode_name(int mode)
{
    return mode < 0 ? "off" : tn_prof_sync_name((tn_prof_sync)mode);
}

/* Every repetition runs off and the four modes, in an order rotated each time (drift falls on
 * all alike); the first repetition warms up and is not counted. */
static tn_status time_modes(const gpu_options *o, gpu_state *m, double (*t)[MAX_REPS], double (*r)[MAX_REPS],
                            double (*q)[MAX_REPS])
{
    tn_status s = TN_OK;
    for (int rep = -1; rep < o->reps && s == TN_OK; rep++)
        for (int k = 0; k < MODES && s == TN_OK; k++) {
            int slot = (k + (rep < 0 ? 0 : rep)) % MODES; /* 0: off, 1 + sync */
            double sec = 0, rd = 0, enq = 0;
            s = sequence(o, m, slot - 1, &sec, &rd, &enq);
            if (rep >= 0) {
                t[slot][rep] = sec;
                q[slot][rep] = enq;
                r[slot][rep] = rd;
            }
        }
    return s;
}

static int gpu_report(const gpu_options *o, const gpu_state *m, double (*t)[MAX_REPS], double (*r)[MAX_REPS],
                      double (*q)[MAX_REPS])
{
    static const int order[MODES] = {0, 1 + TN_PROF_SYNC_DEFERRED, 1 + TN_PROF_SYNC_NONE, 1 + TN_PROF_SYNC_PER_LAYER,
                                     1 + TN_PROF_SYNC_IMMEDIATE};
    int launches = o->layers * OPS_PER_LAYER;
    double off = median(t[0], o->reps), deferred = median(t[1 + TN_PROF_SYNC_DEFERRED], o->reps);
    printf("%-10s %10s %14s %10s %16s %11s\n", "profiling", "median ms", "per launch us", "overhead", "report reads ms",
           "enqueue ms");
    for (int k = 0; k < MODES; k++) {
        int slot = order[k];
        double med = median(t[slot], o->reps), rd = median(r[slot], o->reps);
        char over[32] = "-", read[32] = "-";
        if (slot)
            snprintf(over, sizeof over, "%+.1f%%", 100 * (med - off) / off);
        if (slot)
            snprintf(read, sizeof read, "%.3f", rd * 1e3);
        printf("%-10s %10.3f %14.2f %10s %16s %11.3f\n", mode_name(slot - 1), med * 1e3, med / launches * 1e6, over, read,
               median(q[slot], o->reps) * 1e3);
    }
    double pct = 100 * (deferred - off) / off;
    bool ok = pct <= o->target;
    printf("deferred: %+.1f%% over off for %d launches on %s: %s the %.0f%% target\n", pct, launches,
           tn_device_name(m->dev), ok ? "within" : "OVER", o->target);
    return ok ? 0 : 3;
}

static int parse_gpu(int argc, char **argv, gpu_options *o)
{
    *o = (gpu_options){.backend = "auto", .layers = 50, .rows = 2048, .cols = 4096, .reps = 21, .target = 5};
    for (int i = 2; i + 1 < argc; i += 2) {
        const char *k = argv[i], *v = argv[i + 1];
        if (strcmp(k, "--backend") == 0)
            o->backend = v;
        else if (strcmp(k, "--layers") == 0)
            o->layers = atoi(v);
        else if (strcmp(k, "--rows") == 0)
            o->rows = atoi(v);
        else if (strcmp(k, "--cols") == 0)
            o->cols = atoi(v);
        else if (strcmp(k, "--reps") == 0)
            o->reps = atoi(v);
        else if (strcmp(k, "--target") == 0)
            o->target = atof(v);
        else
            return 1;
    }
    return argc % 2 || o->layers < 1 || o->rows < 1 || o->cols < 1 || o->reps < 1 || o->reps > MAX_REPS - 1;
}

static int run_gpu(int argc, char **argv)
{
    gpu_options o;
    if (parse_gpu(argc, argv, &o) != 0) {
        fprintf(stderr, "tn_prof_overhead gpu: bad options (see the usage in bench/prof_overhead.c)\n");
        return 2;
    }
    gpu_state m = {0};
    tn_status s = open_state(&o, &m);
    if (!m.dev) {
        printf("skipped: no %s GPU (%s)\n", o.backend, *tn_last_error() ? tn_last_error() : "none found");
        return 77;
    }
    static double t[MODES][MAX_REPS], r[MODES][MAX_REPS], q[MODES][MAX_REPS];
    printf("profiler overhead: %s, %d launches (%d layers x %d ops) of %d x %d floats, %d repetitions, medians\n",
           tn_device_name(m.dev), o.layers * OPS_PER_LAYER, o.layers, OPS_PER_LAYER, o.rows, o.cols, o.reps);
    if (s == TN_OK)
        s = time_modes(&o, &m, t, r, q);
    int rc = s == TN_OK ? gpu_report(&o, &m, t, r, q) : 1;
    if (s != TN_OK)
        fprintf(stderr, "tn_prof_overhead gpu: %s\n", tn_last_error());
    close_state(&m);
    return rc;
}

/* ---- instructions (under callgrind) ---- */

enum { CG_N = 1000, CG_ROWS = 8, STATES = 3 };
static const char *const states[STATES] = {"never", "off", "on"}; /* no profiler yet; NULL; attached, a brick open */

/* The op's calls, the second one counted and dumped as NAME/STATE. */
static void count_ops(const char *state, float *x, float *y, float *z)
{
    char name[64];
    for (int op = 0; op < 2; op++)
        for (int pass = 0; pass < 2; pass++) {
            if (pass)
                CALLGRIND_TOGGLE_COLLECT;
            if (op == 0)
                tn_add(CG_N, x, y, z);
            else
                tn_rmsnorm(CG_ROWS, CG_N / CG_ROWS, x, CG_N / CG_ROWS, y, 1e-6f, z, CG_N / CG_ROWS);
            if (pass) {
                CALLGRIND_TOGGLE_COLLECT;
                snprintf(name, sizeof name, "%s/%s", op == 0 ? "add/1000" : "rmsnorm/8x125", state);
                CALLGRIND_DUMP_STATS_AT(name);
            }
        }
}

/* A brick's start and stop, counted as "brick/STATE". */
static void count_brick(tn_profiler *p, const char *state)
{
    char name[64];
    for (int pass = 0; pass < 2; pass++) {
        if (pass)
            CALLGRIND_TOGGLE_COLLECT;
        tn_profiler_start(p, TN_BRICK_ACTIVATION);
        tn_profiler_stop(p, TN_BRICK_ACTIVATION);
        if (pass) {
            CALLGRIND_TOGGLE_COLLECT;
            snprintf(name, sizeof name, "brick/%s", state);
            CALLGRIND_DUMP_STATS_AT(name);
        }
    }
}

static int instructions(void)
{
    static float x[CG_N], y[CG_N], z[CG_N];
    for (int i = 0; i < CG_N; i++) {
        x[i] = (float)(i % 200 - 100) * 0.01f;
        y[i] = 1.0f + (float)(i % 7) * 0.01f;
    }
    count_ops(states[0], x, y, z);
    tn_profiler *p = NULL; /* off */
    tn_profiler_attach(p);
    tn_profiler_start(p, TN_BRICK_ACTIVATION);
    count_ops(states[1], x, y, z);
    tn_profiler_stop(p, TN_BRICK_ACTIVATION);
    count_brick(p, states[1]);
    if (tn_profiler_create(TN_PROF_SYNC_DEFERRED, &p) != TN_OK)
        return 3;
    tn_profiler_attach(p);
    tn_profiler_layer_begin(p, 0);
    tn_profiler_start(p, TN_BRICK_ACTIVATION);
    count_ops(states[2], x, y, z);
    tn_profiler_stop(p, TN_BRICK_ACTIVATION);
    count_brick(p, states[2]);
    tn_profiler_layer_end(p);
    tn_profiler_attach(NULL);
    tn_profiler_destroy(p);
    return 0;
}

/* The count dumped as name in dir's callgrind files; -1 when absent. */
static double dumped(const char *dir, const char *name)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    double found = -1;
    while (d && found < 0 && (e = readdir(d)) != NULL) {
        char path[4400], line[512];
        bool match = false;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = strncmp(e->d_name, "cg.out", 6) == 0 ? fopen(path, "r") : NULL;
        while (f && fgets(line, sizeof line, f)) {
            const char *at = strstr(line, "Client Request: ");
            if (strncmp(line, "desc:", 5) == 0 && at)
                match = strncmp(at + 16, name, strlen(name)) == 0 && at[16 + strlen(name)] == '\n';
            else if (match && (strncmp(line, "totals:", 7) == 0 || strncmp(line, "summary:", 8) == 0))
                found = strtod(line + (line[0] == 't' ? 7 : 8), NULL);
        }
        if (f)
            fclose(f);
    }
    if (d)
        closedir(d);
    return found;
}

static int cg_report(const char *dir)
{
    static const char *const ops[] = {"add/1000", "rmsnorm/8x125"};
    int bad = 0;
    char name[96];
    printf("instructions (callgrind)   %10s %10s %10s\n", states[0], states[1], states[2]);
    for (int o = 0; o < 2; o++) {
        double v[STATES];
        for (int k = 0; k < STATES; k++) {
            snprintf(name, sizeof name, "%s/%s", ops[o], states[k]);
            v[k] = dumped(dir, name);
        }
        bool same = v[0] >= 0 && v[1] == v[0];
        bad += !same;
        printf("%-26s %10.0f %10.0f %10.0f   profiling off adds %+.0f\n", ops[o], v[0], v[1], v[2], v[1] - v[0]);
    }
    printf("a brick's start and stop: %.0f instructions off, %.0f on\n", dumped(dir, "brick/off"),
           dumped(dir, "brick/on"));
    return bad ? 3 : 0;
}

static int run_callgrind(void)
{
    char self[4096], dir[] = "/tmp/tn_prof_cg_XXXXXX", out[4200];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0 || !mkdtemp(dir))
        return 2;
    self[len] = '\0';
    snprintf(out, sizeof out, "--callgrind-out-file=%s/cg.out", dir);
    pid_t pid = fork();
    if (pid == 0) {
        execlp("valgrind", "valgrind", "--tool=callgrind", "--collect-atstart=no", "-q", out, self, "instructions",
               (char *)NULL);
        _exit(127);
    }
    int status = 0;
    bool ran = pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    int rc = ran ? cg_report(dir) : WIFEXITED(status) && WEXITSTATUS(status) == 127 ? 77 : 3;
    if (rc == 77)
        printf("skipped: valgrind is not installed (apt-get install valgrind)\n");
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        rc = rc ? rc : 3;
    return rc;
}

int main(int argc, char **argv)
{
    const char *cmd = argc > 1 ? argv[1] : "";
    if (strcmp(cmd, "gpu") == 0)
        return run_gpu(argc, argv);
    if (strcmp(cmd, "callgrind") == 0)
        return run_callgrind();
    if (strcmp(cmd, "instructions") == 0) /* the child under valgrind */
        return instructions();
    fprintf(stderr, "usage: tn_prof_overhead gpu [--backend auto|cuda|vulkan] [--layers 50] [--rows 2048] "
                    "[--cols 4096] [--reps 21] [--target 5]\n       tn_prof_overhead callgrind\n");
    return 2;
}
