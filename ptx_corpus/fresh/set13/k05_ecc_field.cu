// k05_ecc_field.cu
// Cryptography: 256-bit prime-field arithmetic (secp256k1 p = 2^256 - 2^32 - 977) with
// __noinline__ device functions, Jacobian point doubling/addition and scalar multiplication.
//  - fe_mul_batch:        batched field multiplications (noinline mul + reduce)
//  - ecc_point_double:    Jacobian doubling for a batch of points
//  - ecc_scalar_mul:      double-and-add scalar multiplication (many noinline calls)
//  - fe_inv_fermat:       field inversion via exponentiation a^(p-2)
#include <stdint.h>

struct fe { uint32_t v[8]; };

__device__ __noinline__ void fe_reduce512(fe& r, const uint32_t t[16])
{
    // p = 2^256 - 0x1000003D1 ; fold high half: hi * 0x1000003D1
    uint64_t c = 0;
    uint32_t m[9];
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        c += (uint64_t)t[8 + i] * 0x3D1u + t[i];
        m[i] = (uint32_t)c; c >>= 32;
    }
    m[8] = (uint32_t)c;
    // add hi << 32
    c = 0;
#pragma unroll
    for (int i = 1; i < 9; ++i) {
        c += (uint64_t)m[i] + t[8 + i - 1];
        m[i] = (uint32_t)c; c >>= 32;
    }
    uint64_t top = m[8] + c;
    // second fold
    c = (uint64_t)m[0] + top * 0x3D1u;
    r.v[0] = (uint32_t)c; c >>= 32;
    c += (uint64_t)m[1] + top;
    r.v[1] = (uint32_t)c; c >>= 32;
#pragma unroll
    for (int i = 2; i < 8; ++i) { c += m[i]; r.v[i] = (uint32_t)c; c >>= 32; }
}

__device__ __noinline__ void fe_mul(fe& r, const fe& a, const fe& b)
{
    uint32_t t[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) t[i] = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        uint64_t c = 0;
#pragma unroll
        for (int j = 0; j < 8; ++j) {
            c += (uint64_t)a.v[i] * b.v[j] + t[i + j];
            t[i + j] = (uint32_t)c; c >>= 32;
        }
        t[i + 8] = (uint32_t)c;
    }
    fe_reduce512(r, t);
}

__device__ __noinline__ void fe_add(fe& r, const fe& a, const fe& b)
{
    uint64_t c = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) { c += (uint64_t)a.v[i] + b.v[i]; r.v[i] = (uint32_t)c; c >>= 32; }
    if (c) {
        uint64_t d = (uint64_t)r.v[0] + 0x3D1u; r.v[0] = (uint32_t)d; d >>= 32;
        d += (uint64_t)r.v[1] + 1u; r.v[1] = (uint32_t)d; d >>= 32;
        for (int i = 2; i < 8 && d; ++i) { d += r.v[i]; r.v[i] = (uint32_t)d; d >>= 32; }
    }
}

__device__ __noinline__ void fe_sub(fe& r, const fe& a, const fe& b)
{
    int64_t c = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) { c += (int64_t)a.v[i] - b.v[i]; r.v[i] = (uint32_t)c; c >>= 32; }
    if (c) {
        int64_t d = (int64_t)r.v[0] - 0x3D1; r.v[0] = (uint32_t)d; d >>= 32;
        d += (int64_t)r.v[1] - 1; r.v[1] = (uint32_t)d; d >>= 32;
        for (int i = 2; i < 8; ++i) { d += r.v[i]; r.v[i] = (uint32_t)d; d >>= 32; }
    }
}

__device__ void load_fe(fe& r, const uint32_t* p) {
#pragma unroll
    for (int i = 0; i < 8; ++i) r.v[i] = p[i];
}
__device__ void store_fe(uint32_t* p, const fe& r) {
#pragma unroll
    for (int i = 0; i < 8; ++i) p[i] = r.v[i];
}

__device__ void point_double(fe& X, fe& Y, fe& Z)
{
    fe A, B, C, D, E, F, T;
    fe_mul(A, X, X);
    fe_mul(B, Y, Y);
    fe_mul(C, B, B);
    fe_add(T, X, B); fe_mul(D, T, T); fe_sub(D, D, A); fe_sub(D, D, C); fe_add(D, D, D);
    fe_add(E, A, A); fe_add(E, E, A);
    fe_mul(F, E, E);
    fe_mul(Z, Y, Z); fe_add(Z, Z, Z);
    fe_sub(X, F, D); fe_sub(X, X, D);
    fe_sub(T, D, X); fe_mul(Y, E, T);
    fe_add(C, C, C); fe_add(C, C, C); fe_add(C, C, C);
    fe_sub(Y, Y, C);
}

__device__ void point_add_affine(fe& X, fe& Y, fe& Z, const fe& x2, const fe& y2)
{
    fe Z2, U2, S2, H, R, H2, H3, T;
    fe_mul(Z2, Z, Z);
    fe_mul(U2, x2, Z2);
    fe_mul(S2, y2, Z2); fe_mul(S2, S2, Z);
    fe_sub(H, U2, X);
    fe_sub(R, S2, Y);
    fe_mul(H2, H, H); fe_mul(H3, H2, H);
    fe_mul(T, X, H2);
    fe_mul(X, R, R); fe_sub(X, X, H3); fe_sub(X, X, T); fe_sub(X, X, T);
    fe_sub(T, T, X); fe_mul(T, R, T); fe_mul(H3, Y, H3); fe_sub(Y, T, H3);
    fe_mul(Z, Z, H);
}

extern "C" __global__ void fe_mul_batch(const uint32_t* __restrict__ a, const uint32_t* __restrict__ b,
                                        uint32_t* __restrict__ r, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    fe x, y, z;
    load_fe(x, a + 8 * t); load_fe(y, b + 8 * t);
    fe_mul(z, x, y);
    store_fe(r + 8 * t, z);
}

extern "C" __global__ void ecc_point_double(uint32_t* __restrict__ pts, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    fe X, Y, Z;
    load_fe(X, pts + 24 * t); load_fe(Y, pts + 24 * t + 8); load_fe(Z, pts + 24 * t + 16);
    point_double(X, Y, Z);
    store_fe(pts + 24 * t, X); store_fe(pts + 24 * t + 8, Y); store_fe(pts + 24 * t + 16, Z);
}

extern "C" __global__ void ecc_scalar_mul(const uint32_t* __restrict__ scalars, const uint32_t* __restrict__ gx,
                                          const uint32_t* __restrict__ gy, uint32_t* __restrict__ out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    fe Px, Py, X, Y, Z;
    load_fe(Px, gx); load_fe(Py, gy);
    X = Px; Y = Py;
#pragma unroll
    for (int i = 0; i < 8; ++i) Z.v[i] = (i == 0);
    const uint32_t* k = scalars + 8 * t;
    int started = 0;
    for (int bit = 255; bit >= 0; --bit) {
        uint32_t kb = (k[bit >> 5] >> (bit & 31)) & 1u;
        if (started) {
            point_double(X, Y, Z);
            if (kb) point_add_affine(X, Y, Z, Px, Py);
        } else if (kb) started = 1;
    }
    store_fe(out + 24 * t, X); store_fe(out + 24 * t + 8, Y); store_fe(out + 24 * t + 16, Z);
}

extern "C" __global__ void fe_inv_fermat(const uint32_t* __restrict__ a, uint32_t* __restrict__ r, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    // p - 2 = FFFFFFFF ... FFFFFFFE FFFFFC2D
    const uint32_t e[8] = {0xFFFFFC2Du, 0xFFFFFFFEu, 0xFFFFFFFFu, 0xFFFFFFFFu,
                           0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu};
    fe base, acc;
    load_fe(base, a + 8 * t);
#pragma unroll
    for (int i = 0; i < 8; ++i) acc.v[i] = (i == 0);
    for (int w = 7; w >= 0; --w) {
        uint32_t ew = e[w];
        for (int b = 31; b >= 0; --b) {
            fe_mul(acc, acc, acc);
            if ((ew >> b) & 1u) fe_mul(acc, acc, base);
        }
    }
    store_fe(r + 8 * t, acc);
}
