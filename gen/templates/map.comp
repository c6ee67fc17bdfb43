${gen.header("//", { op.file, "gen/lua/schedules/map.lua" }, "map.comp")}
#version 450
#extension GL_EXT_spirv_intrinsics : require
// NaN and infinities kept (SignedZeroInfNanPreserve for 32-bit floats): without it a Vulkan
// compiler may assume there are none, and drop the NaN of a compare-and-select.
spirv_execution_mode(extensions = ["SPV_KHR_float_controls"], capabilities = [4466], 4461, 32);
// ${op.name}: ${op.doc}
// Grid-stride loop: invocation t handles elements t, t + stride, t + 2 * stride ...
layout(local_size_x = ${t.local_size}) in;

|local binding = 0
|for _, a in ipairs(gen.arrays(op)) do
layout(std430, set = 0, binding = ${binding}) ${a.role == "in" and "readonly " or a.role == "out" and "writeonly " or ""}buffer Buffer_${a.name} { float ${a.name}[]; };
|  binding = binding + 1
|end

layout(push_constant) uniform Params {
    uint n;
|for _, a in ipairs(op.args) do
|  if a.role == "scalar" then
    float ${a.name};
|  end
|end
} params;

${gen.lower.prim_functions(dsl.prims, t, gen.glsl_style(t))}

${kernel}

void main()
{
    uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    for (uint i = gl_GlobalInvocationID.x; i < params.n; i += stride) {
        ${out}[i] = ${op.name}_kernel(${list(gen.fn_args(op, op.fns.map), function(a) return a.role == "scalar" and ("params." .. a.name) or (a.name .. "[i]") end)});
    }
}
