${gen.header("//", { op.file, "gen/lua/schedules/map.lua" }, "map.comp")}
#version 450
#extension GL_EXT_spirv_intrinsics : require
// NaN and infinities kept (SignedZeroInfNanPreserve for 32-bit floats): without it a Vulkan
// compiler may assume there are none, and drop the NaN of a compare-and-select.
spirv_execution_mode(extensions = ["SPV_KHR_float_controls"], capabilities = [4466], 4461, 32);
// ${op.name}: ${op.doc}
// Grid-stride loop over 16-byte vectors: invocation t handles vectors t, t + stride, t + 2 stride
// ..., two of them in flight at a time; then the last n % 4 elements one each. Each array is
// bound twice, as floats and as vec4 (aliases of one buffer, which Vulkan allows); buffers are
// bound from their start, so the vectors are 16-byte aligned. The grid is bounded (launch plan):
// a few workgroups per compute unit that walk the arrays in order.
layout(local_size_x = ${t.local_size}) in;

|local binding = 0
|for _, a in ipairs(gen.arrays(op)) do
|  local access = a.role == "in" and "readonly " or (a.role == "out" and not guarded) and "writeonly " or ""
layout(std430, set = 0, binding = ${binding}) ${access}buffer Buffer_${a.name} { float ${a.name}[]; };
layout(std430, set = 0, binding = ${binding}) ${access}buffer Buffer4_${a.name} { vec4 ${a.name}4[]; };
|  binding = binding + 1
|end
|if guarded then
// Guards on (a module of its own; the plain one is the map alone): the guard slot of ${out}, the
// complement of the first bad element's index, by atomic max (docs/GUARDS.md).
layout(std430, set = 0, binding = ${binding}) buffer Guard { uint guard_slot; };
|end

layout(push_constant) uniform Params {
    uint n;
|for _, a in ipairs(op.args) do
|  if a.role == "scalar" then
    float ${a.name};
|  end
|end
|if guarded then
    uint guard_checks; // TN_GUARD_ bits: 1 NaN, 2 infinities
|end
} params;

${gen.lower.prim_functions(dsl.prims, t, gen.glsl_style(t))}

${kernel}

|local args = gen.fn_args(op, op.fns.map)
|local function call(at) return op.name .. "_kernel(" .. list(args, function(a) return a.role == "scalar" and ("params." .. a.name) or at(a) end) .. ")" end
|local function vector(k) return "vec4(" .. list({ "x", "y", "z", "w" }, function(c) return call(function(a) return a.name .. "_" .. k .. "." .. c end) end) .. ")" end
|local function loads(k, at)
|  local out = {}
|  for _, a in ipairs(args) do
|    if a.role ~= "scalar" then out[#out + 1] = "vec4 " .. a.name .. "_" .. k .. " = " .. a.name .. "4[" .. at .. "];" end
|  end
|  return table.concat(out, "\n")
|end
|if guarded then
void check(float v, uint e)
{
    if ((((params.guard_checks & 1u) != 0u) && isnan(v)) || (((params.guard_checks & 2u) != 0u) && isinf(v)))
        atomicMax(guard_slot, ~e);
}

// An invocation whose results were not all finite reads back the elements it wrote, in its
// own order, and checks each against the policy.
void guard_find(uint n4, uint stride)
{
    for (uint j = gl_GlobalInvocationID.x; j < n4; j += stride) {
        vec4 v = ${out}4[j];
        check(v.x, 4u * j);
        check(v.y, 4u * j + 1u);
        check(v.z, 4u * j + 2u);
        check(v.w, 4u * j + 3u);
    }
    uint e = 4u * n4 + gl_GlobalInvocationID.x;
    if (e < params.n)
        check(${out}[e], e);
}

|end
|-- A stored value; in the guarded module also summed as r - r (0 while finite, NaN for good
|-- after an infinity or a NaN): no test or branch per element.
|local function store(at, value, vector)
|  if not guarded then return out .. at .. " = " .. value .. ";" end
|  return "{\n    " .. (vector and "vec4" or "float") .. " r = " .. value .. ";\n    " .. out .. at .. " = r;\n    guard_acc" .. (vector and "" or ".x") .. " += r - r;\n}"
|end
void main()
{
    uint n4 = params.n / 4u;
    uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    uint i = gl_GlobalInvocationID.x;
|if guarded then
    precise vec4 guard_acc = vec4(0.0);
|end
    for (; i + stride < n4; i += 2u * stride) {
        ${loads(0, "i")}
        ${loads(1, "i + stride")}
        ${store("4[i]", vector(0), true)}
        ${store("4[i + stride]", vector(1), true)}
    }
    if (i < n4) {
        ${loads(0, "i")}
        ${store("4[i]", vector(0), true)}
    }
    uint e = 4u * n4 + gl_GlobalInvocationID.x;
    if (e < params.n) {
        ${store("[e]", call(function(a) return a.name .. "[e]" end), false)}
    }
|if guarded then
    if (any(isnan(guard_acc)))
        guard_find(n4, stride);
|end
}
