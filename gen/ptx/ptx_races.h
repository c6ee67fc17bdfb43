/* Shared-memory races: the accesses and the state the race rule (ptx_races.c) and its conflict test
 * (ptx_conflicts.c) share. */
#ifndef TRUENO_PTX_RACES_H
#define TRUENO_PTX_RACES_H

#include "ptx_analysis.h"

/* Which pairs of threads can race: any two (asynchronous copies, other blocks of a cluster), two
 * different threads, or two threads of different aligned groups of 2^lg (PTX_PAIR_GROUPS + lg):
 * of different warps, ordered within a warp by bar.warp.sync, or of different tiles of a warp,
 * ordered within a tile by a bar.warp.sync with the tile's mask. */
enum { PTX_PAIR_ANY, PTX_PAIR_OTHER_THREADS, PTX_PAIR_GROUPS = 8, PTX_PAIR_OTHER_WARPS = PTX_PAIR_GROUPS + 5 };

/* Ways a walk may reach an access by, beyond two, each compared on its own (a pair in nested loops
 * meets directly and round each loop once or more, noisy or not); more than that: any iteration. */
enum { PTX_MORE_WAYS = 12 };

typedef struct racc {
    uint32_t ins;
    uint8_t write, atomic, async, remote;
    uint8_t inflight;   /* a wgmma's read of an operand: compared at issue, and in flight until retired */
    uint8_t mbarrier;   /* an mbarrier instruction on the object: compared with those only */
    uint8_t which;      /* the address operand that points into shared memory */
    uint8_t store_kind; /* a plain store's kind (STORE_* in ptx_races.c), 0 not known yet */
    uint32_t size;      /* bytes per thread; 0: from the address to the end of the array */
    int32_t base;       /* the node of its address less a constant offset (ptx_threads_base), -1 unknown */
    int64_t off;
} racc;

typedef struct keyed {
    uint64_t key;
    ptx_kb v;
    uint32_t t;
    uint8_t side;
} keyed;

/* An access evaluated for one sample: the threads that may make it, their addresses sorted when all
 * are known, and summaries for quick answers. */
typedef struct ptx_profile {
    uint32_t n; /* threads that may make the access */
    bool valid, known, sampled, relative, detailed;
    uint64_t lo, hi;      /* the smallest and largest address they may use */
    uint64_t ones, zeros; /* bits one (zero) in every such address */
    int32_t warps;        /* per warp, the range of its addresses: at r->ranges[warps] (-1 none) */
    uint8_t apart;        /* (known) the low bits two threads' addresses never share all: 0 unknown,
                             255 two threads share an address */
    uint64_t *addr;       /* known: their addresses, sorted ... */
    uint32_t *t;          /* ... and threads */
    ptx_tvals raw;        /* every thread's values, kept when not all known or for copies */
} ptx_profile;

enum { DETAIL_SLOTS = 8, HANDOFF_KEYS = 16 };

/* How a pair may be ordered by arrive and wait (ptx_handoff.c): the first access before the second
 * within one step of the loops holding them, on every path (FORWARD); the second some steps later,
 * or after the first's loops, where conditions that pick a pipeline's first or last steps may skip
 * an arrival or a wait (FORWARD_LATER: on some path); two sides of a branch in one step, in either
 * order (EITHER); or steps unrelated, so each must be ordered before the other (BOTH). */
enum { PTX_ORDER_NONE, PTX_ORDER_FORWARD, PTX_ORDER_FORWARD_LATER, PTX_ORDER_EITHER, PTX_ORDER_BOTH };

typedef struct races {
    ptx_ctx *c;
    racc *acc;
    uint32_t na;
    int32_t *acc_of;  /* per instruction: its access, or -1 */
    int32_t *acc2_of; /* per instruction: a second access (a wgmma's B operand beside A), or -1 */
    bool *reported;   /* per instruction */
    /* what walks reached: per access, the first way (via + 2, 0 not reached) and whether others */
    int32_t *via[2], *via2[2]; /* per access: the first two ways a walk reached it (way codes) ... */
    bool *multi[2];            /* ... and whether it came more ways than that */
    int32_t *more[2];          /* the ways after those two, PTX_MORE_WAYS per access ... */
    uint8_t *nmore[2];         /* ... and how many: PTX_MORE_WAYS + 1 when there were more still */
    bool *direct[2];           /* reached around no back edge */
    uint32_t *list[2], nlist[2];
    int side;               /* which of the two the walk running now fills */
    uint32_t start;         /* where it started */
    bool start_pending;     /* ... and has not passed that instruction yet */
    uint64_t visits;        /* instructions walks passed (to bound the optional walks) */
    uint32_t *wanted;       /* per instruction: the next one walks visit (ptx_walk) */
    uint32_t store_checks;  /* pairs of stores compared thread by thread (bounded) */
    int8_t *loop_orders;    /* per loop: whether it holds a barrier or an ordering wait, -1 not worked out */
    uint8_t **next_round;   /* per loop: the threads its latch sends round (ptx_threads_next_iteration), or NULL */
    bool *next_known;       /* per loop: next_round worked out (NULL there: not known) */
    ptx_tvals v[2];         /* evaluation scratch ... */
    uint32_t v_acc[2];      /* ... holding access v_acc - 1 (0: nothing usable) ... */
    ptx_eval v_ev[2];       /* ... evaluated as this says */
    ptx_profile **profiles; /* per access (when used), sample and (un)known loop values: summaries kept */
    ptx_profile temp[2];    /* the pair being compared, in full */
    ptx_profile *related;   /* summaries that depend on the reference: a table */
    uint64_t *related_key;
    uint8_t *plain_known;            /* per access: 0 not evaluated yet, 1 its values depend on the reference, 2 not */
    ptx_profile dslot[DETAIL_SLOTS]; /* full profiles of the last accesses compared */
    uint64_t dkey[DETAIL_SLOTS];
    uint32_t dused[DETAIL_SLOTS], dtick;
    int dprotect;
    keyed *keys;
    uint64_t *sort_addr; /* sorting scratch */
    uint32_t *sort_t;
    bool profiled;     /* ptx_profiles_init done */
    uint64_t *ranges;  /* per-warp address ranges of summaries (the two slots', then kept ones) */
    bool warp_filters; /* some pair is compared for threads of different warps only */
    int group_lg;      /* the threads a warp or group barrier orders: aligned groups of 2^group_lg (5: a warp) */
    uint32_t *active_bars, nactive_bars; /* bar.warp.sync with the lanes activemask gives (ptx_races.c) */
    uint32_t active_passed;              /* the first of them the current access's group walk passes, 0 none */
    uint32_t group_stop;       /* the barriers that order such groups (PTX_STOP_WARP, and named group barriers) */
    bool between_groups;       /* the pair being reported: threads of different such groups, larger than a warp */
    uint32_t one_side_barrier; /* the pair being reported: the line of a barrier one side of its branch misses */
    uint32_t stale_wait;    /* a copy's flight: the line of a wait on its mbarrier whose parity names a stale phase */
    uint32_t stale_earlier; /* ... and of the wait before it that named that parity */
    bool stale_ring;        /* ... the wait's own, on a ring of mbarriers whose parities miss their uses */
    int32_t follow_w, follow_m; /* the last pair of mbarrier symbols steps_follow_waits answered for ... */
    int8_t follow;              /* ... and its answer, -1 none yet */
    uint32_t short_expect;  /* ... the line of an expect_tx announcing fewer bytes than the copies bring */
    struct one_side *one_sides; /* block barriers only one side of a thread-dependent branch reaches ... */
    uint32_t n_one_sides;       /* ... (find_one_sides) */
    uint32_t nranges, ranges_cap;
    uint32_t *fseen, fstamp;    /* flights of asynchronous copies: per block and state ... */
    uint32_t *faround;          /* ... and the loop it went around (flight_state.around) */
    int order;                  /* how the pair being checked may be ordered by arrive and wait (PTX_ORDER_*) */
    uint8_t *roles;             /* per instruction: PTX_HANDOFF_* (NULL until first needed) ... */
    ptx_handoff_key *role_keys; /* ... and the barrier */
    ptx_handoff_key keys_waited[HANDOFF_KEYS]; /* the barriers waited on, once each */
    uint32_t nkeys;
    uint32_t short_line;           /* a named barrier that counts fewer threads than its warps: a line ... */
    int64_t short_id, short_count; /* ... its number and count ... */
    int short_warps;               /* ... and the warps that arrive or wait on it (0: none such) */
    /* an mbarrier wait for a phase already complete: its line and that of the wait before it that
     * named its parity (0: none such) */
    uint32_t stale_hand, stale_hand_earlier;
    bool stale_hand_ring; /* ... the wait on a ring of mbarriers whose parities miss their uses */
    uint8_t *loop_hands; /* per loop: whether it arrives or waits on a barrier (hands_off_around) */
    int8_t *round_barred; /* per loop: whether every way around it passes a block barrier (-1 not worked out) */
    uint8_t **to_head;   /* per loop: per block, whether a path leads from it to the loop's head (goes_around;
                            NULL until asked) */
} races;

void ptx_find_block_bound(ptx_ctx *c, const racc *acc, uint32_t na);
/* May x (relative to itself) and y (evaluated as ev says) touch one byte, for threads filter allows? */
bool ptx_may_conflict(races *r, const racc *x, const racc *y, int filter, const ptx_eval *ev);
/* Access a evaluated as ev says (slot: the first or the second of a pair); NULL when it cannot be.
 * Summaries are kept and reused when they do not depend on the reference; full: with the threads
 * sorted by address (or every thread's values), in the slot. (ptx_profiles.c) */
const ptx_profile *ptx_profile_of(races *r, uint32_t a, const ptx_eval *ev, int slot, bool full);
void ptx_profiles_init(races *r);
/* Whether accesses x and y (other threads') are ordered by arrive and wait as `order` says. */
bool ptx_handoff_orders(races *r, uint32_t x, uint32_t y, int order);
void ptx_profiles_free(races *r);

#endif
