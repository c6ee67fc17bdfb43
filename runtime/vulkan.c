/* Vulkan backend: the loader through dlopen("libvulkan.so.1"), so that no Vulkan library is
 * needed to build or to run. SPIR-V is embedded in the op tables; each op's compute pipeline
 * is built on first use and kept (and its compiled form cached on disk). Work is queued: map ops
 * return once submitted; reads, host results and tn_device_synchronize wait. */
#define _POSIX_C_SOURCE 200809L
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

#include "vulkan_internal.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
tn_status vk_check(VkResult r, const char *call)
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

/* ---- the pipeline cache on disk ----
 * Building a compute pipeline compiles its SPIR-V in the driver (milliseconds each); the cache
 * keeps what the driver compiled across processes. TRUENO_VULKAN_PIPELINE_CACHE names the file
 * ("off": keep nothing); by default a file per device and driver build under
 * $XDG_CACHE_HOME/trueno or ~/.cache/trueno. A file that does not match this device and driver
 * is ignored; one that cannot be written leaves the next process to compile again. */

enum { CACHE_HEADER_BYTES = 16 + VK_UUID_SIZE, CACHE_MAX_BYTES = 64 << 20 };

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
    d->cache_loaded = r == VK_SUCCESS && info.pInitialData ? tn_fnv1a64(data, size) : 0;
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
                   tn_fnv1a64(data, size) != d->cache_loaded;
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
        vk_stamps_destroy(d);
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
    int local = vk_memory_type(d, ~0u, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
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
    .stamp_read = vk_stamp_read,
    .stamp_release = vk_stamp_release,
};

#endif
