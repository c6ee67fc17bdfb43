/* Analysis of one function: the context its steps share, and the steps, which ptx_analyze.c runs in order. */
#ifndef TRUENO_PTX_ANALYSIS_H
#define TRUENO_PTX_ANALYSIS_H

#include "ptx_internal.h"

#include <string.h>

/* Pointers into shared memory held in generic or cluster registers (ptx_generic_addresses). */
enum { PTX_WIN_NONE, PTX_WIN_SHARED, PTX_WIN_CLUSTER };

/* ---- affine address forms: c + k·tid (+ unknown uniform) (+ symbol base) ---- */
enum { PTX_AF_BOTTOM, PTX_AF_AFFINE, PTX_AF_TOP };

typedef struct ptx_affine {
    uint8_t st, uni, symco; /* symco: bit d set when tid.d is scaled by an unknown uniform */
    int32_t sym;            /* base symbol, -1 none, -2 several */
    int64_t c, k[3];
} ptx_affine;

typedef struct ptx_threads ptx_threads;   /* values per thread (ptx_threads.c), built on first use */
typedef struct ptx_syncinfo ptx_syncinfo; /* synchronisation and loops (ptx_sync.c), built on first use */

typedef struct ptx_ctx {
    ptx_module *m;
    ptx_function *f;
    const ptx_symbol *syms; /* the module's symbols as far as f (ptx_job) */
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
    uint8_t *cd_taken;                      /* ... and the side the block lies on: 1 taken, 0 not, 2 both */
    int64_t *tid_bound;                     /* per block: tid.x < bound for the threads that run it */
    int64_t *tid_low;                       /* per block: tid.x >= low */
    int64_t block_bound;                    /* tid.x < this for every thread: from accesses all threads make */
    bool *variant;                          /* per register */
    ptx_affine *form;                       /* per register */
    ptx_affine *addr;                       /* per memory instruction: its address */
    bool *generic;                          /* per register: holds a generic address */
    uint8_t *window;                        /* per register: PTX_WIN_*, a pointer into shared memory */
    uint8_t *weight;                        /* per register: the 32-bit registers its value takes */
    uint8_t *expansion;                     /* per instruction: ptx_expansion_registers (ptx_liveness) */
    bool *pinned;                           /* per register: a load's that ptxas hoists out of its loop,
                                               live in the whole loop (ptx_liveness); NULL: none */
    uint32_t *need_order;                   /* per block, its instructions in the order the need counts
                                               them: loads moved down to their first reader (ptx_liveness) */
    int64_t module_shared;                  /* bytes of module-level .shared variables the function uses */
    uint32_t *sym_stamp, stamp;             /* the module's symbols, stamp where this function uses them */
    int32_t *only_def;                      /* per register: its single unguarded definition, or -1 */
    uint32_t *def_start, *def_ins;          /* per register r: the instructions defining it, in order, at
                                               def_ins[def_start[r] .. def_start[r + 1]) */
    uint32_t *rd_seen, *rd_stack, rd_stamp; /* scratch of reaching_def */
    ptx_syncinfo *sync;                     /* NULL until ptx_sync_of */
    ptx_threads *threads;                   /* NULL until ptx_threads_of */
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

/* ---- known bits (operations in ptx_kbits.h): integers of which some bits are known ---- */
typedef struct ptx_kb {
    uint64_t one, zero; /* bits known to be one, bits known to be zero */
} ptx_kb;
enum { PTX_CMP_EQ, PTX_CMP_NE, PTX_CMP_LT, PTX_CMP_LE, PTX_CMP_GT, PTX_CMP_GE };

/* ---- the control-flow graph (ptx_cfg.c) ---- */
void ptx_build_def_use(ptx_ctx *c);   /* du, ndef, nuse, only_def, def_start, def_ins */
void ptx_build_cfg(ptx_ctx *c);       /* blocks, successors, predecessors */
void ptx_reachability(ptx_ctx *c);    /* reach, reaches_exit */
void ptx_post_dominators(ptx_ctx *c); /* ipdom */
void ptx_find_control_flow(ptx_ctx *c);
/* The last instruction in [from, to) that defines register r, or -1 (by def_start, def_ins). */
int32_t ptx_last_def(const ptx_ctx *c, uint32_t from, uint32_t to, int32_t r);
/* The one definition of register r that reaches instruction at, or -1 (none, several, guarded). */
int32_t ptx_reaching_def(const ptx_ctx *c, uint32_t at, int32_t r);
/* Every definition of r that reaches instruction at (up to max, into defs): how many, or -1 when
 * there are more, one is guarded, or r may reach at undefined. */
int ptx_reaching_defs(const ptx_ctx *c, uint32_t at, int32_t r, int32_t *defs, int max);

/* ---- synchronisation and loops (ptx_sync.c) ---- */
enum ptx_sync_kind {
    PTX_SY_NONE,
    PTX_SY_BLOCK,          /* bar.sync, barrier.sync, bar.red: every thread of the block waits */
    PTX_SY_CLUSTER,        /* barrier.cluster.wait: every thread of the cluster waits (so the block too) */
    PTX_SY_WARP,           /* bar.warp.sync: the lanes of a warp wait, with memory ordering */
    PTX_SY_CP_ASYNC,       /* cp.async.ca/cg: a shared write completed by cp.async.wait_group/wait_all */
    PTX_SY_CP_COMMIT,      /* cp.async.commit_group */
    PTX_SY_CP_WAIT,        /* cp.async.wait_group N, cp.async.wait_all */
    PTX_SY_BULK_MBAR,      /* cp.async.bulk(.tensor) into shared memory, completed on an mbarrier */
    PTX_SY_BULK_READ,      /* cp.async.bulk from shared memory: reads it until cp.async.bulk.wait_group */
    PTX_SY_BULK_COMMIT,    /* cp.async.bulk.commit_group */
    PTX_SY_BULK_WAIT,      /* cp.async.bulk.wait_group[.read] N */
    PTX_SY_MBAR_WAIT,      /* mbarrier.try_wait / test_wait */
    PTX_SY_MBAR_OTHER,     /* other mbarrier operations */
    PTX_SY_BAR_ARRIVE,     /* bar.arrive, barrier.arrive: signals a named barrier without waiting */
    PTX_SY_BAR_PART,       /* bar.sync, barrier.sync with a thread count below the block's: those threads wait */
    PTX_SY_WGMMA,          /* wgmma.mma_async: reads its shared operands through descriptors */
    PTX_SY_CLUSTER_ARRIVE, /* barrier.cluster.arrive: releases the thread's accesses before it to the wait */
    PTX_SY_WGMMA_COMMIT,   /* wgmma.commit_group */
    PTX_SY_WGMMA_WAIT,     /* wgmma.wait_group N: the warp's wgmmas but the N latest groups are done */
    PTX_SY_PROXY_FENCE     /* fence.proxy.async (not .global): the thread's generic accesses to shared memory
                              before it ordered with the async proxy's after it (bulk copies, wgmma) */
};
#define PTX_STOP_BLOCK ((1u << PTX_SY_BLOCK) | (1u << PTX_SY_CLUSTER))
#define PTX_STOP_WARP  (PTX_STOP_BLOCK | (1u << PTX_SY_WARP))

typedef struct ptx_loop {
    uint32_t head, latch, size; /* the back edge latch -> head; blocks in the body */
} ptx_loop;

struct ptx_syncinfo {
    uint8_t *kind;                 /* per instruction: enum ptx_sync_kind */
    ptx_loop *loops;               /* natural loops, one per back edge */
    uint32_t nloops, words;        /* loops kept; 64-bit words of one body */
    uint64_t *body;                /* nloops bit sets of blocks */
    int32_t *inner;                /* per block: the innermost loop holding it, -1 none */
    uint32_t present;              /* the kinds the function uses, 1 << kind each */
    bool *back_edge;               /* per successor edge (index into succ) */
    bool *dead_edge;               /* per successor edge: never taken for the block's size, or only for an empty
                                      input (set by the race analysis, NULL until then; ptx_walk does not
                                      follow such edges) */
    uint32_t *stale;               /* per instruction: ptx_stale_parity's answer plus 1, 0 not worked out yet
                                      (NULL until asked) */
    int32_t *edge_loop;            /* per successor edge: the loop it closes, -1 none, -2 not kept */
    bool *cyclic;                  /* per block: on a cycle of the control-flow graph */
    bool *latch;                   /* per block: the source of a back edge */
    uint32_t *seen, *queue, stamp; /* scratch of ptx_walk */
    uint32_t walk_loops;           /* the loops a walk's state tells apart (ptx_sync.c) */
    uint8_t *holds_loop;           /* per loop: whether it holds another (of another head) */
    bool nested;                   /* some loop holds another */
    uint32_t *idom, *po;           /* immediate dominators and postorder numbers (ptx_dominates), built on first use */
    bool *block_arrival;           /* per instruction: an mbarrier arrival that acts as a block barrier (arrive and
                                      wait by every thread on an mbarrier counting the block); NULL: none */
    bool *block_wait;              /* per instruction: block_arrival's barriers with the waits in place of the
                                      arrivals where a thread accesses memory between the two (a split barrier);
                                      NULL when there is none */
};
/* The kind a walk stops by at instruction i: a block barrier for such arrivals, else its own. */
static inline uint8_t ptx_stop_kind(const ptx_syncinfo *s, uint32_t i)
{
    return s->block_arrival && s->block_arrival[i] ? (uint8_t)PTX_SY_BLOCK : s->kind[i];
}
ptx_syncinfo *ptx_sync_of(ptx_ctx *c);
void ptx_find_block_arrivals(ptx_ctx *c); /* ptx_syncinfo.block_arrival, once the registers' forms are known */
bool ptx_dominates(ptx_ctx *c, uint32_t d, uint32_t b); /* block d is on every path from the entry to b */
uint32_t ptx_idom(ptx_ctx *c, uint32_t b); /* b's immediate dominator; UINT32_MAX for the entry, unreachable */
bool ptx_in_loop(const ptx_syncinfo *s, int32_t loop, uint32_t b);
/* Whether barrier instruction i names a thread count that may be below the block's (a named barrier
 * that only some warps take part in). */
bool ptx_partial_barrier(const ptx_ctx *c, uint32_t i);
/* Arrive and wait: an arrival on an mbarrier (mbarrier.arrive, release unless .relaxed) or on a
 * named barrier (bar.arrive, a partial bar.sync) releases the thread's earlier accesses to the
 * threads that then complete a wait on it (mbarrier.try_wait/test_wait, acquire unless .relaxed;
 * a partial bar.sync). The barrier: its number, or the mbarrier's symbol and offset (exact: a
 * constant offset). */
enum { PTX_HANDOFF_RELEASE = 1, PTX_HANDOFF_ACQUIRE = 2 };
/* A named barrier whose number a loop's iterations pick has the key PTX_HANDOFF_STEPPED plus its
 * numbers' sequence (ptx_sync.c, iteration_key); barrier numbers are below 16. */
#define PTX_HANDOFF_STEPPED ((int64_t)1 << 40)
typedef struct ptx_handoff_key {
    uint8_t named; /* a named barrier (else an mbarrier) */
    bool exact;
    int32_t sym;
    int64_t at;
} ptx_handoff_key;
uint8_t ptx_handoff_role(const ptx_ctx *c, uint32_t i, ptx_handoff_key *key); /* PTX_HANDOFF_* bits */
/* The symbol of instruction i's last address operand (a copy's or a wait's mbarrier), or -1. */
int32_t ptx_mbarrier_symbol(const ptx_ctx *c, uint32_t i);
/* For a wait with a constant parity: the line of the wait on its mbarrier before it (with a phase's
 * arrivals between) that named the same parity, so that it names a phase already complete; for a wait
 * on a ring of mbarriers whose parities do not follow their uses (ptx_ring_parity_stale), its own
 * line; 0 none. */
uint32_t ptx_stale_parity(const ptx_ctx *c, uint32_t i);
/* ptx_steps.c, over a loop's first PTX_STEP_SAMPLES steps: whether wait i, in a loop and on one of a
 * ring of mbarriers picked per step, names parities that do not follow each mbarrier's uses; the
 * numbers the steps give named barrier i, four bits each (-1: not such); the one number operand o of
 * instruction i holds whatever the loops before it ran. */
enum { PTX_STEP_SAMPLES = 8 };
bool ptx_ring_parity_stale(const ptx_ctx *c, uint32_t i);
int64_t ptx_step_numbers(ptx_ctx *c, uint32_t i);
bool ptx_one_number(ptx_ctx *c, uint32_t i, const ptx_operand *o, int64_t *v);
/* The value of operand j of instruction i when it is a constant (an immediate, or a register holding
 * one). */
bool ptx_constant_operand(const ptx_ctx *c, uint32_t i, int j, int64_t *value);
/* Whether instruction in carries modifier name (or name:..., as .shared::cta). */
bool ptx_has_mod(const ptx_function *f, const ptx_instr *in, const char *name);
int32_t ptx_loop_between(const ptx_ctx *c, uint32_t inside, uint32_t outside);
/* How a walk reached an instruction, relative to a reference instruction: around which loop holding
 * the reference (via: -1 none, a loop id for its back edges, -2 several loops; many: more than once
 * around it), and whether around loops not holding it (noisy). Leaving the loop gone around forgets
 * it: what follows the loop does not depend on how many times the walk went round. */
typedef struct ptx_way {
    int32_t via;
    bool noisy, many;
} ptx_way;
/* The walk visits only the instructions `wanted` (per instruction: the first at or after it in its
 * block that the visitor wants or that synchronises, the block's end when none; NULL: all) and
 * returns how many instructions it passed, those it skipped included. */
uint64_t ptx_walk(ptx_ctx *c, uint32_t from, uint32_t ref, uint32_t stop, const uint32_t *wanted,
                  void (*visit)(ptx_ctx *, uint32_t, ptx_way, void *), void *arg);

/* ---- values per thread (ptx_threads.c) ----
 * An access's address and whether each thread of a block makes it, computed thread by thread from
 * the definitions that reach it; uniform values the analysis cannot know are sampled. */
enum { PTX_ACT_NO, PTX_ACT_YES, PTX_ACT_MAYBE };
typedef struct ptx_tvals {
    uint32_t n;    /* threads (linear index) */
    bool known;    /* every address known: in kv, else in addr */
    ptx_kb *addr;  /* per thread */
    uint64_t *kv;  /* per thread */
    uint8_t *act;  /* per thread: PTX_ACT_* */
    bool sampled;  /* depends on a sampled uniform value */
    bool relative; /* depends on how the access relates to the reference (loop-varying values) */
    /* over the threads that may make the access (PTX_ACT_YES or MAYBE): */
    uint32_t active;      /* how many */
    uint64_t lo, hi;      /* the smallest and largest address they may use */
    uint64_t ones, zeros; /* bits one (zero) in every such address */
    uint8_t apart;        /* known and growing with the thread: the low bits two addresses never all share
                             (255: two are equal); 0 otherwise */
} ptx_tvals;
ptx_threads *ptx_threads_of(ptx_ctx *c);
void ptx_threads_free(ptx_threads *th);
int ptx_threads_samples(ptx_ctx *c); /* how many samples of the unknown uniform values */
/* A sample beyond those: the first block, every loop in its first iteration, run by the threads that
 * enter it (with ptx_eval.params: a witness for one launch) */
enum { PTX_SAMPLE_FIRST = 8 }; /* apart from samples 0 to 2 and the bank and sector ones, 4 to 6 */
uint64_t ptx_symbol_base(const ptx_ctx *c, int32_t sym); /* where a symbol is taken to start */
int ptx_threads_count(ptx_ctx *c);                       /* threads in the block, 0 when they cannot be enumerated */
/* An identity of instruction ins's address operand `which` less its constant *offset: accesses with
 * the same one (and the same threads) differ only by that offset; -1 when not evaluable. */
int32_t ptx_threads_base(ptx_ctx *c, uint32_t ins, int which, int64_t *offset);
int32_t ptx_threads_activity(ptx_ctx *c, uint32_t ins);  /* an identity of who makes it (-1 every thread) */
bool ptx_threads_activity_cut(ptx_ctx *c, uint32_t ins); /* who makes it is not followed past a loop's latch */
/* How an access's loop-varying values relate to those of a reference access (the one a walk started
 * from), given how the walk got to it (ptx_way): for a loop holding the reference, its counters as
 * sampled (not gone around), one further (gone around once; its other values unknown), or as on
 * entry (an enclosing loop went around); for a loop not holding it, as on entry, or as sampled (some
 * iteration) when the walk went around such loops. */
typedef struct ptx_eval {
    int s;            /* sample */
    int32_t via;      /* ptx_way */
    bool noisy;       /* ptx_way */
    int32_t from;     /* the reference access's instruction; -1: this access is the reference */
    bool unknown;     /* every loop-varying value unknown (the accesses share a loop with no barrier) */
    uint32_t threads; /* only the first this many threads (0: all of the block) */
    uint8_t trips;    /* times around loop `via` when it names one: 0 or 1 once, up to 3 (flights of copies) */
    bool many;        /* around loop `via` more than once, how many times not known */
    uint32_t around;  /* noisy: the one loop gone around, plus 1; 0 when not known (flights of copies) */
    bool later;       /* with around and trips: that loop's counters trips iterations on from the sample's */
    bool params;      /* comparisons with parameters and block indices decided by the sample (a witness
                         for some launch, not every one: the addresses a store's data is loaded from) */
    uint32_t last;    /* a loop plus 1: its iteration counts in its last iteration, when its trip count is known
                         (the reference, leaving the loop for the other access past no barrier, was made in
                         it); 0 none. Such values are neither kept nor read from kept ones */
} ptx_eval;
/* The address operand `which` (0 the first) of instruction ins for every thread. false: not evaluable. */
bool ptx_threads_access(ptx_ctx *c, uint32_t ins, int which, const ptx_eval *ev, ptx_tvals *out);
ptx_tvals *ptx_threads_scratch(ptx_ctx *c, int k); /* two evaluation buffers (k 0, 1) for any rule */
/* Operand `which` (a register or an immediate) of instruction ins for every thread in sample s, into
 * out (ptx_threads_count entries). false: not known for every thread. */
bool ptx_threads_operand(ptx_ctx *c, uint32_t ins, int which, int s, uint64_t *out);
/* Whether each thread goes on from loop l's first iteration to its second (PTX_ACT_*, in the first block,
 * comparisons with parameters left open), into act (ptx_threads_count entries). false when not evaluable. */
bool ptx_threads_next_iteration(ptx_ctx *c, int32_t l, uint8_t *act);
/* Whether instruction ins's address changes between iterations of a loop (depends on a loop's value). */
bool ptx_threads_loop_address(ptx_ctx *c, uint32_t ins);

/* ---- bank conflicts (ptx_banks.c) ---- */
typedef struct ptx_bank_conflict {
    int degree;
    uint32_t warp, lane[2]; /* two lanes of that warp whose words share a bank ... */
    uint64_t addr[2];       /* ... and their words' addresses */
} ptx_bank_conflict;
int ptx_bank_degree_of_stride(int64_t stride, int size); /* consecutive threads stride bytes apart */
void ptx_find_bank_conflicts(ptx_ctx *c);                /* BANK_CONFLICT */

/* ---- global sectors thread by thread (ptx_sectors.c) ---- */
typedef struct ptx_sector_use {
    int64_t touched, needed; /* 32-byte sectors of the worst warp, and those its bytes need */
    uint32_t warp, lanes;    /* that warp, and how many of its lanes make the access */
} ptx_sector_use;
typedef struct ptx_sector_memo ptx_sector_memo; /* a function's answers so far (NULL before the first) */
/* For an address that is not a constant stride of tid.x; false when it cannot be evaluated. */
bool ptx_sectors_of_threads(ptx_ctx *c, uint32_t ins, int size, ptx_sector_memo **memo, ptx_sector_use *use);

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

/* Whether instruction j writes register reg. */
static inline bool ptx_defines(const ptx_ctx *c, uint32_t j, int32_t reg)
{
    for (uint32_t k = 0; k < c->ndef[j]; k++)
        if (c->du[c->du_start[j] + k] == reg)
            return true;
    return false;
}

/* ---- ptxas's scheduler, modelled (ptx_schedule.c) ---- */
/* Loads (and texture fetches) ptxas may move: not volatile. */
bool ptx_movable_load(const ptx_function *f, const ptx_instr *in);
/* Scratch for one function's blocks: per register, per node of a block, edges and lists. */
typedef struct ptx_sched {
    int32_t *block; /* all of the arrays below but heap */
    size_t used;
    uint32_t tick, nedges, edge_cap, nlist, list_cap, nvals, nopnds;
    uint32_t start, end;             /* the instructions scheduled */
    const uint8_t *conditional;      /* per instruction: in a branch ptxas predicates (NULL: none) */
    uint32_t *reg_stamp, *pin_stamp; /* per register */
    int32_t *cur_val, *last_reader;  /* per register */
    int32_t *first_edge, *npred, *lat, *height, *ready_at, *order, *waiting; /* per node */
    int32_t *issued, *fetch, *rank, *by_rank, *waiting_now;                  /* per node */
    uint32_t *instr, *opnd_start;                                            /* per node */
    uint64_t *heap;                                                          /* per node */
    int32_t *opnd_val;                                                       /* per operand */
    int32_t *val_def, *val_reg, *val_from, *val_to, *readers;                /* per value */
    int32_t *diff;                                                           /* per slot */
    int32_t *edge_to, *edge_lat, *edge_next, *list_node, *list_next;
    int32_t fence, barrier, split, store[PTX_SP_COUNT], loads[PTX_SP_COUNT];
    bool writes_global, fence_is_barrier; /* the block writes global memory; the last fence is a barrier */
    bool refills_tile;                    /* an unrolled loop storing to shared memory between barriers */
} ptx_sched;

/* Scratch for the regions listed: blocks[k] to last[blocks[k]], one after the other; copies[b]: how
 * many copies of block b one schedule holds (an unrolled loop). */
void ptx_sched_init(ptx_sched *s, const ptx_ctx *c, const int *copies, const uint32_t *blocks, const uint32_t *last,
                    uint32_t nblocks);
void ptx_sched_free(ptx_sched *s);
/* Registers the SASS expansion of instruction in holds beyond its operands and result. */
int ptx_expansion_registers(const ptx_function *f, const ptx_instr *in);
/* The most registers blocks first to last (consecutive: a block and the branches ptxas predicates
 * after it, s->conditional) hold when scheduled for latency as one, `copies` of them one after the
 * other (an unrolled loop): base[r] is the register a use of r keeps live (-1: none), base[r] == r
 * when r's definitions take a register of their own; live_out: what leaves block last. */
int ptx_scheduled_pressure(const ptx_ctx *c, const int32_t *base, uint32_t first, uint32_t last, int copies,
                           const uint64_t *live_out, ptx_sched *s);

/* ---- registers (ptx_registers.c) ---- */
void ptx_liveness(ptx_ctx *c); /* f->maxlive, maxlive_scheduled, maxlive_pred */
/* f->reg_need, reg_latency and what ptx_allocate_registers derives, given the bytes of a .local
 * array that lives in registers */
void ptx_estimate_registers(ptx_ctx *c, int64_t promoted_local_bytes);
/* Whether bytes more of values fit in registers with what f needs, under its cap (f->maxlive set) */
bool ptx_fits_registers(const ptx_ctx *c, int64_t bytes);
void ptx_find_uninitialized(ptx_ctx *c);

/* ---- memory (ptx_memory.c) ---- */
void ptx_memory_and_roofline(ptx_ctx *c); /* f->mem, flops, bytes; module_shared */
void ptx_generic_addresses(ptx_ctx *c);   /* generic, window */
/* LOCAL_MEMORY; the bytes of the .local array when it lives in registers, else 0 */
int64_t ptx_find_local_memory(ptx_ctx *c);
void ptx_find_memory_patterns(ptx_ctx *c);

/* ---- shared-memory races (ptx_races.c) ---- */
void ptx_find_shared_races(ptx_ctx *c); /* also block_bound */

#endif
