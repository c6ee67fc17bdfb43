/* Shared-memory races: the accesses and the state the race rule (ptx_races.c) and its conflict test
 * (ptx_conflicts.c) share. */
#ifndef TRUENO_PTX_RACES_H
#define TRUENO_PTX_RACES_H

#include "ptx_analysis.h"

/* Which pairs of threads can race: any two (asynchronous copies, other blocks of a cluster), two
 * different threads, or two threads of different warps (ordered within a warp by bar.warp.sync). */
enum { PTX_PAIR_ANY, PTX_PAIR_OTHER_THREADS, PTX_PAIR_OTHER_WARPS };

typedef struct racc {
    uint32_t ins;
    uint8_t write, atomic, async, remote;
    uint8_t which; /* the address operand that points into shared memory */
    uint32_t size; /* bytes per thread; 0: from the address to the end of the array */
} racc;

typedef struct eval_key {
    uint32_t ins, from_block;
    int s, via;
    uint8_t which, unknown, ok;
} eval_key;

typedef struct keyed {
    uint64_t key;
    uint32_t t;
    uint8_t side;
} keyed;

typedef struct races {
    ptx_ctx *c;
    racc *acc;
    uint32_t na;
    int32_t *acc_of; /* per instruction: its access, or -1 */
    bool *reported;  /* per instruction */
    /* what walks reached: per access, the first way (via + 2, 0 not reached) and whether others */
    int32_t *via[2];
    bool *multi[2];
    bool *direct[2]; /* reached around no back edge */
    uint32_t *list[2], nlist[2];
    int side;           /* which of the two the walk running now fills */
    uint32_t start;     /* where it started */
    bool start_pending; /* ... and has not passed that instruction yet */
    uint64_t visits;    /* instructions walks visited (to bound the optional walks) */
    ptx_tvals v[2];
    eval_key cached[2];
    keyed *keys;
    uint32_t *fseen, fstamp; /* flights of asynchronous copies: per block and state */
} races;

void ptx_find_block_bound(ptx_ctx *c, const racc *acc, uint32_t na);
/* May x (relative to itself) and y (evaluated as ev says) touch one byte, for threads filter allows? */
bool ptx_may_conflict(races *r, const racc *x, const racc *y, int filter, const ptx_eval *ev);

#endif
