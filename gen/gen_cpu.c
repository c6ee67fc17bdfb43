/* CPU emitter: one header per target (its primitives) and one C file per (op, target). */
#include "gen.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Loads, stores and constants: what the loop templates need besides the primitives.
 * ORDER: every cpu target in gen/lua/targets/ spells each of these in its prims table. */
static const struct {
    const char *name, *ret, *params;
} structural[] = {
    { "load", "vf", "const float *a" },
    { "store", "void", "float *a, vf b" },
    { "load_tail", "vf", "const float *a, size_t k, vf c" }, /* the first k < lanes elements, padded with c */
    { "store_tail", "void", "float *a, size_t k, vf c" },
    { "splat", "vf", "float a" },
    { "isplat", "vi", "int32_t a" },
    { "iota", "vi", "void" }, /* 0, 1, 2, ... lanes - 1 */
    { "iselect", "vi", "vm a, vi b, vi c" },
    { "istore", "void", "int32_t *a, vi b" },
    /* lanes k .. 2k - 1 moved to lanes 0 .. k - 1 (k a power of two below lanes; the other lanes
     * are don't-care): reductions fold a vector in halves in registers */
    { "fold", "vf", "vf a, int k" },
    { "first", "float", "vf a" }, /* lane 0 */
};

static void vector_constant(gen_buf *b, const gen_node *n)
{
    gen_buf_put(b, n->type == GEN_I32 ? "v_isplat(" : "v_splat(");
    gen_const_c(b, n);
    gen_buf_put(b, ")");
}

static gen_c_style vector_style(const gen_target *t)
{
    return (gen_c_style){ t, { "vf", "vi", "vm" }, "p_", "static inline", vector_constant, NULL };
}

static gen_c_style scalar_style(const gen_spec *spec)
{
    const gen_target *s = &spec->targets[0]; /* the lowest-ranked cpu target is plain C */
    return (gen_c_style){ s, { s->types[GEN_F32], s->types[GEN_I32], s->types[GEN_MASK] }, "s_", "static inline",
                          gen_const_c, NULL };
}

/* The target's prelude, guarded so that a file may include two headers sharing one prelude. */
static void put_prelude(gen_buf *b, const gen_target *t)
{
    char *guard = gen_strdup(t->name);
    for (char *c = guard; *c; c++)
        *c = (char)toupper((unsigned char)*c);
    gen_buf_printf(b, "#ifndef TN_PRELUDE_%s\n#define TN_PRELUDE_%s\n%s\n#endif", guard, guard,
                   t->prelude ? t->prelude : "");
    free(guard);
}

static void emit_target_header(const gen_spec *spec, const gen_target *t, gen_outputs *out)
{
    gen_vars v = { 0 };
    char *src = gen_strfmt("gen/lua/targets/%s.lua", t->name);
    char *header = gen_header("/*", src, "cpu_target.h");
    header[strlen(header) - 1] = '\0';
    gen_buf h = { 0 };
    gen_buf_printf(&h, "%s */", header);
    gen_var(&v, "header", h.data);
    gen_buf_free(&h);
    char *guard = gen_strdup(t->name);
    for (char *c = guard; *c; c++)
        *c = (char)toupper((unsigned char)*c);
    gen_var(&v, "guard", guard);
    gen_var(&v, "target", t->name);
    gen_varf(&v, "lanes", "%d", t->lanes);
    gen_var(&v, "f32", t->types[GEN_F32]);
    gen_var(&v, "i32", t->types[GEN_I32]);
    gen_var(&v, "mask", t->types[GEN_MASK]);
    gen_buf b = { 0 };
    put_prelude(&b, t);
    gen_var(&v, "prelude", b.data);
    gen_buf_free(&b);
    gen_c_style vs = vector_style(t);
    gen_prim_functions(&b, spec, t, &vs);
    gen_var(&v, "prims", b.data);
    gen_buf_free(&b);
    for (size_t i = 0; i < sizeof structural / sizeof structural[0]; i++) {
        const char *text = gen_require_spelling(t, structural[i].name, NULL);
        bool is_void = strcmp(structural[i].ret, "void") == 0;
        gen_buf_printf(&b, "static inline %s v_%s(%s) { %s%s; }\n", structural[i].ret, structural[i].name,
                       structural[i].params, is_void ? "" : "return ", text);
    }
    gen_var(&v, "structural", b.data);
    gen_buf_free(&b);
    char *path = gen_strfmt("cpu/%s/tn_%s.h", t->name, t->name);
    gen_output_add(out, path, gen_expand(spec, "cpu_target.h", &v));
    free(path);
    free(guard);
    free(header);
    free(src);
    gen_vars_free(&v);
}

/* The plain-C primitives (s_add ...) every file uses for horizontal steps after the vector loop. */
static void emit_scalar_ops(const gen_spec *spec, gen_outputs *out)
{
    const gen_target *s = &spec->targets[0];
    gen_c_style st = scalar_style(spec);
    gen_buf b = { 0 };
    char *src = gen_strfmt("gen/lua/targets/%s.lua", s->name);
    char *header = gen_header("/*", src, NULL);
    header[strlen(header) - 1] = '\0';
    gen_buf_printf(&b, "%s */\n#ifndef TN_SCALAR_OPS_H\n#define TN_SCALAR_OPS_H\n\n", header);
    gen_buf_put(&b, "#include <math.h>\n#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n\n");
    put_prelude(&b, s);
    gen_buf_put(&b, "\n\n/* Scalar primitives for the steps that follow a vector loop. */\n");
    gen_prim_functions(&b, spec, s, &st);
    gen_buf_put(&b, "\n#endif\n");
    gen_output_add(out, "cpu/tn_scalar_ops.h", gen_buf_take(&b));
    free(header);
    free(src);
}

/* ---- signatures ---- */

/* The C parameter list of an op's CPU variant and public function; only the types when
 * names is false (for casts). */
char *gen_cpu_params(const gen_op *op, bool names)
{
    gen_buf b = { 0 };
    gen_buf_printf(&b, "size_t%s", names ? " n" : "");
    for (int i = 0; i < op->nargs; i++) {
        const gen_arg *a = &op->args[i];
        const char *type = a->role == GEN_SCALAR ? "float " : a->role == GEN_VEC ? "const float *" : "float *";
        gen_buf_printf(&b, ", %s%s", type, names ? a->name : "");
    }
    if (op->kind == GEN_REDUCE)
        gen_buf_printf(&b, ", float *%s", names ? "result" : "");
    else if (op->kind == GEN_ARGREDUCE)
        gen_buf_printf(&b, ", size_t *%s", names ? "index" : "");
    /* "float " without a name reads better as "float" */
    for (size_t i = 0; i + 1 < b.len; i++)
        if (b.data[i] == ' ' && b.data[i + 1] == ',')
            memmove(b.data + i, b.data + i + 1, b.len-- - i);
    if (b.len && b.data[b.len - 1] == ' ')
        b.data[--b.len] = '\0';
    return gen_buf_take(&b);
}

static void emit_prototypes(const gen_spec *spec, gen_outputs *out)
{
    gen_buf b = { 0 };
    gen_buf_put(&b, "/* Generated by tngen from gen/lua/ops/ and gen/lua/targets/. Do not edit. */\n");
    gen_buf_put(&b, "/* The CPU variants of every op, one per target. */\n");
    gen_buf_put(&b, "#ifndef TN_CPU_KERNELS_H\n#define TN_CPU_KERNELS_H\n\n#include <stddef.h>\n\n");
    for (int i = 0; i < spec->nops; i++) {
        const gen_op *op = &spec->ops[i];
        char *params = gen_cpu_params(op, true);
        for (int t = 0; t < spec->ntargets; t++)
            if (spec->targets[t].kind == GEN_CPU && gen_op_wants(op, &spec->targets[t]))
                gen_buf_printf(&b, "void tn_cpu_%s_%s(%s);\n", op->name, spec->targets[t].name, params);
        free(params);
    }
    gen_buf_put(&b, "\n#endif\n");
    gen_output_add(out, "cpu/tn_cpu_kernels.h", gen_buf_take(&b));
}

/* ---- kernels ---- */

static void put_fn(gen_buf *b, const gen_fn *fn, const gen_c_style *st, const char *ret, const char *name)
{
    gen_buf_printf(b, "static inline %s %s(", ret, name);
    for (int i = 0; i < fn->nparams; i++)
        gen_buf_printf(b, "%s%s %s", i ? ", " : "", st->types[GEN_F32], fn->params[i]);
    gen_buf_put(b, ")\n{\n");
    gen_lower_c(b, fn, st, "    ");
    gen_buf_put(b, "}\n");
}

/* Parameters of the _at/_tail helpers and the arguments the loop passes them. */
static void helper_params(const gen_op *op, gen_buf *params, gen_buf *args)
{
    for (int i = 0; i < op->nargs; i++) {
        const gen_arg *a = &op->args[i];
        const char *sep = i ? ", " : "";
        if (a->role == GEN_SCALAR) {
            gen_buf_printf(params, "%svf %s", sep, a->name);
            gen_buf_printf(args, "%s%s_v", sep, a->name);
        } else {
            gen_buf_printf(params, "%s%sfloat *%s", sep, a->role == GEN_VEC ? "const " : "", a->name);
            gen_buf_printf(args, "%s%s", sep, a->name);
        }
    }
}

/* "v_load(x + i), b" for the inputs, with tail loads padded by `pad` when tail is set. */
static void load_inputs(gen_buf *b, const gen_op *op, bool tail)
{
    const gen_arg *in[GEN_MAX_OP_ARGS];
    int nin = gen_op_inputs(op, in);
    for (int i = 0; i < nin; i++) {
        const char *sep = i ? ", " : "";
        if (in[i]->role == GEN_SCALAR)
            gen_buf_printf(b, "%s%s", sep, in[i]->name);
        else if (tail)
            gen_buf_printf(b, "%sv_load_tail(%s + i, k, pad)", sep, in[i]->name);
        else
            gen_buf_printf(b, "%sv_load(%s + i)", sep, in[i]->name);
    }
}

static void map_kernel(gen_buf *b, const gen_target *t, const gen_op *op, const char *params)
{
    gen_c_style vs = vector_style(t);
    char *name = gen_strfmt("%s_kernel", op->name);
    put_fn(b, &op->map, &vs, "vf", name);
    const char *outname = gen_op_output(op)->name;
    gen_buf_printf(b, "\nstatic inline void %s_at(%s, size_t i)\n{\n    v_store(%s + i, %s(", op->name, params,
                   outname, name);
    load_inputs(b, op, false);
    gen_buf_printf(b, "));\n}\n\nstatic inline void %s_tail(%s, size_t i, size_t k)\n{\n", op->name, params);
    gen_buf_printf(b, "    const vf pad = v_splat(0.0f);\n    v_store_tail(%s + i, k, %s(", outname, name);
    load_inputs(b, op, true);
    gen_buf_put(b, "));\n}");
    free(name);
}

static void reduce_kernel(gen_buf *b, const gen_spec *spec, const gen_target *t, const gen_op *op, const char *params,
                          const char *init)
{
    gen_c_style vs = vector_style(t);
    gen_c_style sst = scalar_style(spec);
    char *name = gen_strfmt("%s_step", op->name);
    put_fn(b, &op->step, &vs, "vf", name);
    free(name);
    name = gen_strfmt("%s_combine", op->name);
    gen_buf_put(b, "\n");
    put_fn(b, &op->combine, &vs, "vf", name);
    free(name);
    name = gen_strfmt("%s_combine_s", op->name);
    gen_buf_put(b, "\n");
    put_fn(b, &op->combine, &sst, "float", name);
    free(name);
    if (op->final.dag.count) {
        name = gen_strfmt("%s_final_s", op->name);
        gen_buf_put(b, "\n");
        put_fn(b, &op->final, &sst, "float", name);
        free(name);
    } else {
        gen_buf_printf(b, "\nstatic inline float %s_final_s(float acc)\n{\n    return acc;\n}\n", op->name);
    }
    gen_buf_printf(b, "\nstatic inline vf %s_step_at(vf acc, %s, size_t i)\n{\n    return %s_step(acc, ", op->name,
                   params, op->name);
    load_inputs(b, op, false);
    gen_buf_printf(b, ");\n}\n\nstatic inline vf %s_step_tail(vf acc, %s, size_t i, size_t k)\n{\n", op->name,
                   params);
    gen_buf_printf(b, "    const vf pad = v_splat(%s);\n    return %s_step(acc, ", init, op->name);
    load_inputs(b, op, true);
    gen_buf_put(b, ");\n}");
}

static void argreduce_kernel(gen_buf *b, const gen_spec *spec, const gen_target *t, const gen_op *op)
{
    gen_c_style vs = vector_style(t);
    gen_c_style sst = scalar_style(spec);
    char *name = gen_strfmt("%s_better", op->name);
    put_fn(b, &op->better, &vs, "vm", name);
    free(name);
    name = gen_strfmt("%s_better_s", op->name);
    gen_buf_put(b, "\n");
    put_fn(b, &op->better, &sst, sst.types[GEN_MASK], name);
    free(name);
}

static void emit_op(const gen_spec *spec, const gen_op *op, const gen_target *t, gen_outputs *out)
{
    static const char *const templates[] = { "cpu_map.c", "cpu_reduce.c", "cpu_argreduce.c" }; /* ORDER gen_kind */
    gen_vars v = { 0 };
    char *header = gen_header("/*", op->file, templates[op->kind]);
    header[strlen(header) - 1] = '\0';
    gen_varf(&v, "header", "%s */", header);
    gen_var(&v, "op", op->name);
    gen_var(&v, "doc", op->doc);
    gen_var(&v, "target", t->name);
    char *params = gen_cpu_params(op, true);
    gen_var(&v, "params", params);
    gen_buf hp = { 0 }, args = { 0 }, kernel = { 0 }, splats = { 0 }, init = { 0 };
    helper_params(op, &hp, &args);
    gen_var(&v, "call_args", args.data ? args.data : "");
    gen_node init_node = { .prim = "const", .type = GEN_F32, .value = (float)op->init };
    gen_const_c(&init, &init_node);
    gen_var(&v, "init", init.data);
    for (int i = 0; i < op->nargs; i++)
        if (op->args[i].role == GEN_SCALAR)
            gen_buf_printf(&splats, "%sconst vf %s_v = v_splat(%s);", splats.len ? "\n" : "", op->args[i].name,
                           op->args[i].name);
    gen_var(&v, "splats", splats.data ? splats.data : "");
    if (op->kind == GEN_MAP)
        gen_var(&v, "out", gen_op_output(op)->name);
    gen_check_spellings(op, t);
    if (op->kind == GEN_ARGREDUCE) { /* the template's own primitives */
        gen_require_spelling(t, "select", op);
        gen_require_spelling(t, "iadd", op);
    }
    if (op->kind == GEN_MAP)
        map_kernel(&kernel, t, op, hp.data);
    else if (op->kind == GEN_REDUCE)
        reduce_kernel(&kernel, spec, t, op, hp.data, init.data);
    else
        argreduce_kernel(&kernel, spec, t, op);
    while (kernel.len && kernel.data[kernel.len - 1] == '\n')
        kernel.data[--kernel.len] = '\0';
    gen_var(&v, "kernel", kernel.data);
    char *path = gen_strfmt("cpu/%s/%s.c", t->name, op->name);
    gen_output_add(out, path, gen_expand(spec, templates[op->kind], &v));
    free(path);
    free(params);
    free(header);
    gen_buf_free(&hp);
    gen_buf_free(&args);
    gen_buf_free(&kernel);
    gen_buf_free(&splats);
    gen_buf_free(&init);
    gen_vars_free(&v);
}

void gen_emit_cpu(const gen_spec *spec, gen_outputs *out)
{
    if (spec->ntargets == 0 || spec->targets[0].kind != GEN_CPU || spec->targets[0].lanes != 1)
        gen_die("gen/lua/targets/: the lowest-ranked cpu target must have lanes = 1 (plain C)");
    emit_scalar_ops(spec, out);
    emit_prototypes(spec, out);
    for (int t = 0; t < spec->ntargets; t++) {
        const gen_target *tg = &spec->targets[t];
        if (tg->kind != GEN_CPU)
            continue;
        emit_target_header(spec, tg, out);
        for (int i = 0; i < spec->nops; i++)
            if (gen_op_wants(&spec->ops[i], tg))
                emit_op(spec, &spec->ops[i], tg, out);
    }
}
