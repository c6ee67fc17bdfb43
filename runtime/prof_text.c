/* Profiler reports as text: the ASCII tree with its tables, and Graphviz DOT. */
#include "prof_internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { INDENT = 4 };

/* ---- the tree ---- */

typedef struct tree {
    const prof_graph *g;
    FILE *f;
    int width;                                      /* of the label column */
    char prefix[INDENT * (PROF_MAX_DEPTH + 2) + 1]; /* the ancestors' bars */
} tree;

/* The label of v with its category ("RmsNorm [Norm]"). */
static const char *tree_label(const prof_graph *g, int v, char *buf, size_t len)
{
    char name[64];
    const prof_node *n = &g->nodes[v].n;
    const char *label = prof_graph_label(g, v, name, sizeof name);
    if (n->kind == PROF_BRICK && n->what >= 0 && n->what < g->nbricks)
        snprintf(buf, len, "%s [%s]", label, tn_category_name(g->categories[n->what]));
    else if (n->kind == PROF_KERNEL || n->kind == PROF_TRANSFER)
        snprintf(buf, len, "%s (%s)", label, prof_kind_name((prof_kind)n->kind));
    else
        snprintf(buf, len, "%s", label);
    return buf;
}

/* Nesting below the roots of the tree (any lane: GPU work shows under the brick that queued it). */
static int tree_depth(const prof_graph *g, int v)
{
    int d = 0;
    for (int p = g->nodes[v].parent; p >= 0; p = g->nodes[p].parent)
        d++;
    return d;
}

static void tree_line(tree *t, int v, bool last)
{
    const prof_gnode *x = &t->g->nodes[v];
    char label[128], total[32], self[32], slack[32];
    tree_label(t->g, v, label, sizeof label);
    int used = (int)strlen(t->prefix) + INDENT;
    fprintf(t->f, "%s%s%-*s %10s %10s", t->prefix, last ? "`-- " : "|-- ", t->width - used, label,
            prof_ms(x->n.end - x->n.start, total), prof_ms(x->self, self));
    if (x->slack >= 0)
        fprintf(t->f, " %10s%s", prof_ms(x->slack, slack), x->on_path ? " *" : "");
    fputc('\n', t->f);
}

static void tree_children(tree *t, int v)
{
    size_t len = strlen(t->prefix);
    for (int c = t->g->nodes[v].first_child; c >= 0; c = t->g->nodes[c].next_sibling) {
        bool last = t->g->nodes[c].next_sibling < 0;
        tree_line(t, c, last);
        if (len + INDENT < sizeof t->prefix) {
            strcpy(t->prefix + len, last ? "    " : "|   ");
            tree_children(t, c);
            t->prefix[len] = '\0';
        }
    }
}

static int label_width(const prof_graph *g)
{
    int width = 32;
    for (int v = 0; v < g->nnodes; v++) {
        char label[128];
        int w = INDENT * (tree_depth(g, v) + 1) + (int)strlen(tree_label(g, v, label, sizeof label));
        width = w > width ? w : width;
    }
    return width;
}

static void tree_lanes(tree *t)
{
    const prof_graph *g = t->g;
    for (int l = 0; l < g->nlanes; l++) {
        int last = -1;
        for (int v = 0; v < g->nnodes; v++)
            if (g->nodes[v].parent < 0 && g->nodes[v].n.lane == (uint32_t)l)
                last = v;
        if (last < 0)
            continue;
        char lane[64];
        prof_lane_label(g, l, lane, sizeof lane);
        fprintf(t->f, "\n%-*s %10s %10s %10s\n", t->width, lane, "total ms", "self ms", "slack ms");
        for (int v = 0; v <= last; v++) {
            if (g->nodes[v].parent >= 0 || g->nodes[v].n.lane != (uint32_t)l)
                continue;
            tree_line(t, v, v == last);
            strcpy(t->prefix, v == last ? "    " : "|   ");
            tree_children(t, v);
            t->prefix[0] = '\0';
        }
    }
}

/* "12.3%": part of whole, rounded to a tenth. */
static const char *share(int64_t part, int64_t whole, char buf[48])
{
    int64_t permille = whole > 0 ? (part * 1000 + whole / 2) / whole : 0;
    snprintf(buf, 48, "%" PRId64 ".%" PRId64 "%%", permille / 10, permille % 10);
    return buf;
}

static void tree_tables(const prof_graph *g, FILE *f)
{
    char a[48], b[48], c[48], d[48], e[32], x[32];
    fprintf(f, "\n%-24s %-10s %7s %10s %10s %10s %10s %10s %10s\n", "brick", "category", "count", "total ms", "self ms",
            "min ms", "max ms", "mean ms", "device ms");
    for (int k = 0; k < g->nbricks; k++) {
        const prof_bstats *s = &g->stats[k];
        if (s->count)
            fprintf(f, "%-24s %-10s %7" PRIu64 " %10s %10s %10s %10s %10s %10s\n", g->names[k],
                    tn_category_name(g->categories[k]), s->count, prof_ms(s->total, a), prof_ms(s->self, b),
                    prof_ms(s->min, c), prof_ms(s->max, d), prof_ms(s->total / (int64_t)s->count, e),
                    prof_ms(s->device, x));
    }
    int64_t all = 0, device = 0;
    for (int k = 0; k < TN_CATEGORY_COUNT; k++) {
        all += g->category_self[k];
        device += g->category_device[k];
    }
    fprintf(f, "\n%-24s %10s %7s %10s %7s\n", "category (self time)", "ms", "share", "device ms", "share");
    for (int k = 0; k < TN_CATEGORY_COUNT; k++)
        fprintf(f, "%-24s %10s %7s %10s %7s\n", tn_category_name((tn_category)k), prof_ms(g->category_self[k], a),
                share(g->category_self[k], all, b), prof_ms(g->category_device[k], c),
                share(g->category_device[k], device, d));
    fprintf(f, "%-24s %10s %7s %10s %7s\n", "all", prof_ms(all, a), share(all, all, b), prof_ms(device, c),
            share(device, device, d));
    prof_write_kernel_table(g, f);
}

tn_status prof_write_tree(const prof_graph *g, FILE *f)
{
    char a[32], b[32], c[32];
    tree t = {.g = g, .f = f, .width = label_width(g)};
    fprintf(f, "trueno profile: sync %s, %d lane%s, %d nodes, from %s ms to %s ms\n", tn_prof_sync_name(g->sync),
            g->nlanes, g->nlanes == 1 ? "" : "s", g->nnodes, prof_ms(g->begin, a), prof_ms(g->end, b));
    fprintf(f, "critical path %s ms over %d activit%s (* marks them)\n", prof_ms(g->length, c), g->npath,
            g->npath == 1 ? "y" : "ies");
    tree_lanes(&t);
    tree_tables(g, f);
    fprintf(f, "\ncritical path%s\n", g->npath ? ":" : ": none");
    for (int i = 0; i < g->npath; i++) {
        const prof_gnode *x = &g->nodes[g->path[i]];
        char label[128];
        char lane[64];
        fprintf(f, "  %-32s %-16s earliest %10s ms  takes %10s ms\n", tree_label(g, g->path[i], label, sizeof label),
                prof_lane_label(g, (int)x->n.lane, lane, sizeof lane), prof_ms(x->es, a),
                prof_ms(x->n.end - x->n.start, b));
    }
    return TN_OK;
}

/* ---- DOT ---- */

static const char *const category_colors[TN_CATEGORY_COUNT] = {"#a6cee3", "#fdbf6f", "#b2df8a",
                                                               "#d9d9d9"}; /* ORDER CATEGORY */
static const char *const kind_colors[PROF_KINDS] = {"#ffffff", "#ffffff", "#e8d5e4", "#d5ecea"}; /* ORDER KIND */

/* s escaped for a DOT string, without its quotes. */
static void dot_escaped(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', f);
        fputc(*s, f);
    }
}

static void dot_node(const prof_graph *g, int v, FILE *f, const char *indent)
{
    const prof_gnode *x = &g->nodes[v];
    char name[64], ms[32];
    const char *fill = kind_colors[x->n.kind < PROF_KINDS ? x->n.kind : PROF_SCOPE];
    if (x->n.kind == PROF_BRICK && x->n.what >= 0 && x->n.what < g->nbricks)
        fill = category_colors[g->categories[x->n.what]];
    fprintf(f, "%sn%d [label=\"", indent, v);
    dot_escaped(f, prof_graph_label(g, v, name, sizeof name));
    fprintf(f, "\\n%s ms\", fillcolor=\"%s\"%s];\n", prof_ms(x->n.end - x->n.start, ms), fill,
            x->on_path ? ", color=red, penwidth=2.5" : "");
}

/* v and the nodes below it in its lane: a scope as a cluster around its children. */
static void dot_subtree(const prof_graph *g, int v, FILE *f, int depth)
{
    char indent[2 * PROF_MAX_DEPTH + 8], name[64], ms[32];
    int n = 2 * (depth + 2) < (int)sizeof indent - 1 ? 2 * (depth + 2) : (int)sizeof indent - 1;
    memset(indent, ' ', n);
    indent[n] = '\0';
    const prof_gnode *x = &g->nodes[v];
    if (x->n.kind == PROF_SCOPE) {
        fprintf(f, "%ssubgraph cluster_n%d {\n%s  label=\"", indent, v, indent);
        dot_escaped(f, prof_graph_label(g, v, name, sizeof name));
        fprintf(f, " (%s ms)\"; style=rounded; color=gray50;\n", prof_ms(x->n.end - x->n.start, ms));
    } else
        dot_node(g, v, f, indent);
    for (int c = x->first_child; c >= 0; c = g->nodes[c].next_sibling)
        if (g->nodes[c].n.lane == x->n.lane)
            dot_subtree(g, c, f, depth + 1);
    if (x->n.kind == PROF_SCOPE)
        fprintf(f, "%s}\n", indent);
}

static void dot_edges(const prof_graph *g, FILE *f)
{
    int *pos = malloc(((size_t)g->nnodes + 1) * sizeof *pos);
    for (int v = 0; pos && v < g->nnodes; v++)
        pos[v] = -1;
    for (int i = 0; pos && i < g->npath; i++)
        pos[g->path[i]] = i;
    fputs("  // hierarchy: a brick and what it holds (layers hold theirs as clusters)\n", f);
    for (int e = 0; e < g->nhier; e++)
        if (g->nodes[g->hier[e].from].n.kind != PROF_SCOPE)
            fprintf(f, "  n%d -> n%d [style=dashed, color=gray50, arrowhead=odot];\n", g->hier[e].from, g->hier[e].to);
    fputs("  // dependencies\n", f);
    for (int e = 0; e < g->ndeps; e++) {
        int a = g->nodes[g->deps[e].from].activity, b = g->nodes[g->deps[e].to].activity;
        bool critical = pos && a >= 0 && b >= 0 && pos[a] >= 0 && pos[b] == pos[a] + 1;
        fprintf(f, "  n%d -> n%d [color=%s%s];\n", g->deps[e].from, g->deps[e].to,
                critical                               ? "red"
                : g->deps[e].kind == PROF_DEP_EXPLICIT ? "blue"
                                                       : "black",
                critical ? ", penwidth=2.5" : "");
    }
    free(pos);
}

tn_status prof_write_dot(const prof_graph *g, FILE *f)
{
    char ms[32];
    fprintf(f, "digraph trueno_profile {\n  label=\"trueno profile: sync %s, critical path %s ms\";\n",
            tn_prof_sync_name(g->sync), prof_ms(g->length, ms));
    fputs("  rankdir=LR; compound=true; fontname=\"Helvetica\";\n", f);
    fputs("  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=10];\n", f);
    for (int l = 0; l < g->nlanes; l++) {
        char lane[64];
        fprintf(f, "  subgraph cluster_lane%d {\n    label=\"", l);
        dot_escaped(f, prof_lane_label(g, l, lane, sizeof lane));
        fputs("\"; style=dashed; color=gray70;\n", f);
        for (int v = 0; v < g->nnodes; v++) {
            int p = g->nodes[v].parent;
            if (g->nodes[v].n.lane == (uint32_t)l && (p < 0 || g->nodes[p].n.lane != (uint32_t)l))
                dot_subtree(g, v, f, 1);
        }
        fputs("  }\n", f);
    }
    dot_edges(g, f);
    fputs("}\n", f);
    return TN_OK;
}
