/* PTX analyses on one function: CFG, post-dominators, liveness, thread variance, affine addresses,
 * memory and roofline counts, occupancy; and the rules built on them. */
#include "ptx_internal.h"

#include <stdlib.h>
#include <string.h>

/* How ptxas schedules with unlimited registers (fitted on ptx_corpus, -maxrregcount 255): the
 * iterations of a loop with loads it overlaps (unrolling small loops further, to keep at least
 * PTX_LOOP_MIN_IN_FLIGHT loaded values in flight), how much a loop without loads grows (tenths),
 * and how many values loaded from local memory it keeps in flight at most. */
enum { PTX_LOOP_UNROLL = 2, PTX_LOOP_MIN_IN_FLIGHT = 16, PTX_LOOP_OVERLAP_TENTHS = 18, PTX_LOCAL_LOADS_IN_FLIGHT = 64 };
/* Spill prediction: estimate above the cap by more than this (ptxas rematerialises some values). */
enum { PTX_SPILL_SLACK = 4 };
/* HIGH_REGISTER_PRESSURE threshold: above 64 registers a 256-thread block cannot reach 50 % occupancy. */
enum { PTX_HIGH_PRESSURE = 64 };
/* ptxas turns a .local array read at dynamic indices into registers and selects up to this size
 * (bytes; measured on ptx_corpus), and one accessed at constant offsets up to about 255 registers. */
enum { PTX_LOCAL_SELECT_LIMIT = 256, PTX_LOCAL_REGISTER_LIMIT = 1024 };

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        abort();
    return p;
}

/* ---- affine address forms: c + k·tid (+ unknown uniform) (+ symbol base) ---- */
enum { AF_BOTTOM, AF_AFFINE, AF_TOP };

typedef struct affine {
    uint8_t st, uni, symco; /* symco: bit d set when tid.d is scaled by an unknown uniform */
    int32_t sym;            /* base symbol, -1 none, -2 several */
    int64_t c, k[3];
} affine;

typedef struct ctx {
    ptx_module *m;
    ptx_function *f;
    const ptx_options *opt;
    const ptx_arch *arch;
    uint32_t n, nb, exitb; /* instructions, blocks, the virtual exit block (= nb) */
    /* defs and uses per instruction */
    uint32_t *du_start;
    uint16_t *ndef, *nuse;
    int32_t *du;
    /* blocks */
    uint32_t *bstart, *bend, *blk;
    uint32_t *sstart, *succ, *pstart, *pred;
    bool *falls_off;
    bool *reach, *reaches_exit;
    uint32_t *ipdom;
    int32_t *cd_branch;                     /* a thread-variant branch this block is control dependent on, or -1 */
    bool *cd_taken;                         /* ... and whether the block lies on its taken side */
    int64_t *tid_bound;                     /* per block: tid.x < bound for the threads that run it */
    int64_t *tid_low;                       /* per block: tid.x >= low */
    int64_t block_bound;                    /* tid.x < this for every thread: from accesses all threads make */
    bool *variant;                          /* per register */
    affine *form;                           /* per register */
    affine *addr;                           /* per memory instruction: its address */
    bool *generic;                          /* per register: holds a generic address */
    int64_t module_shared;                  /* bytes of module-level .shared variables the function uses */
    int32_t *only_def;                      /* per register: its single unguarded definition, or -1 */
    uint32_t *rd_seen, *rd_stack, rd_stamp; /* scratch of reaching_def */
} ctx;

static const ptx_operand *opnd(const ctx *c, const ptx_instr *in, int i)
{
    return &c->f->opnds[in->opnds + i];
}

/* ---- defs and uses ---- */

static bool has_dst(const ptx_instr *in)
{
    switch (in->kind) {
    case PTX_K_ST:
    case PTX_K_RED:
    case PTX_K_BRA:
    case PTX_K_BRX:
    case PTX_K_RET:
    case PTX_K_EXIT:
    case PTX_K_TRAP:
    case PTX_K_BAR:
    case PTX_K_CALL:
    case PTX_K_CP_ASYNC:
        return false;
    default:
        return in->nopnd > 0;
    }
}

static void collect_regs(const ctx *c, const ptx_operand *o, int32_t *out, uint32_t *n, uint32_t cap)
{
    if (o->kind == PTX_O_REG || (o->kind == PTX_O_ADDR && o->reg >= 0)) {
        if (*n < cap)
            out[(*n)++] = o->reg;
    } else if (o->kind == PTX_O_VEC || o->kind == PTX_O_LIST) {
        for (int i = 0; i < o->count; i++)
            collect_regs(c, &c->f->opnds[o->reg + i], out, n, cap);
    }
}

static void build_def_use(ctx *c)
{
    ptx_function *f = c->f;
    c->du_start = xcalloc(c->n + 1, sizeof *c->du_start);
    c->ndef = xcalloc(c->n, sizeof *c->ndef);
    c->nuse = xcalloc(c->n, sizeof *c->nuse);
    uint32_t cap = f->nopnds + c->n + 16, used = 0;
    c->du = xcalloc(cap, sizeof *c->du);
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &f->ins[i];
        c->du_start[i] = used;
        uint32_t k = 0;
        int32_t tmp[80];
        int first_use = 0;
        bool call_ret = in->kind == PTX_K_CALL && in->nopnd && opnd(c, in, 0)->kind == PTX_O_LIST;
        if (has_dst(in) && (opnd(c, in, 0)->kind == PTX_O_REG || opnd(c, in, 0)->kind == PTX_O_VEC)) {
            collect_regs(c, opnd(c, in, 0), tmp, &k, 80);
            first_use = 1;
        } else if (call_ret) {
            collect_regs(c, opnd(c, in, 0), tmp, &k, 80);
            first_use = 1;
        }
        c->ndef[i] = (uint16_t)k;
        uint32_t d = k;
        for (int j = first_use; j < in->nopnd; j++)
            collect_regs(c, opnd(c, in, j), tmp, &k, 80);
        if (in->guard >= 0 && k < 80)
            tmp[k++] = in->guard;
        c->nuse[i] = (uint16_t)(k - d);
        if (used + k > cap) {
            cap = (used + k) * 2;
            c->du = realloc(c->du, cap * sizeof *c->du);
            if (!c->du)
                abort();
        }
        memcpy(c->du + used, tmp, k * sizeof *tmp);
        used += k;
    }
    c->du_start[c->n] = used;
    c->only_def = xcalloc(f->nregs + 1, sizeof *c->only_def);
    for (uint32_t r = 0; r <= f->nregs; r++)
        c->only_def[r] = -2; /* none yet */
    for (uint32_t i = 0; i < c->n; i++)
        for (uint32_t j = 0; j < c->ndef[i]; j++) {
            int32_t r = c->du[c->du_start[i] + j];
            c->only_def[r] = c->only_def[r] == -2 && f->ins[i].guard < 0 ? (int32_t)i : -1;
        }
    for (uint32_t r = 0; r <= f->nregs; r++)
        if (c->only_def[r] == -2)
            c->only_def[r] = -1;
}

/* ---- CFG ---- */

static bool ends_block(const ptx_instr *in)
{
    return in->kind == PTX_K_BRA || in->kind == PTX_K_BRX || in->kind == PTX_K_RET || in->kind == PTX_K_EXIT ||
           in->kind == PTX_K_TRAP;
}

static void build_cfg(ctx *c)
{
    ptx_function *f = c->f;
    uint32_t n = c->n;
    bool *leader = xcalloc(n + 1, sizeof *leader);
    bool *is_target = xcalloc(n + 1, sizeof *is_target);
    leader[0] = true;
    for (uint32_t i = 0; i < n; i++) {
        const ptx_instr *in = &f->ins[i];
        if (in->kind == PTX_K_BRA && in->target >= 0)
            leader[in->target] = is_target[in->target] = true;
        if (ends_block(in))
            leader[i + 1] = true;
    }
    bool has_brx = false;
    for (uint32_t i = 0; i < n; i++)
        has_brx |= f->ins[i].kind == PTX_K_BRX;
    c->blk = xcalloc(n + 1, sizeof *c->blk);
    uint32_t nb = 0;
    for (uint32_t i = 0; i < n; i++)
        nb += leader[i];
    c->nb = nb;
    c->exitb = nb;
    c->bstart = xcalloc(nb + 1, sizeof *c->bstart);
    c->bend = xcalloc(nb + 1, sizeof *c->bend);
    for (uint32_t i = 0, b = 0; i < n; i++) {
        if (leader[i]) {
            c->bstart[b] = i;
            b++;
        }
        c->blk[i] = b - 1;
        c->bend[b - 1] = i + 1;
    }
    c->blk[n] = c->exitb;
    /* successors: at most 2, or every target block for brx */
    c->sstart = xcalloc(nb + 2, sizeof *c->sstart);
    uint32_t cap = nb * 2 + 4, used = 0;
    c->succ = xcalloc(cap, sizeof *c->succ);
    c->falls_off = xcalloc(nb + 1, sizeof *c->falls_off);
    for (uint32_t b = 0; b < nb; b++) {
        c->sstart[b] = used;
        const ptx_instr *last = &f->ins[c->bend[b] - 1];
        uint32_t s[2], k = 0;
        bool fall = true;
        if (last->kind == PTX_K_BRA) {
            s[k++] = last->target >= 0 ? c->blk[last->target] : c->exitb;
            fall = last->guard >= 0;
        } else if (last->kind == PTX_K_RET || last->kind == PTX_K_EXIT || last->kind == PTX_K_TRAP) {
            s[k++] = c->exitb;
            fall = last->guard >= 0;
        } else if (last->kind == PTX_K_BRX) {
            fall = false;
            for (uint32_t i = 0; i < n; i++)
                if (is_target[i] || (has_brx && leader[i])) {
                    if (used + 1 > cap) {
                        cap *= 2;
                        c->succ = realloc(c->succ, cap * sizeof *c->succ);
                    }
                    c->succ[used++] = c->blk[i];
                }
        }
        if (fall) {
            if (c->bend[b] < n) {
                s[k++] = b + 1;
            } else {
                s[k++] = c->exitb;
                c->falls_off[b] = true;
            }
        }
        if (k == 2 && s[0] == s[1])
            k = 1;
        if (used + k > cap) {
            cap = (used + k) * 2;
            c->succ = realloc(c->succ, cap * sizeof *c->succ);
        }
        for (uint32_t j = 0; j < k; j++)
            c->succ[used++] = s[j];
    }
    c->sstart[nb] = used;
    c->sstart[nb + 1] = used;
    /* predecessors (the exit block included) */
    c->pstart = xcalloc(nb + 2, sizeof *c->pstart);
    for (uint32_t e = 0; e < used; e++)
        c->pstart[c->succ[e] + 1]++;
    for (uint32_t b = 0; b < nb + 1; b++)
        c->pstart[b + 1] += c->pstart[b];
    c->pred = xcalloc(used + 1, sizeof *c->pred);
    uint32_t *fill = xcalloc(nb + 2, sizeof *fill);
    for (uint32_t b = 0; b < nb; b++)
        for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1]; e++) {
            uint32_t t = c->succ[e];
            c->pred[c->pstart[t] + fill[t]++] = b;
        }
    free(fill);
    free(leader);
    free(is_target);
}

/* Blocks reachable from the entry (forward) and blocks that reach a real exit (backward). */
static void reachability(ctx *c)
{
    uint32_t nb = c->nb;
    c->reach = xcalloc(nb + 1, sizeof *c->reach);
    c->reaches_exit = xcalloc(nb + 1, sizeof *c->reaches_exit);
    uint32_t *stack = xcalloc(nb + 2, sizeof *stack), sp = 0;
    if (nb) {
        c->reach[0] = true;
        stack[sp++] = 0;
    }
    while (sp) {
        uint32_t b = stack[--sp];
        for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1]; e++) {
            uint32_t s = c->succ[e];
            if (s < nb && !c->reach[s]) {
                c->reach[s] = true;
                stack[sp++] = s;
            }
        }
    }
    /* backward from blocks ending in ret/exit/trap (falling off the end is not an exit) */
    for (uint32_t b = 0; b < nb; b++) {
        const ptx_instr *last = &c->f->ins[c->bend[b] - 1];
        if (last->kind == PTX_K_RET || last->kind == PTX_K_EXIT || last->kind == PTX_K_TRAP) {
            c->reaches_exit[b] = true;
            stack[sp++] = b;
        }
    }
    while (sp) {
        uint32_t b = stack[--sp];
        for (uint32_t e = c->pstart[b]; e < c->pstart[b + 1]; e++) {
            uint32_t p = c->pred[e];
            if (!c->reaches_exit[p]) {
                c->reaches_exit[p] = true;
                stack[sp++] = p;
            }
        }
    }
    free(stack);
}

/* ---- post-dominators (Cooper, Harvey, Kennedy on the reversed CFG) ---- */

static void post_dominators(ctx *c)
{
    uint32_t nb = c->nb, total = nb + 1, exitb = c->exitb;
    /* the reversed CFG; blocks that cannot reach an exit get a virtual edge to it */
    uint32_t nvirtual = 0;
    for (uint32_t b = 0; b < nb; b++)
        nvirtual += !c->reaches_exit[b];
    uint32_t nreal = c->pstart[exitb + 1] - c->pstart[exitb];
    uint32_t *exit_preds = xcalloc(nreal + nvirtual + 1, sizeof *exit_preds), nexit = 0;
    for (uint32_t e = c->pstart[exitb]; e < c->pstart[exitb + 1]; e++)
        exit_preds[nexit++] = c->pred[e];
    for (uint32_t b = nb; b-- > 0;)
        if (!c->reaches_exit[b])
            exit_preds[nexit++] = b;
    uint32_t *po = xcalloc(total, sizeof *po), npo = 0;
    uint32_t *order = xcalloc(total, sizeof *order);
    bool *seen = xcalloc(total, sizeof *seen);
    uint32_t *stack = xcalloc(total + 1, sizeof *stack), *edge = xcalloc(total + 1, sizeof *edge), sp = 0;
    seen[exitb] = true;
    stack[sp++] = exitb;
    while (sp) {
        uint32_t b = stack[sp - 1];
        uint32_t count = b == exitb ? nexit : c->pstart[b + 1] - c->pstart[b];
        if (edge[b] < count) {
            uint32_t p = b == exitb ? exit_preds[edge[b]] : c->pred[c->pstart[b] + edge[b]];
            edge[b]++;
            if (!seen[p]) {
                seen[p] = true;
                stack[sp++] = p;
            }
        } else {
            order[b] = npo;
            po[npo++] = b;
            sp--;
        }
    }
    c->ipdom = xcalloc(total, sizeof *c->ipdom);
    for (uint32_t b = 0; b < total; b++)
        c->ipdom[b] = UINT32_MAX;
    c->ipdom[exitb] = exitb;
    bool changed = true;
    while (changed) {
        changed = false;
        for (uint32_t i = npo; i-- > 0;) {
            uint32_t b = po[i];
            if (b == exitb)
                continue;
            uint32_t nd = c->reaches_exit[b] ? UINT32_MAX : exitb;
            for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1]; e++) {
                uint32_t s = c->succ[e];
                if (c->ipdom[s] == UINT32_MAX)
                    continue;
                if (nd == UINT32_MAX) {
                    nd = s;
                    continue;
                }
                uint32_t x = s, y = nd;
                while (x != y) {
                    while (order[x] < order[y])
                        x = c->ipdom[x];
                    while (order[y] < order[x])
                        y = c->ipdom[y];
                }
                nd = x;
            }
            if (nd != UINT32_MAX && c->ipdom[b] != nd) {
                c->ipdom[b] = nd;
                changed = true;
            }
        }
    }
    for (uint32_t b = 0; b < total; b++)
        if (c->ipdom[b] == UINT32_MAX)
            c->ipdom[b] = exitb;
    free(exit_preds);
    free(po);
    free(order);
    free(seen);
    free(stack);
    free(edge);
}

/* ---- thread variance and control dependence ---- */

static bool sreg_variant(int32_t s)
{
    int base = s / 4;
    return base == PTX_SR_TID || base == PTX_SR_LANEID || base == PTX_SR_WARPID || base == PTX_SR_OTHER_VARIANT;
}

static bool instr_variant(const ctx *c, uint32_t i)
{
    const ptx_instr *in = &c->f->ins[i];
    if (c->cd_branch[c->blk[i]] >= 0 && c->ndef[i])
        return true;
    if (in->kind == PTX_K_VARIANT_SRC || in->kind == PTX_K_ATOM || in->kind == PTX_K_CALL)
        return true;
    if (in->kind == PTX_K_LD && in->space == PTX_SP_LOCAL)
        return true;
    const int32_t *u = c->du + c->du_start[i] + c->ndef[i];
    for (uint32_t j = 0; j < c->nuse[i]; j++)
        if (c->variant[u[j]])
            return true;
    for (int j = 0; j < in->nopnd; j++) {
        const ptx_operand *o = opnd(c, in, j);
        if (o->kind == PTX_O_SREG && sreg_variant(o->reg))
            return true;
    }
    return false;
}

static bool branch_variant(const ctx *c, uint32_t b)
{
    const ptx_instr *last = &c->f->ins[c->bend[b] - 1];
    if (c->sstart[b + 1] - c->sstart[b] < 2)
        return false;
    if (last->guard >= 0)
        return c->variant[last->guard];
    if (last->kind == PTX_K_BRX)
        return last->nopnd && opnd(c, last, 0)->kind == PTX_O_REG && c->variant[opnd(c, last, 0)->reg];
    return false;
}

static void thread_variance(ctx *c)
{
    c->variant = xcalloc(c->f->nregs + 1, sizeof *c->variant);
    c->cd_branch = xcalloc(c->nb + 1, sizeof *c->cd_branch);
    c->cd_taken = xcalloc(c->nb + 1, sizeof *c->cd_taken);
    for (uint32_t b = 0; b <= c->nb; b++)
        c->cd_branch[b] = -1;
    for (int round = 0; round < 16; round++) {
        bool changed = true;
        while (changed) {
            changed = false;
            for (uint32_t i = 0; i < c->n; i++) {
                if (!c->ndef[i] || !instr_variant(c, i))
                    continue;
                const int32_t *d = c->du + c->du_start[i];
                for (uint32_t j = 0; j < c->ndef[i]; j++)
                    if (!c->variant[d[j]])
                        c->variant[d[j]] = changed = true;
            }
        }
        /* the last branches first, so that a block records the innermost branch it depends on */
        bool marked = false;
        for (uint32_t b = c->nb; b-- > 0;) {
            if (!branch_variant(c, b))
                continue;
            for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1]; e++)
                for (uint32_t r = c->succ[e]; r != c->ipdom[b] && r != c->exitb; r = c->ipdom[r]) {
                    if (c->cd_branch[r] >= 0)
                        continue;
                    c->cd_branch[r] = (int32_t)(c->bend[b] - 1);
                    c->cd_taken[r] = e == c->sstart[b];
                    marked = true;
                }
        }
        if (!marked)
            break;
    }
}

/* ---- affine forms ---- */

static affine af_const(int64_t v)
{
    return (affine){.st = AF_AFFINE, .sym = -1, .c = v};
}

static affine af_top(void)
{
    return (affine){.st = AF_TOP, .sym = -1};
}

static bool af_has_tid(const affine *a)
{
    return a->st == AF_TOP || a->k[0] || a->k[1] || a->k[2] || a->symco;
}

static bool af_is_const(const affine *a)
{
    return a->st == AF_AFFINE && !af_has_tid(a) && !a->uni && a->sym == -1;
}

static affine operand_form(const ctx *c, const ptx_operand *o)
{
    switch (o->kind) {
    case PTX_O_REG:
        return c->form[o->reg];
    case PTX_O_IMM:
        return af_const(o->imm);
    case PTX_O_SYM: {
        affine a = af_const(o->imm);
        a.sym = o->sym;
        return a;
    }
    case PTX_O_SREG: {
        int base = o->reg / 4, comp = o->reg % 4;
        if (base == PTX_SR_TID) {
            affine a = af_const(0);
            a.k[comp] = 1;
            return a;
        }
        if (sreg_variant(o->reg))
            return af_top();
        affine a = af_const(0);
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

static affine af_add(affine a, affine b, int sign)
{
    if (a.st != AF_AFFINE || b.st != AF_AFFINE)
        return (affine){.st = a.st == AF_BOTTOM || b.st == AF_BOTTOM ? AF_BOTTOM : AF_TOP,
                        .sym = sym_sum(a.sym, b.sym, sign)};
    affine r = a;
    r.c = (int64_t)((uint64_t)a.c + (uint64_t)(sign * b.c));
    for (int d = 0; d < 3; d++)
        r.k[d] = (int64_t)((uint64_t)a.k[d] + (uint64_t)(sign * b.k[d]));
    r.uni |= b.uni;
    r.symco |= b.symco;
    r.sym = sym_sum(a.sym, b.sym, sign);
    return r;
}

static affine af_scale(affine a, int64_t v)
{
    affine r = a;
    r.c = (int64_t)((uint64_t)a.c * (uint64_t)v);
    for (int d = 0; d < 3; d++)
        r.k[d] = (int64_t)((uint64_t)a.k[d] * (uint64_t)v);
    if (a.sym != -1 && v != 1)
        r.sym = -2;
    return r;
}

static affine af_mul(affine a, affine b)
{
    if (a.st == AF_BOTTOM || b.st == AF_BOTTOM)
        return (affine){.st = AF_BOTTOM, .sym = -1};
    if (a.st == AF_TOP || b.st == AF_TOP)
        return af_top();
    if (af_is_const(&b))
        return af_scale(a, b.c);
    if (af_is_const(&a))
        return af_scale(b, a.c);
    if (af_has_tid(&a) && af_has_tid(&b))
        return af_top();
    if (!af_has_tid(&a) && !af_has_tid(&b)) {
        affine r = af_const(0);
        r.uni = 1;
        return r;
    }
    affine t = af_has_tid(&a) ? a : b; /* tid-dependent times unknown uniform */
    affine r = af_const(0);
    r.uni = 1;
    r.symco = t.symco;
    for (int d = 0; d < 3; d++)
        if (t.k[d])
            r.symco |= (uint8_t)(1u << d);
    return r;
}

static affine af_join(affine a, affine b)
{
    if (a.st == AF_BOTTOM)
        return b;
    if (b.st == AF_BOTTOM)
        return a;
    if (a.st == AF_TOP || b.st == AF_TOP || memcmp(a.k, b.k, sizeof a.k) != 0 || a.symco != b.symco) {
        affine t = af_top();
        t.sym = a.sym == b.sym ? a.sym : -2;
        return t;
    }
    affine r = a;
    if (a.c != b.c || a.uni != b.uni) {
        r.c = 0;
        r.uni = 1;
    }
    if (a.sym != b.sym)
        r.sym = -2;
    return r;
}

static bool af_equal(const affine *a, const affine *b)
{
    return a->st == b->st && a->uni == b->uni && a->symco == b->symco && a->sym == b->sym && a->c == b->c &&
           memcmp(a->k, b->k, sizeof a->k) == 0;
}

static affine form_at(const ctx *c, uint32_t at, const ptx_operand *o, int depth);

/* The form an instruction computes; depth > 0 follows the definitions that reach its operands
 * (precise where registers are reused), depth 0 takes the function-wide forms. */
static affine instr_form(const ctx *c, uint32_t i, int depth)
{
    const ptx_instr *in = &c->f->ins[i];
    affine s[3];
    for (int j = 0; j < 3; j++)
        s[j] = in->nopnd > j + 1 ? form_at(c, i, opnd(c, in, j + 1), depth) : af_top();
    switch (in->kind) {
    case PTX_K_MOV:
    case PTX_K_CVT:
        return in->nopnd == 2 && !in->is_float ? s[0] : af_top();
    case PTX_K_ARITH: {
        /* and/or/shr/rem of an address keep its base symbol (masking an offset) */
        affine t = af_top();
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

static void affine_forms(ctx *c)
{
    uint32_t nr = c->f->nregs;
    c->form = xcalloc(nr + 1, sizeof *c->form);
    for (uint32_t r = 0; r < nr; r++)
        c->form[r].sym = -1;
    for (int round = 0; round < 12; round++) {
        bool changed = false;
        for (uint32_t i = 0; i < c->n; i++) {
            const ptx_instr *in = &c->f->ins[i];
            if (c->ndef[i] != 1 || in->nopnd < 1 || opnd(c, in, 0)->kind != PTX_O_REG || in->is_float)
                continue;
            int32_t d = opnd(c, in, 0)->reg;
            if (c->f->regs[d].cls == PTX_RC_PRED)
                continue; /* predicates and floating-point values are never addresses */
            affine v = instr_form(c, i, 0);
            if (v.st == AF_TOP && !c->variant[d]) {
                int32_t sym = v.sym;
                v = af_const(0);
                v.uni = 1;
                v.sym = sym;
            }
            affine j = af_join(c->form[d], v);
            if (!af_equal(&j, &c->form[d])) {
                c->form[d] = j;
                changed = true;
            }
        }
        if (!changed)
            return;
        if (round == 11)
            for (uint32_t r = 0; r < nr; r++)
                if (c->form[r].st == AF_AFFINE && c->variant[r])
                    c->form[r] = af_top();
    }
    /* registers defined several times at once (vector destinations) or never: unknown */
    for (uint32_t r = 0; r < nr; r++)
        if (c->form[r].st == AF_BOTTOM) {
            c->form[r] = af_const(0);
            c->form[r].uni = 1;
            if (c->variant[r])
                c->form[r] = af_top();
        }
}

static affine address_form(const ctx *c, const ptx_operand *o)
{
    if (o->kind != PTX_O_ADDR)
        return af_top();
    affine a;
    if (o->reg >= 0) {
        a = c->form[o->reg];
        if (a.st == AF_BOTTOM)
            a = af_top();
        if (a.st == AF_AFFINE)
            a.c = (int64_t)((uint64_t)a.c + (uint64_t)o->imm);
    } else {
        a = af_const(o->imm);
        a.sym = o->sym;
    }
    return a;
}

/* The address operand of a memory instruction (the first ADDR operand), or NULL. */
static const ptx_operand *address_of(const ctx *c, const ptx_instr *in)
{
    for (int j = 0; j < in->nopnd; j++)
        if (opnd(c, in, j)->kind == PTX_O_ADDR)
            return opnd(c, in, j);
    return NULL;
}

/* Address forms at each memory instruction, flow-sensitive within a block: definitions earlier in
 * the block override the function-wide form (registers such as a reused %base keep their meaning). */
static void address_forms(ctx *c)
{
    c->addr = xcalloc(c->n + 1, sizeof *c->addr);
    struct undo {
        int32_t reg;
        affine old;
    } *log = xcalloc(c->n + 1, sizeof *log);
    for (uint32_t b = 0; b < c->nb; b++) {
        uint32_t nlog = 0;
        for (uint32_t i = c->bstart[b]; i < c->bend[b]; i++) {
            const ptx_instr *in = &c->f->ins[i];
            const ptx_operand *ad = address_of(c, in);
            if (ad) {
                c->addr[i] = address_form(c, ad);
                bool local = false;
                for (uint32_t k = 0; k < nlog && !local; k++)
                    local = log[k].reg == ad->reg;
                if (ad->reg >= 0 && !local) {
                    affine a = form_at(c, i, &(ptx_operand){.kind = PTX_O_REG, .reg = ad->reg}, 3);
                    if (a.st == AF_AFFINE)
                        a.c = (int64_t)((uint64_t)a.c + (uint64_t)ad->imm);
                    if (a.st != AF_BOTTOM)
                        c->addr[i] = a;
                }
            }
            if (c->ndef[i] != 1 || in->guard >= 0 || opnd(c, in, 0)->kind != PTX_O_REG || in->is_float)
                continue;
            int32_t d = opnd(c, in, 0)->reg;
            if (c->f->regs[d].cls == PTX_RC_PRED)
                continue;
            affine v = instr_form(c, i, 0);
            if (v.st == AF_BOTTOM)
                continue;
            if (v.st == AF_TOP && !c->variant[d]) {
                int32_t sym = v.sym;
                v = af_const(0);
                v.uni = 1;
                v.sym = sym;
            }
            log[nlog++] = (struct undo){d, c->form[d]};
            c->form[d] = v;
        }
        while (nlog--)
            c->form[log[nlog].reg] = log[nlog].old;
    }
    free(log);
}

/* The single unguarded instruction defining register r, or -1. */
static int32_t only_def(const ctx *c, int32_t r)
{
    return c->only_def[r];
}

static int32_t def_in_block(const ctx *c, uint32_t from, uint32_t to, int32_t r, bool *found)
{
    for (uint32_t i = to; i-- > from;) {
        const int32_t *d = c->du + c->du_start[i];
        for (uint32_t j = 0; j < c->ndef[i]; j++)
            if (d[j] == r) {
                *found = true;
                return c->f->ins[i].guard >= 0 ? -1 : (int32_t)i;
            }
    }
    *found = false;
    return -1;
}

/* The one definition of register r that reaches instruction at, or -1 (none, several, guarded). */
static int32_t reaching_def(const ctx *c, uint32_t at, int32_t r)
{
    bool found;
    uint32_t b = c->blk[at];
    int32_t def = def_in_block(c, c->bstart[b], at, r, &found);
    if (found)
        return def;
    /* scratch arrays shared by all queries; a query marks blocks with its own stamp */
    ctx *mc = (ctx *)c;
    if (!mc->rd_seen) {
        mc->rd_seen = xcalloc(c->nb + 1, sizeof *mc->rd_seen);
        mc->rd_stack = xcalloc(c->nb + 1, sizeof *mc->rd_stack);
    }
    uint32_t stamp = ++mc->rd_stamp;
    uint32_t *seen = mc->rd_seen, *stack = mc->rd_stack, sp = 0;
    int32_t result = -2;
    stack[sp++] = b;
    seen[b] = stamp;
    while (sp && result != -1) {
        uint32_t x = stack[--sp];
        if (c->pstart[x] == c->pstart[x + 1]) {
            result = -1; /* reaches the entry undefined */
            break;
        }
        for (uint32_t e = c->pstart[x]; e < c->pstart[x + 1]; e++) {
            uint32_t p = c->pred[e];
            if (seen[p] == stamp && p != b)
                continue;
            int32_t d = def_in_block(c, c->bstart[p], c->bend[p], r, &found);
            if (found) {
                if (d < 0 || (result >= 0 && result != d))
                    result = -1;
                else
                    result = d;
            } else if (seen[p] != stamp) {
                seen[p] = stamp;
                stack[sp++] = p;
            }
        }
    }
    return result >= 0 ? result : -1;
}

static affine form_at(const ctx *c, uint32_t at, const ptx_operand *o, int depth)
{
    if (o->kind != PTX_O_REG || depth <= 0)
        return operand_form(c, o);
    affine g = c->form[o->reg];
    if (g.st == AF_AFFINE && !g.uni)
        return g;
    int32_t d = reaching_def(c, at, o->reg);
    if (d < 0)
        return g;
    affine v = instr_form(c, (uint32_t)d, depth - 1);
    if (v.st == AF_BOTTOM)
        return g;
    if (v.st == AF_TOP && !c->variant[o->reg]) {
        int32_t sym = v.sym;
        v = af_const(0);
        v.uni = 1;
        v.sym = sym;
    }
    return v;
}

static bool is_plain_tid_x(const affine *a)
{
    return a->st == AF_AFFINE && a->k[0] == 1 && !a->k[1] && !a->k[2] && !a->c && !a->uni && !a->symco && a->sym == -1;
}

/* Upper bounds on tid.x per block from the branch it depends on (setp.lt %tid.x, K and the like). */
static void tid_bounds(ctx *c)
{
    c->tid_bound = xcalloc(c->nb + 1, sizeof *c->tid_bound);
    c->tid_low = xcalloc(c->nb + 1, sizeof *c->tid_low);
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
        affine x = operand_form(c, opnd(c, sp, 1)), k = operand_form(c, opnd(c, sp, 2));
        x = form_at(c, (uint32_t)d, opnd(c, sp, 1), 3);
        if (!is_plain_tid_x(&x) || !af_is_const(&k))
            continue;
        const ptx_token *cmp = &c->f->mods[sp->mods];
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

/* ---- generic addresses (for GENERIC_AS_SHARED) ---- */

static void generic_addresses(ctx *c)
{
    c->generic = xcalloc(c->f->nregs + 1, sizeof *c->generic);
    for (int round = 0; round < 8; round++) {
        bool changed = false;
        for (uint32_t i = 0; i < c->n; i++) {
            const ptx_instr *in = &c->f->ins[i];
            if (c->ndef[i] != 1 || opnd(c, in, 0)->kind != PTX_O_REG)
                continue;
            int32_t d = opnd(c, in, 0)->reg;
            if (c->generic[d] || c->f->regs[d].cls != PTX_RC_64)
                continue;
            bool g = false;
            if (in->kind == PTX_K_CVTA)
                g = !in->cvta_to; /* cvta.shared & co. produce generic addresses; cvta.to.* do not */
            else if (in->kind == PTX_K_LD && in->space == PTX_SP_PARAM)
                g = true;
            else if (in->kind == PTX_K_MOV || in->kind == PTX_K_ADD || in->kind == PTX_K_SUB || in->kind == PTX_K_CVT)
                for (int j = 1; j < in->nopnd; j++)
                    g |= opnd(c, in, j)->kind == PTX_O_REG && c->generic[opnd(c, in, j)->reg];
            if (g)
                c->generic[d] = changed = true;
        }
        if (!changed)
            break;
    }
}

/* ---- liveness and register pressure ---- */

static int reg_weight(uint8_t cls)
{
    static const int weights[] = {0, 1, 1, 2, 4}; /* ORDER ptx_reg_class */
    return weights[cls];
}

static void liveness(ctx *c)
{
    ptx_function *f = c->f;
    uint32_t nr = f->nregs, words = (nr + 63) / 64, nb = c->nb;
    if (!words || !nb)
        return;
    uint64_t *use = xcalloc((size_t)nb * words, 8), *def = xcalloc((size_t)nb * words, 8);
    uint64_t *in = xcalloc((size_t)nb * words, 8), *out = xcalloc((size_t)(nb + 1) * words, 8);
    for (uint32_t b = 0; b < nb; b++) {
        uint64_t *u = use + (size_t)b * words, *d = def + (size_t)b * words;
        for (uint32_t i = c->bstart[b]; i < c->bend[b]; i++) {
            const int32_t *r = c->du + c->du_start[i];
            for (uint32_t j = 0; j < c->nuse[i]; j++) {
                uint32_t x = (uint32_t)r[c->ndef[i] + j];
                if (!(d[x / 64] >> (x % 64) & 1))
                    u[x / 64] |= 1ull << (x % 64);
            }
            if (f->ins[i].guard < 0)
                for (uint32_t j = 0; j < c->ndef[i]; j++)
                    d[(uint32_t)r[j] / 64] |= 1ull << ((uint32_t)r[j] % 64);
        }
    }
    bool changed = true;
    while (changed) {
        changed = false;
        for (uint32_t b = nb; b-- > 0;) {
            uint64_t *o = out + (size_t)b * words, *iv = in + (size_t)b * words;
            for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1]; e++) {
                uint32_t s = c->succ[e];
                if (s >= nb)
                    continue;
                const uint64_t *si = in + (size_t)s * words;
                for (uint32_t w = 0; w < words; w++)
                    o[w] |= si[w];
            }
            const uint64_t *u = use + (size_t)b * words, *d = def + (size_t)b * words;
            for (uint32_t w = 0; w < words; w++) {
                uint64_t v = u[w] | (o[w] & ~d[w]);
                if (v != iv[w]) {
                    iv[w] = v;
                    changed = true;
                }
            }
        }
    }
    /* walk each block backwards from its live-out set */
    uint64_t *live = xcalloc(words, 8);
    int best = 0, best_pred = 0;
    for (uint32_t b = 0; b < nb; b++) {
        if (!c->reach[b])
            continue;
        memcpy(live, out + (size_t)b * words, words * 8);
        int cur = 0, curp = 0;
        for (uint32_t w = 0; w < words; w++)
            for (uint64_t v = live[w]; v; v &= v - 1) {
                uint32_t x = w * 64 + (uint32_t)__builtin_ctzll(v);
                cur += reg_weight(f->regs[x].cls);
                curp += f->regs[x].cls == PTX_RC_PRED;
            }
        for (uint32_t i = c->bend[b]; i-- > c->bstart[b];) {
            const int32_t *r = c->du + c->du_start[i];
            int peak = cur, peakp = curp;
            for (uint32_t j = 0; j < c->ndef[i]; j++) {
                uint32_t x = (uint32_t)r[j];
                if (!(live[x / 64] >> (x % 64) & 1)) {
                    peak += reg_weight(f->regs[x].cls);
                    peakp += f->regs[x].cls == PTX_RC_PRED;
                }
            }
            if (f->ins[i].guard < 0)
                for (uint32_t j = 0; j < c->ndef[i]; j++) {
                    uint32_t x = (uint32_t)r[j];
                    if (live[x / 64] >> (x % 64) & 1) {
                        live[x / 64] &= ~(1ull << (x % 64));
                        cur -= reg_weight(f->regs[x].cls);
                        curp -= f->regs[x].cls == PTX_RC_PRED;
                    }
                }
            for (uint32_t j = 0; j < c->nuse[i]; j++) {
                uint32_t x = (uint32_t)r[c->ndef[i] + j];
                if (!(live[x / 64] >> (x % 64) & 1)) {
                    live[x / 64] |= 1ull << (x % 64);
                    cur += reg_weight(f->regs[x].cls);
                    curp += f->regs[x].cls == PTX_RC_PRED;
                }
            }
            if (peak > best)
                best = peak;
            if (cur > best)
                best = cur;
            if (peakp > best_pred)
                best_pred = peakp;
        }
    }
    /* ptxas schedules loads early to hide their latency, and unrolls loops to overlap iterations:
     * at the head of a block (or loop) the loaded values of the whole block (or of several
     * iterations) are live together with what enters it. */
    int scheduled = best;
    for (uint32_t b = 0; b < nb; b++) {
        if (!c->reach[b])
            continue;
        uint32_t head = b;
        bool loop = false;
        for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1]; e++)
            if (c->succ[e] <= b) {
                head = c->succ[e];
                loop = true;
            }
        int loaded = 0, loaded_local = 0;
        for (uint32_t x = head; x <= b; x++)
            for (uint32_t i = c->bstart[x]; i < c->bend[x]; i++) {
                /* values, whatever their width (measured) */
                if (f->ins[i].kind == PTX_K_LD && f->ins[i].space == PTX_SP_LOCAL)
                    loaded_local += c->ndef[i];
                else if (f->ins[i].kind == PTX_K_LD && f->ins[i].space != PTX_SP_PARAM)
                    loaded += c->ndef[i];
                if (f->ins[i].kind == PTX_K_RET || f->ins[i].kind == PTX_K_EXIT)
                    loop = false; /* ptxas does not overlap the iterations of a loop that exits inside */
            }
        loaded += loaded_local < PTX_LOCAL_LOADS_IN_FLIGHT ? loaded_local : PTX_LOCAL_LOADS_IN_FLIGHT;
        int entering = 0;
        const uint64_t *iv = in + (size_t)head * words;
        for (uint32_t w = 0; w < words; w++)
            for (uint64_t v = iv[w]; v; v &= v - 1)
                entering += reg_weight(f->regs[w * 64 + (uint32_t)__builtin_ctzll(v)].cls);
        /* a loop with loads overlaps their latency; one without overlaps its computations */
        int p = !loop    ? entering + loaded
                : loaded ? entering + (loaded * PTX_LOOP_UNROLL > PTX_LOOP_MIN_IN_FLIGHT ? loaded * PTX_LOOP_UNROLL
                                                                                         : PTX_LOOP_MIN_IN_FLIGHT)
                         : entering * PTX_LOOP_OVERLAP_TENTHS / 10;
        if (p > scheduled)
            scheduled = p;
    }
    f->maxlive = best;
    f->maxlive_scheduled = scheduled;
    f->maxlive_pred = best_pred;
    free(live);
    free(use);
    free(def);
    free(in);
    free(out);
}

/* ---- occupancy, memory, roofline ---- */

static void memory_and_roofline(ctx *c)
{
    ptx_function *f = c->f;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &f->ins[i];
        uint64_t bytes = (uint64_t)(in->tsize ? in->tsize : 4) * in->vec;
        uint8_t sp = in->space < PTX_SP_COUNT ? in->space : PTX_SP_NONE;
        if (in->kind == PTX_K_LD) {
            f->mem.loads[sp]++;
            f->mem.load_bytes[sp] += bytes;
        } else if (in->kind == PTX_K_ST) {
            f->mem.stores[sp]++;
            f->mem.store_bytes[sp] += bytes;
        } else if (in->kind == PTX_K_ATOM || in->kind == PTX_K_RED) {
            f->mem.atomics[sp]++;
            f->mem.load_bytes[sp] += bytes;
            f->mem.store_bytes[sp] += bytes;
        } else if (in->is_float && (in->kind == PTX_K_FMA || in->kind == PTX_K_MAD)) {
            f->flops += 2u * in->vec;
        } else if (in->is_float && (in->kind == PTX_K_ADD || in->kind == PTX_K_SUB || in->kind == PTX_K_MUL ||
                                    in->kind == PTX_K_ARITH || in->kind == PTX_K_NEG)) {
            f->flops += in->vec;
        }
        for (int j = 0; j < in->nopnd; j++) {
            const ptx_operand *o = opnd(c, in, j);
            if ((o->kind == PTX_O_SYM || o->kind == PTX_O_ADDR) && o->sym >= 0 &&
                c->m->sym_stamp[o->sym] != c->m->stamp) {
                const ptx_symbol *sym = &c->m->syms[o->sym];
                c->m->sym_stamp[o->sym] = c->m->stamp;
                if (sym->space == PTX_SP_SHARED && sym->line < f->line)
                    c->module_shared += sym->size;
            }
        }
    }
    for (int sp = PTX_SP_GLOBAL; sp <= PTX_SP_GENERIC; sp++)
        if (sp == PTX_SP_GLOBAL || sp == PTX_SP_GENERIC)
            f->bytes += f->mem.load_bytes[sp] + f->mem.store_bytes[sp];
}

static void occupancy(ctx *c)
{
    ptx_function *f = c->f;
    const ptx_arch *a = c->arch;
    int64_t smem = f->shared_bytes + c->module_shared;
    int block = f->reqntid ? f->reqntid : f->maxntid ? f->maxntid : c->opt->block ? c->opt->block : 256;
    if (block > 1024)
        block = 1024;
    f->block_size = block;
    int cap = ptx_register_cap(f, a);
    int regs = ((f->reg_estimate < cap ? f->reg_estimate : cap) + 7) / 8 * 8; /* ptxas stays within the cap */
    if (regs > 255)
        regs = 255;
    int warps = (block + 31) / 32;
    int per_warp = (regs * 32 + 255) / 256 * 256;
    int by_regs = per_warp ? a->regs_sm / per_warp / warps : a->max_blocks_sm;
    int by_threads = a->max_threads_sm / block;
    int by_smem = smem > 0 ? (int)((int64_t)a->smem_sm_kb * 1024 / smem) : a->max_blocks_sm;
    int blocks = a->max_blocks_sm;
    if (by_regs < blocks)
        blocks = by_regs;
    if (by_threads < blocks)
        blocks = by_threads;
    if (by_smem < blocks)
        blocks = by_smem;
    f->blocks_per_sm = blocks;
    f->occupancy = (double)(blocks * warps) / a->max_warps_sm;
    if (f->occupancy > 1)
        f->occupancy = 1;
}

/* ---- rules ---- */

static int bank_conflict_degree_of(int64_t stride, int size);

static int bank_conflict_degree(int64_t stride, int size)
{
    /* banks repeat every 128 bytes: keep the stride's residue, and its size class above 128 */
    if (stride >= 128 || stride < 0)
        stride = (int64_t)((uint64_t)stride % 128) + 128;
    if (size != 1 && size != 2 && size != 4 && size != 8 && size != 16)
        return bank_conflict_degree_of(stride, size);
    static _Thread_local uint8_t memo[256][5]; /* by stride and log2(size); 0: not computed */
    int slot = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : size == 8 ? 3 : 4;
    if (!memo[stride][slot])
        memo[stride][slot] = (uint8_t)bank_conflict_degree_of(stride, size);
    return memo[stride][slot];
}

static int bank_conflict_degree_of(int64_t stride, int size)
{
    int lanes_per_phase = size <= 4 ? 32 : 32 / (size / 4);
    int worst = 1;
    for (int phase = 0; phase < 32 / lanes_per_phase; phase++) {
        int64_t words[32 * 4];
        int nw = 0;
        for (int l = phase * lanes_per_phase; l < (phase + 1) * lanes_per_phase; l++) {
            int64_t addr = stride * l;
            for (int64_t w = addr / 4; w <= (addr + size - 1) / 4 && nw < 32 * 4; w++) {
                bool dup = false;
                for (int k = 0; k < nw && !dup; k++)
                    dup = words[k] == w;
                if (!dup)
                    words[nw++] = w;
            }
        }
        int per_bank[32] = {0};
        for (int k = 0; k < nw; k++) {
            int bank = (int)(((words[k] % 32) + 32) % 32);
            if (++per_bank[bank] > worst)
                worst = per_bank[bank];
        }
    }
    return worst;
}

static bool is_write(const ptx_instr *in)
{
    return in->kind == PTX_K_ST || in->kind == PTX_K_ATOM || in->kind == PTX_K_RED;
}

static bool is_atomic(const ptx_instr *in)
{
    return in->kind == PTX_K_ATOM || in->kind == PTX_K_RED;
}

/* Exclusive bound on tid.x for the threads doing an access: from its branch, and from staying
 * inside the array it indexes (an access past the end would be undefined). */
static int64_t array_bound(const ctx *c, const affine *a)
{
    if (a->st == AF_AFFINE && a->sym >= 0 && a->k[0] > 0 && a->k[0] < (1 << 20) && !a->k[1] && !a->k[2] && !a->uni &&
        !a->symco && c->m->syms[a->sym].size > 0 && a->c > -(1 << 30) && a->c < (1 << 30) &&
        c->m->syms[a->sym].size < ((int64_t)1 << 40))
        return (c->m->syms[a->sym].size - a->c + a->k[0] - 1) / a->k[0];
    return INT64_MAX;
}

static int64_t access_bound(const ctx *c, uint32_t i, const affine *a)
{
    int64_t bound = c->tid_bound[c->blk[i]];
    if (c->block_bound < bound)
        bound = c->block_bound;
    if (a->st == AF_AFFINE && a->sym >= 0 && a->k[0] > 0 && !a->k[1] && !a->k[2] && !a->uni && !a->symco &&
        c->m->syms[a->sym].size > 0) {
        int64_t in_array = (c->m->syms[a->sym].size - a->c + a->k[0] - 1) / a->k[0];
        if (in_array < bound)
            bound = in_array;
    }
    return bound;
}

/* May two shared accesses touch the same location from two different threads? Threads with
 * tid.x in [la, ua) do a, those in [lb, ub) do b. */
static bool cross_thread_alias(const affine *a, const affine *b, int64_t la, int64_t ua, int64_t lb, int64_t ub)
{
    if (la == lb && ua == ub && ua - la == 1)
        return false; /* one and the same thread does both */
    if (a->sym >= 0 && b->sym >= 0 && a->sym != b->sym)
        return false;
    if (a->st != AF_AFFINE || b->st != AF_AFFINE)
        return true;
    bool same_k = memcmp(a->k, b->k, sizeof a->k) == 0 && a->symco == b->symco;
    bool any_k = a->k[0] || a->k[1] || a->k[2];
    if (!same_k || a->symco || a->uni || b->uni || !any_k)
        return true;
    const int64_t big = (int64_t)1 << 40;
    if (a->c > big || a->c < -big || b->c > big || b->c < -big)
        return true;
    int64_t d = b->c - a->c;
    if (d == 0)
        return false; /* every thread its own slot */
    for (int dim = 0; dim < 3; dim++)
        if (a->k[dim] > big || a->k[dim] < -big)
            return true;
    if (a->k[0] && !a->k[1] && !a->k[2]) {
        if (d % a->k[0])
            return false;
        int64_t q = d / a->k[0]; /* thread ta of a meets thread tb = ta - q of b */
        if (q == 0 || q > (1 << 20) || q < -(1 << 20))
            return q != 0;
        int64_t lo = lb + q > la ? lb + q : la;
        int64_t hi = ub == INT64_MAX ? ua : (ub + q < ua ? ub + q : ua);
        return lo < hi;
    }
    for (int dim = 0; dim < 3; dim++)
        if (a->k[dim] && d % a->k[dim] == 0)
            return true;
    return false;
}

typedef struct access {
    uint32_t ins;
    affine addr;
} access;

static void find_shared_races(ctx *c)
{
    ptx_function *f = c->f;
    access *acc = xcalloc(c->n, sizeof *acc);
    int32_t *acc_of = xcalloc(c->n, sizeof *acc_of);
    uint32_t na = 0;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &f->ins[i];
        acc_of[i] = -1;
        if (in->space != PTX_SP_SHARED || !c->reach[c->blk[i]] ||
            (in->kind != PTX_K_LD && in->kind != PTX_K_ST && in->kind != PTX_K_ATOM && in->kind != PTX_K_RED))
            continue;
        const ptx_operand *ad = address_of(c, in);
        if (!ad)
            continue;
        acc_of[i] = (int32_t)na;
        acc[na++] = (access){i, c->addr[i]};
    }
    c->block_bound = INT64_MAX;
    for (uint32_t a = 0; a < na; a++) {
        uint32_t i = acc[a].ins;
        int64_t bound = array_bound(c, &acc[a].addr);
        if (f->ins[i].guard < 0 && c->cd_branch[c->blk[i]] < 0 && bound < c->block_bound)
            c->block_bound = bound;
    }
    bool *reported = xcalloc(c->n, sizeof *reported);
    bool *seen = xcalloc(c->nb + 1, sizeof *seen);
    uint32_t *queue = xcalloc(c->nb + 1, sizeof *queue);
    for (uint32_t a = 0; a < na; a++) {
        const ptx_instr *ia = &f->ins[acc[a].ins];
        memset(seen, 0, (c->nb + 1) * sizeof *seen);
        uint32_t qh = 0, qt = 0;
        uint32_t b = c->blk[acc[a].ins], from = acc[a].ins + 1;
        for (;;) {
            bool blocked = false;
            for (uint32_t i = from; i < c->bend[b] && !blocked; i++) {
                const ptx_instr *in = &f->ins[i];
                if (in->kind == PTX_K_BAR) {
                    blocked = true;
                    break;
                }
                int32_t x = acc_of[i];
                if (x < 0 || (uint32_t)x == a)
                    continue;
                bool wa = is_write(ia), wx = is_write(in);
                /* a read against a write; atomics read too. Two plain stores are left alone: loops that
                 * fill an array with a block-sized stride look alike, and the read that follows is
                 * what goes wrong when a barrier is missing. */
                if ((!wa && !wx) || (ia->kind == PTX_K_ST && in->kind == PTX_K_ST))
                    continue;
                if (is_atomic(ia) && is_atomic(in))
                    continue;
                if (!cross_thread_alias(&acc[a].addr, &acc[x].addr, c->tid_low[c->blk[acc[a].ins]],
                                        access_bound(c, acc[a].ins, &acc[a].addr), c->tid_low[b],
                                        access_bound(c, i, &acc[x].addr)))
                    continue;
                uint32_t at = wa ? acc[a].ins : i, other = wa ? i : acc[a].ins;
                if (reported[at] || reported[other])
                    continue;
                reported[at] = reported[other] = true;
                const ptx_instr *w = &f->ins[at], *o = &f->ins[other];
                ptx_add_finding(c->m, f, PTX_RULE_SHARED_RACE, w->line, w->col,
                                "put bar.sync between the accesses, or give each thread its own location",
                                "shared memory written at line %u and %s at line %u by other threads with no barrier "
                                "in between%s",
                                w->line, is_write(o) ? "written" : "read", o->line,
                                other < at ? " (across a loop iteration)" : "");
            }
            if (!blocked)
                for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1]; e++) {
                    uint32_t s = c->succ[e];
                    if (s < c->nb && !seen[s]) {
                        seen[s] = true;
                        queue[qt++] = s;
                    }
                }
            if (qh == qt)
                break;
            b = queue[qh++];
            from = c->bstart[b];
        }
    }
    free(acc);
    free(acc_of);
    free(reported);
    free(seen);
    free(queue);
}

static void find_barrier_divergence(ctx *c)
{
    ptx_function *f = c->f;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &f->ins[i];
        if (in->kind != PTX_K_BAR || !c->reach[c->blk[i]])
            continue;
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

static void find_memory_patterns(ctx *c)
{
    ptx_function *f = c->f;
    bool bounds_reported = false, vector_reported = false;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &f->ins[i];
        if (in->kind != PTX_K_LD && in->kind != PTX_K_ST && in->kind != PTX_K_ATOM && in->kind != PTX_K_RED)
            continue;
        if (!c->reach[c->blk[i]])
            continue;
        const ptx_operand *ad = address_of(c, in);
        if (!ad)
            continue;
        affine a = c->addr[i];
        int size = (in->tsize ? in->tsize : 4) * in->vec;
        if (in->space == PTX_SP_SHARED) {
            if (ad->reg >= 0 && f->regs[ad->reg].cls == PTX_RC_64) {
                if (c->generic[ad->reg])
                    ptx_add_finding(c->m, f, PTX_RULE_GENERIC_AS_SHARED, in->line, in->col,
                                    "convert with cvta.to.shared (or use a generic ld/st) before the access",
                                    "a generic address is used by %.*s.shared, which expects a shared-window "
                                    "address",
                                    (int)in->oplen, in->op);
                else
                    ptx_add_finding(c->m, f, PTX_RULE_SHARED_64BIT_ADDRESS, in->line, in->col,
                                    "compute shared addresses in 32-bit registers",
                                    "shared memory addressed through the 64-bit register %.*s",
                                    (int)f->regs[ad->reg].len, f->regs[ad->reg].name);
            }
            if (a.st == AF_AFFINE && !(a.symco & 1) && a.k[0] && !is_atomic(in)) {
                int deg = bank_conflict_degree(a.k[0], size);
                if (deg >= 2)
                    ptx_add_finding(c->m, f, PTX_RULE_BANK_CONFLICT, in->line, in->col,
                                    "pad the shared array (e.g. one extra element per row) or change the stride",
                                    "%d-way shared memory bank conflict: consecutive threads are %lld bytes apart", deg,
                                    (long long)a.k[0]);
            }
            continue;
        }
        if (in->space == PTX_SP_LOCAL)
            continue;
        if (in->space != PTX_SP_GLOBAL && in->space != PTX_SP_GENERIC)
            continue;
        if (a.st == AF_AFFINE && (a.symco & 1)) {
            ptx_add_finding(c->m, f, PTX_RULE_UNCOALESCED_GLOBAL, in->line, in->col,
                            "let consecutive threads access consecutive addresses (swap the index roles, or "
                            "stage through shared memory)",
                            "uncoalesced global access: consecutive threads are a run-time stride apart "
                            "(each thread touches its own memory segment)");
        } else if (a.st == AF_AFFINE && a.k[0]) {
            int64_t stride = a.k[0] < -(1 << 20) || a.k[0] > (1 << 20) ? (1 << 20) : a.k[0] < 0 ? -a.k[0] : a.k[0];
            int64_t needed = (32 * size + 31) / 32;
            int64_t span = stride >= size ? 32 * stride : 32 * size;
            int64_t touched = (span + 31) / 32;
            if (stride >= size && touched > 32 * ((size + 31) / 32))
                touched = 32 * ((size + 31) / 32);
            if (touched >= 2 * needed)
                ptx_add_finding(c->m, f, PTX_RULE_UNCOALESCED_GLOBAL, in->line, in->col,
                                "let consecutive threads access consecutive addresses",
                                "uncoalesced global access: consecutive threads are %lld bytes apart, so a warp "
                                "touches %lld 32-byte sectors for %lld sectors of data",
                                (long long)stride, (long long)touched, (long long)needed);
        }
        if (!bounds_reported && f->is_entry && af_has_tid(&a) && in->guard < 0 && c->cd_branch[c->blk[i]] < 0) {
            bounds_reported = true;
            ptx_add_finding(c->m, f, PTX_RULE_MISSING_BOUNDS_CHECK, in->line, in->col,
                            "compare the thread's index with the size before the access (setp + @p bra)",
                            "global access indexed by the thread with no bounds check on any path");
        }
        if (!vector_reported && in->vec == 1 && in->kind == PTX_K_LD && ad->reg >= 0 && in->tsize >= 4) {
            for (uint32_t j = i + 1; j < c->bend[c->blk[i]] && j < i + 16; j++) {
                const ptx_instr *jn = &f->ins[j];
                const ptx_operand *jd = jn->kind == PTX_K_LD ? address_of(c, jn) : NULL;
                if (jd && jn->vec == 1 && jn->space == in->space && jd->reg == ad->reg &&
                    jd->imm == ad->imm + in->tsize && ad->imm % (2 * in->tsize) == 0 && jn->tsize == in->tsize) {
                    vector_reported = true;
                    ptx_add_finding(c->m, f, PTX_RULE_UNVECTORIZED_ACCESS, in->line, in->col,
                                    "load adjacent elements with one ld.v2/ld.v4 when the address is aligned",
                                    "adjacent scalar loads from [%.*s+%lld] and [%.*s+%lld] could be one vector "
                                    "load",
                                    (int)f->regs[ad->reg].len, f->regs[ad->reg].name, (long long)ad->imm,
                                    (int)f->regs[ad->reg].len, f->regs[ad->reg].name, (long long)jd->imm);
                    break;
                }
            }
        }
    }
}

/* LOCAL_MEMORY, modelled on what ptxas does with .local arrays: one accessed only at constant
 * offsets becomes registers; one written at constant offsets over its whole extent and read with a
 * dynamic index becomes registers plus selects when small; anything written at a dynamic index,
 * or too large, stays in memory. */
static int64_t find_local_memory(ctx *c)
{
    ptx_function *f = c->f;
    if (f->local_bytes <= 0)
        return 0;
    int64_t size = f->local_bytes < (1 << 16) ? f->local_bytes : (1 << 16);
    bool *covered = xcalloc((size_t)size, sizeof *covered);
    int32_t dyn_store = -1, dyn_load = -1, first = -1;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &f->ins[i];
        if (in->space != PTX_SP_LOCAL || !c->reach[c->blk[i]] || (in->kind != PTX_K_LD && in->kind != PTX_K_ST))
            continue;
        if (first < 0)
            first = (int32_t)i;
        const affine *a = &c->addr[i];
        bool exact = a->st == AF_AFFINE && !a->uni && !a->symco && !af_has_tid(a);
        if (!exact) {
            if (in->kind == PTX_K_ST && dyn_store < 0)
                dyn_store = (int32_t)i;
            if (in->kind == PTX_K_LD && dyn_load < 0)
                dyn_load = (int32_t)i;
        } else if (in->kind == PTX_K_ST) {
            int64_t bytes = (int64_t)(in->tsize ? in->tsize : 4) * in->vec;
            for (int64_t k = a->c; k < a->c + bytes && k < size; k++)
                if (k >= 0)
                    covered[k] = true;
        }
    }
    bool full = true;
    for (int64_t k = 0; k < size && full; k++)
        full = covered[k];
    free(covered);
    if (first < 0)
        return 0;
    const char *why = NULL;
    int32_t at = first;
    if (dyn_store >= 0) {
        why = "written at a dynamic index";
        at = dyn_store;
    } else if (dyn_load >= 0 && (!full || f->local_bytes > PTX_LOCAL_SELECT_LIMIT)) {
        why = full ? "read at a dynamic index and too large to become registers"
                   : "read at a dynamic index but not fully written at constant offsets";
        at = dyn_load;
    } else if (f->local_bytes > PTX_LOCAL_REGISTER_LIMIT) {
        why = "too large to live in registers";
    }
    if (why)
        ptx_add_finding(c->m, f, PTX_RULE_LOCAL_MEMORY, f->ins[at].line, f->ins[at].col,
                        "index local arrays with constants (unrolled loops) so that they live in registers, or "
                        "move the data to shared memory",
                        "local memory: the %lld-byte stack array is %s, so it stays in memory",
                        (long long)f->local_bytes, why);
    return why ? 0 : f->local_bytes; /* promoted: the array lives in registers */
}

static void find_uninitialized(ctx *c)
{
    ptx_function *f = c->f;
    uint32_t nr = f->nregs, words = (nr + 63) / 64, nb = c->nb;
    if (!words || !nb)
        return;
    uint64_t *out = xcalloc((size_t)nb * words, 8), *cur = xcalloc(words, 8);
    for (size_t i = 0; i < (size_t)nb * words; i++)
        out[i] = ~0ull;
    bool changed = true;
    bool *reported = xcalloc(nr, sizeof *reported);
    for (int pass = 0; pass < 2; pass++) {
        changed = true;
        while (changed) {
            changed = false;
            for (uint32_t b = 0; b < nb; b++) {
                if (!c->reach[b])
                    continue;
                if (b == 0) {
                    memset(cur, 0, words * 8);
                } else {
                    for (uint32_t w = 0; w < words; w++)
                        cur[w] = ~0ull;
                }
                for (uint32_t e = c->pstart[b]; e < c->pstart[b + 1]; e++) {
                    uint32_t p = c->pred[e];
                    if (!c->reach[p])
                        continue;
                    for (uint32_t w = 0; w < words; w++)
                        cur[w] &= out[(size_t)p * words + w];
                }
                if (b == 0)
                    memset(cur, 0, words * 8);
                for (uint32_t i = c->bstart[b]; i < c->bend[b]; i++) {
                    const int32_t *r = c->du + c->du_start[i];
                    if (pass == 1)
                        for (uint32_t j = 0; j < c->nuse[i]; j++) {
                            uint32_t x = (uint32_t)r[c->ndef[i] + j];
                            if (!(cur[x / 64] >> (x % 64) & 1) && !reported[x]) {
                                reported[x] = true;
                                ptx_add_finding(c->m, f, PTX_RULE_UNINITIALIZED_REGISTER, f->ins[i].line, f->ins[i].col,
                                                "assign the register on every path before this use",
                                                "register %.*s may be read before it is written", (int)f->regs[x].len,
                                                f->regs[x].name);
                            }
                        }
                    for (uint32_t j = 0; j < c->ndef[i]; j++)
                        cur[(uint32_t)r[j] / 64] |= 1ull << ((uint32_t)r[j] % 64);
                }
                uint64_t *o = out + (size_t)b * words;
                if (memcmp(o, cur, words * 8) != 0) {
                    memcpy(o, cur, words * 8);
                    changed = pass == 0;
                }
            }
            if (pass == 1)
                break;
        }
    }
    free(reported);
    free(out);
    free(cur);
}

static void find_control_flow(ctx *c)
{
    ptx_function *f = c->f;
    for (uint32_t b = 0; b < c->nb; b++)
        if (!c->reach[b]) {
            const ptx_instr *in = &f->ins[c->bstart[b]];
            ptx_add_finding(c->m, f, PTX_RULE_DEAD_CODE, in->line, in->col,
                            "remove the unreachable instructions, or add the missing label or branch",
                            "instructions from here on can never execute (%u instructions)", c->bend[b] - c->bstart[b]);
            while (b + 1 < c->nb && !c->reach[b + 1])
                b++;
        }
    for (uint32_t b = 0; b < c->nb; b++)
        if (c->reach[b] && !c->reaches_exit[b]) {
            const ptx_instr *in = &f->ins[c->bend[b] - 1];
            ptx_add_finding(c->m, f, PTX_RULE_NO_EXIT_PATH, in->line, in->col,
                            "end every path with ret or exit; make loops able to terminate",
                            c->falls_off[b] ? "execution falls off the end of the function without ret or exit"
                                            : "no path from here reaches ret or exit");
            break;
        }
}

int ptx_register_cap(const ptx_function *f, const ptx_arch *a)
{
    int cap = 255;
    if (f->maxnreg > 0 && f->maxnreg < cap)
        cap = f->maxnreg;
    int threads = f->reqntid ? f->reqntid : f->maxntid;
    if (threads > 0 && f->minnctapersm > 0) {
        int64_t per = (int64_t)a->regs_sm / ((int64_t)((threads + 31) / 32 * 32) * f->minnctapersm);
        per = per / 8 * 8;
        if (per < cap)
            cap = (int)(per < 16 ? 16 : per);
    }
    if (threads > 0 && !f->minnctapersm) {
        int64_t per = (int64_t)a->regs_sm / ((threads + 31) / 32 * 32);
        per = per / 8 * 8;
        if (per < cap)
            cap = (int)per;
    }
    return cap;
}

static void find_register_issues(ctx *c)
{
    ptx_function *f = c->f;
    int cap = ptx_register_cap(f, c->arch);
    if (f->reg_estimate > cap + PTX_SPILL_SLACK)
        ptx_add_finding(c->m, f, PTX_RULE_REGISTER_SPILL, f->line, 1,
                        "raise .maxnreg / the launch bounds, or keep fewer values live (smaller tiles, less unrolling)",
                        "about %d registers needed but at most %d available (%s): ptxas will spill to local memory",
                        f->reg_estimate, cap,
                        f->maxnreg ? ".maxnreg" : (f->minnctapersm ? "launch bounds" : "architecture limit"));
    if ((f->reg_estimate < cap ? f->reg_estimate : cap) > PTX_HIGH_PRESSURE)
        ptx_add_finding(c->m, f, PTX_RULE_HIGH_REGISTER_PRESSURE, f->line, 1,
                        "keep fewer values live at once (smaller register tiles, less unrolling)",
                        "about %d registers per thread: at most %d%% occupancy with %d-thread blocks", f->reg_estimate,
                        (int)(f->occupancy * 100 + 0.5), f->block_size);
}

void ptx_analyze_function(ptx_module *m, ptx_function *f, const ptx_options *opt, const ptx_arch *arch)
{
    ctx c = {.m = m, .f = f, .opt = opt, .arch = arch, .n = f->nins};
    if (!m->sym_stamp)
        m->sym_stamp = xcalloc(m->nsyms + 1, sizeof *m->sym_stamp);
    m->stamp++; /* marks the symbols this function uses */
    build_def_use(&c);
    for (uint32_t r = 0; r < f->nregs; r++)
        f->reg_by_class[f->regs[r].cls]++;
    if (c.n) {
        build_cfg(&c);
        reachability(&c);
        post_dominators(&c);
        thread_variance(&c);
        affine_forms(&c);
        address_forms(&c);
        tid_bounds(&c);
        generic_addresses(&c);
        liveness(&c);
    }
    int64_t promoted = c.n ? find_local_memory(&c) : 0;
    /* a promoted .local array lives in registers: its elements are the values its loads and stores
     * already count, or at least the array's size in registers */
    int live = f->maxlive + (int)(promoted / 4);
    if (f->maxlive_scheduled > live)
        live = f->maxlive_scheduled;
    f->reg_estimate = live;
    if (f->reg_estimate > 255)
        f->reg_estimate = 255;
    memory_and_roofline(&c);
    occupancy(&c);
    if (c.n) {
        find_barrier_divergence(&c);
        find_shared_races(&c);
        find_memory_patterns(&c);
        find_uninitialized(&c);
        find_control_flow(&c);
    }
    find_register_issues(&c);
    free(c.du_start), free(c.ndef), free(c.nuse), free(c.du);
    free(c.bstart), free(c.bend), free(c.blk), free(c.sstart), free(c.succ), free(c.pstart), free(c.pred);
    free(c.falls_off), free(c.reach), free(c.reaches_exit), free(c.ipdom), free(c.cd_branch), free(c.cd_taken),
        free(c.tid_bound), free(c.tid_low);
    free(c.variant), free(c.form), free(c.addr), free(c.generic), free(c.only_def), free(c.rd_seen), free(c.rd_stack);
}
