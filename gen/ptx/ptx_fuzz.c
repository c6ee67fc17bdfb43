/* libFuzzer target: lexer, parser and every analysis over arbitrary bytes (clang -fsanitize=fuzzer). */
#include "ptx.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    ptx_options opt = { .arch = "sm_80", .strict = true };
    ptx_module m;
    ptx_analyze_text(&m, "fuzz.ptx", text, size, &opt);
    int counts[3];
    ptx_count_findings(&m, counts);
    ptx_module_free(&m);
    free(text);
    return 0;
}
