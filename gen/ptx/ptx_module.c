/* The module driver: parse a text and analyse each function, free the result; read a file, find
 * ptxas, load a whitelist. */
#define _POSIX_C_SOURCE 200809L
#include "ptx_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void ptx_analyze_text(ptx_module *m, const char *path, const char *text, size_t len, const ptx_options *opt)
{
    static const ptx_options defaults = {0};
    if (!opt)
        opt = &defaults;
    memset(m, 0, sizeof *m);
    m->path = path;
    m->text = text;
    m->len = len;
    m->opt = opt;
    ptx_parse(m);
    const ptx_arch *arch = ptx_find_arch(opt->arch ? opt->arch : "sm_80");
    if (!arch)
        arch = ptx_find_arch("sm_80");
    if (m->valid) {
        for (ptx_function *f = m->funcs; f; f = f->next)
            ptx_analyze_function(m, f, opt, arch);
        if (!m->nentries)
            ptx_add_finding(m, NULL, PTX_RULE_NO_ENTRY, 1, 1, "add a .entry kernel, or link this module with one",
                            "the module defines no .entry kernel: nothing in it can be launched");
    }
    m->opt = NULL;
}

void ptx_module_free(ptx_module *m)
{
    for (ptx_function *f = m->funcs; f; f = f->next) {
        free(f->ins);
        free(f->opnds);
        free(f->mods);
        free(f->regs);
        free(f->findings);
    }
    free(m->findings);
    free(m->syms);
    free(m->sym_stamp);
    ptx_arena_free(&m->arena);
    memset(m, 0, sizeof *m);
}

char *ptx_find_ptxas(void)
{
    const char *env = getenv("PTXAS");
    if (env && *env)
        return access(env, X_OK) == 0 ? strdup(env) : NULL;
    const char *path = getenv("PATH");
    char *copy = strdup(path ? path : "");
    char *found = NULL;
    for (char *save = NULL, *dir = copy ? strtok_r(copy, ":", &save) : NULL; dir && !found;
         dir = strtok_r(NULL, ":", &save)) {
        size_t n = strlen(dir) + 8;
        char *candidate = malloc(n);
        if (!candidate)
            break;
        snprintf(candidate, n, "%s/ptxas", dir);
        if (access(candidate, X_OK) == 0)
            found = candidate;
        else
            free(candidate);
    }
    free(copy);
    if (!found && access("/usr/local/cuda/bin/ptxas", X_OK) == 0)
        found = strdup("/usr/local/cuda/bin/ptxas");
    return found;
}

char *ptx_read_file(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    char *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (cap - n < 65536) {
            cap = cap ? cap * 2 : 1 << 20;
            char *grown = realloc(buf, cap + 1);
            if (!grown) {
                free(buf);
                fclose(fp);
                errno = ENOMEM;
                return NULL;
            }
            buf = grown;
        }
        size_t got = fread(buf + n, 1, cap - n, fp);
        n += got;
        if (got == 0)
            break;
    }
    int err = ferror(fp);
    fclose(fp);
    if (err) {
        free(buf);
        errno = EIO;
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

int ptx_load_whitelist(const char *path, ptx_whitelist_entry **out)
{
    FILE *fp = fopen(path, "r");
    if (!fp)
        return -1;
    char line[1024];
    int n = 0, cap = 0;
    *out = NULL;
    while (fgets(line, sizeof line, fp)) {
        char rule[40], kernel[128], reason[2];
        int fields = sscanf(line, "%39s %127s %1s", rule, kernel, reason);
        if (line[0] == '#' || fields <= 0)
            continue;
        if (fields < 3) { /* an entry must say why */
            fclose(fp);
            free(*out);
            *out = NULL;
            return -2;
        }
        if (n == cap) {
            cap = cap ? cap * 2 : 8;
            ptx_whitelist_entry *grown = realloc(*out, (size_t)cap * sizeof **out);
            if (!grown)
                abort();
            *out = grown;
        }
        snprintf((*out)[n].rule, sizeof(*out)[n].rule, "%s", rule);
        snprintf((*out)[n].kernel, sizeof(*out)[n].kernel, "%s", kernel);
        n++;
    }
    fclose(fp);
    return n;
}
