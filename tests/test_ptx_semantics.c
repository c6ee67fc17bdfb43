/* Memory semantics tests: in every file of a directory, a line whose comment says
 * "sem: reads=global+shared writes=shared sync=wait on=mbarrier scope=cta flags=async,cluster"
 * states what the analyzer must give the instruction on that line (a key left out: none). */
#define _POSIX_C_SOURCE 200809L
#include "ptx.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

/* The line'th line of text (1-based) and its length. */
static const char *line_at(const char *text, uint32_t line, size_t *len)
{
    const char *p = text;
    for (uint32_t i = 1; i < line && p; i++) {
        p = strchr(p, '\n');
        p = p ? p + 1 : NULL;
    }
    if (!p)
        return NULL;
    const char *end = strchr(p, '\n');
    *len = end ? (size_t)(end - p) : strlen(p);
    return p;
}

/* "global+shared" for a set of state spaces, "none" for none. */
static void spaces_text(uint8_t bits, char *out, size_t cap)
{
    out[0] = 0;
    for (int sp = 1; sp < PTX_SP_COUNT; sp++)
        if (bits & (1u << sp))
            snprintf(out + strlen(out), cap - strlen(out), "%s%s", out[0] ? "+" : "", ptx_space_names[sp]);
    if (!out[0])
        snprintf(out, cap, "none");
}

static void flags_text(uint8_t sem, char *out, size_t cap)
{
    out[0] = 0;
    for (int b = 0; b < PTX_SEM_FLAG_COUNT; b++)
        if (sem & (1u << b))
            snprintf(out + strlen(out), cap - strlen(out), "%s%s", out[0] ? "," : "", ptx_sem_names[b]);
    if (!out[0])
        snprintf(out, cap, "none");
}

/* What the instruction has, in the order and words of a "sem:" comment with every key. */
static void describe(const ptx_instr *in, char *out, size_t cap)
{
    char reads[64], writes[64], flags[128];
    spaces_text(in->reads, reads, sizeof reads);
    spaces_text(in->writes, writes, sizeof writes);
    flags_text(in->sem, flags, sizeof flags);
    snprintf(out, cap, "reads=%s writes=%s sync=%s on=%s scope=%s flags=%s", reads, writes, ptx_sync_names[in->sync],
             ptx_sync_object_names[in->sync_on], ptx_scope_names[in->scope], flags);
}

/* The comment's claims with every key: those it leaves out are none. */
static void expected(const char *sem, size_t len, char *out, size_t cap)
{
    static const char *const keys[] = {"reads=", "writes=", "sync=", "on=", "scope=", "flags="};
    out[0] = 0;
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        const char *v = NULL;
        for (const char *p = sem; p && p < sem + len; p = strchr(p + 1, ' '))
            if (strncmp(p + (*p == ' '), keys[k], strlen(keys[k])) == 0)
                v = p + (*p == ' ') + strlen(keys[k]);
        size_t n = 4;
        if (v)
            for (n = 0; v + n < sem + len && v[n] != ' '; n++)
                ;
        snprintf(out + strlen(out), cap - strlen(out), "%s%s%.*s", k ? " " : "", keys[k], (int)n, v ? v : "none");
    }
}

static int check_file(const char *path, int *checked)
{
    size_t len;
    char *text = ptx_read_file(path, &len, NULL);
    if (!text) {
        printf("FAIL %s: unreadable\n", path);
        return 1;
    }
    ptx_options opt = {.arch = "sm_90"};
    ptx_module m;
    ptx_analyze_text(&m, path, text, len, &opt);
    int failures = 0;
    for (const ptx_function *f = m.funcs; f; f = f->next)
        for (uint32_t i = 0; i < f->nins; i++) {
            size_t n;
            const char *line = line_at(text, f->ins[i].line, &n);
            const char *sem = line ? strstr(line, "// sem:") : NULL;
            if (!sem || sem >= line + n)
                continue;
            sem += 7;
            char want[512], got[512];
            expected(sem, (size_t)(line + n - sem), want, sizeof want);
            describe(&f->ins[i], got, sizeof got);
            ++*checked;
            if (strcmp(want, got) != 0) {
                printf("FAIL %s:%u: %.*s\n  want %s\n  got  %s\n", path, f->ins[i].line, (int)f->ins[i].oplen,
                       f->ins[i].op, want, got);
                failures++;
            }
        }
    int annotated = 0;
    for (const char *p = strstr(text, "// sem:"); p; p = strstr(p + 1, "// sem:"))
        annotated++;
    if (!m.valid || annotated != *checked) {
        printf("FAIL %s: %s, %d lines say what to expect, %d instructions checked\n", path,
               m.valid ? "valid" : "not valid", annotated, *checked);
        failures++;
    }
    ptx_module_free(&m);
    free(text);
    return failures;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: test_ptx_semantics DIR\n", stderr);
        return 2;
    }
    DIR *d = opendir(argv[1]);
    if (!d) {
        printf("FAIL: cannot open %s\n", argv[1]);
        return 1;
    }
    int failures = 0, total = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".ptx") != 0)
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", argv[1], e->d_name);
        int checked = 0;
        failures += check_file(path, &checked);
        total += checked;
    }
    closedir(d);
    printf("%d instructions checked, %d failures\n", total, failures);
    return failures != 0 || total == 0;
}
