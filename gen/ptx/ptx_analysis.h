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
    uint32_t *ndef, *nuse;
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
    ptx_arena *scratch;                     /* the arrays above but du and succ, freed at once */
} ptx_ctx;

/* n zeroed elements of size bytes (at least one) that live until the function's analysis ends. */
static inline void *ptx_scratch(const ptx_ctx *c, size_t n, size_t size)
{
    return ptx_alloc(c->scratch, (n ? n : 1) * size);
}

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

/* ---- registers (ptx_registers.c) ---- */
void ptx_liveness(ptx_ctx *c); /* f->maxlive, maxlive_scheduled, maxlive_pred */
/* f->reg_estimate, given the bytes of a .local array that lives in registers */
void ptx_estimate_registers(ptx_ctx *c, int64_t promoted_local_bytes);
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
