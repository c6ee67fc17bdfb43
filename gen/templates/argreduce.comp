${header}
#version 450
#extension GL_EXT_spirv_intrinsics : require
// NaN and infinities kept (SignedZeroInfNanPreserve for 32-bit floats): without it a Vulkan
// compiler may assume there are none, and drop the NaN of a compare-and-select.
spirv_execution_mode(extensions = ["SPV_KHR_float_controls"], capabilities = [4466], 4461, 32);
// ${op}: ${doc}
// Two dispatches as in a reduction, carrying (value, index) pairs: a pair replaces the current
// one when its value is better, or equal with a smaller index, so the first best index wins.
layout(local_size_x = ${local_size}) in;

${buffers}
layout(std430, set = 0, binding = ${partial_binding}) buffer PartialBuffer { float partial[]; };
layout(std430, set = 0, binding = ${partial_index_binding}) buffer PartialIndexBuffer { uint partial_index[]; };
layout(std430, set = 0, binding = ${result_binding}) writeonly buffer ResultBuffer { uint result_index[]; };

layout(push_constant) uniform Params {
    uint n;     // elements (stage 0) or partials (stage 1)
    uint stage;
} params;

${prims}

${kernel}

shared float workgroup_best[${local_size}];
shared uint workgroup_index[${local_size}];

bool takes(float value, uint index, float best, uint best_index)
{
    return ${op}_better(value, best) || (value == best && index < best_index);
}

void main()
{
    uint tid = gl_LocalInvocationID.x;
    uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    float best = ${init};
    uint best_index = 0u;
    if (params.stage == 0u) {
        for (uint i = gl_GlobalInvocationID.x; i < params.n; i += stride) {
            if (${op}_better(x[i], best)) {
                best = x[i];
                best_index = i;
            }
        }
    } else {
        for (uint i = tid; i < params.n; i += gl_WorkGroupSize.x) {
            if (takes(partial[i], partial_index[i], best, best_index)) {
                best = partial[i];
                best_index = partial_index[i];
            }
        }
    }
    workgroup_best[tid] = best;
    workgroup_index[tid] = best_index;
    barrier();
    for (uint width = gl_WorkGroupSize.x / 2u; width > 0u; width /= 2u) {
        if (tid < width && takes(workgroup_best[tid + width], workgroup_index[tid + width],
                                 workgroup_best[tid], workgroup_index[tid])) {
            workgroup_best[tid] = workgroup_best[tid + width];
            workgroup_index[tid] = workgroup_index[tid + width];
        }
        barrier();
    }
    if (tid == 0u) {
        if (params.stage == 0u) {
            partial[gl_WorkGroupID.x] = workgroup_best[0];
            partial_index[gl_WorkGroupID.x] = workgroup_index[0];
        } else {
            result_index[0] = workgroup_index[0];
        }
    }
}
