// Multi-precision integer arithmetic: 256-bit Montgomery multiplication with
// PTX carry chains, secp256k1 Jacobian point doubling built on a
// non-inlined field multiply, and 1024-bit modular exponentiation.
#include <cuda_runtime.h>
#include <stdint.h>

#define L8 8

__device__ __forceinline__ uint32_t addc(uint32_t a, uint32_t b, uint32_t& carry)
{
    uint64_t s = (uint64_t)a + b + carry;
    carry = (uint32_t)(s >> 32);
    return (uint32_t)s;
}

// CIOS Montgomery product for 8x32-bit limbs, inputs < p.
__device__ __forceinline__ void mont_mul8(uint32_t r[L8], const uint32_t a[L8], const uint32_t b[L8],
                                          const uint32_t p[L8], uint32_t pinv)
{
    uint32_t t[L8 + 2];
#pragma unroll
    for (int i = 0; i < L8 + 2; ++i) t[i] = 0;
#pragma unroll
    for (int i = 0; i < L8; ++i) {
        uint32_t c = 0;
#pragma unroll
        for (int j = 0; j < L8; ++j) {
            uint64_t s = (uint64_t)a[j] * b[i] + t[j] + c;
            t[j] = (uint32_t)s; c = (uint32_t)(s >> 32);
        }
        uint64_t s = (uint64_t)t[L8] + c;
        t[L8] = (uint32_t)s; t[L8 + 1] = (uint32_t)(s >> 32);
        uint32_t m = t[0] * pinv;
        uint64_t u = (uint64_t)m * p[0] + t[0];
        c = (uint32_t)(u >> 32);
#pragma unroll
        for (int j = 1; j < L8; ++j) {
            u = (uint64_t)m * p[j] + t[j] + c;
            t[j - 1] = (uint32_t)u; c = (uint32_t)(u >> 32);
        }
        u = (uint64_t)t[L8] + c;
        t[L8 - 1] = (uint32_t)u;
        t[L8] = t[L8 + 1] + (uint32_t)(u >> 32);
    }
    // conditional subtract
    uint32_t d[L8], br = 0;
#pragma unroll
    for (int j = 0; j < L8; ++j) {
        uint64_t s = (uint64_t)t[j] - p[j] - br;
        d[j] = (uint32_t)s; br = (uint32_t)(s >> 63);
    }
    bool use_d = (t[L8] != 0) || (br == 0);
#pragma unroll
    for (int j = 0; j < L8; ++j) r[j] = use_d ? d[j] : t[j];
}

extern "C" __global__ void mont_mul256_batch(const uint4* __restrict__ A, const uint4* __restrict__ B,
                                             const uint32_t* __restrict__ P, uint32_t pinv,
                                             uint4* __restrict__ R, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint32_t a[L8], b[L8], p[L8], r[L8];
    uint4 a0 = A[2 * i], a1 = A[2 * i + 1], b0 = B[2 * i], b1 = B[2 * i + 1];
    a[0] = a0.x; a[1] = a0.y; a[2] = a0.z; a[3] = a0.w; a[4] = a1.x; a[5] = a1.y; a[6] = a1.z; a[7] = a1.w;
    b[0] = b0.x; b[1] = b0.y; b[2] = b0.z; b[3] = b0.w; b[4] = b1.x; b[5] = b1.y; b[6] = b1.z; b[7] = b1.w;
#pragma unroll
    for (int j = 0; j < L8; ++j) p[j] = P[j];
    mont_mul8(r, a, b, p, pinv);
    R[2 * i] = make_uint4(r[0], r[1], r[2], r[3]);
    R[2 * i + 1] = make_uint4(r[4], r[5], r[6], r[7]);
}

// ---- secp256k1 field arithmetic: p = 2^256 - 2^32 - 977 ----
struct Fe { uint32_t v[8]; };

__device__ __noinline__ Fe fe_mul(const Fe a, const Fe b)
{
    uint32_t w[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) w[i] = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        uint32_t c = 0;
#pragma unroll
        for (int j = 0; j < 8; ++j) {
            uint64_t s = (uint64_t)a.v[j] * b.v[i] + w[i + j] + c;
            w[i + j] = (uint32_t)s; c = (uint32_t)(s >> 32);
        }
        w[i + 8] = c;
    }
    // fold high half: hi * 2^256 == hi * (2^32 + 977)
    uint32_t r[9]; uint32_t c = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        uint64_t s = (uint64_t)w[8 + i] * 977u + w[i] + c;
        r[i] = (uint32_t)s; c = (uint32_t)(s >> 32);
    }
    r[8] = c; c = 0;
#pragma unroll
    for (int i = 1; i < 9; ++i) {
        uint64_t s = (uint64_t)r[i] + w[7 + i] + c;
        r[i] = (uint32_t)s; c = (uint32_t)(s >> 32);
    }
    // fold remaining top word
    uint64_t top = (uint64_t)r[8] + ((uint64_t)c << 32);
    Fe out; c = 0;
    uint64_t s = (uint64_t)r[0] + top * 977u;
    out.v[0] = (uint32_t)s; uint64_t cc = s >> 32;
    s = (uint64_t)r[1] + top + cc; out.v[1] = (uint32_t)s; cc = s >> 32;
#pragma unroll
    for (int i = 2; i < 8; ++i) { s = (uint64_t)r[i] + cc; out.v[i] = (uint32_t)s; cc = s >> 32; }
    return out;
}

__device__ __noinline__ Fe fe_add(const Fe a, const Fe b)
{
    Fe r; uint32_t c = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) r.v[i] = addc(a.v[i], b.v[i], c);
    // reduce once: if carry, add 2^32+977
    uint32_t k = c ? 977u : 0u, k1 = c ? 1u : 0u; c = 0;
    r.v[0] = addc(r.v[0], k, c);
    r.v[1] = addc(r.v[1], k1, c);
#pragma unroll
    for (int i = 2; i < 8; ++i) r.v[i] = addc(r.v[i], 0, c);
    return r;
}

__device__ __noinline__ Fe fe_sub(const Fe a, const Fe b)
{
    Fe r; uint32_t br = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        uint64_t s = (uint64_t)a.v[i] - b.v[i] - br;
        r.v[i] = (uint32_t)s; br = (uint32_t)(s >> 63);
    }
    if (br) {  // add p back
        const uint32_t P[8] = {0xFFFFFC2Fu, 0xFFFFFFFEu, 0xFFFFFFFFu, 0xFFFFFFFFu,
                               0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu};
        uint32_t c = 0;
#pragma unroll
        for (int i = 0; i < 8; ++i) r.v[i] = addc(r.v[i], P[i], c);
    }
    return r;
}

// Repeated doubling of Jacobian points (X, Y, Z) for a = 0 curves.
extern "C" __global__ void secp256k1_double_n(Fe* __restrict__ X, Fe* __restrict__ Y, Fe* __restrict__ Z,
                                              int npts, int ndbl)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= npts) return;
    Fe x = X[i], y = Y[i], z = Z[i];
    for (int k = 0; k < ndbl; ++k) {
        Fe yy = fe_mul(y, y);
        Fe s = fe_mul(x, yy);
        s = fe_add(s, s); s = fe_add(s, s);               // S = 4XY^2
        Fe m = fe_mul(x, x);
        m = fe_add(fe_add(m, m), m);                      // M = 3X^2
        Fe x3 = fe_sub(fe_mul(m, m), fe_add(s, s));
        Fe y4 = fe_mul(yy, yy);
        y4 = fe_add(y4, y4); y4 = fe_add(y4, y4); y4 = fe_add(y4, y4);
        Fe y3 = fe_sub(fe_mul(m, fe_sub(s, x3)), y4);
        Fe z3 = fe_mul(y, z); z3 = fe_add(z3, z3);
        x = x3; y = y3; z = z3;
    }
    X[i] = x; Y[i] = y; Z[i] = z;
}

// 1024-bit modular exponentiation (left-to-right square and multiply) with
// Montgomery reduction; limb loops are not unrolled so operands sit in local memory.
#define LB 32
__device__ void mont_mul_big(uint32_t* r, const uint32_t* a, const uint32_t* b,
                             const uint32_t* p, uint32_t pinv)
{
    uint32_t t[LB + 2];
    for (int i = 0; i < LB + 2; ++i) t[i] = 0;
    for (int i = 0; i < LB; ++i) {
        uint32_t c = 0;
        uint32_t bi = b[i];
#pragma unroll 4
        for (int j = 0; j < LB; ++j) {
            uint64_t s = (uint64_t)a[j] * bi + t[j] + c;
            t[j] = (uint32_t)s; c = (uint32_t)(s >> 32);
        }
        uint64_t s = (uint64_t)t[LB] + c;
        t[LB] = (uint32_t)s; t[LB + 1] = (uint32_t)(s >> 32);
        uint32_t m = t[0] * pinv;
        uint64_t u = (uint64_t)m * p[0] + t[0];
        c = (uint32_t)(u >> 32);
#pragma unroll 4
        for (int j = 1; j < LB; ++j) {
            u = (uint64_t)m * p[j] + t[j] + c;
            t[j - 1] = (uint32_t)u; c = (uint32_t)(u >> 32);
        }
        u = (uint64_t)t[LB] + c;
        t[LB - 1] = (uint32_t)u;
        t[LB] = t[LB + 1] + (uint32_t)(u >> 32);
    }
    uint32_t br = 0;
    uint32_t d[LB];
    for (int j = 0; j < LB; ++j) {
        uint64_t s = (uint64_t)t[j] - p[j] - br;
        d[j] = (uint32_t)s; br = (uint32_t)(s >> 63);
    }
    bool use_d = (t[LB] != 0) || (br == 0);
    for (int j = 0; j < LB; ++j) r[j] = use_d ? d[j] : t[j];
}

extern "C" __global__ void modexp1024(const uint32_t* __restrict__ base_m, const uint32_t* __restrict__ exps,
                                      int exp_words, const uint32_t* __restrict__ modulus,
                                      const uint32_t* __restrict__ one_m, uint32_t pinv,
                                      uint32_t* __restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint32_t acc[LB], b[LB], p[LB], tmp[LB];
    for (int j = 0; j < LB; ++j) {
        acc[j] = one_m[j]; b[j] = base_m[(size_t)i * LB + j]; p[j] = modulus[j];
    }
    const uint32_t* e = exps + (size_t)i * exp_words;
    for (int w = exp_words - 1; w >= 0; --w) {
        uint32_t ew = e[w];
        for (int bit = 31; bit >= 0; --bit) {
            mont_mul_big(tmp, acc, acc, p, pinv);
            if ((ew >> bit) & 1) mont_mul_big(acc, tmp, b, p, pinv);
            else for (int j = 0; j < LB; ++j) acc[j] = tmp[j];
        }
    }
    for (int j = 0; j < LB; ++j) out[(size_t)i * LB + j] = acc[j];
}
