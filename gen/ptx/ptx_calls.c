/* The module's call graph, for what ptxas decides across calls: whose frame holds a callee's stack
 * array. ptxas compiles a kernel's callees as functions of their own (not inlined) but, in a program
 * without recursion, places their frames in the kernel's: a callee's 8 floats written at a dynamic
 * index make the kernel's frame 32 bytes and the callee's 0, called directly or through others. A
 * function that recursion can reach (one on a cycle of calls, or one such a function calls) runs on
 * a real stack instead: its frame is its own, with the registers it saves, and the kernel's frame is
 * 0 even where the kernel also calls it directly (measured with ptxas 13.0, -maxrregcount 255). */
#include "ptx_parser.h"

#include <stdlib.h>

typedef struct {
    ptx_function **fn; /* the module's functions with a body */
    uint32_t n;
    uint32_t *first;   /* edges of fn[i]: to[first[i]] .. to[first[i + 1] - 1] */
    uint32_t *to;      /* callee indices, one per call instruction with a known callee */
    uint32_t *call_at; /* the instruction of each edge */
    bool *recursive;   /* on a cycle of calls */
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
    uint32_t e = 0;
    for (uint32_t v = 0; v < g->n; v++) {
        const ptx_function *f = g->fn[v];
        g->first[v] = e;
        for (uint32_t i = 0; i < f->nins; i++) {
            const ptx_instr *in = &f->ins[i];
            for (int32_t j = 0; in->kind == PTX_K_CALL && j < in->nopnd; j++) {
                const ptx_operand *o = &f->opnds[in->opnds + (uint32_t)j];
                if (o->kind != PTX_O_SYM || o->sym < 0 || !m->syms[o->sym].is_func)
                    continue;
                int32_t w = ptx_strmap_get(&names, m->syms[o->sym].name, m->syms[o->sym].len);
                if (w >= 0) { /* NULL for an indirect call or a function only declared */
                    g->to[e] = (uint32_t)w;
                    g->call_at[e++] = i;
                }
                break;
            }
        }
    }
    g->first[g->n] = e;
    ptx_strmap_free(&names);
    g->recursive = ptx_xcalloc(g->n ? g->n : 1, sizeof *g->recursive);
    g->mark = ptx_xcalloc(g->n ? g->n : 1, sizeof *g->mark);
    g->stack = ptx_xcalloc(g->n ? g->n : 1, sizeof *g->stack);
}

static void free_graph(call_graph *g)
{
    free(g->fn);
    free(g->first);
    free(g->to);
    free(g->call_at);
    free(g->recursive);
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
 * (with an explicit stack: call chains can be as deep as the module is long). */
static void find_recursion(call_graph *g)
{
    uint32_t n = g->n ? g->n : 1, counter = 0, ncomp = 0, depth = 0;
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
                size++;
            } while (w != v);
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

void ptx_callees_local_memory(ptx_module *m)
{
    bool any = false;
    for (ptx_function *f = m->funcs; f && !any; f = f->next)
        any = !f->is_entry && f->local_in_memory;
    if (!any)
        return;
    call_graph g = {0};
    build_graph(m, &g);
    find_recursion(&g);
    for (uint32_t k = 0; k < g.n; k++)
        if (g.fn[k]->is_entry && !g.fn[k]->local_in_memory)
            kernel_frame(m, &g, k);
    free_graph(&g);
}
