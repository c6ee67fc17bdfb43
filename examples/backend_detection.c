/* What trueno can use on this machine: CPU model and features, GPU devices, the variant each op
 * runs and why, and which backends a program could force (tn_use_backend), each tried once. */
#include "trueno.h"

#include <stdio.h>

static const char *const backends[] = {"scalar", "sse2", "avx", "avx2", "avx512", "cuda", "vulkan"};

int main(void)
{
    printf("CPU features: %s\n\n%s\n", tn_cpu_features(), tn_describe());
    for (int b = 5; b < 7; b++) {
        int count = 0;
        if (tn_device_count(backends[b], &count) != TN_OK)
            printf("%s: %s\n", backends[b], tn_last_error());
        else
            printf("%s: %d device(s)\n", backends[b], count);
    }
    /* A forced backend either runs or says why it cannot; it never falls back in silence. */
    float x[4] = {1, 2, 3, 4}, sum = 0;
    printf("\n%-8s %-6s %s\n", "backend", "usable", "sum(1..4) or why not");
    int usable = 0;
    for (size_t b = 0; b < sizeof backends / sizeof backends[0]; b++) {
        if (tn_use_backend(backends[b]) != TN_OK) {
            printf("%-8s %-6s %s\n", backends[b], "no", tn_last_error());
            continue;
        }
        tn_status s = tn_sum(4, x, &sum);
        usable += s == TN_OK;
        printf("%-8s %-6s %s%g\n", backends[b], s == TN_OK ? "yes" : "no", s == TN_OK ? "" : tn_last_error(),
               s == TN_OK ? (double)sum : 0.0);
    }
    tn_use_backend(NULL);
    printf("\n%d backend(s) usable here\n", usable);
    return usable > 0 ? 0 : 1;
}
