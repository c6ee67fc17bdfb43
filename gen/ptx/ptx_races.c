/* Shared-memory races: two accesses to one location, at least one a write, that different threads make
 * with nothing ordering them. Block barriers order everything; bar.warp.sync orders the lanes of a warp;
 * an asynchronous copy is ordered only by what completes it; distributed shared memory by cluster
 * barriers. Each access is followed forward to the barriers that end its interval (ptx_walk), and the
 * accesses met on the way are compared thread by thread (ptx_conflicts.c). */
#include "ptx_races.h"
#include "ptx_tgraph.h"

#include <stdlib.h>
#include <string.h>

/* ---- the accesses ---- */

/* Bytes each thread touches: the vector and type of ld/st, 16 per lane for ldmatrix/stmatrix (a row
 * of 8 halves), the copy size of cp.async and bulk copies (0 when not a constant: unknown extent). */
static uint32_t access_size(const ptx_ctx *c, uint32_t i, uint8_t kind)
{
    const ptx_instr *in = &c->f->ins[i];
    if (ptx_op_is(in, "ldmatrix") || ptx_op_is(in, "stmatrix"))
        return 16;
    if (kind == PTX_SY_CP_ASYNC || kind == PTX_SY_BULK_MBAR || kind == PTX_SY_BULK_READ) {
        for (int j = 0; j < in->nopnd; j++)
            if (ptx_opnd(c, in, j)->kind == PTX_O_IMM)
                return ptx_opnd(c, in, j)->imm > 0 && ptx_opnd(c, in, j)->imm < (1 << 24)
                           ? (uint32_t)ptx_opnd(c, in, j)->imm
                           : 0;
        /* the size in a register of one value (bulk copies: [dst], [src], size, ...) */
        int64_t size;
        return kind != PTX_SY_CP_ASYNC && ptx_constant_operand(c, i, 2, &size) && size > 0 && size < (1 << 24)
                   ? (uint32_t)size
                   : 0;
    }
    return (uint32_t)(in->tsize ? in->tsize : 4) * in->vec;
}

/* The constant a descriptor register is or-ed or added with (its layout fields), or 0. */
static uint64_t descriptor_constant(const ptx_ctx *c, uint32_t at, int32_t reg)
{
    for (int depth = 0; depth < 4 && reg >= 0; depth++) {
        int32_t d = c->only_def[reg] >= 0 ? c->only_def[reg] : ptx_reaching_def(c, at, reg);
        if (d < 0)
            return 0;
        const ptx_instr *in = &c->f->ins[d];
        bool or_add = in->kind == PTX_K_ADD || (in->oplen == 2 && memcmp(in->op, "or", 2) == 0);
        if (!or_add || in->nopnd != 3)
            return 0;
        const ptx_operand *k = ptx_opnd(c, in, 2), *x = ptx_opnd(c, in, 1);
        if (k->kind == PTX_O_IMM && (uint64_t)k->imm >> 16)
            return (uint64_t)k->imm;
        reg = x->kind == PTX_O_REG ? x->reg : -1;
        at = (uint32_t)d;
    }
    return 0;
}

/* Whether wgmma operand `which` (1: A, 2: B) is MN-major: its transpose immediate (the last operands,
 * which only 16-bit types have) is 1. */
static bool wgmma_transposed(const ptx_ctx *c, const ptx_instr *in, int which)
{
    bool sixteen = false;
    for (uint32_t m = 0; m < in->nmods; m++) {
        const ptx_token *t = &c->f->mods[in->mods + m];
        sixteen |= (t->n == 4 && memcmp(t->p, ".f16", 4) == 0) || (t->n == 5 && memcmp(t->p, ".bf16", 5) == 0);
    }
    int j = which == 2 ? in->nopnd - 1 : in->nopnd - 2;
    if (!sixteen || in->nopnd < 7 || (which == 1 && in->nopnd < 8))
        return false;
    const ptx_operand *o = ptx_opnd(c, in, j);
    return o->kind == PTX_O_IMM && o->imm == 1;
}

/* Bytes a wgmma operand spans from its start address (PTX ISA, "Matrix Descriptor Format" and the
 * canonical layouts of wgmma's shared operands). K-major: rows (64 of A; N of B) of 32 bytes of K in
 * groups of 8 rows SBO apart (descriptor bits 32 to 45, in 16 bytes); within a group 8 rows of the
 * swizzle width (bits 62 and 63: 128, 64 or 32 bytes), or without swizzle two 8 x 16-byte core
 * matrices LBO apart (bits 16 to 29). MN-major (16-bit types): 16 rows of K, each the M or N
 * extent, in groups of 8 SBO apart, atoms of the swizzle width LBO apart along M or N. Layout fields
 * not known: the rows packed. */
static uint32_t wgmma_extent(const ptx_ctx *c, uint32_t i, int which)
{
    const ptx_instr *in = &c->f->ins[i];
    uint32_t dim = 64;
    for (uint32_t m = 0; which == 2 && m < in->nmods; m++) {
        const ptx_token *t = &c->f->mods[in->mods + m];
        if (t->n > 4 && memcmp(t->p, ".m64n", 5) == 0)
            dim = (uint32_t)strtoul(t->p + 5, NULL, 10);
    }
    if (dim < 8 || dim > 256)
        dim = 256;
    uint64_t k = descriptor_constant(c, i, ptx_opnd(c, in, which)->reg);
    uint64_t lbo = (k >> 16 & 0x3FFF) << 4, sbo = (k >> 32 & 0x3FFF) << 4, swizzle = k >> 62;
    if (!k || !sbo)
        return dim * 32;
    uint64_t width = swizzle ? 256u >> swizzle : 16; /* a row of the swizzle atom, or of a core matrix */
    uint64_t extent;
    if (wgmma_transposed(c, in, which)) {
        uint64_t atoms = (2 * dim + width - 1) / width;
        extent = sbo + 8 * width + (atoms - 1) * lbo;
    } else {
        /* swizzled: a step along K adds its offset to the start address (the constant's low bits), and
         * its rows stay within the atom rows that start before it */
        uint64_t group = swizzle ? 8 * width - (((k & 0x3FFF) << 4) % width) : (lbo > 128 ? lbo : 128) + 128;
        extent = (dim / 8 - 1) * sbo + group;
    }
    return extent < (1u << 18) ? (uint32_t)extent : dim * 32;
}

/* A wgmma's reads of its shared operands (A unless in registers, and B), each an access of its own,
 * through the descriptor's address; none where the descriptor is not traced to a shared variable.
 * They are compared as reads made when the wgmma issues: what writes the operands before it needs a
 * barrier (and fence.proxy.async) between. The reads go on until wgmma.wait_group retires the group
 * (flight): over that time they are compared with the threads' own stores (st.shared: the tile
 * refilled with no wait, or a wait that leaves the group pending), not with asynchronous copies.
 * Which buffer of a pipeline fed by copies an in-flight wgmma reads depends on stage counters that
 * wrap (s = s + 1 < n ? s + 1 : 0), which the analysis does not follow: compared with those copies,
 * every multi-stage pipeline (Triton's matmuls) would look racy. */
static void add_wgmma_accesses(races *r, uint32_t i)
{
    for (int which = 1; which <= 2; which++) {
        if (ptx_wgmma_symbol(r->c, i, which) < 0)
            continue;
        racc a = {.ins = i, .which = (uint8_t)which, .base = -2, .inflight = 1};
        a.size = wgmma_extent(r->c, i, which);
        if (r->acc_of[i] < 0)
            r->acc_of[i] = (int32_t)r->na;
        else
            r->acc2_of[i] = (int32_t)r->na;
        r->acc[r->na++] = a;
    }
}

/* An mbarrier instruction on the object itself (not cp.async.mbarrier.arrive, whose copies arrive
 * later): mbarrier.init and mbarrier.inval write the object as a plain store does, so another
 * thread's arrival or wait on it needs a barrier between (what fence.mbarrier_init and
 * __syncthreads give); arrivals and waits update it atomically, so they never race with each other. */
static bool mbarrier_object(const ptx_ctx *c, uint32_t i)
{
    uint8_t kind = c->sync->kind[i];
    return (kind == PTX_SY_MBAR_WAIT || kind == PTX_SY_MBAR_OTHER) && ptx_op_is(&c->f->ins[i], "mbarrier");
}

/* Shared-memory accesses: ld/st/atom/red on .shared, generic ones through a pointer into shared
 * memory (cvta.shared), and ones into other blocks of the cluster (mapa); the copies; wgmma operands. */
static void add_access(races *r, uint32_t i)
{
    ptx_ctx *c = r->c;
    const ptx_instr *in = &c->f->ins[i];
    uint8_t kind = c->sync->kind[i];
    racc a = {.ins = i, .mbarrier = mbarrier_object(c, i)};
    if (kind == PTX_SY_WGMMA) {
        add_wgmma_accesses(r, i);
        return;
    }
    if (kind == PTX_SY_CP_ASYNC || kind == PTX_SY_BULK_MBAR) {
        a.write = a.async = 1;
    } else if (kind == PTX_SY_BULK_READ) {
        a.async = 1;
        a.which = 1;
    } else if (in->kind == PTX_K_LD || in->kind == PTX_K_ST || in->kind == PTX_K_ATOM || in->kind == PTX_K_RED ||
               a.mbarrier) {
        const ptx_operand *ad = ptx_address_operand(c, in);
        uint8_t win = ad && ad->reg >= 0 ? c->window[ad->reg] : PTX_WIN_NONE;
        if (!ad || (in->space != PTX_SP_SHARED && !(in->space == PTX_SP_GENERIC && win != PTX_WIN_NONE)))
            return;
        a.remote = win == PTX_WIN_CLUSTER;
        a.write = in->kind != PTX_K_LD;
        a.atomic = in->kind == PTX_K_ATOM || in->kind == PTX_K_RED ||
                   (a.mbarrier && !ptx_has_mod(c->f, in, ".init") && !ptx_has_mod(c->f, in, ".inval"));
    } else {
        return;
    }
    a.size = access_size(c, i, kind);
    a.base = -2; /* ptx_threads_base when needed */
    r->acc_of[i] = (int32_t)r->na;
    r->acc[r->na++] = a;
}

/* Two reads never race; nor two plain stores (loops filling an array with a block-sized stride look
 * alike, and the read that follows is what goes wrong), nor two atomics. An asynchronous copy races
 * with anything it overlaps. An mbarrier object is only compared with the mbarrier instructions on
 * it: the copies it completes and the data it guards are where other accesses go. */
static bool kinds_race(const racc *x, const racc *y)
{
    if ((!x->write && !y->write) || x->mbarrier != y->mbarrier)
        return false;
    if (x->async || y->async)
        return true;
    if (x->atomic && y->atomic)
        return false;
    return !(x->write && y->write && !x->atomic && !y->atomic);
}

/* ---- what a walk reaches ---- */

/* A way as one number: 0 for "not reached", else ((via + 3) * 2 + many) * 2 + noisy. */
enum { WAY_DIRECT = 8 }; /* via -1, not many, not noisy */
static int32_t way_code(ptx_way w)
{
    return ((w.via + 3) * 2 + w.many) * 2 + w.noisy;
}

static void note_access(races *r, uint32_t i, int32_t a, ptx_way way);

static void note(ptx_ctx *c, uint32_t i, ptx_way way, void *arg)
{
    (void)c;
    races *r = arg;
    if (r->acc_of[i] >= 0)
        note_access(r, i, r->acc_of[i], way);
    if (r->acc2_of[i] >= 0)
        note_access(r, i, r->acc2_of[i], way);
}

static void note_access(races *r, uint32_t i, int32_t a, ptx_way way)
{
    int32_t code = way_code(way);
    if (i == r->start && r->start_pending && way.via == -1 && !way.noisy) {
        r->start_pending = false; /* the start itself: counted when the walk comes back to it */
        return;
    }
    int side = r->side;
    r->direct[side][a] |= way.via == -1;
    if (!r->via[side][a]) {
        r->via[side][a] = code;
        r->list[side][r->nlist[side]++] = (uint32_t)a;
    } else if (r->via[side][a] != code && (!r->via2[side][a] || r->via2[side][a] == code)) {
        r->via2[side][a] = code;
    } else if (r->via[side][a] != code) {
        r->multi[side][a] = true;
        int32_t *more = &r->more[side][a * PTX_MORE_WAYS];
        uint8_t *n = &r->nmore[side][a];
        bool seen = false;
        for (uint8_t k = 0; k < *n && k < PTX_MORE_WAYS; k++)
            seen |= more[k] == code;
        if (!seen && *n < PTX_MORE_WAYS)
            more[(*n)++] = code;
        else if (!seen)
            *n = PTX_MORE_WAYS + 1;
    }
}

/* Walks from instruction `from` into side `side`. A walk from an access (the access it is for) counts
 * that start only when it comes back to it; a walk from a block's first instruction counts it. */
static void walk_from(races *r, int side, uint32_t from, uint32_t ref, uint32_t stop, bool count_start)
{
    r->side = side;
    r->start = from;
    r->start_pending = !count_start;
    r->visits += ptx_walk(r->c, from, ref, stop, r->wanted, note, r);
}

static void walk(races *r, int side, uint32_t from, uint32_t ref, uint32_t stop)
{
    walk_from(r, side, from, ref, stop, false);
}

static void clear(races *r, int side)
{
    for (uint32_t k = 0; k < r->nlist[side]; k++) {
        r->via[side][r->list[side][k]] = r->via2[side][r->list[side][k]] = 0;
        r->nmore[side][r->list[side][k]] = 0;
        r->multi[side][r->list[side][k]] = r->direct[side][r->list[side][k]] = false;
    }
    r->nlist[side] = 0;
}

/* A walk that came round x's loop more than once: the other access is compared two to MANY_ON
 * iterations on, each exactly (the iterations beyond are not sampled, as x's own are not). */
enum { MANY_ON = 3 };

/* How many ways the walk recorded for y, each told apart: one to 2 + PTX_MORE_WAYS (more: each taken as
 * any iteration, by relation_of). */
static int ways_of(const races *r, int side, uint32_t y)
{
    return 1 + (r->via2[side][y] != 0) + (r->nmore[side][y] <= PTX_MORE_WAYS ? r->nmore[side][y] : 0);
}

/* The evaluation of y relative to x from what the walk recorded: the way it came `which` (0 the first,
 * 1 the second, 2 on those after them, in the order they came); any iteration of every loop when it
 * came more ways than ways_of tells apart. */
static ptx_eval relation_of(const races *r, int side, uint32_t y, uint32_t from, int which)
{
    int32_t code = which >= 2 ? r->more[side][y * PTX_MORE_WAYS + (uint32_t)which - 2]
                   : which    ? r->via2[side][y]
                              : r->via[side][y];
    ptx_eval ev = {.via = code / 4 - 3, .many = (code >> 1) & 1, .noisy = code & 1, .from = (int32_t)from};
    ev.unknown = r->nmore[side][y] > PTX_MORE_WAYS || ev.via == -2;
    return ev;
}

static ptx_eval relation(const races *r, int side, uint32_t y, uint32_t from)
{
    ptx_eval ev = relation_of(r, side, y, from, 0);
    ev.unknown |= r->via2[side][y] != 0; /* callers that look at one way only */
    return ev;
}

/* ---- reports ---- */

enum {
    MEET_PATH,
    MEET_LOOP,
    MEET_FREE_LOOP,
    MEET_SPLIT,
    MEET_SKIPPED,
    MEET_SAME,
    MEET_FILL,
    MEET_SCATTER,
    MEET_TIES,
    MEET_COPIES,
    MEET_FLAG,
    MEET_NEXT,
    MEET_COPIES_NEXT,
    MEET_FLIGHT,
    MEET_AFTER_WAIT,
    MEET_PROXY,
    MEET_CLUSTER,
    MEET_CLUSTER_ARRIVED
};

static const char *what(const ptx_ctx *c, const racc *a)
{
    uint8_t kind = c->sync->kind[a->ins];
    if (kind == PTX_SY_CP_ASYNC)
        return "filled by the cp.async";
    if (kind == PTX_SY_BULK_MBAR)
        return "filled by the bulk copy";
    if (kind == PTX_SY_BULK_READ)
        return "read by the bulk copy";
    if (kind == PTX_SY_WGMMA)
        return a->which == 1 ? "read by the wgmma (operand A)" : "read by the wgmma (operand B)";
    return a->atomic ? "updated atomically" : a->write ? "written" : "read";
}

/* The end of the message: how the two accesses meet, and where the missing barrier goes. */
/* What each kind of meeting says, and the numbers its text takes: the barrier's name, the accesses'
 * lines, the line of the branch, loop or wait that the meeting names (via). */
enum { TEXT_BAR_FROM_TO, TEXT_VIA_BAR, TEXT_VIA, TEXT_FROM_TO, TEXT_NONE };
static const struct {
    const char *text;
    uint8_t takes;
} meet_texts[] = {
    [MEET_PATH] = {"with no %s on the path from line %u to line %u", TEXT_BAR_FROM_TO},
    [MEET_LOOP] = {"with no %s on the way from line %u around the loop to line %u (the next iteration)",
                   TEXT_BAR_FROM_TO},
    [MEET_FREE_LOOP] = {"in a loop with no %s, where threads run different iterations at once (lines %u and %u)",
                        TEXT_BAR_FROM_TO},
    [MEET_SPLIT] = {"on the two sides of the thread-dependent branch at line %u, which run at once until a %s",
                    TEXT_VIA_BAR},
    [MEET_SKIPPED] =
        {"while the threads that leave at the thread-dependent branch at line %u, which may make the first "
         "access, never wait at the barrier before the second",
         TEXT_VIA},
    [MEET_SAME] = {"storing different data at one address in one step (addresses and data differ between threads)",
                   TEXT_NONE},
    [MEET_FILL] = {"in one step: one store is a fill (one value from every thread), the other stores data that differs "
                   "between threads, and the two map threads to elements differently",
                   TEXT_NONE},
    [MEET_SCATTER] = {"in one step: the store at line %u writes where data (a load, an atomic) says, so for some input "
                      "that is an element another thread writes at line %u, and no barrier is between them",
                      TEXT_FROM_TO},
    [MEET_TIES] = {"in one step: the store writes where a count of comparisons of data says (a rank), and two threads "
                   "with equal keys count alike: nothing breaks the tie",
                   TEXT_NONE},
    [MEET_COPIES] = {"storing one value, each a copy it loaded from one address, at one address in one step: two "
                     "unordered writes, a race in the memory model though today's hardware keeps one of the equal "
                     "values",
                     TEXT_NONE},
    [MEET_FLAG] = {"storing one value (a flag) at one address in one step: two unordered writes, a race in the memory "
                   "model though today's hardware keeps one of the equal values",
                   TEXT_NONE},
    [MEET_NEXT] = {"storing different data at one address one iteration apart: the loop closed at line %u has no "
                   "barrier, so threads run different iterations at once",
                   TEXT_VIA},
    [MEET_COPIES_NEXT] = {"storing one value, each a copy it loaded from one address, at one address one iteration "
                          "apart: the loop closed at line %u has no barrier; two unordered writes, a race in the "
                          "memory model though today's hardware keeps one of the equal values",
                          TEXT_VIA},
    [MEET_FLIGHT] = {"while the copy is in flight: only cp.async.wait_group/wait_all, or a wait on the copy's "
                     "mbarrier, completes it",
                     TEXT_NONE},
    [MEET_AFTER_WAIT] = {"after the wait at line %u, which completes the copy for its own thread only: no barrier "
                         "follows it",
                         TEXT_VIA},
    [MEET_PROXY] = {"with no fence.proxy.async on the path from line %u to line %u: the read goes through the async "
                    "proxy, which sees the threads' own (generic) stores only after that fence",
                    TEXT_FROM_TO},
    [MEET_CLUSTER] = {"with no barrier.cluster between them", TEXT_NONE},
    [MEET_CLUSTER_ARRIVED] = {"the one at line %u made after its thread's barrier.cluster.arrive, which releases only "
                              "what came before it: the barrier.cluster.wait that follows does not order the two",
                              TEXT_VIA},
};

static void describe(char *buf, size_t n, int meet, bool warp, uint32_t from, uint32_t to, uint32_t via_line)
{
    const char *bar = warp ? "bar.warp.sync (__syncwarp)" : "barrier", *text = meet_texts[meet].text;
    switch (meet_texts[meet].takes) {
    case TEXT_BAR_FROM_TO:
        snprintf(buf, n, text, bar, from, to);
        break;
    case TEXT_VIA_BAR:
        snprintf(buf, n, text, via_line, bar);
        break;
    case TEXT_VIA:
        snprintf(buf, n, text, via_line);
        break;
    case TEXT_FROM_TO:
        snprintf(buf, n, text, from, to);
        break;
    default:
        snprintf(buf, n, "%s", text);
        break;
    }
    if (warp)
        snprintf(buf + strlen(buf), n - strlen(buf), ": since sm_70 the lanes of a warp do not run in lockstep");
}

static uint32_t passed_active_barrier(races *r, const racc *x, const racc *y);

/* The fix a report suggests: for the kind of meeting, a warp's pair, a warp barrier of activemask's
 * lanes, a wgmma's operands. */
static const char *fix_for(int meet, bool warp, uint32_t active, bool wgmma)
{
    return wgmma    ? "retire the wgmma first (wgmma.wait_group N, with N at most the groups committed after "
                      "it), then bar.sync, then overwrite its operands"
           : active ? "synchronise the writing lanes too: bar.warp.sync with a mask naming them (__syncwarp() "
                      "where every lane of the warp runs it), not activemask's"
           : warp   ? "put bar.warp.sync (__syncwarp) between the accesses"
           : meet == MEET_CLUSTER         ? "put barrier.cluster.arrive/wait between the accesses"
           : meet == MEET_CLUSTER_ARRIVED ? "make the access before barrier.cluster.arrive"
           : meet == MEET_FLIGHT          ? "wait for the copy (cp.async.wait_group, or its mbarrier) and then "
                                            "bar.sync before touching its data"
           : meet == MEET_AFTER_WAIT      ? "put bar.sync after the wait, before other threads use the data"
           : meet == MEET_PROXY           ? "put fence.proxy.async.shared::cta after the stores (in every thread "
                                            "that makes them), before the barrier"
           : meet == MEET_SAME            ? "give each thread its own location, or combine the values (an atomic "
                                            "operation, a reduction)"
           : meet == MEET_FILL            ? "put bar.sync between the fill and the store, or write each element "
                                            "once (the value or the fill)"
           : meet == MEET_SCATTER         ? "put bar.sync between the two stores"
           : meet == MEET_TIES            ? "break ties by the thread's index (count the equal keys before "
                                            "one's own too)"
           : meet == MEET_NEXT            ? "give each thread its own locations in every iteration, or put "
                                            "bar.sync in the loop"
           : meet == MEET_FLAG ? "let one thread write it, or combine the threads' conditions (__syncthreads_or, "
                                 "an atomic operation)"
           : meet == MEET_COPIES || meet == MEET_COPIES_NEXT
               ? "let one thread write each element (the mapping of threads to elements likely has a "
                 "wrong stride, mask or bound)"
               : "put bar.sync between the accesses, or give each thread its own "
                 "location";
}

/* What a report adds about the function's barriers where the pair is one they should have ordered: a
 * named barrier that completes without some of its warps, an mbarrier wait whose parity is stale. */
static void add_barrier_notes(const races *r, char *tail, size_t size, int meet, uint32_t active)
{
    size_t used = strlen(tail);
    if (r->short_warps && !r->between_groups && !active &&
        (meet == MEET_PATH || meet == MEET_LOOP || meet == MEET_SPLIT))
        snprintf(tail + used, size - used,
                 "; named barrier %lld (line %u) counts %lld threads where %d warps arrive or wait on it, so it "
                 "completes without some of them and orders none of their accesses",
                 (long long)r->short_id, r->short_line, (long long)r->short_count, r->short_warps);
    used = strlen(tail);
    bool stale = r->stale_hand && !r->between_groups && !active &&
                 (meet == MEET_PATH || meet == MEET_LOOP || meet == MEET_FREE_LOOP || meet == MEET_SPLIT);
    if (stale && r->stale_hand_ring)
        snprintf(tail + used, size - used,
                 "; the mbarrier wait at line %u cycles through a ring of mbarriers but names parities that do not "
                 "follow each one's uses (a stage's parity flips when the ring comes back to it), so at some stage it "
                 "returns at once and orders nothing (or waits for a phase no arrival completes)",
                 r->stale_hand);
    else if (stale && r->stale_hand == r->stale_hand_earlier)
        snprintf(tail + used, size - used,
                 "; the mbarrier wait at line %u names the same parity in every iteration of its loop, though "
                 "phases alternate parity, so it returns at once and orders nothing",
                 r->stale_hand);
    else if (stale)
        snprintf(tail + used, size - used,
                 "; the mbarrier wait at line %u names the parity the wait at line %u named, a phase already "
                 "complete (phases alternate parity), so it returns at once and orders nothing",
                 r->stale_hand, r->stale_hand_earlier);
}

static void report(races *r, const racc *x, const racc *y, int meet, bool warp, uint32_t via_line)
{
    ptx_ctx *c = r->c;
    const racc *w = x->write ? x : y, *o = w == x ? y : x;
    if (r->reported[w->ins] || r->reported[o->ins])
        return;
    r->reported[w->ins] = r->reported[o->ins] = true;
    const ptx_instr *wi = &c->f->ins[w->ins], *oi = &c->f->ins[o->ins];
    bool wgmma = (meet == MEET_FLIGHT || meet == MEET_AFTER_WAIT) && (x->inflight || y->inflight);
    const char *who = meet >= MEET_CLUSTER  ? "another block of the cluster"
                      : warp                ? "another lane of the same warp"
                      : r->between_groups   ? "a thread of another group"
                      : meet == MEET_FLIGHT ? "any thread, the issuing one included"
                      : meet == MEET_PROXY  ? "any thread, the storing one included"
                      : x->remote && y->remote && meet == MEET_SAME
                          ? "another thread of the block, both into the same other block of the cluster (mapa)"
                          : "another thread of the block";
    uint32_t active = warp && (meet == MEET_PATH || meet == MEET_LOOP) ? passed_active_barrier(r, x, y) : 0;
    const char *fix = fix_for(meet, warp, active, wgmma);
    char tail[512];
    describe(tail, sizeof tail, meet, warp, c->f->ins[x->ins].line, c->f->ins[y->ins].line, via_line);
    if (wgmma && meet == MEET_FLIGHT)
        snprintf(tail, sizeof tail,
                 "while the wgmma still reads it: its group is retired only by a wgmma.wait_group that leaves "
                 "fewer groups pending than were committed after it");
    else if (wgmma)
        snprintf(tail, sizeof tail,
                 "after the wgmma.wait_group at line %u, which retires the wgmma for its own warp only: no barrier "
                 "follows it",
                 via_line);
    if (r->between_groups) /* the pair only threads of different groups make: their own barriers do not order it */
        snprintf(tail, sizeof tail,
                 "with only the named barriers of each group of %d threads between line %u and line %u, which order a "
                 "group's own threads, not those of different groups",
                 1 << r->group_lg, c->f->ins[x->ins].line, c->f->ins[y->ins].line);
    else if (active)
        snprintf(tail, sizeof tail,
                 "with only the bar.warp.sync at line %u between line %u and line %u: its mask is what activemask "
                 "gives, the lanes that run it, and the lane of line %u need not run it",
                 c->f->ins[active - 1].line, c->f->ins[x->ins].line, c->f->ins[y->ins].line, c->f->ins[x->ins].line);
    else if (meet == MEET_FLIGHT && r->stale_wait && r->stale_ring)
        snprintf(tail + strlen(tail), sizeof tail - strlen(tail),
                 "; the wait at line %u cycles through a ring of mbarriers but names parities that do not follow "
                 "each one's uses (a stage's parity flips when the ring comes back to it), so at some stage it names "
                 "the phase before the copy's: it returns at once while the copy writes, or waits for a phase no "
                 "arrival completes",
                 r->stale_wait);
    else if (meet == MEET_FLIGHT && r->stale_wait && r->stale_wait == r->stale_earlier)
        snprintf(tail + strlen(tail), sizeof tail - strlen(tail),
                 "; the wait at line %u names the same parity in every iteration of its loop, though phases "
                 "alternate parity, so from the second iteration on it finds its phase complete and returns at once",
                 r->stale_wait);
    else if (meet == MEET_FLIGHT && r->stale_wait)
        snprintf(tail + strlen(tail), sizeof tail - strlen(tail),
                 "; the wait at line %u names the parity the wait at line %u named, one phase earlier (phases "
                 "alternate parity), so it finds that phase complete and returns at once",
                 r->stale_wait, r->stale_earlier);
    else if (meet == MEET_FLIGHT && r->short_expect)
        snprintf(tail + strlen(tail), sizeof tail - strlen(tail),
                 "; the expect_tx at line %u announces fewer bytes than the copies issued with it bring, so the "
                 "phase completes while one of them still writes",
                 r->short_expect);
    else if (meet == MEET_SPLIT && r->one_side_barrier)
        snprintf(tail, sizeof tail,
                 "on the two sides of the thread-dependent branch at line %u: the barrier at line %u is on one side "
                 "only, and the other side's threads never wait at it",
                 via_line, r->one_side_barrier);
    add_barrier_notes(r, tail, sizeof tail, meet, active);
    uint32_t had = c->f->nfindings;
    ptx_add_finding(c->m, c->f, PTX_RULE_SHARED_RACE, wi->line, wi->col, fix,
                    "shared memory %s at line %u and %s at line %u by %s, %s", what(c, w), wi->line, what(c, o),
                    oi->line, who, tail);
    if ((meet == MEET_COPIES || meet == MEET_COPIES_NEXT || meet == MEET_FLAG) && c->f->nfindings > had)
        c->f->findings[had].severity = PTX_WARNING; /* equal values: the outcome does not depend on the order */
}

/* Reports x against y when some pair of threads may conflict; a conflict found only between lanes
 * of one warp is reported as such. */
static void check(races *r, const racc *x, const racc *y, int filter, const ptx_eval *ev, int meet, uint32_t via_line)
{
    if (!kinds_race(x, y) || r->reported[x->ins] || r->reported[y->ins])
        return;
    if (!ptx_may_conflict(r, x, y, filter, ev) || (r->order && ptx_handoff_orders(r, x->ins, y->ins, r->order)))
        return;
    bool warp =
        filter == PTX_PAIR_OTHER_THREADS && meet <= MEET_SPLIT && !ptx_may_conflict(r, x, y, PTX_PAIR_OTHER_WARPS, ev);
    r->between_groups = filter > PTX_PAIR_OTHER_WARPS;
    report(r, x, y, meet, warp, via_line);
    r->between_groups = false;
}

/* ---- intervals ---- */

static void store_pairs(races *r, const racc *x, const racc *y);
static void store_pairs_next(races *r, const racc *x, int32_t l);
static void store_pairs_round(races *r, const racc *x, const racc *y, int32_t l);

/* Whether loop l holds a barrier of any kind, or a wait that may order threads (its iterations are then
 * steps apart for some threads); worked out once per loop. */
static bool orders_in_loop(races *r, int32_t l)
{
    const ptx_ctx *c = r->c;
    const uint32_t ordering = PTX_STOP_WARP | 1u << PTX_SY_BAR_PART | 1u << PTX_SY_BAR_ARRIVE | 1u << PTX_SY_MBAR_WAIT |
                              1u << PTX_SY_MBAR_OTHER | 1u << PTX_SY_CLUSTER_ARRIVE;
    if (!r->loop_orders) {
        r->loop_orders = ptx_scratch(c, c->sync->nloops + 1, sizeof *r->loop_orders);
        memset(r->loop_orders, -1, c->sync->nloops + 1);
    }
    if (r->loop_orders[l] < 0) {
        r->loop_orders[l] = 0;
        for (uint32_t b = 0; b < c->nb && !r->loop_orders[l]; b++)
            for (uint32_t i = c->bstart[b]; i < c->bend[b] && ptx_in_loop(c->sync, l, b); i++)
                r->loop_orders[l] |= (int8_t)((ordering >> ptx_stop_kind(c->sync, i)) & 1);
    }
    return r->loop_orders[l];
}

/* Whether two accesses surely touch different arrays: each in a static shared variable of its own size
 * (dynamic ones all start at one address). */
static bool apart_arrays(const ptx_ctx *c, uint32_t i, uint32_t j)
{
    int32_t a = c->addr[i].sym, b = c->addr[j].sym;
    return a >= 0 && b >= 0 && a != b && c->syms[a].size > 0 && c->syms[b].size > 0;
}

/* Whether walk `side` came to access b once round loop l (one of its ways). */
static bool once_round(const races *r, int side, uint32_t b, int32_t l)
{
    int32_t code = way_code((ptx_way){.via = l}); /* once, not many times, not noisy */
    return !r->multi[side][b] && (r->via[side][b] == code || r->via2[side][b] == code);
}

/* Whether instructions i and j lie in a common loop. */
static bool shares_loop(const ptx_ctx *c, uint32_t i, uint32_t j)
{
    int32_t l = c->sync->inner[c->blk[i]];
    if (l < 0 || c->sync->inner[c->blk[j]] < 0)
        return false;
    for (uint32_t k = 0; k < c->sync->nloops; k++)
        if (ptx_in_loop(c->sync, (int32_t)k, c->blk[i]) && ptx_in_loop(c->sync, (int32_t)k, c->blk[j]))
            return true;
    return false;
}

/* Whether every way around loop l passes a block barrier: no path from its head back to it through
 * blocks without one (worked out once per loop). */
static bool round_barred(races *r, int32_t l)
{
    ptx_ctx *c = r->c;
    const ptx_syncinfo *s = c->sync;
    if (!r->round_barred) {
        r->round_barred = ptx_scratch(c, s->nloops + 1, sizeof *r->round_barred);
        memset(r->round_barred, -1, s->nloops + 1);
    }
    if (r->round_barred[l] >= 0)
        return r->round_barred[l];
    uint8_t *state = ptx_xcalloc(c->nb + 1, 1); /* 1 seen, 2 holds a block barrier */
    uint32_t *stack = ptx_xmalloc(c->nb + 1, sizeof *stack), n = 0;
    for (uint32_t b = 0; b < c->nb; b++)
        for (uint32_t i = c->bstart[b]; i < c->bend[b] && ptx_in_loop(s, l, b); i++)
            state[b] = (PTX_STOP_BLOCK >> ptx_stop_kind(s, i)) & 1 ? 2 : state[b];
    bool around = false;
    if (!state[s->loops[l].head])
        stack[n++] = s->loops[l].head, state[s->loops[l].head] = 1;
    while (n && !around) {
        uint32_t b = stack[--n];
        for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1] && !around; e++) {
            uint32_t d = c->succ[e];
            around = d == s->loops[l].head;
            if (d < c->nb && !state[d] && ptx_in_loop(s, l, d))
                state[d] = 1, stack[n++] = d;
        }
    }
    free(state), free(stack);
    r->round_barred[l] = !around;
    return !around;
}

/* x against access b as ev relates them, where the walk went round loops not holding x; when b's
 * innermost loop is one of those, b in that loop's later iterations too, two and three on from the
 * sample's (made by the threads its latch sends that far): two loops with no barrier between, whose
 * iterations meet far apart (one half of a block's rows written in its first, read by the other
 * half in its fourth). */
static void check_later(races *r, const racc *x, uint32_t b, int filter, const ptx_eval *ev, int meet)
{
    check(r, x, &r->acc[b], filter, ev, meet, 0);
    int32_t own = r->c->sync->inner[r->c->blk[r->acc[b].ins]];
    if (own < 0 || ptx_in_loop(r->c->sync, own, r->c->blk[x->ins]) || round_barred(r, own))
        return; /* b's later iterations lie past a barrier */
    ptx_eval later = *ev;
    later.later = true, later.around = (uint32_t)own + 1;
    for (later.trips = 2; later.trips <= MANY_ON; later.trips++)
        check(r, x, &r->acc[b], filter, &later, meet, 0);
}

/* When walk `side` reached access b (outside x's loops) from x only by leaving x's innermost loop in
 * x's own iteration, never going round it, and that loop's trip count is known: the loop plus 1 (x is
 * then made in the loop's last iteration: a tree over the block whose last step only thread 0 takes,
 * before thread 0 goes on past the loop); else 0. Only where x's address and who makes it depend on
 * no run-time value (a parameter, what an earlier loop left): sampled, such a value says nothing of
 * the last iteration. */
static uint32_t left_in_last(races *r, const racc *x, uint32_t b, int side)
{
    ptx_ctx *c = r->c;
    int32_t l = c->sync->inner[c->blk[x->ins]];
    ptx_threads *th = l >= 0 && ptx_threads_count(c) ? ptx_threads_of(c) : NULL;
    if (!th || ptx_tgraph_trips(c, th, l) <= 0)
        return 0;
    int64_t off;
    int32_t base = ptx_threads_base(c, x->ins, x->which, &off), act = ptx_tgraph_activity(c, th, x->ins);
    if (base < 0 || th->nodes[base].param || (act >= 0 && th->nodes[act].param))
        return 0;
    for (int k = 0, n = ways_of(r, side, b); k < n; k++) {
        ptx_eval ev = relation_of(r, side, b, x->ins, k);
        if (ev.via != -1 || ev.unknown)
            return 0;
    }
    return (uint32_t)l + 1;
}

/* x against access b, reached by walk `side`, for the pairs of threads filter allows: each way the
 * walk came relates the two. */
static void pairs_of_walk(races *r, const racc *x, uint32_t b, int side, int filter)
{
    if (!shares_loop(r->c, x->ins, r->acc[b].ins)) {
        /* after x's loops: how many times around them does not relate the two, any iteration of x may
         * (the last, when the walk left x's loop in x's iteration and the loop's trip count is known) */
        ptx_eval ev = {.via = -1, .noisy = true, .from = (int32_t)x->ins, .last = left_in_last(r, x, b, side)};
        r->order = PTX_ORDER_FORWARD_LATER; /* a later step of x's loops, peeled or not */
        check_later(r, x, b, filter, &ev, r->direct[side][b] ? MEET_PATH : MEET_LOOP);
        return;
    }
    for (int k = 0, n = ways_of(r, side, b); k < n; k++) { /* each way it came */
        ptx_eval ev = relation_of(r, side, b, x->ins, k);
        bool path = ev.via == -1 || (ev.unknown && r->direct[side][b]);
        int meet = path ? MEET_PATH : ev.unknown ? MEET_FREE_LOOP : MEET_LOOP;
        r->order = ev.unknown ? PTX_ORDER_BOTH : ev.via == -1 ? PTX_ORDER_FORWARD : PTX_ORDER_FORWARD_LATER;
        if (ev.via == -1 && ev.noisy && !ev.unknown) {
            check_later(r, x, b, filter, &ev, meet);
            continue;
        }
        if (!ev.many || ev.unknown || ev.via < 0) {
            check(r, x, &r->acc[b], filter, &ev, meet, 0);
            continue;
        }
        /* round x's loop more than once: two and three iterations on, each exactly */
        for (ev.trips = 2; ev.trips <= MANY_ON; ev.trips++)
            check(r, x, &r->acc[b], filter, &ev, meet, 0);
    }
}

/* Whether every path from block b to the exit passes block d (d post-dominates b, or is b). */
static bool post_dominates(const ptx_ctx *c, uint32_t d, uint32_t b)
{
    for (uint32_t n = 0; n <= c->nb; n++, b = c->ipdom[b])
        if (b == d || b == c->exitb)
            return b == d;
    return false;
}

/* The walk of x's group (walk 1). A bar.warp.sync whose mask activemask gave orders only the lanes
 * that run it, those of its branch: a thread that made x and then need not run it (it does not
 * post-dominate x) is not ordered by it with the lanes that do, so the walk passes it. */
static void group_walk(races *r, const racc *x)
{
    uint8_t *kind = r->c->sync->kind;
    r->active_passed = 0;
    for (uint32_t k = 0; k < r->nactive_bars; k++)
        if (!post_dominates(r->c, r->c->blk[r->active_bars[k]], r->c->blk[x->ins])) {
            kind[r->active_bars[k]] = PTX_SY_NONE;
            r->active_passed = r->active_passed ? r->active_passed : r->active_bars[k] + 1;
        }
    walk(r, 1, x->ins, x->ins, r->group_stop);
    for (uint32_t k = 0; k < r->nactive_bars; k++)
        kind[r->active_bars[k]] = PTX_SY_WARP;
}

typedef struct {
    uint32_t target;
    bool found;
} target_walk;

static void visit_target(ptx_ctx *c, uint32_t i, ptx_way way, void *arg)
{
    (void)c, (void)way;
    target_walk *t = arg;
    t->found |= i == t->target;
}

/* Whether a walk from instruction `from` that stops at the group's barriers reaches `to`. */
static bool group_reaches(races *r, uint32_t from, uint32_t to)
{
    target_walk t = {.target = to};
    ptx_walk(r->c, from, from, r->group_stop, NULL, visit_target, &t);
    return t.found;
}

/* The bar.warp.sync of activemask's lanes on the way from x to y (its instruction + 1) when every
 * way meets a warp barrier: the pair races because x's lane need not run that one; 0 none such. */
static uint32_t passed_active_barrier(races *r, const racc *x, const racc *y)
{
    if (!r->active_passed || x->ins == y->ins || group_reaches(r, x->ins, y->ins))
        return 0;
    uint8_t *kind = r->c->sync->kind;
    for (uint32_t k = 0; k < r->nactive_bars; k++) {
        uint32_t b = r->active_bars[k];
        if (post_dominates(r->c, r->c->blk[b], r->c->blk[x->ins]) || !group_reaches(r, x->ins, b))
            continue;
        kind[b] = PTX_SY_NONE;
        bool on_the_way = group_reaches(r, b, y->ins);
        kind[b] = PTX_SY_WARP;
        if (on_the_way)
            return b + 1;
    }
    return 0;
}

/* x against what its interval reaches: the walk stops at block barriers; with warp barriers in the
 * function, a second walk stopping at those too tells the pairs only lanes of different warps make. */
static void block_pairs(races *r, uint32_t a, bool warp_barriers)
{
    const racc *x = &r->acc[a];
    walk(r, 0, x->ins, x->ins, PTX_STOP_BLOCK);
    if (warp_barriers)
        group_walk(r, x);
    for (uint32_t k = 0; k < r->nlist[0]; k++) {
        uint32_t b = r->list[0][k];
        if (x->remote || r->acc[b].remote)
            continue; /* other blocks of the cluster: cluster_pairs */
        if (r->via[0][b] == WAY_DIRECT && !r->multi[0][b] && b != a &&
            (!warp_barriers || (r->via[1][b] == WAY_DIRECT && !r->multi[1][b])))
            store_pairs(r, x, &r->acc[b]); /* two stores in one step (on a path that may go round loops too), */
                                           /* past no barrier of any kind */
        int32_t l = r->c->sync->inner[r->c->blk[x->ins]];
        if (b == a && l >= 0 && x->write && once_round(r, 0, b, l) && (!warp_barriers || once_round(r, 1, b, l)))
            store_pairs_next(r, x, l); /* x against itself, one iteration of its loop on */
        int32_t lb = r->c->sync->inner[r->c->blk[r->acc[b].ins]];
        if (b != a && lb >= 0 && r->direct[0][b] && !ptx_in_loop(r->c->sync, lb, r->c->blk[x->ins]) && x->write &&
            r->acc[b].write && !apart_arrays(r->c, x->ins, r->acc[b].ins) && !orders_in_loop(r, lb))
            store_pairs_round(r, &r->acc[b], x, lb); /* b in its loop's second iteration against x before it */
        /* threads of one group: the ways past block barriers only (walk 1); of different groups: the
         * ways past group barriers too (walk 0) */
        bool same_ways = r->via[1][b] == r->via[0][b] && r->via2[1][b] == r->via2[0][b] &&
                         r->multi[1][b] == r->multi[0][b] && r->direct[1][b] == r->direct[0][b];
        if (!warp_barriers)
            pairs_of_walk(r, x, b, 0, PTX_PAIR_OTHER_THREADS);
        else if (r->via[1][b])
            pairs_of_walk(r, x, b, 1, PTX_PAIR_OTHER_THREADS);
        if (warp_barriers && !same_ways) /* the same ways: every pair of threads was compared over them */
            pairs_of_walk(r, x, b, 0, PTX_PAIR_GROUPS + r->group_lg);
    }
    r->order = PTX_ORDER_NONE;
    clear(r, 0);
    clear(r, 1);
}

/* Whether some path from block `from` reaches a block or cluster barrier (one its threads wait at). */
static bool reaches_block_barrier(ptx_ctx *c, uint32_t from)
{
    uint8_t *seen = ptx_xcalloc(c->nb, 1);
    uint32_t *stack = ptx_xmalloc(c->nb, sizeof *stack), n = 0;
    bool found = false;
    seen[from] = 1, stack[n++] = from;
    while (n && !found) {
        uint32_t b = stack[--n];
        for (uint32_t i = c->bstart[b]; i < c->bend[b] && !found; i++)
            found = c->sync->kind[i] == PTX_SY_BLOCK || c->sync->kind[i] == PTX_SY_CLUSTER;
        for (uint32_t k = c->sstart[b]; k < c->sstart[b + 1]; k++)
            if (c->succ[k] < c->nb && !seen[c->succ[k]])
                seen[c->succ[k]] = 1, stack[n++] = c->succ[k];
    }
    free(seen), free(stack);
    return found;
}

/* A block barrier that only one side of a thread-dependent branch reaches (BARRIER_DIVERGENCE), where
 * the other side reaches no barrier at all: that side's threads never wait at it, so it orders
 * nothing between them and the others (where the other side reaches a barrier of its own, as a
 * warp-specialised producer does, the two may be one). */
typedef struct one_side {
    uint32_t bar;   /* the barrier */
    int32_t branch; /* the branch (its instruction) */
    int side;       /* the side holding the barrier: 0, the branch's first successor, or 1 */
} one_side;

enum { PTX_ONE_SIDES = 64 }; /* the most such barriers followed in a function (each walks the CFG) */

static void find_one_sides(races *r)
{
    ptx_ctx *c = r->c;
    r->n_one_sides = 0;
    for (uint32_t i = 0; i + 1 < c->n && r->n_one_sides < PTX_ONE_SIDES; i++) {
        uint32_t blk = c->blk[i];
        int32_t br = c->cd_branch[blk];
        if (c->sync->kind[i] != PTX_SY_BLOCK || !c->reach[blk] || br < 0)
            continue;
        uint32_t bb = c->blk[br], *succ = c->succ + c->sstart[bb];
        if (c->sstart[bb + 1] - c->sstart[bb] != 2 || succ[0] >= c->nb || succ[1] >= c->nb)
            continue;
        bool on0 = ptx_dominates(c, succ[0], blk), on1 = ptx_dominates(c, succ[1], blk);
        if (on0 == on1 || reaches_block_barrier(c, on0 ? succ[1] : succ[0]))
            continue;
        if (!r->one_sides)
            r->one_sides = ptx_scratch(c, PTX_ONE_SIDES, sizeof *r->one_sides);
        r->one_sides[r->n_one_sides++] = (one_side){i, br, on0 ? 0 : 1};
    }
}

/* The two sides of the branch at `at`: each one-side barrier of it lets its side's walk go on past
 * it; the first one's line goes to r->one_side_barrier (0: none). */
static void past_one_side_barriers(races *r, uint32_t at)
{
    r->one_side_barrier = 0;
    for (uint32_t k = 0; k < r->n_one_sides; k++) {
        const one_side *o = &r->one_sides[k];
        if (o->branch != (int32_t)at)
            continue;
        walk_from(r, o->side, o->bar + 1, at, PTX_STOP_BLOCK, true);
        r->one_side_barrier = r->one_side_barrier ? r->one_side_barrier : r->c->f->ins[o->bar].line;
    }
}

/* Access xa at instruction j, before the branch at br, against what the walk found after the barrier. */
static void skipped_pairs_of(races *r, const racc *xa, uint32_t j, int32_t br)
{
    ptx_ctx *c = r->c;
    for (uint32_t k = 0; k < r->nlist[0] && !xa->remote; k++) {
        const racc *ya = &r->acc[r->list[0][k]];
        if (ya->remote)
            continue;
        /* in a loop after the barrier: any of its iterations */
        ptx_eval ev = {.via = -1, .noisy = c->sync->cyclic[c->blk[ya->ins]], .from = (int32_t)j};
        r->order = PTX_ORDER_FORWARD;
        check(r, xa, ya, PTX_PAIR_OTHER_THREADS, &ev, MEET_SKIPPED, c->f->ins[br].line);
    }
}

/* At a one-side barrier the threads that take the other side leave without waiting, so what they did
 * before the branch (since the last barrier) is not ordered with what the others do after it (a tail
 * `if (g < n) { bar; … }` that threads past the end skip, having written the tile). Barriers and
 * accesses before the branch outside loops. */
static void skipped_barrier_pairs(races *r)
{
    ptx_ctx *c = r->c;
    for (uint32_t k = 0; k < r->n_one_sides; k++) {
        uint32_t i = r->one_sides[k].bar, bb = c->blk[r->one_sides[k].branch];
        int32_t br = r->one_sides[k].branch;
        if (c->sync->cyclic[c->blk[i]])
            continue;
        walk_from(r, 0, i + 1, (uint32_t)br, PTX_STOP_BLOCK, true); /* after the barrier */
        /* before the branch, back to the last barrier on each path: backwards from its block */
        uint8_t *seen = ptx_xcalloc(c->nb, 1);
        uint32_t *stack = ptx_xmalloc(c->nb, sizeof *stack), n = 0;
        seen[bb] = 1, stack[n++] = bb;
        while (n) {
            uint32_t d = stack[--n];
            bool barrier = false;
            for (uint32_t j = d == bb ? (uint32_t)br : c->bend[d]; j-- > c->bstart[d] && !barrier;) {
                barrier = c->sync->kind[j] == PTX_SY_BLOCK || c->sync->kind[j] == PTX_SY_CLUSTER;
                if (!barrier && r->acc_of[j] >= 0)
                    skipped_pairs_of(r, &r->acc[r->acc_of[j]], j, br);
            }
            for (uint32_t p = c->pstart[d]; !barrier && !c->sync->cyclic[d] && p < c->pstart[d + 1]; p++)
                if (c->pred[p] < c->nb && !seen[c->pred[p]] && !c->sync->cyclic[c->pred[p]])
                    seen[c->pred[p]] = 1, stack[n++] = c->pred[p];
        }
        free(seen), free(stack);
        r->order = PTX_ORDER_NONE;
        clear(r, 0);
    }
}

/* Whether loop l (-1: none) arrives or waits on a barrier in its body: a ring, whose handoff repeats
 * with its writes (a fill loop inside one step, before one arrival, is not). */
static bool hands_off_around(races *r, int32_t l)
{
    ptx_ctx *c = r->c;
    if (l < 0)
        return false;
    if (!r->loop_hands) /* per loop: 0 not worked out, 1 no, 2 yes */
        r->loop_hands = ptx_scratch(c, c->sync->nloops + 1, 1);
    if (!r->loop_hands[l]) {
        r->loop_hands[l] = 1;
        for (uint32_t i = 0; i < c->n && r->loop_hands[l] == 1; i++) {
            uint8_t k = c->sync->kind[i];
            if ((k == PTX_SY_BAR_ARRIVE || k == PTX_SY_BAR_PART || k == PTX_SY_MBAR_WAIT || k == PTX_SY_MBAR_OTHER) &&
                ptx_in_loop(c->sync, l, c->blk[i]))
                r->loop_hands[l] = 2;
        }
    }
    return r->loop_hands[l] == 2;
}

/* Whether access a is in a loop, not holding instruction at, that arrives or waits on a barrier. */
static bool repeats_handoff(races *r, uint32_t a, uint32_t at)
{
    const ptx_ctx *c = r->c;
    for (uint32_t l = 0; l < c->sync->nloops; l++)
        if (ptx_in_loop(c->sync, (int32_t)l, c->blk[a]) && !ptx_in_loop(c->sync, (int32_t)l, c->blk[at]) &&
            hands_off_around(r, (int32_t)l))
            return true;
    return false;
}

/* Threads that part at a thread-dependent branch run both sides at once until a barrier: accesses
 * only one side reaches are compared with those only the other reaches. The walks are bounded so
 * that the whole stays near-linear in the function's size. */
static void split_pairs(races *r)
{
    ptx_ctx *c = r->c;
    uint64_t budget = 64 * (uint64_t)c->n + 4096;
    for (uint32_t b = 0; b < c->nb && r->visits < budget; b++) {
        const ptx_instr *br = &c->f->ins[c->bend[b] - 1];
        if (!c->reach[b] || c->sstart[b + 1] - c->sstart[b] != 2 || br->kind != PTX_K_BRA || br->guard < 0 ||
            !c->variant[br->guard])
            continue;
        uint32_t s0 = c->succ[c->sstart[b]], s1 = c->succ[c->sstart[b] + 1];
        if (s0 >= c->nb || s1 >= c->nb)
            continue;
        uint32_t at = c->bend[b] - 1;
        walk_from(r, 0, c->bstart[s0], at, PTX_STOP_BLOCK, true);
        walk_from(r, 1, c->bstart[s1], at, PTX_STOP_BLOCK, true);
        past_one_side_barriers(r, at);
        for (uint32_t i = 0; i < r->nlist[0]; i++) {
            uint32_t xa = r->list[0][i];
            if (r->via[1][xa])
                continue;
            for (uint32_t j = 0; j < r->nlist[1]; j++) {
                uint32_t ya = r->list[1][j];
                if (r->via[0][ya] || r->acc[xa].remote || r->acc[ya].remote)
                    continue;
                ptx_eval ev = {.via = -1, .from = (int32_t)at};
                ev.unknown = r->via[0][xa] != WAY_DIRECT || r->via[1][ya] != WAY_DIRECT || r->multi[0][xa] ||
                             r->multi[1][ya] || r->via2[0][xa] || r->via2[1][ya];
                /* a write repeated in a loop on its side needs ordering both ways (a ring: full and empty);
                 * reads repeated after one wait, or before one arrival, need it one way */
                bool repeated = (r->acc[xa].write && repeats_handoff(r, r->acc[xa].ins, at)) ||
                                (r->acc[ya].write && repeats_handoff(r, r->acc[ya].ins, at));
                r->order = repeated ? PTX_ORDER_BOTH : PTX_ORDER_EITHER; /* a wait's own loop repeats no access */
                check(r, &r->acc[xa], &r->acc[ya], PTX_PAIR_OTHER_THREADS, &ev, MEET_SPLIT, br->line);
            }
        }
        r->order = PTX_ORDER_NONE;
        r->one_side_barrier = 0;
        clear(r, 0);
        clear(r, 1);
    }
}

/* Whether store i writes a value that differs between threads (any register it reads but its address). */
static bool variant_value(const ptx_ctx *c, uint32_t i)
{
    const ptx_operand *ad = ptx_address_operand(c, &c->f->ins[i]);
    for (uint32_t k = c->ndef[i]; k < c->ndef[i] + c->nuse[i]; k++) {
        int32_t reg = c->du[c->du_start[i] + k];
        if ((!ad || reg != ad->reg) && c->variant[reg])
            return true;
    }
    return false;
}

/* Sorts keys[0..m) ascending, tmp as scratch: often already in order (addresses growing with the
 * thread); otherwise by radix, 8 bits at a time over the bits in which they differ. */
static void sort_keys(uint64_t *keys, uint64_t *tmp, uint32_t m)
{
    uint64_t lo = ~(uint64_t)0, hi = 0;
    bool sorted = true;
    for (uint32_t i = 0; i < m; i++) {
        lo = keys[i] < lo ? keys[i] : lo;
        hi = keys[i] > hi ? keys[i] : hi;
        sorted &= !i || keys[i - 1] <= keys[i];
    }
    for (int shift = 0; !sorted && shift < 64 && ((hi - lo) >> shift); shift += 8) {
        uint32_t count[257] = {0};
        for (uint32_t i = 0; i < m; i++)
            count[((keys[i] - lo) >> shift & 255) + 1]++;
        for (int d = 0; d < 256; d++)
            count[d + 1] += count[d];
        for (uint32_t i = 0; i < m; i++)
            tmp[count[(keys[i] - lo) >> shift & 255]++] = keys[i];
        memcpy(keys, tmp, m * sizeof *keys);
    }
}

/* Whether instruction in computes its one result from its operands alone (arithmetic, conversions,
 * copies): its data comes from theirs. */
static bool computes(const ptx_ctx *c, uint32_t j, const ptx_instr *in)
{
    switch (in->kind) {
    case PTX_K_MOV:
    case PTX_K_CVT:
    case PTX_K_ADD:
    case PTX_K_SUB:
    case PTX_K_MUL:
    case PTX_K_MAD:
    case PTX_K_FMA:
    case PTX_K_SHL:
    case PTX_K_SELP:
    case PTX_K_NEG:
    case PTX_K_ARITH:
        return c->ndef[j] == 1 && in->nopnd >= 2;
    default:
        return false;
    }
}

/* Where a store's data comes from: the loads (4 at most), whether a shuffle brings other lanes'
 * values into it on the way, and the registers already followed (so that a loop's value is followed
 * once through each of its definitions), within a budget of registers. */
typedef struct data_trace {
    uint32_t *out;
    int n, budget;
    bool shuffled, more; /* more: loads past the four kept */
    uint8_t *seen;
} data_trace;

static bool is_shuffle(const ptx_instr *in)
{
    return in->kind == PTX_K_VARIANT_SRC && in->oplen == 4 && !memcmp(in->op, "shfl", 4);
}

/* The loads whose data register reg may hold (through arithmetic on it, copies, conversions and
 * shuffles, any definition of a register defined more than once), added to t; false when some of it
 * comes from elsewhere (a vote, an atomic, a value of its own). */
static bool loads_of(const ptx_ctx *c, int32_t reg, data_trace *t)
{
    if (t->seen[reg])
        return true;
    t->seen[reg] = 1;
    if (--t->budget < 0)
        return false;
    int32_t d = c->only_def[reg];
    uint32_t from = d >= 0 ? (uint32_t)d : 0, to = d >= 0 ? (uint32_t)d + 1 : c->n;
    for (uint32_t j = from; j < to; j++) {
        if (!ptx_defines(c, j, reg))
            continue;
        const ptx_instr *in = &c->f->ins[j];
        if (in->kind == PTX_K_LD && ptx_address_operand(c, in)) {
            bool listed = false; /* a vector load's elements: one load */
            for (int k = 0; k < t->n && !listed; k++)
                listed = t->out[k] == j;
            if (!listed && t->n < 4)
                t->out[t->n++] = j;
            else if (!listed)
                t->more = true;
            continue;
        }
        if (is_shuffle(in) && c->nuse[j] > 0) { /* the lane's value, or another lane's */
            int32_t src = c->du[c->du_start[j] + c->ndef[j]];
            t->shuffled = true;
            if (c->variant[src] && !loads_of(c, src, t))
                return false;
            continue;
        }
        if (!computes(c, j, in))
            return false;
        int followed = 0; /* operands that differ between threads; constants and uniform values add none */
        for (int k = 1; k < in->nopnd; k++) {
            const ptx_operand *o = ptx_opnd(c, in, k);
            if (o->kind == PTX_O_REG && c->variant[o->reg] && !loads_of(c, o->reg, t))
                return false;
            followed += o->kind == PTX_O_REG && c->variant[o->reg];
        }
        if (!followed && in->kind != PTX_K_MOV)
            return false; /* a value of its own */
    }
    return true;
}

/* The loads whose data store i writes (its registers that differ between threads), into out[4]; their
 * number (5 when there are more than four), -1 when some of the data comes from elsewhere. *shuffled: whether lanes'
 * values mix on the way (threads of one warp may then store one value). */
static int data_loads(const ptx_ctx *c, uint32_t i, uint32_t out[4], bool *shuffled)
{
    const ptx_operand *ad = ptx_address_operand(c, &c->f->ins[i]);
    data_trace t = {.out = out, .budget = 64, .seen = ptx_xcalloc(c->f->nregs + 1, 1)};
    bool all = true;
    for (uint32_t u = c->ndef[i]; u < c->ndef[i] + c->nuse[i] && all; u++) {
        int32_t reg = c->du[c->du_start[i] + u];
        all = reg == ad->reg || !c->variant[reg] || loads_of(c, reg, &t);
    }
    free(t.seen);
    *shuffled = t.shuffled;
    return all ? t.n + t.more : -1;
}

/* Kinds of plain stores: STORE_THREAD_DATA when its address and its data differ between threads,
 * STORE_ONE_VALUE when only its address does (a fill: every thread stores one value), STORE_OTHER
 * otherwise (0: not worked out yet). */
enum { STORE_OTHER = 1, STORE_THREAD_DATA, STORE_ONE_VALUE };

/* The two stores of a pair, each with its addresses (for every thread), the loads of its data and
 * the addresses its first load reads from (in sample load_s). */
typedef struct store_side {
    const racc *a;
    const ptx_tvals *v;
    uint32_t loads[4];
    int nloads;    /* -2 not looked for yet */
    bool shuffled; /* the data mixes lanes' values (data_loads) */
    int load_s;    /* -1 not evaluated yet */
    bool next;     /* stored in the iteration of loop `loop` after store `from`'s */
    int32_t loop, from;
    bool load_known, load_sampled; /* ... and whether its address depends on sampled values */
    uint64_t *load_at;             /* per thread, when known ... */
    uint8_t *load_act;             /* ... and whether it loads */
    int data_s;                    /* data computed without loads: the sample data_of was evaluated in
                                      (-1 not yet), and each thread's value when known */
    bool data_known;
    uint64_t *data_of;
} store_side;

/* The address thread t loads from with side's first load in sample s (the load evaluated once per
 * sample); false when not known or not made. */
static bool load_address(ptx_ctx *c, store_side *side, int s, uint32_t t, uint64_t *at)
{
    if (side->load_s != s) {
        ptx_tvals *v = ptx_threads_scratch(c, 1);
        ptx_eval ev = {.s = s, .via = -1, .from = -1, .params = true}; /* data loaded for some launch */
        if (side->next)
            ev.via = side->loop, ev.from = side->from;
        side->load_s = s;
        side->load_known = ptx_threads_access(c, side->loads[0], 0, &ev, v) && v->known;
        side->load_sampled |= side->load_known && v->sampled;
        if (side->load_known) {
            side->load_at = side->load_at ? side->load_at : ptx_xmalloc(v->n, sizeof *side->load_at);
            side->load_act = side->load_act ? side->load_act : ptx_xmalloc(v->n, 1);
            memcpy(side->load_at, v->kv, v->n * sizeof *side->load_at);
            memcpy(side->load_act, v->act, v->n);
        }
    }
    if (!side->load_known || side->load_act[t] == PTX_ACT_NO)
        return false;
    *at = side->load_at[t];
    return true;
}

/* The value thread t stores with side's store in sample s, when its data is computed from thread
 * indices and uniform values (no load) and known; the data evaluated once per sample. */
static bool data_value(ptx_ctx *c, store_side *side, int s, uint32_t t, uint64_t *value)
{
    if (side->data_s != s) {
        side->data_s = s;
        side->data_known = false;
        const ptx_instr *in = &c->f->ins[side->a->ins];
        int which = -1;
        for (int k = 0; k < in->nopnd && which < 0; k++)
            if (ptx_opnd(c, in, k)->kind == PTX_O_REG || ptx_opnd(c, in, k)->kind == PTX_O_IMM)
                which = k;
        if (which < 0)
            return false;
        if (!side->data_of)
            side->data_of = ptx_xcalloc((size_t)ptx_threads_count(c), sizeof *side->data_of);
        side->data_known = ptx_threads_operand(c, side->a->ins, which, s, side->data_of);
    }
    if (!side->data_known)
        return false;
    *value = side->data_of[t];
    return true;
}

/* The bytes instruction i moves (a vector's elements together). */
static uint32_t moved_bytes(const ptx_instr *in)
{
    return (uint32_t)(in->vec > 1 ? in->vec : 1) * in->tsize;
}

/* Whether side's store writes what its one load read, as wide as it read it (a copy, byte for byte). */
static bool copies_whole(const ptx_ctx *c, const store_side *side)
{
    return moved_bytes(&c->f->ins[side->loads[0]]) == moved_bytes(&c->f->ins[side->a->ins]);
}

enum { DATA_ALIKE, DATA_DIFFER, DATA_COPIED };

/* Whether all the data side's store writes comes from one load instruction (a vector load's
 * elements count as one). */
static bool one_load(const store_side *side)
{
    return side->nloads == 1;
}

/* Whether thread t1 storing with side x and thread t2 with side y store data loaded from different
 * addresses in sample s, or data computed from their indices that differs (a token's number where
 * another thread stores a score), or such data against loaded data: DATA_DIFFER. DATA_COPIED: both
 * store what one load each brings from one address (a halo cell loaded twice, a row of a tile loaded
 * by two threads): one value, still two unordered writes. DATA_ALIKE otherwise (values computed
 * alike, a warp's shuffled sum that Triton's layouts keep in several threads). o1 and o2: the bytes
 * into each store where the part compared starts (0: the whole store, or its first part). */
static int data_differ(ptx_ctx *c, store_side *x, store_side *y, int s, uint32_t t1, uint32_t t2, uint32_t o1,
                       uint32_t o2)
{
    if (x->a->store_kind == STORE_ONE_VALUE || y->a->store_kind == STORE_ONE_VALUE)
        return DATA_DIFFER; /* one value (a fill) against data that differs between threads */
    if (x->nloads == -2)
        x->nloads = data_loads(c, x->a->ins, x->loads, &x->shuffled);
    if (y->nloads == -2)
        y->nloads = data_loads(c, y->a->ins, y->loads, &y->shuffled);
    if ((x->shuffled || y->shuffled) && t1 / 32 == t2 / 32)
        return DATA_ALIKE; /* a warp's lanes may all hold one value (a butterfly's sum) */
    uint64_t a1, a2;
    if ((o1 || o2) && (!one_load(x) || !one_load(y) || !copies_whole(c, x) || !copies_whole(c, y)))
        return DATA_ALIKE; /* a part of a wider store: its data known only where a load copies it whole */
    if (x->nloads > 0 && y->nloads > 0) {
        if (!load_address(c, x, s, t1, &a1) || !load_address(c, y, s, t2, &a2))
            return DATA_ALIKE;
        a1 += o1, a2 += o2; /* the bytes the part holds */
        return a1 != a2                                                     ? DATA_DIFFER
               : one_load(x) && one_load(y) && !x->shuffled && !y->shuffled ? DATA_COPIED
                                                                            : DATA_ALIKE;
    }
    if ((x->nloads == 0 && y->nloads > 0) || (x->nloads > 0 && y->nloads == 0))
        return DATA_DIFFER; /* a value of the thread's own against data loaded from memory */
    return x->nloads == 0 && y->nloads == 0 && !x->next && !y->next && data_value(c, x, s, t1, &a1) &&
                   data_value(c, y, s, t2, &a2) && a1 != a2
               ? DATA_DIFFER
               : DATA_ALIKE;
}

/* Whether, in sample s, two different threads that surely make stores x and y (one store when y is
 * x) store data at one address: DATA_DIFFER when some pair stores different data, DATA_COPIED when
 * the pairs found store copies of one loaded value only, DATA_ALIKE when none is known to; a few pairs
 * tried. Two stores of different widths (a float4 body, a scalar tail) are compared part by part, in
 * the narrower one's width, when the wider holds at most four such parts; keys holds 16 per thread. */
static int collision(ptx_ctx *c, store_side *x, store_side *y, uint64_t *keys, int s)
{
    uint32_t m = 0, tried = 0, n = x->v->n;
    int found = DATA_ALIKE;
    uint32_t wx = moved_bytes(&c->f->ins[x->a->ins]), wy = moved_bytes(&c->f->ins[y->a->ins]);
    uint32_t part = wx < wy ? wx : wy;
    if (y == x || !part || wx % part || wy % part || wx / part > 4 || wy / part > 4)
        part = 0; /* whole stores, compared by their start */
    for (int side = 0; side < (y == x ? 1 : 2); side++) {
        const ptx_tvals *v = side ? y->v : x->v;
        uint32_t parts = part ? (side ? wy : wx) / part : 1;
        for (uint32_t t = 0; t < v->n; t++) /* the address, the side, the part, the thread */
            for (uint32_t e = 0; e < parts && v->act[t] == PTX_ACT_YES && v->kv[t] < ((uint64_t)1 << 48); e++)
                keys[m++] = (v->kv[t] + e * part) << 13 | (uint64_t)side << 12 | (uint64_t)e << 10 | t;
    }
    sort_keys(keys, keys + 8 * (size_t)n, m);
    for (uint32_t k = 1, run = 0; k < m && tried < 32; k++) {
        if (keys[k] >> 13 != keys[k - 1] >> 13) {
            run = k;
            continue;
        }
        uint32_t p = run; /* with two stores: x's first thread at this address, against y's */
        if (((keys[p] >> 12 & 1) != 0) || (y != x && !(keys[k] >> 12 & 1)))
            continue;
        uint32_t t1 = (uint32_t)(keys[p] & 1023), t2 = (uint32_t)(keys[k] & 1023);
        if (t1 == t2)
            continue;
        tried++;
        uint32_t o1 = (uint32_t)(keys[p] >> 10 & 3) * part, o2 = (uint32_t)(keys[k] >> 10 & 3) * part;
        int d = data_differ(c, x, y, s, t1, t2, o1, o2);
        if (d == DATA_DIFFER)
            return DATA_DIFFER;
        found = d == DATA_COPIED ? DATA_COPIED : found;
    }
    return found;
}

/* Whether some thread may or may not make the access, as far as v knows. */
static bool open_activity(const ptx_tvals *v)
{
    return memchr(v->act, PTX_ACT_MAYBE, v->n) != NULL;
}

/* The addresses of store x (into sx->v) and, when two, of store y (into sy->v) as ev says: whether every
 * one is known. */
static bool evaluate_stores(ptx_ctx *c, store_side *sx, store_side *sy, bool two, const ptx_eval *ev)
{
    return ptx_threads_access(c, sx->a->ins, 0, ev, (ptx_tvals *)sx->v) && sx->v->known &&
           (!two || (ptx_threads_access(c, sy->a->ins, 0, ev, (ptx_tvals *)sy->v) && sy->v->known));
}

/* Whether two threads surely store different data at one address with stores x and y (x itself when
 * they are one), in one step, in some sample: DATA_DIFFER; DATA_COPIED when only copies of one loaded
 * value were found to meet; DATA_ALIKE when nothing was. */
static int stores_collide(races *r, const racc *x, const racc *y)
{
    ptx_ctx *c = r->c;
    int n = ptx_threads_count(c);
    if (n < 2 || !ptx_threads_scratch(c, 1))
        return false;
    ptx_tvals vy = {0};
    if (y != x)
        vy = (ptx_tvals){.addr = ptx_xcalloc((size_t)n, sizeof(ptx_kb)),
                         .kv = ptx_xcalloc((size_t)n, sizeof(uint64_t)),
                         .act = ptx_xcalloc((size_t)n, 1)};
    uint64_t *keys = NULL;
    store_side sx = {.a = x, .v = ptx_threads_scratch(c, 0), .nloads = -2, .load_s = -1, .data_s = -1};
    store_side sy = {.a = y, .v = &vy, .nloads = -2, .load_s = -1, .data_s = -1};
    int hit = DATA_ALIKE;
    bool cut = ptx_threads_activity_cut(c, x->ins) || (y != x && ptx_threads_activity_cut(c, y->ins));
    bool decided = false; /* a sample had parameters decide who stores, or where */
    int samples = ptx_threads_samples(c);
    for (int k = 0; k <= samples && hit != DATA_DIFFER; k++) {
        /* who makes a store in a loop is known in the loop's first iteration only (then from the threads
         * that enter it); that sample is looked at too when parameters decided something */
        if ((k < samples && cut) || (k == samples && !cut && !decided))
            continue;
        ptx_eval ev = {.s = k < samples ? k : PTX_SAMPLE_FIRST, .via = -1, .from = -1};
        ptx_tvals kept;
        if (y == x && !ev.params && ptx_threads_summary(c, x->ins, 0, &ev, &kept) && kept.known && kept.apart != 255 &&
            (kept.apart || kept.active <= 1)) { /* all apart (see below), from the kept summaries alone */
            if (!kept.sampled)
                break;
            continue;
        }
        bool known = evaluate_stores(c, &sx, &sy, y != x, &ev);
        if (!ev.params && (!known || open_activity(sx.v) || (y != x && open_activity(&vy)))) {
            ev.params = decided = true; /* guards comparing with parameters decided by the sample: a
                                           collision for some launch is a race */
            known = evaluate_stores(c, &sx, &sy, y != x, &ev);
        }
        if (!known)
            break;
        bool sampled = sx.v->sampled || (y != x && vy.sampled);
        if (y != x || sx.v->apart == 255 || (!sx.v->apart && sx.v->active > 1)) { /* else: all apart */
            /* two stores' threads, and as many to sort them */
            keys = keys ? keys : ptx_xmalloc(16 * (size_t)n, sizeof *keys);
            int d = collision(c, &sx, y == x ? &sx : &sy, keys, ev.s);
            hit = hit == DATA_DIFFER || d == DATA_ALIKE ? hit : d;
        }
        if (!sampled && !sx.load_sampled && !sy.load_sampled && !cut)
            break; /* another sample would give the same stores and the same data */
    }
    free(keys);
    free(vy.addr), free(vy.kv), free(vy.act);
    free(sx.load_at), free(sx.load_act), free(sy.load_at), free(sy.load_act), free(sx.data_of), free(sy.data_of);
    return hit;
}

/* Whether remote access x reaches the same block of the cluster from every thread of its own: its address
 * comes from a mapa whose rank no thread picks for itself (map_shared_rank(p, 0)). */
static bool one_remote_block(const ptx_ctx *c, const racc *x)
{
    const ptx_operand *ad = ptx_address_operand(c, &c->f->ins[x->ins]);
    int32_t r = ad ? ad->reg : -1;
    for (int depth = 0; depth < 6 && r >= 0 && c->only_def[r] >= 0; depth++) {
        const ptx_instr *in = &c->f->ins[c->only_def[r]];
        if (ptx_op_is(in, "mapa") && in->nopnd == 3) {
            const ptx_operand *rank = ptx_opnd(c, in, 2);
            return rank->kind == PTX_O_IMM || (rank->kind == PTX_O_REG && !c->variant[rank->reg]);
        }
        int32_t next = -1; /* the operand that carries the window: the address, not an offset */
        for (int j = 1; j < in->nopnd && (in->kind == PTX_K_ADD || in->kind == PTX_K_MOV || in->kind == PTX_K_CVT); j++) {
            const ptx_operand *o = ptx_opnd(c, in, j);
            if (o->kind == PTX_O_REG && c->window[o->reg] == PTX_WIN_CLUSTER)
                next = next < 0 ? o->reg : -2;
        }
        r = next;
    }
    return false;
}

/* What kind of plain store x is (racc.store_kind). */
static int store_kind(const ptx_ctx *c, const racc *x)
{
    if (!x->write || x->atomic || x->async || x->which || (x->remote && !one_remote_block(c, x)))
        return STORE_OTHER;
    if (!x->store_kind) { /* worked out once: each store is paired with many accesses */
        const ptx_operand *ad = ptx_address_operand(c, &c->f->ins[x->ins]);
        bool varies = ad && ad->reg >= 0 && c->variant[ad->reg];
        ((racc *)x)->store_kind = !varies                    ? STORE_OTHER
                                  : variant_value(c, x->ins) ? STORE_THREAD_DATA
                                                             : STORE_ONE_VALUE;
    }
    return x->store_kind;
}

/* Where a register's value comes from, through arithmetic, copies, conversions and comparisons, every
 * definition of it, the predicates that guard them and the thread-dependent branches they lie under:
 * FROM_DATA when what differs between threads in it is data (loaded, or returned by an atomic),
 * FROM_THREAD when a thread's index or another value of its own enters too (or it is not followed: a
 * budget spent), FROM_NONE when nothing in it differs between threads. compared: a comparison of such
 * values is on the way (a count of keys below one's own). */
enum { FROM_NONE, FROM_DATA, FROM_THREAD };

enum { SOURCE_PENDING = 8 };

typedef struct source_walk {
    uint8_t *seen;
    int budget;
    bool compared;
} source_walk;

static int value_source(const ptx_ctx *c, int32_t reg, source_walk *w);

static int definition_source(const ptx_ctx *c, uint32_t d, source_walk *w)
{
    const ptx_instr *in = &c->f->ins[d];
    int from = FROM_NONE;
    if (in->guard >= 0)
        from |= value_source(c, in->guard, w);
    for (int32_t br = c->cd_branch[c->blk[d]], hops = 0; br >= 0 && hops < 8 && from != FROM_THREAD; hops++) {
        const ptx_instr *b = &c->f->ins[br];
        from |= b->guard >= 0 ? value_source(c, b->guard, w) : FROM_THREAD;
        br = c->cd_branch[c->blk[br]];
    }
    if ((in->kind == PTX_K_LD && ptx_address_operand(c, in)) || in->kind == PTX_K_ATOM)
        return from | FROM_DATA;
    if (in->kind == PTX_K_SETP)
        w->compared = true;
    else if (!computes(c, d, in))
        return FROM_THREAD;
    for (int k = 1; k < in->nopnd && from != FROM_THREAD; k++) {
        const ptx_operand *o = ptx_opnd(c, in, k);
        if (o->kind == PTX_O_REG)
            from |= value_source(c, o->reg, w);
        else if (o->kind == PTX_O_SREG)
            from = FROM_THREAD; /* %tid, %laneid: the thread's own */
    }
    return from;
}

static int value_source(const ptx_ctx *c, int32_t reg, source_walk *w)
{
    if (!c->variant[reg])
        return FROM_NONE;
    if (w->seen[reg]) /* followed already (its answer, less one), or being followed: round a loop */
        return w->seen[reg] == SOURCE_PENDING ? FROM_NONE : w->seen[reg] - 1;
    w->seen[reg] = SOURCE_PENDING;
    int from = FROM_THREAD;
    if (--w->budget >= 0 && c->def_start[reg] < c->def_start[reg + 1]) {
        from = FROM_NONE;
        for (uint32_t k = c->def_start[reg]; k < c->def_start[reg + 1] && from != FROM_THREAD; k++)
            from |= definition_source(c, c->def_ins[k], w);
        from = from == FROM_NONE ? FROM_THREAD : from; /* differs, yet from nothing followed */
    }
    w->seen[reg] = (uint8_t)(from + 1);
    return from;
}

/* Where the address of access i comes from (value_source). */
static int address_source(const ptx_ctx *c, uint32_t i, bool *compared)
{
    const ptx_operand *o = ptx_address_operand(c, &c->f->ins[i]);
    source_walk w = {.seen = ptx_xcalloc(c->f->nregs + 1, 1), .budget = 512};
    int from = o && o->reg >= 0 ? value_source(c, o->reg, &w) : FROM_THREAD;
    free(w.seen);
    *compared = w.compared;
    return from;
}

/* Store d, at an address only data decides (a load's or an atomic's result, no thread index beside
 * it), against store p, at addresses known for every thread, two or more of them different, in one
 * array of fixed size, in one step (store_pairs): for some input d's address is an element another
 * thread writes with p (a scatter into a tile cleared with no barrier between). Not both fills (they
 * may store one value). */
static bool scatter_meets_store(races *r, const racc *p, const racc *d)
{
    ptx_ctx *c = r->c;
    const ptx_affine *ap = &c->addr[p->ins], *ad = &c->addr[d->ins];
    if (ap->sym < 0 || ap->sym != ad->sym || c->syms[ap->sym].size <= 0 || ad->st != PTX_AF_TOP ||
        (store_kind(c, p) == STORE_ONE_VALUE && store_kind(c, d) == STORE_ONE_VALUE))
        return false;
    bool compared;
    if (address_source(c, d->ins, &compared) != FROM_DATA || ptx_threads_count(c) < 2 || !ptx_threads_scratch(c, 1))
        return false;
    ptx_eval ev = {.s = 0, .via = -1, .from = -1};
    ptx_tvals *v = ptx_threads_scratch(c, 0);
    if (!ptx_threads_access(c, p->ins, 0, &ev, v) || !v->known)
        return false;
    int64_t first = -1;
    for (uint32_t t = 0; t < v->n; t++)
        if (v->act[t] == PTX_ACT_YES) {
            if (first >= 0 && v->kv[t] != (uint64_t)first)
                return true;
            first = first < 0 ? (int64_t)v->kv[t] : first;
        }
    return false;
}

/* Whether two or more threads of the block surely make access i in the first sample (or, with maybe,
 * may make it: for some input). */
static bool several_make(ptx_ctx *c, uint32_t i, bool maybe)
{
    ptx_eval ev = {.s = 0, .via = -1, .from = -1};
    ptx_tvals *v = ptx_threads_count(c) >= 2 ? ptx_threads_scratch(c, 0) : NULL;
    if (!v || !ptx_threads_access(c, i, 0, &ev, v))
        return false;
    int making = 0;
    for (uint32_t t = 0; t < v->n && making < 2; t++)
        making += maybe ? v->act[t] != PTX_ACT_NO : v->act[t] == PTX_ACT_YES;
    return making >= 2;
}

/* Store x at an address that only a count of comparisons of data decides (a rank: the keys below a
 * thread's own), made by two or more threads in one step: two threads with equal keys count alike and
 * store to one element, unless the thread's index breaks the tie (then the address is not data's
 * alone). A loaded position (a scan's, a permutation's) may be distinct by construction: left alone. */
static bool rank_ties(races *r, const racc *x)
{
    ptx_ctx *c = r->c;
    const ptx_affine *ax = &c->addr[x->ins];
    bool compared;
    if (x->atomic || ax->sym < 0 || ax->st != PTX_AF_TOP || c->f->ins[x->ins].kind != PTX_K_ST ||
        address_source(c, x->ins, &compared) != FROM_DATA || !compared)
        return false;
    return several_make(c, x->ins, false);
}

/* A flag: store x of one value (a constant, or a value every thread holds) at one address, made by
 * two or more threads in one step, for some input (a guard on data picks them): equal values from
 * unordered writes, as copies are (copies_need_bounds). */
static bool flag_stores(races *r, const racc *x)
{
    ptx_ctx *c = r->c;
    const ptx_operand *ad = ptx_address_operand(c, &c->f->ins[x->ins]);
    if (x->atomic || x->async || x->remote || x->which || !x->write || c->f->ins[x->ins].kind != PTX_K_ST || !ad ||
        (ad->reg >= 0 && c->variant[ad->reg]) || variant_value(c, x->ins) || (c->f->reqntid <= 0 && c->f->maxntid <= 0))
        return false;
    return several_make(c, x->ins, true);
}

/* Whether two stores are of kinds compared thread by thread: both of data that differs between threads,
 * or one of them a fill (*fill) against such data. */
static bool kinds_compared(const ptx_ctx *c, const racc *x, const racc *y, bool *fill)
{
    int kx = store_kind(c, x), ky = store_kind(c, y);
    *fill = (kx == STORE_ONE_VALUE && ky == STORE_THREAD_DATA) || (kx == STORE_THREAD_DATA && ky == STORE_ONE_VALUE);
    return (kx == STORE_THREAD_DATA && ky == STORE_THREAD_DATA) || *fill;
}

/* Copies of one loaded value met at one address count only where the kernel declares its block's size
 * (.reqntid, .maxntid): threads past the block's real size, when it is only assumed, load the halo
 * cells the last threads load and would meet them. */
static int copies_need_bounds(const ptx_ctx *c, int met)
{
    return met == DATA_COPIED && c->f->reqntid <= 0 && c->f->maxntid <= 0 ? DATA_ALIKE : met;
}

/* Two threads storing different values at one address in one step: a plain store whose address and
 * data differ between threads (s[t / 2] = in[t], s[t % n] = in[t]) against itself, or against
 * another such store its interval reaches on a path, or against a fill its interval reaches (a tile
 * cleared with one mapping of threads and loaded with another, no barrier between), reported only
 * when two threads surely collide, for some launch, with data loaded from different places (or one
 * value against such data). Other pairs of stores are left alone (see kinds_race), and so are
 * stores of one value against each other (every thread setting a flag) and data two threads load
 * alike (halo cells). */
static void store_pairs(races *r, const racc *x, const racc *y)
{
    ptx_ctx *c = r->c;
    const ptx_affine *af = &c->addr[x->ins];
    if (y == x && af->st == PTX_AF_AFFINE && af->k[0] && !af->k[1] && !af->k[2] && !af->symco)
        return; /* c + k * tid.x (+ one uniform value): every thread its own address */
    if (y == x && !r->reported[x->ins] && flag_stores(r, x)) {
        report(r, x, x, MEET_FLAG, false, 0);
        return;
    }
    ptx_eval ev = {.via = -1, .from = (int32_t)x->ins};
    bool fill;
    if (r->reported[x->ins] || r->reported[y->ins] || !kinds_compared(c, x, y, &fill) ||
        (y != x && (r->store_checks >= 4 * r->na + 256 || !ptx_may_conflict(r, x, y, PTX_PAIR_OTHER_THREADS, &ev))))
        return;
    r->store_checks += y != x; /* pairs of two stores: a few per access at most (a store with itself: once) */
    if (y == x && rank_ties(r, x)) {
        report(r, x, x, MEET_TIES, false, 0);
        return;
    }
    const racc *scatter = y == x ? NULL : scatter_meets_store(r, x, y) ? y : scatter_meets_store(r, y, x) ? x : NULL;
    if (scatter) {
        report(r, scatter, scatter == x ? y : x, MEET_SCATTER, false, 0);
        return;
    }
    int met = copies_need_bounds(c, stores_collide(r, x, y));
    if (met != DATA_ALIKE) /* one step: no barrier of any kind orders them */
        report(r, x, y, met == DATA_COPIED ? MEET_COPIES : fill ? MEET_FILL : MEET_SAME, false, 0);
}

/* The threads loop l's latch sends round (ptx_threads_next_iteration), worked out once per loop; NULL
 * when not known. */
static const uint8_t *next_round(races *r, int32_t l)
{
    ptx_ctx *c = r->c;
    if (!r->next_known) {
        r->next_known = ptx_scratch(c, c->sync->nloops + 1, sizeof *r->next_known);
        r->next_round = ptx_scratch(c, c->sync->nloops + 1, sizeof *r->next_round);
    }
    if (!r->next_known[l]) {
        r->next_known[l] = true;
        uint8_t *act = ptx_scratch(c, (size_t)ptx_threads_count(c) + 1, 1);
        r->next_round[l] = ptx_threads_next_iteration(c, l, act) ? act : NULL;
    }
    return r->next_round[l];
}

/* Whether two threads surely store different data at one address (as stores_collide says), one with
 * store `later` in the second iteration of loop l (made by the threads its latch sends round), the
 * other with store `first` in the loop's first iteration (later itself) or before the loop, in the
 * first block. */
static int stores_collide_later(races *r, const racc *first, const racc *later, int32_t l)
{
    ptx_ctx *c = r->c;
    uint32_t n = (uint32_t)ptx_threads_count(c);
    if (n < 2 || !ptx_threads_scratch(c, 1))
        return DATA_ALIKE;
    ptx_tvals vl = {
        .addr = ptx_xcalloc(n, sizeof(ptx_kb)), .kv = ptx_xcalloc(n, sizeof(uint64_t)), .act = ptx_xcalloc(n, 1)};
    ptx_tvals *vf = ptx_threads_scratch(c, 0);
    const uint8_t *round = next_round(r, l);
    store_side sf = {.a = first, .v = vf, .nloads = -2, .load_s = -1, .data_s = -1};
    store_side sl = {.a = later,
                     .v = &vl,
                     .nloads = -2,
                     .load_s = -1,
                     .data_s = -1,
                     .next = true,
                     .loop = l,
                     .from = (int32_t)later->ins};
    /* guards comparing parameters are left undecided: threads they pick are not sure to store */
    ptx_eval ef = {.s = PTX_SAMPLE_FIRST, .via = -1, .from = -1};
    ptx_eval el = {.s = PTX_SAMPLE_FIRST, .via = l, .from = (int32_t)later->ins};
    int hit = DATA_ALIKE;
    if (round && ptx_threads_access(c, first->ins, 0, &ef, vf) && vf->known &&
        ptx_threads_access(c, later->ins, 0, &el, &vl) && vl.known) {
        for (uint32_t t = 0; t < n; t++)
            vl.act[t] = round[t] == PTX_ACT_NO || vl.act[t] == PTX_ACT_NO     ? PTX_ACT_NO
                        : round[t] == PTX_ACT_YES && vl.act[t] == PTX_ACT_YES ? PTX_ACT_YES
                                                                              : PTX_ACT_MAYBE;
        uint64_t *keys = ptx_xmalloc(16 * (size_t)n, sizeof *keys);
        hit = collision(c, &sf, &sl, keys, PTX_SAMPLE_FIRST);
        free(keys);
    }
    free(vl.addr), free(vl.kv), free(vl.act);
    free(sf.load_at), free(sf.load_act), free(sl.load_at), free(sl.load_act), free(sf.data_of), free(sl.data_of);
    return hit;
}

/* Store x against itself one iteration of loop l on, the walk from x having come round l to x past no
 * barrier: a store of data that differs between threads at an address that moves with the loop,
 * compared as store_pairs compares one step, its threads in iterations next to each other (a pack
 * whose pitch is too small: thread 0's second row lands on thread 1's first). Pairs of different
 * stores an iteration apart are left alone (each check evaluates both iterations). */
static void store_pairs_next(races *r, const racc *x, int32_t l)
{
    ptx_ctx *c = r->c;
    if (r->reported[x->ins] || store_kind(c, x) != STORE_THREAD_DATA || r->store_checks >= 4 * r->na + 256 ||
        !ptx_threads_loop_address(c, x->ins))
        return;
    r->store_checks++;
    int met = copies_need_bounds(c, stores_collide_later(r, x, x, l));
    if (met != DATA_ALIKE)
        report(r, x, x, met == DATA_COPIED ? MEET_COPIES_NEXT : MEET_NEXT, false,
               c->f->ins[c->bend[c->sync->loops[l].latch] - 1].line);
}

/* Store x in the second iteration of loop l against store y before the loop, the walk from y having
 * reached x once round l past no barrier: as store_pairs compares one step (a tile loaded in a loop of
 * two trips whose second lands on an array carved after it, which another thread fills first). */
static void store_pairs_round(races *r, const racc *x, const racc *y, int32_t l)
{
    ptx_ctx *c = r->c;
    bool fill;
    if (r->reported[x->ins] || r->reported[y->ins] || !kinds_compared(c, x, y, &fill) ||
        r->store_checks >= 4 * r->na + 256 || !ptx_threads_loop_address(c, x->ins))
        return;
    r->store_checks++;
    int met = copies_need_bounds(c, stores_collide_later(r, y, x, l));
    if (met != DATA_ALIKE)
        report(r, x, y, met == DATA_COPIED ? MEET_COPIES : fill ? MEET_FILL : MEET_SAME, false, 0);
}

/* ---- the async proxy ---- */

/* A store of the threads' own (generic proxy) against what reads shared memory through the async
 * proxy after it (a bulk copy to global memory, a wgmma's operand): a barrier orders the two, but the
 * async proxy sees the store only past a fence.proxy.async, on the storing thread's way to the read
 * (before the barrier, as the CUDA guide has it, or after it in the issuing thread). Each store is
 * walked to what it reaches with only those fences stopping the walk, on paths that go round no loop
 * (round one, the tile may be filled again before the read). */
static void unfenced_pairs(races *r)
{
    ptx_ctx *c = r->c;
    if (!((c->sync->present >> PTX_SY_BULK_READ) & 1) && !((c->sync->present >> PTX_SY_WGMMA) & 1))
        return;
    for (uint32_t a = 0; a < r->na; a++) {
        const racc *x = &r->acc[a];
        if (!x->write || x->async || x->atomic || x->remote || x->mbarrier || x->inflight || r->reported[x->ins])
            continue;
        walk(r, 0, x->ins, x->ins, 1u << PTX_SY_PROXY_FENCE);
        for (uint32_t k = 0; k < r->nlist[0] && !r->reported[x->ins]; k++) {
            uint32_t b = r->list[0][k];
            const racc *y = &r->acc[b];
            if ((c->sync->kind[y->ins] != PTX_SY_BULK_READ && !y->inflight) || r->reported[y->ins] || !r->direct[0][b])
                continue; /* round a loop, the tile may be filled again first (a persistent kernel's next tile) */
            ptx_eval ev = relation(r, 0, b, x->ins);
            if (ptx_may_conflict(r, x, y, PTX_PAIR_ANY, &ev))
                report(r, x, y, MEET_PROXY, false, 0);
        }
        clear(r, 0);
    }
}

/* ---- asynchronous copies ---- */

static int32_t compose(int32_t a, int32_t b)
{
    return a == -1 ? b : b == -1 ? a : -2;
}

/* The waits on mbarrier m (-1: not known; one whose mbarrier is not known counts), into waits (c->n
 * entries); how many. */
static uint32_t copy_waits(const ptx_ctx *c, int32_t m, uint32_t *waits)
{
    int32_t n = 0;
    for (uint32_t i = 0; i < c->n; i++) {
        int32_t w = c->sync->kind[i] == PTX_SY_MBAR_WAIT ? ptx_mbarrier_symbol(c, i) : -2;
        if (w != -2 && (m < 0 || w < 0 || w == m))
            waits[n++] = i;
    }
    return (uint32_t)n;
}

/* Whether one of the waits comes before instruction y on every path to it: the thread making y
 * waited for the copy itself. */
static bool waits_before(ptx_ctx *c, const uint32_t *waits, uint32_t nwaits, uint32_t y)
{
    for (uint32_t k = 0; k < nwaits; k++)
        if (c->blk[waits[k]] == c->blk[y] ? waits[k] < y : ptx_dominates(c, c->blk[waits[k]], c->blk[y]))
            return true;
    return false;
}

/* After the wait that completes a copy for its own thread: other threads until the next barrier (for a
 * bulk copy into shared memory, or a cp.async an mbarrier tracks, those that did not wait on the
 * mbarrier themselves). */
static void after_wait(races *r, uint32_t a, uint32_t wait, ptx_way way, uint8_t trips)
{
    const racc *x = &r->acc[a];
    uint32_t *waits = NULL, nwaits = 0;
    if (r->c->sync->kind[x->ins] == PTX_SY_BULK_MBAR || r->c->sync->kind[wait] == PTX_SY_MBAR_WAIT) {
        waits = ptx_xmalloc(2 * (size_t)r->c->n + 1, sizeof *waits);
        int32_t m = ptx_mbarrier_symbol(r->c, r->c->sync->kind[x->ins] == PTX_SY_BULK_MBAR ? x->ins : wait);
        int32_t w = r->c->sync->kind[wait] == PTX_SY_MBAR_WAIT ? ptx_mbarrier_symbol(r->c, wait) : m;
        nwaits = copy_waits(r->c, m, waits);
        if (w != m) /* completed through the phases of another mbarrier (steps_follow_waits): its waits too */
            nwaits += copy_waits(r->c, w, waits + nwaits);
    }
    walk(r, 0, wait, x->ins, PTX_STOP_BLOCK);
    for (uint32_t k = 0; k < r->nlist[0]; k++) {
        uint32_t b = r->list[0][k];
        if (waits && waits_before(r->c, waits, nwaits, r->acc[b].ins))
            continue;
        ptx_eval ev = relation(r, 0, b, x->ins);
        ev.trips = ev.via == -1 ? trips : 0;
        ev.via = compose(way.via, ev.via);
        ev.noisy |= way.noisy;
        ev.unknown |= ev.via == -2;
        check(r, x, &r->acc[b], PTX_PAIR_OTHER_THREADS, &ev, MEET_AFTER_WAIT, r->c->f->ins[wait].line);
    }
    clear(r, 0);
    free(waits);
}

typedef struct flight_state {
    uint32_t b, pos;
    uint8_t committed, newer; /* the copy's group is committed; groups committed after it (up to 3) */
    uint8_t trips;            /* times around loop way.via when it names one (1 to 3) */
    uint32_t around;          /* way.noisy: the one loop gone around, plus 1; 0 when not known */
    ptx_way way;
} flight_state;

/* The first expect_tx on bulk copy x's mbarrier in x's block when those of the block announce fewer
 * bytes than the block's copies on it bring: the phase completes once that many have landed, with
 * some copy still writing. Only where every count and size there is a constant and no copy
 * multicasts (a multicast lands in other blocks of the cluster too, and theirs in this one). Its
 * instruction, or -1. */
static int32_t short_expect(const races *r, const racc *x)
{
    const ptx_ctx *c = r->c;
    int32_t m = ptx_mbarrier_symbol(c, x->ins), e = -1;
    uint32_t b = c->blk[x->ins];
    int64_t announced = 0, brought = 0;
    for (uint32_t j = c->bstart[b]; m >= 0 && j < c->bend[b]; j++) {
        const ptx_instr *in = &c->f->ins[j];
        bool mbar = ptx_op_is(in, "mbarrier");
        if ((!mbar && c->sync->kind[j] != PTX_SY_BULK_MBAR) || ptx_mbarrier_symbol(c, j) != m)
            continue;
        int64_t v;
        if (mbar && ptx_has_mod(c->f, in, ".complete_tx"))
            return -1;
        if (mbar && ptx_has_mod(c->f, in, ".expect_tx")) {
            if (!ptx_constant_operand(c, j, in->nopnd - 1, &v))
                return -1;
            announced += v;
            e = e < 0 ? (int32_t)j : e;
        } else if (!mbar) {
            uint32_t size = r->acc_of[j] >= 0 ? r->acc[r->acc_of[j]].size : 0;
            if (!size || ptx_has_mod(c->f, in, ".multicast::cluster"))
                return -1;
            brought += size;
        }
    }
    return e >= 0 && brought > announced ? e : -1;
}

/* Whether a cp.async.mbarrier.arrive on the mbarrier wait i waits on lies between cp.async copy x and
 * the wait, in the order of the instructions (copy, arrive, wait: the arrival tracks the thread's
 * copies before it, and the phase it completes is complete once they are). */
static bool tracked_by_wait(const ptx_ctx *c, uint32_t x, uint32_t i)
{
    int32_t m = ptx_mbarrier_symbol(c, i);
    for (uint32_t j = x + 1; j < i && m >= 0; j++)
        if (c->sync->kind[j] == PTX_SY_MBAR_OTHER && ptx_op_is(&c->f->ins[j], "cp") && ptx_mbarrier_symbol(c, j) == m)
            return true;
    return false;
}

/* Whether every step towards a phase of the mbarriers of symbol w (an arrival, a copy completing on
 * them) comes after a wait on those of symbol m that returns only once a phase is complete, in the
 * step's own iteration: then a wait on w follows a completed phase of m. Consumers wait on a stage's
 * `full` barrier, read it and arrive on its `empty` one; the producer that waits on `empty` before
 * the stage's next copy knows the last copy into it done (stages are told apart by symbol only, as
 * the waits on the copy's own mbarrier are). */
static bool steps_follow_waits(const ptx_ctx *cc, int32_t w, int32_t m)
{
    ptx_ctx *c = (ptx_ctx *)cc; /* the dominator tree is built on first use */
    const ptx_syncinfo *s = c->sync;
    int steps = 0;
    for (uint32_t j = 0; j < c->n; j++) {
        const ptx_instr *in = &c->f->ins[j];
        uint8_t k = s->kind[j];
        if (!c->reach[c->blk[j]] || (k != PTX_SY_MBAR_OTHER && k != PTX_SY_BULK_MBAR) ||
            ptx_mbarrier_symbol(c, j) != w || ptx_has_mod(c->f, in, ".init") || ptx_has_mod(c->f, in, ".inval"))
            continue;
        if (k == PTX_SY_BULK_MBAR || ptx_has_mod(c->f, in, ".complete_tx"))
            return false; /* a copy completes w's phases by itself */
        if (!ptx_has_mod(c->f, in, ".arrive") && !ptx_has_mod(c->f, in, ".arrive_drop") && !ptx_op_is(in, "cp") &&
            !ptx_has_mod(c->f, in, ".expect_tx"))
            continue;
        steps++;
        int32_t own = s->inner[c->blk[j]];
        bool after = false;
        for (uint32_t v = 0; v < c->n && !after; v++)
            after = s->kind[v] == PTX_SY_MBAR_WAIT && c->reach[c->blk[v]] && ptx_mbarrier_symbol(c, v) == m &&
                    (own < 0 || ptx_in_loop(s, own, c->blk[v])) &&
                    (c->blk[v] == c->blk[j] ? v < j : ptx_dominates(c, c->blk[v], c->blk[j])) && !ptx_stale_parity(c, v);
        if (!after)
            return false;
    }
    return steps > 0;
}

/* Does instruction i complete copy x, in state st? cp.async: wait_all, or wait_group N once N groups
 * came after the copy's, or a wait on the mbarrier a cp.async.mbarrier.arrive after the copy arrives
 * on; bulk copies from shared memory and wgmma's reads the same with their own group instructions;
 * bulk copies into shared memory: a wait on their mbarrier. */
static bool completes(const races *r, const racc *x, uint32_t i, flight_state *st)
{
    const ptx_ctx *c = r->c;
    uint8_t kx = c->sync->kind[x->ins], k = c->sync->kind[i];
    const ptx_instr *in = &c->f->ins[i];
    if (kx == PTX_SY_CP_ASYNC && k == PTX_SY_MBAR_WAIT && i > x->ins && tracked_by_wait(c, x->ins, i))
        return true;
    if (kx == PTX_SY_BULK_MBAR) {
        int32_t m = ptx_mbarrier_symbol(c, x->ins), w = k == PTX_SY_MBAR_WAIT ? ptx_mbarrier_symbol(c, i) : -1;
        if (k != PTX_SY_MBAR_WAIT)
            return false;
        if (m >= 0 && w >= 0 && m != w) { /* another mbarrier: one whose phases follow the copy's (not for a
                                              multicast, which lands in other blocks of the cluster too) */
            races *memo = (races *)r; /* asked at every such wait of every flight */
            if (memo->follow < 0 || memo->follow_w != w || memo->follow_m != m)
                memo->follow_w = w, memo->follow_m = m, memo->follow = steps_follow_waits(c, w, m);
            return !ptx_has_mod(c->f, &c->f->ins[x->ins], ".multicast::cluster") && memo->follow &&
                   !ptx_stale_parity(c, i);
        }
        races *note = (races *)r; /* what kept the wait from completing it, for the report */
        uint32_t earlier = ptx_stale_parity(c, i);
        if (earlier) {
            note->stale_wait = in->line;
            note->stale_earlier = earlier;
            note->stale_ring = ptx_ring_parity_stale(c, i);
            return false;
        }
        int32_t e = short_expect(r, x);
        if (e >= 0) {
            note->short_expect = c->f->ins[e].line;
            return false;
        }
        return true;
    }
    uint8_t commit = kx == PTX_SY_CP_ASYNC ? PTX_SY_CP_COMMIT
                     : kx == PTX_SY_WGMMA  ? PTX_SY_WGMMA_COMMIT
                                           : PTX_SY_BULK_COMMIT;
    uint8_t wait = kx == PTX_SY_CP_ASYNC ? PTX_SY_CP_WAIT : kx == PTX_SY_WGMMA ? PTX_SY_WGMMA_WAIT : PTX_SY_BULK_WAIT;
    if (k == commit) {
        st->newer = st->committed ? (uint8_t)(st->newer < 3 ? st->newer + 1 : 3) : 0;
        st->committed = 1;
    }
    if (k != wait)
        return false;
    bool all = in->nopnd == 0 || ptx_opnd(c, in, 0)->kind != PTX_O_IMM;
    int64_t n = all ? 0 : ptx_opnd(c, in, 0)->imm;
    if (all && kx == PTX_SY_CP_ASYNC)
        return true; /* cp.async.wait_all commits and waits for everything */
    return st->committed && st->newer >= n;
}

/* committed x newer x (no back edge, one loop's once, twice or three times, several) x (not around
 * other loops, around one known, around others) */
enum { FLIGHT_STATES = 2 * 4 * 5 * 3 };

static uint32_t flight_key(const flight_state *st)
{
    uint32_t way = st->way.via == -1 ? 0u : st->way.via >= 0 ? st->trips : 4u;
    uint32_t around = !st->way.noisy ? 0u : st->around ? 1u : 2u;
    return st->b * FLIGHT_STATES + ((st->committed * 4u + st->newer) * 5u + way) * 3u + around;
}

/* Whether state st was seen in this flight; one around another known loop than the state seen is
 * taken as around loops not known. */
static bool flight_seen(races *r, flight_state *st)
{
    uint32_t k = flight_key(st);
    if (r->fseen[k] == r->fstamp && r->faround[k] != st->around) {
        st->around = 0;
        k = flight_key(st);
    }
    if (r->fseen[k] == r->fstamp)
        return true;
    r->fseen[k] = r->fstamp;
    r->faround[k] = st->around;
    return false;
}

/* Whether register r, read at instruction at, depends on a run-time value: a parameter, or a
 * register whose definitions meet there (a loop counter), through the one definition that reaches
 * each read (a few steps; nvcc reuses a register for %tid.x and a loop counter stepped from it). */
static bool runtime_value(const ptx_ctx *c, uint32_t at, int32_t r, int depth)
{
    int32_t d = c->only_def[r] >= 0 ? c->only_def[r] : ptx_reaching_def(c, at, r);
    if (d < 0)
        return true;
    const ptx_instr *in = &c->f->ins[d];
    if (in->kind == PTX_K_LD && in->space == PTX_SP_PARAM)
        return true;
    for (uint32_t k = c->ndef[d]; depth > 0 && k < c->ndef[d] + c->nuse[d]; k++)
        if (runtime_value(c, (uint32_t)d, c->du[c->du_start[d] + k], depth - 1))
            return true;
    return false;
}

/* Whether copy x is issued under a condition on run-time values (its guard, or a branch it depends
 * on in its own loop: every iteration, or only some), beyond choosing the issuing thread. */
static bool conditional_copy(ptx_ctx *c, const racc *x)
{
    const ptx_instr *in = &c->f->ins[x->ins];
    if (in->guard >= 0 && runtime_value(c, x->ins, in->guard, 6))
        return true;
    uint32_t b = c->blk[x->ins], d = b;
    for (int depth = 0; depth < 16 && (d = ptx_idom(c, d)) != UINT32_MAX; depth++) {
        const ptx_instr *last = &c->f->ins[c->bend[d] - 1];
        uint32_t p = d;
        for (int up = 0; up < 256 && p != b && p != c->exitb; up++)
            p = c->ipdom[p];
        if (p != b && last->kind == PTX_K_BRA && last->guard >= 0 && c->sync->inner[d] == c->sync->inner[b] &&
            runtime_value(c, c->bend[d] - 1, last->guard, 6))
            return true;
    }
    return false;
}

/* Per loop: whether it holds what completes copy x (a wait on its mbarrier, a cp.async wait), when x
 * is conditional; NULL otherwise. Whenever a pipelined loop's prologue or prefetch issues such a
 * copy, the loop runs the iteration that waits for it: its condition (the stage against the trip
 * count) is false for the iterations that will not run. So the flight of a conditional copy neither
 * leaves such a loop nor goes around it. */
static bool *waiting_loops(ptx_ctx *c, const races *r, const racc *x)
{
    if (!c->sync->nloops || !conditional_copy(c, x))
        return NULL;
    uint8_t kx = c->sync->kind[x->ins];
    uint8_t wait = kx == PTX_SY_CP_ASYNC    ? PTX_SY_CP_WAIT
                   : kx == PTX_SY_BULK_READ ? PTX_SY_BULK_WAIT
                   : kx == PTX_SY_WGMMA     ? PTX_SY_WGMMA_WAIT
                                            : PTX_SY_MBAR_WAIT;
    bool *w = NULL;
    for (uint32_t i = 0; i < c->n; i++) {
        flight_state st = {.committed = 1, .newer = 3};
        if (c->sync->inner[c->blk[i]] < 0 || c->sync->kind[i] != wait || !completes(r, x, i, &st))
            continue;
        w = w ? w : ptx_xcalloc(c->sync->nloops, sizeof *w);
        for (uint32_t l = 0; l < c->sync->nloops; l++)
            w[l] |= ptx_in_loop(c->sync, (int32_t)l, c->blk[i]); /* a try_wait spins in a loop of its own */
    }
    return w;
}

/* Per block, whether some path leads from it to loop h's head (worked out once per loop). */
static const uint8_t *leads_to_head(races *r, int32_t h)
{
    ptx_ctx *c = r->c;
    if (!r->to_head)
        r->to_head = ptx_scratch(c, c->sync->nloops + 1, sizeof *r->to_head);
    if (r->to_head[h])
        return r->to_head[h];
    uint8_t *to = ptx_scratch(c, c->nb + 1, 1);
    uint32_t *stack = ptx_xmalloc(c->nb + 1, sizeof *stack), n = 0;
    stack[n++] = c->sync->loops[h].head;
    to[c->sync->loops[h].head] = 1;
    while (n) {
        uint32_t b = stack[--n];
        for (uint32_t e = c->pstart[b]; e < c->pstart[b + 1]; e++)
            if (c->pred[e] < c->nb && !to[c->pred[e]])
                to[c->pred[e]] = 1, stack[n++] = c->pred[e];
    }
    free(stack);
    return r->to_head[h] = to;
}

/* Whether the edge from block b to next goes around loop h: another successor of b leads into it (is
 * its head, or on every path to it) and no path from next reaches it (a branch past a pipelined loop,
 * whose drain after the loop waits, is not one). */
static bool goes_around(races *r, int32_t h, uint32_t b, uint32_t next)
{
    ptx_ctx *c = r->c;
    uint32_t head = c->sync->loops[h].head;
    if (ptx_in_loop(c->sync, h, b) || (next < c->nb && (ptx_in_loop(c->sync, h, next) || ptx_dominates(c, next, head))))
        return false;
    bool other = false;
    for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1]; e++)
        other |= c->succ[e] != next && c->succ[e] < c->nb && (c->succ[e] == head || ptx_dominates(c, c->succ[e], head));
    return other && (next >= c->nb || !leads_to_head(r, h)[next]);
}

/* Whether the flight of a copy with waiting loops w skips the edge from block b to next. */
static bool skips_edge(races *r, const bool *w, uint32_t b, uint32_t next)
{
    ptx_ctx *c = r->c;
    int32_t l = c->sync->inner[b];
    if (!w)
        return false;
    if (l >= 0 && w[l] && (next >= c->nb || !ptx_in_loop(c->sync, l, next)))
        return true; /* leaves a loop that waits for it */
    if (c->sstart[b + 1] - c->sstart[b] < 2)
        return false;
    for (uint32_t h = 0; h < c->sync->nloops; h++)
        if (w[h] && goes_around(r, (int32_t)h, b, next))
            return true;
    return false;
}

/* For a copy issued on one side of a thread-dependent branch (if (tid == 0) issue): the edge out of
 * block b that its issuer cannot take, because b's branch tests the same predicate (one definition,
 * from values set outside loops); UINT32_MAX when the issuer may take either. */
static uint32_t issuer_skips(const ptx_ctx *c, const racc *x, uint32_t b)
{
    int32_t br = c->cd_branch[c->blk[x->ins]];
    uint8_t side = c->cd_taken[c->blk[x->ins]];
    const ptx_instr *last = &c->f->ins[c->bend[b] - 1];
    if (br < 0 || side > 1 || last->kind != PTX_K_BRA || last->guard < 0 || c->sstart[b + 1] - c->sstart[b] != 2)
        return UINT32_MAX;
    const ptx_instr *issue = &c->f->ins[br];
    int32_t g = issue->guard;
    if (g < 0 || last->guard != g || c->only_def[g] < 0)
        return UINT32_MAX;
    /* the same value wherever it is tested: computed (in a loop or not) from values set outside loops */
    const ptx_instr *def = &c->f->ins[c->only_def[g]];
    for (int j = 1; j < def->nopnd; j++) {
        const ptx_operand *o = ptx_opnd(c, def, j);
        if (o->kind == PTX_O_REG && (c->only_def[o->reg] < 0 || c->sync->cyclic[c->blk[c->only_def[o->reg]]]))
            return UINT32_MAX;
    }
    bool holds = (side == 1) != (issue->guard_neg != 0); /* the predicate, for the issuer */
    bool taken = holds != (last->guard_neg != 0);
    return c->sstart[b] + (taken ? 1 : 0); /* the target is the first successor, the fall-through the second */
}

/* The side of a branch only threads that did not issue copy a take: their accesses up to their next
 * block barrier happen while the copy is in flight. */
static void unissued_side(races *r, uint32_t a, uint32_t b, ptx_way way)
{
    const racc *x = &r->acc[a];
    if (b >= r->c->nb)
        return;
    walk_from(r, 0, r->c->bstart[b], x->ins, PTX_STOP_BLOCK, true);
    for (uint32_t k = 0; k < r->nlist[0]; k++) {
        ptx_eval ev = relation(r, 0, r->list[0][k], x->ins);
        ev.via = compose(way.via, ev.via);
        ev.noisy |= way.noisy;
        ev.unknown |= ev.via == -2;
        check(r, x, &r->acc[r->list[0][k]], PTX_PAIR_OTHER_THREADS, &ev, MEET_FLIGHT, 0);
    }
    clear(r, 0);
}

/* The flight of asynchronous copy a: every instruction reachable from it before what completes it
 * (block barriers do not) on its issuer's way (a branch on the predicate that picked the issuer goes
 * the issuer's side; the other side's accesses, up to a barrier, are other threads'), compared with
 * the copy for any pair of threads, the issuer included; then
 * the threads that did not issue it until their next barrier (for a bulk copy into shared memory,
 * those that do not wait on its mbarrier themselves). */
static void flight(races *r, uint32_t a, flight_state *queue, uint32_t cap)
{
    ptx_ctx *c = r->c;
    const racc *x = &r->acc[a];
    bool *waits = waiting_loops(c, r, x);
    uint32_t qh = 0, qt = 0;
    r->stale_wait = r->stale_earlier = r->short_expect = 0;
    r->stale_ring = false;
    r->fstamp++;
    queue[qt++] = (flight_state){.b = c->blk[x->ins], .pos = x->ins + 1, .way = {-1, false}};
    while (qh < qt) {
        flight_state st = queue[qh++];
        bool done = false;
        for (uint32_t i = st.pos; i < c->bend[st.b] && !done; i++) {
            for (int second = 0; second < 2; second++) {
                int32_t y = second ? r->acc2_of[i] : r->acc_of[i];
                /* the copy against itself: its own step, or one to three times around its loop, not an
                 * unknown number of times (a loop filling a tile with a block-sized stride would all race) */
                if (y >= 0 && x->inflight && (r->acc[y].async || r->acc[y].inflight))
                    continue; /* a wgmma in flight: against the threads' own accesses only */
                if (y >= 0 && ((uint32_t)y != a || ((st.way.via != -1 || st.way.noisy) && st.way.via != -2))) {
                    ptx_eval ev = {.via = st.way.via,
                                   .noisy = st.way.noisy,
                                   .from = (int32_t)x->ins,
                                   .unknown = st.way.via == -2,
                                   .trips = st.trips,
                                   .around = st.around};
                    check(r, x, &r->acc[y], PTX_PAIR_ANY, &ev, MEET_FLIGHT, 0);
                }
            }
            done = completes(r, x, i, &st);
            if (done)
                after_wait(r, a, i, st.way, st.trips);
        }
        uint32_t not_issuer = done ? UINT32_MAX : issuer_skips(c, x, st.b);

        for (uint32_t e = c->sstart[st.b]; e < c->sstart[st.b + 1] && !done; e++) {
            flight_state next = st;
            next.b = c->succ[e];
            next.pos = next.b < c->nb ? c->bstart[next.b] : 0;
            if (skips_edge(r, waits, st.b, next.b))
                continue;
            if (e == not_issuer && c->succ[c->sstart[st.b]] != c->succ[c->sstart[st.b] + 1]) {
                unissued_side(r, a, next.b, st.way); /* the issuer goes the other way */
                continue;
            }
            int32_t l = c->sync->edge_loop[e];
            if (l >= 0 && ptx_in_loop(c->sync, l, c->blk[x->ins]) && st.way.via == l && st.trips < 3)
                next.trips++; /* a pipeline of several stages: its copies complete some iterations on */
            else if (l >= 0 && ptx_in_loop(c->sync, l, c->blk[x->ins]))
                next.way.via = compose(st.way.via, l), next.trips = 1;
            else if (l != -1) {
                bool first = !st.way.noisy && l >= 0, same = st.way.noisy && l >= 0 && st.around == (uint32_t)l + 1;
                next.around = first || same ? (uint32_t)l + 1 : 0;
                next.way.noisy = true;
            }
            if (next.b < c->nb && qt < cap && !flight_seen(r, &next))
                queue[qt++] = next;
        }
    }
    free(waits);
}

/* The cluster barrier instruction (arrive or wait) last before instruction i on every path to it (in
 * its block, then its dominators'), or -1. */
static int32_t cluster_barrier_before(ptx_ctx *c, uint32_t i)
{
    uint32_t b = c->blk[i];
    for (int depth = 0; depth < 64 && b != UINT32_MAX; depth++, b = ptx_idom(c, b)) {
        for (uint32_t k = b == c->blk[i] ? i : c->bend[b]; k-- > c->bstart[b];)
            if (c->sync->kind[k] == PTX_SY_CLUSTER || c->sync->kind[k] == PTX_SY_CLUSTER_ARRIVE)
                return (int32_t)k;
        if (b == 0)
            break;
    }
    return -1;
}

/* The cluster wait met next after instruction i on every path from it (in its block, then its
 * post-dominators'), or -1. */
static int32_t cluster_wait_after(const ptx_ctx *c, uint32_t i)
{
    uint32_t b = c->blk[i];
    for (int depth = 0; depth < 64 && b < c->nb; depth++, b = c->ipdom[b])
        for (uint32_t k = b == c->blk[i] ? i + 1 : c->bstart[b]; k < c->bend[b]; k++)
            if (c->sync->kind[k] == PTX_SY_CLUSTER)
                return (int32_t)k;
    return -1;
}

/* x against what its cluster phase reaches: up to the next barrier.cluster.wait, or, for an access
 * made after the thread's barrier.cluster.arrive and before its wait, up to the wait after that one
 * (the arrival released only what came before it). */
static void cluster_pairs(races *r, uint32_t a)
{
    const racc *x = &r->acc[a];
    ptx_ctx *c = r->c;
    walk(r, 0, x->ins, x->ins, 1u << PTX_SY_CLUSTER);
    int32_t before = cluster_barrier_before(c, x->ins),
            wait = before >= 0 && c->sync->kind[before] == PTX_SY_CLUSTER_ARRIVE ? cluster_wait_after(c, x->ins) : -1;
    if (wait >= 0 && (uint32_t)wait + 1 < c->bend[c->blk[wait]])
        walk_from(r, 0, (uint32_t)wait + 1, x->ins, 1u << PTX_SY_CLUSTER, true);
    for (uint32_t k = 0; k < r->nlist[0]; k++) {
        uint32_t b = r->list[0][k];
        if (b == a && x->remote && x->write)
            store_pairs(r, x, x); /* two threads of the block storing into one other block */
        if (!x->remote && !r->acc[b].remote)
            continue;
        ptx_eval ev = relation(r, 0, b, x->ins);
        check(r, x, &r->acc[b], PTX_PAIR_ANY, &ev, wait >= 0 ? MEET_CLUSTER_ARRIVED : MEET_CLUSTER,
              wait >= 0 ? c->f->ins[x->ins].line : 0);
    }
    clear(r, 0);
}

/* Whether operand j of instruction i holds the lane index (%laneid, or a copy of it). */
static bool lane_index(const ptx_ctx *c, uint32_t i, int j)
{
    const ptx_operand *o = ptx_opnd(c, &c->f->ins[i], j);
    if (o->kind == PTX_O_REG && c->only_def[o->reg] >= 0) {
        const ptx_instr *mov = &c->f->ins[c->only_def[o->reg]];
        if (mov->kind != PTX_K_MOV || mov->nopnd != 2)
            return false;
        o = ptx_opnd(c, mov, 1);
    }
    return o->kind == PTX_O_SREG && o->reg / 4 == PTX_SR_LANEID;
}

/* Whether bar.warp.sync i's mask is what activemask gave (directly or through a move): the lanes
 * running that point, not a set the code names. */
static bool active_mask(const ptx_ctx *c, uint32_t i)
{
    const ptx_instr *in = &c->f->ins[i];
    const ptx_operand *m = in->nopnd ? ptx_opnd(c, in, 0) : NULL;
    for (int step = 0; step < 2 && m && m->kind == PTX_O_REG && c->only_def[m->reg] >= 0; step++) {
        const ptx_instr *d = &c->f->ins[c->only_def[m->reg]];
        if (d->oplen == 10 && memcmp(d->op, "activemask", 10) == 0)
            return true;
        m = d->kind == PTX_K_MOV && d->nopnd == 2 ? ptx_opnd(c, d, 1) : NULL;
    }
    return false;
}

/* The lanes bar.warp.sync i orders, as aligned groups of 2^lg lanes: lg for the mask of a tile of
 * 2^lg lanes, (2^(2^lg) - 1) << (%laneid & -2^lg), as cooperative groups' thread_block_tile::sync()
 * writes it; 5, the whole warp, for any other mask. */
static int warp_group_lg(const ptx_ctx *c, uint32_t i)
{
    const ptx_instr *in = &c->f->ins[i];
    const ptx_operand *m = in->nopnd ? ptx_opnd(c, in, 0) : NULL;
    if (!m || m->kind != PTX_O_REG || c->only_def[m->reg] < 0)
        return 5;
    uint32_t d = (uint32_t)c->only_def[m->reg];
    const ptx_instr *shl = &c->f->ins[d];
    int64_t ones, low;
    if (shl->kind != PTX_K_SHL || shl->nopnd != 3 || !ptx_constant_operand(c, d, 1, &ones) ||
        ptx_opnd(c, shl, 2)->kind != PTX_O_REG || c->only_def[ptx_opnd(c, shl, 2)->reg] < 0)
        return 5;
    uint32_t a = (uint32_t)c->only_def[ptx_opnd(c, shl, 2)->reg];
    const ptx_instr *lanes = &c->f->ins[a];
    if (lanes->oplen != 3 || memcmp(lanes->op, "and", 3) != 0 || lanes->nopnd != 3 ||
        !ptx_constant_operand(c, a, 2, &low) || !lane_index(c, a, 1))
        return 5;
    for (int lg = 1; lg < 5; lg++)
        if ((uint32_t)ones == (1u << (1 << lg)) - 1 && (low & 31) == 32 - (1 << lg))
            return lg;
    return 5;
}

/* The source register of instruction d when it computes reg + constant (either order), else -1. */
static int32_t plus_constant(const ptx_ctx *c, uint32_t d)
{
    const ptx_instr *in = &c->f->ins[d];
    if (in->kind != PTX_K_ADD || in->nopnd != 3)
        return -1;
    for (int j = 1; j < 3; j++)
        if (ptx_opnd(c, in, j)->kind == PTX_O_REG && ptx_opnd(c, in, 3 - j)->kind == PTX_O_IMM)
            return ptx_opnd(c, in, j)->reg;
    return -1;
}

/* Whether operand o is %tid.x, directly or through a move. */
static bool tid_x(const ptx_ctx *c, const ptx_operand *o)
{
    if (o->kind == PTX_O_REG && c->only_def[o->reg] >= 0) {
        const ptx_instr *mov = &c->f->ins[c->only_def[o->reg]];
        o = mov->kind == PTX_K_MOV && mov->nopnd == 2 ? ptx_opnd(c, mov, 1) : o;
    }
    return o->kind == PTX_O_SREG && o->reg == PTX_SR_TID * 4;
}

/* The instruction defining register o once as `shr` by a constant (into *k), or NULL. */
static const ptx_instr *shift_right(const ptx_ctx *c, const ptx_operand *o, int64_t *k)
{
    if (o->kind != PTX_O_REG || c->only_def[o->reg] < 0)
        return NULL;
    uint32_t d = (uint32_t)c->only_def[o->reg];
    const ptx_instr *in = &c->f->ins[d];
    bool shr = in->kind == PTX_K_ARITH && in->oplen == 3 && !memcmp(in->op, "shr", 3);
    return shr && in->nopnd == 3 && ptx_constant_operand(c, d, 2, k) ? in : NULL;
}

/* Whether operand o holds %tid.x plus the rounding a signed division by 2^lg adds to a negative
 * dividend, none for a thread index: tid + ((tid >> 31) >>> (32 - lg)), as nvcc divides an int. */
static bool tid_rounded(const ptx_ctx *c, const ptx_operand *o, int lg)
{
    if (o->kind != PTX_O_REG || c->only_def[o->reg] < 0)
        return false;
    const ptx_instr *add = &c->f->ins[c->only_def[o->reg]];
    if (add->kind != PTX_K_ADD || add->nopnd != 3)
        return false;
    for (int j = 1; j < 3; j++) {
        int64_t k1, k2;
        const ptx_instr *round = shift_right(c, ptx_opnd(c, add, 3 - j), &k1);
        const ptx_instr *sign = round ? shift_right(c, ptx_opnd(c, round, 1), &k2) : NULL;
        if (tid_x(c, ptx_opnd(c, add, j)) && sign && k1 == 32 - lg && k2 == 31 && tid_x(c, ptx_opnd(c, sign, 1)))
            return true;
    }
    return false;
}

/* Whether register reg holds %tid.x shifted right by lg (or divided by 2^lg, signed or not), plus a
 * constant or not. */
static bool group_index(const ptx_ctx *c, int32_t reg, int lg)
{
    for (int steps = 0; steps < 2 && reg >= 0 && c->only_def[reg] >= 0; steps++) {
        uint32_t d = (uint32_t)c->only_def[reg];
        const ptx_instr *in = &c->f->ins[d];
        int64_t k;
        bool shr = in->kind == PTX_K_ARITH && in->oplen == 3 && !memcmp(in->op, "shr", 3);
        bool div =
            in->kind == PTX_K_ARITH && in->oplen == 3 && !memcmp(in->op, "div", 3) && ptx_has_mod(c->f, in, ".u32");
        if ((shr || div) && in->nopnd == 3 && ptx_constant_operand(c, d, 2, &k)) {
            const ptx_operand *o = ptx_opnd(c, in, 1);
            return shr ? k == lg && (tid_x(c, o) || tid_rounded(c, o, lg)) : k == (int64_t)1 << lg && tid_x(c, o);
        }
        reg = plus_constant(c, d);
    }
    return false;
}

/* Whether, evaluated thread by thread, named barrier i has a barrier id of its own for each aligned
 * group of 2^lg threads (the block's linear index) and a count of 2^lg, whatever the sample: ids and
 * counts from the block's size (bar.sync 1 + tid.x / (ntid.x / 2), ntid.x / 2) or written otherwise. */
static bool evaluated_groups(ptx_ctx *c, uint32_t i, int lg)
{
    int n = ptx_threads_count(c);
    uint64_t *first = ptx_xmalloc(3 * (size_t)n, sizeof *first), *again = first + n, *count = first + 2 * n;
    bool groups = true;
    for (int s = 0; s < 2 && groups; s++) { /* sample 1 must give sample 0's ids */
        uint64_t *ids = s ? again : first;
        groups = ptx_threads_operand(c, i, 0, s, ids) && ptx_threads_operand(c, i, 1, s, count);
        for (int t = 0; t < n && groups; t++)
            groups = count[t] == (uint64_t)1 << lg && ids[t] == ids[t >> lg << lg] && (!s || ids[t] == first[t]);
    }
    for (int g = 0; g < n >> lg && groups; g++) /* and the groups' ids differ */
        for (int h = 0; h < g && groups; h++)
            groups = first[g << lg] != first[h << lg];
    free(first);
    return groups;
}

/* The threads named barrier i orders when each aligned group of them has a barrier of its own
 * (bar.sync 1 + tid.x / 128, 128: a warp group each, as warp-specialised kernels write it): lg for
 * groups of 2^lg, on a block of whole groups; -1 when it is not that. */
static int group_barrier_lg(ptx_ctx *c, uint32_t i)
{
    const ptx_instr *in = &c->f->ins[i];
    int64_t count;
    int n = ptx_threads_count(c);
    if (c->sync->kind[i] != PTX_SY_BAR_PART || in->nopnd != 2 || ptx_opnd(c, in, 0)->kind != PTX_O_REG || !n)
        return -1;
    const ptx_threads *th = ptx_threads_of(c);
    if (ptx_constant_operand(c, i, 1, &count) && count >= 32 && count <= 1024 && !(count & (count - 1)) &&
        th->dims[1] == 1 && th->dims[2] == 1 && th->dims[0] % count == 0 && th->dims[0] != count) {
        int lg = __builtin_ctzll((unsigned long long)count);
        if (group_index(c, ptx_opnd(c, in, 0)->reg, lg))
            return lg;
    }
    for (int lg = 5; (1 << lg) < n; lg++) /* groups of whole warps, two at least */
        if (n % (1 << lg) == 0 && evaluated_groups(c, i, lg))
            return lg;
    return -1;
}

static void find_races(races *r)
{
    ptx_ctx *c = r->c;
    bool remote = false, async = false, warp_barriers = (c->sync->present >> PTX_SY_WARP) & 1;
    r->group_lg = 5;
    r->group_stop = PTX_STOP_WARP;
    for (uint32_t i = 0; i < c->n && warp_barriers; i++)
        if (c->sync->kind[i] == PTX_SY_WARP) {
            int lg = warp_group_lg(c, i);
            r->group_lg = lg < r->group_lg ? lg : r->group_lg;
            if (active_mask(c, i)) {
                if (!r->active_bars)
                    r->active_bars = ptx_scratch(c, c->n, sizeof *r->active_bars);
                r->active_bars[r->nactive_bars++] = i;
            }
        }
    if ((c->sync->present >> PTX_SY_BAR_PART) & 1) { /* named barriers, each group its own */
        int least = warp_barriers ? r->group_lg : 10;
        for (uint32_t i = 0; i < c->n && least >= 0; i++)
            if (c->sync->kind[i] == PTX_SY_BAR_PART) {
                int lg = group_barrier_lg(c, i);
                least = lg < least ? lg : least;
            }
        if (least >= 0) {
            warp_barriers = true;
            r->group_lg = least;
            r->group_stop |= 1u << PTX_SY_BAR_PART;
        }
    }
    r->warp_filters = warp_barriers;
    for (int k = 0; k < 2; k++) {
        r->via[k] = ptx_scratch(c, r->na, sizeof *r->via[k]);
        r->via2[k] = ptx_scratch(c, r->na, sizeof *r->via2[k]);
        r->more[k] = ptx_scratch(c, (size_t)r->na * PTX_MORE_WAYS, sizeof *r->more[k]);
        r->nmore[k] = ptx_scratch(c, r->na, sizeof *r->nmore[k]);
        r->multi[k] = ptx_scratch(c, r->na, sizeof *r->multi[k]);
        r->direct[k] = ptx_scratch(c, r->na, sizeof *r->direct[k]);
        r->list[k] = ptx_scratch(c, r->na, sizeof *r->list[k]);
    }
    for (uint32_t a = 0; a < r->na; a++) {
        remote |= r->acc[a].remote;
        async |= r->acc[a].async || r->acc[a].inflight;
        if (!r->acc[a].async)
            block_pairs(r, a, warp_barriers);
    }
    for (uint32_t a = 0; a < r->na; a++)
        store_pairs(r, &r->acc[a], &r->acc[a]);
    find_one_sides(r);
    split_pairs(r);
    skipped_barrier_pairs(r);
    unfenced_pairs(r);
    if (async) {
        uint32_t cap = (c->nb + 1) * FLIGHT_STATES;
        r->fseen = ptx_scratch(c, cap, sizeof *r->fseen);
        r->faround = ptx_scratch(c, cap, sizeof *r->faround);
        flight_state *queue = ptx_scratch(c, cap, sizeof *queue);
        for (uint32_t a = 0; a < r->na; a++)
            if (r->acc[a].async || r->acc[a].inflight)
                flight(r, a, queue, cap);
    }
    for (uint32_t a = 0; remote && a < r->na; a++)
        if (!r->acc[a].async)
            cluster_pairs(r, a);
    if (r->profiled)
        ptx_profiles_free(r);
}

/* What walks visit (ptx_walk's `wanted`): the accesses, and what may stop a walk (an instruction that
 * synchronises); a walk passes the rest of a block without looking. */
static uint32_t *walk_stops(const races *r)
{
    const ptx_ctx *c = r->c;
    uint32_t *wanted = ptx_alloc_raw(c->scratch, (c->n + 1) * sizeof *wanted);
    for (uint32_t b = c->nb; b-- > 0;)
        for (uint32_t i = c->bend[b]; i-- > c->bstart[b];)
            wanted[i] = r->acc_of[i] >= 0 || c->sync->kind[i] != PTX_SY_NONE ? i
                        : i + 1 < c->bend[b]                                 ? wanted[i + 1]
                                                                             : c->bend[b];
    return wanted;
}

/* The value predicate g has for an empty size, when g tests a kernel parameter n for being empty (`n > 0`,
 * `n >= 1`, `n < 1`, `n <= 0`, `n != 0`, `n == 0`): 0 or 1; -1 when g is no such test. */
static int empty_size_value(const ptx_ctx *c, int32_t g)
{
    static const struct { const char *cmp; int64_t bound; int empty; } tests[] = {
        {".gt", 0, 0}, {".ge", 1, 0}, {".ne", 0, 0}, {".lt", 1, 1}, {".le", 0, 1}, {".eq", 0, 1}};
    int32_t d = c->only_def[g];
    const ptx_instr *in = d >= 0 ? &c->f->ins[d] : NULL;
    if (!in || !ptx_op_is(in, "setp") || in->nopnd != 3)
        return -1;
    const ptx_operand *a = ptx_opnd(c, in, 1), *b = ptx_opnd(c, in, 2);
    int32_t p = a->kind == PTX_O_REG ? c->only_def[a->reg] : -1;
    if (b->kind != PTX_O_IMM || p < 0 || c->f->ins[p].kind != PTX_K_LD || c->f->ins[p].space != PTX_SP_PARAM)
        return -1;
    for (size_t k = 0; k < sizeof tests / sizeof *tests; k++)
        if (ptx_has_mod(c->f, in, tests[k].cmp) && b->imm == tests[k].bound)
            return tests[k].empty;
    return -1;
}

/* Whether every path from block `from` to block `to` passes a block barrier (and some block barrier
 * is on the way). */
static bool barred_on_every_path(ptx_ctx *c, uint32_t from, uint32_t to)
{
    uint32_t *queue = ptx_scratch(c, c->nb + 1, sizeof *queue), n = 0;
    uint8_t *seen = ptx_scratch(c, c->nb + 1, 1);
    bool barred = false;
    seen[from] = 1, queue[n++] = from;
    for (uint32_t q = 0; q < n; q++) {
        uint32_t b = queue[q];
        if (b == to)
            return false;
        bool stops = false;
        for (uint32_t i = c->bstart[b]; i < c->bend[b] && !stops; i++)
            stops = c->sync->kind[i] == PTX_SY_BLOCK;
        barred |= stops;
        for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1] && !stops; e++)
            if (c->succ[e] < c->nb && !seen[c->succ[e]])
                seen[c->succ[e]] = 1, queue[n++] = c->succ[e];
    }
    return barred;
}

/* The edge of a uniform branch taken only for an empty input, where the branch tests a run-time size
 * for being empty and its other side reaches the first's target only through block barriers (`for (t
 * = 0; t < n; t++) { ...; __syncthreads(); }`): the walk from a store before the loop does not go
 * past it to a read after it (a flash-attention tile whose row statistics are set before its loop
 * over keys and read after it). -1 when b ends in no such branch. */
static int32_t empty_size_edge(ptx_ctx *c, uint32_t b)
{
    const ptx_instr *br = &c->f->ins[c->bend[b] - 1];
    int empty = br->kind == PTX_K_BRA && br->guard >= 0 && !c->variant[br->guard] ? empty_size_value(c, br->guard) : -1;
    if (c->sstart[b + 1] - c->sstart[b] != 2 || empty < 0)
        return -1;
    uint32_t dead = c->sstart[b] + (empty == br->guard_neg); /* the first edge is the jump's */
    uint32_t live = c->sstart[b] + c->sstart[b + 1] - 1 - dead;
    return barred_on_every_path(c, c->succ[live], c->succ[dead]) ? (int32_t)dead : -1;
}

/* The edges of branches never taken (ptx_syncinfo.dead_edge): those the block's size decides (a walk
 * from a store before a loop over the block's size does not take the branch past the loop), and
 * those taken only for an empty input past a loop with a barrier (empty_size_edge). */
static void find_dead_edges(ptx_ctx *c)
{
    ptx_syncinfo *s = c->sync;
    if (!ptx_threads_count(c))
        return;
    for (uint32_t b = 0; b < c->nb; b++) {
        uint32_t last = c->bend[b] - 1;
        bool taken;
        int32_t empty = empty_size_edge(c, b);
        if (empty < 0 && (c->sstart[b + 1] - c->sstart[b] != 2 || c->f->ins[last].kind != PTX_K_BRA ||
                          c->f->ins[last].guard < 0 || !ptx_tgraph_branch_decided(c, ptx_threads_of(c), last, &taken)))
            continue;
        if (!s->dead_edge)
            s->dead_edge = ptx_scratch(c, c->sstart[c->nb] + 1, sizeof *s->dead_edge);
        s->dead_edge[empty >= 0 ? (uint32_t)empty : c->sstart[b] + taken] = true; /* the first edge is the jump's */
    }
}

/* One look for races, with the split barriers' arrivals or their waits as the barrier (block_arrival);
 * reported: per instruction, already in a report (shared by the looks). */
static void look_for_races(ptx_ctx *c, bool *reported)
{
    races r = {.c = c, .reported = reported, .follow = -1};
    /* the first r.na are written before read; a wgmma makes two */
    r.acc = ptx_alloc_raw(c->scratch, (2 * (size_t)c->n + 1) * sizeof *r.acc);
    r.acc_of = ptx_scratch(c, c->n + 1, sizeof *r.acc_of);
    r.acc2_of = ptx_scratch(c, c->n + 1, sizeof *r.acc2_of);
    bool writes = false;
    for (uint32_t i = 0; i < c->n; i++) {
        r.acc_of[i] = r.acc2_of[i] = -1;
        if (c->reach[c->blk[i]])
            add_access(&r, i);
        writes |= r.na && r.acc[r.na - 1].ins == i && r.acc[r.na - 1].write;
    }
    ptx_find_block_bound(c, r.acc, r.na);
    if (writes) {
        find_dead_edges(c);
        r.wanted = walk_stops(&r);
        find_races(&r);
    }
    free(r.roles), free(r.role_keys);
}

void ptx_find_shared_races(ptx_ctx *c)
{
    ptx_syncinfo *s = ptx_sync_of(c);
    ptx_find_block_arrivals(c);
    bool *reported = ptx_scratch(c, c->n + 1, sizeof *reported);
    look_for_races(c, reported);
    if (s->block_wait) { /* split barriers: their waits as the barrier too */
        bool *arrivals = s->block_arrival;
        s->block_arrival = s->block_wait;
        look_for_races(c, reported);
        s->block_arrival = arrivals;
    }
}
