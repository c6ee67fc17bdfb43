/* Synchronisation of one function: what each instruction orders (barriers, warp barriers, asynchronous
 * copies and what completes them), back edges, blocks on cycles, and walks that stop at barriers. */
#include "ptx_analysis.h"

#include <stdlib.h>
#include <string.h>

/* A walk's state in a block: the class of its way (none, one loop once, one loop more, several
 * loops), whether noisy, and which of the loops holding the reference it went round (their index in
 * `holding`, 1 to the function's walk_loops, at most WALK_LOOPS; 0 none or several), so that ways
 * round different loops stay apart. A function without loops has eight states a block. */
enum { WALK_LOOPS = 3 };

/* ---- what an instruction does for synchronisation ----
 * Classified here from the opcode and its modifier names. The parser does not record these effects
 * yet; when its IR carries per-instruction memory and synchronisation semantics, this function is the
 * one place to switch over to them. */

bool ptx_has_mod(const ptx_function *f, const ptx_instr *in, const char *name)
{
    size_t n = strlen(name);
    for (uint32_t i = 0; i < in->nmods; i++) {
        const ptx_token *t = &f->mods[in->mods + i];
        if (t->n >= n && memcmp(t->p, name, n) == 0 && (t->n == n || t->p[n] == ':'))
            return true;
    }
    return false;
}

/* The state space an instruction names first (its destination for copies), with ::cluster noted. */
static uint8_t first_space(const ptx_function *f, const ptx_instr *in, bool *cluster)
{
    static const struct {
        const char *name;
        uint8_t space;
    } spaces[] = {{".shared", PTX_SP_SHARED}, {".global", PTX_SP_GLOBAL}, {".local", PTX_SP_LOCAL}};
    for (uint32_t i = 0; i < in->nmods; i++) {
        const ptx_token *t = &f->mods[in->mods + i];
        for (size_t k = 0; k < sizeof spaces / sizeof spaces[0]; k++) {
            size_t n = strlen(spaces[k].name);
            if (t->n >= n && memcmp(t->p, spaces[k].name, n) == 0 && (t->n == n || t->p[n] == ':')) {
                *cluster = t->n >= n + 9 && memcmp(t->p + n, "::cluster", 9) == 0;
                return spaces[k].space;
            }
        }
    }
    return PTX_SP_NONE;
}

static uint8_t classify_copy(const ptx_function *f, const ptx_instr *in)
{
    bool cluster = false;
    if (!ptx_has_mod(f, in, ".async"))
        return PTX_SY_NONE;
    if (ptx_has_mod(f, in, ".bulk")) {
        if (ptx_has_mod(f, in, ".commit_group"))
            return PTX_SY_BULK_COMMIT;
        if (ptx_has_mod(f, in, ".wait_group"))
            return PTX_SY_BULK_WAIT;
        if (ptx_has_mod(f, in, ".prefetch"))
            return PTX_SY_NONE;
        return first_space(f, in, &cluster) == PTX_SP_SHARED ? PTX_SY_BULK_MBAR : PTX_SY_BULK_READ;
    }
    if (ptx_has_mod(f, in, ".commit_group"))
        return PTX_SY_CP_COMMIT;
    if (ptx_has_mod(f, in, ".wait_group") || ptx_has_mod(f, in, ".wait_all"))
        return PTX_SY_CP_WAIT;
    if (ptx_has_mod(f, in, ".mbarrier"))
        return PTX_SY_MBAR_OTHER; /* cp.async.mbarrier.arrive */
    return first_space(f, in, &cluster) == PTX_SP_SHARED ? PTX_SY_CP_ASYNC : PTX_SY_NONE;
}

/* Whether every definition of register reg moves one constant into it (nvcc sets a barrier's number
 * with its own mov before each use, into one register). */
static bool same_constant_everywhere(const ptx_ctx *c, int32_t reg, int64_t *value)
{
    bool seen = false;
    for (uint32_t j = 0; j < c->n; j++) {
        if (!ptx_defines(c, j, reg))
            continue;
        const ptx_instr *in = &c->f->ins[j];
        if (in->kind != PTX_K_MOV || in->nopnd != 2 || ptx_opnd(c, in, 1)->kind != PTX_O_IMM ||
            (seen && ptx_opnd(c, in, 1)->imm != *value))
            return false;
        *value = ptx_opnd(c, in, 1)->imm;
        seen = true;
    }
    return seen;
}

bool ptx_constant_operand(const ptx_ctx *c, uint32_t i, int j, int64_t *value)
{
    const ptx_instr *in = &c->f->ins[i];
    if (j >= in->nopnd)
        return false;
    const ptx_operand *o = ptx_opnd(c, in, j);
    if (o->kind == PTX_O_IMM) {
        *value = o->imm;
        return true;
    }
    if (o->kind != PTX_O_REG || !c->form)
        return false;
    const ptx_affine *a = &c->form[o->reg];
    if (a->st == PTX_AF_AFFINE && !ptx_af_has_tid(a) && !a->uni && a->sym == -1) {
        *value = a->c;
        return true;
    }
    return same_constant_everywhere(c, o->reg, value);
}

/* Whether some bar.arrive of the function may signal barrier `id` (known: a constant). */
static bool arrived_on(const ptx_ctx *c, bool known, int64_t id)
{
    for (uint32_t j = 0; j < c->n; j++) {
        const ptx_instr *in = &c->f->ins[j];
        int64_t other;
        if ((ptx_op_is(in, "bar") || ptx_op_is(in, "barrier")) && ptx_has_mod(c->f, in, ".arrive") &&
            !ptx_has_mod(c->f, in, ".cluster") && !ptx_has_mod(c->f, in, ".warp") &&
            (!known || !ptx_constant_operand(c, j, 0, &other) || other == id))
            return true;
    }
    return false;
}

/* A thread count must be a multiple of the warp size. Without one, or with one that covers the block
 * (.reqntid, else .maxntid), every thread of the block takes part, and waits unless some of them
 * only arrive (bar.arrive on the same barrier: producers that signal consumers). */
bool ptx_partial_barrier(const ptx_ctx *c, uint32_t i)
{
    const ptx_function *f = c->f;
    const ptx_instr *in = &f->ins[i];
    if (in->kind != PTX_K_BAR || in->nopnd != 2 || ptx_has_mod(f, in, ".red"))
        return false;
    int64_t count, id, block = f->reqntid > 0 ? f->reqntid : f->maxntid;
    if (!ptx_constant_operand(c, i, 1, &count) || block <= 0 || count < block)
        return true;
    bool known = ptx_constant_operand(c, i, 0, &id);
    return arrived_on(c, known, id);
}

static uint8_t classify(const ptx_ctx *c, uint32_t i)
{
    const ptx_function *f = c->f;
    const ptx_instr *in = &f->ins[i];
    if (ptx_op_is(in, "bar") || ptx_op_is(in, "barrier")) {
        if (ptx_has_mod(f, in, ".warp"))
            return PTX_SY_WARP;
        if (ptx_has_mod(f, in, ".cluster"))
            return ptx_has_mod(f, in, ".wait")     ? PTX_SY_CLUSTER
                   : ptx_has_mod(f, in, ".arrive") ? PTX_SY_CLUSTER_ARRIVE
                                                   : PTX_SY_NONE;
        if (ptx_has_mod(f, in, ".arrive"))
            return PTX_SY_BAR_ARRIVE;
        if (in->kind != PTX_K_BAR)
            return PTX_SY_NONE;
        return ptx_partial_barrier(c, i) ? PTX_SY_BAR_PART : PTX_SY_BLOCK;
    }
    if (ptx_op_is(in, "cp"))
        return classify_copy(f, in);
    if (ptx_op_is(in, "mbarrier"))
        return ptx_has_mod(f, in, ".try_wait") || ptx_has_mod(f, in, ".test_wait") ? PTX_SY_MBAR_WAIT
                                                                                   : PTX_SY_MBAR_OTHER;
    if (ptx_op_is(in, "fence"))
        return ptx_has_mod(f, in, ".proxy") && ptx_has_mod(f, in, ".async") && !ptx_has_mod(f, in, ".global")
                   ? PTX_SY_PROXY_FENCE
                   : PTX_SY_NONE;
    if (ptx_op_is(in, "wgmma"))
        return ptx_has_mod(f, in, ".mma_async")      ? PTX_SY_WGMMA
               : ptx_has_mod(f, in, ".commit_group") ? PTX_SY_WGMMA_COMMIT
               : ptx_has_mod(f, in, ".wait_group")   ? PTX_SY_WGMMA_WAIT
                                                     : PTX_SY_NONE;
    return PTX_SY_NONE;
}

/* The symbol of an instruction's last address operand (a copy's or a wait's mbarrier), or -1. */
int32_t ptx_mbarrier_symbol(const ptx_ctx *c, uint32_t i)
{
    const ptx_instr *in = &c->f->ins[i];
    for (int j = in->nopnd; j-- > 0;) {
        const ptx_operand *o = ptx_opnd(c, in, j);
        if (o->kind == PTX_O_ADDR)
            return o->reg >= 0 ? c->form[o->reg].sym : o->sym;
    }
    return -1;
}

/* The parity a wait (mbarrier.try_wait/test_wait.parity) names when it is a constant: the operand
 * after the mbarrier's address ([mbar], parity, and maybe a time hint); -1 otherwise. */
static int64_t constant_parity(const ptx_ctx *c, uint32_t i)
{
    const ptx_instr *in = &c->f->ins[i];
    int k = 0;
    while (k < in->nopnd && ptx_opnd(c, in, k)->kind != PTX_O_ADDR)
        k++;
    int64_t parity;
    return ptx_has_mod(c->f, in, ".parity") && ptx_constant_operand(c, i, k + 1, &parity) ? parity & 1 : -1;
}

/* The mbarrier instruction j names (its last address operand) as a variable and a constant offset
 * into it, the same for every thread and iteration (one of an array of mbarriers picked by a stage
 * counter is not); false otherwise. */
static bool mbarrier_at(const ptx_ctx *c, uint32_t j, int32_t *sym, int64_t *off)
{
    const ptx_instr *in = &c->f->ins[j];
    for (int k = in->nopnd; k-- > 0;) {
        const ptx_operand *o = ptx_opnd(c, in, k);
        if (o->kind != PTX_O_ADDR)
            continue;
        if (o->reg < 0) {
            *sym = o->sym, *off = o->imm;
            return o->sym >= 0;
        }
        const ptx_affine *g = &c->form[o->reg];
        *sym = g->sym, *off = g->c + o->imm;
        return g->st == PTX_AF_AFFINE && !g->uni && !g->symco && !ptx_af_has_tid(g) && g->sym >= 0;
    }
    return false;
}

/* What instruction j does to the mbarrier at (m, off): 1 a wait on it, 2 a step towards its phase (an
 * arrival, an expect_tx, a copy completing on it), 3 an init or inval (its phases start again), 4 a
 * wait on an mbarrier of m not known to be that one, 0 nothing. */
static int on_mbarrier(const ptx_ctx *c, uint32_t j, int32_t m, int64_t off)
{
    uint8_t k = c->sync->kind[j];
    const ptx_instr *in = &c->f->ins[j];
    int32_t sym;
    int64_t at;
    if ((k != PTX_SY_MBAR_WAIT && k != PTX_SY_MBAR_OTHER && k != PTX_SY_BULK_MBAR && !ptx_op_is(in, "cp")) ||
        ptx_mbarrier_symbol(c, j) != m)
        return 0;
    bool known = mbarrier_at(c, j, &sym, &at);
    if (known && at != off)
        return 0;
    if (k == PTX_SY_MBAR_WAIT)
        return known ? 1 : 4;
    if (!known)
        return 0; /* a step on some mbarrier of the array: not surely this one's */
    if (ptx_has_mod(c->f, in, ".init") || ptx_has_mod(c->f, in, ".inval"))
        return 3;
    return k == PTX_SY_BULK_MBAR || ptx_has_mod(c->f, in, ".arrive") || ptx_has_mod(c->f, in, ".arrive_drop") ||
                   ptx_has_mod(c->f, in, ".expect_tx") || ptx_has_mod(c->f, in, ".complete_tx")
               ? 2
               : 0;
}

/* Whether wait i names a phase already complete: the wait on its mbarrier before it, with a step
 * towards the next phase between (an arrival, a copy), names the same constant parity. Phases
 * alternate parity, so consecutive waits for consecutive phases must too (a loop that waits on
 * parity 0 in every iteration, or its unrolled copies: from the second on the wait returns at once).
 * Searched backwards over the paths to i; the spin loop a wait sits in, with no step in it, is the
 * same wait again. The earlier wait's line (i's own in a loop), or 0. */
static uint32_t stale_parity(const ptx_ctx *c, uint32_t i)
{
    int64_t parity = constant_parity(c, i), off;
    int32_t m;
    if (parity < 0 || !mbarrier_at(c, i, &m, &off))
        return ptx_ring_parity_stale(c, i) ? c->f->ins[i].line : 0;
    uint8_t *seen = ptx_xcalloc(2 * (size_t)c->nb, 1);
    uint32_t *stack = ptx_xmalloc(2 * (size_t)c->nb + 2, sizeof *stack), n = 0;
    uint32_t stale = 0;
    stack[n++] = c->blk[i] << 1; /* a block and whether a step was passed; the first from i back */
    bool first = true;
    while (n && !stale) {
        uint32_t top = stack[--n], b = top >> 1, step = top & 1;
        bool stop = false;
        for (uint32_t j = first ? i : c->bend[b]; j-- > c->bstart[b] && !stop;) {
            int what = on_mbarrier(c, j, m, off);
            step |= what == 2;
            stop = what == 1 || what == 3 || what == 4;
            stale = what == 1 && step && constant_parity(c, j) == parity ? c->f->ins[j].line : 0;
        }
        first = false;
        for (uint32_t e = c->pstart[b]; e < c->pstart[b + 1] && !stop; e++) {
            uint32_t p = c->pred[e], key = p << 1 | step;
            if (p < c->nb && !seen[key])
                seen[key] = 1, stack[n++] = key;
        }
    }
    free(seen), free(stack);
    return stale;
}

uint32_t ptx_stale_parity(const ptx_ctx *c, uint32_t i)
{
    ptx_syncinfo *s = c->sync; /* asked per wait by the hand-offs and at every step of a copy's flight */
    if (!s->stale)
        s->stale = ptx_scratch(c, c->n + 1, sizeof *s->stale);
    if (!s->stale[i])
        s->stale[i] = stale_parity(c, i) + 1;
    return s->stale[i] - 1;
}

uint8_t ptx_handoff_role(const ptx_ctx *c, uint32_t i, ptx_handoff_key *key)
{
    const ptx_function *f = c->f;
    const ptx_instr *in = &f->ins[i];
    uint8_t kind = c->sync->kind[i];
    *key = (ptx_handoff_key){.sym = -1};
    if (kind == PTX_SY_BAR_ARRIVE || kind == PTX_SY_BAR_PART) {
        key->named = true;
        key->exact = ptx_constant_operand(c, i, 0, &key->at);
        int64_t v;
        if (!key->exact && ptx_one_number((ptx_ctx *)c, i, ptx_opnd(c, in, 0), &v) && v >= 0 && v < 16)
            key->exact = true, key->at = v; /* a register given one number where it is used */
        if (!key->exact) { /* a number per step: told from constant ones by PTX_HANDOFF_STEPPED */
            int64_t steps = ptx_step_numbers((ptx_ctx *)c, i);
            key->exact = steps >= 0;
            key->at = steps >= 0 ? PTX_HANDOFF_STEPPED + steps : 0;
        }
        return kind == PTX_SY_BAR_PART ? PTX_HANDOFF_RELEASE | PTX_HANDOFF_ACQUIRE : PTX_HANDOFF_RELEASE;
    }
    if (!ptx_op_is(in, "mbarrier") || ptx_has_mod(f, in, ".relaxed"))
        return 0;
    bool wait = kind == PTX_SY_MBAR_WAIT, arrive = ptx_has_mod(f, in, ".arrive") || ptx_has_mod(f, in, ".arrive_drop");
    const ptx_affine *a = &c->addr[i];
    if ((!wait && !arrive) || a->st != PTX_AF_AFFINE || a->sym < 0)
        return 0; /* an mbarrier the analysis cannot name orders nothing */
    if (wait && ptx_stale_parity(c, i))
        return 0; /* a wait for a phase already complete returns at once */
    key->sym = a->sym;
    key->at = a->c;
    key->exact = !ptx_af_has_tid(a) && !a->uni;
    return wait ? PTX_HANDOFF_ACQUIRE : PTX_HANDOFF_RELEASE;
}

/* ---- back edges and blocks on cycles ---- */

/* Back edges: edges to a block still on the depth-first stack (retreating edges). */
static void find_back_edges(const ptx_ctx *c, ptx_syncinfo *s)
{
    uint32_t nb = c->nb;
    uint8_t *state = ptx_scratch(c, nb + 1, 1); /* 0 new, 1 on the stack, 2 done */
    uint32_t *stack = ptx_scratch(c, nb + 1, sizeof *stack), *edge = ptx_scratch(c, nb + 1, sizeof *edge), sp = 0;
    if (nb) {
        stack[sp++] = 0;
        state[0] = 1;
        edge[0] = c->sstart[0];
    }
    while (sp) {
        uint32_t b = stack[sp - 1];
        if (edge[b] < c->sstart[b + 1]) {
            uint32_t e = edge[b]++, t = c->succ[e];
            if (t >= nb)
                continue;
            if (state[t] == 1)
                s->back_edge[e] = true;
            else if (state[t] == 0) {
                state[t] = 1;
                edge[t] = c->sstart[t];
                stack[sp++] = t;
            }
        } else {
            state[b] = 2;
            sp--;
        }
    }
}

/* Natural loops, one per back edge (source -> head): the head and the blocks that reach the source
 * without passing the head. Their blocks are the ones on a cycle (reducible code; a back edge to
 * itself makes a one-block loop). Bodies are kept as bit sets unless they would take too much
 * memory, in which case loops are only counted (and loop-relative reasoning is given up). */
static void find_loops(const ptx_ctx *c, ptx_syncinfo *s)
{
    uint32_t nb = c->nb, nedges = c->sstart[nb];
    for (uint32_t e = 0; e < nedges; e++)
        s->nloops += s->back_edge[e];
    s->words = (nb + 64) / 64;
    bool keep = (uint64_t)s->nloops * s->words <= (1u << 18);
    s->loops = ptx_scratch(c, s->nloops + 1, sizeof *s->loops);
    if (keep)
        s->body = ptx_scratch(c, (size_t)s->nloops * s->words + 1, sizeof *s->body);
    uint32_t *stack = ptx_scratch(c, nb + 1, sizeof *stack), *seen = ptx_scratch(c, nb + 1, sizeof *seen);
    uint32_t id = 0;
    for (uint32_t b = 0; b < nb; b++)
        for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1]; e++) {
            if (!s->back_edge[e])
                continue;
            uint32_t head = c->succ[e], sp = 0, stamp = id + 1;
            s->edge_loop[e] = (int32_t)id;
            ptx_loop *l = &s->loops[id];
            *l = (ptx_loop){.head = head, .latch = b};
            seen[head] = stamp;
            stack[sp++] = head;
            if (b != head) {
                seen[b] = stamp;
                stack[sp++] = b;
            }
            while (sp) {
                uint32_t x = stack[--sp];
                s->cyclic[x] = true;
                l->size++;
                if (keep)
                    s->body[(size_t)id * s->words + x / 64] |= (uint64_t)1 << (x % 64);
                for (uint32_t p = c->pstart[x]; x != head && p < c->pstart[x + 1]; p++)
                    if (c->pred[p] < nb && seen[c->pred[p]] != stamp) {
                        seen[c->pred[p]] = stamp;
                        stack[sp++] = c->pred[p];
                    }
            }
            id++;
        }
    if (!keep) { /* counted, not kept: no loop-relative reasoning */
        s->nloops = 0;
        for (uint32_t e = 0; e < nedges; e++)
            s->edge_loop[e] = s->back_edge[e] ? -2 : -1;
    }
}

bool ptx_in_loop(const ptx_syncinfo *s, int32_t loop, uint32_t b)
{
    if (loop < 0 || (uint32_t)loop >= s->nloops)
        return false;
    return (s->body[(size_t)loop * s->words + b / 64] >> (b % 64)) & 1;
}

/* The innermost loop holding instruction inside and not instruction outside, or -1. */
int32_t ptx_loop_between(const ptx_ctx *c, uint32_t inside, uint32_t outside)
{
    const ptx_syncinfo *s = ptx_sync_of((ptx_ctx *)c);
    int32_t best = -1;
    for (uint32_t l = 0; l < s->nloops; l++)
        if (ptx_in_loop(s, (int32_t)l, c->blk[inside]) && !ptx_in_loop(s, (int32_t)l, c->blk[outside]) &&
            (best < 0 || s->loops[l].size < s->loops[best].size))
            best = (int32_t)l;
    return best;
}

/* The %ntid dimensions (bits 1 << d) whose product register reg holds: a %ntid.d read, or mul.lo of
 * two such products; 0 when it holds anything else. */
static unsigned ntid_product(const ptx_ctx *c, int32_t reg, int depth)
{
    int32_t d = reg >= 0 && c->only_def && depth < 4 ? c->only_def[reg] : -1;
    if (d < 0)
        return 0;
    const ptx_instr *in = &c->f->ins[d];
    if (in->kind == PTX_K_MOV && in->nopnd == 2) {
        const ptx_operand *o = ptx_opnd(c, in, 1);
        return o->kind == PTX_O_SREG && o->reg / 4 == PTX_SR_NTID && o->reg % 4 < 3 ? 1u << (o->reg % 4) : 0;
    }
    if (in->kind != PTX_K_MUL || in->nopnd != 3 || !ptx_has_mod(c->f, in, ".lo"))
        return 0;
    unsigned a = ntid_product(c, ptx_opnd(c, in, 1)->kind == PTX_O_REG ? ptx_opnd(c, in, 1)->reg : -1, depth + 1);
    unsigned b = ntid_product(c, ptx_opnd(c, in, 2)->kind == PTX_O_REG ? ptx_opnd(c, in, 2)->reg : -1, depth + 1);
    return a && b && !(a & b) ? a | b : 0;
}

/* Whether the function reads %tid.y, %tid.z, %ntid.y or %ntid.z. */
static bool reads_other_dims(const ptx_ctx *c)
{
    for (uint32_t i = 0; i < c->n; i++)
        for (int k = 0; k < c->f->ins[i].nopnd; k++) {
            const ptx_operand *o = ptx_opnd(c, &c->f->ins[i], k);
            if (o->kind == PTX_O_SREG && (o->reg / 4 == PTX_SR_TID || o->reg / 4 == PTX_SR_NTID) &&
                (o->reg % 4 == 1 || o->reg % 4 == 2))
                return true;
        }
    return false;
}

/* Whether mbarrier.init i counts every thread of the block: %ntid.x * %ntid.y * %ntid.z (%ntid.x in a
 * function that reads no other dimension: a row of threads), or the .reqntid's or .maxntid's product
 * as a constant (a phase counting the .maxntid completes only in a block that large, each thread
 * arriving once). */
static bool counts_block(const ptx_ctx *c, uint32_t i)
{
    const ptx_instr *in = &c->f->ins[i];
    if (in->nopnd < 2)
        return false;
    const ptx_operand *o = ptx_opnd(c, in, 1);
    int64_t count, threads = c->f->reqntid ? c->f->reqntid : c->f->maxntid;
    if (ptx_constant_operand(c, i, 1, &count))
        return threads > 0 && count == threads;
    unsigned dims = o->kind == PTX_O_REG ? ntid_product(c, o->reg, 0) : 0;
    return dims == 7 || (dims == 1 && !reads_other_dims(c));
}

/* The wait on the state arrival i returns, when it is the next synchronisation after the arrival:
 * *split tells whether memory accesses come between (a split arrive and wait) or none (arrive_and_wait);
 * 0 when none. */
static uint32_t wait_on_token(const ptx_ctx *c, const ptx_syncinfo *s, uint32_t i, bool *split)
{
    *split = false;
    const ptx_instr *in = &c->f->ins[i];
    if (in->nopnd < 2 || ptx_opnd(c, in, 0)->kind != PTX_O_REG)
        return 0;
    int32_t token = ptx_opnd(c, in, 0)->reg;
    for (uint32_t j = i + 1; j < c->n; j++) {
        const ptx_instr *w = &c->f->ins[j];
        if (s->kind[j] == PTX_SY_MBAR_WAIT) {
            if (w->nopnd < 1)
                return 0;
            const ptx_operand *last = ptx_opnd(c, w, w->nopnd - 1);
            return last->kind == PTX_O_REG && last->reg == token && !ptx_has_mod(c->f, w, ".parity") &&
                           ptx_mbarrier_symbol(c, j) == ptx_mbarrier_symbol(c, i)
                       ? j
                       : 0;
        }
        if (s->kind[j] != PTX_SY_NONE || w->kind == PTX_K_CALL)
            return 0;
        *split |= w->kind == PTX_K_LD || w->kind == PTX_K_ST || w->kind == PTX_K_ATOM || w->kind == PTX_K_RED ||
                  w->kind == PTX_K_CP_ASYNC;
    }
    return 0;
}

/* Arrivals that are block barriers (ptx_syncinfo.block_arrival; needs the registers' forms): every arrival on an
 * mbarrier whose init counts the whole block is an unguarded mbarrier.arrive (one count) followed by a wait on the
 * state it returns, as cuda::barrier's arrive_and_wait compiles. A thread past such a wait has seen the phase
 * complete, every thread of the block having arrived: as after bar.sync. A cp.async.mbarrier.arrive.noinc arrives
 * for a thread's copies without raising the count, so it could complete a phase early: none may be on it.
 *
 * Where a thread accesses memory between its arrival and its wait (cuda::barrier's arrive, then wait), those
 * accesses are ordered neither with what other threads do before their arrival nor with what they do after their
 * wait: ptx_syncinfo.block_wait then marks the waits, and the race analysis looks once with the arrivals as the
 * barrier and once with the waits. */
void ptx_find_block_arrivals(ptx_ctx *c)
{
    ptx_syncinfo *s = ptx_sync_of(c);
    if (!(s->present & (1u << PTX_SY_MBAR_WAIT)))
        return;
    bool *waits = NULL, any_split = false;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &c->f->ins[i];
        int32_t sym = ptx_mbarrier_symbol(c, i);
        if (s->kind[i] != PTX_SY_MBAR_OTHER || !ptx_op_is(in, "mbarrier") || !ptx_has_mod(c->f, in, ".init") ||
            sym < 0 || !counts_block(c, i))
            continue;
        bool all = true, any = false, split = false;
        for (uint32_t j = 0; j < c->n && all; j++) {
            const ptx_instr *a = &c->f->ins[j];
            int64_t count = 1;
            if (j != i && ptx_op_is(a, "cp") && ptx_has_mod(c->f, a, ".noinc") && ptx_mbarrier_symbol(c, j) == sym) {
                all = false;
                continue;
            }
            if (j == i || !ptx_op_is(a, "mbarrier") || ptx_mbarrier_symbol(c, j) != sym ||
                !(ptx_has_mod(c->f, a, ".arrive") || ptx_has_mod(c->f, a, ".arrive_drop")))
                continue;
            bool between;
            all = !ptx_has_mod(c->f, a, ".arrive_drop") && !ptx_has_mod(c->f, a, ".expect_tx") && a->guard < 0 &&
                  (a->nopnd < 3 || (ptx_constant_operand(c, j, 2, &count) && count == 1)) &&
                  wait_on_token(c, s, j, &between);
            split |= all && between;
            any = true;
        }
        if (!all || !any)
            continue;
        if (!s->block_arrival) {
            s->block_arrival = ptx_scratch(c, c->n + 1, sizeof *s->block_arrival);
            waits = ptx_scratch(c, c->n + 1, sizeof *waits);
        }
        any_split |= split;
        for (uint32_t j = 0; j < c->n; j++)
            if (ptx_op_is(&c->f->ins[j], "mbarrier") && ptx_mbarrier_symbol(c, j) == sym &&
                ptx_has_mod(c->f, &c->f->ins[j], ".arrive")) {
                bool between;
                s->block_arrival[j] = true;
                waits[split ? wait_on_token(c, s, j, &between) : j] = true; /* the other mbarriers' as they are */
            }
    }
    s->block_wait = any_split ? waits : NULL;
}

ptx_syncinfo *ptx_sync_of(ptx_ctx *c)
{
    if (c->sync)
        return c->sync;
    ptx_syncinfo *s = ptx_scratch(c, 1, sizeof *s);
    s->kind = ptx_scratch(c, c->n + 1, 1);
    for (uint32_t i = 0; i < c->n; i++) {
        s->kind[i] = classify(c, i);
        s->present |= 1u << s->kind[i];
    }
    s->back_edge = ptx_scratch(c, c->sstart[c->nb] + 1, sizeof *s->back_edge);
    s->edge_loop = ptx_scratch(c, c->sstart[c->nb] + 1, sizeof *s->edge_loop);
    for (uint32_t e = 0; e <= c->sstart[c->nb]; e++)
        s->edge_loop[e] = -1;
    s->cyclic = ptx_scratch(c, c->nb + 1, sizeof *s->cyclic);
    s->latch = ptx_scratch(c, c->nb + 1, sizeof *s->latch);
    find_back_edges(c, s);
    find_loops(c, s);
    s->inner = ptx_scratch(c, c->nb + 1, sizeof *s->inner);
    s->walk_loops = 0; /* the most loops holding one block, up to WALK_LOOPS */
    for (uint32_t b = 0; b <= c->nb; b++) {
        s->inner[b] = -1;
        uint32_t holding = 0;
        for (uint32_t l = 0; l < s->nloops && b < c->nb; l++)
            if (ptx_in_loop(s, (int32_t)l, b)) {
                holding++;
                if (s->inner[b] < 0 || s->loops[l].size < s->loops[s->inner[b]].size)
                    s->inner[b] = (int32_t)l;
            }
        s->walk_loops = holding > s->walk_loops ? (holding < WALK_LOOPS ? holding : WALK_LOOPS) : s->walk_loops;
    }
    s->holds_loop = ptx_scratch(c, s->nloops + 1, sizeof *s->holds_loop);
    for (uint32_t a = 0; a < s->nloops; a++)
        for (uint32_t b = 0; b < s->nloops; b++)
            if (s->loops[a].head != s->loops[b].head && ptx_in_loop(s, (int32_t)a, s->loops[b].head))
                s->holds_loop[a] = 1, s->nested = true;
    for (uint32_t b = 0; b < c->nb; b++)
        for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1]; e++)
            s->latch[b] |= s->back_edge[e];
    s->seen = ptx_scratch(c, 8 * (s->walk_loops + 1) * (c->nb + 1), sizeof *s->seen);
    s->queue = ptx_scratch(c, 8 * (s->walk_loops + 1) * (c->nb + 1), sizeof *s->queue);
    return c->sync = s;
}

/* ---- dominators (Cooper, Harvey, Kennedy) ---- */

/* Postorder numbers of the blocks reachable from the entry (others: UINT32_MAX), into s->po; their
 * reverse postorder into order (n of them). */
static uint32_t postorder(const ptx_ctx *c, ptx_syncinfo *s, uint32_t *order)
{
    uint32_t nb = c->nb, sp = 0, n = 0;
    uint32_t *stack = ptx_scratch(c, nb + 1, sizeof *stack), *edge = ptx_scratch(c, nb + 1, sizeof *edge);
    for (uint32_t b = 0; b <= nb; b++)
        s->po[b] = UINT32_MAX;
    s->po[0] = UINT32_MAX - 1; /* on the stack */
    stack[sp++] = 0;
    edge[0] = c->sstart[0];
    while (sp) {
        uint32_t b = stack[sp - 1];
        if (edge[b] < c->sstart[b + 1]) {
            uint32_t t = c->succ[edge[b]++];
            if (t < nb && s->po[t] == UINT32_MAX) {
                s->po[t] = UINT32_MAX - 1;
                edge[t] = c->sstart[t];
                stack[sp++] = t;
            }
        } else {
            s->po[b] = n;
            order[nb - 1 - n++] = b;
            sp--;
        }
    }
    memmove(order, order + nb - n, n * sizeof *order);
    return n;
}

static void dominators(const ptx_ctx *c, ptx_syncinfo *s)
{
    uint32_t nb = c->nb, *order = ptx_scratch(c, nb + 1, sizeof *order);
    s->idom = ptx_scratch(c, nb + 1, sizeof *s->idom);
    s->po = ptx_scratch(c, nb + 1, sizeof *s->po);
    uint32_t n = nb ? postorder(c, s, order) : 0;
    for (uint32_t b = 0; b <= nb; b++)
        s->idom[b] = UINT32_MAX;
    s->idom[0] = 0;
    for (bool changed = n > 1; changed;) {
        changed = false;
        for (uint32_t k = 1; k < n; k++) {
            uint32_t b = order[k], nd = UINT32_MAX;
            for (uint32_t e = c->pstart[b]; e < c->pstart[b + 1]; e++) {
                uint32_t p = c->pred[e], x = nd;
                if (p >= nb || s->idom[p] == UINT32_MAX)
                    continue;
                for (uint32_t y = p; x != UINT32_MAX && x != y;) /* the nearest common dominator */
                    if (s->po[x] < s->po[y])
                        x = s->idom[x];
                    else
                        y = s->idom[y];
                nd = x == UINT32_MAX ? p : x;
            }
            if (nd != UINT32_MAX && s->idom[b] != nd)
                s->idom[b] = nd, changed = true;
        }
    }
}

uint32_t ptx_idom(ptx_ctx *c, uint32_t b)
{
    ptx_syncinfo *s = ptx_sync_of(c);
    if (!s->idom)
        dominators(c, s);
    return b < c->nb && b && s->po[b] < UINT32_MAX - 1 ? s->idom[b] : UINT32_MAX;
}

bool ptx_dominates(ptx_ctx *c, uint32_t d, uint32_t b)
{
    ptx_syncinfo *s = ptx_sync_of(c);
    if (!s->idom)
        dominators(c, s);
    if (d >= c->nb || b >= c->nb || s->po[d] >= UINT32_MAX - 1 || s->po[b] >= UINT32_MAX - 1)
        return false;
    while (s->po[b] < s->po[d] && s->idom[b] != b)
        b = s->idom[b];
    return b == d;
}

/* ---- walks ---- */

/* Every instruction reachable from instruction `from` on (itself included) without passing an
 * instruction whose synchronisation kind is in `stop` (a bit set of 1 << PTX_SY_*). visit(ins, way,
 * arg) is called for each, way telling how the path got there relative to instruction `ref`: which
 * loop holding ref it went around (via: -1 none, a loop's id when exactly one back edge of such a
 * loop, -2 more) and whether it went around loops not holding ref (noisy). An instruction reached in
 * several ways is visited once for each. A stopping instruction is visited, and ends the path. */
/* A walk's state in a block (see WALK_LOOPS); m: the function's walk_loops + 1. */
static uint32_t walk_state(uint32_t t, const ptx_way *w, const int32_t *holding, int nholding, uint32_t m)
{
    uint32_t cls = w->via == -1 ? 0u : w->via == -2 ? 3u : w->many ? 2u : 1u, k = 0;
    for (int i = 0; i < nholding && w->via >= 0; i++)
        k = holding[i] == w->via ? (uint32_t)i + 1 : k;
    return (8 * t + 2 * cls + w->noisy) * m + k;
}

/* The way w becomes along edge e from block b to block t (reference in block rb). */
static void walk_step(const ptx_syncinfo *s, uint32_t e, uint32_t b, uint32_t t, uint32_t rb, ptx_way *w)
{
    int32_t l = s->edge_loop[e];
    if (w->via >= 0 && ptx_in_loop(s, w->via, b) && !ptx_in_loop(s, w->via, t))
        w->via = -1, w->many = false; /* left the loop gone around */
    if (l >= 0 && ptx_in_loop(s, l, rb)) {
        w->many |= w->via == l;
        if (w->via >= 0 && w->via != l && ptx_in_loop(s, l, s->loops[w->via].head))
            w->via = l, w->many = false; /* round a loop holding the one gone round: a later iteration of it */
        else if (!(w->via >= 0 && w->via != l && ptx_in_loop(s, w->via, s->loops[l].head)))
            w->via = w->via == -1 || w->via == l ? l : -2; /* (round one inside it: still that iteration) */
    } else if (l != -1) {
        w->noisy = true;
    }
}

uint64_t ptx_walk(ptx_ctx *c, uint32_t from, uint32_t ref, uint32_t stop, const uint32_t *wanted,
                  void (*visit)(ptx_ctx *, uint32_t, ptx_way, void *), void *arg)
{
    ptx_syncinfo *s = ptx_sync_of(c);
    uint32_t stamp = ++s->stamp, qh = 0, qt = 0, b = c->blk[from], pos = from, rb = c->blk[ref];
    uint64_t passed = 0;
    ptx_way way = {-1, false, false};
    int32_t holding[WALK_LOOPS];
    int nholding = 0;
    for (uint32_t l = 0; l < s->nloops; l++)
        if (ptx_in_loop(s, (int32_t)l, rb))
            holding[nholding < WALK_LOOPS ? nholding : 0] = (int32_t)l, nholding++;
    if (nholding > (int)s->walk_loops)
        nholding = 0; /* deeper than WALK_LOOPS: ways round different loops share a state, as several */
    uint32_t m = s->walk_loops + 1;
    for (;;) {
        bool blocked = false;
        uint32_t end = c->bend[b];
        for (uint32_t i = wanted ? wanted[pos] : pos; i < end; i = wanted && i + 1 < end ? wanted[i + 1] : i + 1) {
            visit(c, i, way, arg);
            if ((stop >> ptx_stop_kind(s, i)) & 1) {
                blocked = true;
                end = i + 1; /* what the walk passed in this block */
                break;
            }
        }
        passed += end - pos;
        for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1] && !blocked; e++) {
            uint32_t t = c->succ[e];
            if (t >= c->nb || (s->dead_edge && s->dead_edge[e]))
                continue;
            ptx_way w = way;
            walk_step(s, e, b, t, rb, &w);
            uint32_t state = walk_state(t, &w, holding, nholding, m);
            if (w.via >= 0 && state % m == 0)
                w.via = -2, w.many = false, state = walk_state(t, &w, holding, nholding, m); /* not told apart */
            if (s->seen[state] != stamp) {
                s->seen[state] = stamp;
                s->queue[qt++] = state;
            }
        }
        if (qh == qt)
            return passed;
        uint32_t state = s->queue[qh++], k = state % m, cls = (state / m % 8) / 2;
        b = state / m / 8;
        way.noisy = (state / m) & 1;
        way.many = cls == 2;
        way.via = cls == 0 ? -1 : cls == 3 || !k ? -2 : holding[k - 1];
        pos = c->bstart[b];
    }
}
