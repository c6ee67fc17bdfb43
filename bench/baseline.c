/* Baselines and the timing gate: save a run under the machine's fingerprint (archiving the one
 * before), and compare a new run with it, telling a regression from the noise of a shared machine. */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef TN_SOURCE_DIR
#define TN_SOURCE_DIR "."
#endif

/* Policy: fail when significantly more than 5% slower, warn from 2%. */
static const double fail_above = 1.05, warn_above = 1.02;
enum { BOOTSTRAP = 2000 };

static const char *default_dir(void)
{
    return TN_SOURCE_DIR "/bench/baselines";
}

static int run_cpu(int argc, char **argv, bench_options *o, const char **json_path, const char **dir, bench_run *run)
{
    int next = bench_parse_options(argc, argv, 2, o, json_path, NULL, dir);
    for (; next >= 0 && next < argc; next++) /* compare's own options were taken by the caller */
        if (strcmp(argv[next], "--baseline") == 0 && next + 1 < argc)
            next++;
        else if (strcmp(argv[next], "save") != 0)
            break;
    if (next < 0 || next != argc) {
        if (next >= 0)
            fprintf(stderr, "tn_bench: unknown option '%s'\n", argv[next]);
        return 2;
    }
    if (strcmp(o->backend, "cpu") != 0) {
        fprintf(stderr, "tn_bench: baselines are kept for the CPU benchmarks only\n");
        return 2;
    }
    return bench_run_cpu(o, run) ? 3 : 0;
}

int bench_baseline_save(int argc, char **argv)
{
    bench_options o;
    const char *json_path = NULL, *dir = default_dir();
    bench_run run = { 0 };
    int rc = run_cpu(argc, argv, &o, &json_path, &dir, &run);
    if (rc) {
        bench_run_free(&run);
        return rc;
    }
    char path[1024], tmp[1100], archive_dir[1100], archived[1300];
    snprintf(path, sizeof path, "%s/%s.json", dir, bench_fingerprint());
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    mkdir(dir, 0777);
    if (bench_write_json(tmp, &run) != 0) {
        bench_run_free(&run);
        return 3;
    }
    bench_print_table(stdout, &run);
    bench_run_free(&run);
    if (access(path, F_OK) == 0) { /* history is kept: the previous baseline moves to archive/ */
        bench_run old;
        char err[300];
        const char *commit = "unknown";
        if (bench_read_json(path, &old, err, sizeof err) == 0)
            commit = json_string(json_get(old.machine, "machine"), "commit", "unknown");
        snprintf(archive_dir, sizeof archive_dir, "%s/archive", dir);
        mkdir(archive_dir, 0777);
        for (int k = 1;; k++) {
            snprintf(archived, sizeof archived, "%s/%s-%s-%d.json", archive_dir, bench_fingerprint(), commit, k);
            if (access(archived, F_OK) != 0)
                break;
        }
        if (old.machine)
            bench_run_free(&old);
        if (rename(path, archived) != 0) {
            fprintf(stderr, "tn_bench: cannot archive %s: %s\n", path, strerror(errno));
            return 3;
        }
        printf("\nprevious baseline archived as %s\n", archived);
    }
    if (rename(tmp, path) != 0) {
        fprintf(stderr, "tn_bench: cannot write %s: %s\n", path, strerror(errno));
        return 3;
    }
    printf("baseline saved: %s\n", path);
    return 0;
}

/* ---- comparing ---- */

static const bench_case *find_case(const bench_run *run, const char *op, const char *variant, long long n)
{
    for (int i = 0; i < run->count; i++) {
        const bench_case *c = &run->cases[i];
        if (c->n == n && strcmp(c->op, op) == 0 && strcmp(c->variant, variant) == 0)
            return c;
    }
    return NULL;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Our time over the plain C loop's, sample by sample: the two were sampled back to back, so a
 * machine slowed by its neighbours slows both and the ratio keeps only what our code changed. */
static int relative_samples(const bench_case *ours, const bench_case *peer, double *out)
{
    int n = ours->nsamples < peer->nsamples ? ours->nsamples : peer->nsamples;
    for (int i = 0; i < n; i++)
        out[i] = ours->samples[i] / peer->samples[i];
    return n;
}

static uint64_t rng = 0x2545f4914f6cdd1du;

static int pick(int n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (int)(rng % (uint64_t)n);
}

/* The ratio of medians (now over then) and its 99% bootstrap interval. */
static void ratio_interval(const double *now, int nn, const double *then, int nt, double *ratio, double *lo,
                           double *hi)
{
    double a[BENCH_MAX_SAMPLES], b[BENCH_MAX_SAMPLES];
    static double boot[BOOTSTRAP];
    memcpy(a, now, (size_t)nn * sizeof *a);
    memcpy(b, then, (size_t)nt * sizeof *b);
    *ratio = median_of(a, nn) / median_of(b, nt);
    for (int k = 0; k < BOOTSTRAP; k++) {
        for (int i = 0; i < nn; i++)
            a[i] = now[pick(nn)];
        for (int i = 0; i < nt; i++)
            b[i] = then[pick(nt)];
        boot[k] = median_of(a, nn) / median_of(b, nt);
    }
    qsort(boot, BOOTSTRAP, sizeof boot[0], by_value);
    *lo = boot[(int)(0.005 * BOOTSTRAP)];
    *hi = boot[(int)(0.995 * BOOTSTRAP) - 1];
}

/* Prints the verdict of every case both runs have; returns 0, 1 (regression) or 2 (nothing to compare). */
static int compare_runs(const bench_run *now, const bench_run *then)
{
    int compared = 0, failed = 0, warned = 0;
    printf("%-28s %9s %21s  %s\n", "case (ours / plain C)", "change", "99% interval", "verdict");
    for (int i = 0; i < now->count; i++) {
        const bench_case *c = &now->cases[i];
        if (c->peer)
            continue;
        const bench_case *old = find_case(then, c->op, c->variant, c->n);
        const bench_case *peer = find_case(now, c->op, "plain-c", c->n);
        const bench_case *old_peer = find_case(then, c->op, "plain-c", c->n);
        if (!old || !peer || !old_peer)
            continue;
        double q_now[BENCH_MAX_SAMPLES], q_then[BENCH_MAX_SAMPLES], r, lo, hi;
        int nn = relative_samples(c, peer, q_now), nt = relative_samples(old, old_peer, q_then);
        if (nn < 3 || nt < 3)
            continue;
        ratio_interval(q_now, nn, q_then, nt, &r, &lo, &hi);
        const char *verdict = "ok";
        if (lo > fail_above) {
            verdict = "REGRESSION (significantly > 5% slower)";
            failed++;
        } else if (r > warn_above) {
            verdict = r > fail_above ? "warning (> 5% but not significant)" : "warning (2-5% slower)";
            warned++;
        } else if (hi < 1 / fail_above) {
            verdict = "faster";
        }
        char name[96];
        snprintf(name, sizeof name, "%s/%s/%lld", c->op, c->variant, c->n);
        printf("%-28s %+8.1f%%  [%+7.1f%%, %+7.1f%%]  %s\n", name, (r - 1) * 100, (lo - 1) * 100, (hi - 1) * 100,
               verdict);
        compared++;
    }
    if (compared == 0) {
        printf("compare: no case in common with the baseline: cannot compare\n");
        return 2;
    }
    printf("\ncompare: %d cases, %d regressions, %d warnings (fail: the 99%% interval lies above +5%%; warn: "
           "the median change exceeds +2%%)\n", compared, failed, warned);
    return failed ? 1 : 0;
}

int bench_compare(int argc, char **argv)
{
    const char *baseline = NULL;
    for (int i = 2; i + 1 < argc; i++)
        if (strcmp(argv[i], "--baseline") == 0)
            baseline = argv[i + 1];
    bench_options o;
    const char *json_path = NULL, *dir = default_dir();
    /* Parse first, so that the baseline's path is known before the run. */
    if (bench_parse_options(argc, argv, 2, &o, &json_path, NULL, &dir) < 0)
        return 2;
    char path[1024];
    if (!baseline) {
        snprintf(path, sizeof path, "%s/%s.json", dir, bench_fingerprint());
        baseline = path;
    }
    bench_run then;
    char err[400];
    if (bench_read_json(baseline, &then, err, sizeof err) != 0) {
        printf("compare: cannot compare: %s\n(no baseline for this machine, fingerprint %s; save one with "
               "`tn_bench baseline save`)\n", err, bench_fingerprint());
        return 2;
    }
    if (strcmp(then.fingerprint, bench_fingerprint()) != 0) {
        const json *m = json_get(then.machine, "machine");
        printf("compare: cannot compare: the baseline was recorded on another machine or compiler\n"
               "  baseline: %s (%s, %s, %d cores)\n  this run: %s (%s, %s, %ld cores)\n",
               then.fingerprint, json_string(m, "cpu", "?"), json_string(m, "compiler", "?"),
               (int)json_number(m, "cores", 0), bench_fingerprint(), tn_cpu_model(), bench_compiler(),
               sysconf(_SC_NPROCESSORS_ONLN));
        bench_run_free(&then);
        return 2;
    }
    bench_run now = { 0 };
    int rc = run_cpu(argc, argv, &o, &json_path, &dir, &now);
    if (rc == 0) {
        if (json_path)
            bench_write_json(json_path, &now);
        printf("baseline %s (commit %s)\n", baseline, json_string(json_get(then.machine, "machine"), "commit", "?"));
        rc = compare_runs(&now, &then);
    }
    bench_run_free(&now);
    bench_run_free(&then);
    return rc;
}
