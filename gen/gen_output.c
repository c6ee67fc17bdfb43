/* The output set: generated files are kept in memory and written only when all succeeded. */
#include "gen.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void gen_output_add(gen_outputs *o, const char *path, char *content, size_t size)
{
    for (int i = 0; i < o->count; i++)
        if (strcmp(o->files[i].path, path) == 0)
            gen_die("internal: '%s' generated twice", path);
    if (o->count == o->cap) {
        o->cap = o->cap ? o->cap * 2 : 64;
        o->files = gen_xrealloc(o->files, (size_t)o->cap * sizeof *o->files);
    }
    o->files[o->count++] = (gen_file){ gen_strdup(path), content, size };
}

static const gen_file *find(const gen_outputs *o, const char *path)
{
    for (int i = 0; i < o->count; i++)
        if (strcmp(o->files[i].path, path) == 0)
            return &o->files[i];
    return NULL;
}

static int make_dirs(const char *path)
{
    char *p = gen_strdup(path);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(p, 0777) != 0 && errno != EEXIST) {
            fprintf(stderr, "tngen: error: cannot create folder %s: %s\n", p, strerror(errno));
            free(p);
            return -1;
        }
        *s = '/';
    }
    free(p);
    return 0;
}

static bool same_content(const char *path, const gen_file *f)
{
    size_t len;
    char *old = gen_read_file(path, &len);
    bool same = old && len == f->size && memcmp(old, f->content, len) == 0;
    free(old);
    return same;
}

static int write_atomically(const char *path, const gen_file *f)
{
    char *tmp = gen_strfmt("%s.tngen-tmp", path);
    FILE *out = fopen(tmp, "wb");
    int ok = out && fwrite(f->content, 1, f->size, out) == f->size;
    ok = out && fclose(out) == 0 && ok;
    if (ok && rename(tmp, path) != 0)
        ok = 0;
    if (!ok) {
        fprintf(stderr, "tngen: error: cannot write %s: %s\n", path, strerror(errno));
        remove(tmp);
    }
    free(tmp);
    return ok ? 0 : -1;
}

static int by_path(const void *a, const void *b)
{
    return strcmp(((const gen_file *)a)->path, ((const gen_file *)b)->path);
}

static bool produced(const gen_outputs *o, const char *rel)
{
    return find(o, rel) != NULL;
}

/* Removes files under dir that this run did not produce (an op or target was deleted). */
static void remove_stale(const gen_outputs *o, const char *root, const char *rel)
{
    char *dir = rel[0] ? gen_strfmt("%s/%s", root, rel) : gen_strdup(root);
    DIR *d = opendir(dir);
    if (!d) {
        free(dir);
        return;
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char *child_rel = rel[0] ? gen_strfmt("%s/%s", rel, e->d_name) : gen_strdup(e->d_name);
        char *child = gen_strfmt("%s/%s", root, child_rel);
        struct stat st;
        if (stat(child, &st) == 0 && S_ISDIR(st.st_mode)) {
            remove_stale(o, root, child_rel);
            rmdir(child); /* only succeeds when empty */
        } else if (!produced(o, child_rel)) {
            if (!o->quiet)
                printf("removed %s\n", child_rel);
            remove(child);
        }
        free(child);
        free(child_rel);
    }
    closedir(d);
    free(dir);
}

int gen_output_commit(gen_outputs *o, const char *out_dir)
{
    qsort(o->files, (size_t)o->count, sizeof *o->files, by_path);
    int changed = 0;
    for (int i = 0; i < o->count; i++) {
        const gen_file *f = &o->files[i];
        char *path = gen_strfmt("%s/%s", out_dir, f->path);
        if (!same_content(path, f)) {
            if (make_dirs(path) != 0 || write_atomically(path, f) != 0) {
                free(path);
                return -1;
            }
            changed++;
            if (!o->quiet)
                printf("[%d/%d] %s\n", i + 1, o->count, f->path);
        }
        free(path);
    }
    remove_stale(o, out_dir, "");
    if (!o->quiet)
        printf("tngen: %d files, %d changed\n", o->count, changed);
    return 0;
}

void gen_outputs_free(gen_outputs *o)
{
    for (int i = 0; i < o->count; i++) {
        free(o->files[i].path);
        free(o->files[i].content);
    }
    free(o->files);
    o->files = NULL;
    o->count = o->cap = 0;
}
