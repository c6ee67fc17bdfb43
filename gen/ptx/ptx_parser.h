/* PTX parser internals shared by the parser's files: the string map, the opcode table and modifiers. */
#ifndef TRUENO_PTX_PARSER_H
#define TRUENO_PTX_PARSER_H

#include "ptx_internal.h"

#include <string.h>

/* ---- a string map: (pointer, length) -> int, open addressing (ptx_strmap.c) ---- */

typedef struct ptx_strmap_entry {
    const char *p;
    uint32_t n, h;
    int32_t val;
    uint32_t gen; /* live only when equal to the map's gen */
} ptx_strmap_entry;

/* Clearing bumps gen instead of zeroing the table: a module's maps are cleared per function,
 * and the table keeps the size of the largest function. */
typedef struct ptx_strmap {
    ptx_strmap_entry *e;
    uint32_t cap, count, gen;
} ptx_strmap;

static inline uint32_t ptx_hash(const char *p, uint32_t n)
{
    uint32_t h = 2166136261u;
    for (uint32_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)p[i]) * 16777619u;
    return h;
}

static inline ptx_strmap_entry *ptx_strmap_slot(const ptx_strmap *m, const char *p, uint32_t n, uint32_t h)
{
    uint32_t mask = m->cap - 1;
    for (uint32_t i = h & mask;; i = (i + 1) & mask) {
        ptx_strmap_entry *e = &m->e[i];
        if (e->gen != m->gen || (e->h == h && e->n == n && memcmp(e->p, p, n) == 0))
            return e;
    }
}

/* The value stored for the name, or -1. */
static inline int32_t ptx_strmap_get(const ptx_strmap *m, const char *p, uint32_t n)
{
    if (!m->cap)
        return -1;
    ptx_strmap_entry *e = ptx_strmap_slot(m, p, n, ptx_hash(p, n));
    return e->gen == m->gen ? e->val : -1;
}

void ptx_strmap_put(ptx_strmap *m, const char *p, uint32_t n, int32_t val);
void ptx_strmap_clear(ptx_strmap *m);
void ptx_strmap_free(ptx_strmap *m);

/* ---- opcodes and their modifiers (ptx_opcodes.c) ---- */

typedef struct ptx_opcode {
    const char *name;
    uint8_t kind; /* ptx_kind */
} ptx_opcode;

const ptx_opcode *ptx_find_opcode(const char *p, uint32_t n); /* NULL when p[0..n) is no PTX opcode */
int ptx_type_bits(const ptx_token *t);                        /* .u32 -> 32, .pred -> 1; -1: not a type */
uint8_t ptx_class_of_bits(int bits);                          /* ptx_reg_class of a type of that width */
uint8_t ptx_space_of(const ptx_token *t);                     /* .shared::cta -> PTX_SP_SHARED; else NONE */
/* The kind, state space, vector width and type size an instruction's modifiers give it. */
void ptx_classify_modifiers(ptx_instr *in, const ptx_token *mods);

/* tok_is for a string literal: its length is known at compile time. */
#define TOK_IS(t, lit) ((t)->n == sizeof(lit) - 1 && memcmp((t)->p, lit, sizeof(lit) - 1) == 0)

#endif
