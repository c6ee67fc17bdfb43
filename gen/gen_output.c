/* The output set: generated files are kept in memory and written only when all succeeded, as one
 * set. The folder's list of tngen's own files (GEN_FILE_LIST) says which files tngen may replace
 * or remove there, and whether the last run finished writing; nothing else in the folder is
 * touched. */
#define _POSIX_C_SOURCE 200809L /* fsync */
#include "gen.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TMP_SUFFIX ".tngen-tmp"
#define LIST_COMMENT "# The files tngen wrote in this folder: a later run removes only these when it no longer generates them."
#define STATE_COMPLETE "state: complete"
#define STATE_WRITING "state: writing (interrupted: the next run of tngen repairs the folder)"

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

/* A sorted list of relative paths. */
typedef struct path_list {
    char **paths;
    int count;
    bool complete; /* the run that wrote the list finished */
} path_list;

static void list_add(path_list *l, const char *path)
{
    l->paths = gen_xrealloc(l->paths, (size_t)(l->count + 1) * sizeof *l->paths);
    l->paths[l->count++] = gen_strdup(path);
}

static int by_string(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool list_has(const path_list *l, const char *path)
{
    return l->count > 0 && bsearch(&path, l->paths, (size_t)l->count, sizeof *l->paths, by_string) != NULL;
}

static void list_free(path_list *l)
{
    for (int i = 0; i < l->count; i++)
        free(l->paths[i]);
    free(l->paths);
    *l = (path_list){ 0 };
}

/* A path from the list may name only something under the folder: no absolute path, no "..". */
static bool safe_relative(const char *p)
{
    if (p[0] == '/' || p[0] == '\0')
        return false;
    for (const char *part = p; part; part = strchr(part, '/') ? strchr(part, '/') + 1 : NULL)
        if (strncmp(part, "..", 2) == 0 && (part[2] == '/' || part[2] == '\0'))
            return false;
    return true;
}

/* The list an earlier run left in out_dir (empty when there is none). */
static path_list read_list(const char *out_dir)
{
    path_list l = { .complete = true };
    char *path = gen_strfmt("%s/%s", out_dir, GEN_FILE_LIST);
    char *text = gen_read_file(path, NULL);
    free(path);
    if (!text)
        return l;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '#')
            continue;
        if (strncmp(line, "state: ", 7) == 0)
            l.complete = strcmp(line, STATE_COMPLETE) == 0;
        else if (safe_relative(line))
            list_add(&l, line);
    }
    free(text);
    qsort(l.paths, (size_t)l.count, sizeof *l.paths, by_string);
    return l;
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

static bool same_content(const char *path, const char *content, size_t size)
{
    size_t len;
    char *old = gen_read_file(path, &len);
    bool same = old && len == size && memcmp(old, content, len) == 0;
    free(old);
    return same;
}

/* path.tngen-tmp holds content, on disk (fsync) before anything is renamed. */
static int write_temporary(const char *path, const char *content, size_t size)
{
    char *tmp = gen_strfmt("%s%s", path, TMP_SUFFIX);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    size_t done = 0;
    while (fd >= 0 && done < size) {
        ssize_t n = write(fd, content + done, size - done);
        if (n <= 0)
            break;
        done += (size_t)n;
    }
    bool ok = fd >= 0 && done == size && fsync(fd) == 0;
    int err = errno;
    ok = fd >= 0 && close(fd) == 0 && ok;
    if (!ok) {
        fprintf(stderr, "tngen: error: cannot write %s: %s\n", tmp, strerror(err ? err : errno));
        remove(tmp);
    }
    free(tmp);
    return ok ? 0 : -1;
}

static int rename_temporary(const char *path)
{
    char *tmp = gen_strfmt("%s%s", path, TMP_SUFFIX);
    int rc = rename(tmp, path);
    if (rc != 0)
        fprintf(stderr, "tngen: error: cannot rename %s to %s: %s\n", tmp, path, strerror(errno));
    free(tmp);
    return rc;
}

/* The renames are on disk: fsync the folder that holds path. */
static void sync_folder_of(const char *path)
{
    char *dir = gen_strdup(path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    int fd = open(slash ? dir : ".", O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

static bool same_folder(const char *a, const char *b)
{
    const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
    size_t la = sa ? (size_t)(sa - a) : 0, lb = sb ? (size_t)(sb - b) : 0;
    return la == lb && strncmp(a, b, la) == 0;
}

/* Writes the folder's list of tngen's files (through a temporary, so that it is never half
 * written), unless it already says exactly that. */
static int write_list(const char *out_dir, const path_list *l, bool complete)
{
    gen_buf b = { 0 };
    gen_buf_printf(&b, "%s\n%s\n", LIST_COMMENT, complete ? STATE_COMPLETE : STATE_WRITING);
    for (int i = 0; i < l->count; i++)
        gen_buf_printf(&b, "%s\n", l->paths[i]);
    char *path = gen_strfmt("%s/%s", out_dir, GEN_FILE_LIST);
    int rc = 0;
    if (!same_content(path, b.data, b.len)) {
        rc = make_dirs(path) != 0 || write_temporary(path, b.data, b.len) != 0 || rename_temporary(path) != 0 ? -1 : 0;
        sync_folder_of(path);
    }
    free(path);
    gen_buf_free(&b);
    return rc;
}

/* Removes out_dir/rel and then each folder above it that this left empty. */
static void remove_with_empty_folders(const char *out_dir, const char *rel, bool quiet)
{
    char *path = gen_strfmt("%s/%s", out_dir, rel);
    if (remove(path) == 0 && !quiet)
        printf("removed %s\n", rel);
    size_t base = strlen(out_dir);
    for (char *slash = strrchr(path, '/'); slash && (size_t)(slash - path) > base; slash = strrchr(path, '/')) {
        *slash = '\0';
        if (rmdir(path) != 0)
            break;
    }
    free(path);
}

/* Temporaries a killed run may have left beside the files it owned. */
static void remove_temporaries(const char *out_dir, const path_list *l)
{
    for (int i = 0; i < l->count; i++) {
        char *tmp = gen_strfmt("%s/%s%s", out_dir, l->paths[i], TMP_SUFFIX);
        remove(tmp);
        free(tmp);
    }
    char *list_tmp = gen_strfmt("%s/%s%s", out_dir, GEN_FILE_LIST, TMP_SUFFIX);
    remove(list_tmp);
    free(list_tmp);
}

static int by_path(const void *a, const void *b)
{
    return strcmp(((const gen_file *)a)->path, ((const gen_file *)b)->path);
}

/* What this run owns, and what it or the earlier run may have left in the folder. */
static void lists_of(const gen_outputs *o, const path_list *old, path_list *now, path_list *both)
{
    for (int i = 0; i < o->count; i++) {
        list_add(now, o->files[i].path);
        list_add(both, o->files[i].path);
    }
    for (int i = 0; i < old->count; i++)
        if (!list_has(now, old->paths[i]))
            list_add(both, old->paths[i]);
    qsort(both->paths, (size_t)both->count, sizeof *both->paths, by_string);
}

/* Writes the changed files to temporaries; returns how many (their indexes in changed), or -1
 * when one cannot be written (the temporaries written so far are removed). */
static int write_changed(const gen_outputs *o, const char *out_dir, int *changed)
{
    int n = 0;
    for (int i = 0; i < o->count; i++) {
        const gen_file *f = &o->files[i];
        char *path = gen_strfmt("%s/%s", out_dir, f->path);
        bool same = same_content(path, f->content, f->size);
        int rc = same ? 0 : make_dirs(path) == 0 ? write_temporary(path, f->content, f->size) : -1;
        free(path);
        if (rc != 0) {
            for (int k = 0; k < n; k++) {
                char *tmp = gen_strfmt("%s/%s%s", out_dir, o->files[changed[k]].path, TMP_SUFFIX);
                remove(tmp);
                free(tmp);
            }
            return -1;
        }
        if (!same)
            changed[n++] = i;
    }
    return n;
}

/* The order keeps the folder consistent when tngen is killed at any point: every new content in
 * a temporary first; then the list names the files of both runs and says "writing"; then the
 * renames and removals; the list of this run's files, "complete", last. A run that finds
 * "writing", or temporaries, repairs the folder by doing its own work. */
int gen_output_commit(gen_outputs *o, const char *out_dir)
{
    qsort(o->files, (size_t)o->count, sizeof *o->files, by_path);
    path_list old = read_list(out_dir), now = { 0 }, both = { 0 };
    if (!old.complete && !o->quiet)
        printf("tngen: an earlier run into %s was interrupted; repairing it\n", out_dir);
    lists_of(o, &old, &now, &both);
    remove_temporaries(out_dir, &both);
    int *changed = gen_xmalloc((size_t)o->count * sizeof *changed);
    int nchanged = write_changed(o, out_dir, changed);
    int stale = 0;
    for (int i = 0; i < old.count; i++)
        stale += !list_has(&now, old.paths[i]);
    int rc = nchanged < 0 ? -1 : 0;
    if (rc == 0 && (nchanged > 0 || stale > 0 || !old.complete))
        rc = write_list(out_dir, &both, false);
    for (int k = 0; rc == 0 && k < nchanged; k++) {
        const char *rel = o->files[changed[k]].path;
        char *path = gen_strfmt("%s/%s", out_dir, rel);
        rc = rename_temporary(path);
        /* files are sorted: a folder is synced once, after its last rename */
        const char *next = k + 1 < nchanged ? o->files[changed[k + 1]].path : NULL;
        if (rc == 0 && !(next && same_folder(rel, next)))
            sync_folder_of(path);
        free(path);
        if (rc == 0 && !o->quiet)
            printf("[%d/%d] %s\n", k + 1, nchanged, rel);
    }
    for (int i = 0; rc == 0 && i < old.count; i++)
        if (!list_has(&now, old.paths[i]))
            remove_with_empty_folders(out_dir, old.paths[i], o->quiet);
    if (rc == 0)
        rc = write_list(out_dir, &now, true);
    if (rc == 0 && !o->quiet)
        printf("tngen: %d files, %d changed\n", o->count, nchanged);
    free(changed);
    list_free(&old);
    list_free(&now);
    list_free(&both);
    return rc;
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
