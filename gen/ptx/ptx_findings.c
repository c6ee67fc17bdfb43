/* Findings: the rule table and names, and the sink every analysis reports to (filters, whitelist, counts). */
#include "ptx_internal.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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
     "the registers needed exceed the cap from .maxnreg, launch bounds, -maxrregcount or the architecture"},
    {"LOCAL_MEMORY", PTX_WARNING, false, false, "a stack array that stays in local memory"},
    {"HIGH_REGISTER_PRESSURE", PTX_WARNING, false, false, "registers alone keep the SM below half the warps it holds"},
    {"SHARED_64BIT_ADDRESS", PTX_INFO, false, false, "shared memory addressed through a 64-bit register"},
    {"GENERIC_AS_SHARED", PTX_ERROR, false, true, "a generic address used by a .shared access"},
    {"UNINITIALIZED_REGISTER", PTX_WARNING, false, true, "a register read before it is written on some path"},
    {"DEAD_CODE", PTX_WARNING, false, true, "instructions that can never execute"},
    {"NO_EXIT_PATH", PTX_WARNING, false, true, "a path that never reaches ret or exit"},
    {"MISSING_BOUNDS_CHECK", PTX_WARNING, true, true, "a thread-indexed global access with no bounds check"},
    {"UNVECTORIZED_ACCESS", PTX_INFO, true, false, "adjacent scalar loads that could be one vector load"},
    {"NO_ENTRY", PTX_WARNING, false, false, "the module has no .entry kernel"},
};

/* The message formatted once into a buffer on the stack (messages are short), twice when longer. */
static char *arena_vprintf(ptx_arena *a, const char *fmt, va_list ap)
{
    char buf[512];
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(buf, sizeof buf, fmt, copy);
    va_end(copy);
    size_t len = (size_t)(n < 0 ? 0 : n);
    char *s = ptx_alloc_raw(a, len + 1);
    if (n < 0)
        s[0] = '\0';
    else if (len < sizeof buf)
        memcpy(s, buf, len + 1);
    else
        vsnprintf(s, len + 1, fmt, ap);
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
    if (m->lock) /* the arena is the module's, shared by the functions analysed at once */
        pthread_mutex_lock(m->lock);
    va_list ap;
    va_start(ap, fmt);
    char *msg = arena_vprintf(&m->arena, fmt, ap);
    va_end(ap);
    size_t fl = strlen(fix);
    char *fixcopy = ptx_alloc_raw(&m->arena, fl + 1);
    memcpy(fixcopy, fix, fl + 1);
    if (m->lock)
        pthread_mutex_unlock(m->lock);
    (*list)[(*n)++] = (ptx_finding){rule, ptx_rules[rule].severity, line, col, msg, fixcopy};
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
