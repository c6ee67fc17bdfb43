/* Library peers timed in the same process: OpenBLAS (opened at run time, so that its start-up
 * sees the environment we set) and glibc's libmvec (its vector functions called directly, so
 * that the peer does not depend on which compiler built the harness). */
#define _GNU_SOURCE /* setenv, unsetenv */
#include "bench.h"

#include <dlfcn.h>
#include <immintrin.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* ---- OpenBLAS ---- */

static struct {
    float (*sdot)(int, const float *, int, const float *, int);
    void (*saxpy)(int, float, const float *, int, float *, int);
    void (*sscal)(int, float, float *, int);
    float (*snrm2)(int, const float *, int);
    char *(*corename)(void);
} blas;
static char blas_why[200];
static pthread_once_t blas_once = PTHREAD_ONCE_INIT;

static void blas_open(void)
{
    /* Let OpenBLAS detect the core itself (an inherited OPENBLAS_CORETYPE=Haswell halves its
     * AVX-512 kernels) and run on one thread, as our kernels do. */
    unsetenv("OPENBLAS_CORETYPE");
    unsetenv("OPENBLAS_L2_SIZE");
    setenv("OPENBLAS_NUM_THREADS", "1", 1);
    void *lib = dlopen("libopenblas.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!lib)
        lib = dlopen("libopenblas.so", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(blas_why, sizeof blas_why, "OpenBLAS not found (install libopenblas-dev)");
        return;
    }
    void **slots[] = {(void **)&blas.sdot, (void **)&blas.saxpy, (void **)&blas.sscal, (void **)&blas.snrm2,
                      (void **)&blas.corename};
    static const char *const names[] = {"cblas_sdot", "cblas_saxpy", "cblas_sscal", "cblas_snrm2",
                                        "openblas_get_corename"}; /* ORDER slots */
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!(*slots[i] = dlsym(lib, names[i]))) {
            snprintf(blas_why, sizeof blas_why, "OpenBLAS lacks %s", names[i]);
            return;
        }
}

static bool blas_ready(void)
{
    pthread_once(&blas_once, blas_open);
    return !blas_why[0];
}

const char *bench_openblas_core(void)
{
    return blas_ready() ? blas.corename() : blas_why;
}

static void blas_dot(const tn_call *a)
{
    *(float *)a->ptr[2] = blas.sdot((int)a->dim[0], a->ptr[0], 1, a->ptr[1], 1);
}

static void blas_axpy(const tn_call *a)
{
    blas.saxpy((int)a->dim[0], a->scalar[0], a->ptr[1], 1, a->ptr[2], 1);
}

/* sscal scales in place: y = -y keeps the values where they are, call after call. */
static void blas_scal(const tn_call *a)
{
    blas.sscal((int)a->dim[0], -1.0f, a->ptr[2], 1);
}

static void blas_nrm2(const tn_call *a)
{
    *(float *)a->ptr[1] = blas.snrm2((int)a->dim[0], a->ptr[0], 1);
}

/* ---- libmvec ---- */
#ifdef TN_HAVE_LIBMVEC

/* glibc's vector expf (x86_64 vector ABI names), declared for the ISA they need. */
__attribute__((target("avx512f"))) __m512 _ZGVeN16v_expf(__m512 x);
__attribute__((target("avx2"))) __m256 _ZGVdN8v_expf(__m256 x);

static bool has(unsigned features)
{
    return (tn_cpu_detect_raw() & features) == features;
}

/* sigmoid as anyone would write it over libmvec: 1 / (1 + expf(-x)). */
__attribute__((target("avx512f"))) static void mvec_map_avx512(const tn_call *a, bool sigmoid)
{
    const float *x = a->ptr[0];
    float *y = a->ptr[1];
    size_t i = 0;
    const __m512 one = _mm512_set1_ps(1.0f), zero = _mm512_setzero_ps();
    for (; i + 16 <= a->dim[0]; i += 16) {
        __m512 v = _mm512_loadu_ps(x + i);
        v = sigmoid ? _mm512_div_ps(one, _mm512_add_ps(one, _ZGVeN16v_expf(_mm512_sub_ps(zero, v))))
                    : _ZGVeN16v_expf(v);
        _mm512_storeu_ps(y + i, v);
    }
    for (; i < a->dim[0]; i++)
        y[i] = sigmoid ? 1.0f / (1.0f + expf(-x[i])) : expf(x[i]);
}

__attribute__((target("avx2"))) static void mvec_map_avx2(const tn_call *a, bool sigmoid)
{
    const float *x = a->ptr[0];
    float *y = a->ptr[1];
    size_t i = 0;
    const __m256 one = _mm256_set1_ps(1.0f), zero = _mm256_setzero_ps();
    for (; i + 8 <= a->dim[0]; i += 8) {
        __m256 v = _mm256_loadu_ps(x + i);
        v = sigmoid ? _mm256_div_ps(one, _mm256_add_ps(one, _ZGVdN8v_expf(_mm256_sub_ps(zero, v)))) : _ZGVdN8v_expf(v);
        _mm256_storeu_ps(y + i, v);
    }
    for (; i < a->dim[0]; i++)
        y[i] = sigmoid ? 1.0f / (1.0f + expf(-x[i])) : expf(x[i]);
}

static void mvec_map(const tn_call *a, bool sigmoid)
{
    if (has(TN_FEAT_AVX512F | TN_FEAT_OS_ZMM))
        mvec_map_avx512(a, sigmoid);
    else if (has(TN_FEAT_AVX2 | TN_FEAT_OS_YMM))
        mvec_map_avx2(a, sigmoid);
    else
        for (size_t i = 0; i < a->dim[0]; i++)
            ((float *)a->ptr[1])[i] = sigmoid ? 1.0f / (1.0f + expf(-((const float *)a->ptr[0])[i]))
                                              : expf(((const float *)a->ptr[0])[i]);
}

static void mvec_exp(const tn_call *a)
{
    mvec_map(a, false);
}

static void mvec_sigmoid(const tn_call *a)
{
    mvec_map(a, true);
}

#endif

/* ---- which op has which peer ---- */

#ifdef TN_HAVE_LIBMVEC
static bool always(void)
{
    return true;
}
#endif

static const struct {
    const char *op, *peer;
    void (*fn)(const tn_call *);
    bool (*ready)(void);
} library_peers[] = {
    {"axpy", "openblas", blas_axpy, blas_ready},    {"dot", "openblas", blas_dot, blas_ready},
    {"norm_l2", "openblas", blas_nrm2, blas_ready}, {"scale", "openblas", blas_scal, blas_ready},
    {"softmax", "onednn", bench_onednn_softmax, bench_onednn_ready},
    {"layernorm", "onednn", bench_onednn_layernorm, bench_onednn_ready},
#ifdef TN_HAVE_LIBMVEC
    {"exp", "libmvec", mvec_exp, always},           {"sigmoid", "libmvec", mvec_sigmoid, always},
#endif
};

int bench_library_peers(const char *op, bench_peer *peers, int max)
{
    int n = 0;
    for (size_t i = 0; i < sizeof library_peers / sizeof library_peers[0] && n < max; i++)
        if (strcmp(library_peers[i].op, op) == 0 && library_peers[i].ready())
            peers[n++] = (bench_peer){library_peers[i].peer, library_peers[i].fn};
    return n;
}
