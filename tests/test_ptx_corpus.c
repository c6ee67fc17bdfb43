/* The analyzer against the labelled corpus (ptx_corpus/cases): accept/reject agreement with
 * ptxas, precision and recall per rule, and the register estimate against ptxas -v (no options, as
 * nvcc runs it), the registers it uses when let (the unbounded figure) against ptxas
 * -maxrregcount 255, and the estimate under the -maxrregcount N runs some labels record (mean
 * relative and absolute error, Spearman's rho; nvcc and Triton kernels apart). Fails when any figure over the whole
 * corpus is worse than the committed ones in ptx_corpus/metrics.txt; --write rewrites that file. The same figures are
 * printed for the tuning and the held-out split of the labels, or for one with
 * --split (README.md: never tune on the held-out one). Needs no ptxas: its numbers are in the
 * labels. */
#define _POSIX_C_SOURCE 200809L
#include "ptx.h"

#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A ptxas run under -maxrregcount N (N below 255), recorded for information in some labels. */
typedef struct capped_run {
    int cap, regs, spill_stores;
} capped_run;

typedef struct label {
    char origin[64], split[64], arch[64];
    bool valid, rule[PTX_RULE_COUNT], omitted[PTX_RULE_COUNT];
    int regs_255, regs_default;
    int ncapped;
    capped_run capped[8];
} label;

/* A "ptxas ARCH... regs R spill_stores S ..." line: the unconstrained, the default or a capped run. */
static void read_ptxas_line(const char *line, const char *key, label *l)
{
    size_t n = strlen(l->arch);
    int regs = -1, spill = 0, cap;
    if (sscanf(line, "%*s %*s regs %d spill_stores %d", &regs, &spill) < 1 || strncmp(key, l->arch, n) != 0)
        return;
    if (key[n] == 0)
        l->regs_default = regs;
    else if (strcmp(key + n, "_maxrreg255") == 0)
        l->regs_255 = regs;
    else if (sscanf(key + n, "_maxrreg%d", &cap) == 1 && l->ncapped < 8)
        l->capped[l->ncapped++] = (capped_run){cap, regs, spill};
}

static bool read_label(const char *path, label *l)
{
    FILE *fp = fopen(path, "r");
    if (!fp)
        return false;
    char line[1024], key[64], a[64], b[64];
    l->regs_255 = l->regs_default = -1;
    snprintf(l->split, sizeof l->split, "tuning");
    snprintf(l->arch, sizeof l->arch, "sm_80");
    while (fgets(line, sizeof line, fp)) {
        int n = sscanf(line, "%63s %63s %63s", key, a, b);
        if (n >= 2 && strcmp(key, "origin") == 0)
            snprintf(l->origin, sizeof l->origin, "%s", a);
        else if (n >= 2 && strcmp(key, "split") == 0)
            snprintf(l->split, sizeof l->split, "%s", a);
        else if (n >= 2 && strcmp(key, "arch") == 0)
            snprintf(l->arch, sizeof l->arch, "%s", a);
        else if (n >= 2 && strcmp(key, "ptxas_valid") == 0)
            l->valid = strcmp(a, "yes") == 0;
        else if (n >= 3 && strcmp(key, "rule") == 0) {
            for (int r = 0; r < PTX_RULE_COUNT; r++)
                if (strcmp(ptx_rules[r].id, a) == 0) {
                    l->rule[r] = strcmp(b, "yes") == 0;
                    l->omitted[r] = strcmp(b, "omitted") == 0; /* unlabelled: not counted */
                }
        } else if (n >= 2 && strcmp(key, "ptxas") == 0) {
            read_ptxas_line(line, a, l); /* the arch line comes before the ptxas lines */
        }
    }
    fclose(fp);
    return true;
}

/* Ranks with ties averaged. */
static void ranks(const double *v, double *r, int n)
{
    for (int i = 0; i < n; i++) {
        int less = 0, equal = 0;
        for (int j = 0; j < n; j++) {
            less += v[j] < v[i];
            equal += v[j] == v[i];
        }
        r[i] = less + (equal + 1) / 2.0;
    }
}

static double spearman(const double *x, const double *y, int n)
{
    double *rx = calloc((size_t)n, sizeof *rx), *ry = calloc((size_t)n, sizeof *ry);
    ranks(x, rx, n);
    ranks(y, ry, n);
    double mx = 0, my = 0, sxy = 0, sxx = 0, syy = 0;
    for (int i = 0; i < n; i++)
        mx += rx[i] / n, my += ry[i] / n;
    for (int i = 0; i < n; i++) {
        sxy += (rx[i] - mx) * (ry[i] - my);
        sxx += (rx[i] - mx) * (rx[i] - mx);
        syy += (ry[i] - my) * (ry[i] - my);
    }
    free(rx);
    free(ry);
    return sxx > 0 && syy > 0 ? sxy / sqrt(sxx * syy) : 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Register estimates against ptxas's numbers for one kind of kernel. */
typedef struct series {
    int n;
    double *est, *truth, abs_err, rel_err;
} series;

static void add_point(series *s, int predicted, int truth)
{
    s->est[s->n] = predicted;
    s->truth[s->n] = truth;
    s->abs_err += fabs((double)predicted - truth);
    s->rel_err += truth > 0 ? fabs((double)predicted - truth) / truth : 0;
    s->n++;
}

static double mae(const series *s)
{
    return s->n ? s->abs_err / s->n : 0;
}

static double mre(const series *s)
{
    return s->n ? s->rel_err / s->n : 0;
}

/* Figures over one part of the corpus: all cases, the tuning split or the held-out split. */
enum { NVCC, TRITON, NKIND };

typedef struct tally {
    const char *name;
    int files, agree, tp[PTX_RULE_COUNT], fp[PTX_RULE_COUNT], fn[PTX_RULE_COUNT], omitted[PTX_RULE_COUNT];
    /* plain: the estimate against ptxas -v (nvcc kernels, not mutants, and Triton's); demand: the
     * unbounded figure against ptxas -maxrregcount 255 (the same kernels); capped: the estimate
     * against ptxas -v where a cap applies (.maxnreg, launch bounds, mutants included), and under
     * the -maxrregcount N runs some labels record */
    series plain[NKIND], demand[NKIND], capped[NKIND];
} tally;

enum { ALL, TUNING, HELDOUT, NTALLY };

static void count(tally *s, const label *l, const bool *fired, bool agree)
{
    s->files++;
    s->agree += agree;
    for (int r = 0; r < PTX_RULE_COUNT; r++) {
        if (l->omitted[r]) {
            s->omitted[r]++;
            continue;
        }
        s->tp[r] += fired[r] && l->rule[r];
        s->fp[r] += fired[r] && !l->rule[r];
        s->fn[r] += !fired[r] && l->rule[r];
    }
}

static double precision(const tally *s, int r)
{
    return s->tp[r] + s->fp[r] ? (double)s->tp[r] / (s->tp[r] + s->fp[r]) : 1.0;
}

static double recall(const tally *s, int r)
{
    return s->tp[r] + s->fn[r] ? (double)s->tp[r] / (s->tp[r] + s->fn[r]) : 1.0;
}

static void report(const tally *s)
{
    static const char *const kinds[NKIND] = {"nvcc kernels", "Triton kernels"};
    printf("\n== %s: %d files; accept/reject agrees with ptxas on %d (%.3f)\n", s->name, s->files, s->agree,
           s->files ? (double)s->agree / s->files : 0);
    for (int k = 0; k < NKIND; k++) {
        const series *p = &s->plain[k], *d = &s->demand[k], *c = &s->capped[k];
        if (p->n)
            printf("registers vs ptxas -v (sm_80, or sm_90a for Hopper and Triton) on %d %s: "
                   "MRE %.1f%%, MAE %.2f, Spearman %.3f\n",
                   p->n, kinds[k], 100 * mre(p), mae(p), spearman(p->est, p->truth, p->n));
        if (d->n)
            printf("registers vs ptxas -maxrregcount 255 (sm_80, or sm_90a for Hopper and Triton) on %d %s: "
                   "MRE %.1f%%, MAE %.2f, Spearman %.3f\n",
                   d->n, kinds[k], 100 * mre(d), mae(d), spearman(d->est, d->truth, d->n));
        if (c->n)
            printf("registers vs ptxas under a cap (.maxnreg, launch bounds, -maxrregcount N) on %d runs of %s "
                   "and their mutants: MRE %.1f%%, MAE %.2f\n",
                   c->n, kinds[k], 100 * mre(c), mae(c));
    }
    printf("%-24s %4s %4s %4s %4s %9s %6s\n", "rule", "TP", "FP", "FN", "TN", "precision", "recall");
    for (int r = 0; r < PTX_RULE_COUNT; r++) {
        int tn = s->files - s->omitted[r] - s->tp[r] - s->fp[r] - s->fn[r];
        printf("%-24s %4d %4d %4d %4d %9.3f %6.3f", ptx_rules[r].id, s->tp[r], s->fp[r], s->fn[r], tn, precision(s, r),
               recall(s, r));
        if (s->omitted[r])
            printf("  (%d unlabelled)", s->omitted[r]);
        printf("\n");
    }
}

typedef struct run {
    const char *dir;
    bool write, verbose;
    const char *split; /* only this split, or NULL for all */
    tally tallies[NTALLY];
} run;

static bool has_cap(const ptx_function *f)
{
    return f->maxnreg || f->maxntid || f->reqntid;
}

/* The case's register figures: the estimate against ptxas -v and the unbounded figure against
 * ptxas -maxrregcount 255; where a cap applies, the estimate again among the capped runs; then each
 * -maxrregcount N run the label records, analysed with that cap. */
static void compare_registers(run *r, const char *name, const label *l, const char *text, size_t len, int kind,
                              const ptx_function *f, const char *tag)
{
    tally *parts[2] = {&r->tallies[ALL], &r->tallies[strcmp(tag, "held-out") == 0 ? HELDOUT : TUNING]};
    bool mutant = strcmp(l->origin, "mutant") == 0;
    if (kind >= 0 && l->regs_255 >= 0 && l->regs_default >= 0) {
        for (int p = 0; p < 2; p++) {
            add_point(&parts[p]->plain[kind], f->reg_estimate, l->regs_default);
            add_point(&parts[p]->demand[kind], f->reg_unbounded, l->regs_255);
        }
        if (r->verbose)
            printf("  registers [%s] %-34s estimate %3d ptxas %3d; unbounded %3d ptxas -maxrregcount 255 %3d "
                   "(demand %3d, cap %3d, max live %3d)\n",
                   tag, name, f->reg_estimate, l->regs_default, f->reg_unbounded, l->regs_255, f->reg_demand,
                   f->reg_cap, f->maxlive);
    }
    if (kind < 0 && !mutant)
        return;
    kind = kind < 0 ? NVCC : kind;
    if (has_cap(f) && f->reg_cap < 255 && l->regs_default >= 0)
        for (int p = 0; p < 2; p++)
            add_point(&parts[p]->capped[kind], f->reg_estimate, l->regs_default);
    for (int i = 0; i < l->ncapped; i++) {
        ptx_options opt = {.arch = l->arch, .strict = true, .maxrregcount = l->capped[i].cap};
        ptx_module m;
        ptx_analyze_text(&m, name, text, len, &opt);
        if (m.valid && m.funcs) {
            for (int p = 0; p < 2; p++)
                add_point(&parts[p]->capped[kind], m.funcs->reg_estimate, l->capped[i].regs);
            if (r->verbose)
                printf("  registers [%s] %-34s -maxrregcount %d: estimate %3d ptxas %3d (%d bytes spill stores)\n", tag,
                       name, l->capped[i].cap, m.funcs->reg_estimate, l->capped[i].regs, l->capped[i].spill_stores);
        }
        ptx_module_free(&m);
    }
}

/* Analyses one case and adds it to the figures; false when its files cannot be read. */
static bool analyse_case(run *r, const char *name)
{
    char path[2048];
    label l = {0};
    snprintf(path, sizeof path, "%s/cases/%s.label", r->dir, name);
    if (!read_label(path, &l)) {
        printf("FAIL: cannot read %s\n", path);
        return false;
    }
    if (r->split && strcmp(l.split, r->split) != 0)
        return true;
    snprintf(path, sizeof path, "%s/cases/%s.ptx", r->dir, name);
    size_t len;
    char *text = ptx_read_file(path, &len, NULL);
    if (!text) {
        printf("FAIL: cannot read %s\n", path);
        return false;
    }
    bool heldout = strcmp(l.split, "heldout") == 0;
    const char *tag = heldout ? "held-out" : "tuning";
    ptx_options opt = {.arch = l.arch, .strict = true};
    ptx_module m;
    ptx_analyze_text(&m, name, text, len, &opt);
    bool agree = m.valid == l.valid;
    if (!agree)
        printf("disagreement with ptxas [%s]: %s: analyzer %s, ptxas %s\n", tag, name, m.valid ? "accepts" : "rejects",
               l.valid ? "accepts" : "rejects");
    bool fired[PTX_RULE_COUNT] = {false};
    for (uint32_t k = 0; k < m.nfindings; k++)
        fired[m.findings[k].rule] = true;
    for (const ptx_function *f = m.funcs; f; f = f->next)
        for (uint32_t k = 0; k < f->nfindings; k++)
            fired[f->findings[k].rule] = true;
    if (r->verbose)
        for (int x = 0; x < PTX_RULE_COUNT; x++)
            if (!l.omitted[x] && fired[x] != l.rule[x])
                printf("  [%s] %s: %s %s\n", tag, name, ptx_rules[x].id, fired[x] ? "false positive" : "missed");
    count(&r->tallies[ALL], &l, fired, agree);
    count(&r->tallies[heldout ? HELDOUT : TUNING], &l, fired, agree);
    int kind = strcmp(l.origin, "nvcc13") == 0 ? NVCC : strcmp(l.origin, "triton") == 0 ? TRITON : -1;
    if (m.valid && m.funcs)
        compare_registers(r, name, &l, text, len, kind, m.funcs, tag);
    ptx_module_free(&m);
    free(text);
    return true;
}

/* The committed figures are those of the whole corpus (the nvcc kernels for registers). */
typedef struct figures {
    double agreement, mae, mre, rho, demand_mae, demand_mre, demand_rho, capped_mre;
    double prec[PTX_RULE_COUNT], rec[PTX_RULE_COUNT];
} figures;

static figures whole_corpus(const tally *all)
{
    const series *p = &all->plain[NVCC], *d = &all->demand[NVCC];
    figures g = {.agreement = all->files ? (double)all->agree / all->files : 0,
                 .mae = mae(p),
                 .mre = mre(p),
                 .rho = spearman(p->est, p->truth, p->n),
                 .demand_mae = mae(d),
                 .demand_mre = mre(d),
                 .demand_rho = spearman(d->est, d->truth, d->n),
                 .capped_mre = mre(&all->capped[NVCC])};
    for (int r = 0; r < PTX_RULE_COUNT; r++) {
        g.prec[r] = precision(all, r);
        g.rec[r] = recall(all, r);
    }
    return g;
}

static int write_metrics(const char *path, const figures *g)
{
    FILE *out = fopen(path, "w");
    if (!out) {
        perror(path);
        return 2;
    }
    fprintf(out, "# Committed figures of the analyzer on ptx_corpus (tests/test_ptx_corpus.c --write).\n"
                 "# The test fails when a measurement is worse than these.\n");
    fprintf(out, "agreement %.4f\nregister_mae %.4f\nregister_mre %.4f\nregister_spearman %.4f\n", g->agreement, g->mae,
            g->mre, g->rho);
    fprintf(out, "register_demand_mae %.4f\nregister_demand_mre %.4f\nregister_demand_spearman %.4f\n", g->demand_mae,
            g->demand_mre, g->demand_rho);
    fprintf(out, "register_capped_mre %.4f\n", g->capped_mre);
    for (int r = 0; r < PTX_RULE_COUNT; r++)
        fprintf(out, "precision %s %.4f\nrecall %s %.4f\n", ptx_rules[r].id, g->prec[r], ptx_rules[r].id, g->rec[r]);
    fclose(out);
    printf("wrote %s\n", path);
    return 0;
}

/* One "key value" line of metrics.txt: is the figure worse than the committed one? */
static bool worse_than_committed(const char *key, double v, const figures *g)
{
    return strcmp(key, "agreement") == 0                  ? g->agreement + 1e-4 < v
           : strcmp(key, "register_mae") == 0             ? g->mae > v + 1e-4
           : strcmp(key, "register_mre") == 0             ? g->mre > v + 1e-4
           : strcmp(key, "register_demand_mae") == 0      ? g->demand_mae > v + 1e-4
           : strcmp(key, "register_demand_mre") == 0      ? g->demand_mre > v + 1e-4
           : strcmp(key, "register_demand_spearman") == 0 ? g->demand_rho + 1e-4 < v
           : strcmp(key, "register_capped_mre") == 0      ? g->capped_mre > v + 1e-4
           : strcmp(key, "register_spearman") == 0        ? g->rho + 1e-4 < v
                                                          : false;
}

/* Compares the figures with metrics.txt; the number of figures that got worse, or -1. */
static int check_metrics(const char *path, const figures *g)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        perror(path);
        return -1;
    }
    char line[256], key[64], rule[64];
    double v;
    int failures = 0;
    printf("\n");
    while (fgets(line, sizeof line, in)) {
        if (line[0] == '#')
            continue;
        if (sscanf(line, "%63s %63s %lf", key, rule, &v) == 3) {
            for (int r = 0; r < PTX_RULE_COUNT; r++) {
                if (strcmp(ptx_rules[r].id, rule) != 0)
                    continue;
                double got = strcmp(key, "precision") == 0 ? g->prec[r] : g->rec[r];
                if (got + 1e-4 < v) {
                    printf("FAIL: %s %s dropped to %.4f (committed %.4f)\n", key, rule, got, v);
                    failures++;
                }
            }
        } else if (sscanf(line, "%63s %lf", key, &v) == 2 && worse_than_committed(key, v, g)) {
            printf("FAIL: %s is worse than the committed %.4f\n", key, v);
            failures++;
        }
    }
    fclose(in);
    return failures;
}

static char **case_names(const char *dir, int *count)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/cases", dir);
    DIR *d = opendir(path);
    if (!d) {
        perror(path);
        return NULL;
    }
    char **names = NULL;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len > 6 && strcmp(e->d_name + len - 6, ".label") == 0) {
            names = realloc(names, (size_t)(n + 1) * sizeof *names);
            names[n++] = strndup(e->d_name, len - 6);
        }
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_name);
    *count = n;
    return names;
}

static bool parse_args(int argc, char **argv, run *r)
{
    if (argc < 2)
        return false;
    r->dir = argv[1];
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--write") == 0)
            r->write = true;
        else if (strcmp(argv[i], "--verbose") == 0)
            r->verbose = true;
        else if (strcmp(argv[i], "--split") == 0 && i + 1 < argc &&
                 (strcmp(argv[i + 1], "tuning") == 0 || strcmp(argv[i + 1], "heldout") == 0))
            r->split = argv[++i];
        else
            return false;
    }
    return !(r->write && r->split);
}

int main(int argc, char **argv)
{
    static run r = {.tallies = {{.name = "whole corpus"}, {.name = "tuning split"}, {.name = "held-out split"}}};
    if (!parse_args(argc, argv, &r)) {
        fputs("usage: test_ptx_corpus CORPUS_DIR [--write | --split tuning|heldout] [--verbose]\n", stderr);
        return 2;
    }
    int nnames = 0;
    char **names = case_names(r.dir, &nnames);
    if (!names)
        return 2;
    for (int s = 0; s < NTALLY; s++)
        for (int k = 0; k < NKIND; k++) {
            series *ser[3] = {&r.tallies[s].plain[k], &r.tallies[s].demand[k], &r.tallies[s].capped[k]};
            for (int j = 0; j < 3; j++) {
                ser[j]->est = calloc((size_t)nnames * 9 + 1, sizeof(double)); /* a case and its capped runs */
                ser[j]->truth = calloc((size_t)nnames * 9 + 1, sizeof(double));
            }
        }
    int failures = 0;
    for (int i = 0; i < nnames; i++)
        failures += !analyse_case(&r, names[i]);
    if (r.split) {
        report(&r.tallies[strcmp(r.split, "heldout") == 0 ? HELDOUT : TUNING]);
        printf("\n(--split: the committed figures, over the whole corpus, are not checked)\n");
    } else {
        for (int s = 0; s < NTALLY; s++)
            report(&r.tallies[s]);
        figures g = whole_corpus(&r.tallies[ALL]);
        char path[2048];
        snprintf(path, sizeof path, "%s/metrics.txt", r.dir);
        int worse = r.write ? write_metrics(path, &g) : check_metrics(path, &g);
        failures += worse < 0 ? 1 : worse;
    }
    for (int i = 0; i < nnames; i++)
        free(names[i]);
    free(names);
    for (int s = 0; s < NTALLY; s++)
        for (int k = 0; k < NKIND; k++) {
            free(r.tallies[s].plain[k].est), free(r.tallies[s].plain[k].truth);
            free(r.tallies[s].demand[k].est), free(r.tallies[s].demand[k].truth);
            free(r.tallies[s].capped[k].est), free(r.tallies[s].capped[k].truth);
        }
    return failures ? 1 : 0;
}
