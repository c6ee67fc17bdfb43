/* A small recursive-descent JSON reader, and string escaping for the writers. */
#define _POSIX_C_SOURCE 200809L
#include "json.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct parser {
    const char *p;
    int line;
    char *err;
    size_t err_len;
    bool failed;
} parser;

static void fail(parser *ps, const char *what)
{
    if (!ps->failed)
        snprintf(ps->err, ps->err_len, "line %d: %s", ps->line, what);
    ps->failed = true;
}

static void skip_space(parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
        ps->line += *ps->p++ == '\n';
}

static json *node(json_type type)
{
    json *j = calloc(1, sizeof *j);
    if (j)
        j->type = type;
    return j;
}

/* The 4 hex digits after \u. The writers escape single bytes as \u00XX (tnptx: every byte
 * outside printable ASCII), so a code below 256 is that byte; others become '?'. 0 on error. */
static char unicode_escape(parser *ps)
{
    unsigned code = 0;
    for (int i = 0; i < 4; i++, ps->p++) {
        if (!isxdigit((unsigned char)*ps->p)) {
            fail(ps, "\\u needs 4 hex digits");
            return 0;
        }
        code = code * 16 + (unsigned)(isdigit((unsigned char)*ps->p) ? *ps->p - '0' : (*ps->p | 0x20) - 'a' + 10);
    }
    if (code == 0) {
        fail(ps, "\\u0000 in a string");
        return 0;
    }
    return code < 256 ? (char)code : '?';
}

static char *parse_string_text(parser *ps)
{
    size_t cap = 16, len = 0;
    char *s = malloc(cap);
    ps->p++; /* the opening quote */
    while (s && *ps->p && *ps->p != '"') {
        char c = *ps->p++;
        if (c == '\\') {
            char e = *ps->p;
            if (!e)
                break; /* unterminated: reported below */
            ps->p++;
            if (e == 'u')
                c = unicode_escape(ps);
            else
                c = e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == 'b' ? '\b' : e == 'f' ? '\f' : e;
            if (!c) {
                free(s);
                return NULL;
            }
        }
        if (len + 2 > cap) {
            char *grown = realloc(s, cap *= 2);
            if (!grown)
                free(s);
            s = grown;
        }
        if (s)
            s[len++] = c;
    }
    if (!s || *ps->p != '"') {
        free(s);
        fail(ps, "unterminated string");
        return NULL;
    }
    ps->p++;
    s[len] = '\0';
    return s;
}

static json *parse_value(parser *ps, int depth);

static bool append(json *j, char *key, json *item)
{
    json **items = realloc(j->items, (size_t)(j->count + 1) * sizeof *items);
    if (!items)
        return false;
    j->items = items;
    if (j->type == JSON_OBJECT) {
        char **keys = realloc(j->keys, (size_t)(j->count + 1) * sizeof *keys);
        if (!keys)
            return false;
        j->keys = keys;
        j->keys[j->count] = key;
    }
    j->items[j->count++] = item;
    return true;
}

static json *parse_container(parser *ps, int depth, bool object)
{
    json *j = node(object ? JSON_OBJECT : JSON_ARRAY);
    char close = object ? '}' : ']';
    ps->p++;
    skip_space(ps);
    if (*ps->p == close) {
        ps->p++;
        return j;
    }
    while (j && !ps->failed) {
        char *key = NULL;
        skip_space(ps);
        if (object) {
            if (*ps->p != '"') {
                fail(ps, "expected a key in quotes");
                break;
            }
            key = parse_string_text(ps);
            skip_space(ps);
            if (*ps->p++ != ':')
                fail(ps, "expected ':' after a key");
        }
        json *item = ps->failed ? NULL : parse_value(ps, depth + 1);
        if (!item || !append(j, key, item)) {
            free(key);
            json_free(item);
            fail(ps, "out of memory or bad value");
            break;
        }
        skip_space(ps);
        if (*ps->p == ',') {
            ps->p++;
            continue;
        }
        if (*ps->p == close) {
            ps->p++;
            return j;
        }
        fail(ps, object ? "expected ',' or '}'" : "expected ',' or ']'");
    }
    json_free(j);
    return NULL;
}

static json *parse_value(parser *ps, int depth)
{
    skip_space(ps);
    if (depth > 64) {
        fail(ps, "nested too deeply");
        return NULL;
    }
    char c = *ps->p;
    if (c == '{' || c == '[')
        return parse_container(ps, depth, c == '{');
    if (c == '"') {
        json *j = node(JSON_STRING);
        if (j && !(j->string = parse_string_text(ps))) {
            free(j);
            return NULL;
        }
        return j;
    }
    static const struct {
        const char *word;
        json_type type;
        double value;
    } words[] = {
        {"true", JSON_BOOL, 1},
        {"false", JSON_BOOL, 0},
        {"null", JSON_NULL, 0},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strncmp(ps->p, words[i].word, strlen(words[i].word)) == 0) {
            ps->p += strlen(words[i].word);
            json *j = node(words[i].type);
            if (j)
                j->number = words[i].value;
            return j;
        }
    char *end;
    double v = strtod(ps->p, &end);
    if (end == ps->p) {
        fail(ps, "expected a value");
        return NULL;
    }
    ps->p = end;
    json *j = node(JSON_NUMBER);
    if (j)
        j->number = v;
    return j;
}

json *json_parse(const char *text, char *err, size_t err_len)
{
    parser ps = {.p = text, .line = 1, .err = err, .err_len = err_len};
    json *j = parse_value(&ps, 0);
    skip_space(&ps);
    if (j && *ps.p) {
        fail(&ps, "text after the value");
        json_free(j);
        j = NULL;
    }
    return j;
}

json *json_load(const char *path, char *err, size_t err_len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, err_len, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, len = 0, got;
    char *text = malloc(cap + 1);
    while (text && (got = fread(text + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            char *grown = realloc(text, (cap *= 2) + 1);
            if (!grown)
                free(text);
            text = grown;
        }
    }
    fclose(f);
    if (!text) {
        snprintf(err, err_len, "%s: out of memory", path);
        return NULL;
    }
    text[len] = '\0';
    char inner[200];
    json *j = json_parse(text, inner, sizeof inner);
    if (!j)
        snprintf(err, err_len, "%s: %s", path, inner);
    free(text);
    return j;
}

void json_free(json *j)
{
    if (!j)
        return;
    for (int i = 0; i < j->count; i++) {
        json_free(j->items[i]);
        if (j->keys)
            free(j->keys[i]);
    }
    free(j->items);
    free(j->keys);
    free(j->string);
    free(j);
}

json *json_get(const json *object, const char *key)
{
    if (!object || object->type != JSON_OBJECT)
        return NULL;
    for (int i = 0; i < object->count; i++)
        if (strcmp(object->keys[i], key) == 0)
            return object->items[i];
    return NULL;
}

double json_number(const json *object, const char *key, double fallback)
{
    const json *j = json_get(object, key);
    return j && (j->type == JSON_NUMBER || j->type == JSON_BOOL) ? j->number : fallback;
}

const char *json_string(const json *object, const char *key, const char *fallback)
{
    const json *j = json_get(object, key);
    return j && j->type == JSON_STRING ? j->string : fallback;
}

void json_put_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}
