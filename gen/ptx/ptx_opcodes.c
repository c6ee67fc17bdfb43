/* Opcodes and modifiers: the table of PTX instructions with the class the analyses see, and what an
 * instruction's modifiers (.global, .v4, .f32 ...) say about it. */
#include "ptx_parser.h"

/* Sorted by name (binary search). */
/* clang-format off */
static const ptx_opcode opcodes[] = {
    {"abs", PTX_K_ARITH}, {"activemask", PTX_K_VARIANT_SRC}, {"add", PTX_K_ADD},
    {"addc", PTX_K_ARITH}, {"alloca", PTX_K_OTHER}, {"and", PTX_K_ARITH},
    {"applypriority", PTX_K_OTHER}, {"atom", PTX_K_ATOM}, {"bar", PTX_K_BAR},
    {"barrier", PTX_K_BAR}, {"bfe", PTX_K_ARITH}, {"bfi", PTX_K_ARITH},
    {"bfind", PTX_K_ARITH}, {"bmsk", PTX_K_ARITH}, {"bra", PTX_K_BRA},
    {"brev", PTX_K_ARITH}, {"brkpt", PTX_K_OTHER}, {"brx", PTX_K_BRX},
    {"call", PTX_K_CALL}, {"clusterlaunchcontrol", PTX_K_OTHER}, {"clz", PTX_K_ARITH},
    {"cnot", PTX_K_ARITH}, {"copysign", PTX_K_ARITH}, {"cos", PTX_K_ARITH},
    {"cp", PTX_K_CP_ASYNC}, {"createpolicy", PTX_K_OTHER}, {"cvt", PTX_K_CVT},
    {"cvta", PTX_K_CVTA}, {"discard", PTX_K_OTHER}, {"div", PTX_K_ARITH},
    {"dp2a", PTX_K_ARITH}, {"dp4a", PTX_K_ARITH}, {"elect", PTX_K_VARIANT_SRC},
    {"ex2", PTX_K_ARITH}, {"exit", PTX_K_EXIT}, {"fence", PTX_K_OTHER},
    {"fma", PTX_K_FMA}, {"fns", PTX_K_ARITH}, {"getctarank", PTX_K_OTHER},
    {"griddepcontrol", PTX_K_OTHER}, {"isspacep", PTX_K_ARITH}, {"istypep", PTX_K_ARITH},
    {"ld", PTX_K_LD}, {"ldmatrix", PTX_K_LD}, {"ldu", PTX_K_LD}, {"lg2", PTX_K_ARITH},
    {"lop3", PTX_K_ARITH}, {"mad", PTX_K_MAD}, {"mad24", PTX_K_ARITH}, {"madc", PTX_K_ARITH},
    {"mapa", PTX_K_OTHER}, {"match", PTX_K_VARIANT_SRC}, {"max", PTX_K_ARITH},
    {"mbarrier", PTX_K_OTHER}, {"membar", PTX_K_OTHER}, {"min", PTX_K_ARITH},
    {"mma", PTX_K_ARITH}, {"mov", PTX_K_MOV}, {"movmatrix", PTX_K_ARITH},
    {"mul", PTX_K_MUL}, {"mul24", PTX_K_ARITH}, {"multimem", PTX_K_OTHER},
    {"nanosleep", PTX_K_OTHER}, {"neg", PTX_K_NEG}, {"not", PTX_K_ARITH}, {"or", PTX_K_ARITH},
    {"pmevent", PTX_K_OTHER}, {"popc", PTX_K_ARITH}, {"prefetch", PTX_K_OTHER},
    {"prefetchu", PTX_K_OTHER}, {"prmt", PTX_K_ARITH}, {"rcp", PTX_K_ARITH},
    {"red", PTX_K_RED}, {"redux", PTX_K_VARIANT_SRC}, {"rem", PTX_K_ARITH}, {"ret", PTX_K_RET},
    {"rsqrt", PTX_K_ARITH}, {"sad", PTX_K_ARITH}, {"selp", PTX_K_SELP}, {"set", PTX_K_ARITH},
    {"setmaxnreg", PTX_K_OTHER}, {"setp", PTX_K_SETP}, {"shf", PTX_K_ARITH},
    {"shfl", PTX_K_VARIANT_SRC}, {"shl", PTX_K_SHL}, {"shr", PTX_K_ARITH}, {"sin", PTX_K_ARITH},
    {"slct", PTX_K_ARITH}, {"sqrt", PTX_K_ARITH}, {"st", PTX_K_ST}, {"stackrestore", PTX_K_OTHER},
    {"stacksave", PTX_K_OTHER}, {"stmatrix", PTX_K_ST}, {"sub", PTX_K_SUB},
    {"subc", PTX_K_ARITH}, {"suld", PTX_K_TEX}, {"suq", PTX_K_OTHER}, {"sured", PTX_K_OTHER},
    {"sust", PTX_K_OTHER}, {"szext", PTX_K_ARITH}, {"tanh", PTX_K_ARITH},
    {"tcgen05", PTX_K_OTHER}, {"tensormap", PTX_K_OTHER}, {"testp", PTX_K_ARITH},
    {"tex", PTX_K_TEX}, {"tld4", PTX_K_TEX}, {"trap", PTX_K_TRAP}, {"txq", PTX_K_OTHER},
    {"vabsdiff", PTX_K_ARITH}, {"vabsdiff2", PTX_K_ARITH}, {"vabsdiff4", PTX_K_ARITH},
    {"vadd", PTX_K_ARITH}, {"vadd2", PTX_K_ARITH}, {"vadd4", PTX_K_ARITH},
    {"vavrg2", PTX_K_ARITH}, {"vavrg4", PTX_K_ARITH}, {"vmad", PTX_K_ARITH},
    {"vmax", PTX_K_ARITH}, {"vmax2", PTX_K_ARITH}, {"vmax4", PTX_K_ARITH},
    {"vmin", PTX_K_ARITH}, {"vmin2", PTX_K_ARITH}, {"vmin4", PTX_K_ARITH},
    {"vote", PTX_K_VARIANT_SRC}, {"vset", PTX_K_ARITH}, {"vset2", PTX_K_ARITH},
    {"vset4", PTX_K_ARITH}, {"vshl", PTX_K_ARITH}, {"vshr", PTX_K_ARITH},
    {"vsub", PTX_K_ARITH}, {"vsub2", PTX_K_ARITH}, {"vsub4", PTX_K_ARITH},
    {"wgmma", PTX_K_OTHER}, {"wmma", PTX_K_ARITH}, {"xor", PTX_K_ARITH},
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
