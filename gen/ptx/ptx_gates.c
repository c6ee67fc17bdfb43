/* Which instructions a module's .version and .target allow, as ptxas 13.0 decides: an instruction
 * (or one of its modifiers) that needs a newer PTX ISA or another target is an error, named with
 * what it needs. Every line of the table was measured with ptxas on each target the parser knows
 * (tests/ptx_gates/: samples, ptxas's answers, and the script that asks it again). A form not in
 * the table is taken as available everywhere: missing a gate accepts a file ptxas refuses, a wrong
 * gate would refuse a valid one. */
#include "ptx_parser.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* clang-format off */
/* The targets, in the order of the parser's table of smallest versions (ptx_parse.c). */
static const char *const targets[] = {"sm_75",   "sm_80",   "sm_86",  "sm_87",  "sm_88",  "sm_89",
                                      "sm_90",   "sm_90a",  "sm_100", "sm_100a", "sm_100f", "sm_103",
                                      "sm_110",  "sm_120",  "sm_120a", "sm_121"};
enum { T75 = 1 << 0, T80 = 1 << 1, T89 = 1 << 5, T90 = 1 << 6, T90A = 1 << 7, T100A = 1 << 9, T100F = 1 << 10,
       T120A = 1 << 14 };
enum {
    ALL = 0xffff,
    SM80 = ALL & ~T75,                               /* sm_80 and every later target */
    SM90 = ALL & ~(T75 | T80 | 1 << 2 | 1 << 3 | 1 << 4 | T89), /* sm_90 and later */
    SM89 = SM90 | T89,                               /* sm_89, sm_90 and later (not sm_86 to sm_88) */
    SM90A = T90A,                                    /* wgmma: sm_90a alone */
    ARCH_A = T90A | T100A | T100F | T120A,           /* setmaxnreg, tensormap.replace */
    SM100A = T100A | T100F,                          /* tcgen05, redux.sync on f32 */
};
/* clang-format on */

uint16_t ptx_target_bit(const char *target)
{
    for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++)
        if (strcmp(targets[i], target) == 0)
            return (uint16_t)(1u << i);
    return 0;
}

/* A gate: an instruction of opcode op (NULL: any) with modifier word among its modifiers (NULL:
 * the opcode alone) needs .version >= version and a target among targets. An instruction meets
 * every gate that matches it. */
typedef struct gate {
    const char *op, *word;
    uint8_t version;
    uint16_t targets;
} gate;

/* clang-format off */
/* Gates on modifiers whatever the opcode. */
static const gate word_gates[] = {
    {NULL, ".shared::cta", 78, ALL},
    {NULL, ".shared::cluster", 78, SM90},
    {NULL, ".cluster", 78, SM90},
    {NULL, ".L2::cache_hint", 74, SM80},
    {NULL, ".L2::64B", 74, ALL},
    {NULL, ".L2::128B", 74, ALL},
    {NULL, ".L2::256B", 74, SM80},
};
/* clang-format on */

/* Gates of opcodes, sorted by opcode (gates_of finds an opcode's run). */
static const gate gates[] = {
    {"abs", ".bf16", 70, SM80},
    {"add", ".bf16", 78, SM90},
    {"add", ".bf16x2", 78, SM90},
    {"alloca", NULL, 73, ALL},
    {"applypriority", NULL, 74, SM80},
    {"atom", ".bf16", 78, SM90},
    {"atom", ".bf16x2", 78, SM90},
    {"barrier", ".relaxed", 80, SM90},
    {"cp", ".async", 70, SM80},
    {"cp", ".bulk", 80, SM90},
    {"createpolicy", NULL, 74, SM80},
    {"cvt", ".bf16", 70, SM80},
    {"cvt", ".bf16x2", 70, SM80},
    {"cvt", ".tf32", 70, SM80},
    {"cvt", ".e4m3x2", 81, SM89},
    {"cvt", ".e5m2x2", 81, SM89},
    {"discard", NULL, 74, SM80},
    {"elect", NULL, 80, SM90},
    {"ex2", ".bf16", 78, SM90},
    {"ex2", ".bf16x2", 78, SM90},
    {"ex2", ".f16", 70, ALL},
    {"ex2", ".f16x2", 70, ALL},
    {"fence", ".proxy", 75, ALL},
    {"fence", ".async", 80, SM90},
    {"fence", ".mbarrier_init", 80, SM90},
    {"fence", ".tensormap::generic", 83, SM90},
    {"fma", ".bf16", 70, SM80},
    {"fma", ".bf16x2", 70, SM80},
    {"getctarank", NULL, 78, SM90},
    {"griddepcontrol", NULL, 78, SM90},
    {"ldmatrix", NULL, 65, ALL},
    {"mapa", NULL, 78, SM90},
    {"max", ".bf16", 70, SM80},
    {"max", ".bf16x2", 70, SM80},
    {"mbarrier", NULL, 70, SM80},
    {"mbarrier", ".parity", 71, SM80},
    {"mbarrier", ".try_wait", 78, SM90},
    {"mbarrier", ".expect_tx", 80, SM90},
    {"mbarrier", ".acquire", 80, SM80},
    {"mbarrier", ".release", 80, SM80},
    {"min", ".bf16", 70, SM80},
    {"min", ".bf16x2", 70, SM80},
    {"mma", ".m16n8k16", 70, SM80},
    {"mma", ".m16n8k8", 65, ALL},
    {"mma", ".m8n8k16", 65, ALL},
    {"mma", ".bf16", 70, SM80},
    {"mma", ".tf32", 70, SM80},
    {"mma", ".e4m3", 84, SM89},
    {"mma", ".e5m2", 84, SM89},
    {"movmatrix", NULL, 78, ALL},
    {"mul", ".bf16", 78, SM90},
    {"mul", ".bf16x2", 78, SM90},
    {"multimem", NULL, 81, SM90},
    {"neg", ".bf16", 70, SM80},
    {"prefetch", ".tensormap", 80, SM90},
    {"red", ".async", 81, SM90},
    {"red", ".bf16", 78, SM90},
    {"red", ".bf16x2", 78, SM90},
    {"redux", NULL, 70, SM80},
    {"redux", ".f32", 86, SM100A},
    {"setmaxnreg", NULL, 80, ARCH_A},
    {"setp", ".bf16", 78, SM90},
    {"setp", ".bf16x2", 78, SM90},
    {"st", ".async", 81, SM90},
    {"stackrestore", NULL, 73, ALL},
    {"stacksave", NULL, 73, ALL},
    {"stmatrix", NULL, 78, SM90},
    {"sub", ".bf16", 78, SM90},
    {"sub", ".bf16x2", 78, SM90},
    {"tanh", ".bf16", 78, SM90},
    {"tanh", ".bf16x2", 78, SM90},
    {"tanh", NULL, 70, ALL},
    {"tcgen05", NULL, 86, SM100A},
    {"tensormap", ".replace", 83, ARCH_A},
    {"wgmma", NULL, 80, SM90A},
};

static bool has_word(const ptx_token *mods, uint32_t nmods, const char *word)
{
    size_t n = strlen(word);
    for (uint32_t i = 0; i < nmods; i++)
        if (mods[i].n == n && memcmp(mods[i].p, word, n) == 0)
            return true;
    return false;
}

/* An opcode's run of gates in gates[] ([start, end), empty for most), cached per thread by the
 * opcode's table entry: found once, not per instruction. */
typedef struct op_gates {
    const ptx_opcode *oi;
    uint8_t start, end;
} op_gates;
static _Thread_local op_gates gates_cache[64];

static const op_gates *gates_of(const ptx_opcode *oi)
{
    op_gates *e = &gates_cache[((uintptr_t)oi / sizeof *oi) % 64];
    if (e->oi == oi)
        return e;
    size_t n = sizeof gates / sizeof gates[0], i = 0;
    while (i < n && strcmp(gates[i].op, oi->name) < 0)
        i++;
    e->start = (uint8_t)i;
    while (i < n && strcmp(gates[i].op, oi->name) == 0)
        i++;
    e->end = (uint8_t)i;
    e->oi = oi;
    return e;
}

/* Whether a modifier may be one the word gates name: .shared::cta, .shared::cluster, .cluster,
 * .L2::... (a few byte tests; most modifiers are not). */
static bool maybe_word_gated(const ptx_token *t)
{
    const char *p = t->p;
    return (t->n >= 12 && p[1] == 's' && p[7] == ':') || (t->n == 8 && p[1] == 'c' && memcmp(p, ".cluster", 8) == 0) ||
           (t->n >= 7 && p[1] == 'L' && p[3] == ':');
}

static _Noreturn void refuse(ptx_parser *ps, const ptx_instr *in, const gate *g)
{
    const ptx_module *m = ps->m;
    char what[96];
    if (g->word)
        snprintf(what, sizeof what, "'%s' in %.*s", g->word, (int)in->oplen, in->op);
    else
        snprintf(what, sizeof what, "%.*s", (int)in->oplen, in->op);
    if (!(g->targets & m->target_bit))
        ptx_fail_at(ps, in->line, in->col, "%s is not supported on .target %s", what, m->target);
    ptx_fail_at(ps, in->line, in->col, "%s needs PTX .version %d.%d or later (this module is %d.%d)", what,
                g->version / 10, g->version % 10, m->version_major, m->version_minor);
}

static void check(ptx_parser *ps, const ptx_instr *in, const gate *g, const ptx_token *mods, int version)
{
    if (g->word && !has_word(mods, in->nmods, g->word))
        return;
    if (version < g->version || !(g->targets & ps->m->target_bit))
        refuse(ps, in, g);
}

/* A conversion between .bf16 and a type other than .f32 (.f64, .f16, integers) needs sm_90 and PTX
 * 7.8, whatever the registers (measured with ptxas 13.0 on sm_80, sm_89, sm_90 and sm_100, .version
 * 7.0 to 7.8: cvt.f64.bf16, cvt.rn.bf16.u32, cvt.rn.bf16.f16, cvt.rzi.s32.bf16). */
static void check_bf16_conversion(ptx_parser *ps, const ptx_instr *in, const ptx_token *mods, int version)
{
    static const gate wide = {"cvt", ".bf16", 78, SM90}, widen = {"cvt", ".bf16", 71, SM80};
    const ptx_token *last = NULL; /* the source type */
    for (uint32_t i = 0; i < in->nmods; i++)
        last = ptx_type_bits(&mods[i]) > 0 ? &mods[i] : last;
    if (has_word(mods, in->nmods, ".f32") && last && TOK_IS(last, ".bf16"))
        check(ps, in, &widen, mods, version); /* cvt.f32.bf16 needs 7.1 where cvt.rn.bf16.f32 takes 7.0 */
    for (uint32_t i = 0; i < in->nmods; i++) {
        const ptx_token *t = &mods[i];
        if (ptx_type_bits(t) <= 0 || TOK_IS(t, ".bf16") || TOK_IS(t, ".f32") || TOK_IS(t, ".bf16x2") ||
            TOK_IS(t, ".f16x2"))
            continue;
        if (version < wide.version || !(wide.targets & ps->m->target_bit)) {
            const ptx_module *m = ps->m;
            if (!(wide.targets & m->target_bit))
                ptx_fail_at(ps, in->line, in->col, "cvt between .bf16 and %.*s is not supported on .target %s",
                            (int)t->n, t->p, m->target);
            ptx_fail_at(ps, in->line, in->col,
                        "cvt between .bf16 and %.*s needs PTX .version 7.8 or later (this module is %d.%d)", (int)t->n,
                        t->p, m->version_major, m->version_minor);
        }
        return;
    }
}

void ptx_check_gates(ptx_parser *ps, const ptx_instr *in, const ptx_opcode *oi)
{
    const ptx_module *m = ps->m;
    int version = m->version_major * 10 + m->version_minor;
    const ptx_token *mods = in->nmods ? ps->f->mods + in->mods : NULL;
    bool scoped = false;
    for (uint32_t i = 0; i < in->nmods && !scoped; i++)
        scoped = maybe_word_gated(&mods[i]);
    for (size_t i = 0; scoped && i < sizeof word_gates / sizeof word_gates[0]; i++)
        check(ps, in, &word_gates[i], mods, version);
    const op_gates *run = gates_of(oi);
    for (size_t i = run->start; i < run->end; i++)
        check(ps, in, &gates[i], mods, version);
    if (in->kind == PTX_K_CVT && has_word(mods, in->nmods, ".bf16"))
        check_bf16_conversion(ps, in, mods, version);
    /* two words together: mbarrier.arrive.relaxed needs sm_90 and 8.6, where expect_tx.relaxed takes
     * 8.0 and arrive alone 7.0 (measured) */
    static const gate relaxed_arrive = {"mbarrier", ".relaxed", 86, SM90};
    if (oi->name[0] == 'm' && strcmp(oi->name, "mbarrier") == 0 && has_word(mods, in->nmods, ".arrive"))
        check(ps, in, &relaxed_arrive, mods, version);
}

void ptx_check_special_reg_gate(ptx_parser *ps, const ptx_token *t)
{
    static const gate cluster = {NULL, NULL, 78, SM90};
    const ptx_module *m = ps->m;
    bool clustered = (t->n > 8 && memcmp(t->p, "%cluster", 8) == 0) || (t->n > 9 && memcmp(t->p, "%ncluster", 9) == 0) ||
                     (t->n > 12 && memcmp(t->p, "%is_explicit", 12) == 0);
    if (!clustered)
        return;
    if (!(cluster.targets & m->target_bit))
        ptx_fail_at(ps, t->line, t->col, "%.*s is not supported on .target %s", (int)t->n, t->p, m->target);
    if (m->version_major * 10 + m->version_minor < cluster.version)
        ptx_fail_at(ps, t->line, t->col, "%.*s needs PTX .version 7.8 or later (this module is %d.%d)", (int)t->n,
                    t->p, m->version_major, m->version_minor);
}
