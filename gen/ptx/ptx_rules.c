/* PTX analyzer entry points: the rule table, architecture data, findings and whitelists. */
#define _POSIX_C_SOURCE 200809L
#include "ptx.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *const ptx_space_names[PTX_SP_COUNT] = {"none",  "global", "shared",  "local",
                                                   "const", "param",  "texture", "generic"};
const char *const ptx_severity_names[3] = {"info", "warning", "error"};

/* ORDER ptx_rule_id */
const ptx_rule_info ptx_rules[PTX_RULE_COUNT] = {
    {"PTX_SYNTAX", PTX_ERROR, false, true, "the file is not valid PTX (ptxas would reject it)"},
    {"BARRIER_DIVERGENCE", PTX_ERROR, false, true,
     "a block-wide barrier some threads may skip, or reach after others exited"},
    {"SHARED_RACE", PTX_ERROR, false, true,
     "a shared location written and accessed by different threads with no barrier between"},
    {"BANK_CONFLICT", PTX_WARNING, false, false, "threads of a warp hit the same shared memory bank"},
    {"UNCOALESCED_GLOBAL", PTX_WARNING, false, false, "a warp's global access touches many more sectors than it needs"},
    {"REGISTER_SPILL", PTX_WARNING, false, false,
     "the register estimate exceeds the cap from .maxnreg, launch bounds or the architecture"},
    {"LOCAL_MEMORY", PTX_WARNING, false, false, "a stack array that stays in local memory"},
    {"HIGH_REGISTER_PRESSURE", PTX_WARNING, false, false, "more than 64 registers per thread limit occupancy"},
    {"SHARED_64BIT_ADDRESS", PTX_INFO, false, false, "shared memory addressed through a 64-bit register"},
    {"GENERIC_AS_SHARED", PTX_ERROR, false, true, "a generic address used by a .shared access"},
    {"UNINITIALIZED_REGISTER", PTX_WARNING, false, true, "a register read before it is written on some path"},
    {"DEAD_CODE", PTX_WARNING, false, true, "instructions that can never execute"},
    {"NO_EXIT_PATH", PTX_WARNING, false, true, "a path that never reaches ret or exit"},
    {"MISSING_BOUNDS_CHECK", PTX_WARNING, true, true, "a thread-indexed global access with no bounds check"},
    {"UNVECTORIZED_ACCESS", PTX_INFO, true, false, "adjacent scalar loads that could be one vector load"},
    {"NO_ENTRY", PTX_WARNING, false, false, "the module has no .entry kernel"},
};

/* Limits from the CUDA occupancy tables; peaks of one representative part (FP32 GFLOP/s, GB/s). */
static const ptx_arch archs[] = {
    {"sm_75", 75, 1024, 16, 32, 65536, 64, 64, 16300, 616},      /* T4-class: TU10x */
    {"sm_80", 80, 2048, 32, 64, 65536, 164, 32, 19500, 1555},    /* A100 */
    {"sm_86", 86, 1536, 16, 48, 65536, 100, 40, 35600, 936},     /* RTX 3090 */
    {"sm_87", 87, 1536, 16, 48, 65536, 164, 40, 5300, 205},      /* Orin */
    {"sm_89", 89, 1536, 24, 48, 65536, 100, 40, 90500, 864},     /* L40 */
    {"sm_90", 90, 2048, 32, 64, 65536, 228, 32, 67000, 3350},    /* H100 SXM */
    {"sm_100", 100, 2048, 32, 64, 65536, 228, 32, 80000, 8000},  /* B200 */
    {"sm_120", 120, 1536, 24, 48, 65536, 100, 40, 104800, 1792}, /* RTX 5090 */
};

const ptx_arch *ptx_find_arch(const char *name)
{
    if (!name)
        return &archs[1];
    if (strncmp(name, "compute_", 8) == 0) {
        static char sm[16];
        snprintf(sm, sizeof sm, "sm_%s", name + 8);
        name = sm;
    }
    for (size_t i = 0; i < sizeof archs / sizeof archs[0]; i++)
        if (strncmp(archs[i].name, name, strlen(archs[i].name)) == 0 &&
            (name[strlen(archs[i].name)] == 0 || name[strlen(archs[i].name)] == 'a' ||
             name[strlen(archs[i].name)] == 'f'))
            return &archs[i];
    return NULL;
}

static char *arena_vprintf(ptx_arena *a, const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    char *s = ptx_alloc(a, (size_t)(n < 0 ? 0 : n) + 1);
    vsnprintf(s, (size_t)(n < 0 ? 0 : n) + 1, fmt, ap);
    return s;
}

static bool whitelisted(const ptx_module *m, const ptx_function *f, ptx_rule_id rule)
{
    const ptx_options *opt = m->opt;
    if (!opt || !f)
        return false;
    for (int i = 0; i < opt->nwhitelist; i++) {
        const ptx_whitelist_entry *w = &opt->whitelist[i];
        if (strcmp(w->rule, ptx_rules[rule].id) == 0 && strlen(w->kernel) == f->namelen &&
            memcmp(w->kernel, f->name, f->namelen) == 0)
            return true;
    }
    return false;
}

void ptx_add_finding(ptx_module *m, ptx_function *f, ptx_rule_id rule, uint32_t line, uint32_t col, const char *fix,
                     const char *fmt, ...)
{
    const ptx_options *opt = m->opt;
    if (opt && ptx_rules[rule].strict_only && !opt->strict)
        return;
    if (opt && opt->bugs_only && !ptx_rules[rule].bug)
        return;
    if (whitelisted(m, f, rule))
        return;
    ptx_finding **list = f ? &f->findings : &m->findings;
    uint32_t *n = f ? &f->nfindings : &m->nfindings, *cap = f ? &f->findc : &m->findc;
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 8;
        ptx_finding *grown = realloc(*list, *cap * sizeof **list);
        if (!grown)
            abort();
        *list = grown;
    }
    va_list ap;
    va_start(ap, fmt);
    char *msg = arena_vprintf(&m->arena, fmt, ap);
    va_end(ap);
    size_t fl = strlen(fix);
    char *fixcopy = ptx_alloc(&m->arena, fl + 1);
    memcpy(fixcopy, fix, fl);
    (*list)[(*n)++] = (ptx_finding){rule, ptx_rules[rule].severity, line, col, msg, fixcopy};
}

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

void ptx_count_findings(const ptx_module *m, int counts[3])
{
    counts[0] = counts[1] = counts[2] = 0;
    for (uint32_t i = 0; i < m->nfindings; i++)
        counts[m->findings[i].severity]++;
    for (const ptx_function *f = m->funcs; f; f = f->next)
        for (uint32_t i = 0; i < f->nfindings; i++)
            counts[f->findings[i].severity]++;
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
