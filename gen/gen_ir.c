/* The expression DAG: nodes in topological order, equal nodes shared. */
#include "gen.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool same_node(const gen_node *a, const gen_node *b)
{
    if (strcmp(a->prim, b->prim) != 0 || a->type != b->type || a->nargs != b->nargs)
        return false;
    for (int i = 0; i < a->nargs; i++)
        if (a->args[i] != b->args[i] || a->imm[i] != b->imm[i])
            return false;
    if (strcmp(a->prim, "const") == 0)
        return memcmp(&a->value, &b->value, sizeof a->value) == 0;
    if (strcmp(a->prim, "param") == 0)
        return a->param == b->param;
    return true;
}

int gen_dag_add(gen_dag *d, const gen_node *n)
{
    for (int i = 0; i < d->count; i++)
        if (same_node(&d->nodes[i], n))
            return i;
    if (d->count == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 32;
        d->nodes = gen_xrealloc(d->nodes, (size_t)d->cap * sizeof *d->nodes);
    }
    d->nodes[d->count] = *n;
    return d->count++;
}

const char *gen_type_name(gen_type t)
{
    static const char *const names[] = { "f32", "i32", "mask" }; /* ORDER gen_type */
    return names[t];
}

uint32_t gen_f32_bits(double v)
{
    float f = (float)v;
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

void gen_const_c(gen_buf *b, const gen_node *n)
{
    if (n->type == GEN_I32) {
        gen_buf_printf(b, "%lld", (long long)n->value);
        return;
    }
    float f = (float)n->value;
    if (isinf(f))
        gen_buf_put(b, f > 0 ? "INFINITY" : "-INFINITY");
    else if (f == 0.0f)
        gen_buf_put(b, signbit(f) ? "-0.0f" : "0.0f");
    else
        gen_buf_printf(b, "%af", (double)f);
}

void gen_plan_make(gen_plan *p, const gen_fn *fn, const gen_target *t)
{
    const gen_dag *d = &fn->dag;
    p->alias = gen_xmalloc((size_t)(d->count ? d->count : 1) * sizeof *p->alias);
    p->live = gen_xmalloc((size_t)(d->count ? d->count : 1) * sizeof *p->live);
    for (int i = 0; i < d->count; i++) { /* fallbacks precede their node: one pass in order */
        const gen_node *n = &d->nodes[i];
        bool native = n->fallback < 0 || gen_spelling_of(t, n->prim);
        p->alias[i] = native ? i : p->alias[n->fallback];
        p->live[i] = false;
    }
    if (d->count)
        p->live[p->alias[d->root]] = true;
    for (int i = d->count - 1; i >= 0; i--)
        if (p->live[i])
            for (int a = 0; a < d->nodes[i].nargs; a++)
                if (d->nodes[i].args[a] >= 0)
                    p->live[p->alias[d->nodes[i].args[a]]] = true;
}

void gen_plan_free(gen_plan *p)
{
    free(p->alias);
    free(p->live);
}

/* The C-like spelling of an operand: a parameter's name, a temporary, or an immediate. */
static void operand_name(gen_buf *b, const gen_fn *fn, const gen_plan *plan, const gen_node *n, int i)
{
    if (n->args[i] < 0) {
        gen_buf_printf(b, "%d", n->imm[i]);
        return;
    }
    int k = plan->alias[n->args[i]];
    const gen_node *a = &fn->dag.nodes[k];
    if (strcmp(a->prim, "param") == 0)
        gen_buf_put(b, fn->params[a->param]);
    else
        gen_buf_printf(b, "t%d", k);
}

void gen_lower_c(gen_buf *body, const gen_fn *fn, const gen_c_style *st, const char *indent)
{
    const gen_dag *d = &fn->dag;
    gen_plan plan;
    gen_plan_make(&plan, fn, st->target);
    for (int i = 0; i < d->count; i++) {
        const gen_node *n = &d->nodes[i];
        if (!plan.live[i] || strcmp(n->prim, "param") == 0)
            continue;
        gen_buf_printf(body, "%s%s t%d = ", indent, st->types[n->type], i);
        if (strcmp(n->prim, "const") == 0) {
            st->constant(body, n);
        } else {
            gen_buf_printf(body, "%s%s(", st->prefix, n->prim);
            for (int a = 0; a < n->nargs; a++) {
                if (a)
                    gen_buf_put(body, ", ");
                operand_name(body, fn, &plan, n, a);
            }
            gen_buf_put(body, ")");
        }
        gen_buf_put(body, ";\n");
    }
    int root = plan.alias[d->root];
    const gen_node *r = &d->nodes[root];
    if (strcmp(r->prim, "param") == 0)
        gen_buf_printf(body, "%sreturn %s;\n", indent, fn->params[r->param]);
    else
        gen_buf_printf(body, "%sreturn t%d;\n", indent, root);
    gen_plan_free(&plan);
}

void gen_prim_functions(gen_buf *b, const gen_spec *spec, const gen_target *t, const gen_c_style *st)
{
    static const char *const names[] = { "a", "b", "c" };
    for (int i = 0; i < spec->nprims; i++) {
        const gen_prim_sig *p = &spec->prims[i];
        const char *text = gen_spelling_of(t, p->name);
        if (!text) /* ops that need it report the missing spelling */
            continue;
        bool has_imm = false;
        for (int a = 0; a < p->nargs; a++)
            has_imm = has_imm || p->imm[a];
        if (has_imm) { /* immediates must stay literal: a macro keeps them so */
            gen_buf_printf(b, "#define %s%s(a, b) (%s)\n", st->prefix, p->name, text);
            continue;
        }
        gen_buf_printf(b, "%s%s%s %s%s(", st->fn_qualifier, st->fn_qualifier[0] ? " " : "", st->types[p->ret],
                       st->prefix, p->name);
        for (int a = 0; a < p->nargs; a++)
            gen_buf_printf(b, "%s%s %s", a ? ", " : "", st->types[p->args[a]], names[a]);
        if (st->result_qualifier && p->ret == GEN_F32)
            gen_buf_printf(b, ") { %s %s r = %s; return r; }\n", st->result_qualifier, st->types[p->ret], text);
        else
            gen_buf_printf(b, ") { return %s; }\n", text);
    }
}
