/* The Lua side of tngen: a state with the standard libraries a description needs (no io, os or
 * package), the `tngen` table of services written in C, and the run of gen/tngen/main.lua. */
#include "gen.h"
#include "ptx.h"

#include <dirent.h>
#include <errno.h>
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The Lua instructions a run may execute. The committed tree needs 58 million (29 ops; measured
 * with TNGEN_BUDGET_USED=1): a description that runs 17 times as long is stuck in a loop. Raise
 * it when the tree outgrows that margin. */
#define GEN_LUA_BUDGET 1000000000LL
/* One function of an op (its math, traced line by line, which is slow): the largest in the tree
 * runs 6 thousand; 5 million is a loop. */
#define GEN_TRACE_BUDGET 5000000LL
#define HOOK_EVERY       10000 /* instructions between two looks at the budget */

typedef struct lua_host {
    const char *root;
    gen_outputs *out;
    char *ptxas;            /* NULL: PTX is not checked by ptxas */
    long long budget;       /* instructions left */
    long long trace_budget; /* instructions left to the function traced */
    long long trace_max;    /* the most a traced function ran */
    char *trace_skip;       /* while tracing lines: the source whose lines are not recorded */
    char traced_src[LUA_IDSIZE];
    int traced_line; /* 0: no line recorded */
} lua_host;

/* The host from any function of the state (the hook has no upvalues). */
static lua_host *host_of_state(lua_State *L)
{
    return *(lua_host **)lua_getextraspace(L);
}

static lua_host *host_of(lua_State *L)
{
    return lua_touserdata(L, lua_upvalueindex(1));
}

/* tngen.read(path): the text of ROOT/path. */
static int l_read(lua_State *L)
{
    const char *rel = luaL_checkstring(L, 1);
    char *path = gen_strfmt("%s/%s", host_of(L)->root, rel);
    size_t len;
    char *text = gen_read_file(path, &len);
    int err = errno;
    free(path);
    if (!text)
        return luaL_error(L, "cannot read %s: %s", rel, strerror(err));
    lua_pushlstring(L, text, len);
    free(text);
    return 1;
}

static int by_string(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* tngen.list(folder): the .lua files of ROOT/folder, sorted, so that loading order never
 * depends on the file system. */
static int l_list(lua_State *L)
{
    const char *rel = luaL_checkstring(L, 1);
    char *dir = gen_strfmt("%s/%s", host_of(L)->root, rel);
    DIR *d = opendir(dir);
    int err = errno;
    free(dir);
    if (!d)
        return luaL_error(L, "cannot open folder %s: %s", rel, strerror(err));
    char **names = NULL;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".lua") == 0) {
            names = gen_xrealloc(names, (size_t)(n + 1) * sizeof *names);
            names[n++] = gen_strdup(e->d_name);
        }
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_string);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushstring(L, names[i]);
        lua_rawseti(L, -2, i + 1);
        free(names[i]);
    }
    free(names);
    return 1;
}

/* tngen.output(path, text): one generated file, written with the others at the end. */
static int l_output(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    size_t len;
    const char *text = luaL_checklstring(L, 2, &len);
    char *copy = gen_xmalloc(len + 1);
    memcpy(copy, text, len + 1);
    gen_output_add(host_of(L)->out, path, copy, len);
    return 0;
}

/* tngen.check_ptx(path, text, sm, archs) -> { { file, kernel, line, rule }, ... }: the warnings. */
static int l_check_ptx(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    const char *text = luaL_checkstring(L, 2);
    const char *sm = luaL_checkstring(L, 3);
    luaL_checktype(L, 4, LUA_TTABLE);
    int narchs = (int)luaL_len(L, 4);
    /* every entry checked before anything is allocated (a Lua error does not return); the
     * strings stay alive in the table on the stack */
    for (int i = 0; i < narchs; i++) {
        lua_geti(L, 4, i + 1);
        luaL_checkstring(L, -1);
        lua_pop(L, 1);
    }
    const char **archs = gen_xmalloc((size_t)(narchs + 1) * sizeof *archs);
    for (int i = 0; i < narchs; i++) {
        lua_geti(L, 4, i + 1);
        archs[i] = lua_tostring(L, -1);
        lua_pop(L, 1);
    }
    int n = 0;
    gen_ptx_finding *f = gen_ptx_check(path, text, sm, archs, narchs, host_of(L)->ptxas, &n);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_createtable(L, 0, 4);
        lua_pushstring(L, path);
        lua_setfield(L, -2, "file");
        lua_pushstring(L, f[i].kernel);
        lua_setfield(L, -2, "kernel");
        lua_pushinteger(L, f[i].line);
        lua_setfield(L, -2, "line");
        lua_pushstring(L, f[i].rule);
        lua_setfield(L, -2, "rule");
        lua_rawseti(L, -2, i + 1);
    }
    free(f);
    free(archs);
    return 1;
}

/* tngen.compile_glsl(path, text) -> words (little-endian bytes), disassembly. */
static int l_compile_glsl(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    const char *text = luaL_checkstring(L, 2);
    size_t nwords;
    char *disassembly;
    uint32_t *words = gen_spirv_compile(path, text, &nwords, &disassembly);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (size_t i = 0; i < nwords; i++) {
        unsigned char le[4] = { (unsigned char)words[i], (unsigned char)(words[i] >> 8), (unsigned char)(words[i] >> 16),
                                (unsigned char)(words[i] >> 24) };
        luaL_addlstring(&b, (const char *)le, 4);
    }
    luaL_pushresult(&b);
    lua_pushstring(L, disassembly);
    free(words);
    free(disassembly);
    return 2;
}

/* Counts instructions against the budget (stopping a description stuck in a loop where it
 * runs) and, while a function is traced, records the last line run outside trace_skip. */
static void hook(lua_State *L, lua_Debug *ar)
{
    lua_host *h = host_of_state(L);
    if (ar->event == LUA_HOOKLINE) {
        lua_getinfo(L, "S", ar);
        if (h->trace_skip && strcmp(ar->short_src, h->trace_skip) != 0) {
            memcpy(h->traced_src, ar->short_src, sizeof h->traced_src);
            h->traced_line = ar->currentline;
        }
        return;
    }
    h->budget -= HOOK_EVERY;
    h->trace_budget -= h->trace_skip ? HOOK_EVERY : 0;
    if (h->budget >= 0 && h->trace_budget >= 0)
        return;
    lua_getinfo(L, "Sl", ar);
    lua_pushfstring(L, "%s:%d: stopped after %I Lua instructions%s: the description runs too long (an endless loop?)",
                    ar->short_src, ar->currentline, (lua_Integer)(h->budget < 0 ? GEN_LUA_BUDGET : GEN_TRACE_BUDGET),
                    h->budget < 0 ? "" : " in one function of an op");
    lua_error(L);
}

/* tngen.trace_lines(skip): from now on, record the last line run outside the source skip (a
 * tail call leaves no frame to blame an error on); tngen.trace_lines(nil) stops. */
static int l_trace_lines(lua_State *L)
{
    lua_host *h = host_of(L);
    if (h->trace_skip && GEN_TRACE_BUDGET - h->trace_budget > h->trace_max)
        h->trace_max = GEN_TRACE_BUDGET - h->trace_budget;
    free(h->trace_skip);
    h->trace_skip = lua_isnil(L, 1) ? NULL : gen_strdup(luaL_checkstring(L, 1));
    h->traced_line = 0;
    h->trace_budget = GEN_TRACE_BUDGET;
    lua_sethook(L, hook, LUA_MASKCOUNT | (h->trace_skip ? LUA_MASKLINE : 0), HOOK_EVERY);
    return 0;
}

/* tngen.traced() -> file, line of the last line recorded, or nothing. */
static int l_traced(lua_State *L)
{
    lua_host *h = host_of(L);
    if (!h->trace_skip || h->traced_line == 0)
        return 0;
    lua_pushstring(L, h->traced_src);
    lua_pushinteger(L, h->traced_line);
    return 2;
}

/* Pushes a description of the error value at idx that is not a string: its type and, for a
 * table, its __tostring or its message field (never an address, which differs between runs). */
static void describe_value(lua_State *L, int idx)
{
    int t = lua_type(L, idx);
    if (t == LUA_TNUMBER || t == LUA_TBOOLEAN) {
        luaL_tolstring(L, idx, NULL);
        lua_pushfstring(L, "a %s value (%s)", luaL_typename(L, idx), lua_tostring(L, -1));
        lua_remove(L, -2);
        return;
    }
    if (t != LUA_TTABLE) {
        lua_pushfstring(L, "a %s value", luaL_typename(L, idx));
        return;
    }
    if (luaL_getmetafield(L, idx, "__tostring") != LUA_TNIL) {
        lua_pushvalue(L, idx < 0 ? idx - 1 : idx);
        bool ok = lua_pcall(L, 1, 1, 0) == LUA_OK && lua_type(L, -1) == LUA_TSTRING;
        lua_pushfstring(L, ok ? "a table whose __tostring gives: %s" : "a table whose __tostring fails",
                        lua_tostring(L, -1));
        lua_remove(L, -2);
        return;
    }
    lua_pushstring(L, "message");
    if (lua_rawget(L, idx < 0 ? idx - 1 : idx) == LUA_TSTRING) {
        lua_pushfstring(L, "a table whose message field is: %s", lua_tostring(L, -1));
        lua_remove(L, -2);
        return;
    }
    lua_pop(L, 1);
    lua_pushstring(L, "a table (with no __tostring or message field)");
}

/* The message handler: error values that are not strings (error({}) in a spec) are described,
 * with the file and line that raised them. Also tngen.error_message, for pcalls in Lua. */
static int message(lua_State *L)
{
    if (lua_type(L, 1) == LUA_TSTRING && getenv("TNGEN_TRACEBACK")) { /* for debugging tngen itself */
        luaL_traceback(L, L, lua_tostring(L, 1), 1);
        return 1;
    }
    if (lua_type(L, 1) == LUA_TSTRING)
        return 1;
    const char *where = "";
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            where = lua_tostring(L, -1);
            break;
        }
    }
    describe_value(L, 1);
    lua_pushfstring(L, "%san error was raised with %s instead of a message", where, lua_tostring(L, -1));
    return 1;
}

void gen_run_lua(const char *root, gen_outputs *out, bool run_ptxas)
{
    lua_host host = { root, out, run_ptxas ? ptx_find_ptxas() : NULL, GEN_LUA_BUDGET, GEN_TRACE_BUDGET, 0, NULL, "", 0 };
    if (run_ptxas && !host.ptxas && !out->quiet)
        printf("tngen: ptxas not found (set PTXAS or PATH): generated PTX is not checked by ptxas\n");
    lua_State *L = luaL_newstate();
    if (!L)
        gen_die("cannot create a Lua state");
    *(lua_host **)lua_getextraspace(L) = &host;
    lua_sethook(L, hook, LUA_MASKCOUNT, HOOK_EVERY);
    static const luaL_Reg libs[] = { { LUA_GNAME, luaopen_base },      { LUA_TABLIBNAME, luaopen_table },
                                     { LUA_STRLIBNAME, luaopen_string }, { LUA_MATHLIBNAME, luaopen_math },
                                     { LUA_UTF8LIBNAME, luaopen_utf8 },  { LUA_DBLIBNAME, luaopen_debug } };
    for (size_t i = 0; i < sizeof libs / sizeof libs[0]; i++) {
        luaL_requiref(L, libs[i].name, libs[i].func, 1);
        lua_pop(L, 1);
    }
    /* files come only through tngen.read, relative to ROOT; the hook is the budget's */
    lua_pushnil(L);
    lua_setglobal(L, "dofile");
    lua_pushnil(L);
    lua_setglobal(L, "loadfile");
    lua_getglobal(L, "debug");
    lua_pushnil(L);
    lua_setfield(L, -2, "sethook");
    lua_pop(L, 1);
    static const luaL_Reg services[] = { { "read", l_read },           { "list", l_list },
                                         { "output", l_output },       { "check_ptx", l_check_ptx },
                                         { "compile_glsl", l_compile_glsl }, { "trace_lines", l_trace_lines },
                                         { "traced", l_traced },               { "error_message", message },
                                         { NULL, NULL } };
    lua_newtable(L);
    lua_pushlightuserdata(L, &host);
    luaL_setfuncs(L, services, 1);
    lua_setglobal(L, "tngen");
    gen_spirv_init();
    lua_pushcfunction(L, message);
    const char *main_path = "gen/tngen/main.lua";
    char *path = gen_strfmt("%s/%s", root, main_path);
    size_t len;
    char *text = gen_read_file(path, &len);
    if (!text)
        gen_die("cannot read %s: %s (give --root DIR: a trueno source tree, or PREFIX/share/trueno)", path,
                strerror(errno));
    if (luaL_loadbufferx(L, text, len, "@gen/tngen/main.lua", "t") != LUA_OK || lua_pcall(L, 0, 0, -2) != LUA_OK)
        gen_die("%s", lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "an error without a message");
    if (getenv("TNGEN_BUDGET_USED")) /* how much of the budget the tree needs, to keep its margin */
        fprintf(stderr, "tngen: %lld Lua instructions, at most %lld in one traced function\n",
                GEN_LUA_BUDGET - host.budget, host.trace_max);
    free(text);
    free(path);
    gen_spirv_finish();
    lua_close(L);
    free(host.ptxas);
    free(host.trace_skip);
}
