/* Loading the description: runs the Lua files and reads ops, targets and primitives into C. */
#include "gen.h"

#include <dirent.h>
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- running Lua files ---- */

static void run_chunk(lua_State *L, const gen_spec *spec, const char *rel, bool with_env, int nresults)
{
    char *path = gen_strfmt("%s/%s", spec->root, rel);
    size_t len;
    char *text = gen_read_file(path, &len);
    if (!text)
        gen_die("cannot read %s", path);
    char *chunkname = gen_strfmt("@%s", rel);
    if (luaL_loadbufferx(L, text, len, chunkname, "t") != LUA_OK)
        gen_die("%s", lua_tostring(L, -1));
    if (with_env) {
        lua_getfield(L, LUA_REGISTRYINDEX, "tn_dsl");
        lua_getfield(L, -1, "env");
        lua_call(L, 0, 1);
        lua_remove(L, -2);
        lua_setupvalue(L, -2, 1); /* the chunk's _ENV */
    }
    if (lua_pcall(L, 0, nresults, 0) != LUA_OK)
        gen_die("%s", lua_tostring(L, -1));
    free(chunkname);
    free(text);
    free(path);
}

static int by_string(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The .lua files of a folder, sorted, so that loading order never depends on the file system. */
static char **list_lua_files(const char *dir, int *count)
{
    DIR *d = opendir(dir);
    if (!d)
        gen_die("cannot open folder %s", dir);
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
    *count = n;
    return names;
}

/* ---- reading Lua values ---- */

static char *opt_string(lua_State *L, int t, const char *key)
{
    lua_getfield(L, t, key);
    char *s = lua_type(L, -1) == LUA_TSTRING ? gen_strdup(lua_tostring(L, -1)) : NULL;
    lua_pop(L, 1);
    return s;
}

static double opt_number(lua_State *L, int t, const char *key, double fallback)
{
    lua_getfield(L, t, key);
    double v = lua_type(L, -1) == LUA_TNUMBER ? lua_tonumber(L, -1) : fallback;
    lua_pop(L, 1);
    return v;
}

/* A list of strings as a NULL-terminated array (NULL when the field is absent). */
static char **opt_string_list(lua_State *L, int t, const char *key, const char *where)
{
    lua_getfield(L, t, key);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return NULL;
    }
    int n = (int)luaL_len(L, -1);
    char **list = gen_xmalloc((size_t)(n + 1) * sizeof *list);
    for (int i = 1; i <= n; i++) {
        lua_geti(L, -1, i);
        if (lua_type(L, -1) != LUA_TSTRING)
            gen_die("%s: %s[%d] must be a string", where, key, i);
        list[i - 1] = gen_strdup(lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    list[n] = NULL;
    lua_pop(L, 1);
    return list;
}

static gen_type type_of(const char *s, const char *where)
{
    if (strcmp(s, "f32") == 0)
        return GEN_F32;
    if (strcmp(s, "i32") == 0)
        return GEN_I32;
    if (strcmp(s, "mask") == 0)
        return GEN_MASK;
    gen_die("%s: unknown type '%s'", where, s);
}

/* ---- primitives ---- */

static int by_prim_name(const void *a, const void *b)
{
    return strcmp(((const gen_prim_sig *)a)->name, ((const gen_prim_sig *)b)->name);
}

static void read_prims(lua_State *L, gen_spec *spec, int dsl)
{
    lua_getfield(L, dsl, "prims");
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        gen_prim_sig sig = { .name = gen_strdup(lua_tostring(L, -2)) };
        int t = lua_gettop(L);
        char *ret = opt_string(L, t, "ret");
        sig.ret = type_of(ret, "gen/lua/dsl.lua");
        free(ret);
        lua_getfield(L, t, "args");
        sig.nargs = (int)luaL_len(L, -1);
        for (int i = 0; i < sig.nargs; i++) {
            lua_geti(L, -1, i + 1);
            const char *a = lua_tostring(L, -1);
            sig.imm[i] = strcmp(a, "imm") == 0;
            sig.args[i] = sig.imm[i] ? GEN_I32 : type_of(a, "gen/lua/dsl.lua");
            lua_pop(L, 1);
        }
        lua_pop(L, 2);
        spec->prims = gen_xrealloc(spec->prims, (size_t)(spec->nprims + 1) * sizeof *spec->prims);
        spec->prims[spec->nprims++] = sig;
    }
    lua_pop(L, 1);
    qsort(spec->prims, (size_t)spec->nprims, sizeof *spec->prims, by_prim_name);
}

const gen_prim_sig *gen_prim_find(const gen_spec *spec, const char *name)
{
    gen_prim_sig key = { .name = (char *)name };
    return bsearch(&key, spec->prims, (size_t)spec->nprims, sizeof key, by_prim_name);
}

/* ---- expression trees -> DAG ---- */

/* Converts the node at the top of the stack; memo (a Lua table) maps node tables to indices. */
static int read_node(lua_State *L, gen_fn *fn, int memo)
{
    int t = lua_gettop(L);
    lua_pushvalue(L, t);
    if (lua_rawget(L, memo) == LUA_TNUMBER) {
        int cached = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
        return cached;
    }
    lua_pop(L, 1);
    gen_node n = { .fallback = -1 };
    char *prim = opt_string(L, t, "prim");
    char *type = opt_string(L, t, "type");
    n.type = type_of(type, "expression");
    free(type);
    if (strcmp(prim, "const") == 0) {
        n.prim = prim;
        n.value = opt_number(L, t, "value", 0);
        if (n.type == GEN_F32)
            n.value = (float)n.value;
    } else if (strcmp(prim, "param") == 0) {
        n.prim = prim;
        char *name = opt_string(L, t, "name");
        n.param = -1;
        for (int i = 0; i < fn->nparams; i++)
            if (strcmp(fn->params[i], name) == 0)
                n.param = i;
        if (n.param < 0)
            gen_die("internal: parameter '%s' is not one of the function's", name);
        free(name);
    } else {
        n.prim = prim;
        lua_getfield(L, t, "args");
        int args = lua_gettop(L);
        n.nargs = (int)luaL_len(L, args);
        for (int i = 0; i < n.nargs; i++) {
            lua_geti(L, args, i + 1);
            if (lua_type(L, -1) == LUA_TNUMBER) {
                n.args[i] = -1;
                n.imm[i] = (int)lua_tointeger(L, -1);
                lua_pop(L, 1);
            } else {
                n.args[i] = read_node(L, fn, memo);
                lua_pop(L, 1);
            }
        }
        lua_pop(L, 1);
        if (lua_getfield(L, t, "fallback") == LUA_TTABLE)
            n.fallback = read_node(L, fn, memo);
        lua_pop(L, 1);
    }
    int before = fn->dag.count;
    int index = gen_dag_add(&fn->dag, &n);
    if (fn->dag.count == before) /* an equal node existed: it keeps its own name */
        free(prim);
    lua_pushvalue(L, t);
    lua_pushinteger(L, index);
    lua_rawset(L, memo);
    return index;
}

static void read_fn(lua_State *L, int op, const char *key, gen_fn *fn, const char *const *params, int nparams)
{
    fn->nparams = nparams;
    for (int i = 0; i < nparams; i++)
        fn->params[i] = gen_strdup(params[i]);
    lua_getfield(L, op, key);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    lua_newtable(L);
    int memo = lua_gettop(L);
    lua_pushvalue(L, -2);
    fn->dag.root = read_node(L, fn, memo);
    lua_pop(L, 3);
}

/* ---- ops ---- */

static gen_role role_of(const char *s)
{
    static const char *const roles[] = { "vec", "out", "inout", "scalar" }; /* ORDER gen_role */
    for (int i = 0; i < 4; i++)
        if (strcmp(s, roles[i]) == 0)
            return (gen_role)i;
    gen_die("internal: unknown argument role '%s'", s);
}

int gen_op_inputs(const gen_op *op, const gen_arg **inputs)
{
    int n = 0;
    for (int i = 0; i < op->nargs; i++)
        if (op->args[i].role != GEN_OUT)
            inputs[n++] = &op->args[i];
    return n;
}

const gen_arg *gen_op_output(const gen_op *op)
{
    for (int i = 0; i < op->nargs; i++)
        if (op->args[i].role == GEN_OUT || op->args[i].role == GEN_INOUT)
            return &op->args[i];
    return NULL;
}

static void read_reference(lua_State *L, int t, gen_op *op)
{
    lua_getfield(L, t, "reference");
    int ref = lua_gettop(L);
    if (lua_type(L, ref) == LUA_TSTRING) {
        op->ref_expr = gen_strdup(lua_tostring(L, ref));
    } else {
        op->ref_init = opt_string(L, ref, "init");
        op->ref_step = opt_string(L, ref, "step");
        op->ref_final = opt_string(L, ref, "final");
        op->ref_better = opt_string(L, ref, "better");
    }
    lua_pop(L, 1);
    lua_getfield(L, t, "accuracy");
    int acc = lua_gettop(L);
    op->ulp = opt_number(L, acc, "ulp", -1);
    op->rel = opt_number(L, acc, "rel", -1);
    op->abs = opt_number(L, acc, "abs", 0);
    op->rel_of = opt_string(L, acc, "of");
    lua_getfield(L, acc, "exact");
    op->exact = lua_toboolean(L, -1);
    lua_pop(L, 2);
    char *where = gen_strfmt("%s:%d: op '%s'", op->file, op->line, op->name);
    if (op->kind != GEN_MAP && op->ulp >= 0)
        gen_die("%s: a reduction's accuracy is rel = R with of = \"C expr\", or exact = true", where);
    if (op->rel >= 0 && !op->rel_of)
        gen_die("%s: accuracy rel = %g needs of = \"C expression in double\" to scale it", where, op->rel);
    if (op->kind != GEN_MAP && op->rel < 0 && !op->exact)
        gen_die("%s: accuracy needs rel = R with of = \"...\", or exact = true", where);
    free(where);
}

/* bench.sizes or bench.gpu_sizes (dsl.lua checked they are positive integers). */
static int read_sizes(lua_State *L, int bench, const char *key, long long **sizes)
{
    *sizes = NULL;
    if (bench == 0 || lua_getfield(L, bench, key) != LUA_TTABLE) {
        if (bench)
            lua_pop(L, 1);
        return 0;
    }
    int n = (int)luaL_len(L, -1);
    *sizes = gen_xmalloc((size_t)n * sizeof **sizes);
    for (int i = 0; i < n; i++) {
        lua_geti(L, -1, i + 1);
        (*sizes)[i] = (long long)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return n;
}

static void read_bench(lua_State *L, int t, gen_op *op)
{
    lua_getfield(L, t, "bench");
    int bench = lua_istable(L, -1) ? lua_gettop(L) : 0;
    op->nbench_sizes = read_sizes(L, bench, "sizes", &op->bench_sizes);
    op->ngpu_sizes = read_sizes(L, bench, "gpu_sizes", &op->gpu_sizes);
    op->bench_domain[0] = op->domain[0];
    op->bench_domain[1] = op->domain[1];
    if (bench && lua_getfield(L, bench, "domain") == LUA_TTABLE) {
        lua_geti(L, -1, 1);
        op->bench_domain[0] = lua_tonumber(L, -1);
        lua_geti(L, -2, 2);
        op->bench_domain[1] = lua_tonumber(L, -1);
        lua_pop(L, 2);
    }
    if (bench)
        lua_pop(L, 1);
    lua_pop(L, 1);
}

static void read_op(lua_State *L, int t, gen_op *op)
{
    op->name = opt_string(L, t, "name");
    op->file = opt_string(L, t, "file");
    op->line = (int)opt_number(L, t, "line", 0);
    op->doc = opt_string(L, t, "doc");
    char *kind = opt_string(L, t, "kind");
    op->kind = strcmp(kind, "map") == 0 ? GEN_MAP : strcmp(kind, "reduce") == 0 ? GEN_REDUCE : GEN_ARGREDUCE;
    free(kind);
    lua_getfield(L, t, "args");
    op->nargs = (int)luaL_len(L, -1);
    if (op->nargs > GEN_MAX_OP_ARGS)
        gen_die("%s:%d: op '%s': at most %d arguments", op->file, op->line, op->name, GEN_MAX_OP_ARGS);
    for (int i = 0; i < op->nargs; i++) {
        lua_geti(L, -1, i + 1);
        op->args[i].name = opt_string(L, -1, "name");
        char *role = opt_string(L, -1, "role");
        op->args[i].role = role_of(role);
        free(role);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);

    const gen_arg *inputs[GEN_MAX_OP_ARGS];
    int nin = gen_op_inputs(op, inputs);
    const char *params[GEN_MAX_OP_ARGS + 1];
    if (op->kind == GEN_MAP) {
        for (int i = 0; i < nin; i++)
            params[i] = inputs[i]->name;
        lua_getfield(L, t, "outputs");
        lua_geti(L, -1, 1);
        lua_setfield(L, t, "output");
        lua_pop(L, 1);
        read_fn(L, t, "output", &op->map, params, nin);
    } else if (op->kind == GEN_REDUCE) {
        params[0] = "acc";
        for (int i = 0; i < nin; i++)
            params[i + 1] = inputs[i]->name;
        read_fn(L, t, "step", &op->step, params, nin + 1);
        read_fn(L, t, "combine", &op->combine, (const char *[]){ "a", "b" }, 2);
        read_fn(L, t, "final", &op->final, (const char *[]){ "acc" }, 1);
        op->init = opt_number(L, t, "init", 0);
    } else {
        read_fn(L, t, "better", &op->better, (const char *[]){ "x", "best" }, 2);
        op->init = opt_number(L, t, "init", 0);
    }
    read_reference(L, t, op);
    lua_getfield(L, t, "domain");
    op->domain[0] = -1;
    op->domain[1] = 1;
    if (lua_istable(L, -1)) {
        lua_geti(L, -1, 1);
        op->domain[0] = lua_tonumber(L, -1);
        lua_geti(L, -2, 2);
        op->domain[1] = lua_tonumber(L, -1);
        lua_pop(L, 2);
    }
    lua_pop(L, 1);
    char *where = gen_strfmt("%s:%d: op '%s'", op->file, op->line, op->name);
    op->targets = opt_string_list(L, t, "targets", where);
    free(where);
    read_bench(L, t, op);
}

/* ---- targets ---- */

static int by_spelling(const void *a, const void *b)
{
    return strcmp(((const gen_spelling *)a)->prim, ((const gen_spelling *)b)->prim);
}

static void read_types(lua_State *L, int t, const char *key, char *out[3])
{
    lua_getfield(L, t, key);
    if (lua_istable(L, -1)) {
        int tt = lua_gettop(L);
        out[GEN_F32] = opt_string(L, tt, "f32");
        out[GEN_I32] = opt_string(L, tt, "i32");
        out[GEN_MASK] = opt_string(L, tt, "mask");
    }
    lua_pop(L, 1);
}

static int by_relaxed_prim(const void *a, const void *b)
{
    return strcmp(((const gen_relaxed *)a)->prim, ((const gen_relaxed *)b)->prim);
}

static void read_relaxed(lua_State *L, int relaxed, gen_target *tg)
{
    lua_getfield(L, relaxed, "ulp");
    if (lua_istable(L, -1)) {
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            tg->relaxed = gen_xrealloc(tg->relaxed, (size_t)(tg->nrelaxed + 1) * sizeof *tg->relaxed);
            tg->relaxed[tg->nrelaxed++] = (gen_relaxed){ gen_strdup(lua_tostring(L, -2)), (int)lua_tointeger(L, -1) };
            lua_pop(L, 1);
        }
        qsort(tg->relaxed, (size_t)tg->nrelaxed, sizeof *tg->relaxed, by_relaxed_prim);
    }
    lua_pop(L, 1);
    char *sub = opt_string(L, relaxed, "subnormals");
    tg->may_flush_subnormals = sub && strcmp(sub, "may flush") == 0;
    free(sub);
}

static void read_target(lua_State *L, int t, gen_target *tg)
{
    tg->name = opt_string(L, t, "name");
    tg->file = opt_string(L, t, "file");
    tg->line = (int)opt_number(L, t, "line", 0);
    char *where = gen_strfmt("%s:%d: target '%s'", tg->file, tg->line, tg->name);
    char *kind = opt_string(L, t, "kind");
    tg->kind = strcmp(kind, "cpu") == 0 ? GEN_CPU : strcmp(kind, "ptx") == 0 ? GEN_PTX : GEN_GLSL;
    free(kind);
    lua_getfield(L, t, "prims");
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        tg->prims = gen_xrealloc(tg->prims, (size_t)(tg->nprims + 1) * sizeof *tg->prims);
        tg->prims[tg->nprims++] = (gen_spelling){ gen_strdup(lua_tostring(L, -2)), gen_strdup(lua_tostring(L, -1)) };
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    qsort(tg->prims, (size_t)tg->nprims, sizeof *tg->prims, by_spelling);
    tg->rank = (int)opt_number(L, t, "rank", 0);
    tg->lanes = (int)opt_number(L, t, "lanes", 1);
    tg->cflags = opt_string_list(L, t, "cflags", where);
    tg->needs = opt_string_list(L, t, "needs", where);
    read_types(L, t, "types", tg->types);
    tg->prelude = opt_string(L, t, "prelude");
    tg->backend = opt_string(L, t, "backend");
    if (!tg->backend)
        tg->backend = gen_strdup(tg->name);
    tg->version = opt_string(L, t, "version");
    tg->sm = opt_string(L, t, "sm");
    tg->check_archs = opt_string_list(L, t, "check_archs", where);
    tg->block = (int)opt_number(L, t, "block", 256);
    read_types(L, t, "regs", tg->regs);
    read_types(L, t, "decl", tg->decl);
    tg->local_size = (int)opt_number(L, t, "local_size", 256);
    lua_getfield(L, t, "relaxed"); /* checked by dsl.lua */
    if (lua_istable(L, -1))
        read_relaxed(L, lua_gettop(L), tg);
    lua_pop(L, 1);
    if (tg->kind == GEN_PTX && (!tg->version || !tg->sm || !tg->regs[GEN_F32] || !tg->decl[GEN_F32]))
        gen_die("%s: a ptx target needs version, sm, regs and decl", where);
    if (tg->kind != GEN_PTX && (!tg->types[GEN_F32] || !tg->types[GEN_I32] || !tg->types[GEN_MASK]))
        gen_die("%s: types needs f32, i32 and mask", where);
    free(where);
}

const char *gen_spelling_of(const gen_target *t, const char *prim)
{
    gen_spelling key = { .prim = (char *)prim };
    const gen_spelling *s = bsearch(&key, t->prims, (size_t)t->nprims, sizeof key, by_spelling);
    return s ? s->text : NULL;
}

const char *gen_require_spelling(const gen_target *t, const char *prim, const gen_op *op)
{
    const char *s = gen_spelling_of(t, prim);
    if (!s)
        gen_die("%s:%d: target '%s' has no spelling for primitive '%s', needed by op '%s' (%s:%d)", t->file,
                t->line, t->name, prim, op ? op->name : "(templates)", op ? op->file : "-", op ? op->line : 0);
    return s;
}

void gen_check_spellings(const gen_op *op, const gen_target *t)
{
    const gen_fn *fns[] = { &op->map, &op->step, &op->combine, &op->final, &op->better };
    for (size_t f = 0; f < sizeof fns / sizeof fns[0]; f++) {
        gen_plan plan;
        gen_plan_make(&plan, fns[f], t);
        for (int i = 0; i < fns[f]->dag.count; i++) {
            const char *prim = fns[f]->dag.nodes[i].prim;
            if (plan.live[i] && strcmp(prim, "param") != 0 && strcmp(prim, "const") != 0)
                gen_require_spelling(t, prim, op);
        }
        gen_plan_free(&plan);
    }
}

bool gen_op_wants(const gen_op *op, const gen_target *t)
{
    if (!op->targets)
        return true;
    for (char **n = op->targets; *n; n++)
        if (strcmp(*n, t->name) == 0)
            return true;
    return false;
}

static int target_order(const void *a, const void *b)
{
    const gen_target *x = a, *y = b;
    if (x->kind != y->kind)
        return (int)x->kind - (int)y->kind;
    if (x->rank != y->rank)
        return x->rank - y->rank;
    return strcmp(x->name, y->name);
}

static int op_order(const void *a, const void *b)
{
    return strcmp(((const gen_op *)a)->name, ((const gen_op *)b)->name);
}

/* Reads dsl.targets or dsl.ops (a table keyed by name) through `read`. */
static int count_entries(lua_State *L, int t)
{
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        n++;
        lua_pop(L, 1);
    }
    return n;
}

static void check_targets(const gen_spec *spec)
{
    for (int i = 0; i < spec->ntargets; i++)
        for (int j = i + 1; j < spec->ntargets; j++) {
            const gen_target *a = &spec->targets[i], *b = &spec->targets[j];
            if (a->kind == GEN_CPU && b->kind == GEN_CPU && a->rank == b->rank)
                gen_die("%s:%d: target '%s' has the same rank (%d) as '%s' (%s:%d)", b->file, b->line, b->name,
                        b->rank, a->name, a->file, a->line);
        }
    for (int i = 0; i < spec->nops; i++) {
        const gen_op *op = &spec->ops[i];
        for (char **n = op->targets; n && *n; n++) {
            bool found = false;
            for (int j = 0; j < spec->ntargets; j++)
                found = found || strcmp(spec->targets[j].name, *n) == 0;
            if (!found)
                gen_die("%s:%d: op '%s': targets names '%s', which is not a target in gen/lua/targets/", op->file,
                        op->line, op->name, *n);
        }
    }
}

static void load_folder(lua_State *L, gen_spec *spec, const char *folder, const char *registry)
{
    char *dir = gen_strfmt("%s/gen/lua/%s", spec->root, folder);
    int nfiles;
    char **files = list_lua_files(dir, &nfiles);
    for (int i = 0; i < nfiles; i++) {
        char *rel = gen_strfmt("gen/lua/%s/%s", folder, files[i]);
        lua_getfield(L, LUA_REGISTRYINDEX, "tn_dsl");
        lua_getfield(L, -1, registry);
        int before = count_entries(L, lua_gettop(L));
        lua_pop(L, 2);
        run_chunk(L, spec, rel, true, 0);
        /* One definition per file, named for the file: you know your room from the file name. */
        char *stem = gen_strdup(files[i]);
        stem[strlen(stem) - 4] = '\0';
        lua_getfield(L, LUA_REGISTRYINDEX, "tn_dsl");
        lua_getfield(L, -1, registry);
        int after = count_entries(L, lua_gettop(L));
        lua_getfield(L, -1, stem);
        if (after != before + 1 || lua_isnil(L, -1))
            gen_die("%s:1: expected exactly one %s named '%s' in this file", rel,
                    strcmp(folder, "ops") == 0 ? "op" : "target", stem);
        lua_pop(L, 3);
        free(stem);
        free(rel);
        free(files[i]);
    }
    free(files);
    free(dir);
}

void gen_spec_load(gen_spec *spec, const char *root)
{
    spec->root = gen_strdup(root);
    lua_State *L = luaL_newstate();
    if (!L)
        gen_die("cannot create a Lua state");
    luaL_openlibs(L);
    run_chunk(L, spec, "gen/lua/dsl.lua", false, 1);
    lua_setfield(L, LUA_REGISTRYINDEX, "tn_dsl");
    run_chunk(L, spec, "gen/lua/mathlib.lua", true, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, "tn_dsl");
    lua_getfield(L, -1, "export");
    lua_pushvalue(L, -3);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK)
        gen_die("gen/lua/mathlib.lua: %s", lua_tostring(L, -1));
    lua_pop(L, 2);
    load_folder(L, spec, "targets", "targets");
    load_folder(L, spec, "ops", "ops");

    lua_getfield(L, LUA_REGISTRYINDEX, "tn_dsl");
    int dsl = lua_gettop(L);
    read_prims(L, spec, dsl);
    lua_getfield(L, dsl, "targets");
    spec->ntargets = count_entries(L, lua_gettop(L));
    spec->targets = gen_xmalloc((size_t)spec->ntargets * sizeof *spec->targets);
    memset(spec->targets, 0, (size_t)spec->ntargets * sizeof *spec->targets);
    int i = 0;
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        read_target(L, lua_gettop(L), &spec->targets[i++]);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    qsort(spec->targets, (size_t)spec->ntargets, sizeof *spec->targets, target_order);

    lua_getfield(L, dsl, "ops");
    spec->nops = count_entries(L, lua_gettop(L));
    spec->ops = gen_xmalloc((size_t)spec->nops * sizeof *spec->ops);
    memset(spec->ops, 0, (size_t)spec->nops * sizeof *spec->ops);
    i = 0;
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        read_op(L, lua_gettop(L), &spec->ops[i++]);
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
    qsort(spec->ops, (size_t)spec->nops, sizeof *spec->ops, op_order);
    check_targets(spec);
    lua_close(L);
}

/* ---- freeing ---- */

static void free_list(char **list)
{
    for (char **p = list; p && *p; p++)
        free(*p);
    free(list);
}

static void free_fn(gen_fn *fn)
{
    for (int i = 0; i < fn->dag.count; i++)
        free((char *)fn->dag.nodes[i].prim);
    free(fn->dag.nodes);
    for (int i = 0; i < fn->nparams; i++)
        free(fn->params[i]);
}

static void free_op(gen_op *op)
{
    free(op->name);
    free(op->file);
    free(op->doc);
    for (int i = 0; i < op->nargs; i++)
        free(op->args[i].name);
    gen_fn *fns[] = { &op->map, &op->step, &op->combine, &op->final, &op->better };
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
        free_fn(fns[i]);
    char *strings[] = { op->rel_of, op->ref_expr, op->ref_init, op->ref_step, op->ref_final, op->ref_better };
    for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++)
        free(strings[i]);
    free_list(op->targets);
    free(op->bench_sizes);
    free(op->gpu_sizes);
}

static void free_target(gen_target *t)
{
    char *strings[] = { t->name, t->file, t->backend, t->prelude, t->version, t->sm };
    for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++)
        free(strings[i]);
    for (int i = 0; i < t->nprims; i++) {
        free(t->prims[i].prim);
        free(t->prims[i].text);
    }
    free(t->prims);
    for (int i = 0; i < t->nrelaxed; i++)
        free(t->relaxed[i].prim);
    free(t->relaxed);
    free_list(t->cflags);
    free_list(t->needs);
    free_list(t->check_archs);
    for (int i = 0; i < 3; i++) {
        free(t->types[i]);
        free(t->regs[i]);
        free(t->decl[i]);
    }
}

void gen_spec_free(gen_spec *spec)
{
    for (int i = 0; i < spec->nops; i++)
        free_op(&spec->ops[i]);
    for (int i = 0; i < spec->ntargets; i++)
        free_target(&spec->targets[i]);
    for (int i = 0; i < spec->nprims; i++)
        free(spec->prims[i].name);
    free(spec->ops);
    free(spec->targets);
    free(spec->prims);
    free(spec->root);
}
