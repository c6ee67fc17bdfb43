/* Memory of one function: counts, generic addresses, shared races, bank conflicts, coalescing, .local arrays. */
#include "ptx_analysis.h"

#include <stdlib.h>
#include <string.h>

/* ptxas turns a .local array read at dynamic indices into registers and selects up to this size
 * (bytes; measured on ptx_corpus), and one accessed at constant offsets up to about 255 registers. */
enum { PTX_LOCAL_SELECT_LIMIT = 256, PTX_LOCAL_REGISTER_LIMIT = 1024 };

/* ---- counts: memory operations, bytes, FLOPs ---- */

void ptx_memory_and_roofline(ptx_ctx *c)
{
    ptx_function *f = c->f;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &f->ins[i];
        uint64_t bytes = (uint64_t)(in->tsize ? in->tsize : 4) * in->vec;
        uint8_t sp = in->space < PTX_SP_COUNT ? in->space : PTX_SP_NONE;
        if (in->kind == PTX_K_LD) {
            f->mem.loads[sp]++;
            f->mem.load_bytes[sp] += bytes;
        } else if (in->kind == PTX_K_ST) {
            f->mem.stores[sp]++;
            f->mem.store_bytes[sp] += bytes;
        } else if (in->kind == PTX_K_ATOM || in->kind == PTX_K_RED) {
            f->mem.atomics[sp]++;
            f->mem.load_bytes[sp] += bytes;
            f->mem.store_bytes[sp] += bytes;
        } else if (in->is_float && (in->kind == PTX_K_FMA || in->kind == PTX_K_MAD)) {
            f->flops += 2u * in->vec;
        } else if (in->is_float && (in->kind == PTX_K_ADD || in->kind == PTX_K_SUB || in->kind == PTX_K_MUL ||
                                    in->kind == PTX_K_ARITH || in->kind == PTX_K_NEG)) {
            f->flops += in->vec;
        }
        for (int j = 0; j < in->nopnd; j++) {
            const ptx_operand *o = ptx_opnd(c, in, j);
            if ((o->kind == PTX_O_SYM || o->kind == PTX_O_ADDR) && o->sym >= 0 &&
                c->m->sym_stamp[o->sym] != c->m->stamp) {
                const ptx_symbol *sym = &c->m->syms[o->sym];
                c->m->sym_stamp[o->sym] = c->m->stamp;
                if (sym->space == PTX_SP_SHARED && sym->line < f->line)
                    c->module_shared += sym->size;
            }
        }
    }
    for (int sp = PTX_SP_GLOBAL; sp <= PTX_SP_GENERIC; sp++)
        if (sp == PTX_SP_GLOBAL || sp == PTX_SP_GENERIC)
            f->bytes += f->mem.load_bytes[sp] + f->mem.store_bytes[sp];
}

/* ---- generic addresses (for GENERIC_AS_SHARED) ---- */

void ptx_generic_addresses(ptx_ctx *c)
{
    c->generic = ptx_scratch(c, c->f->nregs + 1, sizeof *c->generic);
    for (int round = 0; round < 8; round++) {
        bool changed = false;
        for (uint32_t i = 0; i < c->n; i++) {
            const ptx_instr *in = &c->f->ins[i];
            if (c->ndef[i] != 1 || ptx_opnd(c, in, 0)->kind != PTX_O_REG)
                continue;
            int32_t d = ptx_opnd(c, in, 0)->reg;
            if (c->generic[d] || c->f->regs[d].cls != PTX_RC_64)
                continue;
            bool g = false;
            if (in->kind == PTX_K_CVTA)
                g = !in->cvta_to; /* cvta.shared & co. produce generic addresses; cvta.to.* do not */
            else if (in->kind == PTX_K_LD && in->space == PTX_SP_PARAM)
                g = true;
            else if (in->kind == PTX_K_MOV || in->kind == PTX_K_ADD || in->kind == PTX_K_SUB || in->kind == PTX_K_CVT)
                for (int j = 1; j < in->nopnd; j++)
                    g |= ptx_opnd(c, in, j)->kind == PTX_O_REG && c->generic[ptx_opnd(c, in, j)->reg];
            if (g)
                c->generic[d] = changed = true;
        }
        if (!changed)
            break;
    }
}

/* ---- shared races ---- */

static bool is_write(const ptx_instr *in)
{
    return in->kind == PTX_K_ST || in->kind == PTX_K_ATOM || in->kind == PTX_K_RED;
}

static bool is_atomic(const ptx_instr *in)
{
    return in->kind == PTX_K_ATOM || in->kind == PTX_K_RED;
}

/* Exclusive bound on tid.x for the threads doing an access: from its branch, and from staying
 * inside the array it indexes (an access past the end would be undefined). */
static int64_t array_bound(const ptx_ctx *c, const ptx_affine *a)
{
    if (a->st == PTX_AF_AFFINE && a->sym >= 0 && a->k[0] > 0 && a->k[0] < (1 << 20) && !a->k[1] && !a->k[2] &&
        !a->uni && !a->symco && c->m->syms[a->sym].size > 0 && a->c > -(1 << 30) && a->c < (1 << 30) &&
        c->m->syms[a->sym].size < ((int64_t)1 << 40))
        return (c->m->syms[a->sym].size - a->c + a->k[0] - 1) / a->k[0];
    return INT64_MAX;
}

static int64_t access_bound(const ptx_ctx *c, uint32_t i, const ptx_affine *a)
{
    int64_t bound = c->tid_bound[c->blk[i]];
    if (c->block_bound < bound)
        bound = c->block_bound;
    if (a->st == PTX_AF_AFFINE && a->sym >= 0 && a->k[0] > 0 && !a->k[1] && !a->k[2] && !a->uni && !a->symco &&
        c->m->syms[a->sym].size > 0) {
        int64_t in_array = (c->m->syms[a->sym].size - a->c + a->k[0] - 1) / a->k[0];
        if (in_array < bound)
            bound = in_array;
    }
    return bound;
}

/* May two shared accesses touch the same location from two different threads? Threads with
 * tid.x in [la, ua) do a, those in [lb, ub) do b. */
static bool cross_thread_alias(const ptx_affine *a, const ptx_affine *b, int64_t la, int64_t ua, int64_t lb, int64_t ub)
{
    if (la == lb && ua == ub && ua - la == 1)
        return false; /* one and the same thread does both */
    if (a->sym >= 0 && b->sym >= 0 && a->sym != b->sym)
        return false;
    if (a->st != PTX_AF_AFFINE || b->st != PTX_AF_AFFINE)
        return true;
    bool same_k = memcmp(a->k, b->k, sizeof a->k) == 0 && a->symco == b->symco;
    bool any_k = a->k[0] || a->k[1] || a->k[2];
    if (!same_k || a->symco || a->uni || b->uni || !any_k)
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
        if (q == 0 || q > (1 << 20) || q < -(1 << 20))
            return q != 0;
        int64_t lo = lb + q > la ? lb + q : la;
        int64_t hi = ub == INT64_MAX ? ua : (ub + q < ua ? ub + q : ua);
        return lo < hi;
    }
    for (int dim = 0; dim < 3; dim++)
        if (a->k[dim] && d % a->k[dim] == 0)
            return true;
    return false;
}

typedef struct access {
    uint32_t ins;
    ptx_affine addr;
} access;

/* The shared accesses of a function and the scratch of the search from each of them. */
typedef struct race_scan {
    access *acc;
    int32_t *acc_of; /* per instruction: its access, or -1 */
    uint32_t na;
    bool *reported; /* per instruction */
    bool *seen;     /* per block, for one search */
    uint32_t *queue;
} race_scan;

static void collect_shared_accesses(const ptx_ctx *c, race_scan *s)
{
    const ptx_function *f = c->f;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &f->ins[i];
        s->acc_of[i] = -1;
        if (in->space != PTX_SP_SHARED || !c->reach[c->blk[i]] ||
            (in->kind != PTX_K_LD && in->kind != PTX_K_ST && in->kind != PTX_K_ATOM && in->kind != PTX_K_RED))
            continue;
        const ptx_operand *ad = ptx_address_operand(c, in);
        if (!ad)
            continue;
        s->acc_of[i] = (int32_t)s->na;
        s->acc[s->na++] = (access){i, c->addr[i]};
    }
}

/* tid.x < block_bound for every thread: the array bound of an access that every thread makes. */
static void find_block_bound(ptx_ctx *c, const race_scan *s)
{
    c->block_bound = INT64_MAX;
    for (uint32_t a = 0; a < s->na; a++) {
        uint32_t i = s->acc[a].ins;
        int64_t bound = array_bound(c, &s->acc[a].addr);
        if (c->f->ins[i].guard < 0 && c->cd_branch[c->blk[i]] < 0 && bound < c->block_bound)
            c->block_bound = bound;
    }
}

/* Access a against instruction i (in block b), reached from a with no barrier between. */
static void check_race(const ptx_ctx *c, race_scan *s, uint32_t a, uint32_t i, uint32_t b)
{
    ptx_function *f = c->f;
    const ptx_instr *ia = &f->ins[s->acc[a].ins], *in = &f->ins[i];
    int32_t x = s->acc_of[i];
    if (x < 0 || (uint32_t)x == a)
        return;
    bool wa = is_write(ia), wx = is_write(in);
    /* a read against a write; atomics read too. Two plain stores are left alone: loops that
     * fill an array with a block-sized stride look alike, and the read that follows is
     * what goes wrong when a barrier is missing. */
    if ((!wa && !wx) || (ia->kind == PTX_K_ST && in->kind == PTX_K_ST))
        return;
    if (is_atomic(ia) && is_atomic(in))
        return;
    if (!cross_thread_alias(&s->acc[a].addr, &s->acc[x].addr, c->tid_low[c->blk[s->acc[a].ins]],
                            access_bound(c, s->acc[a].ins, &s->acc[a].addr), c->tid_low[b],
                            access_bound(c, i, &s->acc[x].addr)))
        return;
    uint32_t at = wa ? s->acc[a].ins : i, other = wa ? i : s->acc[a].ins;
    if (s->reported[at] || s->reported[other])
        return;
    s->reported[at] = s->reported[other] = true;
    const ptx_instr *w = &f->ins[at], *o = &f->ins[other];
    ptx_add_finding(c->m, f, PTX_RULE_SHARED_RACE, w->line, w->col,
                    "put bar.sync between the accesses, or give each thread its own location",
                    "shared memory written at line %u and %s at line %u by other threads with no barrier "
                    "in between%s",
                    w->line, is_write(o) ? "written" : "read", o->line, other < at ? " (across a loop iteration)" : "");
}

/* Every path from access a until a barrier, breadth first over blocks (back around loops too). */
static void races_from(const ptx_ctx *c, race_scan *s, uint32_t a)
{
    memset(s->seen, 0, (c->nb + 1) * sizeof *s->seen);
    uint32_t qh = 0, qt = 0;
    uint32_t b = c->blk[s->acc[a].ins], from = s->acc[a].ins + 1;
    for (;;) {
        bool blocked = false;
        for (uint32_t i = from; i < c->bend[b] && !blocked; i++) {
            if (c->f->ins[i].kind == PTX_K_BAR) {
                blocked = true;
                break;
            }
            check_race(c, s, a, i, b);
        }
        if (!blocked)
            for (uint32_t e = c->sstart[b]; e < c->sstart[b + 1]; e++) {
                uint32_t succ = c->succ[e];
                if (succ < c->nb && !s->seen[succ]) {
                    s->seen[succ] = true;
                    s->queue[qt++] = succ;
                }
            }
        if (qh == qt)
            break;
        b = s->queue[qh++];
        from = c->bstart[b];
    }
}

void ptx_find_shared_races(ptx_ctx *c)
{
    race_scan s = {.acc = ptx_scratch(c, c->n, sizeof *s.acc), .acc_of = ptx_scratch(c, c->n, sizeof *s.acc_of)};
    collect_shared_accesses(c, &s);
    find_block_bound(c, &s);
    s.reported = ptx_scratch(c, c->n, sizeof *s.reported);
    s.seen = ptx_scratch(c, c->nb + 1, sizeof *s.seen);
    s.queue = ptx_scratch(c, c->nb + 1, sizeof *s.queue);
    for (uint32_t a = 0; a < s.na; a++)
        races_from(c, &s, a);
}

/* ---- bank conflicts, coalescing, bounds checks, vector loads ---- */

static int bank_conflict_degree_of(int64_t stride, int size);

static int bank_conflict_degree(int64_t stride, int size)
{
    /* banks repeat every 128 bytes: keep the stride's residue, and its size class above 128 */
    if (stride >= 128 || stride < 0)
        stride = (int64_t)((uint64_t)stride % 128) + 128;
    if (size != 1 && size != 2 && size != 4 && size != 8 && size != 16)
        return bank_conflict_degree_of(stride, size);
    static _Thread_local uint8_t memo[256][5]; /* by stride and log2(size); 0: not computed */
    int slot = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : size == 8 ? 3 : 4;
    if (!memo[stride][slot])
        memo[stride][slot] = (uint8_t)bank_conflict_degree_of(stride, size);
    return memo[stride][slot];
}

static int bank_conflict_degree_of(int64_t stride, int size)
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

/* A shared access: a generic or 64-bit address, and bank conflicts. */
static void check_shared_access(const ptx_ctx *c, uint32_t i, const ptx_operand *ad, int size)
{
    ptx_function *f = c->f;
    const ptx_instr *in = &f->ins[i];
    const ptx_affine *a = &c->addr[i];
    if (ad->reg >= 0 && f->regs[ad->reg].cls == PTX_RC_64) {
        if (c->generic[ad->reg])
            ptx_add_finding(c->m, f, PTX_RULE_GENERIC_AS_SHARED, in->line, in->col,
                            "convert with cvta.to.shared (or use a generic ld/st) before the access",
                            "a generic address is used by %.*s.shared, which expects a shared-window "
                            "address",
                            (int)in->oplen, in->op);
        else
            ptx_add_finding(c->m, f, PTX_RULE_SHARED_64BIT_ADDRESS, in->line, in->col,
                            "compute shared addresses in 32-bit registers",
                            "shared memory addressed through the 64-bit register %.*s", (int)f->regs[ad->reg].len,
                            f->regs[ad->reg].name);
    }
    if (a->st == PTX_AF_AFFINE && !(a->symco & 1) && a->k[0] && !is_atomic(in)) {
        int deg = bank_conflict_degree(a->k[0], size);
        if (deg >= 2)
            ptx_add_finding(c->m, f, PTX_RULE_BANK_CONFLICT, in->line, in->col,
                            "pad the shared array (e.g. one extra element per row) or change the stride",
                            "%d-way shared memory bank conflict: consecutive threads are %lld bytes apart", deg,
                            (long long)a->k[0]);
    }
}

/* A global access: the 32-byte sectors a warp touches against those it needs. */
static void check_coalescing(const ptx_ctx *c, uint32_t i, int size)
{
    ptx_function *f = c->f;
    const ptx_instr *in = &f->ins[i];
    const ptx_affine *a = &c->addr[i];
    if (a->st == PTX_AF_AFFINE && (a->symco & 1)) {
        ptx_add_finding(c->m, f, PTX_RULE_UNCOALESCED_GLOBAL, in->line, in->col,
                        "let consecutive threads access consecutive addresses (swap the index roles, or "
                        "stage through shared memory)",
                        "uncoalesced global access: consecutive threads are a run-time stride apart "
                        "(each thread touches its own memory segment)");
    } else if (a->st == PTX_AF_AFFINE && a->k[0]) {
        int64_t stride = a->k[0] < -(1 << 20) || a->k[0] > (1 << 20) ? (1 << 20) : a->k[0] < 0 ? -a->k[0] : a->k[0];
        int64_t needed = (32 * size + 31) / 32;
        int64_t span = stride >= size ? 32 * stride : 32 * size;
        int64_t touched = (span + 31) / 32;
        if (stride >= size && touched > 32 * ((size + 31) / 32))
            touched = 32 * ((size + 31) / 32);
        if (touched >= 2 * needed)
            ptx_add_finding(c->m, f, PTX_RULE_UNCOALESCED_GLOBAL, in->line, in->col,
                            "let consecutive threads access consecutive addresses",
                            "uncoalesced global access: consecutive threads are %lld bytes apart, so a warp "
                            "touches %lld 32-byte sectors for %lld sectors of data",
                            (long long)stride, (long long)touched, (long long)needed);
    }
}

/* A scalar global load followed closely, in its block, by one from the next address of the same base
 * register; true when reported. */
static bool check_vector_load(const ptx_ctx *c, uint32_t i, const ptx_operand *ad)
{
    ptx_function *f = c->f;
    const ptx_instr *in = &f->ins[i];
    for (uint32_t j = i + 1; j < c->bend[c->blk[i]] && j < i + 16; j++) {
        const ptx_instr *jn = &f->ins[j];
        const ptx_operand *jd = jn->kind == PTX_K_LD ? ptx_address_operand(c, jn) : NULL;
        if (jd && jn->vec == 1 && jn->space == in->space && jd->reg == ad->reg && jd->imm == ad->imm + in->tsize &&
            ad->imm % (2 * in->tsize) == 0 && jn->tsize == in->tsize) {
            ptx_add_finding(c->m, f, PTX_RULE_UNVECTORIZED_ACCESS, in->line, in->col,
                            "load adjacent elements with one ld.v2/ld.v4 when the address is aligned",
                            "adjacent scalar loads from [%.*s+%lld] and [%.*s+%lld] could be one vector "
                            "load",
                            (int)f->regs[ad->reg].len, f->regs[ad->reg].name, (long long)ad->imm,
                            (int)f->regs[ad->reg].len, f->regs[ad->reg].name, (long long)jd->imm);
            return true;
        }
    }
    return false;
}

void ptx_find_memory_patterns(ptx_ctx *c)
{
    ptx_function *f = c->f;
    bool bounds_reported = false, vector_reported = false;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &f->ins[i];
        if (in->kind != PTX_K_LD && in->kind != PTX_K_ST && in->kind != PTX_K_ATOM && in->kind != PTX_K_RED)
            continue;
        if (!c->reach[c->blk[i]])
            continue;
        const ptx_operand *ad = ptx_address_operand(c, in);
        if (!ad)
            continue;
        int size = (in->tsize ? in->tsize : 4) * in->vec;
        if (in->space == PTX_SP_SHARED) {
            check_shared_access(c, i, ad, size);
            continue;
        }
        if (in->space != PTX_SP_GLOBAL && in->space != PTX_SP_GENERIC)
            continue;
        check_coalescing(c, i, size);
        if (!bounds_reported && f->is_entry && ptx_af_has_tid(&c->addr[i]) && in->guard < 0 &&
            c->cd_branch[c->blk[i]] < 0) {
            bounds_reported = true;
            ptx_add_finding(c->m, f, PTX_RULE_MISSING_BOUNDS_CHECK, in->line, in->col,
                            "compare the thread's index with the size before the access (setp + @p bra)",
                            "global access indexed by the thread with no bounds check on any path");
        }
        if (!vector_reported && in->vec == 1 && in->kind == PTX_K_LD && ad->reg >= 0 && in->tsize >= 4)
            vector_reported = check_vector_load(c, i, ad);
    }
}

/* ---- local memory ---- */

/* LOCAL_MEMORY, modelled on what ptxas does with .local arrays: one accessed only at constant
 * offsets becomes registers; one written at constant offsets over its whole extent and read with a
 * dynamic index becomes registers plus selects when small; anything written at a dynamic index,
 * or too large, stays in memory. */
int64_t ptx_find_local_memory(ptx_ctx *c)
{
    ptx_function *f = c->f;
    if (f->local_bytes <= 0)
        return 0;
    int64_t size = f->local_bytes < (1 << 16) ? f->local_bytes : (1 << 16);
    bool *covered = ptx_xcalloc((size_t)size, sizeof *covered);
    int32_t dyn_store = -1, dyn_load = -1, first = -1;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &f->ins[i];
        if (in->space != PTX_SP_LOCAL || !c->reach[c->blk[i]] || (in->kind != PTX_K_LD && in->kind != PTX_K_ST))
            continue;
        if (first < 0)
            first = (int32_t)i;
        const ptx_affine *a = &c->addr[i];
        bool exact = a->st == PTX_AF_AFFINE && !a->uni && !a->symco && !ptx_af_has_tid(a);
        if (!exact) {
            if (in->kind == PTX_K_ST && dyn_store < 0)
                dyn_store = (int32_t)i;
            if (in->kind == PTX_K_LD && dyn_load < 0)
                dyn_load = (int32_t)i;
        } else if (in->kind == PTX_K_ST) {
            int64_t bytes = (int64_t)(in->tsize ? in->tsize : 4) * in->vec;
            for (int64_t k = a->c; k < a->c + bytes && k < size; k++)
                if (k >= 0)
                    covered[k] = true;
        }
    }
    bool full = true;
    for (int64_t k = 0; k < size && full; k++)
        full = covered[k];
    free(covered);
    if (first < 0)
        return 0;
    const char *why = NULL;
    int32_t at = first;
    if (dyn_store >= 0) {
        why = "written at a dynamic index";
        at = dyn_store;
    } else if (dyn_load >= 0 && (!full || f->local_bytes > PTX_LOCAL_SELECT_LIMIT)) {
        why = full ? "read at a dynamic index and too large to become registers"
                   : "read at a dynamic index but not fully written at constant offsets";
        at = dyn_load;
    } else if (f->local_bytes > PTX_LOCAL_REGISTER_LIMIT) {
        why = "too large to live in registers";
    }
    if (why)
        ptx_add_finding(c->m, f, PTX_RULE_LOCAL_MEMORY, f->ins[at].line, f->ins[at].col,
                        "index local arrays with constants (unrolled loops) so that they live in registers, or "
                        "move the data to shared memory",
                        "local memory: the %lld-byte stack array is %s, so it stays in memory",
                        (long long)f->local_bytes, why);
    return why ? 0 : f->local_bytes; /* promoted: the array lives in registers */
}
