/* The execution graph: a snapshot of the closed intervals, their hierarchy, self times and
 * statistics, dependencies, and the critical path by CPM over the dependencies alone. */
#include "prof_internal.h"

#include <stdlib.h>
#include <string.h>

static tn_status out_of_memory(const char *fn)
{
    return tn_fail(TN_ERR_OUT_OF_MEMORY, "%s: out of memory building the profile", fn);
}

/* Under the lock and t's resolve lock: t's records whose times are known, as nodes of their
 * streams' lanes, and their records. */
static void snapshot_records(prof_thread *t, size_t published, prof_graph *g)
{
    prof_rchunk *c = published ? t->rhead : NULL;
    for (size_t i = 0; i < published; i++) {
        if (i && i % PROF_RCHUNK == 0)
            c = atomic_load_explicit(&c->next, memory_order_acquire);
        const prof_record *r = &c->records[i % PROF_RCHUNK];
        if (!r->done)
            continue;
        prof_gnode *v = &g->nodes[g->nnodes++];
        v->n = (prof_node){.seq = r->seq, .parent = r->parent, .start = r->start, .end = r->end, .lane = r->lane,
                           .record = (uint32_t)g->nrecords, .kind = r->kind};
        v->n.what = r->op ? r->op->index : r->direction;
        v->slot = t->slot;
        v->id = prof_node_id(v->slot, v->n.seq);
        g->records[g->nrecords++] = *r;
    }
}

/* Under the lock: copies the closed nodes and known records of every thread, their ids. */
static tn_status snapshot_nodes(tn_profiler *p, prof_graph *g, const char *fn)
{
    size_t total = 0, seqs = 0, records = 0;
    size_t *closed = calloc(2 * (size_t)p->nthreads + 1, sizeof *closed), *published = closed + p->nthreads;
    g->base = calloc((size_t)p->nthreads + 1, sizeof *g->base);
    if (!closed || !g->base) {
        free(closed);
        return out_of_memory(fn);
    }
    for (int s = 0; s < p->nthreads; s++) {
        pthread_mutex_lock(&p->threads[s]->resolve_lock); /* held until its records are copied */
        closed[s] = atomic_load_explicit(&p->threads[s]->closed, memory_order_acquire);
        published[s] = atomic_load_explicit(&p->threads[s]->published, memory_order_acquire);
        g->base[s] = seqs;
        seqs += atomic_load_explicit(&p->threads[s]->started, memory_order_acquire);
        total += closed[s] + published[s];
        records += published[s];
    }
    g->nslots = g->nlanes = p->nthreads;
    g->nwhere = seqs;
    g->nodes = calloc(total + 1, sizeof *g->nodes);
    g->records = malloc((records + 1) * sizeof *g->records);
    g->where = malloc((seqs + 1) * sizeof *g->where);
    bool ok = g->nodes && g->records && g->where && total <= (size_t)INT32_MAX;
    for (int s = 0; s < p->nthreads; s++) {
        prof_chunk *c = p->threads[s]->head;
        for (size_t i = 0; ok && i < closed[s]; i++) {
            if (i && i % PROF_CHUNK == 0)
                c = atomic_load_explicit(&c->next, memory_order_acquire);
            prof_gnode *v = &g->nodes[g->nnodes++];
            v->n = c->nodes[i % PROF_CHUNK];
            v->slot = (uint32_t)s;
            v->id = prof_node_id(v->slot, v->n.seq);
        }
        if (ok)
            snapshot_records(p->threads[s], published[s], g);
        pthread_mutex_unlock(&p->threads[s]->resolve_lock);
    }
    free(closed);
    return ok ? TN_OK : out_of_memory(fn);
}

/* Under the lock: each lane's kind, name and limits (given by the program, else nominal). */
static tn_status snapshot_lanes(tn_profiler *p, prof_graph *g, const char *fn)
{
    g->lanes = calloc((size_t)p->nthreads + 1, sizeof *g->lanes);
    if (!g->lanes)
        return out_of_memory(fn);
    for (int l = 0; l < p->nthreads; l++) {
        const prof_stream *st = p->threads[l]->stream;
        prof_lane *lane = &g->lanes[l];
        if (!st) {
            snprintf(lane->name, sizeof lane->name, "thread %d", l);
            continue;
        }
        lane->stream = true;
        snprintf(lane->name, sizeof lane->name, "%s", st->name);
        bool given = st->given_bytes > 0 || st->given_flops > 0;
        lane->bytes_per_second = given ? st->given_bytes : st->peak_bytes;
        lane->flops_per_second = given ? st->given_flops : st->peak_flops;
        lane->limits = given ? "given" : st->peak_bytes > 0 || st->peak_flops > 0 ? "nominal" : NULL;
    }
    return TN_OK;
}

/* Under the lock: the brick table and the explicit dependencies. */
static tn_status snapshot_tables(tn_profiler *p, prof_graph *g, const char *fn)
{
    g->nbricks = atomic_load(&p->nbricks);
    g->names = malloc(g->nbricks * sizeof *g->names);
    g->categories = malloc(g->nbricks * sizeof *g->categories);
    g->stats = calloc(g->nbricks, sizeof *g->stats);
    g->explicit_deps = malloc((p->ndeps + 1) * sizeof *g->explicit_deps);
    if (!g->names || !g->categories || !g->stats || !g->explicit_deps)
        return out_of_memory(fn);
    for (int b = 0; b < g->nbricks; b++) {
        g->names[b] = prof_brick_name_locked(p, b);
        g->categories[b] = prof_brick_category_locked(p, b);
    }
    if (p->ndeps)
        memcpy(g->explicit_deps, p->deps, p->ndeps * sizeof *p->deps);
    g->nexplicit = p->ndeps;
    return snapshot_lanes(p, g, fn);
}

static int by_start(const void *a, const void *b)
{
    const prof_gnode *x = a, *y = b;
    if (x->n.start != y->n.start)
        return x->n.start < y->n.start ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

int prof_graph_find(const prof_graph *g, tn_prof_node id)
{
    uint32_t slot;
    uint64_t seq;
    if (!prof_node_split(id, &slot, &seq) || slot >= (uint32_t)g->nslots)
        return -1;
    size_t at = g->base[slot] + seq;
    size_t next = slot + 1 < (uint32_t)g->nslots ? g->base[slot + 1] : g->nwhere;
    return at < next ? g->where[at] : -1;
}

const char *prof_graph_label(const prof_graph *g, int v, char *buf, size_t len)
{
    const prof_node *n = &g->nodes[v].n;
    if (n->kind == PROF_BRICK && n->what >= 0 && n->what < g->nbricks)
        return g->names[n->what];
    if (n->kind == PROF_KERNEL && n->what >= 0 && n->what < tn_op_count)
        return tn_ops[n->what]->name;
    if (n->kind == PROF_TRANSFER)
        return prof_direction_name((prof_direction)n->what);
    if (n->kind == PROF_SCOPE)
        snprintf(buf, len, "layer %d", n->what);
    else
        snprintf(buf, len, "%s %d", prof_kind_name(n->kind), n->what);
    return buf;
}

static int64_t duration(const prof_gnode *v)
{
    return v->n.end - v->n.start;
}

/* Parents, children in start order, and the hierarchy edges. */
static tn_status link_hierarchy(prof_graph *g, const char *fn)
{
    for (size_t i = 0; i < g->nwhere; i++)
        g->where[i] = -1;
    for (int v = 0; v < g->nnodes; v++)
        g->where[g->base[g->nodes[v].slot] + g->nodes[v].n.seq] = v;
    g->hier = malloc(((size_t)g->nnodes + 1) * sizeof *g->hier);
    if (!g->hier)
        return out_of_memory(fn);
    for (int v = 0; v < g->nnodes; v++)
        g->nodes[v].first_child = -1;
    for (int v = g->nnodes - 1; v >= 0; v--) {
        prof_gnode *x = &g->nodes[v];
        x->parent = x->n.parent ? prof_graph_find(g, prof_node_id(x->slot, x->n.parent - 1)) : -1;
        if (x->parent >= 0) {
            x->next_sibling = g->nodes[x->parent].first_child;
            g->nodes[x->parent].first_child = v;
        } else
            x->next_sibling = -1;
    }
    for (int v = 0; v < g->nnodes; v++)
        if (g->nodes[v].parent >= 0)
            g->hier[g->nhier++] = (prof_edge){g->nodes[v].parent, v, PROF_DEP_SEQUENCE};
    return TN_OK;
}

/* Depth, activity and self time of each node, taken in id order (parents before children). */
static void nest(prof_graph *g, const int *by_id)
{
    for (int i = 0; i < g->nnodes; i++) {
        prof_gnode *x = &g->nodes[by_id[i]];
        const prof_gnode *p = x->parent >= 0 ? &g->nodes[x->parent] : NULL;
        bool inside = p && p->n.lane == x->n.lane;
        x->depth = inside ? p->depth + 1 : 0;
        x->activity = inside && p->activity >= 0 ? p->activity : x->n.kind != PROF_SCOPE ? by_id[i] : -1;
        x->self += duration(x);
        if (!inside)
            continue;
        if (p->n.kind == PROF_SCOPE)
            g->nodes[x->parent].self -= duration(x);
        /* A brick's self time leaves out its nested bricks, also those inside a layer it holds. */
        if (x->n.kind != PROF_SCOPE && x->activity != by_id[i]) {
            int up = x->parent;
            while (g->nodes[up].n.kind == PROF_SCOPE)
                up = g->nodes[up].parent;
            g->nodes[up].self -= duration(x);
        }
    }
}

/* The time of each GPU record goes to every brick above it (their device time) and to the
 * category of the innermost one. */
static void gather_device(prof_graph *g)
{
    for (int v = 0; v < g->nnodes; v++) {
        const prof_gnode *x = &g->nodes[v];
        if (x->n.kind != PROF_KERNEL && x->n.kind != PROF_TRANSFER)
            continue;
        bool innermost = true;
        for (int up = x->parent; up >= 0; up = g->nodes[up].parent) {
            prof_gnode *b = &g->nodes[up];
            if (b->n.kind != PROF_BRICK || b->n.what < 0 || b->n.what >= g->nbricks)
                continue;
            b->device += duration(x);
            if (innermost)
                g->category_device[g->categories[b->n.what]] += duration(x);
            innermost = false;
        }
    }
}

static void gather_stats(prof_graph *g)
{
    g->begin = g->nnodes ? g->nodes[0].n.start : 0;
    g->end = g->begin;
    gather_device(g);
    for (int v = 0; v < g->nnodes; v++) {
        const prof_gnode *x = &g->nodes[v];
        g->end = x->n.end > g->end ? x->n.end : g->end;
        if (x->n.kind != PROF_BRICK || x->n.what < 0 || x->n.what >= g->nbricks)
            continue;
        prof_bstats *s = &g->stats[x->n.what];
        int64_t d = duration(x);
        s->min = s->count == 0 || d < s->min ? d : s->min;
        s->max = d > s->max ? d : s->max;
        s->count++;
        s->total += d;
        s->self += x->self;
        s->device += x->device;
        g->category_self[g->categories[x->n.what]] += x->self;
    }
}

/* Indices in id order, from the table that finds nodes by id (dense per slot): no sort needed. */
static int *id_order(const prof_graph *g)
{
    int *order = malloc(((size_t)g->nnodes + 1) * sizeof *order);
    if (!order)
        return NULL;
    int k = 0;
    for (size_t i = 0; i < g->nwhere; i++)
        if (g->where[i] >= 0)
            order[k++] = g->where[i];
    return order;
}

tn_status prof_graph_build(tn_profiler *p, prof_graph *g, const char *fn)
{
    memset(g, 0, sizeof *g);
    g->sync = p->sync;
    pthread_mutex_lock(&p->lock);
    if (prof_resolves_at(p->sync, PROF_AT_REPORT)) /* deferred: the device times are read now */
        prof_resolve_all_locked(p);
    tn_status s = snapshot_nodes(p, g, fn);
    if (s == TN_OK)
        s = snapshot_tables(p, g, fn);
    pthread_mutex_unlock(&p->lock);
    if (s == TN_OK) {
        qsort(g->nodes, g->nnodes, sizeof *g->nodes, by_start);
        s = link_hierarchy(g, fn);
    }
    int *order = s == TN_OK ? id_order(g) : NULL;
    if (s == TN_OK && !order)
        s = out_of_memory(fn);
    if (s == TN_OK) {
        nest(g, order);
        gather_stats(g);
    }
    free(order);
    if (s != TN_OK)
        prof_graph_free(g);
    return s;
}

void prof_graph_free(prof_graph *g)
{
    free(g->nodes);
    free(g->hier);
    free(g->deps);
    free(g->path);
    free(g->names);
    free(g->categories);
    free(g->stats);
    free(g->base);
    free(g->where);
    free(g->explicit_deps);
    free(g->lanes);
    free(g->records);
    memset(g, 0, sizeof *g);
}

/* ---- dependencies and CPM ---- */

/* Each lane's activities in start order, one after another; then the explicit dependencies
 * between nodes closed at the snapshot. */
static tn_status link_dependencies(prof_graph *g, const char *fn)
{
    int *last = malloc(((size_t)g->nlanes + 1) * sizeof *last);
    g->deps = malloc(((size_t)g->nnodes + g->nexplicit + 1) * sizeof *g->deps);
    if (!last || !g->deps) {
        free(last);
        return out_of_memory(fn);
    }
    for (int l = 0; l < g->nlanes; l++)
        last[l] = -1;
    for (int v = 0; v < g->nnodes; v++) {
        if (g->nodes[v].activity != v)
            continue;
        int *prev = &last[g->nodes[v].n.lane];
        if (*prev >= 0)
            g->deps[g->ndeps++] = (prof_edge){*prev, v, PROF_DEP_SEQUENCE};
        *prev = v;
    }
    free(last);
    for (size_t i = 0; i < g->nexplicit; i++) {
        int a = prof_graph_find(g, g->explicit_deps[i].before), b = prof_graph_find(g, g->explicit_deps[i].after);
        if (a >= 0 && b >= 0)
            g->deps[g->ndeps++] = (prof_edge){a, b, PROF_DEP_EXPLICIT};
    }
    return TN_OK;
}

/* The dependencies between activities (an edge from or to a nested node counts for its
 * activity), as successor lists: succ[off[v] .. off[v + 1]). */
typedef struct cpm_net {
    int *off, *succ, *indeg, *order;
    int norder, nactivities;
} cpm_net;

static bool net_build(const prof_graph *g, cpm_net *net)
{
    size_t n = (size_t)g->nnodes + 1;
    net->off = calloc(n + 1, sizeof *net->off);
    net->succ = malloc(((size_t)g->ndeps + 1) * sizeof *net->succ);
    net->indeg = calloc(n, sizeof *net->indeg);
    net->order = malloc(n * sizeof *net->order);
    if (!net->off || !net->succ || !net->indeg || !net->order)
        return false;
    for (int pass = 0; pass < 2; pass++) {
        for (int e = 0; e < g->ndeps; e++) {
            int u = g->nodes[g->deps[e].from].activity, w = g->nodes[g->deps[e].to].activity;
            if (u < 0 || w < 0 || u == w)
                continue;
            if (pass == 0) {
                net->off[u + 1]++;
                net->indeg[w]++;
            } else
                net->succ[net->off[u]++] = w;
        }
        for (int v = 0; pass == 0 && v < g->nnodes; v++)
            net->off[v + 1] += net->off[v];
    }
    for (int v = g->nnodes; v > 0; v--) /* pass 1 moved each start to the next one's */
        net->off[v] = net->off[v - 1];
    net->off[0] = 0;
    return true;
}

static void net_free(cpm_net *net)
{
    free(net->off);
    free(net->succ);
    free(net->indeg);
    free(net->order);
}

/* Kahn's order of the activities, sources in start order; false on a cycle. */
static bool net_sort(const prof_graph *g, cpm_net *net)
{
    int head = 0;
    net->norder = net->nactivities = 0;
    for (int v = 0; v < g->nnodes; v++)
        if (g->nodes[v].activity == v) {
            net->nactivities++;
            if (net->indeg[v] == 0)
                net->order[net->norder++] = v;
        }
    while (head < net->norder) {
        int v = net->order[head++];
        for (int k = net->off[v]; k < net->off[v + 1]; k++)
            if (--net->indeg[net->succ[k]] == 0)
                net->order[net->norder++] = net->succ[k];
    }
    return net->norder == net->nactivities;
}

/* Earliest starts forward, latest finishes backward, slack; times from 0. */
static void net_times(prof_graph *g, const cpm_net *net, int64_t *latest)
{
    g->length = 0;
    for (int i = 0; i < net->norder; i++) {
        prof_gnode *x = &g->nodes[net->order[i]];
        int64_t finish = x->es + duration(x);
        g->length = finish > g->length ? finish : g->length;
        for (int k = net->off[net->order[i]]; k < net->off[net->order[i] + 1]; k++) {
            prof_gnode *w = &g->nodes[net->succ[k]];
            w->es = finish > w->es ? finish : w->es;
        }
    }
    for (int i = net->norder - 1; i >= 0; i--) {
        int v = net->order[i];
        int64_t lf = g->length;
        for (int k = net->off[v]; k < net->off[v + 1]; k++) {
            int64_t ls = latest[net->succ[k]] - duration(&g->nodes[net->succ[k]]);
            lf = ls < lf ? ls : lf;
        }
        latest[v] = lf;
        g->nodes[v].slack = lf - duration(&g->nodes[v]) - g->nodes[v].es;
    }
}

/* From the first source without slack, along edges without slack or gap, to a sink. */
static void net_path(prof_graph *g, const cpm_net *net)
{
    int v = -1;
    for (int i = 0; i < net->norder && v < 0; i++)
        if (g->nodes[net->order[i]].es == 0 && g->nodes[net->order[i]].slack == 0)
            v = net->order[i];
    while (v >= 0) {
        g->path[g->npath++] = v;
        g->nodes[v].on_path = true;
        int64_t finish = g->nodes[v].es + duration(&g->nodes[v]);
        int next = -1;
        for (int k = net->off[v]; k < net->off[v + 1]; k++) {
            int w = net->succ[k];
            if (g->nodes[w].slack == 0 && g->nodes[w].es == finish && (next < 0 || w < next))
                next = w;
        }
        v = next;
    }
}

/* Nodes nested in an activity take its slack and start inside it; scopes outside any have none. */
static void inherit_times(prof_graph *g)
{
    for (int v = 0; v < g->nnodes; v++) {
        prof_gnode *x = &g->nodes[v];
        if (x->activity < 0) {
            x->es = x->slack = -1;
        } else if (x->activity != v) {
            const prof_gnode *a = &g->nodes[x->activity];
            x->es = a->es + (x->n.start - a->n.start);
            x->slack = a->slack;
        }
    }
}

static tn_status cycle(const prof_graph *g, const cpm_net *net, const char *fn)
{
    char buf[64];
    int v = 0;
    while (v < g->nnodes && (g->nodes[v].activity != v || net->indeg[v] == 0))
        v++;
    return tn_fail(TN_ERR_INVALID_ARGUMENT,
                   "%s: the dependencies form a cycle through %s (node %d, started at %lld ns)", fn,
                   prof_graph_label(g, v, buf, sizeof buf), v, (long long)g->nodes[v].n.start);
}

tn_status prof_graph_cpm(prof_graph *g, const char *fn)
{
    tn_status s = link_dependencies(g, fn);
    if (s != TN_OK)
        return s;
    cpm_net net = {0};
    int64_t *latest = calloc((size_t)g->nnodes + 1, sizeof *latest);
    g->path = malloc(((size_t)g->nnodes + 1) * sizeof *g->path);
    if (!latest || !g->path || !net_build(g, &net))
        s = out_of_memory(fn);
    else if (!net_sort(g, &net))
        s = cycle(g, &net, fn);
    else {
        net_times(g, &net, latest);
        net_path(g, &net);
        inherit_times(g);
    }
    free(latest);
    net_free(&net);
    return s;
}
