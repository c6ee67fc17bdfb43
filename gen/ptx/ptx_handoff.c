/* Ordering by arrive and wait. A thread that arrives on an mbarrier (release semantics at CTA scope
 * unless .relaxed) or on a named barrier (bar.arrive, or a bar.sync with a thread count) orders its
 * earlier accesses before those another thread makes after completing a wait on the same barrier
 * (mbarrier.try_wait/test_wait, acquire unless .relaxed; that bar.sync) for the phase the arrival
 * completes. Producers store, arrive; consumers wait, read: the read is ordered after the store.
 *
 * Phases are not counted: an arrival is taken to complete the phase that the wait met next on the
 * way waits for, which is how pipelines use them (one arrival and one wait per barrier and step). */
#include "ptx_races.h"
#include "ptx_tgraph.h"

#include <stdlib.h>
#include <string.h>

/* Whether a named barrier's key of numbers picked per step (PTX_HANDOFF_STEPPED) holds number id. */
static bool steps_through(int64_t stepped, int64_t id)
{
    for (int t = 0; t < PTX_STEP_SAMPLES; t++)
        if (((stepped - PTX_HANDOFF_STEPPED) >> (4 * t) & 15) == id)
            return true;
    return false;
}

static bool same_barrier(const ptx_handoff_key *x, const ptx_handoff_key *y)
{
    if (x->named != y->named || x->sym != y->sym)
        return false;
    if (x->named && x->exact && y->exact && (x->at >= PTX_HANDOFF_STEPPED) != (y->at >= PTX_HANDOFF_STEPPED))
        return x->at >= PTX_HANDOFF_STEPPED ? steps_through(x->at, y->at) : steps_through(y->at, x->at);
    if (x->named) /* a barrier number the analysis does not know matches none; a step's number (a ring's
                     first steps peeled off its loop name theirs as constants) matches those it takes */
        return x->exact && y->exact && x->at == y->at;
    return !x->exact || !y->exact || x->at == y->at;
}

/* Whether instruction i does `role` on barrier k; for every path, only when every thread that
 * reaches it does (no guard that differs between threads). */
static bool does(const races *r, uint32_t i, uint8_t role, const ptx_handoff_key *k, bool every)
{
    const ptx_instr *in = &r->c->f->ins[i];
    if (!(r->roles[i] & role) || !same_barrier(&r->role_keys[i], k))
        return false;
    return !every || in->guard < 0 || !r->c->variant[in->guard];
}

/* Whether edge e ends an iteration of a loop holding instruction at (or of a loop not kept). */
static bool ends_iteration(const ptx_ctx *c, uint32_t e, uint32_t at)
{
    int32_t l = c->sync->edge_loop[e];
    return l == -2 || (l >= 0 && ptx_in_loop(c->sync, l, c->blk[at]));
}

typedef struct search {
    const races *r;
    const ptx_ctx *c;
    uint32_t from, avoid; /* the access searched from; the other access, which a path must not reach */
    uint8_t role;         /* release: forward from `from`; acquire: backward */
    bool every;           /* on every path (else on some path) before the iteration ends */
    const ptx_handoff_key *key;
    int8_t *loop_does; /* per loop: whether it does the role on the key (loop_does), -1 not worked out */
    bool lanes_synced; /* (release) a bar.warp.sync met on some path from the access (not kept per path) */
} search;

/* Whether block b lies inside the region of thread-variant branch `own`, on its side `side`: the first
 * of b's dominators (b included) that `own` decides lies on that side (the dominators are built when
 * the keys are collected). */
static bool nested_on_side(const ptx_ctx *c, uint32_t b, int32_t own, uint8_t side)
{
    const ptx_syncinfo *s = c->sync;
    for (int depth = 0; depth < 256 && b && b < c->nb && b != c->blk[own] && s->po[b] < UINT32_MAX - 1;
         depth++, b = s->idom[b])
        if (c->cd_branch[b] == own)
            return c->cd_taken[b] == side;
    return false;
}

/* Whether only some of the threads that make access `from` go on to execute instruction i: its guard
 * differs between threads, or a thread-dependent branch other than the access's (cd_branch: the
 * nearest such branch a block depends on) picks them and its block does not post-dominate the
 * access's (a branch on the lane skips it: lane 0 arrives for its warp). */
static bool some_threads(const ptx_ctx *c, uint32_t i, uint32_t from)
{
    const ptx_instr *in = &c->f->ins[i];
    if (in->guard >= 0 && c->variant[in->guard])
        return true;
    int32_t own = c->cd_branch[c->blk[i]];
    if (own < 0 || own == c->cd_branch[c->blk[from]])
        return false; /* no branch that differs between threads picks them, or the one that picks the access's */
    if (c->cd_taken[c->blk[i]] != 2 && nested_on_side(c, c->blk[from], own, c->cd_taken[c->blk[i]]))
        return false; /* the access's threads all took that branch's way to i, which only uniform branches
                         decide from there (a consumer's arrival on its loop's way round) */
    uint32_t b = c->blk[from];
    for (int depth = 0; depth < 256 && b < c->nb && b != c->blk[i]; depth++)
        b = c->ipdom[b];
    return b != c->blk[i];
}

/* Whether loop l holds an instruction doing the search's role on its barrier (worked out once per
 * loop and search: back edges are met again and again). */
static bool loop_does(const search *q, int32_t l)
{
    if (q->loop_does[l] < 0) {
        const ptx_ctx *c = q->c;
        q->loop_does[l] = 0;
        for (uint32_t i = 0; i < c->n && !q->loop_does[l]; i++)
            q->loop_does[l] = ptx_in_loop(c->sync, l, c->blk[i]) && does(q->r, i, q->role, q->key, false);
    }
    return q->loop_does[l];
}

/* One block's part of a path (instructions lo..hi, in the search's direction): 1 the barrier is met,
 * -1 the path fails (the other access, a block barrier), 0 it goes on. */
static int scan_block(search *q, uint32_t lo, uint32_t hi)
{
    for (uint32_t n = 0; n < hi - lo; n++) {
        uint32_t i = q->role == PTX_HANDOFF_RELEASE ? lo + n : hi - 1 - n;
        if (i == q->avoid)
            return -1;
        if (q->role == PTX_HANDOFF_RELEASE && q->c->sync->kind[i] == PTX_SY_WARP)
            q->lanes_synced = true;
        /* an arrival releases its own thread's accesses: one that only some of the access's threads
         * make (lane 0 for its warp) releases the others' only after bar.warp.sync */
        if (does(q->r, i, q->role, q->key, q->every) &&
            (q->role != PTX_HANDOFF_RELEASE || q->lanes_synced || !some_threads(q->c, i, q->from)))
            return 1;
        if ((PTX_STOP_BLOCK >> ptx_stop_kind(q->c->sync, i)) & 1)
            return -1;
    }
    return 0;
}

/* scan_block over block b's instructions lo..hi; when the lanes are synchronised (bar.warp.sync) and
 * b ends in a branch that differs between threads, one of whose sides arrives at once, that arrival
 * counts for every lane (`__syncwarp(); if (lane == 0) arrive`). */
static int scan_or_lane_arrival(search *q, uint32_t b, uint32_t lo, uint32_t hi)
{
    int r = scan_block(q, lo, hi);
    const ptx_ctx *c = q->c;
    const ptx_instr *last = &c->f->ins[c->bend[b] - 1];
    if (r != 0 || q->role != PTX_HANDOFF_RELEASE || !q->lanes_synced || last->kind != PTX_K_BRA || last->guard < 0 ||
        !c->variant[last->guard])
        return r;
    for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1]; e++) {
        uint32_t t = c->succ[e];
        for (uint32_t i = t < c->nb ? c->bstart[t] : 0; t < c->nb && i < c->bend[t]; i++) {
            if (i == q->avoid || ((PTX_STOP_BLOCK >> ptx_stop_kind(c->sync, i)) & 1))
                break;
            if (does(q->r, i, q->role, q->key, false))
                return 1;
        }
    }
    return r;
}

/* The blocks next on a path from block b (successors going forward, predecessors backward), queued
 * once; false when a path ends the iteration or the function without meeting the barrier. */
static bool next_blocks(const search *q, uint32_t b, uint32_t *queue, uint32_t *qt, uint8_t *seen)
{
    const ptx_ctx *c = q->c;
    bool forward = q->role == PTX_HANDOFF_RELEASE, open = true;
    uint32_t lo = forward ? c->sstart[b] : c->pstart[b], hi = forward ? c->sstart[b + 1] : c->pstart[b + 1];
    if (!forward && b == 0)
        open = false; /* the function's entry */
    for (uint32_t k = lo; k < hi; k++) {
        uint32_t t = forward ? c->succ[k] : c->pred[k];
        if (t >= c->nb) {
            open &= !forward; /* the exit */
            continue;
        }
        /* an iteration ends at its loop's back edge, unless the loop never does the role on the
         * barrier: then every iteration meets the one arrival after the loop (the wait before it),
         * which the path out of (into) the loop reaches */
        for (uint32_t e = c->sstart[forward ? b : t]; e < c->sstart[(forward ? b : t) + 1]; e++)
            if (c->succ[e] == (forward ? t : b) && c->sync->back_edge[e] && ends_iteration(c, e, q->from) &&
                (c->sync->edge_loop[e] < 0 || loop_does(q, c->sync->edge_loop[e])))
                open = false;
        bool back = false;
        for (uint32_t e = c->sstart[forward ? b : t]; e < c->sstart[(forward ? b : t) + 1]; e++)
            back |= c->succ[e] == (forward ? t : b) && c->sync->back_edge[e];
        if (!back && !seen[t]) {
            seen[t] = 1;
            queue[(*qt)++] = t;
        }
    }
    return open;
}

/* Whether the access at q->from meets the barrier (forward: an arrival after it; backward: a wait
 * before it) within its iteration, on every path or on some, without passing q->avoid. */
static bool meets(search *q)
{
    const ptx_ctx *c = q->c;
    uint8_t *seen = ptx_xcalloc(c->nb + 1, 1);
    q->loop_does = ptx_xmalloc(c->sync->nloops + 1, 1);
    memset(q->loop_does, -1, c->sync->nloops + 1);
    uint32_t *queue = ptx_xcalloc(c->nb + 1, sizeof *queue), qh = 0, qt = 0, b = c->blk[q->from];
    bool forward = q->role == PTX_HANDOFF_RELEASE, found = false, failed = false;
    int first = forward ? scan_or_lane_arrival(q, b, q->from + 1, c->bend[b]) : scan_block(q, c->bstart[b], q->from);
    found = first == 1;
    failed = first == -1 || (first == 0 && !next_blocks(q, b, queue, &qt, seen));
    while (qh < qt && (q->every ? !failed : !found)) {
        b = queue[qh++];
        int r = scan_or_lane_arrival(q, b, c->bstart[b], c->bend[b]);
        found |= r == 1;
        failed |= r == -1 || (r == 0 && !next_blocks(q, b, queue, &qt, seen));
    }
    free(seen);
    free(q->loop_does);
    free(queue);
    return q->every ? found && !failed : found;
}

/* The warps (bits) that may run instruction i: those of the tid.x range its block is known to run
 * for (from branches on tid.x), on a block of one row whose size the kernel declares; false when not
 * known (a block that other thread-dependent conditions pick, a block of several rows). */
static bool warps_running(ptx_ctx *c, uint32_t i, uint64_t *warps)
{
    const ptx_threads *th = ptx_threads_of(c);
    int n = ptx_threads_count(c);
    uint32_t b = c->blk[i];
    const ptx_instr *in = &c->f->ins[i];
    if (n < 1 || n > 2048 || th->dims[1] != 1 || th->dims[2] != 1 || (in->guard >= 0 && c->variant[in->guard]) ||
        (!c->f->reqntid && !c->f->maxntid))
        return false; /* a block size the kernel does not declare: its warps not known */
    int64_t low = c->tid_low[b], bound = c->tid_bound[b] < n ? c->tid_bound[b] : n;
    if (c->cd_branch[b] >= 0 && low == 0 && c->tid_bound[b] == INT64_MAX)
        return false; /* picked by a condition that is not a range of tid.x */
    *warps = 0;
    for (int64_t w = low / 32; w * 32 < bound; w++)
        *warps |= (uint64_t)1 << w;
    return true;
}

/* Whether a named barrier's key names number id: that number, or a sequence of numbers per step that
 * takes it. */
static bool names_id(const ptx_handoff_key *k, int64_t id)
{
    return k->at == id || (k->at >= PTX_HANDOFF_STEPPED && steps_through(k->at, id));
}

/* Whether named barrier `id` counts fewer threads than the warps that arrive on it or wait on it
 * (every bar.arrive and bar.sync naming it, with one thread count): it then completes without some
 * of them (a count of 96 where two producer warps arrive and two consumer warps wait), so it orders
 * none of their accesses. */
static bool undersized(races *r, int64_t id, int *nwarps)
{
    ptx_ctx *c = r->c;
    uint64_t all = 0;
    int64_t count = -1;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_handoff_key *k = &r->role_keys[i];
        int64_t n;
        uint64_t warps;
        if (!r->roles[i] || !k->named || !k->exact || !names_id(k, id))
            continue;
        if (!ptx_constant_operand(c, i, 1, &n) || (count >= 0 && n != count) || !warps_running(c, i, &warps))
            return false;
        count = n;
        all |= warps;
    }
    *nwarps = __builtin_popcountll(all);
    return count > 0 && (int64_t)*nwarps * 32 > count;
}

/* Each instruction's role and barrier, and the barriers waited on, each once (at most HANDOFF_KEYS). */
static void collect_keys(races *r)
{
    ptx_ctx *c = r->c;
    ptx_idom(c, 0); /* the dominators, for nested_on_side */
    r->roles = ptx_xcalloc(c->n + 1, 1);
    r->role_keys = ptx_xcalloc(c->n + 1, sizeof *r->role_keys);
    r->nkeys = 0;
    r->stale_hand = r->stale_hand_earlier = 0;
    r->stale_hand_ring = false;
    for (uint32_t i = 0; i < c->n; i++) {
        r->roles[i] = ptx_handoff_role(c, i, &r->role_keys[i]);
        uint32_t earlier =
            !r->roles[i] && !r->stale_hand && c->sync->kind[i] == PTX_SY_MBAR_WAIT ? ptx_stale_parity(c, i) : 0;
        if (earlier) { /* named in the reports: the wait orders nothing */
            r->stale_hand = c->f->ins[i].line, r->stale_hand_earlier = earlier;
            r->stale_hand_ring = ptx_ring_parity_stale(c, i);
        }
    }
    for (int64_t id = 0; id < 16; id++) { /* named barriers that complete without some of their warps */
        uint32_t i = 0;
        while (i < c->n && !(r->roles[i] && r->role_keys[i].named && r->role_keys[i].exact && names_id(&r->role_keys[i], id)))
            i++;
        int nwarps;
        if (i == c->n || !undersized(r, id, &nwarps))
            continue;
        if (!r->short_warps) { /* named in the reports */
            r->short_line = c->f->ins[i].line, r->short_id = id, r->short_warps = nwarps;
            ptx_constant_operand(c, i, 1, &r->short_count);
        }
        for (uint32_t j = 0; j < c->n; j++)
            if (r->roles[j] && r->role_keys[j].named && r->role_keys[j].exact && names_id(&r->role_keys[j], id))
                r->roles[j] = 0;
    }
    for (uint32_t i = 0; i < c->n; i++) {
        ptx_handoff_key *k = &r->role_keys[i];
        bool known = false;
        if (!(r->roles[i] & PTX_HANDOFF_ACQUIRE))
            continue;
        for (uint32_t j = 0; j < r->nkeys && !known; j++)
            known = r->keys_waited[j].named == k->named && r->keys_waited[j].sym == k->sym &&
                    r->keys_waited[j].exact == k->exact && r->keys_waited[j].at == k->at;
        if (!known && r->nkeys < HANDOFF_KEYS)
            r->keys_waited[r->nkeys++] = *k;
    }
}

/* Whether `first` is ordered before `second` (made by another thread) by some barrier: an arrival
 * after first and a wait before second, neither path passing the other access. A bulk copy into
 * shared memory arrives itself on the mbarrier it completes on (its bytes complete the phase). */
static bool ordered(races *r, uint32_t first, uint32_t second, bool every)
{
    int32_t copy_on = r->c->sync->kind[first] == PTX_SY_BULK_MBAR ? ptx_mbarrier_symbol(r->c, first) : -1;
    for (uint32_t k = 0; k < r->nkeys; k++) {
        const ptx_handoff_key *key = &r->keys_waited[k];
        search acquire = {r, r->c, second, first, PTX_HANDOFF_ACQUIRE, every, key, NULL, false};
        search release = {r, r->c, first, second, PTX_HANDOFF_RELEASE, every, key, NULL, false};
        bool released = copy_on >= 0 && !key->named && key->sym == copy_on;
        if (meets(&acquire) && (released || meets(&release)))
            return true;
    }
    return false;
}

bool ptx_handoff_orders(races *r, uint32_t x, uint32_t y, int order)
{
    if (!(r->c->sync->present & (1u << PTX_SY_MBAR_WAIT | 1u << PTX_SY_BAR_PART)))
        return false;
    if (!r->roles)
        collect_keys(r);
    switch (order) {
    case PTX_ORDER_FORWARD:
        return ordered(r, x, y, true);
    case PTX_ORDER_FORWARD_LATER:
        return ordered(r, x, y, false);
    case PTX_ORDER_EITHER:
        return ordered(r, x, y, true) || ordered(r, y, x, true);
    case PTX_ORDER_BOTH:
        return ordered(r, x, y, false) && ordered(r, y, x, false);
    default:
        return false;
    }
}
