/* What the corpus's Driver API hosts (racecheck/racehost.c, hopper_pairs/pairhost.c) share: a check
 * of a CUDA call that names the failure, and reading a PTX file whole. CUHOST_NAME prefixes messages. */
#ifndef PTX_CORPUS_CUHOST_H
#define PTX_CORPUS_CUHOST_H

#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>

static int check(CUresult r, const char *what)
{
    if (r == CUDA_SUCCESS)
        return 0;
    const char *name = "?";
    cuGetErrorName(r, &name);
    fprintf(stderr, "%s: %s: %s\n", CUHOST_NAME, what, name);
    return 1;
}

/* The file's text, NUL-terminated; NULL when it cannot be read. */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (text && fread(text, 1, (size_t)n, f) != (size_t)n) {
        free(text);
        text = NULL;
    }
    if (text)
        text[n] = 0;
    fclose(f);
    return text;
}

#endif
