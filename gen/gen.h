/* tngen: shared declarations of the generator (buffers, specs, IR, emitters). */
#ifndef TN_GEN_H
#define TN_GEN_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- growable text buffer (gen_buf.c) ---- */

typedef struct gen_buf {
    char *data;
    size_t len, cap;
} gen_buf;

void gen_buf_free(gen_buf *b);
void gen_buf_put(gen_buf *b, const char *s);
void gen_buf_putn(gen_buf *b, const char *s, size_t n);
void gen_buf_printf(gen_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void gen_buf_vprintf(gen_buf *b, const char *fmt, va_list ap);
char *gen_buf_take(gen_buf *b); /* returns the text (never NULL) and empties the buffer */
char *gen_strdup(const char *s);
char *gen_strfmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void *gen_xmalloc(size_t n);
void *gen_xrealloc(void *p, size_t n);
char *gen_read_file(const char *path, size_t *len); /* NULL (errno set) on failure */

/* Reports an error and exits non-zero; nothing has been written at that point. */
_Noreturn void gen_die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- the set of output files, written at the end (gen_output.c) ---- */

typedef struct gen_file {
    char *path;    /* relative to the output folder */
    char *content; /* text, or binary when size is set */
    size_t size;
    bool internal; /* passed between emitters, never written */
} gen_file;

typedef struct gen_outputs {
    gen_file *files;
    int count, cap;
    bool quiet;
    gen_buf ptx_findings; /* the PTX analyzer's warnings, as manifest.json array items */
} gen_outputs;

void gen_output_add(gen_outputs *o, const char *path, char *content);
void gen_output_add_internal(gen_outputs *o, const char *path, char *content);
/* Writes every file atomically (temporary file + rename), leaves unchanged files untouched and
 * removes files of earlier runs that this run did not produce. */
int gen_output_commit(gen_outputs *o, const char *out_dir);
void gen_outputs_free(gen_outputs *o);

/* ---- expression DAG (gen_ir.c) ---- */

typedef enum gen_type { GEN_F32, GEN_I32, GEN_MASK } gen_type;

enum { GEN_MAX_ARGS = 3 };

typedef struct gen_node {
    const char *prim; /* primitive name, or "const" / "param" */
    gen_type type;
    int args[GEN_MAX_ARGS];
    int nargs;
    int imm[GEN_MAX_ARGS]; /* immediate operands (shift counts), where args[i] < 0 */
    double value;          /* const: the value (f32 constants are rounded to float) */
    int param;             /* param: its position in the function's parameter list */
    int fallback;          /* the same value from other primitives, for targets that do not spell prim; -1 */
} gen_node;

typedef struct gen_dag {
    gen_node *nodes; /* topological order: a node's operands come before it */
    int count, cap;
    int root;
} gen_dag;

int gen_dag_add(gen_dag *d, const gen_node *n); /* returns the index of an equal node if any */
const char *gen_type_name(gen_type t);
/* Exact C spelling of a constant: hex float for f32 ("0x1.8p+23f"), decimal for i32. */
void gen_const_c(gen_buf *b, const gen_node *n);
uint32_t gen_f32_bits(double v);

/* How a C-like language (C with intrinsics, GLSL) spells typed temporaries and calls. */
typedef struct gen_c_style {
    const struct gen_target *target; /* whose spellings decide which primitives are native */
    const char *types[3];     /* indexed by gen_type */
    const char *prefix;       /* of primitive functions: p_add(...) */
    const char *fn_qualifier; /* "static inline" in C, "" in GLSL */
    void (*constant)(gen_buf *b, const gen_node *n);
    const char *result_qualifier; /* on each f32 primitive's result ("precise" in GLSL), or NULL */
} gen_c_style;

struct gen_fn;
struct gen_spec;
struct gen_target;

/* How a function lowers on one target: nodes whose primitive the target does not spell are
 * replaced by their fallback (alias), and only nodes the result needs are live. */
typedef struct gen_plan {
    int *alias;
    bool *live;
} gen_plan;

void gen_plan_make(gen_plan *p, const struct gen_fn *fn, const struct gen_target *t);
void gen_plan_free(gen_plan *p);
/* Statements computing fn's DAG, one per node, ending in a return of its root. */
void gen_lower_c(gen_buf *body, const struct gen_fn *fn, const gen_c_style *st, const char *indent);
/* One function per primitive, its body the target's spelling (macros where an operand is an immediate). */
void gen_prim_functions(gen_buf *b, const struct gen_spec *spec, const struct gen_target *t, const gen_c_style *st);

/* ---- specs read from Lua (gen_spec.c) ---- */

typedef enum gen_role { GEN_VEC, GEN_OUT, GEN_INOUT, GEN_SCALAR } gen_role;
typedef enum gen_kind { GEN_MAP, GEN_REDUCE, GEN_ARGREDUCE } gen_kind;

enum { GEN_MAX_OP_ARGS = 8 };

typedef struct gen_arg {
    char *name;
    gen_role role;
} gen_arg;

typedef struct gen_fn {
    gen_dag dag;
    int nparams;
    char *params[GEN_MAX_OP_ARGS + 1];
} gen_fn;

typedef struct gen_op {
    char *name, *file, *doc;
    int line;
    gen_kind kind;
    gen_arg args[GEN_MAX_OP_ARGS];
    int nargs;
    gen_fn map;                     /* map: inputs (vec, inout, scalar) -> output */
    gen_fn step, combine, final;    /* reduce (final.dag.count == 0 when absent) */
    gen_fn better;                  /* argreduce: (x, best) -> mask */
    double init;                    /* reduce/argreduce: accumulator's initial value */
    double ulp, rel, abs;           /* accuracy: ulp bound, or rel * `of` + abs */
    char *rel_of;                   /* C expression in double, summed for reductions */
    bool exact;
    char *ref_expr;                 /* map: reference in double */
    char *ref_init, *ref_step, *ref_final, *ref_better;
    double domain[2];               /* test inputs are drawn from this range */
    char **targets;                 /* NULL-terminated list, NULL for every target */
    long long *bench_sizes, *gpu_sizes; /* what the benchmarks time; NULL: the defaults */
    int nbench_sizes, ngpu_sizes;
    double bench_domain[2];         /* benchmark inputs; the test domain unless the spec says */
} gen_op;

typedef enum gen_target_kind { GEN_CPU, GEN_PTX, GEN_GLSL } gen_target_kind;

typedef struct gen_spelling {
    char *prim, *text;
} gen_spelling;

typedef struct gen_relaxed {
    char *prim;
    int ulp;
} gen_relaxed;

typedef struct gen_target {
    char *name, *file;
    int line;
    gen_target_kind kind;
    char *backend; /* the runtime backend that runs this target's code */
    gen_spelling *prims;
    int nprims;
    /* cpu */
    int rank, lanes;
    char **cflags, **needs;
    char *types[3]; /* indexed by gen_type */
    char *prelude;
    /* ptx */
    char *version, *sm;
    char **check_archs;
    int block;
    char *regs[3], *decl[3];
    /* glsl */
    int local_size;
    gen_relaxed *relaxed; /* relaxed.ulp: extra ulp per primitive, sorted by primitive */
    int nrelaxed;
    bool may_flush_subnormals;
} gen_target;

typedef struct gen_prim_sig {
    char *name;
    gen_type ret;
    int nargs;
    gen_type args[GEN_MAX_ARGS];
    bool imm[GEN_MAX_ARGS];
} gen_prim_sig;

typedef struct gen_spec {
    gen_op *ops; /* sorted by name */
    int nops;
    gen_target *targets; /* cpu targets by rank, then ptx, then glsl */
    int ntargets;
    gen_prim_sig *prims; /* sorted by name */
    int nprims;
    char *root; /* source root: gen/lua and gen/templates live under it */
} gen_spec;

void gen_spec_load(gen_spec *spec, const char *root);
void gen_spec_free(gen_spec *spec);
const char *gen_spelling_of(const gen_target *t, const char *prim);
/* The spelling of prim on t, or a generation error naming the target, the primitive and the op. */
const char *gen_require_spelling(const gen_target *t, const char *prim, const gen_op *op);
const gen_prim_sig *gen_prim_find(const gen_spec *spec, const char *name);
/* Fails generation, naming the op, when t lacks a primitive one of op's functions uses. */
void gen_check_spellings(const gen_op *op, const gen_target *t);
bool gen_op_wants(const gen_op *op, const gen_target *t);
int gen_op_inputs(const gen_op *op, const gen_arg **inputs); /* vec, inout and scalar, in order */
const gen_arg *gen_op_output(const gen_op *op);              /* out or inout of a map op */

/* ---- templates (gen_template.c) ---- */

typedef struct gen_vars {
    const char *names[48];
    char *values[48];
    int count;
} gen_vars;

void gen_var(gen_vars *v, const char *name, const char *value);
void gen_varf(gen_vars *v, const char *name, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void gen_vars_free(gen_vars *v);
/* Expands ${name}; a placeholder alone on its line indents every line of its value. */
char *gen_expand(const gen_spec *spec, const char *template_name, const gen_vars *vars);
/* The comment every generated file starts with, using the given line-comment marker. */
char *gen_header(const char *comment, const char *lua_source, const char *template_name);

/* ---- emitters ---- */

void gen_emit_cpu(const gen_spec *spec, gen_outputs *out);
void gen_emit_ptx(const gen_spec *spec, gen_outputs *out, bool run_ptxas);
void gen_emit_glsl(const gen_spec *spec, gen_outputs *out);
void gen_emit_tables(const gen_spec *spec, gen_outputs *out);
void gen_emit_bench(const gen_spec *spec, gen_outputs *out);
char *gen_cpu_params(const gen_op *op, bool names); /* C parameters of an op's CPU variant */

/* SPIR-V: compiles GLSL in process, validates, and returns the words and a disassembly. */
void gen_spirv_init(void);
void gen_spirv_finish(void);
uint32_t *gen_spirv_compile(const char *name, const char *glsl, size_t *nwords, char **disassembly);

/* Found in gen_outputs by path (used to embed PTX and SPIR-V into the runtime tables). */
const gen_file *gen_output_find(const gen_outputs *o, const char *path);

#endif
