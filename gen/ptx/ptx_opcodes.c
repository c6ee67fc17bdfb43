/* Opcodes and modifiers: the table of PTX instructions with the class the analyses see, and what an
 * instruction's modifiers (.global, .v4, .f32 ...) say about it. */
#include "ptx_parser.h"

/* clang-format off */
/* Sorted by name (binary search). Columns: name, kind, semantic family (ptx_semantics.c), the fewest
 * and the most operands ptxas takes (0, 0: not checked; p|q, a vector and [a, {x}] count one), and
 * whether modifiers change that (operand_modifiers below). */
static const ptx_opcode opcodes[] = {
    {"abs", PTX_K_ARITH, 0, 2, 2, 0}, {"activemask", PTX_K_VARIANT_SRC, 0, 0, 0, 0}, {"add", PTX_K_ADD, 0, 3, 3, 0},
    {"addc", PTX_K_ARITH, 0, 3, 3, 0}, {"alloca", PTX_K_OTHER, 0, 0, 0, 0}, {"and", PTX_K_ARITH, 0, 3, 3, 0},
    {"applypriority", PTX_K_OTHER, 0, 0, 0, 0}, {"atom", PTX_K_ATOM, PTX_FAM_ATOM, 3, 3, 1},
    {"bar", PTX_K_BAR, PTX_FAM_BAR, 0, 0, 0}, {"barrier", PTX_K_BAR, PTX_FAM_BAR, 0, 0, 0},
    {"bfe", PTX_K_ARITH, 0, 4, 4, 0}, {"bfi", PTX_K_ARITH, 0, 5, 5, 0}, {"bfind", PTX_K_ARITH, 0, 2, 2, 0},
    {"bmsk", PTX_K_ARITH, 0, 0, 0, 0}, {"bra", PTX_K_BRA, 0, 1, 1, 0}, {"brev", PTX_K_ARITH, 0, 2, 2, 0},
    {"brkpt", PTX_K_OTHER, 0, 0, 0, 0}, {"brx", PTX_K_BRX, 0, 0, 0, 0}, {"call", PTX_K_CALL, 0, 0, 0, 0},
    {"clusterlaunchcontrol", PTX_K_OTHER, 0, 0, 0, 0}, {"clz", PTX_K_ARITH, 0, 2, 2, 0},
    {"cnot", PTX_K_ARITH, 0, 2, 2, 0}, {"copysign", PTX_K_ARITH, 0, 3, 3, 0}, {"cos", PTX_K_ARITH, 0, 2, 2, 0},
    {"cp", PTX_K_CP_ASYNC, PTX_FAM_CP, 0, 0, 0}, {"createpolicy", PTX_K_OTHER, 0, 0, 0, 0},
    {"cvt", PTX_K_CVT, 0, 2, 2, 1}, {"cvta", PTX_K_CVTA, 0, 2, 2, 0}, {"discard", PTX_K_OTHER, 0, 0, 0, 0},
    {"div", PTX_K_ARITH, 0, 3, 3, 0}, {"dp2a", PTX_K_ARITH, 0, 4, 4, 0}, {"dp4a", PTX_K_ARITH, 0, 4, 4, 0},
    {"elect", PTX_K_VARIANT_SRC, 0, 0, 0, 0}, {"ex2", PTX_K_ARITH, 0, 2, 2, 0}, {"exit", PTX_K_EXIT, 0, 0, 0, 0},
    {"fence", PTX_K_OTHER, PTX_FAM_FENCE, 0, 0, 0}, {"fma", PTX_K_FMA, 0, 4, 4, 0}, {"fns", PTX_K_ARITH, 0, 4, 4, 0},
    {"getctarank", PTX_K_OTHER, 0, 0, 0, 0}, {"griddepcontrol", PTX_K_OTHER, PTX_FAM_GRIDDEP, 0, 0, 0},
    {"isspacep", PTX_K_ARITH, 0, 2, 2, 0}, {"istypep", PTX_K_ARITH, 0, 0, 0, 0},
    {"ld", PTX_K_LD, PTX_FAM_LD, 2, 2, 1}, {"ldmatrix", PTX_K_LD, PTX_FAM_LD, 0, 0, 0},
    {"ldu", PTX_K_LD, PTX_FAM_LD, 2, 2, 1}, {"lg2", PTX_K_ARITH, 0, 2, 2, 0}, {"lop3", PTX_K_ARITH, 0, 0, 0, 0},
    {"mad", PTX_K_MAD, 0, 4, 4, 0}, {"mad24", PTX_K_ARITH, 0, 4, 4, 0}, {"madc", PTX_K_ARITH, 0, 4, 4, 0},
    {"mapa", PTX_K_OTHER, 0, 0, 0, 0}, {"match", PTX_K_VARIANT_SRC, 0, 0, 0, 0}, {"max", PTX_K_ARITH, 0, 3, 3, 1},
    {"mbarrier", PTX_K_OTHER, PTX_FAM_MBARRIER, 0, 0, 0}, {"membar", PTX_K_OTHER, PTX_FAM_FENCE, 0, 0, 0},
    {"min", PTX_K_ARITH, 0, 3, 3, 1}, {"mma", PTX_K_ARITH, 0, 0, 0, 0}, {"mov", PTX_K_MOV, 0, 2, 2, 0},
    {"movmatrix", PTX_K_ARITH, 0, 0, 0, 0}, {"mul", PTX_K_MUL, 0, 3, 3, 0}, {"mul24", PTX_K_ARITH, 0, 3, 3, 0},
    {"multimem", PTX_K_OTHER, PTX_FAM_MULTIMEM, 0, 0, 0}, {"nanosleep", PTX_K_OTHER, 0, 0, 0, 0},
    {"neg", PTX_K_NEG, 0, 2, 2, 0}, {"not", PTX_K_ARITH, 0, 2, 2, 0}, {"or", PTX_K_ARITH, 0, 3, 3, 0},
    {"pmevent", PTX_K_OTHER, 0, 0, 0, 0}, {"popc", PTX_K_ARITH, 0, 2, 2, 0}, {"prefetch", PTX_K_OTHER, 0, 0, 0, 0},
    {"prefetchu", PTX_K_OTHER, 0, 0, 0, 0}, {"prmt", PTX_K_ARITH, 0, 4, 4, 0}, {"rcp", PTX_K_ARITH, 0, 2, 2, 0},
    {"red", PTX_K_RED, PTX_FAM_RED, 2, 2, 1}, {"redux", PTX_K_VARIANT_SRC, 0, 0, 0, 0},
    {"rem", PTX_K_ARITH, 0, 3, 3, 0}, {"ret", PTX_K_RET, 0, 0, 0, 0}, {"rsqrt", PTX_K_ARITH, 0, 2, 2, 0},
    {"sad", PTX_K_ARITH, 0, 4, 4, 0}, {"selp", PTX_K_SELP, 0, 4, 4, 0}, {"set", PTX_K_ARITH, 0, 3, 3, 1},
    {"setmaxnreg", PTX_K_OTHER, PTX_FAM_MODIFIERS, 0, 0, 0}, {"setp", PTX_K_SETP, 0, 3, 3, 1},
    {"shf", PTX_K_ARITH, 0, 4, 4, 0}, {"shfl", PTX_K_VARIANT_SRC, 0, 4, 4, 1}, {"shl", PTX_K_SHL, 0, 3, 3, 0},
    {"shr", PTX_K_ARITH, 0, 3, 3, 0}, {"sin", PTX_K_ARITH, 0, 2, 2, 0}, {"slct", PTX_K_ARITH, 0, 4, 4, 0},
    {"sqrt", PTX_K_ARITH, 0, 2, 2, 0}, {"st", PTX_K_ST, PTX_FAM_ST, 2, 2, 1},
    {"stackrestore", PTX_K_OTHER, 0, 0, 0, 0}, {"stacksave", PTX_K_OTHER, 0, 0, 0, 0},
    {"stmatrix", PTX_K_ST, PTX_FAM_ST, 0, 0, 0}, {"sub", PTX_K_SUB, 0, 3, 3, 0}, {"subc", PTX_K_ARITH, 0, 3, 3, 0},
    {"suld", PTX_K_TEX, PTX_FAM_TEX, 0, 0, 0}, {"suq", PTX_K_OTHER, 0, 0, 0, 0},
    {"sured", PTX_K_OTHER, PTX_FAM_SURFACE_REDUCE, 0, 0, 0}, {"sust", PTX_K_OTHER, PTX_FAM_SURFACE_STORE, 0, 0, 0},
    {"szext", PTX_K_ARITH, 0, 0, 0, 0}, {"tanh", PTX_K_ARITH, 0, 2, 2, 0}, {"tcgen05", PTX_K_OTHER, 0, 0, 0, 0},
    {"tensormap", PTX_K_OTHER, PTX_FAM_TENSORMAP, 0, 0, 0}, {"testp", PTX_K_ARITH, 0, 2, 2, 0},
    {"tex", PTX_K_TEX, PTX_FAM_TEX, 0, 0, 0}, {"tld4", PTX_K_TEX, PTX_FAM_TEX, 0, 0, 0},
    {"trap", PTX_K_TRAP, 0, 0, 0, 0}, {"txq", PTX_K_OTHER, 0, 0, 0, 0}, {"vabsdiff", PTX_K_ARITH, 0, 0, 0, 0},
    {"vabsdiff2", PTX_K_ARITH, 0, 0, 0, 0}, {"vabsdiff4", PTX_K_ARITH, 0, 0, 0, 0}, {"vadd", PTX_K_ARITH, 0, 0, 0, 0},
    {"vadd2", PTX_K_ARITH, 0, 0, 0, 0}, {"vadd4", PTX_K_ARITH, 0, 0, 0, 0}, {"vavrg2", PTX_K_ARITH, 0, 0, 0, 0},
    {"vavrg4", PTX_K_ARITH, 0, 0, 0, 0}, {"vmad", PTX_K_ARITH, 0, 0, 0, 0}, {"vmax", PTX_K_ARITH, 0, 0, 0, 0},
    {"vmax2", PTX_K_ARITH, 0, 0, 0, 0}, {"vmax4", PTX_K_ARITH, 0, 0, 0, 0}, {"vmin", PTX_K_ARITH, 0, 0, 0, 0},
    {"vmin2", PTX_K_ARITH, 0, 0, 0, 0}, {"vmin4", PTX_K_ARITH, 0, 0, 0, 0}, {"vote", PTX_K_VARIANT_SRC, 0, 2, 2, 1},
    {"vset", PTX_K_ARITH, 0, 0, 0, 0}, {"vset2", PTX_K_ARITH, 0, 0, 0, 0}, {"vset4", PTX_K_ARITH, 0, 0, 0, 0},
    {"vshl", PTX_K_ARITH, 0, 0, 0, 0}, {"vshr", PTX_K_ARITH, 0, 0, 0, 0}, {"vsub", PTX_K_ARITH, 0, 0, 0, 0},
    {"vsub2", PTX_K_ARITH, 0, 0, 0, 0}, {"vsub4", PTX_K_ARITH, 0, 0, 0, 0},
    {"wgmma", PTX_K_OTHER, PTX_FAM_WGMMA, 0, 0, 0}, {"wmma", PTX_K_ARITH, PTX_FAM_WMMA, 0, 0, 0},
    {"xor", PTX_K_ARITH, 0, 3, 3, 0},
};
/* clang-format on */

enum { OPCODE_COUNT = sizeof opcodes / sizeof opcodes[0] };

/* Opcodes by first letter: the table is sorted, so each letter owns one run of it. */
static struct {
    uint8_t first[27], len[OPCODE_COUNT];
    bool ready;
} opcode_index;

static void index_opcodes(void)
{
    for (int i = OPCODE_COUNT; i-- > 0;) {
        opcode_index.first[opcodes[i].name[0] - 'a'] = (uint8_t)i;
        opcode_index.len[i] = (uint8_t)strlen(opcodes[i].name);
    }
    for (int c = 25; c >= 0; c--)
        if (!opcode_index.first[c] && opcodes[0].name[0] - 'a' != c)
            opcode_index.first[c] = c == 25 ? OPCODE_COUNT : opcode_index.first[c + 1];
    opcode_index.first[26] = OPCODE_COUNT;
    opcode_index.ready = true;
}

const ptx_opcode *ptx_find_opcode(const char *p, uint32_t n)
{
    if (!opcode_index.ready)
        index_opcodes();
    if (p[0] < 'a' || p[0] > 'z')
        return NULL;
    for (int i = opcode_index.first[p[0] - 'a']; i < OPCODE_COUNT && opcodes[i].name[0] == p[0]; i++)
        if (opcode_index.len[i] == n && memcmp(opcodes[i].name, p, n) == 0)
            return &opcodes[i];
    return NULL;
}

/* Modifiers that add an operand (adds) or allow one more: a cache policy, st.bulk's value, cas's
 * second value, a boolean operator's predicate, random bits, a membermask; the mbarrier of an
 * asynchronous store (ptxas takes it missing), max.f32's third input (sm_100 on). */
static const struct operand_modifier {
    const char *op, *mod;
    bool adds;
} operand_modifiers[] = {
    {"ld", ".L2::cache_hint", true},
    {"st", ".L2::cache_hint", true},
    {"st", ".async", false},
    {"st", ".bulk", true},
    {"atom", ".L2::cache_hint", true},
    {"atom", ".cas", true},
    {"red", ".L2::cache_hint", true},
    {"red", ".async", false},
    {"setp", ".and", true},
    {"setp", ".or", true},
    {"setp", ".xor", true},
    {"set", ".and", true},
    {"set", ".or", true},
    {"set", ".xor", true},
    {"cvt", ".rs", true},
    {"shfl", ".sync", true},
    {"vote", ".sync", true},
    {"max", ".f32", false},
    {"min", ".f32", false},
};

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

bool ptx_operand_range(const ptx_opcode *oi, const ptx_token *mods, uint32_t nmods, uint32_t *min, uint32_t *max)
{
    if (!oi->max_opnds)
        return false;
    *min = oi->min_opnds;
    *max = oi->max_opnds;
    if (!oi->opnd_mods)
        return true;
    for (size_t r = 0; r < sizeof operand_modifiers / sizeof operand_modifiers[0]; r++) {
        const struct operand_modifier *om = &operand_modifiers[r];
        if (strcmp(om->op, oi->name) != 0)
            continue;
        size_t len = strlen(om->mod);
        for (uint32_t i = 0; i < nmods; i++)
            if (mods[i].n == len && memcmp(mods[i].p, om->mod, len) == 0) {
                *min += om->adds;
                ++*max;
                break;
            }
    }
    if (oi->name[0] == 'c' && packs_two_floats(mods, nmods)) { /* cvt */
        ++*min;
        ++*max;
    }
    return true;
}

int ptx_type_bits(const ptx_token *t)
{
    if (t->n < 2 || t->p[0] != '.')
        return -1;
    if (TOK_IS(t, ".pred"))
        return 1;
    char c = t->p[1];
    if (c != 'b' && c != 'u' && c != 's' && c != 'f' && !(t->n >= 5 && memcmp(t->p, ".bf16", 5) == 0))
        return -1;
    if (t->n >= 5 && memcmp(t->p, ".bf16", 5) == 0)
        return TOK_IS(t, ".bf16x2") ? 32 : 16;
    if (TOK_IS(t, ".f16x2"))
        return 32;
    if (t->n > 5 || t->n < 3)
        return -1;
    int bits = 0;
    for (uint32_t i = 2; i < t->n; i++) {
        if (t->p[i] < '0' || t->p[i] > '9')
            return -1;
        bits = bits * 10 + t->p[i] - '0';
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

static void classify_words(ptx_instr *in, const ptx_token *mods, uint32_t n)
{
    in->vec = 1;
    for (uint32_t i = 0; i < n; i++) {
        const ptx_token *t = &mods[i];
        uint8_t sp = ptx_space_of(t);
        if (sp != PTX_SP_NONE && in->space == PTX_SP_NONE)
            in->space = sp;
        else if (TOK_IS(t, ".v2") || TOK_IS(t, ".v4") || TOK_IS(t, ".v8"))
            in->vec = (uint8_t)(t->p[2] - '0');
        else if (TOK_IS(t, ".uni"))
            in->uni = 1;
        else if (TOK_IS(t, ".to"))
            in->space = PTX_SP_GENERIC; /* cvta.to.X: marks the direction, corrected below */
        else {
            int bits = ptx_type_bits(t);
            if (bits > 0 && !in->tsize)
                in->tsize = (uint8_t)(bits < 8 ? 1 : bits / 8);
            if (bits > 1 && t->p[1] == 'f')
                in->is_float = 1;
            if (bits > 1 && t->n >= 5 && memcmp(t->p, ".bf16", 5) == 0)
                in->is_float = 1;
        }
    }
}

void ptx_classify_modifiers(ptx_instr *in, const ptx_token *mods)
{
    in->vec = 1;
    if (in->nmods)
        classify_words(in, mods, in->nmods);
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
    if (in->kind == PTX_K_BAR) {
        for (uint32_t i = 0; i < in->nmods; i++)
            if (TOK_IS(&mods[i], ".arrive"))
                in->kind = PTX_K_OTHER; /* arrives without waiting */
    }
}
