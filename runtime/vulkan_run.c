/* Vulkan pipelines and runs: each op's compute pipelines built on first use, and its launch
 * plan recorded as dispatches into a frame. */
#define _POSIX_C_SOURCE 200809L
#include "guard_internal.h"
#include "tn_internal.h"

#ifndef TN_NO_VULKAN_HEADERS

#include "vulkan_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void vk_pipeline_release(vk_device *d, vk_pipeline *p)
{
    d->f.DestroyPipeline(d->device, p->pipeline, NULL);
    d->f.DestroyPipelineLayout(d->device, p->layout, NULL);
    d->f.DestroyDescriptorSetLayout(d->device, p->set_layout, NULL);
    d->f.DestroyShaderModule(d->device, p->module, NULL);
    memset(p, 0, sizeof *p);
}

/* ---- pipelines ---- */

/* The workgroup width the module declares (OpExecutionMode %main LocalSize x y z), so that
 * dispatch sizes come from the shader itself; 0 when it declares none. */
static uint32_t spirv_local_size(const uint32_t *words, size_t count)
{
    enum { OP_EXECUTION_MODE = 16, MODE_LOCAL_SIZE = 17, HEADER_WORDS = 5 };
    for (size_t i = HEADER_WORDS; i < count;) {
        uint32_t length = words[i] >> 16, opcode = words[i] & 0xFFFFu;
        if (length == 0 || length > count - i)
            return 0;
        if (opcode == OP_EXECUTION_MODE && length >= 6 && words[i + 2] == MODE_LOCAL_SIZE)
            return words[i + 3];
        i += length;
    }
    return 0;
}

static tn_status vk_check_op(VkResult r, const char *call, const tn_op *op)
{
    char what[128];
    snprintf(what, sizeof what, "%s (%s)", call, op->name);
    return vk_check(r, what);
}

static tn_status vk_build_pipeline(vk_device *d, const tn_op *op, const tn_shader *shader, vk_pipeline *p)
{
    VkShaderModuleCreateInfo module = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                       .codeSize = shader->nwords * sizeof(uint32_t),
                                       .pCode = shader->words};
    tn_status s =
        vk_check_op(d->f.CreateShaderModule(d->device, &module, NULL, &p->module), "vkCreateShaderModule", op);
    VkDescriptorSetLayoutBinding bindings[TN_MAX_BINDINGS];
    for (unsigned i = 0; i < shader->bindings; i++)
        bindings[i] = (VkDescriptorSetLayoutBinding){.binding = i,
                                                     .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                                     .descriptorCount = 1,
                                                     .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT};
    VkDescriptorSetLayoutCreateInfo set = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                           .bindingCount = shader->bindings,
                                           .pBindings = bindings};
    if (s == TN_OK)
        s = vk_check_op(d->f.CreateDescriptorSetLayout(d->device, &set, NULL, &p->set_layout),
                        "vkCreateDescriptorSetLayout", op);
    VkPushConstantRange push = {VK_SHADER_STAGE_COMPUTE_BIT, 0, PUSH_WORDS * sizeof(uint32_t)};
    VkPipelineLayoutCreateInfo layout = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                         .setLayoutCount = 1,
                                         .pSetLayouts = &p->set_layout,
                                         .pushConstantRangeCount = 1,
                                         .pPushConstantRanges = &push};
    if (s == TN_OK)
        s = vk_check_op(d->f.CreatePipelineLayout(d->device, &layout, NULL, &p->layout), "vkCreatePipelineLayout", op);
    VkComputePipelineCreateInfo pipeline = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                  .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                  .module = p->module,
                  .pName = "main"},
        .layout = p->layout,
    };
    if (s == TN_OK)
        s = vk_check_op(d->f.CreateComputePipelines(d->device, d->pipeline_cache, 1, &pipeline, NULL, &p->pipeline),
                        "vkCreateComputePipelines", op);
    return s;
}

/* Shader k of op as a pipeline, built on first use and kept until the device closes. */
static tn_status vk_pipeline_for(vk_device *d, const tn_op *op, unsigned k, vk_pipeline **out)
{
    if (!op->shaders || k >= op->nshaders)
        return tn_fail(TN_ERR_BACKEND_UNAVAILABLE, "tn_dev_%s: no SPIR-V for this op", op->name);
    if (!d->pipelines[op->index] && !(d->pipelines[op->index] = calloc(op->nshaders, sizeof(vk_pipeline))))
        return tn_fail(TN_ERR_OUT_OF_MEMORY, "vulkan: out of memory");
    vk_pipeline *p = &d->pipelines[op->index][k];
    *out = p;
    if (p->pipeline)
        return TN_OK;
    const tn_shader *shader = &op->shaders[k];
    uint32_t local_size = spirv_local_size(shader->words, shader->nwords);
    if (local_size == 0 || local_size > d->limits.maxComputeWorkGroupSize[0] ||
        local_size > d->limits.maxComputeWorkGroupInvocations)
        return tn_fail(TN_ERR_BACKEND_UNAVAILABLE,
                       "vulkan: %s's shader %u has workgroups of %u invocations; this device runs at most %u", op->name,
                       k, local_size, d->limits.maxComputeWorkGroupInvocations);
    if (shader->bindings > TN_MAX_BINDINGS || shader->bindings > d->limits.maxPerStageDescriptorStorageBuffers)
        return tn_fail(TN_ERR_BACKEND_UNAVAILABLE,
                       "vulkan: %s's shader %u binds %u storage buffers; this device allows %u per shader", op->name, k,
                       shader->bindings, d->limits.maxPerStageDescriptorStorageBuffers);
    tn_status s = vk_build_pipeline(d, op, shader, p);
    if (s != TN_OK) {
        vk_pipeline_release(d, p);
        return s;
    }
    p->local_size = local_size;
    return TN_OK;
}

/* ---- running an op ---- */

/* The device's scratch, at least bytes long (launch plans put partials and results there). */
static tn_status vk_scratch(vk_device *d, size_t bytes)
{
    if (d->scratch->size >= bytes)
        return TN_OK;
    tn_status s = vk_finish(d); /* queued ops may still use the old one */
    vk_buffer *grown = NULL;
    if (s == TN_OK)
        s = vk_buffer_new(d, bytes, false, &grown);
    if (s != TN_OK)
        return s;
    vk_buffer_release(d, d->scratch);
    d->scratch = grown;
    return TN_OK;
}

/* An output's guard slot; with guards off, the output's own buffer (the shader writes no slot). */
static VkDescriptorBufferInfo vk_guard_binding(const tn_call *c, uint64_t arg)
{
    if (!c->guard)
        return (VkDescriptorBufferInfo){ ((vk_buffer *)c->ptr[arg])->buffer, 0, VK_WHOLE_SIZE };
    return (VkDescriptorBufferInfo){ ((vk_buffer *)c->guard)->buffer, arg * TN_GUARD_SLOT_BYTES, TN_GUARD_SLOT_BYTES };
}

/* A stage's storage buffers, as its plan lists them, in a descriptor set of the frame's. */
static tn_status vk_bind(vk_device *d, vk_frame *f, const tn_op *op, const tn_call *c, const tn_stage *st,
                         const vk_pipeline *p, const tn_shader *shader, VkDescriptorSet *set)
{
    VkDescriptorBufferInfo infos[TN_MAX_BINDINGS];
    if (st->nbindings != shader->bindings)
        return tn_fail(TN_ERR_DEVICE, "vulkan: %s binds %u buffers but its shader declares %u", op->name, st->nbindings,
                       shader->bindings);
    for (unsigned i = 0; i < st->nbindings; i++) {
        const tn_param *b = &st->bindings[i];
        if (b->kind == TN_P_BUFFER)
            infos[i] = (VkDescriptorBufferInfo){((vk_buffer *)c->ptr[b->value])->buffer, 0, VK_WHOLE_SIZE};
        else if (b->kind == TN_P_GUARD)
            infos[i] = vk_guard_binding(c, b->value);
        else
            infos[i] = (VkDescriptorBufferInfo){d->scratch->buffer, b->value, VK_WHOLE_SIZE};
    }
    VkDescriptorSetAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                         .descriptorPool = f->descriptors,
                                         .descriptorSetCount = 1,
                                         .pSetLayouts = &p->set_layout};
    tn_status s = vk_check(d->f.AllocateDescriptorSets(d->device, &alloc, set), "vkAllocateDescriptorSets");
    if (s != TN_OK)
        return s;
    VkWriteDescriptorSet write = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = *set,
                                  .descriptorCount = st->nbindings,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                  .pBufferInfo = infos};
    d->f.UpdateDescriptorSets(d->device, 1, &write, 0, NULL);
    return TN_OK;
}

/* The push constants of a stage, a 32-bit word per parameter in the plan's order. */
static void vk_push(vk_device *d, vk_frame *f, const vk_pipeline *p, const tn_stage *st)
{
    union {
        uint32_t u;
        float f;
    } words[PUSH_WORDS] = {{0}};
    for (unsigned i = 0; i < st->nparams && i < PUSH_WORDS; i++) {
        if (st->params[i].kind == TN_P_F32)
            words[i].f = st->params[i].f;
        else
            words[i].u = (uint32_t)st->params[i].value;
    }
    d->f.CmdPushConstants(f->cmd, p->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof words, words);
}

/* Results on a device: copied from the scratch into their buffers after the stages, in the
 * same frame. */
static void vk_copy_results(vk_device *d, vk_frame *f, const tn_launch *l, const tn_call *c)
{
    vk_barrier(f->cmd, &d->f, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
               VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
    for (unsigned r = 0; r < l->nresults; r++) {
        unsigned arg = l->results[r].arg;
        VkBufferCopy region = {l->results[r].offset, c->at[arg] * sizeof(float), sizeof(float)};
        d->f.CmdCopyBuffer(f->cmd, d->scratch->buffer, ((vk_buffer *)c->ptr[arg])->buffer, 1, &region);
    }
}

/* The stages' dispatches in frame f, with a barrier between stages; a traced call learns them
 * (the workgroup width is the shader's; Vulkan shaders have no dynamic shared memory). */
static void vk_dispatch_stages(vk_device *d, vk_frame *f, const tn_launch *l, vk_pipeline *const *pipes,
                               const VkDescriptorSet *sets, tn_gpu_trace *trace)
{
    for (unsigned k = 0; k < l->nstages; k++) {
        const tn_stage *st = &l->stages[k];
        if (k > 0) /* what the stage before wrote, before this one reads it */
            vk_barrier(f->cmd, &d->f, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                       VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
        d->f.CmdBindPipeline(f->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipes[k]->pipeline);
        d->f.CmdBindDescriptorSets(f->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipes[k]->layout, 0, 1, &sets[k], 0, NULL);
        vk_push(d, f, pipes[k], st);
        d->f.CmdDispatch(f->cmd, st->grid[0], st->grid[1], 1);
        if (trace)
            trace->stages[k] = (tn_trace_stage){st->entry, {st->grid[0], st->grid[1]}, pipes[k]->local_size, 0};
    }
    if (trace)
        trace->nstages = l->nstages;
}

/* The op's launch plan in the frame being recorded (after any copies staged there): a dispatch
 * per stage, a barrier between stages; the frame is submitted and not waited for, unless the op
 * returns results to the host, which are then copied there (results on a device are copied
 * into their buffers in the same frame). */
static tn_status vk_run_locked(vk_device *d, const tn_op *op, const tn_call *c, tn_gpu_trace *trace)
{
    /* Shaders index with 32-bit unsigned integers and step by the grid's width past the end. */
    for (int i = 0; i < op->ndims; i++)
        if (c->dim[i] > INT32_MAX)
            return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_dev_%s: %s = %zu, but Vulkan shaders handle at most 2^31 - 1",
                           op->name, op->dim_names[i], c->dim[i]);
    if (!op->vulkan_plan)
        return tn_fail(TN_ERR_BACKEND_UNAVAILABLE, "tn_dev_%s: no SPIR-V for this op", op->name);
    tn_launch l = {0};
    tn_gpu_info g = {.max_groups = d->limits.maxComputeWorkGroupCount[0]};
    op->vulkan_plan(c, &g, &l);
    if (l.nstages == 0)
        return TN_OK;
    if (l.counter_bytes > 0)
        return tn_fail(TN_ERR_DEVICE, "vulkan: %s's plan counts in device counters, which Vulkan plans do not have",
                       op->name);
    vk_pipeline *pipes[TN_MAX_STAGES];
    VkDescriptorSet sets[TN_MAX_STAGES];
    bool host_results = l.nresults > 0 && !c->results_on_device;
    bool staged_results = host_results && !d->scratch->mapped;
    vk_frame *f = NULL;
    tn_status s = vk_scratch(d, l.scratch_bytes);
    for (unsigned k = 0; s == TN_OK && k < l.nstages; k++)
        s = vk_pipeline_for(d, op, l.stages[k].entry, &pipes[k]);
    if (s == TN_OK)
        s = staged_results ? vk_staging_room(d, RESULT_BYTES, &f) : vk_record(d, &f);
    for (unsigned k = 0; s == TN_OK && k < l.nstages; k++)
        s = vk_bind(d, f, op, c, &l.stages[k], pipes[k], &op->shaders[l.stages[k].entry], &sets[k]);
    if (s != TN_OK)
        return s;
    vk_work_barrier(d, f); /* the copies staged in this frame, before the first stage */
    vk_time_begin(d, f, trace);
    vk_dispatch_stages(d, f, &l, pipes, sets, trace);
    if (c->results_on_device)
        vk_copy_results(d, f, &l, c);
    vk_time_end(d, f, trace);
    /* Host results go in the same submission: into staging, or read from mapped scratch. */
    VkDeviceSize at = f->staged;
    if (staged_results) {
        vk_work_barrier(d, f);
        for (unsigned r = 0; r < l.nresults; r++) {
            VkBufferCopy region = {.srcOffset = l.results[r].offset, .dstOffset = at + 4 * r, .size = 4};
            d->f.CmdCopyBuffer(f->cmd, d->scratch->buffer, f->staging->buffer, 1, &region);
        }
        f->staged += 4 * l.nresults;
    }
    s = vk_trace_failed(d, trace, host_results ? vk_finish(d) : vk_flush(d));
    for (unsigned r = 0; s == TN_OK && host_results && r < l.nresults; r++) {
        const tn_arg *a = &op->args[l.results[r].arg];
        uint32_t bits = 0;
        if (staged_results)
            memcpy(&bits, (const char *)f->staging->mapped + at + 4 * r, sizeof bits);
        else
            memcpy(&bits, (const char *)d->scratch->mapped + l.results[r].offset, sizeof bits);
        tn_store_result(a, c->ptr[l.results[r].arg], bits);
    }
    return s;
}

tn_status vk_run(void *impl, const tn_op *op, const tn_call *c, tn_gpu_trace *trace)
{
    vk_device *d = impl;
    pthread_mutex_lock(&d->lock);
    tn_status s = vk_run_locked(d, op, c, trace);
    pthread_mutex_unlock(&d->lock);
    return s;
}

#endif
