/* Growable text buffers, allocation and error helpers of tngen. */
#include "gen.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *gen_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        gen_die("out of memory (%zu bytes)", n);
    return p;
}

void *gen_xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        gen_die("out of memory (%zu bytes)", n);
    return p;
}

char *gen_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(gen_xmalloc(n), s, n);
}

static void reserve(gen_buf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1)
        cap *= 2;
    b->data = gen_xrealloc(b->data, cap);
    b->cap = cap;
}

void gen_buf_putn(gen_buf *b, const char *s, size_t n)
{
    reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void gen_buf_put(gen_buf *b, const char *s)
{
    gen_buf_putn(b, s, strlen(s));
}

void gen_buf_vprintf(gen_buf *b, const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    if (n < 0)
        gen_die("bad format string '%s'", fmt);
    reserve(b, (size_t)n);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void gen_buf_printf(gen_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gen_buf_vprintf(b, fmt, ap);
    va_end(ap);
}

char *gen_buf_take(gen_buf *b)
{
    char *s = b->data ? b->data : gen_strdup("");
    b->data = NULL;
    b->len = b->cap = 0;
    return s;
}

void gen_buf_free(gen_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

char *gen_strfmt(const char *fmt, ...)
{
    gen_buf b = { 0 };
    va_list ap;
    va_start(ap, fmt);
    gen_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    return gen_buf_take(&b);
}

char *gen_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    gen_buf b = { 0 };
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        gen_buf_putn(&b, chunk, n);
    int failed = ferror(f);
    fclose(f);
    if (failed) {
        gen_buf_free(&b);
        errno = EIO;
        return NULL;
    }
    if (len)
        *len = b.len;
    return gen_buf_take(&b);
}

_Noreturn void gen_die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("tngen: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

void gen_keep_copy(const char *env, const char *text)
{
    const char *path = getenv(env);
    if (!path)
        return;
    FILE *f = fopen(path, "w");
    bool ok = f && fputs(text, f) != EOF;
    if ((f && fclose(f) != 0) || !ok)
        fprintf(stderr, "tngen: warning: %s: cannot write %s\n", env, path);
}
