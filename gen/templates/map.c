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

void tn_cpu_${op.name}_${t.name}(${params})
{
|for _, a in ipairs(op.args) do
|  if a.role == "scalar" then
    const vf ${a.name}_v = v_splat(${a.name});
|  end
|end
    /* With 32- and 64-byte vectors, a head of fewer than VF_LANES elements first, so that the
     * loop's stores are aligned to the vector width: a store that straddles two cache lines costs
     * two, and malloc aligns to 16 bytes only. (16-byte vectors seldom straddle; no head.) */
    size_t i = VF_LANES < 8 ? 0 : (size_t)(-(uintptr_t)${out} % (VF_LANES * sizeof(float))) / sizeof(float);
    if (i > n)
        i = n;
    if (i > 0)
        ${op.name}_tail(${call_args}, 0, i);
    for (; i + VF_LANES <= n; i += VF_LANES)
        ${op.name}_at(${call_args}, i);
    if (i < n)
        ${op.name}_tail(${call_args}, i, n - i);
}
