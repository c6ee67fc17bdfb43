/* Values per thread: an access's address and whether each thread of the block makes it, evaluated
 * thread by thread (in known bits) over an expression graph built from the definitions that reach it. */
#include "ptx_tgraph.h"

#include <stdlib.h>
#include <string.h>

/* ---- evaluation ---- */

/* The nodes under the roots in `order`, arguments before their users (indices grow with
 * construction, so sorting them is enough). */
static void collect(ptx_threads *th, const int32_t *roots, int nroots)
{
    if (th->scratch_cap < th->nn + 4) {
        th->scratch_cap = th->nn * 2 + 64;
        size_t cap = th->scratch_cap;
        th->stack = realloc(th->stack, cap * sizeof *th->stack);
        th->mark = realloc(th->mark, cap * sizeof *th->mark);
        th->order = realloc(th->order, cap * sizeof *th->order);
        th->ptr = realloc(th->ptr, cap * sizeof *th->ptr);
        th->uni = realloc(th->uni, cap);
        if (!th->stack || !th->mark || !th->order || !th->ptr || !th->uni)
            abort();
        memset(th->mark, 0, cap * sizeof *th->mark);
        th->mark_stamp = 0;
    }
    uint32_t stamp = ++th->mark_stamp, sp = 0, *stack = th->stack;
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
        for (int j = 0; j < 4; j++)
            if (th->nodes[x].arg[j] >= 0 && th->mark[th->nodes[x].arg[j]] != stamp)
                stack[sp++] = (uint32_t)th->nodes[x].arg[j];
    }
    for (uint32_t i = 1; i < th->norder; i++) /* insertion sort: the sets are small */
        for (uint32_t j = i; j > 0 && th->order[j - 1] > th->order[j]; j--) {
            uint32_t t = th->order[j];
            th->order[j] = th->order[j - 1];
            th->order[j - 1] = t;
        }
}

static ptx_kb get(const ptx_threads *th, int32_t x, uint32_t t)
{
    return th->ptr[x][th->uni[x] ? 0 : t];
}

/* An atom's value in sample s: iteration counts 0, 1, 2, 5; other atoms powers of two from 1 to 1024,
 * spread by the atom's identity so that different atoms seldom share one. */
static uint64_t atom_value(const tnode *n, int s)
{
    static const uint64_t counts[4] = {0, 1, 2, 5};
    if (n->aux)
        return counts[s & 3];
    uint64_t h = (n->imm * 0x9E3779B97F4A7C15ull) >> 59;
    return (uint64_t)1 << ((h + 3 * (uint64_t)s) % 11);
}

static ptx_kb apply(const tnode *n, const ptx_kb *a)
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
    case OP_SETP: {
        /* a comparison with a parameter or a block index (n, blockIdx) is not decided by a sample:
         * the threads it lets through are the ones whose fate the data decides */
        int r = n->param ? -1 : ptx_kb_compare(a[0], a[1], n->aux, (int)n->imm, n->sgn);
        return r < 0 ? ptx_kb_unknown(1) : ptx_kb_const((uint64_t)r, 1);
    }
    default:
        return ptx_kb_unknown(w);
    }
}

typedef struct eval_env {
    const ptx_ctx *c;
    const ptx_eval *ev;
    bool sampled;
} eval_env;

/* How a loop's atom is taken, relative to the reference access (see ptx_eval). */
enum { AT_SAMPLE, AT_NEXT, AT_ENTRY, AT_UNKNOWN };

static int atom_case(const tnode *n, const eval_env *env)
{
    const ptx_eval *ev = env->ev;
    if (!n->loop)
        return AT_SAMPLE;
    if (ev->unknown)
        return AT_UNKNOWN;
    if (ev->from < 0)
        return AT_SAMPLE;
    int32_t via = ev->via, l = n->lid;
    if (via == -2 || (l < 0 && (via != -1 || ev->noisy)))
        return AT_UNKNOWN;
    if (l < 0)
        return AT_SAMPLE;
    const ptx_sync *s = env->c->sync;
    if (!ptx_in_loop(s, l, env->c->blk[ev->from]))
        return ev->noisy ? AT_SAMPLE : AT_ENTRY; /* some iteration of a loop the reference is not in */
    if (via == -1)
        return AT_SAMPLE;
    if (via == l)
        return n->aux || n->arg[1] >= 0 ? AT_NEXT : AT_UNKNOWN;
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
            return ptx_kb_unknown(n->w);
        case AT_ENTRY:
            if (n->aux)
                return ptx_kb_const(0, n->w);
            if (n->arg[0] >= 0)
                return get(th, n->arg[0], t);
            break;
        case AT_NEXT:
            env->sampled = true;
            if (!n->aux)
                return n->arg[1] >= 0 ? get(th, n->arg[1], t) : ptx_kb_unknown(n->w);
            return ptx_kb_const(atom_value(n, env->ev->s) + 1, n->w);
        default:
            break;
        }
        env->sampled = true;
        return ptx_kb_const(atom_value(n, env->ev->s), n->w);
    default:
        return ptx_kb_unknown(n->w);
    }
}

static bool uniform_node(const ptx_threads *th, const tnode *n, const eval_env *env)
{
    if (n->kind == TN_CONST || n->kind == TN_NTID)
        return true;
    if (n->kind == TN_ATOM) {
        int k = atom_case(n, env);
        return k != AT_UNKNOWN && !(k == AT_ENTRY && !n->aux && n->arg[0] >= 0 && !th->uni[n->arg[0]]) &&
               !(k == AT_NEXT && !n->aux && !th->uni[n->arg[1]]);
    }
    if (n->kind != TN_OP)
        return false;
    for (int j = 0; j < 4; j++)
        if (n->arg[j] >= 0 && !th->uni[n->arg[j]])
            return false;
    return true;
}

/* Room for n values that stay until the cache is cleared (NULL when the pool is at its limit). */
static ptx_kb *pool_alloc(ptx_threads *th, size_t n)
{
    enum { BLOCK = 1 << 16, LIMIT = 1 << 21 };
    if (th->pooled + n > LIMIT || n > BLOCK - 1)
        return NULL;
    if (!th->pool || th->pool_used + n > th->pool_size) {
        ptx_kb *block = ptx_xcalloc(BLOCK, sizeof *block);
        block[0].one = (uint64_t)(uintptr_t)th->pool; /* chain */
        th->pool = block;
        th->pool_used = 1;
        th->pool_size = BLOCK;
    }
    ptx_kb *p = th->pool + th->pool_used;
    th->pool_used += n;
    th->pooled += n;
    return p;
}

static void cache_clear(ptx_threads *th)
{
    for (ptx_kb *b = th->pool; b;) {
        ptx_kb *next = (ptx_kb *)(uintptr_t)b[0].one;
        free(b);
        b = next;
    }
    th->pool = NULL;
    th->pool_used = th->pool_size = th->pooled = 0;
    if (th->cache)
        memset(th->cache, 0, (size_t)th->cache_cap * 4 * sizeof *th->cache);
}

static void compute(ptx_threads *th, uint32_t x, uint32_t count, ptx_kb *out, eval_env *env)
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
        out[t] = apply(nd, a);
    }
}

/* Every node in `order` for threads 0..n-1 (a uniform node once). Nodes that do not depend on how
 * the access relates to a reference (no loop atom below) are kept per sample and reused. */
static void evaluate(ptx_threads *th, uint32_t n, eval_env *env)
{
    if (th->cache_cap < th->nn) {
        uint32_t cap = th->nn * 2 + 64;
        th->cache = realloc(th->cache, (size_t)cap * 4 * sizeof *th->cache);
        th->cache_uni = realloc(th->cache_uni, (size_t)cap * 4);
        if (!th->cache || !th->cache_uni)
            abort();
        memset(th->cache + (size_t)th->cache_cap * 4, 0, (size_t)(cap - th->cache_cap) * 4 * sizeof *th->cache);
        th->cache_cap = cap;
    }
    if ((size_t)th->norder * n > th->nvals) {
        th->nvals = (size_t)th->norder * n * 2;
        th->vals = realloc(th->vals, th->nvals * sizeof *th->vals);
        if (!th->vals)
            abort();
    }
    size_t used = 0;
    for (uint32_t k = 0; k < th->norder; k++) {
        uint32_t x = th->order[k];
        const tnode *nd = &th->nodes[x];
        size_t key = (size_t)x * 4 + (nd->atoms ? (size_t)(env->ev->s & 3) : 0);
        if (!nd->loops && th->cache[key]) {
            th->ptr[x] = th->cache[key];
            th->uni[x] = th->cache_uni[key];
            env->sampled |= nd->atoms;
            continue;
        }
        th->uni[x] = uniform_node(th, nd, env);
        uint32_t count = th->uni[x] ? 1 : n;
        ptx_kb *out = nd->loops ? NULL : pool_alloc(th, count);
        if (!out) {
            out = th->vals + used;
            used += count;
        }
        th->ptr[x] = out;
        compute(th, x, count, out, env);
        if (!nd->loops && out != th->vals + used - count) {
            th->cache[key] = out;
            th->cache_uni[key] = th->uni[x];
        }
    }
}

/* ---- accesses ---- */

static uint8_t activity_of(ptx_kb p)
{
    return (p.one & 1) ? PTX_ACT_YES : (p.zero & 1) ? PTX_ACT_NO : PTX_ACT_MAYBE;
}

/* A thread whose access would leave the array it indexes does not make it (the program would be
 * undefined): for any value its data-dependent bits allow, when those bits are bounded. */
static void keep_in_array(const ptx_ctx *c, uint32_t ins, ptx_tvals *out)
{
    const ptx_affine *a = &c->addr[ins];
    if (a->sym < 0 || c->f->ins[ins].space != PTX_SP_SHARED || c->m->syms[a->sym].size <= 0)
        return;
    uint64_t base = ptx_symbol_base(c, a->sym), end = base + (uint64_t)c->m->syms[a->sym].size;
    for (uint32_t t = 0; t < out->n; t++) {
        uint64_t lo = ptx_kb_min(out->addr[t]), hi = ptx_kb_max(out->addr[t]);
        if (out->act[t] != PTX_ACT_NO && hi - lo < ((uint64_t)1 << 20) && (lo < base || hi >= end))
            out->act[t] = PTX_ACT_NO;
    }
}

static bool eval_access(ptx_ctx *c, ptx_threads *th, uint32_t ins, int which, eval_env *env, ptx_tvals *out)
{
    int32_t roots[2] = {ptx_tgraph_address(c, th, ins, which), ptx_tgraph_activity(c, th, ins)};
    if (roots[0] < 0)
        return false;
    collect(th, roots, 2);
    evaluate(th, (uint32_t)th->nthreads, env);
    out->n = (uint32_t)th->nthreads;
    out->sampled = env->sampled;
    for (uint32_t t = 0; t < out->n; t++) {
        out->addr[t] = get(th, roots[0], t);
        out->act[t] = roots[1] < 0 ? PTX_ACT_YES : activity_of(get(th, roots[1], t));
    }
    if (which == 0)
        keep_in_array(c, ins, out);
    return true;
}

bool ptx_threads_access(ptx_ctx *c, uint32_t ins, int which, const ptx_eval *ev, ptx_tvals *out)
{
    ptx_threads *th = ptx_threads_of(c);
    if (!ptx_threads_count(c))
        return false;
    eval_env env = {.c = c, .ev = ev};
    return eval_access(c, th, ins, which, &env, out);
}

int ptx_threads_samples(ptx_ctx *c)
{
    (void)c;
    return 4;
}

/* ---- the block ---- */

/* The dimensions of .reqntid, read from the function's header in the module text (the parser keeps
 * only their product). false when absent. */
static bool reqntid_dims(const ptx_ctx *c, int dims[3])
{
    const char *p = c->m->text, *end = c->m->text + c->m->len;
    for (uint32_t line = 1; p < end && line < c->f->line; p++)
        line += *p == '\n';
    const char *brace = memchr(p, '{', (size_t)(end - p));
    const char *req = brace ? strstr(p, ".reqntid") : NULL;
    if (!req || req > brace)
        return false;
    char *q = (char *)req + 8;
    for (int k = 0; k < 3; k++) {
        dims[k] = 1;
        while (*q == ' ' || *q == '\t' || *q == ',' || *q == '\n' || *q == '\r')
            q++;
        if (*q >= '0' && *q <= '9')
            dims[k] = (int)strtol(q, &q, 10);
        if (dims[k] < 1 || dims[k] > 1024)
            return false;
    }
    return true;
}

/* The width of a two-dimensional block without .reqntid: the K of a thread index linearised as
 * tid.x + K * tid.y (how code that assumes K-wide blocks names its threads); 0 when the code does
 * not say, or says two things. */
static int width_from_linear_index(const ptx_ctx *c)
{
    int width = 0;
    for (uint32_t r = 0; r < c->f->nregs; r++) {
        const ptx_affine *a = &c->form[r];
        if (a->st != PTX_AF_AFFINE || a->k[0] != 1 || a->k[1] <= 1 || a->k[1] > 1024 || a->k[2] || a->symco)
            continue;
        if (width && width != a->k[1])
            return 0;
        width = (int)a->k[1];
    }
    return width;
}

static bool uses_dim(const ptx_ctx *c, int dim)
{
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &c->f->ins[i];
        for (int j = 0; j < in->nopnd; j++) {
            const ptx_operand *o = ptx_opnd(c, in, j);
            if (o->kind == PTX_O_SREG && (o->reg / 4 == PTX_SR_TID || o->reg / 4 == PTX_SR_NTID) && o->reg % 4 == dim)
                return true;
        }
    }
    return false;
}

static bool uses_other_dims(const ptx_ctx *c)
{
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &c->f->ins[i];
        for (int j = 0; j < in->nopnd; j++) {
            const ptx_operand *o = ptx_opnd(c, in, j);
            if (o->kind == PTX_O_SREG && (o->reg / 4 == PTX_SR_TID || o->reg / 4 == PTX_SR_NTID) && o->reg % 4)
                return true;
        }
    }
    return false;
}

/* With no launch bounds, threads are bounded by the arrays they index: a shared access every thread
 * makes (no guard, no thread-dependent branch) at an address of the thread alone must stay inside
 * its array, so the first thread it would leave it is past the block. */
static int bound_by_arrays(ptx_ctx *c, ptx_threads *th, int limit)
{
    ptx_kb *addr = ptx_xcalloc((size_t)limit, sizeof *addr);
    uint8_t *act = ptx_xcalloc((size_t)limit, 1);
    for (uint32_t i = 0; i < c->n; i++) {
        const ptx_instr *in = &c->f->ins[i];
        const ptx_affine *a = &c->addr[i];
        if (in->space != PTX_SP_SHARED || in->guard >= 0 || c->cd_branch[c->blk[i]] >= 0 || !c->reach[c->blk[i]] ||
            a->sym < 0 || c->m->syms[a->sym].size <= 0 ||
            (in->kind != PTX_K_LD && in->kind != PTX_K_ST && in->kind != PTX_K_ATOM && in->kind != PTX_K_RED))
            continue;
        ptx_tvals v = {.addr = addr, .act = act};
        ptx_eval ev = {.via = -1, .from = -1};
        eval_env env = {.c = c, .ev = &ev};
        th->nthreads = th->dims[0] = limit;
        if (!eval_access(c, th, i, 0, &env, &v) || env.sampled)
            continue;
        for (int t = 1; t < limit; t++)
            if (act[t] == PTX_ACT_NO) {
                limit = t;
                break;
            }
    }
    free(addr);
    free(act);
    return limit;
}

int ptx_threads_count(ptx_ctx *c)
{
    ptx_threads *th = ptx_threads_of(c);
    if (th->nthreads >= 0)
        return th->nthreads;
    const ptx_function *f = c->f;
    bool other_dims = uses_other_dims(c);
    th->dims[0] = th->dims[1] = th->dims[2] = 1;
    th->nthreads = 0;
    if (f->reqntid > 0 && !other_dims) {
        th->dims[0] = th->nthreads = f->reqntid > 1024 ? 1024 : f->reqntid;
    } else if (f->reqntid > 0) {
        if (reqntid_dims(c, th->dims))
            th->nthreads = th->dims[0] * th->dims[1] * th->dims[2];
        if (th->nthreads > 1024)
            th->nthreads = 0;
    } else if (!other_dims) {
        int limit = f->maxntid > 0 && f->maxntid < 1024 ? f->maxntid : 1024;
        th->nthreads = 0;
        limit = bound_by_arrays(c, th, limit);
        th->dims[0] = th->nthreads = limit;
        cache_clear(th); /* values were for the largest block */
    } else if (!uses_dim(c, 2)) {
        int limit = f->maxntid > 0 && f->maxntid < 1024 ? f->maxntid : 1024, width = width_from_linear_index(c);
        if (width && width <= limit) {
            th->dims[0] = width;
            th->dims[1] = limit / width;
            th->nthreads = th->dims[0] * th->dims[1];
        }
    }
    return th->nthreads;
}

ptx_threads *ptx_threads_of(ptx_ctx *c)
{
    if (c->threads)
        return c->threads;
    ptx_threads *th = ptx_xcalloc(1, sizeof *th);
    th->def_node = ptx_xcalloc(c->n + 1, sizeof *th->def_node);
    th->addr_node = ptx_xcalloc(c->n + 1, sizeof *th->addr_node);
    th->act_node = ptx_xcalloc(c->n + 1, sizeof *th->act_node);
    for (uint32_t i = 0; i <= c->n; i++)
        th->def_node[i] = th->addr_node[i] = th->act_node[i] = -2;
    th->rd_seen = ptx_xcalloc(c->nb + 1, sizeof *th->rd_seen);
    th->rd_stack = ptx_xcalloc(c->nb + 1, sizeof *th->rd_stack);
    th->unknown32 = ptx_tgraph_leaf(th, TN_UNKNOWN, 32, 0);
    th->nthreads = -1;
    return c->threads = th;
}

void ptx_threads_free(ptx_threads *th)
{
    if (!th)
        return;
    free(th->nodes), free(th->def_node), free(th->addr_node), free(th->act_node);
    cache_clear(th);
    free(th->mark), free(th->order), free(th->stack), free(th->ptr), free(th->uni), free(th->vals);
    free(th->cache), free(th->cache_uni);
    free(th->rd_seen), free(th->rd_stack);
    free(th);
}
