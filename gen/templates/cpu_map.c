${header}
#include "../tn_cpu_kernels.h"
#include "../tn_scalar_ops.h"
#include "tn_${target}.h"

/* ${op}: ${doc} */
${kernel}

void tn_cpu_${op}_${target}(${params})
{
    ${splats}
    /* With 32- and 64-byte vectors, a head of fewer than VF_LANES elements first, so that the
     * loop's stores are aligned to the vector width: a store that straddles two cache lines costs
     * two, and malloc aligns to 16 bytes only. (16-byte vectors seldom straddle; no head.) */
    size_t i = VF_LANES < 8 ? 0 : (size_t)(-(uintptr_t)${out} % (VF_LANES * sizeof(float))) / sizeof(float);
    if (i > n)
        i = n;
    if (i > 0)
        ${op}_tail(${call_args}, 0, i);
    for (; i + VF_LANES <= n; i += VF_LANES)
        ${op}_at(${call_args}, i);
    if (i < n)
        ${op}_tail(${call_args}, i, n - i);
}
