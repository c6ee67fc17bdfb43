/* Conflicts between two shared-memory accesses: may some pair of threads touch one byte with them? */
#include "ptx_kbits.h"
#include "ptx_races.h"
#include "ptx_tgraph.h"

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
        !a->uni && !a->symco && c->syms[a->sym].size > 0 && a->c > -(1 << 30) && a->c < (1 << 30) &&
        c->syms[a->sym].size < ((int64_t)1 << 40)) {
        int64_t in_array = (c->syms[a->sym].size - a->c + a->k[0] - 1) / a->k[0];
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
            !a->uni && !a->symco && c->syms[a->sym].size > 0 && a->c > -(1 << 30) && a->c < (1 << 30) &&
            c->syms[a->sym].size < ((int64_t)1 << 40))
            bound = (c->syms[a->sym].size - a->c + a->k[0] - 1) / a->k[0];
        if (bound < 1)
            continue; /* out of the array for every thread: that access is wrong, not the block small */
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

/* Whether form a gives each thread of the block an address of its own: every dimension the block
 * has is scaled, each step at least the span of the dimensions scaled less (tid.x + 33 * tid.y on
 * a 32-wide block, not 8 * tid.z alone on a 32 x 4 x 2 one). Taken so for a block of unknown shape,
 * which the threads themselves could not tell either. */
static bool one_address_each(races *r, const ptx_affine *a)
{
    if (ptx_threads_count(r->c) <= 0)
        return true;
    const int *dims = ptx_threads_of(r->c)->dims;
    int64_t span[3];
    for (int d = 0; d < 3; d++) {
        span[d] = a->k[d] < 0 ? -a->k[d] : a->k[d];
        if (dims[d] > 1 && !span[d])
            return false;
    }
    for (int d = 0; d < 3; d++)
        for (int e = 0; e < 3; e++)
            if (e != d && dims[d] > 1 && dims[e] > 1 && span[e] <= span[d] && span[e] * dims[e] > span[d])
                return false; /* dimension e's addresses overlap dimension d's next step */
    return true;
}

/* The affine answer for two accesses of one size whose addresses are multiples of it (so that
 * touching a common byte is having one address). true: they may conflict. */
static bool affine_conflict(races *r, const racc *x, const racc *y)
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
    if (a->c == b->c && !one_address_each(r, a))
        return true; /* threads may share the address: the threads themselves tell */
    return affine_alias(a, b, c->tid_low[c->blk[x->ins]], access_bound(c, x->ins, a), c->tid_low[c->blk[y->ins]],
                        access_bound(c, y->ins, b));
}

/* ---- per thread ---- */

static bool pair_allowed(int filter, uint32_t t1, uint32_t t2)
{
    if (filter == PTX_PAIR_ANY || filter == PTX_PAIR_OTHER_THREADS)
        return filter == PTX_PAIR_ANY || t1 != t2;
    int lg = filter - PTX_PAIR_GROUPS; /* threads of different groups of 2^lg */
    return (t1 >> lg) != (t2 >> lg);
}

/* The 8-bit radix digit of list entry e: its side (shift < 0), or bits shift.. of its key less lo. */
static uint32_t digit_of(const keyed *e, int shift, uint64_t lo)
{
    return shift < 0 ? e->side : (uint32_t)((e->key - lo) >> shift & 255);
}

/* Sorts list by key, side 0 before side 1: stable counting passes, least significant digit first
 * (the side, then 8 bits of the key less the smallest at a time). */
static void sort_by_key(keyed *list, keyed *tmp, uint32_t n)
{
    uint64_t lo = ~(uint64_t)0, hi = 0;
    bool sorted = true;
    for (uint32_t i = 0; i < n; i++) {
        lo = list[i].key < lo ? list[i].key : lo;
        hi = list[i].key > hi ? list[i].key : hi;
        sorted &=
            !i || list[i - 1].key < list[i].key || (list[i - 1].key == list[i].key && list[i - 1].side <= list[i].side);
    }
    if (sorted)
        return;
    for (int shift = -8; shift < 64 && (shift < 0 || (hi - lo) >> shift); shift += 8) {
        uint32_t count[257] = {0};
        for (uint32_t i = 0; i < n; i++)
            count[digit_of(&list[i], shift, lo) + 1]++;
        for (int d = 0; d < 256; d++)
            count[d + 1] += count[d];
        for (uint32_t i = 0; i < n; i++)
            tmp[count[digit_of(&list[i], shift, lo)]++] = list[i];
        memcpy(list, tmp, n * sizeof *list);
    }
}

/* The threads that may make access p, with their addresses, appended to list as side k. */
static uint32_t list_threads(const ptx_profile *p, int k, keyed *list, uint32_t n)
{
    if (p->known) {
        for (uint32_t i = 0; i < p->n; i++)
            list[n++] = (keyed){0, {p->addr[i], ~p->addr[i]}, p->t[i], (uint8_t)k};
        return n;
    }
    for (uint32_t t = 0; t < p->raw.n; t++)
        if (p->raw.act[t] != PTX_ACT_NO)
            list[n++] = (keyed){0, p->raw.addr[t], t, (uint8_t)k};
    return n;
}

static ptx_kb shifted(ptx_kb a, int lg)
{
    return (ptx_kb){a.one >> lg, (a.zero >> lg) | ~(~(uint64_t)0 >> lg)};
}

/* Accesses of a few bytes (aligned to their size, as PTX requires) whose addresses are not all
 * known: they touch a common byte when their addresses may agree above the larger size. Threads are
 * sorted by the address bits known for all of them, and only threads with equal keys compared. */
static bool partial_conflict(races *r, const ptx_profile *a, const ptx_profile *b, int lg, int filter)
{
    keyed *list = r->keys;
    uint32_t n = list_threads(b, 1, list, list_threads(a, 0, list, 0));
    uint64_t known_all = ~(uint64_t)0;
    for (uint32_t i = 0; i < n; i++)
        known_all &= list[i].v.one | list[i].v.zero;
    for (uint32_t i = 0; i < n; i++)
        list[i].key = (list[i].v.one & known_all) >> lg;
    sort_by_key(list, r->keys + n, n);
    for (uint32_t i = 0; i < n;) {
        uint32_t j = i, budget = 256;
        while (j < n && list[j].key == list[i].key)
            j++;
        for (uint32_t p = i; p < j && list[p].side == 0; p++)
            for (uint32_t q = p + 1; q < j; q++) {
                if (list[q].side != 1 || !pair_allowed(filter, list[p].t, list[q].t))
                    continue;
                if (ptx_kb_may_equal(shifted(list[p].v, lg), shifted(list[q].v, lg)) || !budget--)
                    return true;
            }
        i = j;
    }
    return false;
}

/* The end of a copy of unknown extent starting at lo (ending at hi, the array's end) when another
 * copy, known to start at other above it, follows: tensor copies take their box from the tensor map,
 * and the buffers a pipeline fills are laid out one after another, so one ends where the next begins. */
static uint64_t copy_end(const racc *x, ptx_kb at, uint64_t hi, const racc *y, ptx_kb other)
{
    if (x->size || !x->async || !x->write || !y->async || !y->write || !ptx_kb_known(at) || !ptx_kb_known(other))
        return hi;
    return other.one > at.one && other.one < hi ? other.one : hi;
}

/* The bytes [lo, hi) that the threads making an access may touch, over all of them. */
static void range_span(const racc *x, const ptx_tvals *a, uint64_t end, uint64_t *lo, uint64_t *hi)
{
    *lo = ~(uint64_t)0, *hi = 0;
    for (uint32_t t = 0; t < a->n; t++) {
        if (a->act[t] == PTX_ACT_NO)
            continue;
        uint64_t l = ptx_kb_min(a->addr[t]), h = x->size ? ptx_kb_max(a->addr[t]) + x->size : end;
        *lo = l < *lo ? l : *lo;
        *hi = h > *hi ? h : *hi;
    }
}

/* Accesses of many bytes (bulk copies), or of an unknown extent (to the end of the array, or to the
 * next copy): byte ranges compared pairwise, between the threads that make them (usually one for a
 * bulk copy). */
static bool range_conflict(const racc *x, const ptx_tvals *a, const racc *y, const ptx_tvals *b, int filter,
                           uint64_t end_a, uint64_t end_b)
{
    uint64_t work = 0, lo1, hi1, lo2, hi2;
    /* the spans of the two apart (a wgmma's 128 threads against a tile's stores): no pair meets */
    range_span(x, a, end_a, &lo1, &hi1);
    range_span(y, b, end_b, &lo2, &hi2);
    if (lo1 >= hi2 || lo2 >= hi1)
        return false;
    for (uint32_t t1 = 0; t1 < a->n; t1++) {
        if (a->act[t1] == PTX_ACT_NO)
            continue;
        uint64_t lo1 = ptx_kb_min(a->addr[t1]), hi1 = x->size ? ptx_kb_max(a->addr[t1]) + x->size : end_a;
        for (uint32_t t2 = 0; t2 < b->n; t2++) {
            if (b->act[t2] == PTX_ACT_NO || !pair_allowed(filter, t1, t2))
                continue;
            uint64_t lo2 = ptx_kb_min(b->addr[t2]), hi2 = y->size ? ptx_kb_max(b->addr[t2]) + y->size : end_b;
            hi2 = copy_end(y, b->addr[t2], hi2, x, a->addr[t1]);
            if (lo1 < hi2 && lo2 < copy_end(x, a->addr[t1], hi1, y, b->addr[t2]))
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
    if (x->which || a->sym < 0 || r->c->syms[a->sym].size <= 0)
        return ~(uint64_t)0;
    return ptx_symbol_base(r->c, a->sym) + (uint64_t)r->c->syms[a->sym].size;
}

/* Two runs of threads at one address: is there a pair the filter allows? (Each run holds a thread
 * once.) */
static bool run_conflict(const uint32_t *a, uint32_t na, const uint32_t *b, uint32_t nb, int filter)
{
    if (filter == PTX_PAIR_ANY)
        return true;
    if (filter == PTX_PAIR_OTHER_THREADS)
        return na > 1 || nb > 1 || a[0] != b[0];
    int lg = filter - PTX_PAIR_GROUPS;
    for (uint32_t i = 0; i < na; i++)
        if ((a[i] >> lg) != (b[0] >> lg))
            return true;
    for (uint32_t j = 0; j < nb; j++)
        if ((b[j] >> lg) != (a[0] >> lg))
            return true;
    return false;
}

/* Known addresses, both sorted: walked together, runs of one granule compared. */
static bool sorted_conflict(const ptx_profile *p, const ptx_profile *q, int lg, int filter)
{
    uint32_t i = 0, j = 0;
    while (i < p->n && j < q->n) {
        uint64_t a = p->addr[i] >> lg, b = q->addr[j] >> lg;
        if (a != b) {
            i += a < b;
            j += b < a;
            continue;
        }
        uint32_t i2 = i, j2 = j;
        while (i2 < p->n && p->addr[i2] >> lg == a)
            i2++;
        while (j2 < q->n && q->addr[j2] >> lg == a)
            j2++;
        if (run_conflict(p->t + i, i2 - i, q->t + j, j2 - j, filter))
            return true;
        i = i2;
        j = j2;
    }
    return false;
}

/* The quick answers from two summaries: false when they cannot touch a common granule of 2^lg bytes. */
static bool summaries_meet(const ptx_profile *p, const ptx_profile *q, int lg)
{
    if (!p->n || !q->n)
        return false;
    if ((p->hi >> lg) < (q->lo >> lg) || (q->hi >> lg) < (p->lo >> lg))
        return false;                                              /* apart */
    return !(((p->ones & q->zeros) | (p->zeros & q->ones)) >> lg); /* a bit one in every address of one, zero
                                                                       in every address of the other */
}

static bool details_conflict(races *r, const racc *x, const ptx_profile *p, const racc *y, const ptx_profile *q,
                             int filter, int lg)
{
    uint32_t size = x->size > y->size ? x->size : y->size;
    if (!x->size || !y->size || size > 16)
        return range_conflict(x, &p->raw, y, &q->raw, filter, array_end(r, x), array_end(r, y));
    if (p->known && q->known)
        return sorted_conflict(p, q, lg, filter);
    return partial_conflict(r, p, q, lg, filter);
}

/* Could a thread of one warp at p meet a thread of another warp at q (granules of 2^lg bytes)? From
 * the per-warp address ranges. */
static bool warps_meet(const races *r, const ptx_profile *p, const ptx_profile *q, int lg)
{
    uint32_t nw = ((uint32_t)ptx_threads_count(r->c) + 31) / 32;
    const uint64_t *a = r->ranges + p->warps, *b = r->ranges + q->warps;
    for (uint32_t w = 0; w < nw; w++) {
        if (a[2 * w] > a[2 * w + 1])
            continue;
        for (uint32_t v = 0; v < nw; v++)
            if (v != w && b[2 * v] <= b[2 * v + 1] && (a[2 * w] >> lg) <= (b[2 * v + 1] >> lg) &&
                (b[2 * v] >> lg) <= (a[2 * w + 1] >> lg))
                return true;
    }
    return false;
}

static int32_t base_of(races *r, racc *x)
{
    if (x->base == -2)
        x->base = ptx_threads_base(r->c, x->ins, x->which, &x->off);
    return x->base;
}

/* The answers the kept summaries give without the threads themselves: 1 conflict, 0 none, -1 open.
 * Accesses of different warps' address ranges; accesses at one address function made by every thread,
 * whose addresses are apart (or not) at the granule. */
static int summaries_decide(races *r, racc *x, const ptx_profile *p, racc *y, const ptx_profile *q, int filter, int lg,
                            const ptx_eval *ev)
{
    const int32_t *inner = r->c->sync->inner;
    /* y evaluated as x is: the same loops, met in the same iteration of each (else its function differs) */
    bool as_x = !q->relative ||
                (ev->via == -1 && !ev->noisy && !ev->unknown && inner[r->c->blk[x->ins]] == inner[r->c->blk[y->ins]]);
    if (filter == PTX_PAIR_OTHER_WARPS && p->warps >= 0 && q->warps >= 0 && !warps_meet(r, p, q, lg))
        return 0;
    uint32_t n = (uint32_t)ptx_threads_count(r->c);
    uint8_t apart = p->apart ? p->apart : q->apart;
    if (filter != PTX_PAIR_OTHER_THREADS || !apart || p->n != n || q->n != n || x->size != y->size ||
        base_of(r, x) < 0 || base_of(r, x) != base_of(r, y) || x->off != y->off || !as_x)
        return -1;
    return apart != 255 && apart > lg ? 0 : 1;
}

/* In sample s: summaries first, the threads themselves when they do not settle it. */
static bool sample_conflict(races *r, const racc *x, const racc *y, int filter, const ptx_eval *ev, int s,
                            bool *sampled)
{
    uint32_t size = x->size > y->size ? x->size : y->size;
    int lg = 0;
    while (size <= 16 && x->size && y->size && (1u << lg) < size)
        lg++;
    ptx_eval ex = {.s = s, .via = -1, .from = -1, .unknown = ev->unknown, .last = ev->last}, ey = *ev;
    ey.s = s, ey.last = 0;
    uint32_t ax = (uint32_t)(x - r->acc), ay = (uint32_t)(y - r->acc);
    bool large = !x->size || !y->size || size > 16;
    const ptx_profile *p = ptx_profile_of(r, ax, &ex, 0, false);
    const ptx_profile *q = p ? ptx_profile_of(r, ay, &ey, 1, false) : NULL;
    if (!p || !q)
        return true;
    *sampled = p->sampled || q->sampled;
    if (!large && !summaries_meet(p, q, lg))
        return false;
    int decided = large ? -1 : summaries_decide(r, (racc *)x, p, (racc *)y, q, filter, lg, ev);
    if (decided >= 0)
        return decided;
    p = ptx_profile_of(r, ax, &ex, 0, true);
    q = p ? ptx_profile_of(r, ay, &ey, 1, true) : NULL;
    return !p || !q || details_conflict(r, x, p, y, q, filter, lg);
}

/* Whether x's address depends on a run-time value (a parameter, a block index), not only on loop
 * counters and the thread. */
static bool run_time_address(races *r, racc *x)
{
    int32_t b = base_of(r, x);
    return b < 0 || ptx_threads_of(r->c)->nodes[b].param;
}

/* Whether x's address depends on a loop's counter in a function where loops hold loops. */
static bool nested_counters(races *r, racc *x)
{
    int32_t b = base_of(r, x);
    return r->c->sync->nested && b >= 0 && ptx_threads_of(r->c)->nodes[b].loops;
}

bool ptx_may_conflict(races *r, const racc *x, const racc *y, int filter, const ptx_eval *ev)
{
    const ptx_ctx *c = r->c;
    const ptx_affine *a = &c->addr[x->ins], *b = &c->addr[y->ins];
    if (!x->which && !y->which && a->sym >= 0 && b->sym >= 0 && a->sym != b->sym &&
        (c->syms[a->sym].size > 0 || c->syms[b->sym].size > 0))
        return false; /* two arrays (the dynamic ones, of no size, all start after the others) */
    if (filter != PTX_PAIR_ANY && !affine_conflict(r, x, y))
        return false;
    if (!ptx_threads_count(r->c))
        return true;
    if (!r->profiled) {
        ptx_profiles_init(r);
        r->profiled = true;
    }
    for (int s = 0; s < ptx_threads_samples(r->c); s++) {
        if (s == 2 && !run_time_address(r, (racc *)x) && !run_time_address(r, (racc *)y) &&
            !(nested_counters(r, (racc *)x) || nested_counters(r, (racc *)y)))
            break; /* the odd sample changes run-time values and nested loops' counters only */
        bool sampled = true;
        if (sample_conflict(r, x, y, filter, ev, s, &sampled))
            return true;
        if (!sampled)
            break;
    }
    return false;
}
