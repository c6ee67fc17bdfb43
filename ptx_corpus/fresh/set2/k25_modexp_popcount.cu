#include <cstdint>
__device__ __noinline__ uint64_t mulmod64(uint64_t a, uint64_t b, uint64_t m)
{
    unsigned __int128 p = (unsigned __int128)a * b;
    return (uint64_t)(p % m);
}

__device__ uint64_t powmod64(uint64_t base, uint64_t exp, uint64_t m)
{
    uint64_t r = 1 % m;
    base %= m;
    while (exp) {
        if (exp & 1) r = mulmod64(r, base, m);
        base = mulmod64(base, base, m);
        exp >>= 1;
    }
    return r;
}

extern "C" __global__ void miller_rabin_batch(const uint64_t* __restrict__ cand, unsigned char* __restrict__ isPrime, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint64_t v = cand[i];
    if (v < 4) { isPrime[i] = v >= 2; return; }
    if (!(v & 1)) { isPrime[i] = 0; return; }
    uint64_t d = v - 1; int s = __ffsll((long long)d) - 1; d >>= s;
    const uint64_t bases[7] = {2, 325, 9375, 28178, 450775, 9780504, 1795265022};
    bool prime = true;
#pragma unroll 1
    for (int k = 0; k < 7 && prime; ++k) {
        uint64_t a = bases[k] % v;
        if (a == 0) continue;
        uint64_t x = powmod64(a, d, v);
        if (x == 1 || x == v - 1) continue;
        bool comp = true;
        for (int r = 1; r < s; ++r) {
            x = mulmod64(x, x, v);
            if (x == v - 1) { comp = false; break; }
        }
        if (comp) prime = false;
    }
    isPrime[i] = prime;
}

extern "C" __global__ void __launch_bounds__(256, 2) hamming_distance_matrix(const uint4* __restrict__ A,
    const uint4* __restrict__ B, unsigned short* __restrict__ D, int na, int nb, int words4)
{
    __shared__ uint4 sa[16][9], sb[16][9];
    int tx = threadIdx.x & 15, ty = threadIdx.x >> 4;
    int row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
    int acc = 0;
    for (int k0 = 0; k0 < words4; k0 += 8) {
        for (int t = threadIdx.x; t < 128; t += 256) {
            int r = t >> 3, c = t & 7;
            int ar = blockIdx.y * 16 + r, bc = blockIdx.x * 16 + r;
            uint4 z = make_uint4(0, 0, 0, 0);
            sa[r][c] = (ar < na && k0 + c < words4) ? A[(size_t)ar * words4 + k0 + c] : z;
            sb[r][c] = (bc < nb && k0 + c < words4) ? B[(size_t)bc * words4 + k0 + c] : z;
        }
        __syncthreads();
#pragma unroll
        for (int c = 0; c < 8; ++c) {
            uint4 a = sa[ty][c], b = sb[tx][c];
            acc += __popc(a.x ^ b.x) + __popc(a.y ^ b.y) + __popc(a.z ^ b.z) + __popc(a.w ^ b.w);
        }
        __syncthreads();
    }
    if (row < na && col < nb) D[(size_t)row * nb + col] = (unsigned short)acc;
}

// 384-bit Montgomery squaring chain (BLS12-381 style base field), 12 x 32-bit limbs, runtime repetitions
extern "C" __global__ void mont_sqr_chain_384(const uint32_t* __restrict__ X, const uint32_t* __restrict__ P,
    uint32_t pinv, uint32_t* __restrict__ Z, int n, int reps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint32_t x[12], p[12];
#pragma unroll
    for (int k = 0; k < 12; ++k) { x[k] = X[(size_t)i * 12 + k]; p[k] = __ldg(&P[k]); }
    for (int it = 0; it < reps; ++it) {
        uint32_t t[14];
#pragma unroll
        for (int k = 0; k < 14; ++k) t[k] = 0;
#pragma unroll
        for (int j = 0; j < 12; ++j) {
            uint64_t c = 0;
#pragma unroll
            for (int k = 0; k < 12; ++k) {
                uint64_t v = (uint64_t)x[k] * x[j] + t[k] + c;
                t[k] = (uint32_t)v; c = v >> 32;
            }
            uint64_t v12 = (uint64_t)t[12] + c; t[12] = (uint32_t)v12; t[13] = (uint32_t)(v12 >> 32);
            uint32_t m = t[0] * pinv;
            c = ((uint64_t)m * p[0] + t[0]) >> 32;
#pragma unroll
            for (int k = 1; k < 12; ++k) {
                uint64_t v = (uint64_t)m * p[k] + t[k] + c;
                t[k - 1] = (uint32_t)v; c = v >> 32;
            }
            v12 = (uint64_t)t[12] + c; t[11] = (uint32_t)v12; t[12] = t[13] + (uint32_t)(v12 >> 32);
        }
        uint32_t r[12]; int64_t br = 0;
#pragma unroll
        for (int k = 0; k < 12; ++k) { int64_t d = (int64_t)t[k] - p[k] + br; r[k] = (uint32_t)d; br = d >> 32; }
        bool ge = (t[12] != 0) || (br == 0);
#pragma unroll
        for (int k = 0; k < 12; ++k) x[k] = ge ? r[k] : t[k];
    }
#pragma unroll
    for (int k = 0; k < 12; ++k) Z[(size_t)i * 12 + k] = x[k];
}
