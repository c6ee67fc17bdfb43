/* The machine a run was timed on: CPU vendor, family, model, stepping, cache sizes and ISA
 * flags read with cpuid, the cores and the compiler. Baselines are keyed on these, so that two
 * CPUs sold under one name (a Zen 4 and a Zen 5 both "AMD EPYC") are never compared. */
#define _POSIX_C_SOURCE 200809L
#include "build_commit.h"
#include "bench.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define TN_HAVE_CPUID 1
#endif

const char *bench_compiler(void)
{
#if defined(__clang__)
    static const char name[] = "clang-" __clang_version__;
#elif defined(__GNUC__)
    static const char name[] = "gcc-" __VERSION__;
#else
    static const char name[] = "cc";
#endif
    return name;
}

/* The commit the binary was built from (git describe at build time). */
const char *bench_commit(void)
{
    return TN_BUILD_COMMIT;
}

/* ORDER bench_cache_level */
static const char *const cache_names[BENCH_CACHE_COUNT] = {"l1d", "l1i", "l2", "l3"};

#ifdef TN_HAVE_CPUID
/* ISA flags by cpuid leaf, subleaf, register (0 eax .. 3 edx) and bit: enough to tell the
 * generations of one vendor apart where family and model alone might not. */
static const struct isa_flag {
    const char *name;
    unsigned leaf, subleaf, reg, bit;
} isa_flags[] = {
    {"sse2", 1, 0, 3, 26},          {"sse3", 1, 0, 2, 0},
    {"pclmulqdq", 1, 0, 2, 1},      {"ssse3", 1, 0, 2, 9},
    {"fma", 1, 0, 2, 12},           {"sse4_1", 1, 0, 2, 19},
    {"sse4_2", 1, 0, 2, 20},        {"movbe", 1, 0, 2, 22},
    {"popcnt", 1, 0, 2, 23},        {"aes", 1, 0, 2, 25},
    {"avx", 1, 0, 2, 28},           {"f16c", 1, 0, 2, 29},
    {"bmi1", 7, 0, 1, 3},           {"avx2", 7, 0, 1, 5},
    {"bmi2", 7, 0, 1, 8},           {"erms", 7, 0, 1, 9},
    {"avx512f", 7, 0, 1, 16},       {"avx512dq", 7, 0, 1, 17},
    {"adx", 7, 0, 1, 19},           {"avx512ifma", 7, 0, 1, 21},
    {"clflushopt", 7, 0, 1, 23},    {"clwb", 7, 0, 1, 24},
    {"avx512cd", 7, 0, 1, 28},      {"sha", 7, 0, 1, 29},
    {"avx512bw", 7, 0, 1, 30},      {"avx512vl", 7, 0, 1, 31},
    {"avx512vbmi", 7, 0, 2, 1},     {"avx512vbmi2", 7, 0, 2, 6},
    {"gfni", 7, 0, 2, 8},           {"vaes", 7, 0, 2, 9},
    {"vpclmulqdq", 7, 0, 2, 10},    {"avx512vnni", 7, 0, 2, 11},
    {"avx512bitalg", 7, 0, 2, 12},  {"avx512vpopcntdq", 7, 0, 2, 14},
    {"movdiri", 7, 0, 2, 27},       {"movdir64b", 7, 0, 2, 28},
    {"fsrm", 7, 0, 3, 4},           {"avx512vp2intersect", 7, 0, 3, 8},
    {"amx_bf16", 7, 0, 3, 22},      {"avx512fp16", 7, 0, 3, 23},
    {"amx_tile", 7, 0, 3, 24},      {"amx_int8", 7, 0, 3, 25},
    {"avx_vnni", 7, 1, 0, 4},       {"avx512bf16", 7, 1, 0, 5},
    {"lzcnt", 0x80000001, 0, 2, 5}, {"sse4a", 0x80000001, 0, 2, 6},
    {"xop", 0x80000001, 0, 2, 11},  {"fma4", 0x80000001, 0, 2, 16},
};

static bool cpuid(unsigned leaf, unsigned subleaf, unsigned r[4])
{
    memset(r, 0, 4 * sizeof *r);
    if ((unsigned)__get_cpuid_max(leaf & 0x80000000u, NULL) < leaf) /* int in clang, unsigned in gcc */
        return false;
    __cpuid_count(leaf, subleaf, r[0], r[1], r[2], r[3]);
    return true;
}

/* Caches from the deterministic cache parameters: leaf 4 (Intel), 0x8000001d (AMD, with topology
 * extensions), whose registers have the same layout; AMD's older 0x80000005/6 otherwise. */
static void read_caches(bench_machine *m)
{
    unsigned r[4], ext[4];
    bool amd = strcmp(m->vendor, "AuthenticAMD") == 0 || strcmp(m->vendor, "HygonGenuine") == 0;
    cpuid(0x80000001u, 0, ext);
    unsigned leaf = amd ? 0x8000001du : 4;
    bool described = !amd || (ext[2] >> 22 & 1);
    for (unsigned i = 0; described && i < 16 && cpuid(leaf, i, r) && (r[0] & 31); i++) {
        unsigned type = r[0] & 31, level = r[0] >> 5 & 7;
        long long size = (long long)((r[1] >> 22 & 0x3ff) + 1) * ((r[1] >> 12 & 0x3ff) + 1) * ((r[1] & 0xfff) + 1) *
                         ((long long)r[2] + 1);
        int k = -1; /* type 1 data, 2 instructions, 3 unified */
        if (level == 1)
            k = type == 2 ? BENCH_L1I : BENCH_L1D;
        else if (type != 2 && (level == 2 || level == 3))
            k = level == 2 ? BENCH_L2 : BENCH_L3;
        if (k >= 0)
            m->cache[k] = size;
    }
    if (amd && !described && cpuid(0x80000005u, 0, r)) {
        m->cache[BENCH_L1D] = (long long)(r[2] >> 24) * 1024;
        m->cache[BENCH_L1I] = (long long)(r[3] >> 24) * 1024;
    }
    if (amd && !described && cpuid(0x80000006u, 0, r)) {
        m->cache[BENCH_L2] = (long long)(r[2] >> 16) * 1024;
        m->cache[BENCH_L3] = (long long)(r[3] >> 18) * 512 * 1024;
    }
}

static void read_cpuid(bench_machine *m)
{
    unsigned r[4];
    if (!cpuid(0, 0, r))
        return;
    memcpy(m->vendor, &r[1], 4);
    memcpy(m->vendor + 4, &r[3], 4);
    memcpy(m->vendor + 8, &r[2], 4);
    m->vendor[12] = '\0';
    cpuid(1, 0, r);
    unsigned base_family = r[0] >> 8 & 0xf;
    m->family = (int)(base_family + (base_family == 0xf ? (r[0] >> 20 & 0xff) : 0));
    m->model = (int)((r[0] >> 4 & 0xf) | (base_family == 6 || base_family == 0xf ? (r[0] >> 16 & 0xf) << 4 : 0));
    m->stepping = (int)(r[0] & 0xf);
    read_caches(m);
    size_t used = 0;
    for (size_t i = 0; i < sizeof isa_flags / sizeof isa_flags[0]; i++) {
        const struct isa_flag *f = &isa_flags[i];
        if (cpuid(f->leaf, f->subleaf, r) && (r[f->reg] >> f->bit & 1) && used + strlen(f->name) + 2 < sizeof m->flags)
            used += (size_t)snprintf(m->flags + used, sizeof m->flags - used, "%s%s", used ? " " : "", f->name);
    }
}
#endif

const bench_machine *bench_this_machine(void)
{
    static bench_machine m;
    if (m.cores)
        return &m;
    snprintf(m.cpu, sizeof m.cpu, "%s", tn_cpu_model());
    snprintf(m.features, sizeof m.features, "%s", tn_cpu_features());
    snprintf(m.compiler, sizeof m.compiler, "%s", bench_compiler());
#ifdef TN_HAVE_CPUID
    read_cpuid(&m);
#endif
    m.cores = sysconf(_SC_NPROCESSORS_ONLN);
    return &m;
}

/* Everything a baseline is keyed on, as one line: the fingerprint's hash is taken over it. The
 * stepping is left out: a new stepping fixes errata and leaves timings alone, and keying on it
 * would strand a fleet's baselines. */
static void key_text(const bench_machine *m, char *text, size_t len)
{
    snprintf(text, len, "%s|%s|%d|%d|%lld|%lld|%lld|%lld|%s|%s|%ld|%s", m->cpu, m->vendor, m->family, m->model,
             m->cache[BENCH_L1D], m->cache[BENCH_L1I], m->cache[BENCH_L2], m->cache[BENCH_L3], m->flags, m->features,
             m->cores, m->compiler);
}

/* "<cpu name>-<hash of the key>", e.g. amd-epyc-3f0c19d2. */
const char *bench_fingerprint(void)
{
    static char id[96];
    if (id[0])
        return id;
    const bench_machine *m = bench_this_machine();
    char all[1024];
    key_text(m, all, sizeof all);
    uint32_t h = 2166136261u;
    for (const char *p = all; *p; p++)
        h = (h ^ (unsigned char)*p) * 16777619u;
    size_t k = 0;
    for (const char *p = m->cpu; *p && k < 48; p++) {
        char c = (char)tolower((unsigned char)*p);
        if (isalnum((unsigned char)c))
            id[k++] = c;
        else if (k > 0 && id[k - 1] != '-')
            id[k++] = '-';
    }
    while (k > 0 && id[k - 1] == '-')
        k--;
    snprintf(id + k, sizeof id - k, "%s%08x", k ? "-" : "", h);
    return id;
}

void bench_machine_json(FILE *f, const char *in)
{
    const bench_machine *m = bench_this_machine();
    fprintf(f, "{\n%s  \"fingerprint\": ", in);
    json_put_string(f, bench_fingerprint());
    fprintf(f, ",\n%s  \"cpu\": ", in);
    json_put_string(f, m->cpu);
    fprintf(f, ",\n%s  \"vendor\": ", in);
    json_put_string(f, m->vendor);
    fprintf(f, ",\n%s  \"family\": %d,\n%s  \"model\": %d,\n%s  \"stepping\": %d,\n%s  \"caches\": {", in, m->family,
            in, m->model, in, m->stepping, in);
    for (int k = 0; k < BENCH_CACHE_COUNT; k++)
        fprintf(f, "%s \"%s\": %lld", k ? "," : "", cache_names[k], m->cache[k]);
    fprintf(f, " },\n%s  \"flags\": ", in);
    json_put_string(f, m->flags);
    fprintf(f, ",\n%s  \"features\": ", in);
    json_put_string(f, m->features);
    fprintf(f, ",\n%s  \"cores\": %ld,\n%s  \"compiler\": ", in, m->cores, in);
    json_put_string(f, m->compiler);
    fprintf(f, ",\n%s  \"build\": \"%s\",\n%s  \"commit\": ", in, TN_BUILD_TYPE, in);
    json_put_string(f, bench_commit());
    fprintf(f, "\n%s}", in);
}

bool bench_machine_from_json(const json *j, bench_machine *m)
{
    memset(m, 0, sizeof *m);
    const json *caches = json_get(j, "caches");
    if (!j || !json_get(j, "family") || !json_get(j, "model") || !caches || !json_get(j, "flags"))
        return false;
    snprintf(m->cpu, sizeof m->cpu, "%s", json_string(j, "cpu", ""));
    snprintf(m->vendor, sizeof m->vendor, "%s", json_string(j, "vendor", ""));
    m->family = (int)json_number(j, "family", -1);
    m->model = (int)json_number(j, "model", -1);
    m->stepping = (int)json_number(j, "stepping", -1);
    for (int k = 0; k < BENCH_CACHE_COUNT; k++)
        m->cache[k] = (long long)json_number(caches, cache_names[k], -1);
    snprintf(m->flags, sizeof m->flags, "%s", json_string(j, "flags", ""));
    snprintf(m->features, sizeof m->features, "%s", json_string(j, "features", ""));
    m->cores = (long)json_number(j, "cores", 0);
    snprintf(m->compiler, sizeof m->compiler, "%s", json_string(j, "compiler", ""));
    return true;
}

/* The words of a that b lacks, space separated, into out. */
static void words_missing(const char *a, const char *b, char *out, size_t len)
{
    size_t used = 0;
    out[0] = '\0';
    for (const char *w = a; *w;) {
        size_t n = strcspn(w, " ");
        bool found = false;
        for (const char *v = b; *v && !found;) {
            size_t m = strcspn(v, " ");
            found = m == n && strncmp(v, w, n) == 0;
            v += m + (v[m] == ' ');
        }
        if (!found && n && used + n + 2 < len)
            used += (size_t)snprintf(out + used, len - used, "%s%.*s", used ? " " : "", (int)n, w);
        w += n + (w[n] == ' ');
    }
}

static int differ_text(FILE *f, const char *field, const char *then, const char *now)
{
    if (strcmp(then, now) == 0)
        return 0;
    if (f)
        fprintf(f, "  %-9s baseline '%s', this machine '%s'\n", field, then, now);
    return 1;
}

static int differ_number(FILE *f, const char *field, long long then, long long now, bool hex)
{
    if (then == now)
        return 0;
    if (!f)
        return 1;
    if (hex)
        fprintf(f, "  %-9s baseline %lld (0x%llx), this machine %lld (0x%llx)\n", field, then, then, now, now);
    else
        fprintf(f, "  %-9s baseline %lld, this machine %lld\n", field, then, now);
    return 1;
}

int bench_machine_differences(FILE *f, const bench_machine *then, const bench_machine *now)
{
    int n = differ_text(f, "cpu", then->cpu, now->cpu) + differ_text(f, "vendor", then->vendor, now->vendor);
    n += differ_number(f, "family", then->family, now->family, true);
    n += differ_number(f, "model", then->model, now->model, true);
    for (int k = 0; k < BENCH_CACHE_COUNT; k++) {
        char field[16];
        snprintf(field, sizeof field, "%s size", cache_names[k]);
        n += differ_number(f, field, then->cache[k], now->cache[k], false);
    }
    char gone[512], added[512];
    words_missing(then->flags, now->flags, gone, sizeof gone);
    words_missing(now->flags, then->flags, added, sizeof added);
    if ((gone[0] || added[0]) && f)
        fprintf(f, "  %-9s baseline only: %s; this machine only: %s\n", "flags", gone[0] ? gone : "-",
                added[0] ? added : "-");
    n += gone[0] || added[0];
    n += differ_text(f, "features", then->features, now->features);
    n += differ_number(f, "cores", then->cores, now->cores, false);
    n += differ_text(f, "compiler", then->compiler, now->compiler);
    return n;
}
