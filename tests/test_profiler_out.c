/* The profiler's exports of the synthetic profile: the text tree against its snapshot, the
 * JSON and Chrome trace read back with the project's JSON reader, the SVG's tags balanced and
 * free of external resources, the DOT read by Graphviz (skipped without `dot`). */
#define _POSIX_C_SOURCE 200809L
#include "json.h"
#include "test_profiler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The synthetic profile: 1 embedding, 2 layers of 1 scope + 12 bricks + 1 cache read, the head,
 * sampling and the prefetch on its own lane; its copy up, rmsnorm kernel and copy on the device
 * on a stream lane (the last). */
enum { SYNTHETIC_GPU = 3, SYNTHETIC_NODES = 1 + 2 * 14 + 3 + SYNTHETIC_GPU, SYNTHETIC_LANES = 3 };

/* A report into memory (free it); NULL with a failed check. */
static char *report(tn_profiler *p, tn_prof_format format)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    tn_status s = f ? tn_profiler_write_file(p, format, f) : TN_ERR_IO;
    if (f)
        fclose(f);
    if (s != TN_OK) {
        check(false, "report", "format %d: %s", (int)format, tn_last_error());
        free(text);
        return NULL;
    }
    return text;
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    size_t len = 0;
    FILE *m = f ? open_memstream(&text, &len) : NULL;
    int c;
    while (m && (c = fgetc(f)) != EOF)
        fputc(c, m);
    if (m)
        fclose(m);
    if (f)
        fclose(f);
    return text;
}

static bool write_all(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    bool ok = f && fputs(text, f) >= 0;
    return f && fclose(f) == 0 && ok;
}

int run_tree(const char *snapshot, bool update)
{
    int64_t clock;
    tn_profiler *p = synthetic_profile(&clock);
    char *got = p ? report(p, TN_PROF_TREE) : NULL;
    if (!got)
        return 1;
    fputs(got, stdout);
    if (update) {
        check(write_all(snapshot, got), "snapshot written", "%s", snapshot);
    } else {
        char *want = read_all(snapshot);
        const char *a = got, *b = want ? want : "";
        int line = 1;
        for (; *a && *a == *b; a++, b++)
            line += *a == '\n';
        check(want && !*a && !*b, "tree matches the snapshot",
              "%s: first difference on line %d (rerun with --update "
              "after checking the change)",
              snapshot, line);
        free(want);
    }
    /* The same through a path. */
    char path[] = "/tmp/tn_prof_tree_XXXXXX";
    int fd = mkstemp(path);
    if (fd >= 0)
        close(fd);
    expect("tree to a path", fd >= 0 ? tn_profiler_write(p, TN_PROF_TREE, path) : TN_ERR_IO, TN_OK, NULL);
    char *again = read_all(path);
    check(again && strcmp(again, got) == 0, "the path holds the same tree", NULL);
    unlink(path);
    free(again);
    free(got);
    tn_profiler_destroy(p);
    return failures != 0;
}

/* ---- JSON ---- */

static const json *item(const json *j, int i)
{
    return j && (j->type == JSON_ARRAY || j->type == JSON_OBJECT) && i < j->count ? j->items[i] : NULL;
}

static void json_nodes(const json *root)
{
    const json *nodes = json_get(root, "nodes"), *hier = json_get(root, "hierarchy");
    int bad = 0, parents = 0;
    for (int i = 0; nodes && i < nodes->count; i++) {
        const json *n = item(nodes, i), *parent = json_get(n, "parent");
        bad += json_number(n, "id", -1) != i || json_number(n, "start_ns", 0) > json_number(n, "end_ns", -1);
        bad += json_number(n, "lane", -1) < 0 || json_number(n, "lane", 99) >= SYNTHETIC_LANES;
        const char *kind = json_string(n, "kind", "");
        bool gpu = strcmp(kind, "kernel") == 0 || strcmp(kind, "transfer") == 0;
        bad += !gpu && strcmp(kind, "brick") != 0 && strcmp(kind, "scope") != 0;
        bad += gpu != (json_number(n, "lane", -1) == SYNTHETIC_LANES - 1) || gpu != (json_get(n, "record") != NULL);
        if (parent && parent->type == JSON_NUMBER) {
            parents++;
            bad += parent->number >= i; /* parents come first */
        }
    }
    check(nodes && nodes->count == SYNTHETIC_NODES && bad == 0, "JSON nodes", "%d nodes, %d bad",
          nodes ? nodes->count : -1, bad);
    bad = 0;
    for (int e = 0; hier && e < hier->count; e++) {
        const json *edge = item(hier, e);
        const json *from = item(edge, 0), *to = item(edge, 1);
        const json *child = to ? item(nodes, (int)to->number) : NULL;
        bad += !from || !child || json_number(child, "parent", -1) != from->number;
    }
    check(hier && hier->count == parents && bad == 0, "JSON hierarchy edges match the parents", "%d edges, %d bad",
          hier ? hier->count : -1, bad);
}

static void json_path(const json *root)
{
    const json *nodes = json_get(root, "nodes"), *deps = json_get(root, "dependencies");
    const json *cp = json_get(root, "critical_path"), *path = json_get(cp, "nodes");
    int explicit = 0, bad = 0;
    for (int e = 0; deps && e < deps->count; e++)
        explicit += strcmp(json_string(item(deps, e), "kind", ""), "explicit") == 0;
    double end = 0;
    for (int i = 0; path && i < path->count; i++) {
        const json *n = item(nodes, (int)item(path, i)->number);
        const json *critical = json_get(n, "critical");
        bad += json_number(n, "slack_ns", -1) != 0 || !critical || critical->type != JSON_BOOL || critical->number != 1;
        bad += i > 0 && json_number(n, "es_ns", -1) != end;
        end = json_number(n, "es_ns", 0) + json_number(n, "end_ns", 0) - json_number(n, "start_ns", 0);
    }
    check(explicit == 1 && path && path->count > 0 && bad == 0 && end == json_number(cp, "length_ns", -1),
          "JSON critical path: no slack, each activity where the last ended, to the length", "%d activities, %d bad",
          path ? path->count : -1, bad);
}

static void json_tables(const json *root)
{
    const json *bricks = json_get(root, "bricks"), *cats = json_get(root, "categories"),
               *nodes = json_get(root, "nodes");
    const json *rms = item(bricks, TN_BRICK_RMS_NORM);
    check(bricks && bricks->count == TN_BRICK_BUILTIN_COUNT + 2 && json_number(rms, "count", 0) == 4 &&
              strcmp(json_string(rms, "name", ""), "RmsNorm") == 0 &&
              strcmp(json_string(item(bricks, TN_BRICK_BUILTIN_COUNT), "name", ""), "KvCacheRead") == 0,
          "JSON bricks", NULL);
    double categories = 0, activities = 0;
    for (int c = 0; cats && c < cats->count; c++)
        categories += json_number(item(cats, c), "self_ns", 0);
    double device = 0, records = 0;
    for (int c = 0; cats && c < cats->count; c++)
        device += json_number(item(cats, c), "device_ns", 0);
    for (int i = 0; nodes && i < nodes->count; i++) {
        const json *n = item(nodes, i);
        double d = json_number(n, "end_ns", 0) - json_number(n, "start_ns", 0);
        bool stream = json_number(n, "lane", -1) == SYNTHETIC_LANES - 1;
        if (json_number(n, "activity", -1) == i && !stream)
            activities += d;
        records += stream ? d : 0;
    }
    /* The threads' activities (a stream's kernels are activities of their own lane). */
    check(cats && cats->count == TN_CATEGORY_COUNT && categories == activities,
          "JSON categories sum to the threads' activities' time", "%.0f and %.0f ns", categories, activities);
    check(device == records && device == 160000, "JSON categories' device time sums the records'", "%.0f and %.0f ns",
          device, records);
}

/* FNV-1a 64, written out here so the hashes are checked against more than the runtime's own. */
static uint64_t fnv1a64(const void *bytes, size_t size)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < size; i++)
        h = (h ^ ((const unsigned char *)bytes)[i]) * 0x100000001b3ull;
    return h;
}

/* The kernel node: its op, the hash of rmsnorm's PTX text, the file the registry gives for it,
 * the stage injected (first entry, 8 x 1 blocks of 256) and the roofline at 1 TB/s. */
static void json_records(const json *root)
{
    const json *nodes = json_get(root, "nodes"), *kernel = NULL;
    for (int i = 0; nodes && i < nodes->count; i++)
        if (strcmp(json_string(item(nodes, i), "kind", ""), "kernel") == 0)
            kernel = json_get(item(nodes, i), "record");
    const tn_op *rms = op_named("rmsnorm");
    char want[32];
    snprintf(want, sizeof want, "0x%016llx", (unsigned long long)fnv1a64(rms->ptx, strlen(rms->ptx)));
    const json *stage = item(json_get(kernel, "stages"), 0), *grid = json_get(stage, "grid");
    size_t dims[2] = {64, 4096};
    double bound = rms->bytes(dims) / 1e12 * 1e9;
    check(kernel && strcmp(json_string(kernel, "op", ""), "rmsnorm") == 0 &&
              strcmp(json_string(kernel, "hash", ""), want) == 0 &&
              strcmp(json_string(kernel, "source", ""), "ptx/rmsnorm.ptx") == 0 &&
              strcmp(json_string(stage, "entry", ""), rms->cuda_entries[0]) == 0 &&
              strcmp(json_string(stage, "hash", ""), want) == 0 && grid && grid->count == 2 &&
              item(grid, 0)->number == 8 && item(grid, 1)->number == 1 && json_number(stage, "block", 0) == 256 &&
              json_number(kernel, "bytes", 0) == rms->bytes(dims) &&
              json_number(json_get(kernel, "roofline"), "bound_ns", 0) - bound < 0.1 &&
              bound - json_number(json_get(kernel, "roofline"), "bound_ns", 0) < 0.1,
          "JSON kernel record: op, PTX hash and its source, stage, work, roofline", "want hash %s", want);
}

static void check_json(const char *path)
{
    char err[256] = "";
    json *root = json_load(path, err, sizeof err);
    check(root != NULL, "JSON parses", "%s", err);
    if (!root)
        return;
    check(strcmp(json_string(root, "schema", ""), "trueno-profile") == 0 && json_number(root, "version", 0) == 1 &&
              strcmp(json_string(root, "sync", ""), "none") == 0 && strcmp(json_string(root, "unit", ""), "ns") == 0 &&
              json_get(root, "lanes") && json_get(root, "lanes")->count == SYNTHETIC_LANES,
          "JSON header", NULL);
    json_nodes(root);
    json_path(root);
    json_tables(root);
    json_records(root);
    json_free(root);
}

static void check_chrome(const char *path)
{
    char err[256] = "";
    json *root = json_load(path, err, sizeof err);
    const json *events = json_get(root, "traceEvents");
    check(events && events->type == JSON_ARRAY, "Chrome trace parses, with traceEvents", "%s", err);
    int complete = 0, meta = 0, flows = 0, bad = 0;
    for (int i = 0; events && i < events->count; i++) {
        const json *e = item(events, i);
        const char *ph = json_string(e, "ph", "");
        complete += strcmp(ph, "X") == 0;
        meta += strcmp(ph, "M") == 0;
        flows += strcmp(ph, "s") == 0 || strcmp(ph, "f") == 0;
        bad += !json_get(e, "name") || json_number(e, "pid", -1) != 1 || json_number(e, "tid", -1) < 0;
        bad += strcmp(ph, "X") == 0 && (json_number(e, "dur", -1) < 0 || json_number(e, "ts", -1) < 0 ||
                                        !json_get(json_get(e, "args"), "node"));
    }
    check(complete == SYNTHETIC_NODES && meta == 1 + SYNTHETIC_LANES && flows == 2 && bad == 0,
          "Chrome trace: a complete event per node, names for the process and lanes, a flow per dependency",
          "%d complete, %d metadata, %d flow, %d bad", complete, meta, flows, bad);
    json_free(root);
}

/* ---- SVG and DOT ---- */

/* Whether the tags of an XML document balance (comments, declarations and self-closing tags
 * allowed); the first problem in why. */
static bool xml_balanced(const char *s, char *why, size_t len)
{
    const char *stack[64];
    size_t names[64];
    int depth = 0, elements = 0;
    for (const char *p = strchr(s, '<'); p; p = strchr(p + 1, '<')) {
        if (strncmp(p, "<?", 2) == 0 || strncmp(p, "<!", 2) == 0)
            continue;
        size_t n = strcspn(p + 1 + (p[1] == '/'), " \t\n/>");
        const char *close = strchr(p, '>');
        if (!close || n == 0) {
            snprintf(why, len, "an unterminated tag at byte %td", p - s);
            return false;
        }
        if (p[1] == '/') {
            if (depth == 0 || names[depth - 1] != n || strncmp(stack[depth - 1], p + 2, n) != 0) {
                snprintf(why, len, "</%.*s> at byte %td closes nothing open", (int)n, p + 2, p - s);
                return false;
            }
            depth--;
        } else if (close[-1] != '/') {
            if (depth == 64) {
                snprintf(why, len, "nesting deeper than 64");
                return false;
            }
            stack[depth] = p + 1;
            names[depth++] = n;
        }
        elements++;
    }
    snprintf(why, len, "%d tags, %d left open", elements, depth);
    return depth == 0 && elements > 0;
}

static void check_svg(const char *text)
{
    char why[128];
    check(text && xml_balanced(text, why, sizeof why), "SVG tags balance", "%s", text ? why : "no file");
    static const char *const external[] = {"href", "<script", "url(", "<image", "@import", "<foreignObject"};
    int found = 0, rects = 0;
    for (size_t i = 0; text && i < sizeof external / sizeof external[0]; i++)
        found += strstr(text, external[i]) != NULL;
    for (const char *p = text; p && (p = strstr(p, "<rect")); p++)
        rects++;
    const char *http = text ? strstr(text, "http") : NULL;
    bool only_namespace = http && strncmp(http, "http://www.w3.org/2000/svg\"", 27) == 0 && !strstr(http + 1, "http");
    check(text && found == 0 && only_namespace && rects >= SYNTHETIC_NODES, "SVG is self-contained, a bar per node",
          "%d external references, %d rects", found, rects);
}

static void check_dot_text(const char *text)
{
    int open = 0, bad = 0, edges = 0;
    for (const char *p = text; p && *p; p++) {
        open += (*p == '{') - (*p == '}');
        bad += open < 0;
    }
    for (const char *p = text; p && (p = strstr(p, "->")); p++)
        edges++;
    /* Dashed: the cache read in each score, the prefetch's three GPU records; solid: 27 top-level
     * bricks of thread 0 in sequence (embedding, 2 x 12, head, sampling), the prefetch's explicit
     * dependency and the three records in stream order. */
    check(text && strncmp(text, "digraph", 7) == 0 && open == 0 && bad == 0 && edges == 2 + 3 + 26 + 1 + 2,
          "DOT: braces balance, an edge per nesting and dependency", "%d edges", edges);
}

int run_exports(void)
{
    int64_t clock;
    tn_profiler *p = synthetic_profile(&clock);
    char dir[] = "/tmp/tn_prof_XXXXXX", json_path_[64], chrome[64];
    if (!p || !mkdtemp(dir))
        return 1;
    snprintf(json_path_, sizeof json_path_, "%s/profile.json", dir);
    snprintf(chrome, sizeof chrome, "%s/trace.json", dir);
    expect("JSON written", tn_profiler_write(p, TN_PROF_JSON, json_path_), TN_OK, NULL);
    expect("Chrome trace written", tn_profiler_write(p, TN_PROF_CHROME, chrome), TN_OK, NULL);
    check_json(json_path_);
    check_chrome(chrome);
    char *svg = report(p, TN_PROF_SVG), *dot = report(p, TN_PROF_DOT);
    check_svg(svg);
    check_dot_text(dot);
    free(svg);
    free(dot);
    unlink(json_path_);
    unlink(chrome);
    rmdir(dir);
    tn_profiler_destroy(p);
    return failures != 0;
}

int run_dot(void)
{
    if (system("command -v dot > /dev/null 2>&1") != 0) {
        printf("skipped: Graphviz's dot is not installed\n");
        return 77;
    }
    int64_t clock;
    tn_profiler *p = synthetic_profile(&clock);
    char dir[] = "/tmp/tn_prof_XXXXXX", in[64], out[64], cmd[256], why[128];
    if (!p || !mkdtemp(dir))
        return 1;
    snprintf(in, sizeof in, "%s/profile.dot", dir);
    snprintf(out, sizeof out, "%s/profile.svg", dir);
    expect("DOT written", tn_profiler_write(p, TN_PROF_DOT, in), TN_OK, NULL);
    snprintf(cmd, sizeof cmd, "dot -Tsvg '%s' -o '%s'", in, out);
    int rc = system(cmd);
    char *svg = read_all(out);
    check(rc == 0 && svg && xml_balanced(svg, why, sizeof why), "dot -Tsvg reads it", "exit %d; %s",
          WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, svg ? why : "no output");
    free(svg);
    unlink(in);
    unlink(out);
    rmdir(dir);
    tn_profiler_destroy(p);
    return failures != 0;
}

/* The synthetic profile in every format, into dir: to look at them. */
int run_write(const char *dir)
{
    static const char *const files[] = {"profile.txt", "profile.dot", "trace.json", "timeline.svg", "profile.json"};
    int64_t clock;
    tn_profiler *p = synthetic_profile(&clock);
    for (int f = TN_PROF_TREE; p && f <= TN_PROF_JSON; f++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, files[f]);
        expect(path, tn_profiler_write(p, (tn_prof_format)f, path), TN_OK, NULL);
    }
    tn_profiler_destroy(p);
    return !p || failures != 0;
}

/* A program's written profile (examples/transformer_layer's run folder): every file there, the
 * JSON and the Chrome trace parse, the timelines' tags balance, the DOT's braces, the tree. */
int run_outputs(const char *dir)
{
    static const char *const files[] = {"profile.txt",  "profile.dot",   "trace.json",
                                        "timeline.svg", "timeline.html", "profile.json"};
    char path[4096], err[256] = "", why[128] = "";
    char *text[6] = {NULL};
    for (int i = 0; i < 6; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        text[i] = read_all(path);
        check(text[i] && *text[i], "written", "%s", path);
    }
    snprintf(path, sizeof path, "%s/profile.json", dir);
    json *root = json_load(path, err, sizeof err);
    const json *nodes = json_get(root, "nodes");
    check(root && strcmp(json_string(root, "schema", ""), "trueno-profile") == 0 && nodes && nodes->count > 0,
          "profile.json parses, with nodes", "%s", err);
    json_free(root);
    snprintf(path, sizeof path, "%s/trace.json", dir);
    root = json_load(path, err, sizeof err);
    check(root && json_get(root, "traceEvents") && json_get(root, "traceEvents")->count > 0,
          "trace.json parses, with events", "%s", err);
    json_free(root);
    check(text[3] && xml_balanced(text[3], why, sizeof why), "timeline.svg's tags balance", "%s", why);
    check(text[4] && xml_balanced(text[4], why, sizeof why) && strstr(text[4], "<svg"),
          "timeline.html's tags balance, the SVG inside", "%s", why);
    int open = 0;
    for (const char *p = text[1]; p && *p; p++)
        open += (*p == '{') - (*p == '}');
    check(text[1] && strncmp(text[1], "digraph", 7) == 0 && open == 0, "profile.dot: a digraph, braces balance", NULL);
    check(text[0] && strstr(text[0], "critical path") && strstr(text[0], "RmsNorm"), "profile.txt: a tree", NULL);
    for (int i = 0; i < 6; i++)
        free(text[i]);
    return failures != 0;
}
