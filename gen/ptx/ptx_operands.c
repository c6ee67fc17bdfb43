/* PTX instructions: guard, opcode and modifiers, operands (registers, constants, addresses, vectors,
 * call lists) and constant expressions, into the function's IR. Nothing here has a fixed limit: the
 * operands of an instruction, the elements of a list and the nesting of an expression grow on the heap. */
#include "ptx_parser.h"

#include <math.h>
#include <stdlib.h>

int64_t ptx_int_value(const ptx_token *t)
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

/* A float literal's value: 0f (single) and 0d (double) bit patterns, or decimal. */
static double float_value(const ptx_token *t)
{
    if (t->n > 2 && t->p[0] == '0' && (t->p[1] | 32) == 'f') {
        uint32_t bits = 0;
        for (uint32_t i = 2; i < t->n; i++)
            bits = bits * 16 + (uint32_t)(t->p[i] <= '9' ? t->p[i] - '0' : (t->p[i] | 32) - 'a' + 10);
        float f;
        memcpy(&f, &bits, sizeof f);
        return f;
    }
    if (t->n > 2 && t->p[0] == '0' && (t->p[1] | 32) == 'd') {
        uint64_t bits = 0;
        for (uint32_t i = 2; i < t->n; i++)
            bits = bits * 16 + (uint64_t)(t->p[i] <= '9' ? t->p[i] - '0' : (t->p[i] | 32) - 'a' + 10);
        double d;
        memcpy(&d, &bits, sizeof d);
        return d;
    }
    char small[64], *copy = t->n < sizeof small ? small : ptx_xcalloc(t->n + 1, 1);
    memcpy(copy, t->p, t->n);
    copy[t->n] = 0;
    double d = strtod(copy, NULL);
    if (copy != small)
        free(copy);
    return d;
}

/* ---- constant expressions: C's operators and precedence over 64-bit integers and doubles (ptxas
 * refuses to mix the two), an operator-precedence parser whose stacks live in the parser ---- */

static bool is_warp_sz(const ptx_token *t)
{
    return t->kind == PTX_T_IDENT && TOK_IS(t, "WARP_SZ");
}

/* The binary operator at t (c: its one-character code) and its precedence, or -1. */
static int binary_op(const ptx_token *t, char *c)
{
    static const struct {
        char c;
        int8_t prec;
    } single[] = {{'*', 10}, {'/', 10}, {'%', 10}, {'+', 9}, {'-', 9}, {'<', 7},
                  {'>', 7},  {'&', 5},  {'^', 4},  {'|', 3}, {'?', 0}, {':', 0}};
    if (t->kind == PTX_T_SHL || t->kind == PTX_T_SHR) {
        *c = t->kind == PTX_T_SHL ? 'L' : 'R';
        return 8;
    }
    if (t->kind == PTX_T_OP2) { /* <= >= == != && || */
        static const char codes[] = "<l>g==!!&a|o";
        *c = strchr(codes, t->p[0])[1];
        return t->p[0] == '<' || t->p[0] == '>' ? 7 : t->p[0] == '=' || t->p[0] == '!' ? 6 : t->p[0] == '&' ? 2 : 1;
    }
    if (t->kind != PTX_T_PUNCT)
        return -1;
    for (size_t i = 0; i < sizeof single / sizeof single[0]; i++)
        if (t->p[0] == single[i].c) {
            *c = single[i].c;
            return single[i].prec;
        }
    return -1;
}

static void push_value(ptx_parser *ps, ptx_const v)
{
    PTX_PUSH(ps->vals, ps->nvals, ps->valc);
    ps->vals[ps->nvals++] = v;
}

static void push_op(ptx_parser *ps, char c, int prec, bool unary)
{
    PTX_PUSH(ps->eops, ps->neops, ps->eopc);
    ps->eops[ps->neops++] = (ptx_expr_op){c, (int8_t)prec, unary};
}

static void need_int(ptx_parser *ps, const ptx_const *v)
{
    if (v->is_float)
        ptx_fail_at(ps, ps->tok.line, ps->tok.col, "an integer constant expression is expected here, not a float");
}

static ptx_const apply_unary(ptx_parser *ps, char c, ptx_const v)
{
    if (c == '-')
        return v.is_float ? (ptx_const){.is_float = true, .d = -v.d} : (ptx_const){.i = (int64_t)(0 - (uint64_t)v.i)};
    if (c == '+')
        return v;
    need_int(ps, &v);
    return (ptx_const){.i = c == '~' ? ~v.i : !v.i};
}

static ptx_const compare(char c, double a, double b)
{
    bool r = c == '<' ? a < b : c == '>' ? a > b : c == 'l' ? a <= b : c == 'g' ? a >= b : c == '=' ? a == b : a != b;
    return (ptx_const){.i = r};
}

static ptx_const apply_float(ptx_parser *ps, char c, double a, double b)
{
    switch (c) {
    case '+':
        return (ptx_const){.is_float = true, .d = a + b};
    case '-':
        return (ptx_const){.is_float = true, .d = a - b};
    case '*':
        return (ptx_const){.is_float = true, .d = a * b};
    case '/':
        if (b == 0)
            ptx_fail_at(ps, ps->tok.line, ps->tok.col, "division by zero in a constant expression");
        return (ptx_const){.is_float = true, .d = a / b};
    default:
        if (strchr("<>lg=!", c))
            return compare(c, a, b);
        ptx_fail_at(ps, ps->tok.line, ps->tok.col, "an integer constant expression is expected here, not a float");
    }
}

static ptx_const apply_int(ptx_parser *ps, char c, int64_t a, int64_t b)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    if ((c == '/' || c == '%') && b == 0)
        ptx_fail_at(ps, ps->tok.line, ps->tok.col, "division by zero in a constant expression");
    switch (c) {
    case '*':
        return (ptx_const){.i = (int64_t)(ua * ub)};
    case '/':
        return (ptx_const){.i = a == INT64_MIN && b == -1 ? a : a / b};
    case '%':
        return (ptx_const){.i = b == -1 ? 0 : a % b};
    case '+':
        return (ptx_const){.i = (int64_t)(ua + ub)};
    case '-':
        return (ptx_const){.i = (int64_t)(ua - ub)};
    case 'L':
        return (ptx_const){.i = (int64_t)(ua << (ub & 63))};
    case 'R':
        return (ptx_const){.i = a >> (ub & 63)};
    case '&':
        return (ptx_const){.i = a & b};
    case '^':
        return (ptx_const){.i = a ^ b};
    case '|':
        return (ptx_const){.i = a | b};
    case 'a':
        return (ptx_const){.i = a && b};
    case 'o':
        return (ptx_const){.i = a || b};
    case '<':
        return (ptx_const){.i = a < b};
    case '>':
        return (ptx_const){.i = a > b};
    case 'l':
        return (ptx_const){.i = a <= b};
    case 'g':
        return (ptx_const){.i = a >= b};
    case '=':
        return (ptx_const){.i = a == b};
    default:
        return (ptx_const){.i = a != b};
    }
}

/* Pops the operator on top of the stack and the values it takes, pushes its result. */
static void apply_top(ptx_parser *ps)
{
    ptx_expr_op op = ps->eops[--ps->neops];
    ptx_const b = ps->vals[--ps->nvals];
    if (op.unary) {
        push_value(ps, apply_unary(ps, op.c, b));
        return;
    }
    ptx_const a = ps->vals[--ps->nvals];
    if (op.c == ':') { /* cond ? a : b, with cond below a */
        ptx_const cond = ps->vals[--ps->nvals];
        need_int(ps, &cond); /* ptxas takes ?: over integers only */
        need_int(ps, &a);
        need_int(ps, &b);
        push_value(ps, cond.i ? a : b);
        return;
    }
    if (a.is_float != b.is_float)
        ptx_fail_at(ps, ps->tok.line, ps->tok.col, "a constant expression mixes integer and float operands");
    push_value(ps, a.is_float ? apply_float(ps, op.c, a.d, b.d) : apply_int(ps, op.c, a.i, b.i));
}

/* Applies the binary operators above the innermost '(' or '?' (from obase) that bind at least as
 * tightly as prec. */
static void reduce(ptx_parser *ps, uint32_t obase, int prec)
{
    while (ps->neops > obase) {
        const ptx_expr_op *top = &ps->eops[ps->neops - 1];
        if (top->c == '(' || top->c == '?' || top->prec < prec)
            return;
        apply_top(ps);
    }
}

/* One primary: unary operators and '(' first, then a literal or WARP_SZ. Returns whether the
 * literal was an 0f float, which ptxas takes only on its own. */
static bool parse_primary(ptx_parser *ps, uint32_t *depth)
{
    bool after_unary = false;
    for (;; ptx_advance(ps)) {
        const ptx_token *t = &ps->tok;
        if (ptx_punct(t, '(')) {
            push_op(ps, '(', -1, false);
            ++*depth;
            after_unary = false;
        } else if (ptx_punct(t, '-') || ptx_punct(t, '+') || ptx_punct(t, '~') || ptx_punct(t, '!')) {
            push_op(ps, t->p[0], 11, true);
            after_unary = true;
        } else {
            break;
        }
    }
    const ptx_token *t = &ps->tok;
    bool hexf = t->kind == PTX_T_FLOAT && t->n > 2 && (t->p[1] | 32) == 'f' && t->p[0] == '0';
    if (t->kind == PTX_T_INT)
        push_value(ps, (ptx_const){.i = ptx_int_value(t)});
    else if (is_warp_sz(t))
        push_value(ps, (ptx_const){.i = 32});
    else if (t->kind == PTX_T_FLOAT && !(hexf && after_unary))
        push_value(ps, (ptx_const){.is_float = true, .d = float_value(t)});
    else
        ptx_expected(ps, "a constant");
    ptx_advance(ps);
    return hexf;
}

/* After a primary: the unary operators before it, and each ')' that closes here. */
static bool close_groups(ptx_parser *ps, uint32_t obase, uint32_t *depth, bool hexf)
{
    for (;;) {
        while (ps->neops > obase && ps->eops[ps->neops - 1].unary)
            apply_top(ps);
        if (!*depth || !ptx_punct(&ps->tok, ')'))
            return hexf;
        reduce(ps, obase, 0);
        if (ps->eops[ps->neops - 1].c == '?')
            ptx_expected(ps, "':' of a ?: expression");
        ps->neops--; /* the '(' */
        --*depth;
        hexf = false;
        ptx_advance(ps);
    }
}

/* A literal followed by what ends an operand: most constants, read without the operator stacks. */
static bool lone_literal(ptx_parser *ps, ptx_const *v)
{
    const ptx_token *t = &ps->tok, *next = ptx_peek(ps);
    if ((t->kind != PTX_T_INT && t->kind != PTX_T_FLOAT) || next->kind != PTX_T_PUNCT ||
        (next->p[0] != ',' && next->p[0] != ';' && next->p[0] != ']' && next->p[0] != '}'))
        return false;
    *v = t->kind == PTX_T_INT ? (ptx_const){.i = ptx_int_value(t)} : (ptx_const){.is_float = true, .d = float_value(t)};
    ptx_advance(ps);
    return true;
}

ptx_const ptx_parse_const(ptx_parser *ps)
{
    ptx_const lone;
    if (lone_literal(ps, &lone))
        return lone;
    uint32_t vbase = ps->nvals, obase = ps->neops, depth = 0, open_ternaries = 0;
    for (;;) {
        bool hexf = parse_primary(ps, &depth);
        if (hexf && ps->neops > obase && ps->eops[ps->neops - 1].c != '(')
            ptx_fail_at(ps, ps->tok.line, ps->tok.col, "an 0f float literal cannot be an operand of an operator");
        hexf = close_groups(ps, obase, &depth, hexf);
        char c;
        int prec = binary_op(&ps->tok, &c);
        if (prec < 0 || (c == ':' && !open_ternaries))
            break;
        if (hexf)
            ptx_fail_at(ps, ps->tok.line, ps->tok.col, "an 0f float literal cannot be an operand of '%.*s'",
                        (int)ps->tok.n, ps->tok.p);
        if (c == ':') { /* closes the innermost '?': its middle operand is complete */
            reduce(ps, obase, 0);
            if (ps->neops == obase || ps->eops[ps->neops - 1].c != '?')
                ptx_expected(ps, "a constant expression");
            ps->eops[ps->neops - 1].c = ':';
            open_ternaries--;
        } else {
            reduce(ps, obase, c == '?' ? 1 : prec); /* left-associative; ?: to the right */
            push_op(ps, c, prec, false);
            open_ternaries += c == '?';
        }
        ptx_advance(ps);
    }
    if (open_ternaries || depth)
        ptx_expected(ps, open_ternaries ? "':' of a ?: expression" : "')'");
    reduce(ps, obase, 0);
    ptx_const v = ps->vals[vbase];
    ps->nvals = vbase;
    ps->neops = obase;
    return v;
}

/* ---- operands ---- */

static void push_pending(ptx_parser *ps, ptx_operand o, const ptx_token *unresolved)
{
    if (unresolved) {
        PTX_PUSH(ps->unres, ps->nunres, ps->unresc);
        ps->unres[ps->nunres++] = (ptx_unresolved){ps->npend, *unresolved};
    }
    PTX_PUSH(ps->pend, ps->npend, ps->pendc);
    ps->pend[ps->npend++] = o;
}

static uint32_t push_operand(ptx_parser *ps, ptx_operand o)
{
    ptx_function *f = ps->f;
    PTX_PUSH(f->opnds, f->nopnds, f->opndc);
    f->opnds[f->nopnds] = o;
    return f->nopnds++;
}

static ptx_operand operand_at(const ptx_token *t)
{
    return (ptx_operand){.sym = -1, .line = t->line, .col = t->col};
}

/* A special register or symbol into *o: parse_name for a name that is no register. */
static void parse_other_name(ptx_parser *ps, ptx_operand *o, bool label_ok, ptx_token *unresolved)
{
    const ptx_token t = ps->tok;
    int s = t.p[0] == '%' ? ptx_special_reg(ps) : -1;
    if (s >= 0) {
        o->kind = PTX_O_SREG;
        o->reg = s;
        ptx_advance(ps);
        return;
    }
    if (TOK_IS(&t, "_")) {
        o->kind = PTX_O_SINK;
        ptx_advance(ps);
        return;
    }
    o->kind = PTX_O_SYM;
    o->sym = ptx_lookup_sym(ps);
    if (o->sym < 0) {
        if (t.p[0] == '%' && !label_ok)
            ptx_fail_at(ps, t.line, t.col, "unknown register '%.*s' (not declared by .reg)", (int)t.n, t.p);
        if (!label_ok || !unresolved)
            ptx_fail_at(ps, t.line, t.col, "unknown symbol '%.*s'", (int)t.n, t.p);
        o->reg = -1;
        *unresolved = t;
    }
    ptx_advance(ps);
}

/* A register, special register or symbol into *o; *unresolved keeps a name not known yet (a label,
 * resolved when its scope closes) when label_ok, and is cleared otherwise. Registers need no '%':
 * inline PTX declares .reg .pred p. */
static inline void parse_name(ptx_parser *ps, ptx_operand *o, bool label_ok, ptx_token *unresolved)
{
    if (unresolved)
        unresolved->n = 0;
    int32_t r = ptx_lookup_reg(ps);
    if (r < 0) {
        parse_other_name(ps, o, label_ok, unresolved);
        return;
    }
    o->kind = PTX_O_REG;
    o->reg = r;
    ptx_advance(ps);
    if (ps->tok.kind == PTX_T_DOTWORD && ps->tok.n == 2) { /* a vector register's component */
        o->hex = 1;
        ptx_advance(ps);
    }
}

/* A constant operand: an integer (IMM) or a float (FIMM, its value's bits in imm). */
static void parse_constant(ptx_parser *ps, ptx_operand *o)
{
    const ptx_token *t = &ps->tok;
    o->hex = t->kind == PTX_T_FLOAT && t->n > 2 && t->p[0] == '0' && ((t->p[1] | 32) == 'f' || (t->p[1] | 32) == 'd');
    ptx_const v = ptx_parse_const(ps);
    o->kind = v.is_float ? PTX_O_FIMM : PTX_O_IMM;
    if (v.is_float)
        memcpy(&o->imm, &v.d, sizeof o->imm);
    else
        o->imm = v.i;
}

/* An element of a vector or call list: a register, a sink, a symbol or a constant. */
static ptx_operand parse_element(ptx_parser *ps)
{
    ptx_operand o = operand_at(&ps->tok);
    if (ps->tok.kind == PTX_T_IDENT && !is_warp_sz(&ps->tok))
        parse_name(ps, &o, false, NULL);
    else if (ptx_punct(&ps->tok, '{') || ptx_punct(&ps->tok, '[') || ptx_punct(&ps->tok, '('))
        ptx_expected(ps, "a register or a constant (lists do not nest)");
    else
        parse_constant(ps, &o);
    return o;
}

/* {a, b, ...} or (a, b, ...): the elements go to the pool, the returned operand points at them. */
static ptx_operand parse_list(ptx_parser *ps, char close, uint8_t kind)
{
    ptx_operand list = operand_at(&ps->tok);
    uint32_t base = ps->npend;
    ptx_advance(ps);
    while (!ptx_punct(&ps->tok, close)) {
        push_pending(ps, parse_element(ps), NULL);
        if (ptx_punct(&ps->tok, ','))
            ptx_advance(ps);
        else if (!ptx_punct(&ps->tok, close))
            ptx_expected(ps, close == '}' ? "',' or '}'" : "',' or ')'");
    }
    ptx_advance(ps);
    list.kind = kind;
    list.count = (int32_t)(ps->npend - base);
    list.reg = (int32_t)ps->f->nopnds;
    for (uint32_t i = base; i < ps->npend; i++)
        push_operand(ps, ps->pend[i]);
    ps->npend = base;
    return list;
}

/* [base], [base+offset], [offset]; texture and tensor addresses go on: [map, {x, y}],
 * [tex, sampler, {x, y}]. The items after the first become operands of their own, marked in_addr. */
static void parse_address(ptx_parser *ps)
{
    ptx_operand o = operand_at(&ps->tok);
    ptx_advance(ps); /* [ */
    o.kind = PTX_O_ADDR;
    o.reg = -1;
    if (ps->tok.kind == PTX_T_IDENT && !is_warp_sz(&ps->tok)) {
        ptx_operand base = operand_at(&ps->tok);
        parse_name(ps, &base, false, NULL);
        if (base.kind == PTX_O_REG)
            o.reg = base.reg;
        else if (base.kind == PTX_O_SYM)
            o.sym = base.sym;
        else
            ptx_fail_at(ps, o.line, o.col, "expected a register or a variable in the address");
        if (ptx_punct(&ps->tok, '+')) {
            ptx_advance(ps);
            ptx_const v = ptx_parse_const(ps);
            if (v.is_float)
                ptx_fail_at(ps, ps->tok.line, ps->tok.col, "an address offset must be an integer");
            o.imm = v.i;
        }
    } else {
        ptx_const v = ptx_parse_const(ps);
        if (v.is_float)
            ptx_fail_at(ps, o.line, o.col, "an address must be an integer");
        o.imm = v.i;
    }
    push_pending(ps, o, NULL);
    while (ptx_punct(&ps->tok, ',')) {
        ptx_advance(ps);
        ptx_operand item = ptx_punct(&ps->tok, '{') ? parse_list(ps, '}', PTX_O_VEC) : parse_element(ps);
        item.in_addr = 1;
        push_pending(ps, item, NULL);
    }
    ptx_expect_punct(ps, ']', "']' closing the address");
}

/* a[i] after the variable a: its element i, an address (i scaled by the element's size, as ptxas
 * does; a register index is kept as the address's base). */
static void parse_element_index(ptx_parser *ps, ptx_operand *o)
{
    ptx_advance(ps); /* [ */
    o->kind = PTX_O_ADDR;
    o->reg = -1;
    if (ps->tok.kind == PTX_T_IDENT && !is_warp_sz(&ps->tok)) {
        o->reg = ptx_lookup_reg(ps);
        if (o->reg < 0)
            ptx_expected(ps, "a register or a constant as the index");
        ptx_advance(ps);
    } else {
        ptx_const v = ptx_parse_const(ps);
        if (v.is_float)
            ptx_fail_at(ps, o->line, o->col, "an index must be an integer");
        o->imm = (int64_t)((uint64_t)v.i * ps->m->syms[o->sym].elem);
    }
    ptx_expect_punct(ps, ']', "']' closing the index");
}

/* One operand of an instruction (two for a texture or tensor address) onto ps->pend. */
static void parse_operand(ptx_parser *ps, bool label_ok, bool list_ok)
{
    const ptx_token *t = &ps->tok;
    int32_t r = t->kind == PTX_T_IDENT && !is_warp_sz(t) ? ptx_lookup_reg(ps) : -1;
    if (r >= 0) { /* most operands: a register, written into the pool at once */
        PTX_PUSH(ps->pend, ps->npend, ps->pendc);
        ps->pend[ps->npend++] = (ptx_operand){.kind = PTX_O_REG, .reg = r, .sym = -1, .line = t->line, .col = t->col};
        ptx_advance(ps);
        if (ps->tok.kind == PTX_T_DOTWORD && ps->tok.n == 2) { /* a vector register's component */
            ps->pend[ps->npend - 1].hex = 1;
            ptx_advance(ps);
        }
        return;
    }
    ptx_operand o = operand_at(&ps->tok);
    ptx_token unresolved = {0};
    if (ptx_punct(&ps->tok, '!') && ptx_peek(ps)->kind == PTX_T_IDENT && !is_warp_sz(ptx_peek(ps))) {
        ptx_advance(ps);
        o.neg = 1;
    }
    if (ps->tok.kind == PTX_T_IDENT && !is_warp_sz(&ps->tok)) {
        if (o.neg)
            parse_name(ps, &o, label_ok, &unresolved);
        else
            parse_other_name(ps, &o, label_ok, &unresolved); /* no register: looked up above */
        if (o.kind == PTX_O_SYM && o.sym >= 0 && ptx_punct(&ps->tok, '['))
            parse_element_index(ps, &o);
    } else if (ptx_punct(&ps->tok, '[')) {
        parse_address(ps);
        return;
    } else if (ptx_punct(&ps->tok, '{')) {
        o = parse_list(ps, '}', PTX_O_VEC);
    } else if (ptx_punct(&ps->tok, '(') && list_ok) {
        o = parse_list(ps, ')', PTX_O_LIST);
    } else {
        parse_constant(ps, &o);
    }
    push_pending(ps, o, unresolved.n ? &unresolved : NULL);
}

/* setp's and elect's two destinations, a|b: the last operand becomes the pair. */
static void parse_pair(ptx_parser *ps)
{
    ptx_operand first = ps->pend[ps->npend - 1];
    ptx_advance(ps);
    ptx_operand second = operand_at(&ps->tok);
    if (ps->tok.kind != PTX_T_IDENT)
        ptx_expected(ps, "a register after '|'");
    parse_name(ps, &second, false, NULL);
    ptx_operand pair = {
        .kind = PTX_O_VEC, .count = 2, .reg = (int32_t)ps->f->nopnds, .sym = -1, .line = first.line, .col = first.col};
    push_operand(ps, first);
    push_operand(ps, second);
    ps->pend[ps->npend - 1] = pair;
}

/* The operands up to ';' onto ps->pend; returns where they start there. */
static uint32_t parse_operands(ptx_parser *ps, const ptx_instr *in)
{
    uint32_t base = ps->npend;
    bool branchy = in->kind == PTX_K_BRA || in->kind == PTX_K_CALL || in->kind == PTX_K_BRX || in->kind == PTX_K_MOV;
    if (!ptx_punct(&ps->tok, ';')) {
        for (;;) {
            parse_operand(ps, branchy, in->kind == PTX_K_CALL);
            if (ptx_punct(&ps->tok, '|'))
                parse_pair(ps);
            if (!ptx_punct(&ps->tok, ','))
                break;
            ptx_advance(ps);
        }
    }
    if (!ptx_punct(&ps->tok, ';'))
        ptx_expected(ps, "',' or ';' after an operand");
    ptx_advance(ps);
    return base;
}

/* ---- instructions ---- */

/* An instruction's guard: @%p or @!%p. */
static void parse_guard(ptx_parser *ps, ptx_instr *in)
{
    ptx_advance(ps);
    if (ptx_punct(&ps->tok, '!')) {
        in->guard_neg = 1;
        ptx_advance(ps);
    }
    if (ps->tok.kind != PTX_T_IDENT)
        ptx_expected(ps, "a predicate register after '@'");
    in->guard = ptx_lookup_reg(ps);
    if (in->guard < 0)
        ptx_fail_at(ps, ps->tok.line, ps->tok.col, "unknown register '%.*s'", (int)ps->tok.n, ps->tok.p);
    if (ps->f->regs[in->guard].cls != PTX_RC_PRED)
        ptx_fail_at(ps, ps->tok.line, ps->tok.col, "a guard is a predicate; '%.*s' is not", (int)ps->tok.n, ps->tok.p);
    ptx_advance(ps);
}

/* ---- instruction forms: an opcode and its modifiers ---- */

/* What an opcode with its modifiers gives an instruction (ld.param.u64: its kind, state space,
 * type size, semantics, operand count), read once it has passed the module's gates. */
typedef struct ptx_form {
    const ptx_opcode *oi;
    ptx_instr in;          /* the fields that ptx_classify_modifiers and ptx_classify_semantics set */
    ptx_mod_info mod_info; /* what the modifiers say */
    bool counted;          /* ptxas counts the operands: min_opnds to max_opnds */
    uint8_t sizes;         /* how its registers size up against its type (sizes_rule) */
    uint32_t min_opnds, max_opnds;
} ptx_form;

static int sizes_rule(const ptx_parser *ps, const ptx_instr *in);

/* A form kept with its spelling (the opcode and the modifiers written together, at most FORM_TEXT
 * characters and FORM_MODS modifiers) and the .version and .target it was checked under. Programs
 * spell the same few dozen forms in module after module: the table is kept per thread, indexed by
 * the spelling's hash, and a spelling that finds another in its place reads its form again. */
enum { FORM_TEXT = 32, FORM_MODS = 15, FORM_MEMO_BITS = 9 };
typedef struct form_memo {
    char text[FORM_TEXT];
    uint8_t len, nmods;                             /* len 0: empty */
    uint8_t mod_off[FORM_MODS], mod_len[FORM_MODS]; /* each modifier's place after the opcode */
    uint16_t target_bit;
    int version;
    ptx_form form;
} form_memo;
static _Thread_local form_memo form_memos[1 << FORM_MEMO_BITS];

/* The length of the spelling at p (the longest run of opcode and modifier characters) and its
 * hash, in one pass. */
static uint32_t form_span(const char *p, uint32_t *hash)
{
    const unsigned char *e = (const unsigned char *)p;
    uint32_t h = 2166136261u;
    for (; ptx_char_class[*e] & PTX_CH_FORM; e++)
        h = (h ^ *e) * 16777619u;
    *hash = h;
    return (uint32_t)((const char *)e - p);
}

static int module_version(const ptx_module *m)
{
    return m->version_major * 10 + m->version_minor;
}

/* The memo of the spelling p[0..span) when it holds that spelling's form for this module. */
static const form_memo *known_form(const ptx_parser *ps, const char *p, uint32_t span, uint32_t hash)
{
    const form_memo *memo = &form_memos[(hash * 0x9E3779B9u) >> (32 - FORM_MEMO_BITS)];
    if (memo->len != span || memcmp(memo->text, p, span) != 0 || memo->version != module_version(ps->m) ||
        memo->target_bit != ps->m->target_bit)
        return NULL;
    return memo;
}

/* The modifiers of a known spelling, as the lexer would give them; then the token after them. An
 * opcode without modifiers may have been looked past (is it a label?): the lexer is left alone. */
static void replay_modifiers(ptx_parser *ps, const form_memo *memo, const ptx_token *op)
{
    if (!memo->nmods) {
        ptx_advance(ps);
        return;
    }
    ptx_function *f = ps->f;
    for (uint32_t i = 0; i < memo->nmods; i++) {
        PTX_PUSH(f->mods, f->nmods, f->modc);
        f->mods[f->nmods++] = (ptx_token){.p = op->p + memo->mod_off[i],
                                          .n = memo->mod_len[i],
                                          .kind = PTX_T_DOTWORD,
                                          .line = op->line,
                                          .col = op->col + memo->mod_off[i]};
    }
    ps->lx.cur = op->p + memo->len; /* not looked past (a '.' follows the opcode), and no newline in it */
    ps->has_next = false;
    ptx_advance(ps);
}

/* What the modifiers gave the instruction they were read for (ORDER the fields that
 * ptx_classify_modifiers and ptx_classify_semantics set). */
static void apply_form(ptx_instr *in, const ptx_form *form)
{
    const ptx_instr *c = &form->in;
    in->kind = c->kind;
    in->space = c->space;
    in->vec = c->vec;
    in->tsize = c->tsize;
    in->is_float = c->is_float;
    in->uni = c->uni;
    in->cvta_to = c->cvta_to;
    in->reads = c->reads;
    in->writes = c->writes;
    in->sync = c->sync;
    in->sync_on = c->sync_on;
    in->scope = c->scope;
    in->sem = c->sem;
}

/* Keeps the form of an instruction whose opcode and modifiers are written together and make up its
 * whole spelling, for the instructions spelled alike after it. */
static void keep_form(const ptx_parser *ps, const ptx_instr *in, const ptx_form *form, uint32_t span, uint32_t hash)
{
    const ptx_token *mods = in->nmods ? ps->f->mods + in->mods : NULL; /* no pool yet: none */
    const char *end = in->op + in->oplen;
    for (uint32_t i = 0; i < in->nmods; end = mods[i].p + mods[i].n, i++)
        if (mods[i].p != end)
            return;
    if (end != in->op + span || span > FORM_TEXT || in->nmods > FORM_MODS)
        return;
    form_memo *memo = &form_memos[(hash * 0x9E3779B9u) >> (32 - FORM_MEMO_BITS)];
    memcpy(memo->text, in->op, span);
    memo->len = (uint8_t)span;
    memo->nmods = (uint8_t)in->nmods;
    for (uint32_t i = 0; i < in->nmods; i++) {
        memo->mod_off[i] = (uint8_t)(mods[i].p - in->op);
        memo->mod_len[i] = (uint8_t)mods[i].n;
    }
    memo->version = module_version(ps->m);
    memo->target_bit = ps->m->target_bit;
    memo->form = *form;
}

/* The modifiers from the current token on, after those in the pool from in->mods: the kind, state
 * space, vector width, type size and memory semantics they give the instruction, checked against the
 * module's gates, into *form. */
static void read_form(ptx_parser *ps, ptx_instr *in, const ptx_opcode *oi, ptx_form *form)
{
    ptx_function *f = ps->f;
    while (ps->tok.kind == PTX_T_DOTWORD) {
        PTX_PUSH(f->mods, f->nmods, f->modc);
        f->mods[f->nmods++] = ps->tok;
        ptx_advance(ps);
    }
    in->kind = oi->kind;
    in->nmods = f->nmods - in->mods;
    const ptx_token *mods = in->nmods ? f->mods + in->mods : NULL;
    ptx_classify_modifiers(in, mods, &ps->mod_info);
    ptx_classify_semantics(in, mods, &ps->mod_info, oi->family);
    ptx_check_gates(ps, in, oi);
    if (ps->mod_info.nspaces > 1 && (oi->family == PTX_FAM_LD || oi->family == PTX_FAM_ST ||
                                     oi->family == PTX_FAM_ATOM || oi->family == PTX_FAM_RED))
        ptx_fail_at(ps, in->line, in->col, "'%.*s' names more than one state space", (int)in->oplen, in->op);
    *form = (ptx_form){.oi = oi, .in = *in, .mod_info = ps->mod_info};
    form->counted = ptx_operand_range(oi, &ps->mod_info, mods, in->nmods, &form->min_opnds, &form->max_opnds);
    form->sizes = (uint8_t)sizes_rule(ps, in);
}

/* The opcode and its modifiers: a spelling whose form is known is not read again. Returns the
 * instruction's form (in *scratch for one read here). */
static const ptx_form *parse_opcode(ptx_parser *ps, ptx_instr *in, ptx_form *scratch)
{
    if (ps->tok.kind != PTX_T_IDENT)
        ptx_expected(ps, "an instruction");
    const ptx_token op = ps->tok;
    in->op = op.p;
    in->oplen = op.n;
    in->line = op.line;
    in->col = op.col;
    in->mods = ps->f->nmods;
    uint32_t hash, span = form_span(op.p, &hash);
    const form_memo *memo = known_form(ps, op.p, span, hash);
    if (memo && (!memo->nmods || !ps->has_next)) {
        replay_modifiers(ps, memo, &op);
        if (ps->tok.kind != PTX_T_DOTWORD) {
            in->nmods = memo->nmods;
            apply_form(in, &memo->form);
            ps->mod_info = memo->form.mod_info;
            return &memo->form; /* kept until the next instruction's opcode at least */
        }
        read_form(ps, in, memo->form.oi, scratch); /* more modifiers after a blank */
        return scratch;
    }
    const ptx_opcode *oi = ptx_find_opcode(op.p, op.n);
    if (!oi)
        ptx_fail_at(ps, op.line, op.col, "not a known instruction: '%.*s'", (int)op.n, op.p);
    ptx_advance(ps);
    read_form(ps, in, oi, scratch);
    keep_form(ps, in, scratch, span, hash);
    return scratch;
}

/* Which constants an operand of type t takes: floats (.f32, .f64), integers (.u, .s, .pred), or
 * integers and the bits of a float (.b); 0 where not checked (.f16, .bf16 and the packed types). */
enum { CONST_ANY, CONST_FLOAT, CONST_INT, CONST_BITS };

static int constant_class(const ptx_token *t)
{
    if (TOK_IS(t, ".f32") || TOK_IS(t, ".f64"))
        return CONST_FLOAT;
    if (TOK_IS(t, ".pred"))
        return CONST_INT;
    if (t->n < 3 || ptx_type_bits(t) <= 1 || (t->p[1] != 'u' && t->p[1] != 's' && t->p[1] != 'b'))
        return CONST_ANY;
    return t->p[1] == 'b' ? CONST_BITS : CONST_INT;
}

/* The constants of an instruction against its type (the last type modifier: cvt's and set's source
 * type), as ptxas checks them: mov.f32 %f1, 1 and mov.u32 %r1, 1.5 are errors. The predicate of selp
 * and of setp's boolean operator is left alone. */
static void check_constants(ptx_parser *ps, const ptx_instr *in, uint32_t base, uint32_t n)
{
    if (ps->mod_info.last_type < 0)
        return;
    int cls = constant_class(&ps->f->mods[in->mods + (uint32_t)ps->mod_info.last_type]);
    if (cls == CONST_ANY)
        return;
    bool last_is_predicate = in->kind == PTX_K_SELP ||
                             ((in->kind == PTX_K_SETP || (in->oplen == 3 && memcmp(in->op, "set", 3) == 0)) && n == 4);
    for (uint32_t i = base; i < ps->npend - last_is_predicate; i++) {
        const ptx_operand *o = &ps->pend[i];
        bool bad = (o->kind == PTX_O_IMM && cls == CONST_FLOAT) ||
                   (o->kind == PTX_O_FIMM && (cls == CONST_INT || (cls == CONST_BITS && !o->hex)));
        if (bad)
            ptx_fail_at(ps, o->line, o->col, "'%.*s' takes %s constants here", (int)in->oplen, in->op,
                        cls == CONST_FLOAT ? "floating-point"
                        : cls == CONST_INT ? "integer"
                                           : "integer or 0f/0d");
    }
}

/* ptxas's count of an instruction's operands (a pair p|q, a vector and an address with its
 * coordinates, [map, {x, y}], each count one); for those it counts, a result register first; a
 * label for bra. */
static void check_operands(ptx_parser *ps, const ptx_instr *in, const ptx_form *form, uint32_t base,
                           uint32_t unres_base)
{
    if (!form->counted)
        return;
    const ptx_opcode *oi = form->oi;
    uint32_t min = form->min_opnds, max = form->max_opnds, n = 0;
    bool constants = false;
    for (uint32_t i = base; i < ps->npend; i++) {
        n += !ps->pend[i].in_addr;
        constants |= ps->pend[i].kind == PTX_O_IMM || ps->pend[i].kind == PTX_O_FIMM;
    }
    if (n < min || n > max)
        ptx_fail_at(ps, in->line, in->col, "'%.*s' takes %s%u operand%s here, not %u", (int)in->oplen, in->op,
                    min == max ? ""
                    : n < min  ? "at least "
                               : "at most ",
                    n < min ? min : max, (n < min ? min : max) == 1 ? "" : "s", n);
    if (constants)
        check_constants(ps, in, base, n);
    const ptx_operand *first = &ps->pend[base];
    if (in->kind == PTX_K_BRA && (ps->nunres == unres_base || ps->unres[unres_base].at != base))
        ptx_fail_at(ps, first->line, first->col, "bra takes a label");
    if (oi->family == PTX_FAM_MODIFIERS && strcmp(oi->name, "setmaxnreg") == 0) { /* a register count, no result */
        if (first->kind != PTX_O_IMM)
            ptx_fail_at(ps, first->line, first->col, "setmaxnreg takes a constant register count");
        return;
    }
    if (oi->name[0] == 'e' && strcmp(oi->name, "elect") == 0 && first->kind != PTX_O_VEC) /* elect.sync d|p, mask */
        ptx_fail_at(ps, first->line, first->col, "elect.sync's result is a pair d|p (or _|p)");
    if (in->kind != PTX_K_BRA && in->kind != PTX_K_ST && in->kind != PTX_K_RED && first->kind != PTX_O_REG &&
        first->kind != PTX_O_VEC && first->kind != PTX_O_SINK)
        ptx_fail_at(ps, first->line, first->col, "'%.*s' needs a register for its result", (int)in->oplen, in->op);
}

/* ---- register sizes against the instruction's type ---- */

/* How an instruction's register operands must size up against its type (ptxas 13.0 rejects each
 * mismatch: "Arguments mismatch"): every one the type's size, a shift amount 32 bits, the result
 * (and a mad's addend) twice it for .wide, a predicate where setp and selp take one. */
enum { SIZES_NONE, SIZES_SAME, SIZES_SHIFT, SIZES_SETP, SIZES_SELP, SIZES_WIDE };

static int sizes_rule(const ptx_parser *ps, const ptx_instr *in)
{
    static const char *const same[] = {"add", "sub", "addc", "subc", "mul",  "mad", "div", "rem", "min", "max",
                                       "and", "or",  "xor",  "not",  "cnot", "neg", "abs", "fma", "mov"};
    if (in->tsize < 2)
        return SIZES_NONE; /* predicates and bytes */
    bool wide = false;
    for (uint32_t k = 0; k < in->nmods; k++)
        wide |= TOK_IS(&ps->f->mods[in->mods + k], ".wide");
    if (ptx_op_is(in, "shl") || ptx_op_is(in, "shr"))
        return SIZES_SHIFT;
    if (ptx_op_is(in, "setp"))
        return SIZES_SETP;
    if (ptx_op_is(in, "selp"))
        return SIZES_SELP;
    if (wide && (ptx_op_is(in, "mul") || ptx_op_is(in, "mad")))
        return SIZES_WIDE;
    for (size_t k = 0; k < sizeof same / sizeof *same; k++)
        if (ptx_op_is(in, same[k]))
            return wide ? SIZES_NONE : SIZES_SAME;
    return SIZES_NONE;
}

/* The bytes operand j must have under the rule; 0 for any. */
static int wanted_size(int rule, int j, int tsize)
{
    switch (rule) {
    case SIZES_SAME:
        return tsize;
    case SIZES_SHIFT:
        return j == 2 ? 4 : tsize;
    case SIZES_SETP:
        return j == 1 || j == 2 ? tsize : 0;
    case SIZES_SELP:
        return j < 3 ? tsize : 0;
    case SIZES_WIDE:
        return j == 0 || j == 3 ? 2 * tsize : tsize;
    default:
        return 0;
    }
}

/* The register kinds (PTX_RK_* bits) an instruction of type t refuses, as ptxas 13.0 does (measured):
 * integer types a floating-point register, floating-point types an integer one, and the packed and
 * bf16 types (which no register type names) anything but .b registers. */
static const int reg_bits[] = {1, 16, 32, 64, 128};                           /* ORDER ptx_reg_class */
static const char *const kind_names[] = {"bit", "integer", "floating-point"}; /* ORDER PTX_RK_* */

static unsigned refused_kinds(const ptx_token *t)
{
    bool packed = t->n > 4 && t->p[t->n - 2] == 'x'; /* .f16x2, .bf16x2 */
    if (t->p[1] == 'u' || t->p[1] == 's')
        return 1u << PTX_RK_FLOAT;
    if (t->p[1] == 'f')
        return packed ? 1u << PTX_RK_INT | 1u << PTX_RK_FLOAT : 1u << PTX_RK_INT;
    if (t->n >= 5 && t->p[1] == 'b' && t->p[2] == 'f') /* .bf16 */
        return 1u << PTX_RK_INT | 1u << PTX_RK_FLOAT;
    return 0;
}

static void check_register_sizes(ptx_parser *ps, const ptx_instr *in, int rule, uint32_t base, uint32_t n)
{
    const ptx_token *type = NULL; /* the instruction's type: its last type modifier */
    for (uint32_t k = 0; k < in->nmods; k++)
        if (ptx_type_bits(&ps->f->mods[in->mods + k]) > 0)
            type = &ps->f->mods[in->mods + k];
    unsigned refused = type ? refused_kinds(type) : 0;
    for (uint32_t j = 0; rule != SIZES_NONE && j < n; j++) {
        const ptx_operand *o = &ps->pend[base + j];
        int want = wanted_size(rule, (int)j, in->tsize);
        if (o->kind != PTX_O_REG || !want || o->in_addr || o->hex)
            continue; /* a vector register's component: its element's size, not known here */
        const ptx_reg *r = &ps->f->regs[o->reg];
        if (reg_bits[r->cls] != want * 8)
            ptx_fail_at(ps, o->line, o->col, "'%.*s' takes %d-bit registers here; '%.*s' has %d bits", (int)in->oplen,
                        in->op, want * 8, (int)r->len, r->name, reg_bits[r->cls]);
        bool typed = !(rule == SIZES_SHIFT && j == 2); /* a shift amount is .u32 whatever the type */
        if (typed && refused >> r->kind & 1)
            ptx_fail_at(ps, o->line, o->col, "'%.*s%.*s' does not take the %s register '%.*s' (declare it .b%d)",
                        (int)in->oplen, in->op, (int)type->n, type->p, kind_names[r->kind], (int)r->len, r->name,
                        reg_bits[r->cls]);
    }
}

/* Whether a value of type t may live in register r where ld, st and cvt move or convert it, as
 * ptxas 13.0 takes it (measured: ld/st, 14 types against 11 register types; cvt, 10 types on either
 * side against 7 register types, 4 410 combinations): the register at least as wide as the type, no
 * floating-point register for an integer type nor an integer one for a floating-point type, a
 * floating-point register of the type's own width, and a .bf16 value in a 16-bit .b register
 * (ld.u8 into a .u32 register, ld.f32 into a .b64 one and cvt.f16 into a .b32 one are fine). */
static bool value_fits(const ptx_token *t, const ptx_reg *r, bool exact)
{
    int want = ptx_type_bits(t), have = reg_bits[r->cls];
    char k = t->p[1];
    if (TOK_IS(t, ".bf16"))
        return r->kind == PTX_RK_BITS && have == 16;
    return (exact ? have == want : have >= want) && (k == 'b' || !(refused_kinds(t) >> r->kind & 1)) &&
           !(k == 'f' && r->kind == PTX_RK_FLOAT && have != want);
}

static void refuse_value(ptx_parser *ps, const ptx_instr *in, const ptx_token *t, const ptx_operand *o)
{
    const ptx_reg *r = &ps->f->regs[o->reg];
    ptx_fail_at(ps, o->line, o->col, "'%.*s%.*s' does not take the %d-bit %s register '%.*s'", (int)in->oplen, in->op,
                (int)t->n, t->p, reg_bits[r->cls], kind_names[r->kind], (int)r->len, r->name);
}

/* The value operand at of an instruction: a register, not a vector (in braces or a .v2 register). */
static const ptx_operand *value_register(const ptx_parser *ps, const ptx_instr *in, uint32_t base, uint32_t n,
                                         uint32_t at)
{
    if (in->vec > 1 || at >= n || ps->pend[base + at].kind != PTX_O_REG || ps->pend[base + at].in_addr)
        return NULL;
    return &ps->pend[base + at];
}

/* The types ld, ldu and st refuse: half, bfloat, packed, 8-bit float, tf32 and predicate values. */
static bool refused_move_type(const ptx_token *t)
{
    switch (t->p[1]) { /* most modifiers are decided by their first letter */
    case 'f':
        return TOK_IS(t, ".f16") || TOK_IS(t, ".f16x2");
    case 'b':
        return TOK_IS(t, ".bf16") || TOK_IS(t, ".bf16x2");
    case 'e':
        return TOK_IS(t, ".e4m3") || TOK_IS(t, ".e5m2");
    case 't':
        return TOK_IS(t, ".tf32");
    case 'p':
        return TOK_IS(t, ".pred");
    default:
        return false;
    }
}

/* ld, ldu and st refuse those types, as ptxas 13.0 does ("Unexpected instruction types", in every
 * state space, scalar and vector: such values move as bits); their value's register must hold the
 * type (value_fits; ptxas: "Arguments mismatch"). */
static void check_move_type(ptx_parser *ps, const ptx_instr *in, uint32_t base, uint32_t n)
{
    bool store = in->oplen == 2 && in->op[0] == 's' && in->op[1] == 't';
    bool moves = store || (in->oplen == 2 && in->op[0] == 'l' && in->op[1] == 'd') ||
                 (in->oplen == 3 && memcmp(in->op, "ldu", 3) == 0);
    const ptx_token *type = NULL;
    for (uint32_t k = 0; moves && k < in->nmods; k++) {
        const ptx_token *t = &ps->f->mods[in->mods + k];
        if (t->n < 3)
            continue;
        if (refused_move_type(t)) {
            bool wide = TOK_IS(t, ".tf32") || ptx_type_bits(t) == 32;
            ptx_fail_at(ps, in->line, in->col, "'%.*s' does not take the type '%.*s' (%s)", (int)in->oplen, in->op,
                        (int)t->n, t->p,
                        t->p[1] == 'p'           ? "move a predicate as an integer and set it with setp"
                        : wide                   ? "move such values as .b32"
                        : ptx_type_bits(t) == 16 ? "move such values as .b16"
                                                 : "move such values as .b8");
            return;
        }
        type = ptx_type_bits(t) > 0 ? t : type;
    }
    const ptx_operand *o = moves && type ? value_register(ps, in, base, n, store ? 1 : 0) : NULL;
    if (o && !value_fits(type, &ps->f->regs[o->reg], false))
        refuse_value(ps, in, type, o);
}

/* cvt.D.S d, a: d must hold a D and a an S (value_fits), for the scalar types measured; a conversion
 * to or from .bf16 takes the other side in a register of exactly its type's width (so none from or to
 * an 8-bit integer: ptxas refuses cvt.f32.bf16 into a .b64 register, cvt.bf16.u16 from a .b32 one). */
static void check_convert_types(ptx_parser *ps, const ptx_instr *in, uint32_t base, uint32_t n)
{
    if (in->kind != PTX_K_CVT || n != 2)
        return;
    const ptx_token *types[2];
    int nt = 0;
    for (uint32_t k = 0; k < in->nmods; k++) {
        const ptx_token *t = &ps->f->mods[in->mods + k];
        if (ptx_type_bits(t) <= 0)
            continue;
        bool measured = (t->p[1] == 'u' || t->p[1] == 's' || t->p[1] == 'f' || TOK_IS(t, ".bf16")) &&
                        ptx_type_bits(t) <= 64 && !TOK_IS(t, ".f16x2");
        if (!measured || nt == 2)
            return;
        types[nt++] = t;
    }
    bool bf16 = nt == 2 && (TOK_IS(types[0], ".bf16") || TOK_IS(types[1], ".bf16"));
    for (int j = 0; j < nt && nt == 2; j++) {
        const ptx_operand *o = value_register(ps, in, base, n, (uint32_t)j);
        if (o && !value_fits(types[j], &ps->f->regs[o->reg], bf16))
            refuse_value(ps, in, types[j], o);
    }
}

void ptx_parse_instruction(ptx_parser *ps)
{
    ptx_function *f = ps->f;
    ptx_instr in = {.guard = -1, .target = -1, .line = ps->tok.line, .col = ps->tok.col};
    if (ptx_punct(&ps->tok, '@'))
        parse_guard(ps, &in);
    ptx_form scratch;
    const ptx_form *form = parse_opcode(ps, &in, &scratch);
    uint32_t unres_base = ps->nunres, base = parse_operands(ps, &in), n = ps->npend - base;
    check_operands(ps, &in, form, base, unres_base);
    check_move_type(ps, &in, base, n);
    check_convert_types(ps, &in, base, n);
    if (form->sizes != SIZES_NONE)
        check_register_sizes(ps, &in, form->sizes, base, n);
    in.opnds = f->nopnds; /* after the elements of lists, which are in the pool already */
    in.nopnd = (int32_t)n;
    for (uint32_t u = unres_base; u < ps->nunres; u++)
        ptx_add_fixup(ps, f->nopnds + ps->unres[u].at - base, &ps->unres[u].name);
    ps->nunres = unres_base;
    while (f->nopnds + n > f->opndc)
        ptx_grow((void **)&f->opnds, &f->opndc, sizeof *f->opnds);
    if (n)
        memcpy(f->opnds + f->nopnds, ps->pend + base, n * sizeof *f->opnds);
    f->nopnds += n;
    ps->npend = base;
    PTX_PUSH(f->ins, f->nins, f->insc);
    f->ins[f->nins++] = in;
}
