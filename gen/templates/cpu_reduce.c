${header}
#include "../tn_cpu_kernels.h"
#include "../tn_scalar_ops.h"
#include "tn_${target}.h"

/* ${op}: ${doc} */
${kernel}

/* Blocks of TN_REDUCE_BLOCK elements are reduced with four independent accumulators (latency
 * hiding); block results are combined pairwise, so rounding error grows with log(n), not n. */
void tn_cpu_${op}_${target}(${params})
{
    float partial[64];
    int depth = 0;
    size_t blocks = 0;
    for (size_t start = 0; start < n; start += TN_REDUCE_BLOCK) {
        size_t end = n - start < TN_REDUCE_BLOCK ? n : start + TN_REDUCE_BLOCK;
        vf acc0 = v_splat(${init}), acc1 = acc0, acc2 = acc0, acc3 = acc0;
        size_t i = start;
        for (; i + 4 * VF_LANES <= end; i += 4 * VF_LANES) {
            acc0 = ${op}_step_at(acc0, ${call_args}, i);
            acc1 = ${op}_step_at(acc1, ${call_args}, i + VF_LANES);
            acc2 = ${op}_step_at(acc2, ${call_args}, i + 2 * VF_LANES);
            acc3 = ${op}_step_at(acc3, ${call_args}, i + 3 * VF_LANES);
        }
        for (; i + VF_LANES <= end; i += VF_LANES)
            acc0 = ${op}_step_at(acc0, ${call_args}, i);
        if (i < end)
            acc0 = ${op}_step_tail(acc0, ${call_args}, i, end - i);
        acc0 = ${op}_combine(${op}_combine(acc0, acc1), ${op}_combine(acc2, acc3));
        /* A tree over the lanes, in registers: lane j combines with lane j + width. */
        for (int width = VF_LANES / 2; width > 0; width /= 2)
            acc0 = ${op}_combine(acc0, v_fold(acc0, width));
        float s = v_first(acc0);
        for (size_t b = blocks++; b & 1; b >>= 1)
            s = ${op}_combine_s(partial[--depth], s);
        partial[depth++] = s;
    }
    float total = ${init};
    while (depth > 0)
        total = ${op}_combine_s(partial[--depth], total);
    *result = ${op}_final_s(total);
}
