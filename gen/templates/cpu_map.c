${header}
#include "../tn_cpu_kernels.h"
#include "../tn_scalar_ops.h"
#include "tn_${target}.h"

/* ${op}: ${doc} */
${kernel}

void tn_cpu_${op}_${target}(${params})
{
    ${splats}
    size_t i = 0;
    for (; i + VF_LANES <= n; i += VF_LANES)
        ${op}_at(${call_args}, i);
    if (i < n)
        ${op}_tail(${call_args}, i, n - i);
}
