/* The module's call graph, for what ptxas decides across calls: how many registers a caller holds
 * with its callees', and whose frame holds a callee's stack array. ptxas compiles a kernel's callees
 * as functions of their own (not inlined) but, in a program without recursion, places their frames
 * in the kernel's: a callee's 8 floats written at a dynamic index make the kernel's frame 32 bytes
 * and the callee's 0, called directly or through others. A function that recursion can reach (one
 * on a cycle of calls, or one such a function calls) runs on a real stack instead: its frame is its
 * own, with the registers it saves, and the kernel's frame is 0 even where the kernel also calls it
 * directly (measured with ptxas 13.0, -maxrregcount 255). */
#include "ptx_parser.h"

#include <stdlib.h>

typedef struct {
    ptx_function **fn; /* the module's functions with a body */
    uint32_t n;
    uint32_t *first;   /* edges of fn[i]: to[first[i]] .. to[first[i + 1] - 1] */
    uint32_t *to;      /* callee indices, one per call instruction with a known callee */
    uint32_t *call_at; /* the instruction of each edge */
    int *live;         /* the registers live across each edge's call */
    bool *recursive;   /* on a cycle of calls */
    uint32_t *comp;    /* the strongly connected component of each function, numbered callees first */
    uint32_t *order;   /* the functions by component: a callee outside a function's own before it */
    uint32_t *mark;    /* visited in walk number mark[i] */
    uint32_t walk;
    uint32_t *stack; /* n entries: a walk's worklist */
} call_graph;

static void build_graph(const ptx_module *m, call_graph *g)
{
    ptx_strmap names = {0};
    g->n = 0;
    for (ptx_function *f = m->funcs; f; f = f->next)
        g->n += f->has_body;
    g->fn = ptx_xcalloc(g->n ? g->n : 1, sizeof *g->fn);
    uint32_t k = 0, ncalls = 0;
    for (ptx_function *f = m->funcs; f; f = f->next)
        if (f->has_body) {
            ptx_strmap_put(&names, f->name, f->namelen, (int32_t)k);
            g->fn[k++] = f;
            for (uint32_t i = 0; i < f->nins; i++)
                ncalls += f->ins[i].kind == PTX_K_CALL;
        }
    g->first = ptx_xcalloc(g->n + 1, sizeof *g->first);
    g->to = ptx_xcalloc(ncalls ? ncalls : 1, sizeof *g->to);
    g->call_at = ptx_xcalloc(ncalls ? ncalls : 1, sizeof *g->call_at);
    g->live = ptx_xcalloc(ncalls ? ncalls : 1, sizeof *g->live);
    uint32_t e = 0;
    for (uint32_t v = 0; v < g->n; v++) {
        const ptx_function *f = g->fn[v];
        g->first[v] = e;
        for (uint32_t i = 0, call = 0; i < f->nins; i++) {
            const ptx_instr *in = &f->ins[i];
            int live = in->kind == PTX_K_CALL && f->call_live ? f->call_live[call++] : 0;
            for (int32_t j = 0; in->kind == PTX_K_CALL && j < in->nopnd; j++) {
                const ptx_operand *o = &f->opnds[in->opnds + (uint32_t)j];
                if (o->kind != PTX_O_SYM || o->sym < 0 || !m->syms[o->sym].is_func)
                    continue;
                int32_t w = ptx_strmap_get(&names, m->syms[o->sym].name, m->syms[o->sym].len);
                if (w >= 0) { /* NULL for an indirect call or a function only declared */
                    g->to[e] = (uint32_t)w;
                    g->live[e] = live;
                    g->call_at[e++] = i;
                }
                break;
            }
        }
    }
    g->first[g->n] = e;
    ptx_strmap_free(&names);
    g->recursive = ptx_xcalloc(g->n ? g->n : 1, sizeof *g->recursive);
    g->comp = ptx_xcalloc(g->n ? g->n : 1, sizeof *g->comp);
    g->order = ptx_xcalloc(g->n ? g->n : 1, sizeof *g->order);
    g->mark = ptx_xcalloc(g->n ? g->n : 1, sizeof *g->mark);
    g->stack = ptx_xcalloc(g->n ? g->n : 1, sizeof *g->stack);
}

static void free_graph(call_graph *g)
{
    free(g->fn);
    free(g->first);
    free(g->to);
    free(g->call_at);
    free(g->live);
    free(g->recursive);
    free(g->comp);
    free(g->order);
    free(g->mark);
    free(g->stack);
}

/* Marks with a new walk number every function reachable from the starts, themselves included. */
static uint32_t reach(call_graph *g, const uint32_t *starts, uint32_t nstarts)
{
    uint32_t walk = ++g->walk, top = 0;
    for (uint32_t s = 0; s < nstarts; s++)
        if (g->mark[starts[s]] != walk) {
            g->mark[starts[s]] = walk;
            g->stack[top++] = starts[s];
        }
    while (top) {
        uint32_t v = g->stack[--top];
        for (uint32_t e = g->first[v]; e < g->first[v + 1]; e++)
            if (g->mark[g->to[e]] != walk) {
                g->mark[g->to[e]] = walk;
                g->stack[top++] = g->to[e];
            }
    }
    return walk;
}

/* Recursive functions: those on a cycle of calls, found as Tarjan's strongly connected components
 * (with an explicit stack: call chains can be as deep as the module is long). A component is
 * complete only after every one it calls: their order is an order for summing callees' registers. */
static void find_recursion(call_graph *g)
{
    uint32_t n = g->n ? g->n : 1, counter = 0, ncomp = 0, depth = 0, ndone = 0, ncomps = 0;
    uint32_t *index = ptx_xcalloc(n, sizeof *index), *low = ptx_xcalloc(n, sizeof *low);
    uint32_t *path = ptx_xcalloc(n, sizeof *path), *edge = ptx_xcalloc(n, sizeof *edge);
    bool *open = ptx_xcalloc(n, sizeof *open);
    for (uint32_t root = 0; root < g->n; root++) {
        if (index[root])
            continue;
        index[root] = low[root] = ++counter;
        open[root] = true;
        g->stack[ncomp++] = root;
        path[depth] = root;
        edge[depth++] = g->first[root];
        while (depth) {
            uint32_t v = path[depth - 1];
            if (edge[depth - 1] < g->first[v + 1]) {
                uint32_t w = g->to[edge[depth - 1]++];
                g->recursive[v] |= w == v;
                if (!index[w]) {
                    index[w] = low[w] = ++counter;
                    open[w] = true;
                    g->stack[ncomp++] = w;
                    path[depth] = w;
                    edge[depth++] = g->first[w];
                } else if (open[w] && index[w] < low[v]) {
                    low[v] = index[w];
                }
                continue;
            }
            if (--depth && low[v] < low[path[depth - 1]])
                low[path[depth - 1]] = low[v];
            if (low[v] != index[v])
                continue;
            uint32_t size = 0, w;
            do {
                w = g->stack[--ncomp];
                open[w] = false;
                g->comp[w] = ncomps;
                g->order[ndone++] = w;
                size++;
            } while (w != v);
            ncomps++;
            for (uint32_t i = ncomp; size > 1 && i < ncomp + size; i++)
                g->recursive[g->stack[i]] = true;
        }
    }
    free(index);
    free(low);
    free(path);
    free(edge);
    free(open);
}

/* The first function with a stack array in memory that the call reaches with no recursion on the way
 * (the callee itself, or one it calls), skipping what an earlier call of this kernel showed to hold
 * none (marked with done); NULL if none. A walk in breadth, so that its queue lists what it saw. */
static ptx_function *frame_holder(call_graph *g, uint32_t callee, uint32_t stacked, uint32_t done)
{
    if (g->mark[callee] == stacked || g->mark[callee] == done)
        return NULL;
    uint32_t walk = ++g->walk, head = 0, tail = 0;
    g->mark[callee] = walk;
    g->stack[tail++] = callee;
    while (head < tail) {
        uint32_t v = g->stack[head++];
        if (g->fn[v]->local_in_memory)
            return g->fn[v];
        for (uint32_t e = g->first[v]; e < g->first[v + 1]; e++) {
            uint32_t w = g->to[e];
            if (g->mark[w] != walk && g->mark[w] != stacked && g->mark[w] != done) {
                g->mark[w] = walk;
                g->stack[tail++] = w;
            }
        }
    }
    for (uint32_t i = 0; i < tail; i++) /* all of it holds nothing: later calls skip it */
        g->mark[g->stack[i]] = done;
    return NULL;
}

/* Reports, at its first such call, a kernel whose callees put a stack array in its frame. */
static void kernel_frame(ptx_module *m, call_graph *g, uint32_t k)
{
    /* what recursion reachable from this kernel reaches: frames of their own */
    uint32_t kernel_reach = reach(g, &k, 1), nrec = 0;
    for (uint32_t v = 0; v < g->n; v++)
        if (g->mark[v] == kernel_reach && g->recursive[v])
            g->stack[nrec++] = v;
    uint32_t *recursive = ptx_xcalloc(nrec ? nrec : 1, sizeof *recursive);
    memcpy(recursive, g->stack, nrec * sizeof *recursive);
    uint32_t stacked = reach(g, recursive, nrec);
    free(recursive);
    uint32_t done = ++g->walk;
    ptx_function *f = g->fn[k];
    for (uint32_t e = g->first[k]; e < g->first[k + 1]; e++) {
        ptx_function *holder = frame_holder(g, g->to[e], stacked, done);
        if (!holder)
            continue;
        const ptx_instr *in = &f->ins[g->call_at[e]];
        ptx_add_finding(m, f, PTX_RULE_LOCAL_MEMORY, in->line, in->col,
                        "index the callee's local arrays with constants, or keep their data in shared memory",
                        "local memory: this call reaches %.*s, whose %lld-byte stack array stays in memory, and "
                        "the kernel's stack holds it",
                        (int)holder->namelen, holder->name, (long long)holder->local_in_memory);
        return;
    }
}

/* ptxas counts a callee's registers in its caller's: a caller holds what stays live across a call
 * and the callee's own registers at once (measured with ptxas 13.0: a leaf of 40 registers called
 * with 2, 8, 16 or 32 floats live across the call makes kernels of 42, 48, 56 and 72; called with
 * nothing live, 40). Summed callees first; a call inside a cycle of recursion adds its callee's own
 * registers only (the callee saves what it reuses in its frame). */
static void callees_registers(ptx_module *m, const call_graph *g, const ptx_arch *arch)
{
    int *own = ptx_xcalloc(2 * (size_t)(g->n ? g->n : 1), sizeof *own); /* need, latency */
    for (uint32_t v = 0; v < g->n; v++)
        own[2 * v] = g->fn[v]->reg_need, own[2 * v + 1] = g->fn[v]->reg_latency;
    for (uint32_t k = 0; k < g->n; k++) {
        uint32_t v = g->order[k];
        ptx_function *f = g->fn[v];
        for (uint32_t e = g->first[v]; e < g->first[v + 1]; e++) {
            uint32_t w = g->to[e];
            const ptx_function *callee = g->fn[w];
            bool cycle = g->comp[w] == g->comp[v];
            int need = g->live[e] + (cycle ? own[2 * w] : callee->reg_need);
            int latency = g->live[e] + (cycle ? own[2 * w + 1] : callee->reg_latency);
            f->reg_need = need > f->reg_need ? need : f->reg_need;
            f->reg_latency = latency > f->reg_latency ? latency : f->reg_latency;
            f->reg_callees = latency > f->reg_callees ? latency : f->reg_callees;
        }
        if (!f->ncalls)
            continue;
        ptx_allocate_registers(f, arch, m->opt->maxrregcount);
        ptx_occupancy(f, arch, m->opt->block);
        ptx_find_register_issues(m, f, arch);
    }
    free(own);
}

void ptx_call_graph_rules(ptx_module *m, const ptx_arch *arch)
{
    bool calls = false, stack_arrays = false;
    for (ptx_function *f = m->funcs; f; f = f->next) {
        calls |= f->ncalls > 0;
        stack_arrays |= !f->is_entry && f->local_in_memory;
    }
    if (!calls)
        return;
    call_graph g = {0};
    build_graph(m, &g);
    find_recursion(&g);
    callees_registers(m, &g, arch);
    for (uint32_t k = 0; stack_arrays && k < g.n; k++)
        if (g.fn[k]->is_entry && !g.fn[k]->local_in_memory)
            kernel_frame(m, &g, k);
    free_graph(&g);
}
