${gen.header("//", { op.file, "gen/lua/schedules/rows.lua" }, "rows.comp")}
#version 450
#extension GL_EXT_spirv_intrinsics : require
// NaN and infinities kept (SignedZeroInfNanPreserve for 32-bit floats): without it a Vulkan
// compiler may assume there are none, and drop the NaN of a compare-and-select.
spirv_execution_mode(extensions = ["SPV_KHR_float_controls"], capabilities = [4466], 4461, 32);
|local L = group
|local CHUNK = 16 -- a thread's elements per chunk; chunks are combined pairwise
|local rows_dim, cols_dim = op.dims[1], op.dims[2]
|local st = gen.glsl_style(t)
|local T = { f32 = "float", i32 = "int" }
|local is_matrix, is_vector = {}, {}
|for _, a in ipairs(op.matrices) do is_matrix[a.name] = true end
|for _, a in ipairs(op.vectors) do is_vector[a.name] = true end
|local guarded_outputs = gen.guarded_outputs(op)
|local is_guarded = {}
|for _, a in ipairs(guarded_outputs) do is_guarded[a.name] = true end
|-- After a store of value v to output name: in the guarded module, v - v summed (0 while finite,
|-- NaN for good after an infinity or a NaN); no test or branch per element.
|local function check(name, v)
|  if not guarded or not is_guarded[name] then return "" end
|  return "\nguard_acc += " .. v .. " - " .. v .. ";"
|end
|local function fname(ph, what) return op.name .. "_" .. ph.index .. "_" .. what end
|local function is_scalar_arg(name) for _, a in ipairs(op.scalars) do if a.name == name then return true end end return false end
|local function row_value(name) return name == cols_dim and "cols_f" or (is_scalar_arg(name) and ("params." .. name) or name) end
|local function call(f, fn, arg, results)
|  local args = list(fn.params, function(p) return arg(p.name) end)
|  if #results == 1 then return results[1] .. " = " .. f .. "(" .. args .. ");" end
|  return f .. "(" .. args .. ", " .. list(results) .. ");"
|end
|-- combine into x(part) for every reduce of the pass
|local function combine_all(pass, x, y)
|  local out = {}
|  for _, ph in ipairs(pass.reduces) do
|    local arg = function(name)
|      local base, side = name:match("^(.*)_([12])$")
|      for _, a in ipairs(ph.acc) do if a.name == base then return side == "1" and x(a) or y(a) end end
|    end
|    local into = {}
|    for i, a in ipairs(ph.acc) do into[i] = x(a) end
|    out[#out + 1] = call(fname(ph, "combine"), ph.combine, arg, into)
|  end
|  return table.concat(out, "\n")
|end
|-- The element at column j of the row: loads, maps (stored), steps into the chunk accumulators.
|local function body(pass)
|  local out = {}
|  local declared = {}
|  for _, a in ipairs(pass.loads) do
|    out[#out + 1] = "float e_" .. a.name .. " = " .. a.name .. "[" .. (is_vector[a.name] and "j" or ("r * params.ld" .. a.name .. " + j")) .. "];"
|    declared[a.name] = true
|  end
|  local function arg(name)
|    if name == "index" then return "int(j)" end
|    if is_matrix[name] or is_vector[name] then return "e_" .. name end
|    for _, a in ipairs(pass.parts) do if a.name == name then return "c_" .. name end end
|    return row_value(name)
|  end
|  for _, ph in ipairs(pass.elements) do
|    if ph.kind == "map" then
|      local name = ph.names[1]
|      out[#out + 1] = call(fname(ph, "map"), ph.fn, arg, { (declared[name] and "" or "float ") .. "e_" .. name })
|      declared[name] = true
|    else
|      local into = {}
|      for i, a in ipairs(ph.acc) do into[i] = "c_" .. a.name end
|      out[#out + 1] = call(fname(ph, "step"), ph.step, arg, into)
|    end
|  end
|  for _, a in ipairs(pass.stores) do
|    out[#out + 1] = a.name .. "[r * params.ld" .. a.name .. " + j] = e_" .. a.name .. ";" .. check(a.name, "e_" .. a.name)
|  end
|  return table.concat(out, "\n")
|end
|local function row_phases(phases)
|  local out = {}
|  for _, ph in ipairs(phases) do
|    local value = fname(ph, "row") .. "(" .. list(ph.fn.params, function(p) return row_value(p.name) end) .. ")"
|    if ph.kind == "let" then out[#out + 1] = "float " .. ph.names[1] .. " = " .. value .. ";"
|    else out[#out + 1] = "if (tid == 0u) {\n    " .. ph.names[1] .. "[r] = " .. value .. ";" .. check(ph.names[1], ph.names[1] .. "[r]"):gsub("\n", "\n    ") .. "\n}" end
|  end
|  return table.concat(out, "\n")
|end
// ${op.name}: ${op.doc}
// A workgroup per row, in passes over the row: each invocation takes every ${L}th column, in
// chunks of ${CHUNK} (unrolled: the only loop runs cols / ${L * CHUNK} times, which llvmpipe, stopping
// loops after 2^16 iterations, also runs to the end); a pass's reductions add up a chunk, combine
// the chunks pairwise, then the invocations in a tree through shared memory.
layout(local_size_x = ${L}) in;

|local binding = 0
|for _, a in ipairs(op.args) do
|  if a.role ~= "scalar" then
layout(std430, set = 0, binding = ${binding}) ${a.role == "in" and "readonly " or ""}buffer Buffer_${a.name} { ${T[a.dtype]} ${a.name}[]; };
|    binding = binding + 1
|  end
|end
|if guarded then
// Guards on (a module of its own; the plain one is the op alone): a slot per f32 output, the
// complement of the first bad element's index, by atomic max (docs/GUARDS.md).
|  for _, a in ipairs(guarded_outputs) do
layout(std430, set = 0, binding = ${binding}) buffer Guard_${a.name} { uint guard_${a.name}; };
|    binding = binding + 1
|  end
|end

layout(push_constant) uniform Params {
    uint ${rows_dim};
    uint ${cols_dim};
|for _, a in ipairs(op.args) do
|  if a.role == "scalar" then
    float ${a.name};
|  elseif gen.rank(a) == 2 then
    uint ld${a.name};
|  end
|end
|if guarded then
    uint guard_checks; // TN_GUARD_ bits: 1 NaN, 2 infinities
|end
} params;
|if guarded then

// Whether v is a value the policy looks for.
bool guard_bad(float v)
{
    return (((params.guard_checks & 1u) != 0u) && isnan(v)) || (((params.guard_checks & 2u) != 0u) && isinf(v));
}
|end

${gen.lower.prim_functions(dsl.prims, t, st)}

|for _, ph in ipairs(op.phases) do
|  if ph.kind == "reduce" then
${gen.c_function(ph.step, t, st, fname(ph, "step"))}

${gen.c_function(ph.combine, t, st, fname(ph, "combine"))}

|  elseif ph.level == "element" then
${gen.c_function(ph.fn, t, st, fname(ph, "map"))}

|  else
${gen.c_function(ph.fn, t, st, fname(ph, "row"))}

|  end
|end
|for _, pass in ipairs(op.passes) do
|  for _, a in ipairs(pass.parts) do
shared ${T[a.type]} shared_${a.name}[${L}];
|  end
|end

void main()
{
    uint r = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    if (r >= params.${rows_dim}) {
        return; // the whole workgroup: r is the same for all its invocations
    }
    uint tid = gl_LocalInvocationID.x;
|if guarded then
    precise float guard_acc = 0.0;
|end
    uint cols = params.${cols_dim};
    float cols_f = float(cols);
|if op.passes[0] then
    ${row_phases(op.passes[0].after)}
|end
|for _, pass in ipairs(op.passes) do
|  local P = pass.parts
    // pass ${pass.index}: ${list(pass.elements, function(ph) return ph.kind .. " " .. table.concat(ph.names, ", ") end)}
|  if #P == 0 then
    for (uint start = tid; start < cols; start += ${L * CHUNK}u) {
|    for q = 0, CHUNK - 1 do
        if (start + ${q * L}u < cols) {
            uint j = start + ${q * L}u;
            ${body(pass)}
        }
|    end
    }
|  else
|    for _, a in ipairs(P) do
    ${T[a.type]} ${a.name} = ${gen.glsl_const(a.type, a.init)};
    ${T[a.type]} stack_${a.name}[24];
|    end
    {
        uint depth = 0u, chunks = 0u;
        for (uint start = tid; start < cols; start += ${L * CHUNK}u) {
|    for _, a in ipairs(P) do
            ${T[a.type]} c_${a.name} = ${gen.glsl_const(a.type, a.init)};
|    end
|    for q = 0, CHUNK - 1 do
            if (start + ${q * L}u < cols) {
                uint j = start + ${q * L}u;
                ${body(pass)}
            }
|    end
            for (uint b = chunks++; (b & 1u) != 0u; b >>= 1u) {
                depth--;
                ${combine_all(pass, function(a) return "c_" .. a.name end, function(a) return "stack_" .. a.name .. "[depth]" end)}
            }
|    for _, a in ipairs(P) do
            stack_${a.name}[depth] = c_${a.name};
|    end
            depth++;
        }
        while (depth > 0u) {
            depth--;
            ${combine_all(pass, function(a) return a.name end, function(a) return "stack_" .. a.name .. "[depth]" end)}
        }
    }
|    for _, a in ipairs(P) do
    shared_${a.name}[tid] = ${a.name};
|    end
    barrier();
    for (uint width = ${L // 2}u; width > 0u; width /= 2u) {
        if (tid < width) {
|    for _, a in ipairs(P) do
            ${T[a.type]} o_${a.name} = shared_${a.name}[tid + width];
|    end
            ${combine_all(pass, function(a) return a.name end, function(a) return "o_" .. a.name end)}
|    for _, a in ipairs(P) do
            shared_${a.name}[tid] = ${a.name};
|    end
        }
        barrier();
    }
|    for _, a in ipairs(P) do
    ${a.name} = shared_${a.name}[0];
|    end
|  end
    ${row_phases(pass.after)}
|end
|if guarded then
    // An invocation whose results were not all finite reads back the elements of the row it
    // wrote and checks each against the policy.
    if (isnan(guard_acc)) {
|  for _, a in ipairs(guarded_outputs) do
|    if is_matrix[a.name] then
        for (uint j = tid; j < cols; j += ${L}u) {
            if (guard_bad(${a.name}[r * params.ld${a.name} + j]))
                atomicMax(guard_${a.name}, ~(r * params.ld${a.name} + j));
        }
|    else
        if (tid == 0u && guard_bad(${a.name}[r]))
            atomicMax(guard_${a.name}, ~r);
|    end
|  end
    }
|end
}
