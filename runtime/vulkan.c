/* Vulkan backend: the loader through dlopen("libvulkan.so.1"), so that no Vulkan library is
 * needed to build or to run. SPIR-V is embedded in the op tables; each op's compute pipeline
 * is built on first use and kept (and its compiled form cached on disk). Work is queued: map ops
 * return once submitted; reads, host results and tn_device_synchronize wait. */
#define _POSIX_C_SOURCE 200809L
#include "guard_internal.h"
#include "tn_internal.h"

#ifdef TN_NO_VULKAN_HEADERS

static tn_status vk_count(int *count)
{
    *count = 0;
    return TN_OK;
}

static const char *vk_why_none(void)
{
    return "libtrueno was built without the Vulkan headers (install libvulkan-dev and rebuild)";
}

const tn_gpu_backend tn_vulkan_backend = { .name = "vulkan", .count = vk_count, .why_none = vk_why_none };

#else

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include <dlfcn.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The entry points used, by level: instance functions come from vkGetInstanceProcAddr,
 * device functions from vkGetDeviceProcAddr. */
#define VK_INSTANCE_FNS(X)                                                                                     \
    X(DestroyInstance)                                                                                         \
    X(EnumeratePhysicalDevices)                                                                                \
    X(GetPhysicalDeviceProperties)                                                                             \
    X(GetPhysicalDeviceQueueFamilyProperties)                                                                  \
    X(GetPhysicalDeviceMemoryProperties)                                                                       \
    X(CreateDevice)                                                                                            \
    X(EnumerateDeviceExtensionProperties)                                                                      \
    X(GetDeviceProcAddr)
#define VK_DEVICE_FNS(X)                                                                                       \
    X(DestroyDevice)                                                                                           \
    X(GetDeviceQueue)                                                                                          \
    X(CreateBuffer)                                                                                            \
    X(DestroyBuffer)                                                                                           \
    X(GetBufferMemoryRequirements)                                                                             \
    X(AllocateMemory)                                                                                          \
    X(FreeMemory)                                                                                              \
    X(BindBufferMemory)                                                                                        \
    X(MapMemory)                                                                                               \
    X(CreateShaderModule)                                                                                      \
    X(DestroyShaderModule)                                                                                     \
    X(CreateDescriptorSetLayout)                                                                               \
    X(DestroyDescriptorSetLayout)                                                                              \
    X(CreatePipelineLayout)                                                                                    \
    X(DestroyPipelineLayout)                                                                                   \
    X(CreateComputePipelines)                                                                                  \
    X(DestroyPipeline)                                                                                         \
    X(CreateDescriptorPool)                                                                                    \
    X(DestroyDescriptorPool)                                                                                   \
    X(ResetDescriptorPool)                                                                                     \
    X(AllocateDescriptorSets)                                                                                  \
    X(UpdateDescriptorSets)                                                                                    \
    X(CreateCommandPool)                                                                                       \
    X(DestroyCommandPool)                                                                                      \
    X(AllocateCommandBuffers)                                                                                  \
    X(BeginCommandBuffer)                                                                                      \
    X(EndCommandBuffer)                                                                                        \
    X(CmdBindPipeline)                                                                                         \
    X(CmdBindDescriptorSets)                                                                                   \
    X(CmdPushConstants)                                                                                        \
    X(CmdDispatch)                                                                                             \
    X(CmdPipelineBarrier)                                                                                      \
    X(CmdCopyBuffer)                                                                                           \
    X(QueueSubmit)                                                                                             \
    X(CreateFence)                                                                                             \
    X(DestroyFence)                                                                                            \
    X(WaitForFences)                                                                                           \
    X(GetFenceStatus)                                                                                          \
    X(CreatePipelineCache)                                                                                     \
    X(DestroyPipelineCache)                                                                                    \
    X(GetPipelineCacheData)                                                                                    \
    X(ResetFences)                                                                                             \
    X(CreateQueryPool)                                                                                         \
    X(DestroyQueryPool)                                                                                        \
    X(CmdResetQueryPool)                                                                                       \
    X(CmdWriteTimestamp)                                                                                       \
    X(GetQueryPoolResults)

typedef struct vk_fns {
#define VK_FIELD(name) PFN_vk##name name;
    VK_INSTANCE_FNS(VK_FIELD)
    VK_DEVICE_FNS(VK_FIELD)
#undef VK_FIELD
} vk_fns;

static PFN_vkGetInstanceProcAddr get_instance_proc;
static PFN_vkCreateInstance create_instance;
/* Vulkan 1.1's, NULL when the loader only speaks 1.0: needed to ask for float controls. */
static PFN_vkGetPhysicalDeviceProperties2 get_properties2;
/* One instance for the process, created on first use and kept (like the CUDA driver's
 * cuInit): the driver stays loaded, and devices open without enumerating drivers again. */
static VkInstance instance;
static vk_fns instance_fns;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char why_none[512]; /* empty when the loader works and a device with a compute queue exists */
static int device_total;   /* physical devices with a compute queue that preserve NaN */
static char lacking_nan[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE]; /* a device refused for that, if any */

static const char *vk_result_name(VkResult r)
{
    static const struct {
        VkResult r;
        const char *name;
    } names[] = {
        { VK_NOT_READY, "VK_NOT_READY" },
        { VK_TIMEOUT, "VK_TIMEOUT" },
        { VK_INCOMPLETE, "VK_INCOMPLETE" },
        { VK_ERROR_OUT_OF_HOST_MEMORY, "VK_ERROR_OUT_OF_HOST_MEMORY" },
        { VK_ERROR_OUT_OF_DEVICE_MEMORY, "VK_ERROR_OUT_OF_DEVICE_MEMORY" },
        { VK_ERROR_INITIALIZATION_FAILED, "VK_ERROR_INITIALIZATION_FAILED" },
        { VK_ERROR_DEVICE_LOST, "VK_ERROR_DEVICE_LOST" },
        { VK_ERROR_MEMORY_MAP_FAILED, "VK_ERROR_MEMORY_MAP_FAILED" },
        { VK_ERROR_LAYER_NOT_PRESENT, "VK_ERROR_LAYER_NOT_PRESENT" },
        { VK_ERROR_EXTENSION_NOT_PRESENT, "VK_ERROR_EXTENSION_NOT_PRESENT" },
        { VK_ERROR_FEATURE_NOT_PRESENT, "VK_ERROR_FEATURE_NOT_PRESENT" },
        { VK_ERROR_INCOMPATIBLE_DRIVER, "VK_ERROR_INCOMPATIBLE_DRIVER" },
        { VK_ERROR_TOO_MANY_OBJECTS, "VK_ERROR_TOO_MANY_OBJECTS" },
        { VK_ERROR_FORMAT_NOT_SUPPORTED, "VK_ERROR_FORMAT_NOT_SUPPORTED" },
        { VK_ERROR_FRAGMENTED_POOL, "VK_ERROR_FRAGMENTED_POOL" },
        { VK_ERROR_OUT_OF_POOL_MEMORY, "VK_ERROR_OUT_OF_POOL_MEMORY" },
        { VK_ERROR_INVALID_SHADER_NV, "VK_ERROR_INVALID_SHADER_NV" },
        { VK_ERROR_UNKNOWN, "VK_ERROR_UNKNOWN" },
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].r == r)
            return names[i].name;
    return "unknown VkResult";
}

/* Every failed call becomes a status and a message naming the call and its VkResult. */
static tn_status vk_check(VkResult r, const char *call)
{
    if (r == VK_SUCCESS)
        return TN_OK;
    tn_status s = r == VK_ERROR_OUT_OF_HOST_MEMORY || r == VK_ERROR_OUT_OF_DEVICE_MEMORY ? TN_ERR_OUT_OF_MEMORY
                                                                                         : TN_ERR_DEVICE;
    return tn_fail(s, "vulkan: %s failed: %s (%d)", call, vk_result_name(r), (int)r);
}

static tn_status vk_load_instance_fns(VkInstance inst, vk_fns *f)
{
#define VK_LOAD(name)                                                                                          \
    if (!(f->name = (PFN_vk##name)get_instance_proc(inst, "vk" #name)))                                        \
        return tn_fail(TN_ERR_DEVICE, "vulkan: the loader has no vk" #name);
    VK_INSTANCE_FNS(VK_LOAD)
#undef VK_LOAD
    return TN_OK;
}

static tn_status vk_load_device_fns(VkDevice device, vk_fns *f)
{
#define VK_LOAD(name)                                                                                          \
    if (!(f->name = (PFN_vk##name)f->GetDeviceProcAddr(device, "vk" #name)))                                   \
        return tn_fail(TN_ERR_DEVICE, "vulkan: the device has no vk" #name);
    VK_DEVICE_FNS(VK_LOAD)
#undef VK_LOAD
    return TN_OK;
}

/* The loader to open: TRUENO_VULKAN_LOADER names another one (a loader outside the library
 * path, or a path that does not exist to hide Vulkan). */
static const char *loader_name(void)
{
    const char *env = getenv("TRUENO_VULKAN_LOADER");
    return env && *env ? env : "libvulkan.so.1";
}

static tn_status vk_create_instance(void)
{
    /* 1.1 where the loader has it, for vkGetPhysicalDeviceProperties2; devices stay 1.0 or newer. */
    uint32_t version = VK_API_VERSION_1_0;
    PFN_vkEnumerateInstanceVersion enumerate_version =
        (PFN_vkEnumerateInstanceVersion)get_instance_proc(VK_NULL_HANDLE, "vkEnumerateInstanceVersion");
    if (enumerate_version && enumerate_version(&version) == VK_SUCCESS && version >= VK_API_VERSION_1_1)
        version = VK_API_VERSION_1_1;
    else
        version = VK_API_VERSION_1_0;
    VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                              .pApplicationName = "trueno",
                              .pEngineName = "trueno",
                              .apiVersion = version };
    VkInstanceCreateInfo info = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app };
    tn_status s = vk_check(create_instance(&info, NULL, &instance), "vkCreateInstance");
    if (s == TN_OK && (s = vk_load_instance_fns(instance, &instance_fns)) != TN_OK) {
        if (instance_fns.DestroyInstance)
            instance_fns.DestroyInstance(instance, NULL);
        instance = VK_NULL_HANDLE;
    }
    if (s == TN_OK && version >= VK_API_VERSION_1_1)
        get_properties2 = (PFN_vkGetPhysicalDeviceProperties2)get_instance_proc(instance, "vkGetPhysicalDeviceProperties2");
    return s;
}

static const char FLOAT_CONTROLS[] = "VK_KHR_shader_float_controls";

/* Whether the device lists FLOAT_CONTROLS among its extensions. */
static bool has_float_controls_extension(const vk_fns *f, VkPhysicalDevice physical)
{
    uint32_t count = 0;
    if (f->EnumerateDeviceExtensionProperties(physical, NULL, &count, NULL) != VK_SUCCESS || count == 0)
        return false;
    VkExtensionProperties *ext = malloc(count * sizeof *ext);
    bool found = false;
    if (ext && f->EnumerateDeviceExtensionProperties(physical, NULL, &count, ext) == VK_SUCCESS)
        for (uint32_t i = 0; i < count && !found; i++)
            found = strcmp(ext[i].extensionName, FLOAT_CONTROLS) == 0;
    free(ext);
    return found;
}

/* Every shader declares SignedZeroInfNanPreserve for 32-bit floats: without it a Vulkan
 * compiler may assume no NaN or infinity exists, and does (NVIDIA's turns `a > b ? a : b` into
 * a max that drops NaN). A device that cannot preserve them cannot run our kernels. */
static bool preserves_nan(const vk_fns *f, VkPhysicalDevice physical, uint32_t api_version)
{
    if (!get_properties2 || (api_version < VK_API_VERSION_1_2 && !has_float_controls_extension(f, physical)))
        return false;
    VkPhysicalDeviceFloatControlsProperties controls = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES
    };
    VkPhysicalDeviceProperties2 props = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                          .pNext = &controls };
    get_properties2(physical, &props);
    return controls.shaderSignedZeroInfNanPreserveFloat32 == VK_TRUE;
}

/* The first queue family that runs compute, or -1. */
static int compute_family(const vk_fns *f, VkPhysicalDevice physical)
{
    VkQueueFamilyProperties families[32];
    uint32_t count = sizeof families / sizeof families[0];
    f->GetPhysicalDeviceQueueFamilyProperties(physical, &count, families);
    for (uint32_t i = 0; i < count; i++)
        if ((families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) && families[i].queueCount > 0)
            return (int)i;
    return -1;
}

/* Devices in the order trueno numbers them: discrete GPUs first, CPU implementations last, so
 * that device 0 is the fastest kind the machine has (lavapipe beside a GPU comes after it). */
static int type_rank(VkPhysicalDeviceType type)
{
    static const int rank[] = {
        [VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU] = 0, [VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU] = 1,
        [VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU] = 2,  [VK_PHYSICAL_DEVICE_TYPE_OTHER] = 3,
        [VK_PHYSICAL_DEVICE_TYPE_CPU] = 4,
    };
    return (unsigned)type < sizeof rank / sizeof rank[0] ? rank[type] : 3;
}

/* The index-th physical device with a compute queue, in type_rank order (index < 0: only counts
 * them into *total; *all gets every physical device). */
static tn_status vk_find_physical(const vk_fns *f, int index, VkPhysicalDevice *found, int *family, int *total,
                                  uint32_t *all)
{
    VkPhysicalDevice devices[64];
    uint32_t count = sizeof devices / sizeof devices[0];
    VkResult r = f->EnumeratePhysicalDevices(instance, &count, devices);
    if (r != VK_SUCCESS && r != VK_INCOMPLETE)
        return vk_check(r, "vkEnumeratePhysicalDevices");
    int usable = 0;
    for (int rank = 0; rank <= 4; rank++)
        for (uint32_t i = 0; i < count; i++) {
            VkPhysicalDeviceProperties props;
            f->GetPhysicalDeviceProperties(devices[i], &props);
            int q = type_rank(props.deviceType) == rank ? compute_family(f, devices[i]) : -1;
            if (q >= 0 && !preserves_nan(f, devices[i], props.apiVersion)) {
                q = -1;
                if (index < 0) /* the count, made once in vk_load; opens run in any thread */
                    snprintf(lacking_nan, sizeof lacking_nan, "%s", props.deviceName);
            }
            if (q >= 0 && usable++ == index) {
                *found = devices[i];
                *family = q;
            }
        }
    *total = usable;
    *all = count;
    return TN_OK;
}

static void vk_load(void)
{
    void *lib = dlopen(loader_name(), RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(why_none, sizeof why_none, "%s not found (no Vulkan loader on this machine): %s", loader_name(),
                 dlerror());
        return;
    }
    void *symbol = dlsym(lib, "vkGetInstanceProcAddr");
    memcpy(&get_instance_proc, &symbol, sizeof symbol); /* POSIX: object to function pointer */
    if (get_instance_proc)
        create_instance = (PFN_vkCreateInstance)get_instance_proc(VK_NULL_HANDLE, "vkCreateInstance");
    if (!create_instance) {
        snprintf(why_none, sizeof why_none, "%s lacks vkGetInstanceProcAddr or vkCreateInstance", loader_name());
        return;
    }
    VkPhysicalDevice unused;
    int family;
    uint32_t all = 0;
    if (vk_create_instance() != TN_OK)
        snprintf(why_none, sizeof why_none, "%s (no Vulkan driver installed, or none accepted Vulkan 1.0)",
                 tn_last_error());
    else if (vk_find_physical(&instance_fns, -1, &unused, &family, &device_total, &all) != TN_OK)
        snprintf(why_none, sizeof why_none, "%s", tn_last_error());
    else if (all == 0)
        snprintf(why_none, sizeof why_none, "the Vulkan loader found no physical device");
    else if (device_total == 0 && lacking_nan[0])
        snprintf(why_none, sizeof why_none,
                 "no Vulkan device keeps NaN and infinity in shaders, which every kernel asks for (%s lacks "
                 "shaderSignedZeroInfNanPreserveFloat32)",
                 lacking_nan);
    else if (device_total == 0)
        snprintf(why_none, sizeof why_none, "none of the %u Vulkan physical devices has a compute queue", all);
    tn_clear_error();
}

static tn_status vk_count(int *count)
{
    pthread_once(&load_once, vk_load);
    *count = why_none[0] ? 0 : device_total;
    return TN_OK;
}

static const char *vk_why_none(void)
{
    pthread_once(&load_once, vk_load);
    return why_none;
}

/* ---- devices and buffers ---- */

enum {
    STAGING_BYTES = 4 << 20, /* a frame's host-visible bounce memory, where device memory is not mapped */
    PUSH_WORDS = 32,         /* push constants: 128 bytes, the least every device offers */
    FRAMES = 4,              /* command buffers in flight: ops are queued, not waited for */
    RESULT_BYTES = 256,      /* staging kept free in a frame for an op's host results */
};

/* A wait polls the fence this long before it sleeps in the driver: a sleeping wait wakes tens of
 * microseconds after the work ends, more than a small op takes. */
static const long SPIN_NS = 200000;

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
    bool timed;                   /* its op is bracketed by timestamps 2i and 2i + 1 */
} vk_frame;

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
    pthread_mutex_t lock; /* one recording and submission at a time */
    vk_buffer *live;      /* every buffer, scratch and staging included */
    vk_buffer *scratch;   /* what launch plans ask for (partials, results), grown on demand */
    vk_pipeline **pipelines; /* per op in tn_ops, per shader, built on first use */
    VkPipelineCache pipeline_cache; /* loaded from and saved to cache_file */
    char cache_file[1024];          /* "" when the cache stays in memory */
    uint64_t cache_loaded;          /* hash of the bytes loaded: an unchanged cache is not written again */
    uint32_t family;                /* the compute queue's family */
    /* The device timer: while timing, each op is bracketed by two timestamps; the time is from
     * the first op's start to the last one's end, like events on a CUDA stream. */
    VkQueryPool timestamps; /* created by the first tn_device_timer_start */
    bool timing, timed_any;
    uint64_t timed_first, timed_last;
} vk_device;

static int memory_type(const vk_device *d, uint32_t allowed, VkMemoryPropertyFlags want)
{
    for (uint32_t i = 0; i < d->memory.memoryTypeCount; i++)
        if ((allowed & (1u << i)) && (d->memory.memoryTypes[i].propertyFlags & want) == want)
            return (int)i;
    return -1;
}

static void vk_buffer_destroy(vk_device *d, vk_buffer *b)
{
    d->f.DestroyBuffer(d->device, b->buffer, NULL);
    d->f.FreeMemory(d->device, b->memory, NULL); /* unmaps too */
    free(b);
}

/* Takes b off the device's list of live buffers and destroys it. */
static void vk_buffer_release(vk_device *d, vk_buffer *b)
{
    if (b->prev)
        b->prev->next = b->next;
    else
        d->live = b->next;
    if (b->next)
        b->next->prev = b->prev;
    vk_buffer_destroy(d, b);
}

/* A storage buffer; host_side asks for host-visible memory (staging). */
static tn_status vk_buffer_new(vk_device *d, VkDeviceSize bytes, bool host_side, vk_buffer **out)
{
    const VkMemoryPropertyFlags host = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    *out = NULL;
    vk_buffer *b = calloc(1, sizeof *b);
    if (!b)
        return tn_fail(TN_ERR_OUT_OF_MEMORY, "vulkan: out of memory");
    b->size = bytes;
    b->next = d->live;
    if (d->live)
        d->live->prev = b;
    d->live = b;
    VkBufferCreateInfo info = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                .size = bytes,
                                .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                         VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                .sharingMode = VK_SHARING_MODE_EXCLUSIVE };
    tn_status s = vk_check(d->f.CreateBuffer(d->device, &info, NULL, &b->buffer), "vkCreateBuffer");
    VkMemoryRequirements req = { 0 };
    int type = -1;
    if (s == TN_OK) {
        d->f.GetBufferMemoryRequirements(d->device, b->buffer, &req);
        if (!host_side)
            type = memory_type(d, req.memoryTypeBits,
                               VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | (d->device_memory_mapped ? host : 0));
        if (type < 0)
            type = memory_type(d, req.memoryTypeBits, host);
        if (type < 0)
            s = tn_fail(TN_ERR_DEVICE, "vulkan: no memory type suits a storage buffer (allowed types 0x%x)",
                        req.memoryTypeBits);
    }
    if (s == TN_OK) {
        VkMemoryAllocateInfo alloc = { .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                       .allocationSize = req.size,
                                       .memoryTypeIndex = (uint32_t)type };
        s = vk_check(d->f.AllocateMemory(d->device, &alloc, NULL, &b->memory), "vkAllocateMemory");
    }
    if (s == TN_OK)
        s = vk_check(d->f.BindBufferMemory(d->device, b->buffer, b->memory, 0), "vkBindBufferMemory");
    if (s == TN_OK && (d->memory.memoryTypes[type].propertyFlags & host) == host && (host_side || d->device_memory_mapped))
        s = vk_check(d->f.MapMemory(d->device, b->memory, 0, VK_WHOLE_SIZE, 0, &b->mapped), "vkMapMemory");
    if (s != TN_OK) {
        vk_buffer_release(d, b);
        return s;
    }
    *out = b;
    return TN_OK;
}

static void vk_pipeline_release(vk_device *d, vk_pipeline *p)
{
    d->f.DestroyPipeline(d->device, p->pipeline, NULL);
    d->f.DestroyPipelineLayout(d->device, p->layout, NULL);
    d->f.DestroyDescriptorSetLayout(d->device, p->set_layout, NULL);
    d->f.DestroyShaderModule(d->device, p->module, NULL);
    memset(p, 0, sizeof *p);
}

/* ---- the pipeline cache on disk ----
 * Building a compute pipeline compiles its SPIR-V in the driver (milliseconds each); the cache
 * keeps what the driver compiled across processes. TRUENO_VULKAN_PIPELINE_CACHE names the file
 * ("off": keep nothing); by default a file per device and driver build under
 * $XDG_CACHE_HOME/trueno or ~/.cache/trueno. A file that does not match this device and driver
 * is ignored; one that cannot be written leaves the next process to compile again. */

enum { CACHE_HEADER_BYTES = 16 + VK_UUID_SIZE, CACHE_MAX_BYTES = 64 << 20 };

static uint64_t fnv1a(const void *data, size_t size)
{
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < size; i++)
        h = (h ^ ((const unsigned char *)data)[i]) * 1099511628211ull;
    return h;
}

static void vk_cache_file(vk_device *d)
{
    const VkPhysicalDeviceProperties *p = &d->props;
    const char *env = getenv("TRUENO_VULKAN_PIPELINE_CACHE");
    d->cache_file[0] = '\0';
    if (env && *env) {
        if (strcmp(env, "off") != 0)
            snprintf(d->cache_file, sizeof d->cache_file, "%s", env);
        return;
    }
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    char dir[900];
    if (xdg && xdg[0] == '/')
        snprintf(dir, sizeof dir, "%s/trueno", xdg);
    else if (home && home[0] == '/')
        snprintf(dir, sizeof dir, "%s/.cache/trueno", home);
    else
        return;
    char uuid[2 * VK_UUID_SIZE + 1];
    for (unsigned i = 0; i < VK_UUID_SIZE; i++)
        snprintf(uuid + 2 * i, 3, "%02x", p->pipelineCacheUUID[i]);
    snprintf(d->cache_file, sizeof d->cache_file, "%s/vulkan-%04x-%04x-%08x-%s.bin", dir, p->vendorID, p->deviceID,
             p->driverVersion, uuid);
}

/* The cache file's bytes when its header names this device and driver build, else NULL. */
static void *vk_cache_read(const vk_device *d, size_t *size)
{
    *size = 0;
    FILE *in = d->cache_file[0] ? fopen(d->cache_file, "rb") : NULL;
    if (!in)
        return NULL;
    unsigned char *data = NULL;
    long length = fseek(in, 0, SEEK_END) == 0 ? ftell(in) : -1;
    if (length >= CACHE_HEADER_BYTES && length <= CACHE_MAX_BYTES && fseek(in, 0, SEEK_SET) == 0 &&
        (data = malloc((size_t)length)) && fread(data, 1, (size_t)length, in) != (size_t)length) {
        free(data);
        data = NULL;
    }
    fclose(in);
    if (!data)
        return NULL;
    /* The header Vulkan defines: length, version (1), vendor, device, pipelineCacheUUID. */
    uint32_t word[4];
    memcpy(word, data, sizeof word);
    if (word[0] < CACHE_HEADER_BYTES || word[1] != VK_PIPELINE_CACHE_HEADER_VERSION_ONE ||
        word[2] != d->props.vendorID || word[3] != d->props.deviceID ||
        memcmp(data + 16, d->props.pipelineCacheUUID, VK_UUID_SIZE) != 0) {
        free(data);
        return NULL;
    }
    *size = (size_t)length;
    return data;
}

static tn_status vk_cache_open(vk_device *d)
{
    vk_cache_file(d);
    size_t size = 0;
    void *data = vk_cache_read(d, &size);
    VkPipelineCacheCreateInfo info = { .sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
                                       .initialDataSize = size,
                                       .pInitialData = data };
    VkResult r = d->f.CreatePipelineCache(d->device, &info, NULL, &d->pipeline_cache);
    if (r != VK_SUCCESS && data) { /* the driver refused the file's contents: start empty */
        info.initialDataSize = 0;
        info.pInitialData = NULL;
        r = d->f.CreatePipelineCache(d->device, &info, NULL, &d->pipeline_cache);
    }
    d->cache_loaded = r == VK_SUCCESS && info.pInitialData ? fnv1a(data, size) : 0;
    free(data);
    return vk_check(r, "vkCreatePipelineCache");
}

/* Creates each missing folder of path's parent (mode 0700: the cache is the user's). */
static void make_parents(char *path)
{
    for (char *slash = strchr(path + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
        *slash = '\0';
        mkdir(path, 0700);
        *slash = '/';
    }
}

/* Writes the cache to a temporary beside its file, then renames it over: a reader sees the old
 * file or the new one, never a part. */
static void vk_cache_save(vk_device *d)
{
    size_t size = 0;
    if (!d->pipeline_cache || !d->cache_file[0] ||
        d->f.GetPipelineCacheData(d->device, d->pipeline_cache, &size, NULL) != VK_SUCCESS || size == 0 ||
        size > CACHE_MAX_BYTES)
        return;
    void *data = malloc(size);
    char tmp[sizeof d->cache_file + 32];
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", d->cache_file, (long)getpid());
    bool changed = data && d->f.GetPipelineCacheData(d->device, d->pipeline_cache, &size, data) == VK_SUCCESS &&
                   fnv1a(data, size) != d->cache_loaded;
    if (changed)
        make_parents(tmp);
    FILE *out = changed ? fopen(tmp, "wb") : NULL;
    if (out) {
        bool ok = fwrite(data, 1, size, out) == size;
        ok = fclose(out) == 0 && ok;
        if (!ok || rename(tmp, d->cache_file) != 0)
            remove(tmp);
    }
    free(data);
}

/* ---- frames: command buffers recorded, submitted without waiting, reused when done ---- */

static void vk_barrier(VkCommandBuffer cmd, const vk_fns *f, VkPipelineStageFlags from, VkAccessFlags written,
                       VkPipelineStageFlags to, VkAccessFlags accessed)
{
    VkMemoryBarrier barrier = { .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                .srcAccessMask = written,
                                .dstAccessMask = accessed };
    f->CmdPipelineBarrier(cmd, from, to, 0, 1, &barrier, 0, NULL, 0, NULL);
}

static const VkPipelineStageFlags WORK_STAGES = VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT;
static const VkAccessFlags WORK_WRITES = VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_WRITE_BIT;
static const VkAccessFlags WORK_ACCESS = VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                                         VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_SHADER_READ_BIT;

/* What every command before it wrote, before what follows it reads or writes. */
static void vk_work_barrier(vk_device *d, vk_frame *f)
{
    vk_barrier(f->cmd, &d->f, WORK_STAGES, WORK_WRITES, WORK_STAGES, WORK_ACCESS);
}

static long elapsed_ns(const struct timespec *since)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - since->tv_sec) * 1000000000L + (now.tv_nsec - since->tv_nsec);
}

/* Waits for a submitted frame; adds its op's device time while timing. */
static tn_status vk_frame_wait(vk_device *d, unsigned i)
{
    vk_frame *f = &d->frames[i];
    if (!f->pending)
        return TN_OK;
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    VkResult r;
    while ((r = d->f.GetFenceStatus(d->device, f->fence)) == VK_NOT_READY && elapsed_ns(&start) < SPIN_NS)
        ;
    if (r == VK_NOT_READY)
        r = d->f.WaitForFences(d->device, 1, &f->fence, VK_TRUE, UINT64_MAX);
    f->pending = false;
    tn_status s = vk_check(r, "vkWaitForFences");
    if (s == TN_OK)
        s = vk_check(d->f.ResetFences(d->device, 1, &f->fence), "vkResetFences");
    if (s == TN_OK && f->timed) {
        uint64_t ticks[2];
        s = vk_check(d->f.GetQueryPoolResults(d->device, d->timestamps, 2 * i, 2, sizeof ticks, ticks, sizeof ticks[0],
                                              VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
                     "vkGetQueryPoolResults");
        if (s == TN_OK && d->timing) {
            d->timed_first = d->timed_any && d->timed_first < ticks[0] ? d->timed_first : ticks[0];
            d->timed_last = d->timed_any && d->timed_last > ticks[1] ? d->timed_last : ticks[1];
            d->timed_any = true;
        }
    }
    f->timed = false;
    return s;
}

/* The frame being recorded; begins the oldest one, once its earlier work is done, if none is. */
static tn_status vk_record(vk_device *d, vk_frame **out)
{
    vk_frame *f = &d->frames[d->current];
    *out = f;
    if (d->recording)
        return TN_OK;
    tn_status s = vk_frame_wait(d, d->current);
    if (s == TN_OK)
        s = vk_check(d->f.ResetDescriptorPool(d->device, f->descriptors, 0), "vkResetDescriptorPool");
    VkCommandBufferBeginInfo begin = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                       .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT };
    if (s == TN_OK)
        s = vk_check(d->f.BeginCommandBuffer(f->cmd, &begin), "vkBeginCommandBuffer");
    if (s != TN_OK)
        return s;
    vk_work_barrier(d, f); /* what earlier frames wrote, before this one touches it */
    f->staged = 0;
    d->recording = true;
    return TN_OK;
}

/* Submits the frame being recorded, without waiting for it. */
static tn_status vk_flush(vk_device *d)
{
    if (!d->recording)
        return TN_OK;
    vk_frame *f = &d->frames[d->current];
    d->recording = false;
    vk_barrier(f->cmd, &d->f, WORK_STAGES, WORK_WRITES, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    tn_status s = vk_check(d->f.EndCommandBuffer(f->cmd), "vkEndCommandBuffer");
    VkSubmitInfo submit = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &f->cmd };
    if (s == TN_OK)
        s = vk_check(d->f.QueueSubmit(d->queue, 1, &submit, f->fence), "vkQueueSubmit");
    if (s == TN_OK) {
        f->pending = true;
        d->current = (d->current + 1) % FRAMES;
    }
    f->timed = f->timed && s == TN_OK;
    return s;
}

/* Submits what is recorded and waits for all of the device's work, oldest first. */
static tn_status vk_finish(vk_device *d)
{
    tn_status s = vk_flush(d);
    for (unsigned k = 0; k < FRAMES; k++) {
        tn_status w = vk_frame_wait(d, (d->current + k) % FRAMES);
        s = s == TN_OK ? w : s;
    }
    return s;
}

/* Room for bytes in the recorded frame's staging (a fresh frame when this one is too full). */
static tn_status vk_staging_room(vk_device *d, VkDeviceSize bytes, vk_frame **out)
{
    vk_frame *f = NULL;
    tn_status s = vk_record(d, &f);
    if (s == TN_OK && f->staged + bytes > STAGING_BYTES && f->staged > 0 && (s = vk_flush(d)) == TN_OK)
        s = vk_record(d, &f);
    if (s == TN_OK && !f->staging)
        s = vk_buffer_new(d, STAGING_BYTES, true, &f->staging);
    *out = f;
    return s;
}

/* Copies from the host into b through staging, queued: later work sees it, nothing waits. */
static tn_status vk_staged_write(vk_device *d, vk_buffer *b, size_t offset, const void *src, size_t bytes)
{
    tn_status s = TN_OK;
    for (size_t done = 0; s == TN_OK && done < bytes;) {
        size_t chunk = bytes - done < STAGING_BYTES ? bytes - done : STAGING_BYTES;
        vk_frame *f = NULL;
        if ((s = vk_staging_room(d, chunk, &f)) != TN_OK)
            break;
        memcpy((char *)f->staging->mapped + f->staged, (const char *)src + done, chunk);
        VkBufferCopy region = { .srcOffset = f->staged, .dstOffset = offset + done, .size = chunk };
        vk_work_barrier(d, f); /* after the frame's earlier copies into the same buffer */
        d->f.CmdCopyBuffer(f->cmd, f->staging->buffer, b->buffer, 1, &region);
        f->staged += chunk;
        done += chunk;
    }
    return s;
}

/* Copies b's bytes to the host through staging; waits for the device. */
static tn_status vk_staged_read(vk_device *d, vk_buffer *b, size_t offset, void *dst, size_t bytes)
{
    tn_status s = TN_OK;
    for (size_t done = 0; s == TN_OK && done < bytes;) {
        size_t chunk = bytes - done < STAGING_BYTES ? bytes - done : STAGING_BYTES;
        vk_frame *f = NULL;
        if ((s = vk_staging_room(d, chunk, &f)) != TN_OK)
            break;
        VkDeviceSize at = f->staged;
        VkBufferCopy region = { .srcOffset = offset + done, .dstOffset = at, .size = chunk };
        vk_work_barrier(d, f);
        d->f.CmdCopyBuffer(f->cmd, b->buffer, f->staging->buffer, 1, &region);
        f->staged += chunk;
        if ((s = vk_finish(d)) == TN_OK)
            memcpy((char *)dst + done, (const char *)f->staging->mapped + at, chunk);
        done += chunk;
    }
    return s;
}

static tn_status vk_read_locked(vk_device *d, vk_buffer *b, size_t offset, void *dst, size_t bytes)
{
    if (!b->mapped)
        return vk_staged_read(d, b, offset, dst, bytes);
    tn_status s = vk_finish(d);
    if (s == TN_OK)
        memcpy(dst, (const char *)b->mapped + offset, bytes);
    return s;
}

/* ---- opening and closing ---- */

/* Releases whatever open created, in reverse; safe on a partly opened device. */
static void vk_release(vk_device *d)
{
    if (d->device) {
        vk_finish(d); /* nothing may be in flight when its objects go; a failure here changes nothing */
        tn_clear_error();
        vk_cache_save(d);
        for (int i = 0; d->pipelines && i < tn_op_count; i++)
            for (unsigned k = 0; d->pipelines[i] && k < tn_ops[i]->nshaders; k++)
                vk_pipeline_release(d, &d->pipelines[i][k]);
        if (d->pipeline_cache)
            d->f.DestroyPipelineCache(d->device, d->pipeline_cache, NULL);
        for (vk_buffer *b = d->live, *next; b; b = next) {
            next = b->next;
            vk_buffer_destroy(d, b);
        }
        for (int i = 0; i < FRAMES; i++) {
            d->f.DestroyDescriptorPool(d->device, d->frames[i].descriptors, NULL);
            d->f.DestroyFence(d->device, d->frames[i].fence, NULL);
        }
        if (d->timestamps)
            d->f.DestroyQueryPool(d->device, d->timestamps, NULL);
        d->f.DestroyCommandPool(d->device, d->command_pool, NULL); /* frees its command buffers */
        d->f.DestroyDevice(d->device, NULL);
    }
    pthread_mutex_destroy(&d->lock);
    for (int i = 0; d->pipelines && i < tn_op_count; i++)
        free(d->pipelines[i]);
    free(d->pipelines);
    free(d);
}

/* Device memory is mapped where the preferred device-local type is host-visible and coherent
 * (lavapipe, integrated GPUs, resizable BAR); elsewhere copies go through staging.
 * TRUENO_VULKAN_STAGING=1 forces the staging path (to test it on any device). */
static void vk_choose_memory(vk_device *d)
{
    const VkMemoryPropertyFlags host = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    const char *force = getenv("TRUENO_VULKAN_STAGING");
    int local = memory_type(d, ~0u, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    d->device_memory_mapped =
        local >= 0 && (d->memory.memoryTypes[local].propertyFlags & host) == host && !(force && strcmp(force, "1") == 0);
}

/* A frame's command buffer, fence and descriptor pool (sets for one op's stages). */
static tn_status vk_create_frame(vk_device *d, vk_frame *f)
{
    VkCommandBufferAllocateInfo alloc = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                          .commandPool = d->command_pool,
                                          .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                          .commandBufferCount = 1 };
    tn_status s = vk_check(d->f.AllocateCommandBuffers(d->device, &alloc, &f->cmd), "vkAllocateCommandBuffers");
    VkFenceCreateInfo fence = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
    if (s == TN_OK)
        s = vk_check(d->f.CreateFence(d->device, &fence, NULL, &f->fence), "vkCreateFence");
    VkDescriptorPoolSize size = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, TN_MAX_STAGES * TN_MAX_BINDINGS };
    VkDescriptorPoolCreateInfo dp = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                      .maxSets = TN_MAX_STAGES,
                                      .poolSizeCount = 1,
                                      .pPoolSizes = &size };
    if (s == TN_OK)
        s = vk_check(d->f.CreateDescriptorPool(d->device, &dp, NULL, &f->descriptors), "vkCreateDescriptorPool");
    return s;
}

static tn_status vk_create_queue_objects(vk_device *d, int family)
{
    float priority = 1.0f;
    VkDeviceQueueCreateInfo queue = { .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                      .queueFamilyIndex = (uint32_t)family,
                                      .queueCount = 1,
                                      .pQueuePriorities = &priority };
    /* Float controls are core from Vulkan 1.2; older devices enable the extension. */
    const char *extensions[] = { FLOAT_CONTROLS };
    VkDeviceCreateInfo info = { .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                                .queueCreateInfoCount = 1,
                                .pQueueCreateInfos = &queue,
                                .enabledExtensionCount = d->api_version < VK_API_VERSION_1_2 ? 1 : 0,
                                .ppEnabledExtensionNames = extensions };
    tn_status s = vk_check(d->f.CreateDevice(d->physical, &info, NULL, &d->device), "vkCreateDevice");
    if (s == TN_OK && (s = vk_load_device_fns(d->device, &d->f)) != TN_OK) {
        PFN_vkDestroyDevice destroy = (PFN_vkDestroyDevice)d->f.GetDeviceProcAddr(d->device, "vkDestroyDevice");
        if (destroy)
            destroy(d->device, NULL);
        d->device = VK_NULL_HANDLE;
    }
    if (s != TN_OK)
        return s;
    d->f.GetDeviceQueue(d->device, (uint32_t)family, 0, &d->queue);
    VkCommandPoolCreateInfo pool = { .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                     .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
                                     .queueFamilyIndex = (uint32_t)family };
    s = vk_check(d->f.CreateCommandPool(d->device, &pool, NULL, &d->command_pool), "vkCreateCommandPool");
    for (int i = 0; s == TN_OK && i < FRAMES; i++)
        s = vk_create_frame(d, &d->frames[i]);
    if (s == TN_OK)
        s = vk_cache_open(d);
    return s;
}

static const char *device_type_name(VkPhysicalDeviceType type)
{
    static const char *const names[] = { "other", "integrated GPU", "discrete GPU", "virtual GPU", "CPU" };
    return (unsigned)type < sizeof names / sizeof names[0] ? names[type] : "unknown type";
}

static tn_status vk_open(int index, void **impl, char *name, size_t name_len)
{
    pthread_once(&load_once, vk_load);
    vk_device *d = calloc(1, sizeof *d);
    if (!d)
        return tn_fail(TN_ERR_OUT_OF_MEMORY, "vulkan: out of memory");
    pthread_mutex_init(&d->lock, NULL);
    d->pipelines = calloc((size_t)tn_op_count, sizeof *d->pipelines);
    tn_status s = d->pipelines ? TN_OK : tn_fail(TN_ERR_OUT_OF_MEMORY, "vulkan: out of memory");
    int family = -1, total = 0;
    uint32_t all = 0;
    d->f = instance_fns;
    if (s == TN_OK)
        s = vk_find_physical(&d->f, index, &d->physical, &family, &total, &all);
    if (s == TN_OK && family < 0)
        s = tn_fail(TN_ERR_BACKEND_UNAVAILABLE, "vulkan: device %d does not exist (%d found)", index, total);
    if (s == TN_OK) {
        d->f.GetPhysicalDeviceProperties(d->physical, &d->props);
        d->f.GetPhysicalDeviceMemoryProperties(d->physical, &d->memory);
        d->limits = d->props.limits;
        d->api_version = d->props.apiVersion;
        vk_choose_memory(d);
        d->family = (uint32_t)family;
        s = vk_create_queue_objects(d, family);
    }
    if (s == TN_OK)
        s = vk_buffer_new(d, 4096, false, &d->scratch);
    if (s != TN_OK) {
        vk_release(d);
        return s;
    }
    snprintf(name, name_len, "%s (Vulkan %u.%u, %s%s)", d->props.deviceName, VK_VERSION_MAJOR(d->api_version),
             VK_VERSION_MINOR(d->api_version), device_type_name(d->props.deviceType),
             d->device_memory_mapped ? "" : ", staged copies");
    *impl = d;
    return TN_OK;
}

static void vk_close(void *impl)
{
    vk_release(impl);
}

/* ---- buffers ---- */

static tn_status vk_alloc(void *impl, size_t bytes, void **handle)
{
    vk_device *d = impl;
    *handle = NULL;
    /* Shaders see a buffer through one descriptor, whose range the device bounds. */
    if (bytes > d->limits.maxStorageBufferRange)
        return tn_fail(TN_ERR_INVALID_ARGUMENT,
                       "vulkan: a buffer of %zu bytes exceeds this device's maxStorageBufferRange (%u bytes)", bytes,
                       d->limits.maxStorageBufferRange);
    pthread_mutex_lock(&d->lock);
    tn_status s = vk_buffer_new(d, bytes, false, (vk_buffer **)handle);
    pthread_mutex_unlock(&d->lock);
    return s;
}

/* Queued work may still use the buffer: it goes once the device is idle. */
static void vk_free(void *impl, void *handle)
{
    vk_device *d = impl;
    pthread_mutex_lock(&d->lock);
    vk_finish(d);
    tn_clear_error();
    vk_buffer_release(d, handle);
    pthread_mutex_unlock(&d->lock);
}

/* Mapped memory is written by the host once queued work is done with it; otherwise the copy
 * is queued behind that work. */
static tn_status vk_write(void *impl, void *handle, size_t offset, const void *src, size_t bytes)
{
    vk_device *d = impl;
    vk_buffer *b = handle;
    pthread_mutex_lock(&d->lock);
    tn_status s = TN_OK;
    if (b->mapped) {
        if ((s = vk_finish(d)) == TN_OK)
            memcpy((char *)b->mapped + offset, src, bytes);
    } else {
        s = vk_staged_write(d, b, offset, src, bytes);
    }
    pthread_mutex_unlock(&d->lock);
    return s;
}

static tn_status vk_read(void *impl, void *handle, size_t offset, void *dst, size_t bytes)
{
    vk_device *d = impl;
    pthread_mutex_lock(&d->lock);
    tn_status s = vk_read_locked(d, handle, offset, dst, bytes);
    pthread_mutex_unlock(&d->lock);
    return s;
}

static tn_status vk_sync(void *impl)
{
    vk_device *d = impl;
    pthread_mutex_lock(&d->lock);
    tn_status s = vk_finish(d);
    pthread_mutex_unlock(&d->lock);
    return s;
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
    VkShaderModuleCreateInfo module = { .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                        .codeSize = shader->nwords * sizeof(uint32_t),
                                        .pCode = shader->words };
    tn_status s = vk_check_op(d->f.CreateShaderModule(d->device, &module, NULL, &p->module), "vkCreateShaderModule", op);
    VkDescriptorSetLayoutBinding bindings[TN_MAX_BINDINGS];
    for (unsigned i = 0; i < shader->bindings; i++)
        bindings[i] = (VkDescriptorSetLayoutBinding){ .binding = i,
                                                      .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                                      .descriptorCount = 1,
                                                      .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT };
    VkDescriptorSetLayoutCreateInfo set = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                            .bindingCount = shader->bindings,
                                            .pBindings = bindings };
    if (s == TN_OK)
        s = vk_check_op(d->f.CreateDescriptorSetLayout(d->device, &set, NULL, &p->set_layout),
                        "vkCreateDescriptorSetLayout", op);
    VkPushConstantRange push = { VK_SHADER_STAGE_COMPUTE_BIT, 0, PUSH_WORDS * sizeof(uint32_t) };
    VkPipelineLayoutCreateInfo layout = { .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                          .setLayoutCount = 1,
                                          .pSetLayouts = &p->set_layout,
                                          .pushConstantRangeCount = 1,
                                          .pPushConstantRanges = &push };
    if (s == TN_OK)
        s = vk_check_op(d->f.CreatePipelineLayout(d->device, &layout, NULL, &p->layout), "vkCreatePipelineLayout", op);
    VkComputePipelineCreateInfo pipeline = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                   .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                   .module = p->module,
                   .pName = "main" },
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
            infos[i] = (VkDescriptorBufferInfo){ ((vk_buffer *)c->ptr[b->value])->buffer, 0, VK_WHOLE_SIZE };
        else if (b->kind == TN_P_GUARD)
            infos[i] = vk_guard_binding(c, b->value);
        else
            infos[i] = (VkDescriptorBufferInfo){ d->scratch->buffer, b->value, VK_WHOLE_SIZE };
    }
    VkDescriptorSetAllocateInfo alloc = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                          .descriptorPool = f->descriptors,
                                          .descriptorSetCount = 1,
                                          .pSetLayouts = &p->set_layout };
    tn_status s = vk_check(d->f.AllocateDescriptorSets(d->device, &alloc, set), "vkAllocateDescriptorSets");
    if (s != TN_OK)
        return s;
    VkWriteDescriptorSet write = { .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                   .dstSet = *set,
                                   .descriptorCount = st->nbindings,
                                   .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                   .pBufferInfo = infos };
    d->f.UpdateDescriptorSets(d->device, 1, &write, 0, NULL);
    return TN_OK;
}

/* The push constants of a stage, a 32-bit word per parameter in the plan's order. */
static void vk_push(vk_device *d, vk_frame *f, const vk_pipeline *p, const tn_stage *st)
{
    union {
        uint32_t u;
        float f;
    } words[PUSH_WORDS] = { { 0 } };
    for (unsigned i = 0; i < st->nparams && i < PUSH_WORDS; i++) {
        if (st->params[i].kind == TN_P_F32)
            words[i].f = st->params[i].f;
        else
            words[i].u = (uint32_t)st->params[i].value;
    }
    d->f.CmdPushConstants(f->cmd, p->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof words, words);
}

/* While timing, an op's work in frame f is bracketed by timestamps 2i and 2i + 1, i the frame's
 * place in the ring; vk_frame_wait reads them once the frame is done. */
static void vk_time_begin(vk_device *d, vk_frame *f)
{
    if (!d->timing)
        return;
    uint32_t slot = (uint32_t)(f - d->frames);
    d->f.CmdResetQueryPool(f->cmd, d->timestamps, 2 * slot, 2);
    d->f.CmdWriteTimestamp(f->cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, d->timestamps, 2 * slot);
}

static void vk_time_end(vk_device *d, vk_frame *f)
{
    if (!d->timing)
        return;
    d->f.CmdWriteTimestamp(f->cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, d->timestamps,
                           2 * (uint32_t)(f - d->frames) + 1);
    f->timed = true;
}

/* A device-to-device copy, queued in a frame of its own (timed like an op). */
static tn_status vk_copy(void *impl, void *dst, size_t dst_offset, void *src, size_t src_offset, size_t bytes)
{
    vk_device *d = impl;
    pthread_mutex_lock(&d->lock);
    vk_frame *f = NULL;
    tn_status s = vk_record(d, &f);
    if (s == TN_OK) {
        vk_work_barrier(d, f);
        vk_time_begin(d, f);
        VkBufferCopy region = { src_offset, dst_offset, bytes };
        d->f.CmdCopyBuffer(f->cmd, ((vk_buffer *)src)->buffer, ((vk_buffer *)dst)->buffer, 1, &region);
        vk_time_end(d, f);
        s = vk_flush(d);
    }
    pthread_mutex_unlock(&d->lock);
    return s;
}

/* Results on a device: copied from the scratch into their buffers after the stages, in the
 * same frame. */
static void vk_copy_results(vk_device *d, vk_frame *f, const tn_launch *l, const tn_call *c)
{
    vk_barrier(f->cmd, &d->f, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
               VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
    for (unsigned r = 0; r < l->nresults; r++) {
        unsigned arg = l->results[r].arg;
        VkBufferCopy region = { l->results[r].offset, c->at[arg] * sizeof(float), sizeof(float) };
        d->f.CmdCopyBuffer(f->cmd, d->scratch->buffer, ((vk_buffer *)c->ptr[arg])->buffer, 1, &region);
    }
}

/* The op's launch plan in the frame being recorded (after any copies staged there): a dispatch
 * per stage, a barrier between stages; the frame is submitted and not waited for, unless the op
 * returns results to the host, which are then copied there (results on a device are copied
 * into their buffers in the same frame). */
static tn_status vk_run_locked(vk_device *d, const tn_op *op, const tn_call *c)
{
    /* Shaders index with 32-bit unsigned integers and step by the grid's width past the end. */
    for (int i = 0; i < op->ndims; i++)
        if (c->dim[i] > INT32_MAX)
            return tn_fail(TN_ERR_INVALID_ARGUMENT, "tn_dev_%s: %s = %zu, but Vulkan shaders handle at most 2^31 - 1",
                           op->name, op->dim_names[i], c->dim[i]);
    if (!op->vulkan_plan)
        return tn_fail(TN_ERR_BACKEND_UNAVAILABLE, "tn_dev_%s: no SPIR-V for this op", op->name);
    tn_launch l = { 0 };
    tn_gpu_info g = { .max_groups = d->limits.maxComputeWorkGroupCount[0] };
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
    vk_time_begin(d, f);
    for (unsigned k = 0; k < l.nstages; k++) {
        if (k > 0) /* what the stage before wrote, before this one reads it */
            vk_barrier(f->cmd, &d->f, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                       VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
        d->f.CmdBindPipeline(f->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipes[k]->pipeline);
        d->f.CmdBindDescriptorSets(f->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipes[k]->layout, 0, 1, &sets[k], 0, NULL);
        vk_push(d, f, pipes[k], &l.stages[k]);
        d->f.CmdDispatch(f->cmd, l.stages[k].grid[0], l.stages[k].grid[1], 1);
    }
    if (c->results_on_device)
        vk_copy_results(d, f, &l, c);
    vk_time_end(d, f);
    /* Host results go in the same submission: into staging, or read from mapped scratch. */
    VkDeviceSize at = f->staged;
    if (staged_results) {
        vk_work_barrier(d, f);
        for (unsigned r = 0; r < l.nresults; r++) {
            VkBufferCopy region = { .srcOffset = l.results[r].offset, .dstOffset = at + 4 * r, .size = 4 };
            d->f.CmdCopyBuffer(f->cmd, d->scratch->buffer, f->staging->buffer, 1, &region);
        }
        f->staged += 4 * l.nresults;
    }
    s = host_results ? vk_finish(d) : vk_flush(d);
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

static tn_status vk_run(void *impl, const tn_op *op, const tn_call *c)
{
    vk_device *d = impl;
    pthread_mutex_lock(&d->lock);
    tn_status s = vk_run_locked(d, op, c);
    pthread_mutex_unlock(&d->lock);
    return s;
}

/* Timing starts after the work queued before it, and stop waits for the work queued since. */
static tn_status vk_timer_start(void *impl)
{
    vk_device *d = impl;
    pthread_mutex_lock(&d->lock);
    tn_status s = vk_finish(d);
    if (s == TN_OK && !d->timestamps) {
        VkQueueFamilyProperties families[32];
        uint32_t count = sizeof families / sizeof families[0];
        d->f.GetPhysicalDeviceQueueFamilyProperties(d->physical, &count, families);
        if (d->family >= count || families[d->family].timestampValidBits == 0 || d->limits.timestampPeriod <= 0)
            s = tn_fail(TN_ERR_BACKEND_UNAVAILABLE, "vulkan: this device's compute queue has no timestamps");
        VkQueryPoolCreateInfo info = { .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                       .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                       .queryCount = 2 * FRAMES };
        if (s == TN_OK)
            s = vk_check(d->f.CreateQueryPool(d->device, &info, NULL, &d->timestamps), "vkCreateQueryPool");
    }
    if (s == TN_OK) {
        d->timing = true;
        d->timed_any = false;
    }
    pthread_mutex_unlock(&d->lock);
    return s;
}

static tn_status vk_timer_stop(void *impl, double *seconds)
{
    vk_device *d = impl;
    pthread_mutex_lock(&d->lock);
    tn_status s = vk_finish(d);
    *seconds = d->timed_any ? (double)(d->timed_last - d->timed_first) * d->limits.timestampPeriod * 1e-9 : 0;
    d->timing = false;
    pthread_mutex_unlock(&d->lock);
    return s;
}

const tn_gpu_backend tn_vulkan_backend = {
    .name = "vulkan",
    .count = vk_count,
    .why_none = vk_why_none,
    .timer_start = vk_timer_start,
    .timer_stop = vk_timer_stop,
    .open = vk_open,
    .close = vk_close,
    .alloc = vk_alloc,
    .free = vk_free,
    .write = vk_write,
    .read = vk_read,
    .copy = vk_copy,
    .run = vk_run,
    .sync = vk_sync,
};

#endif
