/* Baselines and the timing gate: save a run under the machine's fingerprint (archiving the one
 * before), and compare a new run with it, telling a regression from the noise of a shared machine. */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Policy: fail when significantly more than 5% slower, warn from 2%. */
static const double fail_above = 1.05, warn_above = 1.02;
enum { BOOTSTRAP = 2000 };

static const char *default_dir(void)
{
    return TN_SOURCE_DIR "/bench/baselines";
}

/* One `tn_bench run` in a fresh process, its results read back. A process's placement of code
 * and buffers can make a small kernel slower for the whole process (seen here: +30% in about one
 * process in five), so one process is not a measurement of the code. */
static int run_in_process(const bench_options *o, bool limits, bench_run *run)
{
    char self[4096], json_path[] = "/tmp/tn_bench_XXXXXX", samples[16], max_n[32], only_n[32];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    int fd = mkstemp(json_path);
    if (len <= 0 || fd < 0) {
        fprintf(stderr, "tn_bench: cannot start a run: %s\n", strerror(errno));
        return 3;
    }
    close(fd);
    self[len] = '\0';
    snprintf(samples, sizeof samples, "%d", o->samples);
    snprintf(max_n, sizeof max_n, "%lld", o->max_n);
    snprintf(only_n, sizeof only_n, "%lld", o->only_n);
    const char *args[24] = {self,    "run",     "-q",  "--json",   json_path, "--samples",
                            samples, "--max-n", max_n, "--only-n", only_n};
    int k = 11;
    if (o->ops) {
        args[k++] = "--op";
        args[k++] = o->ops;
    }
    if (o->sample_seconds < 1e-3)
        args[k++] = "--quick";
    if (!limits)
        args[k++] = "--no-limits";
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, STDOUT_FILENO);
        execv(self, (char *const *)args);
        _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "tn_bench: the run in a child process failed\n");
        unlink(json_path);
        return 3;
    }
    char err[300];
    int rc = bench_read_json(json_path, run, err, sizeof err);
    if (rc)
        fprintf(stderr, "tn_bench: %s\n", err);
    unlink(json_path);
    return rc ? 3 : 0;
}

static bench_case *find_mutable(bench_run *run, const char *op, const char *variant, long long n)
{
    for (int i = 0; i < run->count; i++) {
        bench_case *c = &run->cases[i];
        if (c->n == n && strcmp(c->op, op) == 0 && strcmp(c->variant, variant) == 0)
            return c;
    }
    return NULL;
}

/* The best of o->processes runs, case by case (the limits are measured by the first only). */
static int measure(const bench_options *o, bench_run *run)
{
    int rc = run_in_process(o, !o->keep_limits, run);
    for (int p = 1; rc == 0 && p < o->processes; p++) {
        bench_run more;
        if ((rc = run_in_process(o, false, &more)) != 0)
            break;
        for (int i = 0; i < more.count; i++) {
            bench_case *mine = find_mutable(run, more.cases[i].op, more.cases[i].variant, more.cases[i].n);
            if (mine && more.cases[i].median < mine->median) {
                double of_limit = mine->of_limit * mine->median / more.cases[i].median;
                *mine = more.cases[i];
                mine->of_limit = of_limit;
            }
        }
        bench_run_free(&more);
    }
    return rc;
}

static int run_cpu(int argc, char **argv, int first, bench_options *o, const char **json_path, const char **dir,
                   bench_run *run)
{
    int next = bench_parse_options(argc, argv, first, o, json_path, NULL, dir);
    if (next < 0 || next != argc) {
        if (next >= 0)
            fprintf(stderr, "tn_bench: unknown option '%s'\n", argv[next]);
        return 2;
    }
    if (strcmp(o->backend, "cpu") != 0) {
        fprintf(stderr, "tn_bench: baselines are kept for the CPU benchmarks only\n");
        return 2;
    }
    if (!o->quiet)
        fprintf(stderr, "tn_bench: timing in %d fresh processes...\n", o->processes);
    return measure(o, run);
}

int bench_baseline_save(int argc, char **argv)
{
    bench_options o;
    const char *json_path = NULL, *dir = default_dir();
    bench_run run = {0};
    int rc = run_cpu(argc, argv, 3, &o, &json_path, &dir, &run);
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

static uint64_t rng = 0x2545f4914f6cdd1du;

static int pick(int n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (int)(rng % (uint64_t)n);
}

typedef struct samples {
    const double *v;
    int n;
} samples;

/* The median of s, or of a resample of s (drawn with replacement) when resample is set. */
static double median_sample(samples s, bool resample)
{
    double a[BENCH_MAX_SAMPLES];
    for (int i = 0; i < s.n; i++)
        a[i] = s.v[resample ? pick(s.n) : i];
    return median_of(a, s.n);
}

/* The change now over then, and its 99% bootstrap interval. With peers (s[1], s[3] not empty):
 * the change of our time relative to the peer's of the same run, which a machine-wide slowdown
 * (memory bandwidth taken by neighbours) leaves alone. ORDER s: now, now's peer, then, then's peer. */
static void change_interval(const samples s[4], double *ratio, double *lo, double *hi)
{
    static double boot[BOOTSTRAP];
    bool peers = s[1].n > 0 && s[3].n > 0;
    for (int k = -1; k < BOOTSTRAP; k++) {
        bool re = k >= 0;
        double now = median_sample(s[0], re), then = median_sample(s[2], re);
        if (peers) {
            now /= median_sample(s[1], re);
            then /= median_sample(s[3], re);
        }
        if (re)
            boot[k] = now / then;
        else
            *ratio = now / then;
    }
    qsort(boot, BOOTSTRAP, sizeof boot[0], by_value);
    *lo = boot[(int)(0.005 * BOOTSTRAP)];
    *hi = boot[(int)(0.995 * BOOTSTRAP) - 1];
}

typedef enum verdict { SAME, FASTER, WARN_SMALL, WARN_UNSURE, REGRESSION } verdict;

static const char *const verdict_text[] = {
    /* ORDER verdict */
    "ok",
    "faster",
    "warning (2-5% slower)",
    "warning (> 5% but not significant)",
    "REGRESSION (significantly > 5% slower)",
};

typedef struct change {
    double ratio, lo, hi; /* our time now over then */
    double relative;      /* the same relative to a reference timed in the same run (0: none) */
    verdict v;
} change;

/* Case c of run now against the baseline; false when the baseline lacks it. A regression must
 * be significant in our time, and show in our time relative to a reference of the same run too
 * (which a machine-wide slowdown, such as memory bandwidth taken by neighbours, leaves alone). */
static bool judge(const bench_run *now, const bench_case *c, const bench_run *then, change *ch)
{
    const bench_case *old = find_case(then, c->op, c->variant, c->n);
    if (!old || c->nsamples < 3 || old->nsamples < 3)
        return false;
    samples raw[4] = { { c->samples, c->nsamples }, { 0 }, { old->samples, old->nsamples }, { 0 } };
    change_interval(raw, &ch->ratio, &ch->lo, &ch->hi);
    /* The reference that a slower machine slows alike: the plain C loop in the caches, the read of
     * the same operands where they stream from DRAM (a compute-bound loop would not feel DRAM). */
    const char *ref = c->level == LEVEL_DRAM && find_case(now, c->op, "read-floor", c->n) ? "read-floor" : "plain-c";
    const bench_case *peer = find_case(now, c->op, ref, c->n), *old_peer = find_case(then, c->op, ref, c->n);
    bool significant = ch->lo > fail_above;
    ch->relative = 0;
    if (peer && old_peer && peer->nsamples >= 3 && old_peer->nsamples >= 3) {
        samples rel[4] = { raw[0], { peer->samples, peer->nsamples }, raw[2], { old_peer->samples, old_peer->nsamples } };
        double lo, hi;
        change_interval(rel, &ch->relative, &lo, &hi);
        significant = significant && ch->relative > fail_above;
    }
    ch->v = significant               ? REGRESSION
            : ch->ratio > fail_above  ? WARN_UNSURE
            : ch->ratio > warn_above  ? WARN_SMALL
            : ch->hi < 1 / fail_above ? FASTER
                                      : SAME;
    return true;
}

/* Prints the verdict of every case both runs have; returns 0, 1 (regression) or 2 (nothing to compare).
 * A regression is confirmed by timing its op again in fresh processes, up to twice: a slow state
 * of the machine or an unlucky placement rarely repeats; slower code does. */
static int compare_runs(const bench_options *o, const bench_run *now, const bench_run *then)
{
    change *changes = calloc((size_t)now->count + 1, sizeof *changes);
    bool *judged = calloc((size_t)now->count + 1, sizeof *judged);
    char flagged_ops[512] = "";
    for (int i = 0; changes && judged && i < now->count; i++) {
        const bench_case *c = &now->cases[i];
        judged[i] = !c->peer && judge(now, c, then, &changes[i]);
        if (judged[i] && changes[i].v == REGRESSION && !strstr(flagged_ops, c->op)) {
            size_t used = strlen(flagged_ops);
            snprintf(flagged_ops + used, sizeof flagged_ops - used, "%s%s", used ? "," : "", c->op);
        }
    }
    for (int attempt = 0; attempt < 2 && flagged_ops[0] && changes && judged; attempt++) {
        bench_options again = *o;
        again.ops = flagged_ops;
        again.keep_limits = true;
        bench_run rerun = {0};
        bool still = false;
        if (measure(&again, &rerun) == 0)
            for (int i = 0; i < now->count; i++) {
                const bench_case *c = &now->cases[i], *rc;
                change ch;
                if (judged[i] && changes[i].v == REGRESSION && (rc = find_case(&rerun, c->op, c->variant, c->n)) &&
                    judge(&rerun, rc, then, &ch) && ch.ratio < changes[i].ratio)
                    changes[i] = ch;
                still = still || (judged[i] && changes[i].v == REGRESSION);
            }
        bench_run_free(&rerun);
        if (!still)
            break;
    }
    int compared = 0, failed = 0, warned = 0;
    printf("%-28s %9s %21s %10s  %s\n", "case", "change", "99% interval", "relative", "verdict");
    for (int i = 0; changes && judged && i < now->count; i++) {
        if (!judged[i])
            continue;
        const bench_case *c = &now->cases[i];
        const change *ch = &changes[i];
        failed += ch->v == REGRESSION;
        warned += ch->v == WARN_SMALL || ch->v == WARN_UNSURE;
        char name[96];
        snprintf(name, sizeof name, "%s/%s/%lld", c->op, c->variant, c->n);
        char relative[16] = "-";
        if (ch->relative > 0)
            snprintf(relative, sizeof relative, "%+.1f%%", (ch->relative - 1) * 100);
        printf("%-28s %+8.1f%%  [%+7.1f%%, %+7.1f%%] %10s  %s\n", name, (ch->ratio - 1) * 100, (ch->lo - 1) * 100,
               (ch->hi - 1) * 100, relative, verdict_text[ch->v]);
        compared++;
    }
    free(changes);
    free(judged);
    if (compared == 0) {
        printf("compare: no case in common with the baseline: cannot compare\n");
        return 2;
    }
    printf("\ncompare: %d cases, %d regressions, %d warnings (fail: the 99%% interval lies above +5%%, the "
           "change relative to the same run's reference (plain C loop; DRAM read) exceeds +5%% too, and "
           "re-timing confirms it; warn: the median change exceeds +2%%)\n",
           compared, failed, warned);
    return failed ? 1 : 0;
}

/* Whether the baseline was recorded on this machine with this compiler; if not, says why. Fields
 * are compared one by one (a file's fingerprint is only its name and could be edited alone). */
static bool same_machine(const char *path, const bench_run *then)
{
    bench_machine recorded;
    if (!bench_machine_from_json(json_get(then->machine, "machine"), &recorded)) {
        printf("compare: cannot compare: %s (fingerprint %s) was saved before baselines recorded the CPU's\n"
               "  family, model, cache sizes and ISA flags; its fingerprint (name, features, cores, compiler) is the\n"
               "  same on CPUs that time differently (a Zen 4 and a Zen 5 are both \"AMD EPYC\"), and the missing\n"
               "  fields cannot be recovered from the file, so it cannot be migrated either. Save a new baseline\n"
               "  on the machine it is meant for: tn_bench baseline save (this machine: %s)\n",
               path, then->fingerprint[0] ? then->fingerprint : "none", bench_fingerprint());
        return false;
    }
    int differences = bench_machine_differences(NULL, &recorded, bench_this_machine());
    if (differences == 0 && strcmp(then->fingerprint, bench_fingerprint()) == 0)
        return true;
    printf("compare: baseline %s\n", path);
    bench_machine_differences(stdout, &recorded, bench_this_machine());
    if (differences == 0)
        printf("  fingerprint: baseline %s, this machine %s (the file was edited or comes from another tn_bench)\n",
               then->fingerprint, bench_fingerprint());
    printf("compare: cannot compare: the baseline was recorded on another machine or with another compiler "
           "(%d field(s) differ, listed above)\n",
           differences);
    return false;
}

int bench_compare(int argc, char **argv)
{
    bench_options o;
    const char *json_path = NULL, *dir = default_dir();
    /* Parse first, so that the baseline's path is known before the run. */
    if (bench_parse_options(argc, argv, 2, &o, &json_path, NULL, &dir) < 0)
        return 2;
    const char *baseline = o.baseline;
    char path[1024];
    if (!baseline) {
        snprintf(path, sizeof path, "%s/%s.json", dir, bench_fingerprint());
        baseline = path;
    }
    bench_run then;
    char err[400];
    if (bench_read_json(baseline, &then, err, sizeof err) != 0) {
        printf("compare: cannot compare: %s\n(no baseline for this machine, fingerprint %s; save one with "
               "`tn_bench baseline save`)\n",
               err, bench_fingerprint());
        return 2;
    }
    if (!same_machine(baseline, &then)) {
        bench_run_free(&then);
        return 2;
    }
    bench_run now = {0};
    int rc = run_cpu(argc, argv, 2, &o, &json_path, &dir, &now);
    if (rc == 0) {
        if (json_path)
            bench_write_json(json_path, &now);
        printf("baseline %s (commit %s)\n", baseline, json_string(json_get(then.machine, "machine"), "commit", "?"));
        rc = compare_runs(&o, &now, &then);
    }
    bench_run_free(&now);
    bench_run_free(&then);
    return rc;
}
