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
    PTX_LAT_SFU = 12,    /* ex2, lg2, rcp, sqrt, rsqrt, sin, cos, tanh; div and rem sequences */
    PTX_LAT_MMA = 16,    /* mma, wmma, wgmma */
    PTX_LAT_CONST = 8,   /* ld.param, ld.const */
    PTX_LAT_SHARED = 12, /* ld.shared, ldmatrix */
    PTX_LAT_GLOBAL = 32, /* global, local, generic and texture loads */
};

static bool op_is(const ptx_instr *in, const char *name)
{
    size_t n = strlen(name);
    return in->oplen == n && memcmp(in->op, name, n) == 0;
}

static int latency(const ptx_function *f, const ptx_instr *in)
{
    if (ptx_hoistable_load(f, in)) {
        if (in->space == PTX_SP_PARAM || in->space == PTX_SP_CONST)
            return PTX_LAT_CONST;
        return in->space == PTX_SP_SHARED || op_is(in, "ldmatrix") ? PTX_LAT_SHARED : PTX_LAT_GLOBAL;
    }
    if (op_is(in, "mma") || op_is(in, "wmma") || op_is(in, "wgmma"))
        return PTX_LAT_MMA;
    static const char *const sfu[] = {"ex2", "lg2", "rcp", "sqrt", "rsqrt", "sin", "cos", "tanh", "div", "rem"};
    for (size_t k = 0; k < sizeof sfu / sizeof sfu[0]; k++)
        if (op_is(in, sfu[k]))
            return PTX_LAT_SFU;
    return PTX_LAT_ALU;
}

bool ptx_hoistable_load(const ptx_function *f, const ptx_instr *in)
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

bool ptx_orders_memory(const ptx_function *f, const ptx_instr *in)
{
    return in->kind == PTX_K_BAR || in->kind == PTX_K_CALL || in->kind == PTX_K_ATOM || in->kind == PTX_K_RED ||
           in->kind == PTX_K_CP_ASYNC || in->kind == PTX_K_OTHER ||
           (in->kind == PTX_K_LD && !ptx_hoistable_load(f, in));
}

static int reg_weight(uint8_t cls)
{
    static const int weights[] = {0, 1, 1, 2, 4}; /* ORDER ptx_reg_class */
    return weights[cls];
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

/* Per register (stamped per block): the node that last defined it and the list of nodes that read
 * it since (for write-after-read order). */
static void note_read(ptx_sched *s, int32_t x, int32_t k)
{
    if (s->reg_stamp[x] != s->tick) {
        s->reg_stamp[x] = s->tick;
        s->last_def[x] = -1;
        s->readers[x] = -1;
    }
    add_edge(s, s->last_def[x], k, s->lat[s->last_def[x] < 0 ? k : s->last_def[x]]);
    if (s->nlist < s->list_cap) {
        s->list_node[s->nlist] = k;
        s->list_next[s->nlist] = s->readers[x];
        s->readers[x] = (int32_t)s->nlist++;
    }
}

static void note_def(ptx_sched *s, int32_t x, int32_t k)
{
    if (s->reg_stamp[x] != s->tick) {
        s->reg_stamp[x] = s->tick;
        s->last_def[x] = -1;
        s->readers[x] = -1;
    }
    add_edge(s, s->last_def[x], k, 1);
    for (int32_t l = s->readers[x]; l >= 0; l = s->list_next[l])
        add_edge(s, s->list_node[l], k, 0);
    s->last_def[x] = k;
    s->readers[x] = -1;
}

/* Memory order: loads after the last store to their space (or generic) and the last fence; stores
 * after the loads and stores before them in their space; fences after every access before them.
 * A barrier in a block that writes no global memory does not hold global loads back (ptxas moves
 * them across: measured, a global store or a fence in the loop stops it). */
static void note_memory(const ptx_function *f, const ptx_instr *in, ptx_sched *s, int32_t k)
{
    bool load = ptx_hoistable_load(f, in), fence = ptx_orders_memory(f, in);
    if (!load && !fence && in->kind != PTX_K_ST)
        return;
    int sp = in->space < PTX_SP_COUNT ? in->space : PTX_SP_GENERIC;
    if (load && (sp == PTX_SP_PARAM || sp == PTX_SP_CONST))
        return;
    add_edge(s, s->fence, k, 0);
    if (!load || sp != PTX_SP_GLOBAL)
        add_edge(s, s->barrier, k, 0);
    for (int x = 0; x < PTX_SP_COUNT; x++) {
        bool related = fence || x == sp || x == PTX_SP_GENERIC || sp == PTX_SP_GENERIC;
        if (!related)
            continue;
        add_edge(s, s->store[x], k, 0);
        if (!load)
            for (int32_t l = s->loads[x]; l >= 0; l = s->list_next[l])
                add_edge(s, s->list_node[l], k, 0);
    }
    if (fence) {
        *(in->kind == PTX_K_BAR && !s->writes_global ? &s->barrier : &s->fence) = k;
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

static bool ends_block(const ptx_instr *in)
{
    return in->kind == PTX_K_BRA || in->kind == PTX_K_BRX || in->kind == PTX_K_RET || in->kind == PTX_K_EXIT ||
           in->kind == PTX_K_TRAP;
}

/* Node k of block b scheduled in `copies` consecutive copies (an unrolled loop) is instruction: */
static uint32_t instr_of(const ptx_ctx *c, uint32_t b, int32_t k)
{
    return c->bstart[b] + (uint32_t)k % (c->bend[b] - c->bstart[b]);
}

static void build_graph(const ptx_ctx *c, const int32_t *base, uint32_t b, int32_t n, ptx_sched *s)
{
    const ptx_function *f = c->f;
    s->nedges = s->nlist = 0;
    s->fence = s->barrier = -1;
    s->writes_global = false;
    for (uint32_t i = c->bstart[b]; i < c->bend[b]; i++) {
        const ptx_instr *in = &f->ins[i];
        s->writes_global |= in->kind == PTX_K_ATOM || in->kind == PTX_K_RED || in->kind == PTX_K_CALL ||
                            (in->kind == PTX_K_ST && (in->space == PTX_SP_GLOBAL || in->space == PTX_SP_GENERIC));
    }
    for (int x = 0; x < PTX_SP_COUNT; x++)
        s->store[x] = s->loads[x] = -1;
    for (int32_t k = 0; k < n; k++) {
        uint32_t i = instr_of(c, b, k);
        s->first_edge[k] = -1;
        s->npred[k] = 0;
        s->lat[k] = latency(f, &f->ins[i]);
    }
    for (int32_t k = 0; k < n; k++) {
        uint32_t i = instr_of(c, b, k);
        const int32_t *r = c->du + c->du_start[i];
        for (uint32_t j = ptx_first_read(c, i); j < (uint32_t)c->ndef[i] + c->nuse[i]; j++)
            if (base[r[j]] >= 0)
                note_read(s, base[r[j]], k);
        for (uint32_t j = 0; j < c->ndef[i]; j++)
            if (base[r[j]] == r[j])
                note_def(s, r[j], k);
        note_memory(f, &f->ins[i], s, k);
        if (k == n - 1 && ends_block(&f->ins[i]))
            for (int32_t p = 0; p < k; p++)
                add_edge(s, p, k, 0); /* the branch ends the block */
    }
}

/* ---- list scheduling ---- */

/* Binary heaps of nodes: the ready list by height (then program order), the waiting list by the
 * cycle their operands are ready. */
static bool before(const ptx_sched *s, bool by_time, int32_t a, int32_t b)
{
    if (by_time)
        return s->ready_at[a] < s->ready_at[b] || (s->ready_at[a] == s->ready_at[b] && a < b);
    return s->height[a] > s->height[b] || (s->height[a] == s->height[b] && a < b);
}

static void heap_push(const ptx_sched *s, int32_t *heap, int32_t *n, bool by_time, int32_t x)
{
    int32_t i = (*n)++;
    while (i > 0 && before(s, by_time, x, heap[(i - 1) / 2])) {
        heap[i] = heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    heap[i] = x;
}

static int32_t heap_pop(const ptx_sched *s, int32_t *heap, int32_t *n, bool by_time)
{
    int32_t top = heap[0], x = heap[--*n], i = 0;
    for (;;) {
        int32_t l = 2 * i + 1, r = l + 1, m = i;
        int32_t best = x;
        if (l < *n && before(s, by_time, heap[l], best))
            m = l, best = heap[l];
        if (r < *n && before(s, by_time, heap[r], best))
            m = r;
        if (m == i)
            break;
        heap[i] = heap[m];
        i = m;
    }
    if (*n)
        heap[i] = x;
    return top;
}

/* Heights (the longest chain of latencies from each node to the block's end), then the issue order
 * into s->order. */
static void list_schedule(ptx_sched *s, int32_t n)
{
    for (int32_t k = n; k-- > 0;) {
        int32_t h = s->lat[k];
        for (int32_t e = s->first_edge[k]; e >= 0; e = s->edge_next[e])
            if (s->edge_lat[e] + s->height[s->edge_to[e]] > h)
                h = s->edge_lat[e] + s->height[s->edge_to[e]];
        s->height[k] = h;
        s->ready_at[k] = 0;
    }
    int32_t nready = 0, nwait = 0, issued = 0;
    for (int32_t k = 0; k < n; k++)
        if (!s->npred[k])
            heap_push(s, s->ready, &nready, false, k);
    for (int32_t cycle = 0; issued < n; cycle++) {
        while (nwait && s->ready_at[s->waiting[0]] <= cycle)
            heap_push(s, s->ready, &nready, false, heap_pop(s, s->waiting, &nwait, true));
        if (!nready) {
            cycle = s->ready_at[s->waiting[0]] - 1;
            continue;
        }
        int32_t k = heap_pop(s, s->ready, &nready, false);
        s->order[issued++] = k;
        for (int32_t e = s->first_edge[k]; e >= 0; e = s->edge_next[e]) {
            int32_t to = s->edge_to[e];
            if (cycle + s->edge_lat[e] > s->ready_at[to])
                s->ready_at[to] = cycle + s->edge_lat[e];
            if (!--s->npred[to])
                heap_push(s, s->waiting, &nwait, true, to);
        }
    }
}

/* The other order ptxas uses, when it must fit few registers: of the ready instructions the one
 * that adds the fewest registers (its definitions less the operands it reads last), oldest first;
 * only the first PTX_PRESSURE_WINDOW ready ones are compared, to bound the cost. */
enum { PTX_PRESSURE_WINDOW = 64 };

static int net_registers(const ptx_ctx *c, const int32_t *base, uint32_t b, const uint64_t *live_out, ptx_sched *s,
                         int32_t k)
{
    uint32_t i = instr_of(c, b, k), token = ++s->token;
    const int32_t *r = c->du + c->du_start[i];
    int net = 0;
    for (uint32_t j = 0; j < c->ndef[i]; j++)
        if (base[r[j]] == r[j])
            net += reg_weight(c->f->regs[r[j]].cls);
    for (uint32_t j = ptx_first_read(c, i); j < (uint32_t)c->ndef[i] + c->nuse[i]; j++) {
        int32_t x = base[r[j]];
        if (x >= 0 && s->mark[x] != token && s->uses_left[x] == 1 && !(live_out[x / 64] >> (x % 64) & 1))
            net -= reg_weight(c->f->regs[x].cls);
        if (x >= 0)
            s->mark[x] = token;
    }
    return net;
}

/* Node k's reads, each register once: uses_left[x] += delta. */
static void count_reads(const ptx_ctx *c, const int32_t *base, uint32_t b, ptx_sched *s, int32_t k, int delta)
{
    uint32_t i = instr_of(c, b, k), token = ++s->token;
    const int32_t *r = c->du + c->du_start[i];
    for (uint32_t j = ptx_first_read(c, i); j < (uint32_t)c->ndef[i] + c->nuse[i]; j++) {
        int32_t x = base[r[j]];
        if (x < 0 || s->mark[x] == token)
            continue;
        s->mark[x] = token;
        if (s->uses_stamp[x] != s->tick)
            s->uses_stamp[x] = s->tick, s->uses_left[x] = 0;
        s->uses_left[x] += delta;
    }
}

static void pressure_schedule(const ptx_ctx *c, const int32_t *base, uint32_t b, const uint64_t *live_out, ptx_sched *s,
                              int32_t n)
{
    for (int32_t k = 0; k < n; k++)
        count_reads(c, base, b, s, k, 1);
    int32_t nready = 0;
    for (int32_t k = 0; k < n; k++)
        if (!s->npred[k])
            s->ready[nready++] = k;
    for (int32_t issued = 0; issued < n; issued++) {
        int32_t pick = 0, best = INT32_MAX;
        for (int32_t q = 0; q < nready && q < PTX_PRESSURE_WINDOW; q++) {
            int net = net_registers(c, base, b, live_out, s, s->ready[q]);
            if (net < best || (net == best && s->ready[q] < s->ready[pick]))
                best = net, pick = q;
        }
        int32_t k = s->ready[pick];
        memmove(s->ready + pick, s->ready + pick + 1, (size_t)(nready - pick - 1) * sizeof *s->ready);
        nready--;
        s->order[issued] = k;
        count_reads(c, base, b, s, k, -1);
        for (int32_t e = s->first_edge[k]; e >= 0; e = s->edge_next[e])
            if (!--s->npred[s->edge_to[e]])
                s->ready[nready++] = s->edge_to[e];
    }
}

/* ---- the registers the schedule holds ---- */

/* One live range of x ends at slot `to`: it holds a register from its definition (or the block's
 * entry, slot -1) up to, not including, its last use. */
static void close_range(const ptx_function *f, ptx_sched *s, int32_t x, int32_t to)
{
    int32_t weight = reg_weight(f->regs[x].cls), from = s->range_from[x];
    if (!weight || from == INT32_MAX)
        return;
    if (to <= from)
        to = from + 1;
    s->diff[from + 1] += weight;
    s->diff[to + 1] -= weight;
}

static void open_range(ptx_sched *s, int32_t x, int32_t from)
{
    if (s->range_stamp[x] != s->tick) {
        s->range_stamp[x] = s->tick;
        s->touched[s->ntouched++] = x;
        s->range_from[x] = INT32_MAX;
        s->last_use[x] = INT32_MIN;
    }
    if (from != INT32_MAX && from < s->range_from[x])
        s->range_from[x] = from;
}

/* Walks the issue order: each register's live ranges into the difference array over slots. */
static void ranges_in_order(const ptx_ctx *c, const int32_t *base, uint32_t b, const uint64_t *live_in, ptx_sched *s,
                            int32_t n)
{
    const ptx_function *f = c->f;
    s->ntouched = 0;
    for (uint32_t w = 0; w < (f->nregs + 63) / 64; w++)
        for (uint64_t v = live_in[w]; v; v &= v - 1)
            open_range(s, (int32_t)(w * 64 + (uint32_t)__builtin_ctzll(v)), -1);
    for (int32_t slot = 0; slot < n; slot++) {
        uint32_t i = instr_of(c, b, s->order[slot]);
        const int32_t *r = c->du + c->du_start[i];
        for (uint32_t j = ptx_first_read(c, i); j < (uint32_t)c->ndef[i] + c->nuse[i]; j++) {
            int32_t x = base[r[j]];
            if (x >= 0) {
                open_range(s, x, INT32_MAX);
                s->last_use[x] = slot;
            }
        }
        for (uint32_t j = 0; j < c->ndef[i]; j++) {
            int32_t x = r[j];
            if (base[x] != x)
                continue;
            open_range(s, x, INT32_MAX);
            if (f->ins[i].guard < 0 && s->range_from[x] != INT32_MAX) {
                close_range(f, s, x, s->last_use[x]); /* a new value: the old one's range ends */
                s->range_from[x] = INT32_MAX;
                s->last_use[x] = INT32_MIN;
            }
            open_range(s, x, slot);
        }
    }
}

int ptx_scheduled_pressure(const ptx_ctx *c, const int32_t *base, uint32_t b, int copies, bool for_latency,
                           const uint64_t *live_in, const uint64_t *live_out, ptx_sched *s)
{
    int32_t n = (int32_t)(c->bend[b] - c->bstart[b]) * copies;
    if (n <= 0)
        return 0;
    s->tick++;
    build_graph(c, base, b, n, s);
    if (for_latency)
        list_schedule(s, n);
    else
        pressure_schedule(c, base, b, live_out, s, n);
    memset(s->diff, 0, (size_t)(n + 3) * sizeof *s->diff);
    ranges_in_order(c, base, b, live_in, s, n);
    for (uint32_t t = 0; t < s->ntouched; t++) {
        int32_t x = s->touched[t];
        close_range(c->f, s, x, live_out[x / 64] >> (x % 64) & 1 ? n : s->last_use[x]);
    }
    int best = 0, cur = 0;
    for (int32_t k = 0; k <= n + 1; k++) {
        cur += s->diff[k];
        best = cur > best ? cur : best;
    }
    return best;
}

void ptx_sched_init(ptx_sched *s, const ptx_ctx *c, const int *copies)
{
    uint32_t nr = c->f->nregs + 1, longest = 1, refs = 0;
    for (uint32_t b = 0; b < c->nb; b++) {
        uint32_t len = (c->bend[b] - c->bstart[b]) * (uint32_t)copies[b], r = 0;
        for (uint32_t i = c->bstart[b]; i < c->bend[b]; i++)
            r += ((uint32_t)c->ndef[i] * 2 + c->nuse[i]) * (uint32_t)copies[b];
        longest = len > longest ? len : longest;
        refs = r > refs ? r : refs;
    }
    /* edges: one per read, per definition, per reader (write after read), per memory access and
     * per list entry, and the branch's */
    uint32_t edges = 2 * refs + 12 * longest + 16, lists = refs + longest + 16;
    *s = (ptx_sched){.edge_cap = edges, .list_cap = lists};
    s->reg_stamp = ptx_xcalloc(nr, sizeof *s->reg_stamp);
    s->range_stamp = ptx_xcalloc(nr, sizeof *s->range_stamp);
    s->last_def = ptx_xcalloc(nr, 4), s->readers = ptx_xcalloc(nr, 4), s->range_from = ptx_xcalloc(nr, 4);
    s->last_use = ptx_xcalloc(nr, 4), s->touched = ptx_xcalloc(nr, 4);
    s->uses_left = ptx_xcalloc(nr, 4), s->mark = ptx_xcalloc(nr, 4), s->uses_stamp = ptx_xcalloc(nr, 4);
    s->first_edge = ptx_xcalloc(longest, 4), s->npred = ptx_xcalloc(longest, 4), s->lat = ptx_xcalloc(longest, 4);
    s->height = ptx_xcalloc(longest, 4), s->ready_at = ptx_xcalloc(longest, 4), s->order = ptx_xcalloc(longest, 4);
    s->ready = ptx_xcalloc(longest, 4), s->waiting = ptx_xcalloc(longest, 4), s->diff = ptx_xcalloc(longest + 3, 4);
    s->edge_to = ptx_xcalloc(edges, 4), s->edge_lat = ptx_xcalloc(edges, 4), s->edge_next = ptx_xcalloc(edges, 4);
    s->list_node = ptx_xcalloc(lists, 4), s->list_next = ptx_xcalloc(lists, 4);
}

void ptx_sched_free(ptx_sched *s)
{
    free(s->reg_stamp), free(s->range_stamp), free(s->last_def), free(s->readers), free(s->range_from);
    free(s->last_use), free(s->touched), free(s->uses_left), free(s->mark), free(s->uses_stamp), free(s->first_edge),
        free(s->npred), free(s->lat), free(s->height);
    free(s->ready_at), free(s->order), free(s->ready), free(s->waiting), free(s->diff), free(s->edge_to);
    free(s->edge_lat), free(s->edge_next), free(s->list_node), free(s->list_next);
}
