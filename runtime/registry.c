/* The kernel source registry: a PTX module or SPIR-V shader by its hash, as tngen lists them in
 * generated/runtime/kernel_sources.c. */
#include "tn_internal.h"

uint64_t tn_fnv1a64(const void *bytes, size_t size)
{
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < size; i++)
        h = (h ^ ((const unsigned char *)bytes)[i]) * 1099511628211ull;
    return h;
}

const tn_kernel_source *tn_kernel_source_find(uint64_t hash)
{
    int lo = 0, hi = tn_kernel_source_count;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (tn_kernel_sources[mid].hash < hash)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < tn_kernel_source_count && tn_kernel_sources[lo].hash == hash ? &tn_kernel_sources[lo] : NULL;
}
