${gen.header("/*", { op.file, "gen/lua/schedules/reduce.lua" }, "reduce.c")}
#include "../tn_cpu_kernels.h"
#include "../tn_scalar_ops.h"
#include "tn_${t.name}.h"
|local A, single = op.acc, #op.acc == 1
|local function vtype(a) return a.type == "i32" and "vi" or "vf" end
|local function stype(a) return a.type == "i32" and "int32_t" or "float" end
|local function var(a, j) return single and ("acc" .. j) or (a.name .. j) end
|local function svar(a, prefix) return single and prefix or (prefix .. "_" .. a.name) end
|local function splat(a) return (a.type == "i32" and "v_isplat(" or "v_splat(") .. gen.c_const(a.type, a.init) .. ")" end
|local part_of, input_of = {}, {}
|for _, a in ipairs(A) do part_of[a.name] = a end
|for _, a in ipairs(op.inputs) do input_of[a.name] = a end
|-- A call of fn: its results into the parts (named by to(part)), its arguments by arg(param).
|local function call(fname, fn, arg, to)
|  local args = list(fn.params, arg)
|  if single then return to(A[1]) .. " = " .. fname .. "(" .. args .. ");" end
|  return fname .. "(" .. args .. ", " .. list(A, function(a) return "&" .. to(a) end) .. ");"
|end
|-- The step on accumulator j for the vector at element i + offset; masked: only the first k lanes.
|local function step(j, offset, masked)
|  local at = offset == "" and "i" or ("i + " .. offset)
|  local code = call(op.name .. "_step", op.fns.step, function(p)
|    if part_of[p.name] then return var(part_of[p.name], j) end
|    if p.name == "index" then return offset == "" and "index0" or ("p_iadd(index0, v_isplat(" .. offset .. "))") end
|    return masked and ("v_load_tail(" .. p.name .. " + " .. at .. ", k, v_splat(0.0f))") or ("v_load(" .. p.name .. " + " .. at .. ")")
|  end, function(a) return masked and (var(a, "_next")) or var(a, j) end)
|  if not masked then return code end
|  local out = {}
|  for _, a in ipairs(A) do out[#out + 1] = vtype(a) .. " " .. var(a, "_next") .. ";" end
|  out[#out + 1] = code
|  for _, a in ipairs(A) do
|    out[#out + 1] = var(a, j) .. " = " .. (a.type == "i32" and "p_iselect" or "p_select") .. "(m, " .. var(a, "_next") .. ", " .. var(a, j) .. ");"
|  end
|  return table.concat(out, "\n")
|end
|-- combine(x, y) into `into` (default x), for vectors (names by part) or scalars
|local function combine(fname, x, y, into)
|  into = into or x
|  local args = {}
|  for _, a in ipairs(A) do args[#args + 1] = x(a) end
|  for _, a in ipairs(A) do args[#args + 1] = y(a) end
|  if single then return into(A[1]) .. " = " .. fname .. "(" .. table.concat(args, ", ") .. ");" end
|  return fname .. "(" .. table.concat(args, ", ") .. ", " .. list(A, function(a) return "&" .. into(a) end) .. ");"
|end
|local function fold(a) return (a.type == "i32" and "v_ifold(" or "v_fold(") .. var(a, 0) .. ", width)" end
|local function first(a) return (a.type == "i32" and "v_ifirst(" or "v_first(") .. var(a, 0) .. ")" end

/* ${op.name}: ${op.doc} */
${kernel}

/* Blocks of TN_REDUCE_BLOCK elements are reduced with four independent accumulators (latency
 * hiding) and a masked step for the tail; block results are combined pairwise, so rounding
 * error grows with log(n), not n. */
void tn_cpu_${op.name}_${t.name}(${params})
{
|for _, a in ipairs(A) do
    ${stype(a)} ${svar(a, "partial")}[64];
|end
    int depth = 0;
    size_t blocks = 0;
    for (size_t start = 0; start < n; start += TN_REDUCE_BLOCK) {
        size_t end = n - start < TN_REDUCE_BLOCK ? n : start + TN_REDUCE_BLOCK;
|for _, a in ipairs(A) do
        ${vtype(a)} ${var(a, 0)} = ${splat(a)}, ${var(a, 1)} = ${var(a, 0)}, ${var(a, 2)} = ${var(a, 0)}, ${var(a, 3)} = ${var(a, 0)};
|end
        size_t i = start;
        for (; i + 4 * VF_LANES <= end; i += 4 * VF_LANES) {
|if uses_index then
            const vi index0 = v_positions(i);
|end
            ${step(0, "", false)}
            ${step(1, "VF_LANES", false)}
            ${step(2, "2 * VF_LANES", false)}
            ${step(3, "3 * VF_LANES", false)}
        }
        for (; i + VF_LANES <= end; i += VF_LANES) {
|if uses_index then
            const vi index0 = v_positions(i);
|end
            ${step(0, "", false)}
        }
        if (i < end) {
            const size_t k = end - i;
            const vm m = v_tail_mask(k);
|if uses_index then
            const vi index0 = v_positions(i);
|end
            ${step(0, "", true)}
        }
        ${combine(op.name .. "_combine", function(a) return var(a, 0) end, function(a) return var(a, 1) end)}
        ${combine(op.name .. "_combine", function(a) return var(a, 2) end, function(a) return var(a, 3) end)}
        ${combine(op.name .. "_combine", function(a) return var(a, 0) end, function(a) return var(a, 2) end)}
        /* A tree over the lanes, in registers: lane j combines with lane j + width. */
        for (int width = VF_LANES / 2; width > 0; width /= 2)
            ${combine(op.name .. "_combine", function(a) return var(a, 0) end, fold)}
|for _, a in ipairs(A) do
        ${stype(a)} ${svar(a, "s")} = ${first(a)};
|end
|local function partial(a) return svar(a, "partial") .. "[depth]" end
|local function s(a) return svar(a, "s") end
|local function total(a) return svar(a, "total") end
        for (size_t b = blocks++; b & 1; b >>= 1) {
            depth--;
            ${combine(op.name .. "_combine_s", partial, s, s)}
        }
|for _, a in ipairs(A) do
        ${partial(a)} = ${s(a)};
|end
        depth++;
    }
|for _, a in ipairs(A) do
    ${stype(a)} ${total(a)} = ${gen.c_const(a.type, a.init)};
|end
    while (depth > 0) {
        depth--;
        ${combine(op.name .. "_combine_s", partial, total, total)}
    }
|local value = op.fns.final and (op.name .. "_final_s(" .. list(A, total) .. ")") or total(A[1])
    *${op.result.name} = ${op.result.dtype == "i32" and ("(size_t)" .. value) or value};
}
