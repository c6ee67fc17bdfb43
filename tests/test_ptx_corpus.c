/* The analyzer against the labelled corpus (ptx_corpus/cases): accept/reject agreement with
 * ptxas, precision and recall per rule, and the register estimate against ptxas -maxrregcount 255
 * (mean absolute error, Spearman's rho). Fails when any figure is worse than the committed ones
 * in ptx_corpus/metrics.txt; --write rewrites that file. Needs no ptxas: its numbers are in the labels. */
#define _POSIX_C_SOURCE 200809L
#include "ptx.h"

#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct label {
    char origin[64];
    bool valid, rule[PTX_RULE_COUNT];
    int regs_255;
} label;

static bool read_label(const char *path, label *l)
{
    FILE *fp = fopen(path, "r");
    if (!fp)
        return false;
    char line[1024], key[64], a[64], b[64];
    l->regs_255 = -1;
    while (fgets(line, sizeof line, fp)) {
        int n = sscanf(line, "%63s %63s %63s", key, a, b);
        if (n >= 2 && strcmp(key, "origin") == 0)
            snprintf(l->origin, sizeof l->origin, "%s", a);
        else if (n >= 2 && strcmp(key, "ptxas_valid") == 0)
            l->valid = strcmp(a, "yes") == 0;
        else if (n >= 3 && strcmp(key, "rule") == 0) {
            for (int r = 0; r < PTX_RULE_COUNT; r++)
                if (strcmp(ptx_rules[r].id, a) == 0)
                    l->rule[r] = strcmp(b, "yes") == 0;
        } else if (n >= 2 && strcmp(key, "ptxas") == 0 && strcmp(a, "sm_80_maxrreg255") == 0) {
            sscanf(line, "ptxas sm_80_maxrreg255 regs %d", &l->regs_255);
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
    int tp[PTX_RULE_COUNT] = {0}, fp[PTX_RULE_COUNT] = {0}, fn[PTX_RULE_COUNT] = {0};
    int agree = 0, nreg = 0;
    double *est = calloc((size_t)nnames + 1, sizeof *est), *truth = calloc((size_t)nnames + 1, sizeof *truth);
    double abs_err = 0;
    const ptx_arch *arch = ptx_find_arch("sm_80");
    for (int i = 0; i < nnames; i++) {
        label l = {0};
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
        ptx_options opt = {.arch = "sm_80", .strict = true};
        ptx_module m;
        ptx_analyze_text(&m, names[i], text, len, &opt);
        if (m.valid == l.valid)
            agree++;
        else
            printf("disagreement with ptxas: %s: analyzer %s, ptxas %s\n", names[i], m.valid ? "accepts" : "rejects",
                   l.valid ? "accepts" : "rejects");
        bool fired[PTX_RULE_COUNT] = {false};
        for (uint32_t k = 0; k < m.nfindings; k++)
            fired[m.findings[k].rule] = true;
        for (const ptx_function *f = m.funcs; f; f = f->next)
            for (uint32_t k = 0; k < f->nfindings; k++)
                fired[f->findings[k].rule] = true;
        for (int r = 0; r < PTX_RULE_COUNT; r++) {
            tp[r] += fired[r] && l.rule[r];
            fp[r] += fired[r] && !l.rule[r];
            fn[r] += !fired[r] && l.rule[r];
            if (verbose && fired[r] != l.rule[r])
                printf("  %s: %s %s\n", names[i], ptx_rules[r].id, fired[r] ? "false positive" : "missed");
        }
        if (m.valid && strcmp(l.origin, "nvcc13") == 0 && l.regs_255 >= 0 && m.funcs) {
            int cap = ptx_register_cap(m.funcs, arch);
            int predicted = m.funcs->reg_estimate < cap ? m.funcs->reg_estimate : cap;
            est[nreg] = predicted;
            truth[nreg] = l.regs_255;
            abs_err += fabs(est[nreg] - truth[nreg]);
            if (verbose)
                printf("  registers %-28s estimate %3d ptxas %3d\n", names[i], predicted, l.regs_255);
            nreg++;
        }
        ptx_module_free(&m);
        free(text);
    }
    double mae = nreg ? abs_err / nreg : 0, rho = spearman(est, truth, nreg);
    double agreement = nnames ? (double)agree / nnames : 0;
    printf("corpus: %d files; accept/reject agrees with ptxas on %d (%.3f)\n", nnames, agree, agreement);
    printf("registers vs ptxas -arch=sm_80 -maxrregcount 255 on %d nvcc kernels: MAE %.2f, Spearman %.3f\n", nreg, mae,
           rho);
    printf("%-24s %4s %4s %4s %9s %6s\n", "rule", "TP", "FP", "FN", "precision", "recall");
    double prec[PTX_RULE_COUNT], rec[PTX_RULE_COUNT];
    for (int r = 0; r < PTX_RULE_COUNT; r++) {
        prec[r] = tp[r] + fp[r] ? (double)tp[r] / (tp[r] + fp[r]) : 1.0;
        rec[r] = tp[r] + fn[r] ? (double)tp[r] / (tp[r] + fn[r]) : 1.0;
        printf("%-24s %4d %4d %4d %9.3f %6.3f\n", ptx_rules[r].id, tp[r], fp[r], fn[r], prec[r], rec[r]);
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
    free(est);
    free(truth);
    return failures ? 1 : 0;
}
