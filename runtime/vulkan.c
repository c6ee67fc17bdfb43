/* vulkan backend (placeholder until implemented). */
#include "tn_internal.h"

static tn_status count(int *n)
{
    *n = 0;
    return TN_OK;
}

static const char *why_none(void)
{
    return "the Vulkan backend is not built yet";
}

const tn_gpu_backend tn_vulkan_backend = { .name = "vulkan", .count = count, .why_none = why_none };
