/* Analysis of one function: the context its steps share, and the steps, which ptx_analyze.c runs in order. */
#ifndef TRUENO_PTX_ANALYSIS_H
#define TRUENO_PTX_ANALYSIS_H

#include "ptx_internal.h"

/* ---- affine address forms: c + k·tid (+ unknown uniform) (+ symbol base) ---- */
enum { PTX_AF_BOTTOM, PTX_AF_AFFINE, PTX_AF_TOP };

typedef struct ptx_affine {
    uint8_t st, uni, symco; /* symco: bit d set when tid.d is scaled by an unknown uniform */
    int32_t sym;            /* base symbol, -1 none, -2 several */
    int64_t c, k[3];
} ptx_affine;

typedef struct ptx_ctx {
    ptx_module *m;
    ptx_function *f;
    const ptx_options *opt;
    const ptx_arch *arch;
    uint32_t n, nb, exitb; /* instructions, blocks, the virtual exit block (= nb) */
    /* defs and uses per instruction */
    uint32_t *du_start;
    uint16_t *ndef, *nuse;
    int32_t *du;
    /* blocks */
    uint32_t *bstart, *bend, *blk;
    uint32_t *sstart, *succ, *pstart, *pred;
    bool *falls_off;
    bool *reach, *reaches_exit;
    uint32_t *ipdom;
    int32_t *cd_branch;                     /* a thread-variant branch this block is control dependent on, or -1 */
    bool *cd_taken;                         /* ... and whether the block lies on its taken side */
    int64_t *tid_bound;                     /* per block: tid.x < bound for the threads that run it */
    int64_t *tid_low;                       /* per block: tid.x >= low */
    int64_t block_bound;                    /* tid.x < this for every thread: from accesses all threads make */
    bool *variant;                          /* per register */
    ptx_affine *form;                       /* per register */
    ptx_affine *addr;                       /* per memory instruction: its address */
    bool *generic;                          /* per register: holds a generic address */
    int64_t module_shared;                  /* bytes of module-level .shared variables the function uses */
    int32_t *only_def;                      /* per register: its single unguarded definition, or -1 */
    uint32_t *rd_seen, *rd_stack, rd_stamp; /* scratch of reaching_def */
} ptx_ctx;

static inline const ptx_operand *ptx_opnd(const ptx_ctx *c, const ptx_instr *in, int i)
{
    return &c->f->opnds[in->opnds + i];
}

/* The address operand of a memory instruction (the first ADDR operand), or NULL. */
static inline const ptx_operand *ptx_address_operand(const ptx_ctx *c, const ptx_instr *in)
{
    for (int j = 0; j < in->nopnd; j++)
        if (ptx_opnd(c, in, j)->kind == PTX_O_ADDR)
            return ptx_opnd(c, in, j);
    return NULL;
}

static inline bool ptx_af_has_tid(const ptx_affine *a)
{
    return a->st == PTX_AF_TOP || a->k[0] || a->k[1] || a->k[2] || a->symco;
}

/* ---- the control-flow graph (ptx_cfg.c) ---- */
void ptx_build_def_use(ptx_ctx *c);   /* du, ndef, nuse, only_def */
void ptx_build_cfg(ptx_ctx *c);       /* blocks, successors, predecessors */
void ptx_reachability(ptx_ctx *c);    /* reach, reaches_exit */
void ptx_post_dominators(ptx_ctx *c); /* ipdom */
void ptx_find_control_flow(ptx_ctx *c);

/* ---- thread variance and affine forms (ptx_variance.c) ---- */
void ptx_thread_variance(ptx_ctx *c); /* variant, cd_branch, cd_taken */
void ptx_affine_forms(ptx_ctx *c);    /* form */
void ptx_address_forms(ptx_ctx *c);   /* addr */
void ptx_tid_bounds(ptx_ctx *c);      /* tid_bound, tid_low */
void ptx_find_barrier_divergence(ptx_ctx *c);

/* The first of instruction i's registers that it reads (c->du lists its definitions first):
 * wgmma.mma_async accumulates into its destination registers, so it reads them too. */
static inline uint32_t ptx_first_read(const ptx_ctx *c, uint32_t i)
{
    const ptx_instr *in = &c->f->ins[i];
    return in->oplen == 5 && in->op[0] == 'w' && in->op[1] == 'g' && in->op[2] == 'm' ? 0 : c->ndef[i];
}

/* ---- ptxas's scheduler, modelled (ptx_schedule.c) ---- */
/* Scratch for one function's blocks: per register, per node of a block, edges and lists. */
typedef struct ptx_sched {
    int32_t *block; /* all of the arrays below but heap */
    size_t used;
    uint32_t tick, nedges, edge_cap, nlist, list_cap, nvals, nopnds;
    uint32_t *reg_stamp;                                                     /* per register */
    int32_t *cur_val, *last_reader;                                          /* per register */
    int32_t *first_edge, *npred, *lat, *height, *ready_at, *order, *waiting; /* per node */
    uint32_t *instr, *opnd_start;                                            /* per node */
    uint64_t *heap;                                                          /* per node */
    int32_t *opnd_val;                                                       /* per operand */
    int32_t *val_def, *val_reg, *val_from, *val_to;                          /* per value */
    int32_t *diff;                                                           /* per slot */
    int32_t *edge_to, *edge_lat, *edge_next, *list_node, *list_next;
    int32_t fence, barrier, store[PTX_SP_COUNT], loads[PTX_SP_COUNT];
    bool writes_global;
} ptx_sched;

/* Scratch for the blocks listed; copies[b]: how many copies of block b one schedule holds (an
 * unrolled loop). */
void ptx_sched_init(ptx_sched *s, const ptx_ctx *c, const int *copies, const uint32_t *blocks, uint32_t nblocks);
void ptx_sched_free(ptx_sched *s);
/* The most registers block b holds when scheduled for latency, `copies` of it one after the other
 * (an unrolled loop): base[r] is the register a use of r keeps live (-1: none), base[r] == r when
 * r's definitions take a register of their own. */
int ptx_scheduled_pressure(const ptx_ctx *c, const int32_t *base, uint32_t b, int copies, const uint64_t *live_out,
                           ptx_sched *s);

/* ---- registers (ptx_registers.c) ---- */
void ptx_liveness(ptx_ctx *c); /* f->maxlive, maxlive_scheduled, maxlive_pred */
/* f->reg_estimate, given the bytes of a .local array that lives in registers */
void ptx_estimate_registers(ptx_ctx *c, int64_t promoted_local_bytes);
/* Whether bytes more of values fit in registers with what f needs, under its cap (f->maxlive set) */
bool ptx_fits_registers(const ptx_ctx *c, int64_t bytes);
void ptx_find_uninitialized(ptx_ctx *c);
void ptx_find_register_issues(ptx_ctx *c);

/* ---- memory (ptx_memory.c) ---- */
void ptx_memory_and_roofline(ptx_ctx *c); /* f->mem, flops, bytes; module_shared */
void ptx_generic_addresses(ptx_ctx *c);   /* generic */
/* LOCAL_MEMORY; the bytes of the .local array when it lives in registers, else 0 */
int64_t ptx_find_local_memory(ptx_ctx *c);
void ptx_find_shared_races(ptx_ctx *c); /* also block_bound */
void ptx_find_memory_patterns(ptx_ctx *c);

#endif
