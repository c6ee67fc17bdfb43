/* Names and their scopes: registers (also %r<N> ranges), variables, labels and special registers.
 * PTX gives each { } block a scope of its own: a name declared there hides the same name outside
 * and is gone at its '}'; a label is seen from its block and the blocks inside it, before and after
 * its definition. A module's variables and functions live in scope 0, a function's parameters and
 * its body's outermost declarations in scope 1. */
#include "ptx_parser.h"

#include <stdlib.h>
#include <string.h>

/* ---- special registers ---- */

static const struct sreg_name {
    const char *name;
    int base;
    bool dims; /* takes .x .y .z (or .w) */
} sregs[] = {
    /* strncmp with the token's length and the name's end compare them without strlen */
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
    {"%cluster_ctarank", PTX_SR_CLUSTER_RANK, false},
    {"%cluster_nctarank", PTX_SR_OTHER_UNIFORM, false},
    {"%clusterid", PTX_SR_OTHER_UNIFORM, true},
    {"%nclusterid", PTX_SR_OTHER_UNIFORM, true},
    {"%cluster_ctaid", PTX_SR_CLUSTER_RANK, true},
    {"%cluster_nctaid", PTX_SR_OTHER_UNIFORM, true},
    {"%is_explicit_cluster", PTX_SR_OTHER_UNIFORM, false},
    {"%current_graph_exec", PTX_SR_OTHER_UNIFORM, false},
    {"%reserved_smem_offset_begin", PTX_SR_OTHER_UNIFORM, false},
    {"%reserved_smem_offset_end", PTX_SR_OTHER_UNIFORM, false},
    {"%reserved_smem_offset_cap", PTX_SR_OTHER_UNIFORM, false},
};

/* Numbered families: prefix, the number below count, then suffix (%pm0 .. %pm7, %pm0_64 .. %pm7_64). */
static const struct sreg_family {
    const char *prefix, *suffix;
    int count;
} sreg_families[] = {{"%pm", "", 8}, {"%pm", "_64", 8}, {"%envreg", "", 32}, {"%reserved_smem_offset_", "", 2}};

static bool in_family(const ptx_token *t, const struct sreg_family *fam)
{
    size_t np = strlen(fam->prefix), ns = strlen(fam->suffix);
    if (t->n <= np + ns || t->n > np + ns + 2 || memcmp(t->p, fam->prefix, np) != 0 ||
        memcmp(t->p + t->n - ns, fam->suffix, ns) != 0)
        return false;
    int v = 0;
    for (size_t i = np; i < t->n - ns; i++) {
        if (t->p[i] < '0' || t->p[i] > '9')
            return false;
        v = v * 10 + t->p[i] - '0';
    }
    return v < fam->count && (t->n - ns - np == 1 || t->p[np] != '0');
}

int ptx_special_reg(ptx_parser *ps)
{
    const ptx_token *t = &ps->tok;
    int base = -1;
    bool dims = false;
    for (size_t i = 0; i < sizeof sregs / sizeof sregs[0] && base < 0; i++)
        if (sregs[i].name[1] == t->p[1] && strncmp(t->p, sregs[i].name, t->n) == 0 && sregs[i].name[t->n] == 0) {
            base = sregs[i].base;
            dims = sregs[i].dims;
        }
    for (size_t i = 0; i < sizeof sreg_families / sizeof sreg_families[0] && base < 0; i++)
        if (in_family(t, &sreg_families[i]))
            base = PTX_SR_OTHER_UNIFORM;
    if (base >= 0)
        ptx_check_special_reg_gate(ps, t);
    if (base < 0 || !dims)
        return base < 0 ? -1 : base * 4;
    const ptx_token *n = ptx_peek(ps);
    if (n->kind != PTX_T_DOTWORD || n->n != 2 || n->p[1] < 'w' || n->p[1] > 'z')
        return PTX_SR_OTHER_VARIANT * 4; /* the whole vector, as in mov.v4.u32 {...}, %tid */
    ptx_advance(ps);
    /* .w is always 0; taken as an unknown value rather than as a thread index */
    return ps->tok.p[1] == 'w' ? PTX_SR_OTHER_VARIANT * 4 : base * 4 + (ps->tok.p[1] - 'x');
}

/* ---- register names looked up before ---- */

_Thread_local ptx_reg_memo ptx_reg_memos[1 << PTX_REG_MEMO_BITS];
_Thread_local uint32_t ptx_reg_memo_gen;

/* Every name may mean something else now. */
static void forget_reg_memos(void)
{
    if (++ptx_reg_memo_gen == 0) { /* wrapped: old entries could look live */
        memset(ptx_reg_memos, 0, sizeof ptx_reg_memos);
        ptx_reg_memo_gen = 1;
    }
}

/* A name bound anew: only it may mean something else. */
static void forget_reg_memo(ptx_parser *ps, const ptx_token *t)
{
    uint64_t name;
    ptx_reg_memo *memo = ptx_reg_memo_of(ps, t, &name);
    if (memo && memo->name == name)
        memo->name = 0; /* no name's bytes are all 0 */
}

/* ---- scopes ---- */

void ptx_open_scope(ptx_parser *ps)
{
    forget_reg_memos();
    PTX_PUSH(ps->scopes, ps->nscopes, ps->scopec);
    ps->scopes[ps->nscopes++] = (ptx_scope_mark){ps->nbinds, ps->nranges, ps->nfixups};
}

static uint32_t depth(const ptx_parser *ps)
{
    return ps->nscopes;
}

/* The innermost binding of a name in the function's scopes, or -1. */
static int32_t local_binding(const ptx_parser *ps, const char *p, uint32_t n)
{
    return ptx_strmap_get(&ps->locals, p, n);
}

static void bind(ptx_parser *ps, const ptx_token *name, uint8_t kind, int32_t id)
{
    forget_reg_memo(ps, name);
    PTX_PUSH(ps->binds, ps->nbinds, ps->bindc);
    ps->binds[ps->nbinds] = (ptx_binding){.kind = kind,
                                          .depth = depth(ps),
                                          .id = id,
                                          .hidden = local_binding(ps, name->p, name->n),
                                          .p = name->p,
                                          .n = name->n};
    ptx_strmap_put(&ps->locals, name->p, name->n, (int32_t)ps->nbinds++);
}

/* The label a pending branch target names, when this scope defines it. */
static int32_t label_here(const ptx_parser *ps, const ptx_fixup *x)
{
    int32_t b = local_binding(ps, x->p, x->n);
    if (b < 0 || ps->binds[b].kind != PTX_NAME_LABEL || ps->binds[b].depth != depth(ps))
        return -1;
    return ps->binds[b].id;
}

/* Resolves the branch targets this scope defines; the others wait for an enclosing scope, and at
 * the function's scope a name still unknown is an error. */
static void resolve_labels(ptx_parser *ps, uint32_t from)
{
    ptx_function *f = ps->f;
    uint32_t kept = from;
    for (uint32_t i = from; i < ps->nfixups; i++) {
        ptx_fixup *x = &ps->fixups[i];
        int32_t label = label_here(ps, x);
        if (label >= 0) {
            f->opnds[x->opnd].reg = label;
            f->ins[x->ins].target = label;
        } else if (depth(ps) <= 1) {
            ptx_fail_at(ps, x->line, x->col, "unknown label or symbol '%.*s'", (int)x->n, x->p);
        } else {
            ps->fixups[kept++] = *x;
        }
    }
    ps->nfixups = kept;
}

static void free_ranges_from(ptx_parser *ps, uint32_t from)
{
    for (uint32_t i = from; i < ps->nranges; i++) {
        free(ps->ranges[i].ids);
        ptx_strmap_free(&ps->ranges[i].wide);
    }
    ps->nranges = from;
}

void ptx_close_scope(ptx_parser *ps)
{
    forget_reg_memos();
    ptx_scope_mark s = ps->scopes[ps->nscopes - 1];
    if (ps->f)
        resolve_labels(ps, s.nfixups);
    if (ps->nscopes == 1) { /* the function's names all go: its successor starts with an empty map */
        ptx_strmap_clear(&ps->locals);
        ps->nbinds = s.nbinds;
    }
    while (ps->nbinds > s.nbinds) {
        const ptx_binding *b = &ps->binds[--ps->nbinds];
        ptx_strmap_put(&ps->locals, b->p, b->n, b->hidden);
    }
    free_ranges_from(ps, s.nranges);
    ps->nscopes--;
}

void ptx_free_scopes(ptx_parser *ps)
{
    free_ranges_from(ps, 0);
    free(ps->ranges);
    free(ps->binds);
    free(ps->scopes);
    free(ps->fixups);
    ptx_strmap_free(&ps->locals);
    ptx_strmap_free(&ps->globals);
}

/* ---- registers ---- */

static int32_t new_reg(ptx_parser *ps, const char *p, uint32_t n, uint8_t cls, uint8_t kind)
{
    ptx_function *f = ps->f;
    PTX_PUSH(f->regs, f->nregs, f->regc);
    f->regs[f->nregs] = (ptx_reg){p, n, cls, kind};
    return (int32_t)f->nregs++;
}

/* A name's trailing decimal number (at most 19 digits, so that it fits): its index in a range and
 * the length of the prefix before it; false when there is none. */
static bool split_number(const char *p, uint32_t n, uint32_t *plen, uint64_t *idx)
{
    uint32_t start = n;
    uint64_t v = 0, scale = 1; /* the digits' value, read from the last one back */
    for (unsigned d; start > 0 && (d = (unsigned char)(p[start - 1] - '0')) <= 9; start--)
        if (n - start < 19) {
            v += d * scale;
            scale *= 10;
        }
    if (start == n || start == 0 || n - start > 19)
        return false;
    *plen = start;
    *idx = v;
    return true;
}

/* The innermost range declaring member idx of the prefix p[0..plen), or NULL. A function has a
 * few ranges (%p %rs %r %rd %f %fd): a scan from the innermost is quicker than a hash. */
static ptx_range_decl *find_range(ptx_parser *ps, const char *p, uint32_t plen, uint64_t idx)
{
    for (uint32_t i = ps->nranges; i-- > 0;) {
        ptx_range_decl *d = &ps->ranges[i];
        if (d->n != plen || d->p[plen - 1] != p[plen - 1] || idx >= d->count)
            continue;
        uint32_t k = 0; /* prefixes are short (%r, %rd, %f): a loop beats a call to memcmp */
        while (k < plen && d->p[k] == p[k])
            k++;
        if (k == plen)
            return d;
    }
    return NULL;
}

/* Member idx of range d, named by t: made a register the first time it is used. Low members are
 * found by index, the others (a range may be as large as its count says) through a map. */
static int32_t new_range_member(ptx_parser *ps, ptx_range_decl *d, uint64_t idx, const ptx_token *t, uint32_t plen)
{
    if (idx >= PTX_RANGE_DIRECT) {
        int32_t r = ptx_strmap_get(&d->wide, t->p + plen, t->n - plen);
        if (r < 0) {
            r = new_reg(ps, t->p, t->n, d->cls, d->kind);
            ptx_strmap_put(&d->wide, t->p + plen, t->n - plen, r);
        }
        return r;
    }
    if (idx >= d->nids) {
        /* at least 64 members at once: a function uses most of the range it declares */
        uint64_t want = idx + 1 > 2 * (uint64_t)d->nids ? idx + 1 : 2 * (uint64_t)d->nids;
        want = want < 64 ? 64 : want;
        want = want > d->count ? d->count : want > PTX_RANGE_DIRECT ? PTX_RANGE_DIRECT : want;
        int32_t *grown = realloc(d->ids, want * sizeof *d->ids);
        if (!grown)
            ptx_out_of_memory(want * sizeof *d->ids);
        memset(grown + d->nids, 0, (want - d->nids) * sizeof *grown);
        d->ids = grown;
        d->nids = (uint32_t)want;
    }
    if (!d->ids[idx])
        d->ids[idx] = new_reg(ps, t->p, t->n, d->cls, d->kind) + 1;
    return d->ids[idx] - 1;
}

static inline int32_t range_member(ptx_parser *ps, ptx_range_decl *d, uint64_t idx, const ptx_token *t, uint32_t plen)
{
    if (idx < d->nids && d->ids[idx]) /* seen before */
        return d->ids[idx] - 1;
    return new_range_member(ps, d, idx, t, plen);
}

/* The register the current token names, looked up through the scopes. */
static int32_t find_reg(ptx_parser *ps)
{
    const ptx_token *t = &ps->tok;
    uint32_t plen = 0;
    uint64_t idx = 0;
    ptx_range_decl *d = ps->nranges && split_number(t->p, t->n, &plen, &idx) ? find_range(ps, t->p, plen, idx) : NULL;
    /* a range of this very scope hides everything else; a direct name declared deeper hides it */
    if (d && d->depth == depth(ps))
        return range_member(ps, d, idx, t, plen);
    int32_t b = local_binding(ps, t->p, t->n);
    ps->looked_up = t->p; /* for ptx_lookup_sym on the same name */
    ps->looked_up_binding = b;
    if (d && (b < 0 || ps->binds[b].depth < d->depth))
        return range_member(ps, d, idx, t, plen);
    return b >= 0 && ps->binds[b].kind == PTX_NAME_REG ? ps->binds[b].id : -1;
}

int32_t ptx_find_reg(ptx_parser *ps, ptx_reg_memo *memo, uint64_t name)
{
    int32_t r = find_reg(ps);
    if (memo && r >= 0) /* a name naming no register is looked up again: ptx_lookup_sym uses what that leaves */
        *memo = (ptx_reg_memo){name, ptx_reg_memo_gen, r};
    return r;
}

_Noreturn static void duplicate(ptx_parser *ps, const ptx_token *name, const char *what)
{
    ptx_fail_at(ps, name->line, name->col, "duplicate definition of %s '%.*s'", what, (int)name->n, name->p);
}

/* Fails when this scope already has a variable, register or label of that name. */
static void check_new_name(ptx_parser *ps, const ptx_token *name, const char *what)
{
    int32_t b = local_binding(ps, name->p, name->n);
    if (b >= 0 && ps->binds[b].depth == depth(ps))
        duplicate(ps, name, what);
    uint32_t plen = 0;
    uint64_t idx = 0;
    if (ps->nranges && split_number(name->p, name->n, &plen, &idx)) {
        const ptx_range_decl *d = find_range(ps, name->p, plen, idx);
        if (d && d->depth == depth(ps))
            duplicate(ps, name, what);
    }
}

int32_t ptx_declare_reg(ptx_parser *ps, const ptx_token *name, uint8_t cls, uint8_t kind)
{
    check_new_name(ps, name, "register");
    int32_t r = new_reg(ps, name->p, name->n, cls, kind);
    bind(ps, name, PTX_NAME_REG, r);
    return r;
}

void ptx_declare_range(ptx_parser *ps, const ptx_token *name, uint64_t count, uint8_t cls, uint8_t kind)
{
    uint32_t scope_start = ps->scopes[ps->nscopes - 1].nranges;
    for (uint32_t i = scope_start; i < ps->nranges; i++)
        if (ps->ranges[i].n == name->n && memcmp(ps->ranges[i].p, name->p, name->n) == 0)
            duplicate(ps, name, "register range");
    /* a register of this scope named like a member: %r2 before %r<4> */
    for (uint32_t i = ps->scopes[ps->nscopes - 1].nbinds; i < ps->nbinds; i++) {
        const ptx_binding *b = &ps->binds[i];
        uint32_t plen;
        uint64_t idx;
        if (split_number(b->p, b->n, &plen, &idx) && plen == name->n && memcmp(b->p, name->p, plen) == 0 && idx < count)
            duplicate(ps, &(ptx_token){.p = b->p, .n = b->n, .line = name->line, .col = name->col}, "register");
    }
    forget_reg_memos();
    PTX_PUSH(ps->ranges, ps->nranges, ps->rangec);
    ps->ranges[ps->nranges++] =
        (ptx_range_decl){.p = name->p, .n = name->n, .count = count, .cls = cls, .kind = kind, .depth = depth(ps)};
}

/* ---- variables, functions and labels ---- */

int32_t ptx_lookup_sym(ptx_parser *ps)
{
    int32_t b = ps->looked_up == ps->tok.p ? ps->looked_up_binding : local_binding(ps, ps->tok.p, ps->tok.n);
    if (b >= 0)
        return ps->binds[b].kind == PTX_NAME_SYM ? ps->binds[b].id : -1;
    return ptx_strmap_get(&ps->globals, ps->tok.p, ps->tok.n);
}

int32_t ptx_lookup_global(ptx_parser *ps, const ptx_token *name)
{
    return ptx_strmap_get(&ps->globals, name->p, name->n);
}

/* A new entry of m->syms. The array grows into a new one and the old is kept until the module is
 * freed: functions already parsed may be analysed meanwhile, reading the symbols through the array
 * they were handed (ptx_module.c). */
static int32_t new_symbol(ptx_module *m, const ptx_token *name, uint8_t space, int64_t size)
{
    if (m->nsyms == m->symc) {
        uint32_t want = m->symc ? 2 * m->symc : 64;
        if (want <= m->symc || m->nold_syms == sizeof m->old_syms / sizeof m->old_syms[0])
            ptx_out_of_memory((size_t)m->symc * sizeof *m->syms);
        ptx_symbol *grown = malloc((size_t)want * sizeof *grown);
        if (!grown)
            ptx_out_of_memory((size_t)want * sizeof *grown);
        if (m->nsyms)
            memcpy(grown, m->syms, (size_t)m->nsyms * sizeof *grown);
        if (m->syms)
            m->old_syms[m->nold_syms++] = m->syms;
        m->syms = grown, m->symc = want;
    }
    m->syms[m->nsyms] = (ptx_symbol){.name = name->p, .len = name->n, .space = space, .size = size, .line = name->line};
    return (int32_t)m->nsyms++;
}

int32_t ptx_declare_global(ptx_parser *ps, const ptx_token *name, uint8_t space, int64_t size)
{
    ptx_module *m = ps->m;
    if (ptx_strmap_get(&ps->globals, name->p, name->n) >= 0)
        duplicate(ps, name, "variable");
    int32_t s = new_symbol(m, name, space, size);
    ptx_strmap_put(&ps->globals, name->p, name->n, s);
    return s;
}

int32_t ptx_declare_symbol(ptx_parser *ps, const ptx_token *name, uint8_t space, int64_t size)
{
    ptx_module *m = ps->m;
    if (depth(ps) == 0)
        return ptx_declare_global(ps, name, space, size);
    check_new_name(ps, name, "variable");
    int32_t s = new_symbol(m, name, space, size);
    bind(ps, name, PTX_NAME_SYM, s);
    return s;
}

void ptx_declare_label(ptx_parser *ps, const ptx_token *name)
{
    check_new_name(ps, name, "label");
    bind(ps, name, PTX_NAME_LABEL, (int32_t)ps->f->nins);
    ps->f->nlabels++;
}

void ptx_add_fixup(ptx_parser *ps, uint32_t opnd, const ptx_token *t)
{
    PTX_PUSH(ps->fixups, ps->nfixups, ps->fixupc);
    ps->fixups[ps->nfixups++] = (ptx_fixup){ps->f->nins, opnd, t->p, t->n, t->line, t->col};
}
