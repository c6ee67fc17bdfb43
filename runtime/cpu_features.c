/* CPU feature detection: cpuid for what the CPU has, xgetbv (XCR0) for what the OS saves. */
#include "tn_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

static unsigned long long xgetbv0(void)
{
    unsigned eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return ((unsigned long long)edx << 32) | eax;
}

static unsigned detect_x86(void)
{
    unsigned a, b, c, d, bits = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    if (d & (1u << 26))
        bits |= TN_FEAT_SSE2;
    bool osxsave = c & (1u << 27);
    if (c & (1u << 28))
        bits |= TN_FEAT_AVX;
    if (c & (1u << 12))
        bits |= TN_FEAT_FMA;
    if (osxsave) {
        unsigned long long xcr0 = xgetbv0();
        if ((xcr0 & 0x6) == 0x6) /* SSE and AVX state */
            bits |= TN_FEAT_OS_YMM;
        if ((xcr0 & 0xe6) == 0xe6) /* plus opmask, ZMM_Hi256 and Hi16_ZMM state */
            bits |= TN_FEAT_OS_ZMM;
    }
    if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
        if (b & (1u << 5))
            bits |= TN_FEAT_AVX2;
        if (b & (1u << 16))
            bits |= TN_FEAT_AVX512F;
    }
    return bits;
}

static void read_model(char *out, size_t len)
{
    unsigned regs[12];
    if ((unsigned)__get_cpuid_max(0x80000000u, NULL) < 0x80000004u) { /* int in clang, unsigned in gcc */
        strncpy(out, "unknown x86 CPU", len - 1);
        return;
    }
    for (unsigned i = 0; i < 3; i++)
        __get_cpuid(0x80000002 + i, &regs[4 * i], &regs[4 * i + 1], &regs[4 * i + 2], &regs[4 * i + 3]);
    char model[49];
    memcpy(model, regs, 48);
    model[48] = '\0';
    const char *start = model;
    while (*start == ' ')
        start++;
    strncpy(out, start, len - 1);
}
#else
static unsigned detect_x86(void)
{
    return 0;
}

static void read_model(char *out, size_t len)
{
    strncpy(out, "non-x86 CPU", len - 1);
}
#endif

/* ORDER: bit positions of TN_FEAT_ (tn_internal.h) */
static const char *const feature_names[] = { "sse2", "avx", "avx2", "fma", "avx512f", "os_ymm", "os_zmm" };
enum { FEATURE_COUNT = sizeof feature_names / sizeof feature_names[0] };

const char *tn_cpu_feature_name(unsigned bit)
{
    for (int i = 0; i < FEATURE_COUNT; i++)
        if (bit == 1u << i)
            return feature_names[i];
    return "?";
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
static unsigned raw_bits, usable_bits;
static char model_name[64], feature_text[128];

/* TRUENO_CPU_DISABLE="avx512f,fma" hides features, to test dispatch fallbacks on one machine. */
static unsigned disabled_by_env(void)
{
    const char *env = getenv("TRUENO_CPU_DISABLE");
    unsigned bits = 0;
    for (int i = 0; env && i < FEATURE_COUNT; i++) {
        size_t n = strlen(feature_names[i]);
        for (const char *p = strstr(env, feature_names[i]); p; p = strstr(p + 1, feature_names[i]))
            if ((p == env || p[-1] == ',' || p[-1] == ' ') && (p[n] == '\0' || p[n] == ',' || p[n] == ' '))
                bits |= 1u << i;
    }
    return bits;
}

static void detect_once(void)
{
    raw_bits = detect_x86();
    usable_bits = raw_bits & ~disabled_by_env();
    read_model(model_name, sizeof model_name);
    for (int i = 0; i < FEATURE_COUNT; i++)
        if (usable_bits & (1u << i)) {
            if (feature_text[0])
                strcat(feature_text, " ");
            strcat(feature_text, feature_names[i]);
        }
}

unsigned tn_cpu_detect(void)
{
    pthread_once(&once, detect_once);
    return usable_bits;
}

unsigned tn_cpu_detect_raw(void)
{
    pthread_once(&once, detect_once);
    return raw_bits;
}

const char *tn_cpu_model(void)
{
    pthread_once(&once, detect_once);
    return model_name;
}

const char *tn_cpu_features(void)
{
    pthread_once(&once, detect_once);
    return feature_text;
}
