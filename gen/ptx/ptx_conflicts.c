/* Conflicts between two shared-memory accesses: may some pair of threads touch one byte with them? */
#include "ptx_races.h"

#include <stdlib.h>
#include <string.h>

/* ---- affine forms: the quick answer ---- */

/* Exclusive bound on tid.x for the threads making an access: from the branch it depends on, from
 * the accesses every thread makes, and from staying inside the array it indexes. */
static int64_t access_bound(const ptx_ctx *c, uint32_t i, const ptx_affine *a)
{
    int64_t bound = c->tid_bound[c->blk[i]];
    if (c->block_bound < bound)
        bound = c->block_bound;
    if (a->st == PTX_AF_AFFINE && a->sym >= 0 && a->k[0] > 0 && a->k[0] < (1 << 20) && !a->k[1] && !a->k[2] &&
        !a->uni && !a->symco && c->m->syms[a->sym].size > 0 && a->c > -(1 << 30) && a->c < (1 << 30) &&
        c->m->syms[a->sym].size < ((int64_t)1 << 40)) {
        int64_t in_array = (c->m->syms[a->sym].size - a->c + a->k[0] - 1) / a->k[0];
        if (in_array < bound)
            bound = in_array;
    }
    return bound;
}

/* tid.x < block_bound for every thread: the array bound of an access that every thread makes. */
void ptx_find_block_bound(ptx_ctx *c, const racc *acc, uint32_t na)
{
    c->block_bound = INT64_MAX;
    for (uint32_t k = 0; k < na; k++) {
        uint32_t i = acc[k].ins;
        const ptx_affine *a = &c->addr[i];
        if (c->f->ins[i].guard >= 0 || c->cd_branch[c->blk[i]] >= 0 || acc[k].which)
            continue;
        int64_t bound = c->tid_bound[c->blk[i]] == INT64_MAX ? INT64_MAX : INT64_MAX - 1;
        if (a->st == PTX_AF_AFFINE && a->sym >= 0 && a->k[0] > 0 && a->k[0] < (1 << 20) && !a->k[1] && !a->k[2] &&
            !a->uni && !a->symco && c->m->syms[a->sym].size > 0 && a->c > -(1 << 30) && a->c < (1 << 30) &&
            c->m->syms[a->sym].size < ((int64_t)1 << 40))
            bound = (c->m->syms[a->sym].size - a->c + a->k[0] - 1) / a->k[0];
        if (bound < c->block_bound)
            c->block_bound = bound;
    }
}

/* Could threads ta in [la, ua) at a and tb in [lb, ub) at b, ta != tb, hit the same address? Only
 * affine forms in tid.x with no unknown part are answered exactly; everything else "may". */
static bool affine_alias(const ptx_affine *a, const ptx_affine *b, int64_t la, int64_t ua, int64_t lb, int64_t ub)
{
    if (la == lb && ua == ub && ua - la == 1)
        return false; /* one and the same thread does both */
    if (a->st != PTX_AF_AFFINE || b->st != PTX_AF_AFFINE || a->symco || b->symco || a->uni || b->uni)
        return true;
    if (memcmp(a->k, b->k, sizeof a->k) != 0 || (!a->k[0] && !a->k[1] && !a->k[2]))
        return true;
    const int64_t big = (int64_t)1 << 40;
    if (a->c > big || a->c < -big || b->c > big || b->c < -big)
        return true;
    int64_t d = b->c - a->c;
    if (d == 0)
        return false; /* every thread its own slot */
    for (int dim = 0; dim < 3; dim++)
        if (a->k[dim] > big || a->k[dim] < -big)
            return true;
    int64_t kx = a->k[0];
    if (kx && !a->k[1] && !a->k[2]) {
        if (d % kx)
            return false;
        int64_t q = d / kx; /* thread ta of a meets thread tb = ta - q of b */
        if (q > (1 << 20) || q < -(1 << 20))
            return true;
        int64_t lo = lb + q > la ? lb + q : la;
        int64_t hi = ub == INT64_MAX ? ua : (ub + q < ua ? ub + q : ua);
        return lo < hi;
    }
    for (int dim = 0; dim < 3; dim++)
        if (a->k[dim] && d % a->k[dim] == 0)
            return true;
    return false;
}

/* The affine answer for two accesses of one size whose addresses are multiples of it (so that
 * touching a common byte is having one address). true: they may conflict. */
static bool affine_conflict(const races *r, const racc *x, const racc *y)
{
    const ptx_ctx *c = r->c;
    const ptx_affine *a = &c->addr[x->ins], *b = &c->addr[y->ins];
    if (x->which || y->which || x->size != y->size || !x->size || a->st != PTX_AF_AFFINE || b->st != PTX_AF_AFFINE)
        return true;
    int64_t s = x->size;
    for (int dim = 0; dim < 3; dim++)
        if (a->k[dim] % s || b->k[dim] % s)
            return true;
    if (a->c % s || b->c % s)
        return true;
    return affine_alias(a, b, c->tid_low[c->blk[x->ins]], access_bound(c, x->ins, a), c->tid_low[c->blk[y->ins]],
                        access_bound(c, y->ins, b));
}

/* ---- per thread ---- */

static bool pair_allowed(int filter, uint32_t t1, uint32_t t2)
{
    return filter == PTX_PAIR_ANY || (filter == PTX_PAIR_OTHER_THREADS ? t1 != t2 : (t1 >> 5) != (t2 >> 5));
}

static int by_key(const void *p, const void *q)
{
    const keyed *a = p, *b = q;
    return a->key < b->key ? -1 : a->key > b->key ? 1 : (int)a->side - (int)b->side;
}

/* Accesses of a few bytes (aligned to their size, as PTX requires): they touch a common byte when
 * their addresses agree above the larger size. Threads are sorted by the address bits known for
 * all of them, and only threads with equal keys compared in full. */
static bool small_conflict(races *r, const ptx_tvals *a, const ptx_tvals *b, uint32_t size, int filter)
{
    int lg = 0;
    while ((1u << lg) < size && lg < 16)
        lg++;
    uint64_t common = ~(uint64_t)0;
    const ptx_tvals *side[2] = {a, b};
    for (int k = 0; k < 2; k++)
        for (uint32_t t = 0; t < side[k]->n; t++)
            if (side[k]->act[t] != PTX_ACT_NO)
                common &= side[k]->addr[t].one | side[k]->addr[t].zero;
    uint32_t n = 0;
    keyed *list = r->keys;
    for (int k = 0; k < 2; k++)
        for (uint32_t t = 0; t < side[k]->n; t++)
            if (side[k]->act[t] != PTX_ACT_NO)
                list[n++] = (keyed){(side[k]->addr[t].one & common) >> lg, t, (uint8_t)k};
    qsort(list, n, sizeof *list, by_key);
    for (uint32_t i = 0; i < n;) {
        uint32_t j = i, budget = 256;
        while (j < n && list[j].key == list[i].key)
            j++;
        for (uint32_t p = i; p < j; p++)
            for (uint32_t q = p + 1; q < j && list[p].side == 0; q++) {
                if (list[q].side != 1 || !pair_allowed(filter, list[p].t, list[q].t))
                    continue;
                ptx_kb u = a->addr[list[p].t], v = b->addr[list[q].t];
                u.one >>= lg, u.zero = (u.zero >> lg) | ~(~(uint64_t)0 >> lg);
                v.one >>= lg, v.zero = (v.zero >> lg) | ~(~(uint64_t)0 >> lg);
                if (ptx_kb_may_equal(u, v) || !budget--)
                    return true;
            }
        i = j;
    }
    return false;
}

/* Accesses of many bytes (bulk copies), or of an unknown extent (to the end of the array): byte
 * ranges compared pairwise, between the threads that make them (usually one for a bulk copy). */
static bool range_conflict(const racc *x, const ptx_tvals *a, const racc *y, const ptx_tvals *b, int filter,
                           uint64_t end_a, uint64_t end_b)
{
    uint64_t work = 0;
    for (uint32_t t1 = 0; t1 < a->n; t1++) {
        if (a->act[t1] == PTX_ACT_NO)
            continue;
        uint64_t lo1 = ptx_kb_min(a->addr[t1]), hi1 = x->size ? ptx_kb_max(a->addr[t1]) + x->size : end_a;
        for (uint32_t t2 = 0; t2 < b->n; t2++) {
            if (b->act[t2] == PTX_ACT_NO || !pair_allowed(filter, t1, t2))
                continue;
            uint64_t lo2 = ptx_kb_min(b->addr[t2]), hi2 = y->size ? ptx_kb_max(b->addr[t2]) + y->size : end_b;
            if (lo1 < hi2 && lo2 < hi1)
                return true;
            if (++work > (1u << 20))
                return true;
        }
    }
    return false;
}

/* The end of the array an access indexes (for copies of unknown extent), or the largest address. */
static uint64_t array_end(const races *r, const racc *x)
{
    const ptx_affine *a = &r->c->addr[x->ins];
    if (x->which || a->sym < 0 || r->c->m->syms[a->sym].size <= 0)
        return ~(uint64_t)0;
    return ptx_symbol_base(r->c, a->sym) + (uint64_t)r->c->m->syms[a->sym].size;
}

static bool eval(races *r, const racc *x, const ptx_eval *ev, int slot)
{
    eval_key key = {
        x->ins, ev->from < 0 ? UINT32_MAX : r->c->blk[ev->from], ev->s, ev->via * 2 + ev->noisy, x->which, ev->unknown,
        0};
    eval_key *k = &r->cached[slot];
    if (k->ins == key.ins && k->from_block == key.from_block && k->s == key.s && k->via == key.via &&
        k->which == key.which && k->unknown == key.unknown)
        return k->ok;
    key.ok = ptx_threads_access(r->c, x->ins, x->which, ev, &r->v[slot]);
    *k = key;
    return key.ok;
}

bool ptx_may_conflict(races *r, const racc *x, const racc *y, int filter, const ptx_eval *ev)
{
    const ptx_ctx *c = r->c;
    const ptx_affine *a = &c->addr[x->ins], *b = &c->addr[y->ins];
    if (!x->which && !y->which && a->sym >= 0 && b->sym >= 0 && a->sym != b->sym && c->m->syms[a->sym].size > 0 &&
        c->m->syms[b->sym].size > 0)
        return false; /* two arrays */
    if (filter != PTX_PAIR_ANY && !affine_conflict(r, x, y))
        return false;
    if (!ptx_threads_count(r->c))
        return true;
    uint32_t size = x->size > y->size ? x->size : y->size;
    for (int s = 0; s < ptx_threads_samples(r->c); s++) {
        ptx_eval ex = {.s = s, .via = -1, .from = -1, .unknown = ev->unknown}, ey = *ev;
        ey.s = s;
        if (!eval(r, x, &ex, 0) || !eval(r, y, &ey, 1))
            return true;
        bool hit = x->size && y->size && size <= 16
                       ? small_conflict(r, &r->v[0], &r->v[1], size, filter)
                       : range_conflict(x, &r->v[0], y, &r->v[1], filter, array_end(r, x), array_end(r, y));
        if (hit)
            return true;
        if (!r->v[0].sampled && !r->v[1].sampled)
            break;
    }
    return false;
}
