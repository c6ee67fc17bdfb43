/* Memory: a module's arena (freed at once), growable arrays, and calloc that says when memory runs out. */
#include "ptx_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ptx_arena_block {
    ptx_arena_block *next;
    size_t size;
};

void *ptx_alloc(ptx_arena *a, size_t size)
{
    return memset(ptx_alloc_raw(a, size), 0, (size + 15) & ~(size_t)15);
}

void *ptx_alloc_raw(ptx_arena *a, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    if ((size_t)(a->end - a->cur) < size) {
        size_t least = a->block ? a->block : 65536, want = size + 32 > least ? size + 32 : least;
        ptx_arena_block *b = malloc(want + 32);
        if (!b)
            ptx_out_of_memory(want + 32);
        b->next = a->head;
        b->size = want;
        a->head = b;
        a->cur = (char *)b + 32;
        a->end = a->cur + want;
    }
    void *p = a->cur;
    a->cur += size;
    return p;
}

void ptx_arena_free(ptx_arena *a)
{
    for (ptx_arena_block *b = a->head, *n; b; b = n) {
        n = b->next;
        free(b);
    }
    a->head = NULL;
    a->cur = a->end = NULL;
}

/* A scratch arena is rewound between functions: when the last one needed several blocks, they are
 * replaced by one as large as all of them, so that a steady size is reached in one step. */
void ptx_arena_rewind(ptx_arena *a)
{
    if (!a->head)
        return;
    if (a->head->next) {
        size_t total = 0;
        for (ptx_arena_block *b = a->head; b; b = b->next)
            total += b->size;
        ptx_arena_free(a);
        ptx_arena_block *b = malloc(total + 32);
        if (!b)
            ptx_out_of_memory(total + 32);
        b->next = NULL;
        b->size = total;
        a->head = b;
    }
    a->cur = (char *)a->head + 32;
    a->end = a->cur + a->head->size;
}

void ptx_out_of_memory(size_t bytes)
{
    fprintf(stderr, "ptx analyzer: out of memory (asking for %zu more bytes)\n", bytes);
    abort();
}

void *ptx_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        ptx_out_of_memory(n * size);
    return p;
}

void *ptx_xmalloc(size_t n, size_t size)
{
    void *p = malloc((n ? n : 1) * size);
    if (!p)
        ptx_out_of_memory(n * size);
    return p;
}

void ptx_grow(void **arr, uint32_t *cap, size_t elem)
{
    uint32_t want = *cap ? 2 * *cap : 64;
    if (want <= *cap) /* 2^32 elements: more than a 256 MiB file can hold, but never wrap */
        ptx_out_of_memory((size_t)*cap * elem);
    void *grown = realloc(*arr, (size_t)want * elem);
    if (!grown)
        ptx_out_of_memory((size_t)want * elem);
    *arr = grown;
    *cap = want;
}

void ptx_reserve(void **arr, uint32_t *cap, uint32_t n, size_t elem)
{
    if (*arr || !n)
        return;
    *arr = malloc((size_t)n * elem);
    if (!*arr)
        ptx_out_of_memory((size_t)n * elem);
    *cap = n;
}
