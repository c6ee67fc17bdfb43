// Domain: public-key cryptography - multi-precision Montgomery arithmetic
// mont_mul_256_cios: 256-bit Montgomery multiplication (8 x 32-bit limbs, CIOS), fully unrolled in registers.
// mont_mul_var_local: Montgomery multiplication for runtime limb counts up to 32 (1024-bit), limb arrays indexed by loop counters.
// modexp_256_noinline: 256-bit modular exponentiation, square-and-multiply through a __noinline__ Montgomery multiply.
// mont_mul_384_cios_lb: 384-bit (12-limb) unrolled CIOS Montgomery multiplication under __launch_bounds__(256,8).
// bigint_add_sub_512: 512-bit a+b and a-b with carry/borrow chains in inline PTX, plus comparison flag.

#include <stdint.h>

__device__ __forceinline__ void mac32(uint32_t& lo, uint32_t& carry, uint32_t a, uint32_t b)
{
    uint64_t r = (uint64_t)a * b + lo + carry;
    lo = (uint32_t)r;
    carry = (uint32_t)(r >> 32);
}

template <int S>
__device__ __forceinline__ void mont_cios(uint32_t* r, const uint32_t* a, const uint32_t* b, const uint32_t* n, uint32_t n0inv)
{
    uint32_t t[S + 2];
#pragma unroll
    for (int j = 0; j < S + 2; j++) t[j] = 0;
#pragma unroll
    for (int i = 0; i < S; i++) {
        uint32_t C = 0;
#pragma unroll
        for (int j = 0; j < S; j++) mac32(t[j], C, a[j], b[i]);
        uint64_t s = (uint64_t)t[S] + C;
        t[S] = (uint32_t)s;
        t[S + 1] = (uint32_t)(s >> 32);
        uint32_t m = t[0] * n0inv;
        uint64_t u = (uint64_t)m * n[0] + t[0];
        C = (uint32_t)(u >> 32);
#pragma unroll
        for (int j = 1; j < S; j++) {
            uint64_t v = (uint64_t)m * n[j] + t[j] + C;
            t[j - 1] = (uint32_t)v;
            C = (uint32_t)(v >> 32);
        }
        s = (uint64_t)t[S] + C;
        t[S - 1] = (uint32_t)s;
        t[S] = t[S + 1] + (uint32_t)(s >> 32);
    }
    // conditional final subtraction
    uint32_t d[S];
    int64_t borrow = 0;
#pragma unroll
    for (int j = 0; j < S; j++) {
        int64_t v = (int64_t)t[j] - n[j] + borrow;
        d[j] = (uint32_t)v;
        borrow = v >> 32;
    }
    bool ge = (t[S] != 0) || (borrow == 0);
#pragma unroll
    for (int j = 0; j < S; j++) r[j] = ge ? d[j] : t[j];
}

extern "C" __global__ void mont_mul_256_cios(const uint32_t* __restrict__ A, const uint32_t* __restrict__ B,
                                             const uint32_t* __restrict__ N, uint32_t n0inv,
                                             uint32_t* __restrict__ R, int count)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= count) return;
    uint32_t a[8], b[8], n[8], r[8];
    const uint4* pa = reinterpret_cast<const uint4*>(A + (size_t)t * 8);
    const uint4* pb = reinterpret_cast<const uint4*>(B + (size_t)t * 8);
#pragma unroll
    for (int i = 0; i < 2; i++) {
        uint4 x = pa[i], y = pb[i];
        a[4 * i] = x.x; a[4 * i + 1] = x.y; a[4 * i + 2] = x.z; a[4 * i + 3] = x.w;
        b[4 * i] = y.x; b[4 * i + 1] = y.y; b[4 * i + 2] = y.z; b[4 * i + 3] = y.w;
    }
#pragma unroll
    for (int i = 0; i < 8; i++) n[i] = N[i];
    mont_cios<8>(r, a, b, n, n0inv);
    uint4* pr = reinterpret_cast<uint4*>(R + (size_t)t * 8);
    pr[0] = make_uint4(r[0], r[1], r[2], r[3]);
    pr[1] = make_uint4(r[4], r[5], r[6], r[7]);
}

extern "C" __global__ void mont_mul_var_local(const uint32_t* __restrict__ A, const uint32_t* __restrict__ B,
                                              const uint32_t* __restrict__ N, uint32_t n0inv, int s,
                                              uint32_t* __restrict__ R, int count)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= count || s > 32 || s < 1) return;
    uint32_t a[32], b[32], t[34];
    for (int j = 0; j < s; j++) { a[j] = A[(size_t)tid * s + j]; b[j] = B[(size_t)tid * s + j]; }
    for (int j = 0; j < s + 2; j++) t[j] = 0;
    for (int i = 0; i < s; i++) {
        uint32_t C = 0, bi = b[i];
        for (int j = 0; j < s; j++) {
            uint64_t v = (uint64_t)a[j] * bi + t[j] + C;
            t[j] = (uint32_t)v;
            C = (uint32_t)(v >> 32);
        }
        uint64_t sum = (uint64_t)t[s] + C;
        t[s] = (uint32_t)sum;
        t[s + 1] = (uint32_t)(sum >> 32);
        uint32_t m = t[0] * n0inv;
        uint64_t u = (uint64_t)m * __ldg(&N[0]) + t[0];
        C = (uint32_t)(u >> 32);
        for (int j = 1; j < s; j++) {
            uint64_t v = (uint64_t)m * __ldg(&N[j]) + t[j] + C;
            t[j - 1] = (uint32_t)v;
            C = (uint32_t)(v >> 32);
        }
        sum = (uint64_t)t[s] + C;
        t[s - 1] = (uint32_t)sum;
        t[s] = t[s + 1] + (uint32_t)(sum >> 32);
    }
    // compare t with N from the top limb
    bool ge = t[s] != 0;
    if (!ge) {
        ge = true;
        for (int j = s - 1; j >= 0; j--) {
            uint32_t nj = N[j];
            if (t[j] != nj) { ge = t[j] > nj; break; }
        }
    }
    int64_t borrow = 0;
    for (int j = 0; j < s; j++) {
        uint32_t out = t[j];
        if (ge) {
            int64_t v = (int64_t)t[j] - N[j] + borrow;
            out = (uint32_t)v;
            borrow = v >> 32;
        }
        R[(size_t)tid * s + j] = out;
    }
}

extern "C" __global__ void __launch_bounds__(256, 8)
mont_mul_384_cios_lb(const uint32_t* __restrict__ A, const uint32_t* __restrict__ B,
                     const uint32_t* __restrict__ N, uint32_t n0inv, uint32_t* __restrict__ R, int count)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= count) return;
    uint32_t a[12], b[12], n[12], r[12];
#pragma unroll
    for (int i = 0; i < 3; i++) {
        uint4 x = reinterpret_cast<const uint4*>(A + (size_t)t * 12)[i];
        uint4 y = reinterpret_cast<const uint4*>(B + (size_t)t * 12)[i];
        uint4 m = reinterpret_cast<const uint4*>(N)[i];
        a[4 * i] = x.x; a[4 * i + 1] = x.y; a[4 * i + 2] = x.z; a[4 * i + 3] = x.w;
        b[4 * i] = y.x; b[4 * i + 1] = y.y; b[4 * i + 2] = y.z; b[4 * i + 3] = y.w;
        n[4 * i] = m.x; n[4 * i + 1] = m.y; n[4 * i + 2] = m.z; n[4 * i + 3] = m.w;
    }
    mont_cios<12>(r, a, b, n, n0inv);
#pragma unroll
    for (int i = 0; i < 3; i++)
        reinterpret_cast<uint4*>(R + (size_t)t * 12)[i] = make_uint4(r[4 * i], r[4 * i + 1], r[4 * i + 2], r[4 * i + 3]);
}

__device__ __noinline__ void mont_mul_256_ni(uint32_t* r, const uint32_t* a, const uint32_t* b,
                                             const uint32_t* n, uint32_t n0inv)
{
    uint32_t tmp[8];
    mont_cios<8>(tmp, a, b, n, n0inv);
#pragma unroll
    for (int i = 0; i < 8; i++) r[i] = tmp[i];
}

extern "C" __global__ void modexp_256_noinline(const uint32_t* __restrict__ base_mont, const uint32_t* __restrict__ exps,
                                               const uint32_t* __restrict__ one_mont, const uint32_t* __restrict__ N,
                                               uint32_t n0inv, uint32_t* __restrict__ out, int count)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= count) return;
    uint32_t x[8], acc[8], n[8], e[8];
#pragma unroll
    for (int i = 0; i < 8; i++) {
        x[i] = base_mont[(size_t)t * 8 + i];
        acc[i] = one_mont[i];
        n[i] = N[i];
        e[i] = exps[(size_t)t * 8 + i];
    }
    // left-to-right binary exponentiation over 256 exponent bits
    for (int w = 7; w >= 0; w--) {
        uint32_t ew = e[w];
        for (int bit = 31; bit >= 0; bit--) {
            mont_mul_256_ni(acc, acc, acc, n, n0inv);
            if ((ew >> bit) & 1u) mont_mul_256_ni(acc, acc, x, n, n0inv);
        }
    }
#pragma unroll
    for (int i = 0; i < 8; i++) out[(size_t)t * 8 + i] = acc[i];
}

extern "C" __global__ void bigint_add_sub_512(const uint32_t* __restrict__ A, const uint32_t* __restrict__ B,
                                              uint32_t* __restrict__ S, uint32_t* __restrict__ D,
                                              int* __restrict__ a_lt_b, int count)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= count) return;
    const uint32_t* a = A + (size_t)t * 16;
    const uint32_t* b = B + (size_t)t * 16;
    uint32_t av[16], bv[16], s[16], d[16];
#pragma unroll
    for (int i = 0; i < 16; i++) { av[i] = a[i]; bv[i] = b[i]; }
    uint32_t cout, bout;
    asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(s[0]) : "r"(av[0]), "r"(bv[0]));
#pragma unroll
    for (int i = 1; i < 16; i++) asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(s[i]) : "r"(av[i]), "r"(bv[i]));
    asm volatile("addc.u32 %0, 0, 0;" : "=r"(cout));
    asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(d[0]) : "r"(av[0]), "r"(bv[0]));
#pragma unroll
    for (int i = 1; i < 16; i++) asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(d[i]) : "r"(av[i]), "r"(bv[i]));
    asm volatile("subc.u32 %0, 0, 0;" : "=r"(bout));
#pragma unroll
    for (int i = 0; i < 16; i++) { S[(size_t)t * 17 + i] = s[i]; D[(size_t)t * 16 + i] = d[i]; }
    S[(size_t)t * 17 + 16] = cout;
    a_lt_b[t] = bout != 0;
}
