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

/* The functions of a module handed to the threads analysing them. While the parser is still reading
 * the text they are taken in the order it hands them over; the rest, once it is done, biggest first,
 * so that the last to finish are small. */
typedef struct {
    ptx_module *m;
    const ptx_arch *arch;
    ptx_job *jobs;
    ptx_function *before; /* each function as parsed: an analysis is undone if the text proves invalid */
    uint32_t n, cap, next;
    bool parsed;          /* the parser has handed over every function */
    bool stop;            /* the text is invalid: take no more */
    int threads, started; /* threads wanted and started besides the parser's */
    uint64_t instrs;      /* instructions handed over so far */
    pthread_mutex_t lock; /* all of the above but instrs and started; m->arena (m->lock) */
    pthread_cond_t more;
    pthread_t tid[64];
} work_list;

static void worker_free(ptx_worker *w)
{
    ptx_arena_free(&w->scratch);
    free(w->sym_stamp);
}

/* Takes the next function of the list until none is left and the parser is done. */
static void *work_through(void *arg)
{
    work_list *l = arg;
    /* small blocks first: a small module's analyses need a few KiB, and a 64 KiB block taken and
     * given back for each module makes malloc move the heap's end each time */
    ptx_worker w = {.scratch = {.block = 4096}};
    for (;;) {
        pthread_mutex_lock(&l->lock);
        while (l->next == l->n && !l->parsed && !l->stop)
            pthread_cond_wait(&l->more, &l->lock);
        bool none = l->stop || l->next == l->n;
        ptx_job job = none ? (ptx_job){0} : l->jobs[l->next++];
        pthread_mutex_unlock(&l->lock);
        if (none)
            break;
        ptx_analyze_function(l->m, &job, l->arch, &w);
    }
    worker_free(&w);
    return NULL;
}

static int by_size(const void *a, const void *b)
{
    uint32_t x = ((const ptx_job *)a)->f->nins, y = ((const ptx_job *)b)->f->nins;
    return (x < y) - (x > y);
}

/* How many threads may analyse the module's functions: one where asked, else one per core. */
static int threads_for(const ptx_options *opt)
{
    long cores = opt->threads > 0 ? opt->threads : sysconf(_SC_NPROCESSORS_ONLN);
    return (int)(cores < 1 ? 1 : cores > 64 ? 64 : cores);
}

/* The parser's hand-over: the function joins the list. Other threads start once the module has
 * proved big enough to share out (two functions, PARALLEL_MIN_INSTRS instructions). */
static void function_parsed(void *arg, ptx_function *f)
{
    work_list *l = arg;
    ptx_module *m = l->m;
    pthread_mutex_lock(&l->lock);
    if (!l->n) /* the header has been read: the module's target is known */
        l->arch = ptx_module_arch(m, m->opt);
    if (l->n == l->cap) {
        uint32_t cap = l->cap;
        ptx_grow((void **)&l->jobs, &l->cap, sizeof *l->jobs);
        ptx_grow((void **)&l->before, &cap, sizeof *l->before);
    }
    l->jobs[l->n] = (ptx_job){f, m->syms, m->nsyms};
    l->before[l->n++] = *f;
    pthread_cond_signal(&l->more);
    pthread_mutex_unlock(&l->lock);
    l->instrs += f->nins;
    if (l->started || l->threads < 2 || l->n < 2 || l->instrs < PARALLEL_MIN_INSTRS)
        return;
    l->started = -1; /* tried: a thread that cannot start leaves its share to the others */
    int started = 0;
    while (started < l->threads - 1 && pthread_create(&l->tid[started], NULL, work_through, l) == 0)
        started++;
    l->started = started ? started : -1;
}

/* The analyses of the functions the workers took, undone: an invalid module reports its functions
 * as parsed, as when they are analysed after the whole text is read. */
static void undo_analyses(work_list *l)
{
    for (uint32_t i = 0; i < l->next; i++) {
        ptx_function *f = l->jobs[i].f, *next = f->next;
        free(f->findings);
        free(f->call_live);
        *f = l->before[i];
        f->next = next;
    }
}

/* Parses the module and analyses every function: on one thread after the parse, or on several,
 * starting while the parser reads on. The findings are each function's own, so the report's order
 * does not depend on which thread took which. */
static void parse_and_analyze(ptx_module *m, const ptx_options *opt)
{
    work_list l = {.m = m, .threads = threads_for(opt)};
    if (l.threads < 2) {
        ptx_parse(m, NULL, NULL);
        l.arch = ptx_module_arch(m, opt);
        ptx_worker w = {.scratch = {.block = 4096}};
        for (ptx_function *f = m->funcs; f && m->valid; f = f->next)
            ptx_analyze_function(m, &(ptx_job){f, m->syms, m->nsyms}, l.arch, &w);
        worker_free(&w);
        return;
    }
    pthread_mutex_init(&l.lock, NULL);
    pthread_cond_init(&l.more, NULL);
    m->lock = &l.lock;
    ptx_parse(m, function_parsed, &l);
    pthread_mutex_lock(&l.lock);
    l.parsed = true;
    l.stop = !m->valid;
    if (l.n > l.next)
        qsort(l.jobs + l.next, l.n - l.next, sizeof *l.jobs, by_size);
    pthread_cond_broadcast(&l.more);
    pthread_mutex_unlock(&l.lock);
    work_through(&l);
    for (int i = 0; i < l.started; i++)
        pthread_join(l.tid[i], NULL);
    if (!m->valid)
        undo_analyses(&l);
    m->lock = NULL;
    pthread_cond_destroy(&l.more);
    pthread_mutex_destroy(&l.lock);
    free(l.jobs);
    free(l.before);
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
    parse_and_analyze(m, opt);
    if (m->valid) {
        ptx_call_graph_rules(m, ptx_module_arch(m, opt));
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
    for (uint32_t i = 0; i < m->nold_syms; i++)
        free(m->old_syms[i]);
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
