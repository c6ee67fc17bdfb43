/* Validation of generated PTX: the project's PTX analyzer (an error finding stops generation,
 * warnings are returned for the manifest) and, where installed, ptxas for each declared arch. */
#define _GNU_SOURCE /* mkstemps, popen, open_memstream */
#include "gen.h"
#include "ptx.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Runs ptxas on text for arch; on failure stops generation with ptxas's own message. */
static void check_with_ptxas(const char *ptxas, const char *name, const char *text, const char *arch)
{
    char tmp[] = "/tmp/tngen-XXXXXX.ptx";
    int fd = mkstemps(tmp, 4);
    if (fd < 0)
        gen_die("cannot create a temporary file for ptxas");
    size_t len = strlen(text);
    bool written = write(fd, text, len) == (ssize_t)len;
    int err = errno;
    close(fd);
    if (!written) {
        remove(tmp);
        gen_die("cannot write %s: %s", tmp, strerror(err));
    }
    char *cmd = gen_strfmt("'%s' -arch=%s '%s' -o /dev/null 2>&1", ptxas, arch, tmp);
    FILE *p = popen(cmd, "r");
    gen_buf log = { 0 };
    char chunk[4096];
    size_t n;
    while (p && (n = fread(chunk, 1, sizeof chunk, p)) > 0)
        gen_buf_putn(&log, chunk, n);
    int status = p ? pclose(p) : -1;
    remove(tmp);
    if (status == -1 || (WIFEXITED(status) && WEXITSTATUS(status) == 127))
        gen_die("cannot run %s for generated/%s: %s", ptxas, name, status == -1 ? strerror(errno) : "not found by the shell");
    if (status != 0)
        gen_die("ptxas -arch=%s rejects generated/%s:\n%s", arch, name, log.data ? log.data : "(no output)");
    gen_buf_free(&log);
    free(cmd);
}

gen_ptx_finding *gen_ptx_check(const char *name, const char *text, const char *sm, const char **archs, int narchs,
                               const char *ptxas, int *count)
{
    ptx_module m;
    ptx_options opt = { .arch = sm };
    ptx_analyze_text(&m, name, text, strlen(text), &opt);
    int counts[3];
    ptx_count_findings(&m, counts);
    gen_keep_copy("TNGEN_KEEP_PTX", text);
    if (!m.valid || counts[PTX_ERROR]) {
        char *report = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&report, &len);
        if (mem) {
            ptx_report_text(mem, &m, &opt, true);
            fclose(mem);
        }
        gen_die("the PTX analyzer rejects generated/%s:\n%s", name, report ? report : "");
    }
    gen_ptx_finding *out = NULL;
    int n = 0;
    for (const ptx_function *f = m.funcs; f; f = f->next)
        for (uint32_t i = 0; i < f->nfindings; i++) {
            out = gen_xrealloc(out, (size_t)(n + 1) * sizeof *out);
            snprintf(out[n].kernel, sizeof out[n].kernel, "%.*s", (int)f->namelen, f->name);
            out[n].line = f->findings[i].line;
            out[n].rule = ptx_rules[f->findings[i].rule].id;
            n++;
        }
    ptx_module_free(&m);
    for (int a = 0; ptxas && a < narchs; a++)
        check_with_ptxas(ptxas, name, text, archs[a]);
    *count = n;
    return out;
}
