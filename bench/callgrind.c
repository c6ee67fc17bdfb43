/* The deterministic gate: instructions executed by each kernel, counted by valgrind's callgrind
 * (client requests start and stop counting around each call), compared with committed counts. */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <valgrind/callgrind.h>

/* Small: the gate runs in CI, under a simulator 50 times slower. Ops of two dims run as
 * COUNT_ROWS rows of COUNT_N / COUNT_ROWS (the same number of elements, several rows). */
enum { COUNT_N = 1000, COUNT_ROWS = 8 };

static const double fail_above = 1.05, warn_above = 1.02;

/* Under callgrind: each (op, variant) once warm, then once counted, its dump named for the case. */
int bench_instructions(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    static float arrays[TN_MAX_ARGS][COUNT_N];
    unsigned have = tn_cpu_detect();
    for (int i = 0; i < tn_op_count; i++) {
        const tn_op *op = tn_ops[i];
        tn_call c = {.dim = {COUNT_N}};
        if (op->ndims == 2) {
            c.dim[0] = COUNT_ROWS;
            c.dim[1] = COUNT_N / COUNT_ROWS;
        }
        for (int a = 0; a < op->nargs; a++) {
            for (int e = 0; e < COUNT_N; e++)
                arrays[a][e] = (float)((e * 37 + a * 11) % 200 - 100) * 0.01f;
            c.ptr[a] = arrays[a];
            c.ld[a] = c.dim[1];
            /* a positive scalar in two-dim ops: their scalars are epsilons */
            c.scalar[a] = a % 2 || op->ndims == 2 ? 0.5f : -0.5f;
        }
        for (int t = -1; t < tn_cpu_target_count; t++) {
            if (t >= 0 && (!op->cpu[t] || (tn_cpu_targets[t].needs & ~have)))
                continue;
            char name[96];
            snprintf(name, sizeof name, "%s/%s/%d", op->name, t >= 0 ? tn_cpu_targets[t].name : "api", COUNT_N);
            if (op->ndims == 2)
                snprintf(name, sizeof name, "%s/%s/%dx%d", op->name, t >= 0 ? tn_cpu_targets[t].name : "api",
                         COUNT_ROWS, COUNT_N / COUNT_ROWS);
            for (int pass = 0; pass < 2; pass++) {
                if (pass == 1)
                    CALLGRIND_TOGGLE_COLLECT;
                if (t >= 0)
                    op->cpu_call(op->cpu[t], &c);
                else if (tn_run_host(op, &c) != TN_OK) { /* a refused call would count only the check */
                    fprintf(stderr, "tn_bench instructions: %s: %s\n", name, tn_last_error());
                    return 3;
                }
                if (pass == 1) {
                    CALLGRIND_TOGGLE_COLLECT;
                    CALLGRIND_DUMP_STATS_AT(name);
                }
            }
        }
    }
    return 0;
}

typedef struct count {
    char name[96];
    double ir;
} count;

/* Reads every dump of one callgrind run: "desc: Trigger: Client Request: NAME" and its totals. */
static int read_dumps(const char *dir, count **out)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    *out = NULL;
    while (d && (e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, "cg.out", 6) != 0)
            continue;
        char path[4096], line[512], name[96] = "";
        double ir = -1;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "r");
        while (f && fgets(line, sizeof line, f)) {
            const char *trigger = strstr(line, "Client Request: ");
            if (strncmp(line, "desc:", 5) == 0 && trigger)
                snprintf(name, sizeof name, "%.*s", (int)strcspn(trigger + 16, "\n"), trigger + 16);
            else if (strncmp(line, "totals:", 7) == 0 || strncmp(line, "summary:", 8) == 0)
                ir = strtod(line + (line[0] == 't' ? 7 : 8), NULL);
        }
        if (f)
            fclose(f);
        if (!name[0] || ir < 0)
            continue;
        count *grown = realloc(*out, (size_t)(n + 1) * sizeof *grown);
        if (!grown)
            break;
        *out = grown;
        snprintf((*out)[n].name, sizeof(*out)[n].name, "%s", name);
        (*out)[n++].ir = ir;
    }
    if (d)
        closedir(d);
    return n;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const count *)a)->name, ((const count *)b)->name);
}

static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[4096];
    while (d && (e = readdir(d)) != NULL)
        if (e->d_name[0] != '.') {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
    if (d)
        closedir(d);
    rmdir(dir);
}

/* Runs this program's instruction workload under callgrind; the counts, sorted by name. */
static int count_instructions(count **counts, int *n)
{
    char self[4096], dir[] = "/tmp/tn_callgrind_XXXXXX", out[4200];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0 || !mkdtemp(dir)) {
        fprintf(stderr, "tn_bench callgrind: %s\n", strerror(errno));
        return 2;
    }
    self[len] = '\0';
    snprintf(out, sizeof out, "--callgrind-out-file=%s/cg.out", dir);
    pid_t pid = fork();
    if (pid == 0) {
        execlp("valgrind", "valgrind", "--tool=callgrind", "--collect-atstart=no", "-q", out, self, "instructions",
               (char *)NULL);
        _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        fprintf(stderr, "tn_bench callgrind: %s\n",
                code == 127 ? "valgrind is not installed (apt-get install valgrind)" : "valgrind failed");
        remove_dir(dir);
        return code == 127 ? 77 : 3;
    }
    *n = read_dumps(dir, counts);
    remove_dir(dir);
    qsort(*counts, (size_t)*n, sizeof **counts, by_name);
    return *n > 0 ? 0 : 3;
}

static void baseline_path(char *path, size_t len)
{
    char slug[64];
    size_t k = 0;
    for (const char *p = bench_compiler(); *p && k + 1 < sizeof slug; p++)
        if (*p != ' ')
            slug[k++] = *p == '(' || *p == ')' || *p == '/' ? '-' : *p;
    slug[k] = '\0';
    snprintf(path, len, "%s/bench/baselines/callgrind-%s-%s.json", TN_SOURCE_DIR, slug, TN_BUILD_TYPE);
}

static int save(const char *path, const count *counts, int n)
{
    mkdir(TN_SOURCE_DIR "/bench/baselines", 0777);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "tn_bench callgrind: cannot write %s\n", path);
        return 2;
    }
    fprintf(f, "{\n  \"compiler\": ");
    json_put_string(f, bench_compiler());
    fprintf(f, ",\n  \"build\": \"%s\",\n  \"commit\": ", TN_BUILD_TYPE);
    json_put_string(f, bench_commit());
    fprintf(f, ",\n  \"n\": %d,\n  \"instructions\": {", COUNT_N);
    for (int i = 0; i < n; i++)
        fprintf(f, "%s\n    \"%s\": %.0f", i ? "," : "", counts[i].name, counts[i].ir);
    fprintf(f, "\n  }\n}\n");
    fclose(f);
    printf("callgrind: %d counts saved to %s\n", n, path);
    return 0;
}

int bench_callgrind_gate(int argc, char **argv)
{
    char path[1024];
    baseline_path(path, sizeof path);
    bool save_counts = false;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--baseline") == 0 && i + 1 < argc)
            snprintf(path, sizeof path, "%s", argv[++i]);
        else if (strcmp(argv[i], "--save") == 0)
            save_counts = true;
        else {
            fprintf(stderr, "tn_bench callgrind: unknown option '%s'\n", argv[i]);
            return 2;
        }
    }
    count *counts = NULL;
    int n = 0, rc = count_instructions(&counts, &n);
    if (rc == 0 && save_counts)
        rc = save(path, counts, n);
    if (rc != 0 || save_counts) {
        free(counts);
        return rc;
    }
    char err[300];
    json *base = json_load(path, err, sizeof err);
    const json *ins = json_get(base, "instructions");
    if (!ins) {
        printf("callgrind: cannot compare: no instruction counts for this compiler and build (%s, %s): %s\n"
               "save them with `tn_bench callgrind --save` and commit the file\n",
               bench_compiler(), TN_BUILD_TYPE, err);
        json_free(base);
        free(counts);
        return 2;
    }
    int failed = 0, warned = 0, compared = 0;
    for (int i = 0; i < n; i++) {
        const json *old = json_get(ins, counts[i].name);
        if (!old) {
            printf("%-28s %12.0f  new (not in the baseline)\n", counts[i].name, counts[i].ir);
            continue;
        }
        double ratio = counts[i].ir / old->number;
        const char *verdict = ratio > fail_above       ? "REGRESSION (> 5% more instructions)"
                              : ratio > warn_above     ? "warning (2-5% more instructions)"
                              : ratio < 1 / warn_above ? "fewer instructions: update the baseline"
                                                       : "ok";
        failed += ratio > fail_above;
        warned += ratio > warn_above && ratio <= fail_above;
        compared++;
        if (strcmp(verdict, "ok") != 0)
            printf("%-28s %12.0f -> %12.0f  %+6.1f%%  %s\n", counts[i].name, old->number, counts[i].ir,
                   (ratio - 1) * 100, verdict);
    }
    printf("callgrind: %d kernels compared with %s: %d regressions, %d warnings\n", compared, path, failed, warned);
    json_free(base);
    free(counts);
    return failed ? 1 : compared ? 0 : 2;
}
