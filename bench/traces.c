/* Golden syscall traces: a program run under strace, summarized (syscalls by name, total, wall
 * time, peak RSS), and checked against a budget; --capture writes the summary as the new golden. */
#define _GNU_SOURCE /* wait4 */
#include "bench.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

enum { MAX_NAMES = 256 };

typedef struct trace_summary {
    char names[MAX_NAMES][32];
    long counts[MAX_NAMES];
    int nnames;
    long total, device_ioctls;
    double wall_ms;
    long peak_rss_kib;
} trace_summary;

/* Runs argv with stdout (and stdin) on /dev/null; its exit status, wall time and peak RSS. */
static int run_quietly(char *const *argv, double *wall_ms, long *rss_kib)
{
    double t0 = bench_now();
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_RDWR);
        dup2(null, STDIN_FILENO);
        dup2(null, STDOUT_FILENO);
        execvp(argv[0], argv);
        _exit(127);
    }
    int status = 0;
    struct rusage ru = {0};
    if (pid < 0 || wait4(pid, &status, 0, &ru) < 0)
        return -1;
    if (wall_ms)
        *wall_ms = (bench_now() - t0) * 1e3;
    if (rss_kib)
        *rss_kib = ru.ru_maxrss;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static void add_count(trace_summary *s, const char *name, long n)
{
    for (int i = 0; i < s->nnames; i++)
        if (strcmp(s->names[i], name) == 0) {
            s->counts[i] += n;
            return;
        }
    if (s->nnames < MAX_NAMES) {
        snprintf(s->names[s->nnames], sizeof s->names[0], "%s", name);
        s->counts[s->nnames++] = n;
    }
}

/* strace -f -y lines: "PID name(args) = result"; "<... name resumed>" continues a line already counted. */
static void parse_trace(const char *path, trace_summary *s)
{
    FILE *f = fopen(path, "r");
    char line[8192];
    while (f && fgets(line, sizeof line, f)) {
        char *p = line;
        while (*p >= '0' && *p <= '9')
            p++;
        while (*p == ' ')
            p++;
        if (*p == '<' || *p == '+' || *p == '-') /* resumed, exit and signal lines */
            continue;
        size_t len = strcspn(p, "(");
        if (len == 0 || len >= 32 || p[len] != '(')
            continue;
        char name[32];
        snprintf(name, sizeof name, "%.*s", (int)len, p);
        add_count(s, name, 1);
        s->total++;
        if (strcmp(name, "ioctl") == 0 && (strstr(p, "</dev/nvidia") || strstr(p, "</dev/dri")))
            s->device_ioctls++;
    }
    if (f)
        fclose(f);
}

/* Whether strace can trace here (it needs ptrace, which containers often forbid). */
static bool strace_works(void)
{
    char *probe[] = {"strace", "-f", "-qq", "-o", "/dev/null", "true", NULL};
    return run_quietly(probe, NULL, NULL) == 0;
}

static int write_golden(const char *path, const char *example, const trace_summary *s)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "tn_bench trace: cannot write %s: %s\n", path, strerror(errno));
        return 3;
    }
    fprintf(f,
            "{\n  \"example\": \"%s\",\n  \"total\": %ld,\n  \"wall_ms\": %.1f,\n  \"peak_rss_kib\": %ld,\n"
            "  \"device_ioctls\": %ld,\n  \"syscalls\": {",
            example, s->total, s->wall_ms, s->peak_rss_kib, s->device_ioctls);
    for (int i = 0; i < s->nnames; i++)
        fprintf(f, "%s\n    \"%s\": %ld", i ? "," : "", s->names[i], s->counts[i]);
    fprintf(f, "\n  }\n}\n");
    fclose(f);
    printf("golden written: %s (%ld syscalls, %.1f ms, %ld KiB)\n", path, s->total, s->wall_ms, s->peak_rss_kib);
    return 0;
}

static bool listed(const json *list, const char *name)
{
    for (int i = 0; list && i < list->count; i++)
        if (list->items[i]->type == JSON_STRING && strcmp(list->items[i]->string, name) == 0)
            return true;
    return false;
}

static const char *class_of(const json *classes, const char *name)
{
    for (int i = 0; classes && i < classes->count; i++)
        if (listed(classes->items[i], name))
            return classes->keys[i];
    return NULL;
}

/* Every budget the example has; returns how many it overran. */
static int check_budget(const json *budgets, const char *example, const trace_summary *s)
{
    const json *b = json_get(json_get(budgets, "examples"), example);
    const json *classes = json_get(budgets, "classes"), *forbidden = json_get(budgets, "forbidden");
    if (!b) {
        printf("FAIL: no budget for %s in budgets.json\n", example);
        return 1;
    }
    int over = 0;
    /* GPU driver traffic is the driver's: counts are judged on machines without it. */
    bool device = s->device_ioctls > 0;
    double fraction = s->total ? (double)s->device_ioctls / (double)s->total : 0;
    if (fraction > json_number(budgets, "device_io_warning_fraction", 0.5))
        printf("warning: GPU device I/O dominates: %ld of %ld syscalls are ioctls on /dev/nvidia* or /dev/dri\n",
               s->device_ioctls, s->total);
    for (int i = 0; i < s->nnames; i++) {
        const char *name = s->names[i];
        if (listed(forbidden, name)) {
            printf("FAIL: forbidden syscall %s (%ld calls)\n", name, s->counts[i]);
            over++;
        } else if (!class_of(classes, name)) {
            printf("FAIL: unexpected syscall class: %s (%ld calls) is in no class of budgets.json\n", name,
                   s->counts[i]);
            over++;
        }
        double most = json_number(json_get(b, "max_per_syscall"), name, json_number(b, "max_other_syscall", 10));
        if (!device && s->counts[i] > most) {
            printf("FAIL: %s: %ld calls, budget %.0f\n", name, s->counts[i], most);
            over++;
        }
    }
    static const struct {
        const char *key, *what;
    } limits[] = {
        {"max_total", "syscalls"},
        {"max_wall_ms", "ms wall time"},
        {"max_rss_kib", "KiB peak RSS"},
    };
    double values[] = {(double)s->total, s->wall_ms, (double)s->peak_rss_kib}; /* ORDER limits */
    for (int k = 0; k < 3; k++) {
        double most = json_number(b, limits[k].key, -1);
        if (most < 0) {
            printf("FAIL: the budget of %s lacks %s\n", example, limits[k].key);
            over++;
        } else if (values[k] > most && !(device && k == 0)) {
            printf("FAIL: %.0f %s, budget %.0f\n", values[k], limits[k].what, most);
            over++;
        }
    }
    return over;
}

static void print_summary(const trace_summary *s, const json *golden)
{
    printf("%-20s %7s %7s\n", "syscall", "now", "golden");
    const json *g = json_get(golden, "syscalls");
    for (int i = 0; i < s->nnames; i++)
        printf("%-20s %7ld %7.0f\n", s->names[i], s->counts[i], json_number(g, s->names[i], 0));
    printf("%-20s %7ld %7.0f\n%-20s %7.1f %7.1f\n%-20s %7ld %7.0f\n", "total", s->total,
           json_number(golden, "total", 0), "wall ms", s->wall_ms, json_number(golden, "wall_ms", 0), "peak RSS KiB",
           s->peak_rss_kib, json_number(golden, "peak_rss_kib", 0));
}

int bench_trace(int argc, char **argv)
{
    const char *example = argc > 2 ? argv[2] : NULL, *dir = TN_SOURCE_DIR "/bench/traces";
    bool capture = false, expect_over = false;
    int i = 3;
    for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (strcmp(argv[i], "--dir") == 0 && i + 1 < argc)
            dir = argv[++i];
        else if (strcmp(argv[i], "--capture") == 0)
            capture = true;
        else if (strcmp(argv[i], "--expect-over-budget") == 0)
            expect_over = true;
        else
            break;
    }
    if (!example || i + 1 >= argc || strcmp(argv[i], "--") != 0) {
        fprintf(stderr,
                "usage: tn_bench trace EXAMPLE [--dir D] [--capture] [--expect-over-budget] -- PROGRAM [ARGS]\n");
        return 2;
    }
    char **program = argv + i + 1;
    if (!strace_works()) {
        printf("skipped: strace cannot trace here (not installed, or ptrace is not permitted, as in many "
               "containers)\n");
        return 77;
    }
    /* Mesa's shader disk cache writes under $HOME on a first run only (and looks the user up
     * through nscd): a trace that depended on it would differ between machines and runs. */
    setenv("MESA_SHADER_CACHE_DISABLE", "true", 1);
    /* lavapipe starts a thread per core: pinned, so that budgets hold on machines of any size. */
    setenv("LP_NUM_THREADS", "2", 1);
    trace_summary s = {0};
    int rc = run_quietly(program, &s.wall_ms, &s.peak_rss_kib);
    if (rc != 0) {
        printf("FAIL: %s exited with %d\n", program[0], rc);
        return 1;
    }
    char trace_path[] = "/tmp/tn_trace_XXXXXX";
    int fd = mkstemp(trace_path);
    if (fd < 0)
        return 3;
    close(fd);
    char *traced[64] = {"strace", "-f", "-qq", "-y", "-o", trace_path};
    int k = 6;
    for (char **p = program; *p && k < 63; p++)
        traced[k++] = *p;
    traced[k] = NULL;
    rc = run_quietly(traced, NULL, NULL);
    parse_trace(trace_path, &s);
    unlink(trace_path);
    if (rc != 0 || s.total == 0) {
        printf("FAIL: the traced run of %s failed (exit %d)\n", program[0], rc);
        return 1;
    }
    char path[1024], err[300];
    snprintf(path, sizeof path, "%s/golden/%s.json", dir, example);
    if (capture) {
        snprintf(err, sizeof err, "%s/golden", dir);
        mkdir(dir, 0777);
        mkdir(err, 0777);
        return write_golden(path, example, &s);
    }
    json *golden = json_load(path, err, sizeof err);
    if (!golden)
        printf("note: no golden trace (%s); capture one with scripts/capture-traces.sh\n", err);
    print_summary(&s, golden);
    json_free(golden);
    snprintf(path, sizeof path, "%s/budgets.json", dir);
    json *budgets = json_load(path, err, sizeof err);
    if (!budgets) {
        printf("FAIL: %s\n", err);
        return 1;
    }
    int over = check_budget(budgets, example, &s);
    json_free(budgets);
    if (expect_over) {
        printf("%s\n", over ? "over budget, as planted: the check works" : "FAIL: a planted burst went unnoticed");
        return over ? 0 : 1;
    }
    printf("%s: %s\n", example, over ? "OVER BUDGET" : "within budget");
    return over ? 1 : 0;
}

/* Makes `count` extra syscalls (writes to /dev/null), then becomes the program: a planted burst. */
int bench_syscall_burst(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: tn_bench syscall-burst COUNT PROGRAM [ARGS]\n");
        return 2;
    }
    long count = atol(argv[2]);
    int null = open("/dev/null", O_WRONLY);
    for (long i = 0; i < count && null >= 0; i++)
        if (write(null, "x", 1) != 1)
            break;
    if (null >= 0)
        close(null);
    execvp(argv[3], argv + 3);
    fprintf(stderr, "tn_bench syscall-burst: cannot run %s: %s\n", argv[3], strerror(errno));
    return 127;
}
