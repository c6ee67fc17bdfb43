/* PTX analyzer internals, shared by its files and not by its users; each layer calls only those above it. */
#ifndef TRUENO_PTX_INTERNAL_H
#define TRUENO_PTX_INTERNAL_H

#include "ptx.h"

#include <string.h>

/* Whether instruction in's opcode (without modifiers) is name. */
static inline bool ptx_op_is(const ptx_instr *in, const char *name)
{
    return in->oplen == strlen(name) && memcmp(in->op, name, in->oplen) == 0;
}

/* ---- arena (ptx_arena.c) ---- */
void *ptx_alloc(ptx_arena *a, size_t size); /* zeroed, 16-byte aligned */
/* ptx_alloc not zeroed, and calloc not zeroed: for arrays written before they are read */
void *ptx_alloc_raw(ptx_arena *a, size_t size);
void *ptx_xmalloc(size_t n, size_t size);
void ptx_arena_free(ptx_arena *a);
void ptx_arena_rewind(ptx_arena *a);      /* forgets every allocation, keeps the memory (as one block) */
void *ptx_xcalloc(size_t n, size_t size); /* calloc that aborts when memory runs out */
/* Says that memory ran out (how much was asked for) on stderr and aborts: the analyzer has no
 * fixed limits on what it reads, only the memory it is given. */
_Noreturn void ptx_out_of_memory(size_t bytes);
/* Grows a malloc'd array of elem-byte elements: *cap doubles (from 64). */
void ptx_grow(void **arr, uint32_t *cap, size_t elem);
/* Gives an empty array (*arr NULL) room for n elem-byte elements at once. */
void ptx_reserve(void **arr, uint32_t *cap, uint32_t n, size_t elem);
/* Makes room for one more element in arr (n used of cap). */
#define PTX_PUSH(arr, n, cap)                                                                                          \
    do {                                                                                                               \
        if ((n) == (cap))                                                                                              \
            ptx_grow((void **)&(arr), &(cap), sizeof *(arr));                                                          \
    } while (0)

/* ---- findings (ptx_findings.c): every analysis reports through this; options and whitelist filter ---- */
void ptx_add_finding(ptx_module *m, ptx_function *f, ptx_rule_id rule, uint32_t line, uint32_t col, const char *fix,
                     const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;

/* ---- lexer (ptx_lexer.re) ---- */
typedef struct ptx_lexer {
    const char *cur, *lim, *line_start;
    uint32_t line;
} ptx_lexer;

void ptx_lexer_init(ptx_lexer *lx, const char *text, size_t len); /* text[len] must be 0 */
void ptx_lex(ptx_lexer *lx, ptx_token *t);

/* ---- parser (ptx_parse.c): m->text to m->funcs and m->syms; a syntax error becomes a finding ---- */
/* parsed (when not NULL) is handed each function whose body has been read, as soon as it has been;
 * while m->lock is set, the parser takes it to allocate from m->arena. */
void ptx_parse(ptx_module *m, void (*parsed)(void *arg, ptx_function *f), void *arg);

/* ---- analyses of one function (ptx_analyze.c and the files it drives, ptx_analysis.h) ---- */
/* What a thread analysing functions one after another keeps from one to the next: the arena of
 * their temporary arrays (rewound for each) and the marks of the module's symbols each uses. */
typedef struct ptx_worker {
    ptx_arena scratch;
    uint32_t *sym_stamp, stamp, nstamp;
} ptx_worker;
/* A function to analyse, with the module's symbols as they were when its body had been parsed: the
 * parser may be reading the functions after it meanwhile, growing the table into a new array. */
typedef struct ptx_job {
    ptx_function *f;
    const ptx_symbol *syms;
    uint32_t nsyms;
} ptx_job;
/* Analyses job->f with w's scratch and m->opt. Writes only to the function (its findings' text to
 * m->arena, under m's lock): functions of one module may be analysed at once by different workers. */
void ptx_analyze_function(ptx_module *m, const ptx_job *job, const ptx_arch *arch, ptx_worker *w);
/* f->block_size, blocks_per_sm and occupancy on a, from f->reg_estimate and f->shared_used (ptx_arch.c) */
void ptx_occupancy(ptx_function *f, const ptx_arch *a, int default_block);
/* f->reg_demand, reg_cap, reg_unbounded, reg_estimate and reg_spilled from f->reg_need and
 * reg_latency (ptx_registers.c) */
void ptx_allocate_registers(ptx_function *f, const ptx_arch *a, int maxrregcount);
/* REGISTER_SPILL and HIGH_REGISTER_PRESSURE of f, once its registers and occupancy are known */
void ptx_find_register_issues(ptx_module *m, ptx_function *f, const ptx_arch *arch);
/* What calls add, after every function's own analysis (ptx_calls.c): the registers of the functions
 * that call (their callees' and what stays live across each call), their occupancy and register
 * rules; LOCAL_MEMORY of kernels whose callees put a stack array in the kernel's frame. */
void ptx_call_graph_rules(ptx_module *m, const ptx_arch *arch);

#endif
