/* PTX analyzer reports: readable text, JSON (stable schema) and SARIF 2.1.0 results. */
#include "ptx.h"

#include <string.h>

static void json_string(FILE *out, const char *s, size_t n)
{
    fputc('"', out);
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == '"' || ch == '\\')
            fprintf(out, "\\%c", ch);
        else if (ch == '\n')
            fputs("\\n", out);
        else if (ch < 0x20 || ch >= 0x7f)
            fprintf(out, "\\u%04x", ch);
        else
            fputc(ch, out);
    }
    fputc('"', out);
}

static void json_cstr(FILE *out, const char *s)
{
    json_string(out, s, strlen(s));
}

static double intensity(const ptx_function *f)
{
    return f->bytes ? (double)f->flops / (double)f->bytes : 0.0;
}

static const char *bound(const ptx_function *f, const ptx_arch *a)
{
    if (!f->bytes)
        return "compute";
    return intensity(f) < a->peak_gflops / a->peak_gbps ? "memory" : "compute";
}

static uint32_t instruction_count(const ptx_function *f)
{
    return f->nins;
}

/* JSON names of the register cap's sources. ORDER ptx_cap_source */
static const char *const cap_from_names[] = {"arch", "maxnreg", "launch_bounds", "maxrregcount"};

static void json_findings(FILE *out, const ptx_finding *fs, uint32_t n)
{
    fputc('[', out);
    for (uint32_t i = 0; i < n; i++) {
        const ptx_finding *x = &fs[i];
        fprintf(out,
                "%s{\"rule\": \"%s\", \"severity\": \"%s\", \"line\": %u, \"column\": %u, \"message\": ", i ? ", " : "",
                ptx_rules[x->rule].id, ptx_severity_names[x->severity], x->line, x->col);
        json_cstr(out, x->message);
        fputs(", \"fix\": ", out);
        json_cstr(out, x->fix);
        fputc('}', out);
    }
    fputc(']', out);
}

void ptx_report_json(FILE *out, const ptx_module *m, const ptx_options *opt, bool last)
{
    const ptx_arch *a = ptx_module_arch(m, opt);
    fputs("    {\"path\": ", out);
    json_cstr(out, m->path ? m->path : "-");
    fprintf(out, ", \"valid\": %s, \"arch\": \"%s\", \"errors\": ", m->valid ? "true" : "false", a->name);
    json_findings(out, m->findings, m->nfindings);
    fputs(", \"kernels\": [", out);
    bool first = true;
    for (const ptx_function *f = m->funcs; f; f = f->next) {
        fprintf(out, "%s\n      {\"name\": ", first ? "" : ",");
        first = false;
        json_string(out, f->name, f->namelen);
        fprintf(out,
                ", \"kind\": \"%s\", \"line\": %u, \"registers\": {\"estimate\": %d, \"max_live\": %d, "
                "\"predicates\": %d, \"by_type\": {\"pred\": %d, \"b16\": %d, \"b32\": %d, \"b64\": %d, "
                "\"b128\": %d}, \"demand\": %d, \"unbounded\": %d, \"cap\": %d, \"cap_from\": \"%s\", "
                "\"spilled\": %d, \"callees\": %d}",
                f->is_entry ? "entry" : "func", f->line, f->reg_estimate, f->maxlive, f->maxlive_pred,
                f->reg_by_class[PTX_RC_PRED], f->reg_by_class[PTX_RC_16], f->reg_by_class[PTX_RC_32],
                f->reg_by_class[PTX_RC_64], f->reg_by_class[PTX_RC_128], f->reg_demand, f->reg_unbounded, f->reg_cap,
                cap_from_names[f->reg_cap_from], f->reg_spilled, f->reg_callees);
        fprintf(out,
                ", \"occupancy\": {\"fraction\": %.4f, \"blocks_per_sm\": %d, \"block_size\": %d, "
                "\"without_register_limit\": %.4f}",
                f->occupancy, f->blocks_per_sm, f->block_size, f->occupancy_without_registers);
        fputs(", \"memory\": {", out);
        bool firstsp = true;
        for (int sp = PTX_SP_GLOBAL; sp < PTX_SP_COUNT; sp++) {
            const ptx_mem_stats *ms = &f->mem;
            if (!ms->loads[sp] && !ms->stores[sp] && !ms->atomics[sp])
                continue;
            fprintf(out,
                    "%s\"%s\": {\"loads\": %u, \"stores\": %u, \"atomics\": %u, \"load_bytes\": %llu, "
                    "\"store_bytes\": %llu}",
                    firstsp ? "" : ", ", ptx_space_names[sp], ms->loads[sp], ms->stores[sp], ms->atomics[sp],
                    (unsigned long long)ms->load_bytes[sp], (unsigned long long)ms->store_bytes[sp]);
            firstsp = false;
        }
        fprintf(out,
                "}, \"instructions\": %u, \"flops\": %llu, \"bytes\": %llu, \"arithmetic_intensity\": %.4f, "
                "\"bound\": \"%s\", \"findings\": ",
                instruction_count(f), (unsigned long long)f->flops, (unsigned long long)f->bytes, intensity(f),
                bound(f, a));
        json_findings(out, f->findings, f->nfindings);
        fputc('}', out);
    }
    fprintf(out, "]}%s\n", last ? "" : ",");
}

static void text_findings(FILE *out, const ptx_module *m, const ptx_finding *fs, uint32_t n, bool verbose)
{
    for (uint32_t i = 0; i < n; i++) {
        const ptx_finding *x = &fs[i];
        fprintf(out, "  %s:%u:%u: %s [%s] %s\n", m->path ? m->path : "-", x->line, x->col,
                ptx_severity_names[x->severity], ptx_rules[x->rule].id, x->message);
        if (verbose)
            fprintf(out, "      fix: %s\n", x->fix);
    }
}

void ptx_report_text(FILE *out, const ptx_module *m, const ptx_options *opt, bool verbose)
{
    const ptx_arch *a = ptx_module_arch(m, opt);
    int counts[3];
    ptx_count_findings(m, counts);
    fprintf(out, "%s: %s PTX %d.%d for %s; %d kernels, %u functions; %d errors, %d warnings, %d notes\n",
            m->path ? m->path : "-", m->valid ? "valid" : "invalid", m->version_major, m->version_minor,
            m->target[0] ? m->target : "?", (int)m->nentries, m->nfuncs, counts[PTX_ERROR], counts[PTX_WARNING],
            counts[PTX_INFO]);
    text_findings(out, m, m->findings, m->nfindings, verbose);
    for (const ptx_function *f = m->funcs; f; f = f->next) {
        fprintf(out, "%s %.*s (line %u): ~%d registers (demand %d, cap %d from %s; max live %d, %d predicates",
                f->is_entry ? "kernel" : "function", (int)f->namelen, f->name, f->line, f->reg_estimate, f->reg_demand,
                f->reg_cap, ptx_cap_source_names[f->reg_cap_from], f->maxlive, f->maxlive_pred);
        if (f->reg_callees)
            fprintf(out, "; %d with its callees", f->reg_callees);
        fprintf(out, "), occupancy %.0f%% on %s (%d blocks of %d threads)\n", f->occupancy * 100, a->name,
                f->blocks_per_sm, f->block_size);
        if (verbose) {
            fputs("    memory:", out);
            bool any = false;
            for (int sp = PTX_SP_GLOBAL; sp < PTX_SP_COUNT; sp++) {
                const ptx_mem_stats *ms = &f->mem;
                if (!ms->loads[sp] && !ms->stores[sp] && !ms->atomics[sp])
                    continue;
                fprintf(out, " %s %u ld (%llu B) %u st (%llu B) %u atom;", ptx_space_names[sp], ms->loads[sp],
                        (unsigned long long)ms->load_bytes[sp], ms->stores[sp], (unsigned long long)ms->store_bytes[sp],
                        ms->atomics[sp]);
                any = true;
            }
            fputs(any ? "\n" : " none\n", out);
        }
        fprintf(out, "    %u instructions, %llu flops, %llu global bytes, %.2f flop/byte: %s-bound on %s\n",
                instruction_count(f), (unsigned long long)f->flops, (unsigned long long)f->bytes, intensity(f),
                bound(f, a), a->name);
        text_findings(out, m, f->findings, f->nfindings, verbose);
    }
}

static void sarif_result(FILE *out, const ptx_module *m, const ptx_finding *x, bool *first)
{
    static const char *const levels[] = {"note", "warning", "error"}; /* ORDER ptx_severity */
    fprintf(out, "%s\n        {\"ruleId\": \"%s\", \"level\": \"%s\", \"message\": {\"text\": ", *first ? "" : ",",
            ptx_rules[x->rule].id, levels[x->severity]);
    *first = false;
    json_cstr(out, x->message);
    fputs(", \"markdown\": ", out);
    json_cstr(out, x->fix);
    fputs("}, \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ", out);
    json_cstr(out, m->path ? m->path : "-");
    fprintf(out, "}, \"region\": {\"startLine\": %u, \"startColumn\": %u}}}]}", x->line ? x->line : 1,
            x->col ? x->col : 1);
}

void ptx_report_sarif_results(FILE *out, const ptx_module *m, bool *first)
{
    for (uint32_t i = 0; i < m->nfindings; i++)
        sarif_result(out, m, &m->findings[i], first);
    for (const ptx_function *f = m->funcs; f; f = f->next)
        for (uint32_t i = 0; i < f->nfindings; i++)
            sarif_result(out, m, &f->findings[i], first);
}
