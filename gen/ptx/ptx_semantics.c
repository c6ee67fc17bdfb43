/* Memory and synchronisation semantics of instructions: the state spaces an instruction reads and
 * writes, whether its effect completes asynchronously and what tracks it, what it synchronises
 * through and at which scope. Each family of instructions (ld, cp, mbarrier ...) has a table: the
 * first row whose modifiers the instruction has applies; then its modifiers give the state spaces,
 * the scope, the memory order and the flags. */
#include "ptx_parser.h"

const char *const ptx_sync_names[PTX_SYNC_COUNT] = {"none",   "barrier", "arrive", "wait",      "fence",
                                                    "commit", "init",    "inval",  "expect_tx", "complete_tx"};
const char *const ptx_sync_object_names[PTX_ON_COUNT] = {
    "none",        "cta_barrier", "cluster_barrier", "warp",  "mbarrier", "bulk_group",
    "async_group", "wgmma_group", "memory",          "proxy", "grid"};
const char *const ptx_scope_names[PTX_SCOPE_COUNT] = {"none", "cta", "cluster", "gpu", "sys"};
const char *const ptx_sem_names[PTX_SEM_FLAG_COUNT] = {"async",   "async_proxy", "cluster", "acquire",
                                                       "release", "aligned",     "read"};

/* How the state-space modifiers of an instruction map to what it reads and writes. */
enum {
    ACC_NONE,
    ACC_READ,   /* reads its state space: the first space modifier, else the row's */
    ACC_WRITE,  /* writes it */
    ACC_UPDATE, /* reads and writes it: atomics and reductions */
    ACC_COPY,   /* writes the first space modifier (the destination), reads the second (the source) */
    ACC_REDUCE  /* a copy that combines with what the destination holds: reads it too */
};

typedef struct sem_rule {
    const char *mod, *mod2;       /* modifiers the instruction must have (NULL: none needed) */
    uint8_t access, space;        /* ACC_*; the state space when no modifier names one */
    uint8_t sync, on, scope, sem; /* scope: when no modifier names one */
} sem_rule;

enum { AR = PTX_SEM_ACQUIRE | PTX_SEM_RELEASE, ASYNC_COPY = PTX_SEM_ASYNC | PTX_SEM_ASYNC_PROXY };

/* clang-format off */
static const sem_rule ld_rules[] = {
    {".sync", NULL, ACC_READ, PTX_SP_SHARED, 0, 0, 0, 0}, /* ldmatrix */
    {NULL, NULL, ACC_READ, PTX_SP_GENERIC, 0, 0, 0, 0},
};
static const sem_rule st_rules[] = {
    {".async", NULL, ACC_WRITE, PTX_SP_SHARED, 0, PTX_ON_MBARRIER, 0, PTX_SEM_ASYNC},
    {".sync", NULL, ACC_WRITE, PTX_SP_SHARED, 0, 0, 0, 0}, /* stmatrix */
    {NULL, NULL, ACC_WRITE, PTX_SP_GENERIC, 0, 0, 0, 0},
};
static const sem_rule atom_rules[] = {
    {NULL, NULL, ACC_UPDATE, PTX_SP_GENERIC, 0, 0, 0, 0},
};
static const sem_rule red_rules[] = {
    {".async", NULL, ACC_UPDATE, PTX_SP_SHARED, 0, PTX_ON_MBARRIER, 0, PTX_SEM_ASYNC},
    {NULL, NULL, ACC_UPDATE, PTX_SP_GENERIC, 0, 0, 0, 0},
};
/* cp.async (the sm_80 copies), cp.async.bulk(.tensor), cp.reduce.async.bulk(.tensor); a bulk copy's
 * completion is on an mbarrier or in bulk groups, as its modifiers say */
static const sem_rule cp_rules[] = {
    {".prefetch", NULL, ACC_NONE, 0, 0, 0, 0, ASYNC_COPY},
    {".commit_group", ".bulk", ACC_NONE, 0, PTX_SYNC_COMMIT, PTX_ON_BULK_GROUP, 0, 0},
    {".commit_group", NULL, ACC_NONE, 0, PTX_SYNC_COMMIT, PTX_ON_ASYNC_GROUP, 0, 0},
    {".wait_group", ".bulk", ACC_NONE, 0, PTX_SYNC_WAIT, PTX_ON_BULK_GROUP, 0, 0},
    {".wait_group", NULL, ACC_NONE, 0, PTX_SYNC_WAIT, PTX_ON_ASYNC_GROUP, 0, 0},
    {".wait_all", NULL, ACC_NONE, 0, PTX_SYNC_WAIT, PTX_ON_ASYNC_GROUP, 0, 0},
    {".mbarrier", ".arrive", ACC_NONE, 0, PTX_SYNC_ARRIVE, PTX_ON_MBARRIER, PTX_SCOPE_CTA, PTX_SEM_ASYNC},
    {".reduce", NULL, ACC_REDUCE, 0, 0, 0, 0, ASYNC_COPY},
    {".bulk", NULL, ACC_COPY, 0, 0, 0, 0, ASYNC_COPY},
    {NULL, NULL, ACC_COPY, 0, 0, PTX_ON_ASYNC_GROUP, 0, PTX_SEM_ASYNC},
};
static const sem_rule mbarrier_rules[] = {
    {".init", NULL, ACC_NONE, 0, PTX_SYNC_INIT, PTX_ON_MBARRIER, PTX_SCOPE_CTA, 0},
    {".inval", NULL, ACC_NONE, 0, PTX_SYNC_INVAL, PTX_ON_MBARRIER, PTX_SCOPE_CTA, 0},
    {".arrive_drop", NULL, ACC_NONE, 0, PTX_SYNC_ARRIVE, PTX_ON_MBARRIER, PTX_SCOPE_CTA, PTX_SEM_RELEASE},
    {".arrive", NULL, ACC_NONE, 0, PTX_SYNC_ARRIVE, PTX_ON_MBARRIER, PTX_SCOPE_CTA, PTX_SEM_RELEASE},
    {".expect_tx", NULL, ACC_NONE, 0, PTX_SYNC_EXPECT_TX, PTX_ON_MBARRIER, PTX_SCOPE_CTA, 0},
    {".complete_tx", NULL, ACC_NONE, 0, PTX_SYNC_COMPLETE_TX, PTX_ON_MBARRIER, PTX_SCOPE_CTA, 0},
    {".test_wait", NULL, ACC_NONE, 0, PTX_SYNC_WAIT, PTX_ON_MBARRIER, PTX_SCOPE_CTA, PTX_SEM_ACQUIRE},
    {".try_wait", NULL, ACC_NONE, 0, PTX_SYNC_WAIT, PTX_ON_MBARRIER, PTX_SCOPE_CTA, PTX_SEM_ACQUIRE},
    {NULL, NULL, ACC_NONE, 0, 0, 0, 0, 0}, /* pending_count reads a state value, not the object */
};
/* bar and barrier */
static const sem_rule bar_rules[] = {
    {".warp", NULL, ACC_NONE, 0, PTX_SYNC_BARRIER, PTX_ON_WARP, 0, 0},
    {".cluster", ".arrive", ACC_NONE, 0, PTX_SYNC_ARRIVE, PTX_ON_CLUSTER_BARRIER, PTX_SCOPE_CLUSTER, PTX_SEM_RELEASE},
    {".cluster", ".wait", ACC_NONE, 0, PTX_SYNC_WAIT, PTX_ON_CLUSTER_BARRIER, PTX_SCOPE_CLUSTER, PTX_SEM_ACQUIRE},
    {".arrive", NULL, ACC_NONE, 0, PTX_SYNC_ARRIVE, PTX_ON_CTA_BARRIER, PTX_SCOPE_CTA, PTX_SEM_RELEASE},
    {NULL, NULL, ACC_NONE, 0, PTX_SYNC_BARRIER, PTX_ON_CTA_BARRIER, PTX_SCOPE_CTA, AR}, /* sync, red */
};
/* fence and membar */
static const sem_rule fence_rules[] = {
    {".proxy", ".async", ACC_NONE, 0, PTX_SYNC_FENCE, PTX_ON_PROXY, 0, PTX_SEM_ASYNC_PROXY},
    {".proxy", ".async::generic", ACC_NONE, 0, PTX_SYNC_FENCE, PTX_ON_PROXY, 0, PTX_SEM_ASYNC_PROXY},
    {".proxy", NULL, ACC_NONE, 0, PTX_SYNC_FENCE, PTX_ON_PROXY, 0, 0},
    {".mbarrier_init", NULL, ACC_NONE, 0, PTX_SYNC_FENCE, PTX_ON_MBARRIER, PTX_SCOPE_CLUSTER, PTX_SEM_RELEASE},
    {NULL, NULL, ACC_NONE, 0, PTX_SYNC_FENCE, PTX_ON_MEMORY, 0, AR},
};
/* wgmma.mma_async reads A (unless it is in registers) and B from shared memory through descriptors */
static const sem_rule wgmma_rules[] = {
    {".fence", NULL, ACC_NONE, 0, PTX_SYNC_FENCE, PTX_ON_WGMMA_GROUP, 0, 0},
    {".commit_group", NULL, ACC_NONE, 0, PTX_SYNC_COMMIT, PTX_ON_WGMMA_GROUP, 0, 0},
    {".wait_group", NULL, ACC_NONE, 0, PTX_SYNC_WAIT, PTX_ON_WGMMA_GROUP, 0, 0},
    {NULL, NULL, ACC_READ, PTX_SP_SHARED, 0, PTX_ON_WGMMA_GROUP, 0, ASYNC_COPY}, /* mma_async(.sp) */
};
static const sem_rule tensormap_rules[] = {
    {".cp_fenceproxy", NULL, ACC_COPY, 0, PTX_SYNC_FENCE, PTX_ON_PROXY, 0, 0},
    {NULL, NULL, ACC_WRITE, PTX_SP_GENERIC, 0, 0, 0, 0}, /* replace */
};
static const sem_rule griddep_rules[] = {
    {".wait", NULL, ACC_NONE, 0, PTX_SYNC_WAIT, PTX_ON_GRID, 0, PTX_SEM_ACQUIRE},
    {NULL, NULL, ACC_NONE, 0, PTX_SYNC_ARRIVE, PTX_ON_GRID, 0, 0}, /* launch_dependents */
};
static const sem_rule multimem_rules[] = {
    {".ld_reduce", NULL, ACC_READ, PTX_SP_GLOBAL, 0, 0, 0, 0},
    {".st", NULL, ACC_WRITE, PTX_SP_GLOBAL, 0, 0, 0, 0},
    {".red", NULL, ACC_UPDATE, PTX_SP_GLOBAL, 0, 0, 0, 0},
    {NULL, NULL, ACC_NONE, 0, 0, 0, 0, 0},
};
static const sem_rule wmma_rules[] = {
    {".load", NULL, ACC_READ, PTX_SP_GENERIC, 0, 0, 0, 0},
    {".store", NULL, ACC_WRITE, PTX_SP_GENERIC, 0, 0, 0, 0},
    {NULL, NULL, ACC_NONE, 0, 0, 0, 0, 0}, /* mma */
};
static const sem_rule tex_rules[] = {{NULL, NULL, ACC_READ, PTX_SP_TEX, 0, 0, 0, 0}};
static const sem_rule surface_store_rules[] = {{NULL, NULL, ACC_WRITE, PTX_SP_TEX, 0, 0, 0, 0}};
static const sem_rule surface_reduce_rules[] = {{NULL, NULL, ACC_UPDATE, PTX_SP_TEX, 0, 0, 0, 0}};
static const sem_rule modifiers_only[] = {{NULL, NULL, ACC_NONE, 0, 0, 0, 0, 0}};

#define RULES(r) {r, sizeof r / sizeof r[0]}
static const struct {
    const sem_rule *rows;
    size_t n;
} families[PTX_FAM_COUNT] = {
    [PTX_FAM_LD] = RULES(ld_rules),
    [PTX_FAM_ST] = RULES(st_rules),
    [PTX_FAM_ATOM] = RULES(atom_rules),
    [PTX_FAM_RED] = RULES(red_rules),
    [PTX_FAM_CP] = RULES(cp_rules),
    [PTX_FAM_MBARRIER] = RULES(mbarrier_rules),
    [PTX_FAM_BAR] = RULES(bar_rules),
    [PTX_FAM_FENCE] = RULES(fence_rules),
    [PTX_FAM_WGMMA] = RULES(wgmma_rules),
    [PTX_FAM_TENSORMAP] = RULES(tensormap_rules),
    [PTX_FAM_GRIDDEP] = RULES(griddep_rules),
    [PTX_FAM_MULTIMEM] = RULES(multimem_rules),
    [PTX_FAM_WMMA] = RULES(wmma_rules),
    [PTX_FAM_TEX] = RULES(tex_rules),
    [PTX_FAM_SURFACE_STORE] = RULES(surface_store_rules),
    [PTX_FAM_SURFACE_REDUCE] = RULES(surface_reduce_rules),
    [PTX_FAM_MODIFIERS] = RULES(modifiers_only),
};
/* clang-format on */

static bool has_modifier(const ptx_token *mods, uint32_t n, const char *mod)
{
    for (uint32_t i = 0; i < n; i++) {
        uint32_t k = 0; /* mod's first characters, then its end */
        while (k < mods[i].n && mods[i].p[k] == mod[k])
            k++;
        if (k == mods[i].n && mod[k] == 0)
            return true;
    }
    return false;
}

static const sem_rule *find_rule(uint8_t family, const ptx_token *mods, uint32_t n)
{
    const sem_rule *rows = families[family].rows;
    for (size_t i = 0; i + 1 < families[family].n; i++)
        if (has_modifier(mods, n, rows[i].mod) && (!rows[i].mod2 || has_modifier(mods, n, rows[i].mod2)))
            return &rows[i];
    return &rows[families[family].n - 1]; /* the last row takes the rest */
}

/* The scope the modifiers name, or PTX_SCOPE_NONE. */
static uint8_t named_scope(uint32_t words)
{
    return words & PTX_W_CTA       ? PTX_SCOPE_CTA
           : words & PTX_W_CLUSTER ? PTX_SCOPE_CLUSTER
           : words & PTX_W_GPU     ? PTX_SCOPE_GPU
           : words & PTX_W_SYS     ? PTX_SCOPE_SYS
                                   : PTX_SCOPE_NONE;
}

/* The flags the modifiers give: the memory order they name replaces the row's. */
static uint8_t flags_of(const sem_rule *r, uint32_t words)
{
    uint8_t sem = r->sem;
    if (words & (PTX_W_RELAXED | PTX_W_ACQUIRE | PTX_W_RELEASE | PTX_W_ACQ_REL))
        sem = (uint8_t)((sem & ~AR) | (words & PTX_W_ACQUIRE ? PTX_SEM_ACQUIRE : 0) |
                        (words & PTX_W_RELEASE ? PTX_SEM_RELEASE : 0) | (words & PTX_W_ACQ_REL ? AR : 0));
    if (words & PTX_W_ON_CLUSTER)
        sem |= PTX_SEM_CLUSTER;
    if (words & PTX_W_ALIGNED)
        sem |= PTX_SEM_ALIGNED;
    if (words & PTX_W_READ)
        sem |= PTX_SEM_READ;
    return sem;
}

static uint8_t space_bit(uint8_t space)
{
    return space == PTX_SP_NONE ? 0 : (uint8_t)(1u << space);
}

/* The state spaces read and written, from the row's access and the spaces the modifiers name. */
static void set_access(ptx_instr *in, const sem_rule *r, const ptx_mod_info *mi)
{
    uint8_t first = mi->nspaces ? mi->space[0] : r->space, second = mi->nspaces > 1 ? mi->space[1] : PTX_SP_NONE;
    switch (r->access) {
    case ACC_READ:
        in->reads = space_bit(first);
        break;
    case ACC_WRITE:
        in->writes = space_bit(first);
        break;
    case ACC_UPDATE:
        in->reads = in->writes = space_bit(first);
        break;
    case ACC_COPY:
    case ACC_REDUCE:
        in->writes = space_bit(first);
        in->reads = (uint8_t)(space_bit(second) | (r->access == ACC_REDUCE ? space_bit(first) : 0));
        break;
    default:
        break;
    }
}

void ptx_classify_semantics(ptx_instr *in, const ptx_token *mods, const ptx_mod_info *mi, uint8_t family)
{
    if (family == PTX_FAM_NONE)
        return;
    const sem_rule *r = find_rule(family, mods, in->nmods);
    set_access(in, r, mi);
    in->sync = r->sync;
    in->sync_on = r->on;
    if (!r->on && (r->sem & PTX_SEM_ASYNC)) /* completion as the modifiers say */
        in->sync_on = mi->words & PTX_W_BULK_GROUP    ? PTX_ON_BULK_GROUP
                      : mi->words & PTX_W_MBARRIER_TX ? PTX_ON_MBARRIER
                                                      : PTX_ON_NONE;
    in->scope = named_scope(mi->words) ? named_scope(mi->words) : r->scope;
    in->sem = flags_of(r, mi->words);
}
