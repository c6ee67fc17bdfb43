/* Analysis of one function: its steps in order (CFG, variance, addresses, registers, memory), then the rules. */
#include "ptx_analysis.h"

#include <stdlib.h>
#include <string.h>

/* w's marks cover symbols 0 to n - 1; new ones start unmarked (stamps start at 1) */
static void cover_symbols(ptx_worker *w, uint32_t n)
{
    if (n <= w->nstamp)
        return;
    uint32_t *grown = realloc(w->sym_stamp, (size_t)n * sizeof *grown);
    if (!grown)
        ptx_out_of_memory((size_t)n * sizeof *grown);
    memset(grown + w->nstamp, 0, (size_t)(n - w->nstamp) * sizeof *grown);
    w->sym_stamp = grown, w->nstamp = n;
}

void ptx_analyze_function(ptx_module *m, const ptx_job *job, const ptx_arch *arch, ptx_worker *w)
{
    ptx_function *f = job->f;
    ptx_arena_rewind(&w->scratch); /* the previous function's arrays are gone: their memory is reused */
    ptx_ctx c = {.m = m, .f = f, .syms = job->syms, .opt = m->opt, .arch = arch, .n = f->nins, .scratch = &w->scratch};
    cover_symbols(w, job->nsyms + 1);
    c.sym_stamp = w->sym_stamp;
    c.stamp = ++w->stamp; /* marks the symbols this function uses */
    for (uint32_t i = 0; i < f->nins; i++)
        f->ncalls += f->ins[i].kind == PTX_K_CALL;
    if (f->ncalls) /* what stays live across each call (ptx_liveness), for ptx_call_graph_rules */
        f->call_live = ptx_xcalloc(f->ncalls, sizeof *f->call_live);
    ptx_build_def_use(&c);
    for (uint32_t r = 0; r < f->nregs; r++)
        f->reg_by_class[f->regs[r].cls]++;
    if (c.n) {
        ptx_build_cfg(&c);
        ptx_reachability(&c);
        ptx_post_dominators(&c);
        ptx_thread_variance(&c);
        ptx_affine_forms(&c);
        ptx_address_forms(&c);
        ptx_tid_bounds(&c);
        ptx_generic_addresses(&c);
        ptx_liveness(&c);
    }
    int64_t promoted = c.n ? ptx_find_local_memory(&c) : 0; /* a .local array that lives in registers */
    ptx_estimate_registers(&c, promoted);
    ptx_memory_and_roofline(&c);
    f->shared_used = f->shared_bytes + c.module_shared;
    ptx_occupancy(f, arch, m->opt->block);
    if (c.n) {
        ptx_find_barrier_divergence(&c);
        ptx_find_shared_races(&c);
        ptx_find_memory_patterns(&c);
        ptx_find_bank_conflicts(&c);
        ptx_find_uninitialized(&c);
        ptx_find_control_flow(&c);
    }
    if (!f->ncalls) /* else decided with its callees' registers */
        ptx_find_register_issues(m, f, arch);
    free(c.du), free(c.succ); /* grown with realloc; the other arrays are in scratch */
    ptx_threads_free(c.threads);
}
