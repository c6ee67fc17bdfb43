${header}
#version 450
#extension GL_EXT_spirv_intrinsics : require
// NaN and infinities kept (SignedZeroInfNanPreserve for 32-bit floats): without it a Vulkan
// compiler may assume there are none, and drop the NaN of a compare-and-select.
spirv_execution_mode(extensions = ["SPV_KHR_float_controls"], capabilities = [4466], 4461, 32);
// ${op}: ${doc}
// Grid-stride loop: invocation t handles elements t, t + stride, t + 2 * stride ...
layout(local_size_x = ${local_size}) in;

${buffers}

layout(push_constant) uniform Params {
    uint n;
    ${scalar_fields}
} params;

${prims}

${kernel}

void main()
{
    uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    for (uint i = gl_GlobalInvocationID.x; i < params.n; i += stride) {
        ${store}
    }
}
