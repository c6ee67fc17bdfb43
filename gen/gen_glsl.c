/* GLSL emitter: one compute shader per op, compiled to SPIR-V and validated in process. */
#include "gen.h"

#include <stdlib.h>
#include <string.h>

static void glsl_constant(gen_buf *b, const gen_node *n)
{
    if (n->type == GEN_I32)
        gen_buf_printf(b, "%lld", (long long)n->value);
    else /* exact and locale-proof: the bits of the float */
        gen_buf_printf(b, "uintBitsToFloat(0x%08Xu)", gen_f32_bits(n->value));
}

static void put_fn(gen_buf *b, const gen_fn *fn, const gen_c_style *st, const char *ret, const char *name)
{
    gen_buf_printf(b, "%s %s(", ret, name);
    for (int i = 0; i < fn->nparams; i++)
        gen_buf_printf(b, "%sfloat %s", i ? ", " : "", fn->params[i]);
    gen_buf_put(b, ")\n{\n");
    gen_lower_c(b, fn, st, "    ");
    gen_buf_put(b, "}\n");
}

/* One storage buffer per vector argument, bound in declaration order from binding 0; then the
 * templates' scratch buffers. ORDER vk_bind (runtime/vulkan.c), which binds the same list, and
 * vk_buffers (gen/gen_tables.c), which counts it. */
static int buffers(gen_buf *b, const gen_op *op)
{
    int binding = 0;
    for (int i = 0; i < op->nargs; i++) {
        const gen_arg *a = &op->args[i];
        if (a->role == GEN_SCALAR)
            continue;
        const char *access = a->role == GEN_VEC ? "readonly " : a->role == GEN_OUT ? "writeonly " : "";
        gen_buf_printf(b, "%slayout(std430, set = 0, binding = %d) %sbuffer Buffer_%s { float %s[]; };",
                       binding ? "\n" : "", binding, access, a->name, a->name);
        binding++;
    }
    return binding;
}

/* "x[i], a" for the function inputs. */
static void inputs_at_i(gen_buf *b, const gen_op *op)
{
    const gen_arg *in[GEN_MAX_OP_ARGS];
    int nin = gen_op_inputs(op, in);
    for (int i = 0; i < nin; i++) {
        if (in[i]->role == GEN_SCALAR)
            gen_buf_printf(b, "%sparams.%s", i ? ", " : "", in[i]->name);
        else
            gen_buf_printf(b, "%s%s[i]", i ? ", " : "", in[i]->name);
    }
}

static char *glsl_for(const gen_spec *spec, const gen_op *op, const gen_target *t)
{
    static const char *const templates[] = { "map.comp", "reduce.comp", "argreduce.comp" }; /* ORDER gen_kind */
    /* precise: the compiler may neither contract a * b + c nor reassociate, so each primitive
     * rounds where the Lua program says (exp's range reduction depends on it). */
    const gen_c_style style = { t, { t->types[GEN_F32], t->types[GEN_I32], t->types[GEN_MASK] }, "p_", "",
                                glsl_constant, "precise" };
    gen_check_spellings(op, t);
    gen_vars v = { 0 };
    char *header = gen_header("//", op->file, templates[op->kind]);
    header[strlen(header) - 1] = '\0';
    gen_var(&v, "header", header);
    gen_var(&v, "op", op->name);
    gen_var(&v, "doc", op->doc);
    gen_varf(&v, "local_size", "%d", t->local_size);
    gen_buf b = { 0 };
    int nbuf = buffers(&b, op);
    gen_var(&v, "buffers", b.data);
    gen_buf_free(&b);
    gen_varf(&v, "partial_binding", "%d", nbuf);
    gen_varf(&v, "partial_index_binding", "%d", nbuf + 1);
    gen_varf(&v, "result_binding", "%d", op->kind == GEN_ARGREDUCE ? nbuf + 2 : nbuf + 1);
    gen_prim_functions(&b, spec, t, &style);
    gen_var(&v, "prims", b.data);
    gen_buf_free(&b);
    glsl_constant(&b, &(gen_node){ .prim = "const", .type = GEN_F32, .value = op->init });
    gen_var(&v, "init", b.data);
    gen_buf_free(&b);
    gen_buf kernel = { 0 };
    char *name;
    if (op->kind == GEN_MAP) {
        name = gen_strfmt("%s_kernel", op->name);
        put_fn(&kernel, &op->map, &style, "float", name);
        gen_buf_printf(&b, "%s[i] = %s(", gen_op_output(op)->name, name);
        inputs_at_i(&b, op);
        gen_buf_put(&b, ");");
        gen_var(&v, "store", b.data);
        free(name);
        gen_buf_free(&b);
        for (int i = 0; i < op->nargs; i++)
            if (op->args[i].role == GEN_SCALAR)
                gen_buf_printf(&b, "%sfloat %s;", b.len ? "\n" : "", op->args[i].name); /* ORDER vk_push */
        gen_var(&v, "scalar_fields", b.data ? b.data : "");
        gen_buf_free(&b);
    } else if (op->kind == GEN_REDUCE) {
        name = gen_strfmt("%s_step", op->name);
        put_fn(&kernel, &op->step, &style, "float", name);
        gen_buf_printf(&b, "%s(acc, ", name);
        inputs_at_i(&b, op);
        gen_buf_put(&b, ")");
        gen_var(&v, "step", b.data);
        gen_buf_free(&b);
        free(name);
        name = gen_strfmt("%s_combine", op->name);
        gen_buf_put(&kernel, "\n");
        put_fn(&kernel, &op->combine, &style, "float", name);
        free(name);
        gen_buf_put(&kernel, "\n");
        if (op->final.dag.count)
            put_fn(&kernel, &op->final, &style, "float", name = gen_strfmt("%s_final", op->name));
        else
            gen_buf_printf(&kernel, "float %s(float acc)\n{\n    return acc;\n}\n",
                           name = gen_strfmt("%s_final", op->name));
        free(name);
    } else {
        name = gen_strfmt("%s_better", op->name);
        put_fn(&kernel, &op->better, &style, "bool", name);
        free(name);
    }
    while (kernel.len && kernel.data[kernel.len - 1] == '\n')
        kernel.data[--kernel.len] = '\0';
    gen_var(&v, "kernel", kernel.data);
    gen_buf_free(&kernel);
    char *text = gen_expand(spec, templates[op->kind], &v);
    gen_vars_free(&v);
    free(header);
    return text;
}

void gen_emit_glsl(const gen_spec *spec, gen_outputs *out)
{
    gen_spirv_init();
    for (int ti = 0; ti < spec->ntargets; ti++) {
        const gen_target *t = &spec->targets[ti];
        if (t->kind != GEN_GLSL)
            continue;
        for (int i = 0; i < spec->nops; i++) {
            const gen_op *op = &spec->ops[i];
            if (!gen_op_wants(op, t))
                continue;
            char *path = gen_strfmt("spirv/%s.comp", op->name);
            char *glsl = glsl_for(spec, op, t);
            size_t nwords;
            char *disassembly;
            uint32_t *words = gen_spirv_compile(path, glsl, &nwords, &disassembly);
            gen_output_add(out, path, glsl);
            free(path);
            path = gen_strfmt("spirv/%s.spvasm", op->name);
            gen_buf b = { 0 };
            gen_buf_printf(&b, "; Generated by tngen: SPIR-V of spirv/%s.comp (from %s), compiled by glslang.\n%s",
                           op->name, op->file, disassembly);
            gen_output_add(out, path, gen_buf_take(&b));
            free(disassembly);
            free(path);
            /* The words themselves go into the runtime tables (gen_tables.c). */
            gen_buf words_c = { 0 };
            for (size_t w = 0; w < nwords; w++)
                gen_buf_printf(&words_c, "%s0x%08x,", w % 8 ? " " : w ? "\n    " : "    ", words[w]);
            path = gen_strfmt("spirv/%s.words", op->name);
            gen_output_add_internal(out, path, gen_buf_take(&words_c));
            free(path);
            free(words);
        }
    }
    gen_spirv_finish();
}
