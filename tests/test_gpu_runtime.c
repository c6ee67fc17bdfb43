/* GPU runtime behaviour beyond op values, on a backend's first device: work queued without waits
 * runs in order (chained ops, host writes between them, buffers destroyed while queued, the
 * device timer), the devices that host-pointer calls open are closed at exit and by
 * tn_shutdown, reductions queued back to back give each its own result, and (Vulkan) the
 * pipeline cache on disk is written, reread, and survives a damaged file. Exit 77 (skipped)
 * without a device of the backend.
 *
 * usage: test_gpu_runtime BACKEND            cuda or vulkan
 *        test_gpu_runtime BACKEND --child F  (internal) host-pointer calls, then exit */
#define _POSIX_C_SOURCE 200809L
#include "trueno.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int failures;

static void check(const char *what, int ok, const char *detail)
{
    failures += !ok;
    printf("%s %s%s%s\n", ok ? "ok  " : "FAIL", what, detail && detail[0] ? " - " : "", detail ? detail : "");
}

static void check_status(const char *what, tn_status s)
{
    check(what, s == TN_OK, s == TN_OK ? "" : tn_last_error());
}

/* Every element of got equals want[i] (integers in floats: sums are exact). */
static int all_equal(const float *got, const float *want, size_t n, char *detail, size_t len)
{
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i]) {
            snprintf(detail, len, "element %zu is %g, want %g", i, (double)got[i], (double)want[i]);
            return 0;
        }
    return 1;
}

/* 40 dependent adds queued with no wait between them (y += x, x rewritten from the host half way),
 * a temporary buffer destroyed while an op that writes it is queued, a reduction at the end. n is
 * past a staging chunk, so that staged copies span several command buffers. */
static void queued_work(tn_device *dev)
{
    enum { STEPS = 40 };
    const size_t n = (3u << 20) / 2 + 7;
    float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *want = malloc(n * sizeof *want);
    tn_buffer *bx = NULL, *by = NULL, *tmp = NULL;
    tn_status s = x && y && want ? TN_OK : TN_ERR_OUT_OF_MEMORY;
    if (s == TN_OK)
        s = tn_buffer_create(dev, n, &bx);
    if (s == TN_OK)
        s = tn_buffer_create(dev, n, &by);
    for (size_t i = 0; s == TN_OK && i < n; i++) {
        x[i] = (float)(i % 1000);
        y[i] = 0;
        want[i] = (float)(STEPS / 2 * (i % 1000) + STEPS / 2 * (i % 7));
    }
    if (s == TN_OK)
        s = tn_buffer_write(bx, 0, x, n);
    if (s == TN_OK)
        s = tn_buffer_write(by, 0, y, n);
    for (int k = 0; s == TN_OK && k < STEPS; k++) {
        if (k == STEPS / 2) {
            for (size_t i = 0; i < n; i++)
                x[i] = (float)(i % 7);
            s = tn_buffer_write(bx, 0, x, n);
        }
        if (s == TN_OK)
            s = tn_dev_add(dev, n, by, bx, by);
        if (s == TN_OK && k == 3) {
            s = tn_buffer_create(dev, n, &tmp);
            if (s == TN_OK)
                s = tn_dev_add(dev, n, bx, bx, tmp);
            tn_buffer_destroy(tmp);
        }
    }
    float sum = 0;
    if (s == TN_OK)
        s = tn_dev_sum(dev, n, by, &sum);
    check_status("queued adds and a destroyed buffer run", s);
    if (s == TN_OK) {
        s = tn_buffer_read(by, 0, y, n);
        char detail[160] = "";
        check("queued adds come out in order, with the host write between them", s == TN_OK && all_equal(y, want, n, detail, sizeof detail),
              s == TN_OK ? detail : tn_last_error());
        double exact = 0;
        for (size_t i = 0; i < n; i++)
            exact += want[i];
        snprintf(detail, sizeof detail, "sum %.9g, exact %.9g", (double)sum, exact);
        check("a reduction after queued work sees all of it", (double)sum > exact * (1 - 1e-5) && (double)sum < exact * (1 + 1e-5), detail);
    }
    double seconds = -1;
    s = tn_device_timer_start(dev);
    for (int k = 0; s == TN_OK && k < 8; k++)
        s = tn_dev_add(dev, n, bx, bx, by);
    if (s == TN_OK)
        s = tn_device_timer_stop(dev, &seconds);
    char detail[64];
    snprintf(detail, sizeof detail, "%g s", seconds);
    check("the device timer sums queued ops", s == TN_OK && seconds > 0, s == TN_OK ? detail : tn_last_error());
    tn_buffer_destroy(bx);
    tn_buffer_destroy(by);
    free(x);
    free(y);
    free(want);
}

/* Reductions queued back to back on one device with no wait between them, at sizes that take
 * one block up to many, argmax (two partials) between single-part ops, a host result among
 * them: each must see its own input whole and leave the device ready for the next (on CUDA the
 * last block of each launch combines the partials and sets the launch's counter back to zero).
 * Integer data keep every sum exact whatever the order of combination. */
static void queued_reductions(tn_device *dev)
{
    enum { SIZES = 4, ROUNDS = 3, OPS = 4, PEAK = 50 };
    const size_t sizes[SIZES] = { 1, 100, 1283, (1u << 20) + 5 };
    tn_buffer *x[SIZES] = { NULL }, *out = NULL;
    float want[ROUNDS * SIZES * OPS], got[ROUNDS * SIZES * OPS];
    float *host = malloc(sizes[SIZES - 1] * sizeof *host);
    tn_status s = host ? tn_buffer_create(dev, ROUNDS * SIZES * OPS, &out) : TN_ERR_OUT_OF_MEMORY;
    for (int k = 0; s == TN_OK && k < SIZES; k++) {
        size_t n = sizes[k], peak = n * 2 / 3;
        double sum = 0, squares = 0;
        for (size_t i = 0; i < n; i++) {
            host[i] = i == peak ? PEAK : (float)((int)(i % 7) - 3);
            sum += host[i];
            squares += (double)host[i] * host[i];
        }
        for (int r = 0; r < ROUNDS; r++) {
            float *w = &want[(r * SIZES + k) * OPS];
            int32_t index = (int32_t)peak;
            w[0] = (float)sum;
            w[1] = (float)squares;
            w[2] = PEAK;
            memcpy(&w[3], &index, sizeof index);
        }
        s = tn_buffer_create(dev, n, &x[k]);
        if (s == TN_OK)
            s = tn_buffer_write(x[k], 0, host, n);
    }
    float host_sum = 0;
    for (int r = 0; s == TN_OK && r < ROUNDS; r++)
        for (int k = 0; s == TN_OK && k < SIZES; k++) {
            size_t at = (size_t)(r * SIZES + k) * OPS;
            s = tn_dev_sum_to(dev, sizes[k], x[k], out, at);
            if (s == TN_OK)
                s = tn_dev_dot_to(dev, sizes[k], x[k], x[k], out, at + 1);
            if (s == TN_OK)
                s = tn_dev_max_to(dev, sizes[k], x[k], out, at + 2);
            if (s == TN_OK)
                s = tn_dev_argmax_to(dev, sizes[k], x[k], out, at + 3);
            if (s == TN_OK && r == 1 && k == SIZES - 1)
                s = tn_dev_sum(dev, sizes[k], x[k], &host_sum);
        }
    if (s == TN_OK)
        s = tn_buffer_read(out, 0, got, ROUNDS * SIZES * OPS);
    char detail[160] = "";
    int ok = s == TN_OK && memcmp(got, want, sizeof got) == 0 && host_sum == want[(SIZES - 1) * OPS];
    static const char *const names[OPS] = { "sum", "dot", "max", "argmax" };
    for (int i = 0; s == TN_OK && !ok && !detail[0] && i < ROUNDS * SIZES * OPS; i++) {
        uint32_t g, w;
        memcpy(&g, &got[i], sizeof g);
        memcpy(&w, &want[i], sizeof w);
        if (g != w)
            snprintf(detail, sizeof detail, "round %d, n = %zu, %s: bits %08x, want %08x", i / (SIZES * OPS),
                     sizes[i / OPS % SIZES], names[i % OPS], (unsigned)g, (unsigned)w);
    }
    if (s == TN_OK && !ok && !detail[0])
        snprintf(detail, sizeof detail, "host sum %.9g, want %.9g", (double)host_sum, (double)want[(SIZES - 1) * OPS]);
    check("reductions queued back to back each give their own result", ok, s == TN_OK ? detail : tn_last_error());
    for (int k = 0; k < SIZES; k++)
        tn_buffer_destroy(x[k]);
    tn_buffer_destroy(out);
    free(host);
}

/* A pipeline cache file: at least Vulkan's header (length, version 1, vendor, device, UUID). */
static int cache_file_valid(const char *path, char *detail, size_t len)
{
    FILE *in = fopen(path, "rb");
    uint32_t header[4] = { 0 };
    size_t got = in ? fread(header, 1, sizeof header, in) : 0;
    long size = in && fseek(in, 0, SEEK_END) == 0 ? ftell(in) : -1;
    if (in)
        fclose(in);
    snprintf(detail, len, "%s: %s, %ld bytes, header length %u, version %u", path, in ? "present" : "absent", size,
             header[0], header[1]);
    return got == sizeof header && size >= 32 && header[0] >= 32 && header[1] == 1;
}

/* One add and one sum on a device opened and closed here (building their pipelines). */
static tn_status open_run_close(const char *backend)
{
    tn_device *dev = NULL;
    tn_buffer *b = NULL;
    float x[256], r = 0;
    for (int i = 0; i < 256; i++)
        x[i] = (float)i;
    tn_status s = tn_device_open(backend, 0, &dev);
    if (s == TN_OK)
        s = tn_buffer_create(dev, 256, &b);
    if (s == TN_OK)
        s = tn_buffer_write(b, 0, x, 256);
    if (s == TN_OK)
        s = tn_dev_add(dev, 256, b, b, b);
    if (s == TN_OK)
        s = tn_dev_sum(dev, 256, b, &r);
    if (s == TN_OK && r != 65280.0f)
        s = TN_ERR_DEVICE, fprintf(stderr, "sum %g, want 65280\n", (double)r);
    tn_buffer_destroy(b);
    tn_device_close(dev);
    return s;
}

static void pipeline_cache(const char *dir)
{
    char path[512], off[512], detail[700];
    snprintf(path, sizeof path, "%s/made/on/demand/pipelines.bin", dir);
    setenv("TRUENO_VULKAN_PIPELINE_CACHE", path, 1);
    check_status("ops run with a pipeline cache file", open_run_close("vulkan"));
    check("the cache is written at close, its folders made", cache_file_valid(path, detail, sizeof detail), detail);
    check_status("ops run from a cache file read back", open_run_close("vulkan"));
    FILE *out = fopen(path, "wb");
    if (out) {
        fputs("not a pipeline cache, but long enough to have a header and more", out);
        fclose(out);
    }
    check_status("ops run beside a damaged cache file", open_run_close("vulkan"));
    check("a damaged cache file is replaced", cache_file_valid(path, detail, sizeof detail), detail);
    snprintf(off, sizeof off, "%s/off.bin", dir);
    setenv("TRUENO_VULKAN_PIPELINE_CACHE", "off", 1);
    check_status("ops run with the cache off", open_run_close("vulkan"));
    setenv("TRUENO_VULKAN_PIPELINE_CACHE", "/proc/no/such/place/pipelines.bin", 1);
    check_status("ops run where the cache cannot be written", open_run_close("vulkan"));
    unsetenv("TRUENO_VULKAN_PIPELINE_CACHE");
}

/* The child: host-pointer calls on the backend (a tn_shutdown between two), then exit without
 * closing anything. */
static int child(const char *backend)
{
    float x[1024], y[1024], z[1024], want[1024];
    for (int i = 0; i < 1024; i++) {
        x[i] = (float)i;
        y[i] = (float)(3 * i);
        want[i] = (float)(4 * i);
    }
    char detail[160] = "", cache[600];
    const char *dir = getenv("TEST_CACHE_DIR");
    tn_status s = tn_use_backend(backend);
    for (int round = 0; s == TN_OK && round < 2; round++) {
        if (dir) { /* read when the device opens: the first one's is written by tn_shutdown */
            snprintf(cache, sizeof cache, "%s/%s.bin", dir, round == 0 ? "shutdown" : "exit");
            setenv("TRUENO_VULKAN_PIPELINE_CACHE", cache, 1);
        }
        memset(z, 0, sizeof z);
        s = tn_add(1024, x, y, z);
        if (s == TN_OK && !all_equal(z, want, 1024, detail, sizeof detail)) {
            fprintf(stderr, "round %d: %s\n", round, detail);
            return 1;
        }
        if (round == 0)
            tn_shutdown(); /* the next call opens the device again */
    }
    if (s != TN_OK)
        fprintf(stderr, "%s\n", tn_last_error());
    return s == TN_OK ? 0 : 1;
}

/* Runs this program as the child; its exit status, or -1. */
static int run_child(const char *self, const char *backend, const char *cache_dir)
{
    pid_t pid = fork();
    if (pid == 0) {
        if (cache_dir)
            setenv("TEST_CACHE_DIR", cache_dir, 1);
        execl(self, self, backend, "--child", (char *)NULL);
        _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int main(int argc, char **argv)
{
    if (argc < 2 || (strcmp(argv[1], "cuda") != 0 && strcmp(argv[1], "vulkan") != 0)) {
        fprintf(stderr, "usage: test_gpu_runtime cuda|vulkan\n");
        return 2;
    }
    const char *backend = argv[1];
    if (argc > 2 && strcmp(argv[2], "--child") == 0)
        return child(backend);
    char dir[] = "/tmp/trueno-gpu-runtime-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 2;
    }
    /* Before this process touches the backend: the children own their drivers. */
    char cache[600], detail[700];
    int count = 0;
    pid_t probe = fork();
    if (probe == 0)
        _exit(tn_device_count(backend, &count) == TN_OK && count > 0 ? 0 : 77);
    int status = 0;
    waitpid(probe, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        printf("skipped: no %s device on this machine\n", backend);
        rmdir(dir);
        return 77;
    }
    int rc = run_child("/proc/self/exe", backend, strcmp(backend, "vulkan") == 0 ? dir : NULL);
    snprintf(detail, sizeof detail, "exit status %d", rc);
    check("host-pointer calls, tn_shutdown, calls again", rc == 0, detail);
    if (strcmp(backend, "vulkan") == 0) { /* a device's pipeline cache is written when it closes */
        snprintf(cache, sizeof cache, "%s/shutdown.bin", dir);
        check("tn_shutdown closes the host-pointer device", cache_file_valid(cache, detail, sizeof detail), detail);
        snprintf(cache, sizeof cache, "%s/exit.bin", dir);
        check("the host-pointer device closes at exit", cache_file_valid(cache, detail, sizeof detail), detail);
    }
    tn_device *dev = NULL;
    tn_status s = tn_device_open(backend, 0, &dev);
    check_status("device opens", s);
    if (s == TN_OK) {
        queued_work(dev);
        queued_reductions(dev);
        tn_device_close(dev);
    }
    if (strcmp(backend, "vulkan") == 0)
        pipeline_cache(dir);
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
    printf("%s\n", failures ? "FAILED" : "all passed");
    return failures ? 1 : 0;
}
