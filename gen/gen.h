/* tngen: shared declarations of the generator's C side (buffers, outputs, the Lua host, the
 * validators of generated PTX and SPIR-V). */
#ifndef TN_GEN_H
#define TN_GEN_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- growable text buffer (gen_buf.c) ---- */

typedef struct gen_buf {
    char *data;
    size_t len, cap;
} gen_buf;

void gen_buf_free(gen_buf *b);
void gen_buf_put(gen_buf *b, const char *s);
void gen_buf_putn(gen_buf *b, const char *s, size_t n);
void gen_buf_printf(gen_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void gen_buf_vprintf(gen_buf *b, const char *fmt, va_list ap);
char *gen_buf_take(gen_buf *b); /* returns the text (never NULL) and empties the buffer */
char *gen_strdup(const char *s);
char *gen_strfmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void *gen_xmalloc(size_t n);
void *gen_xrealloc(void *p, size_t n);
char *gen_read_file(const char *path, size_t *len); /* NULL (errno set) on failure */
/* Where the environment variable env names a file, a copy of text goes there (for debugging
 * tngen itself: TNGEN_KEEP_PTX, TNGEN_KEEP_GLSL); a copy that cannot be written is a warning. */
void gen_keep_copy(const char *env, const char *text);

/* Reports an error and exits non-zero; nothing has been written at that point. */
_Noreturn void gen_die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- the set of output files, written at the end (gen_output.c) ---- */

typedef struct gen_file {
    char *path;    /* relative to the output folder */
    char *content; /* text, or binary when size is set */
    size_t size;
} gen_file;

typedef struct gen_outputs {
    gen_file *files;
    int count, cap;
    bool quiet;
} gen_outputs;

/* The output folder's list of the files tngen wrote there (and whether that run finished). */
#define GEN_FILE_LIST "tngen-files.txt"

void gen_output_add(gen_outputs *o, const char *path, char *content, size_t size);
/* Writes the files as one set: every changed file to a temporary first, then renames; leaves
 * unchanged files untouched; removes the files of earlier runs that this run did not produce,
 * and only those (GEN_FILE_LIST names them); repairs a folder left by a killed run. */
int gen_output_commit(gen_outputs *o, const char *out_dir);
void gen_outputs_free(gen_outputs *o);

/* ---- the description, run in Lua (gen_lua.c) ---- */

/* Runs gen/tngen/main.lua under ROOT: it loads the description and adds every generated file
 * to out, asking gen_ptx_check and gen_spirv_compile to validate what it writes. Reports an
 * error with the Lua file and line and exits non-zero when anything fails. */
void gen_run_lua(const char *root, gen_outputs *out, bool run_ptxas);

/* ---- validation of generated code ---- */

typedef struct gen_ptx_finding {
    char kernel[128];
    unsigned line;
    const char *rule;
} gen_ptx_finding;

/* The PTX analyzer on text (an error finding fails generation with its report); then ptxas
 * -arch=A for each of archs when ptxas is given. Returns the warnings (count in *n). */
gen_ptx_finding *gen_ptx_check(const char *name, const char *text, const char *sm, const char **archs, int narchs,
                               const char *ptxas, int *n);

/* SPIR-V: compiles GLSL in process, validates, and returns the words and a disassembly. */
void gen_spirv_init(void);
void gen_spirv_finish(void);
uint32_t *gen_spirv_compile(const char *name, const char *glsl, size_t *nwords, char **disassembly);

#endif
