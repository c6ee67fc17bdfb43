// Multi-limb Montgomery arithmetic for RSA-style modular exponentiation
// (256-bit with 8 limbs, 384-bit with 12 limbs, 512-bit with 16 limbs), CIOS method.
#include <stdint.h>

template <int N>
__device__ __forceinline__ void mont_mul_cios(uint32_t* __restrict__ r, const uint32_t* __restrict__ a,
                                              const uint32_t* __restrict__ b, const uint32_t* __restrict__ n,
                                              uint32_t n0inv)
{
    uint32_t t[N + 2];
#pragma unroll
    for (int i = 0; i < N + 2; ++i) t[i] = 0;
#pragma unroll
    for (int i = 0; i < N; ++i) {
        uint64_t carry = 0;
#pragma unroll
        for (int j = 0; j < N; ++j) {
            uint64_t s = (uint64_t)a[j] * b[i] + t[j] + carry;
            t[j] = (uint32_t)s;
            carry = s >> 32;
        }
        uint64_t s = (uint64_t)t[N] + carry;
        t[N] = (uint32_t)s;
        t[N + 1] = (uint32_t)(s >> 32);
        uint32_t m = t[0] * n0inv;
        s = (uint64_t)m * n[0] + t[0];
        carry = s >> 32;
#pragma unroll
        for (int j = 1; j < N; ++j) {
            s = (uint64_t)m * n[j] + t[j] + carry;
            t[j - 1] = (uint32_t)s;
            carry = s >> 32;
        }
        s = (uint64_t)t[N] + carry;
        t[N - 1] = (uint32_t)s;
        t[N] = t[N + 1] + (uint32_t)(s >> 32);
    }
    // conditional subtraction
    uint32_t d[N];
    int64_t borrow = 0;
#pragma unroll
    for (int j = 0; j < N; ++j) {
        int64_t v = (int64_t)t[j] - n[j] + borrow;
        d[j] = (uint32_t)v;
        borrow = v >> 32;
    }
    bool use_d = (t[N] != 0) || (borrow == 0);
#pragma unroll
    for (int j = 0; j < N; ++j) r[j] = use_d ? d[j] : t[j];
}

// Batch of independent 384-bit Montgomery products (12 limbs, e.g. P-384 / BLS12-381 base field).
extern "C" __global__ void mont_mul_384_batch(const uint32_t* __restrict__ A, const uint32_t* __restrict__ B,
                                              const uint32_t* __restrict__ mod, uint32_t n0inv, int count,
                                              uint32_t* __restrict__ R)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) return;
    uint32_t a[12], b[12], n[12], r[12];
#pragma unroll
    for (int k = 0; k < 12; ++k) { a[k] = A[i * 12 + k]; b[k] = B[i * 12 + k]; n[k] = __ldg(&mod[k]); }
    mont_mul_cios<12>(r, a, b, n, n0inv);
#pragma unroll
    for (int k = 0; k < 12; ++k) R[i * 12 + k] = r[k];
}

// 512-bit Montgomery product with capped registers: forces spilling of the 18-word accumulator.
extern "C" __global__ void __launch_bounds__(256, 6)
mont_mul_512_batch_capped(const uint32_t* __restrict__ A, const uint32_t* __restrict__ B,
                          const uint32_t* __restrict__ mod, uint32_t n0inv, int count, uint32_t* __restrict__ R)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) return;
    uint32_t a[16], b[16], n[16], r[16];
#pragma unroll
    for (int k = 0; k < 16; ++k) { a[k] = A[i * 16 + k]; b[k] = B[i * 16 + k]; n[k] = __ldg(&mod[k]); }
    mont_mul_cios<16>(r, a, b, n, n0inv);
#pragma unroll
    for (int k = 0; k < 16; ++k) R[i * 16 + k] = r[k];
}

// 256-bit modular exponentiation with a 4-bit fixed window; the window table (16 x 8 limbs)
// is indexed by exponent nibbles at run time, so it stays in local memory.
extern "C" __global__ void mont_modexp_256_window4(const uint32_t* __restrict__ base_mont, const uint32_t* __restrict__ exps,
                                                   const uint32_t* __restrict__ mod, const uint32_t* __restrict__ one_mont,
                                                   uint32_t n0inv, int count, uint32_t* __restrict__ out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) return;
    uint32_t n[8];
#pragma unroll
    for (int k = 0; k < 8; ++k) n[k] = __ldg(&mod[k]);
    uint32_t table[16][8];
#pragma unroll
    for (int k = 0; k < 8; ++k) { table[0][k] = one_mont[k]; table[1][k] = base_mont[i * 8 + k]; }
    for (int w = 2; w < 16; ++w) {
        uint32_t tmp[8], prev[8], g[8];
        for (int k = 0; k < 8; ++k) { prev[k] = table[w - 1][k]; g[k] = table[1][k]; }
        mont_mul_cios<8>(tmp, prev, g, n, n0inv);
        for (int k = 0; k < 8; ++k) table[w][k] = tmp[k];
    }
    uint32_t acc[8];
#pragma unroll
    for (int k = 0; k < 8; ++k) acc[k] = one_mont[k];
    for (int word = 7; word >= 0; --word) {
        uint32_t e = exps[i * 8 + word];
        for (int nib = 7; nib >= 0; --nib) {
#pragma unroll 1
            for (int s = 0; s < 4; ++s) {
                uint32_t tmp[8];
                mont_mul_cios<8>(tmp, acc, acc, n, n0inv);
#pragma unroll
                for (int k = 0; k < 8; ++k) acc[k] = tmp[k];
            }
            int d = (e >> (4 * nib)) & 15;
            uint32_t g[8], tmp[8];
#pragma unroll
            for (int k = 0; k < 8; ++k) g[k] = table[d][k];
            mont_mul_cios<8>(tmp, acc, g, n, n0inv);
#pragma unroll
            for (int k = 0; k < 8; ++k) acc[k] = tmp[k];
        }
    }
#pragma unroll
    for (int k = 0; k < 8; ++k) out[i * 8 + k] = acc[k];
}
