/* A small JSON reader for the files the tools write and read back (tn_bench's results,
 * baselines, budgets and goldens; tnptx's --json reports), and string escaping for writers. */
#ifndef TN_JSON_H
#define TN_JSON_H

#include <stdbool.h>
#include <stdio.h>

typedef enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

typedef struct json {
    json_type type;
    double number;       /* number, bool */
    char *string;        /* string */
    char **keys;         /* object: keys[i] names items[i] */
    struct json **items; /* array, object */
    int count;
} json;

/* Parses text; NULL with a message "line L: ..." in err on a syntax error. */
json *json_parse(const char *text, char *err, size_t err_len);
/* Reads and parses a file; NULL with a message in err when it cannot. */
json *json_load(const char *path, char *err, size_t err_len);
void json_free(json *j);

json *json_get(const json *object, const char *key); /* NULL when absent or not an object */
double json_number(const json *object, const char *key, double fallback);
const char *json_string(const json *object, const char *key, const char *fallback);

/* Writes s as a JSON string literal. */
void json_put_string(FILE *f, const char *s);

#endif
