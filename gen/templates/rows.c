${gen.header("/*", { op.file, "gen/lua/schedules/rows.lua" }, "rows.c")}
#include "../tn_cpu_kernels.h"
#include "../tn_scalar_ops.h"
#include "tn_${t.name}.h"
|local rows_dim, cols_dim = op.dims[1], op.dims[2]
|local is_matrix, is_vector = {}, {}
|for _, a in ipairs(op.matrices) do is_matrix[a.name] = true end
|for _, a in ipairs(op.vectors) do is_vector[a.name] = true end
|local function fname(ph, what) return op.name .. "_" .. ph.index .. "_" .. what end
|-- Outputs: the last pass that writes each (final), whether a pass before it writes it too
|-- (staged: on rows that stream, those writes go to a row of scratch, so that the output is
|-- written once, without reading it first), and whether a later pass reads it (then it stays
|-- in cache: no streaming store).
|local final, staged, streamable = {}, {}, {}
|for _, pass in ipairs(op.passes) do for _, a in ipairs(pass.stores) do final[a.name] = pass.index end end
|for _, pass in ipairs(op.passes) do
|  for _, a in ipairs(pass.stores) do if pass.index < final[a.name] then staged[a.name] = true end end
|end
|for _, a in ipairs(op.matrices) do
|  if final[a.name] then
|    streamable[a.name] = true
|    for _, pass in ipairs(op.passes) do
|      for _, l in ipairs(pass.loads) do if l.name == a.name and pass.index > final[a.name] then streamable[a.name] = false end end
|    end
|  end
|end
|local guarded = false -- rendering the guarded variant (docs/GUARDS.md)
|local row_f32 = {}
|for _, a in ipairs(gen.guarded_outputs(op)) do row_f32[a.name] = true end
|local VT = { f32 = "vf", i32 = "vi" }
|local ST = { f32 = "float", i32 = "int32_t" }
|-- How a row-level value is spelled: a scalar (float m) or splatted for vector code (m_v).
|local function row_value(name, vector)
|  if name == cols_dim then return vector and "cols_v" or "cols_f" end
|  return vector and (name .. "_v") or name
|end
|-- A call of fn: arguments by parameter name through arg(name), results into into(part) (one:
|-- assigned; several: through pointers).
|local function call(f, fn, arg, results)
|  local args = list(fn.params, function(p) return arg(p.name) end)
|  if #results == 1 then return results[1] .. " = " .. f .. "(" .. args .. ");" end
|  return f .. "(" .. args .. ", " .. list(results, function(r) return "&" .. r end) .. ");"
|end
|local function accs(ph, j) local out = {} for i, a in ipairs(ph.acc) do out[i] = a.name .. "_a" .. j end return out end
|-- One vector of pass `pass` at column j + offset: loads, maps (stored), steps into accumulator acc_k.
|-- masked: the first k lanes only (loads and stores masked, steps selected).
|local function body(pass, offset, acc_k, masked)
|  local at = offset == "" and "j" or ("j + " .. offset)
|  local out = {}
|  local function ptr(a)
|    if is_vector[a.name] then return a.name end
|    -- a staged output is in its scratch row until its final pass, and in the output after
|    return staged[a.name] and pass.index <= final[a.name] and (a.name .. "_w") or (a.name .. "_r")
|  end
|  for _, a in ipairs(pass.loads) do
|    out[#out + 1] = "vf e_" .. a.name .. " = " .. (masked and ("v_load_tail(" .. ptr(a) .. " + " .. at .. ", k, v_splat(0.0f))") or ("v_load(" .. ptr(a) .. " + " .. at .. ")")) .. ";"
|  end
|  local function arg(name)
|    if name == "index" then return offset == "" and "index0" or ("p_iadd(index0, v_isplat(" .. offset .. "))") end
|    if is_matrix[name] or is_vector[name] then return "e_" .. name end
|    for _, ph in ipairs(pass.elements) do
|      if ph.kind == "reduce" then for _, a in ipairs(ph.acc) do if a.name == name then return a.name .. "_a" .. acc_k end end end
|    end
|    return row_value(name, true)
|  end
|  local declared = {}
|  for _, a in ipairs(pass.loads) do declared[a.name] = true end
|  for _, ph in ipairs(pass.elements) do
|    if ph.kind == "map" then
|      local name = ph.names[1]
|      out[#out + 1] = call(fname(ph, "map"), ph.fn, arg, { (declared[name] and "" or "vf ") .. "e_" .. name })
|      declared[name] = true
|    else
|      if masked then
|        local next = {}
|        for i, a in ipairs(ph.acc) do next[i] = a.name .. "_next"; out[#out + 1] = VT[a.type] .. " " .. next[i] .. ";" end
|        out[#out + 1] = call(fname(ph, "step"), ph.step, arg, next)
|        for i, a in ipairs(ph.acc) do
|          out[#out + 1] = a.name .. "_a" .. acc_k .. " = " .. (a.type == "i32" and "p_iselect" or "p_select") .. "(m, " .. next[i] .. ", " .. a.name .. "_a" .. acc_k .. ");"
|        end
|      else
|        out[#out + 1] = call(fname(ph, "step"), ph.step, arg, accs(ph, acc_k))
|      end
|    end
|  end
|  for _, a in ipairs(pass.stores) do
|    local to = final[a.name] == pass.index and (a.name .. "_r") or (a.name .. "_w")
|    -- guarded: the final value summed as r - r (0 while finite, NaN for good after an infinity
|    -- or a NaN), one accumulator per unrolled vector; masked lanes count as 0
|    if guarded and final[a.name] == pass.index then
|      local g = masked and ("p_select(m, e_" .. a.name .. ", guard_zero)") or ("e_" .. a.name)
|      out[#out + 1] = "{\n    const vf g = " .. g .. ";\n    guard_acc" .. acc_k .. " = p_add(guard_acc" .. acc_k .. ", p_sub(g, g));\n}"
|    end
|    if masked then
|      out[#out + 1] = "v_store_tail(" .. to .. " + " .. at .. ", k, e_" .. a.name .. ");"
|    elseif final[a.name] == pass.index and streamable[a.name] then
|      out[#out + 1] = "if (" .. a.name .. "_nt)\n    v_store_stream(" .. to .. " + " .. at .. ", e_" .. a.name .. ");\nelse\n    v_store(" .. to .. " + " .. at .. ", e_" .. a.name .. ");"
|    else
|      out[#out + 1] = "v_store(" .. to .. " + " .. at .. ", e_" .. a.name .. ");"
|    end
|  end
|  local text = {}
|  for _, l in ipairs(out) do for piece in l:gmatch("[^\n]+") do text[#text + 1] = piece end end
|  return "{\n    " .. table.concat(text, "\n    ") .. "\n}"
|end
|-- combine(x, y) into x for every reduce of the pass: x(part), y(part) spell the operands
|local function combine_all(pass, x, y, into)
|  local out = {}
|  for _, ph in ipairs(pass.reduces) do
|    local args = {}
|    for _, a in ipairs(ph.acc) do args[#args + 1] = x(a) end
|    for _, a in ipairs(ph.acc) do args[#args + 1] = y(a) end
|    local targets = {}
|    for i, a in ipairs(ph.acc) do targets[i] = (into or x)(a) end
|    if #targets == 1 then out[#out + 1] = targets[1] .. " = " .. fname(ph, "combine") .. "(" .. table.concat(args, ", ") .. ");"
|    else out[#out + 1] = fname(ph, "combine") .. "(" .. table.concat(args, ", ") .. ", " .. list(targets, function(r) return "&" .. r end) .. ");" end
|  end
|  return table.concat(out, "\n")
|end
|-- The row-level values element code of a pass takes, splatted once per pass.
|local function splats(pass)
|  local seen, out = {}, {}
|  for _, ph in ipairs(pass.elements) do
|    for _, n in ipairs(op.uses(ph)) do
|      if not seen[n] and not is_matrix[n] and not is_vector[n] and n ~= "index" then
|        local own = false
|        for _, a in ipairs(pass.parts) do own = own or a.name == n end
|        if not own then
|          seen[n] = true
|          local ty = "f32"
|          for _, q in ipairs(op.phases) do if q.kind == "reduce" then for _, a in ipairs(q.acc) do if a.name == n then ty = a.type end end end end
|          out[#out + 1] = "const " .. VT[ty] .. " " .. row_value(n, true) .. " = " .. (ty == "i32" and "v_isplat(" or "v_splat(") .. row_value(n, false) .. ");"
|        end
|      end
|    end
|  end
|  return table.concat(out, "\n")
|end
|-- Row phases: lets and outputs of one value per row, in scalar code.
|local function row_phases(phases)
|  local out = {}
|  for _, ph in ipairs(phases) do
|    local value = fname(ph, "row") .. "(" .. list(ph.fn.params, function(p) return row_value(p.name, false) end) .. ")"
|    if ph.kind == "let" then out[#out + 1] = "const float " .. ph.names[1] .. " = " .. value .. ";"
|    else
|      out[#out + 1] = ph.names[1] .. "[r] = " .. value .. ";"
|      if guarded and row_f32[ph.names[1]] then out[#out + 1] = "guard_hit = guard_hit || !tn_cpu_finite(&" .. ph.names[1] .. "[r], 1);" end
|    end
|  end
|  return table.concat(out, "\n")
|end
/* ${op.name}: ${op.doc} */
|for _, ph in ipairs(op.phases) do
|  if ph.kind == "reduce" then
${gen.c_function(ph.step, t, vs, fname(ph, "step"))}

${gen.c_function(ph.combine, t, vs, fname(ph, "combine"))}

|  elseif ph.level == "element" then
${gen.c_function(ph.fn, t, vs, fname(ph, "map"))}

|  else
${gen.c_function(ph.fn, scalar, ss, fname(ph, "row"))}

|  end
|end

/* Each row in passes over its columns (the row stays in cache between passes). A pass's
 * reductions use eight accumulators and a masked step for the tail, over blocks of
 * TN_ROW_BLOCK columns combined pairwise: rounding error grows with log(cols). Outputs of
 * TN_STREAM_BYTES or more are written with streaming stores where rows are aligned (memory is
 * written without being read first). */
|for _, variant in ipairs({ false, true }) do
|guarded = variant
|if guarded then
#else /* all_guarded.c: the guarded variant, in a unit of its own (the plain one compiles as before) */

/* The same, its outputs checked in registers: the values stored last are summed as r - r
 * (eight accumulators, like the reductions'), and values per row tested; a hit sets
 * tn_cpu_guard_hit and the runtime then searches the outputs for the element. */
|else
#ifndef TN_CPU_GUARDED
|end
void tn_cpu_${op.name}_${t.name}${guarded and "_guarded" or ""}(${params})
{
|if guarded then
    const vf guard_zero = v_splat(0.0f);
    vf ${list({ 0, 1, 2, 3, 4, 5, 6, 7 }, function(q) return "guard_acc" .. q .. " = guard_zero" end)};
    bool guard_hit = false;
|end
    const float cols_f = (float)${cols_dim};
    const vf cols_v = v_splat(cols_f);
    (void)cols_v;
|local outs = {}
|for _, a in ipairs(op.matrices) do if a.role ~= "in" then outs[#outs + 1] = "ld" .. a.name end end
    const bool streaming = ${#outs > 0 and ("(double)" .. rows_dim .. " * (" .. table.concat(outs, " + ") .. ") * sizeof(float) >= TN_STREAM_BYTES") or "false"};
|local ins = {}
|for _, a in ipairs(op.matrices) do if a.role ~= "out" then ins[#ins + 1] = "ld" .. a.name end end
    const bool from_memory = ${#ins > 0 and ("(double)" .. rows_dim .. " * (" .. table.concat(ins, " + ") .. ") * sizeof(float) >= TN_STREAM_BYTES") or "false"};
    (void)from_memory;
|for _, a in ipairs(op.matrices) do
|  if staged[a.name] then
    float *${a.name}_stage = streaming ? malloc(${cols_dim} * sizeof(float)) : NULL;
|  end
|end
    for (size_t r = 0; r < ${rows_dim}; r++) {
|for _, a in ipairs(op.matrices) do
        ${a.role == "in" and "const " or ""}float *${a.name}_r = ${a.name} + r * ld${a.name};
|  if staged[a.name] then
        float *${a.name}_w = ${a.name}_stage ? ${a.name}_stage : ${a.name}_r;
|  end
|  if a.role ~= "out" then
        /* the next row, fetched while later passes compute on this one (a row read from DRAM
         * in the first pass alone would leave memory idle through the others) */
        const char *${a.name}_next = (const char *)(r + 1 < ${rows_dim} ? ${a.name}_r + ld${a.name} : ${a.name}_r);
        (void)${a.name}_next;
|  end
|  if streamable[a.name] then
        const bool ${a.name}_nt = streaming && (uintptr_t)${a.name}_r % (VF_LANES * sizeof(float)) == 0;
        (void)${a.name}_nt;
|  end
|end
|if op.passes[0] then
        ${row_phases(op.passes[0].after)}
|end
|for _, pass in ipairs(op.passes) do
|  local P = pass.parts
        /* pass ${pass.index}: ${list(pass.elements, function(ph) return ph.kind .. " " .. table.concat(ph.names, ", ") end)} */
|  for _, a in ipairs(P) do
        ${ST[a.type]} ${a.name};
|  end
        {
            ${splats(pass)}
|  for _, a in ipairs(P) do
            ${VT[a.type]} ${a.name}_partial[64];
|  end
|  if #P > 0 then
            int depth = 0;
            size_t blocks = 0;
|  end
|  local vectors_read = false
|  for _, a in ipairs(pass.loads) do vectors_read = vectors_read or is_vector[a.name] end
|  if #P == 0 and vectors_read then
            /* odd rows take the blocks last to first: the vectors' lines the row before read
             * last are the ones still in L1 (a map: the order changes no result) */
            const size_t width = TN_MAP_BLOCK, nblocks = (${cols_dim} + width - 1) / width;
            for (size_t block = 0; block < nblocks; block++) {
                const size_t start = ((r & 1) ? nblocks - 1 - block : block) * width;
|  else
            const size_t width = TN_ROW_BLOCK;
            for (size_t start = 0; start < ${cols_dim}; start += width) {
|  end
                const size_t end = ${cols_dim} - start < width ? ${cols_dim} : start + width;
|  for _, a in ipairs(P) do
                ${VT[a.type]} ${a.name}_a0 = ${(a.type == "i32" and "v_isplat(" or "v_splat(") .. gen.c_const(a.type, a.init) .. ")"}, ${list({ 1, 2, 3, 4, 5, 6, 7 }, function(q) return a.name .. "_a" .. q .. " = " .. a.name .. "_a0" end)};
|  end
                size_t j = start;
|  if #P > 0 then
                /* eight accumulators: two FMA pipes of four cycles' latency kept busy */
|  end
                for (; j + 8 * VF_LANES <= end; j += 8 * VF_LANES) {
|  -- every pass after the first fetches the next row: the second from memory, the later ones
|  -- back into L1 from L2 where the second's lines were evicted (softmax from DRAM: 0.92-0.94 of
|  -- the read floor with the second alone, 0.94-0.98 with all)
|  if pass.index > 1 and #ins > 0 then
                    if (from_memory)
                        for (size_t line = 0; line < 8 * VF_LANES * sizeof(float); line += 64) {
|    for _, a in ipairs(op.matrices) do
|      if a.role ~= "out" then
                            __builtin_prefetch(${a.name}_next + j * sizeof(float) + line);
|      end
|    end
                        }
|  end
|  if pass.uses_index then
                    const vi index0 = v_positions(j);
|  end
                    ${body(pass, "", 0, false)}
|  for q = 1, 7 do
                    ${body(pass, (q == 1 and "" or (q .. " * ")) .. "VF_LANES", q, false)}
|  end
                }
                for (; j + VF_LANES <= end; j += VF_LANES) {
|  if pass.uses_index then
                    const vi index0 = v_positions(j);
|  end
                    ${body(pass, "", 0, false)}
                }
                if (j < end) {
                    const size_t k = end - j;
                    const vm m = v_tail_mask(k);
                    (void)m;
|  if pass.uses_index then
                    const vi index0 = v_positions(j);
|  end
                    ${body(pass, "", 0, true)}
                }
|  if #P > 0 then
|    local function acc(j) return function(a) return a.name .. "_a" .. j end end
|    for q = 0, 6, 2 do
                ${combine_all(pass, acc(q), acc(q + 1))}
|    end
                ${combine_all(pass, acc(0), acc(2))}
                ${combine_all(pass, acc(4), acc(6))}
                ${combine_all(pass, acc(0), acc(4))}
                /* blocks combined pairwise as vectors; the lanes once, at the end */
                for (size_t b = blocks++; b & 1; b >>= 1) {
                    depth--;
                    ${combine_all(pass, function(a) return a.name .. "_partial[depth]" end, acc(0), acc(0))}
                }
|    for _, a in ipairs(P) do
                ${a.name}_partial[depth] = ${a.name}_a0;
|    end
                depth++;
|  end
            }
|  for _, a in ipairs(P) do
            ${VT[a.type]} ${a.name}_t = ${(a.type == "i32" and "v_isplat(" or "v_splat(") .. gen.c_const(a.type, a.init) .. ")"};
|  end
|  if #P > 0 then
|    local function total(a) return a.name .. "_t" end
            while (depth > 0) {
                depth--;
                ${combine_all(pass, function(a) return a.name .. "_partial[depth]" end, total, total)}
            }
            for (int width = VF_LANES / 2; width > 0; width /= 2)
                ${combine_all(pass, total, function(a) return (a.type == "i32" and "v_ifold(" or "v_fold(") .. a.name .. "_t, width)" end)}
|  end
|  for _, a in ipairs(P) do
            ${a.name} = ${a.type == "i32" and "v_ifirst(" or "v_first("}${a.name}_t);
|  end
|  for _, a in ipairs(P) do
            (void)${a.name};
|  end
        }
        ${row_phases(pass.after)}
|end
    }
    if (streaming)
        v_stream_fence();
|for _, a in ipairs(op.matrices) do
|  if staged[a.name] then
    free(${a.name}_stage);
|  end
|end
|if guarded then
    guard_acc0 = p_add(p_add(p_add(guard_acc0, guard_acc1), p_add(guard_acc2, guard_acc3)),
                       p_add(p_add(guard_acc4, guard_acc5), p_add(guard_acc6, guard_acc7)));
    float guard_lanes[VF_LANES];
    v_store(guard_lanes, guard_acc0);
    for (int q = 0; q < VF_LANES; q++)
        guard_hit = guard_hit || guard_lanes[q] != guard_lanes[q];
    if (guard_hit)
        tn_cpu_guard_hit = 1;
|end
}
|end
#endif
