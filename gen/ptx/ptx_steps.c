/* Values over a loop's steps: what a register holds in each of a loop's first steps, worked out from
 * moves, sums, products, shifts and bit operations back to constants and symbols, with loop-carried
 * registers (a definition before the loop for step 0, one the loop runs every step for the next) and
 * the values a loop leaves for every count of iterations it may have run. Used for the parities of
 * waits on a ring of mbarriers and for named barriers whose numbers a loop's steps pick. */
#include "ptx_analysis.h"

#include <stdlib.h>
#include <string.h>

/* A value worked out for one iteration of a loop: a number, or an offset from a symbol's address. */
typedef struct iter_value {
    int32_t sym; /* -1: a plain number */
    int64_t v;
} iter_value;

typedef struct iter_eval {
    ptx_ctx *c;
    int32_t loop;
    int budget;   /* evaluations left: a loop-carried value reaches back through every earlier iteration */
    int exit;     /* a value a loop left (read after it): -1 the one from before the loop, t the one of its
                     iteration t (the loop ran t + 1 times) */
    bool exited;  /* ... and such a value was read */
    int entry;    /* a remainder loop's start (a register set before an unrolled loop, in it and in the
                     remainder after it): -1 the value from before both, t the one the unrolled loop
                     left after its iteration t */
    bool entered; /* ... and such a start was read */
} iter_eval;

/* The iterations looked at (a ring of up to 7 stages comes round once), and the evaluations allowed. */
enum { ITER_SAMPLES = PTX_STEP_SAMPLES, ITER_BUDGET = 4096 };

static bool def_value(iter_eval *e, uint32_t d, int k, iter_value *out);
static bool operand_value(iter_eval *e, uint32_t at, const ptx_operand *o, int k, iter_value *out);

/* Register r's value after a loop it is carried round (defs: one before the loop, one in it that every
 * iteration runs, the read outside the loop): the one e->exit picks. */
static bool left_value(iter_eval *e, uint32_t at, const int32_t defs[2], iter_value *out)
{
    ptx_ctx *c = e->c;
    const ptx_syncinfo *s = c->sync;
    int32_t l = s->inner[c->blk[defs[0]]] >= 0 ? s->inner[c->blk[defs[0]]] : s->inner[c->blk[defs[1]]];
    if (l < 0 || ptx_in_loop(s, l, c->blk[at]) || ptx_in_loop(s, l, c->blk[defs[0]]) == ptx_in_loop(s, l, c->blk[defs[1]]))
        return false;
    bool first_inside = ptx_in_loop(s, l, c->blk[defs[0]]);
    uint32_t before = (uint32_t)defs[first_inside ? 1 : 0], inside = (uint32_t)defs[first_inside ? 0 : 1];
    if (!ptx_dominates(c, c->blk[inside], s->loops[l].latch))
        return false;
    e->exited = true;
    if (e->exit < 0)
        return def_value(e, before, 0, out);
    int32_t outer = e->loop;
    e->loop = l;
    bool ok = def_value(e, inside, e->exit, out);
    e->loop = outer;
    return ok;
}

/* The one value operand o of instruction i has whatever the loops before it did (every value a loop
 * left: none of its iterations, or up to ITER_SAMPLES); false when not worked out or not one. */
static bool one_value(ptx_ctx *c, uint32_t i, const ptx_operand *o, iter_value *v)
{
    iter_value first = {-1, 0};
    for (int exit = -1; exit < ITER_SAMPLES; exit++) {
        iter_eval e = {.c = c, .loop = -1, .budget = ITER_BUDGET, .exit = exit, .entry = -1};
        if (!operand_value(&e, i, o, 0, v) || (exit >= 0 && (v->sym != first.sym || v->v != first.v)))
            return false;
        if (!e.exited)
            return true;
        first = exit < 0 ? *v : first;
    }
    return true;
}

/* Register r's start in a remainder loop (defs: one in e's loop, one in the unrolled loop before it,
 * one before both): the one e->entry picks. */
static bool entry_value(iter_eval *e, const int32_t defs[3], int k, iter_value *out)
{
    ptx_ctx *c = e->c;
    const ptx_syncinfo *s = c->sync;
    int32_t inside = -1, unrolled = -1, before = -1;
    for (int j = 0; j < 3; j++) {
        int32_t l = s->inner[c->blk[defs[j]]];
        if (ptx_in_loop(s, e->loop, c->blk[defs[j]]))
            inside = inside < 0 ? defs[j] : -2;
        else if (l >= 0 && !ptx_in_loop(s, l, s->loops[e->loop].head))
            unrolled = unrolled < 0 ? defs[j] : -2;
        else
            before = before < 0 ? defs[j] : -2;
    }
    if (inside < 0 || unrolled < 0 || before < 0 || !ptx_dominates(c, c->blk[inside], s->loops[e->loop].latch))
        return false;
    if (k > 0)
        return def_value(e, (uint32_t)inside, k - 1, out);
    e->entered = true;
    if (e->entry < 0)
        return def_value(e, (uint32_t)before, 0, out);
    int32_t outer = e->loop;
    e->loop = s->inner[c->blk[unrolled]];
    bool ok = ptx_dominates(c, c->blk[unrolled], s->loops[e->loop].latch) && def_value(e, (uint32_t)unrolled, e->entry, out);
    e->loop = outer;
    return ok;
}

/* Register r's value where instruction at reads it, in iteration k of e's loop: from its one
 * definition, or from a loop-carried pair (a definition before the loop for iteration 0; for the
 * others one in the loop that every iteration runs, worked out in the iteration before), or the
 * three definitions of a remainder loop's counter (entry_value). */
static bool reg_value(iter_eval *e, uint32_t at, int32_t r, int k, iter_value *out)
{
    ptx_ctx *c = e->c;
    int32_t defs[3];
    int n = ptx_reaching_defs(c, at, r, defs, 3);
    if (n == 1)
        return def_value(e, (uint32_t)defs[0], k, out);
    if (n == 3 && e->loop >= 0)
        return entry_value(e, defs, k, out);
    const ptx_syncinfo *s = c->sync;
    if (n == 2 && ptx_in_loop(s, e->loop, c->blk[defs[0]]) == ptx_in_loop(s, e->loop, c->blk[defs[1]]))
        return left_value(e, at, defs, out);
    if (n != 2)
        return false;
    bool first_inside = ptx_in_loop(s, e->loop, c->blk[defs[0]]);
    uint32_t before = (uint32_t)defs[first_inside ? 1 : 0], inside = (uint32_t)defs[first_inside ? 0 : 1];
    if (!ptx_dominates(c, c->blk[inside], s->loops[e->loop].latch))
        return false;
    return k == 0 ? def_value(e, before, 0, out) : def_value(e, inside, k - 1, out);
}

static bool operand_value(iter_eval *e, uint32_t at, const ptx_operand *o, int k, iter_value *out)
{
    if (o->kind == PTX_O_IMM) {
        *out = (iter_value){-1, o->imm};
        return true;
    }
    if (o->kind == PTX_O_SYM && o->sym >= 0) {
        *out = (iter_value){o->sym, o->imm};
        return true;
    }
    return o->kind == PTX_O_REG && reg_value(e, at, o->reg, k, out);
}

/* The 0 or 1 integer comparison `in` (setp) gives for x and y. */
static bool compare(const ptx_function *f, const ptx_instr *in, uint64_t x, uint64_t y, iter_value *out)
{
    bool sign = ptx_has_mod(f, in, ".s32") || ptx_has_mod(f, in, ".s64");
    if (in->is_float || (in->tsize != 4 && in->tsize != 8))
        return false;
    int64_t sx = in->tsize == 4 ? (int32_t)x : (int64_t)x, sy = in->tsize == 4 ? (int32_t)y : (int64_t)y;
    uint64_t ux = in->tsize == 4 ? x & 0xFFFFFFFFu : x, uy = in->tsize == 4 ? y & 0xFFFFFFFFu : y;
    int order = sign ? (sx > sy) - (sx < sy) : (ux > uy) - (ux < uy);
    static const struct { const char *cmp; int when[3]; } tests[] = { /* order -1, 0, 1 */
        {".eq", {0, 1, 0}}, {".ne", {1, 0, 1}}, {".lt", {1, 0, 0}}, {".le", {1, 1, 0}}, {".gt", {0, 0, 1}},
        {".ge", {0, 1, 1}}, {".lo", {1, 0, 0}}, {".ls", {1, 1, 0}}, {".hi", {0, 0, 1}}, {".hs", {0, 1, 1}}};
    for (size_t t = 0; t < sizeof tests / sizeof *tests; t++)
        if (ptx_has_mod(f, in, tests[t].cmp)) {
            *out = (iter_value){-1, tests[t].when[order + 1]};
            return true;
        }
    return false;
}

/* What instruction d gives in iteration k: moves, sums and differences (of an address and numbers),
 * the integer arithmetic of stage counters (products, shifts, and, or, xor) on numbers, and their
 * comparisons and selections (a counter wrapped round its stages: selp r, 0, r + 1, p). */
static bool def_value(iter_eval *e, uint32_t d, int k, iter_value *out)
{
    ptx_ctx *c = e->c;
    const ptx_instr *in = &c->f->ins[d];
    iter_value a, b;
    if (--e->budget < 0 || in->guard >= 0 || in->nopnd < 2 || !operand_value(e, d, ptx_opnd(c, in, 1), k, &a))
        return false;
    if ((in->kind == PTX_K_MOV || in->kind == PTX_K_CVT) && in->nopnd == 2) {
        *out = a;
        if (in->kind == PTX_K_CVT && a.sym < 0 && in->tsize == 4) /* cvt.u32.u64: the low half */
            out->v &= 0xFFFFFFFF;
        return true;
    }
    if (ptx_op_is(in, "selp") && in->nopnd == 4) { /* a stage counter wrapped: selp r, 0, r + 1, p */
        iter_value p;
        return operand_value(e, d, ptx_opnd(c, in, 3), k, &p) && p.sym < 0 &&
               operand_value(e, d, ptx_opnd(c, in, p.v ? 1 : 2), k, out);
    }
    if (in->nopnd != 3 || !operand_value(e, d, ptx_opnd(c, in, 2), k, &b))
        return false;
    uint64_t x = (uint64_t)a.v, y = (uint64_t)b.v, v;
    if (ptx_op_is(in, "setp"))
        return a.sym == b.sym && compare(c->f, in, x, y, out);
    if (in->kind == PTX_K_ADD && (a.sym < 0 || b.sym < 0)) {
        *out = (iter_value){a.sym >= 0 ? a.sym : b.sym, (int64_t)(x + y)};
        return true;
    }
    if (in->kind == PTX_K_SUB && b.sym < 0) {
        *out = (iter_value){a.sym, (int64_t)(x - y)};
        return true;
    }
    if (a.sym >= 0 || b.sym >= 0)
        return false;
    bool sign = ptx_has_mod(c->f, in, ".s32") || ptx_has_mod(c->f, in, ".s64");
    if (in->kind == PTX_K_MUL && in->tsize == 4 && (ptx_has_mod(c->f, in, ".wide") || ptx_has_mod(c->f, in, ".hi"))) {
        /* 32-bit operands, the whole product (or its high half: nvcc divides by constants this way) */
        int64_t w = sign ? (int64_t)(int32_t)x * (int32_t)y : (int64_t)((x & 0xFFFFFFFFu) * (y & 0xFFFFFFFFu));
        *out = (iter_value){-1, ptx_has_mod(c->f, in, ".hi") ? (int64_t)((uint64_t)w >> 32 & 0xFFFFFFFFu) : w};
        return true;
    }
    if (in->kind == PTX_K_MUL && !ptx_has_mod(c->f, in, ".hi"))
        v = x * y;
    else if (in->kind == PTX_K_SHL && y < 64)
        v = x << y;
    else if (ptx_op_is(in, "and"))
        v = x & y;
    else if (ptx_op_is(in, "or"))
        v = x | y;
    else if (ptx_op_is(in, "xor"))
        v = x ^ y;
    else if (ptx_op_is(in, "shr") && y < 64 && (in->tsize == 4 || in->tsize == 8))
        v = in->tsize == 8 ? (sign ? (uint64_t)((int64_t)x >> y) : x >> y)
            : sign         ? (uint64_t)((int64_t)(int32_t)x >> y)
                           : (x & 0xFFFFFFFFu) >> y;
    else
        return false;
    *out = (iter_value){-1, (int64_t)(in->tsize == 4 ? v & 0xFFFFFFFFu : v)};
    return true;
}

/* Whether another wait than i in loop l waits on an mbarrier of symbol m. */
static bool other_wait_in_loop(const ptx_ctx *c, int32_t l, uint32_t i, int32_t m)
{
    for (uint32_t j = 0; j < c->n; j++)
        if (j != i && c->sync->kind[j] == PTX_SY_MBAR_WAIT && ptx_in_loop(c->sync, l, c->blk[j]) &&
            ptx_mbarrier_symbol(c, j) == m)
            return true;
    return false;
}

/* Whether the parities named in iterations of loop l by wait i (address register ad, parity par) fail
 * to follow the uses of each mbarrier of the ring it cycles through: 1 yes, 0 no, -1 not worked out in
 * that loop (its values come from an enclosing one). */
static int ring_parity_in(ptx_ctx *c, uint32_t i, int32_t l, const ptx_operand *ad, const ptx_operand *par)
{
    iter_eval e = {.c = c, .loop = l, .budget = ITER_BUDGET, .exit = -1, .entry = -1};
    iter_value at[ITER_SAMPLES], p[ITER_SAMPLES];
    bool moves = false;
    for (int t = 0; t < ITER_SAMPLES; t++) {
        if (!reg_value(&e, i, ad->reg, t, &at[t]) || !operand_value(&e, i, par, t, &p[t]) || at[t].sym < 0 ||
            p[t].sym >= 0 || at[t].sym != at[0].sym)
            return -1;
        moves |= at[t].v != at[0].v;
    }
    if (!moves || !ptx_dominates(c, c->blk[i], c->sync->loops[l].latch) ||
        other_wait_in_loop(c, l, i, ptx_mbarrier_symbol(c, i)))
        return 0;
    int64_t stage[ITER_SAMPLES];
    int uses[ITER_SAMPLES] = {0}, stages = 0, flip = -1;
    for (int t = 0; t < ITER_SAMPLES; t++) {
        int j = 0;
        while (j < stages && stage[j] != at[t].v)
            j++;
        if (j == stages)
            stage[stages++] = at[t].v;
        int d = (int)((p[t].v ^ uses[j]++) & 1);
        if (flip >= 0 && d != flip)
            return 1;
        flip = d;
    }
    return 0;
}

/* The innermost loop holding block b not tried yet (marked tried), or -1. */
static int32_t next_loop_out(const ptx_ctx *c, uint32_t b, bool *tried)
{
    const ptx_syncinfo *s = c->sync;
    int32_t best = -1;
    for (uint32_t l = 0; l < s->nloops; l++)
        if (!tried[l] && ptx_in_loop(s, (int32_t)l, b) && (best < 0 || s->loops[l].size < s->loops[best].size))
            best = (int32_t)l;
    if (best >= 0)
        tried[best] = true;
    return best;
}

/* A wait in a loop on one of a ring of mbarriers picked per iteration (the stages of a pipeline): whether
 * the parities it names in the loop's first ITER_SAMPLES iterations fail to follow the uses of each
 * mbarrier. A stage's phases alternate parity, so the wait for its u-th phase names u's parity (or its
 * opposite throughout: a producer's first wait on an empty stage names the phase before, which returns
 * at once on purpose); a parity flipped every iteration over two stages, or one constant over them,
 * names a complete phase at some stage's next use. Worked out in the innermost loop whose iterations
 * give the wait's mbarrier and parity (not the spin loop around the wait itself). */
bool ptx_ring_parity_stale(const ptx_ctx *cc, uint32_t i)
{
    ptx_ctx *c = (ptx_ctx *)cc; /* the dominator tree is built on first use */
    const ptx_instr *in = &c->f->ins[i];
    int k = 0;
    while (k < in->nopnd && ptx_opnd(c, in, k)->kind != PTX_O_ADDR)
        k++;
    if (k + 1 >= in->nopnd || !ptx_has_mod(c->f, in, ".parity") || ptx_opnd(c, in, k)->reg < 0 ||
        ptx_opnd(c, in, k)->imm != 0)
        return false;
    bool *tried = ptx_xcalloc(c->sync->nloops + 1, 1);
    int verdict = -1;
    for (int32_t l; verdict < 0 && (l = next_loop_out(c, c->blk[i], tried)) >= 0;)
        verdict = ring_parity_in(c, i, l, ptx_opnd(c, in, k), ptx_opnd(c, in, k + 1));
    free(tried);
    return verdict == 1;
}

/* The numbers named barrier operand o of instruction i takes in loop l's first ITER_SAMPLES iterations,
 * four bits each, a remainder loop's counter started from `entry` (entry_value; *entered: such a
 * counter was read): -1 when not worked out, -2 when they are all one. */
static int64_t step_code(ptx_ctx *c, uint32_t i, const ptx_operand *o, int32_t l, int entry, bool *entered)
{
    iter_eval e = {.c = c, .loop = l, .budget = ITER_BUDGET, .exit = -1, .entry = entry};
    int64_t code = 0;
    bool moves = false;
    iter_value v[ITER_SAMPLES];
    for (int t = 0; t < ITER_SAMPLES; t++) {
        if (!operand_value(&e, i, o, t, &v[t]) || v[t].sym >= 0 || v[t].v < 0 || v[t].v >= 16)
            return -1;
        code |= v[t].v << (4 * t);
        moves |= v[t].v != v[0].v;
    }
    *entered = e.entered;
    return moves ? code : -2;
}

/* The key of a named barrier whose number a loop's iterations pick (bar.sync 1 + (k & 1): a slot of a
 * ring each): the numbers of the innermost loop's first ITER_SAMPLES iterations where they can be
 * worked out and are not all one, four bits each; -1 when not such. A producer and a consumer whose
 * loops pick the same numbers step by step use one barrier a step, as constant numbers do. In a
 * remainder loop the numbers must be the same from every start the unrolled loop before it leaves. */
int64_t ptx_step_numbers(ptx_ctx *c, uint32_t i)
{
    const ptx_operand *o = ptx_opnd(c, &c->f->ins[i], 0);
    bool *tried = ptx_xcalloc(c->sync->nloops + 1, 1);
    int64_t key = -1;
    for (int32_t l; key < 0 && o->kind == PTX_O_REG && (l = next_loop_out(c, c->blk[i], tried)) >= 0;) {
        bool entered = false;
        key = step_code(c, i, o, l, -1, &entered);
        for (int entry = 0; key >= 0 && entered && entry < ITER_SAMPLES; entry++)
            if (step_code(c, i, o, l, entry, &entered) != key)
                key = -1;
    }
    free(tried);
    return key >= 0 ? key : -1;
}

bool ptx_one_number(ptx_ctx *c, uint32_t i, const ptx_operand *o, int64_t *v)
{
    iter_value value;
    if (!one_value(c, i, o, &value) || value.sym >= 0)
        return false;
    *v = value.v;
    return true;
}
