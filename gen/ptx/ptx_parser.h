/* PTX parser internals shared by the parser's files: the string map, the opcode table and modifiers. */
#ifndef TRUENO_PTX_PARSER_H
#define TRUENO_PTX_PARSER_H

#include "ptx_internal.h"

#include <setjmp.h>
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

/* Families of instructions with memory or synchronisation semantics: each has a table of its own
 * in ptx_semantics.c (PTX_FAM_MODIFIERS: only what the modifiers say, .aligned and the scope). */
enum {
    PTX_FAM_NONE,
    PTX_FAM_LD,
    PTX_FAM_ST,
    PTX_FAM_ATOM,
    PTX_FAM_RED,
    PTX_FAM_CP,
    PTX_FAM_MBARRIER,
    PTX_FAM_BAR,
    PTX_FAM_FENCE,
    PTX_FAM_WGMMA,
    PTX_FAM_TENSORMAP,
    PTX_FAM_GRIDDEP,
    PTX_FAM_MULTIMEM,
    PTX_FAM_WMMA,
    PTX_FAM_TEX,
    PTX_FAM_SURFACE_STORE,
    PTX_FAM_SURFACE_REDUCE,
    PTX_FAM_MODIFIERS,
    PTX_FAM_COUNT
};

typedef struct ptx_opcode {
    const char *name;
    uint8_t kind;                 /* ptx_kind */
    uint8_t family;               /* PTX_FAM_* */
    uint8_t min_opnds, max_opnds; /* 0, 0: not checked (ptx_operand_range) */
} ptx_opcode;

const ptx_opcode *ptx_find_opcode(const char *p, uint32_t n); /* NULL when p[0..n) is no PTX opcode */
/* Words among an instruction's modifiers that the parser's steps look at, one bit each (ORDER
 * modifier_words in ptx_opcodes.c). */
enum {
    PTX_W_UNI = 1u << 0,
    PTX_W_TO = 1u << 1,
    PTX_W_ALIGNED = 1u << 2,
    PTX_W_READ = 1u << 3,
    PTX_W_BULK_GROUP = 1u << 4,
    PTX_W_ASYNC = 1u << 5,
    PTX_W_BULK = 1u << 6,
    PTX_W_CAS = 1u << 7,
    PTX_W_BOOL_OP = 1u << 8, /* .and .or .xor */
    PTX_W_RS = 1u << 9,
    PTX_W_SYNC = 1u << 10,
    PTX_W_F32 = 1u << 11,
    PTX_W_L2_CACHE_HINT = 1u << 12,
    PTX_W_ARRIVE = 1u << 13,
    PTX_W_CTA = 1u << 14,
    PTX_W_CLUSTER = 1u << 15,
    PTX_W_GPU = 1u << 16, /* .gpu, membar's .gl */
    PTX_W_SYS = 1u << 17,
    PTX_W_RELAXED = 1u << 18, /* .relaxed .weak .volatile .mmio */
    PTX_W_ACQUIRE = 1u << 19,
    PTX_W_RELEASE = 1u << 20,
    PTX_W_ACQ_REL = 1u << 21,    /* .acq_rel .sc */
    PTX_W_ON_CLUSTER = 1u << 22, /* ...::cluster: .shared::cluster, .multicast::cluster */
    PTX_W_MBARRIER_TX = 1u << 23 /* .mbarrier::complete_tx::bytes */
};

/* What an instruction's modifiers say, read once (ptx_classify_modifiers) for every step after. */
typedef struct ptx_mod_info {
    uint32_t words;   /* PTX_W_* */
    uint8_t space[2]; /* the first two state spaces named: a copy's destination, then its source */
    uint8_t nspaces;  /* how many are named (2 at most counted) */
    int last_type;    /* the index of the last type modifier (cvt's and set's source type), -1 */
} ptx_mod_info;

/* The fewest and the most operands ptxas takes for the instruction, with its modifiers; false when
 * the opcode's count is not checked. */
bool ptx_operand_range(const ptx_opcode *oi, const ptx_mod_info *mi, const ptx_token *mods, uint32_t nmods,
                       uint32_t *min, uint32_t *max);
int ptx_type_bits(const ptx_token *t);    /* .u32 -> 32, .pred -> 1; -1: not a type */
uint8_t ptx_class_of_bits(int bits);      /* ptx_reg_class of a type of that width */
uint8_t ptx_space_of(const ptx_token *t); /* .shared::cta -> PTX_SP_SHARED; else NONE */
/* The kind, state space, vector width and type size an instruction's modifiers give it, and *mi. */
void ptx_classify_modifiers(ptx_instr *in, const ptx_token *mods, ptx_mod_info *mi);
/* The memory semantics of an instruction of that family (ptx_semantics.c): reads, writes, sync,
 * sync_on, scope and sem. */
void ptx_classify_semantics(ptx_instr *in, const ptx_token *mods, const ptx_mod_info *mi, uint8_t family);
/* The instruction against the module's .version and .target (ptx_gates.c): fails the parse with
 * what it needs when ptxas would refuse it there; the same for a cluster special register. */
struct ptx_parser;
void ptx_check_gates(struct ptx_parser *ps, const ptx_instr *in, const ptx_opcode *oi);
void ptx_check_special_reg_gate(struct ptx_parser *ps, const ptx_token *t);
uint16_t ptx_target_bit(const char *target); /* 0 for a target the parser does not know */

/* tok_is for a string literal: its length is known at compile time. */
#define TOK_IS(t, lit) ((t)->n == sizeof(lit) - 1 && memcmp((t)->p, lit, sizeof(lit) - 1) == 0)

/* ---- the parser's state: ptx_parse.c drives it, ptx_operands.c parses instructions ---- */

typedef struct ptx_range_decl {
    const char *p;
    uint32_t n;
    uint64_t count;
    uint8_t cls, kind;
    uint32_t depth;  /* of the scope declaring it (ptx_binding) */
    int32_t *ids;    /* register id + 1 of members 0 .. nids-1 used so far (direct index, no hashing) */
    uint32_t nids;   /* grows with the highest such member used */
    ptx_strmap wide; /* members from PTX_RANGE_DIRECT on, by their digits */
} ptx_range_decl;

/* Members of a %r<N> range below this are found by index; the others through a map. */
enum { PTX_RANGE_DIRECT = 1 << 16 };

/* What a name in a scope stands for (ptx_scope.c). */
enum { PTX_NAME_REG, PTX_NAME_SYM, PTX_NAME_LABEL };

/* A name bound in a scope; the map holds the innermost binding of each name, which remembers the
 * one it hides until its scope closes. */
typedef struct ptx_binding {
    uint8_t kind;   /* PTX_NAME_* */
    uint32_t depth; /* 1: the function's parameters and body, 2 and on: the { } blocks inside it */
    int32_t id;     /* register id, symbol index, or the instruction a label points at */
    int32_t hidden; /* the binding of the same name in an enclosing scope, or -1 */
    const char *p;
    uint32_t n;
} ptx_binding;

/* Where a scope's bindings, ranges and pending branch targets start. */
typedef struct ptx_scope_mark {
    uint32_t nbinds, nranges, nfixups;
} ptx_scope_mark;

typedef struct ptx_fixup {
    uint32_t ins, opnd;
    const char *p;
    uint32_t n, line, col;
} ptx_fixup;

/* An operand whose name is not known yet (a label defined further on): its place among the pending
 * operands and the name. */
typedef struct ptx_unresolved {
    uint32_t at;
    ptx_token name;
} ptx_unresolved;

/* The value of a constant expression: ptxas keeps integers and floats apart. */
typedef struct ptx_const {
    bool is_float;
    int64_t i;
    double d;
} ptx_const;

/* An operator waiting on the stack of a constant expression: a binary operator, a unary one, or '('. */
typedef struct ptx_expr_op {
    char c; /* + - * / % & | ^ ~ ! < > ? :, L R for << >>, l g = ! a o for <= >= == != && ||, '(' */
    int8_t prec;
    bool unary;
} ptx_expr_op;

typedef struct ptx_parser {
    ptx_module *m;
    ptx_lexer lx;
    ptx_token tok, next;
    bool has_next;
    ptx_function *f;
    void (*parsed)(void *arg, ptx_function *f); /* each function once its body is read (ptx_parse) */
    void *parsed_arg;
    jmp_buf fail;
    ptx_strmap globals; /* the module's variables and functions: symbol index */
    ptx_strmap locals;  /* registers, variables and labels of the function's scopes: binding */
    ptx_binding *binds;
    uint32_t nbinds, bindc;
    const char *looked_up;     /* the name ptx_lookup_reg looked up last, and its binding */
    int32_t looked_up_binding; /* (the maps do not change between it and ptx_lookup_sym) */
    ptx_scope_mark *scopes;    /* open scopes: 0 at module level, 1 in a function, more in its { } blocks */
    uint32_t nscopes, scopec;
    ptx_range_decl *ranges;
    uint32_t nranges, rangec;
    ptx_fixup *fixups;
    uint32_t nfixups, fixupc;
    ptx_operand *pend; /* the current instruction's top-level operands, then a list's elements */
    uint32_t npend, pendc;
    ptx_unresolved *unres; /* the names among them not known yet */
    uint32_t nunres, unresc;
    ptx_mod_info mod_info;                       /* the current instruction's */
    uint32_t last_nins, last_nopnds, last_nmods; /* the sizes of the last function's arrays */
    ptx_const *vals;                             /* constant expressions: values and operators waiting */
    uint32_t nvals, valc;
    ptx_expr_op *eops;
    uint32_t neops, eopc;
} ptx_parser;

static inline bool ptx_punct(const ptx_token *t, char c)
{
    return t->kind == PTX_T_PUNCT && t->p[0] == c;
}

/* Classes of characters, one bit each (ptx_char_class in ptx_parse.c). */
enum {
    PTX_CH_FORM = 1,      /* of an opcode or a modifier: [A-Za-z0-9_$.:] */
    PTX_CH_LONE_PUNCT = 2 /* a punctuation token whatever follows (the lexer's ; , { } ( ) [ ] @ + - * ~ ? ^ :) */
};
extern const uint8_t ptx_char_class[256];

/* The next token into *t: a lone punctuation right at the lexer's place without calling it. */
static inline void ptx_next_token(ptx_lexer *lx, ptx_token *t)
{
    const char *c = lx->cur;
    if (!(ptx_char_class[(unsigned char)*c] & PTX_CH_LONE_PUNCT)) { /* most operands end at one right after them */
        ptx_lex(lx, t);
        return;
    }
    *t = (ptx_token){.p = c, .n = 1, .kind = PTX_T_PUNCT, .line = lx->line, .col = (uint32_t)(c - lx->line_start) + 1};
    lx->cur = c + 1;
}

static inline void ptx_advance(ptx_parser *ps)
{
    if (ps->has_next) {
        ps->tok = ps->next;
        ps->has_next = false;
    } else {
        ptx_next_token(&ps->lx, &ps->tok);
    }
}

static inline const ptx_token *ptx_peek(ptx_parser *ps)
{
    if (!ps->has_next) {
        ptx_next_token(&ps->lx, &ps->next);
        ps->has_next = true;
    }
    return &ps->next;
}

/* A PTX_SYNTAX finding at line:col with the formatted message; parsing stops. */
_Noreturn void ptx_fail_at(ptx_parser *ps, uint32_t line, uint32_t col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
_Noreturn void ptx_expected(ptx_parser *ps, const char *what); /* "expected X, found 'tok'" */
void ptx_expect_punct(ptx_parser *ps, char c, const char *what);

/* ---- names in scopes (ptx_scope.c) ---- */
void ptx_open_scope(ptx_parser *ps);
/* Resolves the branch targets the scope defines (at the function's scope: fails on those left)
 * and forgets its names. */
void ptx_close_scope(ptx_parser *ps);
void ptx_free_scopes(ptx_parser *ps);
int ptx_special_reg(ptx_parser *ps);    /* the current token's special register id (consuming .x/.y/.z/.w), or -1 */
int32_t ptx_lookup_sym(ptx_parser *ps); /* the variable or function the current token names, or -1 */
int32_t ptx_lookup_global(ptx_parser *ps, const ptx_token *name);
/* Declarations in the innermost scope; each fails on a name that scope has already. */
int32_t ptx_declare_reg(ptx_parser *ps, const ptx_token *name, uint8_t cls, uint8_t kind);
void ptx_declare_range(ptx_parser *ps, const ptx_token *name, uint64_t count, uint8_t cls, uint8_t kind);
int32_t ptx_declare_symbol(ptx_parser *ps, const ptx_token *name, uint8_t space, int64_t size);
/* In the module's scope whatever the scope open: a function's name. */
int32_t ptx_declare_global(ptx_parser *ps, const ptx_token *name, uint8_t space, int64_t size);
void ptx_declare_label(ptx_parser *ps, const ptx_token *name); /* at the next instruction */
/* A branch target or other name not known yet, resolved when its scope closes. */
void ptx_add_fixup(ptx_parser *ps, uint32_t opnd, const ptx_token *t);

/* A register's name is looked up some three times: ptx_find_reg keeps its answer for names of at most
 * 8 characters, by their bytes as one word, until the scopes change (gen). Kept per thread, so that
 * no parse clears a table. */
typedef struct ptx_reg_memo {
    uint64_t name;
    uint32_t gen;
    int32_t reg;
} ptx_reg_memo;

enum { PTX_REG_MEMO_BITS = 10 };
extern _Thread_local ptx_reg_memo ptx_reg_memos[1 << PTX_REG_MEMO_BITS];
extern _Thread_local uint32_t ptx_reg_memo_gen;

/* The bytes of a name of at most 8 characters as one word (0 past its end), read at once: its text
 * must be followed by 7 readable bytes. */
static inline uint64_t ptx_short_name(const char *p, uint32_t n)
{
    uint64_t w, one = 1;
    unsigned char low;
    memcpy(&w, p, sizeof w);
    memcpy(&low, &one, 1); /* little-endian: the name is the word's low bytes */
    return low ? w & (~0ull >> (64 - 8 * n)) : w & (~0ull << (64 - 8 * n));
}

/* The memo of the current token's name, or NULL for a name too long or too near the text's end. */
static inline ptx_reg_memo *ptx_reg_memo_of(const ptx_parser *ps, const ptx_token *t, uint64_t *name)
{
    if (t->n - 1 >= 8 || ps->lx.lim - t->p < 7)
        return NULL;
    *name = ptx_short_name(t->p, t->n);
    return &ptx_reg_memos[(*name * 0x9E3779B97F4A7C15ull) >> (64 - PTX_REG_MEMO_BITS)];
}

/* The register the current token names through the scopes, or -1; kept in memo (when not NULL) under
 * name (ptx_scope.c). */
int32_t ptx_find_reg(ptx_parser *ps, ptx_reg_memo *memo, uint64_t name);

/* The register the current token names, or -1. */
static inline int32_t ptx_lookup_reg(ptx_parser *ps)
{
    uint64_t name = 0;
    ptx_reg_memo *memo = ptx_reg_memo_of(ps, &ps->tok, &name);
    if (memo && memo->name == name && memo->gen == ptx_reg_memo_gen)
        return memo->reg;
    return ptx_find_reg(ps, memo, name);
}

/* ---- instructions and constant expressions (ptx_operands.c) ---- */
int64_t ptx_int_value(const ptx_token *t); /* an integer literal's value */
/* A constant expression (C's operators; WARP_SZ is 32). */
ptx_const ptx_parse_const(ptx_parser *ps);
void ptx_parse_instruction(ptx_parser *ps);

#endif
