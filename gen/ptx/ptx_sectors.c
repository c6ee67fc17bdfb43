/* Global sectors thread by thread: how many 32-byte sectors a warp's access touches when its address
 * is not a constant stride of tid.x (lane masks and shifts, divisions of the thread index, fragment
 * layouts), for UNCOALESCED_GLOBAL (ptx_memory.c answers constant strides itself). Each lane's
 * address is evaluated (ptx_threads.c) under two samples of the unknown uniform values; only offsets
 * between lanes that both samples agree on are counted, so a base pointer or a run-time row stride
 * never decides. */
#include "ptx_kbits.h"
#include "ptx_tgraph.h"

/* The warps looked at: a warp's pattern repeats across a block's warps in practice. */
enum { SECTOR_WARPS = 4 };

/* Thread t's address in v, when known. */
static bool lane_address(const ptx_tvals *v, uint32_t t, uint64_t *x)
{
    if (v->known) {
        *x = v->kv[t];
        return true;
    }
    *x = v->addr[t].one;
    return ptx_kb_known(v->addr[t]);
}

/* The offsets of warp w's active lanes from its first one (in off, sorted, n of them); false when the
 * samples a and b disagree on who makes the access or on an offset, or an address is not known. */
static bool warp_offsets(const ptx_tvals *a, const ptx_tvals *b, uint32_t w, int64_t off[32], uint32_t *n)
{
    uint64_t first_a = 0, first_b = 0;
    *n = 0;
    for (uint32_t l = 0; l < 32 && 32 * w + l < a->n; l++) {
        uint32_t t = 32 * w + l;
        if (a->act[t] != b->act[t])
            return false;
        if (a->act[t] == PTX_ACT_NO)
            continue;
        uint64_t xa, xb;
        if (!lane_address(a, t, &xa) || !lane_address(b, t, &xb))
            return false;
        if (!*n)
            first_a = xa, first_b = xb;
        if (xa - first_a != xb - first_b || (int64_t)(xa - first_a) > ((int64_t)1 << 40) ||
            (int64_t)(xa - first_a) < -((int64_t)1 << 40))
            return false;
        int64_t o = (int64_t)(xa - first_a);
        uint32_t k = (*n)++;
        for (; k > 0 && off[k - 1] > o; k--) /* insertion: lanes mostly come in address order */
            off[k] = off[k - 1];
        off[k] = o;
    }
    return true;
}

/* Sectors the n sorted offsets' bytes [off, off + size) touch, the lowest taken as sector aligned, and
 * sectors their distinct bytes need. */
static void count_sectors(const int64_t *off, uint32_t n, int size, int64_t *touched, int64_t *needed)
{
    int64_t bytes = 0, end = INT64_MIN, last_sector = INT64_MIN;
    *touched = 0;
    for (uint32_t i = 0; i < n; i++) {
        int64_t lo = off[i] - off[0], hi = lo + size;
        bytes += hi <= end ? 0 : hi - (lo > end ? lo : end);
        end = hi > end ? hi : end;
        for (int64_t s = lo / 32; s <= (hi - 1) / 32; s++)
            if (s > last_sector)
                (*touched)++, last_sector = s;
    }
    *needed = (bytes + 31) / 32;
}

/* The worst warp of one iteration (sample pair s, s + 4) into *use; false when not evaluable. */
static bool iteration_sectors(ptx_ctx *c, uint32_t ins, int s, int size, bool *loops, ptx_sector_use *use)
{
    ptx_tvals *a = ptx_threads_scratch(c, 0), *b = ptx_threads_scratch(c, 1);
    ptx_eval ea = {.s = s, .via = -1, .from = -1, .threads = 32 * SECTOR_WARPS}, eb = ea;
    eb.s = s + 4;
    if (!ptx_threads_access(c, ins, 0, &ea, a) || !a->active || !ptx_threads_access(c, ins, 0, &eb, b))
        return false;
    *loops = a->relative;
    for (uint32_t w = 0; 32 * w < a->n; w++) {
        int64_t off[32], touched, needed;
        uint32_t n;
        if (!warp_offsets(a, b, w, off, &n) || n < 2)
            continue;
        count_sectors(off, n, size, &touched, &needed);
        if (touched * use->needed > use->touched * needed || !use->needed)
            *use = (ptx_sector_use){touched, needed, w, n};
    }
    return use->needed > 0;
}

/* Answers by what decides them: accesses at one 64-bit address node less a constant offset (which
 * moves every lane alike: the offsets between lanes stay), with one activity and one size. */
enum { SECTOR_MEMO = 64 };
struct ptx_sector_memo {
    struct {
        int32_t base, act; /* base -1: empty */
        int size;
        bool any;
        ptx_sector_use use;
    } e[SECTOR_MEMO];
};

bool ptx_sectors_of_threads(ptx_ctx *c, uint32_t ins, int size, ptx_sector_memo **memo, ptx_sector_use *use)
{
    *use = (ptx_sector_use){0};
    int32_t base;
    if (size <= 0 || size > 128 || !ptx_threads_count(c) || (base = ptx_threads_base(c, ins, 0, &(int64_t){0})) < 0)
        return false;
    int32_t act = ptx_threads_activity(c, ins);
    bool wide = ptx_threads_of(c)->nodes[base].w >= 64; /* offsets that wrap at 32 bits would differ */
    uint32_t h = ((uint32_t)base * 2654435761u ^ (uint32_t)(act + 1) * 40503u ^ (uint32_t)size) % SECTOR_MEMO;
    if (wide && !*memo) {
        *memo = ptx_scratch(c, 1, sizeof **memo);
        for (int k = 0; k < SECTOR_MEMO; k++)
            (*memo)->e[k].base = -1;
    }
    if (wide && (*memo)->e[h].base == base && (*memo)->e[h].act == act && (*memo)->e[h].size == size) {
        *use = (*memo)->e[h].use;
        return (*memo)->e[h].any;
    }
    bool loops = true, any = false; /* a loop's second iteration may lay the lanes out differently */
    for (int s = 0; s < 2 && loops; s++)
        any |= iteration_sectors(c, ins, s, size, &loops, use);
    if (wide) {
        (*memo)->e[h].base = base, (*memo)->e[h].act = act, (*memo)->e[h].size = size;
        (*memo)->e[h].any = any, (*memo)->e[h].use = *use;
    }
    return any;
}
