/* The analyzer against the labelled corpus (ptx_corpus/cases): accept/reject agreement with
 * ptxas, precision and recall per rule, and the register estimate against ptxas -maxrregcount 255
 * (mean absolute error, Spearman's rho). Fails when any figure over the whole corpus is worse than
 * the committed ones in ptx_corpus/metrics.txt; --write rewrites that file. The same figures are
 * printed for the tuning and the held-out split of the labels (README.md: never tune on the
 * held-out one). Needs no ptxas: its numbers are in the labels. */
#define _POSIX_C_SOURCE 200809L
#include "ptx.h"

#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct label {
    char origin[64], split[64], arch[64];
    bool valid, rule[PTX_RULE_COUNT], omitted[PTX_RULE_COUNT];
    int regs_255;
} label;

static bool read_label(const char *path, label *l)
{
    FILE *fp = fopen(path, "r");
    if (!fp)
        return false;
    char line[1024], key[64], a[64], b[64], regs_key[96];
    l->regs_255 = -1;
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
            /* the arch line comes before the ptxas lines */
            snprintf(regs_key, sizeof regs_key, "%s_maxrreg255", l->arch);
            if (strcmp(a, regs_key) == 0)
                sscanf(line, "%*s %*s regs %d", &l->regs_255);
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

/* Figures over one part of the corpus: all cases, the tuning split or the held-out split. */
typedef struct tally {
    const char *name;
    int files, agree, tp[PTX_RULE_COUNT], fp[PTX_RULE_COUNT], fn[PTX_RULE_COUNT], omitted[PTX_RULE_COUNT];
    int nreg[2];          /* register comparisons: [0] nvcc kernels (not mutants), [1] Triton kernels */
    double *est[2], *truth[2];
    double abs_err[2];
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

static void add_registers(tally *s, int kind, int predicted, int truth)
{
    s->est[kind][s->nreg[kind]] = predicted;
    s->truth[kind][s->nreg[kind]] = truth;
    s->abs_err[kind] += fabs((double)predicted - truth);
    s->nreg[kind]++;
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
    static const char *const kinds[2] = { "nvcc kernels", "Triton kernels" };
    printf("\n== %s: %d files; accept/reject agrees with ptxas on %d (%.3f)\n", s->name, s->files, s->agree,
           s->files ? (double)s->agree / s->files : 0);
    for (int k = 0; k < 2; k++)
        if (s->nreg[k])
            printf("registers vs ptxas -maxrregcount 255 (sm_80, or sm_90a for Hopper and Triton) on %d %s: "
                   "MAE %.2f, Spearman %.3f\n",
                   s->nreg[k], kinds[k], s->abs_err[k] / s->nreg[k], spearman(s->est[k], s->truth[k], s->nreg[k]));
    printf("%-24s %4s %4s %4s %4s %9s %6s\n", "rule", "TP", "FP", "FN", "TN", "precision", "recall");
    for (int r = 0; r < PTX_RULE_COUNT; r++) {
        int tn = s->files - s->omitted[r] - s->tp[r] - s->fp[r] - s->fn[r];
        printf("%-24s %4d %4d %4d %4d %9.3f %6.3f", ptx_rules[r].id, s->tp[r], s->fp[r], s->fn[r], tn,
               precision(s, r), recall(s, r));
        if (s->omitted[r])
            printf("  (%d unlabelled)", s->omitted[r]);
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: test_ptx_corpus CORPUS_DIR [--write] [--verbose]\n", stderr);
        return 2;
    }
    const char *dir = argv[1];
    bool write = false, verbose = false;
    for (int i = 2; i < argc; i++) {
        write |= strcmp(argv[i], "--write") == 0;
        verbose |= strcmp(argv[i], "--verbose") == 0;
    }
    char path[2048];
    snprintf(path, sizeof path, "%s/cases", dir);
    DIR *d = opendir(path);
    if (!d) {
        perror(path);
        return 2;
    }
    char **names = NULL;
    int nnames = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n > 6 && strcmp(e->d_name + n - 6, ".label") == 0) {
            names = realloc(names, (size_t)(nnames + 1) * sizeof *names);
            names[nnames++] = strndup(e->d_name, n - 6);
        }
    }
    closedir(d);
    qsort(names, (size_t)nnames, sizeof *names, by_name);
    tally tallies[NTALLY] = { { .name = "whole corpus" }, { .name = "tuning split" }, { .name = "held-out split" } };
    for (int s = 0; s < NTALLY; s++)
        for (int k = 0; k < 2; k++) {
            tallies[s].est[k] = calloc((size_t)nnames + 1, sizeof(double));
            tallies[s].truth[k] = calloc((size_t)nnames + 1, sizeof(double));
        }
    for (int i = 0; i < nnames; i++) {
        label l = { 0 };
        snprintf(path, sizeof path, "%s/cases/%s.label", dir, names[i]);
        if (!read_label(path, &l)) {
            printf("FAIL: cannot read %s\n", path);
            return 1;
        }
        snprintf(path, sizeof path, "%s/cases/%s.ptx", dir, names[i]);
        size_t len;
        char *text = ptx_read_file(path, &len, NULL);
        if (!text) {
            printf("FAIL: cannot read %s\n", path);
            return 1;
        }
        bool heldout = strcmp(l.split, "heldout") == 0;
        const char *tag = heldout ? "held-out" : "tuning";
        const ptx_arch *arch = ptx_find_arch(l.arch);
        if (!arch)
            arch = ptx_find_arch("sm_80");
        ptx_options opt = { .arch = l.arch, .strict = true };
        ptx_module m;
        ptx_analyze_text(&m, names[i], text, len, &opt);
        bool agree = m.valid == l.valid;
        if (!agree)
            printf("disagreement with ptxas [%s]: %s: analyzer %s, ptxas %s\n", tag, names[i],
                   m.valid ? "accepts" : "rejects", l.valid ? "accepts" : "rejects");
        bool fired[PTX_RULE_COUNT] = { false };
        for (uint32_t k = 0; k < m.nfindings; k++)
            fired[m.findings[k].rule] = true;
        for (const ptx_function *f = m.funcs; f; f = f->next)
            for (uint32_t k = 0; k < f->nfindings; k++)
                fired[f->findings[k].rule] = true;
        if (verbose)
            for (int r = 0; r < PTX_RULE_COUNT; r++)
                if (!l.omitted[r] && fired[r] != l.rule[r])
                    printf("  [%s] %s: %s %s\n", tag, names[i], ptx_rules[r].id, fired[r] ? "false positive" : "missed");
        count(&tallies[ALL], &l, fired, agree);
        count(&tallies[heldout ? HELDOUT : TUNING], &l, fired, agree);
        int kind = strcmp(l.origin, "nvcc13") == 0 ? 0 : strcmp(l.origin, "triton") == 0 ? 1 : -1;
        if (m.valid && kind >= 0 && l.regs_255 >= 0 && m.funcs) {
            int cap = ptx_register_cap(m.funcs, arch);
            int predicted = m.funcs->reg_estimate < cap ? m.funcs->reg_estimate : cap;
            add_registers(&tallies[ALL], kind, predicted, l.regs_255);
            add_registers(&tallies[heldout ? HELDOUT : TUNING], kind, predicted, l.regs_255);
            if (verbose)
                printf("  registers [%s] %-34s estimate %3d ptxas %3d\n", tag, names[i], predicted, l.regs_255);
        }
        ptx_module_free(&m);
        free(text);
    }
    for (int s = 0; s < NTALLY; s++)
        report(&tallies[s]);
    /* The committed figures are those of the whole corpus on the nvcc kernels, as before the splits. */
    const tally *all = &tallies[ALL];
    double mae = all->nreg[0] ? all->abs_err[0] / all->nreg[0] : 0, rho = spearman(all->est[0], all->truth[0], all->nreg[0]);
    double agreement = all->files ? (double)all->agree / all->files : 0;
    double prec[PTX_RULE_COUNT], rec[PTX_RULE_COUNT];
    for (int r = 0; r < PTX_RULE_COUNT; r++) {
        prec[r] = precision(all, r);
        rec[r] = recall(all, r);
    }
    snprintf(path, sizeof path, "%s/metrics.txt", dir);
    int failures = 0;
    if (write) {
        FILE *out = fopen(path, "w");
        if (!out) {
            perror(path);
            return 2;
        }
        fprintf(out, "# Committed figures of the analyzer on ptx_corpus (tests/test_ptx_corpus.c --write).\n"
                     "# The test fails when a measurement is worse than these.\n");
        fprintf(out, "agreement %.4f\nregister_mae %.4f\nregister_spearman %.4f\n", agreement, mae, rho);
        for (int r = 0; r < PTX_RULE_COUNT; r++)
            fprintf(out, "precision %s %.4f\nrecall %s %.4f\n", ptx_rules[r].id, prec[r], ptx_rules[r].id, rec[r]);
        fclose(out);
        printf("wrote %s\n", path);
    } else {
        FILE *in = fopen(path, "r");
        if (!in) {
            perror(path);
            return 2;
        }
        char line[256], key[64], rule[64];
        double v;
        printf("\n");
        while (fgets(line, sizeof line, in)) {
            if (line[0] == '#')
                continue;
            if (sscanf(line, "%63s %63s %lf", key, rule, &v) == 3) {
                for (int r = 0; r < PTX_RULE_COUNT; r++) {
                    if (strcmp(ptx_rules[r].id, rule) != 0)
                        continue;
                    double got = strcmp(key, "precision") == 0 ? prec[r] : rec[r];
                    if (got + 1e-4 < v) {
                        printf("FAIL: %s %s dropped to %.4f (committed %.4f)\n", key, rule, got, v);
                        failures++;
                    }
                }
            } else if (sscanf(line, "%63s %lf", key, &v) == 2) {
                bool worse = strcmp(key, "agreement") == 0           ? agreement + 1e-4 < v
                             : strcmp(key, "register_mae") == 0      ? mae > v + 1e-4
                             : strcmp(key, "register_spearman") == 0 ? rho + 1e-4 < v
                                                                     : false;
                if (worse) {
                    printf("FAIL: %s is worse than the committed %.4f\n", key, v);
                    failures++;
                }
            }
        }
        fclose(in);
    }
    for (int i = 0; i < nnames; i++)
        free(names[i]);
    free(names);
    for (int s = 0; s < NTALLY; s++)
        for (int k = 0; k < 2; k++) {
            free(tallies[s].est[k]);
            free(tallies[s].truth[k]);
        }
    return failures ? 1 : 0;
}
