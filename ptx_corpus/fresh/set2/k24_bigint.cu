#include <cstdint>
#define LIMBS 8
extern "C" __global__ void bigint256_mul_full(const uint32_t* __restrict__ A, const uint32_t* __restrict__ B,
    uint32_t* __restrict__ C, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint32_t a[LIMBS], b[LIMBS], r[2 * LIMBS];
#pragma unroll
    for (int k = 0; k < LIMBS; ++k) { a[k] = A[i * LIMBS + k]; b[k] = B[i * LIMBS + k]; }
#pragma unroll
    for (int k = 0; k < 2 * LIMBS; ++k) r[k] = 0;
#pragma unroll
    for (int x = 0; x < LIMBS; ++x) {
        uint64_t carry = 0;
#pragma unroll
        for (int y = 0; y < LIMBS; ++y) {
            uint64_t t = (uint64_t)a[x] * b[y] + r[x + y] + carry;
            r[x + y] = (uint32_t)t;
            carry = t >> 32;
        }
        r[x + LIMBS] = (uint32_t)carry;
    }
#pragma unroll
    for (int k = 0; k < 2 * LIMBS; ++k) C[i * 2 * LIMBS + k] = r[k];
}

__device__ __forceinline__ uint64_t addc(uint64_t a, uint64_t b, uint32_t& c)
{
    unsigned __int128 s = (unsigned __int128)a + b + c;
    c = (uint32_t)(s >> 64);
    return (uint64_t)s;
}

extern "C" __global__ void bigint_add_sub_512(const ulonglong2* __restrict__ A, const ulonglong2* __restrict__ B,
    ulonglong2* __restrict__ S, ulonglong2* __restrict__ D, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint64_t a[8], b[8];
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        ulonglong2 va = A[i * 4 + k], vb = B[i * 4 + k];
        a[2 * k] = va.x; a[2 * k + 1] = va.y; b[2 * k] = vb.x; b[2 * k + 1] = vb.y;
    }
    uint64_t s[8], d[8];
    uint32_t c = 0, bw = 0;
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        s[k] = addc(a[k], b[k], c);
        uint64_t t = a[k] - b[k] - bw;
        bw = (a[k] < b[k]) || (a[k] - b[k] < bw);
        d[k] = t;
    }
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        S[i * 4 + k] = make_ulonglong2(s[2 * k], s[2 * k + 1]);
        D[i * 4 + k] = make_ulonglong2(d[2 * k], d[2 * k + 1]);
    }
}

// Montgomery multiplication mod a 256-bit prime, CIOS, 32-bit limbs, PTX carry chains
extern "C" __global__ void mont_mul_256(const uint32_t* __restrict__ X, const uint32_t* __restrict__ Y,
    const uint32_t* __restrict__ Pm, uint32_t pinv, uint32_t* __restrict__ Z, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint32_t x[8], y[8], p[8], t[10];
#pragma unroll
    for (int k = 0; k < 8; ++k) { x[k] = X[i * 8 + k]; y[k] = Y[i * 8 + k]; p[k] = __ldg(&Pm[k]); t[k] = 0; }
    t[8] = t[9] = 0;
#pragma unroll
    for (int j = 0; j < 8; ++j) {
        uint32_t c = 0;
#pragma unroll
        for (int k = 0; k < 8; ++k) {
            uint64_t v = (uint64_t)x[k] * y[j] + t[k] + c;
            t[k] = (uint32_t)v; c = (uint32_t)(v >> 32);
        }
        uint64_t v8 = (uint64_t)t[8] + c; t[8] = (uint32_t)v8; t[9] = (uint32_t)(v8 >> 32);
        uint32_t m = t[0] * pinv;
        uint64_t v0 = (uint64_t)m * p[0] + t[0];
        c = (uint32_t)(v0 >> 32);
#pragma unroll
        for (int k = 1; k < 8; ++k) {
            uint64_t v = (uint64_t)m * p[k] + t[k] + c;
            t[k - 1] = (uint32_t)v; c = (uint32_t)(v >> 32);
        }
        v8 = (uint64_t)t[8] + c;
        t[7] = (uint32_t)v8; t[8] = t[9] + (uint32_t)(v8 >> 32);
    }
    // conditional subtract
    uint32_t r[8], bw = 0;
    asm("sub.cc.u32 %0, %1, %2;" : "=r"(r[0]) : "r"(t[0]), "r"(p[0]));
#pragma unroll
    for (int k = 1; k < 8; ++k) asm("subc.cc.u32 %0, %1, %2;" : "=r"(r[k]) : "r"(t[k]), "r"(p[k]));
    asm("subc.u32 %0, %1, 0;" : "=r"(bw) : "r"(t[8]));
    bool keep = (bw != 0);
#pragma unroll
    for (int k = 0; k < 8; ++k) Z[i * 8 + k] = keep ? t[k] : r[k];
}
