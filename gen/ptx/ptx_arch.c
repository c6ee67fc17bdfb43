/* Per-architecture data: limits for occupancy and peaks for the roofline, found by name. */
#include "ptx.h"

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
