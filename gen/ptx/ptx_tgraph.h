/* The expression graph of values per thread: shared by its construction (ptx_tgraph.c) and its
 * evaluation (ptx_threads.c). */
#ifndef TRUENO_PTX_TGRAPH_H
#define TRUENO_PTX_TGRAPH_H

#include "ptx_analysis.h"

/* The graph: leaves are constants, the thread's coordinates, uniform values the analysis does not
 * know (atoms: parameters, block indices, loop counters), and values that differ between threads in
 * ways it does not follow (unknown: loaded data, shuffles). Atoms are sampled: each sample gives
 * every atom one value (loop iteration counts small integers, the rest powers of two, the usual
 * strides and sizes), the same for every thread, so that relations between accesses that hold for
 * any value (a thread's slot against its partner's, at one stride) show in every sample. */
enum { TN_CONST, TN_TID, TN_NTID, TN_LANE, TN_ATOM, TN_UNKNOWN, TN_OP };
enum {
    OP_ADD,
    OP_SUB,
    OP_MUL,
    OP_SHL,
    OP_SHR,
    OP_AND,
    OP_OR,
    OP_XOR,
    OP_NOT,
    OP_DIV,
    OP_REM,
    OP_MIN,
    OP_MAX,
    OP_SELP,
    OP_BFE,
    OP_BFI,
    OP_LOP3,
    OP_CVT,
    OP_SETP,
    OP_MULHI,
    OP_BREV
};

typedef struct tnode {
    uint8_t kind, op, w, sgn; /* result width in bits; a signed operation */
    uint8_t aux;              /* SETP: comparison; CVT: source width; SHR: arithmetic; ATOM: an iteration count, or a
                                 block's rank in its cluster (both sampled 0 and 1) */
    uint8_t loop;             /* ATOM: changes between iterations of a loop */
    uint8_t param;            /* depends on an atom that is not a loop's (a parameter, a block index) */
    uint8_t self;             /* ATOM: the phi being built, inside its own update (its current value) */
    uint8_t atoms, loops;     /* depends on an atom, on a loop's atom (then its value depends on the relation) */
    uint8_t small;            /* ATOM: divides a value that differs between threads (sampled below a block too) */
    uint8_t choice;           /* ATOM: which way a merge inside a loop's iteration came: imm indexes th->choices */
    int32_t lid;              /* ATOM: that loop (ptx_sync.c's id), -1 unknown */
    int32_t arg[4];           /* ATOM: arg[0] its value on entry to the loop, arg[1] one iteration on; -1 unknown */
    uint64_t imm; /* CONST: value; TID, NTID: dimension; ATOM: identity; LOP3: truth table; SETP: operand width */
} tnode;

enum { MAX_NODES = 1 << 16, MAX_DEPTH = 40, LEAF_SLOTS = 1024 };

/* A register a loop updates on some paths of its iteration, where those paths join (ptx_tgraph.c). */
typedef struct ptx_choice {
    uint32_t update, join; /* the update (an instruction) and the block where its paths join the others */
    int32_t from;          /* the reference last asked about (-1 none) ... */
    int how;               /* ... and the answer (ptx_tgraph_choice) */
} ptx_choice;

struct ptx_threads {
    tnode *nodes;
    uint32_t nn, cap;
    int32_t *def_node;       /* per instruction: the node of its first destination; -2 not built */
    int32_t *addr_node;      /* per instruction: its first address, less the constant offset; -2 not built */
    int64_t *addr_off;       /* ... that offset */
    int32_t *act_node;       /* per instruction: whether a thread executes it; -2 not built, -1 every thread */
    int32_t *act_first_node; /* ... in the first iteration of its loops (ptx_tgraph_first_activity) */
    uint8_t *act_cut;        /* ... act_node stops at a loop's latch (ptx_tgraph_activity_cut) */
    int32_t unknown32;       /* a shared unknown leaf, for when the graph is full */
    int dims[3], nthreads;
    uint32_t *mark, mark_stamp, *order, norder, *stack, scratch_cap;
    /* scratch of collect: a bit per node, zero between calls */
    uint64_t *order_bits;
    ptx_kb **kb;      /* per node, during an evaluation: its values in known bits ... */
    uint64_t **kv;    /* ... or as plain integers, when every bit of every value is known */
    uint8_t *uni;     /* ... one value serving every thread */
    ptx_kb *kb_store; /* where they are */
    uint64_t *kv_store;
    size_t kb_cap, kv_cap;
    /* per node collected: its kept values when found[x].key (then not evaluated) */
    struct ptx_root *found;
    bool sizing;           /* evaluating for blocks of several sizes (ptx_threads_count): no node kept */
    struct ptx_root *kept; /* values of roots (addresses, activities) kept per sample: a hash table */
    uint32_t kept_cap, kept_n;
    struct ptx_kept_access *kept_acc; /* evaluated accesses whose roots were kept (ptx_threads.c): a table */
    uint32_t kept_acc_cap, kept_acc_n;
    ptx_tvals *acc_vals; /* ... and their summaries */
    uint32_t nacc_vals, acc_vals_cap;
    void **blocks; /* ... stored here */
    uint32_t nblocks;
    size_t block_used, stored;
    uint32_t *rd_seen, *rd_stack, rd_stamp;
    int32_t *constants; /* per register: the node of one only ever set to constants (built on first use: -3
                           until then), -1 not such a register, -2 not looked at yet (constant_choice) */
    struct {
        int32_t reg, defs[2];
    } building[4]; /* the phis whose update is being built */
    int nbuilding;
    ptx_choice *choices; /* the choice atoms' updates (tnode.choice) */
    uint32_t nchoices, choices_cap;
    uint64_t *merge_key;       /* the gated merges built (ptx_tgraph.c): register, block and kind, a hash table */
    int32_t *merge_node;       /* ... their nodes */
    ptx_tvals scratch[2];      /* ptx_threads_scratch */
    int32_t *trips;            /* per loop: how many times it runs, when its latch says; 0 not worked out, -1 unknown */
    const uint8_t *holds_loop; /* per loop: whether it holds another (the function's ptx_syncinfo) */
    uint8_t *divisor;          /* per register: the divisor of a div or rem whose dividend differs between threads */
    /* per root node: its loop atoms at atom_lists[atoms_at] (their number first); -2 not listed, -1 too many
     * to key on */
    int32_t *atoms_at;
    uint32_t atoms_cap;
    int32_t *atom_lists;
    uint32_t atom_lists_n, atom_lists_cap;
};

/* The node of instruction ins's address operand `which` (less its constant *offset), and of whether
 * a thread executes it (-1: every thread), built on first use. */
int32_t ptx_tgraph_address(ptx_ctx *c, ptx_threads *th, uint32_t ins, int which, int64_t *offset);
/* The value of instruction ins's operand `which` (a register or an immediate): its node, -1 otherwise. */
int32_t ptx_tgraph_operand(ptx_ctx *c, ptx_threads *th, uint32_t ins, int which);
/* Whether branch br's guard is decided by the block's size and constants alone (one value for every
 * thread; no parameter, block index, loop counter or loaded data in it): *taken, whether it jumps.
 * (nvcc tests a loop over the block's size for no iterations: never so for any block.) */
bool ptx_tgraph_branch_decided(ptx_ctx *c, ptx_threads *th, uint32_t br, bool *taken);
/* How many times loop l runs when its latch says (a counter stepped by a constant, or shifted by one,
 * against a bound, both from values the block's size and constants compute); -1 when not known. */
int32_t ptx_tgraph_trips(ptx_ctx *c, ptx_threads *th, int32_t l);
/* The shared variable a wgmma's operand `which` (1: A, 2: B) points into through its descriptor, or -1
 * (A in registers, or a descriptor whose address the analysis does not trace to a variable). */
int32_t ptx_wgmma_symbol(const ptx_ctx *c, uint32_t ins, int which);
int32_t ptx_tgraph_activity(ptx_ctx *c, ptx_threads *th, uint32_t ins);
/* Whether a thread executes ins in the first iteration of the loops holding it (their entries'
 * conditions in place of their latches'), and whether ptx_tgraph_activity stops at a latch. */
int32_t ptx_tgraph_first_activity(ptx_ctx *c, ptx_threads *th, uint32_t ins);
bool ptx_tgraph_activity_cut(ptx_ctx *c, ptx_threads *th, uint32_t ins);
/* Whether a thread goes from loop l's first iteration on to its second (evaluated in the first): it
 * entered the loop, reached its latch and was sent round; -1 when every thread is. */
int32_t ptx_tgraph_next_activity(ptx_ctx *c, ptx_threads *th, int32_t l);
/* For a choice atom (a register a loop updates on some paths of its iteration, used where they join):
 * which way it came in the iteration of instruction from, when from's place says: 1 the update, 0 not,
 * -1 either. */
int ptx_tgraph_choice(ptx_ctx *c, ptx_threads *th, const tnode *n, uint32_t from);
int32_t ptx_tgraph_leaf(ptx_threads *th, uint8_t kind, int w, uint64_t imm);

/* The values of roots x (an address) and y (an activity, or -1) for every thread, as ev says (ptx_teval.c):
 * kept ones reused (kept_only: only those; false when one is not kept). An entry holds plain values (kv) or known bits
 * (kb), one for all threads when uni. true when every root's values are those kept under its key (out[k].key), whether
 * kept now or not: for the whole block, and the same each time they are asked for with that key. */
typedef struct ptx_root {
    uint64_t key; /* 0: empty */
    uint8_t uni;
    uint64_t *kv;
    ptx_kb *kb;
} ptx_root;
bool ptx_teval_roots(const ptx_ctx *c, ptx_threads *th, int32_t x, int32_t y, const ptx_eval *ev, ptx_root out[2],
                     bool kept_only);
ptx_kb ptx_root_value(const ptx_root *e, uint32_t t);
void ptx_teval_forget(ptx_threads *th); /* after the block's size changed */

/* An access evaluated from kept roots (ptx_threads.c): identified by the array it stays in, the
 * threads, its roots' keys and its offset; its summaries in th->acc_vals[at] (its threads are filled
 * again from the roots, cheaply; summarising them is what costs). */
typedef struct ptx_kept_access {
    uint64_t key[4]; /* key[0] 0: empty */
    int32_t at;      /* -1: claimed, not stored */
    bool left;       /* some thread would leave the array it indexes (their activity is cleared) */
} ptx_kept_access;

/* The summaries of access ins as ptx_threads_access gives them, without its threads (their arrays
 * NULL), when they are kept; false otherwise, and nothing evaluated. */
bool ptx_threads_summary(ptx_ctx *c, uint32_t ins, int which, const ptx_eval *ev, ptx_tvals *out);

#endif
