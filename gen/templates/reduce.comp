${header}
#version 450
#extension GL_EXT_spirv_intrinsics : require
// NaN and infinities kept (SignedZeroInfNanPreserve for 32-bit floats): without it a Vulkan
// compiler may assume there are none, and drop the NaN of a compare-and-select.
spirv_execution_mode(extensions = ["SPV_KHR_float_controls"], capabilities = [4466], 4461, 32);
// ${op}: ${doc}
// Two dispatches of one pipeline: stage 0 reduces a grid-stride share per invocation, then the
// workgroup through shared memory, into partial[workgroup]; stage 1 (a single workgroup)
// reduces the partials and writes the result.
layout(local_size_x = ${local_size}) in;

${buffers}
layout(std430, set = 0, binding = ${partial_binding}) buffer PartialBuffer { float partial[]; };
layout(std430, set = 0, binding = ${result_binding}) writeonly buffer ResultBuffer { float result[]; };

layout(push_constant) uniform Params {
    uint n;     // elements (stage 0) or partials (stage 1)
    uint stage;
} params;

${prims}

${kernel}

shared float workgroup_acc[${local_size}];

void main()
{
    uint tid = gl_LocalInvocationID.x;
    uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    float acc = ${init};
    if (params.stage == 0u) {
        for (uint i = gl_GlobalInvocationID.x; i < params.n; i += stride) {
            acc = ${step};
        }
    } else {
        for (uint i = tid; i < params.n; i += gl_WorkGroupSize.x) {
            acc = ${op}_combine(acc, partial[i]);
        }
    }
    workgroup_acc[tid] = acc;
    barrier();
    for (uint width = gl_WorkGroupSize.x / 2u; width > 0u; width /= 2u) {
        if (tid < width) {
            workgroup_acc[tid] = ${op}_combine(workgroup_acc[tid], workgroup_acc[tid + width]);
        }
        barrier();
    }
    if (tid == 0u) {
        if (params.stage == 0u) {
            partial[gl_WorkGroupID.x] = workgroup_acc[0];
        } else {
            result[0] = ${op}_final(workgroup_acc[0]);
        }
    }
}
