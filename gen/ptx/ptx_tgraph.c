/* Building the expression graph of values per thread: from the definitions that reach an access's
 * address (and its guards) down to constants, the thread's coordinates, atoms and unknowns. */
#include "ptx_tgraph.h"
#include "ptx_kbits.h"

#include <stdlib.h>
#include <string.h>

static int32_t add_node(ptx_threads *th, tnode n)
{
    if (th->nn == th->cap) {
        th->cap = th->cap ? th->cap * 2 : 256;
        th->nodes = realloc(th->nodes, th->cap * sizeof *th->nodes);
        if (!th->nodes)
            abort();
    }
    th->nodes[th->nn] = n;
    return (int32_t)th->nn++;
}

static int32_t leaf(ptx_threads *th, uint8_t kind, int w, uint64_t imm)
{
    return add_node(th, (tnode){.kind = kind, .w = (uint8_t)w, .imm = imm, .lid = -1, .arg = {-1, -1, -1, -1}});
}

static int32_t op_node(ptx_threads *th, uint8_t op, int w, bool sgn, int32_t a, int32_t b, int32_t c, int32_t d)
{
    if (a < 0 || (op != OP_NOT && op != OP_CVT && op != OP_BREV && b < 0))
        return th->unknown32;
    tnode n = {.kind = TN_OP, .op = op, .w = (uint8_t)w, .sgn = sgn, .lid = -1, .arg = {a, b, c, d}};
    for (int j = 0; j < 4; j++)
        if (n.arg[j] >= 0) {
            n.param |= th->nodes[n.arg[j]].param;
            n.atoms |= th->nodes[n.arg[j]].atoms;
            n.loops |= th->nodes[n.arg[j]].loops;
        }
    if (op == OP_SETP && n.param)
        n.atoms = 0; /* unknown whatever the sample (see apply) */
    return add_node(th, n);
}

/* An atom: a loop's (its iteration count, or a value that changes between iterations) or not. */
static int32_t atom(ptx_threads *th, int w, uint64_t identity, bool loop, int32_t lid, int32_t entry)
{
    int32_t n = leaf(th, TN_ATOM, w, identity);
    th->nodes[n].loop = th->nodes[n].loops = loop;
    th->nodes[n].param = !loop;
    th->nodes[n].atoms = 1;
    th->nodes[n].lid = lid;
    th->nodes[n].arg[0] = entry;
    return n;
}

static int reg_width(const ptx_function *f, int32_t r)
{
    static const uint8_t widths[] = {1, 16, 32, 64, 64}; /* ORDER ptx_reg_class */
    return widths[f->regs[r].cls];
}

/* The n-th type modifier of an instruction (.u32, .s64, .pred ...): its bits, signedness, float. */
static int type_of(const ptx_function *f, const ptx_instr *in, int nth, bool *sgn, bool *flt)
{
    for (uint32_t i = 0; i < in->nmods; i++) {
        const ptx_token *t = &f->mods[in->mods + i];
        if (t->n == 5 && memcmp(t->p, ".pred", 5) == 0 && nth-- == 0)
            return *sgn = *flt = false, 1;
        if (t->n < 3 || t->n > 4 || !strchr("busf", t->p[1]) || t->p[2] < '1' || t->p[2] > '9')
            continue;
        int bits = atoi(t->p + 2);
        if ((bits == 8 || bits == 16 || bits == 32 || bits == 64) && nth-- == 0) {
            *sgn = t->p[1] == 's';
            *flt = t->p[1] == 'f';
            return bits;
        }
    }
    return *sgn = *flt = false, 0;
}

static bool mod_is(const ptx_function *f, const ptx_instr *in, const char *name)
{
    size_t n = strlen(name);
    for (uint32_t i = 0; i < in->nmods; i++)
        if (f->mods[in->mods + i].n == n && memcmp(f->mods[in->mods + i].p, name, n) == 0)
            return true;
    return false;
}

/* ---- reaching definitions ---- */

/* The definitions of register r that reach instruction at: up to 3 in out (their number), 4 when
 * there are more or a path from the entry has none; *guarded when one is guarded. */
static uint32_t reaching_defs(const ptx_ctx *c, ptx_threads *th, uint32_t at, int32_t r, int32_t out[3], bool *guarded)
{
    uint32_t n = 0, b = c->blk[at], from = at, sp = 0, stamp = ++th->rd_stamp;
    *guarded = false;
    if (c->only_def[r] >= 0) { /* one unguarded definition in the function: it is the one that reaches */
        out[0] = c->only_def[r];
        return 1;
    }
    for (;;) {
        int32_t found = ptx_last_def(c, c->bstart[b], from, r);
        if (found >= 0) {
            *guarded |= c->f->ins[found].guard >= 0;
            bool dup = false;
            for (uint32_t k = 0; k < n; k++)
                dup |= out[k] == found;
            if (!dup && n == 3)
                return 4;
            if (!dup)
                out[n++] = found;
        } else if (c->pstart[b] == c->pstart[b + 1]) {
            return 4; /* a path from the entry defines nothing */
        } else {
            for (uint32_t e = c->pstart[b]; e < c->pstart[b + 1]; e++)
                if (th->rd_seen[c->pred[e]] != stamp) {
                    th->rd_seen[c->pred[e]] = stamp;
                    th->rd_stack[sp++] = c->pred[e];
                }
        }
        if (!sp)
            return n;
        b = th->rd_stack[--sp];
        from = c->bend[b];
    }
}

/* ---- building the graph ---- */

static int32_t node_of_reg(ptx_ctx *c, ptx_threads *th, uint32_t at, int32_t r, int depth);

static int32_t node_of_operand(ptx_ctx *c, ptx_threads *th, uint32_t at, const ptx_operand *o, int w, int depth)
{
    switch (o->kind) {
    case PTX_O_REG:
        return node_of_reg(c, th, at, o->reg, depth);
    case PTX_O_IMM:
        return leaf(th, TN_CONST, w, (uint64_t)o->imm);
    case PTX_O_SYM:
        return leaf(th, TN_CONST, w, ptx_symbol_base(c, o->sym) + (uint64_t)o->imm);
    case PTX_O_SREG: {
        int base = o->reg / 4, comp = o->reg % 4;
        if (base == PTX_SR_TID)
            return leaf(th, TN_TID, 32, (uint64_t)comp);
        if (base == PTX_SR_NTID)
            return leaf(th, TN_NTID, 32, (uint64_t)comp);
        if (base == PTX_SR_LANEID)
            return leaf(th, TN_LANE, 32, 0);
        if (base == PTX_SR_WARPID || base == PTX_SR_OTHER_VARIANT)
            return leaf(th, TN_UNKNOWN, 32, 0);
        int32_t n = atom(th, 32, ((uint64_t)1 << 40) | (uint64_t)o->reg, false, -1, -1);
        /* a block's rank in its cluster is small: sampled as 0 and 1 (as a loop's count is), so that
         * a store into a peer's slot indexed by the writer's rank meets the reader's slots */
        th->nodes[n].aux = base == PTX_SR_CLUSTER_RANK;
        return n;
    }
    default:
        return leaf(th, TN_UNKNOWN, w, 0);
    }
}

static int32_t node_of_def(ptx_ctx *c, ptx_threads *th, uint32_t d, int32_t r, int depth);

/* The innermost loop holding block b, or -1. */
static int32_t innermost_loop(const ptx_syncinfo *s, uint32_t b)
{
    return s->inner[b];
}

/* A value the graph does not follow: an atom when the register is uniform, else unknown. An atom
 * defined in a loop changes between its iterations; one merging a value from before the loop with
 * one from inside (a phi) knows its value on entry. */
static bool same_defs(const int32_t *a, const int32_t *b)
{
    return (a[0] == b[0] && a[1] == b[1]) || (a[0] == b[1] && a[1] == b[0]);
}

/* A phi of a loop: its value on entry (the definition from outside) and one iteration on (the one
 * from inside, built with the phi itself standing for its current value). */
static void phi_values(ptx_ctx *c, ptx_threads *th, int32_t r, const int32_t *defs, int32_t *lid, int32_t *entry,
                       int32_t *next, int depth)
{
    for (int k = 0; k < 2 && *lid < 0; k++) {
        *lid = ptx_loop_between(c, (uint32_t)defs[k], (uint32_t)defs[1 - k]);
        if (*lid < 0 || depth >= MAX_DEPTH || th->nbuilding == 4)
            continue;
        *entry = node_of_def(c, th, (uint32_t)defs[1 - k], r, depth + 1);
        th->building[th->nbuilding].reg = r;
        th->building[th->nbuilding].defs[0] = defs[0];
        th->building[th->nbuilding++].defs[1] = defs[1];
        *next = node_of_def(c, th, (uint32_t)defs[k], r, depth + 1);
        th->nbuilding--;
    }
}

/* The innermost loop holding instruction at and one of defs, or -1. */
static int32_t loop_around_use(const ptx_ctx *c, uint32_t at, const int32_t *defs, uint32_t ndefs)
{
    const ptx_syncinfo *s = c->sync;
    int32_t best = -1;
    for (uint32_t l = 0; l < s->nloops; l++) {
        bool holds_def = false;
        for (uint32_t k = 0; k < ndefs; k++)
            holds_def |= ptx_in_loop(s, (int32_t)l, c->blk[(uint32_t)defs[k]]);
        if (holds_def && ptx_in_loop(s, (int32_t)l, c->blk[at]) && (best < 0 || s->loops[l].size < s->loops[best].size))
            best = (int32_t)l;
    }
    return best;
}

/* A merge, past loop L, of the value L leaves and one from a path around L (a remainder loop's
 * start after the loop nvcc unrolled, which the remainder runs when the unrolled loop does not):
 * fixed from there on, unless a loop holding both the use and a definition goes round. The same
 * atom as the register's phi (its identity), so that accesses after L agree on it. */
static int32_t merged_value(ptx_ctx *c, ptx_threads *th, int32_t r, const int32_t *defs, uint32_t ndefs, uint32_t at)
{
    uint32_t first = 0xFFFFF;
    for (uint32_t k = 0; k < ndefs; k++)
        first = (uint32_t)defs[k] < first ? (uint32_t)defs[k] : first;
    int32_t lid = loop_around_use(c, at, defs, ndefs);
    return atom(th, reg_width(c->f, r), ((uint64_t)(uint32_t)r << 20) | first, lid >= 0, lid, -1);
}

static int32_t congruent_value(ptx_ctx *c, ptx_threads *th, int32_t r, const int32_t *defs, uint32_t n, int depth);
static int32_t remainder_exit(ptx_ctx *c, ptx_threads *th, int32_t r, uint32_t start, uint32_t upd, uint32_t use,
                              int depth);
static int32_t value_entering(ptx_ctx *c, ptx_threads *th, int32_t r, int32_t l, int depth);
static bool stepped_counter(ptx_ctx *c, ptx_threads *th, int32_t r, const int32_t *defs, uint32_t n);

/* Whether block from reaches block to within one iteration of loop l (a path through l's blocks that
 * does not come back to its head), not through block avoid (UINT32_MAX: none). */
static bool reaches_in_iteration(const ptx_ctx *c, ptx_threads *th, uint32_t from, uint32_t to, uint32_t avoid,
                                 int32_t l)
{
    const ptx_syncinfo *s = c->sync;
    uint32_t head = s->loops[l].head, sp = 0, stamp = ++th->rd_stamp;
    th->rd_stack[sp++] = from;
    while (sp) {
        uint32_t b = th->rd_stack[--sp];
        for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1]; e++) {
            uint32_t next = c->succ[e];
            if (next >= c->nb || next == head || next == avoid || !ptx_in_loop(s, l, next) ||
                th->rd_seen[next] == stamp)
                continue;
            if (next == to)
                return true;
            th->rd_seen[next] = stamp;
            th->rd_stack[sp++] = next;
        }
    }
    return false;
}

int ptx_tgraph_choice(ptx_ctx *c, ptx_threads *th, const tnode *n, uint32_t from)
{
    ptx_choice *ch = &th->choices[n->imm & 0xFFFFFFFF];
    if (ch->from == (int32_t)from)
        return ch->how;
    uint32_t b = c->blk[from], update = c->blk[ch->update];
    ch->from = (int32_t)from;
    if (b == update) /* on the update's path */
        ch->how = 1;
    else if (b == ch->join || !reaches_in_iteration(c, th, b, ch->join, UINT32_MAX, n->lid))
        ch->how = -1; /* at or past the join: what it saw there is what the sample says */
    else if (!reaches_in_iteration(c, th, b, update, UINT32_MAX, n->lid))
        ch->how = 0; /* on a path that skips the update */
    else
        ch->how = reaches_in_iteration(c, th, b, ch->join, update, n->lid) ? -1 : 1;
    return ch->how;
}

/* A register every definition of which moves a constant into it (nvcc's insertion position in a
 * sorted list: p = 3 on one path, 2 on another ...): one of them in each thread, so its known bits
 * are theirs in common (at most 8 constants; -1 when not such a register). Asked for registers that
 * differ between threads only (opaque): a uniform one keeps the atom that gives every thread one
 * value. The registers are sorted out in one pass over the function, the first time one is asked for. */
static int32_t constant_choice(ptx_ctx *c, ptx_threads *th, int32_t r)
{
    enum { NOT_YET = -2, CONSTANTS = -3 };
    if (th->constants[r] == NOT_YET) {
        uint8_t *defs = ptx_scratch(c, c->f->nregs + 1, 1); /* definitions seen, 255: one not a constant */
        for (uint32_t i = 0; i < c->n; i++)
            for (uint32_t j = 0; j < c->ndef[i]; j++) {
                int32_t x = c->du[c->du_start[i] + j];
                const ptx_instr *in = &c->f->ins[i];
                const ptx_operand *src = in->nopnd == 2 ? ptx_opnd(c, in, 1) : NULL;
                bool constant = in->kind == PTX_K_MOV && src && src->kind == PTX_O_IMM;
                defs[x] = !constant || defs[x] >= 8 ? 255 : (uint8_t)(defs[x] + 1);
            }
        for (uint32_t x = 0; x <= c->f->nregs; x++)
            th->constants[x] = defs[x] >= 2 && defs[x] <= 8 ? CONSTANTS : -1;
    }
    if (th->constants[r] != CONSTANTS)
        return th->constants[r];
    int w = reg_width(c->f, r);
    int32_t v = -1;
    for (uint32_t i = 0; i < c->n; i++)
        for (uint32_t j = 0; j < c->ndef[i]; j++)
            if (c->du[c->du_start[i] + j] == r) {
                int32_t k = leaf(th, TN_CONST, w, (uint64_t)ptx_opnd(c, &c->f->ins[i], 1)->imm);
                v = v < 0 ? k : op_node(th, OP_SELP, w, false, k, v, leaf(th, TN_UNKNOWN, 1, 0), -1);
            }
    return th->constants[r] = v;
}

static int32_t opaque(ptx_ctx *c, ptx_threads *th, int32_t r, const int32_t *defs, uint32_t ndefs, uint32_t at,
                      int depth)
{
    int w = reg_width(c->f, r);
    int32_t constant = ndefs > 1 && c->variant[r] ? constant_choice(c, th, r) : -1; /* a uniform one stays an atom */
    if (constant >= 0)
        return constant;
    for (int k = 0; k < 2 && ndefs == 2; k++) { /* past a remainder loop nvcc runs first */
        int32_t v = remainder_exit(c, th, r, (uint32_t)defs[1 - k], (uint32_t)defs[k], at, depth);
        if (v >= 0)
            return v;
    }
    if (c->variant[r]) {
        int32_t v = depth < MAX_DEPTH ? congruent_value(c, th, r, defs, ndefs, depth) : -1;
        return v >= 0 ? v : leaf(th, TN_UNKNOWN, w, 0);
    }
    ptx_syncinfo *s = ptx_sync_of(c);
    bool loop = ndefs >= 4;
    int32_t lid = -1, entry = -1, next = -1;
    uint32_t first = 0xFFFFF; /* the identity: the register and its first definition, whatever their order */
    for (uint32_t k = 0; k < ndefs && ndefs < 4; k++)
        first = (uint32_t)defs[k] < first ? (uint32_t)defs[k] : first;
    uint64_t identity = ((uint64_t)(uint32_t)r << 20) | first;
    for (int k = 0; k < th->nbuilding && ndefs == 2; k++)
        if (th->building[k].reg == r && same_defs(th->building[k].defs, defs)) {
            int32_t n = atom(th, w, identity, false, -1, -1); /* the phi's current value: as sampled */
            th->nodes[n].self = 1;
            th->nodes[n].param = 0;
            return n;
        }
    for (uint32_t k = 0; k < ndefs && ndefs < 4; k++)
        loop |= s->cyclic[c->blk[defs[k]]];
    if (loop && ndefs == 1)
        lid = innermost_loop(s, c->blk[defs[0]]);
    if (loop && ndefs == 2)
        phi_values(c, th, r, defs, &lid, &entry, &next, depth);
    if (loop && ndefs == 2 && lid >= 0 && !ptx_in_loop(s, lid, c->blk[at])) {
        int32_t v = merged_value(c, th, r, defs, ndefs, at); /* a phi of a loop the use is past */
        th->nodes[v].param = !stepped_counter(c, th, r, defs, ndefs);
        return v;
    }
    int32_t n = atom(th, w, identity, loop, lid, entry);
    th->nodes[n].arg[1] = next;
    th->nodes[n].small = !loop && th->divisor && th->divisor[r];
    return n;
}

/* The instruction computing the value definition d copies: d itself, or what a chain of mov from
 * registers with one definition leads to (nvcc's loop counters: t = r + 1 ... mov r, t). */
static uint32_t through_copies(ptx_ctx *c, ptx_threads *th, uint32_t d, int32_t r)
{
    for (int steps = 0; steps < 3; steps++) {
        const ptx_instr *in = &c->f->ins[d];
        const ptx_operand *src = in->nopnd == 2 ? ptx_opnd(c, in, 1) : NULL;
        int32_t defs[3];
        bool guarded;
        if (in->kind != PTX_K_MOV || !src || src->kind != PTX_O_REG || src->reg == r ||
            reaching_defs(c, th, d, src->reg, defs, &guarded) != 1 || guarded)
            break;
        d = (uint32_t)defs[0];
    }
    return d;
}

/* Whether operand o is register r, or a copy of it (mov x, r: unoptimised code copies the phi at the
 * loop's head and steps the copy). */
static bool is_reg_or_copy(const ptx_ctx *c, const ptx_operand *o, int32_t r)
{
    if (o->kind != PTX_O_REG)
        return false;
    if (o->reg == r)
        return true;
    int32_t d = c->only_def[o->reg];
    const ptx_instr *in = d >= 0 ? &c->f->ins[d] : NULL;
    return in && in->kind == PTX_K_MOV && in->nopnd == 2 && ptx_opnd(c, in, 1)->kind == PTX_O_REG &&
           ptx_opnd(c, in, 1)->reg == r;
}

/* The update of an induction variable: r +/- step (step a constant or a uniform register), or r shifted
 * by a constant (a stride a loop doubles or halves: tree reductions, sorting networks), or r toggled
 * (r ^ k, or k - r: a double buffer's index, `pin = 1 - pin`); -1 when not one. *self: the operand
 * that is r (or a copy of it). */
enum { UPDATE_REFLECT = 0x40 }; /* r = k - r, beside the OP_ codes */
static int update_op(ptx_ctx *c, const ptx_instr *up, uint32_t ud, int32_t r, int *self)
{
    if (up->is_float || up->nopnd != 3 || c->ndef[ud] != 1)
        return -1;
    const ptx_operand *a = ptx_opnd(c, up, 1), *b = ptx_opnd(c, up, 2);
    bool shr = up->kind == PTX_K_ARITH && up->oplen == 3 && memcmp(up->op, "shr", 3) == 0;
    if (up->kind == PTX_K_SHL || shr) {
        *self = 1;
        return is_reg_or_copy(c, a, r) && b->kind == PTX_O_IMM && b->imm > 0 && b->imm < 32 ? (shr ? OP_SHR : OP_SHL)
                                                                                            : -1;
    }
    if (up->kind == PTX_K_ARITH && up->oplen == 3 && memcmp(up->op, "xor", 3) == 0) { /* a toggle: ping-pong */
        *self = is_reg_or_copy(c, a, r) ? 1 : is_reg_or_copy(c, b, r) ? 2 : 0;
        return *self && ptx_opnd(c, up, 3 - *self)->kind == PTX_O_IMM ? OP_XOR : -1;
    }
    if (up->kind != PTX_K_ADD && up->kind != PTX_K_SUB)
        return -1;
    if (up->kind == PTX_K_SUB && is_reg_or_copy(c, b, r) && !is_reg_or_copy(c, a, r)) { /* r = k - r: ping-pong */
        *self = 2;
        return a->kind == PTX_O_IMM || (a->kind == PTX_O_REG && !c->variant[a->reg]) ? UPDATE_REFLECT : -1;
    }
    *self = is_reg_or_copy(c, a, r) ? 1 : up->kind == PTX_K_ADD && is_reg_or_copy(c, b, r) ? 2 : 0;
    const ptx_operand *step = *self ? ptx_opnd(c, up, 3 - *self) : NULL;
    if (!step || (step->kind != PTX_O_IMM &&
                  !(step->kind == PTX_O_REG && !is_reg_or_copy(c, step, r) && !c->variant[step->reg])))
        return -1;
    return up->kind == PTX_K_ADD ? OP_ADD : OP_SUB;
}

/* Whether definition d of r steps r by a constant (r += 4, directly or through copies): *step, and
 * the instruction that reads the r it steps, *at. */
static bool constant_step(ptx_ctx *c, ptx_threads *th, int32_t r, int32_t d, int64_t *step, uint32_t *at)
{
    *at = through_copies(c, th, (uint32_t)d, r);
    int self = 0, op = update_op(c, &c->f->ins[*at], *at, r, &self);
    return (op == OP_ADD || op == OP_SUB) && ptx_constant_operand(c, *at, 3 - self, step);
}

/* Whether one of r's definitions steps it by a constant (r += 4): r counts a loop's iterations. */
static bool stepped_counter(ptx_ctx *c, ptx_threads *th, int32_t r, const int32_t *defs, uint32_t n)
{
    int64_t step;
    uint32_t at;
    for (uint32_t k = 0; k < n; k++)
        if (constant_step(c, th, r, defs[k], &step, &at))
            return true;
    return false;
}

/* Whether nodes a and b compute one value for every thread: the same node, or the same operation
 * on such operands (two copies of tid.x); unknown values are never the same. */
static bool same_node(const ptx_threads *th, int32_t a, int32_t b, int depth)
{
    if (a == b)
        return true;
    if (a < 0 || b < 0 || !depth)
        return false;
    const tnode *x = &th->nodes[a], *y = &th->nodes[b];
    if (x->kind != y->kind || x->kind == TN_UNKNOWN || x->op != y->op || x->w != y->w || x->sgn != y->sgn ||
        x->aux != y->aux || x->imm != y->imm || (x->kind == TN_ATOM && x->lid != y->lid))
        return false;
    for (int j = 0; j < 4 && x->kind == TN_OP; j++)
        if (!same_node(th, x->arg[j], y->arg[j], depth - 1))
            return false;
    return true;
}

/* A register that differs between threads, defined as one value x and stepped from itself by
 * constants (a thread's index striding through a loop whose trip count differs between threads:
 * tid.x, then += 256 each time round; where a use past the loop cannot say how often): x plus an
 * unknown multiple of the largest power of two dividing every step, so that its low bits stay
 * known. Every start counts, those that reach the use only through a step too (tid.x + 1 stepped by
 * 256 is not tid.x plus a multiple of 256). -1 when the definitions are not of that kind. */
static int32_t congruent_value(ptx_ctx *c, ptx_threads *th, int32_t r, const int32_t *defs, uint32_t n, int depth)
{
    if (n < 2 || n > 3)
        return -1;
    /* the definitions that reach the use, and those that reach a step among them, in turn: each a
     * step or a start, every start one value (two copies of tid.x) */
    int32_t seen[8];
    uint32_t nseen = 0;
    for (uint32_t k = 0; k < n; k++)
        seen[nseen++] = defs[k];
    int32_t base = -1;
    int zeros = 64;
    for (uint32_t k = 0; k < nseen; k++) {
        int64_t step;
        uint32_t at;
        if (!constant_step(c, th, r, seen[k], &step, &at)) {
            int32_t v = node_of_def(c, th, (uint32_t)seen[k], r, depth + 1);
            if (base >= 0 && !same_node(th, base, v, 8))
                return -1;
            base = v;
            continue;
        }
        int z = step ? __builtin_ctzll((uint64_t)step) : 64;
        zeros = z < zeros ? z : zeros;
        int32_t back[3];
        bool guarded;
        uint32_t nb = reaching_defs(c, th, at, r, back, &guarded); /* what the step steps */
        if (nb > 3)
            return -1;
        for (uint32_t e = 0; e < nb; e++) {
            bool known = false;
            for (uint32_t j = 0; j < nseen; j++)
                known |= seen[j] == back[e];
            if (!known && nseen == 8)
                return -1;
            if (!known)
                seen[nseen++] = back[e];
        }
    }
    int w = reg_width(c->f, r);
    if (base < 0 || zeros == 0 || zeros >= w)
        return -1;
    int32_t steps =
        op_node(th, OP_SHL, w, false, leaf(th, TN_UNKNOWN, w, 0), leaf(th, TN_CONST, w, (uint64_t)zeros), -1, -1);
    return op_node(th, OP_ADD, w, false, base, steps, -1, -1);
}

static int compare_of(const ptx_token *t, bool *sgn);

/* Whether v1 cmp v2 holds (PTX_CMP_*). */
static bool compare_holds(int cmp, int64_t v1, int64_t v2)
{
    switch (cmp) {
    case PTX_CMP_EQ:
        return v1 == v2;
    case PTX_CMP_NE:
        return v1 != v2;
    case PTX_CMP_LT:
        return v1 < v2;
    case PTX_CMP_LE:
        return v1 <= v2;
    case PTX_CMP_GT:
        return v1 > v2;
    default:
        return v1 >= v2;
    }
}

/* The value of uniform register r when the block's size and constants alone compute it (ntid, moves,
 * sums, differences, products and shifts), into *v. */
static bool block_value(const ptx_ctx *c, const ptx_threads *th, int32_t r, int depth, int64_t *v)
{
    int32_t d = r >= 0 && depth > 0 && th->nthreads > 0 ? c->only_def[r] : -1;
    const ptx_instr *in = d >= 0 ? &c->f->ins[d] : NULL;
    if (!in || in->guard >= 0 || in->nopnd < 2 || in->nopnd > 3)
        return false;
    int64_t a[2];
    for (int j = 1; j < in->nopnd; j++) {
        const ptx_operand *o = ptx_opnd(c, in, j);
        if (o->kind == PTX_O_IMM)
            a[j - 1] = o->imm;
        else if (o->kind == PTX_O_SREG && o->reg / 4 == PTX_SR_NTID && o->reg % 4 < 3)
            a[j - 1] = th->dims[o->reg % 4];
        else if (o->kind != PTX_O_REG || !block_value(c, th, o->reg, depth - 1, &a[j - 1]))
            return false;
    }
    bool shr = in->kind == PTX_K_ARITH && in->oplen == 3 && memcmp(in->op, "shr", 3) == 0;
    uint64_t x = (uint64_t)a[0], y = (uint64_t)a[1]; /* wrapping, as the registers do */
    if (in->nopnd == 2)
        return in->kind == PTX_K_MOV && (*v = a[0], true);
    if (in->kind == PTX_K_SHL || shr)
        return a[1] >= 0 && a[1] < 32 && (*v = in->kind == PTX_K_SHL ? (int64_t)(x << y) : a[0] >> a[1], true);
    if (in->kind == PTX_K_ADD || in->kind == PTX_K_SUB || in->kind == PTX_K_MUL)
        return *v = (int64_t)(in->kind == PTX_K_ADD ? x + y : in->kind == PTX_K_SUB ? x - y : x * y), true;
    return false;
}

/* The counter the latch of loop l tests against a bound, when the two are values the block's size and
 * constants compute and the counter steps by a constant or is shifted by one (a stride halved until it
 * reaches 1: tree reductions and scans over the block): its start, step (or shift), bound,
 * comparison, whether the test sees the stepped value, the branch's sense; false when the latch
 * does not say. */
typedef struct loop_test {
    int64_t start, step, bound;
    int op, cmp; /* op: OP_ADD (step signed), OP_SHL or OP_SHR (by step) */
    bool stepped, back_when;
} loop_test;

static int64_t next_count(const loop_test *lt, int64_t v)
{
    return lt->op == OP_ADD   ? (int64_t)((uint64_t)v + (uint64_t)lt->step)
           : lt->op == OP_SHL ? (int64_t)((uint64_t)v << lt->step)
                              : v >> lt->step;
}

static bool latch_test(const ptx_ctx *c, ptx_threads *th, int32_t l, loop_test *lt)
{
    const ptx_loop *lp = &c->sync->loops[l];
    const ptx_instr *br = &c->f->ins[c->bend[lp->latch] - 1];
    int32_t d = br->kind == PTX_K_BRA && br->guard >= 0 ? c->only_def[br->guard] : -1, defs[3];
    const ptx_instr *t = d >= 0 ? &c->f->ins[d] : NULL;
    bool sgn = true, guarded;
    lt->cmp = t && t->kind == PTX_K_SETP && t->nmods && t->nopnd == 3 ? compare_of(&c->f->mods[t->mods], &sgn) : -1;
    const ptx_operand *bound = lt->cmp >= 0 ? ptx_opnd(c, t, 2) : NULL;
    if (lt->cmp < 0 || ptx_opnd(c, t, 1)->kind != PTX_O_REG || lp->latch + 1 == lp->head ||
        !(bound->kind == PTX_O_IMM || (bound->kind == PTX_O_REG && block_value(c, th, bound->reg, 8, &lt->bound))))
        return false;
    int32_t x = ptx_opnd(c, t, 1)->reg;
    uint32_t n = reaching_defs(c, th, (uint32_t)d, x, defs, &guarded);
    lt->stepped = n == 1; /* the test sees the counter as the step left it */
    if ((n == 1 && reaching_defs(c, th, (uint32_t)defs[0], x, defs, &guarded) != 2) || (n != 1 && n != 2) || guarded)
        return false;
    int in = ptx_in_loop(c->sync, l, c->blk[(uint32_t)defs[0]]) ? 0 : 1;
    if (!ptx_in_loop(c->sync, l, c->blk[(uint32_t)defs[in]]) || ptx_in_loop(c->sync, l, c->blk[(uint32_t)defs[1 - in]]))
        return false;
    uint32_t ud = through_copies((ptx_ctx *)c, th, (uint32_t)defs[in], x); /* t = x >> 1 ... mov x, t */
    const ptx_instr *up = &c->f->ins[ud], *init = &c->f->ins[defs[1 - in]];
    bool shr = up->kind == PTX_K_ARITH && up->oplen == 3 && memcmp(up->op, "shr", 3) == 0;
    lt->op = up->kind == PTX_K_ADD || up->kind == PTX_K_SUB ? OP_ADD : up->kind == PTX_K_SHL ? OP_SHL : OP_SHR;
    if (init->kind != PTX_K_MOV || init->nopnd != 2 || init->guard >= 0 ||
        !(up->kind == PTX_K_ADD || up->kind == PTX_K_SUB || up->kind == PTX_K_SHL || shr) || up->nopnd != 3 ||
        ptx_opnd(c, up, 1)->kind != PTX_O_REG || ptx_opnd(c, up, 1)->reg != x || ptx_opnd(c, up, 2)->kind != PTX_O_IMM)
        return false;
    const ptx_operand *from = ptx_opnd(c, init, 1);
    if (from->kind == PTX_O_IMM)
        lt->start = from->imm;
    else if (from->kind != PTX_O_REG || !block_value(c, th, from->reg, 8, &lt->start))
        return false;
    lt->step = ptx_opnd(c, up, 2)->imm * (up->kind == PTX_K_SUB ? -1 : 1);
    if (lt->op != OP_ADD && (lt->step != 1 || lt->start <= 0))
        return false;
    if (bound->kind == PTX_O_IMM)
        lt->bound = bound->imm;
    lt->back_when = !br->guard_neg; /* the branch back is taken when the comparison holds */
    return true;
}

/* How many times loop l runs, when its latch tests a counter as latch_test says (at most 4096); -1
 * when not known. Worked out once per loop. */
static int32_t trip_count(const ptx_ctx *c, ptx_threads *th, int32_t l)
{
    if (l < 0 || !c->sync)
        return -1;
    if (!th->trips)
        th->trips = ptx_scratch(c, c->sync->nloops + 1, sizeof *th->trips);
    if (th->trips[l])
        return th->trips[l];
    loop_test lt;
    th->trips[l] = -1;
    if (!latch_test(c, th, l, &lt))
        return -1;
    int64_t v = lt.start;
    for (int32_t trips = 1; trips <= 4096; trips++, v = next_count(&lt, v))
        if (compare_holds(lt.cmp, lt.stepped ? next_count(&lt, v) : v, lt.bound) != lt.back_when)
            return th->trips[l] = trips;
    return -1;
}

int32_t ptx_tgraph_trips(ptx_ctx *c, ptx_threads *th, int32_t l)
{
    return trip_count(c, th, l);
}

/* Whether the definitions a and b (n of them each) are the same set. */
static bool same_def_set(const int32_t *a, const int32_t *b, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        bool in = false;
        for (uint32_t j = 0; j < n; j++)
            in |= a[i] == b[j];
        if (!in)
            return false;
    }
    return true;
}

/* Whether a branch taken when register cnt is 0 (setp.eq cnt, 0; @p bra) exists: nvcc's jump over a
 * remainder loop that has no iterations to run. */
static bool skipped_when_zero(const ptx_ctx *c, int32_t cnt)
{
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *br = &c->f->ins[i];
        int32_t d = br->kind == PTX_K_BRA && br->guard >= 0 && !br->guard_neg ? c->only_def[br->guard] : -1;
        const ptx_instr *t = d >= 0 ? &c->f->ins[d] : NULL;
        bool sgn;
        if (t && t->kind == PTX_K_SETP && t->nmods && t->nopnd == 3 &&
            compare_of(&c->f->mods[t->mods], &sgn) == PTX_CMP_EQ && ptx_opnd(c, t, 1)->kind == PTX_O_REG &&
            ptx_opnd(c, t, 1)->reg == cnt && ptx_opnd(c, t, 2)->kind == PTX_O_IMM && ptx_opnd(c, t, 2)->imm == 0)
            return true;
    }
    return false;
}

/* Whether loop l is left only from its latch: every iteration runs the latch once. */
static bool single_exit(const ptx_ctx *c, int32_t l)
{
    const ptx_syncinfo *s = c->sync;
    for (uint32_t b = 0; b < c->nb; b++)
        for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1] && b != s->loops[l].latch && ptx_in_loop(s, l, b); e++)
            if (c->succ[e] >= c->nb || !ptx_in_loop(s, l, c->succ[e]))
                return false;
    return true;
}

/* Where a remainder loop that nvcc runs before the loop it unrolled leaves r: start + step * cnt,
 * thread by thread (a thread's index striding through a fill whose trip count differs between
 * threads). That is the merge of upd's value (r += step in the loop's latch, which runs cnt times:
 * the latch tests cnt != 0 after cnt -= 1, cnt is set once before the loop, and the loop is left
 * from the latch only; the loop is entered with a copy of start) and start's, from the path that
 * jumps over the loop when cnt is 0. Only in kernels that declare their block size: the trip counts
 * differ between threads, and a block shape the analysis assumes would make up which threads meet.
 * -1 when not that. */
static int32_t remainder_exit(ptx_ctx *c, ptx_threads *th, int32_t r, uint32_t start, uint32_t upd, uint32_t use,
                              int depth)
{
    const ptx_syncinfo *s = ptx_sync_of(c);
    int32_t l = ptx_loop_between(c, upd, start), defs[3], cdefs[3];
    int64_t step;
    uint32_t at;
    bool guarded;
    if (l < 0 || (!c->f->reqntid && !c->f->maxntid) || c->blk[upd] != s->loops[l].latch ||
        ptx_in_loop(s, l, c->blk[use]) || depth >= MAX_DEPTH || !constant_step(c, th, r, (int32_t)upd, &step, &at) ||
        at != upd)
        return -1;
    uint32_t head = s->loops[l].head, latch = s->loops[l].latch;
    const ptx_instr *br = &c->f->ins[c->bend[latch] - 1];
    int32_t d =
        br->kind == PTX_K_BRA && br->guard >= 0 && !br->guard_neg && br->target >= 0 && c->blk[br->target] == head
            ? c->only_def[br->guard]
            : -1;
    const ptx_instr *t = d >= 0 ? &c->f->ins[d] : NULL;
    bool sgn;
    if (!t || t->kind != PTX_K_SETP || !t->nmods || t->nopnd != 3 ||
        compare_of(&c->f->mods[t->mods], &sgn) != PTX_CMP_NE || ptx_opnd(c, t, 1)->kind != PTX_O_REG ||
        ptx_opnd(c, t, 2)->kind != PTX_O_IMM || ptx_opnd(c, t, 2)->imm != 0)
        return -1;
    int32_t cnt = ptx_opnd(c, t, 1)->reg;
    int64_t down;
    uint32_t cat;
    /* the counter: stepped down by one in the loop (the step the test sees), set once outside it */
    if (reaching_defs(c, th, (uint32_t)d, cnt, cdefs, &guarded) != 1 || guarded ||
        c->blk[(uint32_t)cdefs[0]] != latch || !constant_step(c, th, cnt, cdefs[0], &down, &cat) || down != -1 ||
        cat != (uint32_t)cdefs[0] || c->f->ins[cat].kind != PTX_K_ADD)
        return -1;
    int32_t init = -1;
    uint32_t n = reaching_defs(c, th, (uint32_t)cdefs[0], cnt, defs, &guarded);
    for (uint32_t k = 0; k < n && n <= 2 && !guarded; k++)
        if (!ptx_in_loop(s, l, c->blk[(uint32_t)defs[k]]))
            init = defs[k];
    if (n != 2 || init < 0 || !single_exit(c, l) || !skipped_when_zero(c, cnt))
        return -1;
    /* r entering the loop: one definition from outside, the same value as start's */
    int32_t entering = -1;
    n = reaching_defs(c, th, c->bstart[head], r, defs, &guarded);
    for (uint32_t k = 0; k < n && n <= 2 && !guarded; k++)
        if (!ptx_in_loop(s, l, c->blk[(uint32_t)defs[k]]))
            entering = defs[k];
    int w = reg_width(c->f, r);
    if (n != 2 || entering < 0 || reg_width(c->f, cnt) != w)
        return -1;
    int32_t from = node_of_def(c, th, start, r, depth + 1);
    if (!same_node(th, from, node_of_def(c, th, (uint32_t)entering, r, depth + 1), 8))
        return -1;
    int32_t times = node_of_def(c, th, (uint32_t)init, cnt, depth + 1);
    return op_node(th, OP_ADD, w, false, from,
                   op_node(th, OP_MUL, w, false, times, leaf(th, TN_CONST, w, (uint64_t)step), -1, -1), -1, -1);
}

/* Node x with loop l's iteration counts (its induction atoms) set to k, the nodes that depend on them
 * made again; -1 when the graph is too large to copy (memo: SUBST_SLOTS nodes). */
enum { SUBST_SLOTS = 256 };
typedef struct subst_memo {
    int32_t from[SUBST_SLOTS], to[SUBST_SLOTS];
    uint32_t n;
} subst_memo;

static int32_t with_count(ptx_threads *th, int32_t x, int32_t l, uint64_t k, subst_memo *m, int depth)
{
    if (x < 0 || !th->nodes[x].loops)
        return x; /* no loop's atom below */
    for (uint32_t i = 0; i < m->n; i++)
        if (m->from[i] == x)
            return m->to[i];
    if (depth > MAX_DEPTH || m->n == SUBST_SLOTS)
        return -1;
    tnode n = th->nodes[x];
    int32_t y = x;
    if (n.kind == TN_ATOM && n.aux && n.lid == l) {
        y = leaf(th, TN_CONST, n.w, k);
    } else if (n.kind == TN_OP) {
        int32_t a[4];
        for (int j = 0; j < 4; j++)
            if ((a[j] = with_count(th, n.arg[j], l, k, m, depth + 1)) < 0 && n.arg[j] >= 0)
                return -1;
        y = op_node(th, n.op, n.w, n.sgn, a[0], a[1], a[2], a[3]);
        th->nodes[y].aux = n.aux, th->nodes[y].imm = n.imm;
    }
    m->from[m->n] = x, m->to[m->n++] = y;
    return y;
}

/* Whether loop l is left only from its latch (no break out of its body). */
static bool leaves_at_latch(const ptx_ctx *c, int32_t l)
{
    const ptx_syncinfo *s = c->sync;
    for (uint32_t b = 0; b < c->nb; b++)
        for (uint32_t e = c->sstart[b]; ptx_in_loop(s, l, b) && b != s->loops[l].latch && e < c->sstart[b + 1]; e++)
            if (c->succ[e] >= c->nb || !ptx_in_loop(s, l, c->succ[e]))
                return false;
    return true;
}

/* The value definition d (in loop l, every iteration) leaves for a use past the loop: its value in
 * the loop's last iteration, when the trip count is known and the loop is left only at its latch
 * (a stride a tree's loop doubled, where the next loop starts from it); v itself otherwise. */
static int32_t value_left(ptx_ctx *c, ptx_threads *th, uint32_t d, uint32_t at, int32_t v)
{
    int32_t l = c->sync->inner[c->blk[d]];
    if (v < 0 || l < 0 || !th->nodes[v].loops || ptx_in_loop(c->sync, l, c->blk[at]))
        return v;
    int32_t trips = trip_count(c, th, l); /* worked out once per loop: the cheap test first */
    if (trips <= 0 || !ptx_dominates(c, c->blk[d], c->sync->loops[l].latch) || !leaves_at_latch(c, l))
        return v;
    subst_memo m = {.n = 0};
    int32_t y = with_count(th, v, l, (uint64_t)trips - 1, &m, 0);
    return y >= 0 ? y : v;
}

/* The value of r on entry to the loop whose update is defs[u]: the one definition from outside it,
 * or, for a remainder loop that nvcc peels off an unrolled one, the merge of the value the unrolled
 * loop leaves and the start from the path around it. -1 when that is not how they lie. */
static int32_t entry_value(ptx_ctx *c, ptx_threads *th, int32_t r, const int32_t *defs, uint32_t n, int u, int depth)
{
    int32_t others[2];
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++)
        if ((int)i != u)
            others[k++] = defs[i];
    int32_t l = ptx_loop_between(c, (uint32_t)defs[u], (uint32_t)others[0]);
    if (l < 0 || (n == 3 && ptx_in_loop(c->sync, l, c->blk[(uint32_t)others[1]])))
        return -1;
    if (n == 2) /* (left by an earlier loop: its value in that loop's last iteration) */
        return value_left(c, th, (uint32_t)others[0], c->bstart[c->sync->loops[l].head],
                          node_of_def(c, th, (uint32_t)others[0], r, depth + 1));
    for (int k = 0; n == 3 && k < 2; k++) { /* past an earlier loop over the block's size, which always runs: */
        uint32_t in = (uint32_t)others[k], around = (uint32_t)others[1 - k]; /* the path around it is not taken */
        int32_t l2 = c->sync->inner[c->blk[in]];
        if (l2 >= 0 && l2 != l && !ptx_in_loop(c->sync, l2, c->blk[around]) &&
            ptx_dominates(c, c->blk[around], c->sync->loops[l2].head) && trip_count(c, th, l2) > 0)
            return value_left(c, th, in, c->bstart[c->sync->loops[l].head], node_of_def(c, th, in, r, depth + 1));
    }
    for (int k = 0; k < 2; k++) { /* past a remainder loop nvcc runs first */
        int32_t v = remainder_exit(c, th, r, (uint32_t)others[1 - k], (uint32_t)others[k],
                                   c->bstart[c->sync->loops[l].head], depth);
        if (v >= 0)
            return v;
    }
    if (c->variant[r]) { /* a join of thread-dependent branches before the loop: per thread */
        int32_t g = value_entering(c, th, r, l, depth);
        if (g >= 0)
            return g;
    }
    /* where the unrolled loop left the counter: a counter's value, which samples decide comparisons
     * with (tid.y > k in a remainder loop), not a run-time size, though it depends on one */
    int32_t v = merged_value(c, th, r, others, 2, c->bstart[c->sync->loops[l].head]);
    th->nodes[v].param = 0;
    return v;
}

/* In iteration k of a loop: even when k is even, even ^ flip when it is odd. */
static int32_t alternating(ptx_threads *th, int w, int32_t k, int32_t even, int32_t flip)
{
    int32_t odd = op_node(th, OP_AND, w, false, k, leaf(th, TN_CONST, w, 1), -1, -1);
    return op_node(th, OP_XOR, w, false, even, op_node(th, OP_MUL, w, false, odd, flip, -1, -1), -1, -1);
}

/* In iteration k of a loop: x when k is even, sum - x when it is odd. */
static int32_t reflected(ptx_threads *th, int w, int32_t k, int32_t x, int32_t sum)
{
    int32_t odd = op_node(th, OP_AND, w, false, k, leaf(th, TN_CONST, w, 1), -1, -1);
    int32_t swing = op_node(th, OP_SUB, w, false, sum, op_node(th, OP_ADD, w, false, x, x, -1, -1), -1, -1);
    return op_node(th, OP_ADD, w, false, x, op_node(th, OP_MUL, w, false, odd, swing, -1, -1), -1, -1);
}

/* A register with two definitions (three, for a peeled remainder loop: see entry_value), one of them
 * an update of r inside the loop (directly or through copies): init + k * step, or init shifted by
 * k * amount, k the loop's iteration count (an induction variable). -1 when not one. */
static int32_t induction(ptx_ctx *c, ptx_threads *th, int32_t r, const int32_t *defs, uint32_t n, int depth)
{
    for (int u = 0; u < (int)n; u++) {
        uint32_t ud = through_copies(c, th, (uint32_t)defs[u], r);
        const ptx_instr *up = &c->f->ins[ud];
        int self = 0;
        int op = update_op(c, up, ud, r, &self);
        if (op < 0)
            continue;
        int32_t back[3];
        bool guarded;
        if (reaching_defs(c, th, ud, r, back, &guarded) != n || guarded || !same_def_set(back, defs, n))
            continue;
        int32_t init = entry_value(c, th, r, defs, n, u, depth);
        if (init < 0)
            continue;
        int w = reg_width(c->f, r), sw = op == OP_ADD || op == OP_SUB || op == OP_XOR || op == UPDATE_REFLECT ? w : 32;
        bool sgn = false, flt;
        type_of(c->f, up, 0, &sgn, &flt);
        int32_t k = atom(th, sw, ((uint64_t)(uint32_t)r << 20) | 0xFFFFF, true,
                         ptx_loop_between(c, (uint32_t)defs[u], (uint32_t)defs[u == 0]), -1);
        th->nodes[k].aux = 1;
        trip_count(c, th, th->nodes[k].lid); /* th->trips, for the samples of k */
        int32_t step = node_of_operand(c, th, ud, ptx_opnd(c, up, 3 - self), sw, depth + 1);
        if (op == OP_XOR) /* toggled each iteration: init, init ^ step, init ... */
            return alternating(th, w, k, init, step);
        if (op == UPDATE_REFLECT) /* init, step - init, init ...: init plus (step - 2 init) when k is odd */
            return reflected(th, w, k, init, step);
        int32_t v = op_node(th, (uint8_t)op, w, op == OP_SHR && sgn, init,
                            op_node(th, OP_MUL, sw, false, k, step, -1, -1), -1, -1);
        if (op == OP_SHR)
            th->nodes[v].aux = th->nodes[v].sgn;
        return v;
    }
    return -1;
}

/* Where a chain of copies ending at instruction d (mov r, x; x from mov x, y ...) starts: the register
 * it copies with the value the iteration of loop lid started with (one definition from before the
 * loop, one in it), into defs; -1 when the chain is anything else. */
static int32_t copied_phi(ptx_ctx *c, ptx_threads *th, uint32_t d, int32_t lid, int32_t defs[3])
{
    for (int steps = 0; steps < 4; steps++) {
        const ptx_instr *in = &c->f->ins[d];
        const ptx_operand *src = in->nopnd == 2 ? ptx_opnd(c, in, 1) : NULL;
        bool guarded;
        if (in->kind != PTX_K_MOV || in->guard >= 0 || !src || src->kind != PTX_O_REG)
            return -1;
        uint32_t n = reaching_defs(c, th, d, src->reg, defs, &guarded);
        if (guarded || n == 0 || n > 2)
            return -1;
        if (n == 2)
            return ptx_loop_between(c, (uint32_t)defs[0], (uint32_t)defs[1]) == lid ||
                           ptx_loop_between(c, (uint32_t)defs[1], (uint32_t)defs[0]) == lid
                       ? src->reg
                       : -1;
        d = (uint32_t)defs[0];
    }
    return -1;
}

/* A register a loop swaps with another in every iteration through copies (ping-pong buffers:
 * t = a; a = b; b = t): in iteration k it holds its own value from before the loop when k is even,
 * the other's when k is odd, in every thread alike. -1 when not one. */
static int32_t swapped(ptx_ctx *c, ptx_threads *th, int32_t r, const int32_t *defs, uint32_t n, int depth)
{
    for (int u = 0; n == 2 && u < 2 && depth < MAX_DEPTH; u++) {
        int32_t lid = ptx_loop_between(c, (uint32_t)defs[u], (uint32_t)defs[1 - u]), odefs[3], back[3];
        int32_t other = lid >= 0 ? copied_phi(c, th, (uint32_t)defs[u], lid, odefs) : -1;
        if (other < 0 || other == r)
            continue;
        int v = ptx_loop_between(c, (uint32_t)odefs[0], (uint32_t)odefs[1]) == lid ? 0 : 1; /* other's in-loop def */
        if (copied_phi(c, th, (uint32_t)odefs[v], lid, back) != r || !same_defs(back, defs))
            continue;
        int w = reg_width(c->f, r);
        int32_t mine = node_of_def(c, th, (uint32_t)defs[1 - u], r, depth + 1);
        int32_t theirs = node_of_def(c, th, (uint32_t)odefs[1 - v], other, depth + 1);
        int32_t k = atom(th, w, ((uint64_t)(uint32_t)r << 20) | 0xFFFFF, true, lid, -1);
        th->nodes[k].aux = 1;
        trip_count(c, th, lid);
        return alternating(th, w, k, mine, op_node(th, OP_XOR, w, false, mine, theirs, -1, -1));
    }
    return -1;
}

/* A register a loop updates on some paths of its iteration (if (more) buf ^= 1), used past the update
 * where the paths join: the value the iteration started with (start), or the updated one. Which one is
 * an atom of its own (choice): set by where the access it is compared with lies (on the update's path
 * or off it), else both ways by the samples; across iterations it is the value the iteration started
 * with, as a use before the update sees. start itself when that is not how they lie. */
static int32_t joined_update(ptx_ctx *c, ptx_threads *th, int32_t r, const int32_t *defs, uint32_t n, uint32_t at,
                             int32_t start, int depth)
{
    int32_t lid = n == 2 && start >= 0 ? ptx_loop_between(c, (uint32_t)defs[0], (uint32_t)defs[1]) : -1;
    int in = 0;
    if (n == 2 && start >= 0 && lid < 0) {
        lid = ptx_loop_between(c, (uint32_t)defs[1], (uint32_t)defs[0]);
        in = 1;
    }
    uint32_t update = (uint32_t)defs[in];
    if (lid < 0 || depth >= MAX_DEPTH || !ptx_in_loop(c->sync, lid, c->blk[at]) ||
        !reaches_in_iteration(c, th, c->blk[update], c->blk[at], UINT32_MAX, lid))
        return start;
    int32_t updated = node_of_def(c, th, update, r, depth + 1);
    PTX_PUSH(th->choices, th->nchoices, th->choices_cap);
    th->choices[th->nchoices] = (ptx_choice){.update = update, .join = c->blk[at], .from = -1};
    int32_t way = atom(th, 1, ((uint64_t)1 << 42) | th->nchoices++, true, lid, -1);
    th->nodes[way].choice = 1;
    return op_node(th, OP_SELP, reg_width(c->f, r), false, updated, start, way, -1);
}

/* ---- values merged at a join of thread-dependent branches ---- */

static int32_t value_at_start(ptx_ctx *c, ptx_threads *th, int32_t r, uint32_t b, int depth);
static int32_t merged_from(ptx_ctx *c, ptx_threads *th, int32_t r, uint32_t b, const uint32_t *preds, uint32_t n,
                           int depth);

/* The value of r at the end of block b: its last definition there, or the value it came in with. */
static int32_t value_at_end(ptx_ctx *c, ptx_threads *th, int32_t r, uint32_t b, int depth)
{
    int32_t d = ptx_last_def(c, c->bstart[b], c->bend[b], r);
    if (d >= 0)
        return c->f->ins[d].guard >= 0 || depth >= MAX_DEPTH ? -1 : node_of_def(c, th, (uint32_t)d, r, depth + 1);
    return value_at_start(c, th, r, b, depth + 1);
}

/* The value of r entering block b from the predecessors in preds (n of them): where two or more come
 * in, the branch their nearest common dominator ends with picks the side, so the value is that
 * branch's predicate choosing between the two sides' values (a gated merge: nvcc's iterations peeled
 * before an unrolled loop leave its counter at tid + k * stride for the k each thread ran). -1 when
 * the paths do not split that way, or run through a loop of their own. */
static int32_t merged_from(ptx_ctx *c, ptx_threads *th, int32_t r, uint32_t b, const uint32_t *preds, uint32_t n,
                           int depth)
{
    if (n == 1)
        return value_at_end(c, th, r, preds[0], depth + 1);
    if (depth >= 16)
        return -1;
    uint32_t d = preds[0];
    for (uint32_t k = 1; k < n; k++)
        while (d != UINT32_MAX && !ptx_dominates(c, d, preds[k]))
            d = ptx_idom(c, d);
    if (d == UINT32_MAX || c->sstart[d + 1] - c->sstart[d] != 2 || c->sync->inner[d] != c->sync->inner[preds[0]])
        return -1;
    const ptx_instr *br = &c->f->ins[c->bend[d] - 1];
    if (br->kind != PTX_K_BRA || br->guard < 0)
        return -1;
    uint32_t taken = c->succ[c->sstart[d]], other = c->succ[c->sstart[d] + 1], side[2][8], m[2] = {0, 0};
    if (taken == other || other != d + 1)
        return -1; /* the target first, the fall-through second (ptx_cfg's order) */
    for (uint32_t k = 0; k < n; k++) {
        uint32_t q = preds[k];
        int s = q == d                                                                       ? (taken == b   ? 0
                                                                                                : other == b ? 1
                                                                                                             : -1)
                : ptx_dominates(c, taken, q) && c->pstart[taken + 1] - c->pstart[taken] == 1 ? 0
                : ptx_dominates(c, other, q) && c->pstart[other + 1] - c->pstart[other] == 1 ? 1
                                                                                             : -1;
        if (s < 0 || c->sync->inner[q] != c->sync->inner[d])
            return -1;
        side[s][m[s]++] = q;
    }
    if (!m[0] || !m[1])
        return -1;
    int32_t v0 = merged_from(c, th, r, b, side[0], m[0], depth + 1);
    int32_t v1 = v0 >= 0 ? merged_from(c, th, r, b, side[1], m[1], depth + 1) : -1;
    int32_t p = v1 >= 0 ? node_of_reg(c, th, c->bend[d] - 1, br->guard, depth + 1) : -1;
    if (p < 0)
        return -1;
    if (br->guard_neg)
        p = op_node(th, OP_NOT, 1, false, p, -1, -1, -1);
    return op_node(th, OP_SELP, reg_width(c->f, r), false, v0, v1, p, -1);
}

enum { MERGE_SLOTS = 1024 };

/* The slot of a gated merge of r into block b (kind 0: from every predecessor, 1: from outside the
 * loop b heads) in th's table: built once, each of its uses then reads it. */
static uint32_t merge_slot(ptx_threads *th, int32_t r, uint32_t b, int kind)
{
    if (!th->merge_key) {
        th->merge_key = ptx_xcalloc(MERGE_SLOTS, sizeof *th->merge_key);
        th->merge_node = ptx_xcalloc(MERGE_SLOTS, sizeof *th->merge_node);
    }
    uint64_t key = ((uint64_t)(uint32_t)r << 33 | (uint64_t)b << 1 | (uint64_t)kind) + 1;
    uint32_t h = (uint32_t)(key * 0x9E3779B97F4A7C15ull >> 54) & (MERGE_SLOTS - 1);
    for (int probe = 0; probe < 8; probe++, h = (h + 1) & (MERGE_SLOTS - 1))
        if (!th->merge_key[h] || th->merge_key[h] == key) {
            if (!th->merge_key[h])
                th->merge_node[h] = -2;
            th->merge_key[h] = key;
            return h;
        }
    return UINT32_MAX; /* full around here: built again */
}

/* The value of r entering block b, from every predecessor (kind 0) or those outside the loop it heads
 * (kind 1, l that loop), through merged_from; kept per register and block. */
static int32_t merged_into(ptx_ctx *c, ptx_threads *th, int32_t r, uint32_t b, int kind, int32_t l, int depth)
{
    uint32_t slot = merge_slot(th, r, b, kind), preds[8], n = 0;
    if (slot != UINT32_MAX && th->merge_node[slot] != -2)
        return th->merge_node[slot];
    for (uint32_t e = c->pstart[b]; e < c->pstart[b + 1]; e++)
        if (!kind || !ptx_in_loop(c->sync, l, c->pred[e])) {
            if (n == 8)
                return -1;
            preds[n++] = c->pred[e];
        }
    int32_t v = n && depth < MAX_DEPTH ? merged_from(c, th, r, b, preds, n, depth + 1) : -1;
    if (slot != UINT32_MAX && v >= 0)
        th->merge_node[slot] = v; /* a failure may be the depth's: tried again from another use */
    return v;
}

static int32_t value_at_start(ptx_ctx *c, ptx_threads *th, int32_t r, uint32_t b, int depth)
{
    return merged_into(c, th, r, b, 0, -1, depth);
}

/* The value of r entering loop l's head from outside it. */
static int32_t value_entering(ptx_ctx *c, ptx_threads *th, int32_t r, int32_t l, int depth)
{
    return merged_into(c, th, r, c->sync->loops[l].head, 1, l, depth);
}

/* The one block outside loop l that enters it (its preheader); UINT32_MAX when not one. */
static uint32_t loop_entry(const ptx_ctx *c, int32_t l)
{
    uint32_t head = c->sync->loops[l].head, entry = UINT32_MAX;
    for (uint32_t e = c->pstart[head]; e < c->pstart[head + 1]; e++)
        if (!ptx_in_loop(c->sync, l, c->pred[e])) {
            if (entry != UINT32_MAX)
                return UINT32_MAX;
            entry = c->pred[e];
        }
    return entry;
}

/* A register that differs between threads, stepped once in loop l (r += k each iteration) and coming
 * into it from a join of thread-dependent branches (value_at_start): its value on entry plus the
 * iteration count times the step; -1 when not so. */
static int32_t gated_induction(ptx_ctx *c, ptx_threads *th, int32_t r, uint32_t at, int depth)
{
    int32_t l = c->sync->inner[c->blk[at]];
    if (l < 0 || depth >= MAX_DEPTH)
        return -1;
    int32_t update = -1;
    for (uint32_t i = 0; i < c->n; i++)
        if (ptx_defines(c, i, r) && ptx_in_loop(c->sync, l, c->blk[i])) {
            if (update >= 0)
                return -1;
            update = (int32_t)i;
        }
    uint32_t ud = update >= 0 ? through_copies(c, th, (uint32_t)update, r) : 0; /* t = r + 32; mov r, t */
    int self = 0, op = update >= 0 ? update_op(c, &c->f->ins[ud], ud, r, &self) : -1;
    int32_t init = op == OP_ADD || op == OP_SUB ? value_entering(c, th, r, l, depth) : -1;
    if (init < 0)
        return -1;
    int w = reg_width(c->f, r);
    int32_t k = atom(th, w, ((uint64_t)(uint32_t)r << 20) | 0xFFFFF, true, l, -1);
    th->nodes[k].aux = 1;
    trip_count(c, th, l);
    int32_t step = node_of_operand(c, th, ud, ptx_opnd(c, &c->f->ins[ud], 3 - self), w, depth + 1);
    return op_node(th, (uint8_t)op, w, false, init, op_node(th, OP_MUL, w, false, k, step, -1, -1), -1, -1);
}

static int32_t node_of_reg(ptx_ctx *c, ptx_threads *th, uint32_t at, int32_t r, int depth)
{
    int32_t defs[3];
    bool guarded;
    uint32_t n = reaching_defs(c, th, at, r, defs, &guarded);
    if (depth > MAX_DEPTH || th->nn > MAX_NODES)
        return opaque(c, th, r, defs, n, at, MAX_DEPTH);
    if (n == 1 && !guarded)
        return value_left(c, th, (uint32_t)defs[0], at, node_of_def(c, th, (uint32_t)defs[0], r, depth + 1));
    if ((n == 2 || n == 3) && !guarded) {
        int32_t iv = induction(c, th, r, defs, n, depth);
        if (iv < 0)
            iv = swapped(c, th, r, defs, n, depth);
        if (iv >= 0)
            return joined_update(c, th, r, defs, n, at, iv, depth);
    }
    if (c->variant[r] && !guarded) { /* a join of thread-dependent branches, or a loop stepping from one */
        int32_t g = c->sync->inner[c->blk[at]] >= 0 && n >= 3 ? gated_induction(c, th, r, at, depth) : -1;
        if (g < 0 && n >= 2)
            g = value_at_start(c, th, r, c->blk[at], depth);
        if (g >= 0)
            return g;
    }
    int32_t v = opaque(c, th, r, defs, n, at, depth);
    return guarded || !th->nodes[v].loop ? v : joined_update(c, th, r, defs, n, at, v, depth);
}

static int32_t operand_node(ptx_ctx *c, ptx_threads *th, uint32_t d, int k, int w, int depth)
{
    const ptx_instr *in = &c->f->ins[d];
    if (k >= in->nopnd)
        return th->unknown32;
    return node_of_operand(c, th, d, ptx_opnd(c, in, k), w, depth);
}

/* mul/mad: .lo keeps the low half, .hi the high one (nvcc's division by constants), .wide widens its
 * operands first. */
static int32_t mul_node(ptx_ctx *c, ptx_threads *th, uint32_t d, int w, bool sgn, int depth)
{
    const ptx_instr *in = &c->f->ins[d];
    bool mad = in->kind == PTX_K_MAD;
    if (mod_is(c->f, in, ".cc") || in->nopnd != 3 + mad)
        return -1;
    int32_t a = operand_node(c, th, d, 1, w, depth), b = operand_node(c, th, d, 2, w, depth);
    int rw = w;
    if (mod_is(c->f, in, ".wide")) {
        rw = 2 * w > 64 ? 64 : 2 * w;
        a = op_node(th, OP_CVT, rw, sgn, a, -1, -1, -1);
        b = op_node(th, OP_CVT, rw, sgn, b, -1, -1, -1);
        th->nodes[a].aux = th->nodes[b].aux = (uint8_t)w;
    }
    int32_t p = op_node(th, mod_is(c->f, in, ".hi") ? OP_MULHI : OP_MUL, rw, sgn, a, b, -1, -1);
    return mad ? op_node(th, OP_ADD, rw, sgn, p, operand_node(c, th, d, 3, rw, depth), -1, -1) : p;
}

static int compare_of(const ptx_token *t, bool *sgn)
{
    static const char *const names[] = {"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs"};
    static const uint8_t cmps[] = {PTX_CMP_EQ, PTX_CMP_NE, PTX_CMP_LT, PTX_CMP_LE, PTX_CMP_GT,
                                   PTX_CMP_GE, PTX_CMP_LT, PTX_CMP_LE, PTX_CMP_GT, PTX_CMP_GE}; /* ORDER names */
    for (int k = 0; k < 10; k++)
        if (t->n == 3 && memcmp(t->p + 1, names[k], 2) == 0) {
            if (k >= 6)
                *sgn = false;
            return cmps[k];
        }
    return -1;
}

/* setp.cmp[.bool].type p[|q], a, b[, c]: q is the negated comparison; .and/.or/.xor combine with c. */
static int32_t setp_node(ptx_ctx *c, ptx_threads *th, uint32_t d, int32_t r, int depth)
{
    const ptx_instr *in = &c->f->ins[d];
    bool sgn, flt;
    int w = type_of(c->f, in, 0, &sgn, &flt);
    int cmp = in->nmods ? compare_of(&c->f->mods[in->mods], &sgn) : -1;
    if (flt || !w || cmp < 0 || in->nopnd < 3)
        return -1;
    int32_t p =
        op_node(th, OP_SETP, 1, sgn, operand_node(c, th, d, 1, w, depth), operand_node(c, th, d, 2, w, depth), -1, -1);
    th->nodes[p].aux = (uint8_t)cmp;
    th->nodes[p].imm = (uint64_t)w;
    const ptx_operand *dst = ptx_opnd(c, in, 0);
    if (dst->kind == PTX_O_VEC && dst->count == 2 && c->f->opnds[dst->reg + 1].reg == r)
        p = op_node(th, OP_NOT, 1, false, p, -1, -1, -1);
    if (in->nopnd == 4) {
        uint8_t op = mod_is(c->f, in, ".and") ? OP_AND : mod_is(c->f, in, ".or") ? OP_OR : OP_XOR;
        int32_t q = operand_node(c, th, d, 3, 1, depth);
        if (ptx_opnd(c, in, 3)->neg)
            q = op_node(th, OP_NOT, 1, false, q, -1, -1, -1);
        p = op_node(th, op, 1, false, p, q, -1, -1);
    }
    return p;
}

/* The integer and bitwise operations the parser files as arithmetic, by name. */
static int32_t arith_node(ptx_ctx *c, ptx_threads *th, uint32_t d, int w, bool sgn, int depth)
{
    static const struct {
        const char *name;
        uint8_t op, nsrc;
    } ops[] = {{"and", OP_AND, 2}, {"or", OP_OR, 2},     {"xor", OP_XOR, 2},  {"not", OP_NOT, 1}, {"shr", OP_SHR, 2},
               {"div", OP_DIV, 2}, {"rem", OP_REM, 2},   {"min", OP_MIN, 2},  {"max", OP_MAX, 2}, {"bfe", OP_BFE, 3},
               {"bfi", OP_BFI, 4}, {"lop3", OP_LOP3, 4}, {"brev", OP_BREV, 1}};
    const ptx_instr *in = &c->f->ins[d];
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        if (!ptx_op_is(in, ops[k].name) || in->nopnd != 1 + ops[k].nsrc)
            continue;
        if (ops[k].op == OP_LOP3 && ptx_opnd(c, in, 4)->kind != PTX_O_IMM)
            return -1;
        int32_t a[4] = {-1, -1, -1, -1};
        for (int j = 0; j < ops[k].nsrc && j < 3; j++)
            a[j] = operand_node(c, th, d, 1 + j, ops[k].op == OP_SHR && j ? 32 : w, depth);
        if (ops[k].op == OP_BFI)
            a[3] = operand_node(c, th, d, 4, 32, depth);
        int32_t n = op_node(th, ops[k].op, w, sgn, a[0], a[1], a[2], a[3]);
        if (ops[k].op == OP_SHR)
            th->nodes[n].aux = sgn;
        if (ops[k].op == OP_LOP3)
            th->nodes[n].imm = (uint64_t)ptx_opnd(c, in, 4)->imm;
        return n;
    }
    return -1;
}

/* The node of the value instruction d gives register r (-1: not followed). */
static int32_t compute_def(ptx_ctx *c, ptx_threads *th, uint32_t d, int32_t r, int depth)
{
    const ptx_instr *in = &c->f->ins[d];
    bool sgn, flt;
    int w = type_of(c->f, in, 0, &sgn, &flt);
    if (!w)
        w = reg_width(c->f, r);
    if ((flt && in->kind != PTX_K_SETP) || (in->is_float && in->kind != PTX_K_SETP) || c->ndef[d] > 2)
        return -1;
    switch (in->kind) {
    case PTX_K_MOV:
    case PTX_K_CVTA:
        return in->nopnd == 2 && ptx_opnd(c, in, 1)->kind != PTX_O_VEC ? operand_node(c, th, d, 1, w, depth) : -1;
    case PTX_K_CVT: {
        bool from_sgn, from_flt;
        int from = type_of(c->f, in, 1, &from_sgn, &from_flt);
        if (!from || from_flt || mod_is(c->f, in, ".sat") || in->nopnd != 2)
            return -1;
        int32_t n = op_node(th, OP_CVT, w, from_sgn, operand_node(c, th, d, 1, from, depth), -1, -1, -1);
        th->nodes[n].aux = (uint8_t)from;
        return n;
    }
    case PTX_K_ADD:
    case PTX_K_SUB:
        if (mod_is(c->f, in, ".cc") || mod_is(c->f, in, ".sat") || in->nopnd != 3)
            return -1;
        return op_node(th, in->kind == PTX_K_ADD ? OP_ADD : OP_SUB, w, sgn, operand_node(c, th, d, 1, w, depth),
                       operand_node(c, th, d, 2, w, depth), -1, -1);
    case PTX_K_NEG:
        return op_node(th, OP_SUB, w, sgn, leaf(th, TN_CONST, w, 0), operand_node(c, th, d, 1, w, depth), -1, -1);
    case PTX_K_MUL:
    case PTX_K_MAD:
        return mul_node(c, th, d, w, sgn, depth);
    case PTX_K_SHL:
        return in->nopnd == 3 ? op_node(th, OP_SHL, w, false, operand_node(c, th, d, 1, w, depth),
                                        operand_node(c, th, d, 2, 32, depth), -1, -1)
                              : -1;
    case PTX_K_SETP:
        return setp_node(c, th, d, r, depth);
    case PTX_K_SELP:
        return in->nopnd == 4 ? op_node(th, OP_SELP, w, false, operand_node(c, th, d, 1, w, depth),
                                        operand_node(c, th, d, 2, w, depth), operand_node(c, th, d, 3, 1, depth), -1)
                              : -1;
    case PTX_K_ARITH:
        return arith_node(c, th, d, w, sgn, depth);
    case PTX_K_OTHER: /* mapa: the same offset in another block's shared memory, which it compares with */
        return ptx_op_is(in, "mapa") && in->nopnd == 3 ? operand_node(c, th, d, 1, w, depth) : -1;
    default:
        return -1;
    }
}

/* A load of an unsigned type narrower than its register zero-extends: a byte loaded into a 16-bit
 * register stays below 256, which a bin index scaled from it needs to keep inside its array. */
static int32_t zero_extended_load(ptx_ctx *c, ptx_threads *th, uint32_t d, int32_t r, int32_t n)
{
    const ptx_instr *in = &c->f->ins[d];
    bool sgn, flt;
    int from = type_of(c->f, in, 0, &sgn, &flt), w = reg_width(c->f, r);
    if (n < 0 || in->kind != PTX_K_LD || (from != 8 && from != 16) || sgn || flt || from >= w ||
        !mod_is(c->f, in, from == 8 ? ".u8" : ".u16"))
        return n;
    int32_t z = op_node(th, OP_CVT, w, false, n, -1, -1, -1);
    th->nodes[z].aux = (uint8_t)from;
    return z;
}

static int32_t node_of_def(ptx_ctx *c, ptx_threads *th, uint32_t d, int32_t r, int depth)
{
    const ptx_operand *dst = ptx_opnd(c, &c->f->ins[d], 0);
    bool first = dst->kind == PTX_O_REG || (dst->kind == PTX_O_VEC && c->f->opnds[dst->reg].reg == r);
    if (first && th->def_node[d] != -2)
        return th->def_node[d];
    const ptx_instr *in = &c->f->ins[d];
    int32_t n = -1;
    if (in->kind == PTX_K_LD && in->space == PTX_SP_PARAM && !c->variant[r]) {
        int32_t self = (int32_t)d;
        n = opaque(c, th, r, &self, 1, d, depth);
    } else {
        n = compute_def(c, th, d, r, depth);
        if (n < 0) {
            int32_t self = (int32_t)d;
            n = zero_extended_load(c, th, d, r, opaque(c, th, r, &self, 1, d, depth));
        }
    }
    if (first)
        th->def_node[d] = n;
    return n;
}

/* ---- accesses ---- */

uint64_t ptx_symbol_base(const ptx_ctx *c, int32_t sym)
{
    if (sym < 0)
        return 0;
    if (c->syms[sym].size <= 0)
        return (uint64_t)1023 << 22;
    return (uint64_t)((uint32_t)sym % 1000 + 1) << 22;
}

/* A register, or one of the registers its single definitions read (a few steps back), holding an
 * address in a shared variable (its affine form's symbol); -1 none. */
static int32_t shared_symbol_of(const ptx_ctx *c, uint32_t at, int32_t r, int depth)
{
    if (c->form[r].st == PTX_AF_AFFINE && c->form[r].sym >= 0 && c->syms[c->form[r].sym].space == PTX_SP_SHARED)
        return c->form[r].sym;
    int32_t d = c->only_def[r] >= 0 ? c->only_def[r] : ptx_reaching_def(c, at, r);
    if (d < 0 || depth == 0)
        return -1;
    const ptx_instr *in = &c->f->ins[d];
    for (int j = 1; j < in->nopnd; j++) {
        const ptx_operand *o = ptx_opnd(c, in, j);
        int32_t sym = o->kind == PTX_O_REG   ? shared_symbol_of(c, (uint32_t)d, o->reg, depth - 1)
                      : o->kind == PTX_O_SYM ? o->sym
                                             : -1;
        if (sym >= 0 && c->syms[sym].space == PTX_SP_SHARED)
            return sym;
    }
    return -1;
}

int32_t ptx_wgmma_symbol(const ptx_ctx *c, uint32_t ins, int which)
{
    const ptx_instr *in = &c->f->ins[ins];
    const ptx_operand *o = which >= 1 && which <= 2 && which < in->nopnd ? ptx_opnd(c, in, which) : NULL;
    return o && o->kind == PTX_O_REG ? shared_symbol_of(c, ins, o->reg, 8) : -1;
}

/* A wgmma operand's address: the descriptor's start address field (bits 0 to 13, the shared address
 * over 16) within the variable it points into. */
static int32_t wgmma_address(ptx_ctx *c, ptx_threads *th, uint32_t ins, int which)
{
    int32_t sym = ptx_wgmma_symbol(c, ins, which);
    if (sym < 0)
        return -1;
    int32_t desc = node_of_reg(c, th, ins, ptx_opnd(c, &c->f->ins[ins], which)->reg, 0);
    int32_t field = op_node(th, OP_AND, 64, false, desc, leaf(th, TN_CONST, 64, 0x3FFF), -1, -1);
    int32_t bytes = op_node(th, OP_SHL, 64, false, field, leaf(th, TN_CONST, 64, 4), -1, -1);
    return op_node(th, OP_ADD, 64, false, leaf(th, TN_CONST, 64, ptx_symbol_base(c, sym)), bytes, -1, -1);
}

/* Whether register r, at most `depth` definitions back, is computed from the block's size (ntid): a
 * cheap test before a branch's guard is evaluated. */
static bool from_block_size(const ptx_ctx *c, int32_t r, int depth)
{
    int32_t d = r >= 0 && depth > 0 ? c->only_def[r] : -1;
    const ptx_instr *in = d >= 0 ? &c->f->ins[d] : NULL;
    for (int j = 1; in && j < in->nopnd; j++) {
        const ptx_operand *o = ptx_opnd(c, in, j);
        if ((o->kind == PTX_O_SREG && o->reg / 4 == PTX_SR_NTID) ||
            (o->kind == PTX_O_REG && from_block_size(c, o->reg, depth - 1)))
            return true;
    }
    return false;
}

bool ptx_tgraph_branch_decided(ptx_ctx *c, ptx_threads *th, uint32_t br, bool *taken)
{
    const ptx_instr *in = &c->f->ins[br];
    if (in->kind != PTX_K_BRA || in->guard < 0 || c->variant[in->guard] || !from_block_size(c, in->guard, 6))
        return false;
    int32_t n = node_of_reg(c, th, br, in->guard, 0);
    if (n < 0 || th->nodes[n].atoms || th->nodes[n].param || th->nodes[n].kind == TN_UNKNOWN)
        return false;
    ptx_root v[2] = {{0}, {0}};
    ptx_eval ev = {.s = 0, .via = -1, .from = -1};
    if (!ptx_teval_roots(c, th, n, -1, &ev, v, false))
        return false;
    ptx_kb a = ptx_root_value(&v[0], 0);
    if (!ptx_kb_known(a))
        return false;
    *taken = (a.one & 1) != in->guard_neg;
    return true;
}

int32_t ptx_tgraph_operand(ptx_ctx *c, ptx_threads *th, uint32_t ins, int which)
{
    const ptx_instr *in = &c->f->ins[ins];
    const ptx_operand *o = which < in->nopnd ? ptx_opnd(c, in, which) : NULL;
    if (o && o->kind == PTX_O_IMM)
        return leaf(th, TN_CONST, 32, (uint64_t)o->imm);
    return o && o->kind == PTX_O_REG ? node_of_reg(c, th, ins, o->reg, 0) : -1;
}

int32_t ptx_tgraph_address(ptx_ctx *c, ptx_threads *th, uint32_t ins, int which, int64_t *offset)
{
    if (which == 0 && th->addr_node[ins] != -2) {
        *offset = th->addr_off[ins];
        return th->addr_node[ins];
    }
    if (ptx_sync_of(c)->kind[ins] == PTX_SY_WGMMA) {
        *offset = 0;
        return wgmma_address(c, th, ins, which);
    }
    const ptx_instr *in = &c->f->ins[ins];
    const ptx_operand *ad = NULL;
    for (int j = 0, k = 0; j < in->nopnd && !ad; j++)
        if (ptx_opnd(c, in, j)->kind == PTX_O_ADDR && k++ == which)
            ad = ptx_opnd(c, in, j);
    int32_t n = -1;
    *offset = ad ? ad->imm : 0;
    if (ad && ad->reg >= 0)
        n = node_of_reg(c, th, ins, ad->reg, 0);
    else if (ad)
        n = leaf(th, TN_CONST, 64, ptx_symbol_base(c, ad->sym));
    if (which == 0) {
        th->addr_node[ins] = n;
        th->addr_off[ins] = *offset;
    }
    return n;
}

/* The loop whose back edge leaves block latch and holds block b, or -1 (none, or several). */
static int32_t latch_loop(const ptx_ctx *c, uint32_t latch, uint32_t b)
{
    int32_t l = -1;
    for (uint32_t k = 0; k < c->sync->nloops; k++)
        if (c->sync->loops[k].latch == latch && ptx_in_loop(c->sync, (int32_t)k, b))
            l = l < 0 ? (int32_t)k : -2;
    return l < 0 ? -1 : l;
}

/* Whether a thread goes from block from on to block to: the predicate of from's branch on the side
 * that leads there (only a thread-dependent one when varying); -1 when every thread does. */
static int32_t branch_toward(ptx_ctx *c, ptx_threads *th, uint32_t from, uint32_t to, bool varying)
{
    const ptx_instr *br = &c->f->ins[c->bend[from] - 1];
    if (c->sstart[from + 1] - c->sstart[from] != 2 || br->kind != PTX_K_BRA || br->guard < 0 ||
        (varying && !c->variant[br->guard]))
        return -1;
    bool to_target = c->succ[c->sstart[from]] == to;
    if (!to_target && c->succ[c->sstart[from] + 1] != to)
        return -1;
    int32_t p = node_of_reg(c, th, c->bend[from] - 1, br->guard, 0);
    return to_target != (br->guard_neg != 0) ? p : op_node(th, OP_NOT, 1, false, p, -1, -1, -1);
}

/* Whether a thread executes instruction ins: its guard, and the thread-dependent branches it is
 * control dependent on (innermost first). A branch closing a loop stops the chain: its predicate
 * belongs to the previous iteration, so the threads still looping are not known from it (*cut) --
 * unless `first`: in a loop's first iteration the threads that run it are those that entered it, so
 * the chain goes on from the loop's preheader, with its branch's predicate on the way in. */
static int32_t activity_chain(ptx_ctx *c, ptx_threads *th, uint32_t ins, bool first, bool own_guard, bool *cut)
{
    const ptx_instr *in = &c->f->ins[ins];
    ptx_syncinfo *s = ptx_sync_of(c);
    int32_t act = -1;
    *cut = false;
    if (in->guard >= 0 && own_guard) {
        act = node_of_reg(c, th, ins, in->guard, 0);
        if (in->guard_neg)
            act = op_node(th, OP_NOT, 1, false, act, -1, -1, -1);
    }
    uint32_t b = c->blk[ins];
    for (int depth = 0; depth < 8 && c->cd_branch[b] >= 0; depth++) {
        uint32_t br = (uint32_t)c->cd_branch[b];
        const ptx_instr *bi = &c->f->ins[br];
        int32_t l = s->latch[c->blk[br]] ? latch_loop(c, c->blk[br], b) : -1;
        uint32_t entry = l >= 0 ? loop_entry(c, l) : UINT32_MAX;
        *cut |= s->latch[c->blk[br]] != 0;
        if (first && entry != UINT32_MAX) {
            int32_t p = branch_toward(c, th, entry, s->loops[l].head, true);
            act = p < 0 ? act : act < 0 ? p : op_node(th, OP_AND, 1, false, act, p, -1, -1);
            b = entry;
            continue;
        }
        if (s->latch[c->blk[br]] || bi->guard < 0)
            break;
        if (c->cd_taken[b] > 1) { /* reached from both sides: the branch does not decide */
            b = c->blk[br];
            continue;
        }
        int32_t p = node_of_reg(c, th, br, bi->guard, 0);
        if (c->cd_taken[b] == (bi->guard_neg != 0)) /* the side where the predicate is false */
            p = op_node(th, OP_NOT, 1, false, p, -1, -1, -1);
        act = act < 0 ? p : op_node(th, OP_AND, 1, false, act, p, -1, -1);
        b = c->blk[br];
    }
    return act;
}

int32_t ptx_tgraph_activity(ptx_ctx *c, ptx_threads *th, uint32_t ins)
{
    if (th->act_node[ins] == -2) {
        bool cut;
        th->act_node[ins] = activity_chain(c, th, ins, false, true, &cut);
        th->act_cut[ins] = cut;
    }
    return th->act_node[ins];
}

int32_t ptx_tgraph_first_activity(ptx_ctx *c, ptx_threads *th, uint32_t ins)
{
    bool cut;
    if (th->act_first_node[ins] == -2)
        th->act_first_node[ins] = activity_chain(c, th, ins, true, true, &cut);
    return th->act_first_node[ins];
}

int32_t ptx_tgraph_next_activity(ptx_ctx *c, ptx_threads *th, int32_t l)
{
    const ptx_loop *lp = &ptx_sync_of(c)->loops[l];
    bool cut;
    int32_t act = activity_chain(c, th, c->bend[lp->latch] - 1, true, false, &cut);
    int32_t p = branch_toward(c, th, lp->latch, lp->head, false); /* uniform too: a loop run once */
    return p < 0 ? act : act < 0 ? p : op_node(th, OP_AND, 1, false, act, p, -1, -1);
}

bool ptx_tgraph_activity_cut(ptx_ctx *c, ptx_threads *th, uint32_t ins)
{
    ptx_tgraph_activity(c, th, ins);
    return th->act_cut[ins];
}

int32_t ptx_tgraph_leaf(ptx_threads *th, uint8_t kind, int w, uint64_t imm)
{
    return leaf(th, kind, w, imm);
}
