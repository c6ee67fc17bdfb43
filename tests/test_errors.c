/* Bad input gets a status and a message that names the problem; nothing is written.
 *
 * usage: test_errors                       the argument checks
 *        test_errors --forced-unavailable  run with TRUENO_BACKEND naming a backend this
 *                                          machine cannot run (set by the ctest entry)
 *        test_errors --forced-unknown      run with TRUENO_BACKEND=<not a backend>
 *        test_errors --fallback            run with TRUENO_CPU_DISABLE hiding AVX-512
 *        test_errors --vulkan-absent       run with TRUENO_VULKAN_LOADER naming no library
 *        test_errors --vulkan-no-driver    run with the Vulkan loader pointed at no driver
 *        test_errors --vulkan-staged       run with TRUENO_VULKAN_STAGING=1 (copies staged) */
#define _POSIX_C_SOURCE 200809L
#include "tn_internal.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int failures;

/* The call must return want, with a message containing fragment. */
static void expect(const char *what, tn_status got, tn_status want, const char *fragment)
{
    const char *msg = tn_last_error();
    int ok = got == want && (!fragment || strstr(msg, fragment));
    failures += !ok;
    int show = got != TN_OK && msg[0];
    printf("%s %s: %s%s%s\n", ok ? "ok  " : "FAIL", what, tn_status_string(got), show ? " - " : "", show ? msg : "");
    if (!ok)
        printf("     expected %s with \"%s\"\n", tn_status_string(want), fragment ? fragment : "");
}

static void argument_checks(void)
{
    float x[64], y[64], z[64], r = 0;
    size_t index = 99;
    for (int i = 0; i < 64; i++) {
        x[i] = (float)i;
        y[i] = 1.0f;
        z[i] = -7.0f;
    }
    expect("NULL input", tn_add(8, NULL, y, z), TN_ERR_INVALID_ARGUMENT, "tn_add: x is NULL (n = 8)");
    expect("NULL output", tn_add(8, x, y, NULL), TN_ERR_INVALID_ARGUMENT, "tn_add: z is NULL");
    expect("NULL with n = 0 is fine", tn_add(0, NULL, NULL, NULL), TN_OK, NULL);
    expect("partial overlap", tn_add(8, x, y, x + 1), TN_ERR_INVALID_ARGUMENT, "z overlaps x");
    expect("overlapping inout", tn_axpy(8, 2.0f, x + 2, x), TN_ERR_INVALID_ARGUMENT, "y overlaps x");
    expect("no write after a refused call", z[0] == -7.0f ? TN_OK : TN_ERR_INVALID_ARGUMENT, TN_OK, NULL);
    expect("in place (same pointer)", tn_add(8, x, y, x), TN_OK, NULL);
    expect("in place computed x + 1", x[5] == 6.0f ? TN_OK : TN_ERR_INVALID_ARGUMENT, TN_OK, NULL);
    expect("size overflow", tn_add(SIZE_MAX / 2, x, y, z), TN_ERR_INVALID_ARGUMENT, "overflow the address space");
    expect("wrap-around range", tn_scale(1u << 20, 2.0f, (const float *)(UINTPTR_MAX - 64), z),
           TN_ERR_INVALID_ARGUMENT, "wraps around");
    expect("NULL result", tn_sum(8, x, NULL), TN_ERR_INVALID_ARGUMENT, "tn_sum: result is NULL");
    expect("sum of nothing", tn_sum(0, NULL, &r), TN_OK, NULL);
    expect("sum of nothing is 0", r == 0.0f ? TN_OK : TN_ERR_INVALID_ARGUMENT, TN_OK, NULL);
    expect("argmax of nothing", tn_argmax(0, x, &index), TN_ERR_INVALID_ARGUMENT, "has no index");
    expect("argmax left index alone", index == 99 ? TN_OK : TN_ERR_INVALID_ARGUMENT, TN_OK, NULL);
    expect("unknown backend", tn_use_backend("neon9"), TN_ERR_INVALID_ARGUMENT, "'neon9' is not a backend");
    expect("back to the default", tn_use_backend(NULL), TN_OK, NULL);
    expect("device of an unknown backend", tn_device_open("metal", 0, &(tn_device *){ NULL }),
           TN_ERR_INVALID_ARGUMENT, "'metal' is not a GPU backend");
    expect("device that does not exist", tn_device_open("cuda", 4096, &(tn_device *){ NULL }),
           TN_ERR_BACKEND_UNAVAILABLE, "cuda device 4096 does not exist");
    double seconds = -1;
    expect("timer without a device", tn_device_timer_start(NULL), TN_ERR_INVALID_ARGUMENT,
           "tn_device_timer_start: device is NULL");
    expect("timer stop without a device", tn_device_timer_stop(NULL, &seconds), TN_ERR_INVALID_ARGUMENT,
           "tn_device_timer_stop: device is NULL");
    expect("timer stop left seconds alone", seconds == -1 ? TN_OK : TN_ERR_INVALID_ARGUMENT, TN_OK, NULL);
    int count = 0;
    if (tn_device_count("cuda", &count) == TN_OK && count == 0)
        expect("forcing a missing GPU", tn_use_backend("cuda"), TN_ERR_BACKEND_UNAVAILABLE, "cuda cannot run here");
}

/* Ops of two dims: ld, in place only onto an input of the same shape, shapes of vectors. */
static void matrix_checks(void)
{
    float x[4 * 16], y[4 * 16], w[16], b[16];
    for (int i = 0; i < 4 * 16; i++)
        x[i] = y[i] = (float)(i % 7);
    for (int i = 0; i < 16; i++)
        w[i] = b[i] = 1.0f;
    expect("ld below cols", tn_softmax(4, 16, x, 15, y, 16), TN_ERR_INVALID_ARGUMENT, "ldx = 15 is less than cols = 16");
    expect("output ld below cols", tn_softmax(4, 16, x, 16, y, 8), TN_ERR_INVALID_ARGUMENT, "ldy = 8 is less than cols = 16");
    expect("rows overlapping the input", tn_softmax(2, 16, x, 16, x + 4, 16), TN_ERR_INVALID_ARGUMENT,
           "y overlaps x");
    expect("in place at another ld", tn_softmax(2, 8, x, 16, x, 8), TN_ERR_INVALID_ARGUMENT, "same pointer and ld");
    expect("output onto a weight vector", tn_layernorm(1, 16, x, 16, w, b, 1e-5f, w, 16), TN_ERR_INVALID_ARGUMENT,
           "y overlaps w");
    expect("refused layernorm left w alone", w[3] == 1.0f ? TN_OK : TN_ERR_INVALID_ARGUMENT, TN_OK, NULL);
    expect("in place (same pointer and ld)", tn_rmsnorm(4, 16, x, 16, w, 1e-5f, x, 16), TN_OK, NULL);
    float hy[2 * 16];
    expect("two outputs in one array", tn_residual_rmsnorm(2, 16, x, 16, y, 16, w, 1e-5f, hy, 16, hy, 16),
           TN_ERR_INVALID_ARGUMENT, "h overlaps y");
    size_t index = 7;
    expect("rowargmax of empty rows", tn_rowargmax(3, 0, x, 16, (int32_t *)&index), TN_ERR_INVALID_ARGUMENT,
           "has no index");
}

/* A failure in one thread leaves another thread's message alone. */
static void *fail_in_thread(void *arg)
{
    (void)arg;
    tn_add(4, NULL, NULL, NULL);
    return (void *)(strstr(tn_last_error(), "x is NULL") ? (uintptr_t)1 : (uintptr_t)0);
}

static void thread_messages(void)
{
    tn_sum(4, (const float[4]){ 0 }, NULL);
    pthread_t t;
    void *ok = NULL;
    pthread_create(&t, NULL, fail_in_thread, NULL);
    pthread_join(t, &ok);
    expect("other thread saw its own message", ok ? TN_OK : TN_ERR_INVALID_ARGUMENT, TN_OK, NULL);
    expect("this thread kept its message", TN_ERR_INVALID_ARGUMENT, TN_ERR_INVALID_ARGUMENT, "result is NULL");
}

/* Device buffers: bounds and ownership (only where a device exists). */
static double wall_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The device timer: stop before start is refused; the device time of a batch of calls is
 * positive and no longer than the host's clock around the same calls. */
static void device_timer(tn_device *dev)
{
    double seconds = -1;
    expect("timer stopped before it started", tn_device_timer_stop(dev, &seconds), TN_ERR_INVALID_ARGUMENT,
           "the timer was not started");
    enum { N = 1 << 20, CALLS = 20 };
    tn_buffer *x = NULL, *y = NULL;
    if (tn_buffer_create(dev, N, &x) != TN_OK || tn_buffer_create(dev, N, &y) != TN_OK) {
        expect("timer buffers", TN_ERR_DEVICE, TN_OK, NULL);
        return;
    }
    tn_dev_axpy(dev, N, 0.5f, x, y); /* warm: pipeline or module built outside the timing */
    double start = wall_seconds();
    expect("timer start", tn_device_timer_start(dev), TN_OK, NULL);
    for (int i = 0; i < CALLS; i++)
        tn_dev_axpy(dev, N, 0.5f, x, y);
    expect("timer stop", tn_device_timer_stop(dev, &seconds), TN_OK, NULL);
    double wall = wall_seconds() - start;
    if (!(seconds > 0 && seconds <= wall)) {
        printf("device time %.6f s, host clock %.6f s\n", seconds, wall);
        expect("device time within the host's clock", TN_ERR_DEVICE, TN_OK, NULL);
    }
    tn_buffer_destroy(x);
    tn_buffer_destroy(y);
}

/* Results into device buffers (tn_dev_<op>_to): NULL, past the end, inside an input, another
 * device's, and refused calls that leave the element alone; an index is an int32's bits. */
static void result_buffer_checks(tn_device *dev, tn_device *other)
{
    tn_buffer *x = NULL, *r = NULL, *foreign = NULL;
    float host[16], back[4] = { 0 };
    for (int i = 0; i < 16; i++)
        host[i] = (float)(i % 5);
    const float poison[4] = { -1, -1, -1, -1 };
    if (tn_buffer_create(dev, 16, &x) != TN_OK || tn_buffer_create(dev, 4, &r) != TN_OK ||
        tn_buffer_write(x, 0, host, 16) != TN_OK || tn_buffer_write(r, 0, poison, 4) != TN_OK) {
        expect("result buffers", TN_ERR_DEVICE, TN_OK, NULL);
        return;
    }
    expect("NULL result buffer", tn_dev_sum_to(dev, 4, x, NULL, 0), TN_ERR_INVALID_ARGUMENT,
           "tn_dev_sum_to: result is NULL");
    expect("NULL input with a result buffer", tn_dev_sum_to(dev, 4, NULL, r, 0), TN_ERR_INVALID_ARGUMENT,
           "tn_dev_sum_to: x is NULL");
    expect("NULL device with a result buffer", tn_dev_dot_to(NULL, 4, x, x, r, 0), TN_ERR_INVALID_ARGUMENT,
           "tn_dev_dot_to: device is NULL");
    expect("result offset past the end", tn_dev_sum_to(dev, 4, x, r, 4), TN_ERR_INVALID_ARGUMENT,
           "tn_dev_sum_to: result_offset = 4 is past the end of result (4 floats)");
    expect("result offset far past the end", tn_dev_norm_l2_to(dev, 4, x, r, SIZE_MAX), TN_ERR_INVALID_ARGUMENT,
           "is past the end of result");
    expect("result inside its input", tn_dev_sum_to(dev, 10, x, x, 9), TN_ERR_INVALID_ARGUMENT,
           "tn_dev_sum_to: result_offset = 9 lies inside x (the same buffer, whose first 10 floats it uses)");
    expect("index inside its input", tn_dev_argmax_to(dev, 16, x, x, 0), TN_ERR_INVALID_ARGUMENT,
           "tn_dev_argmax_to: index_offset = 0 lies inside x");
    expect("argmax of nothing into a buffer", tn_dev_argmax_to(dev, 0, x, r, 1), TN_ERR_INVALID_ARGUMENT,
           "tn_dev_argmax_to: n = 0: an empty vector (n = 0) has no index");
    if (other && tn_buffer_create(other, 4, &foreign) == TN_OK)
        expect("result buffer of another device", tn_dev_max_to(dev, 4, x, foreign, 0), TN_ERR_INVALID_ARGUMENT,
               "tn_dev_max_to: result belongs to another device");
    tn_buffer_destroy(foreign);
    expect("refused calls wrote nothing", tn_buffer_read(r, 0, back, 4), TN_OK, NULL);
    expect("(the elements kept their values)", memcmp(back, poison, sizeof back) == 0 ? TN_OK : TN_ERR_DEVICE, TN_OK,
           NULL);
    /* past the input in its own buffer is fine; one read after both calls */
    expect("sum into its input's buffer, after it", tn_dev_sum_to(dev, 10, x, x, 12), TN_OK, NULL);
    expect("argmax into a buffer", tn_dev_argmax_to(dev, 9, x, r, 2), TN_OK, NULL);
    float got[16];
    int32_t index = -1;
    expect("read the results", tn_buffer_read(x, 0, got, 16), TN_OK, NULL);
    expect("read the index", tn_buffer_read(r, 0, back, 4), TN_OK, NULL);
    memcpy(&index, &back[2], sizeof index);
    expect("sum = 20, beside the input", got[12] == 20.0f && got[11] == 1.0f && got[13] == 3.0f ? TN_OK : TN_ERR_DEVICE,
           TN_OK, NULL);
    expect("index = 4, an int32's bits", index == 4 && back[1] == -1 && back[3] == -1 ? TN_OK : TN_ERR_DEVICE, TN_OK,
           NULL);
    tn_buffer_destroy(x);
    tn_buffer_destroy(r);
}

/* Copies between buffers: bounds, NULL, another device's, overlap; values, queued behind an op. */
static void buffer_copy_checks(tn_device *dev, tn_device *other)
{
    tn_buffer *a = NULL, *b = NULL, *foreign = NULL;
    float host[16], got[16];
    for (int i = 0; i < 16; i++)
        host[i] = (float)i;
    if (tn_buffer_create(dev, 16, &a) != TN_OK || tn_buffer_create(dev, 8, &b) != TN_OK ||
        tn_buffer_write(a, 0, host, 16) != TN_OK || tn_buffer_write(b, 0, host, 8) != TN_OK) {
        expect("copy buffers", TN_ERR_DEVICE, TN_OK, NULL);
        return;
    }
    expect("copy to NULL", tn_buffer_copy(NULL, 0, a, 0, 4), TN_ERR_INVALID_ARGUMENT, "tn_buffer_copy: dst is NULL");
    expect("copy from NULL", tn_buffer_copy(b, 0, NULL, 0, 4), TN_ERR_INVALID_ARGUMENT, "tn_buffer_copy: src is NULL");
    expect("copy past dst's end", tn_buffer_copy(b, 4, a, 0, 5), TN_ERR_INVALID_ARGUMENT,
           "tn_buffer_copy: dst [4, 4 + 5) is outside the buffer of 8 floats");
    expect("copy past src's end", tn_buffer_copy(b, 0, a, 12, 5), TN_ERR_INVALID_ARGUMENT,
           "tn_buffer_copy: src [12, 12 + 5) is outside the buffer of 16 floats");
    expect("copy of wrapping length", tn_buffer_copy(b, 1, a, 0, SIZE_MAX), TN_ERR_INVALID_ARGUMENT, "is outside");
    expect("copy within a buffer, overlapping", tn_buffer_copy(a, 2, a, 0, 4), TN_ERR_INVALID_ARGUMENT,
           "tn_buffer_copy: [2, 2 + 4) and [0, 0 + 4) of one buffer overlap");
    if (other && tn_buffer_create(other, 16, &foreign) == TN_OK)
        expect("copy from another device", tn_buffer_copy(b, 0, foreign, 0, 4), TN_ERR_INVALID_ARGUMENT,
               "tn_buffer_copy: dst and src belong to different devices");
    tn_buffer_destroy(foreign);
    expect("copy nothing", tn_buffer_copy(b, 8, a, 16, 0), TN_OK, NULL);
    /* queued: an op writes a, a copy takes its result to b, within a buffer, then one read */
    expect("scale before a copy", tn_dev_scale(dev, 16, 2.0f, a, a), TN_OK, NULL);
    expect("copy", tn_buffer_copy(b, 1, a, 9, 6), TN_OK, NULL);
    expect("copy within a buffer", tn_buffer_copy(a, 0, a, 12, 4), TN_OK, NULL);
    expect("read the copy", tn_buffer_read(b, 0, got, 8), TN_OK, NULL);
    int same = got[0] == 0 && got[7] == 7;
    for (int i = 1; i < 7; i++)
        same &= got[i] == 2.0f * (float)(8 + i);
    expect("the copy holds the op's output, and nothing beside it", same ? TN_OK : TN_ERR_DEVICE, TN_OK, NULL);
    expect("read within", tn_buffer_read(a, 0, got, 16), TN_OK, NULL);
    expect("the copy within holds the tail", got[0] == 24 && got[3] == 30 && got[4] == 8 ? TN_OK : TN_ERR_DEVICE, TN_OK,
           NULL);
    tn_buffer_destroy(a);
    tn_buffer_destroy(b);
}

static void device_checks(const char *backend)
{
    int count = 0;
    tn_device *dev = NULL, *other = NULL;
    if (tn_device_count(backend, &count) != TN_OK || count == 0 || tn_device_open(backend, 0, &dev) != TN_OK) {
        printf("skip %s device checks: no %s device\n", backend, backend);
        return;
    }
    tn_buffer *a = NULL, *b = NULL, *c = NULL, *foreign = NULL;
    float host[16] = { 0 };
    tn_buffer_create(dev, 16, &a);
    tn_buffer_create(dev, 8, &b);
    tn_buffer_create(dev, 16, &c);
    expect("write past the end", tn_buffer_write(a, 10, host, 8), TN_ERR_INVALID_ARGUMENT, "outside the buffer");
    expect("read NULL", tn_buffer_read(a, 0, NULL, 4), TN_ERR_INVALID_ARGUMENT, "host pointer is NULL");
    expect("n beyond a buffer", tn_dev_add(dev, 16, a, b, c), TN_ERR_INVALID_ARGUMENT, "y holds 8 floats, n = 16");
    expect("NULL buffer", tn_dev_add(dev, 4, a, NULL, c), TN_ERR_INVALID_ARGUMENT, "tn_dev_add: y is NULL");
    if (tn_device_open(backend, 0, &other) == TN_OK && tn_buffer_create(other, 16, &foreign) == TN_OK)
        expect("buffer of another device", tn_dev_add(dev, 4, a, foreign, c), TN_ERR_INVALID_ARGUMENT,
               "y belongs to another device");
    tn_buffer_destroy(foreign);
    result_buffer_checks(dev, other);
    buffer_copy_checks(dev, other);
    tn_device_close(other);
    /* two dims: a buffer too short for its rows at ld, and buffers shared where not in place */
    expect("rows beyond a buffer", tn_dev_softmax(dev, 2, 8, a, 12, c, 8), TN_ERR_INVALID_ARGUMENT,
           "x holds 16 floats; rows = 2 rows at ldx = 12 need 20");
    expect("in place on a device", tn_dev_softmax(dev, 2, 8, a, 8, a, 8), TN_OK, NULL);
    expect("in place at another ld on a device", tn_dev_softmax(dev, 1, 8, a, 8, a, 12), TN_ERR_INVALID_ARGUMENT,
           "y and x are the same buffer");
    expect("output buffer onto a weight", tn_dev_rmsnorm(dev, 1, 8, a, 8, b, 1e-5f, b, 8), TN_ERR_INVALID_ARGUMENT,
           "y and w are the same buffer");
    device_timer(dev);
    tn_buffer_destroy(a);
    tn_buffer_destroy(b);
    tn_buffer_destroy(c);
    tn_device_close(dev);
}

/* Vulkan refuses what its shaders and descriptors cannot hold. */
static void vulkan_checks(void)
{
    int count = 0;
    tn_device *dev = NULL;
    if (tn_device_count("vulkan", &count) != TN_OK || count == 0 || tn_device_open("vulkan", 0, &dev) != TN_OK) {
        printf("skip vulkan checks: no vulkan device\n");
        return;
    }
    tn_buffer *huge = NULL;
    expect("buffer beyond maxStorageBufferRange", tn_buffer_create(dev, (size_t)1 << 40, &huge),
           TN_ERR_INVALID_ARGUMENT, "exceeds this device's maxStorageBufferRange");
    expect("and no buffer came back", huge ? TN_ERR_DEVICE : TN_OK, TN_OK, NULL);
    /* No buffer holds 2^31 floats on any device, so the backend's own check is called directly. */
    const tn_op *add = NULL;
    for (int i = 0; i < tn_op_count; i++)
        if (strcmp(tn_ops[i]->name, "add") == 0)
            add = tn_ops[i];
    tn_call call = { .dim = { (size_t)1 << 31 } };
    expect("n the shaders cannot index", dev->backend->run(dev->impl, add, &call, NULL), TN_ERR_INVALID_ARGUMENT,
           "tn_dev_add: n = 2147483648, but Vulkan shaders handle at most 2^31 - 1");
    tn_device_close(dev);
    float x[8] = { 0 };
    expect("forcing vulkan", tn_use_backend("vulkan"), TN_OK, NULL);
    expect("host arrays beyond what a buffer holds", tn_add((size_t)1 << 31, x, x, x), TN_ERR_INVALID_ARGUMENT,
           "maxStorageBufferRange");
    expect("back to the default", tn_use_backend(NULL), TN_OK, NULL);
}

/* With no Vulkan (TRUENO_VULKAN_LOADER or VK_DRIVER_FILES point nowhere): no device, a reason
 * that says so, a forced backend refused, and the CPU path untouched. */
static void vulkan_absent(const char *reason)
{
    int count = -1;
    expect("vulkan counts no device", tn_device_count("vulkan", &count) == TN_OK && count == 0 ? TN_OK : TN_ERR_DEVICE,
           TN_OK, NULL);
    char line[512];
    snprintf(line, sizeof line, "vulkan  none: %s", reason);
    expect("describe says why", strstr(tn_describe(), line) ? TN_OK : TN_ERR_DEVICE, TN_OK, NULL);
    if (!strstr(tn_describe(), line))
        printf("%s\n", tn_describe());
    expect("forcing vulkan is refused", tn_use_backend("vulkan"), TN_ERR_BACKEND_UNAVAILABLE, reason);
    expect("opening a device is refused", tn_device_open("vulkan", 0, &(tn_device *){ NULL }),
           TN_ERR_BACKEND_UNAVAILABLE, "vulkan device 0 does not exist (0 found)");
    float x[4] = { 1, 2, 3, 4 }, y[4] = { 0 };
    expect("the CPU path still works", tn_exp(4, x, y), TN_OK, NULL);
    expect("and computes", y[0] > 2.718f && y[0] < 2.719f ? TN_OK : TN_ERR_DEVICE, TN_OK, NULL);
}

/* Copies through the staging buffer: several chunks, at an offset, and an op's result. */
static void vulkan_staged(void)
{
    int count = 0;
    tn_device *dev = NULL;
    if (tn_device_count("vulkan", &count) != TN_OK || count == 0 || tn_device_open("vulkan", 0, &dev) != TN_OK) {
        printf("skip: no vulkan device\n");
        exit(77);
    }
    expect("the device stages its copies", strstr(tn_device_name(dev), "staged copies") ? TN_OK : TN_ERR_DEVICE,
           TN_OK, NULL);
    enum { N = 3 << 20, OFFSET = 1000 }; /* 12 MiB: three chunks of the 4 MiB staging buffer */
    float *host = malloc(N * sizeof *host), *back = malloc(N * sizeof *back);
    for (size_t i = 0; i < N; i++)
        host[i] = (float)(i % 4099) - 2049.0f;
    tn_buffer *b = NULL;
    float sum = 0;
    expect("create", tn_buffer_create(dev, N, &b), TN_OK, NULL);
    expect("write", tn_buffer_write(b, OFFSET, host, N - OFFSET), TN_OK, NULL);
    expect("read", tn_buffer_read(b, OFFSET, back, N - OFFSET), TN_OK, NULL);
    expect("what was written comes back", memcmp(host, back, (N - OFFSET) * sizeof *host) == 0 ? TN_OK : TN_ERR_DEVICE,
           TN_OK, NULL);
    expect("write the head", tn_buffer_write(b, 0, host, 7), TN_OK, NULL);
    expect("sum of the head", tn_dev_sum(dev, 7, b, &sum), TN_OK, NULL);
    expect("is right", sum == -2049.0f * 7 + 21 ? TN_OK : TN_ERR_DEVICE, TN_OK, NULL);
    tn_buffer_destroy(b);
    tn_device_close(dev);
    free(host);
    free(back);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    float x[4] = { 1, 2, 3, 4 }, y[4];
    if (strcmp(mode, "--forced-unavailable") == 0) {
        expect("forced backend the CPU lacks", tn_exp(4, x, y), TN_ERR_BACKEND_UNAVAILABLE,
               "TRUENO_BACKEND=avx512 cannot run here: this CPU lacks avx512f");
        expect("describe says so", strstr(tn_describe(), "every op call fails") ? TN_OK : TN_ERR_DEVICE, TN_OK, NULL);
    } else if (strcmp(mode, "--forced-unknown") == 0) {
        expect("forced backend that does not exist", tn_exp(4, x, y), TN_ERR_BACKEND_UNAVAILABLE,
               "TRUENO_BACKEND=quantum is not a backend (known: auto, scalar");
    } else if (strcmp(mode, "--fallback") == 0) {
        if (!strstr(tn_cpu_features(), "avx2")) {
            printf("skip: this CPU has no AVX2 to fall back to\n");
            return 77;
        }
        const char *d = tn_describe();
        expect("exp falls back to avx2", strstr(d, "exp      avx2") ? TN_OK : TN_ERR_DEVICE, TN_OK, NULL);
        expect("and says why", strstr(d, "avx512: this CPU lacks avx512f (disabled by TRUENO_CPU_DISABLE)")
                                   ? TN_OK : TN_ERR_DEVICE, TN_OK, NULL);
        expect("exp still runs", tn_exp(4, x, y), TN_OK, NULL);
        expect("a thread may not pick it either", tn_use_backend("avx512"), TN_ERR_BACKEND_UNAVAILABLE,
               "this CPU lacks avx512f");
        if (failures)
            printf("%s\n", d);
    } else if (strcmp(mode, "--vulkan-absent") == 0) {
        vulkan_absent("/nonexistent/libvulkan.so.1 not found (no Vulkan loader on this machine)");
    } else if (strcmp(mode, "--vulkan-no-driver") == 0) {
        if (strstr(tn_describe(), "libvulkan.so.1 not found")) {
            printf("skip: no Vulkan loader on this machine\n");
            return 77;
        }
        vulkan_absent("vulkan: vkCreateInstance failed: VK_ERROR_INCOMPATIBLE_DRIVER (-9)");
    } else if (strcmp(mode, "--vulkan-staged") == 0) {
        vulkan_staged();
    } else {
        argument_checks();
    matrix_checks();
        thread_messages();
        device_checks("vulkan");
        device_checks("cuda");
        vulkan_checks();
    }
    return failures ? 1 : 0;
}
