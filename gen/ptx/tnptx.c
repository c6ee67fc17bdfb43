/* tnptx: the PTX analyzer on the command line (reports, JSON, SARIF, ptxas side by side, diffs). */
#define _POSIX_C_SOURCE 200809L
#include "json.h"
#include "ptx.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void usage(FILE *out)
{
    fputs("usage: tnptx [--json|--sarif] [--strict] [--bugs] [--verbose] [--arch sm_XX] [--block N]\n"
          "             [--maxrregcount N] [--whitelist FILE] [--threads N] [--ptxas] FILE...\n"
          "       tnptx diff [--max-registers N] [--max-instructions PCT] OLD.json NEW.json\n"
          "       tnptx --list-rules\n"
          "Analyses PTX: registers, occupancy, memory, roofline class and findings.\n"
          "  --json        one JSON document (stable schema, see docs/PTX_ANALYZER.md)\n"
          "  --sarif       SARIF 2.1.0 for editors and code review\n"
          "  --strict      also the noisier performance rules\n"
          "  --bugs        only the rules that find correctness bugs\n"
          "  --verbose     memory per state space and a fix for each finding\n"
          "  --arch sm_XX  architecture for occupancy and the roofline (default: the file's .target)\n"
          "  --block N     threads per block when the kernel does not say (default 256)\n"
          "  --maxrregcount N  register cap as ptxas -maxrregcount N (kernels without .maxnreg or launch bounds)\n"
          "  --whitelist F silence rules for named kernels: lines 'RULE KERNEL reason'\n"
          "  --threads N   analyse N files, or a large module's functions, at once (default: one per core)\n"
          "  --ptxas       also run ptxas -v (when installed) and show its registers and spills\n"
          "Exit status: 0 clean, 1 findings at error severity (diff: regressions), 2 unreadable or invalid input.\n",
          out);
}

static void list_rules(void)
{
    for (int r = 0; r < PTX_RULE_COUNT; r++)
        printf("%-24s %-8s%s %s\n", ptx_rules[r].id, ptx_severity_names[ptx_rules[r].severity],
               ptx_rules[r].strict_only ? " strict" : "       ", ptx_rules[r].summary);
}

/* ---- ptxas side by side ---- */

static void run_ptxas(const char *ptxas, const char *path, const ptx_options *opt, const ptx_module *m)
{
    if (strchr(path, '\'')) {
        printf("  ptxas: skipped (quote in the file name)\n");
        return;
    }
    const char *arch = opt->arch ? opt->arch : m->target[0] ? m->target : "sm_80";
    size_t n = strlen(ptxas) + strlen(path) + strlen(arch) + 96;
    char *cmd = malloc(n), cap[40] = "";
    if (opt->maxrregcount)
        snprintf(cap, sizeof cap, " -maxrregcount %d", opt->maxrregcount);
    snprintf(cmd, n, "'%s' -arch=%s%s -v '%s' -o /dev/null 2>&1", ptxas, arch, cap, path);
    FILE *p = popen(cmd, "r");
    free(cmd);
    if (!p)
        return;
    char line[512], kernel[256] = "";
    int stack = 0, spill_st = 0, spill_ld = 0;
    while (fgets(line, sizeof line, p)) {
        const char *k = strstr(line, "Compiling entry function '");
        int regs;
        if (k)
            sscanf(k + 26, "%255[^']", kernel);
        if (strstr(line, "bytes stack frame"))
            sscanf(line, " %d bytes stack frame, %d bytes spill stores, %d bytes spill loads", &stack, &spill_st,
                   &spill_ld);
        const char *u = strstr(line, "Used ");
        if (u && sscanf(u, "Used %d registers", &regs) == 1 && kernel[0]) {
            int estimate = -1;
            for (const ptx_function *f = m->funcs; f; f = f->next)
                if (strlen(kernel) == f->namelen && memcmp(kernel, f->name, f->namelen) == 0)
                    estimate = f->reg_estimate;
            printf("  ptxas -arch=%s: %s: %d registers (estimate %d), %d bytes stack, %d bytes spill stores\n", arch,
                   kernel, regs, estimate, stack, spill_st);
            kernel[0] = 0;
            stack = spill_st = spill_ld = 0;
        }
        if (strstr(line, "error") || strstr(line, "fatal"))
            printf("  ptxas: %s", line);
    }
    pclose(p);
}

/* ---- diff of two --json reports ---- */

static json *load_report(const char *path)
{
    char err[300];
    json *j = json_load(path, err, sizeof err);
    if (!j) {
        fprintf(stderr, "tnptx: %s\n", err);
        return NULL;
    }
    const json *files = json_get(j, "files");
    if (!files || files->type != JSON_ARRAY) {
        fprintf(stderr, "tnptx: %s is not a tnptx --json report (no \"files\" list)\n", path);
        json_free(j);
        return NULL;
    }
    return j;
}

/* The item i of an array, or NULL (a report edited by hand may hold anything). */
static const json *item(const json *array, int i)
{
    return array && array->type == JSON_ARRAY && i < array->count ? array->items[i] : NULL;
}

static const json *find_kernel(const json *files, const char *path, const char *name)
{
    for (int i = 0; item(files, i); i++) {
        const json *f = item(files, i);
        if (strcmp(json_string(f, "path", ""), path) != 0)
            continue;
        const json *ks = json_get(f, "kernels");
        for (int k = 0; item(ks, k); k++)
            if (strcmp(json_string(item(ks, k), "name", ""), name) == 0)
                return item(ks, k);
    }
    return NULL;
}

static bool has_finding(const json *kernel, const char *rule)
{
    const json *fs = json_get(kernel, "findings");
    for (int i = 0; item(fs, i); i++)
        if (strcmp(json_string(item(fs, i), "rule", ""), rule) == 0)
            return true;
    return false;
}

/* Regressions of kernel nk (new) against ok (old), printed; 0 when none. */
static int kernel_regressions(const char *path, const char *name, const json *ok, const json *nk, double max_regs,
                              double max_ins_pct)
{
    int regressions = 0;
    double orr = json_number(json_get(ok, "registers"), "estimate", 0);
    double nr = json_number(json_get(nk, "registers"), "estimate", 0);
    if (nr - orr > max_regs) {
        printf("%s: %s: registers %g -> %g (+%g, threshold %g)\n", path, name, orr, nr, nr - orr, max_regs);
        regressions++;
    }
    double oi = json_number(ok, "instructions", 0), ni = json_number(nk, "instructions", 0);
    if (oi > 0 && (ni - oi) * 100 / oi > max_ins_pct) {
        printf("%s: %s: instructions %g -> %g (+%.1f%%, threshold %g%%)\n", path, name, oi, ni, (ni - oi) * 100 / oi,
               max_ins_pct);
        regressions++;
    }
    double oo = json_number(json_get(ok, "occupancy"), "fraction", 0);
    double no = json_number(json_get(nk, "occupancy"), "fraction", 0);
    if (no + 1e-9 < oo) {
        printf("%s: %s: occupancy %.0f%% -> %.0f%%\n", path, name, oo * 100, no * 100);
        regressions++;
    }
    const json *fs = json_get(nk, "findings");
    for (int j = 0; item(fs, j); j++) {
        const char *rule = json_string(item(fs, j), "rule", "");
        if (!has_finding(ok, rule)) {
            printf("%s: %s: new finding %s at line %g: %s\n", path, name, rule, json_number(item(fs, j), "line", 0),
                   json_string(item(fs, j), "message", ""));
            regressions++;
            break;
        }
    }
    return regressions;
}

static int diff(int argc, char **argv)
{
    double max_regs = 4, max_ins_pct = 10;
    const char *paths[2];
    int np = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--max-registers") == 0 && i + 1 < argc)
            max_regs = atof(argv[++i]);
        else if (strcmp(argv[i], "--max-instructions") == 0 && i + 1 < argc)
            max_ins_pct = atof(argv[++i]);
        else if (np < 2 && argv[i][0] != '-')
            paths[np++] = argv[i];
        else {
            usage(stderr);
            return 2;
        }
    }
    if (np != 2) {
        usage(stderr);
        return 2;
    }
    json *old = load_report(paths[0]), *new = old ? load_report(paths[1]) : NULL;
    if (!new) {
        json_free(old);
        return 2;
    }
    int regressions = 0, compared = 0;
    const json *nfiles = json_get(new, "files"), *ofiles = json_get(old, "files");
    for (int i = 0; item(nfiles, i); i++) {
        const json *f = item(nfiles, i);
        const char *path = json_string(f, "path", "");
        const json *ks = json_get(f, "kernels");
        for (int k = 0; item(ks, k); k++) {
            const char *name = json_string(item(ks, k), "name", "");
            const json *ok = find_kernel(ofiles, path, name);
            if (!ok)
                continue;
            compared++;
            regressions += kernel_regressions(path, name, ok, item(ks, k), max_regs, max_ins_pct);
        }
    }
    printf("tnptx diff: %d kernels compared, %d regressions\n", compared, regressions);
    json_free(old);
    json_free(new);
    return regressions ? 1 : 0;
}

/* ---- analysing files ---- */

typedef struct cli {
    ptx_options opt;
    bool json, sarif, verbose, with_ptxas;
    const char **files;
    int nfiles;
    ptx_whitelist_entry *whitelist;
} cli;

/* An option with its value (--arch, --block, --maxrregcount, --threads, --whitelist); -1 when it is fine, else the
 * exit status. */
static int option_value(cli *o, const char *a, const char *value)
{
    if (strcmp(a, "--arch") == 0) {
        o->opt.arch = value;
        if (!ptx_find_arch(o->opt.arch)) {
            fprintf(stderr, "tnptx: unknown architecture '%s'\n", o->opt.arch);
            return 2;
        }
    } else if (strcmp(a, "--block") == 0) {
        o->opt.block = atoi(value);
        if (o->opt.block < 1 || o->opt.block > 1024) {
            fprintf(stderr, "tnptx: --block must be between 1 and 1024\n");
            return 2;
        }
    } else if (strcmp(a, "--maxrregcount") == 0) {
        o->opt.maxrregcount = atoi(value);
        if (o->opt.maxrregcount < 1 || o->opt.maxrregcount > 255) {
            fprintf(stderr, "tnptx: --maxrregcount must be between 1 and 255\n");
            return 2;
        }
    } else if (strcmp(a, "--threads") == 0) {
        char *end;
        long n = strtol(value, &end, 10);
        if (end == value || *end || n < 1 || n > 64) {
            fprintf(stderr, "tnptx: --threads must be between 1 and 64\n");
            return 2;
        }
        o->opt.threads = (int)n;
    } else {
        free(o->whitelist);
        o->opt.nwhitelist = ptx_load_whitelist(value, &o->whitelist);
        o->opt.whitelist = o->whitelist;
        if (o->opt.nwhitelist < 0) {
            if (o->opt.nwhitelist == -2)
                fprintf(stderr, "tnptx: whitelist %s: every entry needs a reason: RULE KERNEL reason\n", value);
            else
                fprintf(stderr, "tnptx: cannot read whitelist %s: %s\n", value, strerror(errno));
            return 2;
        }
    }
    return -1;
}

/* The command line into o; -1 to go on, else the exit status (--help, --list-rules, a bad option). */
static int parse_command_line(int argc, char **argv, cli *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--json") == 0)
            o->json = true;
        else if (strcmp(a, "--sarif") == 0)
            o->sarif = true;
        else if (strcmp(a, "--strict") == 0)
            o->opt.strict = true;
        else if (strcmp(a, "--bugs") == 0)
            o->opt.bugs_only = true;
        else if (strcmp(a, "--verbose") == 0 || strcmp(a, "-v") == 0)
            o->verbose = true;
        else if (strcmp(a, "--ptxas") == 0)
            o->with_ptxas = true;
        else if (strcmp(a, "--list-rules") == 0) {
            list_rules();
            return 0;
        } else if ((strcmp(a, "--arch") == 0 || strcmp(a, "--block") == 0 || strcmp(a, "--maxrregcount") == 0 ||
                    strcmp(a, "--whitelist") == 0 || strcmp(a, "--threads") == 0) &&
                   i + 1 < argc) {
            int status = option_value(o, a, argv[++i]);
            if (status >= 0)
                return status;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "tnptx: unknown or incomplete option '%s'\n", a);
            usage(stderr);
            return 2;
        } else {
            o->files[o->nfiles++] = a;
        }
    }
    if (!o->nfiles || (o->json && o->sarif)) {
        usage(stderr);
        return 2;
    }
    return -1;
}

static void print_sarif_head(void)
{
    puts("{\"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\", \"version\": \"2.1.0\", \"runs\": "
         "[{\"tool\": {\"driver\": {\"name\": \"tnptx\", \"informationUri\": "
         "\"https://github.com/trueno/trueno/blob/main/docs/PTX_ANALYZER.md\", \"rules\": [");
    for (int r = 0; r < PTX_RULE_COUNT; r++)
        printf("  {\"id\": \"%s\", \"shortDescription\": {\"text\": \"%s\"}}%s\n", ptx_rules[r].id,
               ptx_rules[r].summary, r + 1 < PTX_RULE_COUNT ? "," : "");
    fputs("]}}, \"results\": [", stdout);
}

/* One file read and analysed, waiting for its report. */
typedef struct analysed {
    char *text; /* NULL when unreadable, why says why */
    const char *why;
    ptx_module m;
    bool done;
} analysed;

static void analyse(const cli *o, int i, const ptx_options *opt, analysed *a)
{
    size_t len;
    a->text = ptx_read_file(o->files[i], &len, &a->why);
    if (a->text)
        ptx_analyze_text(&a->m, o->files[i], a->text, len, opt);
}

/* Reports file i (and frees it); returns its exit status (0, 1 or 2). */
static int report(const cli *o, int i, const char *ptxas, bool *first_result, analysed *a)
{
    if (!a->text) {
        fprintf(stderr, "tnptx: cannot read %s: %s\n", o->files[i], a->why);
        if (o->json)
            printf("    {\"path\": \"%s\", \"valid\": false, \"unreadable\": true, \"errors\": [], "
                   "\"kernels\": []}%s\n",
                   "-", i + 1 < o->nfiles ? "," : "");
        return 2;
    }
    ptx_module *m = &a->m;
    int counts[3];
    ptx_count_findings(m, counts);
    int status = !m->valid ? 2 : counts[PTX_ERROR] ? 1 : 0;
    if (o->json)
        ptx_report_json(stdout, m, &o->opt, i + 1 == o->nfiles);
    else if (o->sarif)
        ptx_report_sarif_results(stdout, m, first_result);
    else {
        ptx_report_text(stdout, m, &o->opt, o->verbose);
        if (ptxas && m->valid)
            run_ptxas(ptxas, o->files[i], &o->opt, m);
    }
    ptx_module_free(m);
    free(a->text);
    return status;
}

/* Files analysed by worker threads ahead of the reports, which stay in the files' order; no more
 * than window files wait for theirs (so a long list does not sit in memory all at once). */
typedef struct pipeline {
    const cli *o;
    ptx_options opt; /* each module's functions on one thread: the files are the parallel work */
    analysed *files;
    int next, reported, window;
    pthread_mutex_t lock;
    pthread_cond_t changed;
} pipeline;

static void *analyse_files(void *arg)
{
    pipeline *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->next < p->o->nfiles && p->next >= p->reported + p->window)
            pthread_cond_wait(&p->changed, &p->lock);
        if (p->next >= p->o->nfiles)
            break;
        int i = p->next++;
        pthread_mutex_unlock(&p->lock);
        analysed a = {0};
        analyse(p->o, i, &p->opt, &a);
        pthread_mutex_lock(&p->lock);
        p->files[i] = a;
        p->files[i].done = true;
        pthread_cond_broadcast(&p->changed);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* Every file analysed and reported in order; the exit status of the worst. Several files are
 * analysed at once, one thread each (--threads, default one per core); a single file's functions
 * are (ptx_analyze_text). */
static int analyse_all(const cli *o, const char *ptxas, bool *first_result)
{
    long threads = o->opt.threads ? o->opt.threads : sysconf(_SC_NPROCESSORS_ONLN);
    threads = threads < 1 ? 1 : threads > o->nfiles ? o->nfiles : threads;
    pipeline p = {.o = o, .opt = o->opt, .window = 4 * (int)threads};
    p.opt.threads = 1;
    p.files = threads > 1 ? calloc((size_t)o->nfiles, sizeof *p.files) : NULL;
    pthread_t tid[64];
    int started = 0;
    if (p.files) {
        pthread_mutex_init(&p.lock, NULL);
        pthread_cond_init(&p.changed, NULL);
        while (started < threads && started < 64 && pthread_create(&tid[started], NULL, analyse_files, &p) == 0)
            started++;
    }
    int status = 0;
    for (int i = 0; i < o->nfiles; i++) {
        analysed a = {0};
        if (started) {
            pthread_mutex_lock(&p.lock);
            while (!p.files[i].done)
                pthread_cond_wait(&p.changed, &p.lock);
            a = p.files[i];
            pthread_mutex_unlock(&p.lock);
        } else {
            analyse(o, i, &o->opt, &a);
        }
        int file_status = report(o, i, ptxas, first_result, &a);
        /* an unreadable or invalid file (2) outranks an error finding (1) */
        if (file_status == 2 || (file_status == 1 && status == 0))
            status = file_status;
        if (started) {
            pthread_mutex_lock(&p.lock);
            p.reported = i + 1;
            pthread_cond_broadcast(&p.changed);
            pthread_mutex_unlock(&p.lock);
        }
    }
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    if (p.files) {
        pthread_mutex_destroy(&p.lock);
        pthread_cond_destroy(&p.changed);
        free(p.files);
    }
    return status;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "diff") == 0)
        return diff(argc - 2, argv + 2);
    cli o = {.opt = {.arch = NULL}, .files = calloc((size_t)argc, sizeof *o.files)};
    int status = parse_command_line(argc, argv, &o);
    if (status >= 0) {
        free(o.files);
        free(o.whitelist);
        return status;
    }
    char *ptxas = o.with_ptxas ? ptx_find_ptxas() : NULL;
    if (o.with_ptxas && !ptxas)
        fprintf(stderr, "tnptx: ptxas not found (set PTXAS or PATH); showing estimates only\n");
    bool first_result = true;
    if (o.json)
        puts("{\"schema\": \"tnptx/1\", \"files\": [");
    if (o.sarif)
        print_sarif_head();
    status = analyse_all(&o, ptxas, &first_result);
    if (o.json)
        puts("]}");
    if (o.sarif)
        puts("\n]}]}");
    free(ptxas);
    free(o.files);
    free(o.whitelist);
    return status;
}
