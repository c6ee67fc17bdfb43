/* Profiler timeline as a self-contained SVG: a lane per thread, a row per nesting depth, a bar
 * per interval (a tooltip with its times), the critical path outlined; no external resource. */
#include "prof_internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { WIDTH = 1200, LEFT = 110, RIGHT = 20, TOP = 56, ROW = 18, LANE_GAP = 12, CHAR_PX = 7 };

static const char *const category_fills[TN_CATEGORY_COUNT] = {"#4e79a7", "#f28e2b", "#59a14f",
                                                              "#9c755f"};                       /* ORDER CATEGORY */
static const char *const kind_fills[PROF_KINDS] = {"#f2f2f2", "#bab0ac", "#b07aa1", "#76b7b2"}; /* ORDER KIND */

typedef struct timeline {
    const prof_graph *g;
    FILE *f;
    double scale;   /* pixels per ns */
    int *lane_y;    /* each lane's top */
    int *lane_rows; /* rows: the deepest nesting + 1 */
    int height;
} timeline;

static void xml_text(FILE *f, const char *s)
{
    for (; *s; s++)
        switch (*s) {
        case '&':
            fputs("&amp;", f);
            break;
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '"':
            fputs("&quot;", f);
            break;
        default:
            fputc(*s, f);
        }
}

static double x_of(const timeline *t, int64_t ns)
{
    return LEFT + (double)(ns - t->g->begin) * t->scale;
}

/* Lane tops and rows; false when out of memory. */
static bool layout(timeline *t)
{
    const prof_graph *g = t->g;
    t->lane_y = calloc((size_t)g->nlanes + 1, sizeof *t->lane_y);
    t->lane_rows = calloc((size_t)g->nlanes + 1, sizeof *t->lane_rows);
    if (!t->lane_y || !t->lane_rows)
        return false;
    for (int v = 0; v < g->nnodes; v++) {
        int *rows = &t->lane_rows[g->nodes[v].n.lane];
        *rows = g->nodes[v].depth + 1 > *rows ? g->nodes[v].depth + 1 : *rows;
    }
    int y = TOP;
    for (int l = 0; l < g->nlanes; l++) {
        t->lane_y[l] = y;
        y += t->lane_rows[l] ? t->lane_rows[l] * ROW + LANE_GAP : 0;
    }
    t->height = y + 40;
    int64_t span = g->end - g->begin;
    t->scale = (double)(WIDTH - LEFT - RIGHT) / (double)(span > 0 ? span : 1);
    return true;
}

/* The smallest of 1, 2 or 5 times a power of ten (ns) that cuts span in at most ten. */
static int64_t tick_step(int64_t span)
{
    static const int times[] = {1, 2, 5};
    for (int64_t power = 1;; power *= 10)
        for (int i = 0; i < 3; i++)
            if (span / (power * times[i]) <= 10)
                return power * times[i];
}

/* The time axis, labelled in ms (us below 1 ms), with a grid line at each tick. */
static void axis(const timeline *t)
{
    int64_t span = t->g->end - t->g->begin, step = tick_step(span);
    bool in_ms = span >= 1000000;
    FILE *f = t->f;
    fprintf(f, "<g class=\"axis\" font-size=\"10\" fill=\"#444\">\n");
    fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>\n", LEFT, TOP - 8, WIDTH - RIGHT,
            TOP - 8);
    for (int64_t at = 0; at <= span; at += step) {
        double x = x_of(t, t->g->begin + at);
        char label[32];
        if (in_ms)
            prof_ms(at, label);
        else
            snprintf(label, sizeof label, "%" PRId64, at / 1000);
        fprintf(f, "<line x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" y2=\"%d\" stroke=\"#ddd\"/>\n", x, TOP - 8, x,
                t->height - 40);
        fprintf(f, "<text x=\"%.2f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x, TOP - 12, label);
    }
    fprintf(f, "<text x=\"%d\" y=\"%d\">%s</text>\n</g>\n", 8, TOP - 12, in_ms ? "ms" : "us");
}

static const char *fill_of(const prof_graph *g, int v)
{
    const prof_node *n = &g->nodes[v].n;
    if (n->kind == PROF_BRICK && n->what >= 0 && n->what < g->nbricks)
        return category_fills[g->categories[n->what]];
    return kind_fills[n->kind < PROF_KINDS ? n->kind : PROF_BRICK];
}

static void bar(const timeline *t, int v)
{
    const prof_graph *g = t->g;
    const prof_gnode *x = &g->nodes[v];
    char name[64], a[32], b[32], c[32];
    const char *label = prof_graph_label(g, v, name, sizeof name);
    double x0 = x_of(t, x->n.start), w = (double)(x->n.end - x->n.start) * t->scale;
    w = w < 0.5 ? 0.5 : w;
    int y = t->lane_y[x->n.lane] + x->depth * ROW;
    FILE *f = t->f;
    fprintf(f, "<g><title>");
    xml_text(f, label);
    fprintf(f, ": %s ms from %s ms, self %s ms", prof_ms(x->n.end - x->n.start, a), prof_ms(x->n.start, b),
            prof_ms(x->self, c));
    if (x->slack >= 0)
        fprintf(f, ", slack %s ms%s", prof_ms(x->slack, a), x->on_path ? ", critical" : "");
    if (x->n.kind == PROF_KERNEL || x->n.kind == PROF_TRANSFER) {
        const prof_record *r = &g->records[x->n.record];
        fprintf(f, ", %.0f bytes, %.0f flops, %s time", r->bytes, r->flops, r->device_time ? "device" : "host");
    }
    fprintf(f, "</title>\n<rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" fill=\"%s\"", x0, y + 1, w, ROW - 2,
            fill_of(g, v));
    fprintf(f, " stroke=\"%s\" stroke-width=\"%s\"/>\n", x->on_path ? "#d62728" : "#666", x->on_path ? "2" : "0.5");
    if (w > (double)(CHAR_PX * (int)strlen(label) + 4)) {
        fprintf(f, "<text x=\"%.2f\" y=\"%d\" font-size=\"11\" fill=\"%s\">", x0 + 3, y + ROW - 5,
                x->n.kind == PROF_SCOPE ? "#333" : "#fff");
        xml_text(f, label);
        fputs("</text>", f);
    }
    fputs("</g>\n", f);
}

static void legend(const timeline *t)
{
    FILE *f = t->f;
    int y = t->height - 24, x = LEFT;
    fprintf(f, "<g class=\"legend\" font-size=\"11\" fill=\"#333\">\n");
    for (int c = 0; c < TN_CATEGORY_COUNT; c++, x += 110)
        fprintf(f,
                "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">%s</text>\n",
                x, y, category_fills[c], x + 16, y + 10, tn_category_name((tn_category)c));
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\" stroke=\"#666\"/>", x, y,
            kind_fills[PROF_SCOPE]);
    fprintf(f, "<text x=\"%d\" y=\"%d\">layer</text>\n", x + 16, y + 10);
    x += 80;
    for (int k = PROF_KERNEL; k <= PROF_TRANSFER; k++, x += 90)
        fprintf(f,
                "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">%s</text>\n",
                x, y, kind_fills[k], x + 16, y + 10, prof_kind_name((prof_kind)k));
    fprintf(f,
            "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"none\" stroke=\"#d62728\" stroke-width=\"2\"/>",
            x, y);
    fprintf(f, "<text x=\"%d\" y=\"%d\">critical path</text>\n</g>\n", x + 16, y + 10);
}

tn_status prof_write_svg(const prof_graph *g, FILE *f)
{
    timeline t = {.g = g, .f = f};
    if (!layout(&t)) {
        free(t.lane_y);
        free(t.lane_rows);
        return tn_fail(TN_ERR_OUT_OF_MEMORY, "tn_profiler_write: out of memory laying out the timeline");
    }
    char len[32];
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
            "font-family=\"sans-serif\">\n",
            WIDTH, t.height, WIDTH, t.height);
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n");
    fprintf(f, "<text x=\"8\" y=\"18\" font-size=\"13\">trueno profile: sync %s, critical path %s ms</text>\n",
            tn_prof_sync_name(g->sync), prof_ms(g->length, len));
    axis(&t);
    for (int l = 0; l < g->nlanes; l++) {
        char lane[64];
        if (!t.lane_rows[l])
            continue;
        fprintf(f, "<text x=\"8\" y=\"%d\" font-size=\"11\"><title>", t.lane_y[l] + ROW - 5);
        xml_text(f, g->lanes[l].name);
        fputs("</title>", f);
        xml_text(f, prof_lane_label(g, l, lane, sizeof lane));
        fputs("</text>\n", f);
    }
    for (int v = 0; v < g->nnodes; v++)
        bar(&t, v);
    legend(&t);
    fputs("</svg>\n", f);
    free(t.lane_y);
    free(t.lane_rows);
    return TN_OK;
}
