/* SPIR-V: GLSL compiled in process by glslang, validated and disassembled by SPIRV-Tools. */
#include "gen.h"

#include <glslang/Include/glslang_c_interface.h>
#include <glslang/Public/resource_limits_c.h>
#include <spirv-tools/libspirv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gen_spirv_init(void)
{
    if (!glslang_initialize_process())
        gen_die("glslang failed to initialize");
}

void gen_spirv_finish(void)
{
    glslang_finalize_process();
}

static void validate(const char *name, const uint32_t *words, size_t nwords, char **disassembly)
{
    spv_context ctx = spvContextCreate(SPV_ENV_VULKAN_1_0);
    spv_const_binary_t binary = { words, nwords };
    spv_diagnostic diag = NULL;
    if (spvValidate(ctx, &binary, &diag) != SPV_SUCCESS)
        gen_die("generated/%s: SPIR-V validation failed: %s", name, diag ? diag->error : "(no message)");
    spv_text text = NULL;
    if (spvBinaryToText(ctx, words, nwords, SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES | SPV_BINARY_TO_TEXT_OPTION_INDENT,
                        &text, &diag) != SPV_SUCCESS)
        gen_die("generated/%s: SPIR-V disassembly failed: %s", name, diag ? diag->error : "(no message)");
    *disassembly = gen_strdup(text->str);
    spvTextDestroy(text);
    spvDiagnosticDestroy(diag);
    spvContextDestroy(ctx);
}

/* Decorates every GLSL.std.450 Fma result NoContraction. glslang carries `precise` onto
 * arithmetic instructions only, and a driver is otherwise free to split an extended-instruction
 * fma into a multiply and an add, or to reassociate it with its neighbours. */
static uint32_t *mark_fma_exact(uint32_t *words, size_t *nwords)
{
    enum { HEADER = 5, OP_EXT_INST_IMPORT = 11, OP_EXT_INST = 12, OP_DECORATE = 71, OP_MEMBER_DECORATE = 72 };
    enum { GLSL_STD_450_FMA = 50, DECORATION_NO_CONTRACTION = 42 };
    uint32_t glsl_set = 0, *fmas = gen_xmalloc(*nwords * sizeof *fmas);
    size_t nfma = 0, insert_at = HEADER;
    for (size_t i = HEADER; i < *nwords; i += words[i] >> 16) {
        uint32_t op = words[i] & 0xFFFFu, len = words[i] >> 16;
        if (len == 0 || i + len > *nwords)
            gen_die("glslang produced malformed SPIR-V (word %zu)", i);
        if (op == OP_EXT_INST_IMPORT && len >= 3 && strcmp((const char *)&words[i + 2], "GLSL.std.450") == 0)
            glsl_set = words[i + 1];
        else if (op == OP_DECORATE || op == OP_MEMBER_DECORATE)
            insert_at = i + len;
        else if (op == OP_EXT_INST && len >= 5 && words[i + 3] == glsl_set && words[i + 4] == GLSL_STD_450_FMA)
            fmas[nfma++] = words[i + 2];
    }
    uint32_t *out = gen_xmalloc((*nwords + 3 * nfma) * sizeof *out);
    memcpy(out, words, insert_at * sizeof *out);
    for (size_t k = 0; k < nfma; k++) {
        out[insert_at + 3 * k] = 3u << 16 | OP_DECORATE;
        out[insert_at + 3 * k + 1] = fmas[k];
        out[insert_at + 3 * k + 2] = DECORATION_NO_CONTRACTION;
    }
    memcpy(out + insert_at + 3 * nfma, words + insert_at, (*nwords - insert_at) * sizeof *out);
    *nwords += 3 * nfma;
    free(fmas);
    free(words);
    return out;
}

uint32_t *gen_spirv_compile(const char *name, const char *glsl, size_t *nwords, char **disassembly)
{
    const glslang_input_t input = {
        .language = GLSLANG_SOURCE_GLSL,
        .stage = GLSLANG_STAGE_COMPUTE,
        .client = GLSLANG_CLIENT_VULKAN,
        .client_version = GLSLANG_TARGET_VULKAN_1_0,
        .target_language = GLSLANG_TARGET_SPV,
        .target_language_version = GLSLANG_TARGET_SPV_1_0,
        .code = glsl,
        .default_version = 450,
        .default_profile = GLSLANG_NO_PROFILE,
        .messages = GLSLANG_MSG_SPV_RULES_BIT | GLSLANG_MSG_VULKAN_RULES_BIT,
        .resource = glslang_default_resource(),
    };
    gen_keep_copy("TNGEN_KEEP_GLSL", glsl);
    glslang_shader_t *shader = glslang_shader_create(&input);
    if (!glslang_shader_preprocess(shader, &input) || !glslang_shader_parse(shader, &input))
        gen_die("generated/%s does not compile (glslang):\n%s", name, glslang_shader_get_info_log(shader));
    glslang_program_t *program = glslang_program_create();
    glslang_program_add_shader(program, shader);
    if (!glslang_program_link(program, input.messages))
        gen_die("generated/%s does not link (glslang):\n%s", name, glslang_program_get_info_log(program));
    glslang_program_SPIRV_generate(program, GLSLANG_STAGE_COMPUTE);
    const char *messages = glslang_program_SPIRV_get_messages(program);
    if (messages && *messages)
        gen_die("generated/%s: glslang: %s", name, messages);
    *nwords = glslang_program_SPIRV_get_size(program);
    uint32_t *words = gen_xmalloc(*nwords * sizeof *words);
    memcpy(words, glslang_program_SPIRV_get_ptr(program), *nwords * sizeof *words);
    glslang_program_delete(program);
    glslang_shader_delete(shader);
    words = mark_fma_exact(words, nwords);
    validate(name, words, *nwords, disassembly);
    return words;
}
