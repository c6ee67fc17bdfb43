/* Control-flow graph of one function: defs and uses, blocks, reachability, post-dominators, and their rules. */
#include "ptx_analysis.h"

#include <stdlib.h>
#include <string.h>

/* ---- defs and uses ---- */

/* The registers one instruction names at most (more are not counted): a wgmma.mma_async
 * m64n256k16 with f32 accumulators names 128 of them, plus its operands. */
enum { PTX_MAX_INSTR_REGS = 192 };

static bool has_dst(const ptx_function *f, const ptx_instr *in)
{
    switch (in->kind) {
    case PTX_K_BAR: /* bar.red and barrier.red write the reduction (a count, or a predicate) */
        return in->nopnd > 0 && ptx_has_mod(f, in, ".red");
    case PTX_K_ST:
    case PTX_K_RED:
    case PTX_K_BRA:
    case PTX_K_BRX:
    case PTX_K_RET:
    case PTX_K_EXIT:
    case PTX_K_TRAP:
    case PTX_K_CALL:
    case PTX_K_CP_ASYNC:
        return false;
    default: /* bar.arrive and bar.warp.sync are block barriers no longer (ptx_opcodes.c) but write nothing */
        return in->nopnd > 0 && !(in->oplen >= 3 && memcmp(in->op, "bar", 3) == 0);
    }
}

/* Appends the registers o reads or writes to c->du from position *used, growing it as needed. */
static void collect_regs(ptx_ctx *c, const ptx_operand *o, uint32_t *used, uint32_t *cap)
{
    if (o->kind == PTX_O_REG || (o->kind == PTX_O_ADDR && o->reg >= 0)) {
        PTX_PUSH(c->du, *used, *cap);
        c->du[(*used)++] = o->reg;
    } else if (o->kind == PTX_O_VEC || o->kind == PTX_O_LIST) {
        for (int i = 0; i < o->count; i++)
            collect_regs(c, &c->f->opnds[o->reg + i], used, cap);
    }
}

/* Per register, the instructions defining it in program order (a definition found by binary search,
 * not by walking back through a block). start: each register r's count of definitions at [r + 2],
 * zeros elsewhere; it becomes c->def_start. */
static void index_definitions(ptx_ctx *c, uint32_t *start)
{
    uint32_t nr = c->f->nregs, *ins = ptx_scratch(c, c->du_start[c->n], sizeof *ins);
    for (uint32_t r = 0; r < nr; r++)
        start[r + 2] += start[r + 1];
    for (uint32_t i = 0; i < c->n; i++) /* start[r + 1]: r's definitions placed so far */
        for (uint32_t j = 0; j < c->ndef[i]; j++)
            ins[start[c->du[c->du_start[i] + j] + 1]++] = i;
    c->def_start = start, c->def_ins = ins;
}

void ptx_build_def_use(ptx_ctx *c)
{
    ptx_function *f = c->f;
    c->du_start = ptx_scratch(c, c->n + 1, sizeof *c->du_start);
    c->ndef = ptx_scratch(c, c->n, sizeof *c->ndef);
    c->nuse = ptx_scratch(c, c->n, sizeof *c->nuse);
    uint32_t cap = f->nopnds + c->n + 16, used = 0;
    c->du = ptx_xmalloc(cap, sizeof *c->du); /* the first `used` are written before they are read */
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &f->ins[i];
        c->du_start[i] = used;
        int first_use = 0;
        bool call_ret = in->kind == PTX_K_CALL && in->nopnd && ptx_opnd(c, in, 0)->kind == PTX_O_LIST;
        if (call_ret ||
            (has_dst(f, in) && (ptx_opnd(c, in, 0)->kind == PTX_O_REG || ptx_opnd(c, in, 0)->kind == PTX_O_VEC))) {
            collect_regs(c, ptx_opnd(c, in, 0), &used, &cap);
            first_use = 1;
        }
        c->ndef[i] = used - c->du_start[i];
        for (int j = first_use; j < in->nopnd; j++)
            collect_regs(c, ptx_opnd(c, in, j), &used, &cap);
        if (in->guard >= 0) {
            PTX_PUSH(c->du, used, cap);
            c->du[used++] = in->guard;
        }
        c->nuse[i] = used - c->du_start[i] - c->ndef[i];
    }
    c->du_start[c->n] = used;
    c->only_def = ptx_scratch(c, f->nregs + 1, sizeof *c->only_def);
    uint32_t *def_start = ptx_scratch(c, f->nregs + 2, sizeof *def_start); /* r's definitions at [r + 2] */
    for (uint32_t r = 0; r <= f->nregs; r++)
        c->only_def[r] = -2; /* none yet */
    for (uint32_t i = 0; i < c->n; i++)
        for (uint32_t j = 0; j < c->ndef[i]; j++) {
            int32_t r = c->du[c->du_start[i] + j];
            c->only_def[r] = c->only_def[r] == -2 && f->ins[i].guard < 0 ? (int32_t)i : -1;
            def_start[r + 2]++;
        }
    for (uint32_t r = 0; r <= f->nregs; r++)
        if (c->only_def[r] == -2)
            c->only_def[r] = -1;
    index_definitions(c, def_start);
}

int32_t ptx_last_def(const ptx_ctx *c, uint32_t from, uint32_t to, int32_t r)
{
    const uint32_t *ins = c->def_ins + c->def_start[r];
    uint32_t lo = 0, hi = c->def_start[r + 1] - c->def_start[r];
    while (lo < hi) { /* the first definition at or after `to` */
        uint32_t mid = lo + (hi - lo) / 2;
        if (ins[mid] < to)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo > 0 && ins[lo - 1] >= from ? (int32_t)ins[lo - 1] : -1;
}

/* ---- blocks ---- */

static bool ends_block(const ptx_instr *in)
{
    return in->kind == PTX_K_BRA || in->kind == PTX_K_BRX || in->kind == PTX_K_RET || in->kind == PTX_K_EXIT ||
           in->kind == PTX_K_TRAP;
}

/* Block leaders: the first instruction, branch targets, and whatever follows a branch, ret, exit or
 * trap. */
static void find_leaders(const ptx_ctx *c, bool *leader, bool *is_target)
{
    const ptx_function *f = c->f;
    leader[0] = true;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &f->ins[i];
        if (in->kind == PTX_K_BRA && in->target >= 0)
            leader[in->target] = is_target[in->target] = true;
        if (ends_block(in))
            leader[i + 1] = true;
    }
}

/* nb, exitb, and each block's instructions [bstart, bend); blk maps an instruction to its block. */
static void split_blocks(ptx_ctx *c, const bool *leader)
{
    uint32_t n = c->n;
    c->blk = ptx_scratch(c, n + 1, sizeof *c->blk);
    uint32_t nb = 0;
    for (uint32_t i = 0; i < n; i++)
        nb += leader[i];
    c->nb = nb;
    c->exitb = nb;
    c->bstart = ptx_scratch(c, nb + 1, sizeof *c->bstart);
    c->bend = ptx_scratch(c, nb + 1, sizeof *c->bend);
    for (uint32_t i = 0, b = 0; i < n; i++) {
        if (leader[i]) {
            c->bstart[b] = i;
            b++;
        }
        c->blk[i] = b - 1;
        c->bend[b - 1] = i + 1;
    }
    c->blk[n] = c->exitb;
}

/* Successors: at most 2, or every target block for brx. */
static void build_successors(ptx_ctx *c, const bool *leader, const bool *is_target, bool has_brx)
{
    const ptx_function *f = c->f;
    uint32_t n = c->n, nb = c->nb;
    c->sstart = ptx_scratch(c, nb + 2, sizeof *c->sstart);
    uint32_t cap = nb * 2 + 4, used = 0;
    c->succ = ptx_xcalloc(cap, sizeof *c->succ);
    c->falls_off = ptx_scratch(c, nb + 1, sizeof *c->falls_off);
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
}

/* Predecessors (the exit block included), from the successors. */
static void build_predecessors(ptx_ctx *c)
{
    uint32_t nb = c->nb, used = c->sstart[nb];
    c->pstart = ptx_scratch(c, nb + 2, sizeof *c->pstart);
    for (uint32_t e = 0; e < used; e++)
        c->pstart[c->succ[e] + 1]++;
    for (uint32_t b = 0; b < nb + 1; b++)
        c->pstart[b + 1] += c->pstart[b];
    c->pred = ptx_scratch(c, used + 1, sizeof *c->pred);
    uint32_t *fill = ptx_scratch(c, nb + 2, sizeof *fill);
    for (uint32_t b = 0; b < nb; b++)
        for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1]; e++) {
            uint32_t t = c->succ[e];
            c->pred[c->pstart[t] + fill[t]++] = b;
        }
}

void ptx_build_cfg(ptx_ctx *c)
{
    bool *leader = ptx_scratch(c, c->n + 1, sizeof *leader);
    bool *is_target = ptx_scratch(c, c->n + 1, sizeof *is_target);
    find_leaders(c, leader, is_target);
    bool has_brx = false;
    for (uint32_t i = 0; i < c->n; i++)
        has_brx |= c->f->ins[i].kind == PTX_K_BRX;
    split_blocks(c, leader);
    build_successors(c, leader, is_target, has_brx);
    build_predecessors(c);
}

/* Blocks reachable from the entry (forward) and blocks that reach a real exit (backward). */
void ptx_reachability(ptx_ctx *c)
{
    uint32_t nb = c->nb;
    c->reach = ptx_scratch(c, nb + 1, sizeof *c->reach);
    c->reaches_exit = ptx_scratch(c, nb + 1, sizeof *c->reaches_exit);
    uint32_t *stack = ptx_scratch(c, nb + 2, sizeof *stack), sp = 0;
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
}

/* ---- post-dominators (Cooper, Harvey, Kennedy on the reversed CFG) ---- */

/* The exit block's predecessors in the reversed CFG: the blocks that end in ret/exit/trap or fall
 * off the end, and a virtual edge from each block that cannot reach an exit. */
static uint32_t *exit_predecessors(const ptx_ctx *c, uint32_t *nexit)
{
    uint32_t nb = c->nb, exitb = c->exitb;
    uint32_t nvirtual = 0;
    for (uint32_t b = 0; b < nb; b++)
        nvirtual += !c->reaches_exit[b];
    uint32_t nreal = c->pstart[exitb + 1] - c->pstart[exitb];
    uint32_t *exit_preds = ptx_scratch(c, nreal + nvirtual + 1, sizeof *exit_preds);
    *nexit = 0;
    for (uint32_t e = c->pstart[exitb]; e < c->pstart[exitb + 1]; e++)
        exit_preds[(*nexit)++] = c->pred[e];
    for (uint32_t b = nb; b-- > 0;)
        if (!c->reaches_exit[b])
            exit_preds[(*nexit)++] = b;
    return exit_preds;
}

/* Post-order of the reversed CFG from the exit block: po lists the blocks, order numbers them.
 * Returns how many blocks it reached. */
static uint32_t reversed_postorder(const ptx_ctx *c, const uint32_t *exit_preds, uint32_t nexit, uint32_t *po,
                                   uint32_t *order)
{
    uint32_t total = c->nb + 1, exitb = c->exitb, npo = 0;
    bool *seen = ptx_scratch(c, total, sizeof *seen);
    uint32_t *stack = ptx_scratch(c, total + 1, sizeof *stack), *edge = ptx_scratch(c, total + 1, sizeof *edge), sp = 0;
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
    return npo;
}

/* The nearest common post-dominator of x and y, walking up the tree built so far. */
static uint32_t intersect(const ptx_ctx *c, const uint32_t *order, uint32_t x, uint32_t y)
{
    while (x != y) {
        while (order[x] < order[y])
            x = c->ipdom[x];
        while (order[y] < order[x])
            y = c->ipdom[y];
    }
    return x;
}

void ptx_post_dominators(ptx_ctx *c)
{
    uint32_t total = c->nb + 1, exitb = c->exitb, nexit;
    uint32_t *exit_preds = exit_predecessors(c, &nexit);
    uint32_t *po = ptx_scratch(c, total, sizeof *po), *order = ptx_scratch(c, total, sizeof *order);
    uint32_t npo = reversed_postorder(c, exit_preds, nexit, po, order);
    c->ipdom = ptx_scratch(c, total, sizeof *c->ipdom);
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
                nd = nd == UINT32_MAX ? s : intersect(c, order, s, nd);
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
}

/* ---- rules ---- */

void ptx_find_control_flow(ptx_ctx *c)
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
