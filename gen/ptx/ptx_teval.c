/* Evaluating the expression graph of ptx_tgraph.c for every thread: plain integers where values are
 * known, known bits elsewhere; the values of roots (addresses, activities) kept for reuse. */
#include "ptx_kbits.h"
#include "ptx_tgraph.h"

#include <stdlib.h>
#include <string.h>

/* ---- evaluation ---- */

typedef struct eval_env {
    const ptx_ctx *c;
    const ptx_eval *ev;
    bool sampled;
    bool keep; /* every thread evaluated: values may be kept */
} eval_env;

/* The nodes in `order` by index: a few by insertion, more through a bit per node (cleared as read). */
static void sort_order(ptx_threads *th, uint32_t lo, uint32_t hi)
{
    uint32_t *order = th->order, n = th->norder;
    if (n <= 16) {
        for (uint32_t i = 1; i < n; i++)
            for (uint32_t j = i; j > 0 && order[j - 1] > order[j]; j--) {
                uint32_t t = order[j];
                order[j] = order[j - 1];
                order[j - 1] = t;
            }
        return;
    }
    uint64_t *bits = th->order_bits;
    for (uint32_t k = 0; k < n; k++)
        bits[order[k] / 64] |= (uint64_t)1 << (order[k] % 64);
    n = 0;
    for (uint32_t w = lo / 64; w <= hi / 64; w++)
        for (uint64_t b = bits[w]; b; b &= b - 1)
            order[n++] = w * 64 + (uint32_t)__builtin_ctzll(b);
    memset(bits + lo / 64, 0, (hi / 64 - lo / 64 + 1) * sizeof *bits);
}

static bool kept_node(const ptx_threads *th, int32_t x, const eval_env *env, ptx_root *out);

/* The nodes under the roots in `order`, arguments before their users (indices grow with
 * construction, so sorting them is enough). With env: an operation whose values are kept for env is
 * taken as it is (in th->found), its arguments left out. */
static void collect(ptx_threads *th, const int32_t *roots, int nroots, const eval_env *env)
{
    if (th->scratch_cap < th->nn + 4) {
        th->scratch_cap = th->nn * 2 + 64;
        size_t cap = th->scratch_cap;
        th->stack = realloc(th->stack, cap * sizeof *th->stack);
        th->mark = realloc(th->mark, cap * sizeof *th->mark);
        th->order = realloc(th->order, cap * sizeof *th->order);
        th->kb = realloc(th->kb, cap * sizeof *th->kb);
        th->kv = realloc(th->kv, cap * sizeof *th->kv);
        th->uni = realloc(th->uni, cap);
        th->found = realloc(th->found, cap * sizeof *th->found);
        free(th->order_bits);
        th->order_bits = calloc(cap / 64 + 1, sizeof *th->order_bits);
        if (!th->stack || !th->mark || !th->order || !th->kb || !th->kv || !th->uni || !th->found || !th->order_bits)
            abort();
        memset(th->mark, 0, cap * sizeof *th->mark);
        th->mark_stamp = 0;
    }
    uint32_t stamp = ++th->mark_stamp, sp = 0, *stack = th->stack, lo = UINT32_MAX, hi = 0;
    th->norder = 0;
    for (int k = 0; k < nroots; k++)
        if (roots[k] >= 0)
            stack[sp++] = (uint32_t)roots[k];
    while (sp) {
        uint32_t x = stack[--sp];
        if (th->mark[x] == stamp)
            continue;
        th->mark[x] = stamp;
        th->order[th->norder++] = x;
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
        th->found[x].key = 0;
        if (env && th->nodes[x].kind == TN_OP && kept_node(th, (int32_t)x, env, &th->found[x]))
            continue;
        for (int j = 0; j < 4; j++)
            if (th->nodes[x].arg[j] >= 0 && th->mark[th->nodes[x].arg[j]] != stamp)
                stack[sp++] = (uint32_t)th->nodes[x].arg[j];
    }
    sort_order(th, lo, hi);
}

static ptx_kb get(const ptx_threads *th, int32_t x, uint32_t t)
{
    uint32_t k = th->uni[x] ? 0 : t;
    return th->kv[x] ? (ptx_kb){th->kv[x][k], ~th->kv[x][k]} : th->kb[x][k];
}

/* An atom's value in sample s: iteration counts 0 in even samples, 1 in odd ones (in a loop that runs
 * fewer times, the last iteration that has a next one); block indices 0 in sample 1 (the first
 * block, whose indices stay below the run-time sizes they are clamped to); other atoms powers
 * of two from 256 to 2^18, spread by the atom's identity so that different atoms seldom share one (and
 * differ between s and s + 4). Run-time sizes and strides are taken to be at least a block: buffers
 * n apart indexed by the thread (double buffering, planes of a tile) do not overlap. A size that divides
 * a thread's value (t % n, t / n: code that expects more threads than n) is a power of two from 2 to 32
 * in odd samples; in samples 2 and 6 the others are a power of two plus an odd number below 32. */
static uint64_t atom_value(const ptx_threads *th, const tnode *n, int s)
{
    int32_t trips = n->aux && th->trips && n->lid >= 0 ? th->trips[n->lid] : 0;
    uint64_t last = trips > 1 ? (uint64_t)trips - 2 : 0; /* the last iteration with a next one */
    if (n->aux) {
        /* sample 2: loops that hold another one in their second iteration, the innermost in their first */
        uint64_t k = s == 2 && n->lid >= 0 && th->holds_loop[n->lid] ? 1 : (uint64_t)(s & 1);
        return trips > 0 && k > last ? last : k;
    }
    if (n->choice)
        return (uint64_t)(s & 1);
    uint64_t h = (n->imm * 0x9E3779B97F4A7C15ull) >> 59;
    if ((s == 1 || s == PTX_SAMPLE_FIRST) && n->imm >> 40 == 1 && (n->imm & 0xFFFFF) / 4 == PTX_SR_CTAID)
        return 0; /* the first block: run-time sizes then exceed the indices it makes of its own */
    if (n->small && (s & 1))
        return (uint64_t)2 << h % 5;
    if ((s & 3) == 2) /* an odd value: offsets masked to the block (s[(t + k) & 255]) do not cancel */
        return ((uint64_t)1 << (8 + (h + 3 * (uint64_t)s) % 11)) + 2 * (h % 16) + 1;
    return (uint64_t)1 << (8 + (h + 3 * (uint64_t)s) % 11);
}

static int64_t sext(uint64_t v, int w);

/* The high 64 bits of the unsigned 128-bit product a * b. */
static uint64_t high64(uint64_t a, uint64_t b)
{
    uint64_t al = a & 0xFFFFFFFFu, ah = a >> 32, bl = b & 0xFFFFFFFFu, bh = b >> 32;
    uint64_t mid = (al * bl >> 32) + (ah * bl & 0xFFFFFFFFu) + (al * bh & 0xFFFFFFFFu);
    return ah * bh + (ah * bl >> 32) + (al * bh >> 32) + (mid >> 32);
}

/* The high half of a product (mul.hi) of w-bit operands: nvcc divides by constants this way. */
static uint64_t apply_plain_hi(const tnode *n, uint64_t a, uint64_t b)
{
    int w = n->w;
    uint64_t m = w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
    if (w <= 32)
        return n->sgn ? (uint64_t)((sext(a, w) * sext(b, w)) >> w) & m : ((a & m) * (b & m) >> w) & m;
    uint64_t h = high64(a, b); /* signed: correct the unsigned high half by the operands' signs */
    if (n->sgn)
        h -= ((int64_t)a < 0 ? b : 0) + ((int64_t)b < 0 ? a : 0);
    return h;
}

/* The low w bits of v in reverse order (brev: bit-reversed indices of FFTs). */
static uint64_t reverse_bits(uint64_t v, int w)
{
    uint64_t r = 0;
    for (int k = 0; k < w; k++)
        r |= (v >> k & 1) << (w - 1 - k);
    return r;
}

/* params: comparisons with parameters and block indices decided (ptx_eval) */
static ptx_kb apply(const tnode *n, const ptx_kb *a, bool params)
{
    int w = n->w;
    switch (n->op) {
    case OP_ADD:
        return ptx_kb_add(a[0], a[1], w);
    case OP_SUB:
        return ptx_kb_sub(a[0], a[1], w);
    case OP_MUL:
        return ptx_kb_mul(a[0], a[1], w);
    case OP_SHL:
    case OP_SHR: {
        if (!ptx_kb_known(a[1]))
            return ptx_kb_unknown(w);
        int amount = a[1].one > 64 ? 64 : (int)a[1].one;
        return n->op == OP_SHL ? ptx_kb_shl(a[0], amount, w) : ptx_kb_shr(a[0], amount, w, n->aux);
    }
    case OP_AND:
        return ptx_kb_and(a[0], a[1]);
    case OP_OR:
        return ptx_kb_or(a[0], a[1]);
    case OP_XOR:
        return ptx_kb_xor(a[0], a[1]);
    case OP_NOT:
        return ptx_kb_not(a[0], w);
    case OP_BREV:
        return kb_fit((ptx_kb){reverse_bits(a[0].one, w), reverse_bits(a[0].zero, w)}, w);
    case OP_DIV:
    case OP_REM:
        return ptx_kb_divrem(a[0], a[1], w, n->sgn, n->op == OP_REM);
    case OP_MIN:
    case OP_MAX:
        return ptx_kb_minmax(a[0], a[1], w, n->sgn, n->op == OP_MAX);
    case OP_SELP:
        return (a[2].one & 1) ? a[0] : (a[2].zero & 1) ? a[1] : ptx_kb_merge(a[0], a[1]);
    case OP_BFE:
        if (!ptx_kb_known(a[1]) || !ptx_kb_known(a[2]))
            return ptx_kb_unknown(w);
        return ptx_kb_bfe(a[0], (int)(a[1].one & 255), (int)(a[2].one & 255), w, n->sgn);
    case OP_BFI:
        if (!ptx_kb_known(a[2]) || !ptx_kb_known(a[3]))
            return ptx_kb_unknown(w);
        return ptx_kb_bfi(a[0], a[1], (int)(a[2].one & 255), (int)(a[3].one & 255), w);
    case OP_LOP3:
        return ptx_kb_lop3(a[0], a[1], a[2], (unsigned)(n->imm & 255), w);
    case OP_CVT:
        return ptx_kb_convert(a[0], n->aux, w, n->sgn);
    case OP_MULHI:
        if (!ptx_kb_known(a[0]) || !ptx_kb_known(a[1]))
            return ptx_kb_unknown(w);
        return ptx_kb_const(apply_plain_hi(n, a[0].one, a[1].one), w);
    case OP_SETP: {
        /* a comparison with a parameter or a block index (n, blockIdx) is not decided by a sample:
         * the threads it lets through are the ones whose fate the data decides (but where one
         * launch is witness enough, params: the addresses a store's data is loaded from) */
        int r = n->param && !params ? -1 : ptx_kb_compare(a[0], a[1], n->aux, (int)n->imm, n->sgn);
        return r < 0 ? ptx_kb_unknown(1) : ptx_kb_const((uint64_t)r, 1);
    }
    default:
        return ptx_kb_unknown(w);
    }
}

/* How a loop's atom is taken, relative to the reference access (see ptx_eval). */
enum { AT_SAMPLE, AT_NEXT, AT_ENTRY, AT_UNKNOWN, AT_LAST };

static int atom_case(const tnode *n, const eval_env *env)
{
    const ptx_eval *ev = env->ev;
    if (!n->loop)
        return AT_SAMPLE;
    if (ev->last && n->aux && ev->last == (uint32_t)n->lid + 1)
        return AT_LAST;
    if (n->choice && !ev->unknown && ev->from >= 0 && ev->via == -1 &&
        ptx_in_loop(env->c->sync, n->lid, env->c->blk[ev->from])) { /* the reference's iteration */
        int how = ptx_tgraph_choice((ptx_ctx *)env->c, ptx_threads_of((ptx_ctx *)env->c), n, (uint32_t)ev->from);
        return how < 0 ? AT_SAMPLE : how ? AT_NEXT : AT_UNKNOWN; /* as leaf_value takes them */
    }
    if (ev->unknown)
        return AT_UNKNOWN;
    if (ev->from < 0)
        return AT_SAMPLE;
    int32_t via = ev->via, l = n->lid;
    if (via == -2 || (l < 0 && (via != -1 || ev->noisy)))
        return AT_UNKNOWN;
    if (l < 0)
        return AT_SAMPLE;
    const ptx_syncinfo *s = env->c->sync;
    if (ev->later && ev->around == (uint32_t)l + 1) /* a later iteration of the other access's own loop */
        return n->aux ? AT_NEXT : AT_SAMPLE;
    if (!ptx_in_loop(s, l, env->c->blk[ev->from])) { /* some iteration of a loop the reference is not in ... */
        bool around = ev->noisy && (!ev->around || ev->around - 1 == (uint32_t)l ||
                                    ptx_in_loop(s, (int32_t)ev->around - 1, s->loops[l].head));
        return around ? AT_SAMPLE : AT_ENTRY; /* ... when the walk went around it (or one holding it) */
    }
    if (via == -1)
        return AT_SAMPLE;
    if (via == l)
        return (!ev->many || ev->trips > 1) && (n->aux || n->arg[1] >= 0) ? AT_NEXT : AT_UNKNOWN;
    return ptx_in_loop(s, via, s->loops[l].head) ? AT_ENTRY : AT_SAMPLE; /* an enclosing loop went round */
}

static ptx_kb leaf_value(const ptx_threads *th, const tnode *n, uint32_t t, eval_env *env)
{
    switch (n->kind) {
    case TN_CONST:
        return ptx_kb_const(n->imm, n->w);
    case TN_TID: {
        uint32_t x = (uint32_t)th->dims[0], y = (uint32_t)th->dims[1];
        uint32_t v = n->imm == 0 ? t % x : n->imm == 1 ? (t / x) % y : t / (x * y);
        return ptx_kb_const(v, n->w);
    }
    case TN_NTID:
        return ptx_kb_const((uint64_t)th->dims[n->imm < 3 ? n->imm : 0], n->w);
    case TN_LANE:
        return ptx_kb_const(t & 31, n->w);
    case TN_ATOM:
        switch (atom_case(n, env)) {
        case AT_UNKNOWN:
            if (n->choice) /* the value the iteration started with (see ptx_tgraph.c) */
                return ptx_kb_const(0, n->w);
            return ptx_kb_unknown(n->w);
        case AT_LAST: {
            int32_t trips = th->trips && n->lid >= 0 ? th->trips[n->lid] : 0;
            return trips > 0 ? ptx_kb_const((uint64_t)trips - 1, n->w) : ptx_kb_unknown(n->w);
        }
        case AT_ENTRY:
            if (n->aux)
                return ptx_kb_const(0, n->w);
            if (n->arg[0] >= 0)
                return get(th, n->arg[0], t);
            break;
        case AT_NEXT:      /* trips iterations on: a counter's value is known that far, others one step */
            if (n->choice) /* the update's way */
                return ptx_kb_const(1, n->w);
            env->sampled = true;
            if (!n->aux)
                return n->arg[1] >= 0 && env->ev->trips <= 1 ? get(th, n->arg[1], t) : ptx_kb_unknown(n->w);
            return ptx_kb_const(atom_value(th, n, env->ev->s) + (env->ev->trips > 1 ? env->ev->trips : 1), n->w);
        default:
            break;
        }
        env->sampled = true;
        return ptx_kb_const(atom_value(th, n, env->ev->s), n->w);
    default:
        return ptx_kb_unknown(n->w);
    }
}

static bool uniform_node(const ptx_threads *th, const tnode *n, const eval_env *env)
{
    if (n->kind == TN_CONST || n->kind == TN_NTID)
        return true;
    if (n->kind == TN_ATOM && n->choice)
        return true; /* one way for the whole block */
    if (n->kind == TN_ATOM) {
        int k = atom_case(n, env);
        return k != AT_UNKNOWN && !(k == AT_ENTRY && !n->aux && n->arg[0] >= 0 && !th->uni[n->arg[0]]) &&
               !(k == AT_NEXT && !n->aux && !th->uni[n->arg[1]]);
    }
    if (n->kind != TN_OP)
        return false;
    if (n->op == OP_SETP && n->param && !env->ev->params)
        return true; /* unknown for every thread */
    for (int j = 0; j < 4; j++)
        if (n->arg[j] >= 0 && !th->uni[n->arg[j]])
            return false;
    return true;
}

static int64_t sext(uint64_t v, int w)
{
    return w >= 64 ? (int64_t)v : (int64_t)(v << (64 - w)) >> (64 - w);
}

static uint64_t bfe_plain(uint64_t a, unsigned pos, unsigned len, int w, bool sgn)
{
    if (!len)
        return 0;
    pos = pos >= (unsigned)w ? (unsigned)w - 1 : pos;
    len = pos + len > (unsigned)w ? (unsigned)w - pos : len;
    uint64_t v = (a >> pos) & (len >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << len) - 1);
    return sgn && len < 64 ? (uint64_t)sext(v, (int)len) : v;
}

/* One operation on plain integers, for one thread. */
static uint64_t apply_plain(const tnode *n, const uint64_t *a)
{
    int w = n->w;
    uint64_t m = w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
    switch (n->op) {
    case OP_ADD:
        return (a[0] + a[1]) & m;
    case OP_SUB:
        return (a[0] - a[1]) & m;
    case OP_MUL:
        return (a[0] * a[1]) & m;
    case OP_MULHI:
        return apply_plain_hi(n, a[0], a[1]);
    case OP_SHL:
        return a[1] >= (uint64_t)w ? 0 : (a[0] << a[1]) & m;
    case OP_SHR:
        if (n->aux)
            return (uint64_t)(sext(a[0], w) >> (a[1] >= (uint64_t)w ? (uint64_t)w - 1 : a[1])) & m;
        return a[1] >= (uint64_t)w ? 0 : a[0] >> a[1];
    case OP_AND:
        return a[0] & a[1];
    case OP_OR:
        return a[0] | a[1];
    case OP_XOR:
        return a[0] ^ a[1];
    case OP_NOT:
        return ~a[0] & m;
    case OP_BREV:
        return reverse_bits(a[0], w);
    case OP_DIV:
    case OP_REM:
        if (n->sgn)
            return (uint64_t)(n->op == OP_DIV ? sext(a[0], w) / sext(a[1], w) : sext(a[0], w) % sext(a[1], w)) & m;
        return n->op == OP_DIV ? a[0] / a[1] : a[0] % a[1];
    case OP_MIN:
    case OP_MAX: {
        bool less = n->sgn ? sext(a[0], w) < sext(a[1], w) : a[0] < a[1];
        return less == (n->op == OP_MIN) ? a[0] : a[1];
    }
    case OP_SELP:
        return (a[2] & 1) ? a[0] : a[1];
    case OP_BFE:
        return bfe_plain(a[0], (unsigned)(a[1] & 255), (unsigned)(a[2] & 255), w, n->sgn) & m;
    case OP_BFI: {
        ptx_kb r = ptx_kb_bfi(ptx_kb_const(a[0], w), ptx_kb_const(a[1], w), (int)(a[2] & 255), (int)(a[3] & 255), w);
        return r.one;
    }
    case OP_LOP3:
        return ptx_kb_lop3(ptx_kb_const(a[0], w), ptx_kb_const(a[1], w), ptx_kb_const(a[2], w), (unsigned)n->imm, w)
            .one;
    case OP_CVT: {
        uint64_t v = a[0] & (n->aux >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n->aux) - 1);
        return (n->sgn ? (uint64_t)sext(v, n->aux) : v) & m;
    }
    default: { /* OP_SETP */
        int wi = (int)n->imm;
        uint64_t mi = wi >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << wi) - 1, x = a[0] & mi, y = a[1] & mi;
        bool lt = n->sgn ? sext(x, wi) < sext(y, wi) : x < y, eq = x == y;
        switch (n->aux) {
        case PTX_CMP_EQ:
            return eq;
        case PTX_CMP_NE:
            return !eq;
        case PTX_CMP_LT:
            return lt;
        case PTX_CMP_LE:
            return lt || eq;
        case PTX_CMP_GT:
            return !lt && !eq;
        default:
            return !lt;
        }
    }
    }
}

/* Node x on plain integers for count threads, when every argument is known and the operation cannot
 * lose that (no division by zero, no comparison with a parameter). */
static bool leaf_plain(const ptx_threads *th, const tnode *nd, uint32_t count, uint64_t *out)
{
    switch (nd->kind) {
    case TN_CONST:
        out[0] = nd->imm & (nd->w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << nd->w) - 1);
        return true;
    case TN_LANE:
        for (uint32_t t = 0; t < count; t++)
            out[t] = t & 31;
        return true;
    case TN_TID: {
        uint32_t x = (uint32_t)th->dims[0], y = (uint32_t)th->dims[1];
        uint64_t m = nd->w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << nd->w) - 1;
        if (!nd->imm && y == 1 && th->dims[2] == 1) {
            for (uint32_t t = 0; t < count; t++)
                out[t] = t;
            return true;
        }
        for (uint32_t t = 0; t < count; t++) /* as leaf_value has it */
            out[t] = (nd->imm == 0 ? t % x : nd->imm == 1 ? (t / x) % y : t / (x * y)) & m;
        return true;
    }
    default:
        return false;
    }
}

/* out[t] = EXPR of A (from a0) and B (from a1) for every thread, each argument one per thread (step 1)
 * or one for all (step 0): a loop per case, which the compiler vectorises (out never overlaps the
 * arguments: each node's values have storage of their own, hence restrict). */
#define PLAIN_LOOP(EXPR)                                                                                               \
    do {                                                                                                               \
        if (s0 && s1) {                                                                                                \
            for (uint32_t t = 0; t < count; t++) {                                                                     \
                uint64_t A = a0[t], B = a1[t];                                                                         \
                (void)B;                                                                                               \
                out[t] = (EXPR);                                                                                       \
            }                                                                                                          \
        } else if (s0) {                                                                                               \
            for (uint32_t t = 0; t < count; t++) {                                                                     \
                uint64_t A = a0[t], B = a1[0];                                                                         \
                (void)B;                                                                                               \
                out[t] = (EXPR);                                                                                       \
            }                                                                                                          \
        } else if (s1) {                                                                                               \
            for (uint32_t t = 0; t < count; t++) {                                                                     \
                uint64_t A = a0[0], B = a1[t];                                                                         \
                (void)B;                                                                                               \
                out[t] = (EXPR);                                                                                       \
            }                                                                                                          \
        } else {                                                                                                       \
            for (uint32_t t = 0; t < count; t++) {                                                                     \
                uint64_t A = a0[0], B = a1[0];                                                                         \
                (void)B;                                                                                               \
                out[t] = (EXPR);                                                                                       \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)

/* A shift by one amount for every thread, as apply_plain makes it. false when the amounts differ. */
static bool shift_plain(const tnode *nd, const uint64_t *restrict a0, const uint64_t *restrict a1, uint32_t s0,
                        uint32_t s1, uint32_t count, uint64_t *restrict out)
{
    int w = nd->w;
    uint64_t m = w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
    if (s1 || w < 1)
        return false;
    if (nd->op == OP_SHR && nd->aux) { /* arithmetic: the sign fills what leaves */
        uint64_t by = a1[0] >= (uint64_t)w ? (uint64_t)w - 1 : a1[0];
        PLAIN_LOOP((uint64_t)(sext(A, w) >> by) & m);
    } else if (a1[0] >= (uint64_t)w) {
        PLAIN_LOOP(A & 0);
    } else if (nd->op == OP_SHL) {
        PLAIN_LOOP((A << B) & m);
    } else {
        PLAIN_LOOP(A >> B);
    }
    return true;
}

/* A comparison (setp) of imm-bit operands for every thread, as apply_plain makes it: a signed one
 * compares the operands with their sign bit flipped. false when the width is not 1 to 64 bits. */
static bool setp_plain(const tnode *nd, const uint64_t *restrict a0, const uint64_t *restrict a1, uint32_t s0,
                       uint32_t s1, uint32_t count, uint64_t *restrict out)
{
    int wi = (int)nd->imm;
    if (wi < 1 || wi > 64)
        return false;
    uint64_t mi = wi >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << wi) - 1, flip = nd->sgn ? (uint64_t)1 << (wi - 1) : 0;
    switch (nd->aux) {
    case PTX_CMP_EQ:
        PLAIN_LOOP((A & mi) == (B & mi));
        break;
    case PTX_CMP_NE:
        PLAIN_LOOP((A & mi) != (B & mi));
        break;
    case PTX_CMP_LT:
        PLAIN_LOOP(((A & mi) ^ flip) < ((B & mi) ^ flip));
        break;
    case PTX_CMP_LE:
        PLAIN_LOOP(((A & mi) ^ flip) <= ((B & mi) ^ flip));
        break;
    case PTX_CMP_GT:
        PLAIN_LOOP(((A & mi) ^ flip) > ((B & mi) ^ flip));
        break;
    default:
        PLAIN_LOOP(((A & mi) ^ flip) >= ((B & mi) ^ flip));
        break;
    }
    return true;
}

static bool compute_plain(ptx_threads *th, uint32_t x, uint32_t count, uint64_t *restrict out)
{
    const tnode *nd = &th->nodes[x];
    const uint64_t *src[4] = {NULL, NULL, NULL, NULL};
    uint32_t step[4] = {0, 0, 0, 0};
    if (nd->kind != TN_OP)
        return leaf_plain(th, nd, count, out);
    if (nd->op == OP_SETP && nd->param)
        return false;
    for (int j = 0; j < 4; j++) {
        if (nd->arg[j] < 0)
            continue;
        if (!th->kv[nd->arg[j]])
            return false;
        src[j] = th->kv[nd->arg[j]];
        step[j] = !th->uni[nd->arg[j]];
    }
    uint64_t m = nd->w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << nd->w) - 1;
    if (nd->op == OP_DIV || nd->op == OP_REM) /* a divisor zero in its width (or -1, signed): not here */
        for (uint32_t t = 0; t < count; t++)
            if (!(src[1][t * step[1]] & m) || (nd->sgn && sext(src[1][t * step[1]], nd->w) == -1))
                return false;
    /* the common operations in loops of their own (the compiler vectorises them), the rest per thread */
    const uint64_t *restrict a0 = src[0], *restrict a1 = src[1] ? src[1] : src[0];
    uint32_t s0 = step[0], s1 = src[1] ? step[1] : step[0];
    switch (nd->op) {
    case OP_ADD:
        PLAIN_LOOP((A + B) & m);
        return true;
    case OP_SUB:
        PLAIN_LOOP((A - B) & m);
        return true;
    case OP_MUL:
        PLAIN_LOOP((A * B) & m);
        return true;
    case OP_AND:
        PLAIN_LOOP(A & B);
        return true;
    case OP_OR:
        PLAIN_LOOP(A | B);
        return true;
    case OP_XOR:
        PLAIN_LOOP(A ^ B);
        return true;
    case OP_NOT:
        PLAIN_LOOP(~A & m);
        return true;
    case OP_SHL:
    case OP_SHR:
        if (src[1] && shift_plain(nd, a0, a1, s0, s1, count, out))
            return true;
        break; /* per thread: amounts that differ */
    case OP_SETP:
        if (src[1] && setp_plain(nd, a0, a1, s0, s1, count, out))
            return true;
        break;
    case OP_CVT: {
        int from = nd->aux;
        uint64_t low = from >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << from) - 1;
        if (nd->sgn && from < 1)
            break;
        if (nd->sgn)
            PLAIN_LOOP((uint64_t)sext(A & low, from) & m);
        else
            PLAIN_LOOP(A & low & m);
        return true;
    }
    default:
        break;
    }
    uint64_t a[4] = {0, 0, 0, 0};
    for (uint32_t t = 0; t < count; t++) {
        for (int j = 0; j < 4; j++)
            if (src[j])
                a[j] = src[j][t * step[j]];
        out[t] = apply_plain(nd, a);
    }
    return true;
}

static void compute_bits(ptx_threads *th, uint32_t x, uint32_t count, ptx_kb *out, eval_env *env)
{
    const tnode *nd = &th->nodes[x];
    ptx_kb a[4];
    for (uint32_t t = 0; t < count; t++) {
        if (nd->kind != TN_OP) {
            out[t] = leaf_value(th, nd, t, env);
            continue;
        }
        for (int j = 0; j < 4; j++)
            a[j] = nd->arg[j] >= 0 ? get(th, nd->arg[j], t) : ptx_kb_unknown(nd->w);
        out[t] = apply(nd, a, env->ev->params);
    }
    env->sampled |= nd->kind == TN_OP && nd->op == OP_SETP && nd->param && env->ev->params;
}

/* Room for the values of every node in `order`, for n threads each. */
static void reserve(ptx_threads *th, uint32_t n)
{
    size_t need = (size_t)th->norder * n;
    if (need > th->kb_cap) {
        th->kb_cap = need * 2; /* what they hold is not needed again: no copy */
        free(th->kb_store);
        free(th->kv_store);
        th->kb_store = malloc(th->kb_cap * sizeof *th->kb_store);
        th->kv_store = malloc(th->kb_cap * sizeof *th->kv_store);
        if (!th->kb_store || !th->kv_store)
            abort();
    }
}

static void keep_node(ptx_threads *th, int32_t x, const eval_env *env);

/* Every node in `order` for threads 0..n-1 (a uniform node once): on plain integers where the values
 * are known, in known bits otherwise. */
static void evaluate(ptx_threads *th, uint32_t n, eval_env *env)
{
    reserve(th, n);
    size_t used = 0;
    for (uint32_t k = 0; k < th->norder; k++) {
        uint32_t x = th->order[k];
        const tnode *nd = &th->nodes[x];
        if (th->found[x].key) { /* kept */
            th->uni[x] = th->found[x].uni;
            th->kv[x] = th->found[x].kv;
            th->kb[x] = th->found[x].kb;
            continue;
        }
        th->uni[x] = uniform_node(th, nd, env) || nd->kind == TN_UNKNOWN;
        uint32_t count = th->uni[x] ? 1 : n;
        th->kv[x] = th->kv_store + used;
        th->kb[x] = th->kb_store + used;
        used += count;
        if (compute_plain(th, x, count, th->kv[x])) {
            th->kb[x] = NULL;
        } else {
            compute_bits(th, x, count, th->kb[x], env);
            bool known = true;
            for (uint32_t t = 0; t < count && known; t++)
                known = ptx_kb_known(th->kb[x][t]);
            for (uint32_t t = 0; t < count && known; t++)
                th->kv[x][t] = th->kb[x][t].one;
            if (known)
                th->kb[x] = NULL;
            else
                th->kv[x] = NULL;
        }
        keep_node(th, (int32_t)x, env);
    }
}

/* ---- kept roots: the evaluated addresses and activities, reused by the accesses that share them ---- */

/* bytes kept for a function, of which inner nodes (not roots) may take half; per block */
enum { KEEP_LIMIT = 1 << 22, KEEP_NODES = KEEP_LIMIT / 2, KEEP_BLOCK = 1 << 16 };

static void *keep_bytes(ptx_threads *th, size_t bytes)
{
    bytes = (bytes + 15) & ~(size_t)15;
    if (th->stored + bytes > KEEP_LIMIT)
        return NULL;
    if (!th->nblocks || th->block_used + bytes > KEEP_BLOCK || bytes > KEEP_BLOCK) {
        th->blocks = realloc(th->blocks, (th->nblocks + 1) * sizeof *th->blocks);
        void *b = malloc(bytes > KEEP_BLOCK ? bytes : KEEP_BLOCK);
        if (!th->blocks || !b)
            abort();
        th->blocks[th->nblocks++] = b;
        th->block_used = 0;
    }
    void *p = (char *)th->blocks[th->nblocks - 1] + th->block_used;
    th->block_used += bytes;
    th->stored += bytes;
    return p;
}

void ptx_teval_forget(ptx_threads *th)
{
    for (uint32_t b = 0; b < th->nblocks; b++)
        free(th->blocks[b]);
    free(th->blocks);
    th->blocks = NULL;
    th->nblocks = 0;
    th->block_used = th->stored = 0;
    if (th->kept)
        memset(th->kept, 0, th->kept_cap * sizeof *th->kept);
    if (th->kept_acc_n)
        memset(th->kept_acc, 0, th->kept_acc_cap * sizeof *th->kept_acc);
    th->kept_n = th->kept_acc_n = th->nacc_vals = 0;
}

enum { KEYED_ATOMS = 16 }; /* loop atoms under a root whose cases fit in its key (2 bits each) */

/* The loop atoms under root x (x's list at th->atom_lists: their number, then the atoms), listed on
 * first use; NULL when more than KEYED_ATOMS. */
static const int32_t *loop_atoms(ptx_threads *th, int32_t x)
{
    if ((uint32_t)x >= th->atoms_cap) {
        uint32_t cap = th->nn > (uint32_t)x ? th->nn * 2 : (uint32_t)x * 2 + 64;
        th->atoms_at = realloc(th->atoms_at, cap * sizeof *th->atoms_at);
        if (!th->atoms_at)
            abort();
        for (uint32_t k = th->atoms_cap; k < cap; k++)
            th->atoms_at[k] = -2;
        th->atoms_cap = cap;
    }
    if (th->atoms_at[x] == -2) {
        collect(th, &x, 1, NULL);
        int32_t count = 0, at = (int32_t)th->atom_lists_n;
        for (uint32_t k = 0; k < th->norder; k++)
            count += th->nodes[th->order[k]].kind == TN_ATOM && th->nodes[th->order[k]].loop;
        th->atoms_at[x] = count > KEYED_ATOMS ? -1 : at;
        if (count > KEYED_ATOMS)
            return NULL;
        PTX_PUSH(th->atom_lists, th->atom_lists_n, th->atom_lists_cap);
        th->atom_lists[th->atom_lists_n++] = count;
        for (uint32_t k = 0; k < th->norder; k++)
            if (th->nodes[th->order[k]].kind == TN_ATOM && th->nodes[th->order[k]].loop) {
                PTX_PUSH(th->atom_lists, th->atom_lists_n, th->atom_lists_cap);
                th->atom_lists[th->atom_lists_n++] = (int32_t)th->order[k];
            }
    }
    return th->atoms_at[x] < 0 ? NULL : th->atom_lists + th->atoms_at[x];
}

/* The key of root x's values (plain: the sample when an atom is below, and whether loop values are
 * unknown). */
static uint64_t plain_key(const ptx_threads *th, int32_t x, int s, bool unknown)
{
    return ((uint64_t)(uint32_t)x << 5 | (uint64_t)(th->nodes[x].atoms ? s & 15 : 0) << 1 | unknown) + 1;
}

/* The key of root x's values when they depend on the reference (a loop atom below): they depend on it
 * only through how each loop atom is taken (atom_case) and, for a next iteration, how many on. Every
 * atom sampled is the reference's own evaluation, every one unknown that of unknown loop values; other
 * keys are apart from the plain ones by their top bit. 0 when there are too many atoms to say. */
static uint64_t relative_key(ptx_threads *th, int32_t x, const eval_env *env)
{
    const int32_t *atoms = loop_atoms(th, x);
    if (!atoms)
        return 0;
    uint64_t cases = 0;
    bool next = false, sampled = true, unknown = true;
    for (int32_t k = 1; k <= atoms[0]; k++) {
        int how = atom_case(&th->nodes[atoms[k]], env);
        cases = cases << 2 | (uint64_t)how;
        next |= how == AT_NEXT;
        sampled &= how == AT_SAMPLE;
        unknown &= how == AT_UNKNOWN;
    }
    if (sampled || unknown)
        return plain_key(th, x, env->ev->s, !sampled);
    uint64_t trips = next ? (env->ev->trips > 1 ? env->ev->trips : 1) : 0;
    return (uint64_t)1 << 63 | (cases << 2 | trips) << 22 | (uint64_t)(uint32_t)x << 4 | (uint64_t)(env->ev->s & 15);
}

/* The slot of a root's values: per sample (when an atom is below) and whether loop values are unknown
 * (when a loop atom is), or per how its loop atoms are taken when they depend on the reference. */
static ptx_root *root_slot(ptx_threads *th, int32_t x, const eval_env *env)
{
    const tnode *nd = &th->nodes[x];
    uint64_t key = plain_key(th, x, env->ev->s, nd->loops && env->ev->unknown);
    if (nd->loops && !env->ev->unknown && !(key = relative_key(th, x, env)))
        return NULL;
    if (th->kept_n * 2 >= th->kept_cap) {
        uint32_t cap = th->kept_cap ? th->kept_cap * 2 : 256;
        ptx_root *old = th->kept, *grown = ptx_xcalloc(cap, sizeof *grown);
        for (uint32_t i = 0; i < th->kept_cap; i++)
            for (uint32_t h = (uint32_t)(old[i].key * 0x9E3779B97F4A7C15ull >> 40) & (cap - 1); old[i].key;
                 h = (h + 1) & (cap - 1))
                if (!grown[h].key) {
                    grown[h] = old[i];
                    break;
                }
        free(old);
        th->kept = grown;
        th->kept_cap = cap;
    }
    uint32_t h = (uint32_t)(key * 0x9E3779B97F4A7C15ull >> 40) & (th->kept_cap - 1);
    while (th->kept[h].key && th->kept[h].key != key)
        h = (h + 1) & (th->kept_cap - 1);
    th->kept_n += !th->kept[h].key; /* slots taken, kept values or not: the table never fills */
    th->kept[h].key = key;
    return &th->kept[h];
}

/* Keeps the values just evaluated for root x in e (when there is room). */
static void keep_root(ptx_threads *th, int32_t x, ptx_root *e)
{
    uint32_t count = th->uni[x] ? 1 : (uint32_t)th->nthreads;
    void *p = keep_bytes(th, count * (th->kv[x] ? sizeof(uint64_t) : sizeof(ptx_kb)));
    if (!p)
        return; /* no room: the slot keeps its key and no values (evaluated again when asked) */
    e->uni = th->uni[x];
    e->kv = th->kv[x] ? memcpy(p, th->kv[x], count * sizeof(uint64_t)) : NULL;
    e->kb = th->kv[x] ? NULL : memcpy(p, th->kb[x], count * sizeof(ptx_kb));
}

/* The kept values of node x as env evaluates it (one that does not depend on the reference), into out. */
static bool kept_node(const ptx_threads *th, int32_t x, const eval_env *env, ptx_root *out)
{
    const tnode *nd = &th->nodes[x];
    if (!th->kept_n || th->sizing || (nd->loops && !env->ev->unknown) || env->ev->params || env->ev->last)
        return false;
    uint64_t key = plain_key(th, x, env->ev->s, nd->loops && env->ev->unknown);
    for (uint32_t h = (uint32_t)(key * 0x9E3779B97F4A7C15ull >> 40) & (th->kept_cap - 1); th->kept[h].key;
         h = (h + 1) & (th->kept_cap - 1))
        if (th->kept[h].key == key) {
            if (!th->kept[h].kv && !th->kept[h].kb)
                return false; /* claimed, not kept */
            *out = th->kept[h];
            return true;
        }
    return false;
}

/* Keeps the values just evaluated for operation x, when they do not depend on the reference: a node
 * under several roots (a thread's index in a tile, a row's base) is then evaluated once. Leaves cost
 * less to compute again than to keep and look up. */
static void keep_node(ptx_threads *th, int32_t x, const eval_env *env)
{
    if (!env->keep || th->sizing || th->nodes[x].kind != TN_OP || th->stored >= KEEP_NODES ||
        (th->nodes[x].loops && !env->ev->unknown))
        return;
    ptx_root *e = root_slot(th, x, env);
    if (!e->kv && !e->kb)
        keep_root(th, x, e);
}

ptx_kb ptx_root_value(const ptx_root *e, uint32_t t)
{
    uint32_t k = e->uni ? 0 : t;
    return e->kv ? (ptx_kb){e->kv[k], ~e->kv[k]} : e->kb[k];
}

/* The values of roots x (address) and y (activity, or -1), kept or evaluated now, into out. */
bool ptx_teval_roots(const ptx_ctx *c, ptx_threads *th, int32_t x, int32_t y, const ptx_eval *ev, ptx_root out[2],
                     bool kept_only)
{
    bool part = ev->threads && ev->threads < (uint32_t)th->nthreads; /* a prefix of the threads: not kept */
    /* with comparisons against parameters decided, values are neither kept nor read from kept ones */
    bool fresh = part || ev->params || ev->last;
    eval_env env_ = {.c = c, .ev = ev, .keep = !fresh}, *env = &env_;
    int32_t roots[2] = {x, y};
    ptx_root *slot[2] = {NULL, NULL};
    int32_t todo[2] = {-1, -1};
    bool keyed = !fresh;
    for (int k = 0; k < 2; k++) {
        if (roots[k] < 0)
            continue;
        slot[k] = ev->params || ev->last ? NULL : root_slot(th, roots[k], env);
        keyed &= slot[k] != NULL;
        if (slot[k] && (slot[k]->kv || slot[k]->kb))
            out[k] = *slot[k];
        else
            todo[k] = roots[k];
    }
    if (todo[0] < 0 && todo[1] < 0)
        return keyed;
    if (kept_only)
        return false;
    collect(th, todo, 2, env);
    evaluate(th, part ? ev->threads : (uint32_t)th->nthreads, env);
    for (int k = 0; k < 2; k++) {
        if (todo[k] < 0)
            continue;
        slot[k] = slot[k] ? root_slot(th, todo[k], env) : NULL; /* again: keeping nodes may have moved it */
        out[k] = (ptx_root){slot[k] ? slot[k]->key : 1, th->uni[todo[k]], th->kv[todo[k]], th->kb[todo[k]]};
        if (slot[k] && !part && !slot[k]->kv && !slot[k]->kb)
            keep_root(th, todo[k], slot[k]);
    }
    return keyed;
}
