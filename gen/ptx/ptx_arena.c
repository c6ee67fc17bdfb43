/* Memory: the arena a module's IR and messages live in (freed at once), and calloc that aborts on failure. */
#include "ptx_internal.h"

#include <stdlib.h>
#include <string.h>

struct ptx_arena_block {
    ptx_arena_block *next;
    size_t size;
};

void *ptx_alloc(ptx_arena *a, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    if ((size_t)(a->end - a->cur) < size) {
        size_t want = size + 32 > 65536 ? size + 32 : 65536;
        ptx_arena_block *b = malloc(want + 32);
        if (!b)
            abort();
        b->next = a->head;
        b->size = want;
        a->head = b;
        a->cur = (char *)b + 32;
        a->end = a->cur + want;
    }
    void *p = a->cur;
    a->cur += size;
    memset(p, 0, size);
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

void *ptx_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        abort();
    return p;
}
