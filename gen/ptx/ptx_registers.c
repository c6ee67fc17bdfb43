/* Registers of one function: liveness, the register estimate, reads before writes, and their rules. */
#include "ptx_analysis.h"

#include <stdlib.h>
#include <string.h>

/* How ptxas schedules with unlimited registers (fitted on ptx_corpus, -maxrregcount 255): the
 * iterations of a loop with loads it overlaps (unrolling small loops further, to keep at least
 * PTX_LOOP_MIN_IN_FLIGHT loaded values in flight), how much a loop without loads grows (tenths),
 * and how many values loaded from local memory it keeps in flight at most. */
enum { PTX_LOOP_UNROLL = 2, PTX_LOOP_MIN_IN_FLIGHT = 16, PTX_LOOP_OVERLAP_TENTHS = 18, PTX_LOCAL_LOADS_IN_FLIGHT = 64 };

/* Spill prediction: estimate above the cap by more than this (ptxas rematerialises some values). */
enum { PTX_SPILL_SLACK = 4 };

/* HIGH_REGISTER_PRESSURE threshold: above 64 registers a 256-thread block cannot reach 50 % occupancy. */
enum { PTX_HIGH_PRESSURE = 64 };

/* ---- liveness and the register estimate ---- */

static int reg_weight(uint8_t cls)
{
    static const int weights[] = {0, 1, 1, 2, 4}; /* ORDER ptx_reg_class */
    return weights[cls];
}

/* Register sets per block, one bit per register: used before defined, defined (unguarded), live in
 * and live out. */
typedef struct live_sets {
    uint32_t words;
    uint64_t *use, *def, *in, *out;
} live_sets;

static bool has_bit(const uint64_t *set, uint32_t x)
{
    return set[x / 64] >> (x % 64) & 1;
}

static void block_uses_and_defs(const ptx_ctx *c, live_sets *s)
{
    const ptx_function *f = c->f;
    for (uint32_t b = 0; b < c->nb; b++) {
        uint64_t *u = s->use + (size_t)b * s->words, *d = s->def + (size_t)b * s->words;
        for (uint32_t i = c->bstart[b]; i < c->bend[b]; i++) {
            const int32_t *r = c->du + c->du_start[i];
            for (uint32_t j = 0; j < c->nuse[i]; j++) {
                uint32_t x = (uint32_t)r[c->ndef[i] + j];
                if (!has_bit(d, x))
                    u[x / 64] |= 1ull << (x % 64);
            }
            if (f->ins[i].guard < 0)
                for (uint32_t j = 0; j < c->ndef[i]; j++)
                    d[(uint32_t)r[j] / 64] |= 1ull << ((uint32_t)r[j] % 64);
        }
    }
}

/* Live in = used | (live out - defined), live out = the union of the successors' live in, to a
 * fixed point. */
static void solve_liveness(const ptx_ctx *c, live_sets *s)
{
    uint32_t nb = c->nb, words = s->words;
    bool changed = true;
    while (changed) {
        changed = false;
        for (uint32_t b = nb; b-- > 0;) {
            uint64_t *o = s->out + (size_t)b * words, *iv = s->in + (size_t)b * words;
            for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1]; e++) {
                uint32_t succ = c->succ[e];
                if (succ >= nb)
                    continue;
                const uint64_t *si = s->in + (size_t)succ * words;
                for (uint32_t w = 0; w < words; w++)
                    o[w] |= si[w];
            }
            const uint64_t *u = s->use + (size_t)b * words, *d = s->def + (size_t)b * words;
            for (uint32_t w = 0; w < words; w++) {
                uint64_t v = u[w] | (o[w] & ~d[w]);
                if (v != iv[w]) {
                    iv[w] = v;
                    changed = true;
                }
            }
        }
    }
}

/* Walks block b backwards from its live-out set (live is scratch) and raises *best and *best_pred
 * to the most registers and predicates live at once in it. */
static void max_live_in_block(const ptx_ctx *c, const live_sets *s, uint32_t b, uint64_t *live, int *best,
                              int *best_pred)
{
    const ptx_function *f = c->f;
    memcpy(live, s->out + (size_t)b * s->words, s->words * 8);
    int cur = 0, curp = 0;
    for (uint32_t w = 0; w < s->words; w++)
        for (uint64_t v = live[w]; v; v &= v - 1) {
            uint32_t x = w * 64 + (uint32_t)__builtin_ctzll(v);
            cur += reg_weight(f->regs[x].cls);
            curp += f->regs[x].cls == PTX_RC_PRED;
        }
    for (uint32_t i = c->bend[b]; i-- > c->bstart[b];) {
        const int32_t *r = c->du + c->du_start[i];
        int peak = cur, peakp = curp;
        for (uint32_t j = 0; j < c->ndef[i]; j++) {
            uint32_t x = (uint32_t)r[j];
            if (!has_bit(live, x)) {
                peak += reg_weight(f->regs[x].cls);
                peakp += f->regs[x].cls == PTX_RC_PRED;
            }
        }
        if (f->ins[i].guard < 0)
            for (uint32_t j = 0; j < c->ndef[i]; j++) {
                uint32_t x = (uint32_t)r[j];
                if (has_bit(live, x)) {
                    live[x / 64] &= ~(1ull << (x % 64));
                    cur -= reg_weight(f->regs[x].cls);
                    curp -= f->regs[x].cls == PTX_RC_PRED;
                }
            }
        for (uint32_t j = 0; j < c->nuse[i]; j++) {
            uint32_t x = (uint32_t)r[c->ndef[i] + j];
            if (!has_bit(live, x)) {
                live[x / 64] |= 1ull << (x % 64);
                cur += reg_weight(f->regs[x].cls);
                curp += f->regs[x].cls == PTX_RC_PRED;
            }
        }
        if (peak > *best)
            *best = peak;
        if (cur > *best)
            *best = cur;
        if (peakp > *best_pred)
            *best_pred = peakp;
    }
}

/* ptxas schedules loads early to hide their latency, and unrolls loops to overlap iterations: at the
 * head of block b (or of the loop it closes) the loaded values of the whole block (or of several
 * iterations) are live together with what enters it. */
static int scheduled_pressure(const ptx_ctx *c, const live_sets *s, uint32_t b)
{
    const ptx_function *f = c->f;
    uint32_t head = b;
    bool loop = false;
    for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1]; e++)
        if (c->succ[e] <= b) {
            head = c->succ[e];
            loop = true;
        }
    int loaded = 0, loaded_local = 0;
    for (uint32_t x = head; x <= b; x++)
        for (uint32_t i = c->bstart[x]; i < c->bend[x]; i++) {
            /* values, whatever their width (measured) */
            if (f->ins[i].kind == PTX_K_LD && f->ins[i].space == PTX_SP_LOCAL)
                loaded_local += c->ndef[i];
            else if (f->ins[i].kind == PTX_K_LD && f->ins[i].space != PTX_SP_PARAM)
                loaded += c->ndef[i];
            if (f->ins[i].kind == PTX_K_RET || f->ins[i].kind == PTX_K_EXIT)
                loop = false; /* ptxas does not overlap the iterations of a loop that exits inside */
        }
    loaded += loaded_local < PTX_LOCAL_LOADS_IN_FLIGHT ? loaded_local : PTX_LOCAL_LOADS_IN_FLIGHT;
    int entering = 0;
    const uint64_t *iv = s->in + (size_t)head * s->words;
    for (uint32_t w = 0; w < s->words; w++)
        for (uint64_t v = iv[w]; v; v &= v - 1)
            entering += reg_weight(f->regs[w * 64 + (uint32_t)__builtin_ctzll(v)].cls);
    /* a loop with loads overlaps their latency; one without overlaps its computations */
    return !loop    ? entering + loaded
           : loaded ? entering + (loaded * PTX_LOOP_UNROLL > PTX_LOOP_MIN_IN_FLIGHT ? loaded * PTX_LOOP_UNROLL
                                                                                    : PTX_LOOP_MIN_IN_FLIGHT)
                    : entering * PTX_LOOP_OVERLAP_TENTHS / 10;
}

void ptx_liveness(ptx_ctx *c)
{
    ptx_function *f = c->f;
    uint32_t nr = f->nregs, words = (nr + 63) / 64, nb = c->nb;
    if (!words || !nb)
        return;
    live_sets s = {words, ptx_scratch(c, (size_t)nb * words, 8), ptx_scratch(c, (size_t)nb * words, 8),
                   ptx_scratch(c, (size_t)nb * words, 8), ptx_scratch(c, (size_t)(nb + 1) * words, 8)};
    block_uses_and_defs(c, &s);
    solve_liveness(c, &s);
    uint64_t *live = ptx_scratch(c, words, 8);
    int best = 0, best_pred = 0;
    for (uint32_t b = 0; b < nb; b++)
        if (c->reach[b])
            max_live_in_block(c, &s, b, live, &best, &best_pred);
    int scheduled = best;
    for (uint32_t b = 0; b < nb; b++) {
        if (!c->reach[b])
            continue;
        int p = scheduled_pressure(c, &s, b);
        if (p > scheduled)
            scheduled = p;
    }
    f->maxlive = best;
    f->maxlive_scheduled = scheduled;
    f->maxlive_pred = best_pred;
}

/* A promoted .local array lives in registers: its elements are the values its loads and stores
 * already count, or at least the array's size in registers. */
void ptx_estimate_registers(ptx_ctx *c, int64_t promoted_local_bytes)
{
    ptx_function *f = c->f;
    int live = f->maxlive + (int)(promoted_local_bytes / 4);
    if (f->maxlive_scheduled > live)
        live = f->maxlive_scheduled;
    f->reg_estimate = live;
    if (f->reg_estimate > 255)
        f->reg_estimate = 255;
}

/* ---- rules ---- */

void ptx_find_uninitialized(ptx_ctx *c)
{
    ptx_function *f = c->f;
    uint32_t nr = f->nregs, words = (nr + 63) / 64, nb = c->nb;
    if (!words || !nb)
        return;
    uint64_t *out = ptx_scratch(c, (size_t)nb * words, 8), *cur = ptx_scratch(c, words, 8);
    for (size_t i = 0; i < (size_t)nb * words; i++)
        out[i] = ~0ull;
    bool changed = true;
    bool *reported = ptx_scratch(c, nr, sizeof *reported);
    for (int pass = 0; pass < 2; pass++) {
        changed = true;
        while (changed) {
            changed = false;
            for (uint32_t b = 0; b < nb; b++) {
                if (!c->reach[b])
                    continue;
                if (b == 0) {
                    memset(cur, 0, words * 8);
                } else {
                    for (uint32_t w = 0; w < words; w++)
                        cur[w] = ~0ull;
                }
                for (uint32_t e = c->pstart[b]; e < c->pstart[b + 1]; e++) {
                    uint32_t p = c->pred[e];
                    if (!c->reach[p])
                        continue;
                    for (uint32_t w = 0; w < words; w++)
                        cur[w] &= out[(size_t)p * words + w];
                }
                if (b == 0)
                    memset(cur, 0, words * 8);
                for (uint32_t i = c->bstart[b]; i < c->bend[b]; i++) {
                    const int32_t *r = c->du + c->du_start[i];
                    if (pass == 1)
                        for (uint32_t j = 0; j < c->nuse[i]; j++) {
                            uint32_t x = (uint32_t)r[c->ndef[i] + j];
                            if (!(cur[x / 64] >> (x % 64) & 1) && !reported[x]) {
                                reported[x] = true;
                                ptx_add_finding(c->m, f, PTX_RULE_UNINITIALIZED_REGISTER, f->ins[i].line, f->ins[i].col,
                                                "assign the register on every path before this use",
                                                "register %.*s may be read before it is written", (int)f->regs[x].len,
                                                f->regs[x].name);
                            }
                        }
                    for (uint32_t j = 0; j < c->ndef[i]; j++)
                        cur[(uint32_t)r[j] / 64] |= 1ull << ((uint32_t)r[j] % 64);
                }
                uint64_t *o = out + (size_t)b * words;
                if (memcmp(o, cur, words * 8) != 0) {
                    memcpy(o, cur, words * 8);
                    changed = pass == 0;
                }
            }
            if (pass == 1)
                break;
        }
    }
}

void ptx_find_register_issues(ptx_ctx *c)
{
    ptx_function *f = c->f;
    int cap = ptx_register_cap(f, c->arch);
    if (f->reg_estimate > cap + PTX_SPILL_SLACK)
        ptx_add_finding(c->m, f, PTX_RULE_REGISTER_SPILL, f->line, 1,
                        "raise .maxnreg / the launch bounds, or keep fewer values live (smaller tiles, less unrolling)",
                        "about %d registers needed but at most %d available (%s): ptxas will spill to local memory",
                        f->reg_estimate, cap,
                        f->maxnreg ? ".maxnreg" : (f->minnctapersm ? "launch bounds" : "architecture limit"));
    if ((f->reg_estimate < cap ? f->reg_estimate : cap) > PTX_HIGH_PRESSURE)
        ptx_add_finding(c->m, f, PTX_RULE_HIGH_REGISTER_PRESSURE, f->line, 1,
                        "keep fewer values live at once (smaller register tiles, less unrolling)",
                        "about %d registers per thread: at most %d%% occupancy with %d-thread blocks", f->reg_estimate,
                        (int)(f->occupancy * 100 + 0.5), f->block_size);
}
