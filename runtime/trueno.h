/* trueno: fast, verified compute kernels for CPUs (SIMD), NVIDIA GPUs (PTX) and Vulkan. */
#ifndef TRUENO_H
#define TRUENO_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Every call returns a status; on failure tn_last_error() says what went wrong, in this thread. */
typedef enum tn_status {
    TN_OK = 0,
    TN_ERR_INVALID_ARGUMENT,    /* NULL pointer, size overflow, overlapping buffers, bad name */
    TN_ERR_BACKEND_UNAVAILABLE, /* the requested or forced backend cannot run on this machine */
    TN_ERR_OUT_OF_MEMORY,
    TN_ERR_DEVICE, /* a CUDA or Vulkan call failed (the message carries the driver's words) */
    TN_ERR_IO,     /* a file could not be opened or written (the message names it and why) */
    TN_ERR_NONFINITE, /* a guard found a NaN or an infinity in an output (trueno_guard.h) */
} tn_status;

const char *tn_status_string(tn_status status);
/* The message of the last failed call made by this thread ("" when none failed). */
const char *tn_last_error(void);

/* ---- backends ----
 * Names: "scalar", "sse2", "avx", "avx2", "avx512" (CPU), "cuda", "vulkan", and "auto".
 * The process default comes from the environment variable TRUENO_BACKEND (default "auto": the
 * best CPU variant per op). A forced backend that the machine cannot run is never replaced by
 * another: calls fail with TN_ERR_BACKEND_UNAVAILABLE and a message that says why.
 * Host-pointer calls on "cuda" or "vulkan" copy their operands to the device and back. */
tn_status tn_use_backend(const char *name); /* for this thread; NULL returns to the default */
/* Closes the GPU devices that host-pointer calls opened (they close at exit too); a later
 * call opens them again. Call it while no other thread is inside a trueno call. */
void tn_shutdown(void);
/* What the machine has, which variant each op uses and why. Valid until the process ends. */
const char *tn_describe(void);
/* Detected CPU features, space separated ("sse2 avx avx2 fma avx512f os_ymm os_zmm"). */
const char *tn_cpu_features(void);

/* ---- GPU devices and buffers (CUDA through libcuda.so.1, Vulkan through libvulkan.so.1) ----
 * Neither library is needed to build or to run: without them, tn_device_count reports 0.
 * Threads may share a device and its buffers: calls on one device take turns. */
typedef struct tn_device tn_device;
typedef struct tn_buffer tn_buffer;

tn_status tn_device_count(const char *backend, int *count); /* backend: "cuda" or "vulkan" */
tn_status tn_device_open(const char *backend, int index, tn_device **device);
void tn_device_close(tn_device *device); /* buffers of the device must be destroyed first */
const char *tn_device_name(const tn_device *device);
tn_status tn_device_synchronize(tn_device *device);
/* Device-side timing of the work queued between start and stop (CUDA events), for benchmarks:
 * stop waits for that work and stores the elapsed seconds. One timer per device. */
tn_status tn_device_timer_start(tn_device *device);
tn_status tn_device_timer_stop(tn_device *device, double *seconds);

/* A device buffer of `length` floats, resident until destroyed. */
tn_status tn_buffer_create(tn_device *device, size_t length, tn_buffer **buffer);
void tn_buffer_destroy(tn_buffer *buffer);
size_t tn_buffer_length(const tn_buffer *buffer);
tn_status tn_buffer_write(tn_buffer *buffer, size_t offset, const float *src, size_t count);
tn_status tn_buffer_read(const tn_buffer *buffer, size_t offset, float *dst, size_t count);
/* count floats from src at src_offset to dst at dst_offset, on the device, queued like a map op;
 * both buffers of one device, ranges that do not overlap. */
tn_status tn_buffer_copy(tn_buffer *dst, size_t dst_offset, const tn_buffer *src, size_t src_offset, size_t count);

/* ---- ops ----
 * tn_<op>(n, ...) works on host arrays; tn_dev_<op>(device, n, ...) on device buffers (map ops
 * are queued on the device's stream; reductions wait and return their result to the host).
 * tn_dev_<op>_to(device, n, ..., result, result_offset), for ops with a result, puts it in
 * element result_offset of a device buffer instead, queued like a map op (no wait): read it
 * with tn_buffer_read, or pass the buffer on. An index (argmax) is stored as an int32 in the
 * float's place (its bits; memcpy it out), as rowargmax stores its indices. The element must
 * not lie within an input of the call.
 * An output may be the same array as an input (in place) but must not partly overlap one.
 * Pointers may be NULL only when n is 0. */
#include "trueno_ops.h"

#ifdef __cplusplus
}
#endif

#endif
