${header}
#version 450
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
