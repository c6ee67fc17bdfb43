/* Internal contracts of the Vulkan backend: the entry points it loads, devices, frames, buffers
 * and pipelines, shared by vulkan.c (loader, instance, devices), vulkan_queue.c (frames, buffers,
 * copies, timestamp pairs) and vulkan_run.c (pipelines, running launch plans). */
#ifndef TN_VULKAN_INTERNAL_H
#define TN_VULKAN_INTERNAL_H

#include "tn_internal.h"

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

/* The entry points used, by level: instance functions come from vkGetInstanceProcAddr,
 * device functions from vkGetDeviceProcAddr. */
#define VK_INSTANCE_FNS(X)                                                                                             \
    X(DestroyInstance)                                                                                                 \
    X(EnumeratePhysicalDevices)                                                                                        \
    X(GetPhysicalDeviceProperties)                                                                                     \
    X(GetPhysicalDeviceQueueFamilyProperties)                                                                          \
    X(GetPhysicalDeviceMemoryProperties)                                                                               \
    X(CreateDevice)                                                                                                    \
    X(EnumerateDeviceExtensionProperties)                                                                              \
    X(GetDeviceProcAddr)
#define VK_DEVICE_FNS(X)                                                                                               \
    X(DestroyDevice)                                                                                                   \
    X(GetDeviceQueue)                                                                                                  \
    X(CreateBuffer)                                                                                                    \
    X(DestroyBuffer)                                                                                                   \
    X(GetBufferMemoryRequirements)                                                                                     \
    X(AllocateMemory)                                                                                                  \
    X(FreeMemory)                                                                                                      \
    X(BindBufferMemory)                                                                                                \
    X(MapMemory)                                                                                                       \
    X(CreateShaderModule)                                                                                              \
    X(DestroyShaderModule)                                                                                             \
    X(CreateDescriptorSetLayout)                                                                                       \
    X(DestroyDescriptorSetLayout)                                                                                      \
    X(CreatePipelineLayout)                                                                                            \
    X(DestroyPipelineLayout)                                                                                           \
    X(CreateComputePipelines)                                                                                          \
    X(DestroyPipeline)                                                                                                 \
    X(CreateDescriptorPool)                                                                                            \
    X(DestroyDescriptorPool)                                                                                           \
    X(ResetDescriptorPool)                                                                                             \
    X(AllocateDescriptorSets)                                                                                          \
    X(UpdateDescriptorSets)                                                                                            \
    X(CreateCommandPool)                                                                                               \
    X(DestroyCommandPool)                                                                                              \
    X(AllocateCommandBuffers)                                                                                          \
    X(BeginCommandBuffer)                                                                                              \
    X(EndCommandBuffer)                                                                                                \
    X(CmdBindPipeline)                                                                                                 \
    X(CmdBindDescriptorSets)                                                                                           \
    X(CmdPushConstants)                                                                                                \
    X(CmdDispatch)                                                                                                     \
    X(CmdPipelineBarrier)                                                                                              \
    X(CmdCopyBuffer)                                                                                                   \
    X(QueueSubmit)                                                                                                     \
    X(CreateFence)                                                                                                     \
    X(DestroyFence)                                                                                                    \
    X(WaitForFences)                                                                                                   \
    X(GetFenceStatus)                                                                                                  \
    X(CreatePipelineCache)                                                                                             \
    X(DestroyPipelineCache)                                                                                            \
    X(GetPipelineCacheData)                                                                                            \
    X(ResetFences)                                                                                                     \
    X(CreateQueryPool)                                                                                                 \
    X(DestroyQueryPool)                                                                                                \
    X(CmdResetQueryPool)                                                                                               \
    X(CmdWriteTimestamp)                                                                                               \
    X(GetQueryPoolResults)

typedef struct vk_fns {
#define VK_FIELD(name) PFN_vk##name name;
    VK_INSTANCE_FNS(VK_FIELD)
    VK_DEVICE_FNS(VK_FIELD)
#undef VK_FIELD
} vk_fns;

enum {
    STAGING_BYTES = 4 << 20, /* a frame's host-visible bounce memory, where device memory is not mapped */
    PUSH_WORDS = 32,         /* push constants: 128 bytes, the least every device offers */
    FRAMES = 4,              /* command buffers in flight: ops are queued, not waited for */
    RESULT_BYTES = 256,      /* staging kept free in a frame for an op's host results */
};

typedef struct vk_buffer {
    VkBuffer buffer;
    VkDeviceMemory memory;
    void *mapped; /* NULL: device memory the host cannot see, copied through a frame's staging */
    VkDeviceSize size;
    struct vk_buffer *prev, *next; /* the device's live buffers, released by close */
} vk_buffer;

typedef struct vk_pipeline {
    VkShaderModule module;
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout layout;
    VkPipeline pipeline;
    uint32_t local_size;
} vk_pipeline;

/* A command buffer and what it holds: copies staged from the host, then at most one op. It is
 * submitted without waiting, and recorded again once its fence has signalled. */
typedef struct vk_frame {
    VkCommandBuffer cmd;
    VkFence fence;
    VkDescriptorPool descriptors; /* the descriptor sets of its op's stages */
    vk_buffer *staging;           /* its bounce memory (devices without mapped memory), made on first use */
    VkDeviceSize staged;          /* bytes of staging its copies use */
    bool pending;                 /* submitted, fence not yet waited for */
    bool timed;                   /* its op is bracketed by the timer's pair for this frame */
} vk_frame;

/* Timestamp queries in pairs (a start and an end), from query pools made as needed: pair p is
 * queries 2 (p % STAMP_POOL_PAIRS) and the next one of pool p / STAMP_POOL_PAIRS. Used by the
 * device timer (a pair per frame) and by profiled calls (a pair per call until it is read). */
enum { STAMP_POOL_PAIRS = 512, STAMP_POOLS = 128 };
typedef struct vk_stamps {
    VkQueryPool pools[STAMP_POOLS];
    uint32_t npools;
    uint32_t *free; /* pairs not in use */
    uint32_t nfree;
    int usable;       /* whether the compute queue writes timestamps: 0 not asked yet, 1 yes, -1 no */
    double offset_ns; /* host CLOCK_MONOTONIC ns = ticks * timestampPeriod + offset_ns */
    bool calibrated;
} vk_stamps;

typedef struct vk_device {
    vk_fns f;
    VkPhysicalDevice physical;
    VkPhysicalDeviceProperties props;
    VkPhysicalDeviceLimits limits;
    uint32_t api_version; /* the device's Vulkan version */
    VkPhysicalDeviceMemoryProperties memory;
    bool device_memory_mapped; /* the preferred device-local memory is also host-visible and coherent */
    VkDevice device;
    VkQueue queue;
    VkCommandPool command_pool;
    vk_frame frames[FRAMES];
    unsigned current; /* the frame being recorded, or the next to be */
    bool recording;
    pthread_mutex_t lock;           /* one recording and submission at a time */
    vk_buffer *live;                /* every buffer, scratch and staging included */
    vk_buffer *scratch;             /* what launch plans ask for (partials, results), grown on demand */
    vk_pipeline **pipelines;        /* per op in tn_ops, per shader, built on first use */
    VkPipelineCache pipeline_cache; /* loaded from and saved to cache_file */
    char cache_file[1024];          /* "" when the cache stays in memory */
    uint64_t cache_loaded;          /* hash of the bytes loaded: an unchanged cache is not written again */
    uint32_t family;                /* the compute queue's family */
    /* The device timer: while timing, each op is bracketed by its frame's pair; the time is
     * from the first op's start to the last one's end, like events on a CUDA stream. */
    vk_stamps stamps;
    uint32_t timer_pairs[FRAMES]; /* taken by the first tn_device_timer_start */
    bool timing, timed_any, timer_ready;
    uint64_t timed_first, timed_last;
} vk_device;

/* vulkan.c */
tn_status vk_check(VkResult r, const char *call);

/* vulkan_queue.c */
void vk_buffer_destroy(vk_device *d, vk_buffer *b);
void vk_buffer_release(vk_device *d, vk_buffer *b);
tn_status vk_buffer_new(vk_device *d, VkDeviceSize bytes, bool host_side, vk_buffer **out);
void vk_barrier(VkCommandBuffer cmd, const vk_fns *f, VkPipelineStageFlags from, VkAccessFlags written,
                VkPipelineStageFlags to, VkAccessFlags accessed);
void vk_work_barrier(vk_device *d, vk_frame *f);
tn_status vk_record(vk_device *d, vk_frame **out);
tn_status vk_flush(vk_device *d);
tn_status vk_finish(vk_device *d);
tn_status vk_staging_room(vk_device *d, VkDeviceSize bytes, vk_frame **out);
tn_status vk_alloc(void *impl, size_t bytes, void **handle);
void vk_free(void *impl, void *handle);
tn_status vk_write(void *impl, void *handle, size_t offset, const void *src, size_t bytes, tn_gpu_trace *trace);
tn_status vk_read(void *impl, void *handle, size_t offset, void *dst, size_t bytes, tn_gpu_trace *trace);
tn_status vk_sync(void *impl);
/* An op's work in frame f: bracketed by the timer's pair while timing, and by a pair of the
 * call's own when it is traced. */
void vk_time_begin(vk_device *d, vk_frame *f, tn_gpu_trace *trace);
void vk_time_end(vk_device *d, vk_frame *f, tn_gpu_trace *trace);
tn_status vk_copy(void *impl, void *dst, size_t dst_offset, void *src, size_t src_offset, size_t bytes,
                  tn_gpu_trace *trace);
/* Gives a failed traced call's pair back; returns s. */
tn_status vk_trace_failed(vk_device *d, tn_gpu_trace *trace, tn_status s);
tn_status vk_stamp_read(void *impl, uint32_t pair, int64_t *start, int64_t *end);
void vk_stamp_release(void *impl, uint32_t pair);
void vk_stamps_destroy(vk_device *d);
tn_status vk_timer_start(void *impl);
tn_status vk_timer_stop(void *impl, double *seconds);
int vk_memory_type(const vk_device *d, uint32_t allowed, VkMemoryPropertyFlags want);

/* vulkan_run.c */
void vk_pipeline_release(vk_device *d, vk_pipeline *p);
tn_status vk_run(void *impl, const tn_op *op, const tn_call *c, tn_gpu_trace *trace);

#endif
