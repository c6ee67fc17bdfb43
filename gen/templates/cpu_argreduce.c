${header}
#include "../tn_cpu_kernels.h"
#include "../tn_scalar_ops.h"
#include "tn_${target}.h"

/* ${op}: ${doc} */
${kernel}

/* Each lane keeps its best value and the index where it first appeared; lanes are merged
 * preferring the better value, then the smaller index, which gives the index of the first
 * element that was better than all before it. Lane indices are int32: chunks of TN_ARG_CHUNK. */
void tn_cpu_${op}_${target}(${params})
{
    float best = ${init};
    size_t best_index = 0;
    for (size_t start = 0; start < n; start += TN_ARG_CHUNK) {
        size_t len = n - start < TN_ARG_CHUNK ? n - start : TN_ARG_CHUNK;
        const float *p = x + start;
        vf lane_best = v_splat(${init});
        vi lane_index = v_isplat(0), position = v_iota();
        const vi advance = v_isplat(VF_LANES);
        size_t i = 0;
        for (; i + VF_LANES <= len; i += VF_LANES) {
            vf v = v_load(p + i);
            vm m = ${op}_better(v, lane_best);
            lane_best = p_select(m, v, lane_best);
            lane_index = v_iselect(m, position, lane_index);
            position = p_iadd(position, advance);
        }
        if (i < len) {
            vf v = v_load_tail(p + i, len - i, v_splat(${init}));
            vm m = ${op}_better(v, lane_best);
            lane_best = p_select(m, v, lane_best);
            lane_index = v_iselect(m, position, lane_index);
        }
        float values[VF_LANES];
        int32_t indices[VF_LANES];
        v_store(values, lane_best);
        v_istore(indices, lane_index);
        for (int j = 0; j < VF_LANES; j++) {
            size_t at = start + (size_t)indices[j];
            if (${op}_better_s(values[j], best) || (values[j] == best && at < best_index)) {
                best = values[j];
                best_index = at;
            }
        }
    }
    *index = best_index;
}
