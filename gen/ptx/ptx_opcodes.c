/* Opcodes and modifiers: the table of PTX instructions with the class the analyses see, and what an
 * instruction's modifiers (.global, .v4, .f32 ...) say about it. */
#include "ptx_parser.h"

#include <pthread.h>

/* clang-format off */
/* Sorted by name (binary search). Columns: name, kind, semantic family (ptx_semantics.c), the fewest
 * and the most operands ptxas takes (0, 0: not checked; p|q, a vector and [a, {x}] count one; the
 * modifiers that change that are in operand_modifiers below). */
static const ptx_opcode opcodes[] = {
    {"abs", PTX_K_ARITH, 0, 2, 2}, {"activemask", PTX_K_VARIANT_SRC, 0, 0, 0}, {"add", PTX_K_ADD, 0, 3, 3},
    {"addc", PTX_K_ARITH, 0, 3, 3}, {"alloca", PTX_K_OTHER, 0, 0, 0}, {"and", PTX_K_ARITH, 0, 3, 3},
    {"applypriority", PTX_K_OTHER, 0, 0, 0}, {"atom", PTX_K_ATOM, PTX_FAM_ATOM, 3, 3},
    {"bar", PTX_K_BAR, PTX_FAM_BAR, 0, 0}, {"barrier", PTX_K_BAR, PTX_FAM_BAR, 0, 0}, {"bfe", PTX_K_ARITH, 0, 4, 4},
    {"bfi", PTX_K_ARITH, 0, 5, 5}, {"bfind", PTX_K_ARITH, 0, 2, 2}, {"bmsk", PTX_K_ARITH, 0, 0, 0},
    {"bra", PTX_K_BRA, 0, 1, 1}, {"brev", PTX_K_ARITH, 0, 2, 2}, {"brkpt", PTX_K_OTHER, 0, 0, 0},
    {"brx", PTX_K_BRX, 0, 0, 0}, {"call", PTX_K_CALL, 0, 0, 0}, {"clusterlaunchcontrol", PTX_K_OTHER, 0, 0, 0},
    {"clz", PTX_K_ARITH, 0, 2, 2}, {"cnot", PTX_K_ARITH, 0, 2, 2}, {"copysign", PTX_K_ARITH, 0, 3, 3},
    {"cos", PTX_K_ARITH, 0, 2, 2}, {"cp", PTX_K_CP_ASYNC, PTX_FAM_CP, 0, 0}, {"createpolicy", PTX_K_OTHER, 0, 0, 0},
    {"cvt", PTX_K_CVT, 0, 2, 2}, {"cvta", PTX_K_CVTA, 0, 2, 2}, {"discard", PTX_K_OTHER, 0, 0, 0},
    {"div", PTX_K_ARITH, 0, 3, 3}, {"dp2a", PTX_K_ARITH, 0, 4, 4}, {"dp4a", PTX_K_ARITH, 0, 4, 4},
    {"elect", PTX_K_VARIANT_SRC, 0, 2, 2}, {"ex2", PTX_K_ARITH, 0, 2, 2}, {"exit", PTX_K_EXIT, 0, 0, 0},
    {"fence", PTX_K_OTHER, PTX_FAM_FENCE, 0, 0}, {"fma", PTX_K_FMA, 0, 4, 4}, {"fns", PTX_K_ARITH, 0, 4, 4},
    {"getctarank", PTX_K_OTHER, 0, 0, 0}, {"griddepcontrol", PTX_K_OTHER, PTX_FAM_GRIDDEP, 0, 0},
    {"isspacep", PTX_K_ARITH, 0, 2, 2}, {"istypep", PTX_K_ARITH, 0, 0, 0}, {"ld", PTX_K_LD, PTX_FAM_LD, 2, 2},
    {"ldmatrix", PTX_K_LD, PTX_FAM_LD, 0, 0}, {"ldu", PTX_K_LD, PTX_FAM_LD, 2, 2}, {"lg2", PTX_K_ARITH, 0, 2, 2},
    {"lop3", PTX_K_ARITH, 0, 0, 0}, {"mad", PTX_K_MAD, 0, 4, 4}, {"mad24", PTX_K_ARITH, 0, 4, 4},
    {"madc", PTX_K_ARITH, 0, 4, 4}, {"mapa", PTX_K_OTHER, 0, 0, 0}, {"match", PTX_K_VARIANT_SRC, 0, 0, 0},
    {"max", PTX_K_ARITH, 0, 3, 3}, {"mbarrier", PTX_K_OTHER, PTX_FAM_MBARRIER, 0, 0},
    {"membar", PTX_K_OTHER, PTX_FAM_FENCE, 0, 0}, {"min", PTX_K_ARITH, 0, 3, 3}, {"mma", PTX_K_ARITH, 0, 0, 0},
    {"mov", PTX_K_MOV, 0, 2, 2}, {"movmatrix", PTX_K_ARITH, 0, 0, 0}, {"mul", PTX_K_MUL, 0, 3, 3},
    {"mul24", PTX_K_ARITH, 0, 3, 3}, {"multimem", PTX_K_OTHER, PTX_FAM_MULTIMEM, 0, 0},
    {"nanosleep", PTX_K_OTHER, 0, 0, 0}, {"neg", PTX_K_NEG, 0, 2, 2}, {"not", PTX_K_ARITH, 0, 2, 2},
    {"or", PTX_K_ARITH, 0, 3, 3}, {"pmevent", PTX_K_OTHER, 0, 0, 0}, {"popc", PTX_K_ARITH, 0, 2, 2},
    {"prefetch", PTX_K_OTHER, 0, 0, 0}, {"prefetchu", PTX_K_OTHER, 0, 0, 0}, {"prmt", PTX_K_ARITH, 0, 4, 4},
    {"rcp", PTX_K_ARITH, 0, 2, 2}, {"red", PTX_K_RED, PTX_FAM_RED, 2, 2}, {"redux", PTX_K_VARIANT_SRC, 0, 0, 0},
    {"rem", PTX_K_ARITH, 0, 3, 3}, {"ret", PTX_K_RET, 0, 0, 0}, {"rsqrt", PTX_K_ARITH, 0, 2, 2},
    {"sad", PTX_K_ARITH, 0, 4, 4}, {"selp", PTX_K_SELP, 0, 4, 4}, {"set", PTX_K_ARITH, 0, 3, 3},
    {"setmaxnreg", PTX_K_OTHER, PTX_FAM_MODIFIERS, 1, 1}, {"setp", PTX_K_SETP, 0, 3, 3},
    {"shf", PTX_K_ARITH, 0, 4, 4}, {"shfl", PTX_K_VARIANT_SRC, 0, 4, 4}, {"shl", PTX_K_SHL, 0, 3, 3},
    {"shr", PTX_K_ARITH, 0, 3, 3}, {"sin", PTX_K_ARITH, 0, 2, 2}, {"slct", PTX_K_ARITH, 0, 4, 4},
    {"sqrt", PTX_K_ARITH, 0, 2, 2}, {"st", PTX_K_ST, PTX_FAM_ST, 2, 2}, {"stackrestore", PTX_K_OTHER, 0, 0, 0},
    {"stacksave", PTX_K_OTHER, 0, 0, 0}, {"stmatrix", PTX_K_ST, PTX_FAM_ST, 0, 0}, {"sub", PTX_K_SUB, 0, 3, 3},
    {"subc", PTX_K_ARITH, 0, 3, 3}, {"suld", PTX_K_TEX, PTX_FAM_TEX, 0, 0}, {"suq", PTX_K_OTHER, 0, 0, 0},
    {"sured", PTX_K_OTHER, PTX_FAM_SURFACE_REDUCE, 0, 0}, {"sust", PTX_K_OTHER, PTX_FAM_SURFACE_STORE, 0, 0},
    {"szext", PTX_K_ARITH, 0, 0, 0}, {"tanh", PTX_K_ARITH, 0, 2, 2}, {"tcgen05", PTX_K_OTHER, 0, 0, 0},
    {"tensormap", PTX_K_OTHER, PTX_FAM_TENSORMAP, 0, 0}, {"testp", PTX_K_ARITH, 0, 2, 2},
    {"tex", PTX_K_TEX, PTX_FAM_TEX, 0, 0}, {"tld4", PTX_K_TEX, PTX_FAM_TEX, 0, 0}, {"trap", PTX_K_TRAP, 0, 0, 0},
    {"txq", PTX_K_OTHER, 0, 0, 0}, {"vabsdiff", PTX_K_ARITH, 0, 0, 0}, {"vabsdiff2", PTX_K_ARITH, 0, 0, 0},
    {"vabsdiff4", PTX_K_ARITH, 0, 0, 0}, {"vadd", PTX_K_ARITH, 0, 0, 0}, {"vadd2", PTX_K_ARITH, 0, 0, 0},
    {"vadd4", PTX_K_ARITH, 0, 0, 0}, {"vavrg2", PTX_K_ARITH, 0, 0, 0}, {"vavrg4", PTX_K_ARITH, 0, 0, 0},
    {"vmad", PTX_K_ARITH, 0, 0, 0}, {"vmax", PTX_K_ARITH, 0, 0, 0}, {"vmax2", PTX_K_ARITH, 0, 0, 0},
    {"vmax4", PTX_K_ARITH, 0, 0, 0}, {"vmin", PTX_K_ARITH, 0, 0, 0}, {"vmin2", PTX_K_ARITH, 0, 0, 0},
    {"vmin4", PTX_K_ARITH, 0, 0, 0}, {"vote", PTX_K_VARIANT_SRC, 0, 2, 2}, {"vset", PTX_K_ARITH, 0, 0, 0},
    {"vset2", PTX_K_ARITH, 0, 0, 0}, {"vset4", PTX_K_ARITH, 0, 0, 0}, {"vshl", PTX_K_ARITH, 0, 0, 0},
    {"vshr", PTX_K_ARITH, 0, 0, 0}, {"vsub", PTX_K_ARITH, 0, 0, 0}, {"vsub2", PTX_K_ARITH, 0, 0, 0},
    {"vsub4", PTX_K_ARITH, 0, 0, 0}, {"wgmma", PTX_K_OTHER, PTX_FAM_WGMMA, 0, 0},
    {"wmma", PTX_K_ARITH, PTX_FAM_WMMA, 0, 0}, {"xor", PTX_K_ARITH, 0, 3, 3},
};
/* clang-format on */

/* Modifiers that add an operand (adds) or allow one more: a cache policy, st.bulk's value, cas's
 * second value, a boolean operator's predicate, random bits, a membermask; the mbarrier of an
 * asynchronous store (ptxas takes it missing), max.f32's third input (sm_100 on). */
static const struct operand_modifier {
    const char *op;
    uint32_t word; /* PTX_W_* */
    bool adds;
} operand_modifiers[] = {
    /* the rows of an opcode together */
    {"ld", PTX_W_L2_CACHE_HINT, true},
    {"st", PTX_W_L2_CACHE_HINT, true},
    {"st", PTX_W_ASYNC, false},
    {"st", PTX_W_BULK, true},
    {"atom", PTX_W_L2_CACHE_HINT, true},
    {"atom", PTX_W_CAS, true},
    {"red", PTX_W_L2_CACHE_HINT, true},
    {"red", PTX_W_ASYNC, false},
    {"setp", PTX_W_BOOL_OP, true},
    {"set", PTX_W_BOOL_OP, true},
    {"cvt", PTX_W_RS, true},
    {"shfl", PTX_W_SYNC, true},
    {"vote", PTX_W_SYNC, true},
    {"max", PTX_W_F32, false},
    {"min", PTX_W_F32, false},
};

/* The modifier words of PTX_W_* (.f32 is found as a type), those with one second character together. */
static const struct modifier_word {
    const char *name;
    uint8_t len;
    uint32_t word;
} modifier_words[] = {
/* clang-format off */
#define WORD(w, bit) {w, sizeof(w) - 1, bit}
    WORD(".acquire", PTX_W_ACQUIRE),   WORD(".acq_rel", PTX_W_ACQ_REL),   WORD(".aligned", PTX_W_ALIGNED),
    WORD(".async", PTX_W_ASYNC),       WORD(".and", PTX_W_BOOL_OP),       WORD(".arrive", PTX_W_ARRIVE),
    WORD(".bulk_group", PTX_W_BULK_GROUP), WORD(".bulk", PTX_W_BULK),     WORD(".cas", PTX_W_CAS),
    WORD(".cta", PTX_W_CTA),           WORD(".cluster", PTX_W_CLUSTER),   WORD(".gpu", PTX_W_GPU),
    WORD(".gl", PTX_W_GPU),            WORD(".L2::cache_hint", PTX_W_L2_CACHE_HINT),
    WORD(".mmio", PTX_W_RELAXED),      WORD(".or", PTX_W_BOOL_OP),        WORD(".relaxed", PTX_W_RELAXED),
    WORD(".release", PTX_W_RELEASE),   WORD(".read", PTX_W_READ),         WORD(".rs", PTX_W_RS),
    WORD(".sync", PTX_W_SYNC),         WORD(".sys", PTX_W_SYS),           WORD(".sc", PTX_W_ACQ_REL),
    WORD(".to", PTX_W_TO),             WORD(".uni", PTX_W_UNI),           WORD(".volatile", PTX_W_RELAXED),
    WORD(".weak", PTX_W_RELAXED),      WORD(".xor", PTX_W_BOOL_OP),
#undef WORD
    /* clang-format on */
};

enum { OPCODE_COUNT = sizeof opcodes / sizeof opcodes[0] };

/* Opcodes by first letter and length (names are at most OPCODE_MAX_LEN long): each such cell owns
 * one run of by_cell, which holds the table's indices ordered by cell. */
enum { OPCODE_MAX_LEN = 24 };
static struct {
    uint8_t cell_first[26][OPCODE_MAX_LEN + 1], cell_count[26][OPCODE_MAX_LEN + 1], by_cell[OPCODE_COUNT];
    uint8_t opnd_first[OPCODE_COUNT], opnd_rows[OPCODE_COUNT]; /* the opcode's rows of operand_modifiers */
    uint8_t word_first[128], word_count[128];                  /* modifier_words by their second character */
} opcode_index;
static pthread_once_t opcode_index_once = PTHREAD_ONCE_INIT; /* modules may be parsed on several threads */

static void index_opcodes(void)
{
    for (int i = 0; i < OPCODE_COUNT; i++)
        opcode_index.cell_count[opcodes[i].name[0] - 'a'][strlen(opcodes[i].name)]++;
    uint8_t next = 0;
    for (int c = 0; c < 26; c++)
        for (int n = 0; n <= OPCODE_MAX_LEN; n++) {
            opcode_index.cell_first[c][n] = next;
            next = (uint8_t)(next + opcode_index.cell_count[c][n]);
            opcode_index.cell_count[c][n] = 0;
        }
    for (int i = 0; i < OPCODE_COUNT; i++) {
        int c = opcodes[i].name[0] - 'a', n = (int)strlen(opcodes[i].name);
        opcode_index.by_cell[opcode_index.cell_first[c][n] + opcode_index.cell_count[c][n]++] = (uint8_t)i;
    }
    for (size_t r = 0; r < sizeof operand_modifiers / sizeof operand_modifiers[0]; r++)
        for (int i = 0; i < OPCODE_COUNT; i++)
            if (strcmp(opcodes[i].name, operand_modifiers[r].op) == 0) {
                opcode_index.opnd_first[i] = opcode_index.opnd_rows[i] ? opcode_index.opnd_first[i] : (uint8_t)r;
                opcode_index.opnd_rows[i]++;
            }
    for (size_t w = sizeof modifier_words / sizeof modifier_words[0]; w-- > 0;) {
        uint8_t c = (uint8_t)modifier_words[w].name[1];
        opcode_index.word_first[c] = (uint8_t)w;
        opcode_index.word_count[c]++;
    }
}

const ptx_opcode *ptx_find_opcode(const char *p, uint32_t n)
{
    pthread_once(&opcode_index_once, index_opcodes);
    if (p[0] < 'a' || p[0] > 'z' || n > OPCODE_MAX_LEN)
        return NULL;
    unsigned c = (unsigned)(p[0] - 'a'), first = opcode_index.cell_first[c][n];
    for (unsigned j = first; j < first + opcode_index.cell_count[c][n]; j++) {
        const char *name = opcodes[opcode_index.by_cell[j]].name;
        uint32_t k = 1; /* names are short: a loop beats a call to memcmp */
        while (k < n && name[k] == p[k])
            k++;
        if (k == n)
            return &opcodes[opcode_index.by_cell[j]];
    }
    return NULL;
}

/* cvt packing two f32 values: cvt.rn.f16x2.f32 d, a, b (also bf16x2, e4m3x2, e5m2x2 ...). */
static bool packs_two_floats(const ptx_token *mods, uint32_t n)
{
    const ptx_token *dst = NULL;
    for (uint32_t i = 0; i < n; i++) {
        const ptx_token *t = &mods[i];
        bool type = t->n > 3 && (t->p[1] == 'f' || t->p[1] == 'b' || t->p[1] == 'e' || t->p[1] == 't');
        if (!type || ptx_space_of(t) != PTX_SP_NONE)
            continue;
        if (dst)
            return dst->n > 3 && memcmp(dst->p + dst->n - 2, "x2", 2) == 0 && TOK_IS(t, ".f32");
        if (ptx_type_bits(t) > 0 || memcmp(t->p + t->n - 2, "x2", 2) == 0 || memcmp(t->p + t->n - 2, "x4", 2) == 0)
            dst = t;
    }
    return false;
}

bool ptx_operand_range(const ptx_opcode *oi, const ptx_mod_info *mi, const ptx_token *mods, uint32_t nmods,
                       uint32_t *min, uint32_t *max)
{
    if (!oi->max_opnds)
        return false;
    *min = oi->min_opnds;
    *max = oi->max_opnds;
    size_t op = (size_t)(oi - opcodes), first = opcode_index.opnd_first[op];
    for (size_t r = first; r < first + opcode_index.opnd_rows[op]; r++)
        if (mi->words & operand_modifiers[r].word) {
            *min += operand_modifiers[r].adds;
            ++*max;
        }
    if (oi->kind == PTX_K_CVT && packs_two_floats(mods, nmods)) {
        ++*min;
        ++*max;
    }
    return true;
}

int ptx_type_bits(const ptx_token *t)
{
    const char *p = t->p;
    if (t->n < 3 || p[0] != '.')
        return -1;
    switch (p[1]) { /* called on most modifiers: the letter decides at once */
    case 'p':
        return TOK_IS(t, ".pred") ? 1 : -1;
    case 'b':
        if (t->n >= 5 && memcmp(p, ".bf16", 5) == 0)
            return TOK_IS(t, ".bf16x2") ? 32 : 16;
        break;
    case 'f':
        if (TOK_IS(t, ".f16x2"))
            return 32;
        break;
    case 'u':
    case 's':
        break;
    default:
        return -1;
    }
    if (t->n > 5)
        return -1;
    int bits = 0;
    for (uint32_t i = 2; i < t->n; i++) {
        if (p[i] < '0' || p[i] > '9')
            return -1;
        bits = bits * 10 + p[i] - '0';
    }
    return (bits == 8 || bits == 16 || bits == 32 || bits == 64 || bits == 128) ? bits : -1;
}

uint8_t ptx_class_of_bits(int bits)
{
    return bits == 1    ? PTX_RC_PRED
           : bits <= 16 ? PTX_RC_16
           : bits == 32 ? PTX_RC_32
           : bits == 64 ? PTX_RC_64
                        : PTX_RC_128;
}

uint8_t ptx_space_of(const ptx_token *t)
{
    static const char *const names[] = {".global", ".shared", ".local", ".const", ".param", ".tex"};
    static const uint8_t lengths[] = {7, 7, 6, 6, 6, 4}; /* ORDER names */
    static const uint8_t spaces[] = {PTX_SP_GLOBAL, PTX_SP_SHARED, PTX_SP_LOCAL,
                                     PTX_SP_CONST,  PTX_SP_PARAM,  PTX_SP_TEX}; /* ORDER names */
    if (t->n < 4 ||
        (t->p[1] != 'g' && t->p[1] != 's' && t->p[1] != 'l' && t->p[1] != 'c' && t->p[1] != 'p' && t->p[1] != 't'))
        return PTX_SP_NONE;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t n = lengths[i];
        if (t->n >= n && memcmp(t->p, names[i], n) == 0 && (t->n == n || t->p[n] == ':'))
            return spaces[i];
    }
    return PTX_SP_NONE;
}

/* A modifier that is neither a state space nor a type: its PTX_W_* bit, or 0. */
static uint32_t modifier_word(const ptx_token *t)
{
    pthread_once(&opcode_index_once, index_opcodes);
    uint8_t c = (uint8_t)t->p[1];
    if (c >= 128)
        return 0;
    for (unsigned w = opcode_index.word_first[c]; w < opcode_index.word_first[c] + opcode_index.word_count[c]; w++)
        if (t->n == modifier_words[w].len && memcmp(t->p, modifier_words[w].name, t->n) == 0)
            return modifier_words[w].word;
    if (t->n > 9 && memcmp(t->p + t->n - 9, "::cluster", 9) == 0)
        return PTX_W_ON_CLUSTER; /* .multicast::cluster */
    return t->n > 21 && memcmp(t->p, ".mbarrier::complete_tx", 22) == 0 ? PTX_W_MBARRIER_TX : 0;
}

/* A type modifier: the instruction's type size (the first type's), whether it is a float, mi's. */
static bool type_word(ptx_instr *in, const ptx_token *t, uint32_t i, ptx_mod_info *mi)
{
    int bits = ptx_type_bits(t);
    if (bits <= 0)
        return false;
    mi->last_type = (int)i;
    if (!in->tsize)
        in->tsize = (uint8_t)(bits < 8 ? 1 : bits / 8);
    if (bits > 1 && (t->p[1] == 'f' || (t->n >= 5 && memcmp(t->p, ".bf16", 5) == 0)))
        in->is_float = 1;
    if (TOK_IS(t, ".f32"))
        mi->words |= PTX_W_F32;
    return true;
}

/* One pass over the modifiers: state spaces, vector width, type, and the words of PTX_W_*. */
static void classify_words(ptx_instr *in, const ptx_token *mods, uint32_t n, ptx_mod_info *mi)
{
    for (uint32_t i = 0; i < n; i++) {
        const ptx_token *t = &mods[i];
        uint8_t sp = ptx_space_of(t);
        if (sp != PTX_SP_NONE) {
            if (in->space == PTX_SP_NONE)
                in->space = sp;
            if (mi->nspaces < 2)
                mi->space[mi->nspaces++] = sp;
            if (t->n > 9 && t->p[t->n - 1] == 'r' && memcmp(t->p + t->n - 9, "::cluster", 9) == 0)
                mi->words |= PTX_W_ON_CLUSTER;
        } else if (t->n == 3 && t->p[1] == 'v' && (t->p[2] == '2' || t->p[2] == '4' || t->p[2] == '8')) {
            in->vec = (uint8_t)(t->p[2] - '0');
        } else if (!type_word(in, t, i, mi)) {
            uint32_t w = modifier_word(t);
            mi->words |= w;
            if (w == PTX_W_UNI)
                in->uni = 1;
            else if (w == PTX_W_TO)
                in->space = PTX_SP_GENERIC; /* cvta.to.X: marks the direction, corrected below */
        }
    }
}

void ptx_classify_modifiers(ptx_instr *in, const ptx_token *mods, ptx_mod_info *mi)
{
    in->vec = 1;
    *mi = (ptx_mod_info){.last_type = -1};
    if (in->nmods)
        classify_words(in, mods, in->nmods, mi);
    if (in->kind == PTX_K_CVTA) {
        /* cvta.to.shared: generic -> shared window; cvta.shared: shared -> generic */
        bool to = in->space == PTX_SP_GENERIC;
        in->space = PTX_SP_NONE;
        for (uint32_t i = 0; i < in->nmods; i++) {
            uint8_t sp = ptx_space_of(&mods[i]);
            if (sp != PTX_SP_NONE)
                in->space = sp;
        }
        in->cvta_to = to;
    } else if ((in->kind == PTX_K_LD || in->kind == PTX_K_ST || in->kind == PTX_K_ATOM || in->kind == PTX_K_RED) &&
               in->space == PTX_SP_NONE) {
        in->space = PTX_SP_GENERIC;
    }
    if (in->kind == PTX_K_BAR && in->nmods && TOK_IS(&mods[0], ".warp"))
        in->kind = PTX_K_OTHER; /* bar.warp.sync is a warp barrier, not a block one */
    if (in->kind == PTX_K_BAR && (mi->words & PTX_W_ARRIVE))
        in->kind = PTX_K_OTHER; /* arrives without waiting */
}
