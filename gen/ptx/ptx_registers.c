/* Registers of one function: liveness, the register estimate, reads before writes, and their rules. */
#include "ptx_analysis.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

/* Registers ptxas spends beyond the PTX values the model counts (the stack pointer R1 and the like;
 * fitted on the tuning split). */
enum { PTX_REG_OVERHEAD = 6 };

/* Spill prediction: the registers a function needs above its cap by more than this. */
enum { PTX_SPILL_SLACK = 4 };

/* HIGH_REGISTER_PRESSURE: registers alone keep the SM below this share of its warps (on 64 K-register
 * SMs of 2048 threads: more than 64 registers per thread). */
#define PTX_PRESSURE_OCCUPANCY 0.5

/* Values rematerialised from one register: at most this many instructions deep. */
enum { PTX_REMAT_DEPTH = 3 };

/* ---- what each PTX register costs in SASS ---- */

/* ptxas keeps warp-uniform integer values (parameters, constants, %ctaid, %ntid and what is computed
 * from them alone) in uniform registers or the constant bank, outside the per-thread count, and
 * recomputes cheap values from the one register they derive from (x + constant, an address
 * param + x * size, a copy) where they are used rather than keeping them live. A register's uses
 * therefore stand for its base's: itself, or the register it derives from; uniform ones cost nothing. */
typedef struct reg_model {
    int32_t *base;   /* per register: the register its uses stand for, -1 when uniform */
    uint8_t *depth;  /* per register: instructions from its base */
    int32_t *anchor; /* per derived register: the instruction that first derived it from base */
    bool squeezed;   /* under pressure: any cheap computation from one register is recomputed */
} reg_model;

static int reg_weight(uint8_t cls)
{
    static const int weights[] = {0, 1, 1, 2, 4}; /* ORDER ptx_reg_class */
    return weights[cls];
}

/* State spaces addressed in 32 bits in SASS: shared memory's window, and a constant bank's offset. */
static bool narrow_space(int space)
{
    return space == PTX_SP_SHARED || space == PTX_SP_CONST;
}

/* Whether instruction i reads x only as the address of a shared access, or into an integer step
 * whose result is itself a narrow address (narrow: the registers still taken as such). */
static bool narrow_use(const ptx_ctx *c, uint32_t i, int32_t x, const bool *narrow)
{
    const ptx_instr *in = &c->f->ins[i];
    if ((in->kind == PTX_K_LD || in->kind == PTX_K_ST || in->kind == PTX_K_ATOM || in->kind == PTX_K_RED) &&
        narrow_space(in->space)) {
        const ptx_operand *ad = ptx_address_operand(c, in);
        if (!ad || ad->reg != x)
            return false;
        for (int j = 0; j < in->nopnd; j++) /* and not as data too */
            if (ptx_opnd(c, in, j) != ad && ptx_opnd(c, in, j)->kind == PTX_O_REG && ptx_opnd(c, in, j)->reg == x)
                return false;
        return true;
    }
    bool step = in->kind == PTX_K_MOV || in->kind == PTX_K_ADD || in->kind == PTX_K_SUB || in->kind == PTX_K_SHL ||
                in->kind == PTX_K_MUL || in->kind == PTX_K_MAD;
    const ptx_operand *d = ptx_opnd(c, in, 0);
    return step && c->ndef[i] == 1 && d->kind == PTX_O_REG && narrow[d->reg];
}

/* The type modifier from_end places before the last of instruction in (a cvt names its destination's
 * type, then its source's: 1 and 0). */
static const ptx_token *type_mod(const ptx_function *f, const ptx_instr *in, uint32_t from_end)
{
    return in->nmods > from_end ? &f->mods[in->mods + in->nmods - 1 - from_end] : NULL;
}

static bool token_is(const ptx_token *t, const char *s)
{
    return t && t->n == strlen(s) && memcmp(t->p, s, t->n) == 0;
}

/* Operand j of instruction in: an immediate between lo and hi. */
static bool imm_within(const ptx_ctx *c, const ptx_instr *in, int j, int64_t lo, int64_t hi)
{
    const ptx_operand *o = j < in->nopnd ? ptx_opnd(c, in, j) : NULL;
    return o && o->kind == PTX_O_IMM && o->imm >= lo && o->imm <= hi;
}

/* Whether instruction i's 64-bit result has a zero high half: a zero extension of an unsigned
 * value of 32 bits or fewer, a mask of the low 32 bits, a right shift by 32 or more. */
static bool zero_high_def(const ptx_ctx *c, uint32_t i)
{
    const ptx_instr *in = &c->f->ins[i];
    if (in->kind == PTX_K_CVT) {
        const ptx_token *to = type_mod(c->f, in, 1), *from = type_mod(c->f, in, 0);
        return (token_is(to, ".u64") || token_is(to, ".s64")) &&
               (token_is(from, ".u32") || token_is(from, ".u16") || token_is(from, ".u8"));
    }
    if (in->tsize != 8 || in->is_float)
        return false;
    if (ptx_op_is(in, "and"))
        return imm_within(c, in, 1, 0, 0xffffffffll) || imm_within(c, in, 2, 0, 0xffffffffll);
    return ptx_op_is(in, "shr") && !ptx_has_mod(c->f, in, ".s64") && imm_within(c, in, 2, 32, 63);
}

/* Whether instruction i reads only one 32-bit half of its 64-bit operand x: a conversion to 32 bits
 * or fewer, a mask of the low half (the low half), a shift right by 32 or more (the high half), or
 * an unpacking move into two 32-bit registers (each half to its own). */
static bool half_read(const ptx_ctx *c, uint32_t i, int32_t x)
{
    const ptx_instr *in = &c->f->ins[i];
    if (in->nopnd < 2 || ptx_opnd(c, in, 1)->kind != PTX_O_REG || ptx_opnd(c, in, 1)->reg != x)
        return false;
    if (in->kind == PTX_K_MOV)
        return ptx_opnd(c, in, 0)->kind == PTX_O_VEC;
    if (in->kind == PTX_K_CVT) {
        const ptx_token *to = type_mod(c->f, in, 1);
        return token_is(to, ".u32") || token_is(to, ".s32") || token_is(to, ".u16") || token_is(to, ".s16") ||
               token_is(to, ".u8") || token_is(to, ".s8");
    }
    if (in->tsize != 8 || in->is_float || in->nopnd != 3)
        return false;
    return (ptx_op_is(in, "and") && imm_within(c, in, 2, 0, 0xffffffffll)) ||
           (ptx_op_is(in, "shr") && imm_within(c, in, 2, 32, 63));
}

/* 64-bit integer values ptxas keeps in one 32-bit register: SASS computes 64-bit integers as pairs
 * of 32-bit halves, and a half that is known zero (RZ) or never read again takes none. So a 64-bit
 * register every definition of which zeroes the high half, or every read of which takes one half
 * only (carry chains: the high half read at once, the low half kept), takes one. */
static void half_weights(ptx_ctx *c)
{
    const ptx_function *f = c->f;
    bool *zero_high = ptx_scratch(c, f->nregs + 1, sizeof *zero_high), *halves = ptx_scratch(c, f->nregs + 1, 1);
    for (uint32_t r = 0; r < f->nregs; r++)
        zero_high[r] = halves[r] = f->regs[r].cls == PTX_RC_64;
    for (uint32_t i = 0; i < c->n; i++) {
        const int32_t *r = c->du + c->du_start[i];
        for (uint32_t j = 0; j < c->ndef[i]; j++)
            if (r[j] >= 0 && zero_high[r[j]] && !zero_high_def(c, i))
                zero_high[r[j]] = false;
        for (uint32_t j = ptx_first_read(c, i); j < (uint32_t)c->ndef[i] + c->nuse[i]; j++)
            if (r[j] >= 0 && halves[r[j]] && !half_read(c, i, r[j]))
                halves[r[j]] = false;
    }
    for (uint32_t r = 0; r < f->nregs; r++)
        if (zero_high[r] || halves[r])
            c->weight[r] = 1;
}

/* The 32-bit registers each register's value takes: by its class, but a 64-bit register that only
 * ever addresses shared memory (LLVM keeps shared pointers in 64 bits) takes one, since the shared
 * window is 32-bit and ptxas computes such addresses in 32 bits; so do 64-bit integers of which
 * one half is all that counts (half_weights). */
static void register_weights(ptx_ctx *c)
{
    const ptx_function *f = c->f;
    c->weight = ptx_scratch(c, f->nregs + 1, 1);
    for (uint32_t r = 0; r < f->nregs; r++)
        c->weight[r] = (uint8_t)reg_weight(f->regs[r].cls);
    half_weights(c);
    bool any = false; /* a shared access through a 64-bit register: else nothing to narrow (nvcc's PTX) */
    for (uint32_t i = 0; i < c->n && !any; i++) {
        const ptx_instr *in = &f->ins[i];
        const ptx_operand *ad = narrow_space(in->space) ? ptx_address_operand(c, in) : NULL;
        any = ad && ad->reg >= 0 && f->regs[ad->reg].cls == PTX_RC_64;
    }
    if (!any)
        return;
    bool *narrow = ptx_scratch(c, f->nregs + 1, sizeof *narrow);
    for (uint32_t r = 0; r < f->nregs; r++)
        narrow[r] = f->regs[r].cls == PTX_RC_64;
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t i = 0; i < c->n; i++) {
            const int32_t *r = c->du + c->du_start[i];
            for (uint32_t j = ptx_first_read(c, i); j < (uint32_t)c->ndef[i] + c->nuse[i]; j++)
                if (r[j] >= 0 && narrow[r[j]] && !narrow_use(c, i, r[j], narrow))
                    narrow[r[j]] = false, changed = true;
        }
    }
    /* Of those, the ones that lead to a shared access (not a value never read). */
    bool *leads = ptx_scratch(c, f->nregs + 1, sizeof *leads);
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t i = 0; i < c->n; i++) {
            const int32_t *r = c->du + c->du_start[i];
            const ptx_operand *d = ptx_opnd(c, &f->ins[i], 0);
            bool onward = c->ndef[i] == 0 || (d->kind == PTX_O_REG && leads[d->reg]);
            for (uint32_t j = ptx_first_read(c, i); j < (uint32_t)c->ndef[i] + c->nuse[i]; j++)
                if (r[j] >= 0 && narrow[r[j]] && !leads[r[j]] && onward)
                    leads[r[j]] = changed = true;
        }
    }
    for (uint32_t r = 0; r < f->nregs; r++)
        if (leads[r])
            c->weight[r] = 1;
}

static bool uniform_source(const ptx_operand *o)
{
    int base = o->reg / 4;
    return o->kind == PTX_O_IMM || o->kind == PTX_O_FIMM || o->kind == PTX_O_SYM ||
           (o->kind == PTX_O_SREG && (base == PTX_SR_NTID || base == PTX_SR_CTAID || base == PTX_SR_NCTAID ||
                                      base == PTX_SR_OTHER_UNIFORM || base == PTX_SR_CLUSTER_RANK));
}

/* Integer ALU instructions the uniform datapath runs and that ptxas recomputes freely. */
static bool cheap_integer_op(const ptx_instr *in)
{
    switch (in->kind) {
    case PTX_K_MOV:
    case PTX_K_ADD:
    case PTX_K_SUB:
    case PTX_K_MUL:
    case PTX_K_MAD:
    case PTX_K_SHL:
    case PTX_K_CVT:
    case PTX_K_CVTA:
    case PTX_K_SELP:
    case PTX_K_NEG:
    case PTX_K_SETP:
        return !in->is_float;
    case PTX_K_ARITH:
        return !in->is_float && (in->oplen < 3 || (memcmp(in->op, "mma", 3) != 0 && memcmp(in->op, "wmm", 3) != 0 &&
                                                   memcmp(in->op, "mov", 3) != 0 && memcmp(in->op, "div", 3) != 0 &&
                                                   memcmp(in->op, "rem", 3) != 0));
    default:
        return false;
    }
}

/* Whether instruction in loads one of the function's own parameters, declared in its header (a
 * call's return value is declared in the body, and changes from call to call). */
static bool loads_own_parameter(const ptx_ctx *c, const ptx_instr *in)
{
    if (in->kind != PTX_K_LD || in->space != PTX_SP_PARAM)
        return false;
    const ptx_operand *a = ptx_address_operand(c, in);
    return !a || a->sym < 0 || !c->f->nins || c->syms[a->sym].line < c->f->ins[0].line;
}

/* A kernel's parameters sit in the constant bank; a function's come in registers, per thread. */
static bool loads_kernel_parameter(const ptx_ctx *c, const ptx_instr *in)
{
    return c->f->is_entry && loads_own_parameter(c, in);
}

/* Register r, defined only by instruction i (operands defined before it are classified): uniform
 * (base -1), derived from one register, or its own. */
static void classify_register(const ptx_ctx *c, reg_model *rm, uint32_t i, int32_t r)
{
    const ptx_instr *in = &c->f->ins[i];
    bool constant = loads_kernel_parameter(c, in) || (in->kind == PTX_K_LD && in->space == PTX_SP_CONST);
    if (in->kind == PTX_K_MOV && in->nopnd == 2 && uniform_source(ptx_opnd(c, in, 1))) {
        rm->base[r] = -1; /* a constant of any type: an immediate operand or the constant bank in SASS */
        return;
    }
    if (!constant && !cheap_integer_op(in))
        return;
    int32_t from = -1, anchor = (int32_t)i;
    int depth = 0, uniform_regs = 0;
    for (int j = 1; j < in->nopnd; j++) {
        const ptx_operand *o = ptx_opnd(c, in, j);
        int32_t x = o->kind == PTX_O_REG || (o->kind == PTX_O_ADDR && o->reg >= 0) ? o->reg : -1;
        if (o->kind == PTX_O_VEC || o->kind == PTX_O_LIST || (x < 0 && o->kind != PTX_O_ADDR && !uniform_source(o)))
            return;
        uniform_regs += x >= 0 && rm->base[x] < 0;
        if (x < 0 || rm->base[x] < 0)
            continue;
        if (constant || (from >= 0 && rm->base[x] != from) || c->f->regs[x].cls == PTX_RC_PRED)
            return; /* a constant load at a per-thread address, two registers, or a predicate */
        from = rm->base[x];
        if (rm->depth[x] > depth)
            depth = rm->depth[x];
        if (rm->depth[x] && rm->anchor[x] < anchor)
            anchor = rm->anchor[x];
    }
    bool offset = (in->kind == PTX_K_MOV || in->kind == PTX_K_CVTA || in->kind == PTX_K_ADD || in->kind == PTX_K_SUB) &&
                  c->f->regs[r].cls == c->f->regs[from < 0 ? r : from].cls && uniform_regs == 0;
    if (from < 0) {
        rm->base[r] = -1;
    } else if (depth < PTX_REMAT_DEPTH && (offset || rm->squeezed)) {
        rm->base[r] = from;
        rm->depth[r] = (uint8_t)(depth + 1);
        rm->anchor[r] = anchor;
    }
}

/* A derived register whose base is redefined between the derivation and a use is its own. */
static void check_derived_uses(const ptx_ctx *c, reg_model *rm)
{
    const ptx_function *f = c->f;
    int32_t *last_def = ptx_scratch(c, f->nregs + 1, sizeof *last_def); /* instruction + 1 */
    for (uint32_t b = 0; b < c->nb; b++)
        for (uint32_t i = c->bstart[b]; i < c->bend[b]; i++) {
            const int32_t *d = c->du + c->du_start[i];
            for (uint32_t j = c->ndef[i]; j < (uint32_t)c->ndef[i] + c->nuse[i]; j++) {
                int32_t x = d[j], base = rm->base[x];
                if (base < 0 || base == x || c->only_def[base] >= 0)
                    continue;
                int32_t a = rm->anchor[x];
                if (c->blk[a] != b || a >= (int32_t)i || last_def[base] > a + 1) {
                    rm->base[x] = x;
                    rm->depth[x] = 0;
                }
            }
            for (uint32_t j = 0; j < c->ndef[i]; j++)
                last_def[d[j]] = (int32_t)i + 1;
        }
}

static reg_model classify_registers(const ptx_ctx *c, bool squeezed)
{
    const ptx_function *f = c->f;
    reg_model rm = {ptx_scratch(c, f->nregs + 1, sizeof *rm.base), ptx_scratch(c, f->nregs + 1, 1),
                    ptx_scratch(c, f->nregs + 1, sizeof *rm.anchor), squeezed};
    for (uint32_t r = 0; r <= f->nregs; r++) {
        rm.base[r] = (int32_t)r;
        rm.anchor[r] = -1;
    }
    bool unstable = false; /* some register derives from one defined more than once */
    for (uint32_t i = 0; i < c->n; i++) {
        int32_t r = c->ndef[i] == 1 ? c->du[c->du_start[i]] : -1;
        if (r >= 0 && c->only_def[r] == (int32_t)i && ptx_opnd(c, &f->ins[i], 0)->kind == PTX_O_REG &&
            f->regs[r].cls != PTX_RC_PRED) {
            classify_register(c, &rm, i, r);
            unstable |= rm.base[r] >= 0 && rm.base[r] != r && c->only_def[rm.base[r]] < 0;
        }
    }
    if (unstable)
        check_derived_uses(c, &rm);
    return rm;
}

/* ---- liveness of the registers that cost something ---- */

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

static void set_bit(uint64_t *set, uint32_t x)
{
    set[x / 64] |= 1ull << (x % 64);
}

/* The register a use of x keeps live, or -1 for a uniform value. Predicates are tracked, but live
 * in a file of their own. */
static int32_t kept(const reg_model *rm, int32_t x)
{
    return rm->base[x];
}

/* A register defined by an instruction keeps a register of its own (derived ones are recomputed). */
static bool own_def(const reg_model *rm, int32_t r)
{
    return rm->base[r] == r;
}

static void block_uses_and_defs(const ptx_ctx *c, const reg_model *rm, live_sets *s)
{
    const ptx_function *f = c->f;
    for (uint32_t b = 0; b < c->nb; b++) {
        uint64_t *u = s->use + (size_t)b * s->words, *d = s->def + (size_t)b * s->words;
        for (uint32_t i = c->bstart[b]; i < c->bend[b]; i++) {
            const int32_t *r = c->du + c->du_start[i];
            for (uint32_t j = ptx_first_read(c, i); j < (uint32_t)c->ndef[i] + c->nuse[i]; j++) {
                int32_t x = kept(rm, r[j]);
                if (x >= 0 && !has_bit(d, (uint32_t)x))
                    set_bit(u, (uint32_t)x);
            }
            if (f->ins[i].guard < 0)
                for (uint32_t j = 0; j < c->ndef[i]; j++)
                    if (own_def(rm, r[j]))
                        set_bit(d, (uint32_t)r[j]);
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

/* ---- loads ptxas hoists out of loops ---- */

/* A load ptxas may hoist: non-coherent global (ld.global.nc, memory no thread writes while the kernel
 * runs, so no store, barrier or call in the loop holds it), unguarded, defining registers of its own
 * that nothing else defines. */
static bool hoistable_load(const ptx_ctx *c, const reg_model *rm, uint32_t i)
{
    const ptx_instr *in = &c->f->ins[i];
    if (in->kind != PTX_K_LD || in->space != PTX_SP_GLOBAL || in->guard >= 0 || !c->ndef[i] ||
        !ptx_has_mod(c->f, in, ".nc"))
        return false;
    for (uint32_t j = 0; j < c->ndef[i]; j++) {
        int32_t r = c->du[c->du_start[i] + j];
        if (!own_def(rm, r) || c->def_start[r + 1] - c->def_start[r] != 1)
            return false;
    }
    return true;
}

/* Arithmetic and moves: ptx_kind lists PTX_K_MOV to PTX_K_FMA together (ptx.h). */
static bool pure_kind(uint8_t kind)
{
    return (kind >= PTX_K_MOV && kind <= PTX_K_FMA) || kind == PTX_K_NEG || kind == PTX_K_ARITH;
}

/* Whether register r holds the same value on every iteration of loop l: defined outside it only, or
 * once inside it by arithmetic on such values (which ptxas hoists too), depth definitions deep. */
static bool invariant_reg(ptx_ctx *c, const ptx_syncinfo *sy, int32_t l, int32_t r, int depth)
{
    uint32_t inside = 0, at = 0;
    for (uint32_t d = c->def_start[r]; d < c->def_start[r + 1]; d++)
        if (ptx_in_loop(sy, l, c->blk[c->def_ins[d]]))
            inside++, at = c->def_ins[d];
    if (!inside)
        return true;
    if (inside > 1 || depth == 0 || c->def_start[r + 1] - c->def_start[r] != 1 || c->f->ins[at].guard >= 0 ||
        !(pure_kind(c->f->ins[at].kind) || loads_own_parameter(c, &c->f->ins[at]))) /* nvcc reloads those in loops */
        return false;
    const int32_t *u = c->du + c->du_start[at];
    for (uint32_t j = ptx_first_read(c, at); j < (uint32_t)c->ndef[at] + c->nuse[at]; j++)
        if (!invariant_reg(c, sy, l, u[j], depth - 1))
            return false;
    return true;
}

/* Whether every register instruction i reads holds the same value on every iteration of loop l. */
static bool invariant_in(ptx_ctx *c, const ptx_syncinfo *sy, int32_t l, uint32_t i)
{
    const int32_t *r = c->du + c->du_start[i];
    for (uint32_t j = ptx_first_read(c, i); j < (uint32_t)c->ndef[i] + c->nuse[i]; j++)
        if (!invariant_reg(c, sy, l, r[j], 6))
            return false;
    return true;
}

/* A hoisted load: the loop it leaves and its address as a register plus constant, followed through
 * additions of constants (the same address loaded twice is one value: ptxas keeps one). */
typedef struct hoisted {
    int32_t loop, root;
    int64_t offset;
    uint32_t ins;
} hoisted;

static void address_of(const ptx_ctx *c, uint32_t i, hoisted *h)
{
    const ptx_operand *a = ptx_address_operand(c, &c->f->ins[i]);
    h->root = a ? a->reg : -1;
    h->offset = a ? a->imm : 0;
    for (int depth = 0; depth < 8 && h->root >= 0 && c->only_def[h->root] >= 0; depth++) {
        uint32_t d = (uint32_t)c->only_def[h->root];
        const ptx_instr *in = &c->f->ins[d];
        int64_t k;
        const ptx_operand *x = in->nopnd == 3 ? ptx_opnd(c, in, 1) : NULL;
        if (in->kind != PTX_K_ADD || !x || x->kind != PTX_O_REG || !ptx_constant_operand(c, d, 2, &k))
            break;
        h->root = x->reg;
        h->offset += k;
    }
}

static int by_address(const void *pa, const void *pb)
{
    const hoisted *a = pa, *b = pb;
    if (a->loop != b->loop)
        return a->loop < b->loop ? -1 : 1;
    if (a->root != b->root)
        return a->root < b->root ? -1 : 1;
    if (a->offset != b->offset)
        return a->offset < b->offset ? -1 : 1;
    return a->ins < b->ins ? -1 : a->ins > b->ins;
}

/* ptxas hoists such a load out of the outermost loop that does not change its address and that
 * makes it on every iteration (its block dominates the latch), and keeps the value in a register
 * for the whole loop, spilling if need be. Measured with ptxas 13.0, 128 loads of a 16 x 8 matrix
 * in a loop that also stores (so nvcc left them there): 150 registers with or without
 * -maxrregcount 255 (32 when the loads are coherent), a per-thread address too; 128 registers and
 * spills under launch bounds of 128, spills under 64; 256 loads, 255 registers and spills. A load
 * under a condition in the loop, or one whose address the loop steps, stays. The value's register
 * is then live in every block of the loop (c->pinned), its definition ending nothing. */
static void hoist_invariant_loads(ptx_ctx *c, const reg_model *rm, live_sets *s)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < c->n; i++)
        n += hoistable_load(c, rm, i);
    if (!n)
        return;
    ptx_syncinfo *sy = ptx_sync_of(c);
    hoisted *h = ptx_scratch(c, n, sizeof *h);
    n = 0;
    for (uint32_t i = 0; i < c->n && sy->nloops; i++) {
        uint32_t b = c->blk[i];
        if (sy->inner[b] < 0 || !c->reach[b] || !hoistable_load(c, rm, i))
            continue;
        int32_t out_of = -1;
        for (uint32_t l = 0; l < sy->nloops; l++)
            if (ptx_in_loop(sy, (int32_t)l, b) && (out_of < 0 || sy->loops[l].size > sy->loops[out_of].size) &&
                ptx_dominates(c, b, sy->loops[l].latch) && invariant_in(c, sy, (int32_t)l, i))
                out_of = (int32_t)l;
        if (out_of >= 0) {
            h[n] = (hoisted){.loop = out_of, .ins = i};
            address_of(c, i, &h[n++]);
        }
    }
    qsort(h, n, sizeof *h, by_address);
    for (uint32_t k = 0; k < n; k++) {
        if (k && h[k].loop == h[k - 1].loop && h[k].root == h[k - 1].root && h[k].offset == h[k - 1].offset &&
            h[k].root >= 0)
            continue; /* loaded already: the same register */
        if (!c->pinned)
            c->pinned = ptx_scratch(c, c->f->nregs, sizeof *c->pinned);
        for (uint32_t j = 0; j < c->ndef[h[k].ins]; j++) {
            uint32_t r = (uint32_t)c->du[c->du_start[h[k].ins] + j];
            c->pinned[r] = true;
            for (uint32_t b = 0; b < c->nb; b++)
                if (ptx_in_loop(sy, h[k].loop, b)) {
                    set_bit(s->in + (size_t)b * s->words, r);
                    set_bit(s->out + (size_t)b * s->words, r);
                }
        }
    }
}

/* ---- the order the need counts ---- */

/* Does instruction k keep a load from space sp from moving below it: a write to memory it may
 * read, a barrier, fence or wait, a call? */
static bool holds_load_back(const ptx_instr *k, int sp)
{
    unsigned related = sp == PTX_SP_GENERIC ? ~0u : (1u << sp) | (1u << PTX_SP_GENERIC);
    return (k->writes & related) || k->sync != PTX_SYNC_NONE || k->kind == PTX_K_CALL;
}

/* Under register pressure ptxas moves a load down to the first instruction that reads it (measured:
 * 30 loads issued ahead of a chain of 40 load-and-multiply steps and read only after it, 30 registers
 * and not 62 with ptxas -v). Within block b, a load that nothing stops (a write to its memory, a
 * barrier or fence, a redefinition of its address) is put right before its first reader; one not
 * read in the block stays. sink[i]: the reader, -1 while pending, -2 when it stays. */
static void sink_loads(const ptx_ctx *c, uint32_t b, int32_t *sink, int32_t *pending, int32_t *next, uint32_t *last_def,
                       int32_t *load_of)
{
    const ptx_function *f = c->f;
    int32_t head[PTX_SP_COUNT];
    unsigned spaces = 0; /* those with pending loads */
    for (int sp = 0; sp < PTX_SP_COUNT; sp++)
        head[sp] = -1;
    for (uint32_t k = c->bstart[b]; k < c->bend[b]; k++) {
        const ptx_instr *in = &f->ins[k];
        const int32_t *r = c->du + c->du_start[k];
        sink[k] = -2;
        if (spaces && (in->writes || in->sync != PTX_SYNC_NONE || in->kind == PTX_K_CALL))
            for (int sp = 0; sp < PTX_SP_COUNT; sp++)
                if ((spaces >> sp & 1) && holds_load_back(in, sp)) {
                    for (int32_t l = head[sp]; l >= 0; l = next[l])
                        sink[l] = sink[l] == -1 ? -2 : sink[l];
                    head[sp] = -1;
                    spaces &= ~(1u << sp);
                }
        for (uint32_t j = ptx_first_read(c, k); j < c->ndef[k] + c->nuse[k]; j++) {
            int32_t l = pending[r[j]] == (int32_t)b ? load_of[r[j]] : -1;
            if (l < 0 || sink[l] != -1)
                continue;
            /* its address registers must still hold what the load read */
            const int32_t *lr = c->du + c->du_start[l];
            bool moved = false;
            for (uint32_t u = c->ndef[l]; u < c->ndef[l] + c->nuse[l]; u++)
                moved |= last_def[lr[u]] > (uint32_t)l + 1;
            sink[l] = moved ? -2 : (int32_t)k;
        }
        for (uint32_t j = 0; j < c->ndef[k]; j++) {
            last_def[r[j]] = k + 1;
            pending[r[j]] = -1;
        }
        if (ptx_movable_load(f, in) && in->guard < 0 && c->ndef[k] && !(in->sem & (PTX_SEM_ACQUIRE | PTX_SEM_ASYNC))) {
            int sp = in->space < PTX_SP_COUNT ? in->space : PTX_SP_GENERIC;
            sink[k] = -1;
            next[k] = head[sp];
            head[sp] = (int32_t)k;
            spaces |= 1u << sp;
            for (uint32_t j = 0; j < c->ndef[k]; j++) {
                pending[r[j]] = (int32_t)b;
                load_of[r[j]] = (int32_t)k;
            }
        }
    }
    for (uint32_t k = c->bstart[b]; k < c->bend[b]; k++)
        sink[k] = sink[k] == -1 ? -2 : sink[k];
}

/* c->need_order: each block's instructions with the loads sink_loads moves put before their readers. */
static void need_order(ptx_ctx *c)
{
    uint32_t n = c->n, nr = c->f->nregs;
    /* every element is written before it is read but last_def's (read as 0: defined before) */
    int32_t *sink = ptx_alloc_raw(c->scratch, (n + 1) * 4), *next = ptx_alloc_raw(c->scratch, (n + 1) * 4);
    int32_t *first = ptx_alloc_raw(c->scratch, (n + 1) * 4), *pending = ptx_alloc_raw(c->scratch, (nr + 1) * 4);
    int32_t *load_of = ptx_alloc_raw(c->scratch, (nr + 1) * 4);
    uint32_t *last_def = ptx_scratch(c, nr, 4);
    c->need_order = ptx_alloc_raw(c->scratch, (n + 1) * 4);
    for (uint32_t r = 0; r < nr; r++)
        pending[r] = -1;
    for (uint32_t b = 0; b < c->nb; b++) {
        for (uint32_t k = c->bstart[b]; k < c->bend[b]; k++)
            first[k] = -1;
        sink_loads(c, b, sink, pending, next, last_def, load_of);
        for (uint32_t k = c->bend[b]; k-- > c->bstart[b];) /* lists in program order */
            if (sink[k] >= 0) {
                next[k] = first[sink[k]];
                first[sink[k]] = (int32_t)k;
            }
        uint32_t at = c->bstart[b];
        for (uint32_t k = c->bstart[b]; k < c->bend[b]; k++) {
            for (int32_t l = first[k]; l >= 0; l = next[l])
                c->need_order[at++] = (uint32_t)l;
            if (sink[k] < 0)
                c->need_order[at++] = k;
        }
    }
}

/* Walks block b backwards from its live-out set (live is scratch): the most registers and predicates
 * live at once in the order the need counts (c->need_order); across (when not NULL) gets, at each
 * call instruction, the registers live across it. */
static void max_live_in_block(const ptx_ctx *c, const reg_model *rm, const uint64_t *out, uint32_t words, uint32_t b,
                              uint64_t *live, int best[2], int *across)
{
    const ptx_function *f = c->f;
    memcpy(live, out, words * 8);
    int cur[2] = {0, 0}; /* registers, predicates */
    for (uint32_t w = 0; w < words; w++)
        for (uint64_t v = live[w]; v; v &= v - 1) {
            uint32_t x = w * 64 + (uint32_t)__builtin_ctzll(v);
            cur[0] += c->weight[x], cur[1] += f->regs[x].cls == PTX_RC_PRED;
        }
    for (uint32_t at = c->bend[b]; at-- > c->bstart[b];) {
        uint32_t i = c->need_order[at];
        const int32_t *r = c->du + c->du_start[i];
        int peak[2] = {cur[0] + c->expansion[i], cur[1]};
        if (across && f->ins[i].kind == PTX_K_CALL)
            across[i] = cur[0];
        for (uint32_t j = 0; j < c->ndef[i]; j++) {
            if (!own_def(rm, r[j]))
                continue;
            int weight = c->weight[r[j]], pred = f->regs[r[j]].cls == PTX_RC_PRED;
            if (!has_bit(live, (uint32_t)r[j])) {
                peak[0] += weight, peak[1] += pred; /* a value defined and never read */
            } else if (f->ins[i].guard < 0 && !(c->pinned && c->pinned[r[j]])) {
                live[r[j] / 64] &= ~(1ull << (r[j] % 64));
                cur[0] -= weight, cur[1] -= pred;
            }
        }
        for (uint32_t j = ptx_first_read(c, i); j < (uint32_t)c->ndef[i] + c->nuse[i]; j++) {
            int32_t x = kept(rm, r[j]);
            if (x >= 0 && !has_bit(live, (uint32_t)x)) {
                set_bit(live, (uint32_t)x);
                cur[0] += c->weight[x], cur[1] += f->regs[x].cls == PTX_RC_PRED;
            }
        }
        for (int k = 0; k < 2; k++) {
            best[k] = peak[k] > best[k] ? peak[k] : best[k];
            best[k] = cur[k] > best[k] ? cur[k] : best[k];
        }
    }
}

/* ---- loops ptxas unrolls ---- */

/* ptxas unrolls a loop of one block by 4 when it can count its iterations and the loop is short:
 * measured with ptxas 13.0 (a loop's code grows fourfold, its registers with it, and shrinks back
 * under .pragma "nounroll"): loops whose branch tests an induction variable stepped by a constant
 * against a loop invariant, with no atomic or call (global stores do not stop it), of at most 49
 * instructions besides moves (unroll_cost) and at most 16 loads. Loops of 1
 * to 24 accumulators unroll up to 49 such instructions and not from 51 up, whatever they carry
 * from one iteration to the next; loops of 17 or more loads do not unroll at 38 instructions. */
enum {
    PTX_UNROLL = 4,
    PTX_UNROLL_MAX_BODY = 50,
    PTX_UNROLL_MAX_LOADS = 16,
    PTX_UNROLL_TILE_LOADS = 8,
    PTX_UNROLL_MAX_TILE_BODY = 100
};

static bool defined_in(const ptx_ctx *c, uint32_t b, int32_t x, uint32_t *at)
{
    for (uint32_t i = c->bstart[b]; i < c->bend[b]; i++)
        for (uint32_t j = 0; j < c->ndef[i]; j++)
            if (c->du[c->du_start[i] + j] == x) {
                *at = i;
                return true;
            }
    return false;
}

/* x += constant in block b */
static bool induction_variable(const ptx_ctx *c, uint32_t b, int32_t x)
{
    uint32_t at;
    if (!defined_in(c, b, x, &at))
        return false;
    const ptx_instr *in = &c->f->ins[at];
    return (in->kind == PTX_K_ADD || in->kind == PTX_K_SUB) && in->nopnd == 3 &&
           ptx_opnd(c, in, 1)->kind == PTX_O_REG && ptx_opnd(c, in, 1)->reg == x &&
           ptx_opnd(c, in, 2)->kind == PTX_O_IMM;
}

/* A bound ptxas knows for the whole block: a constant, or a kernel parameter as loaded. */
static bool parameter_or_constant(const ptx_ctx *c, const ptx_operand *y)
{
    if (y->kind == PTX_O_IMM)
        return true;
    int32_t d = y->kind == PTX_O_REG ? c->only_def[y->reg] : -1;
    return d >= 0 && c->f->ins[d].kind == PTX_K_LD && c->f->ins[d].space == PTX_SP_PARAM;
}

static bool holds_barrier(const ptx_ctx *c, uint32_t b)
{
    for (uint32_t i = c->bstart[b]; i < c->bend[b]; i++)
        if (c->f->ins[i].kind == PTX_K_BAR)
            return true;
    return false;
}

/* Block b ends with a branch back to itself on a test of an induction variable against an invariant.
 * A loop with a barrier only when that invariant is a constant or a parameter as loaded: ptxas
 * unrolls a 16 x 16 tiled SGEMM's loop (114 registers) up to n, not up to n + 1 or to a row's
 * end computed from blockIdx (38 and 40, the code no larger than under .pragma "nounroll"); loops
 * without a barrier unroll up to n + 1 as well. */
static bool counted_loop(const ptx_ctx *c, uint32_t b)
{
    const ptx_instr *br = &c->f->ins[c->bend[b] - 1];
    uint32_t at;
    if (br->kind != PTX_K_BRA || br->guard < 0 || br->target < 0 || c->blk[br->target] != b ||
        !defined_in(c, b, br->guard, &at) || c->f->ins[at].kind != PTX_K_SETP || c->f->ins[at].nopnd < 3)
        return false;
    const ptx_operand *x = ptx_opnd(c, &c->f->ins[at], 1), *y = ptx_opnd(c, &c->f->ins[at], 2);
    for (int swap = 0; swap < 2; swap++, x = ptx_opnd(c, &c->f->ins[at], 2), y = ptx_opnd(c, &c->f->ins[at], 1))
        if (x->kind == PTX_O_REG && induction_variable(c, b, x->reg) &&
            (y->kind == PTX_O_IMM || (y->kind == PTX_O_REG && !defined_in(c, b, y->reg, &at))))
            return !holds_barrier(c, b) || parameter_or_constant(c, y);
    return false;
}

/* No atomic (a histogram's loop of shared loads and a global atomic is not unrolled; the same loop
 * with a store is) or call; no .pragma "nounroll" between the block's label and its first
 * instruction (the text after the previous instruction's opcode). */
static bool may_unroll(const ptx_ctx *c, uint32_t b)
{
    const ptx_function *f = c->f;
    for (uint32_t i = c->bstart[b]; i < c->bend[b]; i++) {
        const ptx_instr *in = &f->ins[i];
        if (in->kind == PTX_K_ATOM || in->kind == PTX_K_RED || in->kind == PTX_K_CALL)
            return false;
    }
    if (c->bstart[b] == 0)
        return true;
    const char *from = f->ins[c->bstart[b] - 1].op, *to = f->ins[c->bstart[b]].op;
    for (const char *p = from; p + 8 <= to; p++)
        if (memcmp(p, "nounroll", 8) == 0)
            return false;
    return true;
}

/* What an instruction counts toward the unrolling limit: measured with ptxas 13.0 on loops of n
 * copies of one instruction (and an add) beside 10 others, the first n that stops unrolling. A
 * move counts nothing (a constant becomes an immediate operand; a copy, a renaming); the
 * instructions SASS expands count as several: popc, clz, bfind and brev on 64 bits, bfe on 64 bits
 * and clz on 32, the approximate f32 transcendentals without .ftz (their denormal handling) and
 * div.full. */
static int unroll_cost(const ptx_function *f, const ptx_instr *in)
{
    if (in->kind == PTX_K_MOV && in->nopnd == 2)
        return 0;
    bool wide = in->tsize == 8;
    if (ptx_op_is(in, "popc") || ptx_op_is(in, "brev"))
        return wide ? 5 : 1;
    if (ptx_op_is(in, "clz") || ptx_op_is(in, "bfind"))
        return wide ? 8 : 2;
    if (ptx_op_is(in, "bfe"))
        return wide ? 2 : 1;
    if (!in->is_float || in->tsize != 4)
        return 1;
    if (ptx_op_is(in, "div") && ptx_has_mod(f, in, ".full"))
        return 12;
    bool transcendental = ptx_op_is(in, "ex2") || ptx_op_is(in, "lg2") || ptx_op_is(in, "rcp") ||
                          ptx_op_is(in, "rsqrt") || ptx_op_is(in, "sqrt");
    return transcendental && ptx_has_mod(f, in, ".approx") && !ptx_has_mod(f, in, ".ftz") ? 6 : 1;
}

/* Whether ptxas unrolls loop block b by its size: what its instructions count (unroll_cost) and its
 * loads (of any space but .param; measured with global ones). A loop that refills a shared tile
 * between barriers and reads it (8 shared loads or more) has limits of its own, measured with ptxas
 * 13.0 on such loops of 1 to 16 global loads and shared stores and 8 to 40 shared loads and FMAs: a
 * shared load counts twice and a global load three times against 100 (unrolled up to 97, not from
 * 102), and 16 global loads stop it. (Loops of shared loads without barriers unroll up to the same
 * 100, but not always: a k-means loop of 9 at 72 does not. They keep the general limits, where
 * unrolling them changes little: the pressure limit of the schedule holds them.) */
static bool short_loop(const ptx_ctx *c, uint32_t b)
{
    uint32_t n = 0, loads = 0, shared = 0;
    for (uint32_t i = c->bstart[b]; i < c->bend[b]; i++) {
        const ptx_instr *in = &c->f->ins[i];
        n += (uint32_t)unroll_cost(c->f, in);
        bool shared_load = in->kind == PTX_K_LD && in->space == PTX_SP_SHARED;
        shared += shared_load;
        loads += ((in->kind == PTX_K_LD && in->space != PTX_SP_PARAM) || in->kind == PTX_K_TEX) && !shared_load;
    }
    if (shared >= PTX_UNROLL_TILE_LOADS && holds_barrier(c, b))
        return n + shared + 2 * loads <= PTX_UNROLL_MAX_TILE_BODY && loads < PTX_UNROLL_MAX_LOADS;
    return n <= PTX_UNROLL_MAX_BODY && loads + shared <= PTX_UNROLL_MAX_LOADS;
}

/* Per block: how many copies of it ptxas schedules together (PTX_UNROLL for the loops it unrolls). */
static int *unrolled_copies(const ptx_ctx *c)
{
    int *copies = ptx_scratch(c, c->nb + 1, sizeof *copies);
    for (uint32_t b = 0; b < c->nb; b++) {
        copies[b] = 1;
        if (c->reach[b] && short_loop(c, b) && counted_loop(c, b) && may_unroll(c, b))
            copies[b] = PTX_UNROLL;
    }
    return copies;
}

/* What blocks b to last could hold at most in any order: what enters b and all they define (their
 * copies'). */
static int pressure_bound(const ptx_ctx *c, const reg_model *rm, const live_sets *s, uint32_t b, uint32_t last,
                          int copies)
{
    int bound = 0;
    for (uint32_t w = 0; w < s->words; w++)
        for (uint64_t v = s->in [(size_t)b * s->words + w]; v; v &= v - 1)
            bound += c->weight[w * 64 + (uint32_t)__builtin_ctzll(v)];
    for (uint32_t i = c->bstart[b]; i < c->bend[last]; i++)
        for (uint32_t j = 0; j < c->ndef[i]; j++)
            if (own_def(rm, c->du[c->du_start[i] + j]))
                bound += c->weight[c->du[c->du_start[i] + j]] * copies;
    return bound;
}

/* The latency order is the model's costly step: it is worked out for at most this many blocks,
 * those that could hold the most (the largest bounds), of at most this many instructions (longer
 * blocks keep their program order); the tuning split's figures are the same from 2 blocks and
 * 1024 instructions up, and fully unrolled loops of a few hundred loads (a 15 x 15 convolution, a
 * 64-row matrix-vector product) need the longer blocks. */
enum { PTX_SCHEDULED_BLOCKS = 2, PTX_SCHEDULED_NODES = 4096 };

/* Blocks by decreasing bound (insertion sort: few blocks reach this). */
static void sort_by_bound(uint32_t *blocks, uint32_t n, const int *bound)
{
    for (uint32_t i = 1; i < n; i++) {
        uint32_t x = blocks[i], j = i;
        for (; j > 0 && bound[blocks[j - 1]] < bound[x]; j--)
            blocks[j] = blocks[j - 1];
        blocks[j] = x;
    }
}

/* Whether instruction i computes one register from registers alone, with nothing else to it: ptxas
 * may compute it anywhere before its reader. */
static bool pure_value(const ptx_ctx *c, uint32_t i)
{
    const ptx_instr *in = &c->f->ins[i];
    const uint32_t effects = 1u << PTX_K_LD | 1u << PTX_K_ST | 1u << PTX_K_ATOM | 1u << PTX_K_RED | 1u << PTX_K_BRA |
                             1u << PTX_K_BRX | 1u << PTX_K_RET | 1u << PTX_K_EXIT | 1u << PTX_K_TRAP | 1u << PTX_K_BAR |
                             1u << PTX_K_CALL | 1u << PTX_K_TEX | 1u << PTX_K_CP_ASYNC;
    return !(effects >> in->kind & 1) && c->ndef[i] == 1 && in->guard < 0 && !in->reads && !in->writes &&
           in->sync == PTX_SYNC_NONE;
}

/* Blocks the sunk order is tried on: shorter ones gain nothing (the fresh sets' figures are the same
 * from 1 to 256 instructions up), nor do blocks holding fewer than 32 registers in program order (the
 * same from 0 to 40); keys hold a position in 20 bits, shifted by 16 and again by 24. */
enum { PTX_SINK_SHORTEST = 16, PTX_SINK_LONGEST = 1 << 20, PTX_SINK_PRESSURE = 32 };

static int compare_keys(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Block b's need order (c->need_order) with every pure value moved down to just before its first
 * reader, its operands' producers with it, into order: ptxas's scheduler, short of registers, computes
 * values where they are used (nvcc computes SHA-256's whole message schedule ahead of the rounds: 65
 * values live in program order, 40 to 44 registers with ptxas). A value whose operands are defined
 * again later in the block stays. Keys order the result: each value sinks just above its reader.
 * False when no value moves (the order would be the same). */
static bool sunk_order(const ptx_ctx *c, uint32_t b, uint32_t *order, int64_t *key, uint32_t *below,
                       int32_t *first_reader, uint32_t *stamp, uint32_t tick, int32_t *last_def)
{
    bool moved = false;
    uint32_t lo = c->bstart[b], len = c->bend[b] - lo;
    for (uint32_t p = 0; p < len; p++) { /* the last definition of each register in the block */
        uint32_t i = c->need_order[lo + p];
        const int32_t *r = c->du + c->du_start[i];
        for (uint32_t j = 0; j < c->ndef[i]; j++) {
            if (stamp[r[j]] != tick)
                stamp[r[j]] = tick, first_reader[r[j]] = -1;
            last_def[r[j]] = (int32_t)p;
        }
        for (uint32_t j = ptx_first_read(c, i); j < (uint32_t)c->ndef[i] + c->nuse[i]; j++)
            if (stamp[r[j]] != tick)
                stamp[r[j]] = tick, first_reader[r[j]] = -1, last_def[r[j]] = -1;
    }
    for (uint32_t p = len; p-- > 0;) {
        uint32_t i = c->need_order[lo + p];
        const int32_t *r = c->du + c->du_start[i];
        key[p] = (int64_t)p << 16;
        below[p] = 0;
        bool sinks = pure_value(c, i) && last_def[r[0]] == (int32_t)p && first_reader[r[0]] >= 0;
        for (uint32_t j = ptx_first_read(c, i); sinks && j < (uint32_t)c->ndef[i] + c->nuse[i]; j++)
            sinks = last_def[r[j]] < (int32_t)p;
        if (sinks) {
            uint32_t q = (uint32_t)first_reader[r[0]]; /* the reader's position */
            key[p] = key[q] - ++below[q];
            moved |= q != p + 1 || below[q] > 1 || key[q] != (int64_t)q << 16;
        }
        for (uint32_t j = 0; j < c->ndef[i]; j++)
            first_reader[r[j]] = -1; /* readers below read this definition */
        for (uint32_t j = ptx_first_read(c, i); j < (uint32_t)c->ndef[i] + c->nuse[i]; j++)
            if (first_reader[r[j]] < 0 || key[p] < key[first_reader[r[j]]])
                first_reader[r[j]] = (int32_t)p;
    }
    if (!moved)
        return false; /* every value is already right above its reader */
    for (uint32_t p = 0; p < len; p++)
        key[p] = key[p] * (1 << 24) + p; /* by key, then position: distinct */
    qsort(key, len, sizeof *key, compare_keys);
    for (uint32_t p = 0; p < len; p++)
        order[p] = c->need_order[lo + (uint32_t)(key[p] & 0xffffff)];
    return true;
}

/* ptxas turns a short branch around a few instructions into predicated code and schedules it with
 * what comes before and after (a 64-tap filter whose every tap is `if (i >= k) acc += ...`: 138
 * registers with -maxrregcount 255, all its loads first; the model gave 12 block by block, 125 as
 * one region). Whether block a ends with a branch over block a + 1 alone, to block a + 2, with
 * nothing else reaching either: a + 1 at most PTX_PREDICATED_BODY instructions, none of which
 * stores, synchronises, calls or leaves. The model schedules such branches as one region with the
 * blocks around them where PTX_PREDICATED_CHAIN or more follow one another (one or two alone, a
 * guarded load in a small kernel, came out a register or two above ptxas's 8 to 16). Atomics may be
 * in the body (a private histogram flushed bin by bin, `if (h[j]) atomicAdd(&sh[j], h[j])` unrolled
 * 64 times: ptxas 140 registers, every load of h first; the model said 13); plain stores may not (with
 * them the tuning split's error grows from 9.9 % to 12.6 %). Measured first
 * on the fresh sets 1 to 15 with the branches deleted from the PTX: HIGH_REGISTER_PRESSURE 288
 * found, 23 false, 33 missed, against 281, 24, 40; bodies of 12 to 20 instructions alike; the chain
 * length fitted on the fresh sets and the tuning split (3 and 4 alike). */
enum { PTX_PREDICATED_BODY = 16, PTX_PREDICATED_CHAIN = 3 };

/* Whether b has edges (in start/list: successors or predecessors) and they all lead to x or y. */
static bool only_edge(const uint32_t *start, const uint32_t *list, uint32_t b, uint32_t x, uint32_t y)
{
    for (uint32_t e = start[b]; e < start[b + 1]; e++)
        if (list[e] != x && list[e] != y)
            return false;
    return start[b + 1] > start[b];
}

static bool branches_over(ptx_ctx *c, const int *copies, uint32_t a)
{
    if (a + 2 >= c->nb || !c->reach[a + 1] || !c->reach[a + 2] || copies[a] != 1 || copies[a + 1] != 1 ||
        copies[a + 2] != 1 || c->bend[a] == c->bstart[a])
        return false;
    const ptx_instr *br = &c->f->ins[c->bend[a] - 1];
    uint32_t body = a + 1, join = a + 2;
    if (br->kind != PTX_K_BRA || br->guard < 0 || br->target < 0 || c->blk[br->target] != join ||
        c->bend[body] - c->bstart[body] > PTX_PREDICATED_BODY || !only_edge(c->sstart, c->succ, body, join, join) ||
        !only_edge(c->pstart, c->pred, body, a, a) || !only_edge(c->pstart, c->pred, join, a, body))
        return false;
    for (uint32_t i = c->bstart[body]; i < c->bend[body]; i++) {
        const ptx_instr *in = &c->f->ins[i];
        bool jump = in->kind == PTX_K_BRA && in->guard < 0; /* to the join */
        bool atomic = in->kind == PTX_K_ATOM || in->kind == PTX_K_RED;
        if ((in->kind >= PTX_K_ST && in->kind <= PTX_K_CALL && !jump && !atomic) || in->kind == PTX_K_CP_ASYNC ||
            ptx_sync_of(c)->kind[i] != PTX_SY_NONE)
            return false;
    }
    return true;
}

/* Per reachable block: the registers of the program order and of the latency order (its copies:
 * an unrolled loop), the latter only for regions that could exceed the most so far (largest bound
 * first): a block and the blocks ptxas predicates after it (branches_over); into f's maxlive,
 * maxlive_pred and maxlive_scheduled. */
static void block_pressures(ptx_ctx *c, const reg_model *rm, const live_sets *s, const int *copies)
{
    ptx_function *f = c->f;
    uint32_t words = s->words, *by_bound = ptx_scratch(c, c->nb + 1, sizeof *by_bound), nbound = 0;
    int *bound = ptx_scratch(c, c->nb + 1, sizeof *bound), *block_need = ptx_scratch(c, c->nb + 1, sizeof *block_need);
    int need = 0, preds = 0, *across = f->ncalls ? ptx_scratch(c, c->n, sizeof *across) : NULL;
    uint64_t *live = ptx_scratch(c, words, 8);
    uint32_t longest = 0, tick = 0;
    for (uint32_t b = 0; b < c->nb; b++)
        longest = MAX(longest, c->bend[b] - c->bstart[b]);
    uint32_t *order = ptx_scratch(c, longest + 1, 4), *below = ptx_scratch(c, longest + 1, 4);
    uint32_t *saved = ptx_scratch(c, longest + 1, 4);
    int64_t *key = ptx_scratch(c, longest + 1, 8);
    uint32_t *stamp = ptx_scratch(c, f->nregs + 1, 4);
    int32_t *last_def = ptx_scratch(c, f->nregs + 1, 4), *first_reader = ptx_scratch(c, f->nregs + 1, 4);
    for (uint32_t b = 0; b < c->nb; b++)
        if (c->reach[b]) {
            int in_order[2] = {0, 0}; /* registers, predicates */
            max_live_in_block(c, rm, s->out + (size_t)b * words, words, b, live, in_order, across);
            uint32_t len = c->bend[b] - c->bstart[b];
            /* the sunk order where it differs and holds fewer */
            if (!across && len >= PTX_SINK_SHORTEST && len <= PTX_SINK_LONGEST && in_order[0] >= PTX_SINK_PRESSURE &&
                sunk_order(c, b, order, key, below, first_reader, stamp, ++tick, last_def)) {
                int sunk[2] = {0, 0};
                memcpy(saved, c->need_order + c->bstart[b], len * 4);
                memcpy(c->need_order + c->bstart[b], order, len * 4);
                max_live_in_block(c, rm, s->out + (size_t)b * words, words, b, live, sunk, NULL);
                if (sunk[0] < in_order[0])
                    in_order[0] = sunk[0], in_order[1] = MAX(in_order[1], sunk[1]);
                else
                    memcpy(c->need_order + c->bstart[b], saved, len * 4);
            }
            need = MAX(need, in_order[0]);
            preds = MAX(preds, in_order[1]);
            block_need[b] = in_order[0];
        }
    uint32_t *last = ptx_scratch(c, c->nb + 1, sizeof *last);
    uint8_t *conditional = ptx_scratch(c, c->n + 1, 1);
    for (uint32_t b = 0, l; b < c->nb; b = l + 1) {
        int most = block_need[b];
        for (l = b; c->reach[b] && branches_over(c, copies, l); l += 2) {
            memset(conditional + c->bstart[l + 1], 1, c->bend[l + 1] - c->bstart[l + 1]);
            most = MAX(most, MAX(block_need[l + 1], block_need[l + 2]));
        }
        if (l > b && (l - b) / 2 < PTX_PREDICATED_CHAIN) {
            memset(conditional + c->bstart[b], 0, c->bend[l] - c->bstart[b]);
            l = b, most = block_need[b];
        }
        last[b] = l;
        if (!c->reach[b])
            continue;
        bound[b] = pressure_bound(c, rm, s, b, l, copies[b]);
        if (bound[b] > most && (c->bend[l] - c->bstart[b]) * (uint32_t)copies[b] <= PTX_SCHEDULED_NODES)
            by_bound[nbound++] = b;
    }
    sort_by_bound(by_bound, nbound, bound);
    int scheduled = need;
    ptx_sched sched = {0};
    nbound = MIN(nbound, PTX_SCHEDULED_BLOCKS);
    if (nbound && bound[by_bound[0]] > need)
        ptx_sched_init(&sched, c, copies, by_bound, last, nbound);
    sched.conditional = conditional;
    for (uint32_t k = 0; k < nbound && bound[by_bound[k]] > scheduled; k++) {
        uint32_t b = by_bound[k];
        scheduled = MAX(scheduled, ptx_scheduled_pressure(c, rm->base, b, last[b], copies[b],
                                                          s->out + (size_t)last[b] * words, &sched));
    }
    ptx_sched_free(&sched);
    for (uint32_t i = 0, k = 0; across && i < c->n; i++)
        if (f->ins[i].kind == PTX_K_CALL)
            f->call_live[k++] = across[i];
    f->maxlive = need;
    f->maxlive_pred = preds;
    f->maxlive_scheduled = MAX(scheduled, need);
}

/* The registers of the program order with every cheap computation recomputed (ptxas under a cap
 * or aiming at an occupancy): f->maxlive. Each block is walked from what leaves it in the main
 * model, each register standing for its base (a cheaper stand-in for a second liveness). */
static void squeezed_need(ptx_ctx *c, const live_sets *main)
{
    ptx_function *f = c->f;
    uint32_t words = main->words, nb = c->nb;
    reg_model rm = classify_registers(c, true);
    uint64_t *live = ptx_scratch(c, words, 8), *out = ptx_scratch(c, words, 8);
    int need = 0;
    for (uint32_t b = 0; b < nb; b++) {
        if (!c->reach[b])
            continue;
        memset(out, 0, words * 8);
        for (uint32_t w = 0; w < words; w++)
            for (uint64_t v = main->out[(size_t)b * words + w]; v; v &= v - 1) {
                int32_t x = rm.base[w * 64 + (uint32_t)__builtin_ctzll(v)];
                if (x >= 0)
                    set_bit(out, (uint32_t)x);
            }
        int in_order[2] = {0, 0};
        max_live_in_block(c, &rm, out, words, b, live, in_order, NULL);
        need = MAX(need, in_order[0]);
    }
    f->maxlive = MIN(f->maxlive, need);
}

/* Plain ptxas -v (no launch bounds, no .maxnreg, no -maxrregcount) aims at an occupancy of its own. */
static bool aims_at_occupancy(const ptx_ctx *c)
{
    const ptx_function *f = c->f;
    return !f->reqntid && !f->maxntid && !f->maxnreg && !c->opt->maxrregcount;
}

void ptx_liveness(ptx_ctx *c)
{
    ptx_function *f = c->f;
    uint32_t nr = f->nregs, words = (nr + 63) / 64, nb = c->nb;
    if (!words || !nb)
        return;
    register_weights(c);
    c->expansion = ptx_scratch(c, c->n, 1); /* asked for again and again by the walks and the schedules */
    for (uint32_t i = 0; i < c->n; i++)
        c->expansion[i] = (uint8_t)ptx_expansion_registers(f, &f->ins[i]);
    reg_model rm = classify_registers(c, false);
    live_sets s = {words, ptx_scratch(c, (size_t)nb * words, 8), ptx_scratch(c, (size_t)nb * words, 8),
                   ptx_scratch(c, (size_t)nb * words, 8), ptx_scratch(c, (size_t)(nb + 1) * words, 8)};
    block_uses_and_defs(c, &rm, &s);
    solve_liveness(c, &s);
    hoist_invariant_loads(c, &rm, &s);
    need_order(c);
    int *copies = unrolled_copies(c);
    block_pressures(c, &rm, &s, copies);
    /* the squeezed need matters where it may lower an occupancy level (of launch bounds, or the one
     * plain ptxas aims at) or the spills */
    int threads = f->reqntid ? f->reqntid : f->maxntid, need = f->maxlive + PTX_REG_OVERHEAD;
    bool leveled =
        threads > 0
            ? !f->maxnreg && ptx_occupancy_level(c->arch, threads, need) > ptx_occupancy_level(c->arch, threads, 1)
            : aims_at_occupancy(c) && ptx_warp_occupancy_level(c->arch, need) > ptx_warp_occupancy_level(c->arch, 1);
    if (leveled || need > ptx_register_cap(f, c->arch, c->opt->maxrregcount, NULL))
        squeezed_need(c, &s);
}

bool ptx_fits_registers(const ptx_ctx *c, int64_t bytes)
{
    const ptx_function *f = c->f;
    int64_t need = f->maxlive + bytes / 4 + PTX_REG_OVERHEAD;
    return need <= ptx_register_cap(f, c->arch, c->opt->maxrregcount, NULL) + PTX_SPILL_SLACK;
}

static bool sets_maxnreg(const ptx_function *f)
{
    for (uint32_t i = 0; i < f->nins; i++)
        if (f->ins[i].oplen == 10 && memcmp(f->ins[i].op, "setmaxnreg", 10) == 0)
            return true;
    return false;
}

/* The registers ptxas allocates, from f->reg_need (what the fewest-registers order holds) and
 * f->reg_latency (what the latency order holds: ptxas with -maxrregcount 255). With launch bounds
 * ptxas aims at an occupancy instead (-maxrregcount is then ignored): as many blocks as the need
 * allows, using at most the registers that still fit them. With no bounds and no cap at all (plain
 * ptxas -v, as nvcc runs it) it aims at one too, counted in warps: a kernel needing 25 registers
 * gets at most 32 (the full SM), one needing 60 at most 64, whatever its demand. A kernel that moves
 * registers between warps (setmaxnreg) is given its whole cap. */
void ptx_allocate_registers(ptx_function *f, const ptx_arch *a, int maxrregcount)
{
    int need = f->reg_need, demand = MAX(f->reg_latency, need);
    int threads = f->reqntid ? f->reqntid : f->maxntid;
    if (threads > 0 && !f->maxnreg) {
        int level = MAX(need, ptx_occupancy_level(a, threads, need));
        if (!f->minnctapersm || level * 4 >= demand * 3)
            demand = MIN(demand, level);
    }
    f->reg_demand = MIN(demand, a->regs_thread);
    ptx_cap_source from;
    f->reg_cap = ptx_register_cap(f, a, maxrregcount, &from);
    f->reg_cap_from = (uint8_t)from;
    bool moves_registers = sets_maxnreg(f);
    f->reg_unbounded = moves_registers ? f->reg_cap : MIN(f->reg_demand, f->reg_cap);
    f->reg_estimate = f->reg_unbounded;
    bool aims_at_occupancy = !threads && !f->maxnreg && !maxrregcount;
    if (aims_at_occupancy && !moves_registers)
        f->reg_estimate = MIN(f->reg_estimate, MAX(need, ptx_warp_occupancy_level(a, need)));
    f->reg_spilled = need > f->reg_cap + PTX_SPILL_SLACK ? need - f->reg_cap : 0;
}

/* A promoted .local array lives in registers: its elements are the values its loads and stores
 * already count, or at least its size. */
void ptx_estimate_registers(ptx_ctx *c, int64_t promoted_local_bytes)
{
    ptx_function *f = c->f;
    f->reg_need = f->maxlive + (int)(promoted_local_bytes / 4) + PTX_REG_OVERHEAD;
    f->reg_latency = f->maxlive_scheduled + PTX_REG_OVERHEAD;
    ptx_allocate_registers(f, c->arch, c->opt->maxrregcount);
}

/* ---- rules ---- */

/* What every path from the entry has written when block b starts: the intersection of its
 * reachable predecessors' out sets (nothing for the entry). */
static void defined_on_entry(const ptx_ctx *c, const uint64_t *out, uint32_t words, uint32_t b, uint64_t *cur)
{
    for (uint32_t w = 0; w < words; w++)
        cur[w] = b == 0 ? 0 : ~0ull;
    for (uint32_t e = c->pstart[b]; e < c->pstart[b + 1] && b != 0; e++)
        if (c->reach[c->pred[e]])
            for (uint32_t w = 0; w < words; w++)
                cur[w] &= out[(size_t)c->pred[e] * words + w];
}

/* A must analysis: out = what every path to the block's end has written (in | what the block
 * writes), to a fixed point; then each read of a register not written on every path is reported. */
void ptx_find_uninitialized(ptx_ctx *c)
{
    ptx_function *f = c->f;
    uint32_t nr = f->nregs, words = (nr + 63) / 64, nb = c->nb;
    if (!words || !nb)
        return;
    uint64_t *out = ptx_scratch(c, (size_t)nb * words, 8), *gen = ptx_scratch(c, (size_t)nb * words, 8);
    uint64_t *cur = ptx_scratch(c, words, 8);
    for (uint32_t b = 0; b < nb; b++)
        for (uint32_t i = c->bstart[b]; i < c->bend[b]; i++)
            for (uint32_t j = 0; j < c->ndef[i]; j++)
                set_bit(gen + (size_t)b * words, (uint32_t)c->du[c->du_start[i] + j]);
    memset(out, 0xff, (size_t)nb * words * 8);
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t b = 0; b < nb; b++) {
            if (!c->reach[b])
                continue;
            defined_on_entry(c, out, words, b, cur);
            uint64_t *o = out + (size_t)b * words;
            for (uint32_t w = 0; w < words; w++) {
                uint64_t v = cur[w] | gen[(size_t)b * words + w];
                changed |= v != o[w];
                o[w] = v;
            }
        }
    }
    bool *reported = ptx_scratch(c, nr, sizeof *reported);
    for (uint32_t b = 0; b < nb; b++) {
        if (!c->reach[b])
            continue;
        defined_on_entry(c, out, words, b, cur);
        for (uint32_t i = c->bstart[b]; i < c->bend[b]; i++) {
            const int32_t *r = c->du + c->du_start[i];
            for (uint32_t j = 0; j < c->nuse[i]; j++) {
                uint32_t x = (uint32_t)r[c->ndef[i] + j];
                if (!has_bit(cur, x) && !reported[x]) {
                    reported[x] = true;
                    ptx_add_finding(c->m, f, PTX_RULE_UNINITIALIZED_REGISTER, f->ins[i].line, f->ins[i].col,
                                    "assign the register on every path before this use",
                                    "register %.*s may be read before it is written", (int)f->regs[x].len,
                                    f->regs[x].name);
                }
            }
            for (uint32_t j = 0; j < c->ndef[i]; j++)
                set_bit(cur, (uint32_t)r[j]);
        }
    }
}

void ptx_find_register_issues(ptx_module *m, ptx_function *f, const ptx_arch *arch)
{
    if (f->reg_spilled > 0)
        ptx_add_finding(m, f, PTX_RULE_REGISTER_SPILL, f->line, 1,
                        "raise .maxnreg / the launch bounds, or keep fewer values live (smaller tiles, less unrolling)",
                        "about %d registers needed but at most %d available (%s): ptxas will spill about %d "
                        "registers (%d bytes) to local memory",
                        f->reg_spilled + f->reg_cap, f->reg_cap, ptx_cap_source_names[f->reg_cap_from], f->reg_spilled,
                        4 * f->reg_spilled);
    /* the pressure is what the code asks for: where plain ptxas holds its registers down to keep
     * an occupancy, it gives up latency instead (measured against -maxrregcount 255) */
    int wanted = f->reg_unbounded;
    int blocks = ptx_blocks_for_regs(arch, f->block_size, wanted);
    double by_regs = (double)blocks * ((f->block_size + 31) / 32) / arch->max_warps_sm;
    if (by_regs >= PTX_PRESSURE_OCCUPANCY)
        return;
    if (wanted == f->reg_estimate)
        ptx_add_finding(m, f, PTX_RULE_HIGH_REGISTER_PRESSURE, f->line, 1,
                        "keep fewer values live at once (smaller register tiles, less unrolling)",
                        "about %d registers per thread: at most %d%% occupancy with %d-thread blocks (%d%% "
                        "without this register limit)",
                        wanted, (int)(by_regs * 100 + 0.5), f->block_size,
                        (int)(f->occupancy_without_registers * 100 + 0.5));
    else
        ptx_add_finding(m, f, PTX_RULE_HIGH_REGISTER_PRESSURE, f->line, 1,
                        "keep fewer values live at once (smaller register tiles, less unrolling)",
                        "about %d registers per thread to hide its latencies: at most %d%% occupancy with "
                        "%d-thread blocks (%d%% without this register limit); by default ptxas keeps to about "
                        "%d and schedules for fewer registers instead",
                        wanted, (int)(by_regs * 100 + 0.5), f->block_size,
                        (int)(f->occupancy_without_registers * 100 + 0.5), f->reg_estimate);
}
