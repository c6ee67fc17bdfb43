/* Per-architecture data (occupancy limits, roofline peaks), a function's register cap and its occupancy. */
#include "ptx_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Limits from the CUDA occupancy tables (the Programming Guide's per-compute-capability table and
 * cuda_occupancy.h); peaks of one representative part (FP32 GFLOP/s, GB/s). Registers: 64 K per SM
 * and per block, at most 255 per thread, allocated per warp in units of 256 from each of the SM's 4
 * sub-partitions (a warp lives in one). */
static const ptx_arch archs[] = {
    {"sm_75", 75, 1024, 16, 32, 65536, 64, 64, 65536, 255, 256, 4, 16300, 616},      /* T4-class: TU10x */
    {"sm_80", 80, 2048, 32, 64, 65536, 164, 32, 65536, 255, 256, 4, 19500, 1555},    /* A100 */
    {"sm_86", 86, 1536, 16, 48, 65536, 100, 40, 65536, 255, 256, 4, 35600, 936},     /* RTX 3090 */
    {"sm_87", 87, 1536, 16, 48, 65536, 164, 40, 65536, 255, 256, 4, 5300, 205},      /* Orin */
    {"sm_89", 89, 1536, 24, 48, 65536, 100, 40, 65536, 255, 256, 4, 90500, 864},     /* L40 */
    {"sm_90", 90, 2048, 32, 64, 65536, 228, 32, 65536, 255, 256, 4, 67000, 3350},    /* H100 SXM */
    {"sm_100", 100, 2048, 32, 64, 65536, 228, 32, 65536, 255, 256, 4, 80000, 8000},  /* B200 */
    {"sm_120", 120, 1536, 24, 48, 65536, 100, 40, 65536, 255, 256, 4, 104800, 1792}, /* RTX 5090 */
};

/* ptxas raises a .maxnreg or -maxrregcount below this to it ("adjusting per thread register count"). */
enum { PTX_MIN_REG_CAP = 24 };

const char *const ptx_cap_source_names[4] = {"the architecture's limit", ".maxnreg", "launch bounds",
                                             "-maxrregcount"}; /* ORDER ptx_cap_source */

const ptx_arch *ptx_find_arch(const char *name)
{
    if (!name)
        return &archs[1];
    char sm[16];
    if (strncmp(name, "compute_", 8) == 0) {
        snprintf(sm, sizeof sm, "sm_%s", name + 8);
        name = sm;
    }
    for (size_t i = 0; i < sizeof archs / sizeof archs[0]; i++)
        if (strncmp(archs[i].name, name, strlen(archs[i].name)) == 0 &&
            (name[strlen(archs[i].name)] == 0 || name[strlen(archs[i].name)] == 'a' ||
             name[strlen(archs[i].name)] == 'f'))
            return &archs[i];
    return NULL;
}

/* The architecture a module is analysed for: the one asked for, else the module's .target (or the
 * nearest one below it that the table has: sm_103 is analysed as sm_100), else sm_80. */
const ptx_arch *ptx_module_arch(const ptx_module *m, const ptx_options *opt)
{
    if (opt && opt->arch && ptx_find_arch(opt->arch))
        return ptx_find_arch(opt->arch);
    int target = m && strncmp(m->target, "sm_", 3) == 0 ? atoi(m->target + 3) : 0;
    const ptx_arch *a = NULL;
    for (size_t i = 0; target && i < sizeof archs / sizeof archs[0]; i++)
        if (archs[i].sm <= target && (!a || archs[i].sm > a->sm))
            a = &archs[i];
    return a ? a : &archs[1];
}

int ptx_regs_for_blocks(const ptx_arch *a, int threads, int blocks)
{
    if (threads < 1 || blocks < 1)
        return a->regs_thread;
    int64_t warps = (threads + 31) / 32, sub = a->sub_partitions;
    /* warps of all the blocks spread over the sub-partitions; a block's warps also count as a
     * multiple of the sub-partitions against the per-block limit (the hardware's launch check) */
    int64_t per_sub = (warps * blocks + sub - 1) / sub;
    int64_t per_warp = a->regs_sm / sub / per_sub;
    int64_t block_limit = a->regs_block / ((warps + sub - 1) / sub * sub);
    if (block_limit < per_warp)
        per_warp = block_limit;
    int64_t regs = per_warp / a->reg_unit * a->reg_unit / 32;
    return regs < a->regs_thread ? (int)regs : a->regs_thread;
}

int ptx_blocks_for_regs(const ptx_arch *a, int threads, int regs)
{
    /* 64-bit: launch bounds allow blocks of up to 2^30 threads */
    int64_t warps = ((int64_t)threads + 31) / 32;
    int64_t per_warp = ((int64_t)regs * 32 + a->reg_unit - 1) / a->reg_unit * a->reg_unit;
    if (!per_warp)
        return a->max_blocks_sm;
    if (per_warp * ((warps + a->sub_partitions - 1) / a->sub_partitions * a->sub_partitions) > a->regs_block)
        return 0;
    return (int)(a->regs_sm / a->sub_partitions / per_warp * a->sub_partitions / warps);
}

int ptx_occupancy_level(const ptx_arch *a, int threads, int regs)
{
    int blocks = ptx_blocks_for_regs(a, threads, regs), most = a->max_threads_sm / (threads > 0 ? threads : 1);
    blocks = blocks < most ? blocks : most;
    blocks = blocks < a->max_blocks_sm ? blocks : a->max_blocks_sm;
    int level = blocks > 0 ? ptx_regs_for_blocks(a, threads, blocks) : regs;
    return level > regs ? level : regs;
}

int ptx_warp_occupancy_level(const ptx_arch *a, int regs)
{
    return ptx_occupancy_level(a, 32 * a->sub_partitions, regs);
}

/* Measured with ptxas 13.0: .maxnreg wins over a bare .maxntid (one block), .minnctapersm still
 * applies, -maxrregcount is ignored when the PTX carries any of them, .minnctapersm is ignored when
 * that many blocks exceed the SM's threads or blocks, and a .maxnreg above 255 is ignored. */
int ptx_register_cap(const ptx_function *f, const ptx_arch *a, int maxrregcount, ptx_cap_source *from)
{
    int cap = a->regs_thread, threads = f->reqntid ? f->reqntid : f->maxntid;
    ptx_cap_source src = PTX_CAP_ARCH;
    if (f->maxnreg > 0 && f->maxnreg <= a->regs_thread) {
        cap = f->maxnreg < PTX_MIN_REG_CAP ? PTX_MIN_REG_CAP : f->maxnreg;
        src = PTX_CAP_MAXNREG;
    }
    if (threads > 0) {
        int blocks = f->minnctapersm;
        if (blocks < 1 || blocks > a->max_blocks_sm || (int64_t)blocks * threads > a->max_threads_sm)
            blocks = f->maxnreg > 0 ? 0 : 1;
        int per = blocks ? ptx_regs_for_blocks(a, threads, blocks) : cap;
        if (per < cap) {
            cap = per < PTX_MIN_REG_CAP ? PTX_MIN_REG_CAP : per;
            src = PTX_CAP_LAUNCH_BOUNDS;
        }
    } else if (f->maxnreg <= 0 && maxrregcount > 0 && maxrregcount < cap) {
        cap = maxrregcount < PTX_MIN_REG_CAP ? PTX_MIN_REG_CAP : maxrregcount;
        src = PTX_CAP_MAXRREGCOUNT;
    }
    if (from)
        *from = src;
    return cap;
}

/* Blocks per SM from every limit but registers: threads, blocks and shared memory. */
static int blocks_without_registers(const ptx_arch *a, int block, int64_t smem)
{
    int blocks = a->max_blocks_sm, by_threads = a->max_threads_sm / block;
    int64_t by_smem = smem > 0 ? (int64_t)a->smem_sm_kb * 1024 / smem : a->max_blocks_sm;
    if (by_threads < blocks)
        blocks = by_threads;
    return by_smem < blocks ? (int)by_smem : blocks;
}

void ptx_occupancy(ptx_function *f, const ptx_arch *a, int default_block)
{
    int block = f->reqntid ? f->reqntid : f->maxntid ? f->maxntid : default_block ? default_block : 256;
    if (block > 1024)
        block = 1024;
    f->block_size = block;
    int warps = (block + 31) / 32;
    int other = blocks_without_registers(a, block, f->shared_used);
    int by_regs = ptx_blocks_for_regs(a, block, f->reg_estimate);
    f->blocks_per_sm = by_regs < other ? by_regs : other;
    f->occupancy = (double)(f->blocks_per_sm * warps) / a->max_warps_sm;
    f->occupancy_without_registers = (double)(other * warps) / a->max_warps_sm;
    if (f->occupancy > 1)
        f->occupancy = 1;
    if (f->occupancy_without_registers > 1)
        f->occupancy_without_registers = 1;
}
