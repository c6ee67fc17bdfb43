/* String maps of the parser: names to indices, open addressing, cleared by generation. */
#include "ptx_parser.h"

#include <stdlib.h>

void ptx_strmap_put(ptx_strmap *m, const char *p, uint32_t n, int32_t val)
{
    if ((m->count + 1) * 2 > m->cap) {
        ptx_strmap old = *m;
        m->gen = 1; /* the new table's entries are all 0: empty */
        m->cap = old.cap ? old.cap * 2 : 64;
        m->e = ptx_xcalloc(m->cap, sizeof *m->e);
        for (uint32_t i = 0; i < old.cap; i++)
            if (old.e[i].gen == old.gen) {
                ptx_strmap_entry *moved = ptx_strmap_slot(m, old.e[i].p, old.e[i].n, old.e[i].h);
                *moved = old.e[i];
                moved->gen = m->gen;
            }
        free(old.e);
    }
    uint32_t h = ptx_hash(p, n);
    ptx_strmap_entry *e = ptx_strmap_slot(m, p, n, h);
    if (e->gen != m->gen)
        m->count++;
    *e = (ptx_strmap_entry){p, n, h, val, m->gen};
}

void ptx_strmap_clear(ptx_strmap *m)
{
    m->count = 0;
    if (++m->gen == 0) { /* wrapped: entries of an old generation could look live */
        if (m->cap)
            memset(m->e, 0, m->cap * sizeof *m->e);
        m->gen = 1;
    }
}

void ptx_strmap_free(ptx_strmap *m)
{
    free(m->e);
    *m = (ptx_strmap){0};
}
