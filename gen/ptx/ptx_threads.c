/* Values per thread: an access's address and whether each thread of the block makes it, with their
 * summaries; the threads of the block (how many, how they are laid out). */
#include "ptx_kbits.h"
#include "ptx_tgraph.h"

#include <stdlib.h>
#include <string.h>

/* ---- accesses ---- */

static uint8_t activity_of(ptx_kb p)
{
    return (p.one & 1) ? PTX_ACT_YES : (p.zero & 1) ? PTX_ACT_NO : PTX_ACT_MAYBE;
}

/* The bytes [*base, *end) of the shared array access ins indexes; false when it indexes none known. */
static bool array_bounds(const ptx_ctx *c, uint32_t ins, uint64_t *base, uint64_t *end)
{
    const ptx_affine *a = &c->addr[ins];
    if (a->sym < 0 || c->f->ins[ins].space != PTX_SP_SHARED || c->syms[a->sym].size <= 0)
        return false;
    *base = ptx_symbol_base(c, a->sym), *end = *base + (uint64_t)c->syms[a->sym].size;
    return true;
}

/* The threads whose access would leave [base, end) do not make it: for any value their
 * data-dependent bits allow, when those bits are bounded. */
static void leave_array(ptx_tvals *out, uint64_t base, uint64_t end)
{
    if (out->known) {
        for (uint32_t t = 0; t < out->n; t++)
            out->act[t] = out->kv[t] - base >= end - base ? (uint8_t)PTX_ACT_NO : out->act[t];
        return;
    }
    for (uint32_t t = 0; t < out->n; t++) {
        uint64_t lo = ptx_kb_min(out->addr[t]), hi = ptx_kb_max(out->addr[t]);
        if (out->act[t] != PTX_ACT_NO && hi - lo < ((uint64_t)1 << 20) && (lo < base || hi >= end))
            out->act[t] = PTX_ACT_NO;
    }
}

/* A thread whose access would leave the array it indexes does not make it (the program would be
 * undefined). true when some thread may. */
static bool keep_in_array(const ptx_ctx *c, uint32_t ins, ptx_tvals *out)
{
    uint64_t base, end;
    if (!array_bounds(c, ins, &base, &end))
        return false;
    if (!out->active || (out->lo >= base && out->hi < end))
        return false; /* every thread inside (the summary says so) */
    leave_array(out, base, end);
    return true;
}

/* The summaries when every thread may make the access and every address is known: loops without
 * branches (vectorised). */
static void summarize_all(ptx_tvals *out)
{
    uint64_t ones = ~(uint64_t)0, any = 0, down = 0, fewest = ~(uint64_t)0;
    const uint64_t *restrict kv = out->kv;
    for (uint32_t t = 0; t < out->n; t++) {
        ones &= kv[t];
        any |= kv[t];
    }
    /* neighbours: does an address fall (addresses stay below 2^63); when none does, the fewest low
     * bits that tell two apart: the smallest xor (it has the fewest bits) smeared down */
    for (uint32_t t = 1; t < out->n; t++)
        down |= (kv[t] - kv[t - 1]) >> 63;
    for (uint32_t t = 1; !down && t < out->n; t++) {
        uint64_t d = kv[t] ^ kv[t - 1];
        fewest = d < fewest ? d : fewest;
    }
    fewest |= fewest >> 1, fewest |= fewest >> 2, fewest |= fewest >> 4;
    fewest |= fewest >> 8, fewest |= fewest >> 16, fewest |= fewest >> 32;
    uint64_t lo = kv[0], hi = kv[out->n - 1];
    for (uint32_t t = 0; down && t < out->n; t++) {
        lo = kv[t] < lo ? kv[t] : lo;
        hi = kv[t] > hi ? kv[t] : hi;
    }
    out->active = out->n;
    out->lo = lo, out->hi = hi, out->ones = ones, out->zeros = ~any;
    out->apart = down ? 0 : out->n < 2 ? 64 : !fewest ? 255 : (uint8_t)__builtin_popcountll(fewest);
}

/* The summaries of out over the threads that may make the access (see ptx_tvals). */
static void summarize(ptx_tvals *out)
{
    bool all = out->known && out->n > 0 && !memchr(out->act, PTX_ACT_NO, out->n);
    if (all) {
        summarize_all(out);
        return;
    }
    uint32_t active = 0;
    uint64_t lo = ~(uint64_t)0, hi = 0, ones = ~(uint64_t)0, zeros = ~(uint64_t)0, last = 0;
    int least = 64;
    bool growing = out->known;
    for (uint32_t t = 0; t < out->n; t++) {
        if (out->act[t] == PTX_ACT_NO)
            continue;
        ptx_kb a = out->known ? (ptx_kb){out->kv[t], ~out->kv[t]} : out->addr[t];
        if (growing && active) {
            uint64_t d = a.one ^ last;
            int bits = d ? 64 - __builtin_clzll(d) : 0;
            least = bits < least ? bits : least;
            growing = a.one >= last;
        }
        last = a.one;
        active++;
        lo = a.one < lo ? a.one : lo;
        hi = ~a.zero > hi ? ~a.zero : hi;
        ones &= a.one;
        zeros &= a.zero;
    }
    out->active = active;
    out->lo = lo, out->hi = hi, out->ones = ones, out->zeros = zeros;
    out->apart = growing ? (least ? (uint8_t)least : 255) : 0;
}

/* The access's address (the root's values plus its offset) and activity for every thread, into out. */
static void fill(const ptx_root v[2], bool has_act, const tnode *b, int64_t off, ptx_tvals *out)
{
    uint64_t m = b->w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << b->w) - 1;
    out->known = v[0].kv != NULL;
    if (v[0].kv && v[0].uni) {
        for (uint32_t t = 0; t < out->n; t++)
            out->kv[t] = (v[0].kv[0] + (uint64_t)off) & m;
    } else if (v[0].kv) {
        uint64_t *restrict to = out->kv; /* the roots' values are stored apart from out */
        const uint64_t *restrict from = v[0].kv;
        for (uint32_t t = 0; t < out->n; t++)
            to[t] = (from[t] + (uint64_t)off) & m;
    } else {
        for (uint32_t t = 0; t < out->n; t++) {
            ptx_kb a = ptx_root_value(&v[0], t);
            out->addr[t] = ptx_kb_known(a) ? ptx_kb_const((a.one + (uint64_t)off) & m, b->w)
                                           : ptx_kb_add(a, ptx_kb_const((uint64_t)off, b->w), b->w);
        }
    }
    if (!has_act || (v[1].uni && v[1].kv))
        memset(out->act, !has_act || (v[1].kv[0] & 1) ? PTX_ACT_YES : PTX_ACT_NO, out->n);
    else if (v[1].uni)
        memset(out->act, activity_of(v[1].kb[0]), out->n);
    else if (v[1].kv) {
        uint8_t *restrict to = out->act;
        const uint64_t *restrict from = v[1].kv;
        for (uint32_t t = 0; t < out->n; t++) /* PTX_ACT_NO or PTX_ACT_YES without a branch */
            to[t] = (uint8_t)(PTX_ACT_NO + (from[t] & 1) * (PTX_ACT_YES - PTX_ACT_NO));
    } else {
        for (uint32_t t = 0; t < out->n; t++)
            out->act[t] = activity_of(v[1].kb[t]);
    }
}

/* ---- kept accesses: one evaluated from kept roots has the same summaries each time ---- */

static uint32_t kept_access_hash(const uint64_t k[4], uint32_t cap)
{
    return (uint32_t)((k[0] ^ k[1] * 31 ^ k[2] * 37 ^ k[3] * 41) * 0x9E3779B97F4A7C15ull >> 40) & (cap - 1);
}

/* The entry of the access with key k, or NULL; nothing claimed. */
static const ptx_kept_access *find_access(const ptx_threads *th, const uint64_t k[4])
{
    for (uint32_t h = kept_access_hash(k, th->kept_acc_cap); th->kept_acc_cap && th->kept_acc[h].key[0];
         h = (h + 1) & (th->kept_acc_cap - 1))
        if (!memcmp(th->kept_acc[h].key, k, sizeof th->kept_acc[h].key))
            return &th->kept_acc[h];
    return NULL;
}

/* The entry of the access with key k (claimed when new). */
static ptx_kept_access *kept_access(ptx_threads *th, const uint64_t k[4])
{
    if (th->kept_acc_n * 2 >= th->kept_acc_cap) {
        uint32_t cap = th->kept_acc_cap ? th->kept_acc_cap * 2 : 64;
        ptx_kept_access *old = th->kept_acc, *grown = ptx_xcalloc(cap, sizeof *grown);
        for (uint32_t i = 0; i < th->kept_acc_cap; i++)
            for (uint32_t h = kept_access_hash(old[i].key, cap); old[i].key[0]; h = (h + 1) & (cap - 1))
                if (!grown[h].key[0]) {
                    grown[h] = old[i];
                    break;
                }
        free(old);
        th->kept_acc = grown;
        th->kept_acc_cap = cap;
    }
    for (uint32_t h = kept_access_hash(k, th->kept_acc_cap);; h = (h + 1) & (th->kept_acc_cap - 1)) {
        ptx_kept_access *e = &th->kept_acc[h];
        if (!e->key[0]) {
            memcpy(e->key, k, sizeof e->key);
            e->at = -1;
            th->kept_acc_n++;
            return e;
        }
        if (!memcmp(e->key, k, sizeof e->key))
            return e;
    }
}

/* Keeps the summaries of out (and whether some thread left its array) for entry e. */
static void store_access(ptx_threads *th, ptx_kept_access *e, const ptx_tvals *out, bool left)
{
    PTX_PUSH(th->acc_vals, th->nacc_vals, th->acc_vals_cap);
    th->acc_vals[th->nacc_vals] = *out;
    th->acc_vals[th->nacc_vals].addr = NULL, th->acc_vals[th->nacc_vals].kv = NULL;
    th->acc_vals[th->nacc_vals].act = NULL;
    e->left = left;
    e->at = (int32_t)th->nacc_vals++;
}

/* What an access's summaries depend on, into key: the roots, the offset, the threads and the array it
 * is kept in (*sym, -1 none, its bytes [*lo, *hi)); so accesses at one address (a load and a store of
 * one element) share them. */
static void access_key(const ptx_ctx *c, uint32_t ins, int which, uint32_t n, const ptx_root v[2], bool has_act,
                       int64_t off, uint64_t key[4], int64_t *sym, uint64_t *lo, uint64_t *hi)
{
    *sym = which == 0 && array_bounds(c, ins, lo, hi) ? c->addr[ins].sym : -1;
    key[0] = (uint64_t)(*sym + 1) << 32 | n;
    key[1] = v[0].key, key[2] = has_act ? v[1].key : 0, key[3] = (uint64_t)off;
}

/* Who makes access ins as ev samples it: in PTX_SAMPLE_FIRST, the threads that enter its loops. */
static int32_t activity_root(ptx_ctx *c, ptx_threads *th, uint32_t ins, const ptx_eval *ev)
{
    return ev->s == PTX_SAMPLE_FIRST ? ptx_tgraph_first_activity(c, th, ins) : ptx_tgraph_activity(c, th, ins);
}

/* An evaluation ev->trips (two or more) iterations on round loop ev->via (ev->many), or into the other
 * access's own loop (ev->later, the loop ev->around names): the threads that get that far are those
 * its latch sent round from the iteration before; the others drop out. */
static bool reach_iteration(ptx_ctx *c, ptx_threads *th, const ptx_eval *ev, ptx_tvals *out)
{
    int32_t p = ptx_tgraph_next_activity(c, th, ev->later ? (int32_t)ev->around - 1 : ev->via);
    ptx_eval before = *ev;
    before.trips = ev->trips - 1, before.many = before.trips > 1;
    ptx_root v[2] = {{0}, {0}};
    if (p < 0 || !ptx_teval_roots(c, th, p, -1, &before, v, false))
        return false;
    for (uint32_t t = 0; t < out->n; t++)
        if (activity_of(ptx_root_value(&v[0], t)) == PTX_ACT_NO)
            out->act[t] = PTX_ACT_NO;
    return true;
}

static bool eval_access(ptx_ctx *c, ptx_threads *th, uint32_t ins, int which, const ptx_eval *ev, ptx_tvals *out)
{
    int64_t off, sym;
    int32_t base = ptx_tgraph_address(c, th, ins, which, &off), act = activity_root(c, th, ins, ev);
    if (base < 0)
        return false;
    ptx_root v[2] = {{0}, {0}};
    bool keyed = ptx_teval_roots(c, th, base, act, ev, v, false);
    const tnode *b = &th->nodes[base];
    out->n = ev->threads && ev->threads < (uint32_t)th->nthreads ? ev->threads : (uint32_t)th->nthreads;
    uint64_t lo = 0, hi = 0, key[4]; /* set by access_key where sym >= 0, the only case that reads them */
    access_key(c, ins, which, out->n, v, act >= 0, off, key, &sym, &lo, &hi);
    ptx_kept_access *e = keyed ? kept_access(th, key) : NULL;
    /* comparisons with parameters are decided by the sample when ev->params */
    out->sampled = b->atoms || (act >= 0 && th->nodes[act].atoms) ||
                   (ev->params && (b->param || (act >= 0 && th->nodes[act].param)));
    out->relative = b->loops || (act >= 0 && th->nodes[act].loops);
    fill(v, act >= 0, b, off, out);
    if (((ev->many && ev->via >= 0) || ev->later) && ev->trips > 1 && !ev->unknown && reach_iteration(c, th, ev, out))
        e = NULL, out->relative = true; /* fewer threads than the roots say: summaries of their own, per way */
    if (e && e->at >= 0) {              /* the threads as before, and the summaries kept */
        if (e->left && sym >= 0)
            leave_array(out, lo, hi);
        ptx_tvals kept = th->acc_vals[e->at];
        kept.addr = out->addr, kept.kv = out->kv, kept.act = out->act;
        *out = kept;
        return true;
    }
    summarize(out);
    bool left = which == 0 && keep_in_array(c, ins, out);
    if (left) /* some thread would leave the array: it does not access */
        summarize(out);
    if (e)
        store_access(th, e, out, left);
    return true;
}

bool ptx_threads_summary(ptx_ctx *c, uint32_t ins, int which, const ptx_eval *ev, ptx_tvals *out)
{
    ptx_threads *th = ptx_threads_of(c);
    int64_t off, sym;
    if (!ptx_threads_count(c) || (ev->threads && ev->threads < (uint32_t)th->nthreads))
        return false;
    int32_t base = ptx_tgraph_address(c, th, ins, which, &off), act = activity_root(c, th, ins, ev);
    ptx_root v[2] = {{0}, {0}};
    if (base < 0 || !ptx_teval_roots(c, th, base, act, ev, v, true))
        return false;
    uint64_t lo = 0, hi = 0, key[4]; /* set by access_key where sym >= 0, the only case that reads them */
    access_key(c, ins, which, (uint32_t)th->nthreads, v, act >= 0, off, key, &sym, &lo, &hi);
    const ptx_kept_access *e = find_access(th, key);
    if (!e || e->at < 0)
        return false;
    *out = th->acc_vals[e->at];
    return true;
}

bool ptx_threads_access(ptx_ctx *c, uint32_t ins, int which, const ptx_eval *ev, ptx_tvals *out)
{
    ptx_threads *th = ptx_threads_of(c);
    if (!ptx_threads_count(c))
        return false;
    return eval_access(c, th, ins, which, ev, out);
}

bool ptx_threads_next_iteration(ptx_ctx *c, int32_t l, uint8_t *act)
{
    ptx_threads *th = ptx_threads_of(c);
    if (!ptx_threads_count(c))
        return false;
    int32_t n = ptx_tgraph_next_activity(c, th, l);
    ptx_root v[2] = {{0}, {0}};
    ptx_eval ev = {.s = PTX_SAMPLE_FIRST, .via = -1, .from = -1}; /* comparisons with parameters left open */
    if (n < 0) {
        memset(act, PTX_ACT_YES, (size_t)th->nthreads);
        return true;
    }
    if (!ptx_teval_roots(c, th, n, -1, &ev, v, false))
        return false;
    for (uint32_t t = 0; t < (uint32_t)th->nthreads; t++)
        act[t] = activity_of(ptx_root_value(&v[0], t));
    return true;
}

bool ptx_threads_operand(ptx_ctx *c, uint32_t ins, int which, int s, uint64_t *out)
{
    ptx_threads *th = ptx_threads_of(c);
    if (!ptx_threads_count(c))
        return false;
    int32_t n = ptx_tgraph_operand(c, th, ins, which);
    ptx_root v[2] = {{0}, {0}};
    ptx_eval ev = {.s = s, .via = -1, .from = -1};
    if (n < 0 || !ptx_teval_roots(c, th, n, -1, &ev, v, false))
        return false;
    for (uint32_t t = 0; t < (uint32_t)th->nthreads; t++) {
        ptx_kb a = ptx_root_value(&v[0], t);
        if (!ptx_kb_known(a))
            return false;
        out[t] = a.one;
    }
    return true;
}

int32_t ptx_threads_base(ptx_ctx *c, uint32_t ins, int which, int64_t *offset)
{
    return ptx_tgraph_address(c, ptx_threads_of(c), ins, which, offset);
}

bool ptx_threads_loop_address(ptx_ctx *c, uint32_t ins)
{
    ptx_threads *th = ptx_threads_of(c);
    int64_t off;
    int32_t n = ptx_threads_count(c) ? ptx_tgraph_address(c, th, ins, 0, &off) : -1;
    return n >= 0 && th->nodes[n].loops;
}

bool ptx_threads_activity_cut(ptx_ctx *c, uint32_t ins)
{
    return ptx_tgraph_activity_cut(c, ptx_threads_of(c), ins);
}

int32_t ptx_threads_activity(ptx_ctx *c, uint32_t ins)
{
    return ptx_tgraph_activity(c, ptx_threads_of(c), ins);
}

ptx_tvals *ptx_threads_scratch(ptx_ctx *c, int k)
{
    ptx_threads *th = ptx_threads_of(c);
    ptx_tvals *v = &th->scratch[k];
    if (!v->addr && ptx_threads_count(c) > 0) {
        v->addr = ptx_scratch(c, (size_t)th->nthreads, sizeof *v->addr);
        v->kv = ptx_scratch(c, (size_t)th->nthreads, sizeof *v->kv);
        v->act = ptx_scratch(c, (size_t)th->nthreads, 1);
    }
    return v;
}

int ptx_threads_samples(ptx_ctx *c)
{
    (void)c;
    return 3;
}

/* ---- the block ---- */

/* The dimensions of .reqntid, read from the function's header in the module text (the parser keeps
 * only their product). false when absent. */
static bool reqntid_dims(const ptx_ctx *c, int dims[3])
{
    const char *p = c->m->text, *end = c->m->text + c->m->len;
    for (uint32_t line = 1; p < end && line < c->f->line; p++)
        line += *p == '\n';
    const char *brace = memchr(p, '{', (size_t)(end - p));
    const char *req = brace ? strstr(p, ".reqntid") : NULL;
    if (!req || req > brace)
        return false;
    char *q = (char *)req + 8;
    for (int k = 0; k < 3; k++) {
        dims[k] = 1;
        while (*q == ' ' || *q == '\t' || *q == ',' || *q == '\n' || *q == '\r')
            q++;
        if (*q >= '0' && *q <= '9')
            dims[k] = (int)strtol(q, &q, 10);
        if (dims[k] < 1 || dims[k] > 1024)
            return false;
    }
    return true;
}

/* The K of form a when it is k (tid.x + K * tid.y) plus a constant, K from 2 to 1024; else 0. */
static int row_width(const ptx_affine *a, int64_t k)
{
    if (a->st != PTX_AF_AFFINE || a->k[0] != k || k <= 0 || a->k[2] || a->symco || a->k[1] % k)
        return 0;
    int64_t w = a->k[1] / k;
    return w >= 2 && w <= 1024 ? (int)w : 0;
}

/* The block width a tile's rows of w elements say: w when a power of two, w - 1 when that is one (a
 * row padded by one element against bank conflicts, [32][33]); else 0. */
static int tile_width(int w)
{
    if (w >= 2 && !(w & (w - 1)))
        return w;
    return w > 2 && !((w - 1) & (w - 2)) ? w - 1 : 0;
}

/* The size of one element of shared access i (a copy's destination: its stride along tid.x). */
static int64_t element_size(const ptx_ctx *c, uint32_t i)
{
    const ptx_instr *in = &c->f->ins[i];
    return in->kind == PTX_K_LD || in->kind == PTX_K_ST ? (int64_t)(in->tsize ? in->tsize : 4) * in->vec
                                                        : c->addr[i].k[0];
}

/* Whether the accesses with rows of w elements (their addresses tid.x + w * tid.y elements on) come in
 * twins half a row apart, each pair under one condition: rows that w / 2 threads cover twice, each at
 * tid.x and tid.x + w / 2 (a warp to a row of 64). A tree over a row, whose step reads s[y][x + w / 2]
 * where x < w / 2 after every thread stored s[y][x], does not. */
static bool rows_in_halves(const ptx_ctx *c, int w)
{
    uint32_t *rows = ptx_xmalloc(c->n + 1, sizeof *rows), n = 0;
    for (uint32_t i = 0; i < c->n; i++) {
        int64_t elem = element_size(c, i);
        if (elem > 0 && row_width(&c->addr[i], elem) == w && !c->addr[i].uni)
            rows[n++] = i;
    }
    bool twins = n > 0;
    for (uint32_t k = 0; k < n && twins; k++) {
        const ptx_affine *a = &c->addr[rows[k]];
        int64_t half = (int64_t)(w / 2) * element_size(c, rows[k]);
        bool found = false;
        for (uint32_t j = 0; j < n && !found; j++) {
            const ptx_affine *b = &c->addr[rows[j]];
            found = b->sym == a->sym && !b->symco && !memcmp(b->k, a->k, sizeof a->k) &&
                    (b->c == a->c + half || b->c == a->c - half) &&
                    c->f->ins[rows[j]].guard == c->f->ins[rows[k]].guard &&
                    c->cd_branch[c->blk[rows[j]]] == c->cd_branch[c->blk[rows[k]]];
        }
        twins = found;
    }
    free(rows);
    return twins;
}

static int assumed_block(const ptx_ctx *c);

/* The width of a two-dimensional block without .reqntid: the K of a thread index linearised as
 * tid.x + K * tid.y, or of a shared tile indexed [tid.y][tid.x] with rows of K elements (how code
 * that assumes K-wide blocks names its threads; K / 2 when each thread also takes the element half a
 * row on); 0 when the code does not say, or says two things. A K above half the block is no width
 * (a row of a global matrix, in + (ctaid * R + tid.y) * 1024 + tid.x, whose block has R rows). */
static int width_from_linear_index(const ptx_ctx *c)
{
    int width = 0;
    for (uint32_t r = 0; r < c->f->nregs; r++) {
        int w = row_width(&c->form[r], 1);
        w = w <= assumed_block(c) / 2 ? w : 0;
        if (w && width && width != w)
            return 0;
        width = w ? w : width;
    }
    for (uint32_t i = 0; i < c->n && !width; i++) {
        const ptx_affine *a = &c->addr[i];
        if (a->sym < 0 || c->syms[a->sym].space != PTX_SP_SHARED || c->syms[a->sym].size <= 0)
            continue; /* a tile: ld/st, or the destination of a copy of one element */
        width = tile_width(row_width(a, element_size(c, i)));
    }
    while (width >= 4 && rows_in_halves(c, width))
        width /= 2;
    return width;
}

static int extent_from_block_index(const ptx_ctx *c, int d);

/* The shape of a three-dimensional block without .reqntid from a shared tile indexed
 * [tid.z][tid.y][tid.x] (rows of W elements, padded by one or not, and planes of H rows): W x H x
 * the rest of the block. false when no access says, or two say different things. */
static bool dims_from_tile(const ptx_ctx *c, int dims[3])
{
    int64_t w = 0, h = 0;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_affine *a = &c->addr[i];
        if (a->sym < 0 || c->syms[a->sym].space != PTX_SP_SHARED || c->syms[a->sym].size <= 0 ||
            a->st != PTX_AF_AFFINE || a->symco || a->uni)
            continue;
        int64_t elem = element_size(c, i);
        if (elem <= 0 || a->k[0] != elem || a->k[1] <= 0 || a->k[1] % elem || a->k[2] <= 0 || a->k[2] % a->k[1])
            continue;
        int64_t row = tile_width((int)(a->k[1] / elem > 1024 ? 0 : a->k[1] / elem)), rows = a->k[2] / a->k[1];
        if (!row || rows < 2 || rows > 1024)
            continue;
        if (w && (w != row || h != rows))
            return false;
        w = row, h = rows;
    }
    int limit = assumed_block(c);
    if (!w || w * h > limit)
        return false;
    dims[0] = (int)w, dims[1] = (int)h, dims[2] = limit / (int)(w * h);
    return true;
}

static bool uses_dim(const ptx_ctx *c, int dim)
{
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &c->f->ins[i];
        for (int j = 0; j < in->nopnd; j++) {
            const ptx_operand *o = ptx_opnd(c, in, j);
            if (o->kind == PTX_O_SREG && (o->reg / 4 == PTX_SR_TID || o->reg / 4 == PTX_SR_NTID) && o->reg % 4 == dim)
                return true;
        }
    }
    return false;
}

/* The special register operand j of instruction i holds (directly, or through the movs and integer
 * cvts, two at most, that alone define its register): PTX_SR_x * 4 + dimension, or -1. */
static int sreg_of(const ptx_ctx *c, uint32_t i, int j)
{
    const ptx_operand *o = ptx_opnd(c, &c->f->ins[i], j);
    for (int depth = 0; depth < 2 && o->kind == PTX_O_REG && c->only_def[o->reg] >= 0; depth++) {
        const ptx_instr *mov = &c->f->ins[c->only_def[o->reg]];
        if ((mov->kind != PTX_K_MOV && (mov->kind != PTX_K_CVT || mov->is_float)) || mov->nopnd != 2)
            return -1;
        o = ptx_opnd(c, mov, 1);
    }
    return o->kind == PTX_O_SREG ? o->reg : -1;
}

/* Whether instruction i multiplies ntid.x by ntid.y (mul.lo or mad.lo, either order). */
static bool block_area(const ptx_ctx *c, uint32_t i)
{
    const ptx_instr *in = &c->f->ins[i];
    if ((in->kind != PTX_K_MUL && in->kind != PTX_K_MAD) || in->nopnd < 3)
        return false;
    int a = sreg_of(c, i, 1), b = sreg_of(c, i, 2), nx = PTX_SR_NTID * 4, ny = nx + 1;
    return (a == nx && b == ny) || (a == ny && b == nx);
}

/* Whether instruction i multiplies such a product by ntid.z: the block's size, as cooperative
 * groups' size() and meta_group_size() compute it, the same whatever the shape. */
static bool block_volume(const ptx_ctx *c, uint32_t i)
{
    const ptx_instr *in = &c->f->ins[i];
    if ((in->kind != PTX_K_MUL && in->kind != PTX_K_MAD) || in->nopnd < 3)
        return false;
    for (int j = 1; j < 3; j++) {
        const ptx_operand *o = ptx_opnd(c, in, j);
        if (sreg_of(c, i, 3 - j) == PTX_SR_NTID * 4 + 2 && o->kind == PTX_O_REG && c->only_def[o->reg] >= 0 &&
            block_area(c, (uint32_t)c->only_def[o->reg]))
            return true;
    }
    return false;
}

/* Whether tid.y, tid.z, ntid.y and ntid.z are read only to rank the thread in its block, as
 * (tid.z * ntid.y + tid.y) * ntid.x + tid.x (cooperative groups' thread_rank() and the like), and to
 * size the block (ntid.x * ntid.y * ntid.z): one mad.lo of the three, the product, and the only reads
 * of their registers. Such code runs the same on any shape of the same size, and is taken to run on
 * a one-dimensional block. */
static bool ranks_threads_only(const ptx_ctx *c)
{
    int found = 0, reads = 0, sized = 0;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &c->f->ins[i];
        for (int j = 0; j < in->nopnd; j++) {
            int sr = sreg_of(c, i, j);
            bool other = sr >= 0 && (sr / 4 == PTX_SR_TID || sr / 4 == PTX_SR_NTID) && sr % 4 > 0;
            reads += other && in->kind != PTX_K_MOV;
        }
        sized += block_volume(c, i);
        if (in->kind != PTX_K_MAD || in->nopnd != 4)
            continue;
        int a = sreg_of(c, i, 1), b = sreg_of(c, i, 2), d = sreg_of(c, i, 3);
        int ny = PTX_SR_NTID * 4 + 1, tz = PTX_SR_TID * 4 + 2, ty = PTX_SR_TID * 4 + 1;
        found += ((a == ny && b == tz) || (a == tz && b == ny)) && d == ty;
    }
    return found == 1 && reads == 3 + 2 * sized;
}

static bool uses_other_dims(const ptx_ctx *c)
{
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &c->f->ins[i];
        for (int j = 0; j < in->nopnd; j++) {
            const ptx_operand *o = ptx_opnd(c, in, j);
            if (o->kind == PTX_O_SREG && (o->reg / 4 == PTX_SR_TID || o->reg / 4 == PTX_SR_NTID) && o->reg % 4)
                return true;
        }
    }
    return false;
}

/* With no launch bounds, threads are bounded by the arrays they index: a shared access every thread
 * makes (no guard, no thread-dependent branch) at an address of the thread alone must stay inside
 * its array, so the first thread it would leave it is past the block. */
static int bound_by_arrays(ptx_ctx *c, ptx_threads *th, int limit)
{
    if (c->block_bound >= 1 && c->block_bound < limit)
        limit = (int)c->block_bound; /* the affine accesses' bound (ptx_find_block_bound) */
    ptx_kb *addr = ptx_scratch(c, (size_t)limit, sizeof *addr);
    uint64_t *kv = ptx_scratch(c, (size_t)limit, sizeof *kv);
    uint8_t *act = ptx_scratch(c, (size_t)limit, 1);
    int first = 0; /* the block of the first evaluation (the largest) */
    th->sizing = true;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &c->f->ins[i];
        const ptx_affine *a = &c->addr[i];
        if (in->space != PTX_SP_SHARED || in->guard >= 0 || c->cd_branch[c->blk[i]] >= 0 || !c->reach[c->blk[i]] ||
            a->sym < 0 || c->syms[a->sym].size <= 0 || (a->st == PTX_AF_AFFINE && !a->uni && !a->symco) ||
            (in->kind != PTX_K_LD && in->kind != PTX_K_ST && in->kind != PTX_K_ATOM && in->kind != PTX_K_RED))
            continue;
        ptx_tvals v = {.addr = addr, .kv = kv, .act = act};
        ptx_eval ev = {.via = -1, .from = -1};
        th->nthreads = th->dims[0] = limit;
        first = first ? first : limit;
        if (!eval_access(c, th, i, 0, &ev, &v) || v.sampled)
            continue;
        for (int t = 1; t < limit; t++)
            if (act[t] == PTX_ACT_NO) {
                limit = t;
                break;
            }
    }
    th->sizing = false;
    if (first > limit)
        ptx_teval_forget(th); /* evaluated for a larger block: what was kept does not hold */
    return limit;
}

/* Threads in a block whose size the kernel does not fix: .maxntid (the most it may have), else --block
 * (256), the size occupancy is reported for. */
static int assumed_block(const ptx_ctx *c)
{
    if (c->f->maxntid > 0)
        return c->f->maxntid < 1024 ? c->f->maxntid : 1024;
    int assumed = c->opt && c->opt->block > 0 ? c->opt->block : 256;
    return assumed < 1024 ? assumed : 1024;
}

/* The multiplier of ctaid.d in the value instruction i computes from its operand j: K for a register
 * holding ctaid.d * K (mul.lo by a constant, shl by one; widened by integer cvts, two at most), 0
 * otherwise. */
static int64_t ctaid_times(const ptx_ctx *c, uint32_t i, int j, int d)
{
    const ptx_operand *o = ptx_opnd(c, &c->f->ins[i], j);
    if (o->kind != PTX_O_REG || c->only_def[o->reg] < 0)
        return 0;
    uint32_t m = (uint32_t)c->only_def[o->reg];
    const ptx_instr *in = &c->f->ins[m];
    for (int depth = 0; depth < 2 && in->kind == PTX_K_CVT && !in->is_float && in->nopnd == 2; depth++) {
        o = ptx_opnd(c, in, 1);
        if (o->kind != PTX_O_REG || c->only_def[o->reg] < 0)
            return 0;
        m = (uint32_t)c->only_def[o->reg];
        in = &c->f->ins[m];
    }
    int64_t k;
    if (in->nopnd != 3 || sreg_of(c, m, 1) != PTX_SR_CTAID * 4 + d || !ptx_constant_operand(c, m, 2, &k))
        return 0;
    if (in->kind == PTX_K_MUL)
        return ptx_has_mod(c->f, in, ".hi") ? 0 : k;
    return in->kind == PTX_K_SHL && k >= 0 && k < 11 ? (int64_t)1 << k : 0;
}

/* The block extent along d that a global index ctaid * K + tid.d says (mad.lo, or mul.lo or shl then
 * add; ctaid along any dimension: blockIdx.x * 2 + threadIdx.z numbers two groups a block): code
 * written for K threads along d names them so; 0 when it does not say, or says two things. */
static int extent_from_block_index(const ptx_ctx *c, int d)
{
    int64_t extent = 0;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &c->f->ins[i];
        int64_t k = 0;
        int cta = in->kind == PTX_K_MAD && in->nopnd == 4 ? sreg_of(c, i, 1) - PTX_SR_CTAID * 4 : -1;
        bool mad = cta >= 0 && cta < 3 && sreg_of(c, i, 3) == PTX_SR_TID * 4 + d && ptx_constant_operand(c, i, 2, &k);
        k = mad ? k : 0;
        for (int j = 1; !mad && in->kind == PTX_K_ADD && in->nopnd == 3 && j < 3 && !k; j++)
            for (int e = 0; e < 3 && !k && sreg_of(c, i, 3 - j) == PTX_SR_TID * 4 + d; e++)
                k = ctaid_times(c, i, j, e);
        if (k < 1)
            continue;
        if (k > 1024 || (extent && extent != k))
            return 0;
        extent = k;
    }
    return (int)extent;
}

/* A block's shape from the global indices of each dimension the kernel reads (tid.x, tid.y, tid.z
 * as ctaid * K + tid with constant K: tiles of a fixed shape, where nvcc writes __launch_bounds__(N)
 * as .maxntid N, 1, 1 whatever the shape), the width from a linearised index (tid.x + K * tid.y)
 * where tid.x has none, and one dimension left over from the block the kernel allows; false unless
 * the others say one extent each and they divide that block. */
static bool dims_from_block_indices(const ptx_ctx *c, int dims[3])
{
    int64_t threads = 1, limit = assumed_block(c);
    int open = -1;
    for (int d = 0; d < 3; d++) {
        dims[d] = d == 0 || uses_dim(c, d) ? extent_from_block_index(c, d) : 1;
        if (!dims[d] && d == 0)
            dims[d] = width_from_linear_index(c);
        if (!dims[d] && open >= 0)
            return false;
        if (!dims[d])
            open = d;
        else
            threads *= dims[d];
    }
    if (open >= 0 && (threads > limit || limit % threads))
        return false;
    if (open >= 0)
        dims[open] = (int)(limit / threads), threads = limit;
    return threads <= limit;
}

/* A block's shape when the global indices of all three dimensions say it (ctaid * K + tid, each with
 * one K) and the extents multiply to exactly the block the kernel allows: what the code says of its
 * launch, taken before the shape a shared tile's layout suggests (a tile linearised with the wrong
 * extent, x + 8 * (y + 4 * z) on an 8 x 8 x 4 block, would otherwise set the shape that makes it
 * one-to-one). */
static bool dims_all_from_block_indices(const ptx_ctx *c, int dims[3])
{
    int64_t threads = 1;
    for (int d = 0; d < 3; d++) {
        dims[d] = d == 0 || uses_dim(c, d) ? extent_from_block_index(c, d) : 1;
        threads *= dims[d];
    }
    return threads > 0 && threads == assumed_block(c);
}

/* Whether the kernel reads %ntid of dimension d. */
static bool reads_extent(const ptx_ctx *c, int d)
{
    for (uint32_t i = 0; i < c->n; i++)
        for (int j = 0; j < c->f->ins[i].nopnd; j++) {
            const ptx_operand *o = ptx_opnd(c, &c->f->ins[i], j);
            if (o->kind == PTX_O_SREG && o->reg == PTX_SR_NTID * 4 + d)
                return true;
        }
    return false;
}

/* A shape for a kernel that reads the block's extent (%ntid) in every dimension it uses: code meant
 * for any block shape, with nothing else to say which (a 3-D stencil whose tile's pitches are
 * blockDim.x + 2 and (blockDim.x + 2) * (blockDim.y + 2), under launch bounds of 256). Such code must
 * be right for every shape; it is analysed on one of the usual ones, 8 x 8 x (block / 64) for three
 * dimensions and 16 x (block / 16) for two. */
static bool balanced_shape(const ptx_ctx *c, int dims[3])
{
    int limit = assumed_block(c);
    bool three = uses_dim(c, 2);
    for (int d = 0; d < 3; d++)
        if (uses_dim(c, d) && !reads_extent(c, d))
            return false;
    if (limit < 64 || limit % (three ? 64 : 16))
        return false;
    dims[0] = three ? 8 : 16;
    dims[1] = three ? 8 : limit / 16;
    dims[2] = three ? limit / 64 : 1;
    return true;
}

int ptx_threads_count(ptx_ctx *c)
{
    ptx_threads *th = ptx_threads_of(c);
    if (th->nthreads >= 0)
        return th->nthreads;
    const ptx_function *f = c->f;
    bool other_dims = uses_other_dims(c);
    th->dims[0] = th->dims[1] = th->dims[2] = 1;
    th->nthreads = 0;
    if (f->reqntid > 0 && !other_dims) {
        th->dims[0] = th->nthreads = f->reqntid > 1024 ? 1024 : f->reqntid;
    } else if (f->reqntid > 0) {
        if (reqntid_dims(c, th->dims))
            th->nthreads = th->dims[0] * th->dims[1] * th->dims[2];
        if (th->nthreads > 1024)
            th->nthreads = 0;
    } else if (!other_dims) {
        int limit = assumed_block(c);
        th->nthreads = 0;
        limit = bound_by_arrays(c, th, limit);
        th->dims[0] = th->nthreads = limit;
    } else if (!uses_dim(c, 2)) {
        int limit = assumed_block(c), width = width_from_linear_index(c);
        if (width & (width - 1)) { /* rows of a tile with a halo (tile[y][x], 16 + 4 wide), not of the block */
            int extent = extent_from_block_index(c, 0);
            width = extent ? extent : width;
        }
        if (width && width <= limit) {
            th->dims[0] = width;
            th->dims[1] = limit / width;
            th->nthreads = th->dims[0] * th->dims[1];
        }
    } else if (ranks_threads_only(c)) {
        th->dims[0] = th->nthreads = assumed_block(c);
    } else if (dims_all_from_block_indices(c, th->dims) || dims_from_tile(c, th->dims)) {
        th->nthreads = th->dims[0] * th->dims[1] * th->dims[2];
    }
    if (!th->nthreads && other_dims && !f->reqntid) {
        if (dims_from_block_indices(c, th->dims) || balanced_shape(c, th->dims))
            th->nthreads = th->dims[0] * th->dims[1] * th->dims[2];
        else
            th->dims[0] = th->dims[1] = th->dims[2] = 1;
    }
    return th->nthreads;
}

/* Per register: whether it divides (div, rem) a value that differs between threads: t % n, t / n. */
static uint8_t *divisors(const ptx_ctx *c)
{
    uint8_t *d = ptx_scratch(c, c->f->nregs + 1, 1);
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &c->f->ins[i];
        bool div =
            in->kind == PTX_K_ARITH && in->oplen == 3 && (!memcmp(in->op, "div", 3) || !memcmp(in->op, "rem", 3));
        if (!div || in->is_float || in->nopnd != 3)
            continue;
        const ptx_operand *a = ptx_opnd(c, in, 1), *b = ptx_opnd(c, in, 2);
        if (a->kind == PTX_O_REG && c->variant[a->reg] && b->kind == PTX_O_REG && !c->variant[b->reg])
            d[b->reg] = 1;
    }
    return d;
}

ptx_threads *ptx_threads_of(ptx_ctx *c)
{
    if (c->threads)
        return c->threads;
    ptx_threads *th = ptx_scratch(c, 1, sizeof *th); /* in the function's scratch, as are its fixed arrays */
    th->def_node = ptx_scratch(c, c->n + 1, sizeof *th->def_node);
    th->addr_node = ptx_scratch(c, c->n + 1, sizeof *th->addr_node);
    th->addr_off = ptx_scratch(c, c->n + 1, sizeof *th->addr_off);
    th->act_node = ptx_scratch(c, c->n + 1, sizeof *th->act_node);
    th->act_first_node = ptx_scratch(c, c->n + 1, sizeof *th->act_first_node);
    th->act_cut = ptx_scratch(c, c->n + 1, sizeof *th->act_cut);
    for (uint32_t i = 0; i <= c->n; i++)
        th->def_node[i] = th->addr_node[i] = th->act_node[i] = th->act_first_node[i] = -2;
    th->rd_seen = ptx_scratch(c, c->nb + 1, sizeof *th->rd_seen);
    th->rd_stack = ptx_scratch(c, c->nb + 1, sizeof *th->rd_stack);
    th->constants = ptx_scratch(c, c->f->nregs + 1, sizeof *th->constants);
    for (uint32_t r = 0; r <= c->f->nregs; r++)
        th->constants[r] = -2;
    th->unknown32 = ptx_tgraph_leaf(th, TN_UNKNOWN, 32, 0);
    th->divisor = divisors(c);
    th->holds_loop = ptx_sync_of(c)->holds_loop;
    th->nthreads = -1;
    return c->threads = th;
}

void ptx_threads_free(ptx_threads *th)
{
    if (!th)
        return;
    free(th->kept), free(th->kept_acc), free(th->acc_vals);
    th->kept = NULL, th->kept_acc = NULL, th->kept_acc_n = 0; /* gone: the blocks are left to free */
    ptx_teval_forget(th);
    free(th->nodes), free(th->mark), free(th->order), free(th->order_bits), free(th->stack), free(th->kb);
    free(th->kv), free(th->uni), free(th->found), free(th->kb_store), free(th->kv_store);
    /* grown with realloc; the rest is in the function's scratch */
    free(th->atoms_at), free(th->atom_lists), free(th->choices), free(th->merge_key), free(th->merge_node);
}
