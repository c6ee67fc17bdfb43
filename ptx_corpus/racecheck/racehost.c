/* racehost: launches one kernel of a PTX file through the CUDA Driver API so that
 * `compute-sanitizer --tool racecheck` can observe its shared-memory accesses.
 *
 * usage: racehost FILE.ptx KERNEL BLOCK GRID PARAMS
 *   BLOCK   threads per block, or a shape X x Y x Z written `8x8x4` (GRID: blocks along x)
 *   PARAMS  comma-separated, one per kernel parameter: `p` a pointer to its own 16 MiB
 *           buffer, `i4:V` / `i8:V` a 32- / 64-bit integer, `f4:V` / `f8:V` a float / double.
 * Buffers hold small integers (1..63 in every 32-bit word), so data read as an index stays
 * inside them. A kernel declaring `.extern .shared` gets the dynamic shared memory that
 * fits beside its static shared memory, up to 32 KiB. Exits 0 when the launch completed,
 * 2 on a launch or execution error (the message names it), 1 on bad usage. One launch a
 * process: racecheck's summary at the process's end is the launch's. */
#define CUHOST_NAME "racehost"
#include "../cuhost.h"
#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUFFER_BYTES (16u << 20)
#define MAX_PARAMS   64

static CUdeviceptr buffers[MAX_PARAMS];
static uint32_t *fill;

/* One launch: 0 when it completed, 2 when the module, the launch or the kernel failed (the
 * context is then unusable), 1 when the parameter list is malformed. */
static int launch(const char *path, const char *kernel, const unsigned block[3], unsigned grid, char *spec)
{
    char *ptx = read_file(path);
    if (!ptx) {
        fprintf(stderr, "racehost: cannot read %s\n", path);
        return 1;
    }
    CUmodule mod;
    CUfunction fn;
    int rc = check(cuModuleLoadData(&mod, ptx), "cuModuleLoadData");
    if (rc) {
        free(ptx);
        return 2;
    }
    if (check(cuModuleGetFunction(&fn, mod, kernel), "cuModuleGetFunction"))
        rc = 2;

    union {
        CUdeviceptr p;
        int32_t i4;
        int64_t i8;
        float f4;
        double f8;
    } values[MAX_PARAMS];
    void *args[MAX_PARAMS];
    int n = 0, pointers = 0;
    char *save = NULL;
    for (char *tok = strtok_r(spec, ",", &save); tok && !rc; tok = strtok_r(NULL, ",", &save)) {
        if (n == MAX_PARAMS) {
            fprintf(stderr, "racehost: more than %d parameters\n", MAX_PARAMS);
            rc = 1;
            break;
        }
        const char *v = strchr(tok, ':') ? strchr(tok, ':') + 1 : "0";
        if (!strcmp(tok, "p")) {
            if (!buffers[pointers] && check(cuMemAlloc(&buffers[pointers], BUFFER_BYTES), "cuMemAlloc"))
                rc = 2;
            else if (check(cuMemcpyHtoD(buffers[pointers], fill, BUFFER_BYTES), "cuMemcpyHtoD"))
                rc = 2;
            values[n].p = buffers[pointers++];
        } else if (!strncmp(tok, "i4", 2))
            values[n].i4 = (int32_t)strtol(v, NULL, 0);
        else if (!strncmp(tok, "i8", 2))
            values[n].i8 = strtoll(v, NULL, 0);
        else if (!strncmp(tok, "f4", 2))
            values[n].f4 = strtof(v, NULL);
        else if (!strncmp(tok, "f8", 2))
            values[n].f8 = strtod(v, NULL);
        else {
            fprintf(stderr, "racehost: unknown parameter kind '%s'\n", tok);
            rc = 1;
        }
        args[n] = &values[n];
        n++;
    }

    if (!rc) {
        int static_smem = 0;
        cuFuncGetAttribute(&static_smem, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn);
        unsigned dynamic = 0;
        if (strstr(ptx, ".extern .shared")) {
            int room = 48 * 1024 - static_smem;
            dynamic = room > 32 * 1024 ? 32 * 1024 : (unsigned)(room > 0 ? room : 0);
        }
        if (check(cuLaunchKernel(fn, grid, 1, 1, block[0], block[1], block[2], dynamic, NULL, args, NULL), "cuLaunchKernel") ||
            check(cuCtxSynchronize(), "kernel"))
            rc = 2;
    }
    if (rc != 2)
        cuModuleUnload(mod);
    free(ptx);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: racehost FILE.ptx KERNEL BLOCK GRID PARAMS\n");
        return 1;
    }
    CUdevice dev;
    CUcontext ctx;
    if (check(cuInit(0), "cuInit") || check(cuDeviceGet(&dev, 0), "cuDeviceGet") ||
        check(cuCtxCreate(&ctx, NULL, 0, dev), "cuCtxCreate"))
        return 2;
    fill = malloc(BUFFER_BYTES);
    for (size_t i = 0; i < BUFFER_BYTES / 4; i++)
        fill[i] = 1 + (uint32_t)((i * 2654435761u) >> 26) % 63;
    unsigned block[3] = {1, 1, 1};
    if (sscanf(argv[3], "%ux%ux%u", &block[0], &block[1], &block[2]) < 1 || !block[0] || !block[1] || !block[2]) {
        fprintf(stderr, "racehost: bad block '%s' (threads, or a shape such as 8x8x4)\n", argv[3]);
        return 1;
    }
    int rc = launch(argv[1], argv[2], block, (unsigned)atoi(argv[4]), argv[5]);
    if (!rc)
        printf("racehost: %s completed\n", argv[2]);
    return rc;
}
