/* pairhost: runs two kernels of one PTX file that differ only in their synchronisation (one right,
 * one with a race the analyzer reports) on the same inputs, many times, and counts the launches whose
 * outputs differ from the right kernel's: a race the device shows, as wrong results.
 *
 * usage: pairhost FILE.ptx RIGHT RACY BLOCK GRID RUNS PARAMS
 *   PARAMS  comma-separated, one per kernel parameter: `f` a buffer of floats in [0, 1), `h` of halves
 *           in [0, 1), `i4:V` a 32-bit integer, `f4:V` a float. Buffers are 16 MiB each.
 * Prints one line: the kernels, the runs, the runs whose outputs differed, the most words that
 * differed in one run, and whether the right kernel gave the same outputs every time. Exits 0 when
 * every launch completed, 2 on a launch or execution error, 1 on bad usage. */
#define CUHOST_NAME "pairhost"
#include "../cuhost.h"
#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUFFER_BYTES (16u << 20)
#define MAX_PARAMS   16

static uint32_t next(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*s >> 33);
}

typedef struct param {
    char kind; /* f, h: buffer; i: int; g: float */
    CUdeviceptr dev;
    uint32_t *init, *out;
    int32_t i;
    float g;
} param;

static int parse(char *spec, param *p, int *np)
{
    for (char *tok = strtok(spec, ","); tok; tok = strtok(NULL, ",")) {
        if (*np == MAX_PARAMS)
            return 1;
        param *q = &p[(*np)++];
        memset(q, 0, sizeof *q);
        if (!strcmp(tok, "f") || !strcmp(tok, "h"))
            q->kind = tok[0];
        else if (!strncmp(tok, "i4:", 3))
            q->kind = 'i', q->i = (int32_t)strtol(tok + 3, NULL, 0);
        else if (!strncmp(tok, "f4:", 3))
            q->kind = 'g', q->g = strtof(tok + 3, NULL);
        else
            return 1;
    }
    return 0;
}

/* launches `fn` on fresh copies of the inputs and reads every buffer back into out */
static int run(CUfunction fn, param *p, int np, int block, int grid)
{
    void *args[MAX_PARAMS];
    for (int k = 0; k < np; k++) {
        if (p[k].kind == 'f' || p[k].kind == 'h') {
            if (check(cuMemcpyHtoD(p[k].dev, p[k].init, BUFFER_BYTES), "copy in"))
                return 2;
            args[k] = &p[k].dev;
        } else {
            args[k] = p[k].kind == 'i' ? (void *)&p[k].i : (void *)&p[k].g;
        }
    }
    if (check(cuLaunchKernel(fn, (unsigned)grid, 1, 1, (unsigned)block, 1, 1, 0, NULL, args, NULL), "launch") ||
        check(cuCtxSynchronize(), "execution"))
        return 2;
    for (int k = 0; k < np; k++)
        if ((p[k].kind == 'f' || p[k].kind == 'h') && check(cuMemcpyDtoH(p[k].out, p[k].dev, BUFFER_BYTES), "copy out"))
            return 2;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 8) {
        fprintf(stderr, "usage: pairhost FILE.ptx RIGHT RACY BLOCK GRID RUNS PARAMS\n");
        return 1;
    }
    int block = atoi(argv[4]), grid = atoi(argv[5]), runs = atoi(argv[6]), np = 0;
    param p[MAX_PARAMS];
    char *text = read_file(argv[1]);
    if (!text || block <= 0 || grid <= 0 || runs <= 0 || parse(argv[7], p, &np)) {
        fprintf(stderr, "pairhost: bad arguments or unreadable %s\n", argv[1]);
        return 1;
    }
    CUdevice dev;
    CUcontext ctx;
    CUmodule mod;
    CUfunction right, racy;
    char log[8192] = "";
    CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *vals[] = {log, (void *)(uintptr_t)sizeof log};
    if (check(cuInit(0), "init") || check(cuDeviceGet(&dev, 0), "device") || check(cuCtxCreate(&ctx, NULL, 0, dev), "context"))
        return 2;
    if (cuModuleLoadDataEx(&mod, text, 2, opts, vals) != CUDA_SUCCESS) {
        fprintf(stderr, "pairhost: the PTX does not load: %s\n", log);
        return 2;
    }
    if (check(cuModuleGetFunction(&right, mod, argv[2]), argv[2]) || check(cuModuleGetFunction(&racy, mod, argv[3]), argv[3]))
        return 2;
    uint64_t seed = 12345;
    for (int k = 0; k < np; k++) {
        if (p[k].kind != 'f' && p[k].kind != 'h')
            continue;
        p[k].init = malloc(BUFFER_BYTES);
        p[k].out = malloc(BUFFER_BYTES);
        if (!p[k].init || !p[k].out || check(cuMemAlloc(&p[k].dev, BUFFER_BYTES), "alloc"))
            return 2;
        for (uint32_t w = 0; w < BUFFER_BYTES / 4; w++) {
            uint32_t r = next(&seed);
            if (p[k].kind == 'f') {
                float v = (float)(r >> 8) / 16777216.0f;
                memcpy(&p[k].init[w], &v, 4);
            } else { /* two halves in [0, 1): exponent 14 or below, any mantissa */
                uint32_t lo = (r & 0x3FF) | ((10 + (r >> 10) % 5) << 10), hi = ((r >> 16) & 0x3FF) | ((10 + (r >> 26) % 5) << 10);
                p[k].init[w] = lo | hi << 16;
            }
        }
    }
    /* the right kernel's outputs, then each run of both against them */
    uint32_t **want = calloc((size_t)np, sizeof *want);
    if (run(right, p, np, block, grid))
        return 2;
    for (int k = 0; k < np; k++)
        if (p[k].out) {
            want[k] = malloc(BUFFER_BYTES);
            memcpy(want[k], p[k].out, BUFFER_BYTES);
        }
    int differed = 0, right_stable = 1;
    long most = 0;
    for (int r = 0; r < runs; r++) {
        for (int which = 0; which < 2; which++) {
            if (run(which ? racy : right, p, np, block, grid))
                return 2;
            long words = 0;
            for (int k = 0; k < np; k++)
                for (uint32_t w = 0; want[k] && w < BUFFER_BYTES / 4; w++)
                    words += p[k].out[w] != want[k][w];
            if (!which)
                right_stable &= words == 0;
            else {
                differed += words > 0;
                most = words > most ? words : most;
            }
        }
    }
    printf("%s vs %s: %d runs, %d with different outputs (at most %ld words), %s kernel the same every run\n",
           argv[3], argv[2], runs, differed, most, right_stable ? "right" : "RIGHT KERNEL NOT");
    return 0;
}
