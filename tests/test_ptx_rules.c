/* Rule tests: every file in tests/ptx_rules names the rules it must trigger ("// expect: A B" or
 * "// expect: none"); no other rule may fire. Every rule needs a positive and a negative file.
 * "// expect in NAME: A B" (or "none") names all the rules that must fire in function NAME, for a
 * file whose functions differ. "// options:" may ask for --strict and --maxrregcount N. */
#define _POSIX_C_SOURCE 200809L
#include "ptx.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

static bool expected_rule(const char *expect, const char *rule)
{
    size_t n = strlen(rule);
    for (const char *p = strstr(expect, rule); p; p = strstr(p + 1, rule))
        if ((p == expect || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\n' || p[n] == 0))
            return true;
    return false;
}

/* The "// expect in NAME: ..." lines: the rules that fire in each function named. */
static int check_functions(const char *name, const char *text, const ptx_module *m)
{
    int failures = 0;
    for (const char *e = strstr(text, "// expect in "); e; e = strstr(e + 1, "// expect in ")) {
        char fname[128], expect[256];
        if (sscanf(e + 13, "%127[^: ]: %255[^\n]", fname, expect) != 2) {
            printf("FAIL %s: malformed '// expect in NAME: RULES' line\n", name);
            failures++;
            continue;
        }
        const ptx_function *f = m->funcs;
        while (f && (f->namelen != strlen(fname) || memcmp(f->name, fname, f->namelen) != 0))
            f = f->next;
        if (!f) {
            printf("FAIL %s: no function %s\n", name, fname);
            failures++;
            continue;
        }
        bool fired[PTX_RULE_COUNT] = {false};
        for (uint32_t i = 0; i < f->nfindings; i++)
            fired[f->findings[i].rule] = true;
        for (int r = 0; r < PTX_RULE_COUNT; r++)
            if (expected_rule(expect, ptx_rules[r].id) != fired[r]) {
                printf("FAIL %s: %s %s in %s\n", name, ptx_rules[r].id,
                       fired[r] ? "fired unexpectedly" : "did not fire", fname);
                failures++;
            }
    }
    return failures;
}

static int check_file(const char *dir, const char *name, bool pos[], bool neg[])
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    size_t len;
    char *text = ptx_read_file(path, &len, NULL);
    if (!text) {
        printf("FAIL %s: unreadable\n", name);
        return 1;
    }
    const char *e = strstr(text, "// expect: ");
    if (!e) {
        printf("FAIL %s: no '// expect:' line\n", name);
        free(text);
        return 1;
    }
    char expect[256];
    sscanf(e + 11, "%255[^\n]", expect);
    ptx_options opt = {.arch = "sm_80", .strict = strstr(text, "// options: --strict") != NULL};
    const char *cap = strstr(text, "--maxrregcount ");
    if (cap)
        opt.maxrregcount = atoi(cap + 15);
    ptx_module m;
    ptx_analyze_text(&m, name, text, len, &opt);
    bool fired[PTX_RULE_COUNT] = {false};
    for (uint32_t i = 0; i < m.nfindings; i++)
        fired[m.findings[i].rule] = true;
    for (const ptx_function *f = m.funcs; f; f = f->next)
        for (uint32_t i = 0; i < f->nfindings; i++)
            fired[f->findings[i].rule] = true;
    int failures = check_functions(name, text, &m);
    for (int r = 0; r < PTX_RULE_COUNT; r++) {
        bool want = expected_rule(expect, ptx_rules[r].id);
        if (want != fired[r]) {
            printf("FAIL %s: %s %s\n", name, ptx_rules[r].id, want ? "did not fire" : "fired unexpectedly");
            failures++;
        }
        if (strncmp(name, ptx_rules[r].id, strlen(ptx_rules[r].id)) == 0 && name[strlen(ptx_rules[r].id)] == '_') {
            if (strstr(name, "_pos"))
                pos[r] = pos[r] || want;
            if (strstr(name, "_neg"))
                neg[r] = neg[r] || !want;
        }
    }
    if (failures) {
        ptx_report_text(stdout, &m, &opt, false);
    }
    ptx_module_free(&m);
    free(text);
    return failures;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: test_ptx_rules DIR\n", stderr);
        return 2;
    }
    DIR *d = opendir(argv[1]);
    if (!d) {
        perror(argv[1]);
        return 2;
    }
    bool pos[PTX_RULE_COUNT] = {false}, neg[PTX_RULE_COUNT] = {false};
    int failures = 0, files = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n > 4 && strcmp(e->d_name + n - 4, ".ptx") == 0) {
            failures += check_file(argv[1], e->d_name, pos, neg);
            files++;
        }
    }
    closedir(d);
    for (int r = 0; r < PTX_RULE_COUNT; r++)
        if (!pos[r] || !neg[r]) {
            printf("FAIL %s lacks a %s test\n", ptx_rules[r].id, !pos[r] ? "positive" : "negative");
            failures++;
        }
    printf("ptx rules: %d files, %d failures\n", files, failures);
    return failures ? 1 : 0;
}
