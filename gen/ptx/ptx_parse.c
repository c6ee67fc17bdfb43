/* PTX parser: tokens to the per-function IR (instructions, operands, registers, symbols). */
#include "ptx_parser.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- the parser ---- */

typedef struct range_decl {
    const char *p;
    uint32_t n, count;
    uint8_t cls;
    int32_t *ids; /* register id + 1 of each member used so far (direct index, no hashing) */
} range_decl;

typedef struct fixup {
    uint32_t ins, opnd;
    const char *p;
    uint32_t n, line, col;
} fixup;

typedef struct parser {
    ptx_module *m;
    ptx_lexer lx;
    ptx_token tok, next;
    bool has_next;
    ptx_function *f;
    jmp_buf fail;
    ptx_strmap regs, syms, labels;
    range_decl *ranges;
    uint32_t nranges, rangec;
    fixup *fixups;
    uint32_t nfixups, fixupc;
    ptx_token unresolved; /* the last name parse_name could not resolve yet (a label) */
} parser;

static bool tok_is(const ptx_token *t, const char *s)
{
    size_t n = strlen(s);
    return t->n == n && memcmp(t->p, s, n) == 0;
}

static bool punct(const ptx_token *t, char c)
{
    return t->kind == PTX_T_PUNCT && t->p[0] == c;
}

static void advance(parser *ps)
{
    if (ps->has_next) {
        ps->tok = ps->next;
        ps->has_next = false;
    } else {
        ptx_lex(&ps->lx, &ps->tok);
    }
}

static const ptx_token *peek(parser *ps)
{
    if (!ps->has_next) {
        ptx_lex(&ps->lx, &ps->next);
        ps->has_next = true;
    }
    return &ps->next;
}

static void fail_at(parser *ps, uint32_t line, uint32_t col, const char *fmt, ...)
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
static void expected(parser *ps, const char *what)
{
    const ptx_token *t = &ps->tok;
    if (t->kind == PTX_T_EOF)
        fail_at(ps, t->line, t->col, "expected %s, found the end of the file", what);
    if (t->kind == PTX_T_UNTERMINATED)
        fail_at(ps, t->line, t->col, "unterminated comment");
    fail_at(ps, t->line, t->col, "expected %s, found '%.*s'", what, (int)(t->n > 40 ? 40 : t->n), t->p);
}

static void expect_punct(parser *ps, char c, const char *what)
{
    if (!punct(&ps->tok, c))
        expected(ps, what);
    advance(ps);
}

/* Integer literal value (decimal, hex, octal, binary; optional U suffix). */
static int64_t int_value(const ptx_token *t)
{
    const char *p = t->p, *end = t->p + t->n;
    if (end[-1] == 'U')
        end--;
    uint64_t v = 0;
    if (end - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        for (p += 2; p < end; p++)
            v = v * 16 + (uint64_t)(*p <= '9' ? *p - '0' : (*p | 32) - 'a' + 10);
    } else if (end - p > 2 && p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) {
        for (p += 2; p < end; p++)
            v = v * 2 + (uint64_t)(*p - '0');
    } else if (end - p > 1 && p[0] == '0') {
        for (p += 1; p < end; p++)
            v = v * 8 + (uint64_t)(*p - '0');
    } else {
        for (; p < end; p++)
            v = v * 10 + (uint64_t)(*p - '0');
    }
    return (int64_t)v;
}

/* ---- constant expressions (instruction operands and initializers) ---- */

static int64_t parse_expr(parser *ps, int min_prec);

static int64_t parse_primary(parser *ps)
{
    ptx_token t = ps->tok;
    if (t.kind == PTX_T_INT) {
        advance(ps);
        return int_value(&t);
    }
    if (punct(&t, '(')) {
        advance(ps);
        int64_t v = parse_expr(ps, 0);
        expect_punct(ps, ')', "')'");
        return v;
    }
    if (punct(&t, '-') || punct(&t, '~') || punct(&t, '!')) {
        advance(ps);
        int64_t v = parse_primary(ps);
        return t.p[0] == '-' ? (int64_t)(0 - (uint64_t)v) : t.p[0] == '~' ? ~v : !v;
    }
    expected(ps, "a constant");
    return 0;
}

static int binary_prec(const ptx_token *t)
{
    if (t->kind == PTX_T_SHL || t->kind == PTX_T_SHR)
        return 4;
    if (t->kind != PTX_T_PUNCT)
        return -1;
    switch (t->p[0]) {
    case '*':
    case '/':
    case '%':
        return 5;
    case '+':
    case '-':
        return 3;
    case '&':
        return 2;
    case '^':
        return 1;
    case '|':
        return 0;
    default:
        return -1;
    }
}

static int64_t parse_expr(parser *ps, int min_prec)
{
    int64_t v = parse_primary(ps);
    for (;;) {
        ptx_token op = ps->tok;
        int prec = binary_prec(&op);
        if (prec < min_prec || prec < 0)
            return v;
        advance(ps);
        int64_t r = parse_expr(ps, prec + 1);
        uint64_t a = (uint64_t)v, b = (uint64_t)r;
        if (op.kind == PTX_T_SHL)
            v = (int64_t)(a << (b & 63));
        else if (op.kind == PTX_T_SHR)
            v = v >> (b & 63);
        else
            switch (op.p[0]) {
            case '*':
                v = (int64_t)(a * b);
                break;
            case '/':
                v = (r == 0 || (v == INT64_MIN && r == -1)) ? 0 : v / r;
                break;
            case '%':
                v = (r == 0 || r == -1) ? 0 : v % r;
                break;
            case '+':
                v = (int64_t)(a + b);
                break;
            case '-':
                v = (int64_t)(a - b);
                break;
            case '&':
                v = v & r;
                break;
            case '^':
                v = v ^ r;
                break;
            default:
                v = v | r;
                break;
            }
    }
}

/* ---- registers and symbols ---- */

static int32_t new_reg(parser *ps, const char *p, uint32_t n, uint8_t cls)
{
    ptx_function *f = ps->f;
    PTX_PUSH(f->regs, f->nregs, f->regc);
    f->regs[f->nregs] = (ptx_reg){p, n, cls};
    ptx_strmap_put(&ps->regs, p, n, (int32_t)f->nregs);
    return (int32_t)f->nregs++;
}

static const struct sreg_name {
    const char *name;
    int base;
    bool dims;
} sregs[] = {
    {"%tid", PTX_SR_TID, true},
    {"%ntid", PTX_SR_NTID, true},
    {"%ctaid", PTX_SR_CTAID, true},
    {"%nctaid", PTX_SR_NCTAID, true},
    {"%laneid", PTX_SR_LANEID, false},
    {"%warpid", PTX_SR_WARPID, false},
    {"%nwarpid", PTX_SR_OTHER_UNIFORM, false},
    {"%smid", PTX_SR_OTHER_VARIANT, false},
    {"%nsmid", PTX_SR_OTHER_UNIFORM, false},
    {"%gridid", PTX_SR_OTHER_UNIFORM, false},
    {"%clock", PTX_SR_OTHER_VARIANT, false},
    {"%clock_hi", PTX_SR_OTHER_VARIANT, false},
    {"%clock64", PTX_SR_OTHER_VARIANT, false},
    {"%lanemask_eq", PTX_SR_OTHER_VARIANT, false},
    {"%lanemask_le", PTX_SR_OTHER_VARIANT, false},
    {"%lanemask_lt", PTX_SR_OTHER_VARIANT, false},
    {"%lanemask_ge", PTX_SR_OTHER_VARIANT, false},
    {"%lanemask_gt", PTX_SR_OTHER_VARIANT, false},
    {"%globaltimer", PTX_SR_OTHER_VARIANT, false},
    {"%globaltimer_lo", PTX_SR_OTHER_VARIANT, false},
    {"%globaltimer_hi", PTX_SR_OTHER_VARIANT, false},
    {"%total_smem_size", PTX_SR_OTHER_UNIFORM, false},
    {"%dynamic_smem_size", PTX_SR_OTHER_UNIFORM, false},
    {"%aggr_smem_size", PTX_SR_OTHER_UNIFORM, false},
    {"%cluster_ctarank", PTX_SR_OTHER_UNIFORM, false},
    {"%cluster_nctarank", PTX_SR_OTHER_UNIFORM, false},
    {"%clusterid", PTX_SR_OTHER_UNIFORM, true},
    {"%nclusterid", PTX_SR_OTHER_UNIFORM, true},
    {"%cluster_ctaid", PTX_SR_OTHER_UNIFORM, true},
    {"%cluster_nctaid", PTX_SR_OTHER_UNIFORM, true},
    {"%is_explicit_cluster", PTX_SR_OTHER_UNIFORM, false},
    {"%current_graph_exec", PTX_SR_OTHER_UNIFORM, false},
};

static bool prefixed_number(const ptx_token *t, const char *prefix)
{
    size_t n = strlen(prefix);
    if (t->n <= n || memcmp(t->p, prefix, n) != 0)
        return false;
    for (size_t i = n; i < t->n; i++)
        if (t->p[i] < '0' || t->p[i] > '9')
            return false;
    return true;
}

/* Special register id for the current token (with its .x/.y/.z), or -1. */
static int special_reg(parser *ps)
{
    const ptx_token *t = &ps->tok;
    int base = -1;
    bool dims = false;
    for (size_t i = 0; i < sizeof sregs / sizeof sregs[0]; i++)
        if (tok_is(t, sregs[i].name)) {
            base = sregs[i].base;
            dims = sregs[i].dims;
            break;
        }
    if (base < 0 && (prefixed_number(t, "%envreg") || prefixed_number(t, "%pm")))
        base = PTX_SR_OTHER_UNIFORM;
    if (base < 0 && (prefixed_number(t, "%reserved_smem_offset_") || TOK_IS(t, "%reserved_smem_offset_begin") ||
                     TOK_IS(t, "%reserved_smem_offset_end") || TOK_IS(t, "%reserved_smem_offset_cap")))
        base = PTX_SR_OTHER_UNIFORM;
    if (base < 0)
        return -1;
    int comp = 0;
    if (dims) {
        const ptx_token *n = peek(ps);
        if (n->kind != PTX_T_DOTWORD || n->n != 2 || (n->p[1] != 'x' && n->p[1] != 'y' && n->p[1] != 'z'))
            fail_at(ps, n->line, n->col, "expected .x, .y or .z after '%.*s'", (int)t->n, t->p);
        comp = n->p[1] - 'x';
        advance(ps);
    }
    return base * 4 + comp;
}

/* The register named by the current token: declared directly or by a %name<N> range. */
static int32_t lookup_reg(parser *ps)
{
    const ptx_token *t = &ps->tok;
    uint32_t digits = 0;
    while (digits < t->n && t->p[t->n - 1 - digits] >= '0' && t->p[t->n - 1 - digits] <= '9')
        digits++;
    if (digits && digits < t->n && digits <= 9) {
        uint32_t plen = t->n - digits;
        uint64_t idx = 0;
        for (uint32_t i = plen; i < t->n; i++)
            idx = idx * 10 + (uint64_t)(t->p[i] - '0');
        bool leading_zero = digits > 1 && t->p[plen] == '0';
        for (uint32_t i = 0; i < ps->nranges && !leading_zero; i++) {
            range_decl *d = &ps->ranges[i];
            if (d->n != plen || memcmp(d->p, t->p, plen) != 0 || idx >= d->count)
                continue;
            if (!d->ids)
                d->ids = ptx_xcalloc(d->count, sizeof *d->ids);
            if (!d->ids[idx])
                d->ids[idx] = new_reg(ps, t->p, t->n, d->cls) + 1;
            return d->ids[idx] - 1;
        }
    }
    return ptx_strmap_get(&ps->regs, t->p, t->n);
}

static void free_ranges(parser *ps)
{
    for (uint32_t i = 0; i < ps->nranges; i++)
        free(ps->ranges[i].ids);
    ps->nranges = 0;
}

static int32_t add_symbol(parser *ps, const ptx_token *name, uint8_t space, int64_t size)
{
    ptx_module *m = ps->m;
    PTX_PUSH(m->syms, m->nsyms, m->symc);
    m->syms[m->nsyms] = (ptx_symbol){.name = name->p, .len = name->n, .space = space, .size = size, .line = name->line};
    ptx_strmap_put(&ps->syms, name->p, name->n, (int32_t)m->nsyms);
    return (int32_t)m->nsyms++;
}

/* ---- declarations ---- */

/* Skips an initializer: a constant, a symbol, or a braced list of them. */
static void skip_initializer(parser *ps)
{
    int depth = 0;
    do {
        if (ps->tok.kind == PTX_T_EOF)
            expected(ps, "';' after the initializer");
        if (punct(&ps->tok, '{'))
            depth++;
        else if (punct(&ps->tok, '}'))
            depth--;
        else if (depth == 0 && punct(&ps->tok, ';'))
            return;
        advance(ps);
    } while (depth > 0 || !punct(&ps->tok, ';'));
}

/* A variable in a state space: .space [.align N] [.v2/.v4] .type name[N][M] [= init] ; */
static void parse_variable(parser *ps, uint8_t space)
{
    int bits = 8, vec = 1;
    advance(ps); /* the state space */
    while (ps->tok.kind == PTX_T_DOTWORD) {
        if (TOK_IS(&ps->tok, ".align")) {
            advance(ps);
            if (ps->tok.kind != PTX_T_INT)
                expected(ps, "an alignment after .align");
        } else if (TOK_IS(&ps->tok, ".v2") || TOK_IS(&ps->tok, ".v4") || TOK_IS(&ps->tok, ".v8")) {
            vec = ps->tok.p[2] - '0';
        } else if (ptx_type_bits(&ps->tok) > 0) {
            bits = ptx_type_bits(&ps->tok);
        }
        advance(ps);
    }
    for (;;) {
        if (ps->tok.kind != PTX_T_IDENT)
            expected(ps, "a variable name");
        ptx_token name = ps->tok;
        advance(ps);
        int64_t count = 1;
        while (punct(&ps->tok, '[')) {
            advance(ps);
            if (punct(&ps->tok, ']')) {
                count = 0;
            } else {
                if (ps->tok.kind != PTX_T_INT)
                    expected(ps, "an integer array size");
                int64_t dim = int_value(&ps->tok);
                dim = dim < 0 || dim > (1 << 30) ? (1 << 30) : dim;
                count = count > ((int64_t)1 << 40) / (dim ? dim : 1) ? ((int64_t)1 << 40) : count * dim;
                advance(ps);
            }
            expect_punct(ps, ']', "']'");
        }
        int64_t size = count * vec * (bits < 8 ? 1 : bits / 8);
        if (space == PTX_SP_NONE) {
            /* .reg declaration */
            if (punct(&ps->tok, '<')) {
                advance(ps);
                if (ps->tok.kind != PTX_T_INT)
                    expected(ps, "a register count");
                int64_t n = int_value(&ps->tok);
                advance(ps);
                expect_punct(ps, '>', "'>'");
                PTX_PUSH(ps->ranges, ps->nranges, ps->rangec);
                ps->ranges[ps->nranges++] = (range_decl){name.p, name.n,
                                                         (uint32_t)(n > 1000000 ? 1000000
                                                                    : n < 0     ? 0
                                                                                : n),
                                                         ptx_class_of_bits(vec > 1 ? bits * vec : bits), NULL};
            } else {
                if (ptx_strmap_get(&ps->regs, name.p, name.n) >= 0)
                    fail_at(ps, name.line, name.col, "duplicate definition of register '%.*s'", (int)name.n, name.p);
                new_reg(ps, name.p, name.n, ptx_class_of_bits(vec > 1 ? bits * vec : bits));
            }
        } else {
            add_symbol(ps, &name, space, size);
            if (ps->f && space == PTX_SP_LOCAL)
                ps->f->local_bytes += size;
            if (ps->f && space == PTX_SP_SHARED)
                ps->f->shared_bytes += size;
            if (!ps->f && space == PTX_SP_SHARED)
                ps->m->shared_bytes += size;
        }
        if (punct(&ps->tok, '=')) {
            advance(ps);
            skip_initializer(ps);
        }
        if (!punct(&ps->tok, ','))
            break;
        advance(ps);
    }
    expect_punct(ps, ';', "';' after the declaration");
}

static void skip_statement(parser *ps)
{
    while (!punct(&ps->tok, ';')) {
        if (ps->tok.kind == PTX_T_EOF)
            expected(ps, "';'");
        if (ps->tok.kind == PTX_T_BAD || ps->tok.kind == PTX_T_UNTERMINATED)
            expected(ps, "a PTX token");
        advance(ps);
    }
    advance(ps);
}

/* .loc and .file end at the end of their line (no ';'). */
static void skip_line_directive(parser *ps)
{
    uint32_t line = ps->tok.line;
    advance(ps);
    while (ps->tok.kind != PTX_T_EOF && ps->tok.line == line && !punct(&ps->tok, '}')) {
        if (ps->tok.kind == PTX_T_BAD || ps->tok.kind == PTX_T_UNTERMINATED)
            expected(ps, "a PTX token");
        advance(ps);
    }
}

/* ---- instructions ---- */

static uint32_t push_operand(parser *ps, ptx_operand o)
{
    ptx_function *f = ps->f;
    PTX_PUSH(f->opnds, f->nopnds, f->opndc);
    f->opnds[f->nopnds] = o;
    return f->nopnds++;
}

static void add_fixup(parser *ps, uint32_t opnd, const ptx_token *t)
{
    PTX_PUSH(ps->fixups, ps->nfixups, ps->fixupc);
    ps->fixups[ps->nfixups++] = (fixup){ps->f->nins, opnd, t->p, t->n, t->line, t->col};
}

/* A register, special register or symbol; leaves the operand in *o. */
static void parse_name(parser *ps, ptx_operand *o, bool label_ok)
{
    const ptx_token t = ps->tok;
    if (t.p[0] == '%') {
        int32_t r = lookup_reg(ps);
        int s = r < 0 ? special_reg(ps) : -1;
        if (s >= 0) {
            o->kind = PTX_O_SREG;
            o->reg = s;
        } else {
            if (r < 0)
                fail_at(ps, t.line, t.col, "unknown register '%.*s' (not declared by .reg)", (int)t.n, t.p);
            o->kind = PTX_O_REG;
            o->reg = r;
        }
        advance(ps);
        if (ps->tok.kind == PTX_T_DOTWORD && ps->tok.n == 2) /* vector register component */
            advance(ps);
        return;
    }
    if (TOK_IS(&t, "_")) {
        o->kind = PTX_O_SINK;
        advance(ps);
        return;
    }
    o->kind = PTX_O_SYM;
    o->sym = ptx_strmap_get(&ps->syms, t.p, t.n);
    if (o->sym < 0) {
        if (!label_ok)
            fail_at(ps, t.line, t.col, "unknown symbol '%.*s'", (int)t.n, t.p);
        o->reg = -1;
        ps->unresolved = t;
    }
    advance(ps);
}

static void parse_address(parser *ps, ptx_operand *o)
{
    advance(ps); /* [ */
    o->kind = PTX_O_ADDR;
    o->reg = -1;
    o->sym = -1;
    if (ps->tok.kind == PTX_T_IDENT) {
        ptx_operand base = {0};
        parse_name(ps, &base, false);
        if (base.kind == PTX_O_REG)
            o->reg = base.reg;
        else if (base.kind == PTX_O_SYM)
            o->sym = base.sym;
        else
            fail_at(ps, o->line, o->col, "expected a register or a variable in the address");
        if (punct(&ps->tok, '+') || punct(&ps->tok, '-')) {
            bool minus = punct(&ps->tok, '-');
            advance(ps);
            int64_t v = parse_expr(ps, 3 + 1);
            o->imm = minus ? (int64_t)(0 - (uint64_t)v) : v;
        }
    } else {
        o->imm = parse_expr(ps, 0);
    }
    expect_punct(ps, ']', "']' closing the address");
}

static void parse_operand(parser *ps, ptx_operand *o, bool label_ok, bool list_ok);

/* {a, b, ...} or (a, b, ...): the elements follow in the pool, *o points at them. */
static void parse_group(parser *ps, ptx_operand *o, char close, uint8_t kind)
{
    advance(ps);
    ptx_operand items[64];
    int n = 0;
    while (!punct(&ps->tok, close)) {
        if (n == 64)
            fail_at(ps, ps->tok.line, ps->tok.col, "too many elements in an operand list");
        items[n] = (ptx_operand){.line = ps->tok.line, .col = ps->tok.col, .sym = -1};
        parse_operand(ps, &items[n], false, false);
        n++;
        if (punct(&ps->tok, ','))
            advance(ps);
        else if (!punct(&ps->tok, close))
            expected(ps, close == '}' ? "',' or '}'" : "',' or ')'");
    }
    advance(ps);
    o->kind = kind;
    o->count = n;
    o->reg = (int32_t)ps->f->nopnds;
    for (int i = 0; i < n; i++)
        push_operand(ps, items[i]);
}

static void parse_operand(parser *ps, ptx_operand *o, bool label_ok, bool list_ok)
{
    o->line = ps->tok.line;
    o->col = ps->tok.col;
    o->sym = -1;
    if (punct(&ps->tok, '!') && peek(ps)->kind == PTX_T_IDENT) {
        advance(ps);
        o->neg = 1;
    }
    if (ps->tok.kind == PTX_T_IDENT) {
        parse_name(ps, o, label_ok);
    } else if (punct(&ps->tok, '[')) {
        parse_address(ps, o);
    } else if (punct(&ps->tok, '{')) {
        parse_group(ps, o, '}', PTX_O_VEC);
    } else if (punct(&ps->tok, '(') && list_ok) {
        parse_group(ps, o, ')', PTX_O_LIST);
    } else if (ps->tok.kind == PTX_T_FLOAT || (punct(&ps->tok, '-') && peek(ps)->kind == PTX_T_FLOAT)) {
        if (punct(&ps->tok, '-'))
            advance(ps);
        o->kind = PTX_O_FIMM;
        advance(ps);
    } else {
        o->kind = PTX_O_IMM;
        o->imm = parse_expr(ps, 0);
    }
}

/* An instruction's guard: @%p or @!%p. */
static void parse_guard(parser *ps, ptx_instr *in)
{
    advance(ps);
    if (punct(&ps->tok, '!')) {
        in->guard_neg = 1;
        advance(ps);
    }
    if (ps->tok.kind != PTX_T_IDENT || ps->tok.p[0] != '%')
        expected(ps, "a predicate register after '@'");
    in->guard = lookup_reg(ps);
    if (in->guard < 0)
        fail_at(ps, ps->tok.line, ps->tok.col, "unknown register '%.*s'", (int)ps->tok.n, ps->tok.p);
    advance(ps);
}

/* The opcode and its modifiers: the kind, state space, vector width, type size of the instruction. */
static void parse_opcode(parser *ps, ptx_instr *in)
{
    ptx_function *f = ps->f;
    if (ps->tok.kind != PTX_T_IDENT)
        expected(ps, "an instruction");
    const ptx_opcode *oi = ptx_find_opcode(ps->tok.p, ps->tok.n);
    if (!oi)
        fail_at(ps, ps->tok.line, ps->tok.col, "not a known instruction: '%.*s'", (int)ps->tok.n, ps->tok.p);
    in->op = ps->tok.p;
    in->oplen = ps->tok.n;
    in->kind = oi->kind;
    in->line = ps->tok.line;
    in->col = ps->tok.col;
    advance(ps);
    in->mods = f->nmods;
    while (ps->tok.kind == PTX_T_DOTWORD) {
        PTX_PUSH(f->mods, f->nmods, f->modc);
        f->mods[f->nmods++] = ps->tok;
        advance(ps);
    }
    in->nmods = (uint16_t)(f->nmods - in->mods > 65535 ? 65535 : f->nmods - in->mods);
    ptx_classify_modifiers(in, in->nmods ? f->mods + in->mods : NULL);
}

/* The operands up to ';' (at most 16) into ops, with the names still unresolved (labels) in names;
 * returns how many. */
static uint32_t parse_operands(parser *ps, const ptx_instr *in, ptx_operand ops[16], ptx_token names[16])
{
    ptx_function *f = ps->f;
    uint32_t count = 0;
    bool branchy = in->kind == PTX_K_BRA || in->kind == PTX_K_CALL || in->kind == PTX_K_BRX || in->kind == PTX_K_MOV;
    if (!punct(&ps->tok, ';')) {
        for (;;) {
            if (count == 16)
                fail_at(ps, ps->tok.line, ps->tok.col, "too many operands");
            ops[count] = (ptx_operand){0};
            parse_operand(ps, &ops[count], branchy, in->kind == PTX_K_CALL);
            names[count] = ps->unresolved;
            if (punct(&ps->tok, '|')) { /* setp's second destination */
                advance(ps);
                ptx_operand second = {0};
                parse_operand(ps, &second, false, false);
                ptx_operand pair = {.kind = PTX_O_VEC,
                                    .count = 2,
                                    .reg = (int32_t)f->nopnds,
                                    .sym = -1,
                                    .line = ops[count].line,
                                    .col = ops[count].col};
                push_operand(ps, ops[count]);
                push_operand(ps, second);
                ops[count] = pair;
            }
            count++;
            if (!punct(&ps->tok, ','))
                break;
            advance(ps);
        }
    }
    if (!punct(&ps->tok, ';'))
        expected(ps, "',' or ';' after an operand");
    advance(ps);
    return count;
}

static void parse_instruction(parser *ps)
{
    ptx_function *f = ps->f;
    ptx_instr in = {.guard = -1, .target = -1, .line = ps->tok.line, .col = ps->tok.col};
    if (punct(&ps->tok, '@'))
        parse_guard(ps, &in);
    parse_opcode(ps, &in);
    ptx_operand ops[16];
    ptx_token names[16];
    uint32_t count = parse_operands(ps, &in, ops, names);
    in.opnds = f->nopnds; /* after the elements of vector operands, which parse_operands pushed */
    in.nopnd = (uint16_t)count;
    for (uint32_t i = 0; i < count; i++) {
        if (ops[i].kind == PTX_O_SYM && ops[i].sym < 0)
            add_fixup(ps, f->nopnds, &names[i]);
        push_operand(ps, ops[i]);
    }
    if (in.kind == PTX_K_BRA && count != 1)
        fail_at(ps, in.line, in.col, "bra takes one label");
    PTX_PUSH(f->ins, f->nins, f->insc);
    f->ins[f->nins++] = in;
}

/* ---- functions ---- */

static void parse_params(parser *ps)
{
    expect_punct(ps, '(', "'('");
    while (!punct(&ps->tok, ')')) {
        if (!TOK_IS(&ps->tok, ".param") && !TOK_IS(&ps->tok, ".reg"))
            expected(ps, "'.param' in the parameter list");
        uint8_t space = TOK_IS(&ps->tok, ".param") ? PTX_SP_PARAM : PTX_SP_NONE;
        advance(ps);
        int bits = 8;
        while (ps->tok.kind == PTX_T_DOTWORD) {
            if (TOK_IS(&ps->tok, ".align")) {
                advance(ps);
                if (ps->tok.kind != PTX_T_INT)
                    expected(ps, "an alignment");
            } else if (ptx_type_bits(&ps->tok) > 0) {
                bits = ptx_type_bits(&ps->tok);
            }
            advance(ps);
        }
        if (ps->tok.kind != PTX_T_IDENT)
            expected(ps, "a parameter name");
        ptx_token name = ps->tok;
        advance(ps);
        int64_t count = 1;
        if (punct(&ps->tok, '[')) {
            advance(ps);
            if (ps->tok.kind != PTX_T_INT)
                expected(ps, "an integer array size");
            count = int_value(&ps->tok);
            count = count < 0 || count > (1 << 30) ? (1 << 30) : count;
            advance(ps);
            expect_punct(ps, ']', "']'");
        }
        if (space == PTX_SP_PARAM)
            add_symbol(ps, &name, PTX_SP_PARAM, count * (bits / 8 ? bits / 8 : 1));
        else if (ps->f)
            new_reg(ps, name.p, name.n, ptx_class_of_bits(bits));
        if (punct(&ps->tok, ','))
            advance(ps);
        else if (!punct(&ps->tok, ')'))
            expected(ps, "',' or ')' in the parameter list");
    }
    advance(ps);
}

static int64_t clamp_dimension(int64_t v)
{
    return v < 0 ? 0 : v > 1 << 20 ? 1 << 20 : v;
}

static int int_directive(parser *ps)
{
    advance(ps);
    if (ps->tok.kind != PTX_T_INT)
        expected(ps, "an integer");
    /* Each dimension clamped to [0, 2^20] and the product to 2^30: no overflow whatever the text. */
    int64_t product = clamp_dimension(int_value(&ps->tok));
    advance(ps);
    while (punct(&ps->tok, ',')) {
        advance(ps);
        if (ps->tok.kind != PTX_T_INT)
            expected(ps, "an integer");
        product *= clamp_dimension(int_value(&ps->tok));
        product = product > 1 << 30 ? 1 << 30 : product;
        advance(ps);
    }
    return (int)product;
}

static void resolve_fixups(parser *ps)
{
    ptx_function *f = ps->f;
    for (uint32_t i = 0; i < ps->nfixups; i++) {
        fixup *x = &ps->fixups[i];
        ptx_operand *o = &f->opnds[x->opnd];
        const char *p = x->p;
        uint32_t n = x->n;
        int32_t label = ptx_strmap_get(&ps->labels, p, n);
        int32_t sym = ptx_strmap_get(&ps->syms, p, n);
        if (label >= 0) {
            o->reg = label;
            f->ins[x->ins].target = label;
        } else if (sym >= 0) {
            o->sym = sym;
        } else {
            fail_at(ps, o->line, o->col, "unknown label or symbol '%.*s'", (int)n, p);
        }
    }
    ps->nfixups = 0;
}

static void parse_body(parser *ps)
{
    ptx_function *f = ps->f;
    int depth = 1;
    advance(ps); /* { */
    while (depth > 0) {
        ptx_token *t = &ps->tok;
        if (t->kind == PTX_T_EOF)
            expected(ps, "'}' closing the function body");
        if (punct(t, '}')) {
            depth--;
            advance(ps);
        } else if (punct(t, '{')) {
            depth++;
            advance(ps);
        } else if (t->kind == PTX_T_DOTWORD) {
            if (TOK_IS(t, ".reg")) {
                parse_variable(ps, PTX_SP_NONE);
            } else if (TOK_IS(t, ".loc") || TOK_IS(t, ".file")) {
                skip_line_directive(ps);
            } else if (TOK_IS(t, ".pragma")) {
                skip_statement(ps);
            } else {
                uint8_t sp = ptx_space_of(t);
                if (sp == PTX_SP_NONE || sp == PTX_SP_TEX)
                    fail_at(ps, t->line, t->col, "unexpected directive '%.*s' in a function body", (int)t->n, t->p);
                parse_variable(ps, sp);
            }
        } else if (t->kind == PTX_T_IDENT && punct(peek(ps), ':')) {
            if (ptx_strmap_get(&ps->labels, t->p, t->n) >= 0)
                fail_at(ps, t->line, t->col, "duplicate label '%.*s'", (int)t->n, t->p);
            ptx_strmap_put(&ps->labels, t->p, t->n, (int32_t)f->nins);
            f->nlabels++;
            advance(ps);
            advance(ps);
            if (ps->tok.kind == PTX_T_DOTWORD &&
                (TOK_IS(&ps->tok, ".branchtargets") || TOK_IS(&ps->tok, ".callprototype") ||
                 TOK_IS(&ps->tok, ".calltargets")))
                skip_statement(ps);
        } else if (t->kind == PTX_T_IDENT || punct(t, '@')) {
            parse_instruction(ps);
        } else {
            expected(ps, "an instruction, a label or a directive");
        }
    }
    resolve_fixups(ps);
}

static void parse_function(parser *ps, bool is_entry, uint32_t line)
{
    ptx_module *m = ps->m;
    ptx_function *f = ptx_alloc(&m->arena, sizeof *f);
    f->is_entry = is_entry;
    f->line = line;
    ps->f = f;
    ptx_strmap_clear(&ps->regs);
    ptx_strmap_clear(&ps->labels);
    free_ranges(ps);
    ps->nfixups = 0;
    advance(ps); /* .entry / .func */
    if (!is_entry && punct(&ps->tok, '('))
        parse_params(ps); /* return parameters */
    if (ps->tok.kind != PTX_T_IDENT)
        expected(ps, "a function name");
    f->name = ps->tok.p;
    f->namelen = ps->tok.n;
    f->line = ps->tok.line;
    int32_t existing = ptx_strmap_get(&ps->syms, ps->tok.p, ps->tok.n);
    if (existing < 0) {
        int32_t s = add_symbol(ps, &ps->tok, PTX_SP_NONE, 0);
        m->syms[s].is_func = 1;
        m->syms[s].is_entry = is_entry;
    }
    advance(ps);
    if (punct(&ps->tok, '('))
        parse_params(ps);
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
        else if (TOK_IS(t, ".noreturn") || TOK_IS(t, ".explicitcluster"))
            advance(ps);
        else if (TOK_IS(t, ".pragma")) {
            skip_statement(ps);
        } else
            fail_at(ps, t->line, t->col, "unexpected directive '%.*s' before the function body", (int)t->n, t->p);
    }
    if (punct(&ps->tok, ';')) {
        advance(ps);
        free(f->regs);
        ps->f = NULL;
        return; /* a declaration */
    }
    if (!punct(&ps->tok, '{'))
        expected(ps, "'{' or ';' after the function header");
    f->has_body = true;
    parse_body(ps);
    if (m->last_func)
        m->last_func->next = f;
    else
        m->funcs = f;
    m->last_func = f;
    m->nfuncs++;
    m->nentries += is_entry;
    ps->f = NULL;
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

static void parse_header(parser *ps)
{
    ptx_module *m = ps->m;
    if (!TOK_IS(&ps->tok, ".version"))
        fail_at(ps, ps->tok.line, ps->tok.col, "missing .version directive at the start of the file");
    advance(ps);
    if (ps->tok.kind != PTX_T_FLOAT || ps->tok.n < 3)
        expected(ps, "a version number such as 8.0");
    const char *dot = memchr(ps->tok.p, '.', ps->tok.n);
    if (!dot || ps->tok.p[0] == '0' || dot - ps->tok.p > 2)
        expected(ps, "a version number such as 8.0");
    m->version_major = (int)int_value(&(ptx_token){.p = ps->tok.p, .n = (uint32_t)(dot - ps->tok.p)});
    m->version_minor = dot[1] - '0';
    if (m->version_major * 10 + m->version_minor > 90 || m->version_major < 1 ||
        (uint32_t)(dot + 2 - ps->tok.p) != ps->tok.n)
        fail_at(ps, ps->tok.line, ps->tok.col, "unsupported .version %.*s; the newest is 9.0", (int)ps->tok.n,
                ps->tok.p);
    advance(ps);
    if (!TOK_IS(&ps->tok, ".target"))
        fail_at(ps, ps->tok.line, ps->tok.col, "expected .target after .version");
    advance(ps);
    for (;;) {
        if (ps->tok.kind != PTX_T_IDENT)
            expected(ps, "a target such as sm_80");
        if (ps->tok.n > 3 && memcmp(ps->tok.p, "sm_", 3) == 0) {
            snprintf(m->target, sizeof m->target, "%.*s", (int)(ps->tok.n < 15 ? ps->tok.n : 15), ps->tok.p);
            int need = min_version(m->target);
            if (need < 0)
                fail_at(ps, ps->tok.line, ps->tok.col, "unknown target '%s'", m->target);
            if (m->version_major * 10 + m->version_minor < need)
                fail_at(ps, ps->tok.line, ps->tok.col, "PTX .version %d.%d does not support .target %s",
                        m->version_major, m->version_minor, m->target);
        } else if (!TOK_IS(&ps->tok, "texmode_unified") && !TOK_IS(&ps->tok, "texmode_independent") &&
                   !TOK_IS(&ps->tok, "debug") && !TOK_IS(&ps->tok, "map_f64_to_f32")) {
            fail_at(ps, ps->tok.line, ps->tok.col, "unknown target '%.*s'", (int)ps->tok.n, ps->tok.p);
        }
        advance(ps);
        if (!punct(&ps->tok, ','))
            break;
        advance(ps);
    }
    if (!m->target[0])
        fail_at(ps, ps->tok.line, ps->tok.col, "the .target directive names no sm_XX architecture");
    m->address_size = 32;
    if (TOK_IS(&ps->tok, ".address_size")) {
        advance(ps);
        if (ps->tok.kind != PTX_T_INT || (int_value(&ps->tok) != 32 && int_value(&ps->tok) != 64))
            expected(ps, "32 or 64 after .address_size");
        m->address_size = (int)int_value(&ps->tok);
        advance(ps);
    }
}

static void skip_section(parser *ps)
{
    advance(ps); /* .section */
    while (!punct(&ps->tok, '{')) {
        if (ps->tok.kind == PTX_T_EOF)
            expected(ps, "'{' opening the section");
        advance(ps);
    }
    int depth = 0;
    do {
        if (ps->tok.kind == PTX_T_EOF)
            expected(ps, "'}' closing the section");
        if (punct(&ps->tok, '{'))
            depth++;
        else if (punct(&ps->tok, '}'))
            depth--;
        advance(ps);
    } while (depth > 0);
}

static void parse_module(parser *ps)
{
    advance(ps);
    parse_header(ps);
    while (ps->tok.kind != PTX_T_EOF) {
        ptx_token *t = &ps->tok;
        if (t->kind != PTX_T_DOTWORD)
            expected(ps, "a directive");
        uint32_t line = t->line;
        if (TOK_IS(t, ".visible") || TOK_IS(t, ".extern") || TOK_IS(t, ".weak") || TOK_IS(t, ".common")) {
            advance(ps);
            continue;
        }
        if (TOK_IS(t, ".entry") || TOK_IS(t, ".func")) {
            parse_function(ps, TOK_IS(t, ".entry"), line);
        } else if (TOK_IS(t, ".file") || TOK_IS(t, ".loc")) {
            skip_line_directive(ps);
        } else if (TOK_IS(t, ".section")) {
            skip_section(ps);
        } else if (TOK_IS(t, ".pragma") || TOK_IS(t, ".alias")) {
            skip_statement(ps);
        } else if (TOK_IS(t, ".version") || TOK_IS(t, ".target") || TOK_IS(t, ".address_size")) {
            fail_at(ps, t->line, t->col, "'%.*s' may appear only once, at the start", (int)t->n, t->p);
        } else {
            uint8_t sp = ptx_space_of(t);
            if (sp == PTX_SP_NONE || sp == PTX_SP_PARAM)
                fail_at(ps, t->line, t->col, "unexpected directive '%.*s' at module level", (int)t->n, t->p);
            parse_variable(ps, sp);
        }
    }
}

void ptx_parse(ptx_module *m)
{
    parser *ps = ptx_xcalloc(1, sizeof *ps);
    ps->m = m;
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
    ptx_strmap_free(&ps->regs);
    ptx_strmap_free(&ps->syms);
    ptx_strmap_free(&ps->labels);
    free_ranges(ps);
    free(ps->ranges);
    free(ps->fixups);
    free(ps);
}
