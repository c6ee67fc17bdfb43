/* The kernel source registry against the generated files, and the work each op's spec counts. */
#define _POSIX_C_SOURCE 200809L
#include "test_profiler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* FNV-1a 64 of a file's bytes; false when it cannot be read. */
static bool hash_file(const char *path, uint64_t *hash)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    uint64_t h = 14695981039346656037ull;
    for (int c; (c = getc(f)) != EOF;)
        h = (h ^ (uint64_t)c) * 1099511628211ull;
    fclose(f);
    *hash = h;
    return true;
}

/* A shader's hash as tngen computes it: over its words' little-endian bytes, on any host. */
static uint64_t hash_words(const tn_shader *s)
{
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < s->nwords; i++)
        for (int b = 0; b < 4; b++)
            h = (h ^ ((s->words[i] >> (8 * b)) & 0xFF)) * 1099511628211ull;
    return h;
}

static bool file_exists(const char *root, const char *path)
{
    char full[1024];
    snprintf(full, sizeof full, "%s/generated/%s", root, path);
    FILE *f = fopen(full, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

/* An op's PTX: its hash is the text's, the registry row names its file (which hashes alike) and
 * every entry point. */
static int check_ptx(const char *root, const tn_op *op)
{
    const tn_kernel_source *k = tn_kernel_source_find(op->ptx_hash);
    uint64_t text = tn_fnv1a64(op->ptx, strlen(op->ptx)), file = 0;
    char path[1024], want[256];
    snprintf(want, sizeof want, "ptx/%s.ptx", op->name);
    snprintf(path, sizeof path, "%s/generated/%s", root, want);
    bool ok = k && op->ptx_hash == text && strcmp(k->backend, "cuda") == 0 && strcmp(k->op, op->name) == 0 &&
              strcmp(k->path, want) == 0 && !k->listing && hash_file(path, &file) && file == text;
    for (unsigned e = 0; ok && e < op->ncuda_entries; e++)
        ok = strstr(k->entries, op->cuda_entries[e]) != NULL;
    if (!ok)
        check(false, "PTX in the registry", "%s: hash %016llx, text %016llx, file %016llx, row %s", op->name,
              (unsigned long long)op->ptx_hash, (unsigned long long)text, (unsigned long long)file,
              k ? k->path : "none");
    return ok;
}

static int check_shaders(const char *root, const tn_op *op)
{
    int good = 0;
    for (unsigned i = 0; i < op->nshaders; i++) {
        const tn_shader *s = &op->shaders[i];
        const tn_kernel_source *k = tn_kernel_source_find(s->hash);
        bool ok = k && s->hash == hash_words(s) && strcmp(k->backend, "vulkan") == 0 &&
                  strcmp(k->op, op->name) == 0 && strcmp(k->entries, "main") == 0 && file_exists(root, k->path) &&
                  k->listing && file_exists(root, k->listing);
        if (!ok)
            check(false, "SPIR-V in the registry", "%s shader %u: hash %016llx, words %016llx, row %s", op->name, i,
                  (unsigned long long)s->hash, (unsigned long long)hash_words(s), k ? k->path : "none");
        good += ok;
    }
    return good;
}

/* The work of a call, as the spec counts it, at a shape. */
static void check_work(const char *name, const size_t *dims, double flops, double bytes)
{
    for (int i = 0; i < tn_op_count; i++)
        if (strcmp(tn_ops[i]->name, name) == 0) {
            double f = tn_ops[i]->flops(dims), b = tn_ops[i]->bytes(dims);
            check(f == flops && b == bytes, "work from the spec", "%s: %g flops, %g bytes (expected %g, %g)", name, f,
                  b, flops, bytes);
            return;
        }
    check(false, "work from the spec", "no op %s", name);
}

int run_registry(const char *root)
{
    int ptx = 0, spirv = 0, modules = 0;
    for (int i = 0; i < tn_op_count; i++) {
        const tn_op *op = tn_ops[i];
        if (op->ptx) {
            ptx += check_ptx(root, op);
            modules++;
        }
        spirv += check_shaders(root, op);
        modules += (int)op->nshaders;
    }
    check(ptx + spirv == modules && modules == tn_kernel_source_count, "every module leads to its file",
          "%d PTX and %d SPIR-V of %d modules, %d rows", ptx, spirv, modules, tn_kernel_source_count);
    bool sorted = true;
    for (int i = 1; i < tn_kernel_source_count; i++)
        sorted = sorted && tn_kernel_sources[i - 1].hash < tn_kernel_sources[i].hash;
    check(sorted, "rows sorted by hash, no two alike", NULL);
    check(!tn_kernel_source_find(tn_kernel_sources[0].hash - 1) && !tn_kernel_source_find(0) &&
              !tn_kernel_source_find(UINT64_MAX),
          "an unknown hash finds nothing", NULL);
    size_t n[2] = {1000, 0}, rows[2] = {8, 125};
    check_work("add", n, 1000, 12000);     /* one add; x, y read, z written */
    check_work("axpy", n, 2000, 12000);    /* an fma; x read, y read and written */
    check_work("sum", n, 1000, 4000);      /* one add per element, x read */
    check_work("rmsnorm", rows, 4000, 8500); /* x read, y written, w once per column */
    return failures != 0;
}
