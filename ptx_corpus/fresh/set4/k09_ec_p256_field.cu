// secp256k1 field arithmetic with 8x32-bit limbs: modular multiply/add, Jacobian point doubling and mixed addition, batched scalar-mul ladder step.
#include <cuda_runtime.h>
#include <stdint.h>

// p = 2^256 - 2^32 - 977
__constant__ uint32_t c_P[8] = {0xFFFFFC2Fu, 0xFFFFFFFEu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu};

struct Fe { uint32_t v[8]; };

__device__ __forceinline__ void fe_add(Fe& r, const Fe& a, const Fe& b)
{
    uint64_t c = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) { c += (uint64_t)a.v[i] + b.v[i]; r.v[i] = (uint32_t)c; c >>= 32; }
    // conditional subtract p (if carry or r >= p)
    uint32_t t[8]; int64_t br = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) { br += (int64_t)r.v[i] - c_P[i]; t[i] = (uint32_t)br; br >>= 32; }
    bool sub = c || br == 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) r.v[i] = sub ? t[i] : r.v[i];
}

__device__ __forceinline__ void fe_sub(Fe& r, const Fe& a, const Fe& b)
{
    int64_t br = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) { br += (int64_t)a.v[i] - b.v[i]; r.v[i] = (uint32_t)br; br >>= 32; }
    if (br) {
        uint64_t c = 0;
#pragma unroll
        for (int i = 0; i < 8; ++i) { c += (uint64_t)r.v[i] + c_P[i]; r.v[i] = (uint32_t)c; c >>= 32; }
    }
}

// 256x256 -> 512 schoolbook multiply then fast reduction using 2^256 = 2^32 + 977 (mod p)
__device__ __noinline__ void fe_mul(Fe& r, const Fe& a, const Fe& b)
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
    // fold high 256 bits: t = lo + hi * (2^32 + 977)  (mod p)
    uint32_t u[10];
    uint64_t c = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) { c += (uint64_t)t[8 + i] * 977u + t[i]; u[i] = (uint32_t)c; c >>= 32; }
    u[8] = (uint32_t)c; u[9] = 0;
    c = 0;
#pragma unroll
    for (int i = 1; i < 10; ++i) { c += (uint64_t)u[i] + (i <= 8 ? t[8 + i - 1] : 0u); u[i] = (uint32_t)c; c >>= 32; }
    // second fold of the (<= 34-bit) overflow hi2 = u[8] | u[9] << 32
    uint64_t hi2 = ((uint64_t)u[9] << 32) | u[8];
    uint64_t m = hi2 * 977ull;
    c = (uint64_t)u[0] + (m & 0xffffffffull);
    r.v[0] = (uint32_t)c; c >>= 32;
    c += (uint64_t)u[1] + (m >> 32) + (hi2 & 0xffffffffull);
    r.v[1] = (uint32_t)c; c >>= 32;
    c += (uint64_t)u[2] + (hi2 >> 32);
    r.v[2] = (uint32_t)c; c >>= 32;
#pragma unroll
    for (int i = 3; i < 8; ++i) { c += u[i]; r.v[i] = (uint32_t)c; c >>= 32; }
    if (c) { // wrapped past 2^256 once more: add 2^32 + 977 (cannot overflow again)
        uint64_t d = (uint64_t)r.v[0] + 977u; r.v[0] = (uint32_t)d; d >>= 32;
        d += (uint64_t)r.v[1] + 1u; r.v[1] = (uint32_t)d; d >>= 32;
        for (int i = 2; i < 8 && d; ++i) { d += r.v[i]; r.v[i] = (uint32_t)d; d >>= 32; }
    }
    Fe z;
#pragma unroll
    for (int i = 0; i < 8; ++i) z.v[i] = 0;
    fe_add(r, r, z); // canonicalize into [0, p)
}

struct Jac { Fe X, Y, Z; };

__device__ void jac_double(Jac& R, const Jac& P)
{
    Fe A, B, C, D, E, F, t;
    fe_mul(A, P.X, P.X);
    fe_mul(B, P.Y, P.Y);
    fe_mul(C, B, B);
    fe_add(t, P.X, B); fe_mul(t, t, t); fe_sub(t, t, A); fe_sub(t, t, C); fe_add(D, t, t);
    fe_add(E, A, A); fe_add(E, E, A);
    fe_mul(F, E, E);
    fe_add(t, D, D); fe_sub(R.X, F, t);
    fe_mul(t, P.Y, P.Z); fe_add(R.Z, t, t);
    fe_sub(t, D, R.X); fe_mul(t, E, t);
    Fe c8; fe_add(c8, C, C); fe_add(c8, c8, c8); fe_add(c8, c8, c8);
    fe_sub(R.Y, t, c8);
}

// mixed add: P (Jacobian) + Q (affine)
__device__ void jac_add_affine(Jac& R, const Jac& P, const Fe& qx, const Fe& qy)
{
    Fe Z2, U2, S2, H, HH, I, J, r, V, t;
    fe_mul(Z2, P.Z, P.Z);
    fe_mul(U2, qx, Z2);
    fe_mul(t, P.Z, Z2); fe_mul(S2, qy, t);
    fe_sub(H, U2, P.X);
    fe_mul(HH, H, H);
    fe_add(I, HH, HH); fe_add(I, I, I);
    fe_mul(J, H, I);
    fe_sub(r, S2, P.Y); fe_add(r, r, r);
    fe_mul(V, P.X, I);
    fe_mul(t, r, r); fe_sub(t, t, J); fe_sub(t, t, V); fe_sub(R.X, t, V);
    fe_sub(t, V, R.X); fe_mul(t, r, t);
    Fe yj; fe_mul(yj, P.Y, J); fe_add(yj, yj, yj);
    fe_sub(R.Y, t, yj);
    fe_add(t, P.Z, H); fe_mul(t, t, t); fe_sub(t, t, Z2); fe_sub(R.Z, t, HH);
}

extern "C" __global__ void
ec_double_and_add_step(const uint32_t* __restrict__ X, const uint32_t* __restrict__ Y, const uint32_t* __restrict__ Z,
                       const uint32_t* __restrict__ gx, const uint32_t* __restrict__ gy, const uint32_t* __restrict__ scalarBits,
                       int bit, uint32_t* __restrict__ oX, uint32_t* __restrict__ oY, uint32_t* __restrict__ oZ, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Jac P, R; Fe qx, qy;
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        P.X.v[k] = X[k * n + i]; P.Y.v[k] = Y[k * n + i]; P.Z.v[k] = Z[k * n + i];
        qx.v[k] = gx[k]; qy.v[k] = gy[k];
    }
    jac_double(R, P);
    if ((scalarBits[i * 8 + (bit >> 5)] >> (bit & 31)) & 1u) { Jac T = R; jac_add_affine(R, T, qx, qy); }
#pragma unroll
    for (int k = 0; k < 8; ++k) { oX[k * n + i] = R.X.v[k]; oY[k * n + i] = R.Y.v[k]; oZ[k * n + i] = R.Z.v[k]; }
}

// batch field multiplication + accumulation (e.g. Montgomery batch-inversion prefix products)
extern "C" __global__ void
fe_prefix_products(const uint32_t* __restrict__ a, uint32_t* __restrict__ prefix, int perThread, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int s = t * perThread;
    if (s >= n) return;
    Fe acc;
#pragma unroll
    for (int k = 0; k < 8; ++k) acc.v[k] = k == 0 ? 1u : 0u;
    int e = min(n, s + perThread);
    for (int i = s; i < e; ++i) {
        Fe x;
#pragma unroll
        for (int k = 0; k < 8; ++k) x.v[k] = a[(size_t)i * 8 + k];
        fe_mul(acc, acc, x);
#pragma unroll
        for (int k = 0; k < 8; ++k) prefix[(size_t)i * 8 + k] = acc.v[k];
    }
}
