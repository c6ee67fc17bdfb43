/* Per-architecture data (occupancy limits, roofline peaks), a function's register cap and its occupancy. */
#include "ptx_internal.h"

#include <stdio.h>
#include <string.h>

/* Limits from the CUDA occupancy tables; peaks of one representative part (FP32 GFLOP/s, GB/s). */
static const ptx_arch archs[] = {
    {"sm_75", 75, 1024, 16, 32, 65536, 64, 64, 16300, 616},      /* T4-class: TU10x */
    {"sm_80", 80, 2048, 32, 64, 65536, 164, 32, 19500, 1555},    /* A100 */
    {"sm_86", 86, 1536, 16, 48, 65536, 100, 40, 35600, 936},     /* RTX 3090 */
    {"sm_87", 87, 1536, 16, 48, 65536, 164, 40, 5300, 205},      /* Orin */
    {"sm_89", 89, 1536, 24, 48, 65536, 100, 40, 90500, 864},     /* L40 */
    {"sm_90", 90, 2048, 32, 64, 65536, 228, 32, 67000, 3350},    /* H100 SXM */
    {"sm_100", 100, 2048, 32, 64, 65536, 228, 32, 80000, 8000},  /* B200 */
    {"sm_120", 120, 1536, 24, 48, 65536, 100, 40, 104800, 1792}, /* RTX 5090 */
};

const ptx_arch *ptx_find_arch(const char *name)
{
    if (!name)
        return &archs[1];
    if (strncmp(name, "compute_", 8) == 0) {
        static char sm[16];
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

int ptx_register_cap(const ptx_function *f, const ptx_arch *a)
{
    int cap = 255;
    if (f->maxnreg > 0 && f->maxnreg < cap)
        cap = f->maxnreg;
    int threads = f->reqntid ? f->reqntid : f->maxntid;
    if (threads > 0 && f->minnctapersm > 0) {
        int64_t per = (int64_t)a->regs_sm / ((int64_t)((threads + 31) / 32 * 32) * f->minnctapersm);
        per = per / 8 * 8;
        if (per < cap)
            cap = (int)(per < 16 ? 16 : per);
    }
    if (threads > 0 && !f->minnctapersm) {
        int64_t per = (int64_t)a->regs_sm / ((threads + 31) / 32 * 32);
        per = per / 8 * 8;
        if (per < cap)
            cap = (int)per;
    }
    return cap;
}

void ptx_occupancy(ptx_function *f, const ptx_arch *a, int64_t module_shared, int default_block)
{
    int64_t smem = f->shared_bytes + module_shared;
    int block = f->reqntid ? f->reqntid : f->maxntid ? f->maxntid : default_block ? default_block : 256;
    if (block > 1024)
        block = 1024;
    f->block_size = block;
    int cap = ptx_register_cap(f, a);
    int regs = ((f->reg_estimate < cap ? f->reg_estimate : cap) + 7) / 8 * 8; /* ptxas stays within the cap */
    if (regs > 255)
        regs = 255;
    int warps = (block + 31) / 32;
    int per_warp = (regs * 32 + 255) / 256 * 256;
    int by_regs = per_warp ? a->regs_sm / per_warp / warps : a->max_blocks_sm;
    int by_threads = a->max_threads_sm / block;
    int by_smem = smem > 0 ? (int)((int64_t)a->smem_sm_kb * 1024 / smem) : a->max_blocks_sm;
    int blocks = a->max_blocks_sm;
    if (by_regs < blocks)
        blocks = by_regs;
    if (by_threads < blocks)
        blocks = by_threads;
    if (by_smem < blocks)
        blocks = by_smem;
    f->blocks_per_sm = blocks;
    f->occupancy = (double)(blocks * warps) / a->max_warps_sm;
    if (f->occupancy > 1)
        f->occupancy = 1;
}
