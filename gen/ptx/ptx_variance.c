/* Thread variance of one function: variant values, affine forms, addresses, reaching definitions, tid bounds. */
#include "ptx_analysis.h"

#include <stdlib.h>
#include <string.h>

/* ---- thread variance and control dependence ---- */

static bool sreg_variant(int32_t s)
{
    int base = s / 4;
    return base == PTX_SR_TID || base == PTX_SR_LANEID || base == PTX_SR_WARPID || base == PTX_SR_OTHER_VARIANT;
}

/* Registers whose definitions do not all lie in the same region of the same thread-variant branch
 * (one side of it, as cd_branch and cd_taken record the innermost): where the paths meet, threads
 * may hold the values of different definitions. A register defined only inside one such region
 * (a loop counter after an early exit, a temporary) holds one value for the threads that run it. */
static void mixed_definitions(const ptx_ctx *c, bool *mixed, int64_t *where)
{
    for (uint32_t r = 0; r < c->f->nregs; r++)
        where[r] = INT64_MIN, mixed[r] = false;
    for (uint32_t i = 0; i < c->n; i++) {
        uint32_t b = c->blk[i];
        int64_t w = (int64_t)c->cd_branch[b] * 4 + c->cd_taken[b];
        const int32_t *d = c->du + c->du_start[i];
        for (uint32_t j = 0; j < c->ndef[i]; j++) {
            if (where[d[j]] == INT64_MIN)
                where[d[j]] = w;
            else if (where[d[j]] != w)
                mixed[d[j]] = true;
        }
    }
}

/* Per use of a register: the definition earlier in the same block that it reads (an unguarded one),
 * or -1 (then any definition may reach it). Aligned with the uses in c->du. */
static int32_t *local_definitions(const ptx_ctx *c)
{
    int32_t *local =
        ptx_alloc_raw(c->scratch, (c->du_start[c->n] + 1) * sizeof *local);      /* its uses' entries are written */
    int32_t *last = ptx_alloc_raw(c->scratch, (c->f->nregs + 1) * sizeof *last); /* read where stamp says it is set */
    uint32_t *stamp = ptx_scratch(c, c->f->nregs + 1, sizeof *stamp);
    for (uint32_t b = 0; b < c->nb; b++)
        for (uint32_t i = c->bstart[b]; i < c->bend[b]; i++) {
            const int32_t *d = c->du + c->du_start[i];
            for (uint32_t j = 0; j < c->nuse[i]; j++) {
                int32_t u = d[c->ndef[i] + j];
                local[c->du_start[i] + c->ndef[i] + j] = stamp[u] == b + 1 ? last[u] : -1;
            }
            for (uint32_t j = 0; j < c->ndef[i]; j++) {
                stamp[d[j]] = b + 1;
                last[d[j]] = c->f->ins[i].guard < 0 && c->ndef[i] == 1 ? (int32_t)i : -1;
            }
        }
    return local;
}

/* Whether instruction i computes a thread-variant value from its operands (def_variant: per
 * definition, for the uses that read one of the same block; the register's otherwise). */
static bool instr_variant(const ptx_ctx *c, uint32_t i, const int32_t *local, const bool *def_variant)
{
    const ptx_instr *in = &c->f->ins[i];
    if (in->kind == PTX_K_VARIANT_SRC || in->kind == PTX_K_ATOM || in->kind == PTX_K_CALL)
        return true;
    if (in->kind == PTX_K_LD && in->space == PTX_SP_LOCAL)
        return true;
    const int32_t *u = c->du + c->du_start[i] + c->ndef[i], *at = local + c->du_start[i] + c->ndef[i];
    for (uint32_t j = 0; j < c->nuse[i]; j++)
        if (at[j] >= 0 ? def_variant[at[j]] : c->variant[u[j]])
            return true;
    for (int j = 0; j < in->nopnd; j++) {
        const ptx_operand *o = ptx_opnd(c, in, j);
        if (o->kind == PTX_O_SREG && sreg_variant(o->reg))
            return true;
    }
    return false;
}

static bool branch_variant(const ptx_ctx *c, uint32_t b)
{
    const ptx_instr *last = &c->f->ins[c->bend[b] - 1];
    if (c->sstart[b + 1] - c->sstart[b] < 2)
        return false;
    if (last->guard >= 0)
        return c->variant[last->guard];
    if (last->kind == PTX_K_BRX)
        return last->nopnd && ptx_opnd(c, last, 0)->kind == PTX_O_REG && c->variant[ptx_opnd(c, last, 0)->reg];
    return false;
}

/* The blocks thread-variant branch b decides: those reachable from its successors before the paths
 * meet again at its immediate post-dominator (loops and uniform branches inside included). A block
 * keeps the innermost such branch (the branches are visited last first) and the side it lies on (1
 * the first successor, 0 the other, 2 both: reachable from either before the paths meet). */
static void mark_region(ptx_ctx *c, uint32_t b, uint32_t *seen, uint32_t stamp, uint32_t *stack, uint64_t *budget)
{
    int32_t br = (int32_t)(c->bend[b] - 1);
    for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1]; e++) {
        uint8_t side = e == c->sstart[b];
        uint32_t bit = 1u << side, top = 0; /* seen[r]: the stamp, then the sides it was reached from */
        stack[top++] = c->succ[e];
        while (top && *budget) {
            uint32_t r = stack[--top];
            uint32_t sides = seen[r] >> 2 == stamp ? seen[r] & 3 : 0;
            if (r == c->ipdom[b] || r == c->exitb || (sides & bit))
                continue;
            seen[r] = stamp << 2 | sides | bit;
            --*budget;
            if (c->cd_branch[r] < 0)
                c->cd_branch[r] = br, c->cd_taken[r] = side;
            else if (c->cd_branch[r] == br && c->cd_taken[r] != side)
                c->cd_taken[r] = 2;
            for (uint32_t k = c->sstart[r]; k < c->sstart[r + 1]; k++)
                stack[top++] = c->succ[k];
        }
    }
}

/* The blocks whose branch closes a loop with a thread-variant branch of its own inside: the region
 * of such a branch runs around the back edge into the whole body, where the body's branch is the
 * innermost one its blocks depend on, so these regions are marked after the others (they keep the
 * blocks no other claims). Into later[b]; each loop's body is scanned once. */
static void closes_branching_loop(ptx_ctx *c, bool *later)
{
    const ptx_syncinfo *s = ptx_sync_of(c);
    for (uint32_t b = 0; b <= c->nb; b++)
        later[b] = false;
    for (uint32_t l = 0; l < s->nloops; l++) {
        uint32_t b = s->loops[l].latch;
        if (later[b] || !branch_variant(c, b))
            continue;
        const uint64_t *body = s->body + (size_t)l * s->words;
        for (uint32_t w = 0; w < s->words && !later[b]; w++)
            for (uint64_t v = body[w]; v && !later[b]; v &= v - 1) {
                uint32_t x = w * 64 + (uint32_t)__builtin_ctzll(v);
                later[b] = x != b && x < c->nb && branch_variant(c, x);
            }
    }
}

void ptx_thread_variance(ptx_ctx *c)
{
    c->variant = ptx_scratch(c, c->f->nregs + 1, sizeof *c->variant);
    c->cd_branch = ptx_scratch(c, c->nb + 1, sizeof *c->cd_branch);
    c->cd_taken = ptx_scratch(c, c->nb + 1, sizeof *c->cd_taken);
    for (uint32_t b = 0; b <= c->nb; b++)
        c->cd_branch[b] = -1;
    bool *mixed = ptx_scratch(c, c->f->nregs + 1, sizeof *mixed); /* set by mixed_definitions (none at first) */
    int64_t *where = ptx_alloc_raw(c->scratch, (c->f->nregs + 1) * sizeof *where); /* likewise */
    uint32_t *seen = ptx_scratch(c, c->nb + 1, sizeof *seen), stamp = 0;
    int32_t *local = local_definitions(c);
    bool *def_variant = ptx_scratch(c, c->n + 1, sizeof *def_variant);
    uint32_t *stack = ptx_alloc_raw(c->scratch, (c->sstart[c->nb] + c->nb + 2) * sizeof *stack), branches = 0;
    bool *later = ptx_scratch(c, c->nb + 1, sizeof *later); /* closes_branching_loop */
    for (int round = 0; round < 16; round++) {
        bool changed = true;
        if (round > 0) /* the first round has no thread-variant regions yet: nothing is mixed */
            mixed_definitions(c, mixed, where);
        while (changed) {
            changed = false;
            for (uint32_t i = 0; i < c->n; i++) {
                if (!c->ndef[i])
                    continue;
                bool all = !def_variant[i] && instr_variant(c, i, local, def_variant);
                bool region = c->cd_branch[c->blk[i]] >= 0;
                def_variant[i] |= all;
                const int32_t *d = c->du + c->du_start[i];
                for (uint32_t j = 0; j < c->ndef[i]; j++)
                    if (!c->variant[d[j]] && (def_variant[i] || (region && mixed[d[j]])))
                        c->variant[d[j]] = changed = true;
            }
        }
        /* the regions again, the last branches first (a block records the innermost branch it
         * depends on); done when no branch became thread-variant */
        uint32_t now = 0;
        uint64_t budget = 64 * (uint64_t)(c->nb + 1); /* past it (deep nests), blocks stay unmarked */
        for (uint32_t b = 0; b <= c->nb; b++)
            c->cd_branch[b] = -1, c->cd_taken[b] = 0;
        closes_branching_loop(c, later);
        for (int pass = 0; pass < 2; pass++)
            for (uint32_t b = c->nb; b-- > 0;)
                if (branch_variant(c, b) && later[b] == (pass == 1)) {
                    now++;
                    mark_region(c, b, seen, ++stamp, stack, &budget);
                }
        if (now == branches)
            break;
        branches = now;
    }
}

/* ---- affine forms ---- */

static ptx_affine af_const(int64_t v)
{
    return (ptx_affine){.st = PTX_AF_AFFINE, .sym = -1, .c = v};
}

static ptx_affine af_top(void)
{
    return (ptx_affine){.st = PTX_AF_TOP, .sym = -1};
}

static bool af_is_const(const ptx_affine *a)
{
    return a->st == PTX_AF_AFFINE && !ptx_af_has_tid(a) && !a->uni && a->sym == -1;
}

static ptx_affine operand_form(const ptx_ctx *c, const ptx_operand *o)
{
    switch (o->kind) {
    case PTX_O_REG:
        return c->form[o->reg];
    case PTX_O_IMM:
        return af_const(o->imm);
    case PTX_O_SYM: {
        ptx_affine a = af_const(o->imm);
        a.sym = o->sym;
        return a;
    }
    case PTX_O_SREG: {
        int base = o->reg / 4, comp = o->reg % 4;
        if (base == PTX_SR_TID) {
            ptx_affine a = af_const(0);
            a.k[comp] = 1;
            return a;
        }
        if (sreg_variant(o->reg))
            return af_top();
        ptx_affine a = af_const(0);
        a.uni = 1;
        return a;
    }
    default:
        return af_top();
    }
}

static int32_t sym_sum(int32_t a, int32_t b, int sign)
{
    if (b == -1)
        return a;
    return a == -1 && sign > 0 ? b : -2;
}

static ptx_affine af_add(ptx_affine a, ptx_affine b, int sign)
{
    if (a.st != PTX_AF_AFFINE || b.st != PTX_AF_AFFINE)
        return (ptx_affine){.st = a.st == PTX_AF_BOTTOM || b.st == PTX_AF_BOTTOM ? PTX_AF_BOTTOM : PTX_AF_TOP,
                            .sym = sym_sum(a.sym, b.sym, sign)};
    ptx_affine r = a;
    r.c = (int64_t)((uint64_t)a.c + (uint64_t)(sign * b.c));
    for (int d = 0; d < 3; d++)
        r.k[d] = (int64_t)((uint64_t)a.k[d] + (uint64_t)(sign * b.k[d]));
    r.uni |= b.uni;
    r.symco |= b.symco;
    r.sym = sym_sum(a.sym, b.sym, sign);
    return r;
}

static ptx_affine af_scale(ptx_affine a, int64_t v)
{
    ptx_affine r = a;
    r.c = (int64_t)((uint64_t)a.c * (uint64_t)v);
    for (int d = 0; d < 3; d++)
        r.k[d] = (int64_t)((uint64_t)a.k[d] * (uint64_t)v);
    if (a.sym != -1 && v != 1)
        r.sym = -2;
    return r;
}

static ptx_affine af_mul(ptx_affine a, ptx_affine b)
{
    if (a.st == PTX_AF_BOTTOM || b.st == PTX_AF_BOTTOM)
        return (ptx_affine){.st = PTX_AF_BOTTOM, .sym = -1};
    if (a.st == PTX_AF_TOP || b.st == PTX_AF_TOP)
        return af_top();
    if (af_is_const(&b))
        return af_scale(a, b.c);
    if (af_is_const(&a))
        return af_scale(b, a.c);
    if (ptx_af_has_tid(&a) && ptx_af_has_tid(&b))
        return af_top();
    if (!ptx_af_has_tid(&a) && !ptx_af_has_tid(&b)) {
        ptx_affine r = af_const(0);
        r.uni = 1;
        return r;
    }
    ptx_affine t = ptx_af_has_tid(&a) ? a : b; /* tid-dependent times unknown uniform */
    ptx_affine r = af_const(0);
    r.uni = 1;
    r.symco = t.symco;
    for (int d = 0; d < 3; d++)
        if (t.k[d])
            r.symco |= (uint8_t)(1u << d);
    return r;
}

static ptx_affine af_join(ptx_affine a, ptx_affine b)
{
    if (a.st == PTX_AF_BOTTOM)
        return b;
    if (b.st == PTX_AF_BOTTOM)
        return a;
    if (a.st == PTX_AF_TOP || b.st == PTX_AF_TOP || memcmp(a.k, b.k, sizeof a.k) != 0 || a.symco != b.symco) {
        ptx_affine t = af_top();
        t.sym = a.sym == b.sym ? a.sym : -2;
        return t;
    }
    ptx_affine r = a;
    if (a.c != b.c || a.uni != b.uni) {
        r.c = 0;
        r.uni = 1;
    }
    if (a.sym != b.sym)
        r.sym = -2;
    return r;
}

static bool af_equal(const ptx_affine *a, const ptx_affine *b)
{
    return a->st == b->st && a->uni == b->uni && a->symco == b->symco && a->sym == b->sym && a->c == b->c &&
           memcmp(a->k, b->k, sizeof a->k) == 0;
}

static ptx_affine form_at(const ptx_ctx *c, uint32_t at, const ptx_operand *o, int depth);

/* The form an instruction computes; depth > 0 follows the definitions that reach its operands
 * (precise where registers are reused), depth 0 takes the function-wide forms. */
static ptx_affine instr_form(const ptx_ctx *c, uint32_t i, int depth)
{
    const ptx_instr *in = &c->f->ins[i];
    ptx_affine s[3];
    for (int j = 0; j < 3; j++)
        s[j] = in->nopnd > j + 1 ? form_at(c, i, ptx_opnd(c, in, j + 1), depth) : af_top();
    switch (in->kind) {
    case PTX_K_MOV:
    case PTX_K_CVT:
        return in->nopnd == 2 && !in->is_float ? s[0] : af_top();
    case PTX_K_ARITH: {
        /* and/or/shr/rem of an address keep its base symbol (masking an offset) */
        ptx_affine t = af_top();
        t.sym = in->nopnd == 3 && s[0].sym >= 0 && s[1].sym == -1 ? s[0].sym : -1;
        return t;
    }
    case PTX_K_CVTA:
        return in->nopnd == 2 ? s[0] : af_top();
    case PTX_K_ADD:
        return in->nopnd == 3 && !in->is_float ? af_add(s[0], s[1], 1) : af_top();
    case PTX_K_SUB:
        return in->nopnd == 3 && !in->is_float ? af_add(s[0], s[1], -1) : af_top();
    case PTX_K_NEG:
        return in->nopnd == 2 && !in->is_float ? af_scale(s[0], -1) : af_top();
    case PTX_K_MUL: {
        bool hi = false;
        for (uint32_t m = 0; m < in->nmods; m++)
            hi |= c->f->mods[in->mods + m].n == 3 && memcmp(c->f->mods[in->mods + m].p, ".hi", 3) == 0;
        return in->nopnd == 3 && !in->is_float && !hi ? af_mul(s[0], s[1]) : af_top();
    }
    case PTX_K_MAD:
        return in->nopnd == 4 && !in->is_float ? af_add(af_mul(s[0], s[1]), s[2], 1) : af_top();
    case PTX_K_SHL:
        if (in->nopnd == 3 && af_is_const(&s[1]) && s[1].c >= 0 && s[1].c < 63)
            return af_scale(s[0], (int64_t)1 << s[1].c);
        return af_top();
    default:
        return af_top();
    }
}

void ptx_affine_forms(ptx_ctx *c)
{
    uint32_t nr = c->f->nregs;
    c->form = ptx_alloc_raw(c->scratch, (nr + 1) * sizeof *c->form); /* each set once here */
    for (uint32_t r = 0; r <= nr; r++)
        c->form[r] = (ptx_affine){.sym = r < nr ? -1 : 0};
    for (int round = 0; round < 12; round++) {
        bool changed = false;
        for (uint32_t i = 0; i < c->n; i++) {
            const ptx_instr *in = &c->f->ins[i];
            if (c->ndef[i] != 1 || in->nopnd < 1 || ptx_opnd(c, in, 0)->kind != PTX_O_REG || in->is_float)
                continue;
            int32_t d = ptx_opnd(c, in, 0)->reg;
            if (c->f->regs[d].cls == PTX_RC_PRED)
                continue; /* predicates and floating-point values are never addresses */
            ptx_affine v = instr_form(c, i, 0);
            if (v.st == PTX_AF_TOP && !c->variant[d]) {
                int32_t sym = v.sym;
                v = af_const(0);
                v.uni = 1;
                v.sym = sym;
            }
            ptx_affine j = af_join(c->form[d], v);
            if (!af_equal(&j, &c->form[d])) {
                c->form[d] = j;
                changed = true;
            }
        }
        if (!changed)
            break;
        if (round == 11)
            for (uint32_t r = 0; r < nr; r++)
                if (c->form[r].st == PTX_AF_AFFINE && c->variant[r])
                    c->form[r] = af_top();
    }
    /* registers defined several times at once (vector destinations) or never: unknown */
    for (uint32_t r = 0; r < nr; r++)
        if (c->form[r].st == PTX_AF_BOTTOM) {
            c->form[r] = af_const(0);
            c->form[r].uni = 1;
            if (c->variant[r])
                c->form[r] = af_top();
        }
}

static ptx_affine address_form(const ptx_ctx *c, const ptx_operand *o)
{
    if (o->kind != PTX_O_ADDR)
        return af_top();
    ptx_affine a;
    if (o->reg >= 0) {
        a = c->form[o->reg];
        if (a.st == PTX_AF_BOTTOM) { /* unknown, but still inside the array it started from */
            int32_t sym = a.sym;
            a = af_top();
            a.sym = sym;
        }
        if (a.st == PTX_AF_AFFINE)
            a.c = (int64_t)((uint64_t)a.c + (uint64_t)o->imm);
    } else {
        a = af_const(o->imm);
        a.sym = o->sym;
    }
    return a;
}

/* Address forms at each memory instruction, flow-sensitive within a block: definitions earlier in
 * the block override the function-wide form (registers such as a reused %base keep their meaning). */
void ptx_address_forms(ptx_ctx *c)
{
    c->addr = ptx_scratch(c, c->n + 1, sizeof *c->addr);
    struct undo {
        int32_t reg;
        ptx_affine old;
    } *log = ptx_alloc_raw(c->scratch, (c->n + 1) * sizeof *log);       /* written before read */
    uint32_t *logged = ptx_scratch(c, c->f->nregs + 1, sizeof *logged); /* per register: b + 1 when in b's log */
    for (uint32_t b = 0; b < c->nb; b++) {
        uint32_t nlog = 0;
        for (uint32_t i = c->bstart[b]; i < c->bend[b]; i++) {
            const ptx_instr *in = &c->f->ins[i];
            const ptx_operand *ad = ptx_address_operand(c, in);
            if (ad) {
                c->addr[i] = address_form(c, ad);
                if (ad->reg >= 0 && logged[ad->reg] != b + 1) {
                    ptx_affine a = form_at(c, i, &(ptx_operand){.kind = PTX_O_REG, .reg = ad->reg}, 3);
                    if (a.st == PTX_AF_AFFINE)
                        a.c = (int64_t)((uint64_t)a.c + (uint64_t)ad->imm);
                    if (a.st != PTX_AF_BOTTOM)
                        c->addr[i] = a;
                }
            }
            if (c->ndef[i] != 1 || in->guard >= 0 || ptx_opnd(c, in, 0)->kind != PTX_O_REG || in->is_float)
                continue;
            int32_t d = ptx_opnd(c, in, 0)->reg;
            if (c->f->regs[d].cls == PTX_RC_PRED)
                continue;
            ptx_affine v = instr_form(c, i, 0);
            if (v.st == PTX_AF_BOTTOM)
                continue;
            if (v.st == PTX_AF_TOP && !c->variant[d]) {
                int32_t sym = v.sym;
                v = af_const(0);
                v.uni = 1;
                v.sym = sym;
            }
            log[nlog++] = (struct undo){d, c->form[d]};
            logged[d] = b + 1;
            c->form[d] = v;
        }
        while (nlog--)
            c->form[log[nlog].reg] = log[nlog].old;
    }
}

/* ---- reaching definitions ---- */

/* The single unguarded instruction defining register r, or -1. */
static int32_t only_def(const ptx_ctx *c, int32_t r)
{
    return c->only_def[r];
}

static int32_t def_in_block(const ptx_ctx *c, uint32_t from, uint32_t to, int32_t r, bool *found)
{
    int32_t i = ptx_last_def(c, from, to, r);
    *found = i >= 0;
    return i >= 0 && c->f->ins[i].guard < 0 ? i : -1;
}

int ptx_reaching_defs(const ptx_ctx *c, uint32_t at, int32_t r, int32_t *defs, int max)
{
    bool found;
    uint32_t b = c->blk[at];
    int32_t def = def_in_block(c, c->bstart[b], at, r, &found);
    if (found) {
        if (def < 0)
            return -1;
        defs[0] = def;
        return 1;
    }
    /* scratch arrays shared by all queries; a query marks blocks with its own stamp */
    ptx_ctx *mc = (ptx_ctx *)c;
    if (!mc->rd_seen) {
        mc->rd_seen = ptx_scratch(c, c->nb + 1, sizeof *mc->rd_seen);
        mc->rd_stack = ptx_scratch(c, c->nb + 1, sizeof *mc->rd_stack);
    }
    uint32_t stamp = ++mc->rd_stamp;
    uint32_t *seen = mc->rd_seen, *stack = mc->rd_stack, sp = 0;
    int n = 0;
    stack[sp++] = b;
    seen[b] = stamp;
    while (sp) {
        uint32_t x = stack[--sp];
        if (c->pstart[x] == c->pstart[x + 1])
            return -1; /* reaches the entry undefined */
        for (uint32_t e = c->pstart[x]; e < c->pstart[x + 1]; e++) {
            uint32_t p = c->pred[e];
            if (seen[p] == stamp && p != b)
                continue;
            int32_t d = def_in_block(c, c->bstart[p], c->bend[p], r, &found);
            if (!found) {
                if (seen[p] != stamp) {
                    seen[p] = stamp;
                    stack[sp++] = p;
                }
                continue;
            }
            if (d < 0)
                return -1; /* a guarded definition: the value before it reaches too */
            bool known = false;
            for (int k = 0; k < n; k++)
                known |= defs[k] == d;
            if (!known) {
                if (n == max)
                    return -1;
                defs[n++] = d;
            }
        }
    }
    return n;
}

int32_t ptx_reaching_def(const ptx_ctx *c, uint32_t at, int32_t r)
{
    int32_t d;
    return ptx_reaching_defs(c, at, r, &d, 1) == 1 ? d : -1;
}

static ptx_affine form_at(const ptx_ctx *c, uint32_t at, const ptx_operand *o, int depth)
{
    if (o->kind != PTX_O_REG || depth <= 0)
        return operand_form(c, o);
    ptx_affine g = c->form[o->reg];
    if (g.st == PTX_AF_AFFINE && !g.uni)
        return g;
    int32_t d = ptx_reaching_def(c, at, o->reg);
    if (d < 0)
        return g;
    ptx_affine v = instr_form(c, (uint32_t)d, depth - 1);
    if (v.st == PTX_AF_BOTTOM)
        return g;
    if (v.st == PTX_AF_TOP && !c->variant[o->reg]) {
        int32_t sym = v.sym;
        v = af_const(0);
        v.uni = 1;
        v.sym = sym;
    }
    return v;
}

/* ---- tid.x bounds ---- */

static bool is_plain_tid_x(const ptx_affine *a)
{
    return a->st == PTX_AF_AFFINE && a->k[0] == 1 && !a->k[1] && !a->k[2] && !a->c && !a->uni && !a->symco &&
           a->sym == -1;
}

/* Upper bounds on tid.x per block from the branch it depends on (setp.lt %tid.x, K and the like). */
void ptx_tid_bounds(ptx_ctx *c)
{
    c->tid_bound = ptx_scratch(c, c->nb + 1, sizeof *c->tid_bound);
    c->tid_low = ptx_scratch(c, c->nb + 1, sizeof *c->tid_low);
    for (uint32_t b = 0; b <= c->nb; b++) {
        c->tid_bound[b] = INT64_MAX;
        if (b == c->nb || c->cd_branch[b] < 0)
            continue;
        const ptx_instr *br = &c->f->ins[c->cd_branch[b]];
        int32_t d = br->guard >= 0 ? only_def(c, br->guard) : -1;
        if (d < 0)
            continue;
        const ptx_instr *sp = &c->f->ins[d];
        if (sp->kind != PTX_K_SETP || sp->nopnd != 3 || sp->nmods < 1)
            continue;
        ptx_affine x = operand_form(c, ptx_opnd(c, sp, 1)), k = operand_form(c, ptx_opnd(c, sp, 2));
        x = form_at(c, (uint32_t)d, ptx_opnd(c, sp, 1), 3);
        if (!is_plain_tid_x(&x) || !af_is_const(&k))
            continue;
        const ptx_token *cmp = &c->f->mods[sp->mods];
        if (c->cd_taken[b] > 1)
            continue; /* reached from both sides */
        bool holds = c->cd_taken[b] != (br->guard_neg != 0);
        bool lt = cmp->n == 3 && memcmp(cmp->p, ".lt", 3) == 0, le = cmp->n == 3 && memcmp(cmp->p, ".le", 3) == 0;
        bool gt = cmp->n == 3 && memcmp(cmp->p, ".gt", 3) == 0, ge = cmp->n == 3 && memcmp(cmp->p, ".ge", 3) == 0;
        bool eq = cmp->n == 3 && memcmp(cmp->p, ".eq", 3) == 0, ne = cmp->n == 3 && memcmp(cmp->p, ".ne", 3) == 0;
        if (k.c < 0 || k.c > (1 << 20))
            continue;
        if (holds && (lt || le || eq))
            c->tid_bound[b] = k.c + !lt;
        else if (!holds && (gt || ge || ne))
            c->tid_bound[b] = k.c + !ge;
        if (holds && (gt || ge || eq))
            c->tid_low[b] = k.c + gt;
        else if (!holds && (lt || le || ne))
            c->tid_low[b] = k.c + le;
    }
    /* a block also inherits the bounds of the block holding its branch (nested conditions) */
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t b = 0; b < c->nb; b++) {
            if (c->cd_branch[b] < 0)
                continue;
            uint32_t outer = c->blk[c->cd_branch[b]];
            if (c->tid_bound[outer] < c->tid_bound[b])
                c->tid_bound[b] = c->tid_bound[outer];
            if (c->tid_low[outer] > c->tid_low[b])
                c->tid_low[b] = c->tid_low[outer];
        }
}

/* ---- rules ---- */

void ptx_find_barrier_divergence(ptx_ctx *c)
{
    ptx_function *f = c->f;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &f->ins[i];
        if (in->kind != PTX_K_BAR || !c->reach[c->blk[i]] || ptx_partial_barrier(c, i))
            continue; /* a named barrier with a thread count is meant for some warps only */
        if (in->guard >= 0 && c->variant[in->guard]) {
            ptx_add_finding(c->m, f, PTX_RULE_BARRIER_DIVERGENCE, in->line, in->col,
                            "make the barrier's predicate uniform across the block, or move the barrier out",
                            "barrier guarded by a predicate that differs between threads of the block");
            continue;
        }
        int32_t br = c->cd_branch[c->blk[i]];
        if (br >= 0)
            ptx_add_finding(c->m, f, PTX_RULE_BARRIER_DIVERGENCE, in->line, in->col,
                            "let every thread of the block reach the barrier: move it out of the thread-dependent "
                            "branch, or exit only after the last barrier",
                            "barrier reached only by some threads of the block: it depends on the thread-dependent "
                            "branch at line %u",
                            f->ins[br].line);
    }
}
