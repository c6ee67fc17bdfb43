/* Shared-memory bank conflicts (BANK_CONFLICT). Shared memory has 32 banks of 4-byte words; a warp's
 * request is served in phases (all 32 lanes for accesses of up to 4 bytes, 16 lanes for 8 bytes, 8 for
 * 16 bytes; ldmatrix/stmatrix: one 8x8 matrix, 8 rows of 16 bytes, per phase), and the lanes of a phase
 * that touch different words of one bank are served one after another: the degree of the conflict is
 * the most distinct words one bank holds in one phase (lanes reading one word share it: a broadcast).
 * An affine address (a constant stride between consecutive threads) has the degree of its stride;
 * any other address (masks, remainders, shifts, a stride that a loop doubles) is evaluated thread by
 * thread (ptx_threads.c). */
#include "ptx_kbits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int degree_of_stride(int64_t stride, int size)
{
    int lanes_per_phase = size <= 4 ? 32 : 32 / (size / 4);
    int worst = 1;
    for (int phase = 0; phase < 32 / lanes_per_phase; phase++) {
        int64_t words[32 * 4];
        int nw = 0;
        for (int l = phase * lanes_per_phase; l < (phase + 1) * lanes_per_phase; l++) {
            int64_t addr = stride * l;
            for (int64_t w = addr / 4; w <= (addr + size - 1) / 4 && nw < 32 * 4; w++) {
                bool dup = false;
                for (int k = 0; k < nw && !dup; k++)
                    dup = words[k] == w;
                if (!dup)
                    words[nw++] = w;
            }
        }
        int per_bank[32] = {0};
        for (int k = 0; k < nw; k++) {
            int bank = (int)(((words[k] % 32) + 32) % 32);
            if (++per_bank[bank] > worst)
                worst = per_bank[bank];
        }
    }
    return worst;
}

int ptx_bank_degree_of_stride(int64_t stride, int size)
{
    /* banks repeat every 128 bytes: keep the stride's residue, and its size class above 128 */
    if (stride >= 128 || stride < 0)
        stride = (int64_t)((uint64_t)stride % 128) + 128;
    if (size != 1 && size != 2 && size != 4 && size != 8 && size != 16)
        return degree_of_stride(stride, size);
    static _Thread_local uint8_t memo[256][5]; /* by stride and log2(size); 0: not computed */
    int slot = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : size == 8 ? 3 : 4;
    if (!memo[stride][slot])
        memo[stride][slot] = (uint8_t)degree_of_stride(stride, size);
    return memo[stride][slot];
}

/* ---- thread by thread ---- */

typedef struct word_of {
    uint64_t word;
    uint32_t lane;
} word_of;

/* The degree of one phase: the words its lanes touch (n of them, lanes alongside), sorted here. */
static int phase_degree(word_of *w, int n, ptx_bank_conflict *why, uint32_t warp)
{
    for (int i = 1; i < n; i++) /* insertion sort: lanes mostly come in address order */
        for (int j = i; j > 0 && w[j - 1].word > w[j].word; j--) {
            word_of x = w[j];
            w[j] = w[j - 1], w[j - 1] = x;
        }
    int per_bank[32] = {0}, worst = 1;
    uint32_t first[32];
    for (int i = 0; i < n; i++) {
        if (i && w[i].word == w[i - 1].word)
            continue; /* the same word: one access serves both */
        int bank = (int)(w[i].word & 31);
        if (!per_bank[bank]++)
            first[bank] = (uint32_t)i;
        if (per_bank[bank] > worst) {
            worst = per_bank[bank];
            if (worst > why->degree) {
                *why = (ptx_bank_conflict){
                    worst, warp, {w[first[bank]].lane, w[i].lane}, {w[first[bank]].word * 4, w[i].word * 4}};
            }
        }
    }
    return worst;
}

/* Thread t's address in v, when known. */
static bool address_of(const ptx_tvals *v, uint32_t t, uint64_t *a)
{
    if (v->known) {
        *a = v->kv[t];
        return true;
    }
    *a = v->addr[t].one;
    return ptx_kb_known(v->addr[t]);
}

/* Whether the phase of lanes [l0, l1) of warp w conflicts in v: two lanes with different known words
 * in one bank (a quick look, before the exact count; lanes of unknown address are left out). */
static bool may_conflict(const ptx_tvals *v, uint32_t w, uint32_t l0, uint32_t l1, int size)
{
    uint64_t word_in[32];
    uint32_t used = 0;
    for (uint32_t l = l0; l < l1 && 32 * w + l < v->n; l++) {
        uint32_t t = 32 * w + l;
        uint64_t x;
        if (v->act[t] == PTX_ACT_NO || !address_of(v, t, &x))
            continue;
        for (uint64_t word = x / 4; word <= (x + (uint64_t)size - 1) / 4; word++) {
            uint32_t bank = (uint32_t)(word & 31);
            if (used >> bank & 1) {
                if (word_in[bank] != word)
                    return true;
            } else {
                used |= 1u << bank;
                word_in[bank] = word;
            }
        }
    }
    return false;
}

/* The degree of the phase of lanes [l0, l1) of warp w, or 0 when it does not hold whatever the
 * unknown uniform values are: the two evaluations (a, b: one iteration, two samples of those values)
 * must agree on which lanes make the access and on where each lies relative to the first. */
static int lanes_degree(const ptx_tvals *a, const ptx_tvals *b, uint32_t w, uint32_t l0, uint32_t l1, int size,
                        ptx_bank_conflict *why)
{
    word_of words[32 * 4];
    int nw = 0;
    uint64_t first_a = 0, first_b = 0;
    bool any = false;
    for (uint32_t l = l0; l < l1 && 32 * w + l < a->n; l++) {
        uint32_t t = 32 * w + l;
        if (a->act[t] != b->act[t])
            return 0;
        if (a->act[t] == PTX_ACT_NO)
            continue;
        uint64_t xa, xb;
        if (!address_of(a, t, &xa) || !address_of(b, t, &xb))
            return 0;
        if (!any)
            first_a = xa, first_b = xb, any = true;
        if (xa - first_a != xb - first_b)
            return 0;
        for (uint64_t word = xa / 4; word <= (xa + (uint64_t)size - 1) / 4 && nw < 32 * 4; word++)
            words[nw++] = (word_of){word, l};
    }
    return nw > 1 ? phase_degree(words, nw, why, w) : 1;
}

/* ldmatrix/stmatrix: lanes 0-7 give the rows of the first matrix, 8-15 the second's, ...; .x1, .x2 and
 * .x4 read 1, 2 or 4 matrices. 0 for other instructions. */
static uint32_t matrix_lanes(const ptx_ctx *c, const ptx_instr *in)
{
    bool matrix = (in->oplen == 8 && (memcmp(in->op, "ldmatrix", 8) == 0 || memcmp(in->op, "stmatrix", 8) == 0));
    if (!matrix)
        return 0;
    for (uint32_t i = 0; i < in->nmods; i++) {
        const ptx_token *t = &c->f->mods[in->mods + i];
        if (t->n == 3 && t->p[0] == '.' && t->p[1] == 'x' && (t->p[2] == '1' || t->p[2] == '2' || t->p[2] == '4'))
            return 8 * (uint32_t)(t->p[2] - '0');
    }
    return 8;
}

/* The warps looked at: a warp's pattern repeats across the warps of a block in practice, and the
 * first ones are the busiest (tree reductions keep the low threads). */
enum { BANK_WARPS = 4 };

/* The worst degree over the warps of one iteration (sample pair s, s + 4), into why: 1 when no
 * phase may conflict in the first sample, without evaluating the second. */
static int iteration_degree(ptx_ctx *c, uint32_t ins, int s, int size, uint32_t lanes, bool *loops,
                            ptx_bank_conflict *why)
{
    ptx_tvals *a = ptx_threads_scratch(c, 0), *b = ptx_threads_scratch(c, 1);
    ptx_eval ea = {.s = s, .via = -1, .from = -1, .threads = 32 * BANK_WARPS}, eb = ea;
    eb.s = s + 4;
    if (!ptx_threads_access(c, ins, 0, &ea, a) || !a->active)
        return 0;
    *loops = a->relative;
    uint32_t per_phase = lanes < 32 ? 8 : size <= 4 ? 32 : 32 / (uint32_t)(size / 4);
    bool maybe = false;
    for (uint32_t w = 0; 32 * w < a->n && !maybe; w++)
        for (uint32_t l0 = 0; l0 < lanes && !maybe; l0 += per_phase)
            maybe = may_conflict(a, w, l0, l0 + per_phase, size);
    if (!maybe)
        return 1;
    if (!ptx_threads_access(c, ins, 0, &eb, b))
        return 0;
    int worst = 0;
    for (uint32_t w = 0; 32 * w < a->n; w++)
        for (uint32_t l0 = 0; l0 < lanes; l0 += per_phase) {
            int d = lanes_degree(a, b, w, l0, l0 + per_phase, size, why);
            worst = d > worst ? d : worst;
        }
    return worst;
}

/* Degrees found thread by thread, by what decides them: accesses with the same address (less a
 * constant offset that keeps the word alignment), the same threads and array have the same degree. */
enum { MEMO = 64 };
typedef struct bank_memo {
    uint64_t key[MEMO];
    int degree[MEMO];
    ptx_bank_conflict why[MEMO];
} bank_memo;

/* Thread by thread (0: not known); why: the worst conflict seen. */
static int degree_of_threads(ptx_ctx *c, uint32_t ins, int size, bank_memo *memo, ptx_bank_conflict *why)
{
    *why = (ptx_bank_conflict){0};
    if (!ptx_threads_count(c))
        return 0;
    uint32_t lanes = matrix_lanes(c, &c->f->ins[ins]);
    lanes = lanes ? lanes : 32;
    int64_t off;
    int32_t base = ptx_threads_base(c, ins, 0, &off), act = ptx_threads_activity(c, ins);
    if (base < 0 || size <= 0 || size > 16)
        return 0;
    uint64_t key = ((((uint64_t)(uint32_t)base << 20 ^ (uint64_t)(uint32_t)(act + 1)) * 64 + (uint64_t)lanes) * 32 +
                    (uint64_t)size) *
                       4 +
                   (uint64_t)(off & 3);
    key = key * 1024 + (uint64_t)(c->addr[ins].sym + 2) % 1024 + 1;
    uint32_t h = (uint32_t)(key * 0x9E3779B97F4A7C15ull >> 58) % MEMO;
    if (memo->key[h] == key) {
        *why = memo->why[h];
        return memo->degree[h];
    }
    /* the first two iterations of the loops around it: a loop that changes the stride (a tree
     * reduction, a sorting network) conflicts in some of its iterations */
    int worst = 0;
    bool loops = true; /* the second iteration differs from the first only where a loop's values enter */
    for (int s = 0; s < 2 && loops; s++) {
        int d = iteration_degree(c, ins, s, size, lanes, &loops, why);
        worst = d > worst ? d : worst;
    }
    memo->key[h] = key, memo->degree[h] = worst, memo->why[h] = *why;
    return worst;
}

/* ---- the rule ---- */

/* Conflicting accesses alike (one array, one degree, one stride or pattern) are reported once, at the
 * first, naming the others' lines. */
typedef struct bank_site {
    int32_t sym;
    int degree;
    int64_t stride; /* affine; INT64_MIN: thread by thread (why) */
    uint32_t ins, count, lines[3];
    ptx_bank_conflict why;
} bank_site;

static void note(bank_site **sites, uint32_t *n, const bank_site *s, uint32_t line)
{
    for (uint32_t k = 0; k < *n; k++) {
        bank_site *o = &(*sites)[k];
        if (o->sym == s->sym && o->degree == s->degree && o->stride == s->stride) {
            if (o->count < 3)
                o->lines[o->count] = line;
            o->count++;
            return;
        }
    }
    if ((*n & (*n - 1)) == 0 || !*n) {
        bank_site *grown = realloc(*sites, (*n ? 2 * *n : 4) * sizeof **sites);
        if (!grown)
            abort();
        *sites = grown;
    }
    (*sites)[(*n)++] = *s;
}

static void report(ptx_ctx *c, const bank_site *s)
{
    const ptx_instr *in = &c->f->ins[s->ins];
    char also[96] = "";
    if (s->count) {
        int k = snprintf(also, sizeof also, "; also at line%s", s->count > 1 ? "s" : "");
        for (uint32_t j = 0; j < s->count && j < 3 && k < (int)sizeof also; j++)
            k += snprintf(also + k, sizeof also - (size_t)k, "%s %u", j ? "," : "", s->lines[j]);
        if (s->count > 3 && k < (int)sizeof also)
            snprintf(also + k, sizeof also - (size_t)k, " and %u more", s->count - 3);
    }
    if (s->stride != INT64_MIN)
        ptx_add_finding(c->m, c->f, PTX_RULE_BANK_CONFLICT, in->line, in->col,
                        "pad the shared array (e.g. one extra element per row) or change the stride",
                        "%d-way shared memory bank conflict: consecutive threads are %lld bytes apart%s", s->degree,
                        (long long)s->stride, also);
    else
        ptx_add_finding(c->m, c->f, PTX_RULE_BANK_CONFLICT, in->line, in->col,
                        "pad the shared array (e.g. one extra element per row) or swizzle the index",
                        "%d-way shared memory bank conflict: lanes %u and %u of warp %u touch different words of "
                        "one bank, %lld bytes apart%s",
                        s->degree, s->why.lane[0], s->why.lane[1], s->why.warp,
                        (long long)(s->why.addr[1] - s->why.addr[0]), also);
}

/* The most lanes of a warp that make access ins, which runs under a condition that differs between
 * threads (a guard, or a branch it depends on), in any sample: a conflict is at most that many-way,
 * whatever the stride between lanes (one for `if (tid.x == k)`, k a loop counter). 32 when the
 * access is not conditional or its threads cannot be told. */
static int lanes_at_most(ptx_ctx *c, uint32_t ins)
{
    const ptx_instr *in = &c->f->ins[ins];
    bool varies = (in->guard >= 0 && c->variant[in->guard]) || c->cd_branch[c->blk[ins]] >= 0;
    if (!varies || ptx_threads_count(c) <= 0)
        return 32;
    ptx_tvals *v = ptx_threads_scratch(c, 0);
    int most = 0;
    for (int s = 0; s < ptx_threads_samples(c) && most < 32; s++) {
        ptx_eval ev = {.s = s, .via = -1, .from = -1}; /* every warp: the condition may pass only late ones */
        if (!ptx_threads_access(c, ins, 0, &ev, v))
            return 32;
        for (uint32_t w = 0; 32 * w < v->n; w++) {
            int lanes = 0;
            for (uint32_t t = 32 * w; t < v->n && t < 32 * w + 32; t++)
                lanes += v->act[t] != PTX_ACT_NO;
            most = lanes > most ? lanes : most;
        }
    }
    return most;
}

/* The conflict of shared access i, if any, into s. */
static bool conflict_of(ptx_ctx *c, uint32_t i, const ptx_operand *ad, bank_memo *memo, bank_site *s)
{
    const ptx_instr *in = &c->f->ins[i];
    const ptx_affine *a = &c->addr[i];
    int size = matrix_lanes(c, in) ? 16 : (in->tsize ? in->tsize : 4) * in->vec;
    *s = (bank_site){.sym = a->sym, .ins = i, .stride = INT64_MIN};
    if (a->st == PTX_AF_AFFINE && !(a->symco & 1)) {
        s->stride = a->k[0];
        s->degree = a->k[0] ? ptx_bank_degree_of_stride(a->k[0], size) : 1;
        if (s->degree >= 2) {
            int lanes = lanes_at_most(c, i);
            s->degree = lanes < s->degree ? (lanes > 1 ? lanes : 1) : s->degree;
        }
    } else if (ad->reg >= 0 && c->variant[ad->reg]) {
        /* not a constant stride: thread by thread, when the address varies across the threads */
        s->degree = degree_of_threads(c, i, size, memo, &s->why);
    }
    return s->degree >= 2;
}

void ptx_find_bank_conflicts(ptx_ctx *c)
{
    bank_site *sites = NULL, s;
    uint32_t n = 0;
    bank_memo *memo = NULL;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &c->f->ins[i];
        if ((in->kind != PTX_K_LD && in->kind != PTX_K_ST) || in->space != PTX_SP_SHARED || !c->reach[c->blk[i]])
            continue; /* atomics: their cost is serialisation on equal addresses, not banks */
        const ptx_operand *ad = ptx_address_operand(c, in);
        if (!ad)
            continue;
        if (!memo) { /* an entry's degree and why are written with its key */
            memo = ptx_xmalloc(1, sizeof *memo);
            memset(memo->key, 0, sizeof memo->key);
        }
        if (conflict_of(c, i, ad, memo, &s))
            note(&sites, &n, &s, in->line);
    }
    free(memo);
    for (uint32_t k = 0; k < n; k++)
        report(c, &sites[k]);
    free(sites);
}
