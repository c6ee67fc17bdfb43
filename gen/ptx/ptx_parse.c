/* PTX parser: tokens to the per-function IR (instructions, operands, registers, symbols). */
#include "ptx_parser.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define F PTX_CH_FORM
#define P PTX_CH_LONE_PUNCT
const uint8_t ptx_char_class[256] = {
    ['$'] = F,     ['('] = P, [')'] = P, ['*'] = P, ['+'] = P, [','] = P, ['-'] = P, ['.'] = F, ['0'] = F,
    ['1'] = F,     ['2'] = F, ['3'] = F, ['4'] = F, ['5'] = F, ['6'] = F, ['7'] = F, ['8'] = F, ['9'] = F,
    [':'] = F | P, [';'] = P, ['?'] = P, ['@'] = P, ['A'] = F, ['B'] = F, ['C'] = F, ['D'] = F, ['E'] = F,
    ['F'] = F,     ['G'] = F, ['H'] = F, ['I'] = F, ['J'] = F, ['K'] = F, ['L'] = F, ['M'] = F, ['N'] = F,
    ['O'] = F,     ['P'] = F, ['Q'] = F, ['R'] = F, ['S'] = F, ['T'] = F, ['U'] = F, ['V'] = F, ['W'] = F,
    ['X'] = F,     ['Y'] = F, ['Z'] = F, ['['] = P, [']'] = P, ['^'] = P, ['_'] = F, ['a'] = F, ['b'] = F,
    ['c'] = F,     ['d'] = F, ['e'] = F, ['f'] = F, ['g'] = F, ['h'] = F, ['i'] = F, ['j'] = F, ['k'] = F,
    ['l'] = F,     ['m'] = F, ['n'] = F, ['o'] = F, ['p'] = F, ['q'] = F, ['r'] = F, ['s'] = F, ['t'] = F,
    ['u'] = F,     ['v'] = F, ['w'] = F, ['x'] = F, ['y'] = F, ['z'] = F, ['{'] = P, ['}'] = P, ['~'] = P};
#undef F
#undef P

void ptx_fail_at(ptx_parser *ps, uint32_t line, uint32_t col, const char *fmt, ...)
{
    char msg[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    ptx_add_finding(ps->m, NULL, PTX_RULE_SYNTAX, line, col, "fix the PTX so that ptxas accepts it", "%s", msg);
    ps->m->valid = false;
    longjmp(ps->fail, 1);
}

/* "expected X, found 'tok'" at the current token. */
void ptx_expected(ptx_parser *ps, const char *what)
{
    const ptx_token *t = &ps->tok;
    if (t->kind == PTX_T_EOF)
        ptx_fail_at(ps, t->line, t->col, "expected %s, found the end of the file", what);
    if (t->kind == PTX_T_UNTERMINATED)
        ptx_fail_at(ps, t->line, t->col, "unterminated comment");
    ptx_fail_at(ps, t->line, t->col, "expected %s, found '%.*s'", what, (int)(t->n > 40 ? 40 : t->n), t->p);
}

void ptx_expect_punct(ptx_parser *ps, char c, const char *what)
{
    if (!ptx_punct(&ps->tok, c))
        ptx_expected(ps, what);
    ptx_advance(ps);
}

/* ---- declarations ---- */

/* Skips an initializer: a constant, a symbol, or a braced list of them. */
static void skip_initializer(ptx_parser *ps)
{
    int depth = 0;
    do {
        if (ps->tok.kind == PTX_T_EOF)
            ptx_expected(ps, "';' after the initializer");
        if (ptx_punct(&ps->tok, '{'))
            depth++;
        else if (ptx_punct(&ps->tok, '}'))
            depth--;
        else if (depth == 0 && ptx_punct(&ps->tok, ';'))
            return;
        ptx_advance(ps);
    } while (depth > 0 || !ptx_punct(&ps->tok, ';'));
}

/* .attribute(...) of a variable: the current token is '(' after it; stops at its ')'. */
static void skip_attribute(ptx_parser *ps)
{
    if (!ptx_punct(&ps->tok, '('))
        ptx_expected(ps, "'(' after .attribute");
    for (int depth = 0;; ptx_advance(ps)) {
        if (ps->tok.kind == PTX_T_EOF)
            ptx_expected(ps, "')' closing .attribute");
        depth += ptx_punct(&ps->tok, '(') - ptx_punct(&ps->tok, ')');
        if (!depth)
            return;
    }
}

/* The words of a declaration before its name: .align N, a vector width, .attribute(...) of a
 * variable, .ptr and a state space of a kernel parameter, and one type (its width into *bits;
 * .texref, .samplerref and .surfref are handles of 64 bits). */
static void parse_declaration_type(ptx_parser *ps, bool param, int *bits, int *vec, uint8_t *kind)
{
    int types = 0;
    for (; ps->tok.kind == PTX_T_DOTWORD; ptx_advance(ps)) {
        const ptx_token *t = &ps->tok;
        if (TOK_IS(t, ".align")) {
            ptx_advance(ps);
            if (ps->tok.kind != PTX_T_INT)
                ptx_expected(ps, "an alignment after .align");
        } else if (TOK_IS(t, ".v2") || TOK_IS(t, ".v4") || TOK_IS(t, ".v8")) {
            *vec = t->p[2] - '0';
        } else if (TOK_IS(t, ".attribute") && !param) {
            ptx_advance(ps);
            skip_attribute(ps);
        } else if (ptx_type_bits(t) > 0 || TOK_IS(t, ".texref") || TOK_IS(t, ".samplerref") || TOK_IS(t, ".surfref")) {
            *bits = ptx_type_bits(t) > 0 ? ptx_type_bits(t) : 64;
            *kind = ptx_type_bits(t) <= 0              ? PTX_RK_BITS /* a handle */
                    : t->p[1] == 'u' || t->p[1] == 's' ? PTX_RK_INT
                    : t->p[1] == 'f'                   ? PTX_RK_FLOAT
                                                       : PTX_RK_BITS;
            types++;
        } else if (!param || (!TOK_IS(t, ".ptr") && ptx_space_of(t) == PTX_SP_NONE)) {
            ptx_fail_at(ps, t->line, t->col, "unexpected '%.*s' in a declaration", (int)t->n, t->p);
        }
    }
    if (types != 1)
        ptx_fail_at(ps, ps->tok.line, ps->tok.col, "%s", types ? "a declaration has one type" : "expected a type");
}

/* A variable in a state space: .space [.align N] [.v2/.v4] .type name[N][M] [= init] ; */
static void parse_variable(ptx_parser *ps, uint8_t space)
{
    int bits = 8, vec = 1;
    uint8_t kind = PTX_RK_BITS;
    ptx_advance(ps); /* the state space */
    parse_declaration_type(ps, false, &bits, &vec, &kind);
    for (;;) {
        if (ps->tok.kind != PTX_T_IDENT)
            ptx_expected(ps, "a variable name");
        ptx_token name = ps->tok;
        ptx_advance(ps);
        int64_t count = 1;
        while (ptx_punct(&ps->tok, '[')) {
            ptx_advance(ps);
            if (ptx_punct(&ps->tok, ']')) {
                count = 0;
            } else {
                if (ps->tok.kind != PTX_T_INT)
                    ptx_expected(ps, "an integer array size");
                int64_t dim = ptx_int_value(&ps->tok);
                dim = dim < 0 || dim > (1 << 30) ? (1 << 30) : dim;
                count = count > ((int64_t)1 << 40) / (dim ? dim : 1) ? ((int64_t)1 << 40) : count * dim;
                ptx_advance(ps);
            }
            ptx_expect_punct(ps, ']', "']'");
        }
        int64_t size = count * vec * (bits < 8 ? 1 : bits / 8);
        if (space == PTX_SP_NONE) {
            /* .reg declaration */
            if (ptx_punct(&ps->tok, '<')) {
                ptx_advance(ps);
                if (ps->tok.kind != PTX_T_INT)
                    ptx_expected(ps, "a register count");
                uint64_t n = (uint64_t)ptx_int_value(&ps->tok);
                ptx_advance(ps);
                ptx_expect_punct(ps, '>', "'>'");
                ptx_declare_range(ps, &name, n, ptx_class_of_bits(vec > 1 ? bits * vec : bits), kind);
            } else {
                ptx_declare_reg(ps, &name, ptx_class_of_bits(vec > 1 ? bits * vec : bits), kind);
            }
        } else {
            int32_t sym = ptx_declare_symbol(ps, &name, space, size); /* it may move m->syms */
            ps->m->syms[sym].elem = (uint32_t)(vec * (bits < 8 ? 1 : bits / 8));
            if (ps->f && space == PTX_SP_LOCAL)
                ps->f->local_bytes += size;
            if (ps->f && space == PTX_SP_SHARED)
                ps->f->shared_bytes += size;
            if (!ps->f && space == PTX_SP_SHARED)
                ps->m->shared_bytes += size;
        }
        if (ptx_punct(&ps->tok, '=')) {
            ptx_advance(ps);
            skip_initializer(ps);
        }
        if (!ptx_punct(&ps->tok, ','))
            break;
        ptx_advance(ps);
    }
    ptx_expect_punct(ps, ';', "';' after the declaration");
}

static void skip_statement(ptx_parser *ps)
{
    while (!ptx_punct(&ps->tok, ';')) {
        if (ps->tok.kind == PTX_T_EOF)
            ptx_expected(ps, "';'");
        if (ps->tok.kind == PTX_T_BAD || ps->tok.kind == PTX_T_UNTERMINATED)
            ptx_expected(ps, "a PTX token");
        ptx_advance(ps);
    }
    ptx_advance(ps);
}

static void expect_int(ptx_parser *ps, const char *what)
{
    if (ps->tok.kind != PTX_T_INT)
        ptx_expected(ps, what);
    ptx_advance(ps);
}

static void expect_word(ptx_parser *ps, const char *word)
{
    if (ps->tok.kind != PTX_T_IDENT || ps->tok.n != strlen(word) || memcmp(ps->tok.p, word, ps->tok.n) != 0)
        ptx_expected(ps, word);
    ptx_advance(ps);
}

/* Debugging directives (no ';'): .loc FILE LINE COLUMN [, function_name LABEL[+N], inlined_at FILE
 * LINE COLUMN] and .file N "NAME" [, TIMESTAMP, SIZE]. */
static void parse_debug_directive(ptx_parser *ps)
{
    bool loc = TOK_IS(&ps->tok, ".loc");
    ptx_advance(ps);
    expect_int(ps, "a file number");
    if (!loc) {
        if (ps->tok.kind != PTX_T_STRING)
            ptx_expected(ps, "a file name");
        ptx_advance(ps);
        if (ptx_punct(&ps->tok, ',')) {
            ptx_advance(ps);
            expect_int(ps, "a time stamp");
            ptx_expect_punct(ps, ',', "',' before the file size");
            expect_int(ps, "a file size");
        }
        return;
    }
    expect_int(ps, "a line number");
    expect_int(ps, "a column");
    if (!ptx_punct(&ps->tok, ','))
        return;
    ptx_advance(ps);
    expect_word(ps, "function_name");
    if (ps->tok.kind != PTX_T_IDENT)
        ptx_expected(ps, "a label");
    ptx_advance(ps);
    if (ptx_punct(&ps->tok, '+')) {
        ptx_advance(ps);
        expect_int(ps, "an offset");
    }
    ptx_expect_punct(ps, ',', "',' before inlined_at");
    expect_word(ps, "inlined_at");
    expect_int(ps, "a file number");
    expect_int(ps, "a line number");
    expect_int(ps, "a column");
}

/* ---- functions ---- */

static void parse_params(ptx_parser *ps)
{
    ptx_expect_punct(ps, '(', "'('");
    while (!ptx_punct(&ps->tok, ')')) {
        if (!TOK_IS(&ps->tok, ".param") && !TOK_IS(&ps->tok, ".reg"))
            ptx_expected(ps, "'.param' in the parameter list");
        uint8_t space = TOK_IS(&ps->tok, ".param") ? PTX_SP_PARAM : PTX_SP_NONE;
        ptx_advance(ps);
        int bits = 8, vec = 1;
        uint8_t kind = PTX_RK_BITS;
        parse_declaration_type(ps, true, &bits, &vec, &kind);
        if (ps->tok.kind != PTX_T_IDENT)
            ptx_expected(ps, "a parameter name");
        ptx_token name = ps->tok;
        ptx_advance(ps);
        int64_t count = 1;
        if (ptx_punct(&ps->tok, '[')) {
            ptx_advance(ps);
            if (ps->tok.kind != PTX_T_INT)
                ptx_expected(ps, "an integer array size");
            count = ptx_int_value(&ps->tok);
            count = count < 0 || count > (1 << 30) ? (1 << 30) : count;
            ptx_advance(ps);
            ptx_expect_punct(ps, ']', "']'");
        }
        if (space == PTX_SP_PARAM) {
            int32_t sym = ptx_declare_symbol(ps, &name, PTX_SP_PARAM, count * (bits / 8 ? bits / 8 : 1));
            ps->m->syms[sym].elem = (uint32_t)(bits / 8 ? bits / 8 : 1);
        } else {
            ptx_declare_reg(ps, &name, ptx_class_of_bits(bits), kind);
        }
        if (ptx_punct(&ps->tok, ','))
            ptx_advance(ps);
        else if (!ptx_punct(&ps->tok, ')'))
            ptx_expected(ps, "',' or ')' in the parameter list");
    }
    ptx_advance(ps);
}

static int64_t clamp_dimension(int64_t v)
{
    return v < 0 ? 0 : v > 1 << 20 ? 1 << 20 : v;
}

static int int_directive(ptx_parser *ps)
{
    ptx_advance(ps);
    if (ps->tok.kind != PTX_T_INT)
        ptx_expected(ps, "an integer");
    /* Each dimension clamped to [0, 2^20] and the product to 2^30: no overflow whatever the text. */
    int64_t product = clamp_dimension(ptx_int_value(&ps->tok));
    ptx_advance(ps);
    while (ptx_punct(&ps->tok, ',')) {
        ptx_advance(ps);
        if (ps->tok.kind != PTX_T_INT)
            ptx_expected(ps, "an integer");
        product *= clamp_dimension(ptx_int_value(&ps->tok));
        product = product > 1 << 30 ? 1 << 30 : product;
        ptx_advance(ps);
    }
    return (int)product;
}

static void parse_body(ptx_parser *ps)
{
    int depth = 1;
    ptx_advance(ps); /* { */
    while (depth > 0) {
        ptx_token *t = &ps->tok;
        if (t->kind == PTX_T_EOF)
            ptx_expected(ps, "'}' closing the function body");
        if (ptx_punct(t, '}')) {
            if (--depth)
                ptx_close_scope(ps);
            ptx_advance(ps);
        } else if (ptx_punct(t, '{')) {
            depth++;
            ptx_open_scope(ps);
            ptx_advance(ps);
        } else if (t->kind == PTX_T_DOTWORD) {
            if (TOK_IS(t, ".reg")) {
                parse_variable(ps, PTX_SP_NONE);
            } else if (TOK_IS(t, ".loc") || TOK_IS(t, ".file")) {
                parse_debug_directive(ps);
            } else if (TOK_IS(t, ".pragma")) {
                skip_statement(ps);
            } else {
                uint8_t sp = ptx_space_of(t);
                if (sp == PTX_SP_NONE || sp == PTX_SP_TEX)
                    ptx_fail_at(ps, t->line, t->col, "unexpected directive '%.*s' in a function body", (int)t->n, t->p);
                parse_variable(ps, sp);
            }
        } else if (t->kind == PTX_T_IDENT && t->p[t->n] != '.' && ptx_punct(ptx_peek(ps), ':')) {
            /* a label (an opcode followed by its modifiers is none: no look-ahead for those) */
            ptx_declare_label(ps, t);
            ptx_advance(ps);
            ptx_advance(ps);
            if (ps->tok.kind == PTX_T_DOTWORD &&
                (TOK_IS(&ps->tok, ".branchtargets") || TOK_IS(&ps->tok, ".callprototype") ||
                 TOK_IS(&ps->tok, ".calltargets")))
                skip_statement(ps);
        } else if (t->kind == PTX_T_IDENT || ptx_punct(t, '@')) {
            ptx_parse_instruction(ps);
        } else {
            ptx_expected(ps, "an instruction, a label or a directive");
        }
    }
}

/* The directives between a function's parameters and its body. */
static void parse_function_directives(ptx_parser *ps, ptx_function *f)
{
    while (ps->tok.kind == PTX_T_DOTWORD) {
        const ptx_token *t = &ps->tok;
        if (TOK_IS(t, ".maxnreg"))
            f->maxnreg = int_directive(ps);
        else if (TOK_IS(t, ".maxntid"))
            f->maxntid = int_directive(ps);
        else if (TOK_IS(t, ".reqntid"))
            f->reqntid = int_directive(ps);
        else if (TOK_IS(t, ".minnctapersm"))
            f->minnctapersm = int_directive(ps);
        else if (TOK_IS(t, ".maxnctapersm") || TOK_IS(t, ".reqnctapercluster") || TOK_IS(t, ".maxclusterrank"))
            int_directive(ps);
        else if (TOK_IS(t, ".noreturn") || TOK_IS(t, ".explicitcluster") || TOK_IS(t, ".blocksareclusters"))
            ptx_advance(ps);
        else if (TOK_IS(t, ".pragma"))
            skip_statement(ps);
        else
            ptx_fail_at(ps, t->line, t->col, "unexpected directive '%.*s' before the function body", (int)t->n, t->p);
    }
}

/* The function's name in the module's scope: declared any number of times, defined once. */
static int32_t declare_function(ptx_parser *ps, bool is_entry)
{
    ptx_module *m = ps->m;
    const ptx_token *name = &ps->tok;
    int32_t s = ptx_lookup_global(ps, name);
    if (s >= 0 && !m->syms[s].is_func)
        ptx_fail_at(ps, name->line, name->col, "duplicate definition of '%.*s' (a variable)", (int)name->n, name->p);
    if (s < 0) {
        s = ptx_declare_global(ps, name, PTX_SP_NONE, 0);
        m->syms[s].is_func = 1;
        m->syms[s].is_entry = is_entry;
    }
    return s;
}

/* The arrays of a function's body start as large as its predecessor's ended: a module's functions
 * are alike, and growing an array by doubling copies what it holds each time. The first function
 * (often the only one) takes the text left: an instruction and its line take some 30 bytes or more. */
static void reserve_like_last(ptx_parser *ps, ptx_function *f)
{
    uint32_t ins = ps->last_nins, opnds = ps->last_nopnds, mods = ps->last_nmods;
    if (!ins) {
        size_t left = (size_t)(ps->lx.lim - ps->lx.cur) / 24;
        ins = left < 64 ? 64 : left > (1u << 16) ? 1u << 16 : (uint32_t)left;
        opnds = 3 * ins, mods = 2 * ins;
    }
    ptx_reserve((void **)&f->ins, &f->insc, ins, sizeof *f->ins);
    ptx_reserve((void **)&f->opnds, &f->opndc, opnds, sizeof *f->opnds);
    ptx_reserve((void **)&f->mods, &f->modc, mods, sizeof *f->mods);
}

static void parse_function(ptx_parser *ps, bool is_entry, uint32_t line)
{
    ptx_module *m = ps->m;
    if (m->lock) /* functions parsed before may be being analysed, their findings' text going to the arena */
        pthread_mutex_lock(m->lock);
    ptx_function *f = ptx_alloc(&m->arena, sizeof *f);
    if (m->lock)
        pthread_mutex_unlock(m->lock);
    f->is_entry = is_entry;
    f->line = line;
    ps->f = f;
    ptx_open_scope(ps); /* the parameters' and the body's */
    ptx_advance(ps);    /* .entry / .func */
    if (!is_entry && ptx_punct(&ps->tok, '('))
        parse_params(ps); /* return parameters */
    if (ps->tok.kind != PTX_T_IDENT)
        ptx_expected(ps, "a function name");
    f->name = ps->tok.p;
    f->namelen = ps->tok.n;
    f->line = ps->tok.line;
    ptx_token name = ps->tok;
    int32_t sym = declare_function(ps, is_entry);
    ptx_advance(ps);
    if (ptx_punct(&ps->tok, '('))
        parse_params(ps);
    parse_function_directives(ps, f);
    if (ptx_punct(&ps->tok, ';')) {
        ptx_advance(ps);
        ptx_close_scope(ps);
        free(f->regs);
        ps->f = NULL;
        return; /* a declaration */
    }
    if (!ptx_punct(&ps->tok, '{'))
        ptx_expected(ps, "'{' or ';' after the function header");
    if (m->syms[sym].has_body)
        ptx_fail_at(ps, name.line, name.col, "duplicate definition of function '%.*s'", (int)name.n, name.p);
    m->syms[sym].has_body = f->has_body = true;
    reserve_like_last(ps, f);
    parse_body(ps);
    ps->last_nins = f->nins;
    ps->last_nopnds = f->nopnds;
    ps->last_nmods = f->nmods;
    ptx_close_scope(ps);
    if (m->last_func)
        m->last_func->next = f;
    else
        m->funcs = f;
    m->last_func = f;
    m->nfuncs++;
    m->nentries += is_entry;
    ps->f = NULL;
    if (ps->parsed)
        ps->parsed(ps->parsed_arg, f);
}

/* Smallest .version each .target needs (measured with ptxas 13.0). */
static int min_version(const char *target)
{
    static const struct {
        const char *sm;
        int version;
    } mins[] = {{"sm_75", 63},  {"sm_80", 70},  {"sm_86", 71},   {"sm_87", 74},   {"sm_88", 73},   {"sm_89", 78},
                {"sm_90", 78},  {"sm_90a", 80}, {"sm_100", 86},  {"sm_100a", 86}, {"sm_100f", 88}, {"sm_103", 88},
                {"sm_110", 90}, {"sm_120", 87}, {"sm_120a", 87}, {"sm_121", 88}};
    for (size_t i = 0; i < sizeof mins / sizeof mins[0]; i++)
        if (strcmp(mins[i].sm, target) == 0)
            return mins[i].version;
    return -1;
}

static void parse_header(ptx_parser *ps)
{
    ptx_module *m = ps->m;
    if (!TOK_IS(&ps->tok, ".version"))
        ptx_fail_at(ps, ps->tok.line, ps->tok.col, "missing .version directive at the start of the file");
    ptx_advance(ps);
    if (ps->tok.kind != PTX_T_FLOAT || ps->tok.n < 3)
        ptx_expected(ps, "a version number such as 8.0");
    const char *dot = memchr(ps->tok.p, '.', ps->tok.n);
    if (!dot || ps->tok.p[0] == '0' || dot - ps->tok.p > 2)
        ptx_expected(ps, "a version number such as 8.0");
    m->version_major = (int)ptx_int_value(&(ptx_token){.p = ps->tok.p, .n = (uint32_t)(dot - ps->tok.p)});
    m->version_minor = dot[1] - '0';
    if (m->version_major * 10 + m->version_minor > 90 || m->version_major < 1 ||
        (uint32_t)(dot + 2 - ps->tok.p) != ps->tok.n)
        ptx_fail_at(ps, ps->tok.line, ps->tok.col, "unsupported .version %.*s; the newest is 9.0", (int)ps->tok.n,
                    ps->tok.p);
    ptx_advance(ps);
    if (!TOK_IS(&ps->tok, ".target"))
        ptx_fail_at(ps, ps->tok.line, ps->tok.col, "expected .target after .version");
    ptx_advance(ps);
    for (;;) {
        if (ps->tok.kind != PTX_T_IDENT)
            ptx_expected(ps, "a target such as sm_80");
        if (ps->tok.n > 3 && memcmp(ps->tok.p, "sm_", 3) == 0) {
            snprintf(m->target, sizeof m->target, "%.*s", (int)(ps->tok.n < 15 ? ps->tok.n : 15), ps->tok.p);
            int need = min_version(m->target);
            if (need < 0)
                ptx_fail_at(ps, ps->tok.line, ps->tok.col, "unknown target '%s'", m->target);
            if (m->version_major * 10 + m->version_minor < need)
                ptx_fail_at(ps, ps->tok.line, ps->tok.col, "PTX .version %d.%d does not support .target %s",
                            m->version_major, m->version_minor, m->target);
            m->target_bit = ptx_target_bit(m->target);
        } else if (!TOK_IS(&ps->tok, "texmode_unified") && !TOK_IS(&ps->tok, "texmode_independent") &&
                   !TOK_IS(&ps->tok, "debug") && !TOK_IS(&ps->tok, "map_f64_to_f32")) {
            ptx_fail_at(ps, ps->tok.line, ps->tok.col, "unknown target '%.*s'", (int)ps->tok.n, ps->tok.p);
        }
        ptx_advance(ps);
        if (!ptx_punct(&ps->tok, ','))
            break;
        ptx_advance(ps);
    }
    if (!m->target[0])
        ptx_fail_at(ps, ps->tok.line, ps->tok.col, "the .target directive names no sm_XX architecture");
    m->address_size = 32;
    if (TOK_IS(&ps->tok, ".address_size")) {
        ptx_advance(ps);
        if (ps->tok.kind != PTX_T_INT || (ptx_int_value(&ps->tok) != 32 && ptx_int_value(&ps->tok) != 64))
            ptx_expected(ps, "32 or 64 after .address_size");
        m->address_size = (int)ptx_int_value(&ps->tok);
        ptx_advance(ps);
    }
}

/* One item of a section's data: a number, a label, a variable or a section, with an offset. */
static void parse_section_item(ptx_parser *ps)
{
    if (ps->tok.kind != PTX_T_INT && ps->tok.kind != PTX_T_IDENT && ps->tok.kind != PTX_T_DOTWORD)
        ptx_expected(ps, "a number, a label or a section name");
    ptx_advance(ps);
    if (ptx_punct(&ps->tok, '+') || ptx_punct(&ps->tok, '-')) {
        ptx_advance(ps);
        if (ps->tok.kind != PTX_T_INT)
            ptx_expected(ps, "an offset");
        ptx_advance(ps);
    }
}

/* .section NAME { ... }: the debugging data nvcc writes, as lines of .b8/.b16/.b32/.b64 items and
 * labels; checked for their form, not for what they say. */
static void parse_section(ptx_parser *ps)
{
    ptx_advance(ps); /* .section */
    if (ps->tok.kind != PTX_T_DOTWORD && ps->tok.kind != PTX_T_IDENT)
        ptx_expected(ps, "a section name");
    ptx_advance(ps);
    ptx_expect_punct(ps, '{', "'{' opening the section");
    while (!ptx_punct(&ps->tok, '}')) {
        const ptx_token *t = &ps->tok;
        if (t->kind == PTX_T_IDENT && ptx_punct(ptx_peek(ps), ':')) {
            ptx_advance(ps);
            ptx_advance(ps);
            continue;
        }
        if (!TOK_IS(t, ".b8") && !TOK_IS(t, ".b16") && !TOK_IS(t, ".b32") && !TOK_IS(t, ".b64"))
            ptx_expected(ps, "'.b8', '.b16', '.b32', '.b64', a label or '}' in the section");
        ptx_advance(ps);
        parse_section_item(ps);
        while (ptx_punct(&ps->tok, ',')) {
            ptx_advance(ps);
            parse_section_item(ps);
        }
    }
    ptx_advance(ps);
}

static void parse_module(ptx_parser *ps)
{
    ptx_advance(ps);
    parse_header(ps);
    while (ps->tok.kind != PTX_T_EOF) {
        ptx_token *t = &ps->tok;
        if (t->kind != PTX_T_DOTWORD)
            ptx_expected(ps, "a directive");
        uint32_t line = t->line;
        if (TOK_IS(t, ".visible") || TOK_IS(t, ".extern") || TOK_IS(t, ".weak") || TOK_IS(t, ".common")) {
            ptx_advance(ps);
            continue;
        }
        if (TOK_IS(t, ".entry") || TOK_IS(t, ".func")) {
            parse_function(ps, TOK_IS(t, ".entry"), line);
        } else if (TOK_IS(t, ".file") || TOK_IS(t, ".loc")) {
            parse_debug_directive(ps);
        } else if (TOK_IS(t, ".section")) {
            parse_section(ps);
        } else if (TOK_IS(t, ".pragma") || TOK_IS(t, ".alias")) {
            skip_statement(ps);
        } else if (TOK_IS(t, ".version") || TOK_IS(t, ".target") || TOK_IS(t, ".address_size")) {
            ptx_fail_at(ps, t->line, t->col, "'%.*s' may appear only once, at the start", (int)t->n, t->p);
        } else {
            uint8_t sp = ptx_space_of(t);
            if (sp == PTX_SP_NONE || sp == PTX_SP_PARAM)
                ptx_fail_at(ps, t->line, t->col, "unexpected directive '%.*s' at module level", (int)t->n, t->p);
            parse_variable(ps, sp);
        }
    }
}

void ptx_parse(ptx_module *m, void (*parsed)(void *arg, ptx_function *f), void *arg)
{
    ptx_parser *ps = ptx_xcalloc(1, sizeof *ps);
    ps->m = m;
    ps->parsed = parsed, ps->parsed_arg = arg;
    m->valid = true;
    ptx_lexer_init(&ps->lx, m->text, m->len);
    if (setjmp(ps->fail) == 0)
        parse_module(ps);
    if (ps->f) { /* a function that failed is not in the list: free its arrays here */
        free(ps->f->ins);
        free(ps->f->opnds);
        free(ps->f->mods);
        free(ps->f->regs);
    }
    ptx_free_scopes(ps);
    free(ps->pend);
    free(ps->unres);
    free(ps->vals);
    free(ps->eops);
    free(ps);
}
