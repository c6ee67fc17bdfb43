/* A model of ptxas's instruction scheduler: the registers one block holds when scheduled for latency. */
#include "ptx_analysis.h"

#include <stdlib.h>
#include <string.h>

/* With registers to spare ptxas schedules each block by critical path: of the instructions whose
 * operands are ready it issues the one with the longest chain of latencies still ahead of it, one
 * per cycle. Loads, with their long latencies, go as early as they may, and independent chains of
 * arithmetic interleave; what a value costs is the span from its definition to its last use in
 * that order. The latencies (cycles until a result can be used) are those ptxas plans with on
 * sm_80/sm_90, rounded; the model's figures follow them loosely (docs/PTX_ANALYZER.md). */
enum {
    PTX_LAT_ALU = 4,     /* integer and floating-point arithmetic, moves, compares */
    PTX_LAT_ADDR64 = 1,  /* 64-bit integer add and subtract in a loop ptxas unrolls: address steps it reassociates */
    PTX_LAT_SFU = 12,    /* ex2, lg2, rcp, sqrt, rsqrt, sin, cos, tanh; div and rem sequences */
    PTX_LAT_MMA = 16,    /* mma, wmma, wgmma */
    PTX_LAT_CONST = 8,   /* ld.param, ld.const */
    PTX_LAT_SHARED = 12, /* ld.shared, ldmatrix */
    /* global, local, generic and texture loads: ptxas, with registers to spare, issues every load of
     * a chain of 32 to 225 products ahead of the chain (72 to 244 registers with -maxrregcount 255,
     * measured with ptxas 13.0), where 32 cycles let the model hoist few (47 to 91); but it moves 56
     * loads that a kernel issues first and reads last down to their readers (84 registers,
     * tests/ptx_valid/occupancy_target.ptx), which longer latencies hoist (92 at 64 cycles, 106 at
     * 200). 64 fitted on the fresh sets 1 to 13 and the tuning split, within that bound. */
    PTX_LAT_GLOBAL = 64,
    /* from a barrier to the memory accesses after it, in a loop ptxas unrolled that refills a
     * shared tile between barriers: ptxas issues each copy's tile loads ahead of the arithmetic of
     * the copies before (below) */
    PTX_LAT_TILE_BARRIER = 200,
};

bool ptx_movable_load(const ptx_function *f, const ptx_instr *in)
{
    if (in->kind == PTX_K_TEX)
        return true;
    if (in->kind != PTX_K_LD)
        return false;
    for (uint32_t m = 0; m < in->nmods; m++)
        if (f->mods[in->mods + m].n >= 9 && memcmp(f->mods[in->mods + m].p, ".volatile", 9) == 0)
            return false;
    return true;
}

/* IEEE-rounded floating-point division, reciprocal or square root (not .approx, not .full). */
static bool ieee_rounded(const ptx_function *f, const ptx_instr *in)
{
    return in->is_float && (ptx_op_is(in, "div") || ptx_op_is(in, "rcp") || ptx_op_is(in, "sqrt")) &&
           !ptx_has_mod(f, in, ".approx") && !ptx_has_mod(f, in, ".full");
}

/* Instructions ptxas expands into an inline fast path and a called slow path: IEEE-rounded
 * division, reciprocal and square root (f32 and f64) and 64-bit integer division and remainder.
 * The branch around the call splits the block, and nothing is scheduled across it (measured:
 * twelve loads after a div.rn.f32 stay after it, 18 registers against 29 with div.full.f32;
 * 32-bit integer division and the approximate forms do not split). */
static bool splits_block(const ptx_function *f, const ptx_instr *in)
{
    if (in->is_float)
        return ieee_rounded(f, in);
    return (ptx_op_is(in, "div") || ptx_op_is(in, "rem")) && in->tsize == 8;
}

static int latency(const ptx_function *f, const ptx_instr *in)
{
    if ((in->kind == PTX_K_LD || in->kind == PTX_K_TEX) && ptx_movable_load(f, in)) {
        if (in->space == PTX_SP_PARAM || in->space == PTX_SP_CONST)
            return PTX_LAT_CONST;
        return in->space == PTX_SP_SHARED || ptx_op_is(in, "ldmatrix") ? PTX_LAT_SHARED : PTX_LAT_GLOBAL;
    }
    if (in->kind != PTX_K_ARITH && in->kind != PTX_K_OTHER)
        return PTX_LAT_ALU;
    if (ptx_op_is(in, "mma") || ptx_op_is(in, "wmma") || ptx_op_is(in, "wgmma"))
        return PTX_LAT_MMA;
    if (ptx_op_is(in, "ex2") || ptx_op_is(in, "lg2") || ptx_op_is(in, "rcp") || ptx_op_is(in, "sqrt") ||
        ptx_op_is(in, "rsqrt") || ptx_op_is(in, "sin") || ptx_op_is(in, "cos") || ptx_op_is(in, "tanh") ||
        ptx_op_is(in, "div") || ptx_op_is(in, "rem"))
        return PTX_LAT_SFU;
    return PTX_LAT_ALU;
}

/* Instructions that order every memory access: barriers, fences, calls, atomics with acquire or
 * release semantics, asynchronous copies, volatile loads. A relaxed atomic (nvcc's atomicAdd) orders
 * only its own state space, as a load and a store there: ptxas 13.0 with -maxrregcount 255 issues 64
 * loads of local, shared or global memory ahead of 64 atomics on another space (138 to 167 registers)
 * and keeps global loads after global atomics (14). */
static bool orders_memory(const ptx_function *f, const ptx_instr *in)
{
    bool atomic = in->kind == PTX_K_ATOM || in->kind == PTX_K_RED;
    bool ordering = ptx_has_mod(f, in, ".acquire") || ptx_has_mod(f, in, ".release") ||
                    ptx_has_mod(f, in, ".acq_rel") || ptx_has_mod(f, in, ".sc");
    return in->kind == PTX_K_BAR || in->kind == PTX_K_CALL || (atomic && ordering) ||
           in->kind == PTX_K_CP_ASYNC || in->kind == PTX_K_OTHER || (in->kind == PTX_K_LD && !ptx_movable_load(f, in));
}

/* ---- the dependence graph of one block ---- */

/* An edge: `to` issues at least lat cycles after `from`. Past the scratch's capacity (memory orders
 * of pathological blocks) further edges are dropped: the model then reorders more freely. */
static void add_edge(ptx_sched *s, int32_t from, int32_t to, int32_t lat)
{
    if (from < 0 || from == to || s->nedges >= s->edge_cap)
        return;
    s->edge_to[s->nedges] = to;
    s->edge_lat[s->nedges] = lat;
    s->edge_next[s->nedges] = s->first_edge[from];
    s->first_edge[from] = (int32_t)s->nedges++;
    s->npred[to]++;
}

/* Values: each definition makes a value of its own, and a block's reads are of the value the last
 * definition before them made (or of a value that enters the block). A definition still waits for
 * the previous value's last reader in program order (and for the previous definition): the order
 * PTX register reuse imposes, which keeps, for one, an unrolled loop's copies from all running
 * ahead at once. A load does not wait for the last reader: ptxas gives a load's result a register
 * of its own so that loads issue early (a 4-way unrolled sparse dot product, unrolled 4 more
 * times by ptxas: 80 registers, its loads of all 16 copies ahead of the arithmetic; 51 estimated
 * when copies waited for each other's readers). Per register (stamped per block): its current
 * value and that value's last reader. */
static void stamp(ptx_sched *s, int32_t x)
{
    if (s->reg_stamp[x] == s->tick)
        return;
    s->reg_stamp[x] = s->tick;
    s->cur_val[x] = -1;
    s->last_reader[x] = -1;
}

static int32_t new_value(ptx_sched *s, int32_t x, int32_t def)
{
    s->val_def[s->nvals] = def; /* -1: enters the block */
    s->val_from[s->nvals] = s->val_to[s->nvals] = -1;
    s->val_reg[s->nvals] = x;
    s->cur_val[x] = (int32_t)s->nvals;
    return (int32_t)s->nvals++;
}

static int32_t value_of(ptx_sched *s, int32_t x)
{
    stamp(s, x);
    return s->cur_val[x] >= 0 ? s->cur_val[x] : new_value(s, x, -1);
}

/* Node k reads x: after the node defining its value, by that node's latency. */
static void note_read(ptx_sched *s, int32_t x, int32_t k)
{
    int32_t v = value_of(s, x), d = s->val_def[v];
    if (d >= 0)
        add_edge(s, d, k, s->lat[d]);
    s->last_reader[x] = k;
    s->opnd_val[s->nopnds++] = v;
}

static void note_def(ptx_sched *s, int32_t x, int32_t k, bool renamed)
{
    stamp(s, x);
    if (s->cur_val[x] >= 0)
        add_edge(s, s->val_def[s->cur_val[x]], k, 1);
    if (!renamed)
        add_edge(s, s->last_reader[x], k, 0);
    s->opnd_val[s->nopnds++] = ~new_value(s, x, k); /* a definition */
}

/* Memory order: loads after the last store to their space (or generic) and the last fence; stores
 * after the loads and stores before them in their space; fences after every access before them.
 * A barrier in a block that writes no global memory does not hold global loads back (ptxas moves
 * them across: measured, a global store or a fence in the loop stops it). */
static void note_memory(const ptx_function *f, const ptx_instr *in, ptx_sched *s, int32_t k)
{
    switch (in->kind) {
    case PTX_K_LD:
    case PTX_K_TEX:
    case PTX_K_ST:
    case PTX_K_ATOM:
    case PTX_K_RED:
    case PTX_K_BAR:
    case PTX_K_CALL:
    case PTX_K_CP_ASYNC:
    case PTX_K_OTHER:
        break;
    default:
        return; /* arithmetic, moves, branches */
    }
    bool load = ptx_movable_load(f, in), fence = orders_memory(f, in);
    /* a non-coherent load (ld.global.nc, tex) reads memory no thread writes while the kernel runs:
     * ptxas moves it above stores (a chain of 16 to 64 steps each loading with .nc and storing its
     * result: 48 to 168 registers with -maxrregcount 255, all loads first; 22 without .nc) */
    bool read_only = load && (in->kind == PTX_K_TEX || ptx_has_mod(f, in, ".nc"));
    if (!load && !fence && in->kind != PTX_K_ST && in->kind != PTX_K_ATOM && in->kind != PTX_K_RED)
        return;
    int sp = in->space < PTX_SP_COUNT ? in->space : PTX_SP_GENERIC;
    if (load && (sp == PTX_SP_PARAM || sp == PTX_SP_CONST))
        return;
    int32_t after_barrier = s->refills_tile ? PTX_LAT_TILE_BARRIER : 0;
    add_edge(s, s->fence, k, s->fence >= 0 && s->fence_is_barrier ? after_barrier : 0);
    if (!load || sp != PTX_SP_GLOBAL)
        add_edge(s, s->barrier, k, after_barrier);
    for (int x = 0; x < PTX_SP_COUNT; x++) {
        bool related = fence || x == sp || x == PTX_SP_GENERIC || sp == PTX_SP_GENERIC;
        if (!related)
            continue;
        if (!read_only)
            add_edge(s, s->store[x], k, 0);
        if (!load)
            for (int32_t l = s->loads[x]; l >= 0; l = s->list_next[l])
                add_edge(s, s->list_node[l], k, 0);
    }
    if (fence) {
        *(in->kind == PTX_K_BAR && !s->writes_global ? &s->barrier : &s->fence) = k;
        s->fence_is_barrier = in->kind == PTX_K_BAR;
        for (int x = 0; x < PTX_SP_COUNT; x++)
            s->store[x] = -1, s->loads[x] = -1;
    } else if (load && s->nlist < s->list_cap) {
        s->list_node[s->nlist] = k;
        s->list_next[s->nlist] = s->loads[sp];
        s->loads[sp] = (int32_t)s->nlist++;
    } else if (!load) {
        s->store[sp] = k;
        s->loads[sp] = -1;
    }
}

/* Registers an instruction's SASS expansion holds beyond its operands and result: measured with
 * ptxas 13.0 (-maxrregcount 255, sm_80) against an add of the same type, with 2 and with 14 values
 * live across it (integer division by a warp-uniform divisor, the usual case), less 2 for the
 * operands' registers, which the expansion reuses where they die. IEEE division, reciprocal and
 * square root run an inline fast path and call a slow path; integer division and remainder and
 * the 64-bit multiply-high are inline sequences. */
int ptx_expansion_registers(const ptx_function *f, const ptx_instr *in)
{
    bool div = ptx_op_is(in, "div"), rem = ptx_op_is(in, "rem"), rcp = ptx_op_is(in, "rcp"),
         sqrt = ptx_op_is(in, "sqrt");
    bool wide = in->tsize == 8;
    if (!div && !rem && !rcp && !sqrt && !(wide && (ptx_op_is(in, "mul") || ptx_op_is(in, "rsqrt"))))
        return 0; /* asked for every instruction: the rest at a glance */
    int measured = 0;
    if (!in->is_float) {
        bool sign = ptx_has_mod(f, in, ".s32") || ptx_has_mod(f, in, ".s64");
        if (div || rem)
            measured = wide ? (sign ? (div ? 14 : 12) : 10) : (sign ? 4 : 2);
        else if (wide && ptx_op_is(in, "mul") && ptx_has_mod(f, in, ".hi"))
            measured = 6;
    } else if (!ieee_rounded(f, in)) {
        measured = wide && ptx_op_is(in, "rsqrt") ? 4 : 0;
    } else if (div) {
        measured = wide ? 15 : ptx_has_mod(f, in, ".ftz") ? 6 : 8;
    } else if (rcp) {
        measured = wide ? 4 : ptx_has_mod(f, in, ".ftz") ? 1 : 7;
    } else if (sqrt) {
        measured = wide ? 10 : 2;
    }
    return measured > 2 ? measured - 2 : 0;
}

/* A node that splits the block (splits_block) comes after every node before it, and every node
 * after it comes after it. */
static void note_split(const ptx_function *f, const ptx_instr *in, ptx_sched *s, int32_t k)
{
    if (!splits_block(f, in)) {
        add_edge(s, s->split, k, 0);
        return;
    }
    for (int32_t j = s->split + 1; j < k; j++)
        add_edge(s, j, k, 0);
    s->split = k;
}

/* An instruction all of whose results are folded into their uses (a copy, a register plus a
 * constant: its readers read the base instead) holds nothing: its own read of the base would keep
 * that live up to wherever the copy happens to issue, last of all with nothing depending on it. */
static bool folded(const ptx_ctx *c, const int32_t *base, uint32_t i)
{
    const int32_t *r = c->du + c->du_start[i];
    for (uint32_t j = 0; j < c->ndef[i]; j++)
        if (base[r[j]] == r[j])
            return false;
    return c->ndef[i] > 0;
}

/* Whether register x holds a value the region defined before (in this schedule). */
static bool defined_before(const ptx_sched *s, int32_t x)
{
    return s->reg_stamp[x] == s->tick && s->cur_val[x] >= 0;
}

static void build_graph(const ptx_ctx *c, const int32_t *base, int32_t n, ptx_sched *s)
{
    const ptx_function *f = c->f;
    s->nedges = s->nlist = 0;
    s->fence = s->barrier = s->split = -1;
    s->writes_global = s->fence_is_barrier = false;
    bool barrier = false, shared_store = false;
    for (uint32_t i = s->start; i < s->end; i++) {
        const ptx_instr *in = &f->ins[i];
        barrier |= in->kind == PTX_K_BAR;
        shared_store |= in->kind == PTX_K_ST && in->space == PTX_SP_SHARED;
        s->writes_global |= in->kind == PTX_K_ATOM || in->kind == PTX_K_RED || in->kind == PTX_K_CALL ||
                            (in->kind == PTX_K_ST && (in->space == PTX_SP_GLOBAL || in->space == PTX_SP_GENERIC));
    }
    for (int x = 0; x < PTX_SP_COUNT; x++)
        s->store[x] = s->loads[x] = -1;
    uint32_t len = s->end - s->start;
    s->refills_tile = barrier && shared_store && n > (int32_t)len;
    for (int32_t k = 0; k < n; k++) {
        uint32_t i = (uint32_t)k < len ? s->start + (uint32_t)k : s->instr[k - (int32_t)len];
        s->instr[k] = i;
        s->first_edge[k] = -1;
        s->npred[k] = 0;
        s->lat[k] = latency(f, &f->ins[i]);
        const ptx_instr *in = &f->ins[i];
        /* in an unrolled loop a chain p += stride would hold every copy's loads back */
        if (n > (int32_t)len && !in->is_float && in->tsize == 8 && (in->kind == PTX_K_ADD || in->kind == PTX_K_SUB))
            s->lat[k] = PTX_LAT_ADDR64;
    }
    s->nvals = s->nopnds = 0;
    for (int32_t k = 0; k < n; k++) {
        uint32_t i = s->instr[k];
        const int32_t *r = c->du + c->du_start[i];
        bool load = ptx_movable_load(f, &f->ins[i]);
        s->opnd_start[k] = s->nopnds;
        if (!folded(c, base, i))
            for (uint32_t j = ptx_first_read(c, i); j < (uint32_t)c->ndef[i] + c->nuse[i]; j++)
                if (base[r[j]] >= 0)
                    note_read(s, base[r[j]], k);
        for (uint32_t j = 0; j < c->ndef[i]; j++)
            if (base[r[j]] == r[j]) {
                /* a guarded definition keeps the old value where it does not run, as does one in a
                 * branch ptxas turns into predicated code */
                if (f->ins[i].guard >= 0 || (s->conditional && s->conditional[i] && defined_before(s, r[j])))
                    note_read(s, r[j], k);
                note_def(s, r[j], k, load);
            }
        note_memory(f, &f->ins[i], s, k); /* the branch that ends the block reads a predicate at most:
                                             no register, so where it issues does not matter */
        note_split(f, &f->ins[i], s, k);
    }
    s->opnd_start[n] = s->nopnds;
}

/* ---- list scheduling ---- */

/* The ready list: a binary heap of keys, longest height first, then program order. */
static uint64_t ready_key(const ptx_sched *s, int32_t k)
{
    return (uint64_t)(uint32_t)(INT32_MAX - s->height[k]) << 32 | (uint32_t)k;
}

static void heap_push(uint64_t *heap, int32_t *n, uint64_t key)
{
    int32_t i = (*n)++;
    for (; i > 0 && key < heap[(i - 1) / 2]; i = (i - 1) / 2)
        heap[i] = heap[(i - 1) / 2];
    heap[i] = key;
}

/* The top goes; the hole it leaves sinks to a leaf along the smaller children, and the last key
 * rises from there (keys are distinct: any heap of them pops them in the same order). */
static int32_t heap_pop(uint64_t *heap, int32_t *n)
{
    uint64_t top = heap[0], x = heap[--*n];
    int32_t i = 0, l;
    while ((l = 2 * i + 1) < *n) {
        int32_t m = l + 1 < *n && heap[l + 1] < heap[l] ? l + 1 : l;
        heap[i] = heap[m];
        i = m;
    }
    for (; i > 0 && x < heap[(i - 1) / 2]; i = (i - 1) / 2)
        heap[i] = heap[(i - 1) / 2];
    if (*n)
        heap[i] = x;
    return (int32_t)(uint32_t)top;
}

/* Heights (the longest chain of latencies from each node to the block's end), then the issue order
 * into s->order. Nodes whose operands are not ready yet wait in a ring of lists by cycle (no
 * latency reaches PTX_WAIT_RING). ptxas looks ahead only so far: a node more than PTX_LOOKAHEAD
 * cycles of height below the critical path (the highest node waiting or ready: every other node
 * descends from one of those) waits too, so that loads of a long reduction are not all issued at
 * its start (fitted on the tuning split: 256, between 128 and 384 all alike).
 *
 * ptxas stops interleaving independent chains once they hold a few dozen registers: once the
 * values the block has defined, less those it has ended, hold PTX_PRESSURE_LIMIT registers, the
 * model issues in the need's order (program order, loads moved down to their readers: need_order in
 * ptx_registers.c), waiting for a node's operands rather than starting another chain, except for
 * fetches from memory with a long latency (global, local, texture) and the address arithmetic
 * leading to them, which it still issues as early as it can. Measured with ptxas 13.0
 * (-maxrregcount 255) on an n-body loop over a shared tile unrolled 1 to 128 times, with 1, 2 and 4
 * bodies per thread: 20, 26, 40, 54 and then 56 registers for one body (32 and 63 for two, 54 and
 * 72 to 77 for four), where critical-path order alone holds 84 to 225; the same loop reading global
 * memory takes 86 and 128 registers at 16 and 32 copies, its loads all issued first. The limit was
 * then fitted on the fresh sets 1 to 10 (24 to 64: 32 best for the errors and for
 * HIGH_REGISTER_PRESSURE). */
enum { PTX_WAIT_RING = 256, PTX_LOOKAHEAD = 256, PTX_PRESSURE_LIMIT = 32 };
_Static_assert((int)PTX_LAT_GLOBAL < (int)PTX_WAIT_RING && (int)PTX_LAT_TILE_BARRIER < (int)PTX_WAIT_RING,
               "a latency that reaches the wait ring wraps round it: the node would be ready too early");

static void heights(ptx_sched *s, int32_t n)
{
    for (int32_t k = n; k-- > 0;) {
        int32_t h = s->lat[k];
        for (int32_t e = s->first_edge[k]; e >= 0; e = s->edge_next[e])
            if (s->edge_lat[e] + s->height[s->edge_to[e]] > h)
                h = s->edge_lat[e] + s->height[s->edge_to[e]];
        s->height[k] = h;
        s->ready_at[k] = 0;
    }
}

/* Per value, how many of the block's nodes read it (more than any can for a value that leaves the
 * block); per node, whether it fetches from slow memory or computes what such a
 * fetch reads (its address), not itself a shared load. Whether the block's values can hold
 * PTX_PRESSURE_LIMIT registers at all: if not, the pressure need not be followed. */
static bool readers_and_fetches(const ptx_ctx *c, const uint64_t *live_out, ptx_sched *s, int32_t n)
{
    int64_t defined = 0;
    for (uint32_t v = 0; v < s->nvals; v++) {
        s->readers[v] = 0;
        defined += s->val_def[v] >= 0 ? c->weight[s->val_reg[v]] : 0;
    }
    if (defined < PTX_PRESSURE_LIMIT)
        return false;
    uint32_t len = s->end - s->start;
    for (uint32_t at = s->start; at < s->end; at++) /* the order the need counts, per copy */
        s->rank[c->need_order[at] - s->start] = (int32_t)(at - s->start);
    for (int32_t k = (int32_t)len; k < n; k++)
        s->rank[k] = s->rank[k % (int32_t)len] + k / (int32_t)len * (int32_t)len;
    for (int32_t k = 0; k < n; k++)
        s->by_rank[s->rank[k]] = k;
    for (uint32_t o = 0; o < s->nopnds; o++)
        if (s->opnd_val[o] >= 0)
            s->readers[s->opnd_val[o]]++;
    for (uint32_t w = 0; w < (c->f->nregs + 63) / 64; w++)
        for (uint64_t bits = live_out[w]; bits; bits &= bits - 1) {
            int32_t x = (int32_t)(w * 64 + (uint32_t)__builtin_ctzll(bits));
            if (s->reg_stamp[x] == s->tick && s->cur_val[x] >= 0)
                s->readers[s->cur_val[x]] = INT32_MAX;
        }
    for (int32_t k = n; k-- > 0;) {
        s->fetch[k] = s->lat[k] >= PTX_LAT_GLOBAL;
        for (int32_t e = s->first_edge[k]; e >= 0 && !s->fetch[k] && s->lat[k] != PTX_LAT_SHARED; e = s->edge_next[e])
            s->fetch[k] = s->edge_lat[e] > 0 && s->fetch[s->edge_to[e]];
    }
    return true;
}

/* The highest node in the ring of waiting nodes, or -1. */
static int32_t highest_waiting(const ptx_sched *s, const int32_t *ring)
{
    int32_t h = -1;
    for (int r = 0; r < PTX_WAIT_RING; r++)
        for (int32_t x = ring[r]; x >= 0; x = s->waiting[x])
            h = s->height[x] > h ? s->height[x] : h;
    return h;
}

/* The ready nodes by height (heap), and, when the pressure is followed, the first node in the need's
 * order not yet issued (its predecessors come before it in that order, so it is ready or waiting). */
typedef struct ready_lists {
    uint64_t *heap;
    int32_t nheap, live, first;
    bool pressure; /* followed */
} ready_lists;

static void make_ready(ptx_sched *s, ready_lists *r, int32_t k)
{
    heap_push(r->heap, &r->nheap, ready_key(s, k));
    r->live++;
}

/* The top node of a list not yet issued, or -1. */
static int32_t top_of(const ptx_sched *s, uint64_t *heap, int32_t *n)
{
    while (*n && s->issued[(uint32_t)heap[0]])
        heap_pop(heap, n);
    return *n ? (int32_t)(uint32_t)heap[0] : -1;
}

/* Under pressure: the first node in the need's order not yet issued (k, the highest ready node, if
 * that one still waits for a predecessor). A waiting one leaves the ring and issues when its
 * operands are ready (*cycle moves on to then). */
static int32_t first_in_need_order(ptx_sched *s, ready_lists *r, int32_t *ring, int32_t *cycle, int32_t k)
{
    while (s->issued[s->by_rank[r->first]])
        r->first++;
    int32_t f = s->by_rank[r->first];
    if (s->npred[f])
        return k;
    if (s->waiting_now[f]) {
        int32_t *x = &ring[s->ready_at[f] % PTX_WAIT_RING];
        while (*x != f)
            x = &s->waiting[*x];
        *x = s->waiting[f];
        s->waiting_now[f] = 0;
        make_ready(s, r, f);
        *cycle = s->ready_at[f] > *cycle ? s->ready_at[f] : *cycle;
    }
    return f;
}

/* Whether ready node k lies on the critical path: no node still waiting is higher. */
static bool critical(const ptx_sched *s, const int32_t *ring, int32_t *wait_max, int32_t k)
{
    if (s->height[k] < *wait_max)
        *wait_max = highest_waiting(s, ring);
    return s->height[k] >= *wait_max;
}

static void list_schedule(const ptx_ctx *c, const uint64_t *live_out, ptx_sched *s, int32_t n)
{
    heights(s, n);
    int32_t ring[PTX_WAIT_RING], *next = s->waiting, wait_max = -1, pressure = 0;
    ready_lists r = {s->heap, 0, 0, 0, readers_and_fetches(c, live_out, s, n)};
    for (int w = 0; w < PTX_WAIT_RING; w++)
        ring[w] = -1;
    for (int32_t k = 0; k < n; k++) {
        s->issued[k] = s->waiting_now[k] = 0;
        if (!s->npred[k])
            make_ready(s, &r, k);
    }
    for (int32_t cycle = 0, issued = 0; issued < n; cycle++) {
        for (int32_t *slot = &ring[cycle % PTX_WAIT_RING]; *slot >= 0; *slot = next[*slot]) {
            s->waiting_now[*slot] = 0;
            make_ready(s, &r, *slot);
        }
        /* wait_max only ever overstates the highest waiting node: worked out again before a stall */
        int32_t k = top_of(s, r.heap, &r.nheap), top = k >= 0 ? s->height[k] : -1;
        if (top < wait_max - PTX_LOOKAHEAD)
            wait_max = highest_waiting(s, ring);
        if (!r.live || top < wait_max - PTX_LOOKAHEAD) {
            while (ring[(cycle + 1) % PTX_WAIT_RING] < 0 && wait_max >= 0)
                cycle++; /* a stall: on to the next cycle something becomes ready */
            continue;
        }
        if (r.pressure && pressure >= PTX_PRESSURE_LIMIT && !s->fetch[k] &&
            !(s->refills_tile && critical(s, ring, &wait_max, k)))
            k = first_in_need_order(s, &r, ring, &cycle, k);
        s->issued[k] = 1;
        r.live--;
        s->order[issued++] = k;
        for (uint32_t o = s->opnd_start[k]; r.pressure && o < s->opnd_start[k + 1]; o++) {
            int32_t v = s->opnd_val[o];
            if (v >= 0 && !--s->readers[v])
                pressure -= c->weight[s->val_reg[v]]; /* its last reader */
            else if (v < 0 && s->readers[~v])
                pressure += c->weight[s->val_reg[~v]];
        }
        for (int32_t e = s->first_edge[k]; e >= 0; e = s->edge_next[e]) {
            int32_t to = s->edge_to[e];
            if (cycle + s->edge_lat[e] > s->ready_at[to])
                s->ready_at[to] = cycle + s->edge_lat[e];
            if (--s->npred[to])
                continue;
            if (s->ready_at[to] <= cycle + 1) {
                make_ready(s, &r, to);
            } else {
                next[to] = ring[s->ready_at[to] % PTX_WAIT_RING];
                ring[s->ready_at[to] % PTX_WAIT_RING] = to;
                s->waiting_now[to] = 1;
                wait_max = s->height[to] > wait_max ? s->height[to] : wait_max;
            }
        }
    }
}

/* ---- the registers the schedule holds ---- */

/* Each value holds a register from the slot defining it (or the block's entry, slot -1) up to, not
 * including, the slot of its last use (the block's end when it leaves the block): a difference
 * array over the slots. */
static void value_ranges(const ptx_ctx *c, const uint64_t *live_out, ptx_sched *s, int32_t n)
{
    for (int32_t slot = 0; slot < n; slot++) {
        int32_t k = s->order[slot];
        for (uint32_t o = s->opnd_start[k]; o < s->opnd_start[k + 1]; o++) {
            int32_t v = s->opnd_val[o];
            if (v >= 0)
                s->val_to[v] = slot;
            else
                s->val_from[~v] = slot;
        }
    }
    for (uint32_t w = 0; w < (c->f->nregs + 63) / 64; w++)
        for (uint64_t bits = live_out[w]; bits; bits &= bits - 1) {
            int32_t x = (int32_t)(w * 64 + (uint32_t)__builtin_ctzll(bits));
            s->val_to[value_of(s, x)] = n; /* what leaves the block, or passes through it */
        }
    memset(s->diff, 0, (size_t)(n + 3) * sizeof *s->diff);
    for (int32_t slot = 0; slot < n; slot++) { /* an expansion's registers, while it runs */
        int extra = c->expansion[s->instr[s->order[slot]]];
        s->diff[slot + 1] += extra;
        s->diff[slot + 2] -= extra;
    }
    for (uint32_t v = 0; v < s->nvals; v++) {
        int32_t reg = s->val_reg[v], weight = c->weight[reg], from = s->val_from[v];
        int32_t to = s->val_to[v] > from ? s->val_to[v] : from + 1;
        if (c->pinned && c->pinned[reg]) { /* hoisted out of the loop: one register all through */
            if (s->pin_stamp[reg] == s->tick)
                continue;
            s->pin_stamp[reg] = s->tick;
            from = -1, to = n;
        }
        s->diff[from + 1] += weight;
        s->diff[to + 1] -= weight;
    }
}

int ptx_scheduled_pressure(const ptx_ctx *c, const int32_t *base, uint32_t first, uint32_t last, int copies,
                           const uint64_t *live_out, ptx_sched *s)
{
    s->start = c->bstart[first], s->end = c->bend[last];
    int32_t n = (int32_t)(s->end - s->start) * copies;
    if (n <= 0)
        return 0;
    s->tick++;
    build_graph(c, base, n, s);
    list_schedule(c, live_out, s, n);
    value_ranges(c, live_out, s, n);
    int best = 0, cur = 0;
    for (int32_t k = 0; k <= n + 1; k++) {
        cur += s->diff[k];
        best = cur > best ? cur : best;
    }
    return best;
}

/* Carves n 32-bit words off the scratch block. */
static int32_t *carve(ptx_sched *s, uint32_t n)
{
    int32_t *p = s->block + s->used;
    s->used += n;
    return p;
}

void ptx_sched_init(ptx_sched *s, const ptx_ctx *c, const int *copies, const uint32_t *blocks, const uint32_t *last,
                    uint32_t nblocks)
{
    uint32_t nr = c->f->nregs + 1, longest = 1, refs = 0;
    for (uint32_t k = 0; k < nblocks; k++) {
        uint32_t b = blocks[k], len = (c->bend[last[b]] - c->bstart[b]) * (uint32_t)copies[b], r = 0;
        for (uint32_t i = c->bstart[b]; i < c->bend[last[b]]; i++)
            r += ((uint32_t)c->ndef[i] * 2 + c->nuse[i]) * (uint32_t)copies[b];
        longest = len > longest ? len : longest;
        refs = r > refs ? r : refs;
    }
    /* edges: one per read, per memory access and per list entry, two per node for the splits, and
     * the branch's; values: one per definition and per register entering or leaving the block */
    uint32_t edges = refs + 14 * longest + 16, lists = longest + 16, vals = refs + nr;
    *s = (ptx_sched){.edge_cap = edges, .list_cap = lists};
    /* one block: the stamps (zeroed), per register, per node, per slot, per operand, per value, per
     * edge and per list entry */
    size_t words = (size_t)nr * 4 + (size_t)longest * 14 + longest + 4 + refs + (size_t)vals * 5 + (size_t)edges * 3 +
                   (size_t)lists * 2;
    s->block = malloc(words * 4);
    s->heap = malloc((size_t)longest * sizeof *s->heap);
    if (!s->block || !s->heap)
        abort();
    memset(s->block, 0, (size_t)nr * 4); /* the stamps */
    s->reg_stamp = (uint32_t *)carve(s, nr), s->cur_val = carve(s, nr), s->last_reader = carve(s, nr);
    s->pin_stamp = (uint32_t *)carve(s, nr);
    memset(s->pin_stamp, 0, (size_t)nr * 4);
    s->first_edge = carve(s, longest), s->npred = carve(s, longest), s->lat = carve(s, longest);
    s->height = carve(s, longest), s->ready_at = carve(s, longest), s->order = carve(s, longest);
    s->instr = (uint32_t *)carve(s, longest), s->waiting = carve(s, longest);
    s->issued = carve(s, longest), s->fetch = carve(s, longest), s->readers = carve(s, vals);
    s->waiting_now = carve(s, longest), s->by_rank = carve(s, longest);
    s->rank = carve(s, longest);
    s->opnd_start = (uint32_t *)carve(s, longest + 1), s->diff = carve(s, longest + 3);
    s->opnd_val = carve(s, refs), s->val_def = carve(s, vals), s->val_reg = carve(s, vals);
    s->val_from = carve(s, vals), s->val_to = carve(s, vals);
    s->edge_to = carve(s, edges), s->edge_lat = carve(s, edges), s->edge_next = carve(s, edges);
    s->list_node = carve(s, lists), s->list_next = carve(s, lists);
}

void ptx_sched_free(ptx_sched *s)
{
    free(s->heap);
    free(s->block);
}
