/* Memory of one function: counts, generic addresses, shared races, bank conflicts, coalescing, .local arrays. */
#include "ptx_analysis.h"

#include <stdlib.h>
#include <string.h>

/* ptxas turns a .local array read at dynamic indices into registers and selects up to this size
 * (bytes; measured on ptx_corpus), when its dynamic reads are of 32-bit elements and, inside a loop,
 * only up to PTX_LOCAL_LOOP_SELECT_LIMIT (measured with ptxas 13.0: 8 floats read in a loop become
 * registers, 12 do not; 8-, 16- and 64-bit elements stay in memory from 2 elements on); and one
 * accessed at constant offsets up to about 255 registers. */
enum { PTX_LOCAL_SELECT_LIMIT = 256, PTX_LOCAL_LOOP_SELECT_LIMIT = 32, PTX_LOCAL_REGISTER_LIMIT = 1024 };
/* ... and as long as its dynamic reads times its elements stay at most this (measured: 1 read of 64
 * floats, 2 of 64, 4 of 32 and 16 of 4 become registers; 8 reads of 16 floats and 24 of 24 do not). */
enum { PTX_LOCAL_SELECTS_LIMIT = 128 };
/* A .local array written at a dynamic index, of 32-bit elements, outside loops, becomes registers too
 * (the store a predicated move into every element) when it has at most PTX_LOCAL_DYNAMIC_ACCESSES
 * dynamic accesses in all: measured with ptxas 13.0 (-maxrregcount 255) on arrays of 8, 16 and 64
 * ints written at constant offsets, then at 1, 2, 4 and 8 dynamic indices, then read at constant
 * offsets: 1 and 2 such stores become registers at every size, 4 and 8 only for 8 ints (and 7 stores
 * of an unrolled insertion sort into 8 floats, read between them, stay in memory, as do 8 floats
 * read, written and read again at dynamic indices); one such store inside a loop keeps 8 ints in
 * memory; one store and one read at dynamic indices: 16 ints become registers, 64 do not.
 * With stores alone (no dynamic read, and no read between two of them), more of them pass on small
 * arrays: the most stores is dynamic_store_limit's. Measured the same way on N floats, ints or
 * float2 (an element is what one store writes, 32-bit or a vector of them), with K stores: N = 4 up
 * to 32 stores and 6 up to 16 become registers; 8 up to 8 (10 stay); 10 up to 5; 12 up to 4 (5
 * stay); 16 up to 3 (4 stay); 32 and 64 up to 2 (3 stay); doubles and shorts stay from 2 elements
 * on. The limits move by a store or two with the code around (12 floats took 5 stores where their
 * loads were coalesced): the smaller figures are kept. */
enum { PTX_LOCAL_DYNAMIC_ACCESSES = 2, PTX_LOCAL_STORED_AND_READ_BYTES = 64 };
/* An access outside loops whose index is a count kept through a merge of constants (an unrolled
 * `if (...) c[n++] = v`: n is one of a few constants at each store) is one at a constant offset as
 * long as all such accesses together take at most PTX_LOCAL_CHOICE_SLOTS values (measured with ptxas
 * 13.0: 13 conditional appends to 13 floats, 1 + 2 + ... + 13 = 91 values, become registers; 14 to
 * 14, 105 values, do not). A merge of constant addresses alone (nvcc's unrolled insertion sort moves
 * each path's slot address into one register) is left dynamic: ptxas keeps such a sort of 8 floats
 * in memory when all 8 are read after it and makes it registers when one is. */
enum { PTX_LOCAL_CHOICE_SLOTS = 96 };
/* An array of at most PTX_LOCAL_SMALL_BYTES of 32-bit elements, stored and read at dynamic indices
 * with 32-bit accesses, becomes registers wherever the accesses are, in loops too (measured with ptxas
 * 13.0, -maxrregcount 255: counters c[bin]++ in a grid-stride loop, 4 to 7 of them become registers,
 * also with a dynamic read c[(bin + 2) % 6] or a scan for the largest beside the store; 8 stay in
 * memory or not with the code around them, 10 to 16 stay, as do 2 doubles). */
enum { PTX_LOCAL_SMALL_BYTES = 28 };

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
            if ((o->kind == PTX_O_SYM || o->kind == PTX_O_ADDR) && o->sym >= 0 && c->sym_stamp[o->sym] != c->stamp) {
                const ptx_symbol *sym = &c->syms[o->sym];
                c->sym_stamp[o->sym] = c->stamp;
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

/* Which registers hold a generic address into shared memory (from cvta.shared), or an address into
 * another block's shared memory (from mapa): such accesses are shared ones, not global ones. */
static uint8_t window_of(const ptx_ctx *c, const ptx_instr *in)
{
    if (in->kind == PTX_K_CVTA && !in->cvta_to && in->space == PTX_SP_SHARED)
        return PTX_WIN_SHARED;
    if (in->oplen == 4 && memcmp(in->op, "mapa", 4) == 0)
        return PTX_WIN_CLUSTER;
    if (in->kind != PTX_K_MOV && in->kind != PTX_K_ADD && in->kind != PTX_K_SUB && in->kind != PTX_K_CVT &&
        in->kind != PTX_K_CVTA && in->kind != PTX_K_ARITH)
        return PTX_WIN_NONE;
    uint8_t w = PTX_WIN_NONE;
    for (int j = 1; j < in->nopnd; j++)
        if (ptx_opnd(c, in, j)->kind == PTX_O_REG && c->window[ptx_opnd(c, in, j)->reg] > w)
            w = c->window[ptx_opnd(c, in, j)->reg];
    return w;
}

/* Per register: the first instruction that reads it, or c->n (scratch). */
static uint32_t *first_reads(const ptx_ctx *c)
{
    uint32_t *first = ptx_alloc_raw(c->scratch, (c->f->nregs + 1) * sizeof *first);
    for (uint32_t r = 0; r <= c->f->nregs; r++)
        first[r] = c->n;
    for (uint32_t i = c->n; i-- > 0;)
        for (uint32_t j = c->ndef[i]; j < c->ndef[i] + c->nuse[i]; j++)
            first[c->du[c->du_start[i] + j]] = i;
    return first;
}

/* Instruction i, defining register d: whether it makes d's window or genericity grow. */
static bool spread_generic(ptx_ctx *c, uint32_t i, int32_t d)
{
    const ptx_instr *in = &c->f->ins[i];
    bool changed = false;
    uint8_t w = window_of(c, in);
    if (w > c->window[d])
        c->window[d] = w, changed = true;
    if (c->generic[d] || c->f->regs[d].cls != PTX_RC_64)
        return changed;
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
    return changed;
}

/* Passes in program order, at most 8. A pass goes on from the first instruction that reads a
 * register the previous one changed after reading it (a loop); those before it read nothing new. */
void ptx_generic_addresses(ptx_ctx *c)
{
    c->generic = ptx_scratch(c, c->f->nregs + 1, sizeof *c->generic);
    c->window = ptx_scratch(c, c->f->nregs + 1, sizeof *c->window);
    uint32_t *first_read = first_reads(c);
    for (uint32_t round = 0, from = 0; round < 8 && from < c->n; round++) {
        uint32_t again = c->n;
        for (uint32_t i = from; i < c->n; i++) {
            const ptx_instr *in = &c->f->ins[i];
            if (c->ndef[i] != 1 || ptx_opnd(c, in, 0)->kind != PTX_O_REG)
                continue;
            int32_t d = ptx_opnd(c, in, 0)->reg;
            if (spread_generic(c, i, d) && first_read[d] <= i && first_read[d] < again)
                again = first_read[d];
        }
        from = again;
    }
}

/* ---- shared addresses, coalescing, bounds checks, vector loads ---- */

/* A shared access through a 64-bit register: a generic address is an error at each access; a
 * shared-window one (LLVM addresses all shared memory so) is counted, and reported once per
 * function (*first: the first such access). Bank conflicts: ptx_banks.c. */
static void check_shared_access(ptx_ctx *c, uint32_t i, const ptx_operand *ad, int64_t *first, uint32_t *count)
{
    ptx_function *f = c->f;
    const ptx_instr *in = &f->ins[i];
    if (ad->reg < 0 || f->regs[ad->reg].cls != PTX_RC_64)
        return;
    if (c->generic[ad->reg])
        ptx_add_finding(c->m, f, PTX_RULE_GENERIC_AS_SHARED, in->line, in->col,
                        "convert with cvta.to.shared (or use a generic ld/st) before the access",
                        "a generic address is used by %.*s.shared, which expects a shared-window "
                        "address",
                        (int)in->oplen, in->op);
    else if ((*count)++ == 0)
        *first = i;
}

static void report_shared_64bit(ptx_ctx *c, int64_t first, uint32_t count)
{
    ptx_function *f = c->f;
    const ptx_instr *in = &f->ins[first];
    const ptx_operand *ad = ptx_address_operand(c, in);
    char more[48] = "";
    if (count > 1)
        snprintf(more, sizeof more, " (and %u more access%s)", count - 1, count > 2 ? "es" : "");
    ptx_add_finding(c->m, f, PTX_RULE_SHARED_64BIT_ADDRESS, in->line, in->col,
                    "compute shared addresses in 32-bit registers",
                    "shared memory addressed through the 64-bit register %.*s%s", (int)f->regs[ad->reg].len,
                    f->regs[ad->reg].name, more);
}

/* The register an access's address starts from, following additions of constants (its single
 * definitions), with the constant in *off: -1 when the address has no register. */
static int32_t root_register(const ptx_ctx *c, uint32_t i, int64_t *off)
{
    const ptx_operand *ad = ptx_address_operand(c, &c->f->ins[i]);
    if (!ad || ad->reg < 0)
        return -1;
    int32_t r = ad->reg;
    *off = ad->imm;
    for (int depth = 0; depth < 8 && c->only_def[r] >= 0; depth++) {
        const ptx_instr *d = &c->f->ins[c->only_def[r]];
        if (d->kind != PTX_K_ADD || d->nopnd != 3 || ptx_opnd(c, d, 1)->kind != PTX_O_REG ||
            ptx_opnd(c, d, 2)->kind != PTX_O_IMM)
            break;
        *off += ptx_opnd(c, d, 2)->imm;
        r = ptx_opnd(c, d, 1)->reg;
    }
    return r;
}

/* The bytes each thread covers with access i and the accesses of its kind and size next to it in its
 * block at the adjacent offsets from the same register (a vector load or store the compiler split
 * into scalars: each lane's run of bytes is contiguous). */
static int contiguous_run(const ptx_ctx *c, uint32_t i, int size)
{
    const ptx_instr *in = &c->f->ins[i];
    int64_t off, o;
    int32_t root = root_register(c, i, &off);
    if (root < 0)
        return size;
    int64_t lo = off, hi = off + size;
    uint32_t b = c->blk[i], first = c->bstart[b] + 64 < i ? i - 64 : c->bstart[b];
    for (bool grown = true; grown && hi - lo < 128;) {
        grown = false;
        for (uint32_t j = first; j < c->bend[b] && j < i + 64; j++) {
            const ptx_instr *jn = &c->f->ins[j];
            if (j == i || jn->kind != in->kind || jn->space != in->space ||
                jn->tsize * jn->vec != in->tsize * in->vec || root_register(c, j, &o) != root ||
                (o != hi && o + size != lo))
                continue;
            lo = o < lo ? o : lo, hi = o == hi ? hi + size : hi, grown = true;
        }
    }
    return (int)(hi - lo);
}

/* An address that is no constant stride of tid.x, thread by thread (ptx_sectors.c). */
static void check_coalescing_threads(ptx_ctx *c, uint32_t i, int size, ptx_sector_memo **memo)
{
    const ptx_instr *in = &c->f->ins[i];
    ptx_sector_use use;
    if (!ptx_sectors_of_threads(c, i, contiguous_run(c, i, size), memo, &use) || use.touched < 2 * use.needed)
        return;
    ptx_add_finding(c->m, c->f, PTX_RULE_UNCOALESCED_GLOBAL, in->line, in->col,
                    "let consecutive lanes access consecutive addresses (or stage through shared memory)",
                    "uncoalesced global access: the %u lanes of warp %u making it touch %lld 32-byte sectors for "
                    "%lld sectors of data",
                    use.lanes, use.warp, (long long)use.touched, (long long)use.needed);
}

/* A global access: the 32-byte sectors a warp touches against those it needs. */
static void check_coalescing(ptx_ctx *c, uint32_t i, const ptx_operand *ad, int size, ptx_sector_memo **memo)
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
    } else if (a->st != PTX_AF_AFFINE && ad->reg >= 0 && c->variant[ad->reg]) {
        check_coalescing_threads(c, i, size, memo);
    }
}

/* Whether a thread-dependent branch decides, on every path to block b, whether the thread gets there:
 * a block that dominates b, ends in a branch on a thread-variant predicate, and is not post-dominated
 * by b (some threads leave it on a path that misses b). A check after the access in a loop (reached
 * only around the back edge) does not guard its first iteration. */
static bool checked_before(ptx_ctx *c, uint32_t b)
{
    uint32_t d = b;
    for (int depth = 0; depth < 64 && (d = ptx_idom(c, d)) != UINT32_MAX; depth++) {
        const ptx_instr *last = &c->f->ins[c->bend[d] - 1];
        if (c->sstart[d + 1] - c->sstart[d] < 2 || last->guard < 0 || !c->variant[last->guard])
            continue;
        uint32_t p = d;
        for (int up = 0; up < 256 && p != b && p != c->exitb; up++)
            p = c->ipdom[p];
        if (p != b)
            return true;
    }
    return false;
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

/* A thread-indexed global access (address form a) with no bounds check before it: true when reported. */
static bool check_bounds(ptx_ctx *c, uint32_t i, const ptx_affine *a)
{
    const ptx_instr *in = &c->f->ins[i];
    if (!c->f->is_entry || !ptx_af_has_tid(a) || in->guard >= 0 || checked_before(c, c->blk[i]))
        return false;
    ptx_add_finding(c->m, c->f, PTX_RULE_MISSING_BOUNDS_CHECK, in->line, in->col,
                    "compare the thread's index with the size before the access (setp + @p bra)",
                    "global access indexed by the thread with no bounds check on any path");
    return true;
}

/* The global source of cp.async (its second address; a copy that takes its source size from a
 * register can zero-fill past the end, a bounds check of its own): its form; false when none. */
static bool copy_source(ptx_ctx *c, uint32_t i, ptx_affine *a)
{
    const ptx_instr *in = &c->f->ins[i];
    if (ptx_sync_of(c)->kind[i] != PTX_SY_CP_ASYNC)
        return false;
    int addresses = 0;
    const ptx_operand *src = NULL;
    for (int j = 0; j < in->nopnd; j++) {
        const ptx_operand *o = ptx_opnd(c, in, j);
        if (o->kind == PTX_O_ADDR && ++addresses == 2)
            src = o;
        else if (addresses == 2 && o->kind == PTX_O_REG && c->f->regs[o->reg].cls != PTX_RC_PRED)
            return false; /* a run-time source size */
    }
    if (!src || src->reg < 0)
        return false;
    *a = c->form[src->reg];
    return a->st == PTX_AF_AFFINE;
}

void ptx_find_memory_patterns(ptx_ctx *c)
{
    ptx_function *f = c->f;
    bool bounds_reported = false, vector_reported = false;
    ptx_sector_memo *memo = NULL;
    int64_t wide_shared = -1; /* the first shared access through a 64-bit register, and how many */
    uint32_t wide_shared_count = 0;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &f->ins[i];
        if (!c->reach[c->blk[i]])
            continue;
        ptx_affine src;
        if (!bounds_reported && in->kind != PTX_K_LD && in->kind != PTX_K_ST && copy_source(c, i, &src))
            bounds_reported = check_bounds(c, i, &src);
        if (in->kind != PTX_K_LD && in->kind != PTX_K_ST && in->kind != PTX_K_ATOM && in->kind != PTX_K_RED)
            continue;
        const ptx_operand *ad = ptx_address_operand(c, in);
        if (!ad)
            continue;
        if (in->space == PTX_SP_SHARED) {
            check_shared_access(c, i, ad, &wide_shared, &wide_shared_count);
            continue;
        }
        /* generic addresses into shared memory (cvta.shared, mapa) are not global */
        if ((in->space != PTX_SP_GLOBAL && in->space != PTX_SP_GENERIC) ||
            (ad->reg >= 0 && c->window[ad->reg] != PTX_WIN_NONE))
            continue;
        check_coalescing(c, i, ad, (in->tsize ? in->tsize : 4) * in->vec, &memo);
        if (!bounds_reported)
            bounds_reported = check_bounds(c, i, &c->addr[i]);
        if (!vector_reported && in->vec == 1 && in->kind == PTX_K_LD && ad->reg >= 0 && in->tsize >= 4)
            vector_reported = check_vector_load(c, i, ad);
    }
    if (wide_shared_count > 0)
        report_shared_64bit(c, wide_shared, wide_shared_count);
}

/* ---- local memory ---- */

/* The first instruction that uses a generic address of the stack (the result of cvta.local, which
 * nvcc writes to pass a local struct or array by pointer), or -1: such an array stays in memory. A
 * generic address that only comes back to the local space (`cvta.to.local`, after adds and moves:
 * nvcc's round trip through a pointer that a device function, inlined, took) is no such use. */
static int32_t generic_stack_use(const ptx_ctx *c)
{
    const ptx_function *f = c->f;
    bool *generic = ptx_scratch(c, f->nregs, sizeof *generic);
    bool grew = false;
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &f->ins[i];
        if (in->kind == PTX_K_CVTA && c->ndef[i] == 1 && c->reach[c->blk[i]] && ptx_has_mod(f, in, ".local") &&
            !ptx_has_mod(f, in, ".to"))
            grew = generic[c->du[c->du_start[i]]] = true;
    }
    for (int round = 0; grew && round < 16; round++) { /* the registers that carry such an address */
        grew = false;
        for (uint32_t j = 0; j < c->n; j++) {
            const ptx_instr *in = &f->ins[j];
            if (!c->reach[c->blk[j]] || c->ndef[j] != 1 || generic[c->du[c->du_start[j]]] ||
                (in->kind != PTX_K_ADD && in->kind != PTX_K_SUB && in->kind != PTX_K_MOV))
                continue;
            for (uint32_t k = 1; k < (uint32_t)c->ndef[j] + c->nuse[j]; k++)
                if (generic[c->du[c->du_start[j] + k]])
                    grew = generic[c->du[c->du_start[j]]] = true;
        }
    }
    for (uint32_t j = 0; j < c->n; j++) {
        const ptx_instr *in = &f->ins[j];
        if (grew && in->kind == PTX_K_CVTA && generic[c->du[c->du_start[j]]])
            return (int32_t)j; /* chains longer than followed: taken to escape */
        bool carries = c->ndef[j] == 1 && generic[c->du[c->du_start[j]]];
        bool back_to_local = in->kind == PTX_K_CVTA && ptx_has_mod(f, in, ".to") && ptx_has_mod(f, in, ".local");
        if (!c->reach[c->blk[j]] || carries || back_to_local)
            continue;
        for (uint32_t k = c->ndef[j]; k < (uint32_t)c->ndef[j] + c->nuse[j]; k++)
            if (generic[c->du[c->du_start[j] + k]])
                return (int32_t)j;
    }
    return -1;
}

/* ---- addresses that take one of a few constant values ---- */

/* A register that holds one of a few constants where it is used: a merge of constants, or arithmetic
 * on one (a count of appended elements, `c[n++] = v`, unrolled, and the address made of it). */
enum { CHOICES_MAX = 64, CHOICES_DEPTH = 64 };
typedef struct choices {
    int32_t sym; /* the symbol every value is an offset from, -1 for plain numbers */
    int n;
    bool arith; /* arithmetic was done on several values, not only merges of single ones */
    int64_t v[CHOICES_MAX];
} choices;

/* What each definition gives, worked out once: chains of conditional increments reach every earlier
 * definition along many paths. */
typedef struct choice_memo {
    uint8_t *state; /* per instruction: CHOICE_* */
    choices **of;
} choice_memo;
enum { CHOICE_UNKNOWN, CHOICE_BUSY, CHOICE_KNOWN, CHOICE_NONE };

static bool exact_form(const ptx_affine *a)
{
    return a->st == PTX_AF_AFFINE && !a->uni && !a->symco && !ptx_af_has_tid(a);
}

static bool add_choice(choices *out, int32_t sym, int64_t v)
{
    if (out->n > 0 && out->sym != sym)
        return false;
    out->sym = sym;
    for (int k = 0; k < out->n; k++)
        if (out->v[k] == v)
            return true;
    if (out->n == CHOICES_MAX)
        return false;
    out->v[out->n++] = v;
    return true;
}

static bool choices_of(const ptx_ctx *c, choice_memo *memo, uint32_t at, int32_t r, int depth, choices *out);

static bool operand_choices(const ptx_ctx *c, choice_memo *memo, uint32_t at, const ptx_operand *o, int depth,
                            choices *out)
{
    out->n = 0;
    out->arith = false;
    if (o->kind == PTX_O_IMM)
        return add_choice(out, -1, o->imm);
    return o->kind == PTX_O_REG && choices_of(c, memo, at, o->reg, depth, out);
}

/* The values instruction d gives its destination: moves, conversions, sums, differences and products
 * or shifts by constants of operands that take few values. */
static bool def_choices_once(const ptx_ctx *c, choice_memo *memo, uint32_t d, int depth, choices *out)
{
    const ptx_instr *in = &c->f->ins[d];
    choices a, b;
    if ((in->kind == PTX_K_MOV || in->kind == PTX_K_CVT) && in->nopnd == 2)
        return operand_choices(c, memo, d, ptx_opnd(c, in, 1), depth, out);
    bool sum = in->kind == PTX_K_ADD || in->kind == PTX_K_SUB;
    bool scale = in->kind == PTX_K_MUL || in->kind == PTX_K_SHL;
    if ((!sum && !scale) || in->nopnd != 3 || !operand_choices(c, memo, d, ptx_opnd(c, in, 1), depth, &a) ||
        !operand_choices(c, memo, d, ptx_opnd(c, in, 2), depth, &b))
        return false;
    if (scale && (ptx_opnd(c, in, 2)->kind != PTX_O_IMM || a.sym != -1 || ptx_has_mod(c->f, in, ".hi")))
        return false;
    if (sum && b.sym != -1 && (a.sym != -1 || in->kind == PTX_K_SUB))
        return false;
    out->n = 0;
    out->arith = a.arith || b.arith || a.n > 1 || b.n > 1;
    for (int i = 0; i < a.n; i++)
        for (int j = 0; j < b.n; j++) {
            int64_t x = a.v[i], y = b.v[j], v;
            if (in->kind == PTX_K_ADD)
                v = x + y;
            else if (in->kind == PTX_K_SUB)
                v = x - y;
            else if (in->kind == PTX_K_MUL)
                v = x * y;
            else
                v = y >= 0 && y < 32 ? x * ((int64_t)1 << y) : 0;
            if (!add_choice(out, a.sym != -1 ? a.sym : b.sym, v))
                return false;
        }
    return true;
}

static bool def_choices(const ptx_ctx *c, choice_memo *memo, uint32_t d, int depth, choices *out)
{
    if (memo->state[d] == CHOICE_KNOWN) {
        *out = *memo->of[d];
        return true;
    }
    if (memo->state[d] != CHOICE_UNKNOWN || depth <= 0)
        return false; /* a cycle (a loop's counter), or known to take too many values */
    memo->state[d] = CHOICE_BUSY;
    bool ok = def_choices_once(c, memo, d, depth, out);
    memo->state[d] = ok ? CHOICE_KNOWN : CHOICE_NONE;
    if (ok) {
        memo->of[d] = ptx_scratch(c, 1, sizeof *out);
        *memo->of[d] = *out;
    }
    return ok;
}

/* The values register r may hold at instruction at: from its form when that is one constant, else
 * from every definition that reaches at. */
static bool choices_of(const ptx_ctx *c, choice_memo *memo, uint32_t at, int32_t r, int depth, choices *out)
{
    const ptx_affine *g = &c->form[r];
    out->n = 0;
    out->arith = false;
    if (exact_form(g))
        return add_choice(out, g->sym, g->c);
    int32_t defs[CHOICES_MAX];
    int nd = depth > 0 ? ptx_reaching_defs(c, at, r, defs, CHOICES_MAX) : -1;
    for (int k = 0; k < nd; k++) {
        choices one;
        if (!def_choices(c, memo, (uint32_t)defs[k], depth - 1, &one))
            return false;
        out->arith |= one.arith;
        for (int j = 0; j < one.n; j++)
            if (!add_choice(out, one.sym, one.v[j]))
                return false;
    }
    return nd > 0;
}

/* LOCAL_MEMORY, modelled on what ptxas does with .local arrays: one accessed only at constant
 * offsets becomes registers; one written at constant offsets over its whole extent and read with a
 * dynamic index becomes registers plus selects when small (see PTX_LOCAL_SELECT_LIMIT); one written
 * at a dynamic index only by a store or two outside loops does too (PTX_LOCAL_DYNAMIC_ACCESSES);
 * anything else written at a dynamic index, passed on by address, or too large (also: too large to
 * fit, with the function's other values, under its register cap: the register model's need and
 * cap, ptx_registers.c), stays in memory. */
/* What the accesses to a function's stack array tell (survey_local). */
typedef struct local_survey {
    int32_t dyn_store, dyn_load, first;  /* the first store and load at a dynamic index, the first access */
    bool narrow_or_wide, in_loop;        /* of the dynamic reads: an element not of 32 bits, in a loop */
    bool stores_stay;                    /* a dynamic store in a loop, or not of 32-bit elements alike */
    bool words_only;                     /* every dynamic store one 32-bit element */
    int64_t store_bytes;                 /* what each dynamic store writes */
    bool read_after_store, read_between; /* a read since the first dynamic store; before a later one */
    bool store_in_loop;                  /* a dynamic store in a loop (one that reads the whole array,
                                            else stores_stay) */
    bool exact_reads;                    /* a read at a constant offset: the elements live in registers */
    bool full;                           /* every byte written at a constant offset */
    int64_t dyn_reads, dyn_stores;
} local_survey;

/* Accesses outside loops at one of a few constant offsets, counted through a merge of constants (see
 * PTX_LOCAL_CHOICE_SLOTS): chosen[i] for each, and the slots of them all. */
static int64_t mark_choices(ptx_ctx *c, bool *chosen)
{
    int64_t choice_slots = 0;
    choice_memo memo = {ptx_scratch(c, c->n, 1), ptx_scratch(c, c->n, sizeof(choices *))};
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &c->f->ins[i];
        const ptx_operand *ad = ptx_address_operand(c, in);
        choices ch;
        if (in->space != PTX_SP_LOCAL || !c->reach[c->blk[i]] || (in->kind != PTX_K_LD && in->kind != PTX_K_ST) ||
            exact_form(&c->addr[i]) || ptx_sync_of(c)->cyclic[c->blk[i]] || !ad || ad->reg < 0 ||
            !choices_of(c, &memo, i, ad->reg, CHOICES_DEPTH, &ch) || ch.sym < 0)
            continue;
        chosen[i] = ch.arith;
        choice_slots += ch.arith ? ch.n : 0;
    }
    return choice_slots;
}

/* Whether loop (-1: none) reads the whole stack array, of size bytes, at constant offsets (memo:
 * the answers so far, per loop). ptxas keeps an array stored at a dynamic index in a loop in
 * registers when the same loop reads all of it, each store a predicated move into every element
 * (measured with ptxas 13.0, -maxrregcount 255, on 16, 32 and 64 ints stored once an iteration and
 * all read in it; read after the loop instead, the array stays in memory, and reading half of 64
 * ints in the loop does not do either). */
static bool read_whole_in_loop(ptx_ctx *c, int32_t loop, uint8_t *memo, int64_t size)
{
    enum { UNKNOWN, WHOLE, PART };
    if (loop < 0 || size > PTX_LOCAL_SELECT_LIMIT)
        return false;
    if (memo[loop] != UNKNOWN)
        return memo[loop] == WHOLE;
    bool covered[PTX_LOCAL_SELECT_LIMIT] = {false};
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &c->f->ins[i];
        const ptx_affine *a = &c->addr[i];
        if (in->space != PTX_SP_LOCAL || in->kind != PTX_K_LD || !exact_form(a) ||
            !ptx_in_loop(ptx_sync_of(c), loop, c->blk[i]))
            continue;
        int64_t bytes = (int64_t)(in->tsize ? in->tsize : 4) * in->vec;
        for (int64_t k = a->c; k < a->c + bytes && k < size; k++)
            if (k >= 0)
                covered[k] = true;
    }
    memo[loop] = PART;
    for (int64_t k = 0; k < size; k++)
        if (!covered[k])
            return false;
    memo[loop] = WHOLE;
    return true;
}

static void survey_local(ptx_ctx *c, local_survey *sv)
{
    const ptx_function *f = c->f;
    int64_t size = f->local_bytes < (1 << 16) ? f->local_bytes : (1 << 16);
    bool *covered = ptx_xcalloc((size_t)size, sizeof *covered), *chosen = ptx_scratch(c, c->n, sizeof *chosen);
    int64_t choice_slots = mark_choices(c, chosen);
    *sv = (local_survey){.dyn_store = -1, .dyn_load = -1, .first = -1, .words_only = true};
    uint8_t *read_whole = ptx_scratch(c, ptx_sync_of(c)->nloops, 1);
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &f->ins[i];
        if (in->space != PTX_SP_LOCAL || !c->reach[c->blk[i]] || (in->kind != PTX_K_LD && in->kind != PTX_K_ST))
            continue;
        sv->first = sv->first < 0 ? (int32_t)i : sv->first;
        const ptx_affine *a = &c->addr[i];
        bool cyclic = ptx_sync_of(c)->cyclic[c->blk[i]];
        sv->read_after_store |= in->kind == PTX_K_LD && sv->dyn_store >= 0;
        if (chosen[i] && choice_slots <= PTX_LOCAL_CHOICE_SLOTS) {
            sv->exact_reads |= in->kind == PTX_K_LD; /* one of a few elements, which live in registers */
        } else if (!exact_form(a) && in->kind == PTX_K_ST) {
            sv->dyn_store = sv->dyn_store < 0 ? (int32_t)i : sv->dyn_store;
            sv->dyn_stores++;
            sv->read_between |= sv->read_after_store;
            int64_t bytes = 4 * (int64_t)in->vec;
            sv->stores_stay |= in->tsize != 4 || (sv->store_bytes && sv->store_bytes != bytes);
            sv->words_only &= in->tsize == 4 && in->vec == 1;
            sv->stores_stay |= cyclic && !read_whole_in_loop(c, ptx_sync_of(c)->inner[c->blk[i]], read_whole, size);
            sv->store_in_loop |= cyclic;
            sv->store_bytes = bytes;
        } else if (!exact_form(a)) {
            sv->dyn_load = sv->dyn_load < 0 ? (int32_t)i : sv->dyn_load;
            sv->dyn_reads++;
            sv->narrow_or_wide |= in->tsize != 4 || in->vec != 1;
            sv->in_loop |= cyclic;
        } else if (in->kind == PTX_K_LD) {
            sv->exact_reads = true;
        } else {
            int64_t bytes = (int64_t)(in->tsize ? in->tsize : 4) * in->vec;
            for (int64_t k = a->c; k < a->c + bytes && k < size; k++)
                if (k >= 0)
                    covered[k] = true;
        }
    }
    sv->full = true;
    for (int64_t k = 0; k < size && sv->full; k++)
        sv->full = covered[k];
    sv->stores_stay |= sv->store_in_loop && sv->dyn_reads;
    free(covered);
}

/* The most stores at dynamic indices, outside loops and with no dynamic read, that leave an array
 * of n elements in registers (see PTX_LOCAL_DYNAMIC_ACCESSES). */
static int64_t dynamic_store_limit(int64_t n)
{
    if (n <= 6)
        return 32;
    int64_t k = 64 / n - (n > 8);
    return k > PTX_LOCAL_DYNAMIC_ACCESSES ? k : PTX_LOCAL_DYNAMIC_ACCESSES;
}

/* Whether the array's dynamic stores keep it in memory. */
static bool stores_keep_in_memory(const ptx_function *f, const local_survey *sv)
{
    if (f->local_bytes <= PTX_LOCAL_SMALL_BYTES && sv->words_only && !sv->narrow_or_wide)
        return false;
    if (sv->stores_stay || (sv->dyn_reads && f->local_bytes > PTX_LOCAL_STORED_AND_READ_BYTES))
        return true;
    if (sv->dyn_reads || sv->read_between)
        return sv->dyn_stores + sv->dyn_reads > PTX_LOCAL_DYNAMIC_ACCESSES;
    return sv->dyn_stores > dynamic_store_limit(f->local_bytes / sv->store_bytes);
}

/* Why the stack array stays in memory (NULL: it becomes registers), and the access to name (*at). */
static const char *why_in_memory(ptx_ctx *c, const local_survey *sv, int32_t escape, int32_t *at)
{
    const ptx_function *f = c->f;
    *at = sv->first;
    if (escape >= 0) {
        *at = escape;
        return "passed on as a generic pointer (to a call, or stored)";
    }
    if (sv->dyn_store >= 0 && stores_keep_in_memory(f, sv)) {
        *at = sv->dyn_store;
        return "written at a dynamic index";
    }
    if (sv->dyn_load >= 0 &&
        (!sv->full || sv->narrow_or_wide || sv->dyn_reads * (f->local_bytes / 4) > PTX_LOCAL_SELECTS_LIMIT ||
         f->local_bytes > (sv->in_loop ? PTX_LOCAL_LOOP_SELECT_LIMIT : PTX_LOCAL_SELECT_LIMIT))) {
        *at = sv->dyn_load;
        return !sv->full            ? "read at a dynamic index but not fully written at constant offsets"
               : sv->narrow_or_wide ? "read at a dynamic index in elements other than 32-bit ones"
               : sv->in_loop        ? "read at a dynamic index in a loop and too large to become registers"
                                    : "read at dynamic indices and too large to become registers";
    }
    if (f->local_bytes > PTX_LOCAL_REGISTER_LIMIT)
        return "too large to live in registers";
    if (!ptx_fits_registers(c, f->local_bytes))
        return "too large to live in registers under the register cap";
    return NULL;
}

int64_t ptx_find_local_memory(ptx_ctx *c)
{
    ptx_function *f = c->f;
    if (f->local_bytes <= 0)
        return 0;
    local_survey sv;
    survey_local(c, &sv);
    int32_t escape = generic_stack_use(c), at;
    if (sv.first < 0 && escape < 0)
        return 0;
    const char *why = why_in_memory(c, &sv, escape, &at);
    f->local_in_memory = why ? f->local_bytes : 0;
    if (why) {
        ptx_add_finding(c->m, f, PTX_RULE_LOCAL_MEMORY, f->ins[at].line, f->ins[at].col,
                        "index local arrays with constants (unrolled loops) so that they live in registers, or "
                        "move the data to shared memory",
                        "local memory: the %lld-byte stack array is %s, so it stays in memory",
                        (long long)f->local_bytes, why);
        return 0;
    }
    /* promoted: the array lives in registers; read only at dynamic indices outside loops, its values are
     * taken by selects there (of constants, usually), and only what they select stays live */
    bool only_selects = !sv.exact_reads && !sv.in_loop && sv.dyn_reads > 0;
    return only_selects ? 4 * sv.dyn_reads : f->local_bytes;
}
