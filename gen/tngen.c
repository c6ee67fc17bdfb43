/* tngen: expands the Lua op and target descriptions into C, PTX and SPIR-V. */
#define _POSIX_C_SOURCE 200809L
#include "gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Where an installed tngen's descriptions lie, relative to its own folder (set by the build). */
#ifndef TN_DATA_FROM_BIN
#define TN_DATA_FROM_BIN "../share/trueno"
#endif

static void usage(FILE *f)
{
    fputs("usage: tngen [--root DIR] [--out DIR] [--no-ptxas] [-q]\n"
          "\n"
          "Reads DIR/gen/lua (ops, schedules, targets), DIR/gen/tngen and DIR/gen/templates and\n"
          "writes the generated sources: cpu/<target>/<op>.c, ptx/<op>.ptx, spirv/<op>.comp and\n"
          ".spvasm, runtime tables, test tables, benchmark tables with their peers, and a\n"
          "manifest. Files whose content did not change are not touched; nothing is written when\n"
          "any step fails. The output folder's tngen-files.txt lists the files tngen wrote there:\n"
          "a later run removes only those when it no longer generates them, and leaves every other\n"
          "file alone. Changed files are written to temporaries first and renamed together, the\n"
          "list last; a run that finds the list saying 'writing' (an earlier run was killed)\n"
          "repairs the folder.\n"
          "\n"
          "A description is held to 10^9 Lua instructions, and each op function to 5 million; a\n"
          "graph to 1000 operations deep and 1000 per function. Errors name the Lua file and line.\n"
          "\n"
          "  --root DIR   source root (default: the descriptions installed with tngen,\n"
          "               BINDIR/" TN_DATA_FROM_BIN ", when there are; else .)\n"
          "  --out DIR    output folder (default: ROOT/generated with --root, else ./generated)\n"
          "  --no-ptxas   do not check PTX with ptxas even when it is installed\n"
          "  -q           print nothing but errors\n"
          "\n"
          "Environment, for debugging tngen itself: TNGEN_TRACEBACK=1 adds a Lua traceback to an\n"
          "error; TNGEN_KEEP_PTX=FILE and TNGEN_KEEP_GLSL=FILE keep a copy of the last PTX or GLSL\n"
          "text handed to the checks (the one that failed, when one fails); TNGEN_BUDGET_USED=1\n"
          "prints how many Lua instructions the run needed.\n",
          f);
}

/* The installed descriptions (EXE_DIR/TN_DATA_FROM_BIN), when they are there; NULL otherwise. */
static char *installed_root(void)
{
    char exe[4096];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0)
        return NULL;
    exe[len] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    char *root = gen_strfmt("%s/%s", exe, TN_DATA_FROM_BIN);
    char *main_lua = gen_strfmt("%s/gen/tngen/main.lua", root);
    bool found = access(main_lua, R_OK) == 0;
    free(main_lua);
    if (!found) {
        free(root);
        return NULL;
    }
    return root;
}

int main(int argc, char **argv)
{
    const char *root = NULL, *out_dir = NULL;
    bool run_ptxas = true, quiet = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--root") == 0 && i + 1 < argc) {
            root = argv[++i];
        } else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
            out_dir = argv[++i];
        } else if (strcmp(argv[i], "--no-ptxas") == 0) {
            run_ptxas = false;
        } else if (strcmp(argv[i], "-q") == 0) {
            quiet = true;
        } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "tngen: unknown or incomplete option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }
    /* Without --root: the installed descriptions, else the source tree in the current folder;
     * either way the output goes to ./generated, never into the installation. */
    char *default_out = gen_strfmt("%s/generated", root ? root : ".");
    char *found_root = root ? NULL : installed_root();
    if (!root)
        root = found_root ? found_root : ".";
    if (!out_dir)
        out_dir = default_out;

    gen_outputs out = { .quiet = quiet };
    gen_run_lua(root, &out, run_ptxas);
    int rc = gen_output_commit(&out, out_dir) == 0 ? 0 : 1;
    gen_outputs_free(&out);
    free(default_out);
    free(found_root);
    return rc;
}
