/* Module driver: parse a text, analyse each function, free it; read a file, find ptxas, load a whitelist. */
#define _POSIX_C_SOURCE 200809L
#include "ptx_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Modules with fewer instructions than this are analysed on one thread: starting others would cost
 * more than it saves. */
#define PARALLEL_MIN_INSTRS 4096

/* The functions of a module, biggest first, shared by the workers analysing them. */
typedef struct {
    ptx_module *m;
    const ptx_arch *arch;
    ptx_function **order;
    uint32_t n;
    atomic_uint next;
} work_list;

static void worker_free(ptx_worker *w)
{
    ptx_arena_free(&w->scratch);
    free(w->sym_stamp);
}

/* Takes the next function of the list until none is left. */
static void *work_through(void *arg)
{
    work_list *l = arg;
    /* small blocks first: a small module's analyses need a few KiB, and a 64 KiB block taken and
     * given back for each module makes malloc move the heap's end each time */
    ptx_worker w = {.scratch = {.block = 4096}};
    for (uint32_t i; (i = atomic_fetch_add(&l->next, 1)) < l->n;)
        ptx_analyze_function(l->m, l->order[i], l->m->opt, l->arch, &w);
    worker_free(&w);
    return NULL;
}

static int by_size(const void *a, const void *b)
{
    uint32_t x = (*(ptx_function *const *)a)->nins, y = (*(ptx_function *const *)b)->nins;
    return (x < y) - (x > y);
}

/* How many threads to analyse the module's functions with. */
static int threads_for(const ptx_module *m, const ptx_options *opt)
{
    uint64_t instrs = 0;
    for (const ptx_function *f = m->funcs; f; f = f->next)
        instrs += f->nins;
    if (opt->threads == 1 || m->nfuncs < 2 || instrs < PARALLEL_MIN_INSTRS)
        return 1;
    long cores = opt->threads > 0 ? opt->threads : sysconf(_SC_NPROCESSORS_ONLN);
    return (int)(cores < 1 ? 1 : cores > 64 ? 64 : cores > m->nfuncs ? m->nfuncs : cores);
}

/* Every function analysed, by this thread and threads - 1 others taking them in turn; the findings
 * are each function's own, so the report's order does not depend on which thread took which. */
static void analyze_functions(ptx_module *m, const ptx_arch *arch, int threads)
{
    work_list l = {.m = m, .arch = arch, .n = m->nfuncs};
    l.order = threads > 1 ? malloc(l.n * sizeof *l.order) : NULL;
    if (!l.order) {
        ptx_worker w = {.scratch = {.block = 4096}};
        for (ptx_function *f = m->funcs; f; f = f->next)
            ptx_analyze_function(m, f, m->opt, arch, &w);
        worker_free(&w);
        return;
    }
    uint32_t k = 0;
    for (ptx_function *f = m->funcs; f && k < l.n; f = f->next)
        l.order[k++] = f;
    l.n = k;
    qsort(l.order, l.n, sizeof *l.order, by_size); /* the big ones first: the last to finish are small */
    pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    m->lock = &lock;
    pthread_t tid[64];
    int started = 0;
    while (started < threads - 1 && pthread_create(&tid[started], NULL, work_through, &l) == 0)
        started++; /* one that cannot start leaves its share to the others */
    work_through(&l);
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    m->lock = NULL;
    pthread_mutex_destroy(&lock);
    free(l.order);
}

void ptx_analyze_text(ptx_module *m, const char *path, const char *text, size_t len, const ptx_options *opt)
{
    static const ptx_options defaults = {0};
    if (!opt)
        opt = &defaults;
    memset(m, 0, sizeof *m);
    m->path = path;
    m->text = text;
    m->len = len;
    m->opt = opt;
    ptx_parse(m);
    const ptx_arch *arch = ptx_module_arch(m, opt);
    if (m->valid) {
        analyze_functions(m, arch, threads_for(m, opt));
        ptx_call_graph_rules(m, arch);
        if (!m->nentries)
            ptx_add_finding(m, NULL, PTX_RULE_NO_ENTRY, 1, 1, "add a .entry kernel, or link this module with one",
                            "the module defines no .entry kernel: nothing in it can be launched");
    }
    m->opt = NULL;
}

void ptx_module_free(ptx_module *m)
{
    for (ptx_function *f = m->funcs; f; f = f->next) {
        free(f->ins);
        free(f->opnds);
        free(f->mods);
        free(f->regs);
        free(f->findings);
        free(f->call_live);
    }
    free(m->findings);
    free(m->syms);
    ptx_arena_free(&m->arena);
    memset(m, 0, sizeof *m);
}

char *ptx_find_ptxas(void)
{
    const char *env = getenv("PTXAS");
    if (env && *env)
        return access(env, X_OK) == 0 ? strdup(env) : NULL;
    const char *path = getenv("PATH");
    char *copy = strdup(path ? path : "");
    char *found = NULL;
    for (char *save = NULL, *dir = copy ? strtok_r(copy, ":", &save) : NULL; dir && !found;
         dir = strtok_r(NULL, ":", &save)) {
        size_t n = strlen(dir) + 8;
        char *candidate = malloc(n);
        if (!candidate)
            break;
        snprintf(candidate, n, "%s/ptxas", dir);
        if (access(candidate, X_OK) == 0)
            found = candidate;
        else
            free(candidate);
    }
    free(copy);
    if (!found && access("/usr/local/cuda/bin/ptxas", X_OK) == 0)
        found = strdup("/usr/local/cuda/bin/ptxas");
    return found;
}

/* Why a file of this type is not read as PTX; NULL for a regular file. */
static const char *not_regular(mode_t mode)
{
    if (S_ISREG(mode))
        return NULL;
    if (S_ISDIR(mode))
        return "not a regular file (a directory)";
    if (S_ISFIFO(mode))
        return "not a regular file (a FIFO)";
    if (S_ISCHR(mode))
        return "not a regular file (a character device)";
    if (S_ISBLK(mode))
        return "not a regular file (a block device)";
    if (S_ISSOCK(mode))
        return "not a regular file (a socket)";
    return "not a regular file";
}

#define PTX_STRING(x)  #x
#define PTX_DECIMAL(x) PTX_STRING(x)
static const char *const too_large = "larger than " PTX_DECIMAL(PTX_MAX_FILE_MIB) " MiB, the most the analyzer reads";

/* Reads fd to its end, expecting about size bytes (the file may have changed since), but never more
 * than PTX_MAX_FILE_BYTES. */
static char *read_to_end(int fd, size_t size, size_t *len, const char **why)
{
    size_t limit = PTX_MAX_FILE_BYTES, cap = (size < limit ? size : limit) + 1, n = 0;
    char *buf = malloc(cap + 1);
    ssize_t got = 1;
    while (buf && n <= limit && got != 0) {
        if (n == cap) {
            cap = cap > limit / 2 ? limit + 1 : cap * 2;
            char *grown = realloc(buf, cap + 1);
            if (!grown) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = grown;
        }
        got = read(fd, buf + n, cap - n);
        if (got > 0) {
            n += (size_t)got;
        } else if (got < 0 && errno != EINTR) {
            *why = strerror(errno);
            free(buf);
            return NULL;
        }
    }
    if (!buf || n > limit) {
        errno = buf ? EFBIG : ENOMEM;
        *why = buf ? too_large : strerror(ENOMEM);
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

char *ptx_read_file(const char *path, size_t *len, const char **why)
{
    const char *reason = NULL;
    /* O_NONBLOCK: opening a FIFO must not wait for a writer (regular files ignore it) */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    char *text = NULL;
    if (fd < 0 || fstat(fd, &st) != 0) {
        reason = strerror(errno);
    } else if ((reason = not_regular(st.st_mode)) != NULL) {
        errno = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
    } else if ((uint64_t)st.st_size > PTX_MAX_FILE_BYTES) {
        errno = EFBIG;
        reason = too_large;
    } else {
        text = read_to_end(fd, (size_t)st.st_size, len, &reason);
    }
    if (fd >= 0) {
        int err = errno;
        close(fd);
        errno = err;
    }
    if (why)
        *why = reason;
    return text;
}

int ptx_load_whitelist(const char *path, ptx_whitelist_entry **out)
{
    FILE *fp = fopen(path, "r");
    if (!fp)
        return -1;
    char line[1024];
    int n = 0, cap = 0;
    *out = NULL;
    while (fgets(line, sizeof line, fp)) {
        char rule[40], kernel[128], reason[2];
        int fields = sscanf(line, "%39s %127s %1s", rule, kernel, reason);
        if (line[0] == '#' || fields <= 0)
            continue;
        if (fields < 3) { /* an entry must say why */
            fclose(fp);
            free(*out);
            *out = NULL;
            return -2;
        }
        if (n == cap) {
            cap = cap ? cap * 2 : 8;
            ptx_whitelist_entry *grown = realloc(*out, (size_t)cap * sizeof **out);
            if (!grown)
                abort();
            *out = grown;
        }
        snprintf((*out)[n].rule, sizeof(*out)[n].rule, "%s", rule);
        snprintf((*out)[n].kernel, sizeof(*out)[n].kernel, "%s", kernel);
        n++;
    }
    fclose(fp);
    return n;
}
