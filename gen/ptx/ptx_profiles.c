/* Profiles of shared accesses: each access evaluated for every thread (ptx_threads.c) once per sample,
 * its threads sorted by address, with the summaries that answer most comparisons at once. */
#include "ptx_kbits.h"
#include "ptx_races.h"

#include <stdlib.h>
#include <string.h>

/* Sorts addr (with t alongside) by address: usually already sorted (addresses grow with the thread);
 * otherwise by radix on the bits that differ, 8 at a time. */
static void sort_by_address(uint64_t *addr, uint32_t *t, uint32_t n, uint64_t lo, uint64_t hi, uint64_t *tmp_a,
                            uint32_t *tmp_t)
{
    bool sorted = true;
    for (uint32_t i = 1; i < n && sorted; i++)
        sorted = addr[i - 1] <= addr[i];
    if (sorted)
        return;
    uint64_t span = hi - lo;
    for (int shift = 0; shift < 64 && (span >> shift); shift += 8) {
        uint32_t count[257] = {0};
        for (uint32_t i = 0; i < n; i++)
            count[((addr[i] - lo) >> shift & 255) + 1]++;
        for (int d = 0; d < 256; d++)
            count[d + 1] += count[d];
        for (uint32_t i = 0; i < n; i++) {
            uint32_t k = count[(addr[i] - lo) >> shift & 255]++;
            tmp_a[k] = addr[i];
            tmp_t[k] = t[i];
        }
        memcpy(addr, tmp_a, n * sizeof *addr);
        memcpy(t, tmp_t, n * sizeof *t);
    }
}

/* n elements of size bytes in the function's scratch arena, not zeroed: written before they are read. */
static void *scratch_array(const races *r, size_t n, size_t size)
{
    return ptx_alloc_raw(r->c->scratch, n * size);
}

/* Per warp, the range of addresses its threads may use, at r->ranges[at] (appended when at < 0;
 * warps of 32 threads: threads 32w .. 32w+31). An empty warp has lo > hi. */
static int32_t warp_ranges(races *r, const ptx_tvals *v, int32_t at)
{
    uint32_t nw = (v->n + 31) / 32;
    if (at < 0) {
        if (r->nranges + 2 * nw > r->ranges_cap) {
            r->ranges_cap = (r->nranges + 2 * nw) * 2 + 256;
            r->ranges = realloc(r->ranges, r->ranges_cap * sizeof *r->ranges);
            if (!r->ranges)
                abort();
        }
        at = (int32_t)r->nranges;
        r->nranges += 2 * nw;
    }
    uint64_t *w = r->ranges + at;
    for (uint32_t k = 0; k < nw; k++)
        w[2 * k] = ~(uint64_t)0, w[2 * k + 1] = 0;
    for (uint32_t t = 0; t < v->n; t++) {
        if (v->act[t] == PTX_ACT_NO)
            continue;
        uint64_t lo = v->known ? v->kv[t] : ptx_kb_min(v->addr[t]), hi = v->known ? v->kv[t] : ptx_kb_max(v->addr[t]);
        w[2 * (t / 32)] = lo < w[2 * (t / 32)] ? lo : w[2 * (t / 32)];
        w[2 * (t / 32) + 1] = hi > w[2 * (t / 32) + 1] ? hi : w[2 * (t / 32) + 1];
    }
    return at;
}

/* The summaries of evaluation v: the threads that may make the access, their address range, the bits
 * one (zero) in every address. */
static void summarize(ptx_profile *p, const ptx_tvals *v)
{
    *p = (ptx_profile){.n = v->active,
                       .valid = true,
                       .known = v->known,
                       .sampled = v->sampled,
                       .relative = v->relative,
                       .lo = v->lo,
                       .hi = v->hi,
                       .ones = v->ones,
                       .zeros = v->zeros,
                       .warps = -1,
                       .apart = v->apart,
                       .addr = p->addr,
                       .t = p->t,
                       .raw = p->raw};
}

/* The low bits two of p's sorted addresses never all share (the most any pair of consecutive ones
 * needs to tell them apart); 255 when two are equal. */
static uint8_t apart_bits(const ptx_profile *p)
{
    int least = 64;
    for (uint32_t i = 1; i < p->n; i++) {
        uint64_t d = p->addr[i - 1] ^ p->addr[i];
        int bits = d ? 64 - __builtin_clzll(d) : 0;
        least = bits < least ? bits : least;
    }
    return least ? (uint8_t)least : 255;
}

/* The threads of evaluation v kept as they are (for byte ranges: compared with a copy of many bytes or
 * of unknown extent, whichever of the two that is), and sorted by address when all known, into p's
 * own arrays. */
static void detail(races *r, ptx_profile *p, const ptx_tvals *v)
{
    p->detailed = true;
    p->raw.n = v->n;
    for (uint32_t t = 0; t < v->n; t++)
        p->raw.addr[t] = v->known ? (ptx_kb){v->kv[t], ~v->kv[t]} : v->addr[t];
    memcpy(p->raw.act, v->act, v->n);
    if (!p->known)
        return;
    for (uint32_t t = 0, k = 0; t < v->n; t++)
        if (v->act[t] != PTX_ACT_NO) {
            p->addr[k] = v->kv[t];
            p->t[k++] = t;
        }
    if (!p->apart) /* not known to grow with the thread: sort */
        sort_by_address(p->addr, p->t, p->n, p->lo, p->hi, r->sort_addr, r->sort_t);
}

/* What identifies access a's evaluation as ev says: the access, sample and unknown loop values, and,
 * when its values depend on the reference (not `plain`), the way the walk came (how many times around)
 * and the innermost loop holding the reference. */
static uint64_t context_key(const races *r, uint32_t a, const ptx_eval *ev, bool plain)
{
    uint64_t key = (((uint64_t)a * 16 + (uint64_t)(ev->s & 15)) * 2 + ev->unknown) * 2 + ev->noisy;
    if (plain || ev->from < 0)
        return (key << 32 | 0xFFFFFFFFu) + 1;
    int32_t inner = r->c->sync->inner[r->c->blk[ev->from]];
    uint64_t way[4] = {((uint64_t)(uint32_t)(ev->via + 3) * 2 + ev->many) * 2 + ev->later,
                       ev->trips > 1 ? ev->trips : 1u, ev->around, (uint64_t)(uint32_t)(inner + 1)};
    /* mixed into one word: distinct contexts practically never meet (the access and sample scrambled
     * first: XOR-ed raw, their low bits and the way's cancelled, (sample 0, round loop 2) meeting
     * (sample 1, round loop 1)) */
    key = key * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
    for (int k = 0; k < 4; k++)
        key = (key ^ way[k]) * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
    return key | 1;
}

static ptx_profile *kept_summary(races *r, uint32_t a, const ptx_eval *ev, bool plain)
{
    if (plain || ev->from < 0) {
        /* per sample and whether loop values are unknown; sample 2 reads sample 0's (always made first):
         * its odd sizes are looked at only where sample 0's ranges meet, for a size of a power of two
         * plus an odd number breaks what kernels ask of their sizes (a bitonic sort's length) */
        if (!r->profiles[a])
            r->profiles[a] = ptx_scratch(r->c, 4, sizeof *r->profiles[a]);
        return &r->profiles[a][(size_t)(ev->s & 1) * 2 + ev->unknown];
    }
    enum { TABLE = 1 << 9 }; /* small: few accesses depend on the reference, and each in few ways */
    if (!r->related) {
        r->related = ptx_alloc_raw(r->c->scratch, TABLE * sizeof *r->related); /* zeroed when its slot is taken */
        r->related_key = ptx_scratch(r->c, TABLE, sizeof *r->related_key);
    }
    uint64_t key = context_key(r, a, ev, false);
    uint32_t h = (uint32_t)(key * 0x9E3779B97F4A7C15ull >> 52) & (TABLE - 1);
    for (int probe = 0; probe < 16; probe++, h = (h + 1) & (TABLE - 1))
        if (!r->related_key[h] || r->related_key[h] == key) {
            if (!r->related_key[h])
                r->related[h] = (ptx_profile){0};
            r->related_key[h] = key;
            return &r->related[h];
        }
    return NULL;
}

/* The full profiles of the last accesses compared (a small cache: an access is compared with many
 * others in turn). The slot given out for the first of a pair is not reused for the second. */
static ptx_profile *detail_slot(races *r, uint64_t key, int side, bool *hit)
{
    int victim = -1;
    for (int k = 0; k < DETAIL_SLOTS; k++) {
        if (r->dkey[k] == key) {
            *hit = true;
            r->dused[k] = ++r->dtick;
            if (side == 0)
                r->dprotect = k;
            return &r->dslot[k];
        }
        if ((side == 0 || k != r->dprotect) && (victim < 0 || r->dused[k] < r->dused[victim]))
            victim = k;
    }
    *hit = false;
    ptx_profile *p = &r->dslot[victim];
    if (!p->addr) { /* first use of the slot */
        uint32_t n = (uint32_t)ptx_threads_count(r->c);
        p->addr = scratch_array(r, n, sizeof *p->addr);
        p->t = scratch_array(r, n, sizeof *p->t);
        p->raw.addr = scratch_array(r, n, sizeof *p->raw.addr);
        p->raw.act = scratch_array(r, n, 1);
    }
    r->dkey[victim] = key;
    r->dused[victim] = ++r->dtick;
    if (side == 0)
        r->dprotect = victim;
    return &r->dslot[victim];
}

static bool same_eval(const ptx_eval *x, const ptx_eval *y)
{
    return x->s == y->s && x->via == y->via && x->noisy == y->noisy && x->from == y->from && x->unknown == y->unknown &&
           x->threads == y->threads && x->trips == y->trips && x->many == y->many && x->around == y->around &&
           x->later == y->later;
}

/* Access a evaluated as ev says into r->v[slot]. The full profile of a pair usually follows the
 * summaries of the same evaluation in the same slot: its threads are still there. */
static bool evaluate(races *r, uint32_t a, const ptx_eval *ev, int slot)
{
    if (r->v_acc[slot] == a + 1 && same_eval(&r->v_ev[slot], ev))
        return true;
    r->v_acc[slot] = 0;
    if (!ptx_threads_access(r->c, r->acc[a].ins, r->acc[a].which, ev, &r->v[slot]))
        return false;
    r->v_acc[slot] = a + 1;
    r->v_ev[slot] = *ev;
    return true;
}

const ptx_profile *ptx_profile_of(races *r, uint32_t a, const ptx_eval *ev, int slot, bool full)
{
    if (ev->last) { /* in a loop's last iteration: made for one pair, neither kept nor read from kept ones */
        if (!evaluate(r, a, ev, slot))
            return NULL;
        ptx_profile *p = &r->temp[slot];
        summarize(p, &r->v[slot]);
        bool warps = r->v[slot].n > 32 && r->warp_filters;
        p->warps = warps ? warp_ranges(r, &r->v[slot], (int32_t)(slot * ((r->v[slot].n + 31) / 32) * 2)) : -1;
        if (full)
            detail(r, p, &r->v[slot]);
        return p;
    }
    bool plain = ev->from < 0 || r->plain_known[a] == 2, known_kind = plain || r->plain_known[a] == 1;
    ptx_profile *kept = known_kind ? kept_summary(r, a, ev, plain) : NULL;
    if (!full && kept && kept->valid)
        return kept;
    bool hit = false;
    ptx_profile *p = full && known_kind ? detail_slot(r, context_key(r, a, ev, plain), slot, &hit) : &r->temp[slot];
    if (hit)
        return p;
    if (!evaluate(r, a, ev, slot)) {
        if (p != &r->temp[slot])
            r->dkey[p - r->dslot] = 0;
        return NULL;
    }
    summarize(p, &r->v[slot]);
    bool warps = r->v[slot].n > 32 && r->warp_filters; /* only pairs of different warps use them */
    p->warps = warps ? warp_ranges(r, &r->v[slot], (int32_t)(slot * ((r->v[slot].n + 31) / 32) * 2)) : -1;
    if (ev->from >= 0)
        r->plain_known[a] = p->relative ? 1 : 2;
    kept = kept_summary(r, a, ev, ev->from < 0 || !p->relative);
    if (kept && !kept->valid) {
        *kept = *p;
        kept->addr = NULL, kept->t = NULL, kept->raw = (ptx_tvals){0};
        kept->warps = warps ? warp_ranges(r, &r->v[slot], -1) : -1;
    }
    if (full) {
        detail(r, p, &r->v[slot]);
        if (p->known && kept && kept->valid && !kept->apart)
            kept->apart = apart_bits(p);
        if (p != &r->temp[slot] && p->warps >= 0) /* its per-warp ranges were the scratch slot's */
            p->warps = -1;
    }
    return p;
}

void ptx_profiles_init(races *r)
{
    uint32_t n = (uint32_t)ptx_threads_count(r->c);
    n = n ? n : 1;
    r->profiles = ptx_scratch(r->c, r->na, sizeof *r->profiles);
    r->plain_known = ptx_scratch(r->c, r->na, 1);
    for (int k = 0; k < 2; k++) { /* evaluations, profiles and sorts write their threads before reading them */
        r->v[k].addr = scratch_array(r, n, sizeof *r->v[k].addr);
        r->v[k].kv = scratch_array(r, n, sizeof *r->v[k].kv);
        r->v[k].act = scratch_array(r, n, 1);
        r->temp[k].addr = scratch_array(r, n, sizeof *r->temp[k].addr);
        r->temp[k].t = scratch_array(r, n, sizeof *r->temp[k].t);
        r->temp[k].raw.addr = scratch_array(r, n, sizeof *r->temp[k].raw.addr);
        r->temp[k].raw.act = scratch_array(r, n, 1);
    }
    r->sort_addr = scratch_array(r, n, sizeof *r->sort_addr);
    r->sort_t = scratch_array(r, n, sizeof *r->sort_t);
    r->keys = scratch_array(r, 4 * (size_t)n, sizeof *r->keys); /* two profiles' threads, and as much to sort */
    r->nranges = 4 * ((n + 31) / 32);                           /* the two slots' per-warp ranges come first */
    r->ranges_cap = r->nranges + 256;
    r->ranges = ptx_xcalloc(r->ranges_cap, sizeof *r->ranges);
}

void ptx_profiles_free(races *r)
{
    free(r->ranges); /* grown with realloc; the rest is in the function's scratch */
}
