${gen.header("/*", { op.file, "gen/lua/schedules/map.lua" }, "map.c")}
#include "../tn_cpu_kernels.h"
#include "tn_${t.name}.h"
|local function loads(masked)
|  return list(gen.fn_args(op, op.fns.map), function(a)
|    if a.role == "scalar" then return a.name end
|    return masked and ("v_load_tail(" .. a.name .. " + i, k, pad)") or ("v_load(" .. a.name .. " + i)")
|  end)
|end
|local helper_params = list(op.args, function(a)
|  if a.role == "scalar" then return "vf " .. a.name end
|  return (a.role == "in" and "const " or "") .. "float *" .. a.name
|end)
|local call_args = list(op.args, function(a) return a.role == "scalar" and (a.name .. "_v") or a.name end)

/* ${op.name}: ${op.doc} */
${kernel}

static inline void ${op.name}_at(${helper_params}, size_t i)
{
    v_store(${out} + i, ${op.name}_kernel(${loads(false)}));
}

static inline void ${op.name}_tail(${helper_params}, size_t i, size_t k)
{
    const vf pad = v_splat(0.0f);
    v_store_tail(${out} + i, k, ${op.name}_kernel(${loads(true)}));
}

|for _, guarded in ipairs({ false, true }) do
|if guarded then
#else /* all_guarded.c: the guarded variant, in a unit of its own (the plain one compiles as before) */

/* The same loop, its results checked in registers by one add a vector: the sum of the results
 * stays finite while they are, and an infinity or a NaN keeps it infinite or NaN for good (a
 * sum of large finite results may overflow too: the runtime's search then finds nothing). The
 * add leaves the multiply-add units, which compute-bound ops fill, alone; the head and tail
 * check their own elements. The runtime finds the element when tn_cpu_guard_hit is set
 * (docs/GUARDS.md). */
static inline vf ${op.name}_at_guarded(${helper_params}, size_t i)
{
    vf r = ${op.name}_kernel(${loads(false)});
    v_store(${out} + i, r);
    return r;
}

|else
#ifndef TN_CPU_GUARDED
|end
void tn_cpu_${op.name}_${t.name}${guarded and "_guarded" or ""}(${params})
{
|for _, a in ipairs(op.args) do
|  if a.role == "scalar" then
    const vf ${a.name}_v = v_splat(${a.name});
|  end
|end
|if not guarded then
    /* With 32- and 64-byte vectors, a head of fewer than VF_LANES elements first, so that the
     * loop's stores are aligned to the vector width: a store that straddles two cache lines costs
     * two, and malloc aligns to 16 bytes only. (16-byte vectors seldom straddle; no head.) */
|else
    const vf zero = v_splat(0.0f);
    vf acc = zero;
|end
    size_t i = VF_LANES < 8 ? 0 : (size_t)(-(uintptr_t)${out} % (VF_LANES * sizeof(float))) / sizeof(float);
    if (i > n)
        i = n;
    if (i > 0)
        ${op.name}_tail(${call_args}, 0, i);
|if guarded then
    bool bad = i > 0 && !tn_cpu_finite(${out}, i);
    /* Two chains of adds, taken in turn, so that their latency does not pace a cheap op; not by
     * unrolling the loop for them, which made AVX2's exp spill its constants. */
    vf acc2 = zero;
    for (; i + VF_LANES <= n; i += VF_LANES) {
        vf sum = p_add(acc2, ${op.name}_at_guarded(${call_args}, i));
        acc2 = acc;
        acc = sum;
    }
    acc = p_add(acc, acc2);
    if (i < n) {
        ${op.name}_tail(${call_args}, i, n - i);
        bad = bad || !tn_cpu_finite(${out} + i, n - i);
    }
    float lanes[VF_LANES];
    v_store(lanes, acc);
    for (int k = 0; k < VF_LANES; k++)
        bad = bad || lanes[k] - lanes[k] != 0.0f; /* not finite */
    if (bad)
        tn_cpu_guard_hit = 1;
|else
    for (; i + VF_LANES <= n; i += VF_LANES)
        ${op.name}_at(${call_args}, i);
    if (i < n)
        ${op.name}_tail(${call_args}, i, n - i);
|end
}
|end
#endif
