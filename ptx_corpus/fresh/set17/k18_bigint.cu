// Domain: big-integer and modular arithmetic (multi-limb multiply, Montgomery CIOS, modexp, extended GCD)
#include <stdint.h>

// 256 x 256 -> 512-bit schoolbook product, 8 x 32-bit limbs, 64-bit partial products
extern "C" __global__ void bigint256_mul(const uint32_t* __restrict__ A, const uint32_t* __restrict__ B,
                                         uint32_t* __restrict__ C, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    uint32_t a[8], b[8], r[16];
#pragma unroll
    for (int i = 0; i < 8; ++i) { a[i] = A[t * 8 + i]; b[i] = B[t * 8 + i]; r[i] = 0; r[i + 8] = 0; }
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        uint64_t carry = 0;
#pragma unroll
        for (int j = 0; j < 8; ++j) {
            uint64_t p = (uint64_t)a[i] * b[j] + r[i + j] + carry;
            r[i + j] = (uint32_t)p;
            carry = p >> 32;
        }
        r[i + 8] = (uint32_t)carry;
    }
#pragma unroll
    for (int i = 0; i < 16; ++i) C[t * 16 + i] = r[i];
}

// 1024-bit Montgomery multiplication (CIOS), 32 limbs, fully unrolled, a, b, n and t in registers
#define NL 32
__device__ __forceinline__ void mont_mul_cios(uint32_t* t, const uint32_t* a, const uint32_t* b,
                                              const uint32_t* n, uint32_t n0inv)
{
    uint32_t tt[NL + 2];
#pragma unroll
    for (int i = 0; i < NL + 2; ++i) tt[i] = 0;
#pragma unroll
    for (int i = 0; i < NL; ++i) {
        uint64_t c = 0;
#pragma unroll
        for (int j = 0; j < NL; ++j) {
            uint64_t p = (uint64_t)a[j] * b[i] + tt[j] + c;
            tt[j] = (uint32_t)p; c = p >> 32;
        }
        uint64_t s = (uint64_t)tt[NL] + c;
        tt[NL] = (uint32_t)s; tt[NL + 1] = (uint32_t)(s >> 32);
        uint32_t m = tt[0] * n0inv;
        c = ((uint64_t)m * n[0] + tt[0]) >> 32;
#pragma unroll
        for (int j = 1; j < NL; ++j) {
            uint64_t p = (uint64_t)m * n[j] + tt[j] + c;
            tt[j - 1] = (uint32_t)p; c = p >> 32;
        }
        s = (uint64_t)tt[NL] + c;
        tt[NL - 1] = (uint32_t)s;
        tt[NL] = tt[NL + 1] + (uint32_t)(s >> 32);
    }
    // conditional final subtraction
    uint32_t sub[NL];
    int64_t br = 0;
#pragma unroll
    for (int j = 0; j < NL; ++j) {
        int64_t d = (int64_t)tt[j] - n[j] + br;
        sub[j] = (uint32_t)d; br = d >> 32;
    }
    bool useSub = tt[NL] != 0 || br == 0;
#pragma unroll
    for (int j = 0; j < NL; ++j) t[j] = useSub ? sub[j] : tt[j];
}

extern "C" __global__ void __launch_bounds__(128)
mont_mul1024_unrolled(const uint32_t* __restrict__ A, const uint32_t* __restrict__ B,
                      const uint32_t* __restrict__ N, uint32_t n0inv, uint32_t* __restrict__ R, int cnt)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= cnt) return;
    uint32_t a[NL], b[NL], n[NL], r[NL];
#pragma unroll
    for (int i = 0; i < NL; ++i) { a[i] = A[t * NL + i]; b[i] = B[t * NL + i]; n[i] = N[i]; }
    mont_mul_cios(r, a, b, n, n0inv);
    mont_mul_cios(a, r, r, n, n0inv);      // also square once
#pragma unroll
    for (int i = 0; i < NL; ++i) R[t * NL + i] = a[i];
}

// Same Montgomery product but __launch_bounds__(256,4) caps it at 64 registers -> heavy spilling
extern "C" __global__ void __launch_bounds__(256, 4)
mont_mul1024_capped(const uint32_t* __restrict__ A, const uint32_t* __restrict__ B,
                    const uint32_t* __restrict__ N, uint32_t n0inv, uint32_t* __restrict__ R, int cnt)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= cnt) return;
    uint32_t a[NL], b[NL], n[NL], r[NL];
#pragma unroll
    for (int i = 0; i < NL; ++i) { a[i] = A[t * NL + i]; b[i] = B[t * NL + i]; n[i] = N[i]; }
    mont_mul_cios(r, a, b, n, n0inv);
#pragma unroll
    for (int i = 0; i < NL; ++i) R[t * NL + i] = r[i];
}

// 512-bit modular exponentiation (left-to-right binary) with __noinline__ helpers taking limb
// arrays by pointer: arrays live in the caller's stack frame
#define ML 16
__device__ __noinline__ void mont_mul512(uint32_t* out, const uint32_t* a, const uint32_t* b,
                                         const uint32_t* n, uint32_t n0inv)
{
    uint32_t tt[ML + 2];
    for (int i = 0; i < ML + 2; ++i) tt[i] = 0;
    for (int i = 0; i < ML; ++i) {
        uint64_t c = 0;
        for (int j = 0; j < ML; ++j) {
            uint64_t p = (uint64_t)a[j] * b[i] + tt[j] + c;
            tt[j] = (uint32_t)p; c = p >> 32;
        }
        uint64_t s = (uint64_t)tt[ML] + c;
        tt[ML] = (uint32_t)s; tt[ML + 1] = (uint32_t)(s >> 32);
        uint32_t m = tt[0] * n0inv;
        c = ((uint64_t)m * n[0] + tt[0]) >> 32;
        for (int j = 1; j < ML; ++j) {
            uint64_t p = (uint64_t)m * n[j] + tt[j] + c;
            tt[j - 1] = (uint32_t)p; c = p >> 32;
        }
        s = (uint64_t)tt[ML] + c;
        tt[ML - 1] = (uint32_t)s;
        tt[ML] = tt[ML + 1] + (uint32_t)(s >> 32);
    }
    int64_t br = 0;
    uint32_t sub[ML];
    for (int j = 0; j < ML; ++j) { int64_t d = (int64_t)tt[j] - n[j] + br; sub[j] = (uint32_t)d; br = d >> 32; }
    bool useSub = tt[ML] != 0 || br == 0;
    for (int j = 0; j < ML; ++j) out[j] = useSub ? sub[j] : tt[j];
}
__device__ __noinline__ void copy_limbs(uint32_t* d, const uint32_t* s)
{
    for (int i = 0; i < ML; ++i) d[i] = s[i];
}
extern "C" __global__ void modexp512_noinline(const uint32_t* __restrict__ base, const uint32_t* __restrict__ exps,
                                              const uint32_t* __restrict__ mod, const uint32_t* __restrict__ oneMont,
                                              uint32_t n0inv, uint32_t* __restrict__ out, int cnt)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= cnt) return;
    uint32_t n[ML], x[ML], acc[ML], tmp[ML];
    for (int i = 0; i < ML; ++i) { n[i] = mod[i]; x[i] = base[t * ML + i]; acc[i] = oneMont[i]; }
    for (int w = ML - 1; w >= 0; --w) {
        uint32_t e = exps[t * ML + w];
        for (int bit = 31; bit >= 0; --bit) {
            mont_mul512(tmp, acc, acc, n, n0inv);
            if ((e >> bit) & 1) mont_mul512(acc, tmp, x, n, n0inv);
            else copy_limbs(acc, tmp);
        }
    }
    for (int i = 0; i < ML; ++i) out[t * ML + i] = acc[i];
}

// Recursive extended Euclid on 64-bit integers -> modular inverse (device recursion needs a stack)
__device__ long long egcd_rec(long long a, long long b, long long* x, long long* y)
{
    if (b == 0) { *x = 1; *y = 0; return a; }
    long long x1, y1;
    long long g = egcd_rec(b, a % b, &x1, &y1);
    *x = y1;
    *y = x1 - (a / b) * y1;
    return g;
}
extern "C" __global__ void modinv64_recursive(const long long* __restrict__ vals, long long mod,
                                              long long* __restrict__ inv, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long x, y;
    long long g = egcd_rec(vals[i] % mod, mod, &x, &y);
    inv[i] = (g == 1) ? ((x % mod) + mod) % mod : -1;
}

// Warp-cooperative 2048-bit addition with 64-bit limbs: carry resolution by ballot (carry-lookahead)
extern "C" __global__ void bigadd2048_warp(const unsigned long long* __restrict__ A, const unsigned long long* __restrict__ B,
                                           unsigned long long* __restrict__ C, unsigned* __restrict__ carryOut, int n)
{
    int w = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (w >= n) return;
    unsigned long long a = A[w * 32 + lane], b = B[w * 32 + lane];
    unsigned long long s = a + b;
    unsigned gen = __ballot_sync(0xffffffffu, s < a);
    unsigned prop = __ballot_sync(0xffffffffu, s == ~0ull);
    // gen and prop are disjoint; carry into bit k of T = (gen|prop) + gen is exactly the ripple
    // carry into lane k, so carries = T ^ (gen|prop) ^ gen = T ^ prop (64-bit to keep carry-out)
    unsigned long long T = (unsigned long long)(gen | prop) + gen;
    unsigned long long carries = T ^ prop;
    unsigned cin = (unsigned)(carries >> lane) & 1u;
    C[w * 32 + lane] = s + cin;
    if (lane == 0) carryOut[w] = (unsigned)(T >> 32) & 1u;
}
