${gen.header("//", { op.file, "gen/lua/schedules/reduce.lua" }, "reduce.comp")}
#version 450
#extension GL_EXT_spirv_intrinsics : require
// NaN and infinities kept (SignedZeroInfNanPreserve for 32-bit floats): without it a Vulkan
// compiler may assume there are none, and drop the NaN of a compare-and-select.
spirv_execution_mode(extensions = ["SPV_KHR_float_controls"], capabilities = [4466], 4461, 32);
|local A, single = op.acc, #op.acc == 1
|local T = { f32 = "float", i32 = "int" }
|local function acc(a) return "acc_" .. a.name end
|local function shared(a, at) return "workgroup_" .. a.name .. "[" .. at .. "]" end
|-- fn's results into into(a) per part, its arguments by arg(param)
|local function call(fname, fn, arg, into)
|  local args = list(fn.params, arg)
|  if single then return into(A[1]) .. " = " .. fname .. "(" .. args .. ");" end
|  return fname .. "(" .. args .. ", " .. list(A, into) .. ");"
|end
|local by_input = {}
|for _, a in ipairs(op.inputs) do by_input[a.name] = a end
|local function pair(x, y)
|  return function(p)
|    local name, side = p.name:match("^(.*)_([12])$")
|    for _, a in ipairs(A) do if a.name == name then return side == "1" and x(a) or y(a) end end
|  end
|end
// ${op.name}: ${op.doc}
// Two dispatches of one pipeline: stage 0 reduces a grid-stride share per invocation (16-byte
// vectors, two in flight, each component into its own accumulator; then the last n % 4
// elements), then the workgroup through shared memory, into the partials (one buffer per part
// of the accumulator) at the workgroup's index; stage 1 (a single workgroup) reduces the
// partials and writes the result's bits.
layout(local_size_x = ${t.local_size}) in;

|local binding = 0
|for _, a in ipairs(op.inputs) do
layout(std430, set = 0, binding = ${binding}) readonly buffer Buffer_${a.name} { float ${a.name}[]; };
layout(std430, set = 0, binding = ${binding}) readonly buffer Buffer4_${a.name} { vec4 ${a.name}4[]; };
|  binding = binding + 1
|end
|for _, a in ipairs(A) do
layout(std430, set = 0, binding = ${binding}) buffer Partial_${a.name} { ${T[a.type]} partial_${a.name}[]; };
|  binding = binding + 1
|end
layout(std430, set = 0, binding = ${binding}) writeonly buffer ResultBuffer { uint result[]; };

layout(push_constant) uniform Params {
    uint n;     // elements (stage 0) or partials (stage 1)
    uint stage;
} params;

${gen.lower.prim_functions(dsl.prims, t, gen.glsl_style(t))}

${kernel}

|for _, a in ipairs(A) do
shared ${T[a.type]} workgroup_${a.name}[${t.local_size}];
|end

void main()
{
    uint tid = gl_LocalInvocationID.x;
    uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
|for _, a in ipairs(A) do
    ${T[a.type]} ${acc(a)} = ${gen.glsl_const(a.type, a.init)};
|end
|local part_of = {}
|for _, a in ipairs(A) do part_of[a.name] = a end
|-- the step on lane k's accumulator, its inputs from vec4 `v` component c (or a scalar element)
|local function lane(a, k) return acc(a) .. "_" .. k end
|local function step_on(k, input, index)
|  return call(op.name .. "_step", op.fns.step, function(p)
|    if part_of[p.name] then return lane(part_of[p.name], k) end
|    if p.name == "index" then return index end
|    return input(by_input[p.name])
|  end, function(a) return lane(a, k) end)
|end
|local C = { "x", "y", "z", "w" }
|local function steps(v, at)
|  local out = {}
|  for k = 0, 3 do
|    out[#out + 1] = step_on(k, function(a) return a.name .. "_" .. v .. "." .. C[k + 1] end, "int(4u * (" .. at .. ") + " .. k .. "u)")
|  end
|  return table.concat(out, "\n")
|end
|local function loads(v, at)
|  return lines(op.inputs, function(a) return "vec4 " .. a.name .. "_" .. v .. " = " .. a.name .. "4[" .. at .. "];" end)
|end
    if (params.stage == 0u) {
|for _, a in ipairs(A) do
        ${T[a.type]} ${lane(a, 0)} = ${acc(a)}, ${lane(a, 1)} = ${acc(a)}, ${lane(a, 2)} = ${acc(a)}, ${lane(a, 3)} = ${acc(a)};
|end
        uint n4 = params.n / 4u;
        uint q = gl_GlobalInvocationID.x;
        for (; q + stride < n4; q += 2u * stride) {
            ${loads(0, "q")}
            ${loads(1, "q + stride")}
            ${steps(0, "q")}
            ${steps(1, "q + stride")}
        }
        if (q < n4) {
            ${loads(0, "q")}
            ${steps(0, "q")}
        }
|for _, pr in ipairs({ { 0, 1 }, { 2, 3 }, { 0, 2 } }) do
        ${call(op.name .. "_combine", op.fns.combine, pair(function(a) return lane(a, pr[1]) end, function(a) return lane(a, pr[2]) end), function(a) return lane(a, pr[1]) end)}
|end
        uint e = 4u * n4 + gl_GlobalInvocationID.x;
        if (e < params.n) {
            ${step_on(0, function(a) return a.name .. "[e]" end, "int(e)")}
        }
|for _, a in ipairs(A) do
        ${acc(a)} = ${lane(a, 0)};
|end
    } else {
        for (uint i = tid; i < params.n; i += gl_WorkGroupSize.x) {
            ${call(op.name .. "_combine", op.fns.combine, pair(acc, function(a) return "partial_" .. a.name .. "[i]" end), acc)}
        }
    }
|for _, a in ipairs(A) do
    ${shared(a, "tid")} = ${acc(a)};
|end
    barrier();
    for (uint width = gl_WorkGroupSize.x / 2u; width > 0u; width /= 2u) {
        if (tid < width) {
            ${call(op.name .. "_combine", op.fns.combine, pair(function(a) return shared(a, "tid") end, function(a) return shared(a, "tid + width") end), acc)}
|for _, a in ipairs(A) do
            ${shared(a, "tid")} = ${acc(a)};
|end
        }
        barrier();
    }
    if (tid == 0u) {
        if (params.stage == 0u) {
|for _, a in ipairs(A) do
            partial_${a.name}[gl_WorkGroupID.x] = ${shared(a, "0")};
|end
        } else {
|local value = op.fns.final and (op.name .. "_final(" .. list(op.fns.final.params, function(p) return shared(part_of[p.name], "0") end) .. ")") or shared(A[1], "0")
|local rtype = op.result.dtype
            result[0] = ${rtype == "f32" and ("floatBitsToUint(" .. value .. ")") or ("uint(" .. value .. ")")};
        }
    }
}
