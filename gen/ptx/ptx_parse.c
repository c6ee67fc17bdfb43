/* PTX parser: tokens to the per-function IR (instructions, operands, registers, symbols). */
#include "ptx_parser.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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

/* ---- registers and symbols ---- */

static int32_t new_reg(ptx_parser *ps, const char *p, uint32_t n, uint8_t cls)
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
int ptx_special_reg(ptx_parser *ps)
{
    const ptx_token *t = &ps->tok;
    int base = -1;
    bool dims = false;
    for (size_t i = 0; i < sizeof sregs / sizeof sregs[0]; i++)
        if ((t->n == strlen(sregs[i].name) && memcmp(t->p, sregs[i].name, t->n) == 0)) {
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
        const ptx_token *n = ptx_peek(ps);
        if (n->kind != PTX_T_DOTWORD || n->n != 2 || (n->p[1] != 'x' && n->p[1] != 'y' && n->p[1] != 'z'))
            ptx_fail_at(ps, n->line, n->col, "expected .x, .y or .z after '%.*s'", (int)t->n, t->p);
        comp = n->p[1] - 'x';
        ptx_advance(ps);
    }
    return base * 4 + comp;
}

/* The register named by the current token: declared directly or by a %name<N> range. */
/* Member idx of range d, named by t: made a register the first time it is used. Low members are
 * found by index, the others (a range may be as large as its count says) through a map. */
static int32_t range_member(ptx_parser *ps, ptx_range_decl *d, uint64_t idx, const ptx_token *t, uint32_t plen)
{
    if (idx >= PTX_RANGE_DIRECT) {
        int32_t r = ptx_strmap_get(&d->wide, t->p + plen, t->n - plen);
        if (r < 0) {
            r = new_reg(ps, t->p, t->n, d->cls);
            ptx_strmap_put(&d->wide, t->p + plen, t->n - plen, r);
        }
        return r;
    }
    if (idx >= d->nids) {
        uint64_t want = idx + 1 > 2 * (uint64_t)d->nids ? idx + 1 : 2 * (uint64_t)d->nids;
        want = want > d->count ? d->count : want > PTX_RANGE_DIRECT ? PTX_RANGE_DIRECT : want;
        int32_t *grown = realloc(d->ids, want * sizeof *d->ids);
        if (!grown)
            ptx_out_of_memory(want * sizeof *d->ids);
        memset(grown + d->nids, 0, (want - d->nids) * sizeof *grown);
        d->ids = grown;
        d->nids = (uint32_t)want;
    }
    if (!d->ids[idx])
        d->ids[idx] = new_reg(ps, t->p, t->n, d->cls) + 1;
    return d->ids[idx] - 1;
}

int32_t ptx_lookup_reg(ptx_parser *ps)
{
    const ptx_token *t = &ps->tok;
    uint32_t digits = 0;
    while (digits < t->n && t->p[t->n - 1 - digits] >= '0' && t->p[t->n - 1 - digits] <= '9')
        digits++;
    if (digits && digits < t->n && digits <= 19) { /* 19 digits always fit in 64 bits */
        uint32_t plen = t->n - digits;
        uint64_t idx = 0;
        for (uint32_t i = plen; i < t->n; i++)
            idx = idx * 10 + (uint64_t)(t->p[i] - '0');
        bool leading_zero = digits > 1 && t->p[plen] == '0';
        for (uint32_t i = 0; i < ps->nranges && !leading_zero; i++) {
            ptx_range_decl *d = &ps->ranges[i];
            if (d->n == plen && memcmp(d->p, t->p, plen) == 0 && idx < d->count)
                return range_member(ps, d, idx, t, plen);
        }
    }
    return ptx_strmap_get(&ps->regs, t->p, t->n);
}

int32_t ptx_lookup_sym(ptx_parser *ps)
{
    return ptx_strmap_get(&ps->syms, ps->tok.p, ps->tok.n);
}

void ptx_add_fixup(ptx_parser *ps, uint32_t opnd, const ptx_token *t)
{
    PTX_PUSH(ps->fixups, ps->nfixups, ps->fixupc);
    ps->fixups[ps->nfixups++] = (ptx_fixup){ps->f->nins, opnd, t->p, t->n, t->line, t->col};
}

static void free_ranges(ptx_parser *ps)
{
    for (uint32_t i = 0; i < ps->nranges; i++) {
        free(ps->ranges[i].ids);
        ptx_strmap_free(&ps->ranges[i].wide);
    }
    ps->nranges = 0;
}

static int32_t add_symbol(ptx_parser *ps, const ptx_token *name, uint8_t space, int64_t size)
{
    ptx_module *m = ps->m;
    PTX_PUSH(m->syms, m->nsyms, m->symc);
    m->syms[m->nsyms] = (ptx_symbol){.name = name->p, .len = name->n, .space = space, .size = size, .line = name->line};
    ptx_strmap_put(&ps->syms, name->p, name->n, (int32_t)m->nsyms);
    return (int32_t)m->nsyms++;
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

/* A variable in a state space: .space [.align N] [.v2/.v4] .type name[N][M] [= init] ; */
static void parse_variable(ptx_parser *ps, uint8_t space)
{
    int bits = 8, vec = 1;
    ptx_advance(ps); /* the state space */
    while (ps->tok.kind == PTX_T_DOTWORD) {
        if (TOK_IS(&ps->tok, ".align")) {
            ptx_advance(ps);
            if (ps->tok.kind != PTX_T_INT)
                ptx_expected(ps, "an alignment after .align");
        } else if (TOK_IS(&ps->tok, ".v2") || TOK_IS(&ps->tok, ".v4") || TOK_IS(&ps->tok, ".v8")) {
            vec = ps->tok.p[2] - '0';
        } else if (ptx_type_bits(&ps->tok) > 0) {
            bits = ptx_type_bits(&ps->tok);
        }
        ptx_advance(ps);
    }
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
                PTX_PUSH(ps->ranges, ps->nranges, ps->rangec);
                ps->ranges[ps->nranges++] = (ptx_range_decl){
                    .p = name.p, .n = name.n, .count = n, .cls = ptx_class_of_bits(vec > 1 ? bits * vec : bits)};
            } else {
                if (ptx_strmap_get(&ps->regs, name.p, name.n) >= 0)
                    ptx_fail_at(ps, name.line, name.col, "duplicate definition of register '%.*s'", (int)name.n,
                                name.p);
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

/* .loc and .file end at the end of their line (no ';'). */
static void skip_line_directive(ptx_parser *ps)
{
    uint32_t line = ps->tok.line;
    ptx_advance(ps);
    while (ps->tok.kind != PTX_T_EOF && ps->tok.line == line && !ptx_punct(&ps->tok, '}')) {
        if (ps->tok.kind == PTX_T_BAD || ps->tok.kind == PTX_T_UNTERMINATED)
            ptx_expected(ps, "a PTX token");
        ptx_advance(ps);
    }
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
        int bits = 8;
        while (ps->tok.kind == PTX_T_DOTWORD) {
            if (TOK_IS(&ps->tok, ".align")) {
                ptx_advance(ps);
                if (ps->tok.kind != PTX_T_INT)
                    ptx_expected(ps, "an alignment");
            } else if (ptx_type_bits(&ps->tok) > 0) {
                bits = ptx_type_bits(&ps->tok);
            }
            ptx_advance(ps);
        }
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
        if (space == PTX_SP_PARAM)
            add_symbol(ps, &name, PTX_SP_PARAM, count * (bits / 8 ? bits / 8 : 1));
        else if (ps->f)
            new_reg(ps, name.p, name.n, ptx_class_of_bits(bits));
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

static void resolve_fixups(ptx_parser *ps)
{
    ptx_function *f = ps->f;
    for (uint32_t i = 0; i < ps->nfixups; i++) {
        ptx_fixup *x = &ps->fixups[i];
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
            ptx_fail_at(ps, o->line, o->col, "unknown label or symbol '%.*s'", (int)n, p);
        }
    }
    ps->nfixups = 0;
}

static void parse_body(ptx_parser *ps)
{
    ptx_function *f = ps->f;
    int depth = 1;
    ptx_advance(ps); /* { */
    while (depth > 0) {
        ptx_token *t = &ps->tok;
        if (t->kind == PTX_T_EOF)
            ptx_expected(ps, "'}' closing the function body");
        if (ptx_punct(t, '}')) {
            depth--;
            ptx_advance(ps);
        } else if (ptx_punct(t, '{')) {
            depth++;
            ptx_advance(ps);
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
                    ptx_fail_at(ps, t->line, t->col, "unexpected directive '%.*s' in a function body", (int)t->n, t->p);
                parse_variable(ps, sp);
            }
        } else if (t->kind == PTX_T_IDENT && ptx_punct(ptx_peek(ps), ':')) {
            if (ptx_strmap_get(&ps->labels, t->p, t->n) >= 0)
                ptx_fail_at(ps, t->line, t->col, "duplicate label '%.*s'", (int)t->n, t->p);
            ptx_strmap_put(&ps->labels, t->p, t->n, (int32_t)f->nins);
            f->nlabels++;
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
    resolve_fixups(ps);
}

static void parse_function(ptx_parser *ps, bool is_entry, uint32_t line)
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
    ptx_advance(ps); /* .entry / .func */
    if (!is_entry && ptx_punct(&ps->tok, '('))
        parse_params(ps); /* return parameters */
    if (ps->tok.kind != PTX_T_IDENT)
        ptx_expected(ps, "a function name");
    f->name = ps->tok.p;
    f->namelen = ps->tok.n;
    f->line = ps->tok.line;
    int32_t existing = ptx_strmap_get(&ps->syms, ps->tok.p, ps->tok.n);
    if (existing < 0) {
        int32_t s = add_symbol(ps, &ps->tok, PTX_SP_NONE, 0);
        m->syms[s].is_func = 1;
        m->syms[s].is_entry = is_entry;
    }
    ptx_advance(ps);
    if (ptx_punct(&ps->tok, '('))
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
            ptx_advance(ps);
        else if (TOK_IS(t, ".pragma")) {
            skip_statement(ps);
        } else
            ptx_fail_at(ps, t->line, t->col, "unexpected directive '%.*s' before the function body", (int)t->n, t->p);
    }
    if (ptx_punct(&ps->tok, ';')) {
        ptx_advance(ps);
        free(f->regs);
        ps->f = NULL;
        return; /* a declaration */
    }
    if (!ptx_punct(&ps->tok, '{'))
        ptx_expected(ps, "'{' or ';' after the function header");
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

static void skip_section(ptx_parser *ps)
{
    ptx_advance(ps); /* .section */
    while (!ptx_punct(&ps->tok, '{')) {
        if (ps->tok.kind == PTX_T_EOF)
            ptx_expected(ps, "'{' opening the section");
        ptx_advance(ps);
    }
    int depth = 0;
    do {
        if (ps->tok.kind == PTX_T_EOF)
            ptx_expected(ps, "'}' closing the section");
        if (ptx_punct(&ps->tok, '{'))
            depth++;
        else if (ptx_punct(&ps->tok, '}'))
            depth--;
        ptx_advance(ps);
    } while (depth > 0);
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
            skip_line_directive(ps);
        } else if (TOK_IS(t, ".section")) {
            skip_section(ps);
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

void ptx_parse(ptx_module *m)
{
    ptx_parser *ps = ptx_xcalloc(1, sizeof *ps);
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
    free(ps->pend);
    free(ps->vals);
    free(ps->eops);
    free(ps);
}
