/* PTX emitter: one .ptx file per op (map kernel or two-stage reduction), checked by the PTX
 * analyzer and by ptxas. */
#define _GNU_SOURCE /* mkstemps, popen */
#include "gen.h"
#include "ptx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { VEC = 4 }; /* elements per 16-byte load or store: each thread handles VEC at a time */

/* Registers of a function's nodes: %f7, %r7, %p7 by node index, offset per lane so that the VEC
 * copies of a function do not share registers (PTX registers need not be SSA). */
typedef struct lowering {
    const gen_target *t;
    const gen_op *op;
    const gen_fn *fn;
    const char *const *param_regs;
    int offset; /* added to node indices: lane * (nodes of the op's largest function) */
    gen_plan plan;
} lowering;

static void node_reg(gen_buf *b, const lowering *l, int i)
{
    i = l->plan.alias[i];
    const gen_node *n = &l->fn->dag.nodes[i];
    if (strcmp(n->prim, "param") == 0)
        gen_buf_put(b, l->param_regs[n->param]);
    else
        gen_buf_printf(b, "%s%d", l->t->regs[n->type], i + l->offset);
}

static void operand(gen_buf *b, const lowering *l, const gen_node *n, int a)
{
    if (n->args[a] < 0)
        gen_buf_printf(b, "%d", n->imm[a]);
    else
        node_reg(b, l, n->args[a]);
}

static const char *mov_of(gen_type type)
{
    static const char *const movs[] = { "mov.f32", "mov.b32", "mov.pred" }; /* ORDER gen_type */
    return movs[type];
}

static void put_spelling(gen_buf *b, const lowering *l, int i, const char *text)
{
    const gen_node *n = &l->fn->dag.nodes[i];
    for (const char *p = text; *p; p++) {
        if (*p == '%' && p[1] >= '0' && p[1] <= '3') {
            if (p[1] == '0')
                node_reg(b, l, i);
            else
                operand(b, l, n, p[1] - '1');
            p++;
        } else if (*p == '%' && p[1] == 'P') {
            gen_buf_put(b, "%scratch");
            p++;
        } else {
            gen_buf_putn(b, p, 1);
        }
    }
    gen_buf_put(b, "\n");
}

/* Instructions computing a function, leaving its value in result (when not NULL). */
static void lower(gen_buf *b, const lowering *l, const char *result)
{
    const gen_dag *d = &l->fn->dag;
    for (int i = 0; i < d->count; i++) {
        const gen_node *n = &d->nodes[i];
        if (!l->plan.live[i] || strcmp(n->prim, "param") == 0)
            continue;
        if (strcmp(n->prim, "const") == 0) {
            gen_buf_printf(b, "%s ", mov_of(n->type));
            node_reg(b, l, i);
            if (n->type == GEN_F32)
                gen_buf_printf(b, ", 0f%08X;\n", gen_f32_bits(n->value));
            else
                gen_buf_printf(b, ", %lld;\n", (long long)n->value);
            continue;
        }
        put_spelling(b, l, i, gen_require_spelling(l->t, n->prim, l->op));
    }
    if (result) {
        gen_buf_printf(b, "%s %s, ", mov_of(d->nodes[l->plan.alias[d->root]].type), result);
        node_reg(b, l, d->root);
        gen_buf_put(b, ";\n");
    }
}

static int max_nodes(const gen_op *op)
{
    const gen_fn *fns[] = { &op->map, &op->step, &op->combine, &op->final, &op->better };
    int n = 1;
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
        if (fns[i]->dag.count > n)
            n = fns[i]->dag.count;
    return n;
}

static void lower_fn(gen_buf *b, const gen_target *t, const gen_op *op, const gen_fn *fn, const char *const *regs,
                     int lane, const char *result)
{
    lowering l = { t, op, fn, regs, lane * max_nodes(op), { 0 } };
    gen_plan_make(&l.plan, fn, t);
    lower(b, &l, result);
    gen_plan_free(&l.plan);
}

static void put_init(gen_buf *b, double init)
{
    gen_buf_printf(b, "0f%08X", gen_f32_bits(init));
}

/* Combines (%acc[, %index]) with (%other[, %other_index]) into %acc[, %index]. */
static void merge(gen_buf *b, const gen_target *t, const gen_op *op)
{
    if (op->kind == GEN_REDUCE) {
        lower_fn(b, t, op, &op->combine, (const char *const[]){ "%acc", "%other" }, 0, "%acc");
        return;
    }
    lower_fn(b, t, op, &op->better, (const char *const[]){ "%other", "%acc" }, 0, "%take");
    gen_buf_put(b, "setp.eq.f32 %tie, %other, %acc;\n"
                   "setp.lt.u32 %scratch, %other_index, %index;\n"
                   "and.pred %tie, %tie, %scratch;\n"
                   "or.pred %take, %take, %tie;\n"
                   "selp.f32 %acc, %other, %acc, %take;\n"
                   "selp.b32 %index, %other_index, %index, %take;\n");
}

static void shuffles(gen_buf *b, const gen_target *t, const gen_op *op, int from)
{
    for (int offset = from; offset >= 1; offset /= 2) {
        gen_buf_printf(b, "shfl.sync.bfly.b32 %%other, %%acc, %d, 31, 0xffffffff;\n", offset);
        if (op->kind == GEN_ARGREDUCE)
            gen_buf_printf(b, "shfl.sync.bfly.b32 %%other_index, %%index, %d, 31, 0xffffffff;\n", offset);
        merge(b, t, op);
    }
}

/* Reduces %acc (and %index) over the block; lane 0 of warp 0 ends with the result. */
static void block_reduce(gen_buf *b, const gen_target *t, const gen_op *op)
{
    int warps = t->block / 32;
    bool pair = op->kind == GEN_ARGREDUCE;
    const char *acc_array = pair ? "warp_best" : "warp_acc";
    gen_buf_put(b, "and.b32 %lane, %tid_x, 31;\nshr.u32 %warp, %tid_x, 5;\nsetp.eq.u32 %lane0, %lane, 0;\n");
    shuffles(b, t, op, 16);
    gen_buf_printf(b, "shl.b32 %%slot, %%warp, 2;\nmov.u32 %%base, tn_%s_%s;\nadd.u32 %%base, %%base, %%slot;\n",
                   op->name, acc_array);
    gen_buf_put(b, "@%lane0 st.shared.f32 [%base], %acc;\n");
    if (pair)
        gen_buf_printf(b, "mov.u32 %%base, tn_%s_warp_index;\nadd.u32 %%base, %%base, %%slot;\n"
                          "@%%lane0 st.shared.u32 [%%base], %%index;\n",
                       op->name);
    gen_buf_put(b, "bar.sync 0;\nsetp.eq.u32 %warp0, %warp, 0;\n@!%warp0 bra $done;\n");
    gen_buf_printf(b, "setp.lt.u32 %%has, %%lane, %d;\nmov.f32 %%acc, ", warps);
    put_init(b, op->init);
    gen_buf_printf(b, ";\nshl.b32 %%slot, %%lane, 2;\nmov.u32 %%base, tn_%s_%s;\nadd.u32 %%base, %%base, %%slot;\n"
                      "@%%has ld.shared.f32 %%acc, [%%base];\n",
                   op->name, acc_array);
    if (pair)
        gen_buf_printf(b, "mov.u32 %%index, 0;\nmov.u32 %%base, tn_%s_warp_index;\nadd.u32 %%base, %%base, %%slot;\n"
                          "@%%has ld.shared.u32 %%index, [%%base];\n",
                       op->name);
    shuffles(b, t, op, warps / 2);
}

/* "%in_x_0, %in_x_1, %in_x_2, %in_x_3": one register per lane. */
static void lane_list(gen_buf *b, const char *prefix)
{
    for (int k = 0; k < VEC; k++)
        gen_buf_printf(b, "%s%s_%d", k ? ", " : "", prefix, k);
}

static void declarations(gen_buf *b, const gen_target *t, const gen_op *op)
{
    int n = max_nodes(op) * VEC;
    gen_buf_printf(b, ".reg %s %s<%d>;\n.reg %s %s<%d>;\n.reg %s %s<%d>;", t->decl[GEN_F32], t->regs[GEN_F32], n,
                   t->decl[GEN_I32], t->regs[GEN_I32], n, t->decl[GEN_MASK], t->regs[GEN_MASK], n);
    for (int i = 0; i < op->nargs; i++) {
        const gen_arg *a = &op->args[i];
        if (a->role == GEN_SCALAR) {
            gen_buf_printf(b, "\n.reg .f32 %%in_%s;", a->name);
            continue;
        }
        gen_buf_printf(b, "\n.reg .b64 %%ptr_%s;", a->name);
        if (a->role != GEN_OUT) {
            char *prefix = gen_strfmt("%%in_%s", a->name);
            gen_buf_put(b, "\n.reg .f32 ");
            lane_list(b, prefix);
            gen_buf_put(b, ";");
            free(prefix);
        }
    }
    if (op->kind == GEN_MAP) {
        gen_buf_put(b, "\n.reg .f32 ");
        lane_list(b, "%out");
        gen_buf_put(b, ";");
    } else if (op->kind == GEN_REDUCE) {
        gen_buf_put(b, "\n.reg .f32 %acc_1, %acc_2, %acc_3;");
    }
}

/* Kernel parameters and their loads. */
static void params(const gen_op *op, gen_vars *v)
{
    gen_buf params = { 0 }, load_params = { 0 };
    bool trailing_comma = op->kind != GEN_MAP;
    for (int i = 0; i < op->nargs; i++) {
        const gen_arg *a = &op->args[i];
        bool last = i == op->nargs - 1 && !trailing_comma;
        if (a->role == GEN_SCALAR) {
            gen_buf_printf(&params, ".param .f32 p_%s%s\n", a->name, last ? "" : ",");
            gen_buf_printf(&load_params, "ld.param.f32 %%in_%s, [p_%s];\n", a->name, a->name);
            continue;
        }
        gen_buf_printf(&params, ".param .u64 p_%s%s\n", a->name, last ? "" : ",");
        gen_buf_printf(&load_params, "ld.param.u64 %%ptr_%s, [p_%s];\ncvta.to.global.u64 %%ptr_%s, %%ptr_%s;\n",
                       a->name, a->name, a->name, a->name);
    }
    params.data[--params.len] = '\0';
    gen_var(v, "params", params.data);
    gen_var(v, "load_params", load_params.data);
    gen_buf_free(&params);
    gen_buf_free(&load_params);
}

/* Loads of the vector inputs at %offset: 16 bytes into the lane registers, or 4 bytes into lane 0. */
static void loads(gen_buf *b, const gen_op *op, bool vector)
{
    for (int i = 0; i < op->nargs; i++) {
        const gen_arg *a = &op->args[i];
        if (a->role == GEN_SCALAR || a->role == GEN_OUT)
            continue;
        gen_buf_printf(b, "add.s64 %%address, %%ptr_%s, %%offset;\n", a->name);
        if (vector) {
            char *prefix = gen_strfmt("%%in_%s", a->name);
            gen_buf_put(b, "ld.global.v4.f32 {");
            lane_list(b, prefix);
            gen_buf_put(b, "}, [%address];\n");
            free(prefix);
        } else {
            gen_buf_printf(b, "ld.global.f32 %%in_%s_0, [%%address];\n", a->name);
        }
    }
}

/* The registers holding a function's inputs in a lane: [%acc_k,] %in_x_k, %in_a ... */
static const char **input_regs(const gen_op *op, int lane, bool with_acc, int *count)
{
    const gen_arg *in[GEN_MAX_OP_ARGS];
    int nin = gen_op_inputs(op, in), k = 0;
    const char **regs = gen_xmalloc((size_t)(nin + 1) * sizeof *regs);
    if (with_acc)
        regs[k++] = lane ? gen_strfmt("%%acc_%d", lane) : gen_strdup("%acc");
    for (int i = 0; i < nin; i++)
        regs[k++] = in[i]->role == GEN_SCALAR ? gen_strfmt("%%in_%s", in[i]->name)
                                              : gen_strfmt("%%in_%s_%d", in[i]->name, lane);
    *count = k;
    return regs;
}

static void free_regs(const char **regs, int n)
{
    for (int i = 0; i < n; i++)
        free((char *)regs[i]);
    free(regs);
}

/* The map body for lanes [0, lanes), then the stores (16 bytes when lanes is VEC). */
static void map_body(gen_buf *b, const gen_target *t, const gen_op *op, int lanes)
{
    loads(b, op, lanes == VEC);
    for (int k = 0; k < lanes; k++) {
        int nregs;
        const char **regs = input_regs(op, k, false, &nregs);
        char *out = gen_strfmt("%%out_%d", k);
        lower_fn(b, t, op, &op->map, regs, k, out);
        free(out);
        free_regs(regs, nregs);
    }
    gen_buf_printf(b, "add.s64 %%address, %%ptr_%s, %%offset;\n", gen_op_output(op)->name);
    if (lanes == VEC) {
        gen_buf_put(b, "st.global.v4.f32 [%address], {");
        lane_list(b, "%out");
        gen_buf_put(b, "};");
    } else {
        gen_buf_put(b, "st.global.f32 [%address], %out_0;");
    }
}

/* A reduction step for lanes [0, lanes): lane k accumulates into its own register. */
static void reduce_body(gen_buf *b, const gen_target *t, const gen_op *op, int lanes)
{
    loads(b, op, lanes == VEC);
    for (int k = 0; k < lanes; k++) {
        int nregs;
        const char **regs = input_regs(op, k, true, &nregs);
        lower_fn(b, t, op, &op->step, regs, k, regs[0]);
        free_regs(regs, nregs);
    }
}

/* argreduce over lanes [0, lanes) in element order, so the first best index wins within a thread. */
static void argreduce_body(gen_buf *b, const gen_target *t, const gen_op *op, int lanes)
{
    loads(b, op, lanes == VEC);
    gen_buf_printf(b, "cvt.u32.u64 %%i32, %%i;\n%s", lanes == VEC ? "shl.b32 %i32, %i32, 2;\n" : "");
    for (int k = 0; k < lanes; k++) {
        char *x = gen_strfmt("%%in_x_%d", k);
        lower_fn(b, t, op, &op->better, (const char *const[]){ x, "%acc" }, k, "%take");
        gen_buf_printf(b, "selp.f32 %%acc, %s, %%acc, %%take;\nselp.b32 %%index, %%i32, %%index, %%take;\n%s", x,
                       k + 1 < lanes ? "add.u32 %i32, %i32, 1;\n" : "");
        free(x);
    }
}

static char *ptx_for(const gen_spec *spec, const gen_op *op, const gen_target *t)
{
    static const char *const templates[] = { "map.ptx", "reduce.ptx", "argreduce.ptx" }; /* ORDER gen_kind */
    gen_vars v = { 0 };
    char *header = gen_header("//", op->file, templates[op->kind]);
    header[strlen(header) - 1] = '\0';
    gen_var(&v, "header", header);
    gen_var(&v, "version", t->version);
    gen_var(&v, "sm", t->sm);
    gen_var(&v, "op", op->name);
    gen_var(&v, "doc", op->doc);
    gen_varf(&v, "warps", "%d", t->block / 32);
    gen_varf(&v, "block", "%d", t->block);
    gen_buf b = { 0 };
    put_init(&b, op->init);
    gen_var(&v, "init", b.data);
    gen_buf_free(&b);
    declarations(&b, t, op);
    gen_var(&v, "decls", b.data);
    gen_buf_free(&b);
    params(op, &v);
    void (*body)(gen_buf *, const gen_target *, const gen_op *, int) =
        op->kind == GEN_MAP ? map_body : op->kind == GEN_REDUCE ? reduce_body : argreduce_body;
    body(&b, t, op, VEC);
    gen_var(&v, "body4", b.data);
    gen_buf_free(&b);
    body(&b, t, op, 1);
    gen_var(&v, "body1", b.data);
    gen_buf_free(&b);
    if (op->kind == GEN_REDUCE) {
        for (int k = 1; k < VEC; k++) { /* the lanes' accumulators into %acc */
            char *other = gen_strfmt("%%acc_%d", k);
            lower_fn(&b, t, op, &op->combine, (const char *const[]){ "%acc", other }, 0, "%acc");
            free(other);
        }
        gen_var(&v, "merge_lanes", b.data);
        gen_buf_free(&b);
        lower_fn(&b, t, op, &op->combine, (const char *const[]){ "%acc", "%value" }, 0, "%acc");
        gen_var(&v, "combine_value", b.data);
        gen_buf_free(&b);
        if (op->final.dag.count)
            lower_fn(&b, t, op, &op->final, (const char *const[]){ "%acc" }, 0, "%acc");
        gen_var(&v, "final", b.data ? b.data : "");
        gen_buf_free(&b);
    }
    if (op->kind == GEN_ARGREDUCE) {
        merge(&b, t, op);
        gen_var(&v, "merge", b.data);
        gen_buf_free(&b);
    }
    if (op->kind != GEN_MAP) {
        block_reduce(&b, t, op);
        gen_var(&v, "block_reduce", b.data);
        gen_buf_free(&b);
    }
    char *text = gen_expand(spec, templates[op->kind], &v);
    gen_vars_free(&v);
    free(header);
    return text;
}

/* ---- ptxas ---- */

/* Runs ptxas on text for arch; on failure stops generation with ptxas's own message. */
static void check_with_ptxas(const char *ptxas, const char *name, const char *text, const char *arch)
{
    char tmp[] = "/tmp/tngen-XXXXXX.ptx";
    int fd = mkstemps(tmp, 4);
    if (fd < 0)
        gen_die("cannot create a temporary file for ptxas");
    size_t len = strlen(text);
    if (write(fd, text, len) != (ssize_t)len)
        gen_die("cannot write %s", tmp);
    close(fd);
    char *cmd = gen_strfmt("'%s' -arch=%s '%s' -o /dev/null 2>&1", ptxas, arch, tmp);
    FILE *p = popen(cmd, "r");
    gen_buf log = { 0 };
    char chunk[4096];
    size_t n;
    while (p && (n = fread(chunk, 1, sizeof chunk, p)) > 0)
        gen_buf_putn(&log, chunk, n);
    int status = p ? pclose(p) : -1;
    remove(tmp);
    if (status != 0)
        gen_die("ptxas -arch=%s rejects generated/%s:\n%s", arch, name, log.data ? log.data : "(no output)");
    gen_buf_free(&log);
    free(cmd);
}

/* Runs the PTX analyzer on text: an error finding stops generation with the report; warnings go
 * to the manifest. */
static void check_with_analyzer(gen_outputs *out, const char *name, const char *text, const char *arch)
{
    ptx_module m;
    ptx_options opt = { .arch = arch };
    ptx_analyze_text(&m, name, text, strlen(text), &opt);
    int counts[3];
    ptx_count_findings(&m, counts);
    if (!m.valid || counts[PTX_ERROR]) {
        char *report = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&report, &len);
        if (mem) {
            ptx_report_text(mem, &m, &opt, true);
            fclose(mem);
        }
        gen_die("the PTX analyzer rejects generated/%s:\n%s", name, report ? report : "");
    }
    for (const ptx_function *f = m.funcs; f; f = f->next)
        for (uint32_t i = 0; i < f->nfindings; i++) {
            const ptx_finding *x = &f->findings[i];
            gen_buf_printf(&out->ptx_findings,
                           "%s\n    { \"file\": \"%s\", \"kernel\": \"%.*s\", \"line\": %u, \"rule\": \"%s\" }",
                           out->ptx_findings.data && out->ptx_findings.data[0] ? "," : "", name, (int)f->namelen,
                           f->name, x->line, ptx_rules[x->rule].id);
        }
    ptx_module_free(&m);
}

void gen_emit_ptx(const gen_spec *spec, gen_outputs *out, bool run_ptxas)
{
    char *ptxas = run_ptxas ? ptx_find_ptxas() : NULL;
    if (run_ptxas && !ptxas && !out->quiet)
        printf("tngen: ptxas not found (set PTXAS or PATH): generated PTX is not checked by ptxas\n");
    for (int ti = 0; ti < spec->ntargets; ti++) {
        const gen_target *t = &spec->targets[ti];
        if (t->kind != GEN_PTX)
            continue;
        for (int i = 0; i < spec->nops; i++) {
            const gen_op *op = &spec->ops[i];
            if (!gen_op_wants(op, t))
                continue;
            char *path = gen_strfmt("ptx/%s.ptx", op->name);
            char *text = ptx_for(spec, op, t);
            check_with_analyzer(out, path, text, t->sm);
            for (char **arch = t->check_archs; ptxas && arch && *arch; arch++)
                check_with_ptxas(ptxas, path, text, *arch);
            gen_output_add(out, path, text);
            free(path);
        }
    }
    free(ptxas);
}
