/* PTX analyzer: lexer, parser, per-kernel IR, analyses and rules (used by tngen and tnptx). */
#ifndef TRUENO_PTX_H
#define TRUENO_PTX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- arena: the IR of one module lives in one, freed at once ---- */
typedef struct ptx_arena_block ptx_arena_block;
typedef struct ptx_arena {
    ptx_arena_block *head;
    char *cur, *end;
    size_t block; /* the smallest block it asks malloc for; 0: 64 KiB */
} ptx_arena;

/* ---- tokens: pointer + length into the source buffer, never copied ---- */
typedef enum ptx_tok_kind {
    PTX_T_EOF,
    PTX_T_IDENT,
    PTX_T_DOTWORD,
    PTX_T_INT,
    PTX_T_FLOAT,
    PTX_T_STRING,
    PTX_T_PUNCT,
    PTX_T_SHL,
    PTX_T_SHR,
    PTX_T_BAD,
    PTX_T_UNTERMINATED,
    PTX_T_OP2 /* <= >= == != && || (constant expressions) */
} ptx_tok_kind;

typedef struct ptx_token {
    const char *p;
    uint32_t n;
    uint8_t kind;
    uint32_t line, col;
} ptx_token;

/* ---- IR ---- */
typedef enum ptx_space {
    PTX_SP_NONE,
    PTX_SP_GLOBAL,
    PTX_SP_SHARED,
    PTX_SP_LOCAL,
    PTX_SP_CONST,
    PTX_SP_PARAM,
    PTX_SP_TEX,
    PTX_SP_GENERIC,
    PTX_SP_COUNT
} ptx_space;
extern const char *const ptx_space_names[PTX_SP_COUNT]; /* ORDER ptx_space */

/* Opcode classes the analyses care about; everything else is PTX_K_OTHER. */
typedef enum ptx_kind {
    PTX_K_OTHER,
    PTX_K_LD,
    PTX_K_ST,
    PTX_K_ATOM,
    PTX_K_RED,
    PTX_K_BRA,
    PTX_K_BRX,
    PTX_K_RET,
    PTX_K_EXIT,
    PTX_K_TRAP,
    PTX_K_BAR,
    PTX_K_CALL,
    PTX_K_MOV,
    PTX_K_ADD,
    PTX_K_SUB,
    PTX_K_MUL,
    PTX_K_MAD,
    PTX_K_SHL,
    PTX_K_CVT,
    PTX_K_CVTA,
    PTX_K_SETP,
    PTX_K_SELP,
    PTX_K_FMA,
    PTX_K_VARIANT_SRC,
    PTX_K_NEG,
    PTX_K_ARITH,
    PTX_K_TEX,
    PTX_K_CP_ASYNC
} ptx_kind;

typedef enum ptx_opnd_kind {
    PTX_O_NONE,
    PTX_O_REG,
    PTX_O_SREG,
    PTX_O_IMM,
    PTX_O_FIMM,
    PTX_O_SYM,
    PTX_O_ADDR,
    PTX_O_VEC,
    PTX_O_LIST,
    PTX_O_SINK
} ptx_opnd_kind;

/* Special registers: id = base * 4 + component (x y z, or 0 for scalars). */
enum {
    PTX_SR_TID,
    PTX_SR_NTID,
    PTX_SR_CTAID,
    PTX_SR_NCTAID,
    PTX_SR_LANEID,
    PTX_SR_WARPID,
    PTX_SR_OTHER_VARIANT,
    PTX_SR_OTHER_UNIFORM,
    PTX_SR_CLUSTER_RANK /* %cluster_ctarank, %cluster_ctaid: a block's place in its cluster, a few values */
};

/* What an instruction does for ordering, and through what (ptx_semantics.c; docs/PTX_ANALYZER.md has
 * the table of instructions). */
typedef enum ptx_sync {
    PTX_SYNC_NONE,
    PTX_SYNC_BARRIER,     /* arrives and waits: bar.sync, barrier.sync, bar.red, bar.warp.sync */
    PTX_SYNC_ARRIVE,      /* arrives without waiting: bar.arrive, barrier.cluster.arrive, mbarrier.arrive(_drop) */
    PTX_SYNC_WAIT,        /* waits: barrier.cluster.wait, mbarrier.test_wait/try_wait, *.wait_group */
    PTX_SYNC_FENCE,       /* orders memory accesses: fence.*, membar, wgmma.fence, tensormap.cp_fenceproxy */
    PTX_SYNC_COMMIT,      /* closes a group of asynchronous operations: *.commit_group */
    PTX_SYNC_INIT,        /* mbarrier.init */
    PTX_SYNC_INVAL,       /* mbarrier.inval */
    PTX_SYNC_EXPECT_TX,   /* mbarrier.expect_tx: raises the bytes a phase waits for */
    PTX_SYNC_COMPLETE_TX, /* mbarrier.complete_tx: counts bytes as arrived */
    PTX_SYNC_COUNT
} ptx_sync;
extern const char *const ptx_sync_names[PTX_SYNC_COUNT]; /* ORDER ptx_sync */

/* What the synchronisation acts on; for an asynchronous operation, what tracks its completion. */
typedef enum ptx_sync_object {
    PTX_ON_NONE,
    PTX_ON_CTA_BARRIER,     /* a named barrier of the CTA (bar, barrier) */
    PTX_ON_CLUSTER_BARRIER, /* the cluster's barrier (barrier.cluster) */
    PTX_ON_WARP,            /* the warp (bar.warp.sync) */
    PTX_ON_MBARRIER,        /* an mbarrier object in shared memory, named by an operand */
    PTX_ON_BULK_GROUP,      /* bulk async-groups (cp.async.bulk.commit_group/wait_group) */
    PTX_ON_ASYNC_GROUP,     /* cp.async groups (cp.async.commit_group/wait_group/wait_all) */
    PTX_ON_WGMMA_GROUP,     /* wgmma groups (wgmma.commit_group/wait_group) */
    PTX_ON_MEMORY,          /* the memory model: fence.sc/acq_rel, membar */
    PTX_ON_PROXY,           /* between proxies: fence.proxy.*, tensormap.cp_fenceproxy */
    PTX_ON_GRID,            /* dependent grids (griddepcontrol) */
    PTX_ON_COUNT
} ptx_sync_object;
extern const char *const ptx_sync_object_names[PTX_ON_COUNT]; /* ORDER ptx_sync_object */

/* The threads an ordering or an atomic covers (.cta .cluster .gpu .sys; the instruction's default
 * when it names none). */
typedef enum ptx_sync_scope {
    PTX_SCOPE_NONE,
    PTX_SCOPE_CTA,
    PTX_SCOPE_CLUSTER,
    PTX_SCOPE_GPU,
    PTX_SCOPE_SYS,
    PTX_SCOPE_COUNT
} ptx_sync_scope;
extern const char *const ptx_scope_names[PTX_SCOPE_COUNT]; /* ORDER ptx_sync_scope */

/* Flags of an instruction's memory semantics. ORDER ptx_sem_names */
enum {
    PTX_SEM_ASYNC = 1,       /* its memory effect completes after it, tracked by sync_on */
    PTX_SEM_ASYNC_PROXY = 2, /* through the async proxy: bulk and tensor copies, wgmma's shared operands */
    PTX_SEM_CLUSTER = 4,     /* the shared memory may be another CTA's of the cluster (.shared::cluster) */
    PTX_SEM_ACQUIRE = 8,     /* acquire semantics (also a barrier's wait side) */
    PTX_SEM_RELEASE = 16,    /* release semantics (also a barrier's arrive side) */
    PTX_SEM_ALIGNED = 32,    /* .aligned: all threads of the warp (warpgroup: wgmma, setmaxnreg) together */
    PTX_SEM_READ = 64        /* a wait that ends when the sources have been read (.read) */
};
enum { PTX_SEM_FLAG_COUNT = 7 };
extern const char *const ptx_sem_names[PTX_SEM_FLAG_COUNT]; /* ORDER PTX_SEM_*, bit by bit */

typedef struct ptx_operand {
    uint8_t kind, neg;
    uint8_t in_addr; /* an item after the first of a bracketed address: [map, {x, y}], [tex, sampler, {x}] */
    uint8_t hex;     /* FIMM: written as the bits of a float (0f3F800000, 0d...), which bit types take;
                        REG: one component of a vector register (%v.x) */
    int32_t reg;     /* REG: register id; SREG: special id; ADDR: base register or -1; VEC/LIST: first operand */
    int32_t sym;     /* SYM/ADDR: symbol index in the module, or -1 */
    int32_t count;   /* VEC/LIST: operand count */
    int64_t imm;     /* IMM value; ADDR/SYM offset */
    uint32_t line, col;
} ptx_operand;

typedef struct ptx_instr {
    const char *op;
    uint32_t oplen, line, col;
    int32_t guard; /* predicate register or -1 */
    uint8_t guard_neg, kind, space, vec, tsize, is_float, uni, cvta_to;
    /* memory semantics: the state spaces the instruction reads and writes (bits 1 << ptx_space:
     * memory, not registers), what it synchronises, through what, at which scope, PTX_SEM_* flags */
    uint8_t reads, writes, sync, sync_on, scope, sem;
    uint32_t nmods;
    int32_t nopnd;  /* top-level operands (a list counts one; its elements are in the pool before them) */
    uint32_t mods;  /* first modifier token in the function's modifier pool */
    uint32_t opnds; /* first operand in the function's operand pool */
    int32_t target; /* branch target instruction, -1 */
} ptx_instr;

typedef enum ptx_reg_class { PTX_RC_PRED, PTX_RC_16, PTX_RC_32, PTX_RC_64, PTX_RC_128 } ptx_reg_class;

/* What a register's declared type lets it hold where an instruction's type asks (ptxas rejects a
 * .f32 register in add.u32, and a .u32 one in add.f32): .b types anything. */
enum { PTX_RK_BITS, PTX_RK_INT, PTX_RK_FLOAT };
typedef struct ptx_reg {
    const char *name;
    uint32_t len;
    uint8_t cls;
    uint8_t kind; /* PTX_RK_* */
} ptx_reg;

typedef struct ptx_symbol {
    const char *name;
    uint32_t len;
    uint8_t space, is_func, is_entry, is_label, has_body;
    int64_t size;
    uint32_t line;
    uint32_t elem; /* bytes of one element (a[i] is i * elem bytes in) */
} ptx_symbol;

typedef enum ptx_severity { PTX_INFO, PTX_WARNING, PTX_ERROR } ptx_severity;
extern const char *const ptx_severity_names[3]; /* ORDER ptx_severity */

typedef enum ptx_rule_id {
    PTX_RULE_SYNTAX,
    PTX_RULE_BARRIER_DIVERGENCE,
    PTX_RULE_SHARED_RACE,
    PTX_RULE_BANK_CONFLICT,
    PTX_RULE_UNCOALESCED_GLOBAL,
    PTX_RULE_REGISTER_SPILL,
    PTX_RULE_LOCAL_MEMORY,
    PTX_RULE_HIGH_REGISTER_PRESSURE,
    PTX_RULE_SHARED_64BIT_ADDRESS,
    PTX_RULE_GENERIC_AS_SHARED,
    PTX_RULE_UNINITIALIZED_REGISTER,
    PTX_RULE_DEAD_CODE,
    PTX_RULE_NO_EXIT_PATH,
    PTX_RULE_MISSING_BOUNDS_CHECK,
    PTX_RULE_UNVECTORIZED_ACCESS,
    PTX_RULE_NO_ENTRY,
    PTX_RULE_COUNT
} ptx_rule_id;

typedef struct ptx_rule_info {
    const char *id;
    ptx_severity severity;
    bool strict_only; /* noisier performance rules: only with --strict */
    bool bug;         /* a correctness rule (kept by --bugs) */
    const char *summary;
} ptx_rule_info;
extern const ptx_rule_info ptx_rules[PTX_RULE_COUNT]; /* ORDER ptx_rule_id */

typedef struct ptx_finding {
    ptx_rule_id rule;
    ptx_severity severity;
    uint32_t line, col;
    char *message, *fix;
} ptx_finding;

typedef struct ptx_mem_stats {
    uint32_t loads[PTX_SP_COUNT], stores[PTX_SP_COUNT], atomics[PTX_SP_COUNT];
    uint64_t load_bytes[PTX_SP_COUNT], store_bytes[PTX_SP_COUNT];
} ptx_mem_stats;

typedef struct ptx_function {
    const char *name;
    uint32_t namelen, line;
    bool is_entry, has_body;
    int maxnreg, maxntid, reqntid, minnctapersm; /* 0 when absent; ntid as a product */
    ptx_instr *ins;
    uint32_t nins, insc;
    ptx_operand *opnds;
    uint32_t nopnds, opndc;
    ptx_token *mods;
    uint32_t nmods, modc;
    ptx_reg *regs;
    uint32_t nregs, regc;
    int64_t local_bytes, shared_bytes; /* declared inside the body */
    int64_t local_in_memory;           /* bytes of its stack array that stay in memory (LOCAL_MEMORY) */
    uint32_t nlabels;
    /* results of the analyses */
    int maxlive, maxlive_scheduled, maxlive_pred, reg_by_class[5];
    /* registers the fewest-registers order needs and the latency order holds, PTX_REG_OVERHEAD and a
     * promoted stack array included, and with what its callees add (ptx_calls.c) */
    int reg_need, reg_latency;
    int reg_callees; /* its heaviest call: what stays live across it and what the callee holds; 0: none */
    int *call_live;  /* per call instruction, in order: the registers live across it (malloc'ed) */
    uint32_t ncalls;
    int reg_demand;       /* registers ptxas would use with no cap (-maxrregcount 255) */
    int reg_cap;          /* registers it may use (ptx_register_cap) */
    int reg_estimate;     /* registers it uses (ptxas -v): the demand, or less for an occupancy, or the cap */
    int reg_unbounded;    /* registers it uses when let (ptxas -maxrregcount 255): the demand within the cap */
    int reg_spilled;      /* registers' worth of values spilled to local memory (demand - cap), or 0 */
    uint8_t reg_cap_from; /* ptx_cap_source */
    double occupancy, occupancy_without_registers; /* the latter: what threads and shared memory allow */
    int64_t shared_used; /* bytes of shared memory a block uses: its own and the module's it names */
    int block_size, blocks_per_sm;
    uint64_t flops, bytes;
    ptx_mem_stats mem;
    ptx_finding *findings;
    uint32_t nfindings, findc;
    struct ptx_function *next;
} ptx_function;

typedef struct ptx_module {
    ptx_arena arena;
    const char *path;
    const char *text;
    size_t len;
    int version_major, version_minor, address_size;
    char target[16];
    uint16_t target_bit; /* the target's bit among the ones the parser knows (ptx_gates.c) */
    ptx_symbol *syms;
    uint32_t nsyms, symc, nold_syms;
    ptx_symbol *old_syms[32]; /* what syms grew out of, kept while the module's functions are analysed */
    ptx_function *funcs, *last_func;
    uint32_t nfuncs, nentries;
    bool valid;
    ptx_finding *findings; /* module-level: PTX_SYNTAX, NO_ENTRY */
    uint32_t nfindings, findc;
    int64_t shared_bytes;          /* module-level static .shared */
    const struct ptx_options *opt; /* while analysing */
    void *lock;                    /* while functions are analysed in parallel: a mutex for arena */
} ptx_module;

typedef struct ptx_whitelist_entry {
    char rule[40], kernel[128];
} ptx_whitelist_entry;

typedef struct ptx_options {
    const char *arch; /* "sm_80" by default */
    int block;        /* block size when the kernel does not say; 0: 256 */
    int maxrregcount; /* as ptxas -maxrregcount: caps functions without .maxnreg or launch bounds; 0: none */
    bool strict, bugs_only;
    const ptx_whitelist_entry *whitelist;
    int nwhitelist;
    int threads; /* functions analysed at once: 0, as many as the machine has cores; 1, one at a time */
} ptx_options;

/* Parses and analyses text (NUL-terminated at text[len]); path is only used in messages.
 * Never fails: syntax errors become PTX_SYNTAX findings and valid = false. */
void ptx_analyze_text(ptx_module *m, const char *path, const char *text, size_t len, const ptx_options *opt);
void ptx_module_free(ptx_module *m);
/* The largest file ptx_read_file reads (PTX modules are rarely above a few MB). */
#define PTX_MAX_FILE_MIB   256
#define PTX_MAX_FILE_BYTES ((size_t)PTX_MAX_FILE_MIB << 20)
/* Reads a whole regular file of at most PTX_MAX_FILE_BYTES (NUL-terminated). NULL when it cannot,
 * with errno set and *why (when why is not NULL) saying why: the system's reason, "not a regular
 * file (a FIFO)" and the like, or "larger than 256 MiB". Never waits on a FIFO or reads a device. */
char *ptx_read_file(const char *path, size_t *len, const char **why);
/* ptxas's path (malloc'ed) from $PTXAS, then $PATH, then /usr/local/cuda/bin; NULL when absent. */
char *ptx_find_ptxas(void);
/* Loads a whitelist ("RULE KERNEL reason..." per line, # comments); -1 when unreadable, -2 when
 * an entry gives no reason. */
int ptx_load_whitelist(const char *path, ptx_whitelist_entry **out);

/* Counts of findings at each severity over the module. */
void ptx_count_findings(const ptx_module *m, int counts[3]);

/* Per-architecture data: limits for occupancy and register caps, peaks for the roofline. */
typedef struct ptx_arch {
    const char *name;
    int sm, max_threads_sm, max_blocks_sm, max_warps_sm, regs_sm, smem_sm_kb, squeeze_regs;
    int regs_block, regs_thread, reg_unit, sub_partitions; /* registers: see ptx_arch.c */
    double peak_gflops, peak_gbps;
} ptx_arch;
const ptx_arch *ptx_find_arch(const char *name);
struct ptx_options;
const ptx_arch *ptx_module_arch(const ptx_module *m, const struct ptx_options *opt);
/* Where a function's register cap comes from. ORDER ptx_cap_source_names */
typedef enum ptx_cap_source {
    PTX_CAP_ARCH,
    PTX_CAP_MAXNREG,
    PTX_CAP_LAUNCH_BOUNDS,
    PTX_CAP_MAXRREGCOUNT
} ptx_cap_source;
extern const char *const ptx_cap_source_names[4];
/* Registers a thread of f may use, as ptxas decides: .maxnreg, else launch bounds (.maxntid or
 * .reqntid, with .minnctapersm), else maxrregcount (ptxas -maxrregcount, 0: none), else the
 * architecture's limit. *from (when not NULL) says which. */
int ptx_register_cap(const ptx_function *f, const ptx_arch *a, int maxrregcount, ptx_cap_source *from);
/* The most registers per thread that let `blocks` blocks of `threads` threads be resident on one SM
 * (0 when even one register is too many). */
int ptx_regs_for_blocks(const ptx_arch *a, int threads, int blocks);
/* Blocks of `threads` threads using `regs` registers each that the register file holds. */
int ptx_blocks_for_regs(const ptx_arch *a, int threads, int regs);
/* The most registers per thread that keep as many blocks of `threads` threads resident as `regs`
 * registers do (at least regs). */
int ptx_occupancy_level(const ptx_arch *a, int threads, int regs);
/* The same with no block size known: counted in warps, one per sub-partition at a time (what
 * ptxas aims at for a kernel without launch bounds or a register cap). */
int ptx_warp_occupancy_level(const ptx_arch *a, int regs);

/* Reports. */
void ptx_report_text(FILE *out, const ptx_module *m, const ptx_options *opt, bool verbose);
void ptx_report_json(FILE *out, const ptx_module *m, const ptx_options *opt, bool last);
void ptx_report_sarif_results(FILE *out, const ptx_module *m, bool *first);

#endif
